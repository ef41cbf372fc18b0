#!/bin/bash
# The dashboard as a broker types into it: under an X server (xvfb-run), rutland opens a
# game made from a script's header, and xdotool types the script's other lines as X key events at
# 25 ms a key, with no pause after Enter. Then the game file must hold exactly what `rutland-cli
# play` makes of the same lines: every line, none glued to another, none lost.
#   type_game.sh RUTLAND RUTLAND_CLI SCRIPT WORK [plain | interrupt | players | quick TYPED README]
# With `interrupt`, before each line the test also does one of: click a tab of the lower row (in
# the middle of the line); open
# and cancel the undo confirm (Ctrl+Z, Esc); type half a line and clear it with Esc, then a line the
# rules reject with Enter and no pause (the line after it must not be glued to it); travel two
# entries back in time (PgUp PgUp) and come back with Esc. It never clicks back into the line.
# With `players`, F11 first opens the players' window beside the broker's, and the lines
# are typed while it shows: every third line with the focus on the players' window (as a window
# manager may give it, or a click), its keys going to the broker's entry line; every tenth line
# after F11 closed it, and F11 opens it again after that line. It must still be open at the end.
# With `quick`, the lines typed are TYPED's (the quick forms, README), the file must still equal
# rutland-cli play of SCRIPT, and the keystrokes typed (characters and Enters) must be the count
# README claims for this game.
# With `asked`, the lines typed are TYPED's, answering the game's questions as a broker does
# (app/view/host_desk.h invariants 6, 7): a throw held by a question about the board (BD-7) is
# answered by the `board` line typed after it, or by Enter on the empty line (a line `<Enter>` in
# TYPED), and a Market News card asked for at once by its `news` line (N-1); the file must equal
# rutland-cli play of SCRIPT, where each answer stands before the line it was asked about.
# With `learn`, the board check at a first landing (D-2, games/big-board-raiders/dashboard/board_learning.h) is on, as a new game has it: the
# lines are typed straight on, and every line typed while a check is open waits behind it
# (games/big-board-raiders/view/question.h). Only then is Enter pressed, once per check, each confirming what the board
# shows; the file must equal rutland-cli play of the same lines with the `board` entries the checks
# recorded, each right before its roll. A screenshot of the lines waiting is left in WORK.
set -u
RUTLAND=$1 CLI=$2 SCRIPT=$3 WORK=$4 MODE=${5:-plain} TYPED=${6:-} README=${7:-}
rm -rf "$WORK"; mkdir -p "$WORK"
export XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data
# These games measure the entry line alone: the board check at a first landing is off,
# as the start screen's checkbox sets it; `learn` leaves it on.
mkdir -p "$WORK/config/rutland"
[ "$MODE" = learn ] || echo '{"learn_board": false}' > "$WORK/config/rutland/settings.json"
# The header starts the game; the other command lines (no comments, no blank lines) are typed.
grep -v '^[[:space:]]*#' "$SCRIPT" | grep -v '^[[:space:]]*$' > "$WORK/lines.txt"
head -n 1 "$WORK/lines.txt" > "$WORK/header.txt"
tail -n +2 "$WORK/lines.txt" > "$WORK/typed.txt"
if [ "$MODE" = quick ] || [ "$MODE" = asked ]; then
    grep -v '^[[:space:]]*#' "$TYPED" | grep -v '^[[:space:]]*$' > "$WORK/typed.txt"
fi
keystrokes=$(( $(wc -c < "$WORK/typed.txt") ))  # every character and a newline (Enter) per line
expected_entries=$(wc -l < "$WORK/lines.txt")

fail() { echo "FAIL: $*"; [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null; exit 1; }

"$RUTLAND" --script "$WORK/header.txt" "$WORK/game.rutland" > "$WORK/rutland.out" 2>&1 &
pid=$!
win=$(timeout 20 xdotool search --sync --onlyvisible --name '^Rutland$' | head -n 1)
[ -n "$win" ] || fail "no Rutland window"
xdotool windowfocus --sync "$win" 2>/dev/null || true
sleep 0.5  # the first frames: the entry line takes the keyboard

players_win=
open_players() {
    xdotool key --delay 25 F11
    players_win=$(timeout 10 xdotool search --sync --onlyvisible --name '^Rutland players$' | head -n 1)
    [ -n "$players_win" ] || fail "F11 opened no players' window"
}
if [ "$MODE" = players ]; then
    open_players
    # It opens without taking the focus (players_window.h invariant 3).
    [ "$(xdotool getwindowfocus)" = "$win" ] || fail "the players' window took the focus when it opened"
fi

type_line() {
    [ "$1" = "<Enter>" ] || xdotool type --delay 25 -- "$1"
    xdotool key --delay 25 Return
}

n=0
while IFS= read -r line; do
    n=$((n + 1))
    if [ "$MODE" = interrupt ]; then
        case $((n % 4)) in
            1) # half the line, a click on a tab of the lower row (Ledger, where the 1600x900 layout
               # puts it) and on a row of the table below it, then the rest of the line
               half=$(( ${#line} / 2 ))
               xdotool type --delay 25 -- "${line:0:half}"
               xdotool mousemove --window "$win" 160 525 click 1 mousemove --window "$win" 700 600 click 1
               line=${line:half} ;;
            2) # the undo confirm, cancelled with Esc
               xdotool key --delay 25 ctrl+z Escape ;;
            3) # half a line, then Esc clears it; then a line the rules reject, Enter, and straight on
               # (the rejected line leaves the field: the next line must not be glued to it)
               xdotool type --delay 25 -- "zzz"; xdotool key --delay 25 Escape
               xdotool type --delay 25 -- "yyy"; xdotool key --delay 25 Return ;;
            0) # time travel (PgUp: one entry back) and Esc back to now
               xdotool key --delay 25 Prior Prior Escape ;;
        esac
    fi
    if [ "$MODE" = players ]; then
        if [ $((n % 10)) -eq 5 ]; then
            xdotool key --delay 25 F11  # closes it: the line is typed without it, then it opens again
            # The F11 is taken in its turn, after every key typed before it: on a loaded machine
            # the dashboard may be seconds behind the typist (it once failed at 5 s, load 15).
            for _ in $(seq 1 200); do
                xdotool search --onlyvisible --name '^Rutland players$' > /dev/null || break
                sleep 0.1
            done
            xdotool search --onlyvisible --name '^Rutland players$' > /dev/null && fail "F11 did not close the players' window"
            type_line "$line"
            open_players
            continue
        fi
        if [ $((n % 3)) -eq 0 ]; then
            xdotool windowfocus "$players_win" 2>/dev/null || fail "cannot focus the players' window"
            type_line "$line"
            xdotool windowfocus "$win" 2>/dev/null || true
            continue
        fi
    fi
    type_line "$line"
done < "$WORK/typed.txt"
if [ "$MODE" = players ]; then
    xdotool search --onlyvisible --name '^Rutland players$' > /dev/null || fail "the players' window is not open at the end"
fi
answers=0
if [ "$MODE" = learn ]; then
    # Everything typed is in the dashboard now: the first check's question, the rest waiting.
    entries() { "$CLI" log "$WORK/game.rutland" 2>/dev/null | wc -l; }
    settle() {  # until the file stops growing for 0.6 s
        local last=-1 now
        for _ in $(seq 1 100); do
            now=$(entries)
            [ "$now" -eq "$last" ] && break
            last=$now
            sleep 0.6
        done
    }
    settle
    xdotool key F12; sleep 0.6  # the question with the lines waiting behind it
    cp "$WORK"/game.entry-*.png "$WORK/waiting.png" 2>/dev/null
    rolls=$(grep -c '^roll' "$WORK/typed.txt")
    # One Enter per question: each records a board entry, then its roll and the lines behind it.
    while [ "$(entries)" -lt $((expected_entries + answers)) ] && [ "$answers" -le "$rolls" ]; do
        before=$(entries)
        xdotool key --delay 25 Return
        answers=$((answers + 1))
        for _ in $(seq 1 100); do [ "$(entries)" -gt "$before" ] && break; sleep 0.1; done
        [ "$(entries)" -gt "$before" ] || fail "Enter number $answers answered no question ($before entries)"
        settle
    done
fi

# Wait (up to 30 s: the dashboard takes the keys in order, and may be behind on a loaded machine)
# for the last line to reach the file, then quit with the quit key.
for _ in $(seq 1 300); do
    got=$("$CLI" log "$WORK/game.rutland" 2>/dev/null | wc -l)
    [ "$got" -ge $((expected_entries + answers)) ] && break
    sleep 0.1
done
# SHOT_BEFORE_QUIT=1: a screenshot (F12) beside the game file first, to look at a failure.
[ -n "${SHOT_BEFORE_QUIT:-}" ] && { xdotool key F12; sleep 0.5; }
# With `interrupt`, Ctrl+W first: back to the start screen (once a crash: the frame still read the
# closed game), then Ctrl+Q there.
[ "$MODE" = interrupt ] && { xdotool key --delay 25 ctrl+w; sleep 0.3; }
xdotool key --delay 25 ctrl+q
for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
quit_failed=
if kill -0 "$pid" 2>/dev/null; then kill "$pid"; quit_failed="Ctrl+Q did not quit the dashboard"; fi
wait "$pid"; code=$?
[ -n "$quit_failed" ] || [ "$code" -eq 0 ] || quit_failed="the dashboard exited $code: $(tail -n 3 "$WORK/rutland.out")"
pid=

"$CLI" play --db "$WORK/expected.rutland" "$WORK/lines.txt" > /dev/null || fail "rutland-cli play rejected the script"
"$CLI" export --script "$WORK/game.rutland" | grep -v '^#' > "$WORK/typed.lines"
"$CLI" export --script "$WORK/expected.rutland" | grep -v '^#' > "$WORK/expected.lines"
if [ "$MODE" = learn ]; then
    # The checks' board entries: one per Enter, each right before a roll; without them, the lines
    # typed, in order.
    checks=$(( $(grep -c '^board ' "$WORK/typed.lines") - $(grep -c '^board ' "$WORK/typed.txt") ))
    [ "$checks" -eq "$answers" ] || fail "$answers Enters answered $checks board checks"
    [ "$checks" -ge 2 ] || fail "only $checks board checks: is the check on?"
    # (the script's own board lines stand where it has them)
    awk 'NR == FNR {script[$0] = 1; next} prev != "" && !(prev in script) && $0 !~ /^roll/ {bad = 1; print "after " prev ": " $0}
         {prev = ($0 ~ /^board / ? $0 : "")} END {exit bad}' "$WORK/typed.txt" "$WORK/typed.lines" ||
        fail "a board entry is not right before its roll"
    awk 'NR == FNR {script[$0] = 1; next} $0 !~ /^board / || ($0 in script)' "$WORK/expected.lines" "$WORK/typed.lines" \
        > "$WORK/typed.noboard"
    diff -u "$WORK/expected.lines" "$WORK/typed.noboard" ||
        fail "without the board entries, the game file is not rutland-cli play of the lines typed"
    # rutland-cli play of the same lines with those board entries makes the same file.
    rm -f "$WORK/expected.rutland"*
    cp "$WORK/typed.lines" "$WORK/lines.txt"
    "$CLI" play --db "$WORK/expected.rutland" "$WORK/lines.txt" > /dev/null || fail "rutland-cli play rejected the lines with the board entries"
    "$CLI" export --script "$WORK/expected.rutland" | grep -v '^#' > "$WORK/expected.lines"
fi
if ! diff -u "$WORK/expected.lines" "$WORK/typed.lines"; then
    fail "the game file differs from rutland-cli play of the same lines ($(wc -l < "$WORK/typed.lines") of $expected_entries entries)"
fi
# The states, but for the fingerprint (it hashes each entry's time and command id too).
"$CLI" state --json "$WORK/game.rutland" | grep -v '"fingerprint":' > "$WORK/typed.json"
"$CLI" state --json "$WORK/expected.rutland" | grep -v '"fingerprint":' > "$WORK/expected.json"
diff -u "$WORK/expected.json" "$WORK/typed.json" || fail "the states differ"
[ -z "$quit_failed" ] || fail "$quit_failed"
if [ "$MODE" = quick ]; then
    claim="$(basename "$SCRIPT") typed with the quick forms is $keystrokes keystrokes"
    grep -q "$claim" "$README" || fail "README does not say: $claim"
fi
[ "$MODE" = learn ] && echo "OK: $answers board checks, each answered by one Enter, the lines typed behind them waited"
echo "OK: $expected_entries entries typed ($MODE, $keystrokes keystrokes), the game file equals rutland-cli play of the same lines"
