# The layers of Rutland and what enforces them: every include of every file of core/, kit/, games/
# and app/ is checked on every build. Run with -DROOT=<source dir>; fails with every offending include
# listed. One direction only:
#
#     core/ (base < kernel)  <-  kit/ (host, view < ui)  <-  games/<name>/  <-  app/
#
# 1. The kernel (core/) knows no game and no kit: its folders are the layers
#      base < kernel
#    (base: text, checked text, names, SHA-256; kernel: the ruleset concept, kernel/ruleset.h, and
#    the ledger, store and session templates written against it, with the game file's game-free
#    machinery, kernel/store_file.*). A kernel file includes its own folder and the one below it,
#    nothing else of the repository (so tests/kernel/ can run it with a toy game).
# 2. A game (games/<name>/, its own include root) is layered on top of the kernel:
#      base < kernel < model < lang < rules < ledger < store < report < view < web < host
#                                                                  < dashboard < panels
#    (model: money, companies, board, state, effects, the vocabulary; lang: the table language and
#    the effects' words; rules: the rules engine; ledger: the game's instantiation of the kernel's
#    ledger; store: its game file over the kernel's store; report: what is printed; view: its view
#    models without a window; web: its part of the shared page; host: its OpenGame and its
#    registration, kit/host/open_game.h; dashboard: a screen of its own, kit/ui/game_screen.h;
#    panels: what it draws on the desk). A game file includes its own folder and the ones below it,
#    base/ and kernel/ from core/, the rest from its own game: never another game (games/<other>/, or
#    a header only another game has), and never anything of app/ (rule 5). A game small enough for
#    one header keeps it at its root (games/toy/toy.h): the top of the game's own layers (report's
#    level), which its shell parts include by its bare name.
# 3. rules/detail/ is a game's rules' insides: nothing outside that game's rules/ includes it
#    (kernel, kit, games, app, tests, bench alike).
# 4. What a game takes from the kit (kit/, its include root; kit/CMakeLists.txt): from its view
#    layer up, the facade and the adapters every game shares (kit/host/: "host/open_game.h",
#    "host/basic_open_game.h", "host/basic_served_game.h", "host/registration.h") and the kit's
#    game-free view models (kit/view/: display_text.h, entry_line.h..., by their bare names); from
#    its dashboard layer up, the desk's widgets (kit/ui/: desk_panel.h, theme.h, text_wrap.h,
#    rule_text_draw.h, question_draw.h, qr_draw.h, fonts.h, key_focus.h, share_ui.h,
#    game_screen.h, by their bare names). A game with a screen of its own (games/<name>/dashboard/)
#    includes that folder's headers by their bare names in its dashboard/ and panels/.
# 5. Nothing under games/ includes anything of app/: not app/'s headers by any name, not a path
#    into app/.
# 6. The kit includes the kernel and its own folders, never a game and never app/:
#      kit/host: base/, kernel/ and kit/host/ ("host/...")
#      kit/view: the same and kit/view/'s bare names
#      kit/ui:   the same and kit/ui/'s bare names (and ImGui, GLFW)
# 7. The shell (app/) reaches the games through the one list of games (app/games.cmake, made into
#    the generated game_list.h) and what each game registers (kit/host/registration.h): no file of
#    app/ includes a game's header, by any name, and none names a game's namespace. Every quoted
#    include of app/ is app/'s own (its folder's, or by a folder of app/), the kit's, the kernel's,
#    or the generated list.
# 8. ImGui (and GLFW, OpenGL) only in kit/ui/, app/dashboard/ and a game's dashboard/ and panels/:
#    not the kernel, not the kit's host/ and view/, not a game's lower layers, not the CLI, the
#    shell's views, the registry or the server (rutland-cli links no ImGui: cli.links_no_imgui).
set(kernel_layers base kernel)
set(kit_layers host view ui)
set(game_layers base kernel model lang rules ledger store report view web host dashboard panels)
set(game_kit_level 8)         # view: the first layer that may include the kit (rule 4)
set(game_root_level 7)        # report's: a one-header game's root file (rule 2)
set(game_dashboard_level 11)  # dashboard: the kit's widgets, a game's own screen (rule 4)
set(problems "")
string(REPLACE ";" "|" layers_regex_all "${game_layers}")

# Every header of app/ by its bare name, and app/'s folders: what a game must never include (rule 5).
file(GLOB_RECURSE app_headers ${ROOT}/app/*.h)
set(app_header_names "")
foreach(h ${app_headers})
    get_filename_component(name ${h} NAME)
    list(APPEND app_header_names ${name})
endforeach()
file(GLOB app_dirs LIST_DIRECTORIES true ${ROOT}/app/*)

# True (in `out`) when `inc`, a bare name, is one of the kit's `folder` headers.
function(kit_has folder inc out)
    if(EXISTS ${ROOT}/kit/${folder}/${inc})
        set(${out} TRUE PARENT_SCOPE)
    else()
        set(${out} FALSE PARENT_SCOPE)
    endif()
endfunction()

# Checks one game file's quoted and angled includes of repository folders against `layers`, with the
# file's own layer `level`; `own_root` is the game's folder. Appends to `problems` in the caller's scope.
function(check_game_includes path rel level own_root)
    set(found "")
    string(REPLACE ";" "|" layers_regex "${game_layers};games;app;kit")
    file(STRINGS ${path} quoted REGEX "^#include \"")
    file(STRINGS ${path} angled REGEX "^#include <(${layers_regex})/")
    foreach(line ${quoted} ${angled})
        string(REGEX REPLACE "^#include [\"<]([^\">]*)[\">].*" "\\1" inc "${line}")
        string(REGEX MATCH "^[a-z_-]+/" inc_folder "${inc}")
        # Rule 5: nothing of app/.
        if(inc MATCHES "^app/" OR (inc_folder STREQUAL "" AND NOT EXISTS ${own_root}/${inc}
                                   AND NOT EXISTS ${own_root}/dashboard/${inc}
                                   AND NOT EXISTS ${ROOT}/kit/view/${inc} AND NOT EXISTS ${ROOT}/kit/ui/${inc}))
            list(FIND app_header_names "${inc}" app_header)
            if(inc MATCHES "^app/" OR NOT app_header EQUAL -1)
                string(APPEND found "${rel}: includes \"${inc}\", which is the shell's (app/): a game builds on the kernel and the kit alone\n")
                continue()
            endif()
        endif()
        # Rule 4: what the kit lends a game.
        if(level GREATER_EQUAL game_kit_level)
            if(inc MATCHES "^host/" AND EXISTS ${ROOT}/kit/${inc} AND NOT EXISTS ${own_root}/${inc})
                continue()
            endif()
            if(inc_folder STREQUAL "" AND EXISTS ${ROOT}/kit/view/${inc})
                continue()
            endif()
        endif()
        if(level GREATER_EQUAL game_dashboard_level AND inc_folder STREQUAL "")
            if(EXISTS ${ROOT}/kit/ui/${inc} OR EXISTS ${own_root}/dashboard/${inc})
                continue()
            endif()
        endif()
        # Rule 2: a one-header game's root file, by its bare name, from its layer up.
        if(inc_folder STREQUAL "" AND EXISTS ${own_root}/${inc} AND level GREATER_EQUAL game_root_level)
            continue()
        endif()
        if(inc_folder STREQUAL "")
            string(APPEND found "${rel}: includes \"${inc}\" without its folder\n")
            continue()
        endif()
        string(REGEX REPLACE "/$" "" inc_folder "${inc_folder}")
        list(FIND game_layers "${inc_folder}" inc_level)
        if(inc_folder STREQUAL "games")
            string(APPEND found "${rel}: includes a game by its path (\"${inc}\"): a game has its own include root\n")
        elseif(inc_folder STREQUAL "kit")
            string(APPEND found "${rel}: includes \"${inc}\" by the kit's path: the kit's headers are included as host/NAME.h or by their bare names\n")
        elseif(inc_level EQUAL -1)
            string(APPEND found "${rel}: includes \"${inc}\", not one of its layers (${game_layers})\n")
        elseif(inc_level GREATER level)
            string(APPEND found "${rel}: ${inc_folder} is above its own layer (\"${inc}\")\n")
        elseif(inc_folder MATCHES "^(base|kernel)$")
            if(NOT EXISTS ${ROOT}/core/${inc})
                string(APPEND found "${rel}: includes \"${inc}\", which the kernel (core/) does not have\n")
            endif()
        elseif(NOT EXISTS ${own_root}/${inc})
            if(inc MATCHES "^host/" AND EXISTS ${ROOT}/kit/${inc})
                string(APPEND found "${rel}: includes the kit's \"${inc}\" below its view layer\n")
            else()
                string(APPEND found "${rel}: includes \"${inc}\", which is not its own game's\n")
            endif()
        endif()
    endforeach()
    set(problems "${problems}${found}" PARENT_SCOPE)
endfunction()

# 1. The kernel.
file(GLOB_RECURSE kernel_files ${ROOT}/core/*.h ${ROOT}/core/*.cpp)
foreach(path ${kernel_files})
    file(RELATIVE_PATH rel ${ROOT} ${path})
    string(REGEX REPLACE "^core/([a-z_]+)/.*" "\\1" folder "${rel}")
    list(FIND kernel_layers "${folder}" level)
    if(level EQUAL -1)
        string(APPEND problems "${rel}: not in a kernel folder (${kernel_layers})\n")
        continue()
    endif()
    file(STRINGS ${path} quoted REGEX "^#include \"")
    foreach(line ${quoted})
        string(REGEX REPLACE "^#include \"([^\"]*)\".*" "\\1" inc "${line}")
        string(REGEX MATCH "^[a-z_]+" inc_folder "${inc}")
        list(FIND kernel_layers "${inc_folder}" inc_level)
        if(NOT inc MATCHES "/" OR inc_level EQUAL -1 OR NOT EXISTS ${ROOT}/core/${inc})
            string(APPEND problems "${rel}: includes \"${inc}\", not the kernel's own (${kernel_layers})\n")
        elseif(inc_level GREATER level)
            string(APPEND problems "${rel}: ${inc_folder} is above its own layer (\"${inc}\")\n")
        endif()
    endforeach()
endforeach()

# 2, 4, 5. Each game.
file(GLOB game_dirs LIST_DIRECTORIES true ${ROOT}/games/*)
set(game_count 0)
foreach(game_dir ${game_dirs})
    if(NOT IS_DIRECTORY ${game_dir})
        continue()
    endif()
    math(EXPR game_count "${game_count} + 1")
    file(GLOB_RECURSE game_files ${game_dir}/*.h ${game_dir}/*.cpp)
    foreach(path ${game_files})
        file(RELATIVE_PATH rel ${ROOT} ${path})
        file(RELATIVE_PATH in_game ${game_dir} ${path})
        string(REGEX MATCH "^[a-z_]+" folder "${in_game}")
        list(FIND game_layers "${folder}" level)
        if(NOT in_game MATCHES "/")
            set(level ${game_root_level})
        elseif(level LESS 2)
            string(APPEND problems "${rel}: not in a game layer folder (${game_layers}; base and kernel are core/'s)\n")
            continue()
        endif()
        check_game_includes(${path} ${rel} ${level} ${game_dir})
    endforeach()
endforeach()
if(game_count EQUAL 0)
    string(APPEND problems "games/: no game found (the check would pass on nothing)\n")
endif()

# 3. rules/detail/ stays inside its game's rules/.
file(GLOB_RECURSE all_files ${ROOT}/core/*.h ${ROOT}/core/*.cpp ${ROOT}/kit/*.h ${ROOT}/kit/*.cpp
     ${ROOT}/games/*.h ${ROOT}/games/*.cpp ${ROOT}/app/*.h ${ROOT}/app/*.cpp ${ROOT}/tests/*.h ${ROOT}/tests/*.cpp
     ${ROOT}/bench/*.h ${ROOT}/bench/*.cpp)
foreach(path ${all_files})
    file(RELATIVE_PATH rel ${ROOT} ${path})
    if(rel MATCHES "^games/[^/]+/rules/")
        continue()
    endif()
    file(STRINGS ${path} includes REGEX "^#include [\"<]rules/detail/")
    foreach(line ${includes})
        string(APPEND problems "${rel}: includes the rules' insides: ${line}\n")
    endforeach()
endforeach()

# 6. The kit.
file(GLOB_RECURSE kit_files ${ROOT}/kit/*.h ${ROOT}/kit/*.cpp)
set(kit_count 0)
foreach(path ${kit_files})
    file(RELATIVE_PATH rel ${ROOT} ${path})
    string(REGEX REPLACE "^kit/([a-z_]+)/.*" "\\1" folder "${rel}")
    list(FIND kit_layers "${folder}" level)
    if(level EQUAL -1)
        string(APPEND problems "${rel}: not in a kit folder (${kit_layers})\n")
        continue()
    endif()
    math(EXPR kit_count "${kit_count} + 1")
    file(STRINGS ${path} quoted REGEX "^#include \"")
    foreach(line ${quoted})
        string(REGEX REPLACE "^#include \"([^\"]*)\".*" "\\1" inc "${line}")
        string(REGEX MATCH "^[a-z_-]+/" inc_folder "${inc}")
        if(inc MATCHES "^(base|kernel)/" AND EXISTS ${ROOT}/core/${inc})
            continue()
        endif()
        if(inc MATCHES "^host/" AND EXISTS ${ROOT}/kit/${inc})
            continue()
        endif()
        if(inc_folder STREQUAL "" AND level GREATER_EQUAL 1 AND EXISTS ${ROOT}/kit/view/${inc})
            continue()
        endif()
        if(inc_folder STREQUAL "" AND level GREATER_EQUAL 2 AND EXISTS ${ROOT}/kit/ui/${inc})
            continue()
        endif()
        string(APPEND problems "${rel}: includes \"${inc}\", not the kernel's or the kit's own below kit/${folder} (the kit includes no game and nothing of app/)\n")
    endforeach()
endforeach()
if(kit_count EQUAL 0)
    string(APPEND problems "kit/: no file found (the check would pass on nothing)\n")
endif()

# 7. The shell names no game.
file(GLOB_RECURSE app_files ${ROOT}/app/*.h ${ROOT}/app/*.cpp)
foreach(path ${app_files})
    file(RELATIVE_PATH rel ${ROOT} ${path})
    get_filename_component(own_dir ${path} DIRECTORY)
    file(STRINGS ${path} quoted REGEX "^#include \"")
    foreach(line ${quoted})
        string(REGEX REPLACE "^#include \"([^\"]*)\".*" "\\1" inc "${line}")
        set(ok FALSE)
        if(EXISTS ${own_dir}/${inc} OR EXISTS ${ROOT}/app/${inc} OR inc STREQUAL "game_list.h")
            set(ok TRUE)
        elseif(inc MATCHES "^(base|kernel)/" AND EXISTS ${ROOT}/core/${inc})
            set(ok TRUE)
        elseif(EXISTS ${ROOT}/kit/${inc} OR EXISTS ${ROOT}/kit/view/${inc} OR EXISTS ${ROOT}/kit/ui/${inc})
            set(ok TRUE)
        else()
            foreach(dir ${app_dirs})
                if(IS_DIRECTORY ${dir} AND EXISTS ${dir}/${inc})
                    set(ok TRUE)
                endif()
            endforeach()
        endif()
        if(NOT ok)
            string(APPEND problems "${rel}: includes \"${inc}\", not the shell's, the kit's or the kernel's: the shell reaches games through app/games.cmake's list alone\n")
        endif()
    endforeach()
    file(STRINGS ${path} naming REGEX "(^|[^A-Za-z0-9_])(bbr|flutter|toy)::|namespace (bbr|flutter|toy)|#include [\"<]games/")
    foreach(line ${naming})
        string(REPLACE "\"" "'" line "${line}")
        string(APPEND problems "${rel}: names a game: ${line}\n")
    endforeach()
endforeach()

# 8. ImGui (and GLFW, OpenGL) only in the kit's ui/, the dashboard and the games' screens and panels.
file(GLOB_RECURSE gui_checked ${ROOT}/core/*.h ${ROOT}/core/*.cpp ${ROOT}/kit/*.h ${ROOT}/kit/*.cpp
     ${ROOT}/games/*.h ${ROOT}/games/*.cpp ${ROOT}/app/*.h ${ROOT}/app/*.cpp)
foreach(path ${gui_checked})
    file(RELATIVE_PATH rel ${ROOT} ${path})
    if(rel MATCHES "^(kit/ui|app/dashboard)/" OR rel MATCHES "^games/[^/]+/(panels|dashboard)/")
        continue()
    endif()
    file(STRINGS ${path} gui_includes REGEX "^#include [\"<](imgui|GLFW/|GL/|backends/imgui)")
    foreach(line ${gui_includes})
        string(REPLACE "\"" "'" line "${line}")
        string(APPEND problems "${rel}: includes ImGui or a window's library outside kit/ui/, app/dashboard/ and a game's dashboard/ and panels/: ${line}\n")
    endforeach()
endforeach()

if(NOT problems STREQUAL "")
    message(FATAL_ERROR "Layer violations:\n${problems}")
endif()
message(STATUS "kernel layers: ${kernel_layers}; kit: ${kit_layers}; ${game_count} game(s) over them: ${game_layers}; no file includes one above it, no game another, the shell none")
