# The seam between the kernel and the games, and the layers on each side of it. Run with
# -DROOT=<source dir>; fails with every offending include listed.
#
# 1. The kernel (core/) knows no game: its folders are the layers
#      base < kernel
#    (base: text, checked text, names, SHA-256; kernel: the ruleset concept, kernel/ruleset.h, and
#    the ledger, store and session templates written against it, with the game file's game-free
#    machinery, kernel/store_file.*). A kernel file includes its own folder and the one below it,
#    nothing else of the repository: never a game (so tests/kernel/ can run it with a toy game).
# 2. A game (games/<name>/, its own include root) is layered on top of the kernel:
#      base < kernel < model < lang < rules < ledger < store < report
#    (model: money, companies, board, state, effects, the vocabulary; lang: the table language and
#    the effects' words; rules: the rules engine; ledger: the game's instantiation of the kernel's
#    ledger; store: its game file over the kernel's store; report: what is printed). A game file
#    includes its own folder and the ones below it, base/ and kernel/ from core/, the rest from its
#    own game: never another game (games/<other>/, or a header that only another game has). A game
#    small enough for one header keeps it at its root (games/toy/toy.h): the top of the game's own
#    layers (report's level), which its shell parts (rule 5) include by its bare name.
# 3. rules/detail/ is a game's rules' insides: nothing outside that game's rules/ includes it
#    (kernel, games, app, tests, bench alike).
# 4. The shell (app/) reaches the games through the registry: app/host/registry.cpp is the one file
#    of app/ that includes a game's host part (its GameDefinition, games/<name>/host/), and
#    app/host/'s other files include no game at all (open_game.h and registry.h are the games'
#    common vocabulary). The code not moved behind the facade yet still names the game it is built
#    on in one place, app/games.h: no other file of app/ (registry.cpp aside) names a game's
#    namespace (rutland::bbr) or includes a game by its path.
#    rutland-cli (app/cli/) and the shell's views (app/view/) include no game's header and not
#    app/games.h: only the shell's own headers and the kernel's.
# 5. A game's shell parts sit above its report layer:
#      ... < report < view < web < host
#    (view: the game's view models, what its panels and its page show, without a window; web: the
#    game's part of the shared page; host: the game's OpenGame, app/host/open_game.h). They alone
#    may include what the shell lends a game: app/host/open_game.h (as "host/open_game.h") and the
#    adapters every game shares, app/host/basic_open_game.h and basic_served_game.h, and the shell's
#    game-free view models (app/view/: display_text.h, entry_line.h..., included by their bare
#    names as the rest of the shell does). A game's own view models are included as "view/NAME.h".
set(kernel_layers base kernel)
# 6. A game's own screen and panels for the dashboard sit above its host part:
#      ... < view < web < host < dashboard < panels
#    (dashboard: a game's own screen, app/dashboard/game_screen.h, with what its panels read and
#    keep, and its new-game form; panels: what it draws on the desk, or on its own screen.) They
#    alone of a game draw with ImGui. A game's panels/ may include, of the shell's dashboard, the
#    desk's game-free header, desk_panel.h (by its bare name: the outbox, the view they read, the
#    desk's colours); a game with a screen of its own (Big Board Raiders) may include in both folders,
#    by their bare names, the headers of its own dashboard/ and what the shell lends a game's screen
#    (shell_screen_headers below; app/games.h only for Big Board Raiders, the game it names).
#    app/dashboard/desk_games.cpp is the one file of the shell that includes a game's panels,
#    app/dashboard/game_screens.cpp the one that includes a game's screen (rule 7). Nothing else
#    outside app/dashboard/ includes ImGui, GLFW or OpenGL: not the kernel, not a game's lower
#    layers, not the CLI, the views, the host or the server (rutland-cli links no ImGui).
set(shell_screen_headers game_screen.h fonts.h share_ui.h key_focus.h text_wrap.h theme.h question_draw.h
    qr_draw.h desk_panel.h rule_text_draw.h)
set(game_layers base kernel model lang rules ledger store report view web host dashboard panels)
set(game_shell_level 8)  # view: the first layer that may include the shell's part (rule 5)
set(game_root_level 7)   # report's: a one-header game's root file (rule 2)
set(game_dashboard_level 11)  # dashboard: a game's own screen (rule 6)
set(game_panels_level 12)     # panels: ImGui and the desk's desk_panel.h (rule 6)
set(problems "")
string(REPLACE ";" "|" layers_regex_all "${game_layers}")

# Checks one file's quoted and angled includes of repository folders against `layers`, with the
# file's own layer `level`; `own_root` is where the file's game headers must be (empty: none may be
# included). Appends to `problems` in the caller's scope.
function(check_includes path rel level layers own_root)
    set(found "")
    string(REPLACE ";" "|" layers_regex "${layers};${game_layers};games")
    file(STRINGS ${path} quoted REGEX "^#include \"")
    file(STRINGS ${path} angled REGEX "^#include <(${layers_regex})/")
    foreach(line ${quoted} ${angled})
        string(REGEX REPLACE "^#include [\"<]([^\">]*)[\">].*" "\\1" inc "${line}")
        string(REGEX MATCH "^[a-z_-]+/" inc_folder "${inc}")
        # Rule 5: what the shell lends a game's web/ and host/ folders.
        if(NOT own_root STREQUAL "" AND level GREATER_EQUAL game_shell_level)
            if(inc MATCHES "^host/(open_game|basic_open_game|basic_served_game)\\.h$")
                continue()
            endif()
            if(inc_folder STREQUAL "" AND EXISTS ${ROOT}/app/view/${inc})
                continue()
            endif()
        endif()
        # Rule 6: a game's panels include the desk's game-free header; a game's screen and its
        # panels their own dashboard/'s headers and what the shell lends a screen, by bare names.
        if(NOT own_root STREQUAL "" AND level EQUAL game_panels_level AND inc STREQUAL "desk_panel.h")
            continue()
        endif()
        if(NOT own_root STREQUAL "" AND level GREATER_EQUAL game_dashboard_level AND inc_folder STREQUAL "")
            list(FIND shell_screen_headers "${inc}" lent_header)
            if(EXISTS ${own_root}/dashboard/${inc} OR NOT lent_header EQUAL -1
               OR (inc STREQUAL "games.h" AND own_root MATCHES "/games/big-board-raiders$"))
                continue()
            endif()
        endif()
        # Rule 2: a one-header game's root file, by its bare name, from its layer up.
        if(NOT own_root STREQUAL "" AND inc_folder STREQUAL "" AND EXISTS ${own_root}/${inc}
           AND level GREATER_EQUAL game_root_level)
            continue()
        endif()
        if(inc_folder STREQUAL "")
            string(APPEND found "${rel}: includes \"${inc}\" without its folder\n")
            continue()
        endif()
        string(REGEX REPLACE "/$" "" inc_folder "${inc_folder}")
        list(FIND layers "${inc_folder}" inc_level)
        if(inc_folder STREQUAL "games")
            string(APPEND found "${rel}: includes a game by its path (\"${inc}\"): a game has its own include root, the kernel includes none\n")
        elseif(inc_level EQUAL -1)
            string(APPEND found "${rel}: includes \"${inc}\", not one of its layers (${layers})\n")
        elseif(inc_level GREATER level)
            string(APPEND found "${rel}: ${inc_folder} is above its own layer (\"${inc}\")\n")
        elseif(inc_folder MATCHES "^(base|kernel)$")
            if(NOT EXISTS ${ROOT}/core/${inc})
                string(APPEND found "${rel}: includes \"${inc}\", which the kernel (core/) does not have\n")
            endif()
        elseif(NOT EXISTS ${own_root}/${inc})
            string(APPEND found "${rel}: includes \"${inc}\", which is not its own game's\n")
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
    check_includes(${path} ${rel} ${level} "${kernel_layers}" "")
endforeach()

# 2. Each game.
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
            # A file at the game's root (a game small enough for one header, games/toy/toy.h) is
            # the top of its own layers: the kernel's folders below it, never another game.
            set(level ${game_root_level})
        elseif(level LESS 2)
            string(APPEND problems "${rel}: not in a game layer folder (${game_layers}; base and kernel are core/'s)\n")
            continue()
        endif()
        check_includes(${path} ${rel} ${level} "${game_layers}" ${game_dir})
    endforeach()
endforeach()
if(game_count EQUAL 0)
    string(APPEND problems "games/: no game found (the check would pass on nothing)\n")
endif()

# 3. rules/detail/ stays inside its game's rules/.
file(GLOB_RECURSE all_files ${ROOT}/core/*.h ${ROOT}/core/*.cpp ${ROOT}/games/*.h ${ROOT}/games/*.cpp
     ${ROOT}/app/*.h ${ROOT}/app/*.cpp ${ROOT}/tests/*.h ${ROOT}/tests/*.cpp ${ROOT}/bench/*.h ${ROOT}/bench/*.cpp)
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

# 4. The shell reaches the games through the registry, and names its game only in app/games.h.
file(GLOB_RECURSE app_files ${ROOT}/app/*.h ${ROOT}/app/*.cpp)
foreach(path ${app_files})
    file(RELATIVE_PATH rel ${ROOT} ${path})
    if(rel STREQUAL "app/games.h" OR rel STREQUAL "app/host/registry.cpp")
        continue()
    endif()
    file(STRINGS ${path} host_includes REGEX "^#include [\"<]host/")
    foreach(line ${host_includes})
        string(REGEX REPLACE "^#include [\"<]([^\">]*)[\">].*" "\\1" inc "${line}")
        if(NOT EXISTS ${ROOT}/app/${inc})
            string(APPEND problems "${rel}: includes a game's host part (\"${inc}\"): only app/host/registry.cpp does\n")
        endif()
    endforeach()
    if(rel MATCHES "^app/host/")
        file(STRINGS ${path} game_includes REGEX "^#include [\"<](${layers_regex_all})/")
        foreach(line ${game_includes})
            string(REGEX REPLACE "^#include [\"<]([^\">]*)[\">].*" "\\1" inc "${line}")
            if(NOT EXISTS ${ROOT}/app/${inc} AND NOT inc MATCHES "^(base|kernel)/")
                string(APPEND problems "${rel}: includes a game (\"${inc}\"): app/host/ is every game's, only registry.cpp names them\n")
            endif()
        endforeach()
    endif()
    # rutland-cli (app/cli/) and the shell's views (app/view/) include no game at all, app/games.h
    # included: each quoted include is the shell's own (its folder's, app/view/'s, app/serve/'s, or
    # app/host/'s open_game.h and registry.h) or the kernel's (core/base/, core/kernel/).
    if(rel MATCHES "^app/(cli|view)/")
        get_filename_component(own_dir ${path} DIRECTORY)
        file(STRINGS ${path} shell_includes REGEX "^#include \"")
        foreach(line ${shell_includes})
            string(REGEX REPLACE "^#include \"([^\"]*)\".*" "\\1" inc "${line}")
            if(inc STREQUAL "games.h")
                string(APPEND problems "${rel}: includes app/games.h: app/cli and app/view reach games only through the registry (app/host/registry.h)\n")
            elseif(NOT inc MATCHES "^host/(open_game|registry)\\.h$" AND NOT EXISTS ${own_dir}/${inc}
                   AND NOT EXISTS ${ROOT}/app/view/${inc} AND NOT EXISTS ${ROOT}/app/serve/${inc}
                   AND NOT (inc MATCHES "^(base|kernel)/" AND EXISTS ${ROOT}/core/${inc}))
                string(APPEND problems "${rel}: includes \"${inc}\", not the shell's or the kernel's: app/cli and app/view reach games only through the registry (app/host/registry.h)\n")
            endif()
        endforeach()
    endif()
    file(STRINGS ${path} naming REGEX "(^|[^A-Za-z0-9_])bbr::|namespace bbr|#include [\"<]games/")
    foreach(line ${naming})
        string(REPLACE "\"" "'" line "${line}")
        string(APPEND problems "${rel}: names the game outside app/games.h: ${line}\n")
    endforeach()
endforeach()

# 6. ImGui (and GLFW, OpenGL) only in the dashboard and the games' panels; a game's panels
#    included by the dashboard's one list alone.
file(GLOB_RECURSE gui_checked ${ROOT}/core/*.h ${ROOT}/core/*.cpp ${ROOT}/games/*.h ${ROOT}/games/*.cpp
     ${ROOT}/app/*.h ${ROOT}/app/*.cpp)
foreach(path ${gui_checked})
    file(RELATIVE_PATH rel ${ROOT} ${path})
    if(rel MATCHES "^app/dashboard/" OR rel MATCHES "^games/[^/]+/(panels|dashboard)/")
        if(rel MATCHES "^app/dashboard/" AND NOT rel STREQUAL "app/dashboard/desk_games.cpp")
            file(STRINGS ${path} panel_includes REGEX "^#include [\"<]panels/")
            foreach(line ${panel_includes})
                string(REPLACE "\"" "'" line "${line}")
                string(APPEND problems "${rel}: includes a game's panels: only app/dashboard/desk_games.cpp does: ${line}\n")
            endforeach()
        endif()
        continue()
    endif()
    file(STRINGS ${path} gui_includes REGEX "^#include [\"<](imgui|GLFW/|GL/|backends/imgui)")
    foreach(line ${gui_includes})
        string(REPLACE "\"" "'" line "${line}")
        string(APPEND problems "${rel}: includes ImGui or a window's library outside app/dashboard/ and a game's panels/: ${line}\n")
    endforeach()
endforeach()

# 7. The dashboard reaches a game's own screen through game_screens.cpp alone (and a game's panels
#    at the desk through desk_games.cpp, rule 6): no other file of
#    app/dashboard/ includes a game's header (its dashboard/, its view models, or app/games.h, by
#    any name). What the shell draws for a game it asks of the open screen (game_screen.h): the
#    rule IDs in its wrapped words and their words (GameScreen::Rules, rule_text_draw.h), the
#    players' window's text size (GameScreen::PlayersTextPx).
set(screen_naming_files app/dashboard/game_screens.cpp app/dashboard/desk_games.cpp)
file(GLOB game_dashboard_dirs LIST_DIRECTORIES true ${ROOT}/games/*/dashboard ${ROOT}/games/*/view)
file(GLOB_RECURSE dashboard_files ${ROOT}/app/dashboard/*.h ${ROOT}/app/dashboard/*.cpp)
foreach(path ${dashboard_files})
    file(RELATIVE_PATH rel ${ROOT} ${path})
    list(FIND screen_naming_files "${rel}" naming_file)
    if(NOT naming_file EQUAL -1)
        continue()
    endif()
    file(STRINGS ${path} quoted REGEX "^#include \"")
    foreach(line ${quoted})
        string(REGEX REPLACE "^#include \"([^\"]*)\".*" "\\1" inc "${line}")
        set(game_header FALSE)
        if(inc STREQUAL "games.h" OR inc MATCHES "^(${layers_regex_all})/" AND NOT EXISTS ${ROOT}/app/${inc})
            set(game_header TRUE)
        endif()
        if(NOT EXISTS ${ROOT}/app/dashboard/${inc} AND NOT EXISTS ${ROOT}/app/view/${inc} AND NOT EXISTS ${ROOT}/app/${inc})
            foreach(dir ${game_dashboard_dirs})
                if(EXISTS ${dir}/${inc})
                    set(game_header TRUE)
                endif()
            endforeach()
        endif()
        if(game_header)
            string(APPEND problems "${rel}: includes a game's header (\"${inc}\"): only app/dashboard/game_screens.cpp names a game's screen\n")
        endif()
    endforeach()
endforeach()

if(NOT problems STREQUAL "")
    message(FATAL_ERROR "Layer violations:\n${problems}")
endif()
message(STATUS "kernel layers: ${kernel_layers}; ${game_count} game(s) over them: ${game_layers}; no file includes one above it, no game another")
