#include "games/s48/s48.h"

#include <algorithm>
#include <cctype>

#include "core/constrained_deal.h"
#include "core/game_support.h"
#include "core/move_text.h"
#include "games/common/tricks.h"

namespace cardroom::s48 {

extern const char* const kRulesMarkdown;  // docs/games/s48.md, embedded at build time

namespace {

constexpr std::array<int, kRounds> kHandSizes = {8, 7, 6, 5, 4, 5, 6, 7, 8};

// Cut value: lower cuts lower. Suits do not count (tied ranks recut, S48-A3).
int cut_value(Card c, CutAce ace) {
  const int r = rank_of(c);
  return ace == CutAce::kLow ? (r == kAce ? -1 : r) : r;
}

}  // namespace

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

const std::vector<OptionSpec>& Game::option_specs() {
  static const std::vector<OptionSpec> specs = {
      {"players", OptionType::kInt, "4", kMinPlayers, kMaxPlayers, {}, "number of players"},
      {"cut_ace",
       OptionType::kChoice,
       "high",
       0,
       0,
       {"high", "low"},
       "S48-A3: the ace in the cut for the first dealer (the lowest card deals): high (ruling, as "
       "in bridge) or low"},
      {"final_tie",
       OptionType::kChoice,
       "shared",
       0,
       0,
       {"shared", "extra_round"},
       "S48-A9: first place tied after round 9: shared = every tied player wins (ruling); "
       "extra_round = play 8-card rounds until one player leads"},
  };
  return specs;
}

std::optional<Game> Game::create(const OptionValues& values, std::string* error) {
  (void)error;
  Config c;
  c.players = static_cast<int>(values.get_int("players"));
  c.cut_ace = values.get_choice("cut_ace") == "low" ? CutAce::kLow : CutAce::kHigh;
  c.final_tie =
      values.get_choice("final_tie") == "extra_round" ? FinalTie::kExtraRound : FinalTie::kShared;
  return Game(c);
}

std::string Game::rules_text() { return kRulesMarkdown; }

std::string Game::validate_deal(const Deal& deal) const {
  if (static_cast<int>(deal.hands.size()) != config_.players)
    return "needs " + std::to_string(config_.players) + " hands, one per seat (got " +
           std::to_string(deal.hands.size()) + ")";
  const std::size_t size = deal.hands[0].size();
  if (size < 4 || size > static_cast<std::size_t>(kMaxHand))
    return "hands must have 4 to 8 cards (hand of S0 has " + std::to_string(size) + ")";
  CardSet seen;
  auto take = [&](Card c, const std::string& where) -> std::string {
    if (!kDeck.contains(c)) return where + ": " + card_text(c) + " is not a standard card";
    if (seen.contains(c)) return where + ": " + card_text(c) + " appears twice";
    seen.add(c);
    return "";
  };
  for (int s = 0; s < config_.players; ++s) {
    if (deal.hands[s].size() != size)
      return "hand of S" + std::to_string(s) + " has " + std::to_string(deal.hands[s].size()) +
             " cards (S0 has " + std::to_string(size) + "; all hands are the same size)";
    for (Card c : deal.hands[s])
      if (auto why = take(c, "hand of S" + std::to_string(s)); !why.empty()) return why;
  }
  for (Card c : deal.pack)
    if (auto why = take(c, "pack"); !why.empty()) return why;
  return "";
}

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s;
  s.config_ = config_;
  s.rng_.reseed(seed);
  if (first_dealer >= 0 && first_dealer < config_.players) {
    s.dealer_ = static_cast<std::int8_t>(first_dealer);
    emit(ctx, kEveryone, "{seat} deals first",
         [&] { return Event{.kind = EventKind::kDealer, .seat = first_dealer}; });
  } else {
    s.cut_for_dealer(ctx);
  }
  s.start_round(ctx);
  return s;
}

// ---------------------------------------------------------------------------------------------
// State: dealing and round flow

void State::cut_for_dealer(const ApplyContext* ctx) {
  // Rule 2 / S48-A3: everyone cuts; the lowest card deals; tied players recut.
  SeatSet cutting = SeatSet::first_n(config_.players);
  for (;;) {
    std::array<Card, kDeckSize> deck{};
    for (int i = 0; i < kDeckSize; ++i) deck[i] = static_cast<Card>(i);
    rng_.shuffle(deck.data(), kDeckSize);
    int next = 0, best = 99;
    std::array<Card, kMaxPlayers> cut{};
    for (Seat s = 0; s < config_.players; ++s) {
      if (!cutting.contains(s)) continue;
      cut[s] = deck[next++];
      best = std::min(best, cut_value(cut[s], config_.cut_ace));
    }
    emit(ctx, kEveryone, "cut for deal: {seat_cards}", [&] {
      Event e{.kind = EventKind::kDealer, .seats = cutting};
      for (Seat s : cutting.to_vector()) e.cards.push_back(cut[s]);
      return e;
    });
    SeatSet low;
    for (Seat s = 0; s < config_.players; ++s)
      if (cutting.contains(s) && cut_value(cut[s], config_.cut_ace) == best) low.add(s);
    if (low.size() == 1) {
      dealer_ = static_cast<std::int8_t>(low.lowest());
      emit(ctx, kEveryone, "{seat} cuts low and deals first",
           [&] { return Event{.kind = EventKind::kDealer, .seat = dealer_}; });
      return;
    }
    cutting = low;
  }
}

void State::start_round(const ApplyContext* ctx) {
  const int n = config_.players;
  hand_size_ = static_cast<std::int8_t>(hand_size_of_round(round_));
  const int h = hand_size_;
  play_.new_round(n);
  const Deal* deal = explicit_deal(ctx, deals_);
  if (deal && static_cast<int>(deal->hands[0].size()) != h) {
    emit(ctx, kEveryone,
         "explicit deal {number} has hands of {scores.0} cards but this round deals {scores.1}: "
         "not used, the cards are shuffled",
         [&] {
           return Event{.kind = EventKind::kNote,
                        .number = deals_ + 1,
                        .scores = {static_cast<int>(deal->hands[0].size()), h}};
         });
    deal = nullptr;
  }
  if (deal) {
    // An explicit deal: the given hands; everything else is undealt (its order does not matter).
    CardSet used;
    for (Seat s = 0; s < n; ++s) {
      CardSet hand;
      for (Card c : deal->hands[s]) hand.add(c);
      play_.set_hand(s, hand);
      used |= hand;
    }
    pack_ = kDeck - used;
  } else {
    // Rule 3: one card at a time, clockwise from the dealer's left.
    std::array<Card, kDeckSize> order{};
    for (int i = 0; i < kDeckSize; ++i) order[i] = static_cast<Card>(i);
    rng_.shuffle(order.data(), kDeckSize);
    for (int i = 0; i < n * h; ++i) play_.give((dealer_ + 1 + i) % n, CardSet::of(order[i]));
    pack_ = CardSet();
    for (int i = n * h; i < kDeckSize; ++i) pack_.add(order[i]);
  }
  ++deals_;
  report_deal(ctx, [&] {
    Deal d;
    for (Seat s = 0; s < n; ++s) d.hands.push_back(card_vector(play_.hand(s)));
    d.pack = card_vector(pack_);
    return d;
  });
  phase_ = Phase::kBid;
  bids_made_ = 0;
  for (Seat s = 0; s < kMaxPlayers; ++s) bids_[s] = -1;
  to_act_ = static_cast<std::int8_t>((dealer_ + 1) % n);

  if (wants_events(ctx)) {
    const bool regular = round_ < kRounds;
    emit(ctx, kEveryone,
         regular ? "round {number} of {total}: {seat} deals {amount} cards each"
                 : "round {number} (extra): {seat} deals {amount} cards each",
         [&] {
           return Event{.kind = EventKind::kRoundStart,
                        .seat = dealer_,
                        .number = round_ + 1,
                        .amount = h,
                        .total = regular ? kRounds : 0};
         });
    for (Seat s = 0; s < n; ++s)
      emit(ctx, SeatSet::of(s), "your hand: {cards}", [&] {
        return Event{.kind = EventKind::kHand, .seat = s, .cards = card_vector(play_.hand(s))};
      });
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
    emit(ctx, kEveryone, "{seat} bid {amount}, took {tricks}: {points} points (total {total})",
         [&] {
           return Event{.kind = EventKind::kScore,
                        .seat = s,
                        .amount = bids_[s],
                        .tricks = play_.tricks_won(s),
                        .points = r.points[s],
                        .total = scores_[s]};
         });
  if (round_ + 1 >= kRounds) {
    int best = scores_[0];
    for (Seat s = 1; s < n; ++s) best = std::max(best, scores_[s]);
    SeatSet top;
    for (Seat s = 0; s < n; ++s)
      if (scores_[s] == best) top.add(s);
    if (top.size() == 1 || config_.final_tie == FinalTie::kShared) {
      phase_ = Phase::kOver;
      winners_ = top;
      emit(ctx, kEveryone,
           top.size() == 1 ? "game over; winner: {seats}" : "game over; shared win: {seats}",
           [&] { return Event{.kind = EventKind::kGameOver, .seats = top}; });
      return;
    }
    emit(ctx, kEveryone, "first place is tied: an extra 8-card round follows",
         [&] { return Event{.kind = EventKind::kNote}; });
  }
  ++round_;
  dealer_ = static_cast<std::int8_t>((dealer_ + 1) % n);
  start_round(ctx);
}

// ---------------------------------------------------------------------------------------------
// State: moves

SeatSet State::actors() const { return phase_ == Phase::kOver ? SeatSet() : SeatSet::of(to_act()); }

int State::forbidden_bid() const {
  if (phase_ != Phase::kBid || to_act_ != dealer_) return -1;
  int others = 0;
  for (Seat s = 0; s < config_.players; ++s)
    if (s != dealer_) others += bids_[s];
  return hooked_bid(others, hand_size_);
}

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (phase_ == Phase::kOver || seat != to_act()) return;
  if (phase_ == Phase::kBid) {
    const int hook = forbidden_bid();
    for (int b = 0; b <= hand_size_; ++b)
      if (b != hook) out.push(bid_move(b));
    return;
  }
  for (Card c : play_.playable(seat)) out.push(play_move(c));
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (phase_ == Phase::kOver) return Status::Error("the game is over");
  if (seat < 0 || seat >= config_.players) return Status::Error("no such seat");
  if (seat != to_act()) return Status::Error(kNotYourTurn);
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kBidMove:
      if (phase_ != Phase::kBid) return Status::Error("bidding is over for this round");
      if (payload > static_cast<std::uint64_t>(hand_size_))
        return Status::Error("a bid must be 0 to the number of cards dealt");
      if (static_cast<int>(payload) == forbidden_bid())
        return Status::Error("the dealer may not make the total of the bids equal the tricks");
      return apply_bid(seat, static_cast<int>(payload), ctx);
    case kPlayMove:
      if (phase_ != Phase::kPlay) return Status::Error("it is not time to play a card");
      if (payload >= 52) return Status::Error("not a card");
      return apply_play(seat, static_cast<Card>(payload), ctx);
    default:
      return Status::Error("not an S48 move");
  }
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

Status State::apply_play(Seat seat, Card card, const ApplyContext* ctx) {
  if (const char* why = play_.reject(seat, card)) return Status::Error(why);
  const tricks::PlayResult r = play_.play(card);
  emit(ctx, kEveryone, "{seat} plays {card}",
       [&] { return Event{.kind = EventKind::kPlay, .seat = seat, .card = card}; });
  if (r.trick_complete)
    emit(ctx, kEveryone, "trick {number} to {seat} ({card})", [&] {
      return Event{.kind = EventKind::kTrick,
                   .seat = r.winner,
                   .number = r.trick + 1,
                   .card = play_.card(r.trick, r.winning_card)};
    });
  if (r.round_over) finish_round(ctx);
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// State: queries, views, resampling

int State::team_score(int team) const {
  // Everyone plays alone: a "team" is a seat.
  return team >= 0 && team < config_.players ? scores_[team] : 0;
}

unsigned State::void_suits(Seat seat) const {
  unsigned out = 0;
  for (int suit = 0; suit < kSuits; ++suit)
    if (play_.excluded(seat).contains_all(CardSet::suit(suit))) out |= 1u << suit;
  return out;
}

std::string State::move_text(Move move) const {
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kBidMove:
      return "bid " + std::to_string(payload);
    case kPlayMove:
      return "play " + card_text(static_cast<Card>(payload & 63));
    default:
      return "?";
  }
}

std::optional<Move> State::parse_move(Seat seat, std::string_view text, std::string* error) const {
  (void)seat;
  const MoveWords words(text);
  if (words.empty()) return move_error(error, "empty move");
  const std::string& verb = words.verb();
  const std::string rest = words.rest();
  if (verb == "bid") {
    if (rest.empty()) return move_error(error, "'bid' needs a number 0 to 8");
    auto n = parse_number(rest, 0, kMaxHand);
    if (!n) return move_error(error, "a bid must be 0 to 8");
    return bid_move(*n);
  }
  if (verb == "play") {
    if (rest.empty()) return move_error(error, "'play' needs a card, e.g. 'play TD'");
    auto card = parse_card(rest);
    if (!card || !is_standard(*card)) return move_error(error, "'" + rest + "' is not a card");
    return play_move(*card);
  }
  // A bare card is a play.
  if (auto card = parse_card(words.joined()); card && is_standard(*card)) return play_move(*card);
  return move_error(error,
                    "'" + std::string(text) + "' is not an S48 move (try 'bid N' or 'play C')");
}

nlohmann::json State::view(Seat seat) const {
  const int n = config_.players;
  const bool player = seat >= 0 && seat < n;
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["round"] = round_ + 1;
  v["rounds"] = kRounds;
  v["extra_round"] = round_ >= kRounds;
  v["dealer"] = dealer_;
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
  return v;
}

State State::resample(Seat observer, Rng& rng) const {
  State s = *this;
  s.rng_.reseed(rng.next());  // future deals are unknown too
  if (phase_ == Phase::kOver) return s;
  // Known: the observer's hand and the cards played. Everything else (other hands, the undealt
  // cards) is redealt, honouring the suits each player has shown void in. Bids are no constraint.
  s.play_.redeal_hidden_hands(observer, {}, &s.pack_, rng);
  return s;
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

std::vector<Pile> State::piles() const {
  std::vector<Pile> out;
  for (Seat s = 0; s < config_.players; ++s)
    out.push_back(make_pile("hand " + seat_text(s), SeatSet::of(s), play_.hand(s)));
  out.push_back(make_pile("pack", SeatSet(), pack_));
  out.push_back(make_pile("tricks", kEveryone, play_.played()));
  return out;
}

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

}  // namespace cardroom::s48
