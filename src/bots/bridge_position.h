// Plain bridge positions for the double-dummy solver: the yardstick `cardroom solve --pbn` answers
// and that tests and benchmarks compare with DDS. Seats N E S W are 0 1 2 3; North-South are side
// 0, East-West side 1; suits as everywhere in Cardroom (spades 0, hearts 1, diamonds 2, clubs 3).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/common/trick_play.h"

namespace cardroom::bridge_dd {

using Hands = std::array<CardSet, 4>;
using Task = tricks::SolverTask<tricks::PlainTrumps, 4>;

// A deal in PBN notation: "N:AKQ2.JT9.876.54 ..." (the first hand's seat, then the four hands
// clockwise, each as spades.hearts.diamonds.clubs with ranks AKQJT98765432; '-' or nothing for a
// void). Every hand must have the same number of cards (1 to 13) and no card may appear twice.
std::optional<Hands> parse_pbn(std::string_view text, std::string* error);
// The hands as PBN, from North.
std::string pbn_text(const Hands& hands);
// A strain letter C D H S N (or its suit symbol): a suit, kNoSuit for no trumps; nullopt if none.
std::optional<int> parse_strain(std::string_view text);
// A seat letter N E S W; nullopt if none.
std::optional<Seat> parse_bridge_seat(std::string_view text);
inline constexpr std::string_view kSeatLetters = "NESW";
// "S", "H", "D", "C" or "N".
char strain_letter(int strain);

// The solver's task for the hands (equal sizes), `trump` (kNoSuit: no trumps), `leader` to lead.
Task make_task(const Hands& hands, int trump, Seat leader);

// `count` random 52-card deals from `seed` (the benchmark's and the DDS test's fixed sets).
std::vector<Hands> random_deals(int count, std::uint64_t seed);

}  // namespace cardroom::bridge_dd

namespace cardroom::bridge_dd {

// The solver benchmark's fixed set (`cardroom bench --solver`, bench/solver_bench.cc): 100 random
// deals, each in all five strains, the leader of deal i being seat i % 4.
struct BenchCase {
  Hands hands;
  int trump = kNoSuit;
  Seat leader = 0;
};
std::vector<BenchCase> bench_cases();

}  // namespace cardroom::bridge_dd
