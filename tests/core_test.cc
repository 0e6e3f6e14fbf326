// Unit tests for src/core: cards, card sets, RNG, options, constrained deals, registry.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

#include "core/constrained_deal.h"
#include "core/huge_pages.h"
#include "core/options.h"
#include "core/registry.h"
#include "games/all_games.h"

namespace cardroom {
namespace {

TEST(CoreCards, IdsAndText) {
  EXPECT_EQ(make_card(kSpades, kTwo), 0);
  EXPECT_EQ(make_card(kClubs, kAce), 51);
  EXPECT_EQ(card_text(make_card(kDiamonds, kTen)), "TD");
  EXPECT_EQ(card_text(make_card(kHearts, kKing)), "KH");
  EXPECT_EQ(card_pretty(make_card(kSpades, kAce)), "A♠");
  EXPECT_EQ(card_pretty(make_card(kSpades, kAce), {}, true), "AS");
  EXPECT_EQ(card_text(60), "??");
}

TEST(CoreCards, ParsingAcceptsTenLowerCaseAndSymbols) {
  EXPECT_EQ(parse_card("TD"), make_card(kDiamonds, kTen));
  EXPECT_EQ(parse_card("10d"), make_card(kDiamonds, kTen));
  EXPECT_EQ(parse_card("td"), make_card(kDiamonds, kTen));
  EXPECT_EQ(parse_card("A♠"), make_card(kSpades, kAce));
  EXPECT_EQ(parse_card("q♥"), make_card(kHearts, kQueen));
  EXPECT_EQ(parse_card("2♣"), make_card(kClubs, kTwo));
  EXPECT_EQ(parse_card("9♦"), make_card(kDiamonds, kNine));
  EXPECT_FALSE(parse_card(""));
  EXPECT_FALSE(parse_card("1S"));
  EXPECT_FALSE(parse_card("AX"));
  EXPECT_FALSE(parse_card("ASS"));
  EXPECT_FALSE(parse_card("11S"));
  const ExtraCard extras[] = {{52, "BB"}, {53, "LB"}};
  EXPECT_EQ(parse_card("bb", extras), 52);
  EXPECT_EQ(card_text(53, extras), "LB");
  std::string error;
  auto cards = parse_cards("AS, 10h  2c", {}, &error);
  ASSERT_TRUE(cards);
  EXPECT_EQ(cards_text(*cards), "AS TH 2C");
  EXPECT_FALSE(parse_cards("AS ZZ", {}, &error));
  EXPECT_NE(error.find("ZZ"), std::string::npos);
}

TEST(CoreCards, CardTallyCountsEachCardOnce) {
  CardTally tally(CardSet::of(3));
  EXPECT_TRUE(tally.add(CardSet::of(5) | CardSet::of(7)));
  EXPECT_FALSE(tally.add(CardSet::of(7)));  // a card in two places
  EXPECT_EQ(tally.all(), CardSet::of(3) | CardSet::of(5) | CardSet::of(7));
  EXPECT_EQ(tally.total(), 3);
  EXPECT_TRUE(tally.add(CardSet()));
  EXPECT_EQ(CardTally().total(), 0);
}

// nth (by pdep where the CPU has it fast: kFastBitDeposit) is the n-th card of the iteration,
// for sets of every size and every n.
TEST(CoreCards, NthIsTheNthOfTheIteration) {
  Rng rng(12);
  for (int round = 0; round < 2000; ++round) {
    const CardSet s(round < 2 ? (round == 0 ? 0 : ~std::uint64_t{0}) : rng.next() & rng.next());
    const std::vector<Card> cards(s.begin(), s.end());
    for (int n = 0; n < s.size(); ++n)
      ASSERT_EQ(s.nth(n), cards[static_cast<std::size_t>(n)]) << std::hex << s.bits() << " " << n;
  }
  static_assert(CardSet(0b1011000).nth(2) == 6);  // at compile time, by the loop
}

TEST(CoreCards, CardSetOperations) {
  CardSet s;
  EXPECT_TRUE(s.empty());
  s.add(5);
  s.add(40);
  s.add(13);
  EXPECT_EQ(s.size(), 3);
  EXPECT_TRUE(s.contains(40));
  EXPECT_EQ(s.lowest(), 5);
  EXPECT_EQ(s.highest(), 40);
  EXPECT_EQ(s.nth(1), 13);
  std::vector<Card> order(s.begin(), s.end());
  EXPECT_EQ(order, (std::vector<Card>{5, 13, 40}));
  EXPECT_EQ(CardSet::suit(kHearts).size(), 13);
  EXPECT_EQ(s.in_suit(kSpades), CardSet::of(5));
  EXPECT_EQ(s.rank_mask(kHearts), 1u);
  CardSet t = s;
  EXPECT_EQ(t.pop_lowest(), 5);
  EXPECT_EQ(t.size(), 2);
  EXPECT_EQ((s - t), CardSet::of(5));
  EXPECT_TRUE(s.contains_all(t));
  EXPECT_EQ(CardSet::standard_deck().size(), 52);
}

TEST(CoreRng, DeterministicFromSeed) {
  Rng a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) {
    std::uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    (void)c;
  }
  EXPECT_NE(Rng(42).next(), Rng(43).next());
}

TEST(CoreRng, BelowIsUnbiased) {
  // Chi-square over 6 buckets, 60000 draws: 5 degrees of freedom, 99.9% quantile 20.5.
  Rng rng(7);
  std::array<int, 6> counts{};
  for (int i = 0; i < 60000; ++i) counts[rng.below(6)]++;
  double chi = 0;
  for (int c : counts) chi += (c - 10000.0) * (c - 10000.0) / 10000.0;
  EXPECT_LT(chi, 20.5);
  for (int i = 0; i < 1000; ++i) EXPECT_LT(rng.below(1), 1u);
}

TEST(CoreRng, ShuffleGivesEveryPermutationEvenly) {
  Rng rng(11);
  std::map<std::array<int, 3>, int> counts;
  for (int i = 0; i < 60000; ++i) {
    std::array<int, 3> a = {0, 1, 2};
    rng.shuffle(a.data(), 3);
    counts[a]++;
  }
  ASSERT_EQ(counts.size(), 6u);
  double chi = 0;
  for (auto& [perm, c] : counts) chi += (c - 10000.0) * (c - 10000.0) / 10000.0;
  EXPECT_LT(chi, 20.5);
}

const std::vector<OptionSpec>& specs() {
  static const std::vector<OptionSpec> s = {
      {"players", OptionType::kInt, "4", 2, 6, {}, "players"},
      {"fast", OptionType::kBool, "false", 0, 0, {}, "fast"},
      {"mode", OptionType::kChoice, "a", 0, 0, {"a", "b"}, "mode"},
  };
  return s;
}

TEST(CoreOptions, GameStringAndDefaults) {
  std::string error;
  auto gs = parse_game_string("reds(players=4, partnership=true)", &error);
  ASSERT_TRUE(gs) << error;
  EXPECT_EQ(gs->name, "reds");
  ASSERT_EQ(gs->options.size(), 2u);
  EXPECT_EQ(gs->options[1], (std::pair<std::string, std::string>{"partnership", "true"}));
  auto plain = parse_game_string("reds", &error);
  ASSERT_TRUE(plain);
  EXPECT_TRUE(plain->options.empty());
  EXPECT_FALSE(parse_game_string("reds(players=4", &error));
  EXPECT_FALSE(parse_game_string("reds(players)", &error));
  EXPECT_FALSE(parse_game_string("(players=4)", &error));
  // "name()" has no options; an empty option is an error, never skipped.
  auto empty = parse_game_string("reds()", &error);
  ASSERT_TRUE(empty) << error;
  EXPECT_TRUE(empty->options.empty());
  for (const char* bad :
       {"reds(,)", "reds(players=4,)", "reds(,players=4)", "reds(players=4,,a=1)"}) {
    EXPECT_FALSE(parse_game_string(bad, &error)) << bad;
    EXPECT_NE(error.find("empty option"), std::string::npos) << error;
  }
  // A padded string is refused by its length, without echoing it.
  EXPECT_FALSE(parse_game_string("s48(" + std::string(65000, ',') + ")", &error));
  EXPECT_NE(error.find("too long (at most 1000)"), std::string::npos) << error;
  EXPECT_LT(error.size(), 200u);

  auto values = OptionValues::parse(specs(), {{"mode", "B"}}, &error);
  ASSERT_TRUE(values) << error;
  EXPECT_EQ(values->get_int("players"), 4);
  EXPECT_FALSE(values->get_bool("fast"));
  EXPECT_EQ(values->get_choice("mode"), "b");
  EXPECT_EQ(values->canonical(), "players=4,fast=false,mode=b");
  EXPECT_EQ(values->to_json(), (nlohmann::json{{"players", 4}, {"fast", false}, {"mode", "b"}}));
}

TEST(CoreOptions, ErrorsNameOptionValueAndRange) {
  std::string error;
  EXPECT_FALSE(OptionValues::parse(specs(), {{"players", "9"}}, &error));
  EXPECT_NE(error.find("players"), std::string::npos);
  EXPECT_NE(error.find("9"), std::string::npos);
  EXPECT_NE(error.find("2..6"), std::string::npos);
  EXPECT_FALSE(OptionValues::parse(specs(), {{"players", "four"}}, &error));
  EXPECT_FALSE(OptionValues::parse(specs(), {{"fast", "maybe"}}, &error));
  EXPECT_NE(error.find("true|false"), std::string::npos);
  EXPECT_FALSE(OptionValues::parse(specs(), {{"mode", "c"}}, &error));
  EXPECT_NE(error.find("a|b"), std::string::npos);
  EXPECT_FALSE(OptionValues::parse(specs(), {{"colour", "red"}}, &error));
  EXPECT_NE(error.find("unknown option 'colour'"), std::string::npos);
  EXPECT_FALSE(OptionValues::parse(specs(), {{"fast", "1"}, {"fast", "0"}}, &error));
  EXPECT_FALSE(OptionValues::from_json(specs(), nlohmann::json{{"players", 2.5}}, &error));
  EXPECT_FALSE(OptionValues::from_json(specs(), nlohmann::json::array(), &error));
  auto from_json = OptionValues::from_json(specs(), {{"players", 3}, {"fast", true}}, &error);
  ASSERT_TRUE(from_json) << error;
  EXPECT_EQ(from_json->get_int("players"), 3);
}

TEST(CoreConstrainedDeal, RespectsVoidsAndCounts) {
  Rng rng(3);
  // 12 cards; slot 0 may not take spades, slot 1 only spades, slot 2 anything.
  CardSet pool;
  for (int r = 0; r < 4; ++r) {
    pool.add(make_card(kSpades, r));
    pool.add(make_card(kHearts, r));
    pool.add(make_card(kClubs, r));
  }
  DealSlot slots[] = {{4, CardSet(~CardSet::suit(kSpades).bits())},
                      {4, CardSet::suit(kSpades)},
                      {4, CardSet(~std::uint64_t{0})}};
  for (int i = 0; i < 200; ++i) {
    CardSet out[3];
    ASSERT_TRUE(deal_constrained(pool, slots, out, rng));
    EXPECT_EQ(out[0].size(), 4);
    EXPECT_EQ(out[1], CardSet::suit(kSpades) & pool);
    EXPECT_EQ(out[2].size(), 4);
    EXPECT_FALSE(out[0].intersects(CardSet::suit(kSpades)));
    EXPECT_EQ(out[0] | out[1] | out[2], pool);
  }
}

TEST(CoreConstrainedDeal, TightConstraintsUseTheMatchingFallback) {
  // 20 cards, each slot accepts exactly one suit: rejection almost never succeeds.
  CardSet pool;
  for (int s = 0; s < 4; ++s)
    for (int r = 0; r < 5; ++r) pool.add(make_card(s, r));
  std::vector<DealSlot> slots;
  for (int s = 0; s < 4; ++s) slots.push_back({5, CardSet::suit(s)});
  Rng rng(5);
  std::vector<CardSet> out(4);
  ASSERT_TRUE(deal_constrained(pool, slots, out, rng));
  for (int s = 0; s < 4; ++s) EXPECT_EQ(out[s], pool & CardSet::suit(s));
  // Impossible: two slots both want the only five spades.
  slots[1].allowed = CardSet::suit(kSpades);
  EXPECT_FALSE(deal_constrained(pool, slots, out, rng));
}

TEST(CoreConstrainedDeal, UnconstrainedDealIsUniform) {
  // 4 cards into two slots of 2: each of the 6 splits equally often.
  CardSet pool(0b1111);
  DealSlot slots[] = {{2, CardSet(~std::uint64_t{0})}, {2, CardSet(~std::uint64_t{0})}};
  Rng rng(8);
  std::map<std::uint64_t, int> counts;
  for (int i = 0; i < 60000; ++i) {
    CardSet out[2];
    ASSERT_TRUE(deal_constrained(pool, slots, out, rng));
    counts[out[0].bits()]++;
  }
  ASSERT_EQ(counts.size(), 6u);
  double chi = 0;
  for (auto& [k, c] : counts) chi += (c - 10000.0) * (c - 10000.0) / 10000.0;
  EXPECT_LT(chi, 20.5);
}

TEST(CoreRegistry, LoadsGamesByNameWithClearErrors) {
  register_all_games();
  std::string error;
  auto game = load_game("reds(players=3)", &error);
  ASSERT_TRUE(game) << error;
  EXPECT_EQ(game->name(), "reds");
  EXPECT_EQ(game->num_seats(), 3);
  EXPECT_EQ(game->game_string(),
            "reds(players=3,partnership=false,hidden_bids=false,short_game=false,"
            "anti_trump_lead=drop)");
  EXPECT_FALSE(load_game("nope", &error));
  EXPECT_NE(error.find("unknown game 'nope'"), std::string::npos);
  EXPECT_NE(error.find("reds"), std::string::npos);
  EXPECT_FALSE(load_game("reds(players=7)", &error));
  EXPECT_NE(error.find("players"), std::string::npos);
  EXPECT_FALSE(load_game("reds(players=5,partnership=true)", &error));
  EXPECT_NE(error.find("partnership"), std::string::npos);
  auto names = game->bot_names();
  EXPECT_EQ(names.front(), "random");
  EXPECT_NE(std::find(names.begin(), names.end(), "heuristic"), names.end());
}

TEST(CoreMoveList, FixedCapacityList) {
  MoveList<4> list;
  EXPECT_TRUE(list.empty());
  list.push(Move{3});
  list.push(Move{7});
  EXPECT_EQ(list.size(), 2);
  EXPECT_TRUE(list.contains(Move{7}));
  EXPECT_FALSE(list.contains(Move{8}));
  list.clear();
  EXPECT_TRUE(list.empty());
}

// Large arrays come 2 MiB-aligned (offered to the kernel for huge pages), small ones from operator
// new; a vector growing across the threshold keeps its contents either way.
TEST(CoreHugePages, LargeArraysAreAlignedAndEveryArrayHoldsItsValues) {
  std::vector<std::uint64_t, HugePageAllocator<std::uint64_t>> v;
  const std::size_t large = 3 * kHugePageBytes / sizeof(std::uint64_t) + 5;
  for (std::size_t i = 0; i < large; ++i) {
    v.push_back(i * 0x9E3779B97F4A7C15ull);
    if (v.capacity() * sizeof(std::uint64_t) >= kHugePageBytes) {
      ASSERT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % kHugePageBytes, 0u) << i;
    }
  }
  for (std::size_t i = 0; i < large; ++i) ASSERT_EQ(v[i], i * 0x9E3779B97F4A7C15ull) << i;
  v.resize(10);
  v.shrink_to_fit();
  EXPECT_LT(v.capacity() * sizeof(std::uint64_t), kHugePageBytes);
  EXPECT_EQ(v[9], 9 * 0x9E3779B97F4A7C15ull);
}

}  // namespace
}  // namespace cardroom
