// Big Board Raiders' screen (bbr_screen.h): its own panels over its Session, the questions and
// the lines waiting behind them, another program's appends followed, and the outbox applied after
// the frame through the session's one submit path (session.h).
#include "bbr_screen.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <utility>

#include <GLFW/glfw3.h>
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID

#include "panels.h"
#include "view/board_files.h"
#include "question_draw.h"
#include "rule_window.h"
#include "view/players_window_view.h"
#include "text_wrap.h"
#include "theme.h"
#include "warnings_draw.h"

// [SECTION] Index
//  - The screen: the frame, the players' window, the command line's options
//  - The entry line's submit path
//  - Keys, the top bar, the confirm box, the moved line
//  - Questions and the lines waiting behind them, another program's appends, the outbox

namespace rutland::bbr::dash {

namespace {

bool BbrKeyPressed(int glfw_key) { return ImGui::IsKeyPressed(glfw_key, false); }

} // namespace

// [SECTION] The screen: the frame, the players' window, the command line's options

std::unique_ptr<GameScreen> OpenBbrScreen(const std::string& path, ScreenShell& shell, std::string* error) {
    auto session = view::Session::Open(path, shell.id_prefix, error);
    if (!session) return nullptr;
    auto screen = std::make_unique<BbrScreen>(std::move(session), shell);
    view::Session& s = screen->GetSession();
    if (s.ReadOnly()) {
        screen->Status() = "Read-only: " + s.ReadOnlyWhy();
    } else {
        screen->Status() = fmt::format("Opened {}: {} entries, verified clean", path, s.GetLedger().Size());
    }
    return screen;
}

std::unique_ptr<BbrScreen> StartBbrScreen(const std::string& path, const GameHeader& header, ScreenShell& shell, std::string* error) {
    const std::string who = header.broker ? *header.broker : "broker";
    auto session = view::Session::Create(path, header, shell.now(), who, shell.id_prefix, error);
    if (!session) return nullptr;
    auto screen = std::make_unique<BbrScreen>(std::move(session), shell);
    screen->Status() = "New game in " + path;
    return screen;
}

std::unique_ptr<GameScreen> CreateBbrScreen(const std::string& path, const std::string& header_line, ScreenShell& shell,
                                            std::string* error) {
    const ParseResult parsed = ParseCommand(header_line);
    const auto* header = parsed.command ? std::get_if<GameHeader>(&parsed.command->action) : nullptr;
    if (!header) {
        *error = "the first line must be the game header, e.g. game players=Ann,Bob";
        return nullptr;
    }
    return StartBbrScreen(path, *header, shell, error);
}

bool BbrScreenHasPanel(std::string_view name) { return FindPanel(name) != nullptr; }

void PrepareBbrScreen() { view::InstallBoardFiles(view::BoardsDir()); }


BbrScreen::BbrScreen(std::unique_ptr<view::Session> session, ScreenShell& shell) : m_shell(shell), m_session(std::move(session)) {}

void BbrScreen::Draw(const std::string& panel) {
    m_panel = panel;
    m_out = Outbox{};
    FollowFile();  // before anything is drawn: every panel and preview of this frame is of the file as it is
    DescribeQuestion();
    const view::Session& s = *m_session;
    const AppView v{s, s.Shown(), s.GetLedger(), s.LegalCommands(), s.Viewing(), s.ReadOnly(), m_shell.fonts, s.Version()};
    Outbox& out = m_out;
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
    DrawRuleWindow(m_rules, m_ui);  // F1: the words of the rule under the mouse or on the entry line
    if (m_ui.share.open && panel.empty()) {
        ImGui::SetNextWindowSize(ImVec2(600, 720), ImGuiCond_FirstUseEver);  // room for a QR code a phone reads at arm's length
        if (ImGui::Begin("Share on the network", &m_ui.share.open)) DrawShare(v, m_ui, out);
        ImGui::End();
    }
}

void BbrScreen::Apply() {
    ApplyOutbox(m_out);
    if (m_shell.close_request) {  // the app closes the game (game_screen.h invariant 3)
        m_clear_entry = false;
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

void BbrScreen::DrawPlayers(const Fonts& fonts) {
    const view::Session& s = *m_session;
    const AppView v{s, s.Shown(), s.GetLedger(), s.LegalCommands(), s.Viewing(), s.ReadOnly(), fonts, s.Version()};
    Outbox out;  // the players' window asks for nothing: dropped
    DrawTableDisplay(v, m_ui, out);
}

void BbrScreen::DrawPlayersOver(const Fonts& fonts) {
    // The question the broker is answering shows here too (question.h): the table waits for it.
    if (m_players_question.empty()) return;
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
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

int BbrScreen::SeatedPlayers() const { return static_cast<int>(m_session->Shown().players.size()); }

// The players' window's layout (view/players_window_view.h) sizes its text for the players seated.
float BbrScreen::PlayersTextPx(float width, float height, bool with_address) const {
    return view::LayOutPlayersWindow(width, height, SeatedPlayers(), with_address).text_px;
}

bool BbrScreen::ScriptLine(const std::string& line, std::string* error) {
    ParseResult parsed = ParseCommand(line);
    if (!parsed.error && !parsed.command) return true;
    const auto* header = parsed.command ? std::get_if<GameHeader>(&parsed.command->action) : nullptr;
    if (header) {
        if (PrintHeader(*header) == m_session->GetLedger().At(0).line) return true;
        *error = "this script is for another game (its header differs)";
        return false;
    }
    const view::SubmitOutcome r = SubmitFromEntry(line);
    if (r.status == SubmitStatus::Rejected) {
        *error = "rejected: " + r.rejection.ToString();
        return false;
    }
    if (r.status == SubmitStatus::Refused) {
        *error = "not saved: " + r.refusal;
        return false;
    }
    return true;
}

void BbrScreen::Type(const std::string& text) {
    EntryUi& e = m_ui.entry;
    const size_t n = std::min(text.size(), e.buffer.size() - 1);
    std::memcpy(e.buffer.data(), text.data(), n);
    e.buffer[n] = '\0';
    ++e.generation;
}

bool BbrScreen::TakesText(const std::string& panel) const {
    if (LearnHasKeys(m_learn)) return true;  // the save box's field
    // A question open or time travel: the entry line still takes the keys (question.h rule 1;
    // a line entered while looking back is refused with the reason, panel_entry.cpp).
    if (m_session->ReadOnly()) return false;
    return panel.empty() || panel == "entry";
}

bool BbrScreen::TakeRedrawRequest() {
    // The entry line's feedback outgrew its panel: the next frame gives it the room (layout.cpp).
    return std::exchange(m_ui.entry.relayout, false);
}

std::string BbrScreen::SharedFile() const { return m_session->InFile() ? m_session->Path() : std::string(); }

void BbrScreen::Select(int seq) {
    m_ui.ledger.selected = seq;
    m_ui.front_request = "ledger";
}

void BbrScreen::StartFromTable() {
    m_ui.count = CountUi{};
    m_ui.count.whole_table = true;
    m_ui.front_request = "count";
}

std::optional<std::string> BbrScreen::LayoutLog() const {
    const LayoutProbe& p = m_ui.probe;
    const view::DashboardLayout& l = m_ui.layout;
    return fmt::format("fits {}\n"
                       "entry_lines {}\nentry_bottom {:.0f}\nentry_right {:.0f}\nentry_clip_bottom {:.0f}\nentry_clip_right {:.0f}\n"
                       "strip_cells {}\nstrip_bottom {:.0f}\nstrip_right {:.0f}\nlower_clip_bottom {:.0f}\nlower_clip_right {:.0f}\n"
                       "status {}\nentry_text {}\nend\n",
                       l.fits ? 1 : 0, p.entry_lines, p.entry_bottom, p.entry_right, p.entry_clip_bottom, p.entry_clip_right,
                       p.strip_cells, p.strip_bottom, p.strip_right, p.lower_clip_bottom, p.lower_clip_right, m_ui.status,
                       std::string(m_ui.entry.buffer.data()));
}

// [SECTION] The entry line's submit path

view::SubmitOutcome BbrScreen::SubmitFromEntry(const std::string& text) {
    // Enter submits what the preview parsed for this very text (entry_model.h SubmitEntry); a
    // script line (`--script`) has no preview and is parsed once.
    return SubmitFromEntry(text, m_ui.entry.preview.typed == text ? &m_ui.entry.preview : nullptr, true);
}

void BbrScreen::EmptyEntryLine() {
    EntryUi& e = m_ui.entry;
    e.buffer.fill('\0');
    ++e.generation;
}

view::SubmitOutcome BbrScreen::SubmitFromEntry(const std::string& text, const view::Preview* preview, bool from_field) {
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

void BbrScreen::ShowNotAccepted(const view::SubmitOutcome& r) {
    if (r.status == SubmitStatus::Rejected)
        m_ui.status = fmt::format("Rejected: {} ({})", r.rejection.message, r.rejection.rule);
    else if (r.status == SubmitStatus::Refused)
        m_ui.status = "Not saved: " + r.refusal;
}

void BbrScreen::AfterAccepted(const view::SubmitOutcome& r) {
    const Entry& entry = m_session->GetLedger().At(r.seq);
    const std::string line = view::CutForDisplay(entry.line, view::kOneLineChars);
    m_ui.entry.accepted = fmt::format("{}: {}", r.seq, line);
    m_ui.status = fmt::format("Entry {} saved: {} (fingerprint {})", r.seq, line, m_session->Fingerprint());
    m_ui.ledger.scroll_to_end = true;
}

void BbrScreen::ClearEntry() {
    EntryUi& e = m_ui.entry;
    e.buffer.fill('\0');
    ++e.generation;
    e.completions.clear();
    e.rejection.clear();
    e.rejected_text.clear();
    e.history.ResetPosition();
    if (m_ui.status.starts_with("Rejected") || m_ui.status.starts_with("Not saved")) m_ui.status.clear();
}

void BbrScreen::HandleKeys(const AppView& v, Outbox& out) {
    const ImGuiIO& io = ImGui::GetIO();
    if (BbrKeyPressed(GLFW_KEY_F12)) {  // a picture of the screen beside the game file, for a dispute or a report
        const std::filesystem::path game(v.session.Path());
        m_shell.screenshot_request =
            (game.parent_path() / fmt::format("{}.entry-{}-{}.png", game.stem().string(), v.ledger.Size() - 1, ++m_shell.screenshots)).string();
    }
    if (io.KeyCtrl && (BbrKeyPressed(GLFW_KEY_EQUAL) || BbrKeyPressed(GLFW_KEY_KP_ADD))) {
        // Only the sizes at which a busy moment still fits whole (layout_model.h LargestTextSize).
        const float largest = view::LargestTextSize(io.DisplaySize.x, io.DisplaySize.y);
        m_shell.font_request = std::max(m_shell.fonts.size, std::min(largest, m_shell.fonts.size + 2.0f));
        if (m_shell.fonts.size + 2.0f > largest)
            m_ui.status = fmt::format("Text size {:.0f} px is the largest that keeps the turn whole in this window", largest);
    }
    if (io.KeyCtrl && (BbrKeyPressed(GLFW_KEY_MINUS) || BbrKeyPressed(GLFW_KEY_KP_SUBTRACT)))
        m_shell.font_request = std::max(10.0f, m_shell.fonts.size - 2.0f);
    if (io.KeyCtrl && BbrKeyPressed(GLFW_KEY_0)) m_shell.font_request = 18.0f;
    // The save box or a rule's window (its Esc closes it) has the keys.
    if (LearnHasKeys(m_learn) || !m_ui.rule.open.empty()) return;
    if (QuestionOpen()) {
        // Esc on an empty line says no (question.h rule 1); on a line being typed it only empties it.
        if (BbrKeyPressed(GLFW_KEY_ESCAPE)) {
            if (m_ui.entry.buffer[0] == '\0') out.Push(AnswerQuestion{false});
            else m_clear_entry = true;
        }
        return;
    }
    if (BbrKeyPressed(GLFW_KEY_ESCAPE)) {  // Esc empties the line; again (or in time travel) back to now
        if (v.viewing) out.View(std::nullopt);
        m_clear_entry = true;
    }
    // Time travel by keys: PgUp one entry back, PgDn one forward (to now at the last).
    const int last = v.ledger.Size() - 1;
    if (BbrKeyPressed(GLFW_KEY_PAGE_UP) && last > 0) out.View(std::max(0, v.viewing.value_or(last) - 1));
    if (BbrKeyPressed(GLFW_KEY_PAGE_DOWN) && v.viewing)
        out.View(*v.viewing + 1 >= last ? std::nullopt : std::optional<int>(*v.viewing + 1));
    // The lower row's tabs: F2 to F8, in the order drawn (their labels say so).
    for (size_t i = 0; i < kLowerTabs.size(); ++i)
        if (BbrKeyPressed(GLFW_KEY_F2 + static_cast<int>(i))) m_ui.front_request = kLowerTabs[i];
    // The Count tab's choice by keyboard (X-1; its buttons say so): Alt+0 the whole table, Alt+1 to
    // Alt+8 one player, in turn order. The tab comes to the front.
    if (io.KeyAlt && !io.KeyCtrl) {
        const int players = static_cast<int>(v.state.players.size());
        for (int i = 0; i <= std::min(players, 8); ++i) {
            if (!BbrKeyPressed(GLFW_KEY_0 + i)) continue;
            m_ui.count.whole_table = i == 0;
            m_ui.count.player = i == 0 ? -1 : i - 1;
            m_ui.front_request = "count";
        }
    }
    // Closed after the frame: this frame's panels still read the session.
    if (io.KeyCtrl && BbrKeyPressed(GLFW_KEY_W)) m_shell.close_request = true;
    if (io.KeyCtrl && BbrKeyPressed(GLFW_KEY_Z)) out.Push(AskUndo{io.KeyShift});
    if (io.KeyCtrl && BbrKeyPressed(GLFW_KEY_Y)) out.Push(AskUndo{true});
}

void BbrScreen::DrawDashboard(const AppView& v, Outbox& out) {
    DrawTopBar(v, out);
    DrawLayout(v, m_ui, out);  // layout.cpp: where layout_model.h puts the panels
}

void BbrScreen::DrawTopBar(const AppView& v, Outbox& out) {
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
    KeyHints({"Esc clear", "Ctrl+Z undo", "F1 rule", "PgUp/PgDn time travel", "Ctrl+Q quit", "Ctrl+W close", "F11 players' window",
              "F12 screenshot", "Ctrl +/- text"});
    if (!m_shell.fonts.dejavu) ImGui::TextColored(Theme::Warn(), "DejaVu Sans not found (install fonts-dejavu-core): using ImGui's default font");
}

void BbrScreen::DrawConfirm(const AppView& v, Outbox& out) {
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
void BbrScreen::DrawMoved(const AppView& v, Outbox& out) {
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
void BbrScreen::DrawBoardLearning(Outbox& out) {
    const GameState& live = m_session->GetLedger().State();
    if (std::optional<bool> clicked = DrawLandingCheck(m_learn, m_shell.fonts, m_ui.waiting)) out.Push(AnswerQuestion{*clicked});
    if (!m_session->Viewing() && !m_session->ReadOnly()) DrawSaveBoard(m_learn, live, &m_ui.status);
}

// [SECTION] Questions and the lines waiting behind them (question.h), another program's appends

bool BbrScreen::QuestionOpen() const { return m_learn.landing.has_value() || m_ui.confirm.has_value() || m_ui.moved_line.has_value(); }

void BbrScreen::DescribeQuestion() {
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

void BbrScreen::SubmitTyped(const std::string& text, bool from_field) {
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

void BbrScreen::AtQuestion(const std::string& text) {
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

void BbrScreen::Answer(bool yes, const std::optional<view::SpaceReading>& reading) {
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

void BbrScreen::DrainWaiting() {
    // In order, as if typed now; one that opens a question stops it, the rest wait behind that one.
    while (!QuestionOpen() && !m_waiting.Empty()) SubmitTyped(m_waiting.Take(), false);
}

void BbrScreen::FollowFile() {
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

void BbrScreen::ApplyOutbox(Outbox& out) {
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
                } else if constexpr (std::is_same_v<T, dash::ViewAt>) {
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
                    if (st->preview) NameCounts(*st, l, m_session->Viewing().value_or(l.Size() - 1));
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
                    m_shell.share_request = a;  // App::Share, after the frame (game_screen.h invariant 3)
                } else if constexpr (std::is_same_v<T, AnswerQuestion>) {
                    if (QuestionOpen()) Answer(a.yes);
                }
            },
            action);
    }
    out.actions.clear();
}

} // namespace rutland::bbr::dash
