#include "core/deal_check.h"

namespace cardroom {

namespace {
std::string hand_of(std::size_t s) { return "hand of S" + std::to_string(s); }
}  // namespace

std::string DealCheck::seats(int n) const {
  if (static_cast<int>(deal_.hands.size()) == n) return "";
  return "needs " + std::to_string(n) + " hands, one per seat (got " +
         std::to_string(deal_.hands.size()) + ")";
}

std::string DealCheck::hand_sizes(int size) const {
  for (std::size_t s = 0; s < deal_.hands.size(); ++s)
    if (static_cast<int>(deal_.hands[s].size()) != size)
      return hand_of(s) + " has " + std::to_string(deal_.hands[s].size()) + " cards (needs " +
             std::to_string(size) + ")";
  return "";
}

std::string DealCheck::first_hand_between(int lo, int hi) const {
  const std::size_t size = deal_.hands.empty() ? 0 : deal_.hands[0].size();
  if (size >= static_cast<std::size_t>(lo) && size <= static_cast<std::size_t>(hi)) return "";
  return "hands must have " + std::to_string(lo) + " to " + std::to_string(hi) +
         " cards (hand of S0 has " + std::to_string(size) + ")";
}

std::string DealCheck::same_sizes() const {
  for (std::size_t s = 1; s < deal_.hands.size(); ++s)
    if (deal_.hands[s].size() != deal_.hands[0].size())
      return hand_of(s) + " has " + std::to_string(deal_.hands[s].size()) + " cards (S0 has " +
             std::to_string(deal_.hands[0].size()) + "; all hands are the same size)";
  return "";
}

std::string DealCheck::hand_sizes_at_most(int size) const {
  for (std::size_t s = 0; s < deal_.hands.size(); ++s)
    if (static_cast<int>(deal_.hands[s].size()) > size)
      return hand_of(s) + " has " + std::to_string(deal_.hands[s].size()) + " cards (at most " +
             std::to_string(size) + ")";
  return "";
}

std::string DealCheck::cards() const { return cards(CardMultiset::of(deck_)); }

std::string DealCheck::cards(const CardMultiset& decks) const {
  CardMultiset seen;
  auto take = [&](Card c, const std::string& where) -> std::string {
    if (!decks.contains(c)) return where + ": " + card_text(c, names_) + " is " + outside_;
    if (seen.count(c) >= decks.count(c)) {
      if (decks.count(c) == 1) return where + ": " + card_text(c, names_) + " appears twice";
      return where + ": " + card_text(c, names_) + " appears " +
             std::to_string(decks.count(c) + 1) + " times (the decks hold " +
             std::to_string(decks.count(c)) + ")";
    }
    seen.add(c);
    return "";
  };
  for (std::size_t s = 0; s < deal_.hands.size(); ++s)
    for (Card c : deal_.hands[s])
      if (auto why = take(c, hand_of(s)); !why.empty()) return why;
  for (Card c : deal_.pack)
    if (auto why = take(c, "pack"); !why.empty()) return why;
  for (const auto& [name, per_seat] : deal_.piles)
    for (std::size_t s = 0; s < per_seat.size(); ++s)
      for (Card c : per_seat[s])
        if (auto why = take(c, name + " of S" + std::to_string(s)); !why.empty()) return why;
  return "";
}

}  // namespace cardroom
