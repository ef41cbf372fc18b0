// Flutter's claims (flutter_tables.h DrawClaimsPanel): each player's capital (W-1) against the
// target, who may claim at this stoppage and the line the broker would type for him. The app never
// claims for a player (W-2): it shows the line; the player says it, the broker types it.
#include <algorithm>
#include <string>

#include "host/flutter_shown.h"
#include "lang/table_language.h"
#include "panels/flutter_table_start.h"
#include "panels/flutter_tables.h"
#include "report/table_view.h"

namespace rutland::flutter {

void DrawClaimsPanel(const dash::GamePanelView& v, dash::DeskOutbox& out) {
    (void)out;  // shows only (W-2)
    const std::optional<FlutterShown> read = ShownOrSay(v, false);
    if (!read) return;
    const GameState* state = read->state;
    const Claims c = ClaimsOf(*state);
    ImGui::PushTextWrapPos(0.0f);
    if (const std::optional<int> shown = v.game.ShownEntry()) ImGui::TextColored(v.warn, "As it was after entry %d", *shown);
    ImGui::Text("Target: %s (G-6). Claiming is the player's own act: the app never claims for him (W-2).",
                FormatPounds(c.target).c_str());
    if (c.over) {
        std::string names;
        for (int w : c.winners) names += (names.empty() ? "" : ", ") + state->players.at(static_cast<size_t>(w)).name;
        ImGui::TextColored(v.good, "%s: %s (W-4); more claims at this stoppage are still checked (W-5)",
                           c.winners.size() > 1 ? "A shared win" : "The winner", names.c_str());
    } else if (c.pending) {
        ImGui::TextColored(v.warn, "A card or a re-throw is due first: no claim now (N-1).");
    } else if (c.stoppage) {
        ImGui::TextColored(v.good, "A stoppage: claims are taken now, until the next trade or throw (W-2, RE-6).");
    } else {
        ImGui::TextDisabled("Not a stoppage: claims are taken only after a round's settlement, before the next trade or throw (W-2).");
    }
    ImGui::PopTextWrapPos();
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                  ImGuiTableFlags_NoSavedSettings;
    if (!ImGui::BeginTable("##flutter-claims", 4, flags)) return;
    ImGui::TableSetupColumn("Player");
    ImGui::TableSetupColumn("Capital");
    ImGui::TableSetupColumn("Against the target", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("Claim");
    ImGui::TableHeadersRow();
    for (const ClaimLine& p : c.players) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(state->players.at(static_cast<size_t>(p.seat)).name.c_str());
        ImGui::TableSetColumnIndex(1);
        ImGui::TextUnformatted(FormatPounds(p.capital).c_str());
        ImGui::TableSetColumnIndex(2);
        const float fraction = c.target.value > 0 ? std::clamp(static_cast<float>(p.capital.value) / static_cast<float>(c.target.value), 0.0f, 1.0f) : 1.0f;
        const std::string over = p.short_by > Pounds() ? FormatPounds(p.short_by) + " short" : "reached";
        ImGui::PushStyleColor(ImGuiCol_PlotHistogram, p.short_by > Pounds() ? v.muted : v.good);
        ImGui::ProgressBar(fraction, ImVec2(-1.0f, 0.0f), over.c_str());
        ImGui::PopStyleColor();
        ImGui::TableSetColumnIndex(3);
        if (p.claimed)
            ImGui::TextColored(v.good, "claimed (W-3)");
        else if (p.may_claim)
            ImGui::TextColored(v.good, "may claim: %s", p.line.c_str());
        else if (c.stoppage && !c.pending && p.short_by > Pounds())
            ImGui::TextDisabled("short (W-3)");
        else
            ImGui::TextDisabled("-");
    }
    ImGui::EndTable();
}

} // namespace rutland::flutter
