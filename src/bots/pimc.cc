#include "bots/pimc.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <optional>
#include <string_view>

#include "bots/inference.h"
#include "bots/trick_solver.h"

namespace cardroom {
namespace {

// Safety net for a rollout: no round of any game takes this many moves before its first card.
constexpr int kMaxRolloutMoves = 10000;

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// A call: the notation every bidding game shares (`bid 3`, `bid 2S`, `bid rover`, `pass`, `board`,
// `double`, `redouble`).
bool is_call(std::string_view text) {
  const std::string_view verb = text.substr(0, text.find(' '));
  return verb == "bid" || verb == "pass" || verb == "board" || verb == "double" ||
         verb == "redouble";
}

// A card played on its own: `play C` (not `play 3S truc`, a card with a raise).
bool is_card_play(std::string_view text) {
  return text.starts_with("play ") && text.find(' ', 5) == std::string_view::npos;
}

// The cards in the seat's hand (the view's "hand"; 0 if it shows none).
int hand_size(const SeatAccess& seat) {
  const nlohmann::json view = seat.view();
  const auto hand = view.find("hand");
  return hand != view.end() && hand->is_array() ? static_cast<int>(hand->size()) : 0;
}

// The index of the highest sum; ties go to the first (the lowest move or card).
template <class Sum>
std::size_t best_of(const std::vector<Sum>& sums) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < sums.size(); ++i)
    if (sums[i] > sums[best]) best = i;
  return best;
}

}  // namespace

PimcPlayer::PimcPlayer(std::string name, const PimcOptions& options, double pace,
                       std::string heuristic, Teams teams, Clock clock)
    : name_(std::move(name)),
      options_(options),
      pace_(pace),
      heuristic_(std::move(heuristic)),
      teams_(teams),
      clock_(clock ? std::move(clock) : Clock(steady_seconds)) {}

PimcPlayer::~PimcPlayer() = default;

SolverMemory& PimcPlayer::memory() {
  if (!memory_)
    memory_ = std::make_unique<SolverMemory>(static_cast<std::size_t>(options_.tt_mb) << 20);
  return *memory_;
}

bool PimcPlayer::more_worlds(const SeatAccess& seat, std::uint64_t worlds, double start) const {
  if (seat.stop_requested()) return false;  // whoever asked wants the answer now
  if (options_.ms > 0) return clock_() - start < options_.ms / 1000.0;
  return worlds < static_cast<std::uint64_t>(options_.worlds);
}

std::unique_ptr<AnyState> PimcPlayer::draw_world(const SeatAccess& seat, Rng& rng) {
  if (options_.infer == PimcOptions::Infer::kNone) {
    ++stats_.draws;
    return seat.resample(rng);
  }
  if (options_.infer == PimcOptions::Infer::kReplay) {
    if (!pool_) {
      pool_ = std::make_unique<WorldPool>();
      InferenceStats inference;
      pool_->fill(seat, 2 * options_.worlds, rng, inference);
      stats_.draws += inference.draws;
    }
    return pool_->draw(rng);
  }
  InferenceStats inference;
  std::unique_ptr<AnyState> world = draw_plausible_world(seat, rng, inference, kMaxDraws);
  stats_.draws += inference.draws;
  stats_.unlikely += inference.unlikely;
  return world;
}

void PimcPlayer::count_search(std::uint64_t worlds) {
  stats_.fewest_worlds = stats_.searches == 0 ? worlds : std::min(stats_.fewest_worlds, worlds);
  stats_.most_worlds = std::max(stats_.most_worlds, worlds);
  ++stats_.searches;
  stats_.worlds += worlds;
}

Move PimcPlayer::heuristic_move(const SeatAccess& seat, Rng& rng) const {
  auto move = seat.game_player_move(heuristic_, rng);
  CARDROOM_ASSERT(move.has_value(), "pimc was asked to move for a seat that may not move");
  return move.value_or(Move{});
}

Decision PimcPlayer::decide(const SeatAccess& seat, Rng& rng) {
  ++stats_.decisions;
  pool_.reset();  // infer=replay: each decision weighs its own worlds
  const double start = clock_();
  const std::vector<Move> legal = seat.legal_moves();
  CARDROOM_ASSERT(!legal.empty(), "pimc was asked to move for a seat that may not move");
  if (legal.size() == 1) return {legal[0], pace_};
  // A big hand: the card play is rolled out to a smaller one first (solving it whole costs too
  // much).
  std::vector<Move> cards;
  for (Move m : legal)
    if (is_card_play(seat.move_text(m))) cards.push_back(m);
  std::unique_ptr<AnyState> world = draw_world(seat, rng);
  // Searched deeper than one own move (epimc): a choice of cards with more to play after.
  const bool deep = options_.depth > 1 && cards.size() > 1 && hand_size(seat) > 1;
  // Each seat for itself with an exact target: the seat's moves searched against the heuristic.
  const bool model = !cards.empty() && exact_alone(*world);
  if (model || (!cards.empty() && hand_size(seat) > options_.direct_cards)) {
    if (deep)
      return {deep_card(seat, legal, cards, std::move(world), Eval::kRollout, model, start, rng),
              pace_};
    const std::vector<std::int64_t> sums = rollout_sums(seat, cards, model, start, rng);
    return {choose_card(seat, legal, cards, sums, rng), pace_};
  }
  // Card play is when the solver answers; the world drawn to ask is the search's first.
  if (deep &&
      world->solve(SolveQuery{.seat = seat.seat(), .each_card = false, .search = false}, memory()))
    return {deep_card(seat, legal, cards, std::move(world), Eval::kSolve, false, start, rng),
            pace_};
  if (auto first = world->solve(SolveQuery{.seat = seat.seat()}, memory()))
    return {play_card(seat, legal, std::move(*first), start, rng), pace_};
  // A card play the game's solver does not value (Red Rover's marriage games score the cards
  // captured, not tricks): each card rolled out to the end of the round, valued by its score.
  // (Where other moves stand beside the cards, as a raise answered in Truc, the heuristic's.)
  if (!cards.empty() && cards.size() == legal.size()) {
    if (deep)
      return {deep_card(seat, legal, cards, std::move(world), Eval::kRollout, false, start, rng),
              pace_};
    return {choose_card(seat, legal, cards, rollout_sums(seat, cards, false, start, rng), rng),
            pace_};
  }
  const bool calls =
      std::all_of(legal.begin(), legal.end(), [&](Move m) { return is_call(seat.move_text(m)); });
  if (options_.bid != PimcOptions::Bid::kHeuristic && calls &&
      legal.size() <= static_cast<std::size_t>(kMaxCallCandidates)) {
    // Before the first card play of the match it is not yet known whether the model applies: the
    // rollouts find out when they reach the card play.
    const bool call_model = options_.alone == PimcOptions::Alone::kModel && teams_.count == 0 &&
                            exact_alone_.value_or(true);
    return {legal[best_of(rollout_sums(seat, legal, call_model, start, rng))], pace_};
  }
  return {heuristic_move(seat, rng), pace_};
}

Move PimcPlayer::play_card(const SeatAccess& seat, const std::vector<Move>& legal,
                           SolveResult first, double start, Rng& rng) {
  const SolveQuery query{.seat = seat.seat()};
  std::vector<CardValue> cards;  // the seat's cards, in card order
  std::vector<std::int64_t> sums;
  std::uint64_t worlds = 0;
  std::optional<SolveResult> answer = std::move(first);
  for (;;) {
    CARDROOM_ASSERT(answer && answer->to_play == seat.seat(),
                    "pimc: a world drawn for the seat to play is not its card play");
    if (!answer) break;
    if (worlds == 0) {
      cards = answer->cards;
      sums.assign(cards.size(), 0);
      CARDROOM_ASSERT(std::all_of(cards.begin(), cards.end(),
                                  [&](const CardValue& c) {
                                    return std::find(legal.begin(), legal.end(), c.move) !=
                                           legal.end();
                                  }),
                      "pimc: the solver offered a card the seat may not play");
    }
    // The seat's own hand and what it may play are known: every world offers the same cards.
    CARDROOM_ASSERT(answer->cards.size() == cards.size(),
                    "pimc: a world offers the seat other cards than its own");
    for (std::size_t i = 0; i < std::min(cards.size(), answer->cards.size()); ++i) {
      CARDROOM_ASSERT(answer->cards[i].move == cards[i].move,
                      "pimc: a world offers the seat other cards than its own");
      sums[i] += answer->cards[i].value;
    }
    stats_.nodes += answer->nodes;
    ++worlds;
    if (!more_worlds(seat, worlds, start)) break;
    answer = draw_world(seat, rng)->solve(query, memory());
  }
  count_search(worlds);
  CARDROOM_ASSERT(!cards.empty(), "pimc: the solver offered no card");
  std::vector<Move> moves;
  for (const CardValue& c : cards) moves.push_back(c.move);
  return choose_card(seat, legal, moves, sums, rng);
}

Move PimcPlayer::choose_card(const SeatAccess& seat, const std::vector<Move>& legal,
                             const std::vector<Move>& cards, const std::vector<std::int64_t>& sums,
                             Rng& rng) {
  const std::int64_t top = *std::max_element(sums.begin(), sums.end());
  const auto tied = std::count(sums.begin(), sums.end(), top);
  if (tied > 1) ++stats_.tied;
  if (tied == static_cast<std::ptrdiff_t>(sums.size())) ++stats_.all_tied;
  // The heuristic is asked when it may matter: moves beside the plain cards (a raise, a card with
  // a raise) are its call, and among cards tied for the best sum it picks (else the lowest).
  if (cards.size() < legal.size() || tied > 1) {
    const Move h = heuristic_move(seat, rng);
    for (std::size_t i = 0; i < cards.size(); ++i)
      if (cards[i] == h) return sums[i] == top ? h : cards[best_of(sums)];
    if (cards.size() < legal.size()) return h;
  }
  return cards[best_of(sums)];
}

Move PimcPlayer::deep_card(const SeatAccess& seat, const std::vector<Move>& legal,
                           const std::vector<Move>& cards, std::unique_ptr<AnyState> first,
                           Eval eval, bool model, double start, Rng& rng) {
  std::vector<std::unique_ptr<AnyState>> worlds;
  worlds.push_back(std::move(first));
  while (more_worlds(seat, worlds.size(), start)) worlds.push_back(draw_world(seat, rng));
  count_search(worlds.size());
  ++stats_.deep_searches;
  const Seat me = seat.seat();
  std::vector<AnyState*> all;
  for (const auto& w : worlds) all.push_back(w.get());
  std::vector<std::int64_t> sums, flat;
  node_values(all, me, cards, options_.depth, eval, model, rng, &sums, &flat);
  const Move chosen = choose_card(seat, legal, cards, sums, rng);
  // Counted for measurement: PIMC's card would have been another (its best sum, first of ties).
  if (std::find(cards.begin(), cards.end(), chosen) != cards.end() &&
      flat[best_of(flat)] > flat[std::find(cards.begin(), cards.end(), chosen) - cards.begin()])
    ++stats_.deep_changed;
  return chosen;
}

std::vector<std::int64_t> PimcPlayer::card_sums(
    const std::vector<std::unique_ptr<AnyState>>& worlds, Seat me, const std::vector<Move>& cards,
    Eval eval, bool model, Rng& rng) {
  std::vector<AnyState*> all;
  for (const auto& w : worlds) all.push_back(w.get());
  std::vector<std::int64_t> sums;
  node_values(all, me, cards, options_.depth, eval, model, rng, &sums, nullptr);
  return sums;
}

std::vector<std::vector<std::int64_t>> PimcPlayer::leaf_values(const std::vector<AnyState*>& worlds,
                                                               Seat me,
                                                               const std::vector<Move>& cards,
                                                               Eval eval, bool model, Rng& rng) {
  std::vector<std::vector<std::int64_t>> values(worlds.size(),
                                                std::vector<std::int64_t>(cards.size(), 0));
  for (std::size_t w = 0; w < worlds.size(); ++w) {
    if (eval == Eval::kSolve) {
      const auto answer = worlds[w]->solve(SolveQuery{.seat = me}, memory());
      CARDROOM_ASSERT(answer && answer->to_play == me,
                      "epimc: a world where the seat is to play a card is not its card play");
      if (!answer) continue;
      stats_.nodes += answer->nodes;
      for (const CardValue& c : answer->cards)
        for (std::size_t i = 0; i < cards.size(); ++i)
          if (cards[i] == c.move) values[w][i] = c.value;
      continue;
    }
    // The same rollout randomness for every card of a world.
    const Rng rollout_rng = rng.split();
    for (std::size_t i = 0; i < cards.size(); ++i) {
      const std::unique_ptr<AnyState> copy = worlds[w]->clone();
      Rng r = rollout_rng;
      values[w][i] = rollout(*copy, me, cards[i], model, false, r);
    }
  }
  return values;
}

void PimcPlayer::play_others(const std::vector<std::unique_ptr<AnyState>>& after,
                             std::vector<std::size_t> alike, Seat me, Eval eval,
                             std::vector<std::uint64_t> key, Groups& groups, Rng& rng) {
  const AnyState& first = *after[alike[0]];
  const int deals = first.deals_dealt(), rounds = first.rounds_completed();
  for (int step = 0; step < kMaxRolloutMoves; ++step) {
    // The worlds share what `me` has seen, so the same seat is to move in all of them, and the
    // round ends in all at once.
    const AnyState& w0 = *after[alike[0]];
    if (w0.over() || w0.deals_dealt() != deals || w0.rounds_completed() != rounds) return;
    const Seat s = w0.actors().lowest();
    if (s == me) {
      // Its choice of cards (beside them Truc offers a raise: left out of the search). Where it
      // has none left this round, its value one move deep stands.
      // The worlds are parted here by all the seat sees (its view): moves nobody chose, as
      // Bridge Solitaire's house playing the stock, differ between worlds too.
      std::map<std::string, std::vector<std::size_t>> by_view;
      for (std::size_t k : alike) by_view[after[k]->view(me).dump()].push_back(k);
      for (auto& [view, part] : by_view) {
        const AnyState& w = *after[part[0]];
        const std::vector<Move> legal = w.legal_moves(me);
        if (std::count_if(legal.begin(), legal.end(),
                          [&](Move m) { return is_card_play(w.move_text(m)); }) > 1)
          groups.emplace_back(key, std::move(part));
      }
      return;
    }
    std::vector<Move> moves(alike.size());
    if (eval == Eval::kSolve) {
      // Each world's seat plays as PIMC assumes, knowing the world: a partner a best card for the
      // side of `me`, any other seat a worst (the solver's values are for that side). Among its
      // equally good cards it plays the one that most of the worlds alike could play so too (the
      // lowest of those): it shows as little of its hand as it can.
      std::vector<std::vector<Move>> best(alike.size());
      std::map<Move, int> counts;
      const bool partner = teams_.count > 0 && teams_.team_of[s] == teams_.team_of[me];
      for (std::size_t k = 0; k < alike.size(); ++k) {
        const auto answer = after[alike[k]]->solve(SolveQuery{.seat = me}, memory());
        if (!answer || answer->cards.empty()) return;  // not card play: values one move deep
        stats_.nodes += answer->nodes;
        int top = answer->cards[0].value;
        for (const CardValue& c : answer->cards)
          top = partner ? std::max(top, c.value) : std::min(top, c.value);
        for (const CardValue& c : answer->cards)
          if (c.value == top) {
            best[k].push_back(c.move);
            ++counts[c.move];
          }
      }
      for (std::size_t k = 0; k < alike.size(); ++k) {
        moves[k] = best[k][0];
        for (Move m : best[k])
          if (counts[m] > counts[moves[k]]) moves[k] = m;
      }
    } else {
      for (std::size_t k = 0; k < alike.size(); ++k) {
        const auto next = after[alike[k]]->bot_move(heuristic_, s, rng);
        CARDROOM_ASSERT(next.has_value(), "epimc: the game's player did not move");
        if (!next) return;
        moves[k] = *next;
      }
    }
    std::map<Move, std::vector<std::size_t>> parts;
    for (std::size_t k = 0; k < alike.size(); ++k) {
      [[maybe_unused]] const Status st = after[alike[k]]->apply(s, moves[k], nullptr);
      CARDROOM_ASSERT(st.ok(), "epimc: a move the search chose was refused");
      parts[moves[k]].push_back(alike[k]);
    }
    if (parts.size() > 1) {
      // The worlds part: what `me` sees from here differs.
      for (auto& [move, part] : parts) {
        std::vector<std::uint64_t> longer = key;
        longer.push_back(move.code);
        play_others(after, std::move(part), me, eval, std::move(longer), groups, rng);
      }
      return;
    }
    key.push_back(moves[0].code);
  }
  CARDROOM_ASSERT(false, "epimc: the other seats never let the seat play");
}

std::vector<std::int64_t> PimcPlayer::node_values(const std::vector<AnyState*>& worlds, Seat me,
                                                  const std::vector<Move>& cards, int depth,
                                                  Eval eval, bool model, Rng& rng,
                                                  std::vector<std::int64_t>* sums,
                                                  std::vector<std::int64_t>* flat_sums) {
  const std::vector<std::vector<std::int64_t>> leaf =
      leaf_values(worlds, me, cards, eval, model, rng);
  std::vector<std::int64_t> flat(cards.size(), 0);
  for (const auto& row : leaf)
    for (std::size_t i = 0; i < cards.size(); ++i) flat[i] += row[i];
  if (flat_sums) *flat_sums = flat;
  auto column = [&](std::size_t i) {
    std::vector<std::int64_t> out;
    for (const auto& row : leaf) out.push_back(row[i]);
    return out;
  };
  if (depth <= 1) {
    if (sums) *sums = flat;
    return column(best_of(flat));
  }
  // The cards by their sums one move deep, best first: each searched deeper (where the seat's
  // next move is one for all the worlds that look alike to it, so the sum can only fall) while
  // it could still beat the best found and at most `candidates` of them.
  std::vector<std::size_t> order(cards.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return flat[a] > flat[b]; });
  std::vector<std::int64_t> deep(cards.size(), kUnsearched);
  std::vector<std::vector<std::int64_t>> deep_values(cards.size());
  std::int64_t best = kUnsearched;
  int searched = 0;
  for (std::size_t i : order) {
    if (searched >= std::max(1, options_.candidates)) break;
    if (searched > 0 && eval == Eval::kSolve && flat[i] <= best) break;
    ++searched;
    std::vector<std::int64_t> values = column(i);
    // The worlds after the card, parted by what the seat sees of the others' moves.
    std::vector<std::unique_ptr<AnyState>> after(worlds.size());
    std::vector<std::size_t> all(worlds.size());
    for (std::size_t w = 0; w < worlds.size(); ++w) {
      after[w] = worlds[w]->clone();
      [[maybe_unused]] const Status st = after[w]->apply(me, cards[i], nullptr);
      CARDROOM_ASSERT(st.ok(), "epimc: a legal card was refused in a world");
      all[w] = w;
    }
    Groups groups;
    play_others(after, std::move(all), me, eval, {}, groups, rng);
    for (const auto& [key, members] : groups) {
      std::vector<AnyState*> group;
      for (std::size_t w : members) group.push_back(after[w].get());
      std::vector<Move> next;
      for (Move m : group[0]->legal_moves(me))
        if (is_card_play(group[0]->move_text(m))) next.push_back(m);
      const std::vector<std::int64_t> sub =
          node_values(group, me, next, depth - 1, eval, model, rng, nullptr, nullptr);
      for (std::size_t k = 0; k < members.size(); ++k) values[members[k]] = sub[k];
    }
    std::int64_t total = 0;
    for (std::int64_t v : values) total += v;
    deep[i] = total;
    deep_values[i] = std::move(values);
    best = std::max(best, total);
  }
  if (sums) *sums = deep;
  return deep_values[best_of(deep)];
}

bool PimcPlayer::exact_alone(const AnyState& world) {
  if (options_.alone != PimcOptions::Alone::kModel || teams_.count > 0) return false;
  if (!exact_alone_) {
    const auto answer = world.solve(
        SolveQuery{.seat = kNoSeat, .tricks = true, .each_card = false, .search = false}, memory());
    if (!answer) return false;  // not card play: asked again at the next card
    stats_.nodes += answer->nodes;
    exact_alone_ = !answer->scores.empty() &&
                   static_cast<int>(answer->scores.size()) / (answer->tricks + 1) > 2;
  }
  return *exact_alone_;
}

std::vector<std::int64_t> PimcPlayer::rollout_sums(const SeatAccess& seat,
                                                   const std::vector<Move>& candidates, bool model,
                                                   double start, Rng& rng) {
  std::vector<std::int64_t> sums(candidates.size(), 0);
  std::uint64_t worlds = 0;
  // Calls for the most exact targets made.
  const bool exact =
      options_.bid == PimcOptions::Bid::kExact && is_call(seat.move_text(candidates[0]));
  do {
    const std::unique_ptr<AnyState> world = draw_world(seat, rng);
    const Rng rollout_rng = rng.split();
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      const std::unique_ptr<AnyState> copy = world->clone();
      Rng r = rollout_rng;
      sums[i] += rollout(*copy, seat.seat(), candidates[i], model, exact, r);
    }
    ++worlds;
  } while (more_worlds(seat, worlds, start));
  count_search(worlds);
  return sums;
}

int PimcPlayer::side_score(const AnyState& world, Seat me) const {
  return teams_.count > 0 ? world.team_score(teams_.team_of[me]) : world.score(me);
}

int PimcPlayer::rollout(AnyState& world, Seat me, Move move, bool model, bool exact, Rng& rng) {
  Mark mark{.score = side_score(world, me),
            .deals = world.deals_dealt(),
            .rounds = world.rounds_completed()};
  // The seat's cards once the play has begun (-1: not yet).
  int my_cards = -1;
  if (world.move_text(move).starts_with("play "))
    my_cards = static_cast<int>(world.view(me)["hand"].size()) - 1;
  [[maybe_unused]] const Status applied = world.apply(me, move, nullptr);
  CARDROOM_ASSERT(applied.ok(), "pimc: a legal move was refused on a world drawn for the seat");
  const int value = play_on(world, me, mark, my_cards, model, rng);
  if (!exact || !mark.ceiling_known || !mark.exact_target) return value;
  // The target made counts first, its score second.
  return value == mark.top ? kMade + value : value;
}

int PimcPlayer::play_on(AnyState& world, Seat me, Mark& mark, int my_cards, bool model, Rng& rng) {
  const SolveQuery query{.seat = me, .each_card = false};
  for (int step = 0; step < kMaxRolloutMoves; ++step) {
    // The round is over (or ended before its card play: everyone passed): what it scored.
    if (world.over() || world.deals_dealt() != mark.deals ||
        world.rounds_completed() != mark.rounds)
      return side_score(world, me) - mark.score;
    const Seat s = world.actors().lowest();
    if (model && s == me && my_cards >= 0 && my_cards <= options_.search_cards) {
      // The seat's own move: the best of its moves, each played on to the end of the round.
      if (!mark.ceiling_known) set_ceiling(world, me, mark);
      int best = std::numeric_limits<int>::min();
      for (Move m : world.legal_moves(me)) {
        const std::unique_ptr<AnyState> child = world.clone();
        Rng r = rng;
        [[maybe_unused]] const Status st = child->apply(me, m, nullptr);
        CARDROOM_ASSERT(st.ok(), "pimc: a legal move was refused in a search");
        best = std::max(best, play_on(*child, me, mark, my_cards - 1, model, r));
        if (best >= mark.ceiling) break;
      }
      return best;
    }
    const auto next = world.bot_move(heuristic_, s, rng);
    CARDROOM_ASSERT(next.has_value(), "pimc: the game's player did not move in a rollout");
    const bool card = world.move_text(*next).starts_with("play ");
    if (card && my_cards < 0) {
      my_cards = static_cast<int>(world.view(me)["hand"].size());
      model = model && exact_alone(world);  // a call's rollout reaches the card play
      // No move of the seat will be searched: the target (bid=exact) is learnt here.
      if (model && options_.search_cards <= 0) set_ceiling(world, me, mark);
    }
    if (!model && card && my_cards <= options_.solve_cards) {
      if (const auto answer = world.solve(query, memory())) {
        stats_.nodes += answer->nodes;
        return answer->value;
      }
    }
    [[maybe_unused]] const Status st = world.apply(s, next.value_or(Move{}), nullptr);
    CARDROOM_ASSERT(st.ok(), "pimc: the game's player made a move the game refused");
    if (card && s == me) --my_cards;
  }
  CARDROOM_ASSERT(false, "pimc: a rollout never ended");
  return side_score(world, me) - mark.score;
}

void PimcPlayer::set_ceiling(const AnyState& world, Seat me, Mark& mark) {
  mark.ceiling_known = true;
  mark.ceiling = mark.top = kNoCeiling;
  const SolveQuery tricks{.seat = me, .tricks = true, .each_card = false, .search = false};
  const auto answer = world.solve(tricks, memory());
  if (!answer || answer->scores.empty()) return;
  stats_.nodes += answer->nodes;
  mark.ceiling = mark.top = std::numeric_limits<int>::min();
  int at_top = 0, top_total = 0;  // how many trick totals score mark.top, the last of them
  for (int t = 0; t <= answer->tricks; ++t) {
    const int score = answer->scores[static_cast<std::size_t>(me * (answer->tricks + 1) + t)];
    if (score > mark.top) at_top = 0;
    mark.top = std::max(mark.top, score);
    if (score == mark.top) {
      ++at_top;
      top_total = t;
    }
    if (t >= answer->won) mark.ceiling = std::max(mark.ceiling, score);
  }
  mark.exact_target = at_top == 1 && top_total < answer->tricks;
}

namespace {

// The options pimc and epimc share.
std::vector<OptionSpec> pimc_option_specs() {
  return {OptionSpec::integer("worlds", 40, 1, 100000, "worlds solved per move"),
          OptionSpec::integer("ms", 0, 0, 600000,
                              "time budget per move in ms: solve worlds until it is spent, at "
                              "least one (0: no budget, `worlds` worlds)"),
          OptionSpec::integer("tt_mb", 4, 1, 4096, "the solver's table in MB"),
          OptionSpec::integer("solve_cards", 4, 0, 64,
                              "calls: a rollout's card play is solved once the seat holds this "
                              "many cards (the heuristic plays before; 0: never solved)"),
          OptionSpec::integer("direct_cards", 8, 0, 64,
                              "card play: solved directly while the seat holds at most this many "
                              "cards; with more, each card is rolled out to solve_cards first"),
          OptionSpec::choice("alone", {"model", "solve"},
                             "where each seat scores alone by an exact trick total: search the "
                             "seat's own moves against the game's heuristic, or the solver"),
          OptionSpec::integer("search_cards", 3, 0, 64,
                              "alone=model: the seat's own moves are searched once it holds this "
                              "many cards (the heuristic plays them before)"),
          OptionSpec::choice("bid", {"exact", "solve", "heuristic"},
                             "calls (bids): roll out sampled worlds for each and make, where "
                             "the seat's score rewards one trick total most (alone=model), the "
                             "one made exactly most often (exact), else and with solve the best "
                             "on average; or the game's heuristic"),
          OptionSpec::choice("infer", {"model", "none", "replay"},
                             "worlds kept in proportion to how plausible the other seats' "
                             "decisions are in them by the game's own model of its players "
                             "(model: S48's bids), every world drawn alike (none), or weighed "
                             "by the round's decisions replayed with the game's heuristic as "
                             "every player's model (replay: twice `worlds` worlds drawn a "
                             "decision, weighed, the searched ones chosen among them)")};
}

std::unique_ptr<Player> make_pimc(const AnyGame& game, const std::string& name,
                                  const OptionValues& values, bool deep) {
  PimcOptions options;
  options.worlds = static_cast<int>(values.get_int("worlds"));
  options.ms = static_cast<int>(values.get_int("ms"));
  options.tt_mb = static_cast<int>(values.get_int("tt_mb"));
  options.solve_cards = static_cast<int>(values.get_int("solve_cards"));
  options.direct_cards = static_cast<int>(values.get_int("direct_cards"));
  options.bid = values.get_choice_as<PimcOptions::Bid>("bid");
  options.alone = values.get_choice_as<PimcOptions::Alone>("alone");
  options.search_cards = static_cast<int>(values.get_int("search_cards"));
  options.infer = values.get_choice_as<PimcOptions::Infer>("infer");
  if (deep) {
    options.depth = static_cast<int>(values.get_int("depth"));
    options.candidates = static_cast<int>(values.get_int("candidates"));
  }
  const double pace = pace_ms_of(static_cast<int>(values.get_int("speed")),
                                 static_cast<int>(values.get_int("pace_ms"))) /
                      1000.0;
  const auto bots = game.bot_names();
  const bool has_heuristic = std::find(bots.begin(), bots.end(), "heuristic") != bots.end();
  return std::make_unique<PimcPlayer>(name, options, pace, has_heuristic ? "heuristic" : "random",
                                      game.teams());
}

}  // namespace

PlayerEntry pimc_player_entry() {
  return {"pimc",
          "Perfect Information Monte Carlo: solves sampled worlds double-dummy (trick games)",
          pimc_option_specs(), [](const AnyGame& game) { return game.has_solver(); },
          [](const AnyGame& game, const std::string& name, const OptionValues& values,
             std::string*) { return make_pimc(game, name, values, false); }};
}

PlayerEntry epimc_player_entry() {
  std::vector<OptionSpec> options = pimc_option_specs();
  for (OptionSpec& spec : options)
    if (spec.name == "infer") spec.default_value = "replay";  // on in the strongest setting
  options.push_back(OptionSpec::integer(
      "depth", 2, 1, 8,
      "the seat's own card plays searched deep: its next ones chosen once for all the worlds it "
      "cannot tell apart (1: PIMC)"));
  options.push_back(OptionSpec::integer(
      "candidates", 3, 1, 64,
      "at most this many cards of a decision searched deeper, the best by PIMC's sums first"));
  return {"epimc",
          "Extended PIMC: PIMC whose own next card plays are one for all the worlds that look "
          "alike to it, so it does not count on guessing right later (trick games)",
          std::move(options), [](const AnyGame& game) { return game.has_solver(); },
          [](const AnyGame& game, const std::string& name, const OptionValues& values,
             std::string*) { return make_pimc(game, name, values, true); }};
}

}  // namespace cardroom
