// rutland-cli year-end FILE [--at N] [--last] [--csv|--html]: the year-end preview (what the broker
// would pay if the year ended after entry N) or, with --last, the statement of the last year end
// settled by then. The dashboard's Year end panel shows the same statement (year_end_report.h).
// Big Board Raiders' alone: another game's file is refused by name (shell_game.h).
#include <iostream>

#include "cli.h"
#include "report/year_end_report.h"
#include "shell_game.h"
#include "games.h"

namespace rutland::cli {

int ShowYearEnd(const YearEndOptions& options) {
    std::unique_ptr<Store> store = OpenShellGameForReading(options.file, "year-end");
    if (!store) return kExitUnusable;
    const int seq = options.at.value_or(store->Size() - 1);
    if (seq < 0 || seq >= store->Size()) {
        std::cerr << "rutland-cli: " << store->Path() << " has entries 0-" << store->Size() - 1 << "; there is no entry "
                  << seq << "\n";
        return kExitUnusable;
    }
    const Ledger& ledger = store->GetLedger();
    std::optional<YearEndStatement> statement;
    if (options.last) {
        statement = LastYearEnd(ledger, seq);
        if (!statement) {
            std::cerr << "no year has ended by entry " << seq << "\n";
            return kExitUnusable;
        }
    } else {
        statement = PreviewStatement(ledger.StateAt(seq));
        NameCounts(*statement, ledger, seq);
    }
    statement->fingerprint_entry = statement->preview ? seq : statement->entry;
    statement->fingerprint = store->FingerprintAt(statement->fingerprint_entry);
    if (options.csv)
        std::cout << StatementCsv(*statement);
    else if (options.html)
        std::cout << StatementHtml(*statement, options.file);
    else
        std::cout << StatementText(*statement);
    return kExitAccepted;
}

} // namespace rutland::cli
