#include "games/tadmur/tadmur.h"

#include <algorithm>
#include <cctype>

#include "core/constrained_deal.h"
#include "core/deal_check.h"
#include "core/game_support.h"
#include "core/move_text.h"
#include "core/table_layout.h"

namespace cardroom::tadmur {

namespace {

constexpr CardSet kDeck = CardSet::standard_deck();
constexpr unsigned kAllRanks = (1u << kRanks) - 1;

std::string rank_text(int r) { return std::string(1, rank_char(r)); }

nlohmann::json ranks_json(unsigned mask) {
  nlohmann::json out = nlohmann::json::array();
  for (int r = 0; r < kRanks; ++r)
    if ((mask >> r) & 1) out.push_back(rank_text(r));
  return out;
}

// Rank index from "2".."9", "10", "T", "J", "Q", "K", "A" (any case); -1 if not a rank.
int parse_rank(std::string_view text) {
  if (text == "10") return kTen;
  if (text.size() != 1) return -1;
  const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  for (int r = 0; r < kRanks; ++r)
    if (rank_char(r) == c) return r;
  return -1;
}

const char* ending_name(Ending e) {
  switch (e) {
    case Ending::kGuess:
      return "guess";
    case Ending::kChain:
      return "chain";
    case Ending::kNoCards:
      return "no_cards";
    case Ending::kStuck:
      return "stuck";
    case Ending::kDraw:
      return "draw";
    case Ending::kNone:
      break;
  }
  return nullptr;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Options

const ConfigOptions<Config>& Config::options() {
  static const auto options =
      ConfigOptions<Config>()
          .add(OptionSpec::choice(
                   "guess_bar", {"any", "opponent"},
                   "TAD-A2: nobody may guess while a chain has one empty space left: any = either "
                   "chain (ruling); opponent = only the opponent's chain bars the guesser"),
               &Config::guess_bar)
          .add(
              OptionSpec::choice("stuck", {"lose", "pass"},
                                 "TAD-A4: a player with no legal card play: lose = loses (ruling); "
                                 "pass = passes, and two passes in a row end the match in a draw"),
              &Config::stuck);
  return options;
}

bool reachable(int from, int to, int steps) {
  // Steps of +1 (u of them) and -1 (steps - u): reach `to` iff u - (steps - u) = to - from mod 13.
  for (int up = 0; up <= steps; ++up)
    if ((((2 * up - steps) - (to - from)) % kRanks + kRanks) % kRanks == 0) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// Game

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s(config_, seed);
  // TAD-A8: the first dealer is chosen at random unless given.
  const bool given = s.choose_first_dealer(first_dealer, kPlayers);
  emit(
      ctx, kEveryone,
      given ? "{seat} deals; {other} moves first"
            : "{seat} deals (chosen at random); {other} moves first",
      [&] { return Event{.kind = EventKind::kDealer, .seat = s.dealer_, .other = 1 - s.dealer_}; });
  s.deal(ctx);
  return s;
}

std::string Game::validate_deal(const Deal& deal) const {
  DealCheck check(deal, kDeck, "not a standard card");
  for (const std::string& why : {check.seats(kPlayers), check.hand_sizes(kHandSize)})
    if (!why.empty()) return why;
  if (deal.piles.empty() && deal.pack.size() != 4)
    return "the pack must list exactly 4 cards: starter of S0, starter of S1, target of S0, "
           "target of S1 (got " +
           std::to_string(deal.pack.size()) + ")";
  if (!deal.piles.empty()) {
    // Per-seat piles: {"starter": [[c], [c]], "target": [[c], [c]]}.
    if (!deal.pack.empty())
      return "give the starters and targets either as piles or as the pack, not both";
    for (const auto& [name, per_seat] : deal.piles) {
      if (name != "starter" && name != "target")
        return "unknown pile '" + name + "' (Tadmur deals the piles 'starter' and 'target')";
      if (per_seat.size() != kPlayers)
        return "pile '" + name + "' needs one list per seat (got " +
               std::to_string(per_seat.size()) + ")";
      for (Seat s = 0; s < kPlayers; ++s)
        if (per_seat[s].size() != 1)
          return "pile '" + name + "' of S" + std::to_string(s) + " must be exactly 1 card";
    }
    if (deal.piles.size() != 2) return "the piles 'starter' and 'target' are both needed";
  }
  return check.cards();
}

// ---------------------------------------------------------------------------------------------
// State: the deal and the turn

void State::deal(const ApplyContext* ctx) {
  if (const Deal* deal = explicit_deal(ctx, deals_)) {
    for (Seat s = 0; s < kPlayers; ++s) {
      hands_[s] = CardSet();
      for (Card c : deal->hands[s]) hands_[s].add(c);
    }
    if (deal->piles.empty()) {
      starters_ = {deal->pack[0], deal->pack[1]};
      targets_ = {deal->pack[2], deal->pack[3]};
    } else {
      const auto& starter = deal->piles.at("starter");
      const auto& target = deal->piles.at("target");
      starters_ = {starter[0][0], starter[1][0]};
      targets_ = {target[0][0], target[1][0]};
    }
  } else {
    std::array<Card, 52> order{};
    int n = 0;
    for (Card c : kDeck) order[n++] = c;
    rng_.shuffle(order.data(), n);
    starters_ = {order[0], order[1]};
    targets_ = {order[2], order[3]};
    for (Seat s = 0; s < kPlayers; ++s) {
      hands_[s] = CardSet();
      for (int k = 0; k < kHandSize; ++k) hands_[s].add(order[4 + s * kHandSize + k]);
    }
  }
  ++deals_;
  report_deal(ctx, [&] {
    Deal d;
    for (Seat s = 0; s < kPlayers; ++s) d.hands.push_back(card_vector(hands_[s]));
    d.piles["starter"] = {{starters_[0]}, {starters_[1]}};
    d.piles["target"] = {{targets_[0]}, {targets_[1]}};
    return d;
  });
  spaces_ = {kInitialSpaces, kInitialSpaces};
  emit(ctx, kEveryone,
       "starters: {seat} {cards.0}, {other} {cards.1}; each chain has 7 empty spaces before its "
       "target",
       [&] {
         return Event{.kind = EventKind::kTurnUp,
                      .seat = 0,
                      .other = 1,
                      .amount = kInitialSpaces,
                      .cards = {starters_[0], starters_[1]},
                      .label = "starters"};
       });
  for (Seat s = 0; s < kPlayers; ++s) {
    emit(ctx, SeatSet::of(s), "your target: {card}", [&] {
      return Event{.kind = EventKind::kHand, .seat = s, .card = targets_[s], .label = "target"};
    });
    emit_hand(ctx, s, hands_[s]);
  }
  begin_turn(static_cast<Seat>(1 - dealer_), ctx);
}

Card State::chain_end(Seat seat) const {
  return chain_len_[seat] == 0 ? starters_[seat] : chains_[seat][chain_len_[seat] - 1];
}

CardSet State::playable(Seat seat) const {
  if (spaces_[seat] == 0) return CardSet();
  return cards_of_ranks(hands_[seat], adjacent_ranks(rank_of(chain_end(seat))));
}

bool State::guess_open(Seat seat) const {
  // TAD-A2: a chain with exactly one empty space left bars guessing.
  if (spaces_[1 - seat] == 1) return false;
  return config_.guess_bar == GuessBar::kOpponent || spaces_[seat] != 1;
}

// stuck=pass: the player to act has no card to play (and may still guess first).
bool State::must_pass(Seat seat) const { return playable(seat).empty(); }

void State::begin_turn(Seat seat, const ApplyContext* ctx) {
  to_act_ = static_cast<std::int8_t>(seat);
  guessed_ = false;
  if (hands_[seat].empty()) {
    emit(ctx, kEveryone, "{seat} has no cards left",
         [&] { return Event{.kind = EventKind::kBlocked, .seat = seat}; });
    ended_by_ = static_cast<std::int8_t>(seat);
    finish(1 - seat, Ending::kNoCards, ctx);
    return;
  }
  // TAD-A4: no card to play and no guess allowed: the player is stuck.
  if (config_.stuck == Stuck::kLose && playable(seat).empty() && !guess_open(seat)) {
    emit(ctx, kEveryone,
         spaces_[seat] == 0 ? "{seat} has no legal card play and may not guess (the chain is "
                              "blocked)"
                            : "{seat} has no legal card play and may not guess",
         [&] { return Event{.kind = EventKind::kBlocked, .seat = seat}; });
    ended_by_ = static_cast<std::int8_t>(seat);
    finish(1 - seat, Ending::kStuck, ctx);
  }
}

void State::after_guess(Seat seat, const ApplyContext* ctx) {
  if (config_.stuck == Stuck::kLose && playable(seat).empty()) {
    emit(ctx, kEveryone, "{seat} has no legal card play after the guess",
         [&] { return Event{.kind = EventKind::kBlocked, .seat = seat}; });
    ended_by_ = static_cast<std::int8_t>(seat);
    finish(1 - seat, Ending::kStuck, ctx);
  }
}

void State::finish(Seat winner, Ending how, const ApplyContext* ctx) {
  ending_ = how;
  rounds_completed_ = 1;  // one deal per match (TAD-A8)
  winners_ = SeatSet();
  if (winner >= 0) {
    winners_.add(winner);
    scores_[winner] = 1;
  } else {
    winners_ = SeatSet::first_n(kPlayers);  // a draw: both share it, neither scores
  }
  emit(ctx, kEveryone, "targets: {seat} {cards.0}, {other} {cards.1}", [&] {
    return Event{.kind = EventKind::kTurnUp,
                 .seat = 0,
                 .other = 1,
                 .cards = {targets_[0], targets_[1]},
                 .label = "targets"};
  });
  emit(ctx, kEveryone,
       winner < 0 ? "game over: a draw (both players passed)" : "game over; winner: {seats}",
       [&] { return Event{.kind = EventKind::kGameOver, .seats = winners_}; });
}

// ---------------------------------------------------------------------------------------------
// State: moves

SeatSet State::actors() const { return one_actor(over(), to_act_); }

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (over() || seat != to_act_) return;
  if (!guessed_ && guess_open(seat))
    for (int r = 0; r < kRanks; ++r) out.push(guess_move(r));
  const CardSet cards = playable(seat);
  out.push_cards(cards, play_move);
  if (config_.stuck == Stuck::kPass && cards.empty()) out.push(pass_move());
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (Status st = refuse_when_closed(over(), seat, kPlayers); !st.ok()) return st;
  if (seat != to_act_) return Status::Error(kNotYourTurn);
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kGuessMove: {
      if (payload >= kRanks) return Status::Error("a guess names a rank, 2 to A");
      const Status st = apply_guess(seat, static_cast<int>(payload), ctx);
      if (st.ok()) log_move(static_cast<int>(payload));
      return st;
    }
    case kPlayMove: {
      if (payload >= 52) return Status::Error("not a card");
      const Status st = apply_play(seat, static_cast<Card>(payload), ctx);
      if (st.ok()) log_move(kLogPlay);
      return st;
    }
    case kPassMove: {
      if (payload != 0) return Status::Error("not a Tadmur move");
      const Status st = apply_pass(seat, ctx);
      if (st.ok()) log_move(kLogPass);
      return st;
    }
    default:
      return Status::Error("not a Tadmur move");
  }
}

void State::log_move(int code) {
  if (log_n_ == kLogFull) return;
  if (log_n_ == kMaxLog) {
    log_n_ = kLogFull;
    return;
  }
  const int shift = 4 * (log_n_ % 2);
  std::uint8_t& byte = log_[log_n_ / 2];
  byte = static_cast<std::uint8_t>((byte & ~(15 << shift)) | code << shift);
  ++log_n_;
}

std::optional<RoundReplay<State>> State::round_replay() const {
  if (over() || log_n_ == kLogFull) return std::nullopt;
  RoundReplay<State> r{*this, {}};
  State& s = r.start;
  for (Seat p = 0; p < kPlayers; ++p)
    for (int i = 0; i < chain_len_[p]; ++i) s.hands_[p].add(chains_[p][i]);
  s.chain_len_ = {};
  s.spaces_ = {kInitialSpaces, kInitialSpaces};
  s.ruled_out_ = s.wrong_guesses_ = s.void_ranks_ = {};
  s.guess_count_ = {};
  s.guessed_ = s.last_passed_ = false;
  s.to_act_ = static_cast<std::int8_t>(1 - dealer_);
  s.log_n_ = 0;
  Seat seat = s.to_act_;
  std::array<int, kPlayers> played{};
  for (int i = 0; i < log_n_; ++i) {
    const int code = log_[i / 2] >> (4 * (i % 2)) & 15;
    if (code < kRanks) {
      r.moves.emplace_back(seat, guess_move(code));
      continue;
    }
    r.moves.emplace_back(seat,
                         code == kLogPlay ? play_move(chains_[seat][played[seat]++]) : pass_move());
    seat = 1 - seat;
  }
  return r;
}

namespace {
const char* const kRankNames[kRanks] = {"2", "3", "4", "5", "6", "7", "8",
                                        "9", "T", "J", "Q", "K", "A"};
}  // namespace

Status State::apply_guess(Seat seat, int rank, const ApplyContext* ctx) {
  if (guessed_) return Status::Error("only one guess per turn");
  if (!guess_open(seat))
    return Status::Error("no guessing while a chain is one card from completion");
  const Seat other = 1 - seat;
  ++guess_count_[seat];
  if (rank_of(targets_[other]) == rank) {
    emit(ctx, kEveryone, "{seat} guesses {label}: right! {other}'s target is {card}", [&] {
      return Event{.kind = EventKind::kGuess,
                   .seat = seat,
                   .other = other,
                   .card = targets_[other],
                   .label = kRankNames[rank]};
    });
    ended_by_ = static_cast<std::int8_t>(seat);
    finish(seat, Ending::kGuess, ctx);
    return Status::Ok();
  }
  guessed_ = true;
  last_passed_ = false;
  ++spaces_[seat];
  wrong_guesses_[seat] |= static_cast<std::uint16_t>(1u << rank);
  ruled_out_[other] |= static_cast<std::uint16_t>(1u << rank);
  emit(ctx, kEveryone,
       "{seat} guesses {label}: wrong; {seat}'s target moves one space further "
       "({amount:empty space/empty spaces})",
       [&] {
         return Event{.kind = EventKind::kGuess,
                      .seat = seat,
                      .other = other,
                      .amount = spaces_[seat],
                      .label = kRankNames[rank]};
       });
  after_guess(seat, ctx);
  return Status::Ok();
}

Status State::apply_play(Seat seat, Card card, const ApplyContext* ctx) {
  if (!hands_[seat].contains(card)) return Status::Error("you do not hold that card");
  if (spaces_[seat] == 0)
    return Status::Error("your chain is blocked: no empty space (a wrong guess opens one)");
  if (!ranks_adjacent(rank_of(card), rank_of(chain_end(seat))))
    return Status::Error("the card must be one rank above or below the end of your chain");
  const Seat other = 1 - seat;
  hands_[seat].remove(card);
  chains_[seat][chain_len_[seat]++] = card;
  --spaces_[seat];
  last_passed_ = false;
  emit(ctx, kEveryone, "{seat} plays {card} (chain {cards}, {amount:space/spaces} left)", [&] {
    Event e{.kind = EventKind::kPlay, .seat = seat, .amount = spaces_[seat], .card = card};
    e.cards.push_back(starters_[seat]);
    for (int i = 0; i < chain_len_[seat]; ++i) e.cards.push_back(chains_[seat][i]);
    return e;
  });
  if (spaces_[seat] == 0) {
    if (ranks_adjacent(rank_of(card), rank_of(targets_[seat]))) {
      emit(ctx, kEveryone, "{seat} completes the chain to the target {card}", [&] {
        return Event{
            .kind = EventKind::kTurnUp, .seat = seat, .card = targets_[seat], .label = "target"};
      });
      ended_by_ = static_cast<std::int8_t>(seat);
      finish(seat, Ending::kChain, ctx);
      return Status::Ok();
    }
    // TAD-A3: the chain is full but does not reach the target; everyone learns that much.
    ruled_out_[seat] |= static_cast<std::uint16_t>(adjacent_ranks(rank_of(card)));
    emit(ctx, kEveryone,
         "{seat}'s chain is full but {card} is not next to the target: blocked until a wrong guess "
         "opens a space",
         [&] { return Event{.kind = EventKind::kBlocked, .seat = seat, .card = card}; });
  }
  begin_turn(other, ctx);
  return Status::Ok();
}

Status State::apply_pass(Seat seat, const ApplyContext* ctx) {
  if (config_.stuck != Stuck::kPass) return Status::Error("passing is not allowed (stuck=lose)");
  if (!must_pass(seat)) return Status::Error("you may pass only with no legal card play");
  // Passing shows the player holds no card next to the end of its open chain.
  if (spaces_[seat] > 0)
    void_ranks_[seat] |= static_cast<std::uint16_t>(adjacent_ranks(rank_of(chain_end(seat))));
  emit(ctx, kEveryone, "{seat} has no legal card play and passes",
       [&] { return Event{.kind = EventKind::kBlocked, .seat = seat, .label = "pass"}; });
  if (last_passed_) {
    ended_by_ = -1;
    finish(-1, Ending::kDraw, ctx);
    return Status::Ok();
  }
  last_passed_ = true;
  begin_turn(1 - seat, ctx);
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// State: text, views, resampling

std::string State::move_text(Move move) const { return move_text_of(move, kMoveForms); }

std::optional<Move> State::parse_move(Seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  if (in.verb() == "guess") {
    if (in.rest().empty()) return in.fail("'guess' needs a rank, e.g. 'guess 9' or 'guess Q'");
    const int r = parse_rank(in.rest());
    if (r < 0) return in.fail("'" + in.rest() + "' is not a rank (2-9, 10 or T, J, Q, K, A)");
    return guess_move(r);
  }
  if (in.joined() == "pass") return pass_move();
  return in.card_move("play", "'play' needs a card, e.g. 'play 8H'", {}, true, play_move,
                      "'" + std::string(text) +
                          "' is not a Tadmur move (try 'guess R' with a rank, 'play C' with a "
                          "card, 'pass')");
}

nlohmann::json State::view(Seat seat) const {
  const bool player = seat >= 0 && seat < kPlayers;
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["rounds"] = 1;  // one deal per match (TAD-A8)
  v["round_name"] = "game";
  v["phase"] = over() ? "over" : "play";
  v["rank_order"] = "A23456789TJQK";  // how to show cards: by rank, the one thing that matters
  if (player) {
    v["hand"] = cards_json(hands_[seat]);
    v["target"] = card_text(targets_[seat]);
  }
  nlohmann::json starters = nlohmann::json::array(), chains = nlohmann::json::array(),
                 spaces = nlohmann::json::array(), full = nlohmann::json::array(),
                 sizes = nlohmann::json::array(), wrong = nlohmann::json::array(),
                 ruled = nlohmann::json::array(), voids = nlohmann::json::array(),
                 targets = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) {
    starters.push_back(card_text(starters_[s]));
    nlohmann::json chain = nlohmann::json::array();
    for (int i = 0; i < chain_len_[s]; ++i) chain.push_back(card_text(chains_[s][i]));
    chains.push_back(chain);
    spaces.push_back(spaces_[s]);
    full.push_back(blocked(s));
    sizes.push_back(hands_[s].size());
    wrong.push_back(ranks_json(wrong_guesses_[s]));
    ruled.push_back(ranks_json(ruled_out_[s]));
    voids.push_back(ranks_json(void_ranks_[s]));
    // Targets are revealed when the match ends.
    targets.push_back(over() || s == seat ? nlohmann::json(card_text(targets_[s]))
                                          : nlohmann::json(nullptr));
  }
  v["starters"] = starters;
  v["chains"] = chains;
  v["spaces"] = spaces;
  v["blocked"] = full;
  v["hand_sizes"] = sizes;
  v["targets"] = targets;
  v["wrong_guesses"] = wrong;
  v["ruled_out"] = ruled;
  v["shown_void"] = voids;
  v["guessed_this_turn"] = !over() && guessed_;
  v["guessing_open"] = !over() && guess_open(to_act_) && !guessed_;

  // The table: each chain as a row from its starter, the targets face down before their owners
  // (the viewer's own face up), the ranks ruled out and the spaces left as facts.
  TableLayout t(seat);
  for (Seat s = 0; s < kPlayers; ++s) {
    std::vector<Card> row{starters_[s]};
    for (int i = 0; i < chain_len_[s]; ++i) row.push_back(chains_[s][i]);
    nlohmann::json& chain =
        t.add("chain" + std::to_string(s), ZoneKind::kRow,
              std::to_string(spaces_[s]) + (spaces_[s] == 1 ? " space" : " spaces") +
                  " to the target" + (blocked(s) ? " (blocked)" : ""),
              s, row);
    chain["spaces"] = spaces_[s];
    const bool shown = over() || s == seat;
    nlohmann::json& target =
        t.add_pile("target" + std::to_string(s), "Target", s, 1, shown ? targets_[s] : kNoCard);
    if (shown) t.highlight(target, std::span<const Card>(&targets_[s], 1));
  }
  for (Seat s = 0; s < kPlayers; ++s) {
    std::string words;
    for (const auto& r : ranks_json(ruled_out_[s])) {
      const std::string rank = r.get<std::string>();
      words += (words.empty() ? "" : " ") + (rank == "T" ? std::string("10") : rank);
    }
    t.fact(t.Who(s) == "You" ? "Your target is not" : t.Who(s) + "'s target is not",
           words.empty() ? "nothing ruled out" : words);
  }
  if (over()) {
    t.status(t.game_over(winners()));
  } else {
    std::string doing = guess_open(to_act_) && !guessed_ ? "guess or play" : "play";
    t.status(t.turn(actors(), doing + " to " + (to_act_ == seat ? "your" : "their") + " chain"));
  }
  std::move(t).write_to(v);
  return v;
}

State State::resample(Seat observer, Rng& rng) const {
  State s = *this;
  s.rng_.reseed(rng.next());
  if (over()) return s;
  const bool player = observer >= 0 && observer < kPlayers;
  // Hidden: the hands and targets of every seat but the observer.
  std::array<Seat, kPlayers> hidden{};
  int num_hidden = 0;
  CardSet pool;
  for (Seat p = 0; p < kPlayers; ++p) {
    if (player && p == observer) continue;
    hidden[num_hidden++] = p;
    pool |= hands_[p];
    pool.add(targets_[p]);
  }
  auto of_ranks = [](unsigned ranks) { return cards_of_ranks(kDeck, ranks); };
  std::array<DealSlot, 2 * kPlayers> slots{};
  int n = 0;
  for (int i = 0; i < num_hidden; ++i) {
    const Seat p = hidden[i];
    slots[n++] = DealSlot{1, of_ranks(kAllRanks & ~ruled_out_[p])};
    slots[n++] = DealSlot{hands_[p].size(), of_ranks(kAllRanks & ~void_ranks_[p])};
  }
  // Public knowledge beyond the slots (stuck=lose): a player to act who may not guess (barred, or
  // already guessed this turn) and was not eliminated holds a card it can play.
  const Seat actor = to_act_;
  const bool actor_hidden = !(player && actor == observer);
  const bool needs_play = config_.stuck == Stuck::kLose && (guessed_ || !guess_open(actor));
  const int actor_slot = 2 * (actor == hidden[0] ? 0 : 1) + 1;
  const CardSet can_play = cards_of_ranks(kDeck, adjacent_ranks(rank_of(chain_end(actor))));
  const std::span<const DealSlot> slot_span{slots.data(), static_cast<std::size_t>(n)};
  std::array<CardSet, 2 * kPlayers> dealt{};
  const std::span<CardSet> dealt_span{dealt.data(), static_cast<std::size_t>(n)};
  bool ok = false;
  for (int attempt = 0; attempt < 64 && !ok; ++attempt) {
    if (!deal_constrained(pool, slot_span, dealt_span, rng)) break;
    ok = !(actor_hidden && needs_play) || dealt[actor_slot].intersects(can_play);
  }
  if (!ok && actor_hidden && needs_play) {
    // Rejection keeps failing: deal one playable card to the actor first (each candidate in
    // random order), then the rest. Every consistent deal holds such a card, so this finds one.
    std::array<Card, 52> candidates{};
    int count = 0;
    for (Card c : pool& can_play& slots[actor_slot].allowed) candidates[count++] = c;
    rng.shuffle(candidates.data(), count);
    std::array<DealSlot, 2 * kPlayers> rest = slots;
    rest[actor_slot].count -= 1;
    for (int i = 0; i < count && !ok; ++i) {
      if (!deal_constrained(pool - CardSet::of(candidates[i]),
                            {rest.data(), static_cast<std::size_t>(n)}, dealt_span, rng))
        continue;
      dealt[actor_slot].add(candidates[i]);
      ok = true;
    }
  }
  CARDROOM_ASSERT(ok, "resample found no deal consistent with the state");
  for (int i = 0; i < num_hidden; ++i) {
    const Seat p = hidden[i];
    // Without a consistent deal the hidden places are left empty (check() fails): never the truth.
    s.targets_[p] = ok ? dealt[2 * i].lowest() : kNoCard;
    s.hands_[p] = ok ? dealt[2 * i + 1] : CardSet();
  }
  return s;
}

nlohmann::json State::last_round(Seat seat) const {
  (void)seat;  // the targets are revealed when the match ends: everything is public
  // The match is one round: while it is on there is no completed round to sum up (and its
  // targets are secret).
  if (rounds_completed() == 0) return nullptr;
  nlohmann::json j;
  j["round"] = 1;
  j["dealer"] = dealer_;
  j["first_player"] = 1 - dealer_;
  nlohmann::json starters = nlohmann::json::array(), targets = nlohmann::json::array(),
                 chains = nlohmann::json::array(), spaces = nlohmann::json::array(),
                 wrong = nlohmann::json::array(), guesses = nlohmann::json::array(),
                 points = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) {
    starters.push_back(card_text(starters_[s]));
    targets.push_back(card_text(targets_[s]));
    nlohmann::json chain = nlohmann::json::array();
    for (int i = 0; i < chain_len_[s]; ++i) chain.push_back(card_text(chains_[s][i]));
    chains.push_back(chain);
    spaces.push_back(spaces_[s]);
    wrong.push_back(ranks_json(wrong_guesses_[s]));
    guesses.push_back(guess_count_[s]);
    points.push_back(scores_[s]);
  }
  j["starters"] = starters;
  j["targets"] = targets;
  j["chains"] = chains;
  j["spaces"] = spaces;
  j["guesses"] = guesses;
  j["wrong_guesses"] = wrong;
  const char* how = ending_name(ending_);
  j["ending"] = how ? nlohmann::json(how) : nlohmann::json(nullptr);
  j["ended_by"] = ended_by_ >= 0 ? nlohmann::json(ended_by_) : nlohmann::json(nullptr);
  j["winners"] = winners_.to_vector();
  j["points"] = points;
  // The score sheet's columns (core/game.h): how the game ended; per seat its target and the
  // guesses it made.
  const std::string by = ended_by_ >= 0 ? seat_text(ended_by_) : "";
  std::string ended;
  switch (ending_) {
    case Ending::kGuess:
      ended = by + " guesses the target";
      break;
    case Ending::kChain:
      ended = by + " completes the chain";
      break;
    case Ending::kNoCards:
      ended = by + " has no cards";
      break;
    case Ending::kStuck:
      ended = by + " cannot play";
      break;
    case Ending::kDraw:
      ended = "both pass: a draw";
      break;
    case Ending::kNone:
      break;
  }
  j["sheet"] = nlohmann::json::array({{{"title", "ended"}, {"value", ended}},
                                      {{"title", "target"}, {"seats", targets}},
                                      {{"title", "guesses"}, {"seats", guesses}}});
  return j;
}

std::vector<Pile> State::piles() const {
  std::vector<Pile> out;
  for (Seat s = 0; s < kPlayers; ++s) {
    out.push_back(make_pile("hand " + seat_text(s), SeatSet::of(s), hands_[s]));
    out.push_back(
        Pile{"target " + seat_text(s), over() ? kEveryone : SeatSet::of(s), {targets_[s]}});
    out.push_back(Pile{"starter " + seat_text(s), kEveryone, {starters_[s]}});
    out.push_back(Pile{"chain " + seat_text(s),
                       kEveryone,
                       {chains_[s].begin(), chains_[s].begin() + chain_len_[s]}});
  }
  return out;
}

const char* State::check() const {
  CardTally tally;
  auto add = [&](CardSet set) { return tally.add(set); };
  for (Seat s = 0; s < kPlayers; ++s) {
    if (targets_[s] >= 52 || starters_[s] >= 52) return "a target or starter is missing";
    if (!add(hands_[s]) || !add(CardSet::of(starters_[s])) || !add(CardSet::of(targets_[s])))
      return "a card is in two places";
    if (chain_len_[s] < 0 || chain_len_[s] > kMaxChain) return "a chain has a bad length";
    for (int i = 0; i < chain_len_[s]; ++i) {
      if (!add(CardSet::of(chains_[s][i]))) return "a card is in two places";
      const Card prev = i == 0 ? starters_[s] : chains_[s][i - 1];
      if (!ranks_adjacent(rank_of(prev), rank_of(chains_[s][i])))
        return "a chain has two cards that are not one rank apart";
    }
    if (hands_[s].size() + chain_len_[s] != kHandSize) return "a hand has the wrong size";
    if (spaces_[s] != kInitialSpaces - chain_len_[s] +
                          (guess_count_[s] - (ending_ == Ending::kGuess && ended_by_ == s ? 1 : 0)))
      return "empty spaces do not match cards played and wrong guesses";
    if (spaces_[s] < 0) return "negative empty spaces";
  }
  if (tally.all() != kDeck || tally.total() != 52) return "cards are not conserved";
  return nullptr;
}

std::vector<ObservationField> Game::observation_fields() const {
  auto f = obs::common({"play", "over"}, 1, 24, 1);
  obs::append(
      f,
      {
          obs::cards("/target", "this seat's own target card"),
          obs::cards("/targets/{seat}", "each seat's target card once shown"),
          obs::cards("/starters/{seat}", "each seat's starter card"),
          obs::cards("/chains/{seat}", "the cards of each seat's chain"),
          obs::number("/blocked/{seat}", 1, "whether each seat's chain is blocked"),
          obs::number("/spaces/{seat}", 8, "the spaces left in each seat's chain"),
          obs::choice("/ruled_out/{seat}", obs::ranks(),
                      "the ranks each seat's target cannot have"),
          obs::choice("/wrong_guesses/{seat}", obs::ranks(), "each seat's wrong guesses"),
          obs::choice("/shown_void/{seat}", obs::ranks(), "the ranks each seat has shown it lacks"),
          obs::number("/guessing_open", 1, "whether guessing is open"),
          obs::number("/guessed_this_turn", 1, "whether this seat has guessed this turn"),
      });
  return f;
}

}  // namespace cardroom::tadmur
