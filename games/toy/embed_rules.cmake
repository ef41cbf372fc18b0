# Writes OUT: a C++ file defining rutland::toy::RulesText() (host/toy_words.h) from RULES
# (games/toy/docs/RULES.md): what Rutland says a toy rule says is the rules file itself, one source.
file(READ ${RULES} text)
string(FIND "${text}" ")toy_rules\"" clash)
if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${RULES} holds the raw string's delimiter")
endif()
file(WRITE ${OUT} "// Generated from games/toy/docs/RULES.md by games/toy/embed_rules.cmake. Do not edit.
#include \"host/toy_words.h\"
namespace rutland::toy {
std::string_view RulesText() {
    return R\"toy_rules(${text})toy_rules\";
}
} // namespace rutland::toy
")
