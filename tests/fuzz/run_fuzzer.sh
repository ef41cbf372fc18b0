#!/usr/bin/env bash
# Runs one libFuzzer target for a bounded time from its committed seed corpus (tests/fuzz/corpus/).
#
#   run_fuzzer.sh FUZZER SEED_CORPUS WORK_DIR MAX_LEN [SECONDS]
#   SECONDS                  how long by default: this target's share of CI's fuzzing budget
#                            (tests/CMakeLists.txt, RUTLAND_FUZZ_BUDGET; 15 without it)
#   RUTLAND_FUZZ_SECONDS=N   how long, overriding SECONDS (hours for the long mode)
#
# New inputs go to WORK_DIR/corpus (never into the source tree), a crashing input to
# WORK_DIR/artifacts/, the whole log to WORK_DIR/last-run.log. Exit status: the fuzzer's (0 = no
# crash, leak, timeout or invariant violation found).
set -uo pipefail
fuzzer=$1 seeds=$2 work=$3 max_len=$4 share=${5:-15}
seconds=${RUTLAND_FUZZ_SECONDS:-$share}
mkdir -p "$work/corpus" "$work/artifacts"
"$fuzzer" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len="$max_len" -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" "$work/corpus" "$seeds" > "$work/last-run.log" 2>&1
status=$?
# The figures (executions, coverage) and, on a failure, what was found.
grep -E '^(stat::|INFO: (Running with|seed|-max_len|[0-9]+ files found)|==|SUMMARY|.*ERROR|fuzz_)|^#[0-9]+ *(INITED|DONE)' "$work/last-run.log" | tail -n 40
if [ $status -ne 0 ]; then tail -n 60 "$work/last-run.log"; fi
echo "$(basename "$fuzzer"): ${seconds} s, exit status $status"
exit $status
