// Moves as data: a legal move as interfaces show it and let people choose it, beside its text and
// code. Every client gets the same fields (the view's "moves", the card room's "legal", the bot
// protocol, `cardroom play`'s menu, Python), and every label comes from here, so the terminal and
// the page word a move alike.
//
//   verb    the move's first word: "play", "bid", "pass", "move", "discard", "swap", ...
//   cards   the cards it names, in order (card codes as in move text)
//   number  its number where it has one: a bid's tricks or level, a packet, a guess of a number
//   strain  contract bids ("bid 1C", "bid 0NT", Red Rover's "bid 2H"): the suit letter or "NT"
//   label   for people, with suit symbols: "bid 1♣", "play Q♦", "move 7♦ to T2"
//
// The data is read from the move's text, which every game writes in one notation (a verb, then
// its cards, numbers, suits and names): a word that is one of the game's cards is a card (with
// the game's own codes for extra cards), a whole number is the number, a level and a strain after
// `bid` is a contract, a suit letter after the verb is a suit. A game whose wording wants more
// gives its State `std::string move_label(Move) const` (Truc: "play Q♦ and call truc").
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/cards.h"
#include "core/game.h"

namespace cardroom {

struct MoveData {
  std::string verb;
  std::vector<Card> cards;
  std::optional<int> number;
  std::string strain;  // "C", "D", "H", "S", "NT", or empty
  std::string label;
};

// The data of the move whose text is `text` in a game with extra cards `names`.
MoveData describe_move(std::string_view text, CardNames names = {});

// {"text", "code" (a decimal string, as the card room sends codes), "verb", "cards", "number"
// (absent when none), "strain" (absent when none), "label"}.
nlohmann::json move_json(Move move, std::string_view text, const MoveData& data,
                         CardNames names = {});

}  // namespace cardroom
