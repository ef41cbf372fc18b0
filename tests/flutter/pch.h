// Precompiled for Flutter's doctest suite (tests/CMakeLists.txt): doctest, nlohmann::json and the
// game's ledger are most of every test file's compile time. Flutter's headers only: this suite
// links no other game. A test still includes what it uses.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "ledger/ledger.h"
#include "rules/state_json.h"
