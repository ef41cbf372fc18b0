# Game-file scenarios of rutland-cli that take more than one command (issue 4).
#   -DCLI=path -DSQLITE3=path -DDEMO=script -DWORK=dir -DSCENARIO=name
# setup:      plays the demo into WORK/demo.rutland (the fixture the single-command tests read)
# retry:      playing the same script again adds nothing (command ids) and keeps the fingerprint
# tamper:     editing bytes of past entries with the sqlite3 tool: verify names the entry, exit 1
# export:     export --script, then play it into a new file: the same state and hash chain
# refuse:     a foreign SQLite file and a newer one are refused by verify and play, byte-for-byte unchanged
# planted:    a trigger planted with the sqlite3 tool: verify names it (exit 1), play refuses to write
# readonly:   a read-only directory, a 0444 game and a read-only -shm: readers work, a writer says why
#             it cannot write, and nothing is left behind that blocks a later writer. Root may write
#             anything, so as root the commands run as the user nobody (setpriv)
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
    expect("${out}" "demo.rutland: 39 entries, fingerprint [0-9a-f]+")

elseif(SCENARIO STREQUAL "retry")
    run(0 first ${CLI} play ${DEMO} --db ${dir}/g.rutland)
    run(0 again ${CLI} play ${DEMO} --db ${dir}/g.rutland)
    string(REGEX MATCH "39 entries, fingerprint [0-9a-f]+" a "${first}")
    string(REGEX MATCH "39 entries, fingerprint [0-9a-f]+" b "${again}")
    if(a STREQUAL "" OR NOT a STREQUAL b)
        message(FATAL_ERROR "a second play of the same script changed the game:\n${first}\n---\n${again}")
    endif()

elseif(SCENARIO STREQUAL "tamper")
    run(0 out ${CLI} play ${DEMO} --db ${dir}/pristine.rutland)
    # entry|SQL that edits one byte of it
    set(edits
        "9|UPDATE entry SET effects = replace(effects, '$44,000', '$44,001') WHERE seq=9"
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
