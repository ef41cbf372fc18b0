// The keyboard's focus over every item of the start screen (its fields, combos, check boxes,
// buttons and games), with a frame drawn around the focused one. ImGui 1.86's own Tab reaches only
// text fields and shows nothing on the others, so a broker at the keyboard could not pick a broker
// or a variant. Here every item is a stop, in drawing order: Tab and Shift+Tab move over them,
// Space presses a button or a check box, Space and the arrows step a combo through its choices,
// and a click on an item moves the focus there. The pure part is view::NextStop (start_view.h).
#pragma once

namespace rutland::dash {

struct KeyFocus {
    int at = 0;          // the focused stop
    int count = 0;       // the stops drawn in the last frame
    bool moved = true;   // the focus moved by key: a text stop takes the keyboard on this frame
    bool on_text = true; // the focused stop is a text field (what is typed waits for it)
    // This frame, while drawing.
    int next = 0;        // the stop being drawn
    int step = 0;        // a combo's step asked by a key (+1, -1), for the focused stop
    bool press = false;  // Space on the focused stop (a button, a check box)
};

// Call once before the screen's first item: reads Tab, Shift+Tab, Space and the arrows.
void BeginKeyFocus(KeyFocus& f);
// Call right before a text field: gives it the keyboard when the focus has just moved to it.
void TextStop(KeyFocus& f);
// Call right after any item (`text`: it was a text field): a click or activation moves the focus
// here; the focused item gets its frame. True when this item is the focused stop.
bool EndStop(KeyFocus& f, bool text);
// Call after the screen's last item.
void EndKeyFocus(KeyFocus& f);

} // namespace rutland::dash
