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
    unsigned int at_id = 0;  // the focused stop's ImGui item, as last drawn (FocusedTextField)
    int asked_frame = -10;   // the frame TextStop last asked ImGui for the keyboard (FocusAsked)
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
// A text stop was given the keyboard in this frame or the last: ImGui hands it over a frame later,
// so asking again now would land after a Tab that moves on, and take the keyboard back to the field
// being left (the characters typed behind that Tab would fall into the wrong field).
bool FocusAsked(const KeyFocus& f);
// The text field that should have the keyboard now: the focused stop's item when it is a text
// field, else 0. A field other than this one still active (ImGui finishing an older focus request)
// does not take what is typed (main.cpp: input_queue.h rule 3 waits for the right one).
unsigned int FocusedTextField(const KeyFocus& f);

} // namespace rutland::dash
