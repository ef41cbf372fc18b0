# Writes OUT: a C++ file defining the table of builtin boards from the JSON files in FILES.
set(body "// Generated from assets/boards/*.json by games/big-board-raiders/embed_boards.cmake. Do not edit.\n#include <string_view>\n#include <utility>\n#include <vector>\nnamespace rutland::bbr {\nconst std::vector<std::pair<std::string_view, std::string_view>>& BuiltinBoardTexts() {\n    static const std::vector<std::pair<std::string_view, std::string_view>> boards = {\n")
foreach(f ${FILES})
    get_filename_component(name ${f} NAME_WE)
    file(READ ${f} text)
    string(APPEND body "        {\"${name}\", R\"rutland_json(${text})rutland_json\"},\n")
endforeach()
string(APPEND body "    };\n    return boards;\n}\n} // namespace rutland::bbr\n")
file(WRITE ${OUT} "${body}")
