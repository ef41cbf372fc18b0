#include "game_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <filesystem>
#include <functional>
#include <list>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>
#include <httplib.h>

#include <nlohmann/json.hpp>

#include "web_assets.h"

#include "base/safe_text.h"
#include "host/open_game.h"
#include "host/registry.h"

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

// [SECTION] The connection a worker is serving (invariant 5)

// What a handler needs of the connection it answers on: whether it ends after this answer (a refusal).
// Set by the worker around each request; handlers run on the worker's own thread.
struct Connection {
    bool close_after = false;
};
thread_local Connection* t_connection = nullptr;

void CloseAfterThisAnswer() {
    if (t_connection) t_connection->close_after = true;
}

// Whether the client at the other end of `sock` closed its side (or the socket failed).
bool PeerGone(int sock) {
    pollfd p{sock, static_cast<short>(POLLRDHUP), 0};
    return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL));
}

// A worker's view of one request: the head the gate read (complete, checked), then the socket.
// The gate hands over only whole heads of GETs without a body, so reading never waits on the
// client; the budget (kMaxRequestBytes) stays as a second bound. Writes wait for room at most
// kWriteSeconds, and not at all once the server stops.
inline constexpr int kWriteSeconds = 5;

class BoundedStream final : public httplib::Stream {
public:
    BoundedStream(int sock, const std::atomic<bool>& stopping, std::string head)
        : m_sock(sock), m_stopping(stopping), m_pending(std::move(head)) {}

    // What the client sent past the request that was read (a pipelined next request).
    std::string Leftover() const { return m_pending.substr(m_at); }

    bool is_readable() const override { return m_at < m_pending.size() || Wait(POLLIN, 0) > 0; }
    // In slices, so that Stop() is never held up by a client that does not read.
    bool is_writable() const override {
        for (int waited = 0; waited < kWriteSeconds * 1000 && !m_stopping; waited += 100) {
            const int r = Wait(POLLOUT, 100);
            if (r != 0) return r > 0;
        }
        return false;
    }

    ssize_t read(char* ptr, size_t size) override {
        if (m_used >= kMaxRequestBytes) return -1;
        if (m_at == m_pending.size()) {
            // Past the checked head: only a body could come, and a GET handed over has none.
            m_pending.clear();
            m_at = 0;
            char buffer[4096];
            const ssize_t n = ::recv(m_sock, buffer, sizeof buffer, MSG_DONTWAIT);
            if (n <= 0) return -1;
            m_pending.assign(buffer, static_cast<size_t>(n));
        }
        const size_t n = std::min({size, m_pending.size() - m_at, kMaxRequestBytes - m_used});
        std::memcpy(ptr, m_pending.data() + m_at, n);
        m_at += n;
        m_used += n;
        return static_cast<ssize_t>(n);
    }

    using httplib::Stream::write;
    ssize_t write(const char* ptr, size_t size) override {
        size_t sent = 0;
        while (sent < size) {
            if (!is_writable()) return -1;
            const ssize_t n = ::send(m_sock, ptr + sent, size - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) continue;
            if (n < 0) return -1;
            sent += static_cast<size_t>(n);
        }
        return static_cast<ssize_t>(size);
    }

    void get_remote_ip_and_port(std::string& ip, int& port) const override { Name(false, ip, port); }
    void get_local_ip_and_port(std::string& ip, int& port) const override { Name(true, ip, port); }
    socket_t socket() const override { return m_sock; }

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
    std::string m_pending;  // bytes come from the client and not yet read
    size_t m_at = 0;
    size_t m_used = 0;
};

// cpp-httplib's request handling (the routes, the headers, the answer) for one request the gate
// checked; the connections themselves are the gate's and the workers', never cpp-httplib's
// (its own loop gives every connection a thread before its first byte).
class RequestServer final : public httplib::Server {
public:
    // Answers one request; false when the connection must end (an error, or the client said close).
    bool ServeOne(httplib::Stream& stream, bool last, bool* keep) {
        bool closed = false;
        const bool ok = process_request(stream, last, closed, {});
        *keep = ok && !closed && !last;
        return ok;
    }
};

// Invariant 8: the calling thread runs at nice kServeNice. On Linux a thread's nice value is its
// own and the threads it starts inherit it; failing to lower one's priority changes nothing else.
void YieldToTheBroker() {
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kServeNice);
}

// [SECTION] The gate (invariant 5)

// The security headers of every answer (cpp-httplib's default headers, set in Routes, are these).
constexpr const char* kContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'";

// An answer written here rather than by cpp-httplib (the gate's refusals, /events), with the same
// headers, always closing the connection. Its text is this file's own, never the client's bytes.
std::string Answer(int status, std::string_view reason, std::string_view type, std::string_view body,
                   std::string_view extra = "", bool with_length = true) {
    return fmt::format("HTTP/1.1 {} {}\r\nContent-Type: {}\r\n{}Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                       "X-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\nContent-Security-Policy: {}\r\n{}"
                       "Connection: close\r\n\r\n{}",
                       status, reason, type, with_length ? fmt::format("Content-Length: {}\r\n", body.size()) : std::string(),
                       kContentSecurityPolicy, extra, body);
}

std::string GateRefusal(int status, std::string_view reason, const std::string& why, std::string_view extra = "") {
    return Answer(status, reason, "text/plain; charset=utf-8", why + "\n", extra);
}

// The path of a request head's target (before any query), as sent.
std::string_view PathOf(std::string_view head) {
    const size_t sp1 = head.find(' ');
    if (sp1 == std::string_view::npos) return {};
    const size_t end = head.find_first_of(" ?#\r", sp1 + 1);
    return head.substr(sp1 + 1, end == std::string_view::npos ? std::string_view::npos : end - sp1 - 1);
}

// The value of a header (`name` in lower case) in a head, without the spaces around it.
std::optional<std::string> HeaderValue(std::string_view head, std::string_view name) {
    std::string lower(head);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const size_t at = lower.find(fmt::format("\r\n{}:", name));
    if (at == std::string::npos) return std::nullopt;
    const size_t from = at + name.size() + 3;
    const size_t end = lower.find("\r\n", from);
    std::string value(head.substr(from, end == std::string::npos ? std::string_view::npos : end - from));
    const size_t first = value.find_first_not_of(" \t"), last = value.find_last_not_of(" \t");
    return first == std::string::npos ? std::string() : value.substr(first, last - first + 1);
}

std::string NeedsToken() {
    return "refused: this page needs its access token: open the address with ?token=... that the broker's screen or "
           "rutland-cli serve shows";
}
std::string WrongToken() { return "refused: wrong access token (a new one is made each time the game is shared)"; }

// %XX decoded (a browser may escape any character of a query); nullopt when malformed.
std::optional<std::string> PercentDecoded(std::string_view s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '%') {
            out += s[i] == '+' ? ' ' : s[i];
            continue;
        }
        if (i + 2 >= s.size() || !std::isxdigit(static_cast<unsigned char>(s[i + 1])) ||
            !std::isxdigit(static_cast<unsigned char>(s[i + 2])))
            return std::nullopt;
        out += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
        i += 2;
    }
    return out;
}

// The value of the first `token` parameter of a request target, as cpp-httplib's
// get_param_value reads it (the first of that name), or nullopt without one.
std::optional<std::string> TokenOf(std::string_view target) {
    const size_t q = target.find('?');
    if (q == std::string_view::npos) return std::nullopt;
    std::string_view query = target.substr(q + 1);
    const size_t hash = query.find('#');
    if (hash != std::string_view::npos) query = query.substr(0, hash);
    while (!query.empty()) {
        const size_t amp = query.find('&');
        const std::string_view param = query.substr(0, amp);
        const size_t eq = param.find('=');
        if (param.substr(0, eq) == "token") return PercentDecoded(eq == std::string_view::npos ? "" : param.substr(eq + 1));
        if (amp == std::string_view::npos) break;
        query = query.substr(amp + 1);
    }
    return std::nullopt;
}

// Whether a head (ending "\r\n\r\n") announces a body: Content-Length other than 0, or any
// Transfer-Encoding. Header names are case-insensitive.
bool HasBody(std::string_view head) {
    std::string lower(head);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower.find("\r\ntransfer-encoding:") != std::string::npos) return true;
    for (size_t at = 0; (at = lower.find("\r\ncontent-length:", at)) != std::string::npos;) {
        at += 17;
        const size_t end = lower.find("\r\n", at);
        const std::string value = lower.substr(at, end - at);
        if (value.find_first_not_of(" \t0") != std::string::npos) return true;
    }
    return false;
}

struct Waiting {
    int sock = -1;
    uint32_t address = 0;        // the client's IPv4 address (the limit per address)
    Clock::time_point deadline;  // closed unless a whole head has come by then
    std::string bytes;           // what came of the next request
    int served = 0;              // requests already answered on this connection
    bool refused = false;        // the refusal was sent: reading only until the client closes
    bool line_checked = false;   // the request line came whole and was let through
    size_t scanned = 0;          // bytes already looked through for the line's or the head's end
};

// A head ready for a worker.
struct Job {
    int sock = -1;
    uint32_t address = 0;
    std::string bytes;
    int served = 0;
};

class Gate {
public:
    using Dispatch = std::function<bool(Job&&)>;  // false: no room (kQueued)

    Gate(int listener, const std::string& token, const std::atomic<bool>& stopping, int max_waiting, Dispatch dispatch)
        : m_listener(listener), m_token(token), m_stopping(stopping), m_max_waiting(max_waiting),
          m_dispatch(std::move(dispatch)) {
        if (::pipe2(m_wake, O_NONBLOCK | O_CLOEXEC) != 0) m_wake[0] = m_wake[1] = -1;
    }
    ~Gate() {
        for (Waiting& w : m_waiting) ::close(w.sock);
        for (Job& j : m_returned) ::close(j.sock);
        if (m_wake[0] >= 0) ::close(m_wake[0]);
        if (m_wake[1] >= 0) ::close(m_wake[1]);
    }

    // A worker gives back a connection kept alive after its answer (from any thread).
    void Return(Job&& job) {
        {
            std::lock_guard lock(m_mutex);
            m_returned.push_back(std::move(job));
        }
        Wake();
    }
    void Wake() {
        const char c = 0;
        if (m_wake[1] >= 0) {
            [[maybe_unused]] const ssize_t n = ::write(m_wake[1], &c, 1);
        }
    }

    void Run() {
        std::vector<pollfd> fds;
        while (!m_stopping) {
            fds.clear();
            fds.push_back({m_wake[0], POLLIN, 0});
            fds.push_back({Clock::now() < m_rest_until ? -1 : m_listener, POLLIN, 0});
            for (const Waiting& w : m_waiting) fds.push_back({w.sock, static_cast<short>(POLLIN | POLLRDHUP), 0});
            Clock::time_point next = Clock::now() + std::chrono::milliseconds(kPollMilliseconds);
            for (const Waiting& w : m_waiting) next = std::min(next, w.deadline);
            const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next - Clock::now()).count();
            if (::poll(fds.data(), fds.size(), static_cast<int>(std::max<int64_t>(0, wait)) + 1) < 0 && errno != EINTR) break;
            if (m_stopping) break;
            if (fds[0].revents & POLLIN) {
                char drain[256];
                while (::read(m_wake[0], drain, sizeof drain) > 0) {
                }
            }
            // The connections waiting, in the order polled (m_waiting only grows at its end below).
            auto it = m_waiting.begin();
            for (size_t i = 2; i < fds.size() && it != m_waiting.end(); ++i) {
                auto here = it++;
                if (fds[i].revents) ReadFrom(here);
            }
            TakeReturned();
            if (fds[1].revents & POLLIN) AcceptSome();
            Reap();
        }
    }

private:
    using Iter = std::list<Waiting>::iterator;

    void Close(Iter w) {
        ::close(w->sock);
        Forget(w);
    }
    void Forget(Iter w) {
        if (--m_per_address[w->address] == 0) m_per_address.erase(w->address);
        m_waiting.erase(w);
    }

    // Reads what came; a whole head goes on, a closed or overfull connection ends.
    void ReadFrom(Iter w) {
        char buffer[4096];
        // At most kMaxRequestBytes a turn: a client that keeps sending cannot hold the gate.
        for (size_t turn = 0; turn < kMaxRequestBytes; turn += sizeof buffer) {
            const ssize_t n = ::recv(w->sock, buffer, sizeof buffer, MSG_DONTWAIT);
            if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) return Close(w);
            if (n < 0) break;
            if (w->refused) continue;  // the refusal was sent: what follows is read and dropped
            w->bytes.append(buffer, static_cast<size_t>(n));
            if (w->bytes.size() >= kMaxRequestBytes) break;
        }
        if (!w->refused) Examine(w);
    }

    // Invariants 2, 3 and 5: the request line is looked at as soon as it is whole (a client without
    // the token is refused then, whatever it still sends), the head once it is whole.
    void Examine(Iter w) {
        const std::string& b = w->bytes;
        // Each byte is looked through once, however the request is cut into reads.
        const size_t from = w->scanned > 3 ? w->scanned - 3 : 0;
        w->scanned = b.size();
        if (!w->line_checked) {
            const size_t line_end = b.find("\r\n", from);
            if (line_end == std::string::npos) {
                if (b.size() >= kMaxRequestBytes)
                    return Refuse(w, 431, "Request Header Fields Too Large",
                                  fmt::format("refused: a request may hold at most {} bytes", kMaxRequestBytes));
                return;
            }
            if (!CheckLine(w, std::string_view(b.data(), line_end))) return;
            w->line_checked = true;
        }
        const size_t head_end = b.find("\r\n\r\n", from);
        if (head_end == std::string::npos) {
            if (b.size() >= kMaxRequestBytes)
                return Refuse(w, 431, "Request Header Fields Too Large",
                              fmt::format("refused: a request may hold at most {} bytes", kMaxRequestBytes));
            return;
        }
        if (HasBody(std::string_view(b.data(), head_end + 2)))
            return Refuse(w, 400, "Bad Request", "refused: a GET carries no body here");
        Job job{w->sock, w->address, std::move(w->bytes), w->served};
        const int sock = w->sock;
        Forget(w);
        if (!m_dispatch(std::move(job))) {
            const std::string busy = GateRefusal(503, "Service Unavailable", "refused: too many requests at once; try again");
            [[maybe_unused]] const ssize_t n = ::send(sock, busy.data(), busy.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
            ::close(sock);
        }
    }

    // The request line: a GET with the right token, or the connection is refused (false).
    bool CheckLine(Iter w, std::string_view line) {
        const size_t sp1 = line.find(' '), sp2 = line.rfind(' ');
        if (sp1 == std::string_view::npos || sp2 == sp1 || !line.substr(sp2 + 1).starts_with("HTTP/1.")) {
            Refuse(w, 400, "Bad Request", "refused: not an HTTP/1.x request line");
            return false;
        }
        const std::string_view method = line.substr(0, sp1);
        if (method != "GET") {
            // The method is named only when it is a plain word: the refusal never echoes raw input.
            const bool plain = method.size() <= 16 &&
                               std::all_of(method.begin(), method.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
            Refuse(w, 405, "Method Not Allowed",
                   fmt::format("refused: {} is not allowed; this page is read-only (only GET)",
                               plain ? std::string(method) : std::string("that method")),
                   "Allow: GET\r\n");
            return false;
        }
        const std::optional<std::string> token = TokenOf(line.substr(sp1 + 1, sp2 - sp1 - 1));
        if (!token) Refuse(w, 401, "Unauthorized", NeedsToken());
        else if (!SameToken(*token, m_token)) Refuse(w, 403, "Forbidden", WrongToken());
        return token && SameToken(*token, m_token);
    }

    // Sends the refusal and keeps the connection a moment, reading and dropping what the client
    // still sends, so that closing does not reset it before the client read the refusal.
    void Refuse(Iter w, int status, std::string_view reason, const std::string& why, std::string_view extra = "") {
        const std::string answer = GateRefusal(status, reason, why, extra);
        [[maybe_unused]] const ssize_t n = ::send(w->sock, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        ::shutdown(w->sock, SHUT_WR);
        w->refused = true;
        w->bytes.clear();
        w->bytes.shrink_to_fit();
        w->deadline = std::min(w->deadline, Clock::now() + std::chrono::milliseconds(500));
    }

    void TakeReturned() {
        std::deque<Job> returned;
        {
            std::lock_guard lock(m_mutex);
            returned.swap(m_returned);
        }
        for (Job& j : returned) {
            Admit(Waiting{j.sock, j.address, Clock::now() + std::chrono::milliseconds(kKeepAliveMilliseconds),
                          std::move(j.bytes), j.served, false});
        }
    }

    void AcceptSome() {
        for (int i = 0; i < 256 && !m_stopping; ++i) {
            sockaddr_in addr{};
            socklen_t len = sizeof addr;
            const int sock = ::accept4(m_listener, reinterpret_cast<sockaddr*>(&addr), &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (sock < 0 && (errno == EMFILE || errno == ENFILE)) {
                // Out of descriptors (the waiting limit leaves room, but other parts of the program
                // use some too): the oldest waiting connection makes room; with none, the
                // listener rests a moment rather than being polled in a busy loop.
                if (m_waiting.empty()) m_rest_until = Clock::now() + std::chrono::milliseconds(kPollMilliseconds);
                else Evict(false, 0);
                return;
            }
            if (sock < 0) return;  // none left
            const int one = 1;
            ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            Admit(Waiting{sock, ntohl(addr.sin_addr.s_addr), Clock::now() + std::chrono::milliseconds(kHeadMilliseconds), {},
                          0, false});
        }
    }

    // Takes a connection in, first making room (invariant 5: the oldest of its address past
    // kMaxWaitingPerAddress, the oldest of all past the total), then reads what already came.
    void Admit(Waiting&& w) {
        if (m_per_address[w.address] >= kMaxWaitingPerAddress) Evict(true, w.address);
        if (static_cast<int>(m_waiting.size()) >= m_max_waiting) Evict(false, 0);
        ++m_per_address[w.address];
        m_waiting.push_back(std::move(w));
        ReadFrom(std::prev(m_waiting.end()));
    }

    // The oldest waiting connection (of `address`, when `same`): one that never had an answer if
    // there is one, and one already refused before either.
    void Evict(bool same, uint32_t address) {
        Iter pick = m_waiting.end();
        int rank = 3;
        for (Iter it = m_waiting.begin(); it != m_waiting.end() && rank > 0; ++it) {
            if (same && it->address != address) continue;
            const int r = it->refused ? 0 : it->served == 0 ? 1 : 2;
            if (r < rank) {
                rank = r;
                pick = it;
            }
        }
        if (pick != m_waiting.end()) Close(pick);
    }

    void Reap() {
        const Clock::time_point now = Clock::now();
        for (Iter it = m_waiting.begin(); it != m_waiting.end();) {
            Iter here = it++;
            if (here->deadline <= now) Close(here);
        }
    }

    int m_listener;
    const std::string& m_token;
    const std::atomic<bool>& m_stopping;
    int m_max_waiting;
    Dispatch m_dispatch;
    int m_wake[2] = {-1, -1};
    std::list<Waiting> m_waiting;  // oldest first
    Clock::time_point m_rest_until;  // the listener is not polled before (out of descriptors)
    std::unordered_map<uint32_t, int> m_per_address;
    std::mutex m_mutex;
    std::deque<Job> m_returned;  // kept alive by a worker, back to wait for the next request
};

// kWorkers threads serving the heads the gate hands over, at most kQueued waiting for one.
class Workers {
public:
    using Serve = std::function<void(Job&&)>;
    Workers(Serve serve) : m_serve(std::move(serve)) {
        for (int i = 0; i < kWorkers; ++i)
            m_threads.emplace_back([this] {
                YieldToTheBroker();
                Work();
            });
    }
    ~Workers() { Shutdown(); }
    bool Push(Job&& job) {
        {
            std::lock_guard lock(m_mutex);
            if (m_jobs.size() >= static_cast<size_t>(kQueued)) return false;
            m_jobs.push_back(std::move(job));
        }
        m_ready.notify_one();
        return true;
    }
    void Shutdown() {
        {
            std::lock_guard lock(m_mutex);
            m_shutdown = true;
        }
        m_ready.notify_all();
        for (std::thread& t : m_threads)
            if (t.joinable()) t.join();
        for (Job& j : m_jobs) ::close(j.sock);
        m_jobs.clear();
    }

private:
    void Work() {
        while (true) {
            Job job;
            {
                std::unique_lock lock(m_mutex);
                m_ready.wait(lock, [&] { return !m_jobs.empty() || m_shutdown; });
                if (m_shutdown) return;
                job = std::move(m_jobs.front());
                m_jobs.pop_front();
            }
            m_serve(std::move(job));
        }
    }
    Serve m_serve;
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::deque<Job> m_jobs;
    std::vector<std::thread> m_threads;
    bool m_shutdown = false;
};

// The most connections the gate may hold: kMaxWaiting, less when the open-file limit is lower
// (the soft limit is first raised to the hard one). Room is left for the workers' connections and
// those queued for them, the game file and the rest of the program.
int WaitingLimit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return 256;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &limit);
        ::getrlimit(RLIMIT_NOFILE, &limit);
    }
    const int64_t room = static_cast<int64_t>(std::min<rlim_t>(limit.rlim_cur, 1 << 20)) - kWorkers - kQueued - 128;
    return static_cast<int>(std::clamp<int64_t>(room, 32, kMaxWaiting));
}

// The device and inode of the file at a path (invariant 9); exists false when there is none.
struct FileIdentity {
    bool exists = false;
    dev_t device = 0;
    ino_t inode = 0;
    bool operator==(const FileIdentity&) const = default;
};
FileIdentity IdentityOf(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return {};
    return {true, st.st_dev, st.st_ino};
}

// The size and modification times of the file at a path (invariant 9): when they change, the file
// is read by a connection of its own to see whether it was written over in place (the same inode).
struct FileContent {
    off_t size = -1;
    int64_t modified_ns = -1, changed_ns = -1;
    bool operator==(const FileContent&) const = default;
};
FileContent ContentOf(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return {};
    return {st.st_size, static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec,
            static_cast<int64_t>(st.st_ctim.tv_sec) * 1'000'000'000 + st.st_ctim.tv_nsec};
}

// [SECTION] What is served: the game as last read, and the events

static_assert(kEventRing <= static_cast<size_t>(host::ServedGame::kEventEntries),
              "the live events' ring is filled from the entries whose events the game keeps (ServedGame invariant S4)");

struct Published {
    int entries = 0;
    std::string fingerprint;
    std::shared_ptr<const std::string> page;   // PageJson
    std::shared_ptr<const std::string> state;  // StateJson
};

} // namespace

struct GameServer::Impl {
    ServeOptions options;
    const host::GameDefinition* definition = nullptr;  // the game the file holds (app/host/registry.h)
    std::string game_name;  // its name: its section module is /NAME.js and /NAME.css (invariant 11)
    std::string host;
    int port = 0;
    std::string address;
    // The game file, opened read-only and streamed by its game (kit/host/open_game.h ServedGame:
    // what it holds does not grow with the game, invariant 10); only the follower thread touches it
    // after Start.
    std::unique_ptr<host::ServedGame> game;
    std::string last_page;         // the last page built, shown while a new one cannot be (Publish)
    FileIdentity opened;           // the file the game was read from (invariant 9)
    FileContent content;           // its size and times when last looked at (invariant 9)
    std::string open_warning;

    std::atomic<bool> stopping{false};
    RequestServer server;
    int listener = -1;
    std::unique_ptr<Workers> workers;
    std::unique_ptr<Gate> gate;
    std::thread gate_thread, follower;

    mutable std::mutex mutex;
    std::condition_variable changed;   // new events, a problem, or stopping
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
    int problems = 0;                  // how many times follow_problem was set: followers are told (a reset)
    int streams = 0;                   // clients following /events

    // False with *failed when the page could not be built (what it reads back from the file is no
    // longer there: the file changed under it); the last page is published again meanwhile.
    bool Publish(int from_seq, std::string* failed = nullptr) {
        // Built outside the lock: the handlers keep serving the previous version meanwhile.
        std::vector<std::pair<int, std::string>> fresh;
        // The game kept every event since the last Publish (KeepEventsFrom); a game opened again
        // has the last kEventRing, and a follower further behind gets a reset (invariant 5).
        for (int seq = std::max(from_seq, game->FirstEvent()); seq < game->Size(); ++seq)
            fresh.emplace_back(seq, fmt::format("id: {}\nevent: entry\ndata: {}\n\n", seq, JsonEscapedControls(game->EventJson(seq))));
        game->KeepEventsFrom(game->Size());  // invariant 6: the next entries' events, however many
        std::string problem;
        {
            std::lock_guard lock(mutex);
            problem = follow_problem;
        }
        bool built = true;
        std::string page;
        try {
            page = game->PageJson(problem);
            last_page = page;
        } catch (const std::exception& e) {
            built = false;
            if (failed) *failed = e.what();
            // The last page, saying the problem now (null before the first page was built).
            nlohmann::json last = last_page.empty() ? nlohmann::json() : nlohmann::json::parse(last_page);
            last["game"]["problem"] = problem;
            page = last.dump();
        }
        // No bidi, line-separator or C1 character reaches the page raw (safe_text.h JsonEscapedControls).
        Published p{game->Size(), game->Fingerprint(), std::make_shared<const std::string>(JsonEscapedControls(std::move(page))),
                    std::make_shared<const std::string>(JsonEscapedControls(game->StateJson()))};
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
        return built;
    }

    // The game file, opened read-only and streamed by its game (ServedGame, invariant 10): the game
    // found at Start, always (a file of another game put at the path is not read as it).
    std::unique_ptr<host::ServedGame> OpenGame(std::string* error) const { return definition->serve(options.file, error); }

    // Invariant 9: following stops, said on the page (followers get a reset and refetch).
    void StopFollowing(std::string why) {
        {
            std::lock_guard lock(mutex);
            follow_problem = std::move(why);
            ++problems;
        }
        Publish(game->Size());
    }

    // Invariant 9: the file at the path is opened again; true when it is the same game carried
    // on (then it is followed from here), false with *why when it is not.
    // `events_from`: the first entry whose event is not out yet (the last Publish could not finish).
    // `in_place`: what the file at the path, the same one (inode), no longer holds of what was served
    // (ServedGame::ChangedInPlace): it was written over where it is.
    bool Reopen(const FileIdentity& now, std::string* why, std::optional<int> events_from = std::nullopt,
                const std::optional<std::string>& in_place = std::nullopt) {
        const std::string file = std::filesystem::path(options.file).filename().string();
        const int served = game->Size();
        if (!now.exists) {
            *why = fmt::format("{} was deleted or moved away: this page stopped at entry {}, the game as it was then. "
                               "Share the game again to show it.", file, served - 1);
            return false;
        }
        std::string error;  // not shown: see below
        // Opened by the game served (a file of another game at the path cannot be read as this one).
        std::unique_ptr<host::ServedGame> fresh = OpenGame(&error);
        const FileIdentity after = IdentityOf(options.file);
        const std::string served_hash = game->WrittenHash(served - 1);  // its last: held
        const bool same_game = fresh && after == now && fresh->Clean() && fresh->Size() >= served &&
                               fresh->WrittenHash(served - 1) == served_hash;
        if (same_game) {
            game = std::move(fresh);
            opened = after;
            Publish(events_from.value_or(served));
            return true;
        }
        if (in_place) {
            *why = fmt::format("{} was written over in place: it no longer holds the game this page opened ({}). This "
                               "page stopped at entry {}, the game as it was then. Share the game again to show the one "
                               "there now.", file, *in_place, served - 1);
            return false;
        }
        if (now == opened) return false;  // the same file, and it does not carry the game on: Follow's reason stands
        // The reason names the file, never its path or what the open found in it: the page is read
        // on other machines (rutland-cli verify tells the broker the rest).
        const bool other_entries = fresh && (fresh->Size() < served || fresh->WrittenHash(served - 1) != served_hash);
        *why = fmt::format("{} is no longer the file this page opened: another file was put at that path ({}). This page "
                           "stopped at entry {}, the game as it was then. Share the game again to show the one there now.",
                           file,
                           !fresh          ? "it cannot be read as a game: rutland-cli verify says why"
                           : other_entries ? "another game, or this one with other entries"
                                           : "it did not verify clean: rutland-cli verify says why",
                           served - 1);
        return false;
    }

    void Follow() {
        while (!stopping) {
            {
                std::unique_lock lock(mutex);
                changed.wait_for(lock, std::chrono::milliseconds(kPollMilliseconds), [&] { return stopping.load(); });
                if (stopping || !follow_problem.empty()) continue;
            }
            std::string why;
            const FileIdentity now = IdentityOf(options.file);
            if (!(now == opened)) {
                if (!Reopen(now, &why)) StopFollowing(why);
                continue;
            }
            // The same file (inode), but written since it was last looked at: read with a connection
            // of its own (the game's keeps the pages it read, and would show the old game as live).
            if (const FileContent seen = ContentOf(options.file); !(seen == content)) {
                content = seen;
                if (const std::optional<std::string> changed = game->ChangedInPlace()) {
                    if (!Reopen(now, &why, std::nullopt, changed)) StopFollowing(why);
                    else content = ContentOf(options.file);
                    continue;
                }
            }
            const int before = game->Size();
            const int n = game->Follow(&why);  // every entry to what the page keeps (invariant 10)
            if (n < 0) {
                std::string again;
                if (!Reopen(now, &again)) StopFollowing(again.empty() ? why : again);
            } else if (n > 0 && !Publish(before, &why)) {
                // The page could not read back what it needs: the file changed under the game open here (a
                // writer migrated it in place). As when Follow refuses (invariant 9): opened again.
                std::string again;
                if (!Reopen(now, &again, before)) StopFollowing(again.empty() ? why : again);
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

    // A worker answers one request the gate handed over; a connection kept alive goes back to it.
    void ServeJob(Job&& job) {
        if (PathOf(job.bytes) == "/events") {
            StreamEvents(job.sock, job.bytes);
            ::shutdown(job.sock, SHUT_RDWR);
            ::close(job.sock);
            return;
        }
        Connection connection{false};
        t_connection = &connection;
        BoundedStream stream(job.sock, stopping, std::move(job.bytes));
        bool keep = false;
        server.ServeOne(stream, job.served + 1 >= kKeepAliveRequests, &keep);
        t_connection = nullptr;
        if (keep && !connection.close_after && !stopping) {
            gate->Return(Job{job.sock, job.address, stream.Leftover(), job.served + 1});
            return;
        }
        ::shutdown(job.sock, SHUT_RDWR);
        ::close(job.sock);
    }

    void Routes();
    void StreamEvents(int sock, std::string_view head);
};

namespace {

void Refuse(httplib::Response& res, int status, const std::string& why) {
    res.status = status;
    res.set_content(why + "\n", "text/plain; charset=utf-8");
}

// A refusal of the method or the token (the gate's too) ends the connection.
httplib::Server::HandlerResponse RefuseAndClose(httplib::Response& res, int status, const std::string& why) {
    Refuse(res, status, why);
    res.set_header("Connection", "close");
    CloseAfterThisAnswer();
    return httplib::Server::HandlerResponse::Handled;
}

} // namespace

void GameServer::Impl::Routes() {
    server.set_payload_max_length(1024);
    server.set_keep_alive_max_count(kKeepAliveRequests);
    server.set_keep_alive_timeout(kKeepAliveMilliseconds / 1000);
    // Every answer: never cached, never framed, no other origin's script or style, no referrer.
    server.set_default_headers({{"Cache-Control", "no-store"},
                                {"X-Content-Type-Options", "nosniff"},
                                {"X-Frame-Options", "DENY"},
                                {"Referrer-Policy", "no-referrer"},
                                {"Content-Security-Policy",
                                 kContentSecurityPolicy}});
    // Invariants 2 and 3 again, before any route (the gate checked both already): the method, then the token.
    server.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET") {
            res.set_header("Allow", "GET");
            return RefuseAndClose(res, 405, "refused: this page is read-only (only GET)");
        }
        if (!req.has_param("token")) return RefuseAndClose(res, 401, NeedsToken());
        if (!SameToken(req.get_param_value("token"), options.token)) return RefuseAndClose(res, 403, WrongToken());
        return httplib::Server::HandlerResponse::Unhandled;
    });
    server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (res.status == 404) Refuse(res, 404, "not found: this server has the page, /view.json, /state.json, /rules.json and /events only");
        else if (res.body.empty()) Refuse(res, res.status, fmt::format("refused ({})", res.status));
    });
    // Invariant 4: the page's own files by name: the shell's, and the section module of the game
    // served (invariant 11); the page gets the token into its links and the game's name.
    server.Get("/", [this](const httplib::Request&, httplib::Response& res) {
        std::string html(FindWebAsset("index.html")->text);
        for (size_t at = 0; (at = html.find("__TOKEN__", at)) != std::string::npos;) html.replace(at, 9, options.token);
        for (size_t at = 0; (at = html.find("__GAME__", at)) != std::string::npos;) html.replace(at, 8, game_name);
        res.set_content(html, "text/html; charset=utf-8");
    });
    server.Get("/([a-z0-9-]+\\.(?:css|js))", [this](const httplib::Request& req, httplib::Response& res) {
        const std::string name = req.matches[1].str();
        const std::optional<WebAsset> a = FindWebAsset(name);
        if (!a || (name != "page.css" && name != "page.js" && name != game_name + ".css" && name != game_name + ".js"))
            return Refuse(res, 404, "not found");
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
    server.Get("/rules.json", [rules = std::make_shared<const std::string>(game->RulesJson())](const httplib::Request&,
                                                                                        httplib::Response& res) {
        res.set_content(*rules, "application/json; charset=utf-8");
    });
    server.Get("/state.json", json(false));
    server.Get("/view.json", json(true));
}

// [SECTION] The events (invariants 5 and 6)

// /events is written here, by the worker on its own socket, not through cpp-httplib: its streaming
// loop ends as soon as the library's own listening socket is not open, and the gate owns the
// listening socket. The gate checked the method and the token.
void GameServer::Impl::StreamEvents(int sock, std::string_view head) {
    BoundedStream out(sock, stopping, std::string());
    int after = 0, problems_seen = 0;
    {
        std::lock_guard lock(mutex);
        if (streams >= kMaxEventStreams) {
            const std::string busy = Answer(503, "Service Unavailable", "text/plain; charset=utf-8",
                                            fmt::format("refused: {} followers already (the most at once); try again later\n",
                                                        kMaxEventStreams));
            out.write(busy.data(), busy.size());
            return;
        }
        ++streams;
        after = published.entries - 1;
        problems_seen = problems;
    }
    struct Release {
        Impl* impl;
        ~Release() {
            std::lock_guard lock(impl->mutex);
            --impl->streams;
        }
    } release{this};
    // A browser reconnecting says the last entry it saw: it gets what it missed (invariant 6).
    if (const std::optional<std::string> last = HeaderValue(head, "last-event-id")) {
        try {
            after = std::clamp(std::stoi(*last), -1, after);
        } catch (const std::exception&) {
        }
    }
    // The stream is the response's body up to the connection's end (no chunked framing: each
    // batch goes to the socket as Publish made it, with no copy per follower).
    std::string text = Answer(200, "OK", "text/event-stream", "", "X-Accel-Buffering: no\r\n", false) +
                       fmt::format("retry: 1000\nevent: hello\ndata: {{\"seq\":{}}}\n\n", after);
    if (out.write(text.data(), text.size()) < 0) return;
    while (true) {
        std::shared_ptr<const std::string> shared;
        text.clear();
        {
            std::unique_lock lock(mutex);
            auto news = [&] {
                return stopping.load() || problems != problems_seen || (!events.empty() && events.back().first > after);
            };
            // A second without news ends in a comment line; meanwhile the client is looked at
            // every kHangUpMilliseconds, so one that left frees its slot at once (invariant 5).
            for (int waited = 0; waited < 1000; waited += kHangUpMilliseconds) {
                if (changed.wait_for(lock, std::chrono::milliseconds(kHangUpMilliseconds), news)) break;
                lock.unlock();
                const bool gone = PeerGone(sock);
                lock.lock();
                if (gone) return;
            }
            if (stopping) return;
            if (batch.text && batch.first == after + 1) {
                shared = batch.text;
                after = batch.last;
            } else {
                text = EventsAfter(after);
            }
            if (problems != problems_seen) {
                // Following stopped (invariant 9): the page fetches the problem line.
                problems_seen = problems;
                text += fmt::format("event: reset\ndata: {{\"seq\":{}}}\n\n", after);
            }
        }
        if (shared && out.write(shared->data(), shared->size()) < 0) return;
        if (!shared && text.empty()) text = ": still here\n\n";
        if (!text.empty() && out.write(text.data(), text.size()) < 0) return;
    }
}

// [SECTION] Start and stop

GameServer::GameServer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

GameServer::~GameServer() { Stop(); }

namespace {

// The listening socket (invariants 1 and 5): its own backlog, never blocking the gate. -1 and errno.
int Listen(const std::string& host, int port, int* bound) {
    const int sock = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (sock < 0) return -1;
    const int one = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    inet_pton(AF_INET, host.c_str(), &addr.sin_addr);
    socklen_t len = sizeof addr;
    if (::bind(sock, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(sock, kBacklog) != 0 ||
        ::getsockname(sock, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
        const int saved = errno;
        ::close(sock);
        errno = saved;
        return -1;
    }
    *bound = ntohs(addr.sin_port);
    return sock;
}

} // namespace

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
    // The game the file holds (a file no game reads: the first game's open says why).
    impl->definition = host::GameToOpen(options.file, error);
    if (!impl->definition) return nullptr;
    impl->game_name = std::string(impl->definition->name);
    // Invariant 11: the page of a game is its shell and that game's module; a game without one
    // is not served (the build compiles in every game's, app/serve/embed_web.cmake).
    if (!impl->definition->serve) {
        *error = fmt::format("{}: a game of {} has no shared page in this Rutland", options.file, impl->definition->title);
        return nullptr;
    }
    // The name goes into the page as it is (index.html's __GAME__) and names its module's route:
    // lower-case letters, digits and '-' only, never markup.
    if (impl->game_name.empty() || impl->game_name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos ||
        !FindWebAsset(impl->game_name + ".js") || !FindWebAsset(impl->game_name + ".css")) {
        *error = fmt::format("{}: this Rutland has no shared page for the game {} (no {}.js and {}.css compiled in)",
                             options.file, impl->game_name, impl->game_name, impl->game_name);
        return nullptr;
    }
    // Invariant 9: the identity of the file the game reads, taken on both sides of the open (a
    // file put at the path meanwhile: opened again).
    for (int attempt = 0; attempt < 3; ++attempt) {
        const FileIdentity before = IdentityOf(options.file);
        impl->content = ContentOf(options.file);  // before the open: a change after it is looked at
        impl->game = impl->OpenGame(error);
        if (!impl->game) return nullptr;
        impl->opened = IdentityOf(options.file);
        if (before == impl->opened) break;
    }
    if (!impl->game->Clean())
        impl->open_warning = fmt::format("{} did not verify clean: served up to entry {} (rutland-cli verify says why)",
                                         options.file, impl->game->Size() - 1);
    std::string failed;
    if (!impl->Publish(std::max(0, impl->game->Size() - static_cast<int>(kEventRing)), &failed)) {
        *error = fmt::format("{}: the page cannot be built: {}", options.file, failed);
        return nullptr;
    }
    impl->Routes();
    // Invariant 1: loopback unless LAN sharing was chosen.
    impl->host = options.lan ? "0.0.0.0" : "127.0.0.1";
    impl->listener = Listen(impl->host, options.port, &impl->port);
    if (impl->listener < 0) {
        *error = options.port == 0
                     ? fmt::format("cannot listen on {}: {}", impl->host, std::strerror(errno))
                     : fmt::format("cannot listen on {} port {}: {} (another program may use it: choose another with "
                                   "--port, or 0 for any free one)",
                                   impl->host, options.port, std::strerror(errno));
        return nullptr;
    }
    const std::string shown = options.lan ? LanAddress() : std::string();
    impl->address = fmt::format("http://{}:{}/?token={}", shown.empty() ? "127.0.0.1" : shown, impl->port, options.token);
    Impl* raw = impl.get();
    impl->workers = std::make_unique<Workers>([raw](Job&& job) { raw->ServeJob(std::move(job)); });
    impl->gate = std::make_unique<Gate>(impl->listener, impl->options.token, impl->stopping, WaitingLimit(),
                                        [raw](Job&& job) { return raw->workers->Push(std::move(job)); });
    impl->gate_thread = std::thread([raw] {
        YieldToTheBroker();
        raw->gate->Run();
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
    if (m_impl->gate) m_impl->gate->Wake();
    if (m_impl->gate_thread.joinable()) m_impl->gate_thread.join();
    // The gate no longer runs: the workers end their answers (streams see `stopping`) and stop;
    // a connection they would give back is closed instead.
    if (m_impl->workers) m_impl->workers->Shutdown();
    m_impl->gate.reset();  // closes every connection it held
    if (m_impl->listener >= 0) ::close(m_impl->listener);
    m_impl->listener = -1;
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
