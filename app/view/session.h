// Big Board Raiders' game open for play, in the dashboard and in `rutland-cli play`: the kernel's
// session (basic_session.h, where its invariants are) over the ruleset of rules/big_board_raiders.h
// and the game file of store.h. Instantiated once, in session.cpp.
#pragma once

#include "kernel/basic_session.h"
#include "rules/big_board_raiders.h"
#include "store/store.h"
#include "games.h"

namespace rutland::view {

template <>
struct StoreTraits<Store> {
    using Stamp = rutland::Stamp;
};

extern template class BasicSession<BigBoardRaiders, Store>;
using Session = BasicSession<BigBoardRaiders, Store>;

} // namespace rutland::view
