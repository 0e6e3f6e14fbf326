// Test helpers shared by the Indian Chief tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/common/test_util.h"
#include "games/indian_chief/indian_chief.h"

namespace cardroom::indian_chief::test_deals {

// A deal for `players` seats: the given hands (8 cards each, written "AS 7H 7H ..."), the rest of
// the decks (one for 2-3 players, two for more) as the pack.
inline Deal MakeDeal(int players, const std::vector<std::string>& hands) {
  Deal deal;
  CardMultiset rest = CardMultiset::of(kDeck, players <= 3 ? 1 : 2);
  for (const std::string& h : hands) {
    deal.hands.push_back(testing_util::List(h));
    for (Card c : deal.hands.back()) EXPECT_TRUE(rest.remove(c)) << h;
  }
  deal.pack = rest.to_vector();
  return deal;
}

}  // namespace cardroom::indian_chief::test_deals
