# rutland-cli hosting a game that is not Big Board Raiders: the toy (games/toy/), through the
# registry (app/host/registry.h) and its OpenGame (kit/host/open_game.h).
#   -DCLI=path -DSQLITE3=path -DTOY=tests/cli/toy-game.txt -DDEMO=assets/demo/first-game.txt -DWORK=dir -DSCENARIO=name
# toy:      the toy script played in memory and with --db into a toy file; state, state --json,
#           log, explain, diff, verify, export --script (played back: the same fingerprint),
#           --json, --csv and backup read that file, each checked against what play printed
# refusals: a toy file refused by year-end and board save by name, exit 2; a file recording a game
#           this Rutland lacks (meta edited with the sqlite3 tool) refused naming it by verify,
#           state and play; a script `game nosuch ...` refused naming it; a Big Board Raiders script
#           into a toy file refused; a toy line the toy's language refuses cites TOY.md, and so does
#           a line over the line limit every game has
set(FP "[0-9a-f][0-9a-f][0-9a-f][0-9a-f] [0-9a-f][0-9a-f][0-9a-f][0-9a-f] [0-9a-f][0-9a-f][0-9a-f][0-9a-f] [0-9a-f][0-9a-f][0-9a-f][0-9a-f]")
function(run expected_rc out_var)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL expected_rc)
        message(FATAL_ERROR "${ARGN}\nexit code ${rc}, expected ${expected_rc}\nstdout:\n${out}\nstderr:\n${err}")
    endif()
    set(${out_var} "${out}" PARENT_SCOPE)
    set(${out_var}_err "${err}" PARENT_SCOPE)
endfunction()
function(expect text regex)
    if(NOT text MATCHES "${regex}")
        message(FATAL_ERROR "expected '${regex}' in:\n${text}")
    endif()
endfunction()

file(MAKE_DIRECTORY ${WORK})
set(dir ${WORK}/${SCENARIO})
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir})
set(game ${dir}/toy.rutland)

if(SCENARIO STREQUAL "toy")
    # In memory: every line accepted, in the toy's words, with the table's steps.
    run(0 out ${CLI} play ${TOY} --effects --explain)
    expect("${out}" "\n2: give Ann Bob 2\n  \\[T-4\\] Ann gives 2\n  \\[T-4\\] Bob receives 2\n")
    expect("${out}" "4: undo 1\n  \\[undo\\] takes back 1 entry: add Bob 1\n")
    expect("${out}" "  > put 5 counters on Ann's pile\n")
    expect("${out}" "\n  Ann  3\n  Bob  2\n$")

    # Into a toy file: the file's entries and fingerprint, as play prints them, are what every
    # reader below must agree with.
    run(0 out ${CLI} play ${TOY} --db ${game})
    expect("${out}" "toy.rutland: [0-9]+ entries, fingerprint ${FP}\n$")
    string(REGEX MATCH "toy.rutland: ([0-9]+) entries, fingerprint (${FP})" m "${out}")
    set(entries ${CMAKE_MATCH_1})
    set(fingerprint "${CMAKE_MATCH_2}")
    math(EXPR last "${entries} - 1")
    # Played again: nothing applied twice (the same command ids), the same fingerprint.
    run(0 again ${CLI} play ${TOY} --db ${game})
    expect("${again_err}" "lines were already in .*toy.rutland.*not applied again")
    expect("${again}" "${entries} entries, fingerprint ${fingerprint}")

    run(0 out ${CLI} state ${game})
    expect("${out}" "^After entry ${last} of ${last} \\(undo 1\\), fingerprint ${fingerprint}\n\n")
    expect("${out}" "\n  Ann  3\n  Bob  2\n$")
    run(0 out ${CLI} state ${game} --json)
    string(JSON fp GET "${out}" fingerprint)
    string(JSON at GET "${out}" entry)
    string(JSON ann GET "${out}" counters Ann)
    string(JSON added GET "${out}" added)
    if(NOT fp STREQUAL fingerprint OR NOT at EQUAL last OR NOT ann EQUAL 3 OR NOT added EQUAL 5)
        message(FATAL_ERROR "state --json disagrees with play (${fingerprint}, entry ${last}):\n${out}")
    endif()
    run(2 out ${CLI} state ${game} --at ${entries})
    expect("${out_err}" "has entries 0-${last}; there is no entry ${entries}")

    run(0 out ${CLI} log ${game})
    string(REGEX MATCHALL "\n" lines "${out}")
    list(LENGTH lines n)
    if(NOT n EQUAL entries)
        message(FATAL_ERROR "log printed ${n} lines for ${entries} entries:\n${out}")
    endif()
    expect("${out}" "\n +2  [0-9T:Z-]+  table +give Ann Bob 2  \\| Ann -2; Bob \\+2\n")
    run(0 out ${CLI} log ${game} --player Bob --rule T-4)
    expect("${out}" "^ +2  [^\n]*give Ann Bob 2[^\n]*\n$")
    run(2 out ${CLI} log ${game} --company B)
    expect("${out_err}" "the toy game has no companies")
    run(2 out ${CLI} log ${game} --player Cy)
    expect("${out_err}" "no player 'Cy' in .*toy.rutland")

    run(0 out ${CLI} explain ${game} 1)
    expect("${out}" "^Entry 1: add Ann 5\n  \\[T-3\\] Ann adds 5\nEntered [0-9T:Z-]+ by table, command id toy-game.txt:2:[0-9a-f]+, rules version 1\n")
    run(0 out ${CLI} diff ${game} 1 2)
    expect("${out}" "\n  2: give Ann Bob 2\nAnn: 5 -> 3\nBob: 0 -> 2\n$")

    run(0 out ${CLI} verify ${game})
    expect("${out}" "toy.rutland: clean: ${entries} entries; .* fingerprint ${fingerprint}\n  toy: players Ann, Bob")

    # export --script, played into a new file: the same hash chain, so the same fingerprint.
    run(0 script ${CLI} export ${game} --script)
    file(WRITE ${dir}/exported.txt "${script}")
    run(0 out ${CLI} play ${dir}/exported.txt --db ${dir}/replayed.rutland)
    expect("${out}" "replayed.rutland: ${entries} entries, fingerprint ${fingerprint}\n$")

    run(0 out ${CLI} export ${game} --json)
    string(JSON n LENGTH "${out}" entries)
    string(JSON fp GET "${out}" fingerprint)
    string(JSON rule GET "${out}" entries 2 effects 0 rule)
    string(JSON text GET "${out}" entries 2 effects 0 text)
    string(JSON bob GET "${out}" state counters Bob)
    if(NOT n EQUAL entries OR NOT fp STREQUAL fingerprint OR NOT rule STREQUAL "T-4" OR NOT text STREQUAL "Ann gives 2"
       OR NOT bob EQUAL 2)
        message(FATAL_ERROR "export --json disagrees with play (${entries} entries, ${fingerprint}):\n${out}")
    endif()
    run(0 out ${CLI} export ${game} --csv)
    expect("${out}" "^seq,time,who,command_id,rules_version,kind,line,effects,hash\n0,")
    expect("${out}" "\n2,[^\n]*,command,give Ann Bob 2,Ann -2; Bob \\+2,[0-9a-f]+\n")
    string(REGEX MATCHALL "\n" lines "${out}")
    list(LENGTH lines n)
    math(EXPR rows "${n} - 1")
    if(NOT rows EQUAL entries)
        message(FATAL_ERROR "export --csv wrote ${rows} rows for ${entries} entries:\n${out}")
    endif()

    run(0 out ${CLI} backup ${game} ${dir}/copy.rutland)
    expect("${out}" "-> .*copy.rutland: ${entries} entries, fingerprint ${fingerprint}\n$")
    run(0 out ${CLI} verify ${dir}/copy.rutland)
    expect("${out}" "clean: ${entries} entries; .* fingerprint ${fingerprint}")

elseif(SCENARIO STREQUAL "refusals")
    run(0 out ${CLI} play ${TOY} --db ${game})
    file(SHA256 ${game} before)
    # The toy has no settlement (OpenGame::WriteSettlement) and no board files: each says so by name.
    run(2 out ${CLI} year-end ${game})
    expect("${out_err}" "toy.rutland is a game of the toy, which has no year or round to settle \\(TOY.md\\); year-end has nothing to show")
    run(2 out ${CLI} board save ${game} mine)
    expect("${out_err}" "toy.rutland is a game of toy, which has no board files in this Rutland; nothing was written")

    # A Big Board Raiders script into a toy file, and a toy script into a Big Board Raiders file.
    run(2 out ${CLI} play ${DEMO} --db ${game})
    expect("${out_err}" "this script is a game of big-board-raiders, and .*toy.rutland holds a game of toy; nothing was played")
    run(0 out ${CLI} play ${DEMO} --db ${dir}/bbr.rutland)
    run(2 out ${CLI} play ${TOY} --db ${dir}/bbr.rutland)
    expect("${out_err}" "this script is a game of toy, and .*bbr.rutland holds a game of big-board-raiders; nothing was played")
    file(SHA256 ${game} after)
    if(NOT before STREQUAL after)
        message(FATAL_ERROR "a refused command changed ${game}")
    endif()

    # The toy's language refuses a line, citing its rules' section; a rule refuses a command.
    file(WRITE ${dir}/bad.txt "game toy players=Ann\nadd Ann\ngive Ann Bob 1\nadd Ann -1\n")
    run(1 out ${CLI} play ${dir}/bad.txt --keep-going)
    expect("${out_err}" "bad.txt:2: rejected: not a toy command \\(TOY.md\\)\n")
    expect("${out_err}" "bad.txt:3: rejected: no such player \\(T-2\\)\n")
    expect("${out_err}" "bad.txt:4: rejected: a counter cannot go below zero \\(T-1\\)\n")
    # The line limit is every game's (open_game.h kMaxLineBytes): refused unread, citing the toy's language.
    string(REPEAT "1" 70000 digits)
    file(WRITE ${dir}/long.txt "game toy players=Ann\nadd Ann ${digits}\nadd Ann 1\n")
    run(1 out ${CLI} play ${dir}/long.txt)
    expect("${out_err}" "long.txt:2: rejected: the line is 70,008 bytes long, over the line length limit of 65,536 bytes \\(kMaxLineBytes\\): nothing of it was read; write it as several lines \\(TOY.md\\)\n$")
    file(WRITE ${dir}/no-header.txt "# no header\nadd Ann 1\n")
    run(2 out ${CLI} play ${dir}/no-header.txt)
    expect("${out_err}" "no-header.txt:2: the first line must be the game header, e.g. game players=Ann,Bob,Cy,Dee")

    # A script naming a game this Rutland does not have.
    file(WRITE ${dir}/nosuch.txt "# a game of another build\ngame nosuch players=A\nadd A 1\n")
    run(2 out ${CLI} play ${dir}/nosuch.txt)
    expect("${out_err}" "nosuch.txt:2: no game called 'nosuch' in this Rutland; it has big-board-raiders, flutter; nothing was played\n")
    run(2 out ${CLI} play ${dir}/nosuch.txt --db ${dir}/nosuch.rutland)
    if(EXISTS ${dir}/nosuch.rutland)
        message(FATAL_ERROR "a script of an unknown game created ${dir}/nosuch.rutland")
    endif()

    # A file recording a game this Rutland does not have (its meta row edited).
    configure_file(${game} ${dir}/othergame.rutland COPYONLY)
    execute_process(COMMAND ${SQLITE3} ${dir}/othergame.rutland "UPDATE meta SET value = 'othergame' WHERE key = 'game'"
                    RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "sqlite3 could not edit ${dir}/othergame.rutland")
    endif()
    file(SHA256 ${dir}/othergame.rutland edited)
    foreach(command "verify" "state" "log" "export;--csv")
        run(2 out ${CLI} ${command} ${dir}/othergame.rutland)
        expect("${out_err}" "othergame.rutland holds a game of 'othergame', which this Rutland does not have \\(it has big-board-raiders, flutter\\)\n")
    endforeach()
    run(2 out ${CLI} play ${TOY} --db ${dir}/othergame.rutland)
    expect("${out_err}" "othergame.rutland holds a game of 'othergame', which this Rutland does not have")
    run(2 out ${CLI} year-end ${dir}/othergame.rutland)
    expect("${out_err}" "holds a game of 'othergame'")
    file(SHA256 ${dir}/othergame.rutland still)
    if(NOT edited STREQUAL still)
        message(FATAL_ERROR "a refused command changed ${dir}/othergame.rutland")
    endif()
else()
    message(FATAL_ERROR "no scenario '${SCENARIO}'")
endif()
