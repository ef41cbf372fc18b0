// A value that copies share until one of them is changed (copy on write). The game state keeps
// what rarely changes (the header, the Time card list) this way: the ledger copies the state
// before every command (kernel/basic_ledger.h invariant 6), and copying these parts string by
// string was a sixth of a replay. A copy is one reference count; Mut()
// copies the value first when it is shared, so a change never shows through another copy.
// Not for values changed from two threads at once (no state is).
#pragma once

#include <memory>
#include <utility>

namespace rutland {

template <class T>
class SharedValue {
public:
    SharedValue() : m_value(std::make_shared<T>()) {}
    SharedValue(T value) : m_value(std::make_shared<T>(std::move(value))) {}  // NOLINT: a value converts

    const T& operator*() const { return *m_value; }
    const T* operator->() const { return m_value.get(); }
    // The value to change: this copy's own (copied first when another copy shares it).
    T& Mut() {
        if (m_value.use_count() > 1) m_value = std::make_shared<T>(*m_value);
        return *m_value;
    }
    bool operator==(const SharedValue& o) const { return m_value == o.m_value || *m_value == *o.m_value; }

private:
    std::shared_ptr<T> m_value;  // never null
};

} // namespace rutland
