// One edit session of one part of the document (a preset, an emitter, the events section): what
// is on disk, the undo history, what the level shows and what the widgets hold, and the one rule
// every edit meets on its way in. The preset, emitter and event sessions are this template; what
// differs between them (how a value is validated and put into the level) is passed in by
// logic/editing.cpp. GL-free and unit-tested in tests/viewer.
//
// The rule: the GPU, the fields and the undo history agree on the last valid value.
//  - A proposed value that validates is applied at once (the Viewport follows a drag live).
//  - One that does not is held only while its gesture lasts (the field shows it, marked, with
//    its diagnostic beside it; the level keeps the last valid value). When the gesture ends, the
//    held value is refused: the field goes back to the last valid value, which becomes the undo
//    point, and the refusal stays shown at the field until the next edit.
//  - Every undo point is a value that validated, and undo or redo validates it again before it
//    lands (an edit elsewhere can make an old value invalid: a preset grown back to a size that no
//    longer fits an emitter moved since), so neither ever lands on an invalid state.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"

namespace kiln::viewer {

// The parts of the document an edit session edits; Ctrl+Z, the panels' Undo buttons and the
// Edit commands name them.
enum class EditTarget { Preset, Emitter, Events };

// What became of a proposed value.
enum class EditOutcome {
  Unchanged,  // the value is the one the level already shows
  Applied,    // valid, and now in the level
  Held,       // invalid: shown at the field while the gesture lasts; the level keeps the last valid
  Refused,    // the gesture ended on an invalid value: taken back to the last valid one
};

template <class T>
struct EditSession {
  std::uint32_t index = UINT32_MAX;  // the preset or emitter edited (the events session: 0)
  T saved;      // as in the file on disk (what a save diffs against)
  T committed;  // the last undo point; always a value that validated
  T live;       // what the level (and the GPU) shows: committed, or the gesture's last valid value
  T working;    // what the widgets show: live, or an invalid value while its gesture is held
  // The problems of `working` while it is held; after a refused gesture, why it was refused.
  core::Diagnostics diagnostics;
  bool refused = false;  // `diagnostics` describe a gesture that ended invalid and was taken back
  struct Step {
    T value;
    std::uint64_t order = 0;   // when it was recorded, across every session (which one Ctrl+Z steps)
    std::uint64_t undone = 0;  // on the redo stack: when it was undone (Ctrl+Y redoes the latest)
  };
  std::vector<Step> undoStack, redoStack;

  bool active() const { return index != UINT32_MAX; }
  // A gesture is under way: the widgets hold a value that is not yet an undo point.
  bool pending() const { return !(working == committed); }
  // Edits not in the file: the last undo point, or a gesture in progress, differs from it.
  bool unsaved() const { return active() && (!(committed == saved) || !(working == saved)); }
  // Held invalid (a gesture in progress): what blocks a save. A refusal does not block one.
  bool invalid() const { return !diagnostics.empty() && !refused; }

  void start(std::uint32_t at, const T& value) {
    index = at;
    saved = committed = live = working = value;
    diagnostics.clear();
    refused = false;
    undoStack.clear();
    redoStack.clear();
  }
  void end() { *this = EditSession{}; }

  // Proposes `value` for the widgets. `validate(const T&)` returns its problems; `apply(const T&)`
  // puts a valid value into the level. `ends`: the gesture is over (the mouse was released, the
  // field left, a script's one-shot edit): the value becomes an undo point, or is refused.
  // `order` numbers undo points across sessions and is advanced for each one recorded.
  template <class Validate, class Apply>
  EditOutcome propose(const T& value, bool ends, std::uint64_t& order, Validate&& validate, Apply&& apply) {
    EditOutcome outcome = EditOutcome::Unchanged;
    working = value;
    if (working == live) {
      if (!refused) diagnostics.clear();  // back on a valid value; a refusal stays until the next edit
    } else {
      diagnostics = validate(working);
      refused = false;
      if (diagnostics.empty()) {
        live = working;
        apply(live);
        outcome = EditOutcome::Applied;
      } else {
        outcome = EditOutcome::Held;
      }
    }
    if (!ends) return outcome;
    if (invalid()) {
      working = live;
      refused = true;
      outcome = EditOutcome::Refused;
    }
    if (!(live == committed)) {
      undoStack.push_back({committed, ++order});
      redoStack.clear();
      committed = live;
    }
    return outcome;
  }

  // The value undo would land on (the last undo point itself while a gesture is pending), or null.
  const T* undoTarget() const { return pending() || !(live == committed) ? &committed : undoStack.empty() ? nullptr : &undoStack.back().value; }
  const T* redoTarget() const { return redoStack.empty() ? nullptr : &redoStack.back().value; }
  // When the step undo (or redo) would take was recorded (0: none); Ctrl+Z steps the session
  // with the latest.
  std::uint64_t undoOrder(std::uint64_t now) const {
    if (pending() || !(live == committed)) return now + 1;  // a gesture in progress is the newest edit
    return undoStack.empty() ? 0 : undoStack.back().order;
  }
  std::uint64_t redoOrder() const { return redoStack.empty() ? 0 : redoStack.back().undone; }

  // Steps back (or forward). The value stepped onto is validated first: when it no longer passes
  // (another edit since made it invalid) nothing moves and its problems are returned in `why`.
  // A gesture in progress is undone first (back to the last undo point, nothing popped). `order`
  // is propose's counter; an undo stamps its redo entry with it.
  template <class Validate, class Apply>
  bool step(bool redo, std::uint64_t& order, Validate&& validate, Apply&& apply, core::Diagnostics* why = nullptr) {
    const bool gesture = pending() || !(live == committed);
    if (redo ? redoStack.empty() : (!gesture && undoStack.empty())) return false;
    const T& target = redo ? redoStack.back().value : gesture ? committed : undoStack.back().value;
    core::Diagnostics problems = validate(target);
    if (!problems.empty()) {
      if (why) *why = std::move(problems);
      return false;
    }
    if (redo) {
      undoStack.push_back({committed, redoStack.back().order});
      committed = std::move(redoStack.back().value);
      redoStack.pop_back();
    } else if (!gesture) {
      redoStack.push_back({committed, undoStack.back().order, ++order});
      committed = std::move(undoStack.back().value);
      undoStack.pop_back();
    }
    working = committed;
    diagnostics.clear();
    refused = false;
    if (!(live == committed)) {
      live = committed;
      apply(live);
    }
    return true;
  }
};

}  // namespace kiln::viewer
