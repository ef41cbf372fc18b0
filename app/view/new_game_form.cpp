#include "new_game_form.h"

#include <algorithm>

namespace rutland::view {

namespace {

std::string Trimmed(const std::string& text) {
    const size_t a = text.find_first_not_of(" \t");
    if (a == std::string::npos) return "";
    return text.substr(a, text.find_last_not_of(" \t") - a + 1);
}

// A value written into the header must stay one word of it.
bool OneWord(const std::string& value) { return value.find_first_of(" \t=") == std::string::npos; }

} // namespace

HostGameCheck CheckHostGame(const host::GameDefinition& game, const HostGameForm& form) {
    HostGameCheck out;
    std::string name;
    for (char ch : form.players + ",") {
        if (ch == ',' || ch == ' ' || ch == '\t') {
            if (!name.empty()) out.players.push_back(name);
            name.clear();
        } else {
            name += ch;
        }
    }
    if (out.players.empty()) out.players_error = "type the players' names, in turn order";
    for (const std::string& p : out.players)
        if (p.find('=') != std::string::npos) out.players_error = "a name cannot hold '=': " + p;
    out.header_line = "game " + std::string(game.name) + " players=";
    for (size_t i = 0; i < out.players.size(); ++i) out.header_line += (i ? "," : "") + out.players[i];
    out.option_errors.resize(game.header_options.size());
    bool options_ok = true;
    for (size_t i = 0; i < game.header_options.size(); ++i) {
        const std::string value = i < form.options.size() ? Trimmed(form.options[i]) : std::string();
        if (value.empty()) continue;  // invariant 1: the game's default
        if (!OneWord(value)) {
            out.option_errors[i] = "one word, no spaces or '=' (several: separated by commas)";
            options_ok = false;
            continue;
        }
        out.header_line.append(" ").append(game.header_options[i].key).append("=").append(value);
    }
    const std::string broker = Trimmed(form.broker);
    if (game.header_broker && !broker.empty()) {
        if (!OneWord(broker)) {
            out.form_error = "the broker's name is one word, no spaces or '='";
            return out;
        }
        out.header_line.append(" broker=").append(broker);
    }
    if (!out.players_error.empty() || !options_ok || !game.read) return out;
    // Invariant 2: the game has the last word, as `rutland-cli play` would.
    out.header = game.read(out.header_line, true);
    if (out.header.kind == host::ReadLine::Kind::Error) {
        out.form_error = out.header.error;
    } else if (out.header.kind != host::ReadLine::Kind::Header) {
        out.form_error = "not a header line: " + out.header_line;
    } else if (game.in_memory) {
        std::string rejection;
        if (!game.in_memory(out.header, &rejection)) out.form_error = rejection;
    }
    if (out.Ok() && !broker.empty()) out.header.who = broker;
    return out;
}

} // namespace rutland::view
