# The core's folders are layers (issue 15 point 4). A file may include its own folder and the ones
# below it, never one above:
#   base < kernel < model < lang < rules < ledger < store < report
# base: text, checked text, names, SHA-256 (no game in it); kernel: the concept of a ruleset that
# the ledger, the store and the session are written against (no game in it either); model: money,
# companies, board, state, effects and the vocabulary; lang: the table language and the effects' words; rules: the rules
# engine; ledger: the in-memory ledger; store: the game file (its game-free part, basic_store*.h and
# store_file.*, is the kernel's: see below); report: what is printed.
# rules/detail/ is the rules' insides: nothing outside core/rules/ includes it (core, app, tests,
# bench alike).
# Run with -DROOT=<source dir>; fails with every offending include listed.
set(layers base kernel model lang rules ledger store report)
set(problems "")
file(GLOB_RECURSE core_files ${ROOT}/core/*.h ${ROOT}/core/*.cpp)
foreach(path ${core_files})
    file(RELATIVE_PATH rel ${ROOT}/core ${path})
    string(REGEX MATCH "^[a-z_]+" folder "${rel}")
    list(FIND layers "${folder}" level)
    if(level EQUAL -1)
        string(APPEND problems "core/${rel}: not in a layer folder (${layers})\n")
        continue()
    endif()
    file(STRINGS ${path} includes REGEX "^#include \"")
    foreach(line ${includes})
        string(REGEX REPLACE "^#include \"([^\"]*)\".*" "\\1" inc "${line}")
        string(REGEX MATCH "^[a-z_]+/" inc_folder "${inc}")
        if(inc_folder STREQUAL "")
            string(APPEND problems "core/${rel}: includes \"${inc}\" without its folder\n")
            continue()
        endif()
        string(REGEX REPLACE "/$" "" inc_folder "${inc_folder}")
        list(FIND layers "${inc_folder}" inc_level)
        if(inc_level EQUAL -1)
            string(APPEND problems "core/${rel}: includes \"${inc}\", not a core layer\n")
        elseif(inc_level GREATER level)
            string(APPEND problems "core/${rel}: ${folder} includes ${inc_folder} above it (\"${inc}\")\n")
        endif()
    endforeach()
endforeach()
file(GLOB_RECURSE all_files ${ROOT}/core/*.h ${ROOT}/core/*.cpp ${ROOT}/app/*.h ${ROOT}/app/*.cpp
     ${ROOT}/tests/*.h ${ROOT}/tests/*.cpp ${ROOT}/bench/*.h ${ROOT}/bench/*.cpp)
foreach(path ${all_files})
    file(RELATIVE_PATH rel ${ROOT} ${path})
    if(rel MATCHES "^core/rules/")
        continue()
    endif()
    file(STRINGS ${path} includes REGEX "^#include \"rules/detail/")
    foreach(line ${includes})
        string(APPEND problems "${rel}: includes the rules' insides: ${line}\n")
    endforeach()
endforeach()
# The kernel (issue 15 point 5) knows no game: the ledger, the store and the session templates
# include only the kernel, base and each other, so that any ruleset can instantiate them (tests/kernel/
# does, with a toy game). The store's game-free part (store_file.*) is compiled into that toy test too.
set(kernel_files core/ledger/basic_ledger.h app/view/basic_session.h core/store/basic_store.h
    core/store/basic_store_impl.h core/store/store_file.h core/store/store_file.cpp)
set(kernel_own ledger/basic_ledger.h store/basic_store.h store/basic_store_impl.h store/store_file.h)
string(REPLACE ";" "|" kernel_layers_regex "${layers}")
foreach(rel ${kernel_files})
    # <rules/...> finds the same file through the same include path as "rules/...": both are checked.
    file(STRINGS ${ROOT}/${rel} includes REGEX "^#include (\"|<(${kernel_layers_regex})/)")
    foreach(line ${includes})
        string(REGEX REPLACE "^#include [\"<]([^\">]*)[\">].*" "\\1" inc "${line}")
        list(FIND kernel_own "${inc}" own)
        if(NOT inc MATCHES "^(kernel|base)/" AND own EQUAL -1)
            string(APPEND problems "${rel}: the kernel includes \"${inc}\", which is not the kernel's\n")
        endif()
    endforeach()
endforeach()
if(NOT problems STREQUAL "")
    message(FATAL_ERROR "Layer violations:\n${problems}")
endif()
message(STATUS "core layers: ${layers}; no file includes one above it")
