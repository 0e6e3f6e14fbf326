#include "games/reds/reds_bot.h"

namespace cardroom::reds {

Move heuristic_move(const State& belief, Seat seat, Rng& rng) {
  return random_legal_move(belief, seat, rng);  // placeholder until the heuristic lands
}

const std::vector<BotEntry<State>>& bots() {
  static const std::vector<BotEntry<State>> entries = {{"heuristic", &heuristic_move}};
  return entries;
}

}  // namespace cardroom::reds
