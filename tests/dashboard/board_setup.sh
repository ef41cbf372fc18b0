#!/bin/bash
# The table's own board through the real window, under an X server (xvfb-run), keys sent
# by xdotool as X key events:
#  1. Board setup (typed at 10 ms a key): on the start screen Ctrl+B, then one line per space for
#     the 40 spaces of LINES (what a physical board shows), then the name `home` and Enter. The saved board must be exactly
#     EXPECTED (position, space, kind, arrows, Ask, Bids), every fact verified, and the keystrokes
#     (Ctrl+B, every character and Enter) the count README claims.
#  2. The first landing: a game on the standard board; Ann's roll lands on Preferred Yellow: the
#     check box opens and Enter confirms; Bob's lands on Altamont: a trade typed on without looking
#     waits behind the check (games/big-board-raiders/view/question.h) while he types the correction, then comes out
#     after his roll and is rejected by the rules (no Ask for Yellow at Altamont, B-1); his
#     next lands on Colfax: Esc rolls without checking. The game file must hold exactly the board
#     entries and rolls that says. Then Ctrl+B saves what the game learnt as the board `learnt`.
# Screenshots of the setup, the saved board and the check box are left in WORK to look at.
#   board_setup.sh RUTLAND RUTLAND_CLI LINES EXPECTED WORK README
set -u
RUTLAND=$1 CLI=$2 LINES=$3 EXPECTED=$4 WORK=$5 README=$6
rm -rf "$WORK"; mkdir -p "$WORK"
export XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data
fail() { echo "FAIL: $*"; [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null; exit 1; }
window() {
    win=$(timeout 20 xdotool search --sync --onlyvisible --name '^Rutland$' | head -n 1)
    [ -n "$win" ] || fail "no Rutland window"
    xdotool windowfocus --sync "$win" 2>/dev/null || true
    sleep 0.5
}
quit() {
    xdotool key --delay 25 ctrl+q
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && fail "Ctrl+Q did not quit the dashboard"
    wait "$pid" || fail "the dashboard exited $?: $(tail -n 3 "$WORK/rutland.out")"
    pid=
}
shot() { xdotool key F12; sleep 0.6; }

# 1. Board setup.
grep -v '^[[:space:]]*#' "$LINES" | grep -v '^[[:space:]]*$' > "$WORK/typed.txt"
"$RUTLAND" > "$WORK/rutland.out" 2>&1 &
pid=$!
window
xdotool key --delay 25 ctrl+b
keys=1
n=0
while IFS= read -r line; do
    xdotool type --delay 10 -- "$line"; xdotool key --delay 10 Return
    keys=$((keys + ${#line} + 1)); n=$((n + 1))
    [ "$n" -eq 20 ] && shot  # start-1.png: half way round the board
done < "$WORK/typed.txt"
xdotool type --delay 25 -- home; xdotool key --delay 25 Return
keys=$((keys + 5))
sleep 0.5
shot  # start-2.png: the start screen with the saved board picked
quit
cp "$XDG_DATA_HOME"/rutland/start-*.png "$WORK/" 2>/dev/null
board=$XDG_DATA_HOME/rutland/boards/home.json
[ -f "$board" ] || fail "board setup saved no home.json ($(ls "$XDG_DATA_HOME/rutland/boards" 2>&1))"
"$CLI" board list > "$WORK/list.txt" || fail "board list failed"
grep -q "^home: 200 of 200 facts verified (40 of 40 spaces in full)$" "$WORK/list.txt" || fail "home is not verified in full: $(cat "$WORK/list.txt")"
# `board show` prints position, space, kind, arrows, Ask, Bids; '?' would mark an unverified fact.
"$CLI" board show home | tail -n +3 | awk '{print $1, $2, $3, $4, $5, $6}' > "$WORK/shown.txt"
diff -u "$EXPECTED" "$WORK/shown.txt" || fail "the saved board is not what was typed"
claim="Board setup of all 40 spaces, each typed in full, is $keys keystrokes"
grep -q "$claim" "$README" || fail "README does not say: $claim"

# 2. The first landing on a space with unverified facts.
echo "game players=Ann,Bob start=@market-1,@market-1" > "$WORK/header.txt"
"$RUTLAND" --script "$WORK/header.txt" "$WORK/game.rutland" > "$WORK/rutland.out" 2>&1 &
pid=$!
window
type_line() { xdotool type --delay 25 -- "$1"; xdotool key --delay 25 Return; sleep 0.3; }
type_line "roll 1 2 1"      # Ann: 0 + 3 = Preferred Yellow, nothing checked: the check box opens
shot                        # game.entry-0-1.png: the check box
xdotool key --delay 25 Return; sleep 0.3   # the board shows this
type_line "end"
type_line "roll 2 2 1"      # Bob: 0 + 4 = Altamont
type_line "buy Y 20k"       # typed on without looking: it waits behind the check, then B-1 rejects it
type_line "dduu brg"        # what the physical board shows
type_line "end"
type_line "roll 1 2 1"      # Bob again (doubles): 4 + 3 = Colfax
xdotool key --delay 25 Escape; sleep 0.3   # roll without checking
type_line "end"
for _ in $(seq 1 300); do
    [ "$("$CLI" log "$WORK/game.rutland" 2>/dev/null | wc -l)" -ge 9 ] && break
    sleep 0.1
done
"$CLI" log "$WORK/game.rutland" | grep -q "end" || fail "no entries reached the game file"
# Ctrl+B: save what the game learnt; the name field offers "home" selected, typing replaces it.
xdotool key --delay 25 ctrl+b; sleep 0.3
type_line "learnt"
shot                        # game.entry-8-2.png: the dashboard after saving
quit
# Hand count: the standard board's 33 verified facts, Preferred Yellow's arrows, Ask and Bids (3),
# Altamont's (3); Colfax was not checked.
"$CLI" board list | grep -q "^learnt: 39 of 200 facts verified" || fail "the learnt board: $("$CLI" board list 2>&1)"
"$CLI" export --script "$WORK/game.rutland" | grep -v '^#' > "$WORK/lines.txt"
cat > "$WORK/expected-lines.txt" <<'LINES'
game players=Ann,Bob cash=100000 board=standard start=@market-1,@market-1
board @preferred-yellow trend=DDUU ask=- bid=YBG
roll 1 2 1
end
board @altamont trend=DDUU ask=BRG bid=-
roll 2 2 1
end
roll 1 2 1
end
LINES
diff -u "$WORK/expected-lines.txt" "$WORK/lines.txt" || fail "the game file is not the checks and rolls typed"
echo "OK: board setup of 40 spaces in $keys keystrokes saved as home, verified in full; the first-landing check confirmed, corrected and skipped"
