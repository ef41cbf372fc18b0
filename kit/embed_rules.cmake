# Writes OUT: a C++ file defining rutland::<NAMESPACE>::RulesText() (declared in HEADER) from RULES
# (games/<GAME>/docs/RULES.md): what Rutland says a game's rule says is the rules file itself, one
# source. Run by rutland_embed_rules (kit/CMakeLists.txt) for every game whose rules reference is
# read by kit/view/rule_book_text.h.
file(READ ${RULES} text)
string(FIND "${text}" ")${NAMESPACE}_rules\"" clash)
if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${RULES} holds the raw string's delimiter")
endif()
file(WRITE ${OUT} "// Generated from games/${GAME}/docs/RULES.md by kit/embed_rules.cmake. Do not edit.
#include \"${HEADER}\"
namespace rutland::${NAMESPACE} {
std::string_view RulesText() {
    return R\"${NAMESPACE}_rules(${text})${NAMESPACE}_rules\";
}
} // namespace rutland::${NAMESPACE}
")
