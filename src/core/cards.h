// Cards and card sets.
//
// A card is a small integer. Standard cards are `suit * 13 + rank_index` (0..51) with suits in the
// order S H D C and rank_index 0 = deuce .. 12 = ace. Game-specific extra cards (jokers, colons)
// take ids 52..63 and are named by the game (see CardNames). Rank order, values and suit roles
// belong to each game.
//
// A CardSet is a 64-bit mask: bit `c` set means card `c` is in the set. Bits 0..12 are spades 2..A,
// 13..25 hearts, 26..38 diamonds, 39..51 clubs, 52..63 extra cards.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace cardroom {

using Card = std::uint8_t;
inline constexpr Card kNoCard = 255;
inline constexpr int kSuits = 4;
inline constexpr int kRanks = 13;

enum Suit : std::uint8_t { kSpades = 0, kHearts = 1, kDiamonds = 2, kClubs = 3, kNoSuit = 255 };

// Rank indices: kTwo = 0 .. kAce = 12.
enum Rank : std::uint8_t {
  kTwo = 0,
  kThree,
  kFour,
  kFive,
  kSix,
  kSeven,
  kEight,
  kNine,
  kTen,
  kJack,
  kQueen,
  kKing,
  kAce
};

constexpr Card make_card(int suit, int rank) { return static_cast<Card>(suit * kRanks + rank); }
// Only for standard cards (< 52). c / 13 as a multiply and a shift, exact for every Card (0..255):
// compilers otherwise emit a division on some paths, tens of cycles in the play loop.
constexpr int suit_of(Card c) { return (c * 79) >> 10; }
constexpr int rank_of(Card c) { return c % kRanks; }  // only for standard cards (< 52)
constexpr bool is_standard(Card c) { return c < 52; }

// Whether the CPU deposits bits (BMI2's pdep) in a few cycles, set at start-up: CardSet::nth
// then finds a card without a loop whose end the branch predictor cannot foresee. False on CPUs
// without BMI2 and on AMD's before Zen 3, where pdep is microcoded and slow.
extern const bool kFastBitDeposit;

class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(std::uint64_t bits) : bits_(bits) {}
  static constexpr CardSet of(Card c) { return CardSet(std::uint64_t{1} << c); }
  // All 13 cards of `suit`.
  static constexpr CardSet suit(int s) { return CardSet(std::uint64_t{0x1FFF} << (s * kRanks)); }
  // The cards of the suit of standard card `c`: suit(suit_of(c)), from a table (one load).
  static constexpr CardSet suit_with(Card c);
  // Every standard card (52).
  static constexpr CardSet standard_deck() { return CardSet((std::uint64_t{1} << 52) - 1); }

  constexpr std::uint64_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool contains(Card c) const { return (bits_ >> c) & 1; }
  constexpr bool contains_all(CardSet o) const { return (bits_ & o.bits_) == o.bits_; }
  constexpr bool intersects(CardSet o) const { return (bits_ & o.bits_) != 0; }
  constexpr void add(Card c) { bits_ |= std::uint64_t{1} << c; }
  constexpr void remove(Card c) { bits_ &= ~(std::uint64_t{1} << c); }
  // Lowest card id in the set; the set must not be empty.
  constexpr Card lowest() const { return static_cast<Card>(std::countr_zero(bits_)); }
  // Highest card id in the set; the set must not be empty.
  constexpr Card highest() const { return static_cast<Card>(63 - std::countl_zero(bits_)); }
  constexpr Card pop_lowest() {
    Card c = lowest();
    bits_ &= bits_ - 1;
    return c;
  }
  // The n-th lowest card (0-based); n < size(). Random playouts pick every card this way.
  constexpr Card nth(int n) const {
#if defined(__x86_64__) && defined(__GNUC__)
    if (!std::is_constant_evaluated() && kFastBitDeposit) {
      // Deposit bit n into the set's bits: the n-th of them is set (BMI2's pdep; written as
      // assembly so that no build needs -mbmi2, and used only where the CPU has it fast).
      std::uint64_t deposited;
      asm("pdep %2, %1, %0" : "=r"(deposited) : "r"(std::uint64_t{1} << n), "r"(bits_));
      return static_cast<Card>(std::countr_zero(deposited));
    }
#endif
    std::uint64_t b = bits_;
    for (int i = 0; i < n; ++i) b &= b - 1;
    return static_cast<Card>(std::countr_zero(b));
  }
  // Cards of one standard suit, as a 13-bit rank mask (bit r = rank index r).
  constexpr unsigned rank_mask(int s) const { return (bits_ >> (s * kRanks)) & 0x1FFF; }
  constexpr CardSet in_suit(int s) const { return *this & suit(s); }

  constexpr CardSet operator|(CardSet o) const { return CardSet(bits_ | o.bits_); }
  constexpr CardSet operator&(CardSet o) const { return CardSet(bits_ & o.bits_); }
  constexpr CardSet operator-(CardSet o) const { return CardSet(bits_ & ~o.bits_); }
  constexpr CardSet& operator|=(CardSet o) {
    bits_ |= o.bits_;
    return *this;
  }
  constexpr CardSet& operator&=(CardSet o) {
    bits_ &= o.bits_;
    return *this;
  }
  constexpr CardSet& operator-=(CardSet o) {
    bits_ &= ~o.bits_;
    return *this;
  }
  constexpr bool operator==(const CardSet&) const = default;

  // Iteration in increasing card id.
  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Card;
    using difference_type = std::ptrdiff_t;
    using pointer = const Card*;
    using reference = Card;
    Iterator() = default;
    constexpr explicit Iterator(std::uint64_t b) : b_(b) {}
    constexpr Card operator*() const { return static_cast<Card>(std::countr_zero(b_)); }
    constexpr Iterator& operator++() {
      b_ &= b_ - 1;
      return *this;
    }
    constexpr Iterator operator++(int) {
      Iterator old = *this;
      b_ &= b_ - 1;
      return old;
    }
    constexpr bool operator!=(const Iterator& o) const { return b_ != o.b_; }
    constexpr bool operator==(const Iterator& o) const { return b_ == o.b_; }

   private:
    std::uint64_t b_ = 0;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  std::uint64_t bits_ = 0;
};

namespace detail {
inline constexpr auto kSuitWith = [] {
  std::array<CardSet, 64> t{};
  for (int c = 0; c < 64; ++c) t[c] = CardSet::suit(c / kRanks);
  return t;
}();
}  // namespace detail

constexpr CardSet CardSet::suit_with(Card c) { return detail::kSuitWith[c & 63]; }

// Cards counted place by place, for a state's check(): add() refuses a set that meets one added
// before (a card in two places); all() and total() then say whether every card is there once.
class CardTally {
 public:
  constexpr CardTally() = default;
  constexpr explicit CardTally(CardSet first) : all_(first), total_(first.size()) {}
  constexpr bool add(CardSet set) {
    if (all_.intersects(set)) return false;
    all_ |= set;
    total_ += set.size();
    return true;
  }
  constexpr CardSet all() const { return all_; }
  constexpr int total() const { return total_; }

 private:
  CardSet all_;
  int total_ = 0;
};

// The card ids 0..N-1 in order: a deck about to be shuffled.
template <std::size_t N>
constexpr std::array<Card, N> card_ids() {
  std::array<Card, N> ids{};
  for (std::size_t i = 0; i < N; ++i) ids[i] = static_cast<Card>(i);
  return ids;
}

// Names of a game's extra cards (ids >= 52), e.g. {{52, "BB", "big blooper"}, {53, "LB", ...}}:
// the code of move text and views, and a name for people (labels; the code where it is empty).
struct ExtraCard {
  Card id;
  std::string_view code;
  std::string_view name = {};
};
using CardNames = std::span<const ExtraCard>;

// "AS", "TD", "9C"; extra cards by their code; "??" for unknown ids.
std::string card_text(Card c, CardNames extras = {});
// A card for people: a standard card with its suit symbol ("Q♦"), an extra card by its name
// ("big blooper"; its code if it has none).
std::string card_label(Card c, CardNames extras = {});
// A card with a suit symbol for terminals: "A♠". `ascii` gives "AS".
std::string card_pretty(Card c, CardNames extras = {}, bool ascii = false);
// Parses "AS", "as", "10s", "T♠", "a♠", extra card codes (case-insensitive). nullopt if not a card.
std::optional<Card> parse_card(std::string_view text, CardNames extras = {});
// Parses a space- or comma-separated list of cards; nullopt (and `error`) on the first bad one.
std::optional<std::vector<Card>> parse_cards(std::string_view text, CardNames extras = {},
                                             std::string* error = nullptr);
// Space-separated card texts.
std::string cards_text(std::span<const Card> cards, CardNames extras = {});
std::string cards_text(CardSet set, CardNames extras = {});

char rank_char(int rank);
char suit_char(int suit);
std::string_view suit_symbol(int suit);  // "♠" ...
// Parses one suit letter or symbol ("S", "h", "♦"); kNoSuit if not a suit.
int parse_suit(std::string_view text);

}  // namespace cardroom
