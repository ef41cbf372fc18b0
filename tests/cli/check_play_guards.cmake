# rutland-cli as a broker's shell drives it, on what an adversarial review found (one scenario a test):
#   -DCLI=path -DSQLITE3=path -DBOARDS=tests/boards -DWORK=dir -DSCENARIO=name
# copy:       the same script under another name (a copy) is never applied twice: its lines already
#             in the game are recognised by content and the game continues after them; a copy that
#             departs from the game's lines is refused naming the first line and the session that
#             recorded it; nothing applied, the fingerprint unchanged
# board_gone: a game on a user board is continued by `play --db` after the board file is deleted
#             (the game carries its board, store.h invariant 19)
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

else()
    message(FATAL_ERROR "unknown SCENARIO '${SCENARIO}'")
endif()
