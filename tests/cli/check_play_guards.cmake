# rutland-cli as a broker's shell drives it, on what an adversarial review found (one scenario a test):
#   -DCLI=path -DBOARDS=tests/boards -DV2=a schema-2 game -DWORK=dir -DSCENARIO=name
# copy:       the same script under another name (a copy) is never applied twice: its lines already
#             in the game are recognised by content and the game continues after them; a copy that
#             departs from the game's lines is refused naming the first line and the session that
#             recorded it, and so is a copy whose first line differs (the game's header, then
#             the game's lines at their places), with --keep-going too; nothing applied, the
#             fingerprint unchanged
# board_gone: a game on a user board is continued by `play --db` after the board file is deleted
#             (the game carries its board, basic_store.h invariant 19)
# raw_text:   no control or bidi character reaches the terminal raw: refused lines and notes, an
#             unknown command and a board name echoed in errors (safe_text.h TerminalEscaper)
# board_files: a board file with a key twice is refused; the board's temporary file planted as a
#             symlink is not followed; a backup to a dangling symlink is refused, none left half-made
# migrate_race: two writers open a schema-2 game at once (-DV2=tests/games/schema-v2-full-game.rutland):
#             both play, one backup, clean (basic_store.h invariant 16)
file(MAKE_DIRECTORY ${WORK})
set(dir ${WORK}/${SCENARIO})
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir})
set(ENV{XDG_DATA_HOME} ${dir}/data)
include(${CMAKE_CURRENT_LIST_DIR}/script_steps.cmake)

# The fingerprint `verify` prints of FILE, into `fingerprint`.
function(fingerprint_of file)
    run(0 ${CLI} verify ${file})
    string(REGEX MATCH "fingerprint ([0-9a-f ]+)" found "${out}")
    if(found STREQUAL "")
        message(FATAL_ERROR "no fingerprint from verify ${file}:\n${out}")
    endif()
    set(fingerprint "${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()

set(header "game players=Ann,Bob,Cy,Dee broker=Dee start=@market-1,@market-1,@market-1,@market-1\n")
set(played "roll 3 4 2\nbuy Y 20k\nbuy R 10k\nend\nroll 2 1 1\nbuy Y pref 10k\nend\n")

if(SCENARIO STREQUAL "copy")
    # The review's game: line 9 rejected, the play stops there.
    file(WRITE ${dir}/fg.txt "${header}${played}buy Q 99k\nnote after\n")
    run(1 ${CLI} play ${dir}/fg.txt --db ${dir}/g.rutland)
    fingerprint_of(${dir}/g.rutland)
    set(before "${fingerprint}")
    # The same script under another name: lines 2-8 are the game's entries 1-7, recognised; line 9
    # is rejected again; `roll 3 4 2` (it moves all four prices) is not appended a second time.
    file(COPY_FILE ${dir}/fg.txt ${dir}/fg-copy.txt)
    run(1 ${CLI} play ${dir}/fg-copy.txt --db ${dir}/g.rutland)
    expect("${err}" "fg-copy.txt: lines 2-8 \\(7 commands\\) already in .*g.rutland, recorded by another script session"
           "the copy's recognised lines")
    expect("${err}" "fg-copy.txt:9: rejected: 'buy' needs a company" "the copy's line 9")
    expect("${out}" "g.rutland: 8 entries" "the game after the copy")
    fingerprint_of(${dir}/g.rutland)
    if(NOT fingerprint STREQUAL before)
        message(FATAL_ERROR "the copy changed the game: ${before} -> ${fingerprint}")
    endif()
    # The copy fixed and grown continues the game; the original grown the same way then applies
    # nothing twice.
    file(WRITE ${dir}/fg-copy.txt "${header}${played}note fixed\nnote after\n")
    run(0 ${CLI} play ${dir}/fg-copy.txt --db ${dir}/g.rutland)
    expect("${out}" "g.rutland: 10 entries" "the copy continued")
    file(WRITE ${dir}/fg.txt "${header}${played}note fixed\nnote after\nnote more\n")
    run(0 ${CLI} play ${dir}/fg.txt --db ${dir}/g.rutland)
    expect("${out}" "g.rutland: 11 entries" "the original continued")
    expect("${err}" "fg.txt: lines 9-10 \\(2 commands\\) already in" "the original's lines the copy played")
    # A copy that departs from the game's lines (the original was played past a rejected line with
    # --keep-going, so the game lacks it): refused, naming the copy's first line and the session.
    file(WRITE ${dir}/k.txt "${header}${played}buy Q 99k\nnote after\n")
    run(1 ${CLI} play ${dir}/k.txt --db ${dir}/k.rutland --keep-going)
    fingerprint_of(${dir}/k.rutland)
    set(before "${fingerprint}")
    file(COPY_FILE ${dir}/k.txt ${dir}/k-copy.txt)
    run(2 ${CLI} play ${dir}/k-copy.txt --db ${dir}/k.rutland --keep-going)
    expect("${err}" "k-copy.txt:2: this line is already entry 1 of .*k.rutland \\(`roll 3 4 2`\\), recorded by the script session 'k.txt'.*its line 9 is `buy Q 99k`, where the game recorded entry 8: `note after`\\): nothing was applied"
           "the departing copy's refusal")
    fingerprint_of(${dir}/k.rutland)
    if(NOT fingerprint STREQUAL before)
        message(FATAL_ERROR "the refused copy changed the game: ${before} -> ${fingerprint}")
    endif()
    # A copy whose first command differs, the rest the original's (the game's header, then lines
    # that are the game's at their places): refused before anything is applied, naming its first
    # line that differs, --keep-going or not (its other lines were applied again once).
    file(WRITE ${dir}/e.txt "${header}${played}")
    run(0 ${CLI} play ${dir}/e.txt --db ${dir}/e.rutland)
    fingerprint_of(${dir}/e.rutland)
    set(before "${fingerprint}")
    string(REPLACE "roll 3 4 2\n" "note changed\n" edited "${played}")
    file(WRITE ${dir}/e-copy.txt "${header}${edited}")
    foreach(keep_going "--keep-going" "")
        run(2 ${CLI} play ${dir}/e-copy.txt --db ${dir}/e.rutland ${keep_going})
        expect("${err}" "e-copy.txt:2: this script starts with the header of .*e.rutland and its line 3 is entry 2 of the game, as the script session 'e.txt' recorded it, but its line 2 is `note changed`, where the game recorded entry 1: `roll 3 4 2`: a copy of that script whose earlier lines differ; nothing was applied"
               "the edited copy's refusal ${keep_going}")
        fingerprint_of(${dir}/e.rutland)
        if(NOT fingerprint STREQUAL before)
            message(FATAL_ERROR "the refused copy changed the game: ${before} -> ${fingerprint}")
        endif()
    endforeach()
    # Another script into the same game (a second day's, with --session) is new lines, as before.
    file(WRITE ${dir}/day2.txt "note day two\nroll 3 3 1\n")
    run(0 ${CLI} play ${dir}/day2.txt --db ${dir}/k.rutland --session day2)
    expect("${out}" "k.rutland: 11 entries" "the second day's script")

elseif(SCENARIO STREQUAL "board_gone")
    run(0 ${CLI} board import ${BOARDS}/home.json)
    file(WRITE ${dir}/h.txt "game players=Ann,Bob board=home start=@market-1,@market-1\nroll 1 2 1 @brada\nnote first\n")
    run(0 ${CLI} play ${dir}/h.txt --db ${dir}/h.rutland)
    file(REMOVE ${dir}/data/rutland/boards/home.json)
    file(APPEND ${dir}/h.txt "note after the board file was deleted\n")
    run(0 ${CLI} play ${dir}/h.txt --db ${dir}/h.rutland)
    expect("${out}" "h.rutland: 4 entries" "play --db without the board file")
    # A script whose header is not the game's is still refused.
    file(WRITE ${dir}/other.txt "game players=Ann,Cy board=home\nnote x\n")
    run(2 ${CLI} play ${dir}/other.txt --db ${dir}/h.rutland)
    expect("${err}" "this script's game header is not the one in" "another header")

elseif(SCENARIO STREQUAL "raw_text")
    # A bidi control (U+202E) and a terminal's escape, as printf writes the bytes.
    execute_process(COMMAND printf "\\342\\200\\256\\033" OUTPUT_VARIABLE raw)
    string(SUBSTRING "${raw}" 0 3 bidi)
    string(SUBSTRING "${raw}" 3 1 esc)
    function(no_raw text what)
        foreach(bad "${bidi}" "${esc}")
            string(FIND "${text}" "${bad}" at)
            if(NOT at EQUAL -1)
                message(FATAL_ERROR "a raw control or bidi character reached the terminal (${what}):\n${text}")
            endif()
        endforeach()
    endfunction()
    # The review's label as a note: the line is refused (a control character).
    execute_process(COMMAND printf "${header}note Br\\342\\200\\256ada\\007\\033[2J\\n"
                    OUTPUT_FILE ${dir}/n.txt)
    run(1 ${CLI} play ${dir}/n.txt --db ${dir}/n.rutland --effects)
    no_raw("${out}${err}" "a line with controls")
    # A note with the bidi control alone is refused as a name with one is, quoted escaped.
    execute_process(COMMAND printf "note Br\\342\\200\\256ada\\n" OUTPUT_FILE ${dir}/bidi.txt)
    run(1 ${CLI} play ${dir}/bidi.txt --db ${dir}/n.rutland)
    expect("${err}" "a note may not hold a control or bidi character, which changes how it reads: 'Br\\\\u\\{202e\\}ada'"
           "the refused note")
    no_raw("${out}${err}" "a refused note")
    # Refused input echoed in an error by the parser (an unknown command), escaped on its way out.
    execute_process(COMMAND printf "Br\\342\\200\\256ada 1 2\\n" OUTPUT_FILE ${dir}/word.txt)
    run(1 ${CLI} play ${dir}/word.txt --db ${dir}/n.rutland)
    expect("${err}" "unknown command 'Br\\\\u202eada'" "the unknown command, escaped")
    no_raw("${out}${err}" "an unknown command")
    # A board name that would set the terminal's title.
    run(2 ${CLI} board show "${esc}]0;pwned")
    expect("${err}" "no board called '\\\\u001b\\]0;pwned'" "the refused board name, escaped")
    no_raw("${out}${err}" "a refused board name")
    run(0 ${CLI} verify ${dir}/n.rutland)
    expect("${out}" "clean: 1 entries" "nothing refused was added")

elseif(SCENARIO STREQUAL "board_files")
    # A board file with a key twice is refused by import, naming the key; nothing written.
    file(READ ${BOARDS}/home.json home)
    string(REPLACE "\"name\": \"brada\", " "\"name\": \"brada\", \"trend\": \"UUUU\", " twice "${home}")
    if(twice STREQUAL home)
        message(FATAL_ERROR "the edit changed nothing in home.json")
    endif()
    file(WRITE ${dir}/twice.json "${twice}")
    run(1 ${CLI} board import ${dir}/twice.json)
    expect("${err}" "the key \"trend\" is given twice in one object" "the duplicate key")
    if(EXISTS ${dir}/data/rutland/boards/home.json)
        message(FATAL_ERROR "a refused board was written")
    endif()
    # The board's temporary file, planted as a symlink to another file (the shared $TMPDIR case):
    # never followed, the other file unchanged, the board written.
    file(MAKE_DIRECTORY ${dir}/data/rutland/boards)
    file(WRITE ${dir}/victim.txt "not a board\n")
    file(CREATE_LINK ${dir}/victim.txt ${dir}/data/rutland/boards/.home.json.tmp SYMBOLIC)
    run(0 ${CLI} board import ${BOARDS}/home.json)
    file(READ ${dir}/victim.txt victim)
    if(NOT victim STREQUAL "not a board\n")
        message(FATAL_ERROR "the board was written through the planted symlink:\n${victim}")
    endif()
    run(0 ${CLI} board show home)
    # A backup's destination that is a dangling symlink is not written through.
    file(WRITE ${dir}/g.txt "${header}note x\n")
    run(0 ${CLI} play ${dir}/g.txt --db ${dir}/g.rutland)
    file(CREATE_LINK ${dir}/elsewhere.rutland ${dir}/copy.rutland SYMBOLIC)
    run(2 ${CLI} backup ${dir}/g.rutland ${dir}/copy.rutland)
    if(EXISTS ${dir}/elsewhere.rutland)
        message(FATAL_ERROR "the backup was written through a dangling symlink")
    endif()
    run(0 ${CLI} backup ${dir}/g.rutland ${dir}/real-copy.rutland)
    file(GLOB partial ${dir}/*.partial-*)
    if(partial)
        message(FATAL_ERROR "a temporary copy was left: ${partial}")
    endif()

elseif(SCENARIO STREQUAL "migrate_race")
    # Two writers open a schema-2 game at the same moment (execute_process runs its COMMANDs
    # together): the second waits for the first's migration and plays on, never refused.
    # execute_process pipes the first's output into the second: the second reads it all after its
    # play, so the first never writes into a closed pipe.
    file(COPY_FILE ${V2} ${dir}/v2.rutland)
    file(WRITE ${dir}/a.txt "note from the first writer\n")
    file(WRITE ${dir}/b.txt "note from the second writer\n")
    execute_process(COMMAND ${CLI} play ${dir}/a.txt --db ${dir}/v2.rutland
                    COMMAND sh -c "\"$0\" play \"$1\" --db \"$2\"; code=$?; cat > /dev/null; exit $code"
                            ${CLI} ${dir}/b.txt ${dir}/v2.rutland
                    RESULTS_VARIABLE codes OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT codes STREQUAL "0;0")
        message(FATAL_ERROR "two writers at once: exit codes ${codes}\n${out}\n${err}")
    endif()
    run(0 ${CLI} verify ${dir}/v2.rutland)
    expect("${out}" "clean: 209 entries" "the game after both writers")
    file(GLOB backups ${dir}/v2.rutland.v2.backup*)
    list(LENGTH backups n)
    if(NOT n EQUAL 1)
        message(FATAL_ERROR "one backup expected, found: ${backups}")
    endif()
    run(0 ${CLI} verify ${backups})
    expect("${out}" "clean: 207 entries" "the backup")

else()
    message(FATAL_ERROR "unknown SCENARIO '${SCENARIO}'")
endif()
