// Explicit Nuts deals for tests: each layout's reserve, tableau and stock given by their first
// cards (top first; the tableau whole), the rest filled from the deck in card order.
#pragma once

#include <string>
#include <vector>

#include "games/common/test_util.h"
#include "games/nuts/nuts.h"

namespace cardroom::nuts::test_deals {

struct LayoutSpec {
  std::string reserve, tableau, stock;  // prefixes, top first
};

inline Deal MakeDeal(const std::vector<LayoutSpec>& layouts) {
  Deal d;
  for (const LayoutSpec& spec : layouts) {
    std::vector<Card> reserve = testing_util::List(spec.reserve),
                      tableau = testing_util::List(spec.tableau),
                      stock = testing_util::List(spec.stock);
    CardSet used;
    for (const auto* part : {&reserve, &tableau, &stock})
      for (Card c : *part) used.add(c);
    std::vector<Card> rest;
    for (Card c : kDeck - used) rest.push_back(c);
    std::size_t k = 0;
    while (reserve.size() < kReserveSize) reserve.push_back(rest[k++]);
    while (stock.size() < kStockSize) stock.push_back(rest[k++]);
    d.piles["reserve"].push_back(reserve);
    d.piles["tableau"].push_back(tableau);
    d.piles["stock"].push_back(stock);
  }
  return d;
}

}  // namespace cardroom::nuts::test_deals
