# Writes OUT: a C++ file defining RulesReferenceText() and CommandsReferenceText() (report/rule_book.h)
# from RULES (games/big-board-raiders/docs/RULES.md) and COMMANDS (its COMMANDS.md): the rules'
# words Rutland shows come from the project's reference itself, one source.
foreach(var RULES COMMANDS)
    file(READ ${${var}} text_${var})
    string(FIND "${text_${var}}" ")rutland_rules\"" clash)
    if(NOT clash EQUAL -1)
        message(FATAL_ERROR "${${var}} holds the raw string's delimiter")
    endif()
endforeach()
file(WRITE ${OUT} "// Generated from games/big-board-raiders/docs/*.md by games/big-board-raiders/embed_rules.cmake. Do not edit.
#include \"report/rule_book.h\"
namespace rutland::bbr {
std::string_view RulesReferenceText() {
    return R\"rutland_rules(${text_RULES})rutland_rules\";
}
std::string_view CommandsReferenceText() {
    return R\"rutland_rules(${text_COMMANDS})rutland_rules\";
}
} // namespace rutland::bbr
")
