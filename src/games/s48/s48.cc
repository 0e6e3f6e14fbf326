#include "games/s48/s48.h"

#include <algorithm>
#include <cctype>

#include "core/constrained_deal.h"
#include "core/game_support.h"
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
    emit(ctx, kEveryone, [&] { return seat_text(first_dealer) + " deals first"; });
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
    std::string text = "cut for deal:";
    for (Seat s = 0; s < config_.players; ++s) {
      if (!cutting.contains(s)) continue;
      cut[s] = deck[next++];
      best = std::min(best, cut_value(cut[s], config_.cut_ace));
      if (wants_events(ctx)) text += " " + seat_text(s) + " " + card_text(cut[s]);
    }
    emit(ctx, kEveryone, [&] { return text; });
    SeatSet low;
    for (Seat s = 0; s < config_.players; ++s)
      if (cutting.contains(s) && cut_value(cut[s], config_.cut_ace) == best) low.add(s);
    if (low.size() == 1) {
      dealer_ = static_cast<std::int8_t>(low.lowest());
      emit(ctx, kEveryone, [&] { return seat_text(dealer_) + " cuts low and deals first"; });
      return;
    }
    cutting = low;
  }
}

void State::start_round(const ApplyContext* ctx) {
  const int n = config_.players;
  hand_size_ = static_cast<std::int8_t>(hand_size_of_round(round_));
  const int h = hand_size_;
  const Deal* deal =
      (ctx && deals_ < static_cast<int>(ctx->deals.size())) ? &ctx->deals[deals_] : nullptr;
  if (deal && static_cast<int>(deal->hands[0].size()) != h) {
    emit(ctx, kEveryone, [&] {
      return "explicit deal " + std::to_string(deals_ + 1) + " has hands of " +
             std::to_string(deal->hands[0].size()) + " cards but this round deals " +
             std::to_string(h) + ": not used, the cards are shuffled";
    });
    deal = nullptr;
  }
  if (deal) {
    // An explicit deal: the given hands; everything else is undealt (its order does not matter).
    CardSet used;
    for (Seat s = 0; s < n; ++s) {
      hands_[s] = CardSet();
      for (Card c : deal->hands[s]) hands_[s].add(c);
      used |= hands_[s];
    }
    pack_ = kDeck - used;
  } else {
    // Rule 3: one card at a time, clockwise from the dealer's left.
    std::array<Card, kDeckSize> order{};
    for (int i = 0; i < kDeckSize; ++i) order[i] = static_cast<Card>(i);
    rng_.shuffle(order.data(), kDeckSize);
    for (Seat s = 0; s < n; ++s) hands_[s] = CardSet();
    for (int i = 0; i < n * h; ++i) hands_[(dealer_ + 1 + i) % n].add(order[i]);
    pack_ = CardSet();
    for (int i = n * h; i < kDeckSize; ++i) pack_.add(order[i]);
  }
  ++deals_;
  phase_ = Phase::kBid;
  bids_made_ = 0;
  played_ = CardSet();
  trick_no_ = 0;
  trick_count_ = 0;
  for (Seat s = 0; s < kMaxPlayers; ++s) {
    bids_[s] = -1;
    tricks_won_[s] = 0;
    voids_[s] = 0;
  }
  to_act_ = static_cast<std::int8_t>((dealer_ + 1) % n);

  if (wants_events(ctx)) {
    emit(ctx, kEveryone, [&] {
      return "round " + std::to_string(round_ + 1) +
             (round_ < kRounds ? " of " + std::to_string(kRounds) : std::string(" (extra)")) +
             ": " + seat_text(dealer_) + " deals " + std::to_string(h) + " cards each";
    });
    for (Seat s = 0; s < n; ++s)
      emit(ctx, SeatSet::of(s), [&] { return "your hand: " + cards_text(hands_[s]); });
  }
}

void State::finish_trick(const ApplyContext* ctx) {
  const int n = config_.players;
  const Card* cards = trick_cards_[trick_no_].data();
  const int w = tricks::trick_winner(cards, n, kNoSuit);  // S48-A1: no trumps
  const Seat winner = (trick_leader_[trick_no_] + w) % n;
  trick_winner_[trick_no_] = static_cast<std::int8_t>(winner);
  tricks_won_[winner]++;
  emit(ctx, kEveryone, [&] {
    return "trick " + std::to_string(trick_no_ + 1) + " to " + seat_text(winner) + " (" +
           card_text(cards[w]) + ")";
  });
  trick_count_ = 0;
  if (++trick_no_ == hand_size_) {
    finish_round(ctx);
    return;
  }
  trick_leader_[trick_no_] = static_cast<std::int8_t>(winner);
  to_act_ = static_cast<std::int8_t>(winner);
}

void State::finish_round(const ApplyContext* ctx) {
  const int n = config_.players;
  RoundRecord& r = last_;
  r = RoundRecord();
  r.round = round_ + 1;
  r.dealer = dealer_;
  r.hand_size = hand_size_;
  r.leader = trick_leader_;
  r.winner = trick_winner_;
  r.cards = trick_cards_;
  for (Seat s = 0; s < n; ++s) {
    r.bids[s] = bids_[s];
    r.tricks_won[s] = tricks_won_[s];
    r.points[s] = round_points(bids_[s], tricks_won_[s]);
    scores_[s] += r.points[s];
  }
  ++rounds_completed_;
  if (wants_events(ctx))
    for (Seat s = 0; s < n; ++s)
      emit(ctx, kEveryone, [&] {
        return seat_text(s) + " bid " + std::to_string(bids_[s]) + ", took " +
               std::to_string(tricks_won_[s]) + ": " + std::to_string(r.points[s]) +
               " points (total " + std::to_string(scores_[s]) + ")";
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
      if (wants_events(ctx)) {
        std::string text = top.size() == 1 ? "game over; winner:" : "game over; shared win:";
        for (Seat s : top.to_vector()) text += " " + seat_text(s);
        emit(ctx, kEveryone, [&] { return text; });
      }
      return;
    }
    emit(ctx, kEveryone, [&] { return "first place is tied: an extra 8-card round follows"; });
  }
  ++round_;
  dealer_ = static_cast<std::int8_t>((dealer_ + 1) % n);
  start_round(ctx);
}

// ---------------------------------------------------------------------------------------------
// State: moves

SeatSet State::actors() const { return phase_ == Phase::kOver ? SeatSet() : SeatSet::of(to_act_); }

int State::forbidden_bid() const {
  if (phase_ != Phase::kBid || to_act_ != dealer_) return -1;
  int others = 0;
  for (Seat s = 0; s < config_.players; ++s)
    if (s != dealer_) others += bids_[s];
  return hooked_bid(others, hand_size_);
}

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (phase_ == Phase::kOver || seat != to_act_) return;
  if (phase_ == Phase::kBid) {
    const int hook = forbidden_bid();
    for (int b = 0; b <= hand_size_; ++b)
      if (b != hook) out.push(bid_move(b));
    return;
  }
  const Card led = trick_count_ > 0 ? trick_cards_[trick_no_][0] : kNoCard;
  for (Card c : tricks::follow_options(hands_[seat], led)) out.push(play_move(c));
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (phase_ == Phase::kOver) return Status::Error("the game is over");
  if (seat < 0 || seat >= config_.players) return Status::Error("no such seat");
  if (seat != to_act_) return Status::Error("it is not your turn");
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
  emit(ctx, kEveryone, [&] { return seat_text(seat) + " bids " + std::to_string(n); });
  if (bids_made_ < config_.players) {
    to_act_ = static_cast<std::int8_t>((seat + 1) % config_.players);
    return Status::Ok();
  }
  // Rule 5: the player left of the dealer leads the first trick.
  phase_ = Phase::kPlay;
  to_act_ = static_cast<std::int8_t>((dealer_ + 1) % config_.players);
  trick_leader_[0] = to_act_;
  emit(ctx, kEveryone, [&] { return seat_text(to_act_) + " leads"; });
  return Status::Ok();
}

Status State::apply_play(Seat seat, Card card, const ApplyContext* ctx) {
  if (!hands_[seat].contains(card)) return Status::Error("you do not hold that card");
  if (trick_count_ > 0) {
    const int led = suit_of(trick_cards_[trick_no_][0]);
    if (suit_of(card) != led) {
      if (!hands_[seat].in_suit(led).empty()) return Status::Error("you must follow suit");
      voids_[seat] |= static_cast<std::uint8_t>(1u << led);
    }
  }
  hands_[seat].remove(card);
  played_.add(card);
  trick_cards_[trick_no_][trick_count_++] = card;
  emit(ctx, kEveryone, [&] { return seat_text(seat) + " plays " + card_text(card); });
  if (trick_count_ == config_.players) {
    finish_trick(ctx);
  } else {
    to_act_ = static_cast<std::int8_t>((seat + 1) % config_.players);
  }
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// State: queries, views, resampling

int State::team_score(int team) const {
  // Everyone plays alone: a "team" is a seat.
  return team >= 0 && team < config_.players ? scores_[team] : 0;
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
  std::string t = lower(text);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
  const std::size_t start = t.find_first_not_of(" \t");
  auto fail = [&](const std::string& why) -> std::optional<Move> {
    if (error) *error = why;
    return std::nullopt;
  };
  if (start == std::string::npos) return fail("empty move");
  t = t.substr(start);
  const std::size_t space = t.find(' ');
  const std::string verb = t.substr(0, space);
  std::string rest = space == std::string::npos ? "" : t.substr(space + 1);
  const std::size_t b = rest.find_first_not_of(' ');
  rest = b == std::string::npos ? "" : rest.substr(b);
  if (verb == "bid") {
    if (rest.empty()) return fail("'bid' needs a number 0 to 8");
    if (rest.size() != 1 || rest[0] < '0' || rest[0] > '8') return fail("a bid must be 0 to 8");
    return bid_move(rest[0] - '0');
  }
  if (verb == "play") {
    if (rest.empty()) return fail("'play' needs a card, e.g. 'play TD'");
    auto card = parse_card(rest);
    if (!card || !is_standard(*card)) return fail("'" + rest + "' is not a card");
    return play_move(*card);
  }
  // A bare card is a play.
  if (auto card = parse_card(t); card && is_standard(*card)) return play_move(*card);
  return fail("'" + std::string(text) + "' is not an S48 move (try 'bid N' or 'play C')");
}

nlohmann::json State::view(Seat seat) const {
  const int n = config_.players;
  const bool player = seat >= 0 && seat < n;
  nlohmann::json v;
  v["game"] = "s48";
  v["seat"] = player ? nlohmann::json(seat) : nlohmann::json(nullptr);
  v["players"] = n;
  v["round"] = round_ + 1;
  v["rounds"] = kRounds;
  v["extra_round"] = round_ >= kRounds;
  v["dealer"] = dealer_;
  static const char* const kPhases[] = {"bid", "play", "over"};
  v["phase"] = kPhases[static_cast<int>(phase_)];
  v["hand_size"] = hand_size_;
  v["trump"] = nullptr;  // S48-A1: never a trump suit
  if (player) v["hand"] = cards_json(hands_[seat]);
  nlohmann::json sizes = nlohmann::json::array(), bids = nlohmann::json::array(),
                 won = nlohmann::json::array(), scores = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    sizes.push_back(hands_[s].size());
    bids.push_back(bids_[s] >= 0 ? nlohmann::json(bids_[s]) : nlohmann::json(nullptr));
    won.push_back(tricks_won_[s]);
    scores.push_back(scores_[s]);
  }
  v["hand_sizes"] = sizes;
  v["bids"] = bids;
  const int hook = forbidden_bid();
  v["forbidden_bid"] = hook >= 0 ? nlohmann::json(hook) : nlohmann::json(nullptr);
  nlohmann::json tricks = nlohmann::json::array();
  const int complete = phase_ == Phase::kPlay ? trick_no_ : 0;
  for (int t = 0; t < complete; ++t) {
    nlohmann::json cards = nlohmann::json::array();
    for (int i = 0; i < n; ++i) cards.push_back(card_text(trick_cards_[t][i]));
    tricks.push_back(
        {{"leader", trick_leader_[t]}, {"cards", cards}, {"winner", trick_winner_[t]}});
  }
  v["tricks"] = tricks;
  if (phase_ == Phase::kPlay) {
    nlohmann::json cards = nlohmann::json::array();
    for (int i = 0; i < trick_count_; ++i) cards.push_back(card_text(trick_cards_[trick_no_][i]));
    v["trick"] = {{"leader", trick_leader_[trick_no_]}, {"cards", cards}};
  } else {
    v["trick"] = nullptr;
  }
  v["tricks_won"] = won;
  v["scores"] = scores;
  v["to_act"] = actors().to_vector();
  v["legal"] = legal_move_texts(*this, seat);
  v["over"] = over();
  v["winners"] = winners_.to_vector();
  v["last_round"] = rounds_completed_ > 0 ? last_round() : nlohmann::json(nullptr);
  return v;
}

State State::resample(Seat observer, Rng& rng) const {
  State s = *this;
  s.rng_.reseed(rng.next());  // future deals are unknown too
  if (phase_ == Phase::kOver) return s;
  const int n = config_.players;
  const bool player = observer >= 0 && observer < n;
  // Known: the observer's hand and the cards played. Everything else (other hands, the undealt
  // cards) is redealt, honouring the suits each player has shown void in. Bids are no constraint.
  CardSet pool = kDeck - played_;
  if (player) pool -= hands_[observer];
  std::array<DealSlot, kMaxPlayers + 1> slots{};
  std::array<Seat, kMaxPlayers + 1> slot_seat{};
  int num_slots = 0;
  for (Seat p = 0; p < n; ++p) {
    if (p == observer) continue;
    CardSet allowed = kDeck;
    for (int suit = 0; suit < kSuits; ++suit)
      if ((voids_[p] >> suit) & 1) allowed -= CardSet::suit(suit);
    slots[num_slots] = DealSlot{hands_[p].size(), allowed};
    slot_seat[num_slots++] = p;
  }
  slots[num_slots] = DealSlot{pack_.size(), kDeck};
  slot_seat[num_slots++] = -1;
  std::array<CardSet, kMaxPlayers + 1> dealt{};
  if (!deal_constrained(pool, {slots.data(), static_cast<std::size_t>(num_slots)},
                        {dealt.data(), static_cast<std::size_t>(num_slots)}, rng))
    return s;  // cannot happen for a state reached by legal play; keep the true cards
  for (int i = 0; i < num_slots; ++i) {
    if (slot_seat[i] < 0)
      s.pack_ = dealt[i];
    else
      s.hands_[slot_seat[i]] = dealt[i];
  }
  return s;
}

nlohmann::json State::last_round() const {
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
  nlohmann::json tricks = nlohmann::json::array();
  for (int t = 0; t < r.hand_size; ++t) {
    nlohmann::json cards = nlohmann::json::array();
    for (int i = 0; i < n; ++i) cards.push_back(card_text(r.cards[t][i]));
    tricks.push_back({{"leader", r.leader[t]}, {"cards", cards}, {"winner", r.winner[t]}});
  }
  j["tricks"] = tricks;
  j["tricks_won"] = won;
  j["points"] = points;
  return j;
}

const char* State::check() const {
  const int n = config_.players;
  if (pack_.intersects(played_)) return "pack and tricks overlap";
  CardSet all = pack_ | played_;
  int total = pack_.size() + played_.size();
  for (Seat s = 0; s < n; ++s) {
    if (all.intersects(hands_[s])) return "a card is in two places";
    all |= hands_[s];
    total += hands_[s].size();
    if (phase_ == Phase::kBid && hands_[s].size() != hand_size_)
      return "a hand has the wrong number of cards before play";
    if (phase_ == Phase::kPlay) {
      const int played_by_s = trick_no_ + ((s - trick_leader() + n) % n < trick_count_ ? 1 : 0);
      if (hands_[s].size() != hand_size_ - played_by_s) return "a hand has the wrong size";
    }
  }
  if (all != kDeck || total != kDeckSize) return "cards are not conserved";
  if (pack_.size() != kDeckSize - n * hand_size_) return "the undealt pack has the wrong size";
  return nullptr;
}

}  // namespace cardroom::s48
