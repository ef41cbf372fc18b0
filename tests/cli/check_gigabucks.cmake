# rutland-cli hosting Corporate Gigabucks (games/gigabucks/, through the registry and its OpenGame,
# games/gigabucks/host/), as tests/cli/check_flutter.cmake does Flutter.
#   -DCLI=path -DGAMES=tests/gigabucks/games -DWORK=dir -DSCENARIO=name
# games: each tests/gigabucks/games/*.txt played in memory by `play --json` has every key of its
#        hand-checked .json with the same value (RULES.md section 18; compared as JSON, so key order
#        and spacing do not matter); its `#reject RULE: LINE` lines typed, with --keep-going, each
#        rejected citing RULE (`script:LINE: rejected: ... (RULE)`) and the JSON unchanged; the
#        header's game word in capitals; rejected headers passed over with --keep-going
# file:  a game played into a file: verify clean; export --script played back into a new file gives
#        the same fingerprint; state --json is section 18's
# rule:  `rule --game gigabucks ID` prints the rule of games/gigabucks/docs/RULES.md (an item, a decision)
cmake_minimum_required(VERSION 3.19)  # string(JSON); quoted arguments are never variables (CMP0054)
include(${CMAKE_CURRENT_LIST_DIR}/recorded_games.cmake)  # run, expect, FP, check_recorded_games

file(MAKE_DIRECTORY ${WORK})
set(dir ${WORK}/${SCENARIO})
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir})

if(SCENARIO STREQUAL "games")
    check_recorded_games("Corporate Gigabucks" ${dir})
    # Case-insensitive (section 17), the header's game word too.
    file(READ ${GAMES}/first-turns.txt lines)
    string(REPLACE "game gigabucks players=" "GAME Gigabucks PLAYERS=" upper "${lines}")
    file(WRITE ${dir}/upper.txt "${upper}")
    run(0 lower_out ${CLI} play ${GAMES}/first-turns.txt --json)
    run(0 upper_out ${CLI} play ${dir}/upper.txt --json)
    string(JSON same EQUAL "${lower_out}" "${upper_out}")
    if(NOT same)
        message(FATAL_ERROR "GAME Gigabucks PLAYERS= played another state:\n${upper_out}")
    endif()
    # Section 17: after a rejected header every line but another header is L-1; each header is
    # checked until one is valid; L-1 before G-1 before G-2 before G-3.
    file(WRITE ${dir}/headers.txt "game gigabucks players=Ann\np5\ngame gigabucks players=Ann,Bob cash=0\n"
                                  "game gigabucks players=Ann,Bob spaces=5\ngame gigabucks players=Ann variants=foo\n"
                                  "game gigabucks players=Ann,Bob\np5\n")
    run(1 kept ${CLI} play ${dir}/headers.txt --keep-going --json)
    expect("${kept_err}" "headers.txt:1: rejected: [^\n]* \\(G-1\\)\n"
                         "headers.txt:2: rejected: [^\n]* \\(L-1\\)\n"
                         "headers.txt:3: rejected: [^\n]* \\(G-2\\)\n"
                         "headers.txt:4: rejected: [^\n]* \\(G-3\\)\n"
                         "headers.txt:5: rejected: [^\n]* \\(L-1\\)\n$")
    string(JSON due GET "${kept}" due 0 space)
    if(NOT due EQUAL 5)
        message(FATAL_ERROR "the valid header's game did not go on to p5:\n${kept}")
    endif()
elseif(SCENARIO STREQUAL "file")
    set(game ${dir}/gigabucks.rutland)
    run(0 out ${CLI} play ${GAMES}/liquidation-and-resignation.txt --db ${game})
    string(REGEX MATCH "gigabucks.rutland: ([0-9]+) entries, fingerprint (${FP})" m "${out}")
    if(NOT m)
        message(FATAL_ERROR "play --db printed no entries and fingerprint:\n${out}")
    endif()
    set(entries ${CMAKE_MATCH_1})
    set(fingerprint "${CMAKE_MATCH_2}")
    run(0 out ${CLI} verify ${game})
    expect("${out}" "clean: ${entries} entries.*fingerprint ${fingerprint}\n  gigabucks: players Ann, Bob, Cy; a ring of 42 spaces")
    run(0 exported ${CLI} export ${game} --script)
    file(WRITE ${dir}/exported.txt "${exported}")
    expect("${exported}" "game gigabucks players=Ann,Bob,Cy cash=10 spaces=42\n")
    run(0 out ${CLI} play ${dir}/exported.txt --db ${dir}/replayed.rutland)
    expect("${out}" "replayed.rutland: ${entries} entries, fingerprint ${fingerprint}")
    run(0 out ${CLI} state ${game} --json)
    string(JSON winner GET "${out}" winner)
    string(JSON total GET "${out}" money_total)
    if(NOT winner STREQUAL "Bob" OR NOT total EQUAL 30)
        message(FATAL_ERROR "state --json: winner '${winner}', money_total '${total}':\n${out}")
    endif()
    run(0 out ${CLI} log ${game})
    expect("${out}" "involuntary -")
elseif(SCENARIO STREQUAL "rule")
    run(0 out ${CLI} rule --game gigabucks RY-2)
    expect("${out}" "RY-2 The royalty rule")
    run(0 out ${CLI} rule --game gigabucks CG-D12)
    expect("${out}" "a conglomerate filling the ring")
    run(2 out ${CLI} rule --game gigabucks RY-99)
else()
    message(FATAL_ERROR "unknown scenario ${SCENARIO}")
endif()
