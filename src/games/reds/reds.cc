#include "games/reds/reds.h"

#include <algorithm>
#include <cctype>

#include "core/constrained_deal.h"
#include "core/game_support.h"

namespace cardroom::reds {

extern const char* const kRulesMarkdown;  // docs/games/reds.md, embedded at build time

namespace {

constexpr std::array<int, 5> kShortRows = {1, 4, 5, 8, 9};
constexpr unsigned kBlackSuits = (1u << kSpades) | (1u << kClubs);

const char* suit_letter(int s) {
  static const char* const kLetters[] = {"S", "H", "D", "C"};
  return s == kNoSuit ? nullptr : kLetters[s];
}

nlohmann::json suit_json(int s) {
  return s == kNoSuit ? nlohmann::json(nullptr) : nlohmann::json(suit_letter(s));
}

}  // namespace

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

const std::vector<OptionSpec>& Game::option_specs() {
  static const std::vector<OptionSpec> specs = {
      {"players", OptionType::kInt, "4", kMinPlayers, kMaxPlayers, {}, "number of players"},
      {"partnership",
       OptionType::kBool,
       "false",
       0,
       0,
       {},
       "partners sit opposite (4 or 6 players); team score = sum of both partners' scores"},
      {"hidden_bids",
       OptionType::kBool,
       "false",
       0,
       0,
       {},
       "bids are made secretly and revealed at the end of the round"},
      {"short_game",
       OptionType::kBool,
       "false",
       0,
       0,
       {},
       "play only chart rounds 1, 4, 5, 8 and 9 (skip the rounds marked *)"},
      {"anti_trump_lead",
       OptionType::kChoice,
       "drop",
       0,
       0,
       {"drop", "highest", "highest_other"},
       "REDS-A1: anti-trump led and another suit played: drop = anti-trump cards drop out (trump, "
       "else highest neutral); highest = highest face value of all cards; highest_other = highest "
       "face value among the other cards"},
  };
  return specs;
}

std::optional<Game> Game::create(const OptionValues& values, std::string* error) {
  Config c;
  c.players = static_cast<int>(values.get_int("players"));
  c.partnership = values.get_bool("partnership");
  c.hidden_bids = values.get_bool("hidden_bids");
  c.short_game = values.get_bool("short_game");
  const std::string& rule = values.get_choice("anti_trump_lead");
  c.anti_trump_lead = rule == "drop"      ? AntiTrumpLead::kDrop
                      : rule == "highest" ? AntiTrumpLead::kHighest
                                          : AntiTrumpLead::kHighestOther;
  if (c.partnership && c.players != 4 && c.players != 6) {
    if (error)
      *error = "option 'partnership': true needs players=4 or players=6 (players is " +
               std::to_string(c.players) + ")";
    return std::nullopt;
  }
  return Game(c);
}

std::string Game::rules_text() { return kRulesMarkdown; }

Teams Game::teams() const {
  Teams t;
  if (!config_.partnership) return t;
  t.count = config_.players / 2;
  for (int s = 0; s < config_.players; ++s) t.team_of[s] = static_cast<std::int8_t>(s % t.count);
  return t;
}

std::string Game::validate_deal(const Deal& deal) const {
  if (static_cast<int>(deal.hands.size()) != config_.players)
    return "needs " + std::to_string(config_.players) + " hands, one per seat (got " +
           std::to_string(deal.hands.size()) + ")";
  CardSet seen;
  auto take = [&](Card c, const std::string& where) -> std::string {
    if (!kDeck.contains(c)) return where + ": " + card_text(c) + " is not in the Reds deck";
    if (seen.contains(c)) return where + ": " + card_text(c) + " appears twice";
    seen.add(c);
    return "";
  };
  for (int s = 0; s < config_.players; ++s) {
    if (static_cast<int>(deal.hands[s].size()) != kHandSize)
      return "hand of S" + std::to_string(s) + " has " + std::to_string(deal.hands[s].size()) +
             " cards (needs 5)";
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
  for (auto& b : s.bids_) b = -1;
  if (first_dealer >= 0 && first_dealer < config_.players) {
    s.dealer_ = static_cast<std::int8_t>(first_dealer);
    emit(ctx, kEveryone, [&] { return seat_text(first_dealer) + " deals first"; });
  } else {
    s.draw_for_dealer(ctx);
  }
  s.start_round(ctx);
  return s;
}

// ---------------------------------------------------------------------------------------------
// State: dealing and round flow

void State::draw_for_dealer(const ApplyContext* ctx) {
  // Rule 3 / REDS-A3: everyone draws; the highest rank deals; tied players redraw.
  SeatSet drawing = SeatSet::first_n(config_.players);
  for (;;) {
    std::array<Card, kDeckSize> deck{};
    int n = 0;
    for (Card c : kDeck) deck[n++] = c;
    rng_.shuffle(deck.data(), n);
    int next = 0, best = -1;
    std::array<Card, kMaxPlayers> drawn{};
    std::string text = "draw for deal:";
    for (Seat s = 0; s < config_.players; ++s) {
      if (!drawing.contains(s)) continue;
      drawn[s] = deck[next++];
      best = std::max(best, rank_of(drawn[s]));
      if (wants_events(ctx)) text += " " + seat_text(s) + " " + card_text(drawn[s]);
    }
    emit(ctx, kEveryone, [&] { return text; });
    SeatSet top;
    for (Seat s = 0; s < config_.players; ++s)
      if (drawing.contains(s) && rank_of(drawn[s]) == best) top.add(s);
    if (top.size() == 1) {
      dealer_ = static_cast<std::int8_t>(top.lowest());
      emit(ctx, kEveryone, [&] { return seat_text(dealer_) + " deals first"; });
      return;
    }
    drawing = top;
  }
}

void State::start_round(const ApplyContext* ctx) {
  const int n = config_.players;
  std::array<Card, kDeckSize> order{};
  int count = 0;
  const Deal* deal =
      (ctx && deals_ < static_cast<int>(ctx->deals.size())) ? &ctx->deals[deals_] : nullptr;
  if (deal) {
    // An explicit deal: the given hands; the given pack on top, any unlisted cards shuffled below.
    CardSet used;
    for (Seat s = 0; s < n; ++s) {
      hands_[s] = CardSet();
      for (Card c : deal->hands[s]) hands_[s].add(c);
      used |= hands_[s];
    }
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
      hands_[s] = CardSet();
      for (int k = 0; k < kHandSize; ++k) hands_[s].add(order[s * kHandSize + k]);
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

  phase_ = Phase::kBid;
  bid_submitted_ = SeatSet();
  exchange_submitted_ = SeatSet();
  played_ = CardSet();
  trick_no_ = 0;
  trick_count_ = 0;
  for (Seat s = 0; s < kMaxPlayers; ++s) {
    bids_[s] = -1;
    tricks_won_[s] = 0;
    voids_[s] = 0;
    pending_[s] = CardSet();
    passed_[s] = CardSet();
  }
  to_act_ = static_cast<std::int8_t>((dealer_ + 1) % n);

  if (wants_events(ctx)) {
    int rounds = rounds_in_game(config_);
    std::string head = "round " + std::to_string(round_ + 1) +
                       (round_ < rounds ? " of " + std::to_string(rounds) : " (tie-break)") + ": " +
                       seat_text(dealer_) + " deals";
    Exchange ex = exchange();
    head += ex.cards == 0 ? ", no exchange"
                          : ", exchange " + std::to_string(ex.cards) +
                                (ex.direction > 0 ? " left" : " right");
    emit(ctx, kEveryone, [&] { return head; });
    for (Seat s = 0; s < n; ++s)
      emit(ctx, SeatSet::of(s), [&] { return "your hand: " + cards_text(hands_[s]); });
    std::string turned = "turned:";
    for (int k = 0; k < turned_count_; ++k) turned += " " + card_text(turned_[k]);
    emit(ctx, kEveryone, [&] { return turned; });
    emit(ctx, kEveryone, [&] {
      return anti_trump_ == kNoSuit
                 ? std::string("no anti-trump this round: both black suits are neutral")
                 : std::string("anti-trump is ") + std::string(suit_symbol(anti_trump_));
    });
  }
}

void State::begin_play(const ApplyContext* ctx) {
  phase_ = Phase::kPlay;
  trick_no_ = 0;
  trick_count_ = 0;
  to_act_ = static_cast<std::int8_t>((dealer_ + 1) % config_.players);
  trick_leader_[0] = to_act_;
  emit(ctx, kEveryone, [&] { return seat_text(to_act_) + " leads"; });
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
  for (Seat s = 0; s < n; ++s) hands_[s] -= pending_[s];
  for (Seat s = 0; s < n; ++s) {
    hands_[recipient(s)] |= pending_[s];
    passed_[s] = pending_[s];
    pending_[s] = CardSet();
  }
  if (wants_events(ctx)) {
    emit(ctx, kEveryone, [&] { return "the exchange is made"; });
    for (Seat s = 0; s < n; ++s)
      emit(ctx, SeatSet::of(recipient(s)),
           [&] { return seat_text(s) + " passed you " + cards_text(passed_[s]); });
  }
  begin_play(ctx);
}

void State::finish_trick(const ApplyContext* ctx) {
  const int n = config_.players;
  const Card* cards = trick_cards_[trick_no_].data();
  int w = trick_winner(cards, n, anti_trump_, config_.anti_trump_lead);
  Seat winner = (trick_leader_[trick_no_] + w) % n;
  trick_winner_[trick_no_] = static_cast<std::int8_t>(winner);
  tricks_won_[winner]++;
  emit(ctx, kEveryone, [&] {
    return "trick " + std::to_string(trick_no_ + 1) + " to " + seat_text(winner) + " (" +
           card_text(cards[w]) + ")";
  });
  trick_count_ = 0;
  if (++trick_no_ == kTricks) {
    finish_round(ctx);
    return;
  }
  trick_leader_[trick_no_] = static_cast<std::int8_t>(winner);
  to_act_ = static_cast<std::int8_t>(winner);
}

bool State::leader_unique(SeatSet* winners) const {
  const int n = config_.players;
  const int teams = config_.partnership ? n / 2 : 0;
  int best = 0, best_count = 0, best_id = -1;
  const int units = teams ? teams : n;
  for (int u = 0; u < units; ++u) {
    int total = teams ? team_score(u) : scores_[u];
    if (best_id < 0 || total > best) {
      best = total;
      best_count = 1;
      best_id = u;
    } else if (total == best) {
      ++best_count;
    }
  }
  if (best_count != 1) return false;
  *winners = SeatSet();
  for (Seat s = 0; s < n; ++s)
    if ((teams ? s % teams : s) == best_id) winners->add(s);
  return true;
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
  r.leader = trick_leader_;
  r.winner = trick_winner_;
  r.cards = trick_cards_;
  for (Seat s = 0; s < n; ++s) {
    r.bids[s] = bids_[s];
    r.passed[s] = passed_[s];
    r.tricks_won[s] = tricks_won_[s];
    r.points[s] = round_points(bids_[s], tricks_won_[s]);
    scores_[s] += r.points[s];
  }
  ++rounds_completed_;
  if (wants_events(ctx)) {
    if (config_.hidden_bids) {
      std::string text = "bids revealed:";
      for (Seat s = 0; s < n; ++s) text += " " + seat_text(s) + " " + std::to_string(bids_[s]);
      emit(ctx, kEveryone, [&] { return text; });
    }
    for (Seat s = 0; s < n; ++s)
      emit(ctx, kEveryone, [&] {
        return seat_text(s) + " bid " + std::to_string(bids_[s]) + ", took " +
               std::to_string(tricks_won_[s]) + ": " + std::to_string(r.points[s]) +
               " points (total " + std::to_string(scores_[s]) + ")";
      });
  }
  SeatSet winners;
  if (round_ + 1 >= rounds_in_game(config_) && leader_unique(&winners)) {
    phase_ = Phase::kOver;
    winners_ = winners;
    if (wants_events(ctx)) {
      std::string text = "game over; winner:";
      for (Seat s : winners.to_vector()) text += " " + seat_text(s);
      emit(ctx, kEveryone, [&] { return text; });
    }
    return;
  }
  if (round_ + 1 >= rounds_in_game(config_))
    emit(ctx, kEveryone, [&] { return "first place is tied: a tie-break round follows"; });
  ++round_;
  dealer_ = static_cast<std::int8_t>((dealer_ + 1) % n);
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
      return SeatSet::of(to_act_);
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

bool State::may_act(Seat seat) const {
  switch (phase_) {
    case Phase::kBid:
      if (!config_.hidden_bids) return seat == to_act_;
      return seat >= 0 && seat < config_.players && !bid_submitted_.contains(seat);
    case Phase::kExchange:
      return seat >= 0 && seat < config_.players && !exchange_submitted_.contains(seat);
    case Phase::kPlay:
      return seat == to_act_;
    case Phase::kOver:
      break;
  }
  return false;
}

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
      for (Card c : hands_[seat]) bits[h++] = CardSet::of(c).bits();
      for (int i = 0; i < kSubsets.count[k]; ++i) {
        std::uint64_t set = 0;
        for (unsigned b = kSubsets.masks[k][i]; b; b &= b - 1) set |= bits[std::countr_zero(b)];
        out.push(give_move(CardSet(set)));
      }
      return;
    }
    case Phase::kPlay: {
      CardSet playable = hands_[seat];
      if (trick_count_ > 0) {
        CardSet follow = playable.in_suit(suit_of(trick_cards_[trick_no_][0]));
        if (!follow.empty()) playable = follow;
      }
      for (Card c : playable) out.push(play_move(c));
      return;
    }
    case Phase::kOver:
      return;
  }
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (phase_ == Phase::kOver) return Status::Error("the game is over");
  if (seat < 0 || seat >= config_.players) return Status::Error("no such seat");
  if (!may_act(seat)) {
    if (phase_ == Phase::kBid && config_.hidden_bids)
      return Status::Error("you have already bid this round");
    if (phase_ == Phase::kExchange) return Status::Error("you have already chosen your exchange");
    return Status::Error("it is not your turn");
  }
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kBidMove:
      if (phase_ != Phase::kBid) return Status::Error("bidding is over for this round");
      if (payload > kMaxBid) return Status::Error("a bid must be 0 to 5");
      return apply_bid(seat, static_cast<int>(payload), ctx);
    case kGiveMove:
      if (phase_ != Phase::kExchange) return Status::Error("it is not time to exchange cards");
      if (payload >> 52) return Status::Error("not a card");
      return apply_give(seat, CardSet(payload), ctx);
    case kPlayMove:
      if (phase_ != Phase::kPlay) return Status::Error("it is not time to play a card");
      if (payload >= 52) return Status::Error("not a card");
      return apply_play(seat, static_cast<Card>(payload), ctx);
    default:
      return Status::Error("not a Reds move");
  }
}

Status State::apply_bid(Seat seat, int n, const ApplyContext* ctx) {
  bids_[seat] = static_cast<std::int8_t>(n);
  bid_submitted_.add(seat);
  if (config_.hidden_bids) {
    if (wants_events(ctx)) {
      emit(ctx, SeatSet::of(seat), [&] { return "you bid " + std::to_string(n) + " (hidden)"; });
      emit(ctx, SeatSet(kEveryone.bits() & ~SeatSet::of(seat).bits()),
           [&] { return seat_text(seat) + " has bid"; });
    }
  } else {
    emit(ctx, kEveryone, [&] { return seat_text(seat) + " bids " + std::to_string(n); });
  }
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
    return Status::Error("you must pass exactly the number of cards the chart says");
  if (!hands_[seat].contains_all(cards)) return Status::Error("you do not hold those cards");
  pending_[seat] = cards;
  exchange_submitted_.add(seat);
  if (wants_events(ctx)) {
    emit(ctx, SeatSet::of(seat),
         [&] { return "you pass " + cards_text(cards) + " to " + seat_text(recipient(seat)); });
    emit(ctx, SeatSet(kEveryone.bits() & ~SeatSet::of(seat).bits()),
         [&] { return seat_text(seat) + " has chosen cards to pass"; });
  }
  if (exchange_submitted_.size() == config_.players) resolve_exchange(ctx);
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
  if (!config_.partnership) return team >= 0 && team < config_.players ? scores_[team] : 0;
  const int teams = config_.players / 2;
  return scores_[team] + scores_[team + teams];
}

Seat State::team_of(Seat seat) const {
  return config_.partnership ? seat % (config_.players / 2) : seat;
}

CardSet State::turned_set() const {
  CardSet out;
  for (int k = 0; k < turned_count_; ++k) out.add(turned_[k]);
  return out;
}

std::string State::move_text(Move move) const {
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kBidMove:
      return "bid " + std::to_string(payload);
    case kGiveMove:
      return "give " + cards_text(CardSet(payload & ((std::uint64_t{1} << 52) - 1)));
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
  std::size_t start = t.find_first_not_of(" \t");
  if (start == std::string::npos) {
    if (error) *error = "empty move";
    return std::nullopt;
  }
  t = t.substr(start);
  std::size_t space = t.find(' ');
  std::string verb = t.substr(0, space);
  std::string rest = space == std::string::npos ? "" : t.substr(space + 1);
  auto fail = [&](const std::string& why) -> std::optional<Move> {
    if (error) *error = why;
    return std::nullopt;
  };
  if (verb == "bid") {
    std::size_t b = rest.find_first_not_of(' ');
    if (b == std::string::npos) return fail("'bid' needs a number 0 to 5");
    rest = rest.substr(b);
    if (rest.size() != 1 || rest[0] < '0' || rest[0] > '5') return fail("a bid must be 0 to 5");
    return bid_move(rest[0] - '0');
  }
  if (verb == "give" || verb == "pass") {
    std::string why;
    auto cards = parse_cards(rest, {}, &why);
    if (!cards) return fail(why);
    if (cards->empty()) return fail("'give' needs the cards to pass, e.g. 'give 7C 9S'");
    CardSet set;
    for (Card c : *cards) {
      if (set.contains(c)) return fail(card_text(c) + " is named twice");
      set.add(c);
    }
    return give_move(set);
  }
  if (verb == "play") {
    std::size_t b = rest.find_first_not_of(' ');
    if (b == std::string::npos) return fail("'play' needs a card, e.g. 'play TD'");
    auto card = parse_card(rest.substr(b));
    if (!card) return fail("'" + rest.substr(b) + "' is not a card");
    return play_move(*card);
  }
  // A bare card is a play.
  if (auto card = parse_card(t)) return play_move(*card);
  return fail("'" + std::string(text) +
              "' is not a Reds move (try 'bid N', 'give C1 C2 ...', 'play C')");
}

nlohmann::json State::view(Seat seat) const {
  const int n = config_.players;
  const bool player = seat >= 0 && seat < n;
  nlohmann::json v;
  v["game"] = "reds";
  v["seat"] = player ? nlohmann::json(seat) : nlohmann::json(nullptr);
  v["players"] = n;
  v["round"] = round_ + 1;
  v["rounds"] = rounds_in_game(config_);
  v["tie_break"] = round_ >= rounds_in_game(config_);
  v["dealer"] = dealer_;
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
  if (player) v["hand"] = cards_json(hands_[seat]);
  nlohmann::json sizes = nlohmann::json::array(), bids = nlohmann::json::array(),
                 bid_made = nlohmann::json::array(), chosen = nlohmann::json::array(),
                 won = nlohmann::json::array(), scores = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    sizes.push_back(hands_[s].size());
    bool visible = bid_submitted_.contains(s) && (!config_.hidden_bids || s == seat);
    bids.push_back(visible ? nlohmann::json(bids_[s]) : nlohmann::json(nullptr));
    bid_made.push_back(bid_submitted_.contains(s));
    chosen.push_back(exchange_submitted_.contains(s));
    won.push_back(tricks_won_[s]);
    scores.push_back(scores_[s]);
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
  if (config_.partnership) {
    nlohmann::json teams = nlohmann::json::array();
    for (int t = 0; t < n / 2; ++t) teams.push_back(team_score(t));
    v["team_scores"] = teams;
  }
  v["to_act"] = actors().to_vector();
  v["legal"] = legal_move_texts(*this, seat);
  v["over"] = over();
  v["winners"] = winners_.to_vector();
  v["last_round"] = nullptr;
  if (rounds_completed_ > 0) {
    // The passes of the last round stay private: a seat knows only what it passed and received.
    nlohmann::json last = last_round();
    for (Seat s = 0; s < n; ++s)
      if (!knows_last_pass(seat, s)) last["passed"][s] = nullptr;
    v["last_round"] = last;
  }
  return v;
}

bool State::knows_last_pass(Seat observer, Seat passer) const {
  const int n = config_.players;
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
  // that its recipient has not played yet.
  std::array<CardSet, kMaxPlayers> fixed{};
  if (player) fixed[observer] = hands_[observer];
  if (player && exchanged && !passed_[observer].empty()) {
    Seat to = recipient(observer);
    fixed[to] = passed_[observer] & hands_[to];
  }
  CardSet known_places;
  for (Seat p = 0; p < n; ++p) known_places |= fixed[p];
  CardSet pool = kDeck - known_places - played_ - turned_set();

  std::array<DealSlot, kMaxPlayers + 1> slots{};
  std::array<Seat, kMaxPlayers + 1> slot_seat{};
  int num_slots = 0;
  for (Seat p = 0; p < n; ++p) {
    if (p == observer) continue;
    CardSet allowed = kDeck;
    for (int suit = 0; suit < kSuits; ++suit)
      if ((voids_[p] >> suit) & 1) allowed -= CardSet::suit(suit);
    slots[num_slots] = DealSlot{hands_[p].size() - fixed[p].size(), allowed};
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
      s.hands_[slot_seat[i]] = dealt[i] | fixed[slot_seat[i]];
  }

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
      s.pending_[p] = random_subset(s.hands_[p], exchange().cards);
  }
  if (exchanged && exchange().cards > 0) {
    // Passes the observer did not see: seat p passed to r cards that r now holds or has played.
    for (Seat p = 0; p < n; ++p) {
      if (p == observer || (player && recipient(p) == observer)) continue;
      Seat r = recipient(p);
      CardSet played_by_r;
      for (int t = 0; t <= trick_no_ && t < kTricks; ++t) {
        int cards_in = t < trick_no_ ? n : trick_count_;
        for (int i = 0; i < cards_in; ++i)
          if ((trick_leader_[t] + i) % n == r) played_by_r.add(trick_cards_[t][i]);
      }
      CardSet candidates = s.hands_[r] | played_by_r;
      if (player && r == recipient(observer)) candidates -= passed_[observer];
      s.passed_[p] = random_subset(candidates, exchange().cards);
    }
  }
  return s;
}

nlohmann::json State::last_round() const {
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
    passed.push_back(cards_json(r.passed[s]));
  }
  j["bids"] = bids;
  j["passed"] = passed;
  nlohmann::json tricks = nlohmann::json::array();
  for (int t = 0; t < kTricks; ++t) {
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
  CardSet all = pack_ | played_ | turned_set();
  int total = pack_.size() + played_.size() + turned_count_;
  if (pack_.intersects(played_) || pack_.intersects(turned_set()) ||
      played_.intersects(turned_set()))
    return "pack, tricks and turned cards overlap";
  for (Seat s = 0; s < n; ++s) {
    if (all.intersects(hands_[s])) return "a card is in two places";
    all |= hands_[s];
    total += hands_[s].size();
    if (!hands_[s].contains_all(pending_[s])) return "a pending pass is not in its hand";
    if (phase_ != Phase::kOver) {
      int played_by_s = trick_no_ + ((s - trick_leader() + n) % n < trick_count_ ? 1 : 0);
      if (phase_ == Phase::kPlay && hands_[s].size() != kHandSize - played_by_s)
        return "a hand has the wrong number of cards";
      if (phase_ != Phase::kPlay && hands_[s].size() != kHandSize)
        return "a hand has the wrong number of cards before play";
    }
  }
  if (all != kDeck || total != kDeckSize) return "cards are not conserved";
  if (!kDeck.contains_all(all)) return "a card outside the deck";
  return nullptr;
}

}  // namespace cardroom::reds
