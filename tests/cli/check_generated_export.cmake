# export --script through rutland-cli on a game nobody wrote: rutland-gamegen writes a
# random legal game, then check_store.cmake's export scenario plays it into a game file, exports it
# as a script, plays that into a new file and requires the same entries, hash chain and state.
#   -DCLI=path -DSQLITE3=path -DGAMEGEN=path -DWORK=dir -DSEED=n -DENTRIES=n
file(MAKE_DIRECTORY ${WORK})
# --counts: the table's counts (X-1) too, so the file format carries them.
execute_process(COMMAND ${GAMEGEN} --seed ${SEED} --players 6 --entries ${ENTRIES} --counts 2 OUTPUT_FILE ${WORK}/generated.txt
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "rutland-gamegen failed (exit ${rc})")
endif()
set(DEMO ${WORK}/generated.txt)
set(SCENARIO export)
include(${CMAKE_CURRENT_LIST_DIR}/check_store.cmake)
