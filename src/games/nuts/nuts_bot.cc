#include "games/nuts/nuts_bot.h"

namespace cardroom::nuts {
namespace {

// A move's preference: lower is better; kNever for moves the player does not make.
constexpr int kNever = 100;

int preference(const State& b, int l, Move m) {
  const Layout& lay = b.layout(l);
  const std::uint64_t payload = move_payload(m);
  switch (move_kind(m)) {
    case kPlayMove: {
      const auto where = b.find(l, static_cast<Card>(payload));
      return where.kind == State::Where::kReserve ? 0 : where.kind == State::Where::kPile ? 1 : 2;
    }
    case kMoveMove: {
      const Card card = static_cast<Card>(payload & 0xFF);
      const int to = static_cast<int>(payload >> 8);
      const auto where = b.find(l, card);
      if (where.kind == State::Where::kReserve) return 3;
      if (where.kind == State::Where::kWaste) {
        // During the grace after "Nuts!" only if it uncovers a waste card a foundation takes.
        if (b.in_grace())
          return lay.waste_n > 1 && b.foundation_for(lay.waste[lay.waste_n - 2]) >= 0 ? 5 : kNever;
        return lay.pile_n[to] ? 6 : kNever;
      }
      // From a pile: a whole pile onto another frees a space for the reserve; a sub-stack that
      // uncovers a card a foundation takes plays it next. Anything else only shuffles.
      if (where.depth == 0) return lay.pile_n[to] && lay.reserve_n ? 4 : kNever;
      const Card below = lay.tableau[where.pile][where.depth - 1];
      return b.foundation_for(below) >= 0 ? 5 : kNever;
    }
    case kDrawMove:
    case kRecycleMove:
      return 8;
    case kDoneMove:
      return 7;  // the grace: nothing useful left to complete
    case kStuckMove:
      // After a whole pass through the stock with nothing to move, or at once when the stock is
      // known and nothing in it has anywhere to go.
      return lay.idle_draws >= lay.stock_n + lay.waste_n || !b.drawing_may_help(l) ? 7 : kNever;
    default:
      return kNever;
  }
}

}  // namespace

Move heuristic_move(const State& belief, Seat seat, Rng& rng) {
  (void)rng;
  MoveList<State::kMaxMoves> moves;
  belief.legal_moves(seat, moves);
  const int l = belief.layout_of(seat);
  Move best = moves.empty() ? Move{} : moves[0];
  int best_pref = kNever + 1;
  for (Move m : moves) {
    const int p = preference(belief, l, m);
    if (p < best_pref) {
      best = m;
      best_pref = p;
    }
  }
  return best;
}

}  // namespace cardroom::nuts
