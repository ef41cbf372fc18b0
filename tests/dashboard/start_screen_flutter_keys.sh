#!/bin/bash
# The start screen's form for a game with no form of its own (app/dashboard/start_host_form.cpp,
# app/view/new_game_form.h), Flutter's, by keyboard alone through the real window under an X server
# (xvfb-run), keys sent by xdotool at 25 ms a key:
#  1. Ctrl+G picks the next listed game (Flutter) and gives its form's first field the keyboard;
#     the players typed; Tab to the broker; Tab to the cash and a sum not in £5 (U-1): Enter starts
#     nothing (the game itself refused the header line, said under the form).
#  2. Shift+Tab back to the cash, 250 typed over it; Tab to the variants, one typed; Enter starts the
#     game: its header says all of it, its entry 0 is stamped with the broker typed, and it opens on
#     the desk (F12 writes its screenshot beside the file).
# Screenshots of the start screen (the refusal) and of the game are left in WORK.
#   start_screen_flutter_keys.sh RUTLAND RUTLAND_CLI WORK
set -u
RUTLAND=$1 CLI=$2 WORK=$3
rm -rf "$WORK"; mkdir -p "$WORK/config/rutland"
export XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data
data=$XDG_DATA_HOME/rutland
fail() { echo "FAIL: $*"; [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null; exit 1; }
"$RUTLAND" > "$WORK/rutland.out" 2>&1 &
pid=$!
win=$(timeout 20 xdotool search --sync --onlyvisible --name '^Rutland$' | head -n 1)
[ -n "$win" ] || fail "no Rutland window"
xdotool windowfocus --sync "$win" 2>/dev/null || true
sleep 0.5
# Characters typed right behind a Tab go to the field the Tab reached, however slow the frames
# (key_focus.h FocusedTextField): no pause after a Tab.
tabs() { for _ in $(seq 1 "$1"); do xdotool key --delay 25 Tab; done; }
# The stops of Flutter's form in drawing order: 0 players, 1 broker, 2 cash, 3 target, 4 board,
# 5 box, 6 variants, 7 Start (games/flutter/host/flutter_desk.h kHeaderOptions).

# 1. Flutter's form; a cash the game refuses.
xdotool key --delay 25 ctrl+g
xdotool type --delay 25 -- "Ann, Bob"
tabs 1; xdotool type --delay 25 -- "Dee"
tabs 1; xdotool type --delay 25 -- "257"
xdotool key --delay 25 Return
sleep 0.6
ls "$data"/*.rutland > /dev/null 2>&1 && fail "Enter started a game the header line of which Flutter refuses (cash=257)"
xdotool key F12; sleep 0.6  # start-1.png: the refusal under the form

# 2. Corrected, a variant, Enter.
xdotool key --delay 25 shift+Tab  # still on the cash: back one and forward one, and Ctrl+A selects its text
tabs 1; xdotool key --delay 25 ctrl+a; xdotool type --delay 25 -- "250"
tabs 4; xdotool type --delay 25 -- "rethrow-bankrupt"
xdotool key --delay 25 Return
for _ in $(seq 1 300); do ls "$data"/*.rutland > /dev/null 2>&1 && break; sleep 0.1; done
game=$(ls "$data"/*.rutland 2>/dev/null | head -n 1)
if [ -z "$game" ]; then
    xdotool key F12; sleep 0.6; cp "$data"/start-*.png "$WORK/" 2>/dev/null  # what the form said, to look at
    fail "Enter started no game (the form: $(ls "$WORK"/start-*.png 2>/dev/null | tail -n 1))"
fi
sleep 0.5
xdotool key F12; sleep 0.6
xdotool key --delay 25 ctrl+q
for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "Ctrl+Q did not quit the dashboard"
wait "$pid" || fail "the dashboard exited $?: $(tail -n 3 "$WORK/rutland.out")"
pid=
cp "$data"/start-*.png "$data"/*.entry-*.png "$WORK/" 2>/dev/null
ls "$WORK"/*.entry-0-*.png > /dev/null 2>&1 || fail "the new game did not open on the desk (no screenshot of it)"
header=$("$CLI" export --script "$game" | grep -v '^#' | head -n 1)
for want in "game flutter" "players=Ann,Bob" "cash=250" "variants=rethrow-bankrupt"; do
    case " $header " in *" $want "*) ;; *) fail "the new game's header lacks $want: $header" ;; esac
done
"$CLI" log "$game" | head -n 1 | grep -q " Dee " || fail "entry 0 is not stamped by the broker typed: $("$CLI" log "$game" | head -n 1)"
echo "OK: Flutter's form by keyboard alone (Ctrl+G, players, broker, cash refused then corrected, a variant); Enter started $header"
