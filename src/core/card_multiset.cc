#include "core/card_multiset.h"

#include <algorithm>

namespace cardroom {

CardMultiset CardMultiset::of(CardSet set, int copies) {
  CardMultiset m;
  for (Card c : set) m.add(c, copies);
  return m;
}

CardMultiset CardMultiset::of(const std::vector<Card>& cards) {
  CardMultiset m;
  for (Card c : cards) m.add(c);
  return m;
}

int CardMultiset::size() const {
  int n = 0;
  for (std::uint8_t c : counts_) n += c;
  return n;
}

CardSet CardMultiset::kinds() const {
  CardSet out;
  for (int c = 0; c < 64; ++c)
    if (counts_[c]) out.add(static_cast<Card>(c));
  return out;
}

bool CardMultiset::remove(Card c, int copies) {
  if (count(c) < copies) return false;
  counts_[c] = static_cast<std::uint8_t>(counts_[c] - copies);
  return true;
}

bool CardMultiset::contains_all(const CardMultiset& other) const {
  for (int c = 0; c < 64; ++c)
    if (other.counts_[c] > counts_[c]) return false;
  return true;
}

CardMultiset& CardMultiset::operator+=(const CardMultiset& other) {
  for (int c = 0; c < 64; ++c) add(static_cast<Card>(c), other.counts_[c]);
  return *this;
}

CardMultiset& CardMultiset::operator-=(const CardMultiset& other) {
  CARDROOM_ASSERT(contains_all(other), "removing cards a multiset does not hold");
  for (int c = 0; c < 64; ++c)
    counts_[c] = static_cast<std::uint8_t>(counts_[c] - std::min(counts_[c], other.counts_[c]));
  return *this;
}

std::vector<Card> CardMultiset::to_vector() const {
  std::vector<Card> out;
  for (int c = 0; c < 64; ++c)
    for (int k = 0; k < counts_[c]; ++k) out.push_back(static_cast<Card>(c));
  return out;
}

}  // namespace cardroom
