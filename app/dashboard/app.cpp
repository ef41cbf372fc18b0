#include "app.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <GLFW/glfw3.h>
#include <fmt/format.h>
#include <imgui.h>

#include "panels.h"
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

App::App(view::Settings settings, std::string config_dir, std::function<std::string()> now, std::string id_prefix)
    : m_settings(std::move(settings)), m_config_dir(std::move(config_dir)), m_now(std::move(now)), m_id_prefix(std::move(id_prefix)) {
    std::snprintf(m_start.cash.data(), m_start.cash.size(), "100000");
}

bool App::OpenGame(const std::string& path, std::string* error) {
    auto session = view::Session::Open(path, m_id_prefix, error);
    if (!session) return false;
    m_session = std::move(session);
    m_ui = UiState{};
    m_settings.Opened(path);
    m_settings.Save(m_config_dir);
    if (m_session->ReadOnly()) {
        m_ui.status = "Read-only: " + m_session->ReadOnlyWhy();
    } else {
        m_ui.status = fmt::format("Opened {}: {} entries, verified clean", path, m_session->GetLedger().Size());
    }
    return true;
}

bool App::CreateGame(const std::string& path, const GameHeader& header, std::string* error) {
    const std::string who = header.broker ? *header.broker : "broker";
    auto session = view::Session::Create(path, header, m_now(), who, m_id_prefix, error);
    if (!session) return false;
    m_session = std::move(session);
    m_ui = UiState{};
    m_settings.Opened(path);
    m_settings.Save(m_config_dir);
    m_ui.status = "New game in " + path;
    return true;
}

view::SubmitOutcome App::SubmitFromEntry(const std::string& text) {
    EntryUi& e = m_ui.entry;
    // Enter submits what the preview parsed for this very text (entry_model.h SubmitEntry); a
    // script line (`--script`) has no preview and is parsed once.
    const view::Preview* preview = e.preview.typed == text ? &e.preview : nullptr;
    view::SubmitOutcome r = view::SubmitEntry(*m_session, text, preview, m_now(), m_session->DefaultWho());
    if (r.accepted) {
        e.history.Add(std::string(text));
        e.buffer.fill('\0');
        e.rejection.clear();
        e.rejected_text.clear();
        AfterAccepted(r);
    } else if (r.status != SubmitStatus::Blank) {
        CopyTo(e.buffer, text);  // a rejection keeps the text for editing
        e.refused = r.status == SubmitStatus::Refused;
        e.rejection = e.refused ? r.refusal : r.rejection.message;
        e.rejection_rule = r.rejection.rule;
        e.rejected_text = text;
        ShowNotAccepted(r);
        m_ui.status_rejected = text;  // the status says it only while the line still reads so
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

void App::Type(const std::string& text) { CopyTo(m_ui.entry.buffer, text); }

std::optional<float> App::TakeFontRequest() {
    std::optional<float> r = m_font_request;
    m_font_request.reset();
    return r;
}

std::optional<std::string> App::TakeScreenshotRequest() {
    std::optional<std::string> r = m_screenshot_request;
    m_screenshot_request.reset();
    return r;
}

// [SECTION] The frame: keys, layout, the confirm box, the outbox

void App::Frame(const std::string& panel) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->Pos);
    ImGui::SetNextWindowSize(viewport->Size);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("Rutland", nullptr, flags);
    if (!m_session) {
        DrawStart();
        ImGui::End();
        return;
    }
    const view::Session& s = *m_session;
    const AppView v{s, s.Shown(), s.GetLedger(), s.LegalCommands(), s.Viewing(), s.ReadOnly(), m_fonts, s.Version()};
    Outbox out;
    HandleKeys(v, out);
    if (const PanelInfo* p = panel.empty() ? nullptr : FindPanel(panel)) {
        if (p->name != "table") {
            PanelTitle(p->title);
        }
        p->draw(v, m_ui, out);
    } else if (m_ui.table_display) {
        DrawTableDisplay(v, m_ui, out);
    } else {
        DrawDashboard(v, out);
    }
    DrawConfirm(v, out);
    ImGui::End();
    Apply(out);
}

void App::HandleKeys(const AppView& v, Outbox& out) {
    const ImGuiIO& io = ImGui::GetIO();
    if (KeyPressed(GLFW_KEY_F11)) m_ui.table_display = !m_ui.table_display;
    if (KeyPressed(GLFW_KEY_F12)) {  // a picture of the screen beside the game file, for a dispute or a report
        const std::filesystem::path game(v.session.Path());
        m_screenshot_request =
            (game.parent_path() / fmt::format("{}.entry-{}-{}.png", game.stem().string(), v.ledger.Size() - 1, ++m_screenshots)).string();
    }
    if (io.KeyCtrl && (KeyPressed(GLFW_KEY_EQUAL) || KeyPressed(GLFW_KEY_KP_ADD))) {
        // Only the sizes at which a busy moment still fits whole (layout_model.h LargestTextSize).
        const float largest = view::LargestTextSize(io.DisplaySize.x, io.DisplaySize.y);
        m_font_request = std::max(m_fonts.size, std::min(largest, m_fonts.size + 2.0f));
        if (m_fonts.size + 2.0f > largest)
            m_ui.status = fmt::format("Text size {:.0f} px is the largest that keeps the turn whole in this window", largest);
    }
    if (io.KeyCtrl && (KeyPressed(GLFW_KEY_MINUS) || KeyPressed(GLFW_KEY_KP_SUBTRACT)))
        m_font_request = std::max(10.0f, m_fonts.size - 2.0f);
    if (io.KeyCtrl && KeyPressed(GLFW_KEY_0)) m_font_request = 18.0f;
    if (m_ui.confirm) return;  // the confirm box has the keys
    if (KeyPressed(GLFW_KEY_ESCAPE) && v.viewing) out.View(std::nullopt);
    if (io.KeyCtrl && KeyPressed(GLFW_KEY_Z)) out.Push(AskUndo{io.KeyShift});
    if (io.KeyCtrl && KeyPressed(GLFW_KEY_Y)) out.Push(AskUndo{true});
}

void App::DrawDashboard(const AppView& v, Outbox& out) {
    DrawTopBar(v, out);
    DrawLayout(v, m_ui, out);  // layout.cpp: where layout_model.h puts the panels
}

void App::DrawTopBar(const AppView& v, Outbox& out) {
    const GameState& s = v.state;
    ImGui::PushFont(m_fonts.large);
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
    // The key hints at the right, when the line has room for them.
    const char* keys = "F11 table display  F12 screenshot  Ctrl +/- text size";
    ImGui::SameLine();
    const float hint_x = ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(keys).x;
    if (ImGui::GetCursorPosX() + ImGui::GetStyle().ItemSpacing.x < hint_x) {
        ImGui::SetCursorPosX(hint_x);
        ImGui::TextDisabled("%s", keys);
    } else {
        ImGui::NewLine();
    }
    if (!m_fonts.dejavu) ImGui::TextColored(Theme::Warn(), "DejaVu Sans not found (install fonts-dejavu-core): using ImGui's default font");
}

void App::DrawConfirm(const AppView& v, Outbox& out) {
    if (!m_ui.confirm) return;
    const bool redo = *m_ui.confirm;
    const Ledger& l = v.ledger;
    const int target = redo ? l.NextRedo() : l.NextUndo();
    ImGui::OpenPopup("Confirm");
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal("Confirm", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
        if (target < 0) {
            ImGui::Text("Nothing to %s.", redo ? "redo" : "undo");
        } else {
            const Entry& e = l.At(target);
            ImGui::PushFont(m_fonts.large);
            // The modal sizes itself to this line: a long note is cut (display_text.h).
            ImGui::Text("%s entry %d: %s ?", redo ? "Redo" : "Undo", target, view::CutForDisplay(e.line, view::kOneLineChars).c_str());
            ImGui::PopFont();
            TextWrappedWords(view::SummarizeEffects(e.effects, RenderContext::Of(l.State()), 12));
            // Amber: what it takes back or puts back that the table should stop and think about;
            // for undo, who gives back what (issue 16 points 3 and 4). Computed once per confirm.
            if (m_ui.confirm_preview_for != fmt::format("{}:{}:{}", redo, target, v.version)) {
                m_ui.confirm_preview = view::ConfirmPreview(redo, l.State(), l);
                m_ui.confirm_preview_for = fmt::format("{}:{}:{}", redo, target, v.version);
            }
            DrawWarnings(m_ui.confirm_preview.warnings);
            DrawUndoSteps(m_ui.confirm_preview.steps);
            ImGui::TextDisabled("%s is recorded as a new entry; nothing is deleted.", redo ? "Redo" : "Undo");
        }
        const bool enter = KeyPressed(GLFW_KEY_ENTER) || KeyPressed(GLFW_KEY_KP_ENTER);
        if (target >= 0 && (ImGui::Button(redo ? "Redo (Enter)" : "Undo (Enter)") || enter)) {
            out.Submit(view::ConfirmCommand(redo));
            m_ui.confirm.reset();
            ImGui::CloseCurrentPopup();
        }
        ImGui::SameLine();
        if (ImGui::Button("Cancel (Esc)") || KeyPressed(GLFW_KEY_ESCAPE) || (target < 0 && enter)) {
            m_ui.confirm.reset();
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

void App::Apply(Outbox& out) {
    for (UiAction& action : out.actions) {
        std::visit(
            [&](auto& a) {
                using T = std::decay_t<decltype(a)>;
                if constexpr (std::is_same_v<T, SubmitLine>) {
                    if (a.from_entry_line) {
                        SubmitFromEntry(a.text);
                    } else {
                        view::SubmitOutcome r = m_session->Submit(std::string_view(a.text), m_now(), m_session->DefaultWho());
                        if (r.accepted) AfterAccepted(r);
                        else ShowNotAccepted(r);
                    }
                } else if constexpr (std::is_same_v<T, SubmitCommand>) {
                    view::SubmitOutcome r = m_session->Submit(a.command, m_now(), m_session->DefaultWho());
                    if (r.accepted) AfterAccepted(r);
                    else ShowNotAccepted(r);
                } else if constexpr (std::is_same_v<T, ViewAt>) {
                    m_session->ViewAt(a.seq);
                    m_ui.status = m_session->Viewing() ? fmt::format("Viewing the state after entry {} (read-only)", *m_session->Viewing())
                                                       : "Back to now";
                } else if constexpr (std::is_same_v<T, AskUndo>) {
                    if (!m_session->Viewing()) m_ui.confirm = a.redo;
                } else if constexpr (std::is_same_v<T, ExportYearEnd>) {
                    const Ledger& l = m_session->GetLedger();
                    std::optional<YearEndStatement> st =
                        a.preview ? std::optional<YearEndStatement>(PreviewStatement(m_session->Shown()))
                                  : LastYearEnd(l, m_session->Viewing().value_or(l.Size() - 1));
                    if (!st) {
                        m_ui.year_end.message = "No year has ended yet: nothing to export.";
                        return;
                    }
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
                }
            },
            action);
    }
    out.actions.clear();
}

// [SECTION] The start screen

void App::DrawStart() {
    ImGui::PushFont(m_fonts.huge);
    ImGui::TextUnformatted("Rutland");
    ImGui::PopFont();
    ImGui::TextDisabled("the broker's desk for Big Board Raiders");
    ImGui::Separator();
    ImGui::PushFont(m_fonts.large);
    ImGui::TextUnformatted("New game");
    ImGui::PopFont();
    ImGui::PushItemWidth(std::min(520.0f, ImGui::GetContentRegionAvail().x * 0.5f));
    ImGui::InputTextWithHint("Players, in turn order", "Ann, Bob, Cy, Dee", m_start.players.data(), m_start.players.size());
    ImGui::InputText("Starting cash ($)", m_start.cash.data(), m_start.cash.size(), ImGuiInputTextFlags_CharsDecimal);
    ImGui::InputTextWithHint("Broker", "who runs the bank (optional)", m_start.broker.data(), m_start.broker.size());
    ImGui::InputTextWithHint("SEC guy", "who enforces the rules (optional)", m_start.sec.data(), m_start.sec.size());
    ImGui::InputText("Time cards per year (D-4, blank for the default)", m_start.year_cards.data(), m_start.year_cards.size(),
                     ImGuiInputTextFlags_CharsDecimal);
    ImGui::PopItemWidth();
    ImGui::TextUnformatted("Variants (RULES.md section 14):");
    for (size_t i = 0; i < kVariantNames.size(); ++i) {
        ImGui::Checkbox(kVariantNames[i], &m_start.variants[i]);
        ImGui::SameLine();
        ImGui::TextDisabled("%s", kVariantHelp[i]);
    }
    if (ImGui::Button("Start the game")) {
        // The header is written in the table language and parsed by the core: one definition of
        // what a valid header is, and its rejection names the rule.
        std::string line = "game players=";
        std::string players(m_start.players.data());
        std::replace(players.begin(), players.end(), ' ', ',');
        std::string cleaned;  // "Ann, Bob,,Cy" -> "Ann,Bob,Cy"
        for (char c : players)
            if (!(c == ',' && (cleaned.empty() || cleaned.back() == ','))) cleaned += c;
        while (!cleaned.empty() && cleaned.back() == ',') cleaned.pop_back();
        line += cleaned;
        if (*m_start.cash.data()) line += std::string(" cash=") + m_start.cash.data();
        if (*m_start.broker.data()) line += std::string(" broker=") + m_start.broker.data();
        if (*m_start.sec.data()) line += std::string(" sec=") + m_start.sec.data();
        if (*m_start.year_cards.data()) line += std::string(" year-cards=") + m_start.year_cards.data();
        std::string variants;
        for (size_t i = 0; i < kVariantNames.size(); ++i)
            if (m_start.variants[i]) variants += (variants.empty() ? "" : ",") + std::string(kVariantNames[i]);
        if (!variants.empty()) line += " variants=" + variants;
        ParseResult parsed = ParseCommand(line);
        const GameHeader* header = parsed.command ? std::get_if<GameHeader>(&parsed.command->action) : nullptr;
        if (parsed.error) {
            m_start.error = parsed.error->ToString();
        } else if (!header) {
            m_start.error = "a game needs its players (G-1)";
        } else {
            const std::string path = view::NewGamePath(view::DataDir(), header->players, m_now().substr(0, 10));
            std::string error;
            if (!CreateGame(path, *header, &error)) m_start.error = error;
        }
    }
    ImGui::Separator();
    ImGui::PushFont(m_fonts.large);
    ImGui::TextUnformatted("Open a game");
    ImGui::PopFont();
    ImGui::SetNextItemWidth(std::min(520.0f, ImGui::GetContentRegionAvail().x * 0.5f));
    ImGui::InputTextWithHint("File", "/path/to/game.rutland", m_start.open_path.data(), m_start.open_path.size());
    ImGui::SameLine();
    if (ImGui::Button("Open")) {
        std::string error;
        if (!OpenGame(m_start.open_path.data(), &error)) m_start.error = error;
    }
    const std::string data_dir = view::DataDir();
    ImGui::TextDisabled("Games are kept in %s", data_dir.c_str());
    std::error_code ec;
    for (const auto& f : std::filesystem::directory_iterator(data_dir, ec)) {
        if (f.path().extension() != ".rutland") continue;
        if (ImGui::Selectable(f.path().filename().string().c_str())) {
            std::string error;
            if (!OpenGame(f.path().string(), &error)) m_start.error = error;
            return;
        }
    }
    ImGui::Separator();
    ImGui::PushFont(m_fonts.large);
    ImGui::TextUnformatted("Recent games");
    ImGui::PopFont();
    if (m_settings.recent.empty()) ImGui::TextDisabled("none yet");
    for (const std::string& path : m_settings.recent) {
        if (ImGui::Selectable(path.c_str())) {
            std::string error;
            if (!OpenGame(path, &error)) m_start.error = error;
            break;
        }
    }
    if (!m_start.error.empty()) ImGui::TextColored(Theme::Bad(), "%s", m_start.error.c_str());
}

} // namespace rutland::dash
