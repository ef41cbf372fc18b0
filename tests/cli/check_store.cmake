# Game-file scenarios of rutland-cli that take more than one command.
#   -DCLI=path -DSQLITE3=path -DDEMO=script -DWORK=dir -DSCENARIO=name [-DTOOL=rutland_cli_file_tool]
# setup:      plays the demo into WORK/demo.rutland (the fixture the single-command tests read)
# retry:      playing the same script again adds nothing (command ids) and keeps the fingerprint
# tamper:     editing bytes of past entries with the sqlite3 tool: verify names the entry, exit 1
# export:     export --script, then play it into a new file: the same state and hash chain
# refuse:     a foreign SQLite file and a newer one are refused by verify and play, byte-for-byte unchanged
# rules_v1:   a game recorded under rules version 1 (-DOLD=tests/games/rules-v1-year-end-order.rutland,
#             copied first): verify reports its year end as a rules change (basic_store.h invariant 6),
#             exit 1; state shows it; play adds nothing; the file is byte-for-byte unchanged
# migrate:   a schema-2 game (-DV2=tests/games/schema-v2-full-game.rutland, copied first): verify,
#             log and export read it as it is (schema_version 2, the file byte-for-byte unchanged);
#             play migrates it to schema 3 (basic_store.h invariant 16) keeping every fingerprint, a
#             .v2.backup beside it; verify is clean after; an edited version-2 row is named
# replay_edited: a script played before and edited (a line inserted, changed, removed at the end; the
#             same name for another script) is refused naming the first line that differs, and
#             nothing is applied twice; appending lines, fixing a rejected last line, a --keep-going
#             retry past a rejected line and another --session all work
# stamps:     --who and '#=' lines that are not text, or a time that is not one, are refused before
#             anything is played, naming the script line; `--db ""` is refused
# old_stamps: a file an older Rutland wrote with such stamps verifies, and log (one line an entry),
#             export --json/--script/--csv neither lie nor fail; the script replays
# csv:        export --csv writes no live spreadsheet formula
# export_json: export --json streams (byte for byte the document it built before, in about the
#             memory verify takes) on GAME (-DGAMEGEN=path -DENTRIES=n: a generated game)
# planted:    a trigger planted with the sqlite3 tool: verify names it (exit 1), play refuses to write
# readonly:   a read-only directory, a 0444 game and a read-only -shm: readers work, a writer says why
#             it cannot write, and nothing is left behind that blocks a later writer. Root may write
#             anything, so as root the commands run as the user nobody (setpriv)
# A fingerprint as printed (basic_store.h invariant 4): 16 hex digits in groups of 4.
set(FP "[0-9a-f][0-9a-f][0-9a-f][0-9a-f] [0-9a-f][0-9a-f][0-9a-f][0-9a-f] [0-9a-f][0-9a-f][0-9a-f][0-9a-f] [0-9a-f][0-9a-f][0-9a-f][0-9a-f]")
function(run expected_rc out_var)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL expected_rc)
        message(FATAL_ERROR "${ARGN}\nexit code ${rc}, expected ${expected_rc}\nstdout:\n${out}\nstderr:\n${err}")
    endif()
    set(${out_var} "${out}${err}" PARENT_SCOPE)
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

if(SCENARIO STREQUAL "setup")
    file(REMOVE ${WORK}/demo.rutland ${WORK}/demo.rutland-wal ${WORK}/demo.rutland-shm ${WORK}/backup.rutland)
    run(0 out ${CLI} play ${DEMO} --db ${WORK}/demo.rutland)
    expect("${out}" "demo.rutland: 39 entries, fingerprint ${FP}")

elseif(SCENARIO STREQUAL "retry")
    run(0 first ${CLI} play ${DEMO} --db ${dir}/g.rutland)
    run(0 again ${CLI} play ${DEMO} --db ${dir}/g.rutland)
    string(REGEX MATCH "39 entries, fingerprint ${FP}" a "${first}")
    string(REGEX MATCH "39 entries, fingerprint ${FP}" b "${again}")
    if(a STREQUAL "" OR NOT a STREQUAL b)
        message(FATAL_ERROR "a second play of the same script changed the game:\n${first}\n---\n${again}")
    endif()

elseif(SCENARIO STREQUAL "tamper")
    run(0 out ${CLI} play ${DEMO} --db ${dir}/pristine.rutland)
    # entry|SQL that edits one byte of it
    set(edits
        "9|UPDATE entry SET effects = substr(effects, 1, length(effects) - 1) WHERE seq=9"
        "12|UPDATE entry SET time = replace(time, 'T', 't') WHERE seq=12"
        "20|UPDATE entry SET who = 'Cy' WHERE seq=20"
        "5|UPDATE entry SET line = 'roll 2 1 2' WHERE seq=5"
        "30|UPDATE entry SET hash = replace(hash, substr(hash, 1, 1), 'x') WHERE seq=30"
        "38|UPDATE entry SET command_id = command_id || 'x' WHERE seq=38")
    foreach(edit IN LISTS edits)
        string(FIND "${edit}" "|" bar)
        string(SUBSTRING "${edit}" 0 ${bar} seq)
        math(EXPR bar "${bar} + 1")
        string(SUBSTRING "${edit}" ${bar} -1 sql)
        file(COPY_FILE ${dir}/pristine.rutland ${dir}/edited.rutland)
        run(0 ignored ${SQLITE3} ${dir}/edited.rutland "${sql}")
        run(1 out ${CLI} verify ${dir}/edited.rutland)
        expect("${out}" "NOT CLEAN.*problem: entry ${seq}: ")
        run(0 out ${CLI} state ${dir}/edited.rutland)
        expect("${out}" "does not verify clean \\(entry ${seq}: ")
        run(2 out ${CLI} play ${DEMO} --db ${dir}/edited.rutland)
        expect("${out}" "does not verify clean; nothing was added")
        file(REMOVE ${dir}/edited.rutland)
    endforeach()

elseif(SCENARIO STREQUAL "export")
    run(0 out ${CLI} play ${DEMO} --db ${dir}/a.rutland)
    run(0 script ${CLI} export ${dir}/a.rutland --script)
    file(WRITE ${dir}/a.txt "${script}")
    run(0 out ${CLI} play ${dir}/a.txt --db ${dir}/b.rutland)
    run(0 a ${CLI} export ${dir}/a.rutland --json)
    run(0 b ${CLI} export ${dir}/b.rutland --json)
    string(REGEX REPLACE "\"file\": \"[^\"]*\"" "" a "${a}")
    string(REGEX REPLACE "\"file\": \"[^\"]*\"" "" b "${b}")
    if(NOT a STREQUAL b)
        message(FATAL_ERROR "export --script played into a new file gives another game:\n${a}\n---\n${b}")
    endif()
    expect("${a}" "\"hash\": \"[0-9a-f]+\"")
    # Played without --db, the '#=' lines are comments: the same final state.
    run(0 plain ${CLI} play ${dir}/a.txt --json)
    run(0 state ${CLI} state ${dir}/a.rutland --json)
    string(JSON p GET "${plain}" players)
    string(JSON s GET "${state}" players)
    if(NOT p STREQUAL s)
        message(FATAL_ERROR "the exported script played in memory gives other players:\n${p}\n---\n${s}")
    endif()

elseif(SCENARIO STREQUAL "refuse")
    run(0 ignored ${SQLITE3} ${dir}/foreign.rutland "CREATE TABLE t(x); INSERT INTO t VALUES(1);")
    run(0 out ${CLI} play ${DEMO} --db ${dir}/newer.rutland)
    run(0 ignored ${SQLITE3} ${dir}/newer.rutland "PRAGMA user_version=99")
    foreach(f foreign newer)
        file(SHA256 ${dir}/${f}.rutland before)
        run(2 out ${CLI} verify ${dir}/${f}.rutland)
        run(2 out2 ${CLI} play ${DEMO} --db ${dir}/${f}.rutland)
        file(SHA256 ${dir}/${f}.rutland after)
        if(NOT before STREQUAL after)
            message(FATAL_ERROR "${f}.rutland was changed")
        endif()
        if(f STREQUAL "foreign")
            expect("${out}${out2}" "not a Rutland game.*not a Rutland game")
        else()
            expect("${out}${out2}" "written by a newer Rutland \\(schema version 99")
        endif()
    endforeach()
elseif(SCENARIO STREQUAL "rules_v1")
    file(COPY_FILE ${OLD} ${dir}/old.rutland)
    file(SHA256 ${dir}/old.rutland before)
    run(1 out ${CLI} verify ${dir}/old.rutland)
    expect("${out}" "NOT CLEAN \\(16 entries in the file; entries 0-15 check out")
    expect("${out}" "rules changed: entry 15: rules version 1 -> 2: ")
    run(0 state ${CLI} state ${dir}/old.rutland)
    expect("${state}" "does not verify clean \\(entry 15: rules version 1 -> 2")
    run(2 out ${CLI} play ${DEMO} --db ${dir}/old.rutland)
    expect("${out}" "does not verify clean; nothing was added")
    file(SHA256 ${dir}/old.rutland after)
    if(NOT before STREQUAL after)
        message(FATAL_ERROR "old.rutland was changed")
    endif()
elseif(SCENARIO STREQUAL "migrate")
    file(COPY_FILE ${V2} ${dir}/v2.rutland)
    file(SHA256 ${dir}/v2.rutland before)
    run(0 out ${CLI} verify ${dir}/v2.rutland)
    expect("${out}" "clean: 207 entries; .*fingerprint (${FP})")
    string(REGEX MATCH "fingerprint (${FP})" _ "${out}")
    set(fingerprint "${CMAKE_MATCH_1}")
    run(0 out ${CLI} state ${dir}/v2.rutland --at 100 --json)
    string(JSON fp100 GET "${out}" fingerprint)
    run(0 out ${CLI} log ${dir}/v2.rutland)
    expect("${out}" " 206  [^\n]*redo")
    run(0 out ${CLI} export ${dir}/v2.rutland --json)
    expect("${out}" "\"schema_version\": 2,")
    file(SHA256 ${dir}/v2.rutland after)
    if(NOT before STREQUAL after)
        message(FATAL_ERROR "a reader changed v2.rutland")
    endif()
    file(WRITE ${dir}/more.txt "note after the migration\n")
    run(0 out ${CLI} play ${dir}/more.txt --db ${dir}/v2.rutland)
    expect("${out}" "migrated from schema version 2 to 3")
    expect("${out}" "v2.rutland: 208 entries")
    if(NOT EXISTS ${dir}/v2.rutland.v2.backup)
        message(FATAL_ERROR "no backup copy beside the migrated game")
    endif()
    run(0 out ${CLI} verify ${dir}/v2.rutland)
    expect("${out}" "clean: 208 entries")
    run(0 out ${CLI} state ${dir}/v2.rutland --at 206 --json)
    string(JSON fp206 GET "${out}" fingerprint)
    if(NOT fp206 STREQUAL fingerprint)
        message(FATAL_ERROR "the migration changed entry 206's fingerprint: ${fingerprint} -> ${fp206}")
    endif()
    run(0 out ${CLI} state ${dir}/v2.rutland --at 100 --json)
    string(JSON again100 GET "${out}" fingerprint)
    if(NOT again100 STREQUAL fp100)
        message(FATAL_ERROR "the migration changed entry 100's fingerprint: ${fp100} -> ${again100}")
    endif()
    run(0 out ${CLI} export ${dir}/v2.rutland --json)
    expect("${out}" "\"schema_version\": 3,")
    run(0 ignored ${SQLITE3} ${dir}/v2.rutland "UPDATE entry_v2 SET who = 'Mallory' WHERE seq = 100")
    run(1 out ${CLI} verify ${dir}/v2.rutland)
    expect("${out}" "NOT CLEAN.*problem: entry 100: as written under schema 2")

elseif(SCENARIO STREQUAL "replay_edited")
    # The demo's header is line 5 (entry 0); entry n is its n-th command line after the header.
    file(READ ${DEMO} demo)
    file(WRITE ${dir}/g.txt "${demo}")
    run(0 out ${CLI} play ${dir}/g.txt --db ${dir}/g.rutland)
    string(REGEX MATCH "g.rutland: 39 entries, fingerprint ([0-9a-f]+)" first "${out}")
    set(fingerprint "${CMAKE_MATCH_1}")
    if(fingerprint STREQUAL "")
        message(FATAL_ERROR "no fingerprint in:\n${out}")
    endif()
    function(unchanged)  # the game is as the first play left it: 39 entries, the same fingerprint
        run(0 v ${CLI} verify ${dir}/g.rutland)
        expect("${v}" "clean: 39 entries.*fingerprint ${fingerprint}")
    endfunction()
    # A note inserted as line 40, before `roll 6 4 3` (entry 30): the later lines move one place
    # down, and the old ids made them new commands, applied a second time.
    string(REPLACE "\nroll 6 4 3 " "\nnote Bob disputes the Blue price\nroll 6 4 3 " edited "${demo}")
    file(WRITE ${dir}/g.txt "${edited}")
    run(2 out ${CLI} play ${dir}/g.txt --db ${dir}/g.rutland)
    expect("${out}" "g.txt:40: this script was played into .*g.rutland before, and its line 40 differs from what the game recorded for that place in the script \\(entry 30: `roll 6 4 3`\\): nothing was applied")
    expect("${out}" "append new lines at the end")
    unchanged()
    # A played line changed (line 34, entry 24).
    string(REPLACE "\nnote Bob asks whether" "\nnote Bob wonders whether" edited "${demo}")
    file(WRITE ${dir}/g.txt "${edited}")
    run(2 out ${CLI} play ${dir}/g.txt --db ${dir}/g.rutland)
    expect("${out}" "g.txt:34: this script was played into .*g.rutland before, and its line 34 differs .*\\(entry 24: `note Bob asks whether")
    unchanged()
    # The last lines removed (from line 46, `roll 2 3 2`, entry 36): the game holds more of the script.
    string(FIND "${demo}" "\nroll 2 3 2 " cut)
    string(SUBSTRING "${demo}" 0 ${cut} short)
    file(WRITE ${dir}/g.txt "${short}\n")
    run(2 out ${CLI} play ${dir}/g.txt --db ${dir}/g.rutland)
    expect("${out}" "holds more of a script named 'g.txt' than this one has: its command 37 is entry 36 of the game \\(`roll 2 3 2`\\), and this script has 36 commands: nothing was applied")
    unchanged()
    # Another script with the same name (another directory), not starting with the header.
    file(MAKE_DIRECTORY ${dir}/day2)
    file(WRITE ${dir}/day2/g.txt "note day two\nroll 3 3 1\n")
    run(2 out ${CLI} play ${dir}/day2/g.txt --db ${dir}/g.rutland)
    expect("${out}" "day2/g.txt:1: this script was played into .*before, and its line 1 differs .*entry 0: `game players=Ann,Bob,Cy,Dee.*--session NAME")
    unchanged()
    run(0 out ${CLI} play ${dir}/day2/g.txt --db ${dir}/g.rutland --session day2)
    expect("${out}" "g.rutland: 41 entries")
    # What a broker does: append lines and replay (after a crash: the same script again) ...
    file(WRITE ${dir}/g.txt "${demo}nite Ann typed this\n")
    run(1 out ${CLI} play ${dir}/g.txt --db ${dir}/g.rutland)
    expect("${out}" "g.txt:56: rejected: unknown command 'nite'.*38 lines were already in")
    # ... and fix the typo in the rejected last line.
    file(WRITE ${dir}/g.txt "${demo}note Ann typed this\nnote and this\n")
    run(0 out ${CLI} play ${dir}/g.txt --db ${dir}/g.rutland)
    expect("${out}" "g.rutland: 43 entries.*38 lines were already in")
    run(0 out ${CLI} play ${dir}/g.txt --db ${dir}/g.rutland)
    expect("${out}" "g.rutland: 43 entries.*40 lines were already in")
    # --keep-going past a rejected line, then the same again: the rejected line is not put into the
    # middle of the game, the rest is not applied twice.
    file(WRITE ${dir}/k.txt "game players=Ann,Bob\nroll 3 4 2 @fulwell\nbuy Y 5k\nbuy B 10k\n")
    run(1 out ${CLI} play ${dir}/k.txt --db ${dir}/k.rutland --keep-going)
    expect("${out}" "k.rutland: 3 entries.*k.txt:3: rejected: no Ask for Yellow at Fulwell \\(B-1\\)")
    file(APPEND ${dir}/k.txt "note appended\n")
    run(1 out ${CLI} play ${dir}/k.txt --db ${dir}/k.rutland --keep-going)
    expect("${out}" "k.rutland: 4 entries.*k.txt:3: not applied: this line is not in .*k.rutland, but later lines of this script are")
    # An exported script with a line inserted: its '#=' line now stamps the new line.
    run(0 script ${CLI} export ${dir}/k.rutland --script)
    string(REPLACE "\nbuy B 10k\n" "\nnote slipped in\nbuy B 10k\n" script "${script}")
    file(WRITE ${dir}/e.txt "${script}")
    run(2 out ${CLI} play ${dir}/e.txt --db ${dir}/k.rutland)
    expect("${out}" "e.txt:[0-9]+: this line's command id 'k.txt:4:[0-9a-f]+' \\(from its '#=' line\\) is entry 2 of .*k.rutland, which is `buy B 10k`, not this line: nothing was applied")
    run(0 v ${CLI} verify ${dir}/k.rutland)
    expect("${v}" "clean: 4 entries")
    # A script written as COMMANDS.md allows, with a space's prefix (`@fulw`) and a player's name
    # in another case (`player bob`): the ledger records `@fulwell` and `player Bob`, yet the same
    # script played again is the same script (QA: it was refused naming line 2), and appending to
    # it works.
    file(WRITE ${dir}/a.txt "game players=Ann,Bob start=@market-1,@market-1\nroll 3 4 2 @fulw\nend\nplayer bob\nroll 2 3 1\ntime @colf\n")
    run(0 out ${CLI} play ${dir}/a.txt --db ${dir}/a.rutland)
    expect("${out}" "a.rutland: 6 entries")
    run(0 out ${CLI} play ${dir}/a.txt --db ${dir}/a.rutland)
    expect("${out}" "a.rutland: 6 entries.*5 lines were already in")
    file(APPEND ${dir}/a.txt "note appended\n")
    run(0 out ${CLI} play ${dir}/a.txt --db ${dir}/a.rutland)
    expect("${out}" "a.rutland: 7 entries.*5 lines were already in")
    # Inserting a line into such a script is still refused.
    file(WRITE ${dir}/a.txt "game players=Ann,Bob start=@market-1,@market-1\nroll 3 4 2 @fulw\nnote slipped in\nend\nplayer bob\nroll 2 3 1\ntime @colf\nnote appended\n")
    run(2 out ${CLI} play ${dir}/a.txt --db ${dir}/a.rutland)
    expect("${out}" "a.txt:3: this script was played into .*a.rutland before, and its line 3 differs")
    run(0 v ${CLI} verify ${dir}/a.rutland)
    expect("${v}" "clean: 7 entries")

elseif(SCENARIO STREQUAL "stamps")
    # --who that is not text: refused before anything is played (it made export fail half-way).
    execute_process(COMMAND ${CLI} play ${DEMO} --db ${dir}/w.rutland "--who=Eve\n  99" RESULT_VARIABLE rc ERROR_VARIABLE err)
    expect("${rc}:${err}" "^2:rutland-cli: --who 'Eve\\\\n  99' has a control character in it \\(U\\+000A\\); nothing was played")
    if(EXISTS ${dir}/w.rutland)
        message(FATAL_ERROR "a refused --who left a game file")
    endif()
    # `--db ""` (an unset shell variable) must not play in memory and keep nothing.
    execute_process(COMMAND ${CLI} play ${DEMO} --db "" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    expect("${rc}:${err}" "^2:rutland-cli: --db needs a file name \\(it was given an empty one\\); nothing was played")
    if(NOT out STREQUAL "")
        message(FATAL_ERROR "--db \"\" played: ${out}")
    endif()
    # '#=' lines: each wrong one is refused naming its line, and nothing is played (no internal error).
    set(cases
        "{\"time\":5}|gives time as a JSON number, not a string"
        "{\"who\":\"Eve\\n  99  2026-01-01T00:00:00Z  Ann  note fake\"}|gives a who that has a control character in it \\(U\\+000A\\)"
        "{\"time\":\"2026-02-29T10:00:00Z\"}|gives the time '2026-02-29T10:00:00Z', not an ISO 8601 UTC time like 2026-11-22T01:15:14Z"
        "{\"who\":[\"Ann\"]}|gives who as a JSON array, not a string"
        "{\"tme\":\"2026-11-22T01:15:14Z\"}|has 'tme', which is not one of time, who, id"
        "{\"id\":\"\"}|gives a id that is empty"
        "not json|is not valid JSON")
    foreach(case IN LISTS cases)
        string(FIND "${case}" "|" bar)
        string(SUBSTRING "${case}" 0 ${bar} stamp)
        math(EXPR bar "${bar} + 1")
        string(SUBSTRING "${case}" ${bar} -1 why)
        file(WRITE ${dir}/s.txt "game players=Ann,Bob\nnote first\n#= ${stamp}\nnote hi\n")
        run(2 out ${CLI} play ${dir}/s.txt --db ${dir}/s.rutland)
        expect("${out}" "s.txt:3: this '#=' line ${why} \\(a '#=' line stamps the next command.*; nothing was played")
        if(EXISTS ${dir}/s.rutland OR out MATCHES "internal error")
            message(FATAL_ERROR "a refused '#=' line played: ${out}")
        endif()
    endforeach()

elseif(SCENARIO STREQUAL "old_stamps")
    run(0 out ${CLI} play ${DEMO} --db ${dir}/old.rutland)
    run(0 out ${TOOL} old-stamps ${dir}/old.rutland)
    run(0 out ${CLI} verify ${dir}/old.rutland)
    expect("${out}" "clean: 39 entries")
    # log: one line an entry, the newline and the bytes escaped; no fake entry 99.
    run(0 log ${CLI} log ${dir}/old.rutland)
    string(REGEX MATCHALL "\n" breaks "${log}")
    list(LENGTH breaks n)
    if(NOT n EQUAL 39 OR log MATCHES "\n *99 ")
        message(FATAL_ERROR "log printed ${n} lines for 39 entries:\n${log}")
    endif()
    expect("${log}" "\n   1  [0-9T:Z-]+  Eve\\\\n  99  2026-01-01T00:00:00Z  Ann       note fake  roll")
    expect("${log}" "\n   2  [0-9T:Z-]+  \\\\xff\\\\xfe  ")
    expect("${log}" "\n   3  5  ")
    run(0 out ${CLI} explain ${dir}/old.rutland 1)
    expect("${out}" "entered [0-9T:Z-]+ by Eve\\\\n  99  2026")
    # export: never an internal error; the JSON is the document byte for byte (U+FFFD for bad bytes).
    run(0 out ${TOOL} export-json ${CLI} ${dir}/old.rutland)
    run(0 json ${CLI} export ${dir}/old.rutland --json)
    string(JSON who GET "${json}" entries 2 who)
    string(HEX "${who}" who)
    if(NOT who STREQUAL "efbfbdefbfbd")
        message(FATAL_ERROR "entry 2's who in export --json is '${who}' in hex, not two U+FFFD (efbfbd)")
    endif()
    run(0 csv ${CLI} export ${dir}/old.rutland --csv)
    string(REGEX MATCHALL "\n" breaks "${csv}")
    list(LENGTH breaks n)
    if(NOT n EQUAL 40)
        message(FATAL_ERROR "export --csv wrote ${n} lines for 39 entries and a header:\n${csv}")
    endif()
    run(0 script ${CLI} export ${dir}/old.rutland --script)
    expect("${script}" "# entry 1: its stamp is not one this Rutland writes \\(who has a control character in it \\(U\\+000A\\)\\)")
    expect("${script}" "# entry 3: its stamp is not one this Rutland writes \\(the time '5' is not an ISO 8601 UTC time like 2026-11-22T01:15:14Z")
    file(WRITE ${dir}/old.txt "${script}")
    run(0 out ${CLI} play ${dir}/old.txt --db ${dir}/new.rutland)
    expect("${out}" "new.rutland: 39 entries")
    run(0 log ${CLI} log ${dir}/new.rutland)
    expect("${log}" "\n   1  [0-9T:Z-]+  Eve\\\\n  99  2026-01-01T00:00:00Z  Ann       note fake  roll")

elseif(SCENARIO STREQUAL "csv")
    # Text a spreadsheet would run as a formula, in every kind of cell a broker controls: who
    # (--who, a '#=' line), the command id (--session, a '#=' line).
    file(WRITE ${dir}/c.txt "game players=Ann,Bob\n#= {\"who\":\"=HYPERLINK(\\\"http://x.example\\\",\\\"pay here\\\")\",\"id\":\"@SUM(1)\"}\nnote one\n#= {\"who\":\"-2+3\"}\nnote two\nnote a plain note, with a comma\n")
    run(0 out ${CLI} play ${dir}/c.txt --db ${dir}/c.rutland "--who==cmd|' /C calc'!A0" "--session=+SUM(A1:A9)")
    run(0 csv ${CLI} export ${dir}/c.rutland --csv)
    # No cell may start with = + - @: each such cell starts with ' (and is quoted when it must be).
    if(csv MATCHES "(\n|,)\"?[-=+@]")
        message(FATAL_ERROR "a CSV cell starts a formula at '${CMAKE_MATCH_0}':\n${csv}")
    endif()
    expect("${csv}" "\n0,[0-9T:Z-]+,'=cmd\\|' /C calc'!A0,'\\+SUM\\(A1:A9\\):1:[0-9a-f]+,[0-9]+,header,")
    expect("${csv}" "\n1,[0-9T:Z-]+,\"'=HYPERLINK\\(\"\"http://x.example\"\",\"\"pay here\"\"\\)\",'@SUM\\(1\\),[0-9]+,command,note one,")
    expect("${csv}" "\n2,[0-9T:Z-]+,'-2\\+3,'\\+SUM\\(A1:A9\\):3:[0-9a-f]+,[0-9]+,command,note two,")
    expect("${csv}" "\n3,[^\n]*,command,\"note a plain note, with a comma\",")

elseif(SCENARIO STREQUAL "export_json")
    execute_process(COMMAND ${GAMEGEN} --seed 11 --players 5 --entries ${ENTRIES} OUTPUT_FILE ${dir}/gen.txt RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "rutland-gamegen failed (exit ${rc})")
    endif()
    run(0 out ${CLI} play ${dir}/gen.txt --db ${dir}/gen.rutland)
    run(0 out ${TOOL} export-json ${CLI} ${dir}/gen.rutland)
    message(STATUS "${out}")
    run(0 out ${CLI} play ${DEMO} --db ${dir}/demo.rutland)
    run(0 out ${TOOL} export-json ${CLI} ${dir}/demo.rutland)
    message(STATUS "${out}")
elseif(SCENARIO STREQUAL "memory")
    # basic_store.h invariant 20: what every command holds does not grow with the game, of either game.
    foreach(game gen flutter)
        set(generator ${GAMEGEN})
        set(players 5)
        if(game STREQUAL "flutter")
            set(generator ${FLUTTER_GAMEGEN})
            set(players 4)
        endif()
        foreach(size ${SMALL} ${ENTRIES})
            execute_process(COMMAND ${generator} --seed 29 --players ${players} --entries ${size}
                            OUTPUT_FILE ${dir}/${game}-${size}.txt RESULT_VARIABLE rc)
            if(NOT rc EQUAL 0)
                message(FATAL_ERROR "${generator} failed (exit ${rc})")
            endif()
            run(0 out ${CLI} play ${dir}/${game}-${size}.txt --db ${dir}/${game}-${size}.rutland)
        endforeach()
        run(0 out ${TOOL} memory ${CLI} ${dir}/${game}-${SMALL}.rutland ${dir}/${game}-${ENTRIES}.rutland)
        message(STATUS "${out}")
    endforeach()
elseif(SCENARIO STREQUAL "planted")
    run(0 out ${CLI} play ${DEMO} --db ${dir}/g.rutland)
    # (A file: a ';' in a CMake argument would split it.)
    file(WRITE ${dir}/plant.sql
         "CREATE TRIGGER veto BEFORE INSERT ON entry WHEN new.line LIKE 'buy%' BEGIN SELECT RAISE(ABORT, 'no'); END;\n")
    run(0 ignored ${SQLITE3} ${dir}/g.rutland ".read ${dir}/plant.sql")
    run(1 out ${CLI} verify ${dir}/g.rutland)
    expect("${out}" "NOT CLEAN.*problem: the file has a trigger 'veto' that Rutland never creates: refused")
    run(2 out ${CLI} play ${DEMO} --db ${dir}/g.rutland)
    expect("${out}" "does not verify clean; nothing was added:.*trigger 'veto'")
    # A planted object's name is the file's text, not Rutland's: printed escaped (basic_store.h invariant
    # 14), or a name holding a newline and terminal escapes could print a fake "clean" line over the
    # real verdict (QA: it was printed raw, on two lines).
    run(0 out ${CLI} play ${DEMO} --db ${dir}/n.rutland)
    file(WRITE ${dir}/name.sql "CREATE VIEW \"v\ng.rutland: clean\" AS SELECT 1;\n")
    run(0 ignored ${SQLITE3} ${dir}/n.rutland ".read ${dir}/name.sql")
    run(1 out ${CLI} verify ${dir}/n.rutland)
    expect("${out}" "problem: the file has a view 'v\\\\ng.rutland: clean' that Rutland never creates: refused")
    if(out MATCHES "\ng.rutland: clean")
        message(FATAL_ERROR "a planted name printed a line of its own:\n${out}")
    endif()

elseif(SCENARIO STREQUAL "readonly")
    execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
    # A directory every user can reach (the build tree may be under a private home), with a copy
    # of rutland-cli in it.
    string(RANDOM LENGTH 8 tag)
    set(dir /tmp/rutland-readonly-${tag})
    file(MAKE_DIRECTORY ${dir}/locked ${dir}/own ${dir}/shm)
    file(COPY ${CLI} DESTINATION ${dir})
    get_filename_component(cli_name ${CLI} NAME)
    set(cli ${dir}/${cli_name})
    file(CHMOD ${dir} DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
    file(STRINGS ${DEMO} header LIMIT_COUNT 1 REGEX "^game ")
    file(WRITE ${dir}/note.txt "${header}\nnote after\n")
    foreach(d locked own shm)
        run(0 out ${CLI} play ${DEMO} --db ${dir}/${d}/g.rutland)
    endforeach()
    if(uid STREQUAL "0")
        find_program(SETPRIV setpriv REQUIRED)
        set(as ${SETPRIV} --reuid=65534 --regid=65534 --clear-groups)
        # locked/ stays root's (nobody cannot write it) with nobody's game in it; own/ and shm/ are nobody's.
        execute_process(COMMAND chown -R 65534 ${dir}/locked/g.rutland ${dir}/own ${dir}/shm)
    else()
        set(as "")
        file(CHMOD ${dir}/locked DIRECTORY_PERMISSIONS OWNER_READ OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
    endif()

    # A read-only directory: every reader works (SQLite could not make its -shm here: it once said
    # "attempt to write a readonly database"); a writer says why it cannot write.
    foreach(reader "verify" "state" "log" "export;--json")
        run(0 out ${as} ${cli} ${reader} ${dir}/locked/g.rutland)
        if(out MATCHES "warning|NOT CLEAN|readonly database")
            message(FATAL_ERROR "${reader} in a read-only directory:\n${out}")
        endif()
    endforeach()
    run(0 out ${as} ${cli} verify ${dir}/locked/g.rutland)
    expect("${out}" "clean: 39 entries")
    run(2 out ${as} ${cli} play ${DEMO} --db ${dir}/locked/g.rutland)
    expect("${out}" "cannot be written: its directory .*locked is read-only, so SQLite cannot make g.rutland-wal")

    # A 0444 game: readers work and leave no -shm (a 0444 -shm blocked every later writer); a writer
    # says the file is read-only; made writable again, it takes the next line.
    file(CHMOD ${dir}/own/g.rutland PERMISSIONS OWNER_READ GROUP_READ WORLD_READ)
    run(0 out ${as} ${cli} verify ${dir}/own/g.rutland)
    expect("${out}" "clean: 39 entries")
    if(EXISTS ${dir}/own/g.rutland-shm)
        message(FATAL_ERROR "reading a 0444 game left a -shm beside it")
    endif()
    run(2 out ${as} ${cli} play ${DEMO} --db ${dir}/own/g.rutland)
    expect("${out}" "cannot be written: the file .*g.rutland is read-only")
    file(CHMOD ${dir}/own/g.rutland PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
    run(0 out ${as} ${cli} play ${dir}/note.txt --db ${dir}/own/g.rutland)
    expect("${out}" "40 entries")

    # A read-only -shm left beside a writable game: the writer names it and says what to do.
    file(WRITE ${dir}/shm/g.rutland-shm "")
    file(CHMOD ${dir}/shm/g.rutland-shm PERMISSIONS OWNER_READ GROUP_READ WORLD_READ)
    run(2 out ${as} ${cli} play ${DEMO} --db ${dir}/shm/g.rutland)
    expect("${out}" "g.rutland-shm beside it is read-only.*delete [^ ]*shm/g.rutland-shm;")
    run(0 out ${as} ${cli} verify ${dir}/shm/g.rutland)
    expect("${out}" "clean: 39 entries")
    file(REMOVE_RECURSE ${dir})

else()
    message(FATAL_ERROR "no scenario ${SCENARIO}")
endif()
