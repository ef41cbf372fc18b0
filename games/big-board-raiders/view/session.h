// Big Board Raiders' game open for play, in the dashboard and in `rutland-cli play`: the kernel's
// session (basic_session.h, where its invariants are) over the ruleset of rules/big_board_raiders.h
// and the game file of store.h. Instantiated once, in session.cpp.
#pragma once

#include "kernel/basic_session.h"
#include "rules/big_board_raiders.h"
#include "store/store.h"

// The kernel's template and its traits are in rutland::view (basic_session.h): the specialisation
// and the instantiation declaration go there; the game's name for its session is in rutland::bbr.
namespace rutland::view {

template <>
struct StoreTraits<bbr::Store> {
    using Stamp = rutland::Stamp;
};

extern template class BasicSession<bbr::BigBoardRaiders, bbr::Store>;

} // namespace rutland::view

namespace rutland::bbr {

using Session = view::BasicSession<BigBoardRaiders, Store>;
using view::SubmitOutcome;

} // namespace rutland::bbr
