#!/bin/sh
# Flutter's tables at the desk (games/flutter/panels/flutter_tables.h), each tab of the desk's right
# column in front at the four window sizes of Big Board Raiders' layout tests, and the players'
# window (F11) with the board and the players' table: one X server (xvfb-run around this script),
# one rutland a shot (and a question open, beside the board), each shot checked by png_check (a real rendering; the tab in front). The PNGs
# stay in OUT to be looked at.
#   flutter_tables.sh RUTLAND PNG_CHECK SCRIPT OUT
set -e
rutland=$1 png_check=$2 script=$3 out=$4
mkdir -p "$out"
export TMPDIR="$out" XDG_CONFIG_HOME="$out/config" XDG_DATA_HOME="$out/data"
[ -d /dev/shm ] && [ -w /dev/shm ] && export TMPDIR=/dev/shm
for size in 1280x720 1600x900 1920x1080 2560x1440; do
    w=${size%x*} h=${size#*x}
    for tab in players round-end tokens claims; do
        shot="$out/flutter_tables_${tab}_${size}.png"
        rm -f "$shot"
        players=""  # the players' window once, beside the first shot
        [ "$size$tab" = 1280x720players ] && players="--players-screenshot $out/flutter_tables_players_window.png --players-size 1280x720"
        "$rutland" --script "$script" --screenshot "$shot" --size "$size" --tab "$tab" $players >/dev/null
        # ImGui's TabActive (StyleColorsDark) in the right column's top: the tab in front; the
        # accent (Theme::Accent) of the panels' titles and the first headings.
        "$png_check" "$shot" "$w" "$h" --quadrants 4 \
            --expect 51,105,173 --region 55,15,45,25 --min-pixels 150 --what "the $tab tab in front in the right column" \
            >/dev/null || { echo "flutter_tables: $shot"; exit 1; }
    done
done
shot="$out/flutter_tables_players_window.png"
# The players' window: the board's White lane heading and the players' table (White's chip) in White.
"$png_check" "$shot" 1280 720 --quadrants 4 --expect 245,245,240 --region 0,15,100,25 --min-pixels 400 \
    --what "White's lane heading and chip in the players' window" >/dev/null || { echo "flutter_tables: $shot"; exit 1; }
# A question open (BD-7: the first throw lands on a hole not yet confirmed): the box covers the
# right column, not the board beside it (the centre column's provisional prices, outlined in amber,
# stay in sight), at the smallest size and the largest.
printf 'game flutter players=Ann,Bob\nw3\n' > "$out/question.txt"
for size in 1280x720 2560x1440; do
    w=${size%x*} h=${size#*x}
    shot="$out/flutter_tables_question_${size}.png"
    rm -f "$shot"
    # rutland says the script stopped at a question (exit 1): that question is the point here.
    "$rutland" --script "$out/question.txt" --screenshot "$shot" --size "$size" >/dev/null 2>&1 || true
    "$png_check" "$shot" "$w" "$h" --quadrants 4 \
        --expect 255,184,64 --region 39,44,5,40 --min-pixels 1100 --what "the board's provisional prices beside the question box" \
        >/dev/null || { echo "flutter_tables: $shot"; exit 1; }
done
echo "flutter_tables: 19 shots in $out"
