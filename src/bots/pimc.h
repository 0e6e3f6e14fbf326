// PIMC (Perfect Information Monte Carlo): the `pimc` player of every trick game whose State offers
// the double-dummy solver (AnyGame::has_solver; AnyState::solve, bots/trick_solver.h).
//
// It sees what its seat may see and nothing else: every world it looks at is drawn by
// SeatAccess::resample (the seat's own cards and everything public kept, every hidden card drawn
// afresh), and the solver answers as if that world were the truth.
//
//   Which worlds (infer=model, the default). A world drawn by resample is kept with the chance
//     AnyState::plausibility gives it: how well the other seats' decisions this round (bids, cards)
//     fit their hands in it, as the game's own model of its players (its heuristic) decides from
//     what each seat knew then; 1 in games without such a model (only S48 has one). This is
//     rejection sampling of the seat's belief given those decisions (policy-based inference:
//     Rebstock, Solinas, Buro, Sturtevant, "Policy Based Inference in Trick-Taking Card Games",
//     2019); after kMaxDraws draws with none kept, the most plausible is used. infer=none keeps
//     every world drawn. infer=replay weighs worlds by the generic model (every game that replays
//     its rounds: AnyState::replay_plausibility) through a WorldPool (bots/inference.h) of twice
//     `worlds` worlds drawn at each decision.
//   Deeper (`epimc`, options.depth > 1): card play searched `depth` of the seat's own moves deep,
//     its later cards one for all the worlds it cannot tell apart (node_values; docs/players.md).
//   Each seat for itself with an exact target (S48, Reds without partners: the solver's answer
//     has scores by trick total and more than two seats; alone=model, the default). The solver's
//     values there are guarantees against all other seats together, far too pessimistic
//     (docs/players.md). Instead each card, and each call, is rolled out in every world with the
//     game's heuristic at every other seat (each deciding on a world drawn for its own seat) and
//     at the seat itself until it holds search_cards cards; from there the seat's own moves are
//     searched (the best round score over them, cut off once the best score still reachable is
//     made). The card of the best sum is played (ties: the heuristic's card). Calls: bid=exact
//     (the default) makes the one that made its target in the most worlds (ties: the best sum of
//     scores), where the target is exact: one trick total scores best and more would score less
//     (S48's and Reds' bids; not Red Rover's contracts, made by the tricks needed: there, and
//     with bid=solve, the call of the best sum).
//   Card play elsewhere. It draws worlds, solves each for its seat's side (SolveQuery::seat: the
//     side's round score where the game scores the round by tricks, the best score it can
//     guarantee against all other seats where each seat scores alone, else its trick total), sums
//     each card's value over the worlds and plays the card with the best sum. Ties go to the card
//     the game's heuristic plays, if it is one of them, else to the lowest. Legal moves that are
//     not a plain card (Truc's raises) are the heuristic's: it is asked, and a move of its that is
//     not a plain card is made.
//   Calls (bids). A decision before the card play whose legal moves are all calls (text `bid ..`,
//     `pass`, `board`, `double`, `redouble`), at most kMaxCallCandidates of them, is decided by
//     rollouts: in each world each candidate is made, the round goes on with the game's heuristic
//     at every seat (on the world, so each draws its own world from there) until the seat holds
//     `solve_cards` cards, and that position is solved for the seat's side (a round that ends
//     first, all passing, counts what it scored). The candidate with the best sum is made (ties:
//     the lowest). The same worlds and rollout randomness serve every candidate. Why not solve
//     from the first card: with each seat for itself the solver's values are guarantees against
//     all other seats together, and from a full hand those are almost always "nothing"
//     (docs/players.md has the numbers). bid=heuristic leaves calls to the heuristic.
//   A card play the game's solver does not value (it answers nothing: Red Rover's marriage games,
//     scored by the cards captured) where every legal move is a card: each card rolled out to the
//     end of the round with the heuristic at every seat, valued by the side's score.
//   Everything else before the card play (exchanges, naming a trump, Truc's cut): the heuristic.
//
// Options (bots/registry.h): worlds (per move, default 40), ms (a time budget per move: when set
// it draws worlds until the budget is spent, at least one, and `worlds` no longer counts), tt_mb
// (the solver's table in MB, kept for the match), solve_cards, direct_cards, alone (model |
// solve), search_cards, bid (exact | solve | heuristic), infer (model | none). A move with one
// legal choice is made at once.
//
// Cost: one solve per world per card decision; per call, one rollout and one small solve per world
// and candidate; with infer=model, the draws a world kept costs (S48: about 20 draws, each a
// replay of the round so far). The table is allocated at the first decision and kept.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bots/inference.h"
#include "bots/player.h"
#include "bots/registry.h"

namespace cardroom {

struct PimcOptions {
  int worlds = 40;
  int ms = 0;  // 0: no time budget, `worlds` worlds per move
  int tt_mb = 4;
  int solve_cards = 4;
  int direct_cards = 8;
  enum class Bid : std::uint8_t {
    kExact,
    kSolve,
    kHeuristic
  };  // the order of the option's choices
  Bid bid = Bid::kExact;
  // Games where each seat scores alone by its exact trick total (S48, Reds): search the seat's own
  // moves against the game's heuristic at the other seats (kModel), or the solver as elsewhere.
  enum class Alone : std::uint8_t { kModel, kSolve };
  Alone alone = Alone::kModel;
  int search_cards = 3;  // kModel: the seat's own moves are searched once it holds this many
  // Worlds: drawn by resample and kept in proportion to their AnyState::plausibility (the other
  // seats' decisions by the game's model of its players: kModel), or every world drawn (kNone).
  // kReplay: the generic model (AnyState::replay_plausibility) through a WorldPool of twice
  // `worlds` worlds weighed once per decision (bots/inference.h).
  enum class Infer : std::uint8_t { kModel, kNone, kReplay };
  Infer infer = Infer::kModel;
  // Card play searched this many of the seat's own moves deep (`epimc`): 1 is PIMC. Below the
  // root at most `candidates` cards of each decision are searched deeper, the best by PIMC first.
  int depth = 1;
  int candidates = 3;
};

// What a PIMC player has done in its match, for tests and measurement.
struct PimcStats {
  std::uint64_t decisions = 0;  // moves made
  std::uint64_t searches = 0;   // moves decided by solving worlds (card play and calls)
  std::uint64_t worlds = 0;     // worlds drawn by those searches
  std::uint64_t fewest_worlds = 0, most_worlds = 0;  // per search
  std::uint64_t nodes = 0;                           // solver positions searched
  std::uint64_t tied = 0, all_tied = 0;              // card searches with several / all cards best
  std::uint64_t draws = 0;  // worlds drawn by resample (more than `worlds` when some are rejected)
  std::uint64_t unlikely = 0;       // worlds kept as the most plausible of kMaxDraws, none accepted
  std::uint64_t deep_searches = 0;  // card plays searched deeper than one own move (depth > 1)
  std::uint64_t deep_changed = 0;   // of them, those that chose another card than PIMC's sums
};

// draw_world: the draws per world kept, at most.
inline constexpr int kMaxDraws = 200;

// Decisions with more call candidates than this go to the heuristic: a call costs a rollout and a
// solve per candidate and world.
inline constexpr int kMaxCallCandidates = 16;

class PimcPlayer final : public Player {
 public:
  // Seconds on a monotonic clock; the default reads std::chrono::steady_clock. Tests pass their
  // own, to check the time budget by world counts.
  using Clock = std::function<double()>;

  // `heuristic`: the game's own player that makes the other decisions ("heuristic", or "random"
  // in a game without one); `teams`: the game's (a side's score in a round that ends unplayed).
  PimcPlayer(std::string name, const PimcOptions& options, double pace, std::string heuristic,
             Teams teams, Clock clock = {});
  ~PimcPlayer() override;

  const std::string& name() const override { return name_; }
  Decision decide(const SeatAccess& seat, Rng& rng) override;
  bool searches() const override { return true; }
  const PimcStats& stats() const { return stats_; }
  // A world for a search (public for tests): drawn by resample and, with infer=model, kept with a
  // chance of its AnyState::plausibility (rejection sampling: the worlds kept follow the seat's
  // belief given the other seats' decisions as the game's model of its players explains them);
  // after kMaxDraws draws none of which was kept, the most plausible of them.
  std::unique_ptr<AnyState> draw_world(const SeatAccess& seat, Rng& rng);

  // How a card play's worlds are valued: by the solver (each other seat then plays the solver's
  // best card for its side in each world) or by rollouts (the game's heuristic plays the others).
  enum class Eval : std::uint8_t { kSolve, kRollout };
  // A sum no card can have: a card not searched (deeper).
  static constexpr std::int64_t kUnsearched = std::numeric_limits<std::int64_t>::min();
  // The search of a card play over `worlds` (public for tests): each of `cards`' value for the
  // side of `me` summed over the worlds, searched options.depth of the seat's own moves deep
  // (depth 1: PIMC's sums). In every world `me` is to play and may play `cards` (plain card
  // plays); `model`: rollouts search `me`'s last moves against the heuristic (alone=model).
  std::vector<std::int64_t> card_sums(const std::vector<std::unique_ptr<AnyState>>& worlds, Seat me,
                                      const std::vector<Move>& cards, Eval eval, bool model,
                                      Rng& rng);

 private:
  bool more_worlds(const SeatAccess& seat, std::uint64_t worlds, double start) const;
  // depth > 1: the card play searched over worlds drawn for the seat, `first` among them.
  Move deep_card(const SeatAccess& seat, const std::vector<Move>& legal,
                 const std::vector<Move>& cards, std::unique_ptr<AnyState> first, Eval eval,
                 bool model, double start, Rng& rng);
  // The value in each of `worlds` (where `me` is to play the same cards, worlds it cannot tell
  // apart) of the best of `cards` for them all, searched `depth` own moves deep; `sums`, if
  // given, gets each card's sum (kUnsearched for cards not searched deeper), `flat_sums` each
  // card's sum one own move deep (PIMC's).
  std::vector<std::int64_t> node_values(const std::vector<AnyState*>& worlds, Seat me,
                                        const std::vector<Move>& cards, int depth, Eval eval,
                                        bool model, Rng& rng, std::vector<std::int64_t>* sums,
                                        std::vector<std::int64_t>* flat_sums);
  // Each card's value in each world, one own move deep: [world][card].
  std::vector<std::vector<std::int64_t>> leaf_values(const std::vector<AnyState*>& worlds, Seat me,
                                                     const std::vector<Move>& cards, Eval eval,
                                                     bool model, Rng& rng);
  // Worlds that look alike to `me` (the same moves seen), and what it has seen since its card.
  using Groups = std::vector<std::pair<std::vector<std::uint64_t>, std::vector<std::size_t>>>;
  // Plays the other seats' moves in the worlds `alike` of `after` (alike to `me`) until `me` is
  // to play a card again, parting them by what it sees; each part where it then has a choice of
  // cards goes to `groups` (with `key` and the moves seen); worlds whose round ends first, or
  // reaches a move that is not a card play, go nowhere (their values one move deep stand).
  void play_others(const std::vector<std::unique_ptr<AnyState>>& after,
                   std::vector<std::size_t> alike, Seat me, Eval eval,
                   std::vector<std::uint64_t> key, Groups& groups, Rng& rng);
  SolverMemory& memory();
  // The card of the best sum over worlds, `first` (solved in decide()) and those drawn here.
  Move play_card(const SeatAccess& seat, const std::vector<Move>& legal, SolveResult first,
                 double start, Rng& rng);
  // The move among `cards` (plain card plays, legal moves of the seat) with the best of `sums`,
  // asking the heuristic when several tie or the seat has moves beside the plain cards.
  Move choose_card(const SeatAccess& seat, const std::vector<Move>& legal,
                   const std::vector<Move>& cards, const std::vector<std::int64_t>& sums, Rng& rng);
  // Each candidate's sum over worlds of rollout() (the same worlds and randomness for each).
  std::vector<std::int64_t> rollout_sums(const SeatAccess& seat,
                                         const std::vector<Move>& candidates, bool model,
                                         double start, Rng& rng);
  // Where the round was when a rollout began: the side's score, deals and rounds.
  struct Mark {
    int score = 0, deals = 0, rounds = 0;
    int ceiling = 0, top = 0;  // set_ceiling(), once known
    bool ceiling_known = false;
    // set_ceiling(): one trick total scores `top` and more tricks would score less: a bid to make
    // exactly, as in S48 and Reds (not a contract made by its target or more, as in Red Rover).
    bool exact_target = false;
  };
  // The value for `me`'s side of `world` after `me` makes `move` and the game's heuristic plays on
  // until `me` holds solve_cards cards: the solver's value there, or what the round scored if it
  // ended first. With `model`, the heuristic plays every other seat to the end of the round and
  // `me` too until it holds search_cards cards; from there `me`'s moves are searched: the value
  // is the best round score over them.
  int rollout(AnyState& world, Seat me, Move move, bool model, bool exact, Rng& rng);
  // Sets mark.ceiling, the best round score `me`'s side can still make in `world` (card play),
  // mark.top, the best it could make with any trick total (kNoCeiling if the game does not score
  // a round by trick totals), and mark.exact_target.
  void set_ceiling(const AnyState& world, Seat me, Mark& mark);
  static constexpr int kNoCeiling = std::numeric_limits<int>::max();
  static constexpr int kMade = 1 << 20;  // bid=exact: a rollout that made the target
  int play_on(AnyState& world, Seat me, Mark& mark, int my_cards, bool model, Rng& rng);
  int side_score(const AnyState& world, Seat me) const;
  // Whether the game scores each seat alone by its exact trick total (asked of a world once per
  // match, at the first card play).
  bool exact_alone(const AnyState& world);
  Move heuristic_move(const SeatAccess& seat, Rng& rng) const;
  void count_search(std::uint64_t worlds);

  std::string name_;
  PimcOptions options_;
  double pace_;
  std::string heuristic_;
  Teams teams_;
  Clock clock_;
  std::unique_ptr<SolverMemory> memory_;
  std::unique_ptr<WorldPool> pool_;  // infer=replay: this decision's worlds
  PimcStats stats_;
  std::optional<bool> exact_alone_;  // exact_alone(), once known
};

// The registry's entry: plays every game with a solver (AnyGame::has_solver).
PlayerEntry pimc_player_entry();
// `epimc`: the same player searching its own card plays options.depth deep (default 2).
PlayerEntry epimc_player_entry();

}  // namespace cardroom
