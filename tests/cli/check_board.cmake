# rutland-cli board, as a broker's shell sees it, in a fresh $XDG_DATA_HOME:
#  - each bad board file (39 spaces, a subsidiary missing, an Ask on a non-subsidiary, not JSON) is
#    refused with its reason and nothing is written;
#  - a good one is imported, listed and shown, and a game plays on it with board=NAME;
#  - `board save` of a game that corrected a space gives a board whose facts are the corrections, verified.
#   -DCLI=path -DBOARDS=tests/boards -DWORK=dir
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ENV{XDG_DATA_HOME} ${WORK}/data)
set(dir ${WORK}/data/rutland/boards)

include(${CMAKE_CURRENT_LIST_DIR}/script_steps.cmake)

# Bad files: each refused with its reason, and the boards folder stays empty.
foreach(case "spaces-39|a board has 40 spaces in a ring, this one has 39 \\(BD-1\\)"
             "no-kaptey|the subsidiary kaptey of Yellow is missing: every one of the 24 subsidiaries"
             "ask-on-puts|space 'puts': an Ask on a non-subsidiary space breaks BD-3"
             "not-json|the board file is not valid JSON")
    string(REPLACE "|" ";" case "${case}")
    list(GET case 0 name)
    list(GET case 1 reason)
    run(1 ${CLI} board import ${BOARDS}/${name}.json)
    expect("${err}" "${name}.json refused: ${reason}.*nothing was written" "stderr of importing ${name}.json")
    file(GLOB written ${dir}/*)
    if(written)
        message(FATAL_ERROR "importing ${name}.json wrote ${written}")
    endif()
endforeach()

# A good board: imported, listed with its verified facts, shown with Brada's arrows as the file has them.
run(0 ${CLI} board import ${BOARDS}/home.json)
# Hand count: standard's 33 verified facts + Brada's arrows, Ask and (empty) Bids = 36.
expect("${out}" "saved .*home.json: home: 36 of 200 facts verified" "stdout of import")
run(1 ${CLI} board import ${BOARDS}/home.json)
expect("${err}" "a board called 'home' exists already.*nothing was written" "stderr of importing twice")
run(0 ${CLI} board list)
expect("${out}" "standard: 33 of 200 facts verified \\(0 of 40 spaces in full\\) \\[built-in\\]\nhome: 36 of 200" "board list")
run(0 ${CLI} board show home)
expect("${out}" "\n +1\\? +brada +subsidiary +DDUU +YBR +-\n" "board show home (Brada)")
expect("${out}" "\n +4\\? +altamont +subsidiary +UDUD\\? +YRG\\? +-\\?\n" "board show home (Altamont)")

# A game on it: Ann lands on Brada (position 1) whose arrows on `home` are Down Down Up Up: the
# Market Open moves Yellow and Blue down a tick, Red and Green up (volatility 1), which the
# provisional standard board (UUDD) would have done the other way round.
file(WRITE ${WORK}/game.txt "game players=Ann,Bob board=home start=@market-1,@market-1\nroll 1 2 1 @brada\nboard @altamont trend=DDUU ask=BRG bid=-\nend\n")
run(0 ${CLI} play --db ${WORK}/game.rutland --json ${WORK}/game.txt)
# Issue prices $2.00 / $1.00, one tick of $0.05 (Yellow, Blue) and $0.05 (Red, Green) per arrow at volatility 1.
expect("${out}" "\"prices\": {[^}]*\"yellow\": 195" "Yellow after Brada's Down arrow")
expect("${out}" "\"prices\": {[^}]*\"red\": 105" "Red after Brada's Up arrow")
run(0 ${CLI} verify ${WORK}/game.rutland)

# board save: the board the game ended with, Altamont as corrected and verified.
run(0 ${CLI} board save ${WORK}/game.rutland learnt)
file(READ ${dir}/learnt.json learnt)
string(JSON count LENGTH "${learnt}" spaces)
foreach(i RANGE 39)
    string(JSON name GET "${learnt}" spaces ${i} name)
    if(name STREQUAL "altamont")
        foreach(key trend ask bid trend_verified ask_verified bid_verified position_verified)
            string(JSON ${key} GET "${learnt}" spaces ${i} ${key})
        endforeach()
    endif()
endforeach()
if(NOT count EQUAL 40 OR NOT trend STREQUAL "DDUU" OR NOT ask STREQUAL "BRG" OR NOT bid STREQUAL "" OR NOT trend_verified
   OR NOT ask_verified OR NOT bid_verified OR position_verified)
    message(FATAL_ERROR "learnt.json's Altamont is not the correction (DDUU, BRG, no Bids, verified; position still unverified):\n${learnt}")
endif()
run(0 ${CLI} board list)
expect("${out}" "learnt: 39 of 200 facts verified" "board list after save (36 + Altamont's arrows, Ask, Bids)")
run(1 ${CLI} board save ${WORK}/game.rutland learnt)
expect("${err}" "exists already.*nothing was written" "saving over a board")
run(1 ${CLI} board save ${WORK}/game.rutland standard)
expect("${err}" "'standard' is a built-in board's name" "saving as a built-in name")
