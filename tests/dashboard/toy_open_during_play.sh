#!/bin/bash
# The dashboard's open of a toy game's file (a game with no panels of its own: app/dashboard/desk.h)
# while `rutland-cli play --db` appends to it (basic_store.h invariants 9, 10; the toy through the
# same binaries as Big Board Raiders' files in store.concurrent_readers_and_writers_during_play):
# rutland opens the file again and again, each open verifying every entry, and draws it; every open
# must succeed, the writer must not be disturbed, and the file must then hold exactly what
# `rutland-cli play` makes of the script in memory.
#   toy_open_during_play.sh RUTLAND RUTLAND_CLI WORK
set -u
RUTLAND=$1 CLI=$2 WORK=$3
rm -rf "$WORK"; mkdir -p "$WORK"
export XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data
fail() { echo "FAIL: $*"; [ -n "${writer:-}" ] && kill "$writer" 2>/dev/null; exit 1; }

# A toy game long enough to be appended to while the dashboard opens it (every line accepted).
{
    echo "game toy players=Ann,Bob,Cy"
    for i in $(seq 1 1500); do
        case $((i % 4)) in
            1) echo "add Ann 3" ;; 2) echo "add Bob 2" ;; 3) echo "give Ann Cy 1" ;; 0) echo "give Bob Ann 1" ;;
        esac
    done
} > "$WORK/toy.txt"
"$CLI" play "$WORK/toy.txt" > /dev/null || fail "rutland-cli play rejected the generated toy game"

# The file exists before the dashboard first opens it: its header first.
head -n 1 "$WORK/toy.txt" > "$WORK/header.txt"
"$CLI" play --db "$WORK/toy.rutland" "$WORK/header.txt" > /dev/null || fail "cannot start the toy file"
# The writer appends the script in six parts, one play --db each (the script grows: each run
# appends only its new lines), and before each next part waits for the dashboard to have opened
# the file once more: on a fast machine one play --db of the whole script ends before a second
# open starts, and the test would prove nothing.
echo 0 > "$WORK/opens"
(
    for part in 1 2 3 4 5 6; do
        head -n $((part * 250 + 1)) "$WORK/toy.txt" > "$WORK/part.txt"
        "$CLI" play --db "$WORK/toy.rutland" "$WORK/part.txt" >> "$WORK/writer.out" 2>&1 || exit 1
        seen=$(cat "$WORK/opens")
        for _ in $(seq 1 200); do [ "$(cat "$WORK/opens")" -gt "$seen" ] && break; sleep 0.1; done
    done
) &
writer=$!
opens=0
while kill -0 "$writer" 2>/dev/null; do
    "$RUTLAND" "$WORK/toy.rutland" --screenshot "$WORK/open.png" --size 800x600 --frames 2 > "$WORK/open.out" 2>&1 ||
        fail "the dashboard's open number $((opens + 1)) failed: $(cat "$WORK/open.out")"
    opens=$((opens + 1))
    echo "$opens" > "$WORK/opens"
done
wait "$writer" || fail "rutland-cli play --db failed while the dashboard opened the file: $(tail -n 3 "$WORK/writer.out")"
writer=
[ "$opens" -ge 2 ] || fail "only $opens opens while play --db appended: the test proves nothing"
"$CLI" verify "$WORK/toy.rutland" > "$WORK/verify.out" 2>&1 || fail "verify: $(cat "$WORK/verify.out")"
"$CLI" export --script "$WORK/toy.rutland" | grep -v '^#' > "$WORK/file.lines"
grep -v '^#' "$WORK/toy.txt" > "$WORK/script.lines"
diff -q "$WORK/script.lines" "$WORK/file.lines" > /dev/null || fail "the file is not the script's lines"
echo "OK: $opens opens of the toy file by the dashboard while play --db appended $(($(wc -l < "$WORK/script.lines") - 1)) lines; the file verifies and holds the script"
