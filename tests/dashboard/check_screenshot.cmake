# One screenshot test: rutland plays a script through its entry line under Xvfb, saves a PNG of a
# panel (or the whole dashboard), and png_check says it is a real rendering that shows what EXPECT
# says (png_check's --expect options: a colour, where, how many pixels).
#   -DXVFB_RUN= -DDISPLAY_NUMBER= (the X display to start from: xvfb-run -a -n) -DRUTLAND= -DPNG_CHECK= -DSCRIPT= (none: the start screen) -DOUT= -DSIZE=WxH -DEXTRA="--panel|ledger"
#   -DEXPECT="--expect|R,G,B|--region|X,Y,W,H|--min-pixels|N|--what|TEXT" -DWORK=
#   -DGAME= a game file to open instead of a script (a copy in WORK: opening may add its -wal and -shm)
#   -DSCRIPT_LINES= play only the script's first lines (a moment of the game)
#   -DPLAYERS_OUT= -DPLAYERS_SIZE=WxH -DPLAYERS_EXPECT=...: the players' window too, opened
#                  right of the broker's (the screen holds both side by side), saved at the same frame
#                  and checked with its own expectations
string(REPLACE "x" ";" wh "${SIZE}")
list(GET wh 0 width)
list(GET wh 1 height)
string(REPLACE "|" ";" extra "${EXTRA}")
string(REPLACE "|" ";" expect "${EXPECT}")
set(screen_width ${width})
set(screen_height ${height})
if(PLAYERS_OUT)
    string(REPLACE "x" ";" pwh "${PLAYERS_SIZE}")
    list(GET pwh 0 players_width)
    list(GET pwh 1 players_height)
    math(EXPR screen_width "${width} + ${players_width}")
    if(players_height GREATER height)
        set(screen_height ${players_height})
    endif()
    file(REMOVE ${PLAYERS_OUT})
    list(APPEND extra --players-screenshot ${PLAYERS_OUT} --players-size ${PLAYERS_SIZE})
endif()
file(MAKE_DIRECTORY ${WORK})
set(ENV{XDG_CONFIG_HOME} ${WORK}/config)
set(ENV{XDG_DATA_HOME} ${WORK}/data)
if(SCRIPT AND SCRIPT_LINES)
    # A moment of the game: the script's first SCRIPT_LINES lines (then --type shows a preview).
    execute_process(COMMAND head -n ${SCRIPT_LINES} ${SCRIPT} OUTPUT_FILE ${WORK}/script.txt RESULT_VARIABLE code)
    if(NOT code EQUAL 0)
        message(FATAL_ERROR "cannot cut ${SCRIPT} at line ${SCRIPT_LINES}")
    endif()
    set(SCRIPT ${WORK}/script.txt)
endif()
if(SCRIPT)
    set(script --script ${SCRIPT})
endif()
if(GAME)
    get_filename_component(game_name ${GAME} NAME)
    file(REMOVE ${WORK}/${game_name} ${WORK}/${game_name}-wal ${WORK}/${game_name}-shm)
    file(COPY ${GAME} DESTINATION ${WORK})
    set(script ${WORK}/${game_name})
endif()
# rutland plays a script into a new game file in $TMPDIR (app/dashboard/main.cpp), with an
# fdatasync for every entry: on a disk that was most of this test's time (2-3 s of waiting for the
# full game's 300 entries, with ctest running these one at a time) and it checks nothing here (the
# store's durability is the power-loss and crash tests'). In memory (/dev/shm) where there is one.
set(server_number)
if(DISPLAY_NUMBER)
    set(server_number -n ${DISPLAY_NUMBER})
endif()
execute_process(COMMAND test -d /dev/shm -a -w /dev/shm RESULT_VARIABLE no_shm)
if(no_shm EQUAL 0)
    set(ENV{TMPDIR} /dev/shm)
endif()
execute_process(
    COMMAND ${XVFB_RUN} -a ${server_number} -s "-screen 0 ${screen_width}x${screen_height}x24" ${RUTLAND} ${script} --screenshot ${OUT} --size ${SIZE} ${extra}
    RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0)
    message(FATAL_ERROR "rutland exited ${code}\n${out}\n${err}")
endif()
# A whole dashboard fills all four quadrants; the start screen (a form on the left) two; a single
# panel at least one.
if("${EXTRA}" MATCHES "--panel")
    set(quadrants 1)
elseif(NOT SCRIPT AND NOT GAME)
    set(quadrants 2)
else()
    set(quadrants 4)
endif()
execute_process(COMMAND ${PNG_CHECK} ${OUT} ${width} ${height} --quadrants ${quadrants} ${expect} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}")
if(NOT code EQUAL 0)
    message(FATAL_ERROR "${err}")
endif()
if(PLAYERS_OUT)
    string(REPLACE "|" ";" players_expect "${PLAYERS_EXPECT}")
    execute_process(COMMAND ${PNG_CHECK} ${PLAYERS_OUT} ${players_width} ${players_height} --quadrants 4 ${players_expect}
                    RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
    message(STATUS "the players' window: ${out}")
    if(NOT code EQUAL 0)
        message(FATAL_ERROR "the players' window: ${err}")
    endif()
endif()
