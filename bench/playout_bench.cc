// Google Benchmark targets: random playouts, legal-move generation and resampling for Reds.
// `cardroom bench` gives the headline numbers; these break them down.
#include <benchmark/benchmark.h>

#include "core/any_game.h"
#include "games/reds/reds.h"

namespace cardroom {
namespace {

reds::Game make_reds(int players) {
  reds::Config c;
  c.players = players;
  return reds::Game(c);
}

void BM_RedsRandomPlayout(benchmark::State& bm) {
  reds::Game game = make_reds(static_cast<int>(bm.range(0)));
  std::uint64_t seed = 1, moves = 0;
  for (auto _ : bm) {
    reds::State s = game.new_match(seed, -1, nullptr);
    Rng rng(seed++);
    moves += random_playout(s, rng);
    benchmark::DoNotOptimize(s);
  }
  bm.counters["moves/s"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RedsRandomPlayout)->Arg(2)->Arg(4)->Arg(6);

void BM_RedsLegalMovesInPlay(benchmark::State& bm) {
  reds::Game game = make_reds(4);
  reds::State s = game.new_match(3, -1, nullptr);
  Rng rng(3);
  // Advance to the first trick.
  while (s.phase() != reds::State::Phase::kPlay) {
    Seat seat = s.actors().lowest();
    s.apply(seat, random_legal_move(s, seat, rng), nullptr);
  }
  MoveList<reds::State::kMaxMoves> moves;
  for (auto _ : bm) {
    s.legal_moves(s.to_act(), moves);
    benchmark::DoNotOptimize(moves);
  }
}
BENCHMARK(BM_RedsLegalMovesInPlay);

void BM_RedsResample(benchmark::State& bm) {
  reds::Game game = make_reds(4);
  reds::State s = game.new_match(5, -1, nullptr);
  Rng rng(5);
  for (int i = 0; i < 30; ++i) {
    Seat seat = s.actors().lowest();
    s.apply(seat, random_legal_move(s, seat, rng), nullptr);
  }
  for (auto _ : bm) {
    reds::State r = s.resample(0, rng);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_RedsResample);

}  // namespace
}  // namespace cardroom

BENCHMARK_MAIN();
