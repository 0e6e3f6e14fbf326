// A multiset of cards: how many copies of each card id a place holds.
//
// For games played with several decks (Indian Chief: two decks for 4 to 8 players), where
// identical cards are all in play at once and a hand may hold two 7♥ (five of a kind must be
// possible). The copies of a card are interchangeable, so a count per id is the whole truth; card
// text names each copy the same ("7H 7H"). 64 one-byte counts: a plain copyable value, no heap.
// Games with one deck use CardSet (core/cards.h); games whose cards belong to seats (Nuts) keep
// their owner beside the card.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/assert.h"
#include "core/cards.h"

namespace cardroom {

class CardMultiset {
 public:
  constexpr CardMultiset() = default;
  // One copy of each card of `set`, `copies` times.
  static CardMultiset of(CardSet set, int copies = 1);
  static CardMultiset of(const std::vector<Card>& cards);

  int count(Card c) const { return c < 64 ? counts_[c] : 0; }
  bool contains(Card c) const { return count(c) > 0; }
  int size() const;
  bool empty() const { return size() == 0; }
  // The ids held at least once.
  CardSet kinds() const;
  void add(Card c, int copies = 1) {
    CARDROOM_ASSERT(c < 64 && counts_[c] + copies <= 255, "card multiset count out of range");
    counts_[c] = static_cast<std::uint8_t>(counts_[c] + copies);
  }
  // Removes copies of `c`; false (and no change) if there are fewer.
  bool remove(Card c, int copies = 1);
  bool contains_all(const CardMultiset& other) const;
  CardMultiset& operator+=(const CardMultiset& other);
  // Removes every card of `other`; it must be contained.
  CardMultiset& operator-=(const CardMultiset& other);
  CardMultiset operator+(const CardMultiset& o) const { return CardMultiset(*this) += o; }
  CardMultiset operator-(const CardMultiset& o) const { return CardMultiset(*this) -= o; }
  bool operator==(const CardMultiset&) const = default;
  // The copy at index i (0-based) of to_vector(), without building it: a uniform draw is
  // nth(rng.below(size())). i must be below size().
  Card nth(int i) const;
  // Every copy, in card-id order ("7H 7H 8H").
  std::vector<Card> to_vector() const;

 private:
  std::array<std::uint8_t, 64> counts_{};
};

}  // namespace cardroom
