#!/usr/bin/env bash
# Every benchmark, from a clean Release build, in one command (bench/README.md
# quotes its output):
#
#   bash bench/run.sh            # builds build-bench/ from scratch, then runs the `bench` target
#
# Needs the packages of the README's set-up line (libbenchmark-dev, xvfb among them). Takes about
# 10 minutes on 2 cores (9.5 at commit 461ccf3): the build, a 102,000-line generated game, game
# files of 1,000, 10,000 and 100,000 entries, then 5 repetitions of each row (medians reported).
# Results also go to build-bench/bench-results.json. It waits for the load average to fall below
# 1.5 (at most 20 minutes; RUTLAND_BENCH_MAX_LOAD) and prints it before and after the run.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${RUTLAND_BENCH_BUILD:-build-bench}
rm -rf "$build"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DRUTLAND_BUILD_TESTS=OFF
cmake --build "$build" -j2 --target rutland_bench
echo "== machine"
grep -m1 'model name' /proc/cpuinfo
echo "cores: $(nproc); memory: $(free -h | awk '/^Mem:/ {print $2}'); $(. /etc/os-release && echo "$PRETTY_NAME"); kernel $(uname -r)"
# Wait (20 minutes at most) for the machine to settle below RUTLAND_BENCH_MAX_LOAD (1.5): the build
# just now, or anyone else's, skews every row.
max_load=${RUTLAND_BENCH_MAX_LOAD:-1.5}
for _ in $(seq 80); do
    awk -v max="$max_load" '{ exit !($1 < max) }' /proc/loadavg && break
    echo "waiting for the load average ($(cut -d' ' -f1 /proc/loadavg)) to fall below $max_load"
    sleep 15
done
echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
cmake --build "$build" --target bench
echo "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
