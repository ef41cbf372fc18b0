# rutland-cli links no ImGui (tests/check_layers.cmake rule 6: only the dashboard and the games'
# panels/ draw; a game's panels are linked into the dashboard alone, app/CMakeLists.txt). Run with
# -DBINARY=<rutland-cli> -DNM=<nm>; fails naming the ImGui symbols the binary holds.
execute_process(COMMAND ${NM} -C ${BINARY} OUTPUT_VARIABLE symbols RESULT_VARIABLE code ERROR_VARIABLE err)
if(NOT code EQUAL 0)
    message(FATAL_ERROR "cannot list the symbols of ${BINARY}: ${err}")
endif()
string(REGEX MATCHALL "[^\n]*ImGui::[^\n]*" found "${symbols}")
list(LENGTH found count)
if(count GREATER 0)
    list(SUBLIST found 0 5 first)
    string(REPLACE ";" "\n" first "${first}")
    message(FATAL_ERROR "${BINARY} links ImGui (${count} symbols), e.g.:\n${first}")
endif()
message(STATUS "${BINARY}: no ImGui symbol")
