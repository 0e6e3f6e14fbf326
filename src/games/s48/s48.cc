#include "games/s48/s48.h"

#include <algorithm>
#include <cctype>

#include "core/deal_check.h"
#include "core/game_support.h"
#include "core/move_text.h"
#include "core/table_layout.h"
#include "games/common/tricks.h"

namespace cardroom::s48 {

namespace {

// What the end of the match says (MatchState::end_round).
constexpr MatchEndText kMatchEnd = {"game over; winner: {seats}", "game over; shared win: {seats}",
                                    "first place is tied: an extra 8-card round follows"};

constexpr std::array<int, kRounds> kHandSizes = {8, 7, 6, 5, 4, 5, 6, 7, 8};

// Cut value: lower cuts lower. Suits do not count (tied ranks recut, S48-A3).
int cut_value(Card c, CutAce ace) {
  const int r = rank_of(c);
  return ace == CutAce::kLow ? (r == kAce ? -1 : r) : r;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Options

const ConfigOptions<Config>& Config::options() {
  static const auto options =
      ConfigOptions<Config>()
          .add(OptionSpec::players(4, kMinPlayers, kMaxPlayers), &Config::players)
          .add(OptionSpec::choice("cut_ace", {"high", "low"},
                                  "S48-A3: the ace in the cut for the first dealer (the lowest "
                                  "card deals): high (ruling, as in bridge) or low"),
               &Config::cut_ace)
          .add(OptionSpec::choice(
                   "final_tie", {"shared", "extra_round"},
                   "S48-A9: first place tied after round 9: shared = every tied player wins "
                   "(ruling); extra_round = play 8-card rounds until one player leads"),
               &Config::final_tie);
  return options;
}

// ---------------------------------------------------------------------------------------------
// Rules tables

int hand_size_of_round(int round_index) {
  return round_index >= 0 && round_index < kRounds ? kHandSizes[round_index] : kMaxHand;
}

int round_points(int bid, int took) {
  const int value = std::max(bid, 1);  // S48-A4: zero counts as one
  return took == bid ? 10 * value : -value;
}

int hooked_bid(int others_total, int hand_size) {
  const int b = hand_size - others_total;
  return b >= 0 ? b : -1;  // earlier bids above the hand size: the dealer is unrestricted
}

// ---------------------------------------------------------------------------------------------
// Game

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s(config_, seed);
  // Rule 2 / S48-A3: everyone cuts; the lowest card deals; tied players recut.
  if (!s.take_first_dealer(first_dealer, config_.players, ctx))
    s.draw_for_dealer(
        kDeck, config_.players, [&](Card c) { return -cut_value(c, config_.cut_ace); },
        "cut for deal: {seat_cards}", "{seat} cuts low and deals first", ctx);
  s.start_round(ctx);
  return s;
}

std::string Game::validate_deal(const Deal& deal) const {
  DealCheck check(deal, kDeck, "not a standard card");
  for (const std::string& why :
       {check.seats(config_.players), check.first_hand_between(4, kMaxHand), check.same_sizes()})
    if (!why.empty()) return why;
  return check.cards();
}

// ---------------------------------------------------------------------------------------------
// State: dealing and round flow

void State::start_round(const ApplyContext* ctx) {
  const int n = config_.players;
  hand_size_ = static_cast<std::int8_t>(hand_size_of_round(round_));
  const int h = hand_size_;
  play_.new_round(n);
  const Deal* deal = explicit_deal_of_size(ctx, h, "round");
  if (deal) {
    // An explicit deal: the given hands; everything else is undealt (its order does not matter).
    pack_ = kDeck - play_.take_hands(*deal);
  } else {
    // Rule 3: one card at a time, clockwise from the dealer's left.
    std::array<Card, kDeckSize> order = card_ids<kDeckSize>();
    rng_.shuffle(order.data(), kDeckSize);
    pack_ = kDeck - play_.deal_one_at_a_time(order.data(), n * h, (dealer_ + 1) % n);
  }
  ++deals_;
  report_deal(ctx, [&] { return play_.as_deal(card_vector(pack_)); });
  phase_ = Phase::kBid;
  bids_made_ = 0;
  for (Seat s = 0; s < kMaxPlayers; ++s) bids_[s] = -1;
  to_act_ = static_cast<std::int8_t>((dealer_ + 1) % n);

  if (wants_events(ctx)) {
    announce_round(ctx, "round {number} of {total}: {seat} deals {amount:card/cards} each",
                   "round {number} (extra): {seat} deals {amount:card/cards} each", kRounds, h);
    play_.emit_hands(ctx);
  }
}

void State::finish_round(const ApplyContext* ctx) {
  const int n = config_.players;
  RoundRecord& r = last_;
  r = RoundRecord();
  r.round = round_ + 1;
  r.dealer = dealer_;
  r.hand_size = hand_size_;
  r.tricks = play_.history();
  for (Seat s = 0; s < n; ++s) {
    r.bids[s] = bids_[s];
    r.tricks_won[s] = static_cast<std::int8_t>(play_.tricks_won(s));
    r.points[s] = round_points(bids_[s], play_.tricks_won(s));
    scores_[s] += r.points[s];
  }
  ++rounds_completed_;
  for (Seat s = 0; s < n; ++s)
    emit_round_score(ctx, s, bids_[s], play_.tricks_won(s), r.points[s], scores_[s]);
  if (end_round(round_ + 1 >= kRounds, {scores_.data(), static_cast<std::size_t>(n)}, {}, n,
                config_.final_tie == FinalTie::kShared, kMatchEnd, ctx))
    phase_ = Phase::kOver;
  else
    start_round(ctx);
}

// ---------------------------------------------------------------------------------------------
// State: moves

int State::forbidden_bid() const {
  if (phase_ != Phase::kBid || to_act_ != dealer_) return -1;
  int others = 0;
  for (Seat s = 0; s < config_.players; ++s)
    if (s != dealer_) others += bids_[s];
  return hooked_bid(others, hand_size_);
}

SeatSet State::actors() const { return one_actor(over(), to_act()); }

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (phase_ == Phase::kOver || seat != to_act()) return;
  if (phase_ == Phase::kBid) {
    const int hook = forbidden_bid();
    for (int b = 0; b <= hand_size_; ++b)
      if (b != hook) out.push(bid_move(b));
    return;
  }
  out.push_cards(play_.playable(seat), play_move);
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (Status st = refuse_when_closed(over(), seat, config_.players); !st.ok()) return st;
  if (seat != to_act()) return Status::Error(kNotYourTurn);
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kBidMove:
      if (phase_ != Phase::kBid) return Status::Error("bidding is over for this round");
      if (payload > static_cast<std::uint64_t>(hand_size_))
        return Status::Error("a bid must be 0 to the number of cards dealt");
      if (static_cast<int>(payload) == forbidden_bid())
        return Status::Error(lasting_text("the dealer may not bid " + std::to_string(payload) +
                                          ": the bids would add up to the " +
                                          std::to_string(hand_size_) +
                                          " tricks of the round (the dealer's hook)"));
      return apply_bid(seat, static_cast<int>(payload), ctx);
    case kPlayMove:
      return tricks::play_move(play_, phase_ == Phase::kPlay, seat, payload, ctx,
                               [&] { finish_round(ctx); });
    default:
      return Status::Error("not an S48 move");
  }
}

Move State::random_bid(Rng& rng) const {
  // The bids 0 to the hand size but the dealer's hook, in order, as legal_moves lists them.
  const int hook = forbidden_bid();
  const int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(hand_size_ + (hook < 0))));
  return bid_move(hook >= 0 && k >= hook ? k + 1 : k);
}

Status State::apply_bid(Seat seat, int n, const ApplyContext* ctx) {
  bids_[seat] = static_cast<std::int8_t>(n);
  ++bids_made_;
  emit(ctx, kEveryone, "{seat} bids {amount}",
       [&] { return Event{.kind = EventKind::kBid, .seat = seat, .amount = n}; });
  if (bids_made_ < config_.players) {
    to_act_ = static_cast<std::int8_t>((seat + 1) % config_.players);
    return Status::Ok();
  }
  // Rule 5: the player left of the dealer leads the first trick (S48-A1: no trumps).
  phase_ = Phase::kPlay;
  to_act_ = static_cast<std::int8_t>((dealer_ + 1) % config_.players);
  play_.begin_play(hand_size_, to_act_, tricks::PlainTrumps{});
  emit(ctx, kEveryone, "{seat} leads",
       [&] { return Event{.kind = EventKind::kLead, .seat = to_act_}; });
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// State: queries, views, resampling

std::optional<tricks::SolverTask<tricks::PlainTrumps, kMaxPlayers>> State::solver_task() const {
  if (phase_ != Phase::kPlay) return std::nullopt;
  tricks::SolverTask<tricks::PlainTrumps, kMaxPlayers> task;
  task.position = play_.position();
  const int n = config_.players, tricks = play_.tricks();
  task.scores.resize(static_cast<std::size_t>(n * (tricks + 1)));
  for (Seat s = 0; s < n; ++s) {
    task.side[s] = static_cast<std::int8_t>(s);
    for (int t = 0; t <= tricks; ++t) task.scores[s * (tricks + 1) + t] = round_points(bids_[s], t);
  }
  task.card_move = [](Card c) { return play_move(c); };
  return task;
}

State State::round_as_dealt() const {
  State s = *this;
  s.play_.unplay();
  s.phase_ = Phase::kBid;
  s.bids_made_ = 0;
  s.bids_.fill(-1);
  s.to_act_ = static_cast<std::int8_t>((dealer_ + 1) % config_.players);
  return s;
}

std::optional<RoundReplay<State>> State::round_replay() const {
  if (over() || (phase_ != Phase::kBid && phase_ != Phase::kPlay)) return std::nullopt;
  RoundReplay<State> r{round_as_dealt(), {}};
  const int n = config_.players;
  for (int i = 0; i < n && bids_[(dealer_ + 1 + i) % n] >= 0; ++i) {
    const Seat p = static_cast<Seat>((dealer_ + 1 + i) % n);
    r.moves.emplace_back(p, bid_move(bids_[p]));
  }
  if (phase_ == Phase::kPlay)
    for (const auto& [seat, c] : play_.played_in_order()) r.moves.emplace_back(seat, play_move(c));
  return r;
}

RoundOutcome State::random_round_outcome(Rng& rng) const {
  if (phase_ == Phase::kBid)
    return random_phase_then_outcome(*this, rng,
                                     [](const State& w) { return w.phase_ == Phase::kBid; });
  RoundOutcome out;
  const int n = config_.players;
  for (Seat s = 0; s < n; ++s) out.scores[s] = scores_[s];
  if (phase_ == Phase::kPlay) {
    TrickPlay::Position position = play_.position();
    out.moves = static_cast<std::uint64_t>(position.play_out(rng));
    for (Seat s = 0; s < n; ++s) out.scores[s] += round_points(bids_[s], position.tricks_won[s]);
  }
  for (Seat s = 0; s < n; ++s) out.team_scores[s] = out.scores[s];  // a team is a seat
  return out;
}

int State::team_score(int team) const {
  // Everyone plays alone: a "team" is a seat.
  return team >= 0 && team < config_.players ? scores_[team] : 0;
}

std::string State::move_text(Move move) const { return move_text_of(move, kMoveForms); }

std::optional<Move> State::parse_move(Seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  if (in.verb() == "bid") return in.bid(kMaxHand, bid_move);
  return in.card_move("play", "'play' needs a card, e.g. 'play TD'", {}, true, play_move,
                      "'" + std::string(text) + "' is not an S48 move (try 'bid N' or 'play C')");
}

nlohmann::json State::view(Seat seat) const {
  const int n = config_.players;
  const bool player = seat >= 0 && seat < n;
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["rounds"] = kRounds;
  v["extra_round"] = round_ >= kRounds;
  static const char* const kPhases[] = {"bid", "play", "over"};
  v["phase"] = kPhases[static_cast<int>(phase_)];
  v["hand_size"] = hand_size_;
  v["trump"] = nullptr;  // S48-A1: never a trump suit
  if (player) v["hand"] = cards_json(play_.hand(seat));
  nlohmann::json sizes = nlohmann::json::array(), bids = nlohmann::json::array(),
                 won = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    sizes.push_back(play_.hand(s).size());
    bids.push_back(bids_[s] >= 0 ? nlohmann::json(bids_[s]) : nlohmann::json(nullptr));
    won.push_back(play_.tricks_won(s));
  }
  v["hand_sizes"] = sizes;
  v["bids"] = bids;
  const int hook = forbidden_bid();
  v["forbidden_bid"] = hook >= 0 ? nlohmann::json(hook) : nlohmann::json(nullptr);
  tricks::add_trick_view(v, play_, phase_ == Phase::kPlay);
  v["tricks_won"] = won;

  // The table: the trick; the cards dealt, the bids against the tricks and the hook as facts.
  TableLayout t(seat);
  t.add_trick(v);
  t.fact("Cards dealt", std::to_string(hand_size_) + ", no trumps");
  int bid_total = 0, bids_in = 0;
  for (Seat s = 0; s < n; ++s)
    if (bids_[s] >= 0) bid_total += bids_[s], ++bids_in;
  if (bids_in > 0)
    t.fact("Bids", std::to_string(bid_total) + " for " + std::to_string(hand_size_) + " tricks");
  if (hook >= 0) t.fact("The dealer may not bid", std::to_string(hook));
  t.turn_status(*this, phase_ == Phase::kBid ? "bid" : "play");
  std::move(t).write_to(v);
  return v;
}

State State::resample(Seat observer, Rng& rng) const {
  // Known: the observer's hand and the cards played. Everything else (other hands, the undealt
  // cards) is redealt, honouring the suits each player has shown void in. Bids are no constraint.
  return resample_world(*this, rng, [&](State& world) {
    world.play_.redeal_hidden_hands(observer, {}, &world.pack_, rng);
  });
}

nlohmann::json State::last_round(Seat seat) const {
  (void)seat;  // everything in a completed S48 round is public
  const RoundRecord& r = last_;
  const int n = config_.players;
  nlohmann::json j;
  j["round"] = r.round;
  j["dealer"] = r.dealer;
  j["hand_size"] = r.hand_size;
  nlohmann::json bids = nlohmann::json::array(), won = nlohmann::json::array(),
                 points = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    bids.push_back(r.bids[s]);
    won.push_back(r.tricks_won[s]);
    points.push_back(r.points[s]);
  }
  j["bids"] = bids;
  j["tricks"] = tricks::history_json<tricks::PlainTrumps>(r.tricks, r.hand_size, n);
  j["tricks_won"] = won;
  j["points"] = points;
  return j;
}

std::vector<Pile> State::piles() const { return play_.piles(pack_); }

const char* State::check() const {
  const int n = config_.players;
  const CardSet played = play_.played();
  if (pack_.intersects(played)) return "pack and tricks overlap";
  CardSet all = pack_ | played;
  int total = pack_.size() + played.size();
  for (Seat s = 0; s < n; ++s) {
    const CardSet hand = play_.hand(s);
    if (all.intersects(hand)) return "a card is in two places";
    all |= hand;
    total += hand.size();
    if (phase_ == Phase::kBid && hand.size() != hand_size_)
      return "a hand has the wrong number of cards before play";
    if (phase_ == Phase::kPlay) {
      const int played_by_s = play_.trick_number() + play_.played_to_current(s);
      if (hand.size() != hand_size_ - played_by_s) return "a hand has the wrong size";
    }
    if (hand.intersects(play_.excluded(s))) return "a hand holds a suit it showed void in";
  }
  if (all != kDeck || total != kDeckSize) return "cards are not conserved";
  if (pack_.size() != kDeckSize - n * hand_size_) return "the undealt pack has the wrong size";
  return nullptr;
}

std::vector<ObservationField> Game::observation_fields() const {
  auto f = obs::common({"bid", "play", "over"}, 10, 13, 100);
  obs::append(f, obs::trick_play(13, /*trumps=*/false));
  obs::append(f, {
                     obs::number_or_none("/bids/{seat}", 13, "each seat's bid"),
                     obs::number("/hand_size", 13, "the cards dealt to each seat this round"),
                     obs::number_or_none("/forbidden_bid", 13, "the bid the dealer may not make"),
                     obs::number("/extra_round", 1, "whether an extra round is being played"),
                 });
  return f;
}

}  // namespace cardroom::s48
