#include "games/reds/reds.h"

#include <algorithm>
#include <cctype>

#include "core/deal_check.h"
#include "core/game_support.h"
#include "core/move_text.h"
#include "core/table_layout.h"

namespace cardroom::reds {

namespace {

// What the end of the match says (MatchState::end_round).
constexpr MatchEndText kMatchEnd = {"game over; winner: {seats}", "game over; winner: {seats}",
                                    "first place is tied: a tie-break round follows"};

constexpr std::array<int, 5> kShortRows = {1, 4, 5, 8, 9};
constexpr unsigned kBlackSuits = (1u << kSpades) | (1u << kClubs);

}  // namespace

// ---------------------------------------------------------------------------------------------
// Options

const ConfigOptions<Config>& Config::options() {
  static const auto options =
      ConfigOptions<Config>()
          .add(OptionSpec::players(4, kMinPlayers, kMaxPlayers), &Config::players)
          .add(OptionSpec::boolean("partnership", false,
                                   "partners sit opposite (4 or 6 players); team score = sum of "
                                   "both partners' scores"),
               &Config::partnership)
          .add(OptionSpec::boolean("hidden_bids", false,
                                   "bids are made secretly and revealed at the end of the round"),
               &Config::hidden_bids)
          .add(OptionSpec::boolean(
                   "short_game", false,
                   "play only chart rounds 1, 4, 5, 8 and 9 (skip the rounds marked *)"),
               &Config::short_game)
          .add(OptionSpec::choice(
                   "anti_trump_lead", {"drop", "highest", "highest_other"},
                   "REDS-A1: anti-trump led and another suit played: drop = anti-trump cards drop "
                   "out (trump, else highest neutral); highest = highest face value of all cards; "
                   "highest_other = highest face value among the other cards"),
               &Config::anti_trump_lead);
  return options;
}

std::string Config::validate() const {
  if (partnership && players != 4 && players != 6)
    return "option 'partnership': true needs players=4 or players=6 (players is " +
           std::to_string(players) + ")";
  return "";
}

// ---------------------------------------------------------------------------------------------
// Rules tables

Exchange exchange_for_row(int row) {
  static constexpr std::array<int, 9> kCards = {4, 4, 3, 3, 2, 2, 1, 1, 0};
  if (row < 1 || row > 9) return {};
  int cards = kCards[row - 1];
  return {cards, cards == 0 ? 0 : (row % 2 == 1 ? +1 : -1)};
}

int rounds_in_game(const Config& config) { return config.short_game ? 5 : 9; }

int chart_row(const Config& config, int round_index) {
  if (round_index >= rounds_in_game(config)) return 9;  // tie-break rounds: no exchange
  return config.short_game ? kShortRows[round_index] : round_index + 1;
}

int round_points(int bid, int took) {
  if (took == bid) return bid == 0 ? 10 : 3 * bid + 5;
  if (took > bid) return 3 * bid + (took - bid);
  return took;
}

int trick_winner(const Card* cards, int count, int anti_trump, AntiTrumpLead rule) {
  const int led = suit_of(cards[0]);
  auto highest_of_suit = [&](int suit) {
    int best = -1;
    for (int i = 0; i < count; ++i)
      if (suit_of(cards[i]) == suit && (best < 0 || rank_of(cards[i]) > rank_of(cards[best])))
        best = i;
    return best;
  };
  if (led == anti_trump) {
    bool contaminated = false;
    for (int i = 1; i < count; ++i) contaminated |= suit_of(cards[i]) != anti_trump;
    if (contaminated && rule != AntiTrumpLead::kDrop) {
      // Readings B and D: highest face value, the earliest card winning ties.
      int best = -1;
      for (int i = 0; i < count; ++i) {
        if (rule == AntiTrumpLead::kHighestOther && suit_of(cards[i]) == anti_trump) continue;
        if (best < 0 || rank_of(cards[i]) > rank_of(cards[best])) best = i;
      }
      return best;
    }
  }
  if (int t = highest_of_suit(kTrump); t >= 0) return t;
  if (led != anti_trump || anti_trump == kNoSuit) return highest_of_suit(led);
  // Anti-trump led, no trump: the neutral suit wins if present, else the highest anti-trump.
  const int neutral = anti_trump == kSpades ? kClubs : kSpades;
  if (int n = highest_of_suit(neutral); n >= 0) return n;
  return highest_of_suit(anti_trump);
}

// ---------------------------------------------------------------------------------------------
// Game

Teams Game::teams() const {
  if (!config_.partnership) return {};
  return Teams::alternating(config_.players, config_.players / 2, /*team_scored=*/false);
}

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s(config_, seed);
  for (auto& b : s.bids_) b = -1;
  // Rule 3 / REDS-A3: everyone draws; the highest rank deals; tied players redraw.
  if (!s.take_first_dealer(first_dealer, config_.players, ctx))
    s.draw_for_dealer(kDeck, config_.players, rank_of, "draw for deal: {seat_cards}",
                      "{seat} deals first", ctx);
  s.start_round(ctx);
  return s;
}

std::string Game::validate_deal(const Deal& deal) const {
  DealCheck check(deal, kDeck, "not in the Reds deck");
  for (const std::string& why : {check.seats(config_.players), check.hand_sizes(kHandSize)})
    if (!why.empty()) return why;
  return check.cards();
}

// ---------------------------------------------------------------------------------------------
// State: dealing and round flow

void State::start_round(const ApplyContext* ctx) {
  const int n = config_.players;
  std::array<Card, kDeckSize> order{};
  int count = 0;
  play_.new_round(n);
  if (const Deal* deal = explicit_deal(ctx, deals_)) {
    // An explicit deal: the given hands; the given pack on top, any unlisted cards shuffled below.
    CardSet used = play_.take_hands(*deal);
    for (Card c : deal->pack) {
      order[count++] = c;
      used.add(c);
    }
    int first_rest = count;
    for (Card c : kDeck - used) order[count++] = c;
    rng_.shuffle(order.data() + first_rest, count - first_rest);
  } else {
    for (Card c : kDeck) order[count++] = c;
    rng_.shuffle(order.data(), count);
    for (Seat s = 0; s < n; ++s) {
      CardSet hand;
      for (int k = 0; k < kHandSize; ++k) hand.add(order[s * kHandSize + k]);
      play_.set_hand(s, hand);
    }
    std::copy(order.begin() + n * kHandSize, order.begin() + count, order.begin());
    count -= n * kHandSize;
  }
  ++deals_;
  // Rule 4: turn cards from the top until a black card shows; its suit is anti-trump.
  anti_trump_ = kNoSuit;
  turned_count_ = 0;
  int i = 0;
  while (i < count) {
    Card c = order[i++];
    turned_[turned_count_++] = c;
    if ((kBlackSuits >> suit_of(c)) & 1) {
      anti_trump_ = static_cast<std::uint8_t>(suit_of(c));
      break;
    }
  }
  pack_ = CardSet();
  for (; i < count; ++i) pack_.add(order[i]);
  // The deal as an explicit deal: the hands, then the pack from the top (turned cards first).
  report_deal(ctx, [&] {
    std::vector<Card> pack(turned_.begin(), turned_.begin() + turned_count_);
    for (Card c : pack_) pack.push_back(c);
    return play_.as_deal(std::move(pack));
  });

  phase_ = Phase::kBid;
  bid_submitted_ = SeatSet();
  exchange_submitted_ = SeatSet();
  for (Seat s = 0; s < kMaxPlayers; ++s) {
    bids_[s] = -1;
    pending_[s] = CardSet();
    passed_[s] = CardSet();
  }
  to_act_ = static_cast<std::int8_t>((dealer_ + 1) % n);

  if (wants_events(ctx)) {
    const int rounds = rounds_in_game(config_);
    const bool regular = round_ < rounds;
    const Exchange ex = exchange();
    static const char* const kFormats[2][2] = {
        {"round {number} (tie-break): {seat} deals, no exchange",
         "round {number} (tie-break): {seat} deals, exchange {amount} {label}"},
        {"round {number} of {total}: {seat} deals, no exchange",
         "round {number} of {total}: {seat} deals, exchange {amount} {label}"}};
    emit(ctx, kEveryone, kFormats[regular][ex.cards > 0], [&] {
      return Event{.kind = EventKind::kRoundStart,
                   .seat = dealer_,
                   .number = round_ + 1,
                   .amount = ex.cards,
                   .total = regular ? rounds : 0,
                   .label = ex.cards == 0      ? nullptr
                            : ex.direction > 0 ? "left"
                                               : "right"};
    });
    play_.emit_hands(ctx);
    emit(ctx, kEveryone, "turned: {cards}", [&] {
      return Event{.kind = EventKind::kTurnUp,
                   .cards = {turned_.begin(), turned_.begin() + turned_count_}};
    });
    emit(ctx, kEveryone,
         anti_trump_ == kNoSuit ? "no anti-trump this round: both black suits are neutral"
                                : "anti-trump is {suit}",
         [&] {
           return Event{.kind = EventKind::kTrump, .suit = anti_trump_, .label = "anti-trump"};
         });
  }
}

void State::begin_play(const ApplyContext* ctx) {
  phase_ = Phase::kPlay;
  to_act_ = static_cast<std::int8_t>((dealer_ + 1) % config_.players);
  Policy policy;
  policy.anti_trump = anti_trump_;
  policy.rule = config_.anti_trump_lead;
  play_.begin_play(kTricks, to_act_, policy);
  emit(ctx, kEveryone, "{seat} leads",
       [&] { return Event{.kind = EventKind::kLead, .seat = to_act_}; });
}

Seat State::recipient(Seat seat) const {
  const int n = config_.players;
  return (seat + exchange().direction + n) % n;
}

Seat State::sender_to(Seat seat) const {
  const int n = config_.players;
  return (seat - exchange().direction + n) % n;
}

void State::resolve_exchange(const ApplyContext* ctx) {
  const int n = config_.players;
  for (Seat s = 0; s < n; ++s) play_.take(s, pending_[s]);
  for (Seat s = 0; s < n; ++s) {
    play_.give(recipient(s), pending_[s]);
    passed_[s] = pending_[s];
    pending_[s] = CardSet();
  }
  if (wants_events(ctx)) {
    emit(ctx, kEveryone, "the exchange is made",
         [&] { return Event{.kind = EventKind::kExchangeDone}; });
    for (Seat s = 0; s < n; ++s)
      emit(ctx, SeatSet::of(recipient(s)), "{seat} passed you {cards}", [&] {
        return Event{.kind = EventKind::kExchange,
                     .seat = s,
                     .other = recipient(s),
                     .cards = card_vector(passed_[s])};
      });
  }
  begin_play(ctx);
}

void State::finish_round(const ApplyContext* ctx) {
  const int n = config_.players;
  RoundRecord& r = last_;
  r = RoundRecord();
  r.round = round_ + 1;
  r.chart_row = row();
  r.dealer = dealer_;
  r.anti_trump = anti_trump_;
  r.turned_count = turned_count_;
  r.turned = turned_;
  r.tricks = play_.history();
  for (Seat s = 0; s < n; ++s) {
    r.bids[s] = bids_[s];
    r.passed[s] = passed_[s];
    r.tricks_won[s] = static_cast<std::int8_t>(play_.tricks_won(s));
    r.points[s] = round_points(bids_[s], play_.tricks_won(s));
    scores_[s] += r.points[s];
  }
  ++rounds_completed_;
  if (wants_events(ctx)) {
    if (config_.hidden_bids)
      emit(ctx, kEveryone, "bids revealed: {seat_scores}", [&] {
        Event e{.kind = EventKind::kBid, .seats = SeatSet::first_n(n), .label = "revealed"};
        for (Seat s = 0; s < n; ++s) e.scores.push_back(bids_[s]);
        return e;
      });
    for (Seat s = 0; s < n; ++s)
      emit_round_score(ctx, s, bids_[s], play_.tricks_won(s), r.points[s], scores_[s]);
  }
  // REDS-A9: a tie for first place after the last round is played off, never shared.
  const Teams teams = config_.partnership ? Teams::alternating(n, n / 2, false) : Teams{};
  std::array<int, kMaxPlayers> totals{};
  const int units = teams.count > 0 ? teams.count : n;
  for (int u = 0; u < units; ++u) totals[u] = team_score(u);
  if (end_round(round_ + 1 >= rounds_in_game(config_),
                {totals.data(), static_cast<std::size_t>(units)}, teams, n, /*share_ties=*/false,
                kMatchEnd, ctx))
    phase_ = Phase::kOver;
  else
    start_round(ctx);
}

// ---------------------------------------------------------------------------------------------
// State: moves

ActorMode State::mode() const {
  if (phase_ == Phase::kExchange || (phase_ == Phase::kBid && config_.hidden_bids))
    return ActorMode::kSimultaneous;
  return ActorMode::kTurn;
}

SeatSet State::actors() const {
  const SeatSet all = SeatSet::first_n(config_.players);
  switch (phase_) {
    case Phase::kBid:
      return config_.hidden_bids ? SeatSet(all.bits() & ~bid_submitted_.bits())
                                 : SeatSet::of(to_act_);
    case Phase::kExchange:
      return SeatSet(all.bits() & ~exchange_submitted_.bits());
    case Phase::kPlay:
      return SeatSet::of(play_.to_play());
    case Phase::kOver:
      break;
  }
  return SeatSet();
}

namespace {

// The k-subsets of 5 card indices, as 5-bit masks in increasing order (k = 1..4).
struct SubsetTable {
  std::array<std::array<std::uint8_t, 10>, kHandSize> masks{};
  std::array<int, kHandSize> count{};
  constexpr SubsetTable() {
    for (unsigned m = 1; m < (1u << kHandSize); ++m) {
      int k = std::popcount(m);
      if (k < kHandSize) masks[k][count[k]++] = static_cast<std::uint8_t>(m);
    }
  }
};
constexpr SubsetTable kSubsets;

}  // namespace

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (!may_act(seat)) return;
  switch (phase_) {
    case Phase::kBid:
      for (int b = 0; b <= kMaxBid; ++b) out.push(bid_move(b));
      return;
    case Phase::kExchange: {
      // k-subsets of the 5-card hand; index order equals card order, so masks come out sorted.
      const int k = exchange().cards;
      std::array<std::uint64_t, kHandSize> bits{};
      int h = 0;
      for (Card c : play_.hand(seat)) bits[h++] = CardSet::of(c).bits();
      for (int i = 0; i < kSubsets.count[k]; ++i) {
        std::uint64_t set = 0;
        for (unsigned b = kSubsets.masks[k][i]; b; b &= b - 1) set |= bits[std::countr_zero(b)];
        out.push(give_move(CardSet(set)));
      }
      return;
    }
    case Phase::kPlay:
      out.push_cards(play_.playable(seat), play_move);
      return;
    case Phase::kOver:
      return;
  }
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (Status st = refuse_when_closed(over(), seat, config_.players); !st.ok()) return st;
  if (!may_act(seat)) {
    if (phase_ == Phase::kBid && config_.hidden_bids)
      return Status::Error("you have already bid this round");
    if (phase_ == Phase::kExchange) return Status::Error("you have already chosen your exchange");
    return Status::Error(kNotYourTurn);
  }
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kPlayMove:
      return tricks::play_move(play_, phase_ == Phase::kPlay, seat, payload, ctx,
                               [&] { finish_round(ctx); });
    case kBidMove:
      if (phase_ != Phase::kBid) return Status::Error("bidding is over for this round");
      if (payload > kMaxBid) return Status::Error("a bid must be 0 to 5");
      return apply_bid(seat, static_cast<int>(payload), ctx);
    case kGiveMove:
      if (phase_ != Phase::kExchange) return Status::Error("it is not time to exchange cards");
      if (payload >> 52) return Status::Error("not a card");
      return apply_give(seat, CardSet(payload), ctx);
    default:
      return Status::Error("not a Reds move");
  }
}

Status State::apply_bid(Seat seat, int n, const ApplyContext* ctx) {
  bids_[seat] = static_cast<std::int8_t>(n);
  bid_submitted_.add(seat);
  auto bid_event = [&] { return Event{.kind = EventKind::kBid, .seat = seat, .amount = n}; };
  if (config_.hidden_bids)
    emit_with_public_half(ctx, SeatSet::of(seat), "you bid {amount} (hidden)", "{seat} has bid",
                          bid_event);
  else
    emit(ctx, kEveryone, "{seat} bids {amount}", bid_event);
  if (bid_submitted_.size() < config_.players) {
    if (!config_.hidden_bids) to_act_ = static_cast<std::int8_t>((seat + 1) % config_.players);
    return Status::Ok();
  }
  if (exchange().cards > 0) {
    phase_ = Phase::kExchange;
  } else {
    begin_play(ctx);
  }
  return Status::Ok();
}

Status State::apply_give(Seat seat, CardSet cards, const ApplyContext* ctx) {
  const int k = exchange().cards;
  if (cards.size() != k)
    return Status::Error(lasting_text("this round passes " + std::to_string(k) +
                                      (k == 1 ? " card" : " cards") + ": give exactly " +
                                      std::to_string(k) + ", not " + std::to_string(cards.size())));
  if (!play_.hand(seat).contains_all(cards)) return Status::Error("you do not hold those cards");
  pending_[seat] = cards;
  exchange_submitted_.add(seat);
  emit_with_public_half(ctx, SeatSet::of(seat), "you pass {cards} to {other}",
                        "{seat} has chosen cards to pass", [&] {
                          return Event{.kind = EventKind::kExchange,
                                       .seat = seat,
                                       .other = recipient(seat),
                                       .cards = card_vector(cards)};
                        });
  if (exchange_submitted_.size() == config_.players) resolve_exchange(ctx);
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// State: queries, views, resampling

int State::team_score(int team) const {
  if (!config_.partnership) return team >= 0 && team < config_.players ? scores_[team] : 0;
  const int teams = config_.players / 2;
  return scores_[team] + scores_[team + teams];
}

Seat State::team_of(Seat seat) const {
  return config_.partnership ? seat % (config_.players / 2) : seat;
}

std::optional<tricks::SolverTask<Policy, kMaxPlayers>> State::solver_task() const {
  if (phase_ != Phase::kPlay) return std::nullopt;
  tricks::SolverTask<Policy, kMaxPlayers> task;
  task.position = play_.position();
  const int n = config_.players, tricks = play_.tricks();
  for (Seat s = 0; s < n; ++s) task.side[s] = static_cast<std::int8_t>(team_of(s));
  // Partners score their own bids and add them up: a team's points are no function of its trick
  // total, so the solver counts tricks.
  if (!config_.partnership) {
    task.scores.resize(static_cast<std::size_t>(n * (tricks + 1)));
    for (Seat s = 0; s < n; ++s)
      for (int t = 0; t <= tricks; ++t)
        task.scores[s * (tricks + 1) + t] = round_points(bids_[s], t);
  }
  task.card_move = [](Card c) { return play_move(c); };
  // Rule 7 compares cards within a suit; readings B and D (AntiTrumpLead::kHighest,
  // kHighestOther) compare face values across suits.
  task.rank_order = config_.anti_trump_lead == AntiTrumpLead::kDrop;
  return task;
}

std::optional<RoundReplay<State>> State::round_replay() const {
  if (over()) return std::nullopt;
  const int n = config_.players;
  RoundReplay<State> r{*this, {}};
  State& s = r.start;
  s.play_.unplay();
  std::array<CardSet, kMaxPlayers> dealt{};
  for (Seat p = 0; p < n; ++p) dealt[p] = (s.play_.hand(p) - passed_[sender_to(p)]) | passed_[p];
  for (Seat p = 0; p < n; ++p) s.play_.set_hand(p, dealt[p]);
  s.phase_ = Phase::kBid;
  s.to_act_ = static_cast<std::int8_t>((dealer_ + 1) % n);
  s.bid_submitted_ = SeatSet();
  s.exchange_submitted_ = SeatSet();
  s.pending_ = {};
  s.passed_ = {};
  s.bids_.fill(-1);
  // Open bids go round from the dealer's left; hidden ones are made at once.
  for (int i = 0; i < n; ++i) {
    const Seat p = config_.hidden_bids ? i : (dealer_ + 1 + i) % n;
    if (bid_submitted_.contains(p)) r.moves.emplace_back(p, bid_move(bids_[p]));
  }
  for (Seat p : exchange_submitted_)
    r.moves.emplace_back(p, give_move(phase_ == Phase::kExchange ? pending_[p] : passed_[p]));
  for (const auto& [seat, c] : play_.played_in_order()) r.moves.emplace_back(seat, play_move(c));
  return r;
}

CardSet State::turned_set() const {
  CardSet out;
  for (int k = 0; k < turned_count_; ++k) out.add(turned_[k]);
  return out;
}

std::string State::move_text(Move move) const { return move_text_of(move, kMoveForms); }

std::optional<Move> State::parse_move(Seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  if (in.verb() == "bid") return in.bid(kMaxBid, bid_move);
  if (in.verb() == "give" || in.verb() == "pass") {
    std::string why;
    auto cards = parse_cards(in.rest(), {}, &why);
    if (!cards) return in.fail(why);
    if (cards->empty()) return in.fail("'give' needs the cards to pass, e.g. 'give 7C 9S'");
    CardSet set;
    for (Card c : *cards) {
      if (set.contains(c)) return in.fail(card_text(c) + " is named twice");
      set.add(c);
    }
    return give_move(set);
  }
  return in.card_move(
      "play", "'play' needs a card, e.g. 'play TD'", {}, true, play_move,
      "'" + std::string(text) + "' is not a Reds move (try 'bid N', 'give C1 C2 ...', 'play C')");
}

nlohmann::json State::view(Seat seat) const {
  const int n = config_.players;
  const bool player = seat >= 0 && seat < n;
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["rounds"] = rounds_in_game(config_);
  v["tie_break"] = round_ >= rounds_in_game(config_);
  static const char* const kPhases[] = {"bid", "exchange", "play", "over"};
  v["phase"] = kPhases[static_cast<int>(phase_)];
  Exchange ex = exchange();
  v["exchange"] =
      ex.cards == 0
          ? nlohmann::json(nullptr)
          : nlohmann::json{{"cards", ex.cards}, {"direction", ex.direction > 0 ? "left" : "right"}};
  v["trump"] = "D";
  v["anti_trump"] = suit_json(anti_trump_);
  nlohmann::json turned = nlohmann::json::array();
  for (int k = 0; k < turned_count_; ++k) turned.push_back(card_text(turned_[k]));
  v["turned"] = turned;
  if (player) v["hand"] = cards_json(play_.hand(seat));
  nlohmann::json sizes = nlohmann::json::array(), bids = nlohmann::json::array(),
                 bid_made = nlohmann::json::array(), chosen = nlohmann::json::array(),
                 won = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    sizes.push_back(play_.hand(s).size());
    bool visible = bid_submitted_.contains(s) && (!config_.hidden_bids || s == seat);
    bids.push_back(visible ? nlohmann::json(bids_[s]) : nlohmann::json(nullptr));
    bid_made.push_back(bid_submitted_.contains(s));
    chosen.push_back(exchange_submitted_.contains(s));
    won.push_back(play_.tricks_won(s));
  }
  v["hand_sizes"] = sizes;
  v["bids"] = bids;
  v["bid_made"] = bid_made;
  v["exchange_chosen"] = chosen;
  if (player) {
    CardSet mine = phase_ == Phase::kExchange ? pending_[seat] : passed_[seat];
    v["passed"] = cards_json(mine);
    v["received"] = phase_ == Phase::kPlay || phase_ == Phase::kOver
                        ? cards_json(passed_[sender_to(seat)])
                        : nlohmann::json::array();
  }
  tricks::add_trick_view(v, play_, phase_ == Phase::kPlay);
  v["tricks_won"] = won;
  if (config_.partnership) {
    nlohmann::json teams = nlohmann::json::array();
    for (int t = 0; t < n / 2; ++t) teams.push_back(team_score(t));
    v["team_scores"] = teams;
  }

  // The table: the trick, the cards turned for the anti-trump; trumps and the exchange as facts.
  TableLayout t(seat);
  t.add_trick(v);
  if (turned_count_ > 0)
    t.add("turned", ZoneKind::kFan, "Turned", kNoSeat,
          std::span<const Card>(turned_.data(), turned_count_));
  t.fact("Trumps", TableLayout::suit_words(kDiamonds));
  if (anti_trump_ != kNoSuit) t.fact("Anti-trump", TableLayout::suit_words(anti_trump_));
  if (ex.cards > 0)
    t.fact("Exchange", std::to_string(ex.cards) +
                           (ex.cards == 1 ? " card to the " : " cards to the ") +
                           (ex.direction > 0 ? "left" : "right"));
  if (player && bid_submitted_.contains(seat))
    t.fact("Your bid",
           std::to_string(bids_[seat]) + ", taken " + std::to_string(play_.tricks_won(seat)));
  t.turn_status(*this, phase_ == Phase::kBid ? "bid"
                       : phase_ == Phase::kExchange
                           ? "pass " + std::to_string(ex.cards) +
                                 (ex.direction > 0 ? " to the left" : " to the right")
                           : "play");
  std::move(t).write_to(v);
  return v;
}

bool State::knows_last_pass(Seat observer, Seat passer) const {
  const int n = config_.players;
  if (observer == kOmniscient) return true;
  if (observer < 0 || observer >= n) return false;
  const int direction = exchange_for_row(last_.chart_row).direction;
  return passer == observer || (passer + direction + n) % n == observer;
}

State State::resample(Seat observer, Rng& rng) const {
  State s = *this;
  s.rng_.reseed(rng.next());  // future deals are unknown too
  for (Seat p = 0; p < config_.players; ++p)
    if (!knows_last_pass(observer, p)) s.last_.passed[p] = CardSet();
  if (phase_ == Phase::kOver) return s;
  const int n = config_.players;
  const bool player = observer >= 0 && observer < n;
  const bool exchanged = phase_ == Phase::kPlay;  // exchange resolved (or none) this round

  // Cards whose place the observer knows: its hand, tricks, turned cards, and the cards it passed
  // that its recipient has not played yet. Everything else is redealt honouring the voids shown.
  std::array<CardSet, kMaxPlayers> known{};
  if (player && exchanged && !passed_[observer].empty()) {
    Seat to = recipient(observer);
    known[to] = passed_[observer] & play_.hand(to);
  }
  s.play_.redeal_hidden_hands(observer, known, &s.pack_, rng);

  auto random_subset = [&](CardSet from, int k) {
    std::array<Card, kDeckSize> cards{};
    int m = 0;
    for (Card c : from) cards[m++] = c;
    rng.shuffle(cards.data(), m);
    CardSet out;
    for (int i = 0; i < k && i < m; ++i) out.add(cards[i]);
    return out;
  };
  for (Seat p = 0; p < n; ++p) {
    if (p == observer) continue;
    // Hidden bids the observer has not seen.
    if (config_.hidden_bids && bid_submitted_.contains(p))
      s.bids_[p] = static_cast<std::int8_t>(rng.below(kMaxBid + 1));
    // Exchange choices not yet revealed.
    if (phase_ == Phase::kExchange && exchange_submitted_.contains(p))
      s.pending_[p] = random_subset(s.play_.hand(p), exchange().cards);
  }
  if (exchanged && exchange().cards > 0) {
    // Passes the observer did not see: seat p passed to r cards that r now holds or has played.
    for (Seat p = 0; p < n; ++p) {
      if (p == observer || (player && recipient(p) == observer)) continue;
      Seat r = recipient(p);
      CardSet played_by_r;
      for (int t = 0; t <= play_.trick_number() && t < kTricks; ++t) {
        int cards_in = t < play_.trick_number() ? n : play_.trick_size();
        for (int i = 0; i < cards_in; ++i)
          if (play_.seat_of(t, i) == r) played_by_r.add(play_.card(t, i));
      }
      CardSet candidates = s.play_.hand(r) | played_by_r;
      if (player && r == recipient(observer)) candidates -= passed_[observer];
      s.passed_[p] = random_subset(candidates, exchange().cards);
    }
  }
  return s;
}

nlohmann::json State::last_round(Seat seat) const {
  const RoundRecord& r = last_;
  const int n = config_.players;
  nlohmann::json j;
  j["round"] = r.round;
  j["dealer"] = r.dealer;
  Exchange ex = exchange_for_row(r.chart_row);
  j["exchange"] =
      ex.cards == 0
          ? nlohmann::json(nullptr)
          : nlohmann::json{{"cards", ex.cards}, {"direction", ex.direction > 0 ? "left" : "right"}};
  j["anti_trump"] = suit_json(r.anti_trump);
  nlohmann::json turned = nlohmann::json::array();
  for (int k = 0; k < r.turned_count; ++k) turned.push_back(card_text(r.turned[k]));
  j["turned"] = turned;
  nlohmann::json bids = nlohmann::json::array(), won = nlohmann::json::array(),
                 points = nlohmann::json::array(), passed = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    bids.push_back(r.bids[s]);
    won.push_back(r.tricks_won[s]);
    points.push_back(r.points[s]);
    // The passes stay private: a seat knows only what it passed and received.
    passed.push_back(knows_last_pass(seat, s) ? cards_json(r.passed[s]) : nlohmann::json(nullptr));
  }
  j["bids"] = bids;
  j["passed"] = passed;
  j["tricks"] = tricks::history_json<Policy>(r.tricks, kTricks, n);
  j["tricks_won"] = won;
  j["points"] = points;
  return j;
}

std::vector<Pile> State::piles() const {
  std::vector<Pile> out = play_.piles(pack_);
  out.push_back(Pile{"turned", kEveryone, {turned_.begin(), turned_.begin() + turned_count_}});
  return out;
}

const char* State::check() const {
  const int n = config_.players;
  const CardSet played = play_.played();
  CardSet all = pack_ | played | turned_set();
  int total = pack_.size() + played.size() + turned_count_;
  if (pack_.intersects(played) || pack_.intersects(turned_set()) || played.intersects(turned_set()))
    return "pack, tricks and turned cards overlap";
  for (Seat s = 0; s < n; ++s) {
    const CardSet hand = play_.hand(s);
    if (all.intersects(hand)) return "a card is in two places";
    all |= hand;
    total += hand.size();
    if (!hand.contains_all(pending_[s])) return "a pending pass is not in its hand";
    if (phase_ != Phase::kOver) {
      int played_by_s = play_.trick_number() + play_.played_to_current(s);
      if (phase_ == Phase::kPlay && hand.size() != kHandSize - played_by_s)
        return "a hand has the wrong number of cards";
      if (phase_ != Phase::kPlay && hand.size() != kHandSize)
        return "a hand has the wrong number of cards before play";
    }
    if (hand.intersects(play_.excluded(s))) return "a hand holds a suit it showed void in";
  }
  if (all != kDeck || total != kDeckSize) return "cards are not conserved";
  if (!kDeck.contains_all(all)) return "a card outside the deck";
  return nullptr;
}

std::vector<ObservationField> Game::observation_fields() const {
  // Phases as view() names them.
  auto f = obs::common({"bid", "exchange", "play", "over"}, 10, 13, 100);
  obs::append(f, obs::trick_play(13));
  obs::append(
      f, {
             obs::number_or_none("/bids/{seat}", 13,
                                 "each seat's bid (hidden bids: given once shown)"),
             obs::number("/bid_made/{seat}", 1, "whether each seat has bid"),
             obs::number("/exchange_chosen/{seat}", 1, "whether each seat has chosen its exchange"),
             obs::number("/exchange/cards", 13, "the cards each seat passes this round"),
             obs::choice("/exchange/direction", {"left", "right"}, "where the exchange goes"),
             obs::cards("/passed", "the cards this seat passed"),
             obs::cards("/received", "the cards this seat received"),
             obs::cards("/turned", "the cards turned to fix trumps"),
             obs::choice("/anti_trump", obs::suits(), "the anti-trump suit"),
             obs::number("/tie_break", 1, "whether a tie-break round is being played"),
         });
  if (config_.partnership)
    f.push_back(obs::number("/team_scores/{team}", 100, "each team's score, this seat's first"));
  return f;
}

}  // namespace cardroom::reds
