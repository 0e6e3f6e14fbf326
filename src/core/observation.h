// Observations for learning: a fixed-size vector of floats per game, built from `view(seat)` alone.
//
// Each game lists the fields of its view that make its observation (Game::observation_fields,
// declared by CARDROOM_GAME_CONTRACT) and how each is encoded; ObservationLayout places them one
// after another. Because the numbers are read from the seat's view and nothing else, an observation
// can never hold what the seat may not know (DESIGN.md section 4), whatever a layout says.
//
// A field names a place in the view by a JSON pointer whose steps may be one of these instead of a
// key or an index, each a block of the field:
//   {seat}   an array with one entry per seat: one block per seat, the observer's first, then the
//            seats after it in turn order (so a seat is always "me", "next", ... in any match)
//   {team}   an array with one entry per team: one block per team, the observer's team first
//   {N}      an array of at most N entries (a number): one block each, in order
//   {all}    an array of any length: its entries added into one block
// and the value found there is encoded as:
//   cards    a card text, a list of card texts, or null: one number per card id, the copies of
//            that card given (1 for a card in a one-deck game)
//   trick    {"cards": [...], "seats": [...]} (or null): per seat from the observer, one number
//            per card id, 1 where that seat played that card
//   number   a number, true/false or null: value / scale (true 1, false and null 0); a number
//            "with presence" adds a second number, 1 where a value is given (a bid of 0 is then
//            told from no bid yet)
//   seat     a seat, a list of seats or null: one number per seat from the observer, 1 for each
//            seat given
//   choice   a string, a list of strings or null: one number per listed choice, 1 for each given
//            ("" is none)
// A place missing from the view (a key absent, an array shorter than its block count) reads as
// null: all zeros. A value of the wrong kind is an error, as is an array longer than {N} or than
// the seats or teams: a bug in the layout, which the conformance suite looks for.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "core/cards.h"
#include "core/seats.h"

namespace cardroom {

enum class ObservationEncoding { kCards, kTrick, kNumber, kSeat, kChoice };

struct ObservationField {
  std::string path;  // "/hand", "/hand_sizes/{seat}", "/layouts/{seat}/tableau/{4}"
  ObservationEncoding encoding = ObservationEncoding::kNumber;
  double scale = 1;                  // number: the value is divided by it
  bool presence = false;             // number: a second number, 1 where a value is given
  std::vector<std::string> choices;  // choice: the strings, in order
  std::string doc;                   // one line for the layout's documentation
};

// The fields' constructors, for terse layouts.
namespace obs {
ObservationField cards(std::string path, std::string doc);
ObservationField trick(std::string path, std::string doc);
ObservationField number(std::string path, double scale, std::string doc);
ObservationField number_or_none(std::string path, double scale, std::string doc);
ObservationField seat(std::string path, std::string doc);
ObservationField choice(std::string path, std::vector<std::string> choices, std::string doc);
// The four suit letters, S H D C, for a trump or a suit that is named.
std::vector<std::string> suits();
// The ranks as the views write them: A 2 3 4 5 6 7 8 9 T J Q K.
std::vector<std::string> ranks();
// The contract-bridge bids as views write them, "1♣" ... "7NT" (with "0NT" first when `zero`).
std::vector<std::string> bridge_bids(bool zero);

// The fields of the view's common keys (core/game.h): phase (one of `phases`), round, dealer,
// to_act, hand, hand_sizes and scores, numbers divided by the scales given.
std::vector<ObservationField> common(std::vector<std::string> phases, double round_scale,
                                     double hand_scale, double score_scale);
// The keys every trick game adds: trump (where the game has trumps), the trick in progress and its
// leader, this round's completed tricks, tricks_won.
std::vector<ObservationField> trick_play(double tricks_scale, bool trumps = true);
// Appends `more` to `fields`.
void append(std::vector<ObservationField>& fields, std::vector<ObservationField> more);
}  // namespace obs

class ObservationLayout {
 public:
  // One segment of the observation: a field and where it lies.
  struct Segment {
    ObservationField field;
    int offset = 0, size = 0;
    std::string shape;  // "seats 4 × cards 54"
  };

  ObservationLayout() = default;
  // Aborts with the field's path on a malformed path (a layout is code, not input).
  ObservationLayout(std::vector<ObservationField> fields, int seats, const Teams& teams,
                    CardNames extra_cards);

  int size() const { return size_; }
  int card_ids() const { return card_ids_; }
  const std::vector<Segment>& segments() const { return segments_; }

  // Writes the observation of `observer` (a seat of the game) from its view into `out` (size()
  // numbers). False with `error` naming the field when the view does not fit the layout.
  bool encode(const nlohmann::json& view, Seat observer, std::span<float> out,
              std::string* error) const;
  // The layout as a Markdown table (docs/observations.md).
  std::string markdown() const;

 private:
  struct Step {
    enum Kind { kKey, kIndex, kSeats, kTeams, kFixed, kAll } kind = kKey;
    std::string key;
    int count = 0;  // kIndex: the index; kFixed: the most entries
  };
  struct Compiled {
    std::vector<Step> steps;
    int item_size = 0;  // numbers per block
  };
  bool encode_at(const Compiled& c, std::size_t step, const nlohmann::json* value, Seat observer,
                 float* out, const ObservationField& field, std::string* error) const;
  bool encode_value(const ObservationField& field, const nlohmann::json& value, Seat observer,
                    float* out, std::string* error) const;
  int relative_seat(int seat, Seat observer) const;

  std::vector<Segment> segments_;
  std::vector<Compiled> compiled_;
  int size_ = 0;
  int seats_ = 0;
  Teams teams_;
  int card_ids_ = 52;
  std::vector<ExtraCard> extras_;
};

}  // namespace cardroom
