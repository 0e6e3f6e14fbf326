// The Bridge Solitaire heuristic player.
//
//   Keep: of the face-up cards it keeps the six (jokers included, as the rules force) that give
//        the best keep_value: a point per winning trick counted the house's way (rule 3), per
//        high-card point (A 4, K 3, Q 2, J 1) and per card of the longest suit beyond three (the
//        weights fitted by simulation). It keeps them one at a time, the highest first.
//   Discard: the highest card of the seven on top of the pile (it never matters to a program).
//   Call: for each strain it may bid, and for a pass, it plays the hand out in 32 sampled stocks
//        with its own card play and scores every legal call with the rubber as it stands: the
//        hand's WE points less THEY points, and a game made or conceded worth 250 more or less.
//        It makes the call with the best average.
//   Play: leading, the card with the best chance to win (lead_win_chance: the house answers with
//        the first valid card of a stock in random order); following the house, the cheapest
//        card that wins, else the lowest of the suit; void, the lowest trump, else a joker (it
//        can win nothing else), else the lowest card; the other joker on a joker lead.
#include "games/bridge_solitaire/bridge_solitaire_bot.h"

#include <algorithm>
#include <bit>

namespace cardroom::bridge_solitaire {
namespace {

using bridge::Bid;
using bridge::Strain;

constexpr int kCallSamples = 32;
constexpr double kGameValue = 250;  // a game won, beyond its points, towards the rubber bonus

int high_card_points(CardSet cards) {
  int points = 0;
  for (int s = 0; s < kSuits; ++s) {
    const unsigned m = cards.rank_mask(s);
    points += 4 * ((m >> kAce) & 1) + 3 * ((m >> kKing) & 1) + 2 * ((m >> kQueen) & 1) +
              ((m >> kJack) & 1);
  }
  return points;
}

// The lowest card of `cards` by rank (standard cards; jokers last), or kNoCard.
Card lowest_by_rank(CardSet cards) {
  Card best = kNoCard;
  for (Card c : cards)
    if (best == kNoCard || is_joker(best) || (!is_joker(c) && rank_of(c) < rank_of(best))) best = c;
  return best;
}

// The card to play now (the belief is in the play phase with the player to play).
Card choose_card(const State& s) {
  const CardSet hand = s.hand(kPlayer);
  const CardSet playable = s.trick_play().playable(kPlayer);
  const int trump = s.contract().bid.suit();
  if (s.trick_size() == 0) {
    const CardSet unseen = s.unseen();
    Card best = kNoCard;
    double best_p = -1;
    for (Card c : playable) {
      // Equal chances: the lower card, keeping the higher for later.
      const double p = lead_win_chance(c, unseen, trump) - (is_joker(c) ? 0.0 : rank_of(c) * 1e-4);
      if (p > best_p) best_p = p, best = c;
    }
    return best;
  }
  const Card led = s.trick_card(s.trick_number(), 0);
  if (is_joker(led)) {
    if (const CardSet j = hand & kJokers; !j.empty()) return j.lowest();  // it wins
    return lowest_by_rank(playable);
  }
  const CardSet follow = playable.in_suit(suit_of(led));
  if (!follow.empty()) {
    for (Card c : follow)  // card ids rise with rank within a suit
      if (rank_of(c) > rank_of(led)) return c;
    return follow.lowest();
  }
  if (trump != kNoSuit && suit_of(led) != trump)
    if (const CardSet t = playable.in_suit(trump); !t.empty()) return t.lowest();
  if (const CardSet j = playable & kJokers; !j.empty()) return j.lowest();
  CardSet others = playable;
  if (trump != kNoSuit) others -= CardSet::suit(trump);
  return lowest_by_rank(others.empty() ? playable : others);
}

// Plays the hand in progress out with choose_card; the player's tricks in it.
int play_out(State world) {
  const int hand_no = world.round_index();
  while (!world.over() && world.round_index() == hand_no && world.phase() == State::Phase::kPlay) {
    if (!world.apply(kPlayer, play_move(choose_card(world)), nullptr).ok()) break;
  }
  return world.last_round_record().player_tricks;
}

// The value for WE of a hand scored as `contract` with the player taking `player_tricks`.
double call_value(const State& s, const bridge::Contract& contract, int player_tricks) {
  bridge::Rubber r = s.rubber();
  const int games_we = r.games(0), games_they = r.games(1);
  const int declarer_tricks = contract.declarer == kPlayer ? player_tricks : kHand - player_tricks;
  const bridge::HandLines lines = r.score_hand(
      contract, declarer_tricks, kPlayer, bridge::honours(s.hand(kPlayer), contract.bid.strain));
  double v = lines.total(0) - lines.total(1);
  if (!r.over()) v += kGameValue * ((r.games(0) - games_we) - (r.games(1) - games_they));
  return v;
}

Move choose_call(const State& belief, const MoveList<State::kMaxMoves>& moves, Rng& rng) {
  // Tricks the player takes in each strain as declarer (index 0..4) and defending (index 5).
  std::array<double, bridge::kStrains + 1> sum{};
  std::array<bool, bridge::kStrains + 1> wanted{};
  std::array<Move, bridge::kStrains + 1> probe{};
  for (Move m : moves) {
    if (move_kind(m) == kPassMove) {
      wanted[bridge::kStrains] = true, probe[bridge::kStrains] = m;
    } else {
      const int strain = static_cast<int>(Bid::of_rank(static_cast<int>(move_payload(m))).strain);
      if (!wanted[strain]) wanted[strain] = true, probe[strain] = m;  // the lowest level
    }
  }
  std::array<std::array<std::int8_t, kCallSamples>, bridge::kStrains + 1> tricks{};
  for (int k = 0; k < kCallSamples; ++k) {
    const State world = belief.resample(kPlayer, rng);
    for (int i = 0; i <= bridge::kStrains; ++i) {
      if (!wanted[i]) continue;
      State w = world;
      if (!w.apply(kPlayer, probe[i], nullptr).ok()) continue;
      tricks[i][k] = static_cast<std::int8_t>(play_out(w));
      sum[i] += tricks[i][k];
    }
  }
  Move best = moves[0];
  double best_value = -1e18;
  const bridge::Doubling doubling = joker_doubling(belief.hand(kPlayer));
  for (Move m : moves) {
    bridge::Contract c;
    int i;
    if (move_kind(m) == kPassMove) {
      c = {*belief.house_bid(), doubling, static_cast<std::int8_t>(kHouse)};
      i = bridge::kStrains;
    } else {
      c = {Bid::of_rank(static_cast<int>(move_payload(m))), doubling,
           static_cast<std::int8_t>(kPlayer)};
      i = static_cast<int>(c.bid.strain);
    }
    double value = 0;
    for (int k = 0; k < kCallSamples; ++k) value += call_value(belief, c, tricks[i][k]);
    if (value > best_value) best_value = value, best = m;
  }
  return best;
}

Move choose_keep(const State& belief, const MoveList<State::kMaxMoves>& moves) {
  const CardSet kept = belief.kept(), face_up = belief.face_up();
  const CardSet jokers = face_up & kJokers;
  const int need = kKeep - kept.size();
  std::array<Card, kFaceUp> cards{};
  int n = 0;
  for (Card c : face_up - jokers) cards[n++] = c;
  const int free = need - jokers.size();
  // Every choice of `free` cards from the others: at most C(13, 6) = 1716.
  CardSet best_set;
  double best = -1e18;
  std::array<int, kKeep> idx{};
  for (int i = 0; i < free; ++i) idx[i] = i;
  for (;;) {
    CardSet pick = kept | jokers;
    for (int i = 0; i < free; ++i) pick.add(cards[idx[i]]);
    if (const double v = keep_value(pick); v > best) best = v, best_set = pick;
    int i = free - 1;
    while (i >= 0 && idx[i] == n - free + i) --i;
    if (i < 0) break;
    ++idx[i];
    for (int j = i + 1; j < free; ++j) idx[j] = idx[j - 1] + 1;
  }
  const CardSet to_keep = best_set - kept;
  if (!(to_keep & kJokers).empty()) return keep_move((to_keep & kJokers).lowest());
  Card top = kNoCard;
  for (Card c : to_keep)
    if (top == kNoCard || rank_of(c) > rank_of(top)) top = c;
  const Move m = keep_move(top);
  for (Move legal : moves)
    if (legal == m) return m;
  return moves[0];
}

}  // namespace

double keep_value(CardSet cards) {
  double winners = 0;
  for (int w : winning_tricks(cards, CardSet::standard_deck() - cards)) winners += w;
  int longest = 0;
  for (int s = 0; s < kSuits; ++s) longest = std::max(longest, cards.in_suit(s).size());
  return winners + high_card_points(cards) + std::max(0, longest - 3);
}

double lead_win_chance(Card card, CardSet unseen, int trump) {
  if (is_joker(card)) return 0;  // the house's answer wins (BS-A6)
  const int suit = suit_of(card);
  const CardSet same = unseen.in_suit(suit);
  const int lower = std::popcount(same.rank_mask(suit) & ((1u << rank_of(card)) - 1));
  const int jokers = (unseen & kJokers).size();
  int valid = same.size() + jokers;
  if (trump != kNoSuit && suit != trump) valid += unseen.in_suit(trump).size();
  if (trump != kNoSuit) return valid == 0 ? 1.0 : static_cast<double>(lower) / valid;
  // No trump: at most four turns; none valid in them wins by default.
  const int total = unseen.size();
  double none = 1;
  for (int i = 0; i < std::min(kNoTrumpTurns, total); ++i)
    none *= static_cast<double>(total - valid - i) / (total - i);
  none = std::max(0.0, none);
  return valid == 0 ? 1.0 : none + (1 - none) * lower / valid;
}

Move heuristic_move(const State& belief, Seat seat, Rng& rng) {
  MoveList<State::kMaxMoves> moves;
  belief.legal_moves(seat, moves);
  if (moves.empty()) return Move{};
  if (moves.size() == 1) return moves[0];
  switch (belief.phase()) {
    case State::Phase::kKeep:
      return choose_keep(belief, moves);
    case State::Phase::kDiscard: {
      Move best = moves[0];
      for (Move m : moves)
        if (rank_of(static_cast<Card>(move_payload(m))) >
            rank_of(static_cast<Card>(move_payload(best))))
          best = m;
      return best;
    }
    case State::Phase::kCall:
      return choose_call(belief, moves, rng);
    case State::Phase::kPlay:
      return play_move(choose_card(belief));
    case State::Phase::kOver:
      break;
  }
  return moves[0];
}

}  // namespace cardroom::bridge_solitaire
