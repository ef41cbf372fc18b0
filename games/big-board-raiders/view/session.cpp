#include "view/session.h"

namespace rutland::view {

template class BasicSession<bbr::BigBoardRaiders, bbr::Store>;

} // namespace rutland::view
