// Checking an explicit deal (XGame::validate_deal) with the same words in every game. Each step
// returns "" when it passes, else the error; a game runs the steps its deals need, in order:
//
//   DealCheck check(deal, kDeck, "not in the Reds deck");
//   if (auto why = check.seats(players); !why.empty()) return why;
//   if (auto why = check.hand_sizes(5); !why.empty()) return why;
//   return check.cards();
#pragma once

#include <string>

#include "core/card_multiset.h"
#include "core/game.h"

namespace cardroom {

class DealCheck {
 public:
  // `deck`: the cards the game plays with; `outside`: how a card not in it is described ("not in
  // the Reds deck" gives "pack: AH is not in the Reds deck").
  DealCheck(const Deal& deal, CardSet deck, std::string outside, CardNames names = {})
      : deal_(deal), deck_(deck), outside_(std::move(outside)), names_(names) {}

  // One hand per seat: "needs 4 hands, one per seat (got 3)".
  std::string seats(int n) const;
  // Every hand has exactly `size` cards: "hand of S1 has 4 cards (needs 5)".
  std::string hand_sizes(int size) const;
  // Hand 0 has `lo` to `hi` cards: "hands must have 4 to 8 cards (hand of S0 has 3)".
  std::string first_hand_between(int lo, int hi) const;
  // Every hand has as many cards as hand 0:
  // "hand of S3 has 3 cards (S0 has 4; all hands are the same size)".
  std::string same_sizes() const;
  // Every card of the hands, then the pack, then the piles is in the deck and none comes twice:
  // "hand of S1: AS appears twice", "pack: 2H is not in the Reds deck".
  std::string cards() const;
  // Every hand has at most `size` cards: "hand of S1 has 9 cards (at most 8)".
  std::string hand_sizes_at_most(int size) const;
  // For games with several decks: every card of the hands, the pack and the piles is in `decks`
  // and none comes more often than `decks` holds it: "hand of S1: AS appears 3 times (the decks
  // hold 2)". With one copy of each card of the deck this is cards().
  std::string cards(const CardMultiset& decks) const;

 private:
  const Deal& deal_;
  CardSet deck_;
  std::string outside_;
  CardNames names_;
};

}  // namespace cardroom
