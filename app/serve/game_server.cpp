#include "game_server.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <httplib.h>

#include "page_model.h"
#include "web_assets.h"

#include "store/store.h"

namespace rutland::serve {

// [SECTION] Tokens and addresses

std::string NewAccessToken() {
    // std::random_device is the kernel's getrandom() on Linux: 4 draws of 32 bits.
    std::random_device rd;
    std::string token;
    for (int i = 0; i < 4; ++i) token += fmt::format("{:08x}", static_cast<uint32_t>(rd()));
    return token;
}

std::string LanExposureText() {
    return "Anyone on this network who has the address (it holds the access token; the QR code shows it) can read "
           "the whole game: the standings, the board, every entry of the ledger and the year-end preview. Nobody can "
           "change anything through it. Off again, the address stops working; a new one is made each time.";
}

namespace {

bool SameToken(std::string_view a, std::string_view b) {
    // Constant time over the expected token's length (invariant 2): a wrong guess learns nothing
    // from how long the refusal took.
    unsigned diff = a.size() == b.size() ? 0u : 1u;
    for (size_t i = 0; i < b.size(); ++i) diff |= static_cast<unsigned>(static_cast<unsigned char>(i < a.size() ? a[i] : 0) ^
                                                                         static_cast<unsigned char>(b[i]));
    return diff == 0;
}

// This machine's first IPv4 address that is not loopback (what a phone on the same network dials).
std::string LanAddress() {
    ifaddrs* list = nullptr;
    std::string found;
    if (getifaddrs(&list) != 0) return found;
    for (ifaddrs* a = list; a && found.empty(); a = a->ifa_next) {
        if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET) continue;
        char text[INET_ADDRSTRLEN] = {};
        const auto* in = reinterpret_cast<const sockaddr_in*>(a->ifa_addr);
        if (!inet_ntop(AF_INET, &in->sin_addr, text, sizeof text)) continue;
        if (std::string_view(text).starts_with("127.")) continue;
        found = text;
    }
    freeifaddrs(list);
    return found;
}

using Clock = std::chrono::steady_clock;

// [SECTION] Bounded connections (invariant 5)

// A socket read through a budget: at most kMaxRequestBytes a request, which must arrive within
// kRequestSeconds. cpp-httplib 0.11 (Debian 12) limits only each line's length, after reading it
// whole, and not how many header lines come: this stream is what bounds a request.
class BoundedStream final : public httplib::Stream {
public:
    BoundedStream(int sock, const std::atomic<bool>& stopping) : m_sock(sock), m_stopping(stopping) {}

    void StartRequest() {
        m_used = 0;
        m_overflow = false;
        m_refused = false;
        m_deadline = Clock::now() + std::chrono::seconds(kRequestSeconds);
    }
    bool Overflowed() const { return m_overflow; }

    bool is_readable() const override { return m_begin < m_end || Wait(POLLIN, 100) > 0; }
    bool is_writable() const override { return !m_stopping && Wait(POLLOUT, 5000) > 0; }

    ssize_t read(char* ptr, size_t size) override {
        if (m_used >= kMaxRequestBytes || Clock::now() > m_deadline) {
            m_overflow = m_used >= kMaxRequestBytes;
            return -1;
        }
        if (m_begin == m_end) {
            // Wait in slices so that Stop() is never held up by a client that sends nothing.
            while (true) {
                if (m_stopping || Clock::now() > m_deadline) return -1;
                const int r = Wait(POLLIN, 100);
                if (r < 0) return -1;
                if (r > 0) break;
            }
            const ssize_t n = ::recv(m_sock, m_buffer, sizeof m_buffer, 0);
            if (n <= 0) return n;
            m_begin = 0;
            m_end = static_cast<size_t>(n);
        }
        const size_t n = std::min({size, m_end - m_begin, kMaxRequestBytes - m_used});
        std::memcpy(ptr, m_buffer + m_begin, n);
        m_begin += n;
        m_used += n;
        return static_cast<ssize_t>(n);
    }

    using httplib::Stream::write;
    ssize_t write(const char* ptr, size_t size) override {
        if (m_overflow) {
            // The library answers a request it could not read whole with a bare 400: this says why.
            if (!m_refused) {
                m_refused = true;
                const std::string refusal = TooLarge();
                Send(refusal.data(), refusal.size());
            }
            return static_cast<ssize_t>(size);
        }
        return Send(ptr, size);
    }

    // The refusal of a request over kMaxRequestBytes, once per request.
    static std::string TooLarge() {
        const std::string body = fmt::format("refused: a request may hold at most {} bytes\n", kMaxRequestBytes);
        return fmt::format("HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain\r\n"
                           "Content-Length: {}\r\nConnection: close\r\n\r\n{}", body.size(), body);
    }
    bool Refused() const { return m_refused; }

private:
    ssize_t Send(const char* ptr, size_t size) {
        size_t sent = 0;
        while (sent < size) {
            if (!is_writable()) return -1;
            const ssize_t n = ::send(m_sock, ptr + sent, size - sent, MSG_NOSIGNAL);
            if (n < 0) return -1;
            sent += static_cast<size_t>(n);
        }
        return static_cast<ssize_t>(size);
    }

public:
    void get_remote_ip_and_port(std::string& ip, int& port) const override { Name(false, ip, port); }
    void get_local_ip_and_port(std::string& ip, int& port) const override { Name(true, ip, port); }
    socket_t socket() const override { return m_sock; }

    // Whether the client sent more (a next request on the same connection) within `ms`.
    bool WaitForRequest(int ms) const {
        for (int waited = 0; waited < ms; waited += 100) {
            if (m_stopping) return false;
            if (is_readable()) return true;
        }
        return false;
    }

private:
    int Wait(short events, int ms) const {
        pollfd p{m_sock, events, 0};
        const int r = ::poll(&p, 1, ms);
        if (r > 0 && (p.revents & (POLLERR | POLLNVAL))) return -1;
        if (r > 0 && events == POLLOUT && (p.revents & POLLHUP)) return -1;
        return r;
    }
    void Name(bool local, std::string& ip, int& port) const {
        sockaddr_storage addr{};
        socklen_t len = sizeof addr;
        const int r = local ? ::getsockname(m_sock, reinterpret_cast<sockaddr*>(&addr), &len)
                            : ::getpeername(m_sock, reinterpret_cast<sockaddr*>(&addr), &len);
        if (r != 0 || addr.ss_family != AF_INET) return;
        const auto* in = reinterpret_cast<const sockaddr_in*>(&addr);
        char text[INET_ADDRSTRLEN] = {};
        inet_ntop(AF_INET, &in->sin_addr, text, sizeof text);
        ip = text;
        port = ntohs(in->sin_port);
    }

    int m_sock;
    const std::atomic<bool>& m_stopping;
    char m_buffer[4096];
    size_t m_begin = 0, m_end = 0;
    size_t m_used = 0;
    bool m_overflow = false;
    bool m_refused = false;  // the 431 was sent for this request
    Clock::time_point m_deadline = Clock::now();
};

// kWorkers threads, at most kQueued connections waiting for one; the accept loop waits when the
// queue is full (invariant 5), so the kernel's listen backlog holds the rest.
class BoundedPool final : public httplib::TaskQueue {
public:
    BoundedPool() {
        for (int i = 0; i < kWorkers; ++i) m_threads.emplace_back([this] { Work(); });
    }
    void enqueue(std::function<void()> fn) override {
        std::unique_lock lock(m_mutex);
        m_room.wait(lock, [&] { return m_jobs.size() < static_cast<size_t>(kQueued) || m_shutdown; });
        m_jobs.push_back(std::move(fn));
        m_ready.notify_one();
    }
    void shutdown() override {
        {
            std::lock_guard lock(m_mutex);
            m_shutdown = true;
        }
        m_ready.notify_all();
        m_room.notify_all();
        for (std::thread& t : m_threads) t.join();
    }

private:
    void Work() {
        while (true) {
            std::function<void()> fn;
            {
                std::unique_lock lock(m_mutex);
                m_ready.wait(lock, [&] { return !m_jobs.empty() || m_shutdown; });
                if (m_jobs.empty()) return;  // shut down, and every connection taken was served
                fn = std::move(m_jobs.front());
                m_jobs.pop_front();
            }
            m_room.notify_one();
            fn();
        }
    }
    std::mutex m_mutex;
    std::condition_variable m_ready, m_room;
    std::deque<std::function<void()>> m_jobs;
    std::vector<std::thread> m_threads;
    bool m_shutdown = false;
};

class BoundedServer final : public httplib::Server {
public:
    explicit BoundedServer(const std::atomic<bool>& stopping) : m_stopping(stopping) {
        new_task_queue = [] { return new BoundedPool(); };
    }

private:
    // Replaces cpp-httplib's own connection loop (a private virtual, overridden as SSLServer does)
    // to read every request through BoundedStream.
    bool process_and_close_socket(socket_t sock) override {
        BoundedStream stream(sock, m_stopping);
        bool ok = true;
        for (int count = 0; count < 16 && ok; ++count) {
            if (!stream.WaitForRequest(count == 0 ? kRequestSeconds * 1000 : 3000)) break;
            stream.StartRequest();
            bool closed = false;
            ok = process_request(stream, count == 15, closed, {});
            if (!ok && stream.Overflowed() && !stream.Refused()) stream.write("", 0);  // the 431
            if (closed) break;
        }
        ::shutdown(sock, SHUT_RDWR);
        ::close(sock);
        return ok;
    }
    const std::atomic<bool>& m_stopping;
};

// Invariant 8: the calling thread runs at nice kServeNice. On Linux a thread's nice value is its
// own and the threads it starts inherit it; failing to lower one's priority changes nothing else.
void YieldToTheBroker() {
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kServeNice);
}

// [SECTION] What is served: the game as last read, and the events

struct Published {
    int entries = 0;
    std::string fingerprint;
    std::shared_ptr<const std::string> page;   // PageJson
    std::shared_ptr<const std::string> state;  // StateJson
};

} // namespace

struct GameServer::Impl {
    ServeOptions options;
    std::string host;
    int port = 0;
    std::string address;
    std::unique_ptr<Store> store;  // only the follower thread touches it after Start
    PageCache cache;
    std::string open_warning;

    std::atomic<bool> stopping{false};
    BoundedServer server{stopping};
    std::thread listener, follower;

    mutable std::mutex mutex;
    std::condition_variable changed;   // new events, or stopping
    Published published;
    std::deque<std::pair<int, std::string>> events;  // (entry, its SSE text), the newest kEventRing
    // The last Publish's events as one text, shared: a follower that had every event before it
    // sends this as it is (no copy per follower, none under the lock); one further behind gets
    // EventsAfter.
    struct Batch {
        int first = 0, last = -1;
        std::shared_ptr<const std::string> text;
    } batch;
    std::string follow_problem;
    int streams = 0;                   // clients following /events

    void Publish(int from_seq) {
        // Built outside the lock: the handlers keep serving the previous version meanwhile.
        std::vector<std::pair<int, std::string>> fresh;
        for (int seq = from_seq; seq < store->Size(); ++seq)
            fresh.emplace_back(seq, fmt::format("id: {}\nevent: entry\ndata: {}\n\n", seq, EntryEventJson(*store, seq).dump()));
        nlohmann::json page = PageJson(*store, &cache);
        page["game"]["problem"] = follow_problem;
        Published p{store->Size(), store->Fingerprint(), std::make_shared<const std::string>(page.dump()),
                    std::make_shared<const std::string>(StateJson(*store).dump())};
        Batch b;
        if (!fresh.empty()) {
            std::string text;
            for (const auto& f : fresh) text += f.second;
            b = {fresh.front().first, fresh.back().first, std::make_shared<const std::string>(std::move(text))};
        }
        {
            std::lock_guard lock(mutex);
            published = std::move(p);
            if (b.text) batch = std::move(b);
            for (auto& f : fresh) events.push_back(std::move(f));
            while (events.size() > kEventRing) events.pop_front();
        }
        changed.notify_all();
    }

    void Follow() {
        while (!stopping) {
            {
                std::unique_lock lock(mutex);
                changed.wait_for(lock, std::chrono::milliseconds(kPollMilliseconds), [&] { return stopping.load(); });
                if (stopping || !follow_problem.empty()) continue;
            }
            const int before = store->Size();
            std::string why;
            const int n = store->Follow(&why);
            if (n < 0) {
                {
                    std::lock_guard lock(mutex);
                    follow_problem = why;
                }
                Publish(store->Size());  // the page says it stopped following, and why
            } else if (n > 0) {
                Publish(before);
            }
        }
    }

    // The events after `after` for one follower, or a reset when the ring no longer holds them.
    std::string EventsAfter(int& after) const {
        std::string out;
        if (events.empty() || events.back().first <= after) return out;
        if (events.front().first > after + 1) {
            after = events.back().first;
            return fmt::format("event: reset\ndata: {{\"seq\":{}}}\n\n", after);
        }
        for (auto it = std::lower_bound(events.begin(), events.end(), after + 1,
                                        [](const std::pair<int, std::string>& e, int seq) { return e.first < seq; });
             it != events.end(); ++it)
            out += it->second;
        after = events.back().first;
        return out;
    }

    void Routes();
};

namespace {

void Refuse(httplib::Response& res, int status, const std::string& why) {
    res.status = status;
    res.set_content(why + "\n", "text/plain; charset=utf-8");
}

} // namespace

void GameServer::Impl::Routes() {
    server.set_payload_max_length(1024);
    server.set_keep_alive_max_count(16);
    server.set_read_timeout(kRequestSeconds, 0);
    server.set_write_timeout(5, 0);
    // Every answer: never cached, never framed, no other origin's script or style, no referrer.
    server.set_default_headers({{"Cache-Control", "no-store"},
                                {"X-Content-Type-Options", "nosniff"},
                                {"X-Frame-Options", "DENY"},
                                {"Referrer-Policy", "no-referrer"},
                                {"Content-Security-Policy",
                                 "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                                 "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"}});
    // Invariants 2 and 3, before any route: the method, then the token.
    server.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET") {
            res.set_header("Allow", "GET");
            Refuse(res, 405, fmt::format("refused: {} is not allowed; this page is read-only (only GET)", req.method));
            return httplib::Server::HandlerResponse::Handled;
        }
        if (!req.has_param("token")) {
            Refuse(res, 401, "refused: this page needs its access token: open the address with ?token=... that the broker's "
                             "screen or rutland-cli serve shows");
            return httplib::Server::HandlerResponse::Handled;
        }
        if (!SameToken(req.get_param_value("token"), options.token)) {
            Refuse(res, 403, "refused: wrong access token (a new one is made each time the game is shared)");
            return httplib::Server::HandlerResponse::Handled;
        }
        return httplib::Server::HandlerResponse::Unhandled;
    });
    server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (res.status == 404) Refuse(res, 404, "not found: this server has the page, /view.json, /state.json, /rules.json and /events only");
        else if (res.body.empty()) Refuse(res, res.status, fmt::format("refused ({})", res.status));
    });
    // Invariant 4: the page's own files by name; the page gets the token into its links.
    server.Get("/", [this](const httplib::Request&, httplib::Response& res) {
        std::string html(FindWebAsset("index.html")->text);
        for (size_t at = 0; (at = html.find("__TOKEN__", at)) != std::string::npos;) html.replace(at, 9, options.token);
        res.set_content(html, "text/html; charset=utf-8");
    });
    server.Get("/(page\\.css|page\\.js)", [](const httplib::Request& req, httplib::Response& res) {
        const std::optional<WebAsset> a = FindWebAsset(req.matches[1].str());
        if (!a) return Refuse(res, 404, "not found");
        res.set_content(std::string(a->text), std::string(a->content_type).c_str());
    });
    auto json = [this](bool page) {
        return [this, page](const httplib::Request&, httplib::Response& res) {
            std::shared_ptr<const std::string> body;
            {
                std::lock_guard lock(mutex);
                body = page ? published.page : published.state;
            }
            res.set_content(*body, "application/json; charset=utf-8");
        };
    };
    // The rules' words for the page's taps (page_model.h invariant 4): compiled in, made once.
    server.Get("/rules.json", [rules = std::make_shared<const std::string>(RulesJson().dump())](const httplib::Request&,
                                                                                              httplib::Response& res) {
        res.set_content(*rules, "application/json; charset=utf-8");
    });
    server.Get("/state.json", json(false));
    server.Get("/view.json", json(true));
    server.Get("/events", [this](const httplib::Request& req, httplib::Response& res) {
        int after = 0;
        {
            std::lock_guard lock(mutex);
            if (streams >= kMaxEventStreams)
                return Refuse(res, 503, fmt::format("refused: {} followers already (the most at once); try again later",
                                                    kMaxEventStreams));
            ++streams;
            after = published.entries - 1;
        }
        // A browser reconnecting says the last entry it saw: it gets what it missed (invariant 6).
        if (req.has_header("Last-Event-ID")) {
            try {
                after = std::clamp(std::stoi(req.get_header_value("Last-Event-ID")), -1, after);
            } catch (const std::exception&) {
            }
        }
        auto stream = std::make_shared<int>(after);
        res.set_header("X-Accel-Buffering", "no");
        res.set_header("Connection", "close");  // the body ends when the stream does
        // The stream is the response's body up to the connection's end (no chunked framing: each
        // batch goes to the socket as Publish made it, with no copy per follower).
        res.set_content_provider(
            "text/event-stream",
            [this, stream, first = std::make_shared<bool>(true)](size_t, httplib::DataSink& sink) {
                std::string out;
                std::shared_ptr<const std::string> shared;
                if (*first) {
                    *first = false;
                    out = fmt::format("retry: 1000\nevent: hello\ndata: {{\"seq\":{}}}\n\n", *stream);
                }
                {
                    std::unique_lock lock(mutex);
                    if (out.empty())
                        changed.wait_for(lock, std::chrono::seconds(1), [&] {
                            return stopping.load() || (!events.empty() && events.back().first > *stream);
                        });
                    if (stopping) return false;
                    if (out.empty() && batch.text && batch.first == *stream + 1) {
                        shared = batch.text;
                        *stream = batch.last;
                    } else {
                        out += EventsAfter(*stream);
                    }
                }
                if (shared) return sink.write(shared->data(), shared->size());
                if (out.empty()) out = ": still here\n\n";  // finds a client that went away
                return sink.write(out.data(), out.size());
            },
            [this](bool) {
                std::lock_guard lock(mutex);
                --streams;
            });
    });
}

// [SECTION] Start and stop

GameServer::GameServer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

GameServer::~GameServer() { Stop(); }

std::unique_ptr<GameServer> GameServer::Start(const ServeOptions& options, std::string* error) {
    // The token goes into the page's links as it is: hex digits only (NewAccessToken's), never markup.
    if (options.token.size() < 16 ||
        options.token.find_first_not_of("0123456789abcdef") != std::string::npos) {
        *error = "an access token of at least 16 lower-case hex digits is needed (NewAccessToken)";
        return nullptr;
    }
    if (options.port < 0 || options.port > 65535) {
        *error = fmt::format("port {} is not a port (1 to 65535, or 0 for any free one)", options.port);
        return nullptr;
    }
    auto impl = std::make_unique<Impl>();
    impl->options = options;
    impl->store = Store::Open(options.file, Store::Mode::ReadOnly, error);
    if (!impl->store) return nullptr;
    if (!impl->store->Report().Clean())
        impl->open_warning = fmt::format("{} did not verify clean: served up to entry {} (rutland-cli verify says why)",
                                         options.file, impl->store->Size() - 1);
    impl->Publish(std::max(0, impl->store->Size() - static_cast<int>(kEventRing)));
    impl->Routes();
    // Invariant 1: loopback unless LAN sharing was chosen.
    impl->host = options.lan ? "0.0.0.0" : "127.0.0.1";
    if (options.port == 0) {
        impl->port = impl->server.bind_to_any_port(impl->host);
        if (impl->port <= 0) {
            *error = fmt::format("cannot listen on {}: {}", impl->host, std::strerror(errno));
            return nullptr;
        }
    } else {
        if (!impl->server.bind_to_port(impl->host, options.port)) {
            *error = fmt::format("cannot listen on {} port {}: {} (another program may use it: choose another with --port, "
                                 "or 0 for any free one)", impl->host, options.port, std::strerror(errno));
            return nullptr;
        }
        impl->port = options.port;
    }
    const std::string shown = options.lan ? LanAddress() : std::string();
    impl->address = fmt::format("http://{}:{}/?token={}", shown.empty() ? "127.0.0.1" : shown, impl->port, options.token);
    Impl* raw = impl.get();
    impl->listener = std::thread([raw] {
        YieldToTheBroker();  // the pool's workers are started by this thread and inherit it
        raw->server.listen_after_bind();
    });
    impl->follower = std::thread([raw] {
        YieldToTheBroker();
        raw->Follow();
    });
    return std::unique_ptr<GameServer>(new GameServer(std::move(impl)));
}

void GameServer::Stop() {
    if (!m_impl || m_impl->stopping.exchange(true)) return;
    m_impl->changed.notify_all();
    // stop() acts only on a running server: listen_after_bind sets that first thing, right after Start.
    for (int i = 0; i < 2000 && m_impl->listener.joinable() && !m_impl->server.is_running(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    m_impl->server.stop();
    if (m_impl->listener.joinable()) m_impl->listener.join();
    if (m_impl->follower.joinable()) m_impl->follower.join();
}

std::string GameServer::Address() const { return m_impl->address; }
int GameServer::Port() const { return m_impl->port; }
bool GameServer::Lan() const { return m_impl->options.lan; }
int GameServer::Entries() const {
    std::lock_guard lock(m_impl->mutex);
    return m_impl->published.entries;
}
std::string GameServer::Fingerprint() const {
    std::lock_guard lock(m_impl->mutex);
    return m_impl->published.fingerprint;
}
std::string GameServer::FollowProblem() const {
    std::lock_guard lock(m_impl->mutex);
    return m_impl->follow_problem;
}
std::string GameServer::OpenWarning() const { return m_impl->open_warning; }

} // namespace rutland::serve
