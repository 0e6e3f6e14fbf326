// The Tadmur heuristic player.
//
//   Guess: estimate the odds of each rank for the opponent's target (target_odds) and guess the
//   most likely rank when its chance beats a threshold that falls as the opponent nears completion
//   (a chain one space from done bars guessing, so the last open turn is worth a long shot). It
//   also guesses when a wrong guess costs nothing or helps: its own chain cannot reach its target
//   with the spaces it has (a wrong guess adds a space and flips the parity), or it has no card to
//   play.
//   Play: the winning card if it holds one; otherwise a card from which its hand can still fill the
//   chain and end next to the target, chosen at random among those (meandering up and down hides
//   the target); otherwise a card that keeps the target reachable by rank parity; otherwise any.
#include "games/tadmur/tadmur_bot.h"

#include <algorithm>

namespace cardroom::tadmur {
namespace {

// Copies of each rank in a set of cards.
std::array<int, kRanks> rank_counts(CardSet cards) {
  std::array<int, kRanks> out{};
  for (Card c : cards) ++out[rank_of(c)];
  return out;
}

// Depth-first search: can `left` more cards be placed from `from`, using `counts`, with the last
// one next to `target`? left == 0 means `from` itself must be next to the target.
bool path_exists(int from, int left, int target, std::array<int, kRanks>& counts) {
  if (left == 0) return ranks_adjacent(from, target);
  for (int step : {1, kRanks - 1}) {
    const int r = (from + step) % kRanks;
    if (counts[r] == 0) continue;
    if (!reachable(r, target, left)) continue;  // left - 1 cards after r, then the target
    --counts[r];
    const bool ok = path_exists(r, left - 1, target, counts);
    ++counts[r];
    if (ok) return true;
  }
  return false;
}

// The chance threshold for a guess, by the opponent's empty spaces.
double guess_threshold(int opponent_spaces) {
  if (opponent_spaces <= 2) return 0.0;  // last open turn before a one-space chain bars guesses
  if (opponent_spaces == 3) return 0.15;
  if (opponent_spaces <= 5) return 0.3;
  return 0.6;
}

}  // namespace

std::array<double, kRanks> target_odds(const State& belief, Seat seat) {
  const Seat other = 1 - seat;
  // Cards `seat` can see: its hand, its target, both starters and both chains.
  CardSet seen = belief.hand(seat);
  seen.add(belief.target(seat));
  for (Seat p = 0; p < kPlayers; ++p) {
    seen.add(belief.starter(p));
    for (int i = 0; i < belief.chain_length(p); ++i) seen.add(belief.chain_card(p, i));
  }
  const std::array<int, kRanks> seen_counts = rank_counts(seen);
  const int end = rank_of(belief.chain_end(other));
  const int steps = belief.spaces(other) + 1;
  std::array<double, kRanks> odds{};
  double total = 0;
  for (int r = 0; r < kRanks; ++r) {
    if ((belief.ruled_out(other) >> r) & 1) continue;
    const int unseen = kSuits - seen_counts[r];
    if (unseen <= 0) continue;
    // A player builds toward a target it can reach; an unreachable rank needs a wrong guess first.
    double w = unseen * (reachable(end, r, steps) ? 1.0 : 0.25);
    // Ranks near the chain end within the remaining distance are a little likelier: most players
    // do not meander all the way.
    const int d = std::min((r - end + kRanks) % kRanks, (end - r + kRanks) % kRanks);
    if (d <= steps) w *= 1.3;
    odds[r] = w;
    total += w;
  }
  if (total > 0)
    for (double& p : odds) p /= total;
  return odds;
}

bool can_complete(const State& belief, Seat seat) {
  if (belief.spaces(seat) == 0) return false;
  std::array<int, kRanks> counts = rank_counts(belief.hand(seat));
  return path_exists(rank_of(belief.chain_end(seat)), belief.spaces(seat),
                     rank_of(belief.target(seat)), counts);
}

Move heuristic_move(const State& belief, Seat seat, Rng& rng) {
  MoveList<State::kMaxMoves> moves;
  belief.legal_moves(seat, moves);
  if (moves.empty()) return Move{};
  const Seat other = 1 - seat;
  const int target = rank_of(belief.target(seat));
  const int end = rank_of(belief.chain_end(seat));
  const int spaces = belief.spaces(seat);
  const CardSet playable = belief.playable(seat);

  // 1. A winning card ends the game at once.
  if (spaces == 1)
    for (Card c : playable)
      if (ranks_adjacent(rank_of(c), target)) return play_move(c);

  // 2. Guess.
  if (moves.contains(guess_move(0))) {
    const auto odds = target_odds(belief, seat);
    int best = 0;
    for (int r = 1; r < kRanks; ++r)
      if (odds[r] > odds[best]) best = r;
    const bool cheap = playable.empty() || spaces == 0 || !reachable(end, target, spaces + 1) ||
                       !can_complete(belief, seat);
    if (odds[best] > 0 && (cheap || odds[best] >= guess_threshold(belief.spaces(other))))
      return guess_move(best);
  }

  // 3. Play a card from which the hand can still complete the chain; meander among them.
  std::array<Card, 24> good{}, parity{};
  int num_good = 0, num_parity = 0;
  std::array<int, kRanks> counts = rank_counts(belief.hand(seat));
  for (Card c : playable) {
    const int r = rank_of(c);
    --counts[r];
    if (path_exists(r, spaces - 1, target, counts))
      good[num_good++] = c;
    else if (reachable(r, target, spaces))
      parity[num_parity++] = c;
    ++counts[r];
  }
  if (num_good > 0) return play_move(good[rng.below(static_cast<std::uint32_t>(num_good))]);
  if (num_parity > 0) return play_move(parity[rng.below(static_cast<std::uint32_t>(num_parity))]);
  if (!playable.empty())
    return play_move(
        playable.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(playable.size())))));
  return moves[0];  // a guess (forced) or a pass
}

}  // namespace cardroom::tadmur
