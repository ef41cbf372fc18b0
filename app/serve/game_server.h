// The game on everyone's phone (issue 18): a read-only web page of a game file, live, for the
// table. `rutland-cli serve` and the dashboard's "Share on the network" both run this. It opens
// its own read-only Store on the game file and follows it as another program (play --db, the
// dashboard) appends (basic_store.h invariant 18), so it never touches the writer's memory or threads.
//
// Invariants (the security of issue 18 point 4; tests/serve/ checks each):
//  1. Off until asked: nothing listens until Start. Bound to 127.0.0.1 unless `lan` is chosen.
//  2. Every request needs the serving session's access token (`?token=...`, 128 random bits the
//     app draws, NewAccessToken): without it 401, with a wrong one 403, compared in constant time.
//  3. Read-only: any method but GET is refused (405) before anything else is looked at, and no
//     handler can change the game (the Store is opened ReadOnly and only ever Follow()s).
//  4. Only the page's own assets are served: a fixed list of names, compiled in from
//     assets/web/ (web_assets.h); no path is ever looked up on disk, so there is nothing to
//     traverse to (any other path: 404). Beside them: /view.json and /state.json (the game, as
//     the store has it) and /rules.json (the rules reference's words, compiled in, no game data).
//  5. Bounded: at most kWorkers connections are served at once and kQueued wait (the accept loop
//     then waits, and the kernel's backlog holds the rest); a request is at most kMaxRequestBytes
//     (line, headers and body; then 431 and the connection closes) and must arrive within
//     kRequestSeconds; at most kMaxEventStreams follow /events (then 503); the events kept for
//     them are a ring of kEventRing (a follower further behind gets a "reset" event and refetches).
//  6. Live: a new event within a second of each accepted line (the file is read every
//     kPollMilliseconds); every follower gets every entry's event in order (the "id:" of each is
//     its entry number; a browser reconnecting with Last-Event-ID gets the ones it missed). An
//     event says which entry came and what it was (EntryEventJson: the line, who, the
//     fingerprint), not its words: the page fetches /view.json, where the words are, once per
//     burst of events. Sending every entry's sentences to every follower was four times the bytes
//     for words no page read.
//  7. The page shows the game's fingerprint (page_model.h), so the table can check it is their game.
//  8. The broker comes first: every thread of the server runs at a lower CPU priority (nice
//     kServeNice), so on a busy machine the page's followers wait, never the broker's commits
//     (issue 18: sharing may cost the broker's append rate at most 10%; bench_serve.cpp).
#pragma once

#include <memory>
#include <string>

namespace rutland::serve {

inline constexpr int kWorkers = 72;
inline constexpr int kQueued = 16;
inline constexpr int kMaxEventStreams = 64;
inline constexpr size_t kMaxRequestBytes = 16 * 1024;
inline constexpr int kRequestSeconds = 10;
inline constexpr size_t kEventRing = 4096;
inline constexpr int kPollMilliseconds = 100;
inline constexpr int kServeNice = 10;

struct ServeOptions {
    std::string file;        // the game file (.rutland)
    int port = 0;            // 0: any free port (the address says which)
    bool lan = false;        // listen on every interface instead of 127.0.0.1 (invariant 1)
    std::string token;       // the access token (invariant 2): NewAccessToken()
};

// 32 hex digits (128 bits) from the system's random source: a new one per serving session.
std::string NewAccessToken();

// What LAN sharing exposes, in plain words, for the dashboard's switch and `serve --lan`.
std::string LanExposureText();

class GameServer {
public:
    // Opens the game read-only, binds and starts serving. nullptr and *error ("port 8080 is taken
    // ...", "GAME.rutland: not a Rutland game") when it cannot.
    static std::unique_ptr<GameServer> Start(const ServeOptions& options, std::string* error);
    ~GameServer();  // Stop()
    GameServer(const GameServer&) = delete;
    GameServer& operator=(const GameServer&) = delete;

    // Stops listening, ends every event stream and joins every thread.
    void Stop();

    // The page's address with its token: "http://127.0.0.1:41234/?token=..." (with `lan`, this
    // machine's first network address, which a phone on the same network can reach).
    std::string Address() const;
    int Port() const;
    bool Lan() const;
    // The entries served now and the game's fingerprint there.
    int Entries() const;
    std::string Fingerprint() const;
    // Why the game is no longer followed (a problem in what another program appended), or "".
    std::string FollowProblem() const;
    // The open's warning when the game did not verify clean (it is served up to its first problem).
    std::string OpenWarning() const;

    struct Impl;

private:
    explicit GameServer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace rutland::serve
