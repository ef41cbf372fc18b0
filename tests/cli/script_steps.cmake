# The steps of the `cmake -P` scripts that drive rutland-cli as a broker's shell would
# (check_board.cmake, check_board_carried.cmake).
#   run(RC COMMAND ARGS...): runs the command, fails unless it exits RC; leaves `out` and `err`.
#   expect(TEXT PATTERN WHAT): fails unless TEXT matches PATTERN, naming WHAT.

function(run expect_rc)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL expect_rc)
        message(FATAL_ERROR "${ARGN}: exit ${rc}, expected ${expect_rc}\nstdout:\n${out}\nstderr:\n${err}")
    endif()
    set(out "${out}" PARENT_SCOPE)
    set(err "${err}" PARENT_SCOPE)
endfunction()

function(expect text pattern what)
    if(NOT text MATCHES "${pattern}")
        message(FATAL_ERROR "${what} does not match '${pattern}':\n${text}")
    endif()
endfunction()
