// The game on everyone's phone: a read-only web page of a game file, live, for the
// table. `rutland-cli serve` and the dashboard's "Share on the network" both run this. It knows no
// game: the game the file holds opens it for the page, read-only, its own way (kit/host/open_game.h
// ServedGame, GameDefinition::serve), and it is followed as another program (play --db, the
// dashboard) appends (basic_store.h invariant 18), so it never touches the writer's memory or threads.
//
// Invariants (the page's security; tests/serve/ checks each):
//  1. Off until asked: nothing listens until Start. Bound to 127.0.0.1 unless `lan` is chosen.
//  2. Every request needs the serving session's access token (`?token=...`, 128 random bits the
//     app draws, NewAccessToken): without it 401, with a wrong one 403, compared in constant time.
//  3. Read-only: any method but GET is refused (405) before anything else is looked at, and no
//     handler can change the game (the game is opened read-only and only ever Follow()s:
//     ServedGame invariant S2).
//  4. Only the page's own assets are served: a fixed list of names, compiled in from
//     assets/web/ and the served game's module (web_assets.h, invariant 11); no path is ever
//     looked up on disk, so there is nothing to traverse to (any other path: 404). Beside them: /view.json and /state.json (the game, as
//     the store has it) and /rules.json (the rules reference's words, compiled in, no game data).
//  5. Bounded, and up under abuse (tests/serve/ "flood"): one gate thread owns the listening
//     socket (backlog kBacklog) and every connection until a whole request head has come; the
//     kWorkers threads only ever get a head that is complete, a GET, and carries the right token,
//     so no client can hold a worker by sending slowly or nothing (only a follower of /events,
//     and those are at most kMaxEventStreams < kWorkers). The gate refuses at once, and closes, a
//     request line without the token (401), with a wrong one (403), another method (405), a GET
//     with a body (400), a head over kMaxRequestBytes (431), and when kQueued heads already wait
//     for a worker (503). A connection that has not sent a whole head with the token within
//     kHeadMilliseconds of its accept (kKeepAliveMilliseconds after its last answer) is closed.
//     The gate holds at most kMaxWaiting connections, kMaxWaitingPerAddress from one address;
//     beyond either, a new connection closes the oldest waiting one (of that address first), one
//     that never had an answer before one that did: idle and slow connections are reaped first,
//     and a phone that already read the page keeps its connection. Refusals never echo what the
//     client sent. Every accepted socket has TCP_NODELAY (an answer's head and body leave at once).
//     At most kMaxEventStreams follow /events (then 503); a follower that leaves frees its slot
//     within kHangUpMilliseconds. The events kept for them are a ring of kEventRing (a follower
//     further behind gets a "reset" event and refetches).
//  6. Live: a new event within a second of each accepted line (the file is read every
//     kPollMilliseconds); every follower gets every entry's event in order (the "id:" of each is
//     its entry number; a browser reconnecting with Last-Event-ID gets the ones it missed). An
//     event says which entry came and what it was (EntryEventJson: the line, who, the
//     fingerprint), not its words: the page fetches /view.json, where the words are, once per
//     burst of events. Sending every entry's sentences to every follower was four times the bytes
//     for words no page read.
//  7. The page shows the game's fingerprint (ServedGame invariant S3, kit/host/open_game.h), so the
//     table can check it is their game.
//  8. The broker comes first: every thread of the server runs at a lower CPU priority (nice
//     kServeNice), so on a busy machine the page's followers wait, never the broker's commits
//     (sharing may cost the broker's append rate at most 10%, measured by bench/bench_serve.cpp).
//  9. Never a stale game shown as live: every kPollMilliseconds the follower checks that the file
//     at the path is still the one it opened (its device and inode). When it is not, or when
//     Follow() refuses what it finds (a writer migrated the file in place, basic_store.h invariant
//     16, so its tables are no longer schema 2's), the follower opens the file at the path again
//     and goes on only if that open verifies clean and holds every entry already served with the
//     same hashes (EntryRecord::WrittenHash): the same game, carried on. The same file written
//     over in place (`cp other.rutland game.rutland` keeps the inode, and the game's own SQLite
//     connection keeps the pages it read) is looked for whenever the file's size or times change:
//     ServedGame::ChangedInPlace reads it with a connection of its own (basic_store.h invariant 18),
//     and when it no longer holds the served entry 0 or last entry the file is opened again as
//     above. (A WAL the old game left beside the file, with pages a writer wrote while the page
//     was followed, is laid over the new file by SQLite for every reader: what shows through it
//     is the old game's tail, so only a game whose entry 0's page is not among them is caught.)
//     Anything else (another game at the path, the file deleted, a problem in what was appended,
//     another game written over it in place): it stops, and the page
//     (a "reset" event, then the problem line and no "live") and FollowProblem() say why and at
//     which entry.
// 10. Memory that does not grow with the game: the game opens its file streamed (basic_store.h
//     invariant 20) and hands every entry it reads or follows to what its page keeps (basic_store.h
//     invariant 21; Big Board Raiders': games/big-board-raiders/web/served_page.h and
//     games/big-board-raiders/view/entry_window.h); the page is byte for byte the one of a store holding every entry
//     (its page_model.h invariant 5). A 200,000-entry game is served in 45 MB (it took 450 MB);
//     store.cli_memory_bounded checks the growth per entry. A file that does not stream (one with a
//     problem) is held whole, as before. When the game cannot read back an entry the page needs (the
//     file changed under it: PageJson throws), the last page stays up and the file is opened again
//     as when Follow refuses (invariant 9). The server calls the game once per request, per poll and
//     per event (ServedGame invariant S1), never per entry read.
// 11. The page is a shell that knows no game (assets/web/: index.html, page.css, page.js) and the
//     section module of the game served (games/NAME/web/NAME.js and NAME.css, served as /NAME.js
//     and /NAME.css; no other game's), named in the page the server sends (index.html's __GAME__).
//     Every word the page shows, and every rule ID in them, is in the JSON the server sends; the
//     scripts hold none. A game without a module compiled in is refused at Start.
#pragma once

#include <memory>
#include <string>

namespace rutland::serve {

inline constexpr int kWorkers = 72;
inline constexpr int kQueued = 256;
inline constexpr int kMaxEventStreams = 64;
inline constexpr size_t kMaxRequestBytes = 16 * 1024;
inline constexpr int kHeadMilliseconds = 2000;
inline constexpr int kKeepAliveMilliseconds = 3000;
inline constexpr int kKeepAliveRequests = 16;
inline constexpr int kMaxWaiting = 4096;  // lowered to what the process's open-file limit allows
inline constexpr int kMaxWaitingPerAddress = 1024;
inline constexpr int kBacklog = 4096;     // the kernel caps it at net.core.somaxconn
inline constexpr int kHangUpMilliseconds = 100;
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
