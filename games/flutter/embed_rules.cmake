# Writes OUT: a C++ file defining rutland::flutter::RulesText() (host/flutter_words.h) from RULES
# (games/flutter/docs/RULES.md): what Rutland says a Flutter rule says is the rules file itself, one
# source.
file(READ ${RULES} text)
string(FIND "${text}" ")flutter_rules\"" clash)
if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${RULES} holds the raw string's delimiter")
endif()
file(WRITE ${OUT} "// Generated from games/flutter/docs/RULES.md by games/flutter/embed_rules.cmake. Do not edit.
#include \"host/flutter_words.h\"
namespace rutland::flutter {
std::string_view RulesText() {
    return R\"flutter_rules(${text})flutter_rules\";
}
} // namespace rutland::flutter
")
