// rutland-cli explain FILE N: one entry in full: who, when, its place in the chain, and every
// effect with its rule and the arithmetic behind it. The text is the dashboard's ledger panel's
// (app/view/ledger_view.h), so both say the same.
#include <iostream>

#include "cli.h"
#include "ledger_view.h"

namespace rutland::cli {

int Explain(const std::string& file, int seq) {
    std::unique_ptr<Store> store = OpenForReading(file);
    if (!store) return kExitUnusable;
    if (!CheckEntry(*store, seq)) return kExitUnusable;
    for (const view::ExplainLine& line : view::ExplainEntry(*store, seq)) std::cout << line.text << "\n";
    return kExitAccepted;
}

} // namespace rutland::cli
