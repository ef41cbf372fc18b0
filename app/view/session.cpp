#include "session.h"

namespace rutland::view {

template class BasicSession<BigBoardRaiders, Store>;

} // namespace rutland::view
