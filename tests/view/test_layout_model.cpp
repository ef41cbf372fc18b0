// Where the dashboard's space goes (issue 16 point 2), decided without a window: what is shown,
// what is folded into the lower row's tabs, and that the middle's content fits whole at the four
// window sizes and every text size offered.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "core/table_fixture.h"
#include "entry_model.h"
#include "instructions_view.h"
#include "layout_model.h"
#include "script_ledger.h"
#include "turn_view.h"

using namespace rutland;
using namespace rutland::view;

namespace {

struct Size {
    float w, h;
};
constexpr Size kSizes[] = {{1280, 720}, {1600, 900}, {1920, 1080}, {2560, 1440}};

LayoutInput Input(Size s, float font, MiddleContent content, int players = 4) {
    LayoutInput in;
    in.m = MetricsFor(font);
    in.width = s.w - 2 * in.m.padding;
    in.height = s.h - Chrome(in.m);
    in.content = std::move(content);
    // The players table: the tab bar, its header and two lines a player.
    in.lower_need = in.m.frame + in.m.line + static_cast<float>(players) * 2 * in.m.line + 2 * in.m.padding;
    return in;
}

} // namespace

TEST_CASE("layout: explore") {
    for (Size s : kSizes) {
        MESSAGE(s.w, "x", s.h, ": largest text ", LargestTextSize(s.w, s.h));
        for (float f = 10; f <= LargestTextSize(s.w, s.h); f += 2) {
            const DashboardLayout l = ComputeLayout(Input(s, f, BusyMoment()));
            MESSAGE("  ", f, ": arr ", int(l.arrangement), " mid ", l.middle, " top ", l.top, " entry ", l.entry, " turn ", l.turn,
                    " instr ", l.instructions, " lower ", l.lower, " fits ", l.fits);
        }
    }
}
