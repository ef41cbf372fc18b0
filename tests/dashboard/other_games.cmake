# The dashboard opens any game this Rutland has and refuses by name one it has not (app/host/registry.h
# GameToOpen, GameOfHeader; app/dashboard/app.cpp App::OpenGame and CreateFromHeader, main.cpp PlayScript):
#  - a toy file played by rutland-cli opens on the desk, and a script of the same header plays on into
#    it (the header skipped), the file then holding what rutland-cli play of all the lines makes;
#  - a script of another game's header is refused for that file, and nothing is written;
#  - a file recording a game this build lacks ('othergame') is refused naming it, and left as it was;
#  - a script of game `nosuch` is refused naming it, and no file is made.
#   -DRUTLAND= -DCLI= -DSQLITE3= -DXVFB_RUN= -DDISPLAY_NUMBER= -DTOY=script -DWORK=
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ENV{XDG_CONFIG_HOME} ${WORK}/config)
set(ENV{XDG_DATA_HOME} ${WORK}/data)

function(dashboard expected_code out_var)
    execute_process(COMMAND ${XVFB_RUN} -a -n ${DISPLAY_NUMBER} -s "-screen 0 800x600x24" ${RUTLAND} ${ARGN} --screenshot ${WORK}/shot.png --size 800x600
                    RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT code EQUAL expected_code)
        message(FATAL_ERROR "rutland ${ARGN}: exit ${code}, not ${expected_code}\n${out}\n${err}")
    endif()
    set(${out_var} "${err}" PARENT_SCOPE)
endfunction()
function(expect text pattern)
    if(NOT text MATCHES "${pattern}")
        message(FATAL_ERROR "expected '${pattern}' in:\n${text}")
    endif()
endfunction()
function(lines_of file out_var)
    execute_process(COMMAND ${CLI} export --script ${file} OUTPUT_VARIABLE text RESULT_VARIABLE code)
    if(NOT code EQUAL 0)
        message(FATAL_ERROR "rutland-cli export --script ${file} failed")
    endif()
    string(REGEX REPLACE "#[^\n]*\n" "" text "${text}")  # the stamps: times and command ids differ
    set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# A toy file from rutland-cli, played on by the dashboard from a script with the same header.
execute_process(COMMAND ${CLI} play ${TOY} --db ${WORK}/toy.rutland RESULT_VARIABLE code OUTPUT_QUIET)
if(NOT code EQUAL 0)
    message(FATAL_ERROR "rutland-cli play ${TOY} --db failed")
endif()
file(STRINGS ${TOY} toy_lines REGEX "^game ")
list(GET toy_lines 0 header)
file(WRITE ${WORK}/more.txt "${header}\nadd Bob 4\ngive Bob Ann 1\n")
dashboard(0 err ${WORK}/toy.rutland --script ${WORK}/more.txt)
file(READ ${TOY} all)
file(WRITE ${WORK}/all.txt "${all}add Bob 4\ngive Bob Ann 1\n")
execute_process(COMMAND ${CLI} play ${WORK}/all.txt --db ${WORK}/expected.rutland RESULT_VARIABLE code OUTPUT_QUIET)
lines_of(${WORK}/toy.rutland got)
lines_of(${WORK}/expected.rutland want)
if(NOT got STREQUAL want)
    message(FATAL_ERROR "the toy file played on by the dashboard:\n${got}\nis not rutland-cli play of the same lines:\n${want}")
endif()

# Another header for that file: refused, nothing written.
file(SHA256 ${WORK}/toy.rutland before)
file(WRITE ${WORK}/other.txt "game toy players=Cy\nadd Cy 1\n")
dashboard(1 err ${WORK}/toy.rutland --script ${WORK}/other.txt)
expect("${err}" "other.txt:1: this script is for another game")
file(SHA256 ${WORK}/toy.rutland after)
if(NOT before STREQUAL after)
    message(FATAL_ERROR "a script of another header changed ${WORK}/toy.rutland")
endif()

# A file of a game this Rutland lacks: refused by name, untouched.
configure_file(${WORK}/toy.rutland ${WORK}/othergame.rutland COPYONLY)
execute_process(COMMAND ${SQLITE3} ${WORK}/othergame.rutland "UPDATE meta SET value = 'othergame' WHERE key = 'game'" RESULT_VARIABLE code)
if(NOT code EQUAL 0)
    message(FATAL_ERROR "sqlite3 could not edit ${WORK}/othergame.rutland")
endif()
file(SHA256 ${WORK}/othergame.rutland before)
dashboard(2 err ${WORK}/othergame.rutland)
expect("${err}" "othergame.rutland holds a game of 'othergame', which this Rutland does not have")
file(SHA256 ${WORK}/othergame.rutland after)
if(NOT before STREQUAL after)
    message(FATAL_ERROR "opening ${WORK}/othergame.rutland changed it")
endif()

# A script of a game no Rutland has: refused by name, no file made.
file(WRITE ${WORK}/nosuch.txt "# a game of another build\ngame nosuch players=A\nadd A 1\n")
dashboard(2 err ${WORK}/nosuch.rutland --script ${WORK}/nosuch.txt)
expect("${err}" "nosuch.txt:2: no game called 'nosuch' in this Rutland")
if(EXISTS ${WORK}/nosuch.rutland)
    message(FATAL_ERROR "a script of an unknown game created ${WORK}/nosuch.rutland")
endif()
