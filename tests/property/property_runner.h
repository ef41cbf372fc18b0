// The RapidCheck runner every game's properties share (properties.cpp: Big Board Raiders';
// flutter_properties.cpp: Flutter's): a property is a name and a check; the program runs one by
// name or all, a number of cases each (--cases N, RUTLAND_PROP_CASES), and prints what each
// played (ledger entries, round trips, illegal commands and the rules they cited) and the seed to
// repeat a failure with (RC_PARAMS="seed=S"). The properties every game has are game_properties.h.
#pragma once

#include <rapidcheck.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <map>
#include <span>
#include <string>

namespace rutland::testing {

struct Property {
    const char* name;
    std::function<void()> check;
};

// What the properties played, counted by the checks as they go and printed after each property.
struct PropertyCounts {
    std::atomic<long> entries{0};     // ledger entries played
    std::atomic<long> bad_inputs{0};  // illegal commands and lines tried
    std::atomic<long> round_trips{0}; // commands printed and parsed back
    std::map<std::string, long> rules;  // rules cited by those rejections
};

// Runs one property `cases` times; `label` starts its lines ("property", "property flutter").
inline bool RunProperty(const std::string& label, const Property& p, int cases, PropertyCounts& counts) {
    counts.entries = 0;
    counts.bad_inputs = 0;
    counts.round_trips = 0;
    counts.rules.clear();
    rc::detail::TestParams params = rc::detail::configuration().testParams;
    params.maxSuccess = cases;
    rc::detail::TestMetadata metadata;
    metadata.id = p.name;
    metadata.description = p.name;
    const auto start = std::chrono::steady_clock::now();
    const auto result = rc::detail::checkProperty(rc::detail::toProperty(p.check), metadata, params);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (result.is<rc::detail::SuccessResult>()) {
        const auto& success = result.get<rc::detail::SuccessResult>();
        std::cout << label << " " << p.name << ": " << success.numSuccess << " cases passed";
        if (counts.entries > 0) std::cout << ", " << counts.entries << " ledger entries played";
        if (counts.round_trips > 0) std::cout << ", " << counts.round_trips << " commands round-tripped";
        if (counts.bad_inputs > 0)
            std::cout << ", " << counts.bad_inputs << " illegal commands rejected citing " << counts.rules.size() << " rules";
        std::cout << " (" << static_cast<int>(seconds * 10) / 10.0 << " s, seed " << params.seed << ")\n";
        return true;
    }
    std::cout << label << " " << p.name << ": FAILED\n";
    rc::detail::printResultMessage(result, std::cout);
    std::cout << "\n(repeat with RC_PARAMS=\"seed=" << params.seed << "\")\n";
    return false;
}

// The program's main: `PROGRAM NAME|all [--cases N]`; 2 for a usage error or an unknown name, 1
// when a property failed. `cleanup` runs after the properties (their work directory).
inline int PropertyMain(int argc, char** argv, const std::string& program, const std::string& label,
                        std::span<const Property> properties, int default_cases, PropertyCounts& counts,
                        const std::function<void()>& cleanup) {
    if (argc < 2) {
        std::cerr << "usage: " << program << " NAME|all [--cases N]\n  properties:";
        for (const Property& p : properties) std::cerr << " " << p.name;
        std::cerr << "\n";
        return 2;
    }
    int cases = default_cases;
    if (const char* env = std::getenv("RUTLAND_PROP_CASES")) cases = std::max(1, std::atoi(env));
    for (int i = 2; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--cases") cases = std::max(1, std::atoi(argv[i + 1]));
    const std::string which = argv[1];
    bool ok = true, found = false;
    for (const Property& p : properties) {
        if (which != "all" && which != p.name) continue;
        found = true;
        ok = RunProperty(label, p, cases, counts) && ok;
    }
    if (cleanup) cleanup();
    if (!found) {
        std::cerr << "no property called " << which << "\n";
        return 2;
    }
    return ok ? 0 : 1;
}

} // namespace rutland::testing
