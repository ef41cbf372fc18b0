// rutland-cli diff FILE N M: what changed between the state after entry N and after entry M, and
// the entries in between. The dashboard's "diff to now" uses the same function
// (app/view/ledger_view.h).
#include <iostream>

#include "cli.h"
#include "ledger_view.h"

namespace rutland::cli {

int Diff(const std::string& file, int from, int to) {
    std::unique_ptr<Store> store = OpenForReading(file);
    if (!store) return kExitUnusable;
    if (!CheckEntry(*store, from) || !CheckEntry(*store, to)) return kExitUnusable;
    for (const std::string& line : view::DiffEntries(*store, from, to)) std::cout << line << "\n";
    return kExitAccepted;
}

} // namespace rutland::cli
