#include "new_file.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

namespace rutland::view {

bool WriteNewFile(const std::string& temp, const std::string& text, std::string* why) {
    ::unlink(temp.c_str());
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        *why = fmt::format("could not create {} as a new file: {}", temp, std::strerror(errno));
        return false;
    }
    size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        written += static_cast<size_t>(n);
    }
    const bool ok = written == text.size() && ::fsync(fd) == 0;
    const int saved = errno;
    ::close(fd);
    if (!ok) {
        *why = fmt::format("could not write {}: {}", temp, std::strerror(saved));
        ::unlink(temp.c_str());
        return false;
    }
    return true;
}

} // namespace rutland::view
