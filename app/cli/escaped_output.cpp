// The one place rutland-cli escapes what it prints (safe_text.h TerminalEscaper): its standard output
// and error are redirected through an escaping stream buffer for the whole run, so a board label, a
// note, a stamp or a refused input quoted in a message cannot set the terminal's title, clear it,
// reorder a line (bidi controls) or print a forged line of its own. CLI11's own messages (which
// quote the arguments) pass through it too.
#include <iostream>
#include <streambuf>
#include <string>

#include "base/safe_text.h"
#include "cli.h"

namespace rutland::cli {

namespace {

class EscapingBuffer : public std::streambuf {
public:
    explicit EscapingBuffer(std::streambuf* dest) : m_dest(dest) {}
    std::streambuf* Dest() const { return m_dest; }
    // The bytes held of an unfinished UTF-8 sequence, escaped, and everything handed on.
    void Finish() {
        m_out.clear();
        m_escaper.Finish(&m_out);
        Put();
        m_dest->pubsync();
    }

protected:
    int_type overflow(int_type ch) override {
        if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
        const char c = traits_type::to_char_type(ch);
        return xsputn(&c, 1) == 1 ? ch : traits_type::eof();
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        m_out.clear();
        m_escaper.Feed(std::string_view(s, static_cast<size_t>(n)), &m_out);
        return Put() ? n : 0;
    }
    int sync() override { return m_dest->pubsync(); }

private:
    bool Put() {
        const auto size = static_cast<std::streamsize>(m_out.size());
        return m_dest->sputn(m_out.data(), size) == size;
    }
    std::streambuf* m_dest;
    TerminalEscaper m_escaper;
    std::string m_out;  // reused: a streamed export writes many small pieces
};

} // namespace

struct EscapedOutput::Buffers {
    EscapingBuffer out{std::cout.rdbuf()};
    EscapingBuffer err{std::cerr.rdbuf()};
};

EscapedOutput::EscapedOutput() : m_buffers(std::make_unique<Buffers>()) {
    std::cout.rdbuf(&m_buffers->out);
    std::cerr.rdbuf(&m_buffers->err);
}

EscapedOutput::~EscapedOutput() {
    std::cout.flush();
    std::cerr.flush();
    m_buffers->out.Finish();
    m_buffers->err.Finish();
    std::cout.rdbuf(m_buffers->out.Dest());
    std::cerr.rdbuf(m_buffers->err.Dest());
}

} // namespace rutland::cli
