#include "bots/bridge_position.h"

#include <algorithm>

#include "core/rng.h"

namespace cardroom::bridge_dd {
namespace {

constexpr std::string_view kRankLetters = "23456789TJQKA";

}  // namespace

std::optional<Seat> parse_bridge_seat(std::string_view text) {
  if (text.size() != 1) return std::nullopt;
  const auto i = kSeatLetters.find(static_cast<char>(std::toupper(text[0])));
  if (i == std::string_view::npos) return std::nullopt;
  return static_cast<Seat>(i);
}

std::optional<int> parse_strain(std::string_view text) {
  if (text == "N" || text == "n" || text == "NT" || text == "nt") return int{kNoSuit};
  const int suit = parse_suit(text);
  if (suit == kNoSuit) return std::nullopt;
  return suit;
}

char strain_letter(int strain) { return strain == kNoSuit ? 'N' : "SHDC"[strain]; }

std::optional<Hands> parse_pbn(std::string_view text, std::string* error) {
  auto fail = [&](std::string why) -> std::optional<Hands> {
    *error = "bad PBN deal: " + why;
    return std::nullopt;
  };
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.size() < 2 || text[1] != ':')
    return fail(
        "it starts with the first hand's seat and a colon, as in \"N:AKQ.JT9.876.5432 ...\"");
  const std::optional<Seat> first = parse_bridge_seat(text.substr(0, 1));
  if (!first) return fail("the first seat is N, E, S or W");
  text.remove_prefix(2);
  Hands hands{};
  CardSet seen;
  for (int h = 0; h < 4; ++h) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    const std::size_t end = std::min(text.find(' '), text.size());
    const std::string_view word = text.substr(0, end);
    text.remove_prefix(end);
    if (word.empty()) return fail("it needs four hands");
    const Seat seat = (*first + h) % 4;
    int suit = 0;
    for (char c : word) {
      if (c == '.') {
        if (++suit > 3) return fail("a hand has four suits, separated by three dots");
        continue;
      }
      if (c == '-') continue;
      const auto rank = kRankLetters.find(static_cast<char>(std::toupper(c)));
      if (rank == std::string_view::npos)
        return fail(std::string("'") + c + "' is not a rank (AKQJT98765432)");
      const Card card = make_card(suit, static_cast<int>(rank));
      if (seen.contains(card)) return fail(card_text(card) + " appears twice");
      seen.add(card);
      hands[seat].add(card);
    }
    if (suit != 3) return fail("a hand has four suits, separated by three dots");
  }
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  if (!text.empty()) return fail("more than four hands");
  const int size = hands[0].size();
  if (size == 0) return fail("the hands are empty");
  for (const CardSet& h : hands)
    if (h.size() != size) return fail("every hand must have the same number of cards");
  return hands;
}

std::string pbn_text(const Hands& hands) {
  std::string out = "N:";
  for (int s = 0; s < 4; ++s) {
    if (s) out += ' ';
    for (int suit = 0; suit < kSuits; ++suit) {
      if (suit) out += '.';
      for (int r = kRanks - 1; r >= 0; --r)
        if (hands[s].contains(make_card(suit, r))) out += kRankLetters[r];
    }
  }
  return out;
}

Task make_task(const Hands& hands, int trump, Seat leader) {
  Task task;
  auto& p = task.position;
  p.seats = 4;
  p.policy.trump = static_cast<std::uint8_t>(trump);
  for (int s = 0; s < 4; ++s) p.hands[s] = hands[s];
  p.tricks = static_cast<std::int8_t>(hands[0].size());
  p.leader = p.to_play = static_cast<std::int8_t>(leader);
  task.side = {0, 1, 0, 1};
  task.card_move = [](Card c) { return make_move(1, c); };
  return task;
}

std::vector<Hands> random_deals(int count, std::uint64_t seed) {
  std::vector<Hands> out;
  Rng rng(seed);
  std::array<Card, 52> deck;
  for (int c = 0; c < 52; ++c) deck[c] = static_cast<Card>(c);
  for (int i = 0; i < count; ++i) {
    rng.shuffle(deck.data(), 52);
    Hands h{};
    for (int c = 0; c < 52; ++c) h[c % 4].add(deck[c]);
    out.push_back(h);
  }
  return out;
}

}  // namespace cardroom::bridge_dd

namespace cardroom::bridge_dd {

std::vector<BenchCase> bench_cases() {
  std::vector<BenchCase> out;
  const std::vector<Hands> deals = random_deals(100, 20261124);
  for (std::size_t i = 0; i < deals.size(); ++i)
    for (int strain : {int{kNoSuit}, int{kSpades}, int{kHearts}, int{kDiamonds}, int{kClubs}})
      out.push_back(BenchCase{deals[i], strain, static_cast<Seat>(i % 4)});
  return out;
}

}  // namespace cardroom::bridge_dd
