// rutland-cli serve FILE [--port N] [--lan]: the game on everyone's phone, without the dashboard
// (app/serve/game_server.h has the security). The first line printed is the page's
// address with its access token; the game is followed as another program appends to it (and a
// follow that stops is said on stderr).
#include <csignal>
#include <iostream>

#include <fmt/format.h>

#include "base/safe_text.h"
#include "cli.h"
#include "game_server.h"

namespace rutland::cli {

int Serve(const ServeOptions& options) {
    // SIGINT and SIGTERM end the serving: blocked here (the server's threads inherit the mask)
    // and waited for below, so they never interrupt a thread in the middle of a response.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    serve::ServeOptions o;
    o.file = options.file;
    o.port = options.port;
    o.lan = options.lan;
    o.token = serve::NewAccessToken();  // randomness lives in the app, never in the core
    std::string error;
    std::unique_ptr<serve::GameServer> server = serve::GameServer::Start(o, &error);
    if (!server) {
        std::cerr << "rutland-cli: " << error << "\n";
        return kExitUnusable;
    }
    std::cout << server->Address() << "\n";
    std::cout << fmt::format("Serving {} read-only: {} entries, fingerprint {}; following it as other programs append. "
                             "Ctrl+C stops.\n",
                             options.file, server->Entries(), server->Fingerprint());
    if (options.lan)
        std::cout << "Shared on the local network: " << serve::LanExposureText() << "\n";
    else
        std::cout << "Only this computer can open it (127.0.0.1); --lan shares it on the local network.\n";
    std::cout.flush();
    if (!server->OpenWarning().empty()) std::cerr << "warning: " << server->OpenWarning() << "\n";
    // Until a stop signal: a follow that stops (game_server.h invariant 9: the file replaced or
    // deleted, a problem in what was appended) is said here too, once, not only on the page.
    std::string said;
    auto say = [&] {
        const std::string problem = server->FollowProblem();
        if (problem.empty() || problem == said) return;
        said = problem;
        std::cerr << "rutland-cli: no longer following the game (the page says so): " << PrintableText(problem) << "\n";
    };
    for (timespec wait{0, 250'000'000}; sigtimedwait(&stop_signals, nullptr, &wait) <= 0;) say();
    say();
    server->Stop();
    std::cerr << "rutland-cli: stopped serving " << options.file << "\n";
    return kExitAccepted;
}

} // namespace rutland::cli
