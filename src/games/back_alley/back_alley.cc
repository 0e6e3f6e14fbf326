#include "games/back_alley/back_alley.h"

#include <algorithm>
#include <cctype>

#include "core/deal_check.h"
#include "core/game_support.h"
#include "core/move_text.h"
#include "core/table_layout.h"

namespace cardroom::back_alley {

namespace {

// What the end of the match says (MatchState::end_round).
constexpr MatchEndText kMatchEnd = {"game over; winners: {seats/}",
                                    "game over; the teams tie and share the win",
                                    "the teams are tied: an extra 13-card hand follows"};

constexpr std::array<ExtraCard, 2> kExtraCards = {
    {{kBigBlooper, "BB", "big blooper"}, {kLittleBlooper, "LB", "little blooper"}}};

std::string text_of(Card c) { return card_text(c, card_names()); }

std::string call_text(int bid, int board) {
  if (board > 0) return "board";
  return bid == 0 ? "pass" : "bid " + std::to_string(bid);
}

const char* const kBoardNames[] = {"", "board", "double board", "triple board", "quadruple board"};

// A call as the score sheet writes it: "pass", "3", "board", "board x2".
std::string sheet_call(int bid, int board) {
  if (board > 0) return board == 1 ? "board" : "board x" + std::to_string(board);
  return bid == 0 ? "pass" : std::to_string(bid);
}

// The name of a board contract ("double board"), or nullptr for a number of tricks.
const char* contract_name(Contract c) { return c.board > 0 ? kBoardNames[c.board] : nullptr; }

nlohmann::json contract_json(Contract c) {
  return c.board > 0 ? nlohmann::json{{"board", c.board}} : nlohmann::json{{"tricks", c.tricks}};
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Options

const ConfigOptions<Config>& Config::options() {
  static const auto options =
      ConfigOptions<Config>()
          .add(OptionSpec::choice("bid_range", {"below_hand", "up_to_12"},
                                  "BA-A3: numeric bids with h cards: below_hand = 1..h-1, all the "
                                  "tricks only as board (ruling); up_to_12 = 1..min(12, h)"),
               &Config::bid_range)
          .add(OptionSpec::choice("final_tie", {"shared", "extra_hand"},
                                  "BA-A9: team totals tied after hand 26: shared (ruling); "
                                  "extra_hand = play 13-card hands until one team leads"),
               &Config::final_tie);
  return options;
}

CardNames card_names() { return {kExtraCards.data(), kExtraCards.size()}; }

// ---------------------------------------------------------------------------------------------
// Rules tables

int hand_size_of_hand(int k) {
  if (k < 0 || k >= kHands) return kMaxHand;
  return k < 13 ? 13 - k : k - 12;
}

CardSet Policy::blooper_forced(Card led, CardSet trumps_held) const {
  Card pick = kNoCard;
  for (Card c : trumps_held)
    if (pick == kNoCard || (led == kBigBlooper ? effective_rank(c) > effective_rank(pick)
                                               : effective_rank(c) < effective_rank(pick)))
      pick = c;
  return CardSet::of(pick);
}

CardSet Policy::blooper_lacking(Card led, Card card) const {
  const CardSet all_trumps = trumps();
  if (!all_trumps.contains(card)) return all_trumps;
  CardSet out;
  for (Card c : all_trumps)
    if (led == kBigBlooper ? effective_rank(c) > effective_rank(card)
                           : effective_rank(c) < effective_rank(card))
      out.add(c);
  return out;
}

int team_points(Contract c, int took, int hand_size) {
  if (c.board > 0) return (took == hand_size ? 10 : -10) * c.board * hand_size;
  return took >= c.tricks ? 5 * c.tricks + (took - c.tricks) : -5 * c.tricks;
}

// ---------------------------------------------------------------------------------------------
// Game

CardNames Game::card_names() const { return back_alley::card_names(); }

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s(config_, seed);
  // The seed does not say how the first dealer is chosen: a random seat.
  s.choose_first_dealer(first_dealer, kPlayers);
  emit(ctx, kEveryone, "{seat} deals first",
       [&] { return Event{.kind = EventKind::kDealer, .seat = s.dealer_}; });
  s.start_hand(ctx);
  return s;
}

std::string Game::validate_deal(const Deal& deal) const {
  DealCheck check(deal, kDeck, "not in the Back Alley deck", card_names());
  for (const std::string& why : {check.seats(kPlayers), check.first_hand_between(1, kMaxHand),
                                 check.same_sizes(), check.cards()})
    if (!why.empty()) return why;
  const std::size_t undealt = kDeckSize - kPlayers * deal.hands[0].size();
  if (deal.pack.size() != undealt)
    return "the pack must list all " + std::to_string(undealt) +
           " undealt cards, upcard first (got " + std::to_string(deal.pack.size()) + ")";
  return "";
}

// ---------------------------------------------------------------------------------------------
// State: dealing and hand flow

namespace {

SeatSet team_seats(int t) { return SeatSet(0b0101u << t); }

}  // namespace

void State::start_hand(const ApplyContext* ctx) {
  hand_size_ = static_cast<std::int8_t>(hand_size_of_hand(round_));
  const int h = hand_size_;
  std::array<Card, kDeckSize> order{};  // hands round-robin, then upcard, pack, bottom card last
  const Deal* deal = explicit_deal_of_size(ctx, h, "hand");
  play_.new_round(kPlayers);
  int pack_start = kPlayers * h;
  if (deal) {
    play_.take_hands(*deal);
    std::copy(deal->pack.begin(), deal->pack.end(), order.begin() + pack_start);
  } else {
    order = card_ids<kDeckSize>();
    rng_.shuffle(order.data(), kDeckSize);
    // One card at a time, clockwise from the dealer's left.
    play_.deal_one_at_a_time(order.data(), pack_start, (dealer_ + 1) % kPlayers);
  }
  ++deals_;
  report_deal(ctx, [&] { return play_.as_deal({order.begin() + pack_start, order.end()}); });
  upcard_ = order[pack_start];
  const Card bottom = order[kDeckSize - 1];
  out_ = CardSet::of(upcard_);
  pack_ = CardSet();
  for (int i = pack_start + 1; i < kDeckSize; ++i) pack_.add(order[i]);
  swapper_ = -1;
  const Card other_joker = upcard_ == kBigBlooper ? kLittleBlooper : kBigBlooper;
  if (upcard_ >= 52) {
    // Rule 4 / BA-A2: no trumps; the other joker's holder swaps it for the bottom card (below,
    // once each hand has been shown as dealt).
    trump_ = kNoSuit;
    for (Seat s = 0; s < kPlayers; ++s)
      if (play_.hand(s).contains(other_joker)) swapper_ = static_cast<std::int8_t>(s);
    if (swapper_ < 0 || !pack_.contains(bottom)) {
      swapper_ = -1;
      // Nobody swapped, so everyone knows the other joker is undealt.
      for (Seat s = 0; s < kPlayers; ++s) play_.exclude(s, CardSet::of(other_joker));
    }
  } else {
    trump_ = static_cast<std::uint8_t>(suit_of(upcard_));
  }
  phase_ = Phase::kBid;
  calls_ = 0;
  for (Seat s = 0; s < kPlayers; ++s) {
    auction_.bids[s] = -1;
    auction_.boards[s] = 0;
  }
  auction_.contracts = {};
  to_act_ = static_cast<std::int8_t>((dealer_ + 1) % kPlayers);

  const CardNames names = card_names();
  if (wants_events(ctx)) {
    announce_round(ctx, "hand {number} of {total}: {seat} deals {amount:card/cards} each",
                   "hand {number} (extra): {seat} deals {amount:card/cards} each", kHands, h);
    play_.emit_hands(ctx, names);  // as dealt: the joker swap follows
    emit(
        ctx, kEveryone,
        trump_ == kNoSuit ? "upcard {card}: no trumps" : "upcard {card}: trumps are {suit}",
        [&] {
          return Event{
              .kind = EventKind::kTrump, .suit = trump_, .card = upcard_, .label = "trump"};
        },
        names);
  }
  if (swapper_ >= 0) {
    play_.take(swapper_, CardSet::of(other_joker));
    play_.give(swapper_, CardSet::of(bottom));
    pack_.remove(bottom);
    out_.add(other_joker);
    emit(
        ctx, kEveryone, "{seat} discards {card} and takes the bottom card",
        [&] { return Event{.kind = EventKind::kExchange, .seat = swapper_, .card = other_joker}; },
        names);
    emit(
        ctx, SeatSet::of(swapper_), "you take {card}",
        [&] { return Event{.kind = EventKind::kExchange, .seat = swapper_, .card = bottom}; },
        names);
  }
}

Seat State::opening_leader() const {
  // Rule 6: the highest call leads; board outranks numbers, a higher multiple a lower one; ties go
  // to the earliest in the bidding order.
  Seat best = -1;
  int best_value = -1;
  for (int i = 0; i < kPlayers; ++i) {
    const Seat s = (dealer_ + 1 + i) % kPlayers;
    const int v = auction_.boards[s] > 0 ? 100 + auction_.boards[s] : auction_.bids[s];
    if (v > best_value) {
      best_value = v;
      best = s;
    }
  }
  return best;
}

void State::finish_hand(const ApplyContext* ctx) {
  last_ = RoundRecord{.round = round_ + 1,
                      .dealer = dealer_,
                      .hand_size = hand_size_,
                      .upcard = upcard_,
                      .auction = auction_,
                      .tricks = play_.history()};
  RoundRecord& r = last_;
  for (int t = 0; t < 2; ++t) {
    r.tricks_won[t] = static_cast<std::int8_t>(team_tricks(t));
    r.points[t] = team_points(auction_.contracts[t], team_tricks(t), hand_size_);
    scores_[t] += r.points[t];
  }
  ++rounds_completed_;
  for (int t = 0; t < 2; ++t)
    emit(ctx, kEveryone,
         auction_.contracts[t].board > 0
             ? "{seats/} contract {label}, took {tricks}: {points:point/points} (total {total})"
             : "{seats/} contract {amount}, took {tricks}: {points:point/points} (total {total})",
         [&] {
           return Event{.kind = EventKind::kScore,
                        .team = t,
                        .amount = auction_.contracts[t].tricks,
                        .tricks = team_tricks(t),
                        .points = r.points[t],
                        .total = scores_[t],
                        .seats = team_seats(t),
                        .label = contract_name(auction_.contracts[t])};
         });
  if (end_round(round_ + 1 >= kHands, scores_, kTwoPartnerships, kPlayers,
                config_.final_tie == FinalTie::kShared, kMatchEnd, ctx))
    phase_ = Phase::kOver;
  else
    start_hand(ctx);
}

// ---------------------------------------------------------------------------------------------
// State: moves

int State::next_board() const {
  int m = 0;
  for (Seat s = 0; s < kPlayers; ++s) m = std::max(m, static_cast<int>(auction_.boards[s]));
  return m + 1;
}

SeatSet State::actors() const { return one_actor(over(), to_act()); }

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (phase_ == Phase::kOver || seat != to_act()) return;
  if (phase_ == Phase::kBid) {
    const int top =
        config_.bid_range == BidRange::kBelowHand ? hand_size_ - 1 : std::min<int>(12, hand_size_);
    for (int b = 1; b <= top; ++b) out.push(bid_move(b));
    if (next_board() <= kMaxBoard) out.push(board_move(next_board()));
    out.push(pass_move());
    return;
  }
  out.push_cards(play_.playable(seat), play_move);
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (Status st = refuse_when_closed(over(), seat, kPlayers); !st.ok()) return st;
  if (seat != to_act()) return Status::Error(kNotYourTurn);
  const std::uint64_t payload = move_payload(move);
  const int kind = move_kind(move);
  if (kind == kPlayMove)
    return tricks::play_move(
        play_, phase_ == Phase::kPlay, seat, payload, ctx, [&] { finish_hand(ctx); }, card_names());
  if (kind != kPassMove && kind != kBidMove && kind != kBoardMove)
    return Status::Error("not a Back Alley move");
  if (phase_ != Phase::kBid) return Status::Error("bidding is over for this hand");
  if (kind == kPassMove) {
    if (payload != 0) return Status::Error("not a Back Alley move");
    return apply_call(seat, 0, 0, ctx);
  }
  if (kind == kBidMove) {
    const int top =
        config_.bid_range == BidRange::kBelowHand ? hand_size_ - 1 : std::min<int>(12, hand_size_);
    if (payload < 1 || payload > static_cast<std::uint64_t>(top))
      return Status::Error(config_.bid_range == BidRange::kBelowHand
                               ? "a bid must be 1 to one less than the cards dealt (or board)"
                               : "a bid must be 1 to the cards dealt, at most 12");
    return apply_call(seat, static_cast<int>(payload), 0, ctx);
  }
  if (payload != static_cast<std::uint64_t>(next_board()) || next_board() > kMaxBoard)
    return Status::Error("a board bid must be the next multiple");
  return apply_call(seat, 0, static_cast<int>(payload), ctx);
}

Move State::random_call(Rng& rng) const {
  // The calls as legal_moves lists them: the numeric bids, the board bid when there is one to
  // make, pass.
  const int top =
      config_.bid_range == BidRange::kBelowHand ? hand_size_ - 1 : std::min<int>(12, hand_size_);
  const int board = next_board();
  const int k = static_cast<int>(
      rng.below(static_cast<std::uint32_t>(top + (board <= kMaxBoard ? 1 : 0) + 1)));
  if (k < top) return bid_move(k + 1);
  return k == top && board <= kMaxBoard ? board_move(board) : pass_move();
}

Status State::apply_call(Seat seat, int bid, int board, const ApplyContext* ctx) {
  auction_.bids[seat] = static_cast<std::int8_t>(bid);
  auction_.boards[seat] = static_cast<std::int8_t>(board);
  ++calls_;
  emit(ctx, kEveryone,
       board > 0  ? "{seat} bids {label}"
       : bid == 0 ? "{seat} passes"
                  : "{seat} bids {amount}",
       [&] {
         return Event{.kind = EventKind::kBid,
                      .seat = seat,
                      .amount = bid,
                      .label = board > 0  ? kBoardNames[board]
                               : bid == 0 ? "pass"
                                          : nullptr};
       });
  if (calls_ < kPlayers) {
    to_act_ = static_cast<std::int8_t>((seat + 1) % kPlayers);
    return Status::Ok();
  }
  bool all_pass = true;
  for (Seat s = 0; s < kPlayers; ++s) all_pass &= auction_.bids[s] == 0 && auction_.boards[s] == 0;
  if (all_pass) {
    // Rule 5: the same dealer deals the same hand size again.
    emit(ctx, kEveryone, "all pass: {seat} deals again",
         [&] { return Event{.kind = EventKind::kNote, .seat = dealer_}; });
    start_hand(ctx);
    return Status::Ok();
  }
  for (int t = 0; t < 2; ++t) {
    Contract c;
    for (Seat s = t; s < kPlayers; s += 2) {
      c.tricks += auction_.bids[s];
      c.board = std::max(c.board, static_cast<int>(auction_.boards[s]));
    }
    if (c.board > 0) c.tricks = hand_size_;  // BA-A4: the partner's number is ignored
    auction_.contracts[t] = c;
  }
  phase_ = Phase::kPlay;
  to_act_ = static_cast<std::int8_t>(opening_leader());
  Policy policy;
  policy.trump = trump_;
  play_.begin_play(hand_size_, to_act_, policy);
  if (wants_events(ctx)) {
    for (int t = 0; t < 2; ++t)
      emit(ctx, kEveryone,
           auction_.contracts[t].board > 0 ? "{seats/} contract: {label}"
                                           : "{seats/} contract: {amount}",
           [&] {
             return Event{.kind = EventKind::kContract,
                          .team = t,
                          .amount = auction_.contracts[t].tricks,
                          .seats = team_seats(t),
                          .label = contract_name(auction_.contracts[t])};
           });
    emit(ctx, kEveryone, "{seat} leads",
         [&] { return Event{.kind = EventKind::kLead, .seat = to_act_}; });
  }
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// State: queries, views, resampling

std::string State::move_text(Move move) const {
  return move_text_of(move, kMoveForms, card_names());
}

std::optional<Move> State::parse_move(Seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  const std::string t = in.joined();
  if (t == "pass") return pass_move();
  // "board" is always the next multiple; "double board" etc. are accepted when they are.
  if (t == "board" || t == "bid board" || t == "double board" || t == "triple board" ||
      t == "quadruple board")
    return board_move(std::min(next_board(), kMaxBoard));
  if (in.verb() == "bid") {
    if (in.rest() == "0") return pass_move();
    const auto n = parse_number(in.rest(), 0, 99);
    if (!n || in.rest().size() > 2) return in.fail("a bid is 'pass', 'bid N' (1 to 12) or 'board'");
    if (*n > 12) return in.fail("a bid is at most 12");
    return bid_move(*n);
  }
  return in.card_move("play", "'play' needs a card, e.g. 'play TD' or 'play BB'", card_names(),
                      false, play_move,
                      "'" + std::string(text) +
                          "' is not a Back Alley move (try 'pass', 'bid N', 'board', 'play C')");
}

nlohmann::json State::view(Seat seat) const {
  const bool player = seat >= 0 && seat < kPlayers;
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["team"] = player ? nlohmann::json(seat % 2) : nlohmann::json(nullptr);
  v["rounds"] = kHands;
  v["round_name"] = "hand";  // what the rules call a round
  v["extra_round"] = round_ >= kHands;
  static const char* const kPhases[] = {"bid", "play", "over"};
  v["phase"] = kPhases[static_cast<int>(phase_)];
  v["hand_size"] = hand_size_;
  v["upcard"] = text_of(upcard_);
  v["trump"] = suit_json(trump_);
  v["trumps_broken"] = trumps_broken();
  v["joker_swap"] = swapper_ >= 0 ? nlohmann::json(swapper_) : nlohmann::json(nullptr);
  v["out_of_play"] = cards_json(out_, card_names());
  if (player) v["hand"] = cards_json(play_.hand(seat), card_names());
  // `bids` holds the tricks each call promises (pass 0, board all h) so generic score tables can
  // show it; `calls` holds the calls themselves.
  nlohmann::json sizes = nlohmann::json::array(), bids = nlohmann::json::array(),
                 calls = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) {
    sizes.push_back(play_.hand(s).size());
    const bool called = auction_.bids[s] >= 0 || auction_.boards[s] > 0;
    bids.push_back(!called                  ? nlohmann::json(nullptr)
                   : auction_.boards[s] > 0 ? nlohmann::json(static_cast<int>(hand_size_))
                                            : nlohmann::json(static_cast<int>(auction_.bids[s])));
    calls.push_back(!called                  ? nlohmann::json(nullptr)
                    : auction_.boards[s] > 0 ? nlohmann::json(kBoardNames[auction_.boards[s]])
                                             : nlohmann::json(call_text(auction_.bids[s], 0)));
  }
  v["calls"] = calls;
  v["hand_sizes"] = sizes;
  v["bids"] = bids;
  nlohmann::json contracts = nlohmann::json::array(), won = nlohmann::json::array(),
                 teams = nlohmann::json::array(), seat_won = nlohmann::json::array();
  for (int t = 0; t < 2; ++t) {
    contracts.push_back(phase_ == Phase::kBid ? nlohmann::json(nullptr)
                                              : contract_json(auction_.contracts[t]));
    won.push_back(team_tricks(t));
    teams.push_back(scores_[t]);
  }
  v["contracts"] = contracts;
  v["team_tricks"] = won;
  v["team_scores"] = teams;
  const bool in_play = phase_ == Phase::kPlay;
  for (Seat s = 0; s < kPlayers; ++s) seat_won.push_back(in_play ? play_.tricks_won(s) : 0);
  tricks::add_trick_view(v, play_, in_play, card_names());
  v["tricks_won"] = seat_won;  // per seat, this hand (the team's tricks are in team_tricks)

  // The table: the trick and the cards out of play (the upcard); trumps and the two teams'
  // contracts against their tricks as facts.
  TableLayout t(seat, card_names());
  t.add_trick(v);
  if (!out_.empty()) t.add("out", ZoneKind::kFan, "Out of play", kNoSeat, out_);
  t.fact("Trumps", TableLayout::suit_words(trump_) + (trumps_broken() ? ", broken" : ""));
  if (phase_ != Phase::kBid)
    for (int k = 0; k < 2; ++k) {
      const int team = player ? (seat % 2 + k) % 2 : k;
      const Contract c = auction_.contracts[team];
      const std::string name =
          player ? (k == 0 ? "Your team" : "Their team") : (team == 0 ? "S0 and S2" : "S1 and S3");
      const std::string bid = c.board > 0 ? std::string(kBoardNames[c.board]) + " (all " +
                                                std::to_string(hand_size_) + ")"
                                          : std::to_string(c.tricks);
      t.fact(name, "bid " + bid + ", taken " + std::to_string(team_tricks(team)));
    }
  if (swapper_ >= 0) t.fact("Joker swapped", "by " + t.who(swapper_));
  t.turn_status(*this, phase_ == Phase::kBid ? "call" : "play");
  std::move(t).write_to(v);
  return v;
}

std::optional<tricks::SolverTask<Policy, kPlayers>> State::solver_task() const {
  if (phase_ != Phase::kPlay) return std::nullopt;
  tricks::SolverTask<Policy, kPlayers> task;
  task.position = play_.position();
  const int tricks = play_.tricks();
  task.side = {0, 1, 0, 1};
  task.scores.resize(static_cast<std::size_t>(2 * (tricks + 1)));
  for (int team = 0; team < 2; ++team)
    for (int t = 0; t <= tricks; ++t)
      task.scores[team * (tricks + 1) + t] = team_points(auction_.contracts[team], t, hand_size_);
  task.card_move = [](Card c) { return play_move(c); };
  // Within each suit only the order of the cards counts (trick_winner, the forced highest or
  // lowest trump after a blooper lead); the bloopers rank above every standard trump, so ranks
  // squeezed within a suit keep every comparison the rules make.
  task.rank_order = true;
  return task;
}

std::optional<RoundReplay<State>> State::round_replay() const {
  if (over()) return std::nullopt;
  RoundReplay<State> r{*this, {}};
  State& s = r.start;
  s.play_.unplay();
  if (upcard_ >= 52 && swapper_ < 0)  // known since the deal: the other joker is undealt
    for (Seat p = 0; p < kPlayers; ++p)
      s.play_.exclude(p, CardSet::of(upcard_ == kBigBlooper ? kLittleBlooper : kBigBlooper));
  s.phase_ = Phase::kBid;
  s.calls_ = 0;
  s.auction_ = Auction();
  s.auction_.bids.fill(-1);
  s.to_act_ = static_cast<std::int8_t>((dealer_ + 1) % kPlayers);
  for (int i = 0; i < calls_; ++i) {
    const Seat p = (dealer_ + 1 + i) % kPlayers;
    r.moves.emplace_back(p, auction_.boards[p] > 0  ? board_move(auction_.boards[p])
                            : auction_.bids[p] == 0 ? pass_move()
                                                    : bid_move(auction_.bids[p]));
  }
  for (const auto& [seat, c] : play_.played_in_order()) r.moves.emplace_back(seat, play_move(c));
  return r;
}

RoundOutcome State::random_round_outcome(Rng& rng) const {
  // The calls (an all-pass redeals the hand and the calls begin again), then the play.
  if (phase_ == Phase::kBid)
    return random_phase_then_outcome(*this, rng,
                                     [](const State& w) { return w.phase_ == Phase::kBid; });
  RoundOutcome out;
  std::array<int, 2> points{};
  if (phase_ == Phase::kPlay) {
    TrickPlay::Position position = play_.position();
    out.moves = static_cast<std::uint64_t>(position.play_out(rng));
    for (int t = 0; t < 2; ++t)
      points[t] = team_points(auction_.contracts[t],
                              position.tricks_won[t] + position.tricks_won[t + 2], hand_size_);
  }
  for (int t = 0; t < 2; ++t) out.team_scores[t] = scores_[t] + points[t];
  for (Seat s = 0; s < kPlayers; ++s) out.scores[s] = out.team_scores[s % 2];
  return out;
}

State State::resample(Seat observer, Rng& rng) const {
  // Known: the observer's own hand (never its partner's), the cards played, the cards face up out
  // of play. Everything else is redealt honouring what each player has shown it does not hold.
  return resample_world(*this, rng, [&](State& world) {
    world.play_.redeal_hidden_hands(observer, {}, &world.pack_, rng);
  });
}

nlohmann::json State::last_round(Seat seat) const {
  (void)seat;  // everything in a completed Back Alley hand is public
  const RoundRecord& r = last_;
  nlohmann::json j;
  j["round"] = r.round;
  j["dealer"] = r.dealer;
  j["hand_size"] = r.hand_size;
  j["upcard"] = r.upcard == kNoCard ? nlohmann::json(nullptr) : nlohmann::json(text_of(r.upcard));
  j["trump"] = suit_json(r.upcard >= 52 ? kNoSuit : suit_of(r.upcard));
  // `bids` holds the calls; `bid_tricks` the tricks each promises (pass 0, board all h) and
  // `team_bid_tricks` each team's contract in tricks, for generic readers (match/simulate.h).
  nlohmann::json bids = nlohmann::json::array(), bid_tricks = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) {
    bids.push_back(call_text(r.auction.bids[s], r.auction.boards[s]));
    bid_tricks.push_back(
        static_cast<int>(r.auction.boards[s] > 0 ? r.hand_size : r.auction.bids[s]));
  }
  j["bids"] = bids;
  j["bid_tricks"] = bid_tricks;
  nlohmann::json contracts = nlohmann::json::array(), won = nlohmann::json::array(),
                 points = nlohmann::json::array(), team_bid_tricks = nlohmann::json::array();
  for (int t = 0; t < 2; ++t) {
    const Contract c = r.auction.contracts[t];
    contracts.push_back(contract_json(c));
    team_bid_tricks.push_back(c.board > 0 ? static_cast<int>(r.hand_size) : c.tricks);
    won.push_back(r.tricks_won[t]);
    points.push_back(r.points[t]);
  }
  j["contracts"] = contracts;
  j["team_bid_tricks"] = team_bid_tricks;
  j["tricks"] = tricks::history_json<Policy>(r.tricks, r.hand_size, kPlayers, card_names());
  j["tricks_won"] = won;
  j["points"] = points;       // per team (kept for records and tools that read it)
  j["team_points"] = points;  // the name every team-scored game uses (core/game.h)
  // The score sheet's columns (core/game.h): each seat's call, and per team its contract and the
  // tricks it took ("4/7", "board/13").
  nlohmann::json calls = nlohmann::json::array(), bid_took = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s)
    calls.push_back(sheet_call(r.auction.bids[s], r.auction.boards[s]));
  for (int t = 0; t < 2; ++t) {
    const Contract c = r.auction.contracts[t];
    bid_took.push_back((c.board > 0 ? sheet_call(0, c.board) : std::to_string(c.tricks)) + "/" +
                       std::to_string(r.tricks_won[t]));
  }
  j["sheet"] = nlohmann::json::array(
      {{{"title", "calls"}, {"seats", calls}}, {{"title", "bid/took"}, {"teams", bid_took}}});
  return j;
}

std::vector<Pile> State::piles() const {
  std::vector<Pile> out = play_.piles(pack_);
  out.push_back(make_pile("out of play", kEveryone, out_));
  return out;
}

const char* State::check() const {
  const CardSet played = play_.played();
  if (pack_.intersects(played) || pack_.intersects(out_) || out_.intersects(played))
    return "pack, tricks and out-of-play cards overlap";
  CardSet all = pack_ | played | out_;
  int total = pack_.size() + played.size() + out_.size();
  for (Seat s = 0; s < kPlayers; ++s) {
    const CardSet hand = play_.hand(s);
    if (all.intersects(hand)) return "a card is in two places";
    all |= hand;
    total += hand.size();
    if (hand.intersects(play_.excluded(s))) return "a hand holds a card it showed it lacks";
    if (phase_ == Phase::kBid && hand.size() != hand_size_)
      return "a hand has the wrong number of cards before play";
    if (phase_ == Phase::kPlay) {
      const int played_by_s = play_.trick_number() + play_.played_to_current(s);
      if (hand.size() != hand_size_ - played_by_s) return "a hand has the wrong size";
    }
  }
  if (all != kDeck || total != kDeckSize) return "cards are not conserved";
  if (!out_.contains(upcard_)) return "the upcard is not face up";
  return nullptr;
}

std::vector<ObservationField> Game::observation_fields() const {
  std::vector<std::string> calls = {"pass", "board", "double board", "triple board",
                                    "quadruple board"};
  for (int n = 0; n <= kMaxHand; ++n) calls.push_back("bid " + std::to_string(n));
  auto f = obs::common({"bid", "play", "over"}, 26, 13, 500);
  obs::append(f, obs::trick_play(13));
  obs::append(f,
              {
                  obs::number_or_none("/bids/{seat}", 13, "each seat's bid in tricks"),
                  obs::choice("/calls/{seat}", calls, "each seat's call"),
                  obs::number_or_none("/contracts/{team}/tricks", 26,
                                      "each team's contract, this seat's first"),
                  obs::number("/contracts/{team}/board", 4, "each team's board level"),
                  obs::number("/team_scores/{team}", 500, "each team's score, this seat's first"),
                  obs::number("/team_tricks/{team}", 13, "each team's tricks this round"),
                  obs::number("/hand_size", 13, "the cards dealt to each seat this round"),
                  obs::cards("/upcard", "the upcard"),
                  obs::cards("/out_of_play", "the cards out of play this round"),
                  obs::number("/trumps_broken", 1, "whether trumps have been broken"),
                  obs::seat("/joker_swap", "the seat that swapped a blooper for the upcard"),
                  obs::number("/extra_round", 1, "whether an extra round is being played"),
              });
  return f;
}

}  // namespace cardroom::back_alley
