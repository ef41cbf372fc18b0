# Writes OUT: a C++ file defining rutland::gigabucks::RulesText() (host/gigabucks_words.h) from RULES
# (games/gigabucks/docs/RULES.md): what Rutland says a Corporate Gigabucks rule says is the rules file itself, one
# source.
file(READ ${RULES} text)
string(FIND "${text}" ")gigabucks_rules\"" clash)
if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${RULES} holds the raw string's delimiter")
endif()
file(WRITE ${OUT} "// Generated from games/gigabucks/docs/RULES.md by games/gigabucks/embed_rules.cmake. Do not edit.
#include \"host/gigabucks_words.h\"
namespace rutland::gigabucks {
std::string_view RulesText() {
    return R\"gigabucks_rules(${text})gigabucks_rules\";
}
} // namespace rutland::gigabucks
")
