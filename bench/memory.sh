#!/usr/bin/env bash
# Peak memory (maximum resident set size, /usr/bin/time -v) of every rutland-cli command of a long
# game, for each game with a generator (bench/README.md, the row "peak memory of every command at
# 200,000 entries"; basic_store.h invariant 20, basic_ledger.h invariants 10 and 11):
#
#   bash bench/memory.sh [BUILD] [ENTRIES]     # a Release build (default build/), 200,000 entries
#
# Needs rutland-cli, rutland-gamegen and rutland-flutter-gamegen built in BUILD. Building each game
# file is one durable commit a line (about 7 minutes each at 200,000 on this machine); then each
# command runs once. Prints one line a command: its peak memory in MB and its time.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
entries=${2:-200000}
cli=$build/app/rutland-cli
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
measure() {  # name, then the command
    local name=$1
    shift
    /usr/bin/time -v "$@" > "$work/out.txt" 2> "$work/time.txt" || true
    printf '%-40s %8.1f MB %10s\n' "$name" \
        "$(awk '/Maximum resident/ {print $6 / 1024}' "$work/time.txt")" \
        "$(awk '/Elapsed/ {print $8}' "$work/time.txt")"
}
for game in bbr flutter; do
    generator=$build/tests/support/rutland-gamegen
    [ "$game" = flutter ] && generator=$build/tests/support/rutland-flutter-gamegen
    "$generator" --seed 7 --entries "$entries" > "$work/$game.txt"
    g=$work/$game.rutland
    echo "== $game, $entries entries"
    measure "play --db (building the file)" "$cli" play "$work/$game.txt" --db "$g"
    middle=$((entries / 2))
    last=$((entries - 1))
    measure "verify" "$cli" verify "$g"
    measure "state --at $middle" "$cli" state "$g" --at "$middle"
    measure "log" "$cli" log "$g"
    measure "export --json" "$cli" export "$g" --json
    measure "year-end" "$cli" year-end "$g"
    measure "year-end --last" "$cli" year-end "$g" --last
    measure "explain $middle" "$cli" explain "$g" "$middle"
    measure "explain $last" "$cli" explain "$g" "$last"
    measure "diff $middle $last" "$cli" diff "$g" "$middle" "$last"
    measure "backup" "$cli" backup "$g" "$work/$game-backup.rutland"
    { head -1 "$work/$game.txt"; echo "note memory check"; } > "$work/$game-note.txt"
    measure "play --db (one line more)" "$cli" play "$work/$game-note.txt" --db "$g"
done
