// The double-dummy solver against DDS on the same deals in the same run: the fixed set of
// `cardroom bench --solver` (100 random deals, all five strains, one leader each), each solved by
// both (DDS: SolveBoard, one thread, the tricks of the side on lead), answers compared, times
// compared. Prints each solver's mean and 95th percentile per solve and the ratio of the means.
//
//   build/cardroom_solver_bench [COUNT]     the first COUNT of the 500 solves (default all)
#include <dds/dll.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <vector>

#include "bots/bridge_position.h"
#include "bots/trick_solver.h"

namespace {

using namespace cardroom;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct Summary {
  double mean = 0, p95 = 0, max = 0;
};
Summary summarize(std::vector<double> ms) {
  Summary s;
  for (double t : ms) s.mean += t;
  s.mean /= static_cast<double>(ms.size());
  std::sort(ms.begin(), ms.end());
  s.p95 = ms[static_cast<std::size_t>(0.95 * static_cast<double>(ms.size() - 1))];
  s.max = ms.back();
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<bridge_dd::BenchCase> cases = bridge_dd::bench_cases();
  if (argc > 1) {
    const int n = std::atoi(argv[1]);
    if (n < 1 || n > static_cast<int>(cases.size())) {
      std::cerr << "cardroom_solver_bench: COUNT must be 1 to " << cases.size() << "\n";
      return 2;
    }
    cases.resize(static_cast<std::size_t>(n));
  }
  SetMaxThreads(1);
  SolverMemory memory;
  SolveQuery query;
  query.tricks = true;
  query.each_card = false;
  std::vector<double> ours_ms, dds_ms;
  std::uint64_t our_nodes = 0, our_trick_nodes = 0, dds_nodes = 0;
  int disagreements = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& c = cases[i];
    auto start = Clock::now();
    const SolveResult ours =
        solve_task(bridge_dd::make_task(c.hands, c.trump, c.leader), query, memory);
    ours_ms.push_back(ms_since(start));
    our_nodes += ours.nodes;
    our_trick_nodes += ours.trick_nodes;

    deal d{};
    d.trump = c.trump == kNoSuit ? 4 : c.trump;
    d.first = c.leader;
    for (int h = 0; h < 4; ++h)
      for (int s = 0; s < 4; ++s) d.remainCards[h][s] = c.hands[h].rank_mask(s) << 2;
    futureTricks f{};
    start = Clock::now();
    const int rc = SolveBoard(d, -1, 1, 1, &f, 0);
    dds_ms.push_back(ms_since(start));
    dds_nodes += static_cast<std::uint64_t>(f.nodes);
    if (rc != RETURN_NO_FAULT || f.score[0] != ours.value) {
      ++disagreements;
      std::cerr << fmt::format("disagreement: {} strain {} leader {}: ours {}, DDS {} (code {})\n",
                               bridge_dd::pbn_text(c.hands), bridge_dd::strain_letter(c.trump),
                               bridge_dd::kSeatLetters[c.leader], ours.value, f.score[0], rc);
    }
    if ((i + 1) % 50 == 0) std::cerr << "\r" << (i + 1) << "/" << cases.size() << std::flush;
  }
  std::cerr << "\n";
  const Summary o = summarize(ours_ms), d = summarize(dds_ms);
  const double n = static_cast<double>(cases.size());
  std::cout << fmt::format("{} full solves (100 deals x 5 strains, one leader each)\n",
                           cases.size());
  // DDS counts the positions at the start of a trick (futureTricks::nodes); ours are counted both
  // ways, all positions searched and those at trick starts, the ones to compare.
  std::cout << fmt::format(
      "cardroom: mean {:8.2f} ms  p95 {:8.2f} ms  max {:8.1f} ms  {:10.0f} trick nodes  {:10.0f} "
      "nodes\n",
      o.mean, o.p95, o.max, static_cast<double>(our_trick_nodes) / n,
      static_cast<double>(our_nodes) / n);
  std::cout << fmt::format(
      "DDS:      mean {:8.2f} ms  p95 {:8.2f} ms  max {:8.1f} ms  {:10.0f} trick nodes\n", d.mean,
      d.p95, d.max, static_cast<double>(dds_nodes) / n);
  std::cout << fmt::format(
      "ratio of means (cardroom / DDS): {:.2f}; of trick nodes: {:.2f}; answers that differ: {}\n",
      o.mean / d.mean, static_cast<double>(our_trick_nodes) / static_cast<double>(dds_nodes),
      disagreements);
  return disagreements == 0 ? 0 : 1;
}
