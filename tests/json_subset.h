// Comparing a state JSON with a hand-written expectation: every key in `expected` must be in
// `actual` with an equal value (objects compared recursively, arrays element by element); keys
// starting with "//" are comments. Shared by the recorded-game tests of the core and of the view.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

namespace rutland::testing {

inline void CheckSubset(const nlohmann::json& expected, const nlohmann::json& actual, const std::string& where) {
    if (expected.is_object()) {
        REQUIRE_MESSAGE(actual.is_object(), where, " is not an object");
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            if (it.key().rfind("//", 0) == 0) continue;  // a comment key
            CHECK_MESSAGE(actual.contains(it.key()), where, ".", it.key(), " is missing");
            if (actual.contains(it.key())) CheckSubset(*it, actual[it.key()], where + "." + it.key());
        }
    } else if (expected.is_array() && !expected.empty() && expected[0].is_object()) {
        REQUIRE_MESSAGE(actual.is_array(), where, " is not an array");
        CHECK_MESSAGE(actual.size() == expected.size(), where, " has ", actual.size(), " items");
        for (size_t i = 0; i < std::min(expected.size(), actual.size()); ++i)
            CheckSubset(expected[i], actual[i], where + "[" + std::to_string(i) + "]");
    } else {
        CHECK_MESSAGE(expected == actual, where, ": expected ", expected.dump(), ", got ", actual.dump());
    }
}

} // namespace rutland::testing
