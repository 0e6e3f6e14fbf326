#include "test_games.h"

#include <mutex>

#include "bots/ismcts_search.h"
#include "core/constrained_deal.h"
#include "core/deal_check.h"
#include "core/game_support.h"
#include "core/registry.h"
#include "core/table_layout.h"

namespace cardroom::testing_games {

// =============================================================================================
// grab

namespace grab {
namespace {

constexpr CardSet kSpadeCards = CardSet::suit(kSpades);
constexpr CardSet kHeartCards = CardSet::suit(kHearts);
constexpr CardSet kCards = kSpadeCards | kHeartCards;

// The points of a take by a seat whose lucky heart is `lucky`.
int take_points(Card card, Card lucky) {
  return card_points(card) * (rank_of(card) == rank_of(lucky) ? 2 : 1);
}

}  // namespace

const ConfigOptions<Config>& Config::options() {
  static const auto options = ConfigOptions<Config>().add(
      OptionSpec::players(2, kMinPlayers, kMaxPlayers), &Config::players);
  return options;
}

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s(config_, seed);
  // The dealer only shuffles: nobody moves first in real time.
  if (!s.take_first_dealer(first_dealer, num_seats(), ctx)) {
    s.choose_first_dealer(-1, num_seats());
    emit(ctx, kEveryone, "{seat} deals",
         [&] { return Event{.kind = EventKind::kDealer, .seat = s.dealer()}; });
  }
  s.deal(ctx);
  return s;
}

std::vector<ObservationField> Game::observation_fields() const {
  return {
      obs::choice("/phase", {"grab", "over"}, "the phase"),
      obs::cards("/hand", "this seat's lucky card"),
      obs::cards("/taken/{seat}", "the cards each seat has taken"),
      obs::cards("/lucky/{seat}", "each seat's lucky card once shown"),
      obs::cards("/top", "the top of the stack"),
      obs::number("/stack_left", 26, "cards left in the stack"),
  };
}

std::string Game::validate_deal(const Deal& deal) const {
  DealCheck check(deal, kCards, "not a spade or a heart");
  for (const std::string& why : {check.seats(num_seats()), check.hand_sizes(1), check.cards()})
    if (!why.empty()) return why;
  for (Seat s = 0; s < num_seats(); ++s)
    if (!kHeartCards.contains(deal.hands[s][0]))
      return "hand of S" + std::to_string(s) + ": the lucky card must be a heart";
  if (deal.pack.size() != kStackSize)
    return "the pack must list the 13 spades, top first (got " + std::to_string(deal.pack.size()) +
           " cards)";
  for (Card c : deal.pack)
    if (!kSpadeCards.contains(c)) return "pack: " + card_text(c) + " is not a spade";
  if (!deal.piles.empty()) return "Grab deals no piles";
  return "";
}

void State::deal(const ApplyContext* ctx) {
  const int n = num_seats();
  if (const Deal* deal = explicit_deal(ctx, deals_)) {
    for (int i = 0; i < kStackSize; ++i) stack_[i] = deal->pack[i];
    for (Seat s = 0; s < n; ++s) lucky_[s] = deal->hands[s][0];
  } else {
    int k = 0;
    for (Card c : kSpadeCards) stack_[k++] = c;
    rng_.shuffle(stack_.data(), kStackSize);
    std::array<Card, kRanks> hearts{};
    k = 0;
    for (Card c : kHeartCards) hearts[k++] = c;
    rng_.shuffle(hearts.data(), kRanks);
    for (Seat s = 0; s < n; ++s) lucky_[s] = hearts[s];
  }
  spare_ = kHeartCards;
  for (Seat s = 0; s < n; ++s) spare_.remove(lucky_[s]);
  for (Seat s = n; s < kMaxPlayers; ++s) lucky_[s] = kNoCard;
  next_ = 0;
  ++deals_;
  report_deal(ctx, [&] {
    Deal d;
    for (Seat s = 0; s < n; ++s) d.hands.push_back({lucky_[s]});
    d.pack.assign(stack_.begin(), stack_.end());
    return d;
  });
  emit(ctx, kEveryone, "13 spades in the stack; every seat holds a lucky heart", [&] {
    return Event{
        .kind = EventKind::kRoundStart, .seat = dealer_, .number = 1, .amount = 1, .total = 1};
  });
  for (Seat s = 0; s < n; ++s)
    emit(ctx, SeatSet::of(s), "your lucky card: {card}", [&] {
      return Event{.kind = EventKind::kHand, .seat = s, .card = lucky_[s], .label = "lucky"};
    });
  announce_top(ctx);
}

void State::announce_top(const ApplyContext* ctx) const {
  if (over()) return;
  emit(ctx, kEveryone, "top of the stack: {card} ({amount} left)",
       [&] { return Event{.kind = EventKind::kTurnUp, .amount = stack_left(), .card = top()}; });
}

int State::known_lucky_rank(Seat seat) const {
  if (seat < 0 || seat >= num_seats() || lucky_[seat] >= 52) return -1;
  const int r = rank_of(lucky_[seat]);
  return taken_[seat].contains(make_card(kSpades, r)) ? r : -1;
}

SeatSet State::actors() const { return over() ? SeatSet() : SeatSet::first_n(num_seats()); }

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (over() || seat < 0 || seat >= num_seats()) return;
  out.push(take_move(top()));
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (Status st = refuse_when_closed(over(), seat, num_seats()); !st.ok()) return st;
  if (move_kind(move) != kTakeMove) return Status::Error("not a Grab move");
  const std::uint64_t payload = move_payload(move);
  if (payload >= 52 || !kSpadeCards.contains(static_cast<Card>(payload)))
    return Status::Error("only spades from the stack may be taken");
  const Card card = static_cast<Card>(payload);
  if (card != top()) {
    for (Seat s = 0; s < num_seats(); ++s)
      if (taken_[s].contains(card))
        return Status::Error("too late: that card is no longer on top of the stack");
    return Status::Error("only the top card of the stack may be taken");
  }
  const int points = take_points(card, lucky_[seat]);
  taken_[seat].add(card);
  scores_[seat] += points;
  ++next_;
  last_time_ms_ = ctx && ctx->time_ms ? *ctx->time_ms : -1;
  emit(ctx, kEveryone,
       points > card_points(card) ? "{seat} takes {card}: lucky, {points} points (total {total})"
                                  : "{seat} takes {card}: {points} points (total {total})",
       [&] {
         return Event{.kind = EventKind::kPlay,
                      .seat = seat,
                      .points = points,
                      .total = scores_[seat],
                      .card = card};
       });
  if (!over()) {
    announce_top(ctx);
    return Status::Ok();
  }
  rounds_completed_ = 1;
  emit(ctx, kEveryone, "lucky cards: {seat_cards}", [&] {
    Event e{.kind = EventKind::kTurnUp, .seats = SeatSet::first_n(num_seats())};
    for (Seat s = 0; s < num_seats(); ++s) e.cards.push_back(lucky_[s]);
    e.label = "lucky";
    return e;
  });
  const int n = num_seats();
  end_round(true, std::span<const int>(scores_.data(), n), Teams{}, n, /*share_ties=*/true,
            {"game over; winner: {seats}", "game over; winners (tied): {seats}", ""}, ctx);
  return Status::Ok();
}

std::string State::move_text(Move move) const { return move_text_of(move, kMoveForms); }

std::optional<Move> State::parse_move(Seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  return in.card_move("take", "'take' needs a card, e.g. 'take 7S'", {}, true, take_move,
                      "'" + std::string(text) +
                          "' is not a Grab move (try 'take C' with the top card of the stack)");
}

nlohmann::json State::view(Seat seat) const {
  const int n = num_seats();
  const bool player = seat >= 0 && seat < n;
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["rounds"] = 1;
  v["phase"] = over() ? "over" : "grab";
  if (player) v["hand"] = nlohmann::json::array({card_text(lucky_[seat])});
  nlohmann::json sizes = nlohmann::json::array(), taken = nlohmann::json::array(),
                 lucky = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    sizes.push_back(1);
    taken.push_back(cards_json(taken_[s]));
    lucky.push_back(over() || s == seat ? nlohmann::json(card_text(lucky_[s]))
                                        : nlohmann::json(nullptr));
  }
  v["hand_sizes"] = sizes;
  v["taken"] = taken;
  v["lucky"] = lucky;
  v["top"] = over() ? nlohmann::json(nullptr) : nlohmann::json(card_text(top()));
  v["stack_left"] = stack_left();
  nlohmann::json stack = nlohmann::json::array();  // face up, in order: top first
  for (int i = next_; i < kStackSize; ++i) stack.push_back(card_text(stack_[i]));
  v["stack"] = stack;
  TableLayout t(seat);
  if (!over()) t.add_pile("stack", "Stack", kNoSeat, stack_left(), top());
  for (Seat s = 0; s < n; ++s)
    t.add("taken" + std::to_string(s), ZoneKind::kFan, "Taken", s, taken_[s]);
  t.status(over() ? t.game_over(winners()) : t.turn(actors(), "grab or pass"));
  std::move(t).write_to(v);
  return v;
}

State State::resample(Seat observer, Rng& rng) const {
  return resample_world(*this, rng, [&](State& world) {
    const int n = num_seats();
    const bool player = observer >= 0 && observer < n;
    // Hidden: the lucky hearts of the other seats and the spare hearts. A seat's lucky heart is
    // known when one of its takes was doubled; otherwise its rank is none of the spades it took.
    std::array<DealSlot, kMaxPlayers + 1> slots{};
    std::array<Seat, kMaxPlayers> hidden{};
    int num_hidden = 0;
    CardSet pool = spare_;
    for (Seat s = 0; s < n; ++s) {
      if (player && s == observer) continue;
      pool.add(lucky_[s]);
      CardSet allowed;
      const int known = known_lucky_rank(s);
      for (Card h : kHeartCards)
        if (known >= 0 ? rank_of(h) == known : !taken_[s].contains(make_card(kSpades, rank_of(h))))
          allowed.add(h);
      slots[num_hidden] = DealSlot{1, allowed};
      hidden[num_hidden++] = s;
    }
    slots[num_hidden] = DealSlot{spare_.size(), kHeartCards};
    std::array<CardSet, kMaxPlayers + 1> dealt{};
    const std::size_t count = static_cast<std::size_t>(num_hidden + 1);
    const bool ok = deal_constrained(pool, {slots.data(), count}, {dealt.data(), count}, rng);
    CARDROOM_ASSERT(ok, "resample found no deal consistent with the state");
    for (int i = 0; i < num_hidden; ++i) world.lucky_[hidden[i]] = ok ? dealt[i].lowest() : kNoCard;
    world.spare_ = ok ? dealt[num_hidden] : CardSet();
  });
}

nlohmann::json State::last_round(Seat seat) const {
  (void)seat;  // the lucky cards are shown when the match ends: everything is public
  if (!over()) return nullptr;  // one round: none is complete (and the lucky cards are secret)
  nlohmann::json j;
  j["round"] = 1;
  nlohmann::json taken = nlohmann::json::array(), lucky = nlohmann::json::array(),
                 points = nlohmann::json::array();
  for (Seat s = 0; s < num_seats(); ++s) {
    taken.push_back(cards_json(taken_[s]));
    lucky.push_back(card_text(lucky_[s]));
    points.push_back(scores_[s]);
  }
  j["taken"] = taken;
  j["lucky"] = lucky;
  j["points"] = points;
  j["winners"] = winners_.to_vector();
  return j;
}

std::vector<Pile> State::piles() const {
  std::vector<Pile> out;
  out.push_back(Pile{"stack", kEveryone, {stack_.begin() + next_, stack_.end()}});
  for (Seat s = 0; s < num_seats(); ++s) {
    out.push_back(Pile{"lucky " + seat_text(s), over() ? kEveryone : SeatSet::of(s), {lucky_[s]}});
    out.push_back(make_pile("taken " + seat_text(s), kEveryone, taken_[s]));
  }
  out.push_back(make_pile("spare hearts", SeatSet(), spare_));
  return out;
}

const char* State::check() const {
  const int n = num_seats();
  if (n < kMinPlayers || n > kMaxPlayers) return "bad number of players";
  if (next_ < 0 || next_ > kStackSize) return "bad stack position";
  CardTally tally(spare_);
  auto add = [&](CardSet set) { return tally.add(set); };
  for (int i = next_; i < kStackSize; ++i)
    if (stack_[i] >= 52 || !kSpadeCards.contains(stack_[i]) || !add(CardSet::of(stack_[i])))
      return "the stack holds a card twice or a card that is not a spade";
  int taken_total = 0;
  for (Seat s = 0; s < n; ++s) {
    if (lucky_[s] >= 52 || !kHeartCards.contains(lucky_[s])) return "a lucky card is missing";
    if (!add(CardSet::of(lucky_[s])) || !add(taken_[s])) return "a card is in two places";
    if (!kSpadeCards.contains_all(taken_[s])) return "a seat took a card that is not a spade";
    int points = 0;
    for (Card c : taken_[s]) points += take_points(c, lucky_[s]);
    if (points != scores_[s]) return "a score does not match the cards taken";
    taken_total += taken_[s].size();
  }
  if (!kHeartCards.contains_all(spare_)) return "a spare card is not a heart";
  if (taken_total != next_) return "cards taken do not match the stack";
  if (tally.all() != kCards || tally.total() != 2 * kRanks) return "cards are not conserved";
  if (over() == winners_.empty()) return "winners are set exactly when the match is over";
  return nullptr;
}

Move heuristic_move(const State& belief, Seat seat, Rng& rng) {
  (void)rng;
  MoveList<State::kMaxMoves> moves;
  belief.legal_moves(seat, moves);
  return moves.empty() ? Move{} : moves[0];  // the top card, whatever it is
}

}  // namespace grab

// =============================================================================================
// solo

namespace solo {
namespace {

constexpr CardSet kDeck = CardSet::standard_deck();

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::kBust:
      return "bust";
    case Outcome::kWon:
      return "won";
    case Outcome::kShort:
      return "short";
    case Outcome::kPlaying:
      break;
  }
  return nullptr;
}

}  // namespace

const ConfigOptions<Config>& Config::options() {
  static const auto options = ConfigOptions<Config>().add(
      OptionSpec::integer("target", 17, 12, kLimit, "stopping at this total or more wins"),
      &Config::target);
  return options;
}

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s(config_, seed);
  s.choose_first_dealer(first_dealer, 1);  // the house deals; seat 0 is its only opponent
  if (const Deal* deal = explicit_deal(ctx, 0)) {
    for (int i = 0; i < kDeckSize; ++i) s.pack_[i] = deal->pack[i];
  } else {
    int k = 0;
    for (Card c : kDeck) s.pack_[k++] = c;
    s.rng_.shuffle(s.pack_.data(), kDeckSize);
  }
  ++s.deals_;
  report_deal(ctx, [&] {
    Deal d;
    d.hands = {{}};
    d.pack.assign(s.pack_.begin(), s.pack_.end());
    return d;
  });
  emit(ctx, kEveryone, "{seat} plays against the house: stop at {amount} to {total} to win", [&] {
    return Event{.kind = EventKind::kRoundStart,
                 .seat = 0,
                 .number = 1,
                 .amount = s.config_.target,
                 .total = kLimit};
  });
  return s;
}

std::vector<ObservationField> Game::observation_fields() const {
  return {
      obs::cards("/drawn", "the cards drawn"),
      obs::number("/total", 21, "their total"),
      obs::number("/pack_left", 52, "cards left in the pack"),
      obs::choice("/outcome", {"bust", "won", "short"}, "how the draw ended"),
  };
}

std::string Game::validate_deal(const Deal& deal) const {
  DealCheck check(deal, kDeck, "not a standard card");
  for (const std::string& why : {check.seats(1), check.hand_sizes(0), check.cards()})
    if (!why.empty()) return why;
  if (deal.pack.size() != kDeckSize)
    return "the pack must list all 52 cards, top first (got " + std::to_string(deal.pack.size()) +
           ")";
  if (!deal.piles.empty()) return "Solo deals no piles";
  return "";
}

SeatSet State::actors() const { return one_actor(over(), 0); }

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (over() || seat != 0) return;
  out.push(draw_move());
  out.push(stop_move());
}

void State::finish(Outcome outcome, const ApplyContext* ctx) {
  outcome_ = outcome;
  rounds_completed_ = 1;
  winners_ = outcome == Outcome::kWon ? SeatSet::of(0) : SeatSet();
  emit(ctx, kEveryone,
       outcome == Outcome::kWon ? "game over; winner: {seats}" : "game over: the house wins",
       [&] { return Event{.kind = EventKind::kGameOver, .seats = winners_}; });
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (Status st = refuse_when_closed(over(), seat, 1); !st.ok()) return st;
  if (move == draw_move()) {
    const Card card = pack_[next_++];
    hand_.add(card);
    total_ = static_cast<std::int16_t>(total_ + card_points(card));
    emit(ctx, kEveryone, "{seat} draws {card} (total {total})", [&] {
      return Event{.kind = EventKind::kTurnUp, .seat = 0, .total = total_, .card = card};
    });
    if (total_ > kLimit) {
      emit(ctx, kEveryone, "{seat} goes over 21 with {total}",
           [&] { return Event{.kind = EventKind::kBlocked, .seat = 0, .total = total_}; });
      finish(Outcome::kBust, ctx);
    }
    return Status::Ok();
  }
  if (move == stop_move()) {
    emit(ctx, kEveryone, "{seat} stops at {total}", [&] {
      return Event{.kind = EventKind::kBid, .seat = 0, .total = total_, .label = "stop"};
    });
    finish(total_ >= config_.target ? Outcome::kWon : Outcome::kShort, ctx);
    return Status::Ok();
  }
  return Status::Error("not a Solo move (draw or stop)");
}

std::string State::move_text(Move move) const { return move_text_of(move, kMoveForms); }

std::optional<Move> State::parse_move(Seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  if (in.joined() == "draw") return draw_move();
  if (in.joined() == "stop") return stop_move();
  return in.fail(in.empty()
                     ? "empty move"
                     : "'" + std::string(text) + "' is not a Solo move (try 'draw', 'stop')");
}

nlohmann::json State::view(Seat seat) const {
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["rounds"] = 1;
  v["phase"] = over() ? "over" : "draw";
  if (seat == 0) v["hand"] = cards_json(hand_);
  v["hand_sizes"] = nlohmann::json::array({hand_.size()});
  v["drawn"] = cards_json(hand_);
  v["total"] = total_;
  v["target"] = config_.target;
  v["pack_left"] = pack_left();
  const char* how = outcome_name(outcome_);
  v["outcome"] = how ? nlohmann::json(how) : nlohmann::json(nullptr);
  TableLayout t(seat);
  t.add("drawn", ZoneKind::kFan, "Drawn", 0, hand_);
  t.add_pile("pack", "Pack", kNoSeat, pack_left());
  t.fact("Total", std::to_string(total_) + " of " + std::to_string(config_.target));
  t.status(over() ? std::string("Over: ") + (how ? how : "") : t.turn(actors(), "draw or stop"));
  std::move(t).write_to(v);
  return v;
}

State State::resample(Seat observer, Rng& rng) const {
  (void)observer;  // nobody sees the pack, not even when the match is over
  State world = *this;
  world.rng_.reseed(rng.next());
  // In card order before the shuffle: the order the cards truly lie in must not shape the draw.
  std::sort(world.pack_.begin() + next_, world.pack_.end());
  rng.shuffle(world.pack_.data() + next_, kDeckSize - next_);
  return world;
}

nlohmann::json State::last_round(Seat seat) const {
  (void)seat;
  nlohmann::json j;
  j["round"] = 1;
  j["drawn"] = cards_json(hand_);
  j["total"] = total_;
  const char* how = outcome_name(outcome_);
  j["outcome"] = how ? nlohmann::json(how) : nlohmann::json(nullptr);
  j["winners"] = winners_.to_vector();
  return j;
}

std::vector<Pile> State::piles() const {
  return {make_pile("hand S0", kEveryone, hand_),
          Pile{"pack", SeatSet(), {pack_.begin() + next_, pack_.end()}}};
}

const char* State::check() const {
  if (next_ < 0 || next_ > kDeckSize) return "bad pack position";
  CardSet all = hand_;
  if (hand_.size() != next_) return "the hand does not hold the cards drawn";
  for (int i = next_; i < kDeckSize; ++i) {
    if (pack_[i] >= 52 || all.contains(pack_[i])) return "a card is in two places";
    all.add(pack_[i]);
  }
  if (all != kDeck) return "cards are not conserved";
  int total = 0;
  for (Card c : hand_) total += card_points(c);
  if (total != total_) return "the total does not match the hand";
  if (!over() && total_ > kLimit) return "over 21 and still playing";
  if ((outcome_ == Outcome::kBust) != (total_ > kLimit)) return "a bust must be over 21";
  if (outcome_ == Outcome::kWon && total_ < config_.target) return "a win below the target";
  if (outcome_ == Outcome::kShort && total_ >= config_.target) return "a loss at the target";
  if (winners_ != (outcome_ == Outcome::kWon ? SeatSet::of(0) : SeatSet()))
    return "winners do not match the outcome";
  return nullptr;
}

Move heuristic_move(const State& belief, Seat seat, Rng& rng) {
  (void)seat;
  (void)rng;
  return belief.total() < belief.config().target ? draw_move() : stop_move();
}

}  // namespace solo

// =============================================================================================

namespace {

template <class G>
void add(std::string title, std::string description,
         const std::vector<BotEntry<typename G::State>>& players, std::string rules) {
  search_hook<typename G::State> = &ismcts_search<typename G::State>;  // as every game's
  register_game(make_game_entry<G>(std::move(title), std::move(description), players,
                                   [rules] { return rules; }));
}

}  // namespace

void register_test_games() {
  static std::once_flag once;
  std::call_once(once, [] {
    add<grab::Game>("Grab", "test game, real time for 2-4 players: take the top spade first",
                    grab::bots(),
                    "# Grab (test game)\n\nTake the top spade of the stack before the others; "
                    "a spade of your lucky heart's rank scores double.\n");
    add<solo::Game>("Solo", "test game, one seat against the house: draw to 17-21, not over",
                    solo::bots(),
                    "# Solo (test game)\n\nDraw cards one at a time and stop at 17 to 21; over "
                    "21, or stopping short, the house wins.\n");
  });
}

}  // namespace cardroom::testing_games
