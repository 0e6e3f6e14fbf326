// The event log of `cardroom play`: each typed event a seat (or a spectator) may see, as a line.
//
// Text comes from render_event with the terminal's EventStyle (seats, cards and suits coloured,
// the person's own seat highlighted); the log decides how a line looks from the event's kind and
// fields alone, never from its wording: a round start is a heading, tricks, the anti-trump and the
// end of the match stand out.
#pragma once

#include <string>
#include <string_view>

#include "cli/terminal.h"
#include "core/event.h"

namespace cardroom::cli {

// render_event's hooks for a terminal.
class TerminalEventStyle final : public EventStyle {
 public:
  explicit TerminalEventStyle(const Viewer& viewer) : viewer_(viewer) {}
  std::string seat(Seat s) const override;
  std::string card(Card c, CardNames names) const override;
  std::string suit(int s) const override;

 private:
  const Viewer& viewer_;
};

// A heading across the screen: "━━ Round 2 of 10: S1 deals ━━━━━…".
void print_rule(std::string_view title, const TerminalStyle& style);

class EventLog {
 public:
  // `indent`: lines are indented under the headings (on a terminal, or with unicode output).
  EventLog(const Viewer& viewer, bool indent) : viewer_(viewer), style_(viewer), indent_(indent) {}
  // The event as its log line (without indent), or, for a round start, its heading's title.
  std::string text(const Event& e) const;
  void print(const Event& e) const;

 private:
  const Viewer& viewer_;
  TerminalEventStyle style_;
  bool indent_;
};

}  // namespace cardroom::cli
