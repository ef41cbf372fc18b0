// Big Board Raiders' dashboard code (its screen, dashboard/, and its panels, panels/) is the game's
// own, in namespace rutland::bbr::dash, written on the kit's widgets (rutland::dash, kit/ui/) and the
// kit's view models (rutland::view, kit/view/). These using-directives let it name both as it names
// its own types: a widget unqualified, a view model as view::X, the game's own (rutland::bbr) and
// the kit's alike. Included by the game's dashboard/ and panels/ only, after the headers they name.
#pragma once

namespace rutland::bbr::dash {}
namespace rutland::view {}

namespace rutland::bbr::dash {
using namespace ::rutland::dash;
}

namespace rutland::bbr::view {
using namespace ::rutland::bbr;
using namespace ::rutland::view;
}
