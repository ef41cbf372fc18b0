// The input guards every game has (core/base: names.h, safe_text.h, text.h LineKeys, json_guard.h),
// run on EVERY registered game (app/host/registry.h Games()) with the same hostile inputs: control,
// line-separator and bidi characters in names and free text, a key given twice in one line,
// look-alike player names (names.h rule 4), huge and malformed '#=' stamps (rutland-cli play), and
// deep or duplicate-key board files where the game has board files. Each game supplies only its
// words: its example header and GameDefinition::free_text_lines and key_twice_lines. A new game is
// covered by being registered.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "host/registry.h"

using namespace rutland;

namespace {

using rutland::host::GameDefinition;
using rutland::host::ReadLine;

// The game's example header with its players= list replaced by `players`.
std::string GuardHeaderWith(const GameDefinition& game, const std::string& players) {
    std::string header(game.example_header);
    const size_t at = header.find("players=");
    REQUIRE(at != std::string::npos);
    const size_t end = header.find(' ', at);
    return header.substr(0, at) + "players=" + players + (end == std::string::npos ? "" : header.substr(end));
}

// The template's "{}" replaced by `text`.
std::string GuardFill(std::string_view line, const std::string& text) {
    std::string out(line);
    const size_t at = out.find("{}");
    REQUIRE(at != std::string::npos);
    return out.replace(at, 2, text);
}

// No raw control or bidi byte sequence in a message (ESC, U+202E, U+2028, U+2029, U+3164).
bool GuardNoRaw(const std::string& text) {
    for (const char* raw : {"\x1b", "\xe2\x80\xae", "\xe2\x80\xa8", "\xe2\x80\xa9"})
        if (text.find(raw) != std::string::npos) return false;
    return true;
}

// Hostile text: each holds a character that changes how it reads.
const std::vector<std::string> kGuardHostileText = {
    "a\x1b[2Jb",        // ESC: clears a terminal
    "a\xe2\x80\xae" "b",  // U+202E RIGHT-TO-LEFT OVERRIDE
    "a\xe2\x80\xa8" "b",  // U+2028 LINE SEPARATOR
    "a\xe2\x80\xa9" "b",  // U+2029 PARAGRAPH SEPARATOR
    "a\xc2\x85" "b",      // U+0085 NEXT LINE (C1)
};

// What rutland-cli prints (stdout and stderr) and its exit code.
std::pair<int, std::string> GuardCli(const std::string& args) {
    std::string out;
    FILE* pipe = popen((std::string(RUTLAND_CLI) + " " + args + " 2>&1").c_str(), "r");
    REQUIRE(pipe);
    std::array<char, 4096> buffer{};
    for (size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;) out.append(buffer.data(), n);
    const int status = pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::filesystem::path GuardDir(const GameDefinition& game) {
    const auto dir = std::filesystem::temp_directory_path() / ("rutland-input-guards-" + std::to_string(getpid())) /
                     std::string(game.name);
    std::filesystem::create_directories(dir);
    return dir;
}

} // namespace

TEST_CASE("input guards: names with control, bidi or invisible characters are refused in every game's header") {
    for (const GameDefinition* game : host::Games()) {
        CAPTURE(game->name);
        // What is accepted stays accepted.
        CHECK(game->read(GuardHeaderWith(*game, "Ann,Bob"), false).kind == ReadLine::Kind::Header);
        CHECK(game->read(GuardHeaderWith(*game, "\xc3\x89va,Bob"), false).kind == ReadLine::Kind::Header);  // Éva
        std::vector<std::string> names;
        for (const std::string& text : kGuardHostileText) names.push_back("B" + text);
        names.push_back("Cy\xe3\x85\xa4");  // U+3164 HANGUL FILLER: reads as "Cy"
        names.push_back("Cy\xcd\x8f");      // U+034F COMBINING GRAPHEME JOINER
        names.push_back("\xc2\xa0" "Cy");    // NO-BREAK SPACE before
        names.push_back("Cy\xe2\x80\x8b");  // U+200B ZERO WIDTH SPACE
        for (const std::string& name : names) {
            CAPTURE(name);
            const ReadLine read = game->read(GuardHeaderWith(*game, "Ann," + name), false);
            CHECK(read.kind == ReadLine::Kind::Error);
            CHECK(GuardNoRaw(read.error));
            CHECK_MESSAGE(read.error.find("U+") != std::string::npos, read.error);  // names the character
        }
    }
}

TEST_CASE("input guards: look-alike player names are refused in every game's header, naming the name they collide with") {
    const std::vector<std::pair<std::string, std::string>> pairs = {
        {"Cy", "\xd0\xa1y"},           // Cyrillic С
        {"Ann", "\xef\xbc\xa1nn"},     // fullwidth Ａ
        {"Ann", "\xce\x91nn"},         // Greek Α
        {"Al", "AI"},                  // l and capital I
        {"Dee", "D\xd0\xb5\xd0\xb5"},  // Cyrillic е twice
    };
    for (const GameDefinition* game : host::Games()) {
        CAPTURE(game->name);
        CHECK(game->read(GuardHeaderWith(*game, "Cy,Cyd"), false).kind == ReadLine::Kind::Header);
        for (const auto& pair : pairs) {
            // Copies, not structured bindings: clang 14 cannot capture a binding in CAPTURE's lambda.
            const std::string first = pair.first;
            const std::string second = pair.second;
            CAPTURE(second);
            const ReadLine read = game->read(GuardHeaderWith(*game, first + "," + second), false);
            REQUIRE(read.kind == ReadLine::Kind::Error);
            CHECK_MESSAGE(read.error.find("'" + first + "'") != std::string::npos, read.error);
            CHECK_MESSAGE(read.error.find("looks like") != std::string::npos, read.error);
        }
    }
}

TEST_CASE("input guards: free text with a control, line-separator or bidi character is refused in every game") {
    for (const GameDefinition* game : host::Games()) {
        CAPTURE(game->name);
        for (std::string_view line : game->free_text_lines) {
            CAPTURE(line);
            CHECK(game->read(GuardFill(line, "Plain"), false).kind == ReadLine::Kind::Command);
            for (const std::string& text : kGuardHostileText) {
                CAPTURE(text);
                const ReadLine read = game->read(GuardFill(line, text), false);
                CHECK(read.kind == ReadLine::Kind::Error);
                CHECK(GuardNoRaw(read.error));
            }
        }
    }
}

TEST_CASE("input guards: a key given twice in one line is refused in every game") {
    for (const GameDefinition* game : host::Games()) {
        CAPTURE(game->name);
        for (std::string_view line : game->key_twice_lines) {
            CAPTURE(line);
            const ReadLine read = game->read(line, false);
            CHECK(read.kind == ReadLine::Kind::Error);
            CHECK_MESSAGE(read.error.find("twice") != std::string::npos, read.error);
        }
    }
}

TEST_CASE("input guards: '#=' stamps are bounded and never echoed whole, in every game's script") {
    const std::string huge(7 * 1000 * 1000, 'x');
    const std::string long_field(2000, 'y');  // under the line's bound, over a field's
    const std::vector<std::pair<std::string, std::string>> stamps = {
        {"{\"who\":\"" + huge + "\"}", "kMaxStampLineBytes"},
        {"{\"id\":\"" + huge + "\"}", "kMaxStampLineBytes"},
        {"{\"time\":\"" + huge + "\"}", "kMaxStampLineBytes"},
        {"{\"who\":\"" + long_field + "\"}", "kMaxStampFieldBytes"},
        {"{\"id\":\"" + long_field + "\"}", "kMaxStampFieldBytes"},
        {"{\"time\":\"" + long_field + "\"}", "bytes in all"},
        {"{\"who\":\"Ann\",\"who\":\"Bob\"}", "given twice"},
        {"{\"who\":[[\"b\"]]}", "deep"},
        {"{\"who\":\"A\\u001b[2Jnn\"}", "control character"},
    };
    for (const GameDefinition* game : host::Games()) {
        CAPTURE(game->name);
        const auto dir = GuardDir(*game);
        for (size_t i = 0; i < stamps.size(); ++i) {
            CAPTURE(stamps[i].second);
            const auto script = dir / ("stamp" + std::to_string(i) + ".txt");
            std::ofstream(script) << "#= " << stamps[i].first << "\n" << game->example_header << "\n";
            const auto result = GuardCli("play " + script.string());
            const auto code = result.first;
            const std::string out = result.second;  // a copy: clang 14 cannot capture a binding
            CHECK(code != 0);
            CHECK_MESSAGE(out.size() < 4096, out.size());
            CHECK_MESSAGE(out.find(stamps[i].second) != std::string::npos, out.substr(0, 600));
            CHECK(GuardNoRaw(out));
        }
        std::filesystem::remove_all(dir);
    }
}

TEST_CASE("input guards: deep, duplicate-key and control-character board files are refused by every game with board files") {
    const std::string deep = std::string(524287, '[') + std::string(524287, ']');
    for (const GameDefinition* game : host::Games()) {
        CAPTURE(game->name);
        if (!game->boards && !game->board_commands) continue;
        const auto dir = GuardDir(*game);
        // A built-in board as the game writes it: the file every hostile one is made from.
        std::string text;
        if (game->boards) {
            text = *game->boards->builtin_json(game->boards->builtin().front());
        } else {
            setenv("XDG_DATA_HOME", (dir / "data").c_str(), 1);
            std::ostringstream out, err;
            REQUIRE(game->board_commands->export_("standard", (dir / "standard.json").string(), out, err) == 0);
            std::ifstream in(dir / "standard.json");
            text.assign(std::istreambuf_iterator<char>(in), {});
        }
        // Refused, and why (the message holds `expect`); the plain board is taken.
        auto check = [&](const std::string& board, const std::string& expect) {
            std::string why;
            bool taken = false;
            if (game->boards) {
                std::string name;
                taken = game->boards->check(board, &name, &why).has_value();
            } else {
                std::ofstream(dir / "import.json") << board;
                std::ostringstream out, err;
                taken = game->board_commands->import((dir / "import.json").string(), true, out, err) == 0;
                why = err.str();
            }
            if (expect.empty()) {
                CHECK_MESSAGE(taken, why);
                return;
            }
            CHECK_FALSE(taken);
            CHECK_MESSAGE(why.find(expect) != std::string::npos, why.substr(0, 600));
            CHECK(GuardNoRaw(why));
            CHECK(why.size() < 2000);
        };
        nlohmann::ordered_json plain = nlohmann::ordered_json::parse(text);
        plain["name"] = "guarded";
        check(plain.dump(), "");
        check(deep, "deep");
        const std::string dump = plain.dump();
        check("{\"name\":\"twice\"," + dump.substr(1), "given twice");
        // Every string of the board, in turn, with a control or bidi character in it.
        std::vector<nlohmann::ordered_json::json_pointer> strings;
        std::function<void(const nlohmann::ordered_json&, const nlohmann::ordered_json::json_pointer&)> walk =
            [&](const nlohmann::ordered_json& j, const nlohmann::ordered_json::json_pointer& at) {
                if (j.is_string()) strings.push_back(at);
                if (j.is_object())
                    for (auto it = j.begin(); it != j.end(); ++it) walk(it.value(), at / it.key());
                if (j.is_array())
                    for (size_t i = 0; i < j.size(); ++i) walk(j[i], at / i);
            };
        walk(plain, nlohmann::ordered_json::json_pointer());
        REQUIRE_FALSE(strings.empty());
        for (const auto& at : strings) {
            for (const std::string& hostile : {std::string("\x1b[2J"), std::string("\xe2\x80\xae")}) {
                CAPTURE(at.to_string());
                nlohmann::ordered_json bad = plain;
                bad[at] = bad[at].get<std::string>() + hostile;
                std::string why;
                bool taken = false;
                if (game->boards) {
                    std::string name;
                    taken = game->boards->check(bad.dump(), &name, &why).has_value();
                } else {
                    std::ofstream(dir / "import.json") << bad.dump();
                    std::ostringstream out, err;
                    taken = game->board_commands->import((dir / "import.json").string(), true, out, err) == 0;
                    why = err.str();
                }
                CHECK_FALSE(taken);
                CHECK(GuardNoRaw(why));
            }
        }
        std::filesystem::remove_all(dir);
    }
}
