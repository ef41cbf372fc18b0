#!/usr/bin/env bash
# What the installed documentation says about the command line is what the programs do
# (packaging/): every command and option `rutland-cli ... --help` and `rutland --help` list is in
# the man page and in the bash completion, the completion completes what a broker types (commands,
# options, game files, board names), and --version prints the project's version and the rules
# version of each game offered, Big Board Raiders then Flutter (app/view/version_text.h, from the
# registry, app/host/registry.cpp).
#
#   check_cli_surface.sh RUTLAND_CLI RUTLAND|none SOURCE_DIR PROJECT_VERSION WORK_DIR
set -euo pipefail
cli=$(realpath "$1") dashboard=$2 src=$(realpath "$3") version=$4 work=$5
[[ $dashboard == none ]] || dashboard=$(realpath "$dashboard")
rm -rf "$work" && mkdir -p "$work"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# --- --version: the project's version (CMake's), each game's rules version (Big Board Raiders':
# games/big-board-raiders/rules/rules_version.h; Flutter's: games/flutter/store/store.h).
rules_version=$(sed -n 's/^inline constexpr int kRulesVersion = \([0-9]*\);.*/\1/p' "$src/games/big-board-raiders/rules/rules_version.h")
[[ -n $rules_version ]] || fail "no kRulesVersion in games/big-board-raiders/rules/rules_version.h"
flutter_version=$(sed -n 's/^ *static constexpr int kRulesVersion = \([0-9]*\);.*/\1/p' "$src/games/flutter/store/store.h")
[[ -n $flutter_version ]] || fail "no kRulesVersion in games/flutter/store/store.h"
expected=$(printf '%s %s\nBig Board Raiders: rules version %s\nFlutter: rules version %s' "rutland-cli" "$version" \
    "$rules_version" "$flutter_version")
got=$("$cli" --version) || fail "rutland-cli --version exited with $?"
[[ $got == "$expected" ]] || fail "rutland-cli --version printed '$got', not '$expected'"
if [[ $dashboard != none ]]; then
    got=$("$dashboard" --version) || fail "rutland --version exited with $?"
    [[ $got == "${expected/rutland-cli/rutland}" ]] || fail "rutland --version printed '$got'"
fi

# --- The commands and options the programs list, against the man pages and the completion.
man_cli="$src/packaging/man/rutland-cli.1.in"
comp_cli="$src/packaging/completion/rutland-cli"
# CLI11's help: "Subcommands:" then "  name   description" lines; options as "  -h,--help", "  --json".
subcommands() { "$@" --help | sed -n '/^Subcommands:/,$p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p'; }
# (an option group's options are indented further: "    --csv").
options() { "$@" --help | grep -oE -- '^ +(-[a-z],)?--[a-z][a-z-]*' | sed 's/.*--/--/' | grep -v -- '^--help$' || true; }
# A man page writes "-" as "\-".
in_man() { grep -q -- "$(printf '%s' "$2" | sed 's/-/\\\\-/g')" "$1"; }

commands=$(subcommands "$cli")
[[ $(echo "$commands" | wc -l) -ge 10 ]] || fail "rutland-cli --help lists only: $commands"
comp_commands=$(sed -n 's/^ *local commands="\(.*\)"/\1/p' "$comp_cli")
for c in $commands; do
    grep -q "^\.SS $(printf '%s' "$c" | sed 's/-/\\\\-/g') " "$man_cli" || fail "rutland-cli.1 has no section for '$c'"
    [[ " $comp_commands " == *" $c "* ]] || fail "the completion does not offer the command '$c'"
    for o in $(options "$cli" "$c"); do
        in_man "$man_cli" "$o" || fail "rutland-cli.1 does not say what '$c $o' does"
        grep -q -- "$o" "$comp_cli" || fail "the completion does not offer '$c $o'"
    done
done
for c in $comp_commands; do
    [[ $'\n'$commands$'\n' == *$'\n'$c$'\n'* ]] || fail "the completion offers '$c', which rutland-cli does not have"
done
board_commands=$(subcommands "$cli" board)
comp_board=$(sed -n 's/^ *local board_commands="\(.*\)"/\1/p' "$comp_cli")
[[ $(echo $board_commands) == "$comp_board" ]] || fail "board's commands are '$(echo $board_commands)', the completion's '$comp_board'"
for c in $board_commands; do
    grep -q "^\.BI\? \"\?board $c" "$man_cli" || fail "rutland-cli.1 does not describe 'board $c'"
    for o in $(options "$cli" board "$c"); do
        in_man "$man_cli" "$o" || fail "rutland-cli.1 does not say what 'board $c $o' does"
        grep -q -- "$o" "$comp_cli" || fail "the completion does not offer 'board $c $o'"
    done
done
for o in --version; do
    in_man "$man_cli" "$o" || fail "rutland-cli.1 does not say what '$o' does"
done
if [[ $dashboard != none ]]; then
    for o in $(options "$dashboard") --version; do
        in_man "$src/packaging/man/rutland.1.in" "$o" || fail "rutland.1 does not say what '$o' does"
        grep -q -- "$o" "$src/packaging/completion/rutland" || fail "rutland's completion does not offer '$o'"
    done
fi

# --- rutland-language(7)'s example is a game that plays: every line accepted.
sed -n '/^\.SH EXAMPLE/,/^\.SH/p' "$src/packaging/man/rutland-language.7.in" | sed -n '/^\.nf/,/^\.fi/p' |
    sed '/^\.[a-z][a-z]$/d; s/\\-/-/g' >"$work/example.txt"
grep -q '^game ' "$work/example.txt" || fail "rutland-language(7) has no example game"
"$cli" play "$work/example.txt" >/dev/null 2>"$work/example.err" ||
    fail "rutland-language(7)'s example does not play: $(cat "$work/example.err")"

# --- The completion, as bash runs it (bash-completion's _init_completion and _filedir).
bash_completion=/usr/share/bash-completion/bash_completion
if [[ ! -f $bash_completion ]]; then
    fail "$bash_completion is missing (apt-get install bash-completion)"
else
    mkdir -p "$work/games" "$work/bin"
    touch "$work/games/ann-bob.rutland" "$work/games/notes.txt" "$work/games/board.json"
    # The completion finds board names through `rutland-cli` on the PATH.
    ln -s "$(realpath "$cli")" "$work/bin/rutland-cli"
    # Completes the words given (the last one is the one being typed); prints the candidates.
    complete_words() {
        (cd "$work/games" && PATH="$work/bin:$PATH" XDG_DATA_HOME="$work/data" bash -c '
            source '"$bash_completion"'
            source '"$comp_cli"'
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
            COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            _rutland_cli rutland-cli "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$@")
    }
    expect_completion() {
        local want=$1
        shift
        local got
        got=$(complete_words "$@" | tr '\n' ' ' | sed 's/ $//')
        [[ $got == "$want" ]] || fail "completing '$*' gave '$got', not '$want'"
    }
    expect_completion "year-end" rutland-cli ye
    expect_completion "ann-bob.rutland" rutland-cli verify ""
    expect_completion "ann-bob.rutland" rutland-cli play game.txt --db ""
    expect_completion "--effects --explain" rutland-cli play game.txt --e
    expect_completion "standard" rutland-cli board show ""
    expect_completion "board.json" rutland-cli board import ""
    expect_completion "B G R Y" rutland-cli log x.rutland --company ""
    expect_completion "" rutland-cli explain ann-bob.rutland ""
fi

if ((failures > 0)); then
    echo "$failures problem(s)" >&2
    exit 1
fi
echo "the man pages, the completion and --version match the programs"
