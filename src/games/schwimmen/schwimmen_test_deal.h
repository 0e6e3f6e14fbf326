// Explicit Schwimmen deals for the tests (schwimmen_test.cc, schwimmen_bot_test.cc).
#pragma once

#include <string>
#include <vector>

#include "games/common/test_util.h"
#include "games/schwimmen/schwimmen.h"

namespace cardroom::schwimmen {

// An explicit deal: each seat's hand ("" for a seat out of the game), the board, and the top of
// the stock; every card not named follows in card order.
inline Deal MakeDeal(const std::vector<std::string>& hands, const std::string& board,
                     const std::string& stock_top = "") {
  using testing_util::List;
  Deal d;
  CardSet used;
  for (const auto& h : hands) {
    d.hands.push_back(h.empty() ? std::vector<Card>{} : List(h));
    for (Card c : d.hands.back()) used.add(c);
  }
  for (Card c : List(board)) {
    d.pack.push_back(c);
    used.add(c);
  }
  if (!stock_top.empty())
    for (Card c : List(stock_top)) {
      d.pack.push_back(c);
      used.add(c);
    }
  for (Card c : kDeck - used) d.pack.push_back(c);
  return d;
}

}  // namespace cardroom::schwimmen
