// Precompiled for the doctest suites (CMake target_precompile_headers): doctest, nlohmann::json
// and the core's headers are most of every test file's compile time, and CI has ten minutes.
// Only stable, widely included headers belong here; a test still includes what it uses.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "ledger/ledger.h"
#include "report/report.h"
#include "rules/rules.h"
#include "rules/state_json.h"
#include "bbr_names.h"
