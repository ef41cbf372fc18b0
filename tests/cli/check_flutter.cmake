# rutland-cli hosting Flutter (games/flutter/, through the registry, app/host/registry.h, and its
# OpenGame, games/flutter/host/).
#   -DCLI=path -DGAMES=tests/flutter/games -DWORK=dir -DSCENARIO=name
# games: each tests/flutter/games/*.txt played in memory by `play --json` has every key of its
#        hand-checked .json with the same value (RULES.md section 16, as tests/flutter/test_games.cpp
#        checks the ruleset; compared as JSON, so key order and spacing do not matter); its
#        `#reject RULE: LINE` lines typed, with --keep-going, each rejected citing RULE and the JSON
#        unchanged; the header's game word in capitals; rejected headers passed over with --keep-going
# file:  a Flutter game played into a file: verify clean; export --script played back into a new
#        file gives the same fingerprint; state (--json: section 16's keys, the entry, the
#        fingerprint), log (filtered by player, company, rule), explain (the broker's tokens,
#        U-2), diff, export --json and --csv, backup read it; --effects and --explain in play;
#        year-end its round end: the last settled (text, CSV, HTML), the preview, none before the first
# board: Flutter's boards apart from Big Board Raiders' (the board folder's flutter/): list and
#        show the provisional board, export, import a renamed copy, the same name again, a board
#        breaking BD-6 and a built-in name refused (nothing written), a new game on the imported
#        board (`board=club`; its file verifies with the board file gone, and is continued by its
#        script and by a script without a header), save a Flutter file's board
# rule:  `rule --game flutter ID` prints Flutter's rule (a list item or a decision of RULES.md),
#        `rule BD-1` (both games') stays Big Board Raiders' and names Flutter's on stderr; `rule`
#        lists both games' rules, `rule F-D5` finds Flutter's; an unknown ID or game refused, exit 2
cmake_minimum_required(VERSION 3.19)  # string(JSON); quoted arguments are never variables (CMP0054)
include(${CMAKE_CURRENT_LIST_DIR}/recorded_games.cmake)  # run, expect, FP, check_recorded_games

file(MAKE_DIRECTORY ${WORK})
set(dir ${WORK}/${SCENARIO})
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir})

if(SCENARIO STREQUAL "games")
    check_recorded_games("Flutter" ${dir})
    # The language is case-insensitive (RULES.md section 15), the header's game word too: the same
    # game typed in capitals is Flutter's, to the same state.
    file(READ ${GAMES}/first-round.txt lines)
    string(REPLACE "game flutter players=" "GAME Flutter PLAYERS=" upper "${lines}")
    file(WRITE ${dir}/upper.txt "${upper}")
    run(0 lower_out ${CLI} play ${GAMES}/first-round.txt --json)
    run(0 upper_out ${CLI} play ${dir}/upper.txt --json)
    string(JSON same EQUAL "${lower_out}" "${upper_out}")
    if(NOT same)
        message(FATAL_ERROR "GAME Flutter PLAYERS= played another state:\n${upper_out}")
    endif()
    # Section 15: after a rejected header every line but another header is L-1, and each header is
    # checked as a header until one is valid; with --keep-going play goes on to the valid one.
    file(WRITE ${dir}/headers.txt "game flutter players=Ann\nw1\nfrobnicate\ngame flutter players=Ann,Bob cash=303\n"
                                  "game flutter players=Ann,Bob variants=foo\ngame flutter players=Ann,Bob\nw1\n")
    file(WRITE ${dir}/header.txt "game flutter players=Ann,Bob\nw1\n")
    run(1 kept ${CLI} play ${dir}/headers.txt --keep-going --json)
    expect("${kept_err}" "headers.txt:1: rejected: Flutter is for 2 to 8 players \\(G-1\\)\n"
                         "headers.txt:2: rejected: no game has begun: the header was rejected \\(L-1\\)\n"
                         "headers.txt:3: rejected: not a Flutter command: frobnicate \\(L-1\\)\n"
                         "headers.txt:4: rejected: cash=303 is not in £5 \\(U-1\\)\n"
                         "headers.txt:5: rejected: unknown variant: foo .*\\(L-1\\)\n$")
    run(0 valid ${CLI} play ${dir}/header.txt --json)
    string(JSON same EQUAL "${kept}" "${valid}")
    if(NOT same)
        message(FATAL_ERROR "play --keep-going past rejected headers played another state:\n${kept}")
    endif()
    # Without --keep-going play stops at the first rejected line, a header too.
    run(2 stopped ${CLI} play ${dir}/headers.txt --json)
    expect("${stopped_err}" "^[^\n]*headers.txt:1: rejected: Flutter is for 2 to 8 players \\(G-1\\)\n$")

elseif(SCENARIO STREQUAL "file")
    set(script ${GAMES}/bonus-and-bankruptcy.txt)
    set(game ${dir}/flutter.rutland)
    run(0 out ${CLI} play ${script} --db ${game})
    string(REGEX MATCH "flutter.rutland: ([0-9]+) entries, fingerprint (${FP})" m "${out}")
    if(NOT m)
        message(FATAL_ERROR "play --db printed no entries and fingerprint:\n${out}")
    endif()
    set(entries ${CMAKE_MATCH_1})
    set(fingerprint "${CMAKE_MATCH_2}")
    math(EXPR last "${entries} - 1")
    # Its game is recorded (basic_store.h invariant 22) and verify says so, clean.
    run(0 out ${CLI} verify ${game})
    expect("${out}" "clean: ${entries} entries.*fingerprint ${fingerprint}\n  flutter: players Ann, Bob; round 3")

    # export --script played into a new file rebuilds the same hash chain.
    run(0 exported ${CLI} export ${game} --script)
    file(WRITE ${dir}/exported.txt "${exported}")
    run(0 out ${CLI} play ${dir}/exported.txt --db ${dir}/replayed.rutland)
    expect("${out}" "replayed.rutland: ${entries} entries, fingerprint ${fingerprint}")

    # state: for a terminal and as section 16's JSON with the entry and fingerprint.
    run(0 out ${CLI} state ${game})
    expect("${out}" "^After entry ${last} of ${last} \\(news W up 4, dividend 10\\), fingerprint ${fingerprint}\n\nRound 3, Ann")
    expect("${out}" "\n  K Black +bankrupt \\(BK-1\\)\n")
    run(0 out ${CLI} state ${game} --json)
    string(JSON fp GET "${out}" fingerprint)
    string(JSON at GET "${out}" entry)
    string(JSON name GET "${out}" game)
    string(JSON white GET "${out}" prices white)
    if(NOT fp STREQUAL fingerprint OR NOT at EQUAL last OR NOT name STREQUAL "flutter" OR NOT white EQUAL 140)
        message(FATAL_ERROR "state --json: fingerprint '${fp}', entry '${at}', game '${name}', White's price '${white}':\n${out}")
    endif()
    run(0 out ${CLI} state ${game} --at 1)
    expect("${out}" "^After entry 1 of ${last} \\(buy Y 2\\)")
    expect("${out}" "Ann +£90 +2 Y ")

    # log: every entry, one line each; filtered by player, company and rule.
    run(0 out ${CLI} log ${game})
    string(REGEX MATCHALL "\n" lines "${out}")
    list(LENGTH lines n)
    if(NOT n EQUAL entries)
        message(FATAL_ERROR "log printed ${n} lines for ${entries} entries:\n${out}")
    endif()
    run(0 out ${CLI} log ${game} --rule BK-1)
    expect("${out}" "^ +7 .* throw W 5 .*Black is bankrupt")
    run(0 out ${CLI} log ${game} --player Bob --rule TR-5)
    expect("${out}" "^ +4 .* buy K 1  \\| Bob buys 1 Black certificate")
    run(2 out ${CLI} log ${game} --player Zed)
    expect("${out_err}" "no player 'Zed' in .*flutter.rutland")
    run(2 out ${CLI} log ${game} --company Q)
    expect("${out_err}" "no company 'Q' on this game's board .*C-1")

    # explain: the entry in full, with what the broker hands over (U-2).
    run(0 out ${CLI} explain ${game} 1)
    expect("${out}" "^Entry 1: buy Y 2\n  \\[TR-5\\] Ann buys 2 Yellow certificates")
    expect("${out}" "\n  > Ann hands the broker £210: 2 x £100 \\+ £10; the broker gives Ann 2 Yellow certificates\n")
    expect("${out}" "Hash [0-9a-f]+, fingerprint there ${FP}\n$")
    run(0 out ${CLI} diff ${game} 2 5)
    expect("${out}" "^From entry 2 .* to entry 5 .*:\n  3: throw R 1\n  4: buy K 1\n  5: peg K price=20\n")
    expect("${out}" "\nBob: cash £300 -> £195\n")

    # export --json and --csv: every entry.
    run(0 out ${CLI} export ${game} --json)
    string(JSON game_word GET "${out}" game)
    string(JSON n LENGTH "${out}" entries)
    string(JSON efp GET "${out}" fingerprint)
    if(NOT game_word STREQUAL "flutter" OR NOT n EQUAL entries OR NOT efp STREQUAL fingerprint)
        message(FATAL_ERROR "export --json: game '${game_word}', ${n} entries, fingerprint '${efp}'")
    endif()
    run(0 out ${CLI} export ${game} --csv)
    expect("${out}" "^seq,time,who,command_id,rules_version,kind,line,effects,hash\n0,")
    expect("${out}" "\n1,[^\n]*,buy Y 2,Ann buys 2 Yellow certificates")
    run(0 out ${CLI} backup ${game} ${dir}/copy.rutland)
    expect("${out}" "copy.rutland: ${entries} entries, fingerprint ${fingerprint}")

    # play --effects --explain in memory: each effect with its rule, and the tokens.
    run(0 out ${CLI} play ${script} --effects --explain)
    expect("${out}" "\n1: buy Y 2\n  \\[TR-5\\] Ann buys 2 Yellow certificates[^\n]*\n  > Ann hands the broker £210: 2 x £100 \\+ £10;")
    expect("${out}" "\n  > the broker pays Ann £20: £20\n")

    # year-end: Flutter's round end (OpenGame::WriteSettlement, host/flutter_settlement.h). The last
    # settled by the end is round 2's, by the card of entry 14 (the script's comments: White TOP, £20
    # to Ann's 1); the preview after it is round 3's; before the first round end there is none.
    run(0 out ${CLI} year-end ${game} --last)
    expect("${out}" "^Round 2 end: settled by entry ${last} \\(news W up 4, dividend 10\\)\n")
    expect("${out}" "\n  \\[RE-2\\] Ann is paid £20 on 1 White certificate at £20 each")
    expect("${out}" "\n  The broker pays out £20 in all\\.\n  Fingerprint after entry ${last}: ${fingerprint} ")
    run(0 out ${CLI} year-end ${game})
    expect("${out}" "^Round 3 end: preview \\(what the broker would pay if the round ended now: White's traveller")
    run(0 out ${CLI} year-end ${game} --at 7 --last --csv)
    expect("${out}" "^round,kind,player,rule,item,cash\n1,settled,,RE-3,")
    expect("${out}" "\n1,settled,Ann,RE-2,Ann is paid £20 on 2 Yellow certificates at £10 each[^\n]*,20\n")
    expect("${out}" "\n1,settled,Ann,BN-2,bonus issue: Ann gets 2 Yellow certificates free,0\n")
    expect("${out}" "\n1,settled,Bob,BK-1,1 Black certificate leaves the game worthless \\(Bob's\\),0\n")
    run(0 out ${CLI} year-end ${game} --last --html)
    expect("${out}" "<h1>Round 2 end: settled by entry ${last} ")
    # Big Board Raiders' board commands (its BoardCommands) refuse a Flutter file by its game.
    run(2 out ${CLI} board save ${game} mine --game big-board-raiders)
    expect("${out_err}" "flutter.rutland is a game of flutter, not big-board-raiders; nothing was written")
    run(2 out ${CLI} year-end ${game} --at 6 --last)
    expect("${out_err}" "no round has ended by entry 6 \\(RE-1")
    if(NOT out STREQUAL "")
        message(FATAL_ERROR "year-end --at 6 --last printed a statement:\n${out}")
    endif()
elseif(SCENARIO STREQUAL "rule")
    # Rule IDs repeat across games: `rule --game flutter BD-1` is Flutter's RULES.md item, word for
    # word as the file has it; plain `rule BD-1` stays Big Board Raiders'.
    file(STRINGS ${RULES} bd1 REGEX "^- BD-1 ")
    string(REGEX REPLACE "^- " "" bd1 "${bd1}")
    string(SUBSTRING "${bd1}" 0 24 bd1_start)  # before its first ";" (which file(STRINGS) escapes)
    run(0 out ${CLI} rule --game flutter BD-1)
    expect("${out}" "^BD-1  \\(Flutter's RULES.md\\)\n\n")
    string(FIND "${out}" "${bd1_start}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "rule --game flutter BD-1 does not say RULES.md's '${bd1_start}':\n${out}")
    endif()
    run(0 bbr ${CLI} rule BD-1)
    string(FIND "${bbr}" "${bd1_start}" at)
    if(NOT at EQUAL -1 OR bbr STREQUAL out)
        message(FATAL_ERROR "plain rule BD-1 printed Flutter's:\n${bbr}")
    endif()
    run(0 same ${CLI} rule --game big-board-raiders BD-1)
    if(NOT same STREQUAL bbr)
        message(FATAL_ERROR "rule --game big-board-raiders BD-1 differs from rule BD-1:\n${same}")
    endif()
    # A rule holding a table (BD-5's board, after a blank line): its words, then every row of the
    # table as RULES.md has it, each row's first cell starting a line, in order, the "|---|" row
    # left out; then the words after the table ("That is: ..."), which belong to BD-5 too.
    file(READ ${RULES} rules_md)
    string(REGEX MATCH "\n- BD-5 [^\n]*\n\n((\\|[^\n]*\n)+)\n  ([^\n]*)" _ "${rules_md}")
    set(bd5_table "${CMAKE_MATCH_1}")
    set(bd5_after "${CMAKE_MATCH_3}")
    if(bd5_table STREQUAL "" OR bd5_after STREQUAL "")
        message(FATAL_ERROR "RULES.md has no table under BD-5 with words after it")
    endif()
    run(0 out ${CLI} rule --game flutter BD-5)
    # Each row's first word (a wide cell may wrap within its column).
    string(REGEX MATCHALL "(^|\n)\\| *[^ |\n]+" firsts "${bd5_table}")
    set(rest "${out}")
    set(rows 0)
    foreach(first ${firsts})
        string(REGEX REPLACE "^\n?\\| *" "" word "${first}")
        if(word MATCHES "^-+$")
            continue()
        endif()
        string(FIND "${rest}" "\n  ${word} " at)
        if(at EQUAL -1)
            message(FATAL_ERROR "rule --game flutter BD-5 has no row '${word}' (in RULES.md's order):\n${out}")
        endif()
        string(SUBSTRING "${rest}" ${at} -1 rest)
        math(EXPR rows "${rows} + 1")
    endforeach()
    if(rows LESS 10)
        message(FATAL_ERROR "BD-5's table has ${rows} rows: ${bd5_table}")
    endif()
    string(SUBSTRING "${bd5_after}" 0 20 bd5_after_start)
    string(FIND "${rest}" "${bd5_after_start}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "rule --game flutter BD-5 stops before the words after its table ('${bd5_after_start}'):\n${out}")
    endif()
    if(out MATCHES "\\|")
        message(FATAL_ERROR "rule --game flutter BD-5 printed the table's bars, not its columns:\n${out}")
    endif()
    # A decision (section 14's table) and the list.
    run(0 out ${CLI} rule --game flutter F-D5)
    expect("${out}" "^F-D5  \\(Flutter's RULES.md\\)\n\nF-D5 the board; the provisional board of BD-5")
    run(0 out ${CLI} rule --game flutter)
    expect("${out}" "\n  U-1    Money is whole pounds")
    expect("${out}" "\n  F-D5   the board;")
    # Refusals: an ID Flutter has not, a game this Rutland has not.
    run(2 out ${CLI} rule --game flutter S-6)
    expect("${out_err}" "no rule 'S-6' in Flutter's rules reference \\(RULES.md\\)")
    run(2 out ${CLI} rule --game nosuch BD-1)
    expect("${out_err}" "no game called 'nosuch' in this Rutland; it has big-board-raiders, flutter")
    # Without --game: every game's rules. The list is Big Board Raiders' then Flutter's; an ID of
    # Flutter's alone is found; one both games have prints the first game's and names the other.
    run(0 out ${CLI} rule)
    expect("${out}" "^\n1\\. Units and money\n  U-1 [^\n]*\n.*rutland-cli rule ID prints one in full\\.\n\nFlutter's rules \\(its RULES.md\\)\n")
    expect("${out}" "\n  F-D5   the board;.*\nrutland-cli rule --game flutter ID prints one in full\\.\n$")
    run(0 flutter_only ${CLI} rule F-D5)
    run(0 same ${CLI} rule --game flutter F-D5)
    if(NOT flutter_only STREQUAL same OR NOT flutter_only MATCHES "^F-D5  \\(Flutter's RULES.md\\)\n")
        message(FATAL_ERROR "rule F-D5 is not Flutter's F-D5:\n${flutter_only}")
    endif()
    run(0 out ${CLI} rule BD-1)
    expect("${out_err}" "'BD-1' is a rule of more than one game; above is Big Board Raiders'; also Flutter \\(rutland-cli rule --game flutter BD-1\\)")
    run(0 out ${CLI} rule S-6)
    if(NOT out_err STREQUAL "")
        message(FATAL_ERROR "rule S-6, Big Board Raiders' alone, said more:\n${out_err}")
    endif()
elseif(SCENARIO STREQUAL "board")
    # The user's board folder of this test alone; Flutter's boards in its own subfolder.
    set(ENV{XDG_DATA_HOME} ${dir}/xdg)
    set(folder ${dir}/xdg/rutland/boards/flutter)
    run(0 out ${CLI} board list --game flutter)
    expect("${out}" "^provisional: 26 levels, 0 of 32 facts verified \\(BD-7\\) \\[built-in\\]\n")
    expect("${out}" "Flutter's user boards are kept in [^\n]*/rutland/boards/flutter\n$")
    run(0 out ${CLI} board show provisional --game flutter)
    expect("${out}" "\n  W White +Captivating Cosmetics Ltd\\. +M holes 5,14\\?\n")
    expect("${out}" "\n   25       -  top\\?\n")
    # export, renamed, import: kept apart from Big Board Raiders' boards.
    run(0 out ${CLI} board export provisional ${dir}/p.json --game flutter)
    file(READ ${dir}/p.json board)
    string(REGEX REPLACE "\"name\": *\"provisional\"" "\"name\":\"club\"" club_json "${board}")
    file(WRITE ${dir}/club.json "${club_json}")
    run(0 out ${CLI} board import ${dir}/club.json --game flutter)
    expect("${out}" "^saved [^\n]*/boards/flutter/club.json: club: 26 levels")
    if(NOT EXISTS ${folder}/club.json)
        message(FATAL_ERROR "board import kept no ${folder}/club.json")
    endif()
    run(0 out ${CLI} board list --game flutter)
    expect("${out}" "\nclub: 26 levels, 0 of 32 facts verified")
    run(0 out ${CLI} board list)
    if(out MATCHES "club")
        message(FATAL_ERROR "Big Board Raiders' board list shows Flutter's board:\n${out}")
    endif()
    run(0 out ${CLI} board show club --game flutter)
    expect("${out}" "^club: 26 levels")
    # Refusals, nothing written: the same name again, a board breaking BD-6, a built-in name.
    run(1 out ${CLI} board import ${dir}/club.json --game flutter)
    expect("${out_err}" "club.json exists already; nothing was written \\(--replace replaces it\\)")
    string(REGEX REPLACE "\"name\": *\"provisional\"" "\"name\":\"broken\"" broken "${board}")
    string(REGEX REPLACE "\"label\": *\"news\"" "\"label\":\"none\"" broken "${broken}")
    file(WRITE ${dir}/broken.json "${broken}")
    run(1 out ${CLI} board import ${dir}/broken.json --game flutter)
    expect("${out_err}" "broken.json refused: .*BD-6.*; nothing was written")
    if(EXISTS ${folder}/broken.json)
        message(FATAL_ERROR "a board breaking BD-6 was kept")
    endif()
    run(1 out ${CLI} board import ${dir}/p.json --game flutter)
    expect("${out_err}" "'provisional' is a built-in board's name; nothing was written")
    # A new game on the table's own board (`board=club`, installed at start); the file carries it,
    # so deleting the board file changes nothing of the game.
    file(WRITE ${dir}/club-game.txt "game flutter players=Ann,Bob board=club\nbuy W 1\n")
    run(0 out ${CLI} play ${dir}/club-game.txt --json)
    string(JSON on GET "${out}" board)
    if(NOT on STREQUAL "club")
        message(FATAL_ERROR "a game with board=club is on board '${on}'")
    endif()
    run(0 out ${CLI} play ${dir}/club-game.txt --db ${dir}/club.rutland)
    file(REMOVE ${folder}/club.json)
    run(0 out ${CLI} verify ${dir}/club.rutland)
    expect("${out}" "clean: 2 entries.*board club")
    run(2 out ${CLI} play ${dir}/club-game.txt)
    expect("${out_err}" "no board named club .*\\(L-1\\)")
    # The game is continued from its script with the board file gone (the header started on the
    # board the file carries, basic_store.h invariant 19), and by a script with no header, which
    # continues the game the file holds, whatever its game (not read as Big Board Raiders').
    file(APPEND ${dir}/club-game.txt "note after the board file was deleted\n")
    run(0 out ${CLI} play ${dir}/club-game.txt --db ${dir}/club.rutland)
    expect("${out}" "club.rutland: 3 entries, fingerprint ${FP}\n$")
    file(WRITE ${dir}/club-more.txt "# the next round, no header\nnote a script of new lines\nbuy W 1\n")
    run(0 out ${CLI} play ${dir}/club-more.txt --db ${dir}/club.rutland)
    expect("${out}" "club.rutland: 5 entries, fingerprint ${FP}\n$")
    # Another header is still refused as not the game's, naming the one in the file.
    file(WRITE ${dir}/club-other.txt "game flutter players=Ann,Bob\nnote x\n")
    run(2 out ${CLI} play ${dir}/club-other.txt --db ${dir}/club.rutland)
    expect("${out_err}" "this script's game header is not the one in [^\n]*club.rutland:\n  game flutter players=Ann,Bob [^\n]*board=club")
    run(0 out ${CLI} verify ${dir}/club.rutland)
    expect("${out}" "clean: 5 entries")
    # save: the board a Flutter file ended with, its game taken from the file.
    run(0 out ${CLI} play ${GAMES}/first-round.txt --db ${dir}/game.rutland)
    run(0 out ${CLI} board save ${dir}/game.rutland table1)
    expect("${out}" "^saved [^\n]*/boards/flutter/table1.json: table1: ")
    run(2 out ${CLI} board list --game nosuch)
    expect("${out_err}" "no game called 'nosuch' in this Rutland; it has big-board-raiders, flutter")
else()
    message(FATAL_ERROR "unknown scenario ${SCENARIO}")
endif()
