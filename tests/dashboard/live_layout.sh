#!/bin/bash
# The live window's layout (not --screenshot's): under an X server of the screen's size
# (xvfb-run -s "-screen 0 WxHx24"), rutland opens the recorded full game at its busiest moment
# (a Split with a margin call pending: the Turn lists the debtor's sales, the instructions have
# twelve steps) and writes where it drew things after every frame (--layout-log, main.cpp). Then,
# with keys typed as X events (xdotool), three moments the broker must read before the next Enter:
#   rejected  a long line the rules reject, Enter: the rejection with its rule ID, "Up brings...";
#   mean      a roll to a misspelt space: "Would be rejected" and "Did you mean ...?  Tab: ...";
#   tab       "Ann: s" and Tab Tab: the Tab list, the preview of a forced sale and its warnings;
# each at every text size Ctrl -/= offers in that window (10 px up to the largest). At each, the
# entry panel's last line must end inside what the panel shows (bottom and right), the players'
# strip must show every player's cash inside the lower row, and the window must fit the screen.
#   live_layout.sh RUTLAND SCRIPT SCRIPT_LINES WORK SCREEN_WxH [WINDOW_WxH]
# Without WINDOW_WxH the window takes its default size, which must fit the screen's work area.
set -u
RUTLAND=$1 SCRIPT=$2 LINES=$3 WORK=$4 SCREEN=$5 WINDOW=${6:-}
rm -rf "$WORK"; mkdir -p "$WORK"
export XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data
mkdir -p "$WORK/config/rutland" && echo '{"learn_board": false}' > "$WORK/config/rutland/settings.json"
head -n "$LINES" "$SCRIPT" > "$WORK/script.txt"
LOG=$WORK/layout.txt
screen_w=${SCREEN%x*} screen_h=${SCREEN#*x}

fail() { echo "FAIL: $*"; [ -f "$LOG" ] && cat "$LOG"; [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null; exit 1; }
value() { awk -v k="$1" '$1 == k { print $2; exit }' "$LOG"; }

size_args=()
[ -n "$WINDOW" ] && size_args=(--size "$WINDOW")
"$RUTLAND" --script "$WORK/script.txt" "$WORK/game.rutland" --layout-log "$LOG" "${size_args[@]}" > "$WORK/rutland.out" 2>&1 &
pid=$!
win=$(timeout 20 xdotool search --sync --onlyvisible --name '^Rutland$' | head -n 1)
[ -n "$win" ] || fail "no Rutland window: $(cat "$WORK/rutland.out")"
xdotool windowfocus --sync "$win" 2>/dev/null || true
for _ in $(seq 1 200); do [ -f "$LOG" ] && break; sleep 0.1; done
sleep 0.5

# Waits until the log's font is not $1 (a Ctrl -/= took effect) or 5 s passed; then lets the
# layout settle (a panel that outgrew its room asks for the next frame at once: app.cpp). At the
# largest size Ctrl+= changes nothing and the whole wait is spent: a longer one costs every run.
wait_font_change() {
    for _ in $(seq 1 50); do [ "$(value font)" != "$1" ] && break; sleep 0.1; done
    sleep 0.2
}

checks=0
# What is wrong with the layout in the log now, or nothing.
problems() {
    local w h dh
    read -r _ w h < <(grep '^window ' "$LOG")
    read -r _ _ dh < <(grep '^display ' "$LOG")
    [ "$w" -le "$screen_w" ] && [ "$h" -le "$screen_h" ] || echo " the window ${w}x$h does not fit the ${SCREEN} screen;"
    [ -z "$WINDOW" ] || [ "${w}x$h" = "$WINDOW" ] || echo " the window is ${w}x$h, not $WINDOW;"
    awk -v dh="$dh" '
        { v[$1] = $2 }
        END {
            if (v["entry_bottom"] > v["entry_clip_bottom"] + 0.5) printf(" the last line under the entry field ends at y %d, the panel shows to %d;", v["entry_bottom"], v["entry_clip_bottom"])
            if (v["entry_right"] > v["entry_clip_right"] + 0.5) printf(" a line under the entry field ends at x %d, the panel shows to %d;", v["entry_right"], v["entry_clip_right"])
            if (v["strip_cells"] != 4) printf(" the players strip shows %d players of 4;", v["strip_cells"])
            if (v["strip_bottom"] > v["lower_clip_bottom"] + 0.5) printf(" the players strip ends at y %d, the lower row shows to %d;", v["strip_bottom"], v["lower_clip_bottom"])
            if (v["strip_right"] > v["lower_clip_right"] + 0.5) printf(" the players strip ends at x %d, the lower row shows to %d;", v["strip_right"], v["lower_clip_right"])
            if (v["lower_clip_bottom"] > dh + 0.5) printf(" the lower row runs below the window;")
        }' "$LOG"
}
# The layout may take a frame or two to follow a change (the entry panel measures what it drew
# and asks for the next frame at once, app.cpp): it must be right within a second.
check() {  # $1: the moment, $2: the least number of lines under the entry field
    local what="$1 at $(value font) px" bad
    for _ in $(seq 1 10); do
        bad=$(problems)
        [ -z "$bad" ] && [ "$(value entry_lines)" -ge "$2" ] && break
        sleep 0.1
    done
    [ "$(value entry_lines)" -ge "$2" ] || fail "$what: $(value entry_lines) lines under the entry field, want $2 or more"
    [ -z "$bad" ] || fail "$what:$bad"
    checks=$((checks + 1))
}

# Every text size, checking each: `up` from the size now to the largest Ctrl+= offers, `down` from
# the size now to 10 px. (Each moment goes one way: the atlas is rebuilt at every step.)
every_size() {  # $1: the moment, $2: the least lines, $3: up or down
    local before from
    from=$(value font)
    check "$1" "$2"
    while :; do
        before=$(value font)
        if [ "$3" = up ]; then xdotool key ctrl+equal; else [ "$before" = 10 ] && break; xdotool key ctrl+minus; fi
        wait_font_change "$before"
        if [ "$(value font)" = "$before" ]; then
            [ "$3" = up ] && break
            fail "Ctrl+- did not make the text smaller than $before px"
        fi
        check "$1" "$2"
    done
    echo "$1: checked from $from to $(value font) px"
}

# Waits (up to 30 s: a big window drawn by software takes its time for each key) until the log
# has a line matching $1.
wait_for() {
    for _ in $(seq 1 300); do grep -q -- "$1" "$LOG" && return 0; sleep 0.1; done
    fail "waited 30 s for '$1'"
}

xdotool type --delay 25 -- "Ann: sell Y 5k with more words than the language has, so that the rejection wraps"
xdotool key Return
wait_for '^status Rejected'
wait_for '^entry_text $'
sleep 0.2
# From 10 px up (the first moment starts at the default size: down to 10 first, unchecked).
while [ "$(value font)" != 10 ]; do before=$(value font); xdotool key ctrl+minus; wait_font_change "$before"; done
every_size rejected 2 up

xdotool key Escape
sleep 0.3  # Esc empties the line after its frame
xdotool type --delay 25 -- "roll 3 4 2 @hazard"
wait_for '^entry_text roll 3 4 2 @hazard$'
sleep 0.2
every_size mean 2 down

xdotool key Escape
sleep 0.3
xdotool type --delay 25 -- "Ann: s"
wait_for '^entry_text Ann: s$'
xdotool key Tab
wait_for '^entry_text Ann: sell Y 5k$'
xdotool key Tab
wait_for '^entry_text Ann: sell Y pref 5k$'
sleep 0.2
every_size tab 4 up

xdotool key ctrl+q
for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "Ctrl+Q did not quit"
pid=
echo "OK: $checks layouts of the live window on a $SCREEN screen${WINDOW:+ (window $WINDOW)}: the entry line's feedback and every player's cash in view"
