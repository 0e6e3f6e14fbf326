// OpenSpiel's C++ IS-MCTS (ISMCTSBot, random rollouts) and OhHellState::ResampleFromInfostate on
// oh_hell(players=4,num_tricks_fixed=12) from the first bid: the yardstick of the speed bar
// for `cardroom bench --search` (README.md here). Built by build.sh against an OpenSpiel checkout;
// not part of Cardroom's build.
//
// Usage: openspiel_ismcts_bench [reps=3] [simulations=20000,100000] [resamples=200000] [seed=1234]
// One line per timing: "openspiel ismcts sims=N ... per_s=..." and "openspiel resample ...".

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "absl/random/distributions.h"
#include "open_spiel/algorithms/is_mcts.h"
#include "open_spiel/algorithms/mcts.h"
#include "open_spiel/spiel.h"
#include "open_spiel/spiel_utils.h"

namespace {

std::string LoadAvg() {
  std::ifstream f("/proc/loadavg");
  std::string a, b, c;
  f >> a >> b >> c;
  return a + "," + b + "," + c;
}

double CpuNow() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

double Now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::vector<int> ParseList(const std::string& s) {
  std::vector<int> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(std::atoi(item.c_str()));
  return out;
}

// One timed piece of work: started at construction, printed by `report` as one line
// "openspiel WHAT COUNTER=N rep=R seconds=.. per_s=.. cpu_seconds=.. cpu_per_s=.. EXTRA
// load_before=.. load_after=..".
class Timing {
 public:
  Timing() : load_before_(LoadAvg()), cpu_(CpuNow()), wall_(Now()) {}
  void report(const char* what, const char* counter, int n, int rep, const std::string& extra) {
    const double secs = Now() - wall_;
    const double cpu = CpuNow() - cpu_;
    std::printf(
        "openspiel %s %s=%d rep=%d seconds=%.4f per_s=%.1f cpu_seconds=%.4f cpu_per_s=%.1f %s "
        "load_before=%s load_after=%s\n",
        what, counter, n, rep, secs, n / secs, cpu, n / cpu, extra.c_str(), load_before_.c_str(),
        LoadAvg().c_str());
    std::fflush(stdout);
  }

 private:
  std::string load_before_;
  double cpu_;
  double wall_;
};

}  // namespace

int main(int argc, char** argv) {
  using open_spiel::Action;
  using open_spiel::State;
  namespace alg = open_spiel::algorithms;

  const int reps = argc > 1 ? std::atoi(argv[1]) : 3;
  const std::vector<int> sims_list = ParseList(argc > 2 ? argv[2] : "20000,100000");
  const int resample_calls = argc > 3 ? std::atoi(argv[3]) : 200000;
  const int seed = argc > 4 ? std::atoi(argv[4]) : 1234;

  std::shared_ptr<const open_spiel::Game> game =
      open_spiel::LoadGame("oh_hell(players=4,num_tricks_fixed=12)");

  // Build the measured position: apply seeded chance outcomes (num tricks,
  // dealer, deal, trump) until the first player decision (the first bid).
  std::mt19937 deal_rng(seed);
  std::unique_ptr<State> state = game->NewInitialState();
  while (state->IsChanceNode()) {
    Action a =
        open_spiel::SampleAction(state->ChanceOutcomes(), absl::Uniform(deal_rng, 0.0, 1.0)).first;
    state->ApplyAction(a);
  }
  std::printf(
      "openspiel position game=%s seed=%d history_len=%zu "
      "current_player=%d num_legal=%zu\n",
      game->ToString().c_str(), seed, state->History().size(), state->CurrentPlayer(),
      state->LegalActions().size());
  std::printf("openspiel infostate_begin\n%s\nopenspiel infostate_end\n",
              state->InformationStateString().c_str());
  std::fflush(stdout);

  // IS-MCTS timing.
  for (int sims : sims_list) {
    for (int rep = 0; rep < reps; ++rep) {
      const int bot_seed = seed + rep;
      alg::ISMCTSBot bot(bot_seed, std::make_shared<alg::RandomRolloutEvaluator>(1, bot_seed),
                         /*uct_c=*/2.0, /*max_simulations=*/sims,
                         /*max_world_samples=*/alg::kUnlimitedNumWorldSamples,
                         alg::ISMCTSFinalPolicyType::kMaxVisitCount,
                         /*use_observation_string=*/false,
                         /*allow_inconsistent_action_sets=*/false);
      Timing timing;
      const Action action = bot.Step(*state);
      timing.report("ismcts", "sims", sims, rep + 1, "action=" + state->ActionToString(action));
    }
  }

  // ResampleFromInfostate timing.
  for (int rep = 0; rep < reps; ++rep) {
    std::mt19937 rng(seed + 1000 + rep);
    auto rng_fn = [&rng]() { return absl::Uniform(rng, 0.0, 1.0); };
    const open_spiel::Player player = state->CurrentPlayer();
    long long checksum = 0;
    Timing timing;
    for (int i = 0; i < resample_calls; ++i) {
      std::unique_ptr<State> s = state->ResampleFromInfostate(player, rng_fn);
      checksum += s->History()[10];
    }
    timing.report("resample", "calls", resample_calls, rep + 1,
                  "checksum=" + std::to_string(checksum));
  }
  return 0;
}
