// rutland_rss_probe OUT COMMAND [ARGS...]: runs COMMAND as its child (stdin, stdout and stderr
// passed through), then writes "<max RSS in KiB> <CPU seconds>" of that child to the file OUT and
// exits with the child's status.
//
// Why a separate small program: on Linux a process's maximum RSS survives exec, and posix_spawn's
// child runs on its parent's memory until it execs, so a child spawned by the benchmark would
// report at least the benchmark's own RSS. This probe is a few hundred KiB, so its child's figure
// is the command's own.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: rutland_rss_probe OUT COMMAND [ARGS...]\n");
        return 2;
    }
    const pid_t pid = fork();
    if (pid < 0) return 2;
    if (pid == 0) {
        execv(argv[2], argv + 2);
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) < 0) return 2;
    if (std::FILE* out = std::fopen(argv[1], "w")) {
        const double cpu = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
        std::fprintf(out, "%ld %.6f\n", usage.ru_maxrss, cpu);
        std::fclose(out);
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
