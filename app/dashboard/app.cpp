#include "app.h"

#include <algorithm>
#include <utility>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <GLFW/glfw3.h>
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID

#include "key_focus.h"
#include "panels.h"
#include "question_draw.h"
#include "rule_text_draw.h"
#include "text_wrap.h"
#include "theme.h"
#include "warnings_draw.h"

// [SECTION] Index
//  - Opening and creating games
//  - The frame: keys, layout, the confirm box, the outbox
//  - The start screen

namespace rutland::dash {

namespace {

// RULES.md section 14, as the header's variants= takes them.
constexpr std::array<const char*, 7> kVariantNames = {"rollback-odd-lot=level", "rollback-cover=0.50", "delist-cover=market",
                                                      "shorts-carry-over", "put-cash-needs-ask", "uptick",
                                                      "strict-year-end-buys"};
constexpr std::array<const char*, 7> kVariantHelp = {
    "D-6: the odd lot of a Roll Back at the level price", "D-7: Roll Back covers at $0.50", "D-10: delisted shorts covered at market",
    "D-13: shorts carry over the year end",              "D-16: put for cash needs an Ask", "D-21/M-8: the up-tick rule",
    "D-24: after the year-ending draw, directorships still need an Ask and preferred its PREFERRED space"};

template <size_t N>
void CopyTo(std::array<char, N>& buffer, const std::string& text) {
    const size_t n = std::min(text.size(), buffer.size() - 1);
    std::memcpy(buffer.data(), text.data(), n);
    buffer[n] = '\0';
}

bool KeyPressed(int glfw_key) { return ImGui::IsKeyPressed(glfw_key, false); }


} // namespace

// [SECTION] Opening and creating games

App::App(view::Settings settings, std::string config_dir, std::function<std::string()> now, std::string id_prefix) {
    m_shell.settings = std::move(settings);
    m_shell.config_dir = std::move(config_dir);
    m_shell.now = std::move(now);
    m_shell.id_prefix = std::move(id_prefix);
    std::snprintf(m_start.cash.data(), m_start.cash.size(), "100000");
}

void App::Opened(const std::string& path) {
    m_ui = UiState{};
    m_learn = BoardLearnUi{};
    m_waiting.Clear();
    m_follow_problem.clear();
    m_redraw_frames = 2;
    m_shell.settings.Opened(path);
    m_shell.settings.Save(m_shell.config_dir);
}

bool App::OpenGame(const std::string& path, std::string* error) {
    // The game the file records (registry.h GameToOpen): a game this build lacks is refused by name;
    // a file that records none, or cannot be read, goes to Big Board Raiders' open, which says why.
    const host::GameDefinition* game = host::GameToOpen(path, error);
    if (!game) return false;
    if (game != &host::ShellGame()) {
        std::unique_ptr<host::OpenGame> g = game->open(path, host::Access::Play, m_shell.id_prefix, error);
        if (!g) return false;
        const int entries = g->Size();
        m_session.reset();
        m_screen.reset();
        m_screen = std::make_unique<DeskScreen>(std::move(g), m_shell);
        Opened(path);
        if (m_screen->Status().empty())
            m_screen->Status() = fmt::format("Opened {} ({}): {} entries, verified clean", path, game->title, entries);
        return true;
    }
    auto session = view::Session::Open(path, m_shell.id_prefix, error);
    if (!session) return false;
    m_screen.reset();
    m_session = std::move(session);
    Opened(path);
    if (m_session->ReadOnly()) {
        m_ui.status = "Read-only: " + m_session->ReadOnlyWhy();
    } else {
        m_ui.status = fmt::format("Opened {}: {} entries, verified clean", path, m_session->GetLedger().Size());
    }
    return true;
}

bool App::CreateGame(const std::string& path, const GameHeader& header, std::string* error) {
    const std::string who = header.broker ? *header.broker : "broker";
    auto session = view::Session::Create(path, header, m_shell.now(), who, m_shell.id_prefix, error);
    if (!session) return false;
    m_screen.reset();
    m_session = std::move(session);
    Opened(path);
    m_ui.status = "New game in " + path;
    return true;
}

bool App::CreateDeskGame(const std::string& path, const host::GameDefinition& game, const host::ReadLine& header,
                         std::string* error) {
    if (!game.create) {
        *error = std::string(game.title) + " cannot be started in this Rutland";
        return false;
    }
    const host::StampText stamp{m_shell.now(), header.who.empty() ? std::string("table") : header.who, m_shell.id_prefix + ":header"};
    std::unique_ptr<host::OpenGame> g = game.create(path, header, stamp, m_shell.id_prefix, error);
    if (!g) return false;
    m_session.reset();
    m_screen.reset();
    m_screen = std::make_unique<DeskScreen>(std::move(g), m_shell);
    Opened(path);
    m_screen->Status() = fmt::format("New game of {} in {}", game.title, path);
    return true;
}

view::SubmitOutcome App::SubmitFromEntry(const std::string& text) {
    // Enter submits what the preview parsed for this very text (entry_model.h SubmitEntry); a
    // script line (`--script`) has no preview and is parsed once.
    return SubmitFromEntry(text, m_ui.entry.preview.typed == text ? &m_ui.entry.preview : nullptr, true);
}

void App::EmptyEntryLine() {
    EntryUi& e = m_ui.entry;
    e.buffer.fill('\0');
    ++e.generation;
}

view::SubmitOutcome App::SubmitFromEntry(const std::string& text, const view::Preview* preview, bool from_field) {
    EntryUi& e = m_ui.entry;
    view::SubmitOutcome r = view::SubmitEntry(*m_session, text, preview, m_shell.now(), m_session->DefaultWho());
    if (r.moved) {
        // Another program appended since the preview (basic_session.h invariant 6): nothing was
        // recorded; the line is held, previewed again on the game as it is now, and the broker is
        // asked (question.h). What is typed next waits behind it.
        m_ui.moved_line = text;
        m_ui.moved_why = r.refusal;
        m_ui.moved_preview = view::PreviewLine(text, m_session->Live(), &m_session->GetLedger());
        m_ui.moved_version = m_session->Version();
        if (from_field) EmptyEntryLine();
        m_ui.status = fmt::format("Not recorded yet: {}. Check the new preview: Enter records it, Esc drops it", r.refusal);
        return r;
    }
    if (r.accepted) {
        e.history.Add(std::string(text));
        if (from_field) EmptyEntryLine();
        e.rejection.clear();
        e.rejected_text.clear();
        AfterAccepted(r);
    } else if (r.status != SubmitStatus::Blank) {
        // A rejected line leaves the field, as an accepted one does, and Up brings it back: a
        // broker typing ahead from the game's sheet must not have the next line glued to it
        // ("zzz" Enter "abc" gave "zzzabc", rejected in turn). The rejection stays shown, with
        // the line, until the next Enter or Esc.
        e.history.Add(std::string(text));
        if (from_field) EmptyEntryLine();
        e.refused = r.status == SubmitStatus::Refused;
        e.rejection = e.refused ? r.refusal : r.rejection.message;
        e.rejection_rule = r.rejection.rule;
        e.rejected_text = text;
        ShowNotAccepted(r);
    }
    return r;
}

void App::ShowNotAccepted(const view::SubmitOutcome& r) {
    if (r.status == SubmitStatus::Rejected)
        m_ui.status = fmt::format("Rejected: {} ({})", r.rejection.message, r.rejection.rule);
    else if (r.status == SubmitStatus::Refused)
        m_ui.status = "Not saved: " + r.refusal;
}

void App::AfterAccepted(const view::SubmitOutcome& r) {
    const Entry& entry = m_session->GetLedger().At(r.seq);
    const std::string line = view::CutForDisplay(entry.line, view::kOneLineChars);
    m_ui.entry.accepted = fmt::format("{}: {}", r.seq, line);
    m_ui.status = fmt::format("Entry {} saved: {} (fingerprint {})", r.seq, line, m_session->Fingerprint());
    m_ui.ledger.scroll_to_end = true;
}

void App::Type(const std::string& text) {
    if (m_screen) {
        m_screen->Type(text);
        return;
    }
    CopyTo(m_ui.entry.buffer, text);
    ++m_ui.entry.generation;
}

void App::ClearEntry() {
    EntryUi& e = m_ui.entry;
    e.buffer.fill('\0');
    ++e.generation;
    e.completions.clear();
    e.rejection.clear();
    e.rejected_text.clear();
    e.history.ResetPosition();
    if (m_ui.status.starts_with("Rejected") || m_ui.status.starts_with("Not saved")) m_ui.status.clear();
}

bool App::TakesText() const {
    if (m_screen) return m_screen->TakesText(m_panel);
    if (!m_session) return m_start.takes_text || SetupActive(m_learn);  // the start screen's first field, while empty
    if (LearnHasKeys(m_learn)) return true;  // the save box's field
    // A question open or time travel: the entry line still takes the keys (question.h rule 1;
    // a line entered while looking back is refused with the reason, panel_entry.cpp).
    if (m_session->ReadOnly()) return false;
    return m_panel.empty() || m_panel == "entry";
}

unsigned int App::TextFieldWanted() const {
    if (m_screen || m_session || SetupActive(m_learn)) return 0;
    return FocusedTextField(m_start.keys);
}

bool App::TakeRedrawRequest() {
    // The entry line's feedback outgrew its panel: the next frame gives it the room (layout.cpp).
    if (std::exchange(m_ui.entry.relayout, false)) return true;
    if (m_screen && m_screen->TakeRedrawRequest()) return true;
    if (m_redraw_frames == 0) return false;
    --m_redraw_frames;
    return true;
}

bool App::TakeQuitRequest() {
    const bool r = m_quit_request;
    m_quit_request = false;
    return r;
}

void App::CloseGame() {
    m_sharing.reset();  // the page was this game's
    m_session.reset();
    m_screen.reset();
    m_ui = UiState{};
    m_learn = BoardLearnUi{};
    m_waiting.Clear();
    m_start.error.clear();
    m_start.focus = true;
    m_start.recent.clear();  // read again: this game has new entries
    m_redraw_frames = 2;
}

std::optional<float> App::TakeFontRequest() {
    std::optional<float> r = m_shell.font_request;
    m_shell.font_request.reset();
    return r;
}

void App::Share(bool on, bool lan) {
    ShareUi& s = m_screen ? m_screen->Share() : m_ui.share;
    m_sharing.reset();
    s.on = false;
    s.address.clear();
    s.qr = {};
    s.error.clear();
    const std::string file = m_session ? (m_session->InFile() ? m_session->Path() : std::string()) : m_screen ? m_screen->SharedFile() : std::string();
    if (!on || file.empty()) return;
    serve::ServeOptions o;
    o.file = file;
    o.lan = lan;
    // The game's token (ui_state.h ShareUi::token): phones keep their page across off and on.
    if (s.token.empty()) s.token = serve::NewAccessToken();
    o.token = s.token;
    m_sharing = serve::GameServer::Start(o, &s.error);
    if (!m_sharing) return;
    s.lan = lan;
    s.on = true;
    s.open = true;
    s.address = m_sharing->Address();
    s.qr = view::MakeQrCode(s.address);
    (m_screen ? m_screen->Status() : m_ui.status) = "Sharing the game read-only at " + s.address;
}

std::optional<std::string> App::TakeScreenshotRequest() {
    std::optional<std::string> r = m_shell.screenshot_request;
    m_shell.screenshot_request.reset();
    return r;
}

bool App::TakePlayersFullScreenRequest() {
    const bool r = m_players_full_screen_request;
    m_players_full_screen_request = false;
    return r;
}

// [SECTION] The frame: keys, layout, the confirm box, the outbox

void App::FramePlayers(const Fonts& fonts) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->Pos);
    ImGui::SetNextWindowSize(viewport->Size);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("Rutland players", nullptr, flags);
    if (m_screen) {
        m_screen->DrawPlayers(fonts);
        ImGui::End();
        return;
    }
    if (!m_session) {
        ImGui::PushFont(fonts.huge);
        ImGui::TextUnformatted("Rutland");
        ImGui::PopFont();
        ImGui::PushFont(fonts.large);
        ImGui::TextDisabled("No game open yet: the broker opens or starts one.");
        ImGui::PopFont();
        ImGui::End();
        return;
    }
    const view::Session& s = *m_session;
    const AppView v{s, s.Shown(), s.GetLedger(), s.LegalCommands(), s.Viewing(), s.ReadOnly(), fonts, s.Version()};
    Outbox out;  // the players' window asks for nothing: dropped
    DrawTableDisplay(v, m_ui, out);
    ImGui::End();
    // The question the broker is answering shows here too (question.h): the table waits for it.
    if (!m_players_question.empty()) {
        ImGui::SetNextWindowBgAlpha(1.0f);
        ImGui::SetNextWindowPos(ImVec2(viewport->Pos.x + viewport->Size.x * 0.5f, viewport->Pos.y + viewport->Size.y * 0.5f),
                                ImGuiCond_Always, ImVec2(0.5f, 0.5f));
        ImGui::Begin("##players-question", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                                        ImGuiWindowFlags_NoInputs);
        ImGui::PushFont(fonts.large);
        ImGui::TextColored(Theme::Warn(), "%s", m_players_question.c_str());
        ImGui::PopFont();
        ImGui::End();
    }
}

void App::Frame(const std::string& panel) {
    m_panel = panel;
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->Pos);
    ImGui::SetNextWindowSize(viewport->Size);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("Rutland", nullptr, flags);
    HandleAppKeys();
    if (m_screen) {
        FrameScreen(panel);
        return;
    }
    if (!m_session) {
        if (SetupActive(m_learn))
            DrawBoardSetup(m_learn, m_shell.fonts);
        else
            DrawStart();
        ImGui::End();
        return;
    }
    FollowFile();  // before anything is drawn: every panel and preview of this frame is of the file as it is
    DescribeQuestion();
    const view::Session& s = *m_session;
    const AppView v{s, s.Shown(), s.GetLedger(), s.LegalCommands(), s.Viewing(), s.ReadOnly(), m_shell.fonts, s.Version()};
    Outbox out;
    m_ui.learn_modal = LearnHasKeys(m_learn);
    HandleKeys(v, out);
    if (const PanelInfo* p = panel.empty() ? nullptr : FindPanel(panel)) {
        if (p->name != "table") {
            PanelTitle(p->title);
        }
        p->draw(v, m_ui, out);
    } else {
        DrawDashboard(v, out);
    }
    DrawConfirm(v, out);
    DrawMoved(v, out);
    DrawBoardLearning(out);
    DrawRuleWindow(m_ui);  // F1: the words of the rule under the mouse or on the entry line
    if (m_ui.share.open && panel.empty()) {
        ImGui::SetNextWindowSize(ImVec2(600, 720), ImGuiCond_FirstUseEver);  // room for a QR code a phone reads at arm's length
        if (ImGui::Begin("Share on the network", &m_ui.share.open)) DrawShare(v, m_ui, out);
        ImGui::End();
    }
    ImGui::End();
    Apply(out);
    if (m_shell.close_request) {
        m_shell.close_request = false;
        m_clear_entry = false;
        CloseGame();
        return;
    }
    if (m_clear_entry) {
        // After the field's own Esc (it restores the text it started with). The field lets go of
        // the keyboard: its new id (ClearEntry) takes it back next frame, and the characters typed
        // meanwhile wait for it (input_queue.h rule 3) instead of going to the old id.
        ClearEntry();
        ImGui::ClearActiveID();
    }
    m_clear_entry = false;
}

void App::HandleAppKeys() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.KeyCtrl && KeyPressed(GLFW_KEY_Q)) m_quit_request = true;
    // F11: the players' window opens or closes; Shift+F11: it goes full screen, or back.
    if (KeyPressed(GLFW_KEY_F11)) {
        if (io.KeyShift) {
            m_players_window = true;
            m_players_full_screen_request = true;
        } else {
            m_players_window = !m_players_window;
        }
    }
    // F12 on the start screen: its picture in the games' folder (in a game: beside the game, HandleKeys).
    if (!m_session && !m_screen && KeyPressed(GLFW_KEY_F12))
        m_shell.screenshot_request = (std::filesystem::path(view::DataDir()) / fmt::format("start-{}.png", ++m_shell.screenshots)).string();
}

// The open game's screen (game_screen.h): its frame, the window ended, what its panels asked for,
// then what it asked of the shell.
void App::FrameScreen(const std::string& panel) {
    m_screen->Draw(panel);
    ImGui::End();
    m_screen->Apply();
    AfterScreenFrame();
}

void App::AfterScreenFrame() {
    if (std::optional<ShareGame> a = std::exchange(m_shell.share_request, std::nullopt)) {
        if (a->new_token) m_screen->Share().token.clear();
        Share(a->on, a->lan);
    }
    if (std::exchange(m_shell.close_request, false)) CloseGame();
}

view::HostDesk* App::GetDesk() {
    auto* desk = dynamic_cast<DeskScreen*>(m_screen.get());
    return desk ? &desk->Desk() : nullptr;
}

void App::HandleKeys(const AppView& v, Outbox& out) {
    const ImGuiIO& io = ImGui::GetIO();
    if (KeyPressed(GLFW_KEY_F12)) {  // a picture of the screen beside the game file, for a dispute or a report
        const std::filesystem::path game(v.session.Path());
        m_shell.screenshot_request =
            (game.parent_path() / fmt::format("{}.entry-{}-{}.png", game.stem().string(), v.ledger.Size() - 1, ++m_shell.screenshots)).string();
    }
    if (io.KeyCtrl && (KeyPressed(GLFW_KEY_EQUAL) || KeyPressed(GLFW_KEY_KP_ADD))) {
        // Only the sizes at which a busy moment still fits whole (layout_model.h LargestTextSize).
        const float largest = view::LargestTextSize(io.DisplaySize.x, io.DisplaySize.y);
        m_shell.font_request = std::max(m_shell.fonts.size, std::min(largest, m_shell.fonts.size + 2.0f));
        if (m_shell.fonts.size + 2.0f > largest)
            m_ui.status = fmt::format("Text size {:.0f} px is the largest that keeps the turn whole in this window", largest);
    }
    if (io.KeyCtrl && (KeyPressed(GLFW_KEY_MINUS) || KeyPressed(GLFW_KEY_KP_SUBTRACT)))
        m_shell.font_request = std::max(10.0f, m_shell.fonts.size - 2.0f);
    if (io.KeyCtrl && KeyPressed(GLFW_KEY_0)) m_shell.font_request = 18.0f;
    // The save box or a rule's window (its Esc closes it) has the keys.
    if (LearnHasKeys(m_learn) || !m_ui.rule.open.empty()) return;
    if (QuestionOpen()) {
        // Esc on an empty line says no (question.h rule 1); on a line being typed it only empties it.
        if (KeyPressed(GLFW_KEY_ESCAPE)) {
            if (m_ui.entry.buffer[0] == '\0') out.Push(AnswerQuestion{false});
            else m_clear_entry = true;
        }
        return;
    }
    if (KeyPressed(GLFW_KEY_ESCAPE)) {  // Esc empties the line; again (or in time travel) back to now
        if (v.viewing) out.View(std::nullopt);
        m_clear_entry = true;
    }
    // Time travel by keys: PgUp one entry back, PgDn one forward (to now at the last).
    const int last = v.ledger.Size() - 1;
    if (KeyPressed(GLFW_KEY_PAGE_UP) && last > 0) out.View(std::max(0, v.viewing.value_or(last) - 1));
    if (KeyPressed(GLFW_KEY_PAGE_DOWN) && v.viewing)
        out.View(*v.viewing + 1 >= last ? std::nullopt : std::optional<int>(*v.viewing + 1));
    // The lower row's tabs: F2 to F8, in the order drawn (their labels say so).
    for (size_t i = 0; i < kLowerTabs.size(); ++i)
        if (KeyPressed(GLFW_KEY_F2 + static_cast<int>(i))) m_ui.front_request = kLowerTabs[i];
    // The Count tab's choice by keyboard (X-1; its buttons say so): Alt+0 the whole table, Alt+1 to
    // Alt+8 one player, in turn order. The tab comes to the front.
    if (io.KeyAlt && !io.KeyCtrl) {
        const int players = static_cast<int>(v.state.players.size());
        for (int i = 0; i <= std::min(players, 8); ++i) {
            if (!KeyPressed(GLFW_KEY_0 + i)) continue;
            m_ui.count.whole_table = i == 0;
            m_ui.count.player = i == 0 ? -1 : i - 1;
            m_ui.front_request = "count";
        }
    }
    // Closed after the frame: this frame's panels still read the session.
    if (io.KeyCtrl && KeyPressed(GLFW_KEY_W)) m_shell.close_request = true;
    if (io.KeyCtrl && KeyPressed(GLFW_KEY_Z)) out.Push(AskUndo{io.KeyShift});
    if (io.KeyCtrl && KeyPressed(GLFW_KEY_Y)) out.Push(AskUndo{true});
}

void App::DrawDashboard(const AppView& v, Outbox& out) {
    DrawTopBar(v, out);
    DrawLayout(v, m_ui, out);  // layout.cpp: where layout_model.h puts the panels
}

void App::DrawTopBar(const AppView& v, Outbox& out) {
    const GameState& s = v.state;
    ImGui::PushFont(m_shell.fonts.large);
    ImGui::TextUnformatted("Rutland");
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::TextDisabled("%s", std::filesystem::path(v.session.Path()).filename().string().c_str());
    ImGui::SameLine();
    ImGui::Text(" Year %d  |  Time cards %d of %d  |  %d entries  |  fingerprint ", s.year, s.time_cards_drawn, s.year_cards,
                v.ledger.Size());
    ImGui::SameLine(0, 0);
    ImGui::TextColored(Theme::Accent(), "%s", v.session.Fingerprint().c_str());
    if (v.read_only) {
        ImGui::SameLine();
        ImGui::TextColored(Theme::Bad(), "  READ-ONLY: %s", v.session.GetStore().ReadOnlyReason().c_str());
    }
    if (v.viewing) {
        ImGui::SameLine();
        ImGui::TextColored(Theme::Warn(), "  Viewing entry %d (%s): read-only", *v.viewing, v.session.GetStore().FingerprintAt(*v.viewing).c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("Back to now (Esc)")) out.View(std::nullopt);
    }
    // Share on the network: the panel with the switch, the address and its QR code.
    ImGui::SameLine();
    const char* share_label = !m_ui.share.on ? "Share" : m_ui.share.lan ? "Shared on the network" : "Shared on this computer only";
    if (ImGui::SmallButton(share_label)) m_ui.share.open = !m_ui.share.open;
    // The key hints at the right: as many as the line has room for, the most used first.
    ImGui::SameLine();
    const float room = ImGui::GetWindowContentRegionMax().x - ImGui::GetCursorPosX() - ImGui::GetStyle().ItemSpacing.x;
    std::string keys;
    for (const char* hint : {"Esc clear", "Ctrl+Z undo", "F1 rule", "PgUp/PgDn time travel", "Ctrl+Q quit", "Ctrl+W close", "F11 players' window",
                             "F12 screenshot", "Ctrl +/- text"}) {
        const std::string longer = keys.empty() ? std::string(hint) : keys + "  " + hint;
        if (ImGui::CalcTextSize(longer.c_str()).x > room) break;
        keys = longer;
    }
    if (!keys.empty()) {
        ImGui::SetCursorPosX(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(keys.c_str()).x);
        ImGui::TextDisabled("%s", keys.c_str());
    } else {
        ImGui::NewLine();
    }
    if (!m_shell.fonts.dejavu) ImGui::TextColored(Theme::Warn(), "DejaVu Sans not found (install fonts-dejavu-core): using ImGui's default font");
}

void App::DrawConfirm(const AppView& v, Outbox& out) {
    if (!m_ui.confirm) return;
    const bool redo = *m_ui.confirm;
    const Ledger& l = v.ledger;
    const int target = redo ? l.NextRedo() : l.NextUndo();
    // Not modal: the entry line keeps the keyboard; its Enter on an empty line confirms, Esc cancels,
    // and a line typed meanwhile waits behind the confirm (question.h).
    if (BeginQuestionWindow("Confirm")) {
        if (target < 0) {
            ImGui::Text("Nothing to %s.", redo ? "redo" : "undo");
        } else {
            const Entry& e = l.At(target);
            ImGui::PushFont(m_shell.fonts.large);
            // The box sizes itself to this line: a long note is cut (display_text.h).
            ImGui::Text("%s entry %d: %s ?", redo ? "Redo" : "Undo", target, view::CutForDisplay(e.line, view::kOneLineChars).c_str());
            ImGui::PopFont();
            TextWrappedWords(view::SummarizeEffects(e.effects, RenderContext::Of(l.State()), 12));
            // Amber: what it takes back or puts back that the table should stop and think about;
            // for undo, who gives back what. Computed once per confirm.
            if (m_ui.confirm_preview_for != fmt::format("{}:{}:{}", redo, target, v.version)) {
                m_ui.confirm_preview = view::ConfirmPreview(redo, l.State(), l);
                m_ui.confirm_preview_for = fmt::format("{}:{}:{}", redo, target, v.version);
            }
            DrawWarnings(m_ui.confirm_preview.warnings);
            DrawUndoSteps(m_ui.confirm_preview.steps);
            ImGui::TextDisabled("%s is recorded as a new entry; nothing is deleted.", redo ? "Redo" : "Undo");
        }
        if (!m_ui.waiting.empty()) ImGui::TextColored(Theme::Warn(), "%s (after this, in order)", m_ui.waiting.c_str());
        if (target >= 0 && ImGui::Button(redo ? "Redo (Enter)" : "Undo (Enter)")) out.Push(AnswerQuestion{true});
        if (target >= 0) ImGui::SameLine();
        if (ImGui::Button(target >= 0 ? "Cancel (Esc)" : "Close (Enter)")) out.Push(AnswerQuestion{false});
    }
    EndQuestionWindow();
}

// A line the game moved under (basic_session.h invariant 6): its preview on the game as it is now.
void App::DrawMoved(const AppView& v, Outbox& out) {
    if (!m_ui.moved_line) return;
    if (m_ui.moved_version != v.version) {  // it moved again: preview again
        m_ui.moved_preview = view::PreviewLine(*m_ui.moved_line, m_session->Live(), &v.ledger);
        m_ui.moved_version = v.version;
    }
    if (BeginQuestionWindow("The game moved")) {
        ImGui::PushFont(m_shell.fonts.large);
        ImGui::Text("'%s' was not recorded", view::CutForDisplay(*m_ui.moved_line, view::kOneLineChars).c_str());
        ImGui::PopFont();
        TextWrappedWords(m_ui.moved_why);
        const view::Preview& p = m_ui.moved_preview;
        if (p.kind == view::Preview::Kind::Accepted) {
            const ImVec4 good = Theme::Good();
            TextWrappedWords("On the game as it is now, Enter: " + p.text, &good);
            DrawWarnings(p.warnings);
        } else if (p.kind == view::Preview::Kind::Rejected) {
            const ImVec4 warn = Theme::Warn();
            TextWrappedWords(fmt::format("On the game as it is now it would be rejected: {} ({})", p.text, p.rule), &warn);
        }
        if (!m_ui.waiting.empty()) ImGui::TextColored(Theme::Warn(), "%s (after this, in order)", m_ui.waiting.c_str());
        if (ImGui::Button("Record it now (Enter)")) out.Push(AnswerQuestion{true});
        ImGui::SameLine();
        if (ImGui::Button("Drop it (Esc; Up brings it back)")) out.Push(AnswerQuestion{false});
    }
    EndQuestionWindow();
}

// The board check at a first landing (a question, answered through the entry line: AtQuestion,
// Answer) and the save box (board_learning.h).
void App::DrawBoardLearning(Outbox& out) {
    const GameState& live = m_session->GetLedger().State();
    if (std::optional<bool> clicked = DrawLandingCheck(m_learn, m_shell.fonts, m_ui.waiting)) out.Push(AnswerQuestion{*clicked});
    if (!m_session->Viewing() && !m_session->ReadOnly()) DrawSaveBoard(m_learn, live, &m_ui.status);
}

// [SECTION] Questions and the lines waiting behind them (question.h), another program's appends

bool App::QuestionOpen() const { return m_learn.landing.has_value() || m_ui.confirm.has_value() || m_ui.moved_line.has_value(); }

void App::DescribeQuestion() {
    m_ui.waiting = m_waiting.Text();
    m_players_question.clear();
    m_ui.question.clear();
    m_ui.question_enter = "it waits behind the question, then is applied to the game as it is then";
    if (m_learn.landing) {
        m_ui.question = fmt::format("Check {} on the physical board", m_learn.landing->label);
        m_ui.question_enter = "a reading of the space (dduu ybr) answers the check; any other line waits behind it";
        m_players_question = LandingWords(m_learn);
    } else if (m_ui.confirm) {
        const Ledger& l = m_session->GetLedger();
        const int target = *m_ui.confirm ? l.NextRedo() : l.NextUndo();
        m_ui.question = target < 0 ? fmt::format("Nothing to {}", *m_ui.confirm ? "redo" : "undo")
                                   : fmt::format("{} entry {}", *m_ui.confirm ? "Redo" : "Undo", target);
        if (target >= 0)
            m_players_question = fmt::format("{} entry {}: {} ?", *m_ui.confirm ? "Redo" : "Undo", target,
                                             view::CutForDisplay(l.At(target).line, view::kOneLineChars));
    } else if (m_ui.moved_line) {
        m_ui.question = "The game moved under the line";
        m_players_question = "Another program added to the game: the broker checks the next line";
    }
}

void App::SubmitTyped(const std::string& text, bool from_field) {
    const view::Preview none;
    const view::Preview* preview = from_field && m_ui.entry.preview.typed == text ? &m_ui.entry.preview : nullptr;
    // A roll onto a space with unverified facts waits for the board check (D-2, board_learning.h); the
    // line leaves the field at once, so what is typed next is not glued to it.
    if (!m_session->Viewing() && !m_session->ReadOnly() &&
        OfferLandingCheck(m_learn, m_shell.settings, m_session->Live(), text, preview ? *preview : none)) {
        m_learn.roll_entries = m_session->GetLedger().Size();
        if (from_field) EmptyEntryLine();
        return;
    }
    SubmitFromEntry(text, preview, from_field);
}

void App::AtQuestion(const std::string& text) {
    const int space = m_learn.landing ? m_learn.landing->space : -1;
    const view::LineAtQuestion l = view::ClassifyAtQuestion(*m_session->Live().board, space, text);
    EmptyEntryLine();  // whatever it is, it leaves the field: the next line is not glued to it
    switch (l.what) {
        case view::AtQuestion::Yes: Answer(true); break;
        case view::AtQuestion::Reading: Answer(true, l.reading); break;
        case view::AtQuestion::Refused:
            m_ui.entry.history.Add(text);  // Up brings it back to fix it
            m_learn.landing_error = fmt::format("\"{}\" refused: {}", text, l.why);
            m_ui.status = "Not a reading of the space: " + m_learn.landing_error;
            break;
        case view::AtQuestion::Waits:
            m_waiting.Add(text);
            m_ui.status = m_waiting.Text() + ": recorded in order once the question is answered";
            break;
    }
}

void App::Answer(bool yes, const std::optional<view::SpaceReading>& reading) {
    if (m_learn.landing) {
        const std::string label = m_learn.landing->label;
        const int entries = m_learn.roll_entries;
        // The `board` entry first, then the roll the check held (not asked again).
        const std::vector<std::string> lines = AnswerLanding(m_learn, m_session->Live(), yes, reading);
        if (m_session->GetLedger().Size() != entries) {
            // Another program added to the game while the check was open (basic_session.h invariant
            // 6): nothing is recorded; the roll is previewed again on the game as it is and asked.
            m_ui.moved_line = lines.back();
            m_ui.moved_why = fmt::format("Another program added to the game while {} was being checked: nothing was written "
                                         "(the check is asked again if the roll still lands there).", label);
            m_ui.moved_preview = view::PreviewLine(lines.back(), m_session->Live(), &m_session->GetLedger());
            m_ui.moved_version = m_session->Version();
            return;  // the lines waiting still wait
        }
        for (size_t i = 0; i + 1 < lines.size(); ++i) {
            const ParseResult parsed = ParseCommand(lines[i]);
            if (!parsed.command) continue;
            const view::SubmitOutcome r = m_session->Submit(*parsed.command, m_shell.now(), m_session->DefaultWho(), entries);
            if (r.accepted) AfterAccepted(r);
            else ShowNotAccepted(r);
        }
        if (!lines.empty()) {
            // On the game as it is now (the board entry just recorded), and only onto it.
            const view::Preview p = view::PreviewLine(lines.back(), m_session->Live(), &m_session->GetLedger());
            SubmitFromEntry(lines.back(), &p, false);
        }
    } else if (m_ui.confirm) {
        const bool redo = *m_ui.confirm;
        const Ledger& l = m_session->GetLedger();
        const int target = redo ? l.NextRedo() : l.NextUndo();
        const int shown_at = m_ui.confirm_preview.entries;  // the confirm shows what it undoes on this game
        m_ui.confirm.reset();
        if (yes && target >= 0) {
            const view::SubmitOutcome r = m_session->Submit(view::ConfirmCommand(redo), m_shell.now(), m_session->DefaultWho(),
                                                            shown_at >= 0 ? std::optional<int>(shown_at) : std::nullopt);
            if (r.moved) {  // another program added to the game since: the confirm is asked again, on it
                m_ui.confirm = redo;
                m_ui.status = fmt::format("Not {}: {}. Look again, then Enter", redo ? "redone" : "undone", r.refusal);
                return;  // the lines waiting still wait
            }
            if (r.accepted) AfterAccepted(r);
            else ShowNotAccepted(r);
        }
    } else if (m_ui.moved_line) {
        const std::string line = *m_ui.moved_line;
        m_ui.moved_line.reset();
        if (yes) {
            const view::Preview p = m_ui.moved_preview;  // what the box showed (again moved: asked again)
            if (!m_session->Viewing() && OfferLandingCheck(m_learn, m_shell.settings, m_session->Live(), line, p))
                m_learn.roll_entries = p.entries;  // a roll onto a space still unchecked: the check first
            else
                SubmitFromEntry(line, &p, false);
        } else {
            m_ui.entry.history.Add(line);
            m_ui.status = fmt::format("Dropped '{}' (Up brings it back)", view::CutForDisplay(line, view::kOneLineChars));
        }
    }
    DrainWaiting();
}

void App::DrainWaiting() {
    // In order, as if typed now; one that opens a question stops it, the rest wait behind that one.
    while (!QuestionOpen() && !m_waiting.Empty()) SubmitTyped(m_waiting.Take(), false);
}

void App::FollowFile() {
    // As `serve` follows (basic_store.h invariant 18), about twice a second: the main loop draws a frame
    // at least every 0.25 s (main.cpp), so another program's entry shows within a second.
    const auto now = std::chrono::steady_clock::now();
    if (now - m_followed < std::chrono::milliseconds(500)) return;
    m_followed = now;
    const int before = m_session->GetLedger().Size();
    std::string why;
    const int n = m_session->Follow(&why);
    if (n > 0) {
        m_ui.status = n == 1 ? fmt::format("Entry {} added by another program (fingerprint {})", before, m_session->Fingerprint())
                             : fmt::format("Entries {} to {} added by another program (fingerprint {})", before, before + n - 1,
                                           m_session->Fingerprint());
        m_ui.ledger.scroll_to_end = true;
    } else if (n < 0 && why != m_follow_problem) {
        m_follow_problem = why;
        m_ui.status = "Not following the game file: " + why;
    }
}

void App::Apply(Outbox& out) {
    for (UiAction& action : out.actions) {
        std::visit(
            [&](auto& a) {
                using T = std::decay_t<decltype(a)>;
                if constexpr (std::is_same_v<T, SubmitLine>) {
                    if (a.from_entry_line) {
                        if (QuestionOpen()) AtQuestion(a.text);  // question.h
                        else SubmitTyped(a.text, true);
                    } else {
                        view::SubmitOutcome r = m_session->Submit(std::string_view(a.text), m_shell.now(), m_session->DefaultWho());
                        if (r.accepted) AfterAccepted(r);
                        else ShowNotAccepted(r);
                    }
                } else if constexpr (std::is_same_v<T, SubmitCommand>) {
                    view::SubmitOutcome r = m_session->Submit(a.command, m_shell.now(), m_session->DefaultWho());
                    if (r.accepted) AfterAccepted(r);
                    else ShowNotAccepted(r);
                } else if constexpr (std::is_same_v<T, ViewAt>) {
                    m_session->ViewAt(a.seq);
                    m_ui.status = m_session->Viewing() ? fmt::format("Viewing the state after entry {} (read-only)", *m_session->Viewing())
                                                       : "Back to now";
                } else if constexpr (std::is_same_v<T, AskUndo>) {
                    if (!m_session->Viewing() && !QuestionOpen()) m_ui.confirm = a.redo;
                } else if constexpr (std::is_same_v<T, ExportYearEnd>) {
                    const Ledger& l = m_session->GetLedger();
                    std::optional<YearEndStatement> st =
                        a.preview ? std::optional<YearEndStatement>(PreviewStatement(m_session->Shown()))
                                  : LastYearEnd(l, m_session->Viewing().value_or(l.Size() - 1));
                    if (!st) {
                        m_ui.year_end.message = "No year has ended yet: nothing to export.";
                        return;
                    }
                    if (st->preview) NameCounts(*st, l, m_session->Viewing().value_or(l.Size() - 1));  // X-3
                    st->fingerprint_entry = st->preview ? m_session->Viewing().value_or(l.Size() - 1) : st->entry;
                    st->fingerprint = m_session->FingerprintAt(st->fingerprint_entry);
                    const std::filesystem::path game(m_session->Path());
                    const std::string path = (game.parent_path() / fmt::format("{}.year-{}-{}.{}", game.stem().string(), st->year,
                                                                                st->preview ? "preview" : "statement",
                                                                                a.html ? "html" : "csv")).string();
                    std::ofstream f(path);
                    f << (a.html ? StatementHtml(*st, game.filename().string()) : StatementCsv(*st));
                    m_ui.year_end.message = f ? "Saved " + path : "Could not write " + path;
                    m_ui.status = m_ui.year_end.message;
                } else if constexpr (std::is_same_v<T, ShowPanel>) {
                    m_ui.front_request = a.name;
                } else if constexpr (std::is_same_v<T, ShareGame>) {
                    if (a.new_token) m_ui.share.token.clear();
                    Share(a.on, a.lan);
                } else if constexpr (std::is_same_v<T, AnswerQuestion>) {
                    if (QuestionOpen()) Answer(a.yes);
                }
            },
            action);
    }
    out.actions.clear();
}

// [SECTION] The start screen

namespace {

// One field's problem, in the bad colour right after the field.
void FieldError(const std::string& error) {
    if (error.empty()) return;
    ImGui::SameLine();
    ImGui::TextColored(Theme::Bad(), "%s", error.c_str());
}

// Broker or SEC guy: nobody, one of the players, or someone who does not play (typed once). With
// the keyboard's focus (key_focus.h) Space and the arrows step through the same choices.
void RoleCombo(const char* label, view::RolePick& pick, std::array<char, 64>& other_name, const std::vector<std::string>& players,
               const char* nobody, KeyFocus& keys) {
    const std::string shown = pick.other ? "someone who does not play"
                              : pick.player >= 0 && pick.player < static_cast<int>(players.size()) ? players[static_cast<size_t>(pick.player)]
                                                                                                  : std::string(nobody);
    if (ImGui::BeginCombo(label, shown.c_str())) {
        if (ImGui::Selectable(nobody, !pick.other && pick.player < 0)) pick = view::RolePick{};
        for (size_t i = 0; i < players.size(); ++i)
            if (ImGui::Selectable(players[i].c_str(), !pick.other && pick.player == static_cast<int>(i))) pick = view::RolePick{static_cast<int>(i), false, {}};
        if (ImGui::Selectable("someone who does not play...", pick.other)) pick = view::RolePick{-1, true, {}};
        ImGui::EndCombo();
    }
    if (EndStop(keys, false) && keys.step != 0) {
        // The choices in order: nobody (-1), each player, someone who does not play (players.size()).
        const int n = static_cast<int>(players.size()) + 2;
        const int now = pick.other ? n - 2 : std::clamp(pick.player, -1, n - 3);
        const int next = view::NextStop(now + 1, keys.step, n) - 1;
        pick = next == n - 2 ? view::RolePick{-1, true, {}} : view::RolePick{next, false, {}};
    }
    if (pick.other) {
        ImGui::Indent();
        TextStop(keys);
        ImGui::InputTextWithHint((std::string("Name##") + label).c_str(), "their name", other_name.data(), other_name.size());
        EndStop(keys, true);
        ImGui::Unindent();
        pick.name = other_name.data();
    }
}

// A check box with the keyboard's focus: Space ticks it.
void CheckStop(const char* label, bool* value, KeyFocus& keys) {
    ImGui::Checkbox(label, value);
    if (EndStop(keys, false) && keys.press) *value = !*value;
}

} // namespace

void App::DrawStart() {
    KeyFocus& keys = m_start.keys;
    if (m_start.focus) {  // the screen opens with the first field's focus, framed
        keys.at = 0;
        keys.moved = true;
        m_start.focus = false;
    }
    BeginKeyFocus(keys);
    ImGui::PushFont(m_shell.fonts.huge);
    ImGui::TextUnformatted("Rutland");
    ImGui::PopFont();
    ImGui::TextDisabled("the broker's desk for Big Board Raiders      Tab: next item, Space: tick or choose, Enter: start or open      Ctrl+Q quit");
    ImGui::Separator();
    ImGui::PushFont(m_shell.fonts.large);
    ImGui::TextUnformatted("New game");
    ImGui::PopFont();
    // The game it is of: the registry's listed games (start_view.h ListedGames), the first chosen.
    // The form under it is that game's (Big Board Raiders' is the only listed game with a form).
    const std::vector<const host::GameDefinition*> games = view::ListedGames(host::Games());
    const host::GameDefinition* host_game = nullptr;
    if (!games.empty()) {
        // Ctrl+G: the next listed game, its form's first field taking the keyboard (key_focus.h).
        if (ImGui::GetIO().KeyCtrl && KeyPressed(GLFW_KEY_G) && games.size() > 1) {
            m_start.game = (m_start.game + 1) % static_cast<int>(games.size());
            keys.at = 0;
            keys.moved = true;
        }
        m_start.game = std::clamp(m_start.game, 0, static_cast<int>(games.size()) - 1);
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextDisabled("of");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::CalcTextSize(std::string(games[static_cast<size_t>(m_start.game)]->title).c_str()).x +
                                ImGui::GetFrameHeight() * 2.0f);
        if (ImGui::BeginCombo("##game", std::string(games[static_cast<size_t>(m_start.game)]->title).c_str())) {
            for (size_t i = 0; i < games.size(); ++i)
                if (ImGui::Selectable(std::string(games[i]->title).c_str(), static_cast<int>(i) == m_start.game))
                    m_start.game = static_cast<int>(i);
            ImGui::EndCombo();
        }
        if (games.size() > 1) {
            ImGui::SameLine();
            ImGui::TextDisabled("Ctrl+G: another game");
        }
        // A listed game without a form of its own here gets the form every game has (start_host_form.cpp).
        if (games[static_cast<size_t>(m_start.game)] != &host::ShellGame()) host_game = games[static_cast<size_t>(m_start.game)];
    }
    // Enter opens the game named in the Open section when the focus is there, else starts the new one.
    const bool in_open = m_start.first_open_stop >= 0 && keys.at >= m_start.first_open_stop;
    const bool enter = KeyPressed(GLFW_KEY_ENTER) || KeyPressed(GLFW_KEY_KP_ENTER);
    if (host_game) {
        if (DrawHostGameForm(*host_game, enter && !in_open && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))) {
            EndKeyFocus(keys);
            return;
        }
    } else {
        // The form as typed, checked field by field on every frame (start_view.h): each problem shows
        // beside its field in plain words, before Start is pressed.
        view::NewGameForm form;
        form.players = m_start.players.data();
        form.cash = m_start.cash.data();
        form.year_cards = m_start.year_cards.data();
        form.broker = m_start.broker_pick;
        form.sec = m_start.sec_pick;
        form.start = m_start.start.data();
        for (size_t i = 0; i < kVariantNames.size(); ++i)
            if (m_start.variants[i]) form.variants.emplace_back(kVariantNames[i]);
        form.board = m_shell.settings.board.empty() ? std::string("standard") : m_shell.settings.board;  // as picked below (last frame)
        const bool typed_players = *m_start.players.data() != '\0';

        ImGui::PushItemWidth(std::min(420.0f, ImGui::GetContentRegionAvail().x * 0.35f));
        // The first field has the keyboard when the screen opens, and when typing finds no field while
        // it is still empty (a focus by code selects the whole text, which the typing would replace).
        // (Not while the keyboard's focus is on another item: Tab and Space are for that one.)
        m_start.takes_text = (!typed_players && keys.at == 0) || keys.on_text;
        if (m_shell.text_waiting && m_start.takes_text && !ImGui::IsAnyItemActive() && !FocusAsked(keys)) keys.moved = true;
        TextStop(keys);
        ImGui::InputTextWithHint("Players, in turn order", "Ann, Bob, Cy, Dee", m_start.players.data(), m_start.players.size());
        EndStop(keys, true);
        const view::NewGameCheck check_players = view::CheckNewGame(form);
        if (typed_players) FieldError(check_players.players_error);
        TextStop(keys);
        ImGui::InputText("Starting cash ($)", m_start.cash.data(), m_start.cash.size(), ImGuiInputTextFlags_CharsDecimal);
        EndStop(keys, true);
        FieldError(check_players.cash_error);
        RoleCombo("Broker", m_start.broker_pick, m_start.broker, check_players.players, "nobody named (optional)", keys);
        FieldError(check_players.broker_error);
        RoleCombo("SEC guy", m_start.sec_pick, m_start.sec, check_players.players, "nobody named (optional)", keys);
        FieldError(check_players.sec_error);
        TextStop(keys);
        ImGui::InputTextWithHint("Time cards per year (D-4)", "blank: one per player", m_start.year_cards.data(), m_start.year_cards.size(),
                                 ImGuiInputTextFlags_CharsDecimal);
        EndStop(keys, true);
        FieldError(check_players.year_cards_error);
        TextStop(keys);
        ImGui::InputTextWithHint("Start spaces", "blank: first rolls name it; @market-1 for all",
                                 m_start.start.data(), m_start.start.size());
        EndStop(keys, true);
        if (*m_start.start.data() != '\0') FieldError(check_players.start_error);
        ImGui::PopItemWidth();
        m_start.broker_pick.name = m_start.broker.data();
        m_start.sec_pick.name = m_start.sec.data();
        form.board = DrawStartBoardPick(m_learn, m_shell.settings, keys);  // board_learning.cpp: the board a new game is played on
        const view::NewGameCheck check = view::CheckNewGame(form);
        ImGui::TextUnformatted("Variants (RULES.md section 14):");
        for (size_t i = 0; i < kVariantNames.size(); ++i) {
            CheckStop(kVariantNames[i], &m_start.variants[i], keys);
            ImGui::SameLine();
            ImGui::TextDisabled("%s", kVariantHelp[i]);
        }
        CheckStop("Start from the table", &m_start.from_table, keys);
        ImGui::SameLine();
        ImGui::TextDisabled("a game in progress: count the Big Board and each player's holdings first (X-1)");
        ImGui::BeginDisabled(!check.Ok());
        // Enter starts it too (from any item of the new game): the keyboard does everything.
        bool start = ImGui::Button("Start the game (Enter)");
        start = (EndStop(keys, false) && keys.press) || start || (enter && !in_open && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId));
        ImGui::EndDisabled();
        if (!check.form_error.empty()) FieldError(check.form_error);
        if (start && check.Ok()) {
            const std::string path = view::NewGamePath(view::DataDir(), check.header->players, m_shell.now().substr(0, 10));
            std::string error;
            if (!CreateGame(path, *check.header, &error)) {
                m_start.error = error;
            } else {
                if (m_start.from_table) {  // the Count tab with a form for the market and each player
                    m_ui.count = CountUi{};
                    m_ui.count.whole_table = true;
                    m_ui.front_request = "count";
                }
                EndKeyFocus(keys);
                return;
            }
        }
    }
    if (!m_start.error.empty()) FieldError(m_start.error);  // what creating or opening the file said
    ImGui::Separator();
    ImGui::PushFont(m_shell.fonts.large);
    ImGui::TextUnformatted("Open a game");
    ImGui::PopFont();
    m_start.first_open_stop = keys.next;
    std::optional<std::string> open;  // the game to open: Enter or Space on it, or a click
    ImGui::SetNextItemWidth(std::min(520.0f, ImGui::GetContentRegionAvail().x * 0.5f));
    TextStop(keys);
    // Enter in this field opens the file typed (not a new game, as the form's Enter would).
    if (ImGui::InputTextWithHint("File", "/path/to/game.rutland", m_start.open_path.data(), m_start.open_path.size(),
                                 ImGuiInputTextFlags_EnterReturnsTrue))
        open = m_start.open_path.data();
    EndStop(keys, true);
    ImGui::SameLine();
    const bool open_clicked = ImGui::Button("Open");
    if ((EndStop(keys, false) && (keys.press || enter)) || open_clicked) open = m_start.open_path.data();
    const std::string data_dir = view::DataDir();
    ImGui::TextDisabled("Games are kept in %s", data_dir.c_str());
    std::error_code ec;
    for (const auto& f : std::filesystem::directory_iterator(data_dir, ec)) {
        if (f.path().extension() != ".rutland") continue;
        const bool clicked = ImGui::Selectable(f.path().filename().string().c_str());
        if (EndStop(keys, false) && (keys.press || enter)) open = f.path().string();
        if (clicked) open = f.path().string();
    }
    ImGui::Separator();
    ImGui::PushFont(m_shell.fonts.large);
    ImGui::TextUnformatted("Recent games");
    ImGui::PopFont();
    if (m_shell.settings.recent.empty()) ImGui::TextDisabled("none yet");
    // Read once per visit of the start screen (each is opened read-only and verified).
    if (m_start.recent.size() != m_shell.settings.recent.size()) {
        m_start.recent.clear();
        for (const std::string& path : m_shell.settings.recent) {
            // Each with its own game's reader (registry.h GameToOpen); a game this build lacks says so.
            std::string why;
            const host::GameDefinition* game = host::GameToOpen(path, &why);
            if (!game) {
                view::RecentGame r;
                r.path = path;
                r.error = why;
                m_start.recent.push_back(std::move(r));
            } else if (game != &host::ShellGame()) {
                m_start.recent.push_back(view::ReadRecentGame(path, *game));
            } else {
                m_start.recent.push_back(ReadRecentGame(path));  // the game's own (new_game_check.h)
                if (m_start.recent.back().error.empty()) m_start.recent.back().game = std::string(game->title);
            }
        }
    }
    if (!m_start.recent.empty() &&
        ImGui::BeginTable("##recent", 7, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerV)) {
        for (const char* h : {"File", "Game", "Players", "Year", "Entries", "Last played (UTC)", "Fingerprint"}) ImGui::TableSetupColumn(h);
        ImGui::TableHeadersRow();
        for (const view::RecentGame& g : m_start.recent) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const std::string name = std::filesystem::path(g.path).filename().string();
            if (ImGui::Selectable((name + "##" + g.path).c_str(), false, ImGuiSelectableFlags_SpanAllColumns)) open = g.path;
            if (EndStop(keys, false) && (keys.press || enter)) open = g.path;
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", g.path.c_str());
            ImGui::TableNextColumn();
            if (!g.error.empty()) {
                ImGui::TextColored(Theme::Bad(), "cannot be read: %s", g.error.c_str());
                continue;
            }
            ImGui::TextUnformatted(g.game.c_str());
            ImGui::TableNextColumn();
            std::string players;
            for (const std::string& p : g.players) players += (players.empty() ? "" : ", ") + p;
            ImGui::TextUnformatted(players.c_str());
            ImGui::TableNextColumn();
            if (g.year > 0) ImGui::Text("%d", g.year);
            ImGui::TableNextColumn();
            ImGui::Text("%d", g.entries);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(g.last_played.c_str());
            ImGui::TableNextColumn();
            ImGui::TextColored(Theme::Accent(), "%s", g.fingerprint.c_str());
        }
        ImGui::EndTable();
    }
    EndKeyFocus(keys);
    // Where the next frame's characters go (input_queue.h rule 3), with the focus as it is now: a
    // text stop just reached by Tab has the keyboard only from the next frame, and the characters
    // typed behind the Tab wait for it.
    const bool typed_players = *(host_game ? m_start.host_players.data() : m_start.players.data()) != '\0';
    m_start.takes_text = (!typed_players && keys.at == 0) || keys.on_text;
    if (open) {
        std::string error;
        if (open->empty()) m_start.error = "Type the game file's path in the File field, then Enter.";
        else if (!OpenGame(*open, &error)) m_start.error = error;
    }
}

} // namespace rutland::dash
