#include "core/card_multiset.h"

#include <algorithm>
#include <cstring>

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

namespace {
// The counts eight at a time (one byte each), for word-wide size() and kinds().
std::uint64_t word_at(const std::array<std::uint8_t, 64>& counts, int w) {
  std::uint64_t out;
  std::memcpy(&out, counts.data() + 8 * w, 8);
  return out;
}
constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
// The sum of the eight bytes: pairs of bytes into 16-bit lanes, the four lanes added by one
// multiplication.
int byte_sum(std::uint64_t x) {
  const std::uint64_t pairs = (x & 0x00FF00FF00FF00FFull) + ((x >> 8) & 0x00FF00FF00FF00FFull);
  return static_cast<int>((pairs * 0x0001000100010001ull) >> 48);
}
}  // namespace

int CardMultiset::size() const {
  int n = 0;
  for (int w = 0; w < 8; ++w) n += byte_sum(word_at(counts_, w));
  return n;
}

CardSet CardMultiset::kinds() const {
  std::uint64_t bits = 0;
  for (int w = 0; w < 8; ++w) {
    const std::uint64_t x = word_at(counts_, w);
    // The top bit of each byte that is not zero, then those eight bits gathered into one byte.
    const std::uint64_t nonzero = (((x & kLow7) + kLow7) | x) & ~kLow7;
    bits |= ((nonzero >> 7) * 0x0102040810204080ull >> 56) << (8 * w);
  }
  return CardSet(bits);
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

Card CardMultiset::nth(int i) const {
  for (int w = 0; w < 8; ++w) {
    const int in_word = byte_sum(word_at(counts_, w));
    if (i >= in_word) {  // skip eight card ids at once
      i -= in_word;
      continue;
    }
    for (int c = 8 * w;; ++c) {
      if (i < counts_[c]) return static_cast<Card>(c);
      i -= counts_[c];
    }
  }
  CARDROOM_ASSERT(false, "CardMultiset::nth past the end");
  return kNoCard;
}

std::vector<Card> CardMultiset::to_vector() const {
  std::vector<Card> out;
  for (int c = 0; c < 64; ++c)
    for (int k = 0; k < counts_[c]; ++k) out.push_back(static_cast<Card>(c));
  return out;
}

}  // namespace cardroom
