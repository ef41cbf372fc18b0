#!/bin/bash
# The start screen by keyboard alone, through the real window under an X server (xvfb-run), keys
# sent by xdotool at 25 ms a key (kit/ui/key_focus.h):
#  1. A new game: the players typed into the first field (it has the keyboard, framed, when the
#     screen opens); Tab to the SEC guy's combo and Right picks the first player; Tab to the start
#     spaces and type one for everyone; Tab to the `uptick` variant and Space ticks it; Enter starts
#     the game. Its header must say all of it (sec=Ann variants=uptick start=@market-1,@market-1).
#  2. Open a game: Tab to the Open section's File field, type the path of a game made by
#     `rutland-cli play --db`, Enter: that game opens (F12 then writes its screenshot beside that
#     file), and no new game is created.
# Screenshots of the start screen with the focus on each are left in WORK.
#   start_screen_keys.sh RUTLAND RUTLAND_CLI WORK
set -u
RUTLAND=$1 CLI=$2 WORK=$3
rm -rf "$WORK"; mkdir -p "$WORK/config/rutland"
export XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data
data=$XDG_DATA_HOME/rutland
fail() { echo "FAIL: $*"; [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null; exit 1; }
start() {
    "$RUTLAND" > "$WORK/rutland.out" 2>&1 &
    pid=$!
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
tabs() { for _ in $(seq 1 "$1"); do xdotool key --delay 25 Tab; done; }
# The stops in drawing order (app.cpp DrawStart): 0 players, 1 cash, 2 broker, 3 SEC guy, 4 Time
# cards, 5 start spaces, 6 board, 7 board setup, 8 the board check, 9-15 the variants (14 uptick),
# 16 start from the table, 17 Start, 18 File, 19 Open.

# 1. A new game.
start
xdotool type --delay 25 -- "Ann, Bob"
tabs 3; xdotool key --delay 25 Right          # the SEC guy: Ann
tabs 2; xdotool type --delay 25 -- "@market-1"  # start spaces
tabs 9; xdotool key --delay 25 space           # uptick
sleep 0.3; xdotool key F12; sleep 0.6           # start-1.png: the focus on uptick, ticked
xdotool key --delay 25 Return
for _ in $(seq 1 300); do ls "$data"/*.rutland > /dev/null 2>&1 && break; sleep 0.1; done
game=$(ls "$data"/*.rutland 2>/dev/null | head -n 1)
[ -n "$game" ] || fail "Enter started no game"
sleep 0.3
quit
cp "$data"/start-*.png "$WORK/" 2>/dev/null
header=$("$CLI" export --script "$game" | grep -v '^#' | head -n 1)
for want in "players=Ann,Bob" "sec=Ann" "variants=uptick" "start=@market-1,@market-1"; do
    case " $header " in *" $want "*) ;; *) fail "the new game's header lacks $want: $header" ;; esac
done

# 2. Enter in the File field opens the file typed.
printf '%s\n%s\n' "game players=Cy,Dee start=@market-1,@market-1" "roll 1 2 1" > "$WORK/other.txt"
"$CLI" play --db "$WORK/other.rutland" "$WORK/other.txt" > /dev/null || fail "rutland-cli play --db failed"
games_before=$(ls "$data"/*.rutland | wc -l)
start
tabs 18
xdotool type --delay 25 -- "$WORK/other.rutland"
sleep 0.3; xdotool key F12; sleep 0.6           # start-2.png: the focus on the File field
xdotool key --delay 25 Return
sleep 0.8
xdotool key F12; sleep 0.6                      # in the game: other.entry-1-1.png beside it
quit
cp "$data"/start-*.png "$WORK/" 2>/dev/null
ls "$WORK"/other.entry-1-*.png > /dev/null 2>&1 || fail "Enter in the File field did not open $WORK/other.rutland ($(ls "$WORK" "$data"))"
[ "$(ls "$data"/*.rutland | wc -l)" -eq "$games_before" ] || fail "Enter in the File field created a game: $(ls "$data")"
echo "OK: a new game set up by keyboard alone (SEC guy, start spaces, a variant); Enter in the File field opened the file typed"
