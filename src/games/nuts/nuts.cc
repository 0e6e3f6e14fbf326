#include "games/nuts/nuts.h"

#include <algorithm>

#include "core/constrained_deal.h"
#include "core/game_support.h"
#include "core/move_data.h"
#include "core/table_layout.h"

namespace cardroom::nuts {
namespace {

constexpr MatchEndText kMatchEnd{"game over; winner: {seats}", "game over; winners (tied): {seats}",
                                 "the highest total is tied: another hand"};

const char* const kPileNames[kPiles] = {"T1", "T2", "T3", "T4"};

// "L0": how piles() names a layout (its seat, or its partnership's first seat with a '+').
std::string layout_name(const Config& config, int l) {
  return config.partnership() ? "S" + std::to_string(2 * l) + "+S" + std::to_string(2 * l + 1)
                              : "S" + std::to_string(l);
}

}  // namespace

const ConfigOptions<Config>& Config::options() {
  static const auto options =
      ConfigOptions<Config>()
          .add(OptionSpec::integer("players", 2, 2, kMaxPlayers,
                                   "number of players: 2-4 alone, 6 or 8 in partnerships of "
                                   "neighbours sharing one layout (NUTS-A8)"),
               &Config::players)
          .add(OptionSpec::integer("target", 100, 1, 10000,
                                   "the game ends after a hand when a total is more than this"),
               &Config::target)
          .add(OptionSpec::integer("max_hands", 0, 0, 10000,
                                   "after this many hands the highest total wins even if nobody "
                                   "passed the target (0: no limit)"),
               &Config::max_hands)
          .add(OptionSpec::choice("final_tie", {"play_on", "share"},
                                  "a tie for the highest total: play another hand, or share the "
                                  "win (NUTS-A6)"),
               &Config::final_tie)
          .add(OptionSpec::integer("grace_ms", 0, 0, 5000,
                                   "after \"Nuts!\" the others may complete their moves for this "
                                   "many ms (NUTS-A2; 0: the hand ends at once)"),
               &Config::grace_ms);
  return options;
}

std::string Config::validate() const {
  if (players == 5 || players == 7)
    return "players=" + std::to_string(players) +
           ": Nuts is for 2-4 players alone or 6 or 8 in partnerships (NUTS-A8)";
  return "";
}

// Partnerships of neighbours (S0+S1, S2+S3, ...) scoring as one; none with 2-4 players.
static Teams teams_of(const Config& config) {
  if (!config.partnership()) return {};
  Teams t;
  t.count = config.layouts();
  t.team_scored = true;
  for (Seat s = 0; s < config.players; ++s) t.team_of[s] = static_cast<std::int8_t>(s / 2);
  return t;
}

Teams Game::teams() const { return teams_of(config_); }

CardSet Layout::cards() const {
  CardSet out;
  for (int i = 0; i < reserve_n; ++i) out.add(reserve[i]);
  for (int p = 0; p < kPiles; ++p)
    for (int i = 0; i < pile_n[p]; ++i) out.add(tableau[p][i]);
  for (int i = 0; i < stock_n; ++i) out.add(stock[i]);
  for (int i = 0; i < waste_n; ++i) out.add(waste[i]);
  return out;
}

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s(config_, seed);
  // Nobody deals for another: everyone shuffles their own deck. The "dealer" is only the record's.
  s.choose_first_dealer(first_dealer, config_.players);
  s.deal(ctx);
  return s;
}

std::string Game::validate_deal(const Deal& deal) const {
  const int n = config_.layouts();
  if (!deal.hands.empty() || !deal.pack.empty())
    return "a Nuts deal has no hands and no pack: give the piles reserve, tableau and stock";
  struct Part {
    const char* name;
    int size;
  };
  for (const Part part :
       {Part{"reserve", kReserveSize}, Part{"tableau", kPiles}, Part{"stock", kStockSize}}) {
    auto it = deal.piles.find(part.name);
    if (it == deal.piles.end()) return std::string("the deal needs the piles '") + part.name + "'";
    if (static_cast<int>(it->second.size()) != n)
      return std::string("piles '") + part.name + "' needs " + std::to_string(n) +
             " lists, one per layout (got " + std::to_string(it->second.size()) + ")";
    for (int l = 0; l < n; ++l)
      if (static_cast<int>(it->second[l].size()) != part.size)
        return std::string(part.name) + " of layout " + std::to_string(l) + " has " +
               std::to_string(it->second[l].size()) + " cards (needs " + std::to_string(part.size) +
               ")";
  }
  if (deal.piles.size() != 3) return "a Nuts deal has only the piles reserve, tableau and stock";
  for (int l = 0; l < n; ++l) {
    CardSet seen;
    for (const char* name : {"reserve", "tableau", "stock"})
      for (Card c : deal.piles.at(name)[l]) {
        if (c >= 52)
          return std::string(name) + " of layout " + std::to_string(l) + ": " + card_text(c) +
                 " is not a standard card";
        if (seen.contains(c))
          return "layout " + std::to_string(l) + ": " + card_text(c) +
                 " appears twice (each layout is one whole deck)";
        seen.add(c);
      }
  }
  return "";
}

void State::deal(const ApplyContext* ctx) {
  const int n = layouts();
  const Deal* explicit_one = explicit_deal(ctx, deals_);
  for (int l = 0; l < n; ++l) {
    Layout& lay = layouts_[l];
    lay = Layout{};
    std::array<Card, 52> order{};  // reserve top first, then T1..T4, then the stock top first
    if (explicit_one) {
      int k = 0;
      for (const char* name : {"reserve", "tableau", "stock"})
        for (Card c : explicit_one->piles.at(name)[l]) order[k++] = c;
    } else {
      order = card_ids<52>();
      rng_.shuffle(order.data(), 52);
    }
    for (int i = 0; i < kReserveSize; ++i) lay.reserve[kReserveSize - 1 - i] = order[i];
    lay.reserve_n = kReserveSize;
    for (int p = 0; p < kPiles; ++p) {
      lay.tableau[p][0] = order[kReserveSize + p];
      lay.pile_n[p] = 1;
      lay.pile_cards[p] = CardSet::of(order[kReserveSize + p]);
    }
    for (int i = 0; i < kStockSize; ++i)
      lay.stock[kStockSize - 1 - i] = order[kReserveSize + kPiles + i];
    lay.stock_n = kStockSize;
  }
  foundations_n_ = 0;
  wanted_ = {};
  rotations_ = 0;
  progress_ = false;
  grace_ = false;
  deadline_known_ = false;
  nuts_by_ = -1;
  done_ = 0;
  deadline_ms_ = 0;
  ++deals_;
  report_deal(ctx, [&] {
    Deal d;
    for (int l = 0; l < n; ++l) {
      const Layout& lay = layouts_[l];
      std::vector<Card> reserve, tableau, stock;
      for (int i = kReserveSize - 1; i >= 0; --i) reserve.push_back(lay.reserve[i]);
      for (int p = 0; p < kPiles; ++p) tableau.push_back(lay.tableau[p][0]);
      for (int i = kStockSize - 1; i >= 0; --i) stock.push_back(lay.stock[i]);
      d.piles["reserve"].push_back(reserve);
      d.piles["tableau"].push_back(tableau);
      d.piles["stock"].push_back(stock);
    }
    return d;
  });
  emit(
      ctx, kEveryone, "hand {number}: everyone lays out a reserve of 13, four piles and a stock",
      [&] { return Event{.kind = EventKind::kRoundStart, .seat = dealer_, .number = round_ + 1}; });
  for (int l = 0; l < n; ++l)
    emit(ctx, kEveryone, "{seats+:turns/turn} up: reserve {card}, piles {cards}", [&] {
      Event e{.kind = EventKind::kTurnUp, .card = layouts_[l].reserve_top(), .seats = seats_of(l)};
      for (int p = 0; p < kPiles; ++p) e.cards.push_back(layouts_[l].tableau[p][0]);
      return e;
    });
}

SeatSet State::seats_of(int l) const {
  return config_.partnership() ? SeatSet((3u << (2 * l))) : SeatSet::of(l);
}

State::Where State::find(int l, Card c) const {
  const Layout& lay = layouts_[l];
  if (lay.reserve_n && lay.reserve_top() == c) return {Where::kReserve};
  if (lay.waste_n && lay.waste_top() == c) return {Where::kWaste};
  for (int p = 0; p < kPiles; ++p)
    if (lay.pile_cards[p].contains(c))
      for (int i = 0; i < lay.pile_n[p]; ++i)
        if (lay.tableau[p][i] == c)
          return {Where::kPile, static_cast<std::int8_t>(p), static_cast<std::int8_t>(i)};
  return {};
}

int State::foundation_for(Card card) const {
  const int rank = nuts_rank(card);
  if (rank == 1) return foundations_n_ < kMaxFoundations ? foundations_n_ : -1;
  const int suit = suit_of(card);
  if (!((wanted_[suit] >> rank) & 1)) return -1;
  for (int f = 0; f < foundations_n_; ++f)
    if (foundations_[f].suit == suit && foundations_[f].size == rank - 1) return f;
  return -1;
}

bool State::may_move(Seat seat) const {
  if (grace_) return !done(layout_of(seat));
  const Layout& lay = layouts_[layout_of(seat)];
  if (!lay.stuck) return true;
  // A layout that has declared stuck waits for the others; it may only play a card that a
  // foundation has come to take meanwhile.
  if (lay.reserve_n && foundation_takes(lay.reserve_top())) return true;
  if (lay.waste_n && foundation_takes(lay.waste_top())) return true;
  for (int p = 0; p < kPiles; ++p)
    if (lay.pile_n[p] && foundation_takes(lay.pile_top(p))) return true;
  return false;
}

SeatSet State::actors() const {
  if (over_) return {};
  SeatSet out;
  for (Seat s = 0; s < num_seats(); ++s)
    if (may_move(s)) out.add(s);
  return out;
}

namespace {

// The cards that go on card c in a tableau: one rank lower, the other colour (none on an ace).
constexpr std::array<CardSet, 52> kBuildsOnto = [] {
  std::array<CardSet, 52> out{};
  for (Card onto = 0; onto < 52; ++onto)
    for (Card c = 0; c < 52; ++c)
      if (builds_on(c, onto)) out[onto].add(c);
  return out;
}();

}  // namespace

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (over_ || seat < 0 || seat >= num_seats()) return;
  if (grace_ && done(layout_of(seat))) return;
  const Layout& lay = layouts_[layout_of(seat)];
  // The single cards a move may take: the reserve's top, the waste's top; and each pile's cards.
  CardSet loose;
  if (lay.reserve_n) loose.add(lay.reserve_top());
  if (lay.waste_n) loose.add(lay.waste_top());
  const std::array<CardSet, kPiles>& in_pile = lay.pile_cards;
  CardSet tops, bottoms;
  const CardSet piled = in_pile[0] | in_pile[1] | in_pile[2] | in_pile[3];
  for (int p = 0; p < kPiles; ++p) {
    const int count = lay.pile_n[p];
    if (!count) continue;
    tops.add(lay.tableau[p][count - 1]);
    bottoms.add(lay.tableau[p][0]);
  }
  // Plays to a foundation: the accessible single cards a foundation takes, in card order.
  CardSet playable;
  for (Card c : loose | tops)
    if (foundation_takes(c)) playable.add(c);
  out.push_cards(playable, play_move);
  if (lay.stuck) return;  // waiting for the others: foundations only
  // Moves onto each pile j, in code order (card | pile << 8): by pile, then card. A whole pile
  // into an empty one changes nothing, so a pile's bottom card goes only onto a card.
  for (int j = 0; j < kPiles; ++j) {
    const CardSet movable = loose | (piled - in_pile[j]);
    const CardSet movers =
        lay.pile_n[j] ? movable & kBuildsOnto[lay.pile_top(j)] : movable - bottoms;
    for (Card c : movers) out.push(move_move(c, j));
  }
  if (grace_) {  // completing moves: no draw, recycle or stuck
    out.push(done_move());
    return;
  }
  if (lay.stock_n)
    out.push(draw_move());
  else if (lay.waste_n)
    out.push(recycle_move());
  if (!lay.stuck) out.push(stuck_move());
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (over_) return Status::Error("the game is over");
  if (seat < 0 || seat >= num_seats()) return Status::Error("no such seat");
  if (grace_) return apply_in_grace(seat, move, ctx);
  Status st = apply_in_play(seat, move, ctx);
  if (st.ok() && !over_ && !grace_) stuck_by_engine(ctx);
  return st;
}

Status State::apply_in_play(Seat seat, Move move, const ApplyContext* ctx) {
  const int l = layout_of(seat);
  Layout& lay = layouts_[l];
  const std::uint64_t payload = move_payload(move);
  if (lay.stuck) {
    // Waiting for the others: only a play to a foundation, and any other move is out of turn.
    if (move_kind(move) == kPlayMove && payload < 52) {
      const Status st = apply_play(l, seat, static_cast<Card>(payload), ctx);
      if (st.ok()) return st;
    }
    return Status::Error(move_kind(move) == kStuckMove
                             ? (config_.partnership() ? "you have already declared stuck (your "
                                                        "side)"
                                                      : "you have already declared stuck")
                             : "you have already declared stuck: wait for the others (you may "
                               "still play a card a foundation takes)");
  }
  switch (move_kind(move)) {
    case kPlayMove:
      if (payload >= 52) return Status::Error("not a card of the deck");
      return apply_play(l, seat, static_cast<Card>(payload), ctx);
    case kMoveMove: {
      const std::uint64_t card = payload & 0xFF, pile = payload >> 8;
      if (card >= 52) return Status::Error("not a card of the deck");
      if (pile >= kPiles) return Status::Error("there are four tableau piles, T1 to T4");
      return apply_move(l, seat, static_cast<Card>(card), static_cast<int>(pile), ctx);
    }
    case kDrawMove: {
      if (payload) return Status::Error("not a Nuts move");
      if (!lay.stock_n)
        return Status::Error(lay.waste_n ? "the stock is empty: recycle the waste"
                                         : "the stock and the waste are empty");
      const int count = std::min<int>(kDraw, lay.stock_n);
      for (int k = 0; k < count; ++k) {
        lay.waste[lay.waste_n++] = lay.stock[--lay.stock_n];
        lay.stock_known &= ~(std::uint64_t{1} << lay.stock_n);
      }
      lay.idle_draws = static_cast<std::int16_t>(lay.idle_draws + count);
      emit(ctx, kEveryone, "{seat} draws {amount}: {cards}", [&] {
        Event e{.kind = EventKind::kTurnUp, .seat = seat, .amount = count};
        for (int k = count; k > 0; --k) e.cards.push_back(lay.waste[lay.waste_n - k]);
        e.label = "draw";
        return e;
      });
      return Status::Ok();
    }
    case kRecycleMove: {
      if (payload) return Status::Error("not a Nuts move");
      if (lay.stock_n) return Status::Error("the stock is not empty: draw");
      if (!lay.waste_n) return Status::Error("the waste is empty: nothing to recycle");
      // Turned over whole: the waste's bottom card becomes the stock's top.
      for (int i = 0; i < lay.waste_n; ++i) lay.stock[lay.waste_n - 1 - i] = lay.waste[i];
      lay.stock_n = lay.waste_n;
      lay.waste_n = 0;
      lay.stock_known = (std::uint64_t{1} << lay.stock_n) - 1;
      emit(ctx, kEveryone, "{seat} turns the waste over into a new stock ({amount})",
           [&] { return Event{.kind = EventKind::kNote, .seat = seat, .amount = lay.stock_n}; });
      return Status::Ok();
    }
    case kStuckMove:
      if (payload) return Status::Error("not a Nuts move");
      return apply_stuck(l, seat, ctx);
    case kDoneMove:
      if (payload) return Status::Error("not a Nuts move");
      return Status::Error("'done' is only for the grace after \"Nuts!\"");
    default:
      return Status::Error("not a Nuts move (try play C, move C T2, draw, recycle, stuck)");
  }
}

Status State::apply_in_grace(Seat seat, Move move, const ApplyContext* ctx) {
  const int l = layout_of(seat);
  if (done(l))
    return Status::Error(l == nuts_by_ ? "you have called Nuts: the others are completing their "
                                         "moves"
                                       : "you are done: the others are completing their moves");
  const int kind = move_kind(move);
  if (kind == kDrawMove || kind == kRecycleMove || kind == kStuckMove)
    return Status::Error(
        "after \"Nuts!\" you may only complete your moves: play, move or done (no draw, recycle "
        "or stuck)");
  // A move that would be legal but arrives after the deadline (or with no time to tell) is not
  // played: it ends the hand. Anything else is checked as usual and a refused move changes nothing.
  const bool late = !deadline_known_ || !ctx || !ctx->time_ms || *ctx->time_ms > deadline_ms_;
  if (late) {
    MoveList<kMaxMoves> legal;
    legal_moves(seat, legal);
    if (legal.contains(move)) {
      emit(ctx, kEveryone, "{seat} comes too late (the grace after Nuts! is over): not played",
           [&] { return Event{.kind = EventKind::kNote, .seat = seat, .label = "too late"}; });
      end_grace(ctx);
      return Status::Ok();
    }
  }
  switch (kind) {
    case kPlayMove:
    case kMoveMove: {
      const std::uint64_t payload = move_payload(move);
      const std::uint64_t card = kind == kPlayMove ? payload : payload & 0xFF;
      if (card >= 52) return Status::Error("not a card of the deck");
      if (kind == kPlayMove) return apply_play(l, seat, static_cast<Card>(card), ctx);
      if ((payload >> 8) >= kPiles) return Status::Error("there are four tableau piles, T1 to T4");
      return apply_move(l, seat, static_cast<Card>(card), static_cast<int>(payload >> 8), ctx);
    }
    case kDoneMove: {
      if (move_payload(move)) return Status::Error("not a Nuts move");
      done_ = static_cast<std::uint8_t>(done_ | (1u << l));
      emit(ctx, kEveryone, "{seats+:is/are} done",
           [&] { return Event{.kind = EventKind::kNote, .seats = seats_of(l), .label = "done"}; });
      if (done_ == (1u << layouts()) - 1) end_grace(ctx);
      return Status::Ok();
    }
    default:
      return Status::Error("not a Nuts move (after \"Nuts!\": play C, move C T2 or done)");
  }
}

void State::start_grace(int l, const ApplyContext* ctx) {
  grace_ = true;
  nuts_by_ = static_cast<std::int8_t>(l);
  done_ = static_cast<std::uint8_t>(1u << l);
  deadline_known_ = ctx && ctx->time_ms.has_value();
  deadline_ms_ = deadline_known_ ? *ctx->time_ms + config_.grace_ms : 0;
  for (Layout& lay : layouts_) lay.stuck = false;  // the vote is over: everyone completes
  emit(ctx, kEveryone, "the others may complete their moves for {amount} ms", [&] {
    return Event{.kind = EventKind::kNote, .amount = config_.grace_ms, .label = "grace"};
  });
}

void State::end_grace(const ApplyContext* ctx) {
  const int by = nuts_by_;
  grace_ = deadline_known_ = false;
  nuts_by_ = -1;
  done_ = 0;
  deadline_ms_ = 0;
  end_hand(HandEnd::kNuts, by, ctx);
}

void State::take(Layout& lay, Where where, int count) {
  switch (where.kind) {
    case Where::kReserve:
      --lay.reserve_n;
      break;
    case Where::kWaste:
      --lay.waste_n;
      break;
    case Where::kPile:
      for (int i = where.depth; i < lay.pile_n[where.pile]; ++i)
        lay.pile_cards[where.pile].remove(lay.tableau[where.pile][i]);
      lay.pile_n[where.pile] = static_cast<std::int8_t>(lay.pile_n[where.pile] - count);
      break;
    case Where::kNone:
      break;
  }
}

// Why `card` of layout l cannot be moved: gone to a foundation (stale), or not accessible.
static const char* not_accessible(const Layout& lay, Card card) {
  if (!lay.cards().contains(card)) return "too late: that card is already on a foundation";
  for (int i = 0; i + 1 < lay.reserve_n; ++i)
    if (lay.reserve[i] == card) return "only the top card of the reserve may be moved";
  for (int i = 0; i + 1 < lay.waste_n; ++i)
    if (lay.waste[i] == card) return "only the top card of the waste may be moved";
  return "that card is in the stock: draw to reach it";
}

Status State::apply_play(int l, Seat seat, Card card, const ApplyContext* ctx) {
  Layout& lay = layouts_[l];
  const Where where = find(l, card);
  if (where.kind == Where::kNone) return Status::Error(not_accessible(lay, card));
  if (where.kind == Where::kPile && where.depth != lay.pile_n[where.pile] - 1)
    return Status::Error("only the top card of a pile may go to a foundation");
  const int f = foundation_for(card);
  if (f < 0) {
    const int suit = suit_of(card), rank = nuts_rank(card);
    for (int g = 0; g < foundations_n_; ++g)
      if (foundations_[g].suit == suit && foundations_[g].size >= rank)
        return Status::Error(
            "too late: no foundation takes that card now (another one has just been played "
            "there)");
    return Status::Error(
        "no foundation takes that card: it needs the card one lower of its "
        "suit on top (an ace starts a new one)");
  }
  take(lay, where, 1);
  Foundation& pile = foundations_[f];
  if (f == foundations_n_) {
    pile = Foundation{};
    pile.suit = static_cast<std::int8_t>(suit_of(card));
    ++foundations_n_;
  }
  pile.owner[pile.size++] = static_cast<std::int8_t>(l);
  lay.stuck = false;  // it was not stuck after all: its declaration is withdrawn
  // The foundations changed: every layout's passes and pile moves count afresh.
  for (Layout& other : layouts_) {
    other.idle_draws = 0;
    other.idle_pile_moves = 0;
  }
  std::uint16_t wanted = 0;
  for (int g = 0; g < foundations_n_; ++g)
    if (foundations_[g].suit == pile.suit && foundations_[g].size < kMaxPile)
      wanted |= std::uint16_t(1u << (foundations_[g].size + 1));
  wanted_[pile.suit] = wanted;
  ++lay.played;
  emit(ctx, kEveryone, "{seat} plays {card} to a foundation", [&] {
    return Event{.kind = EventKind::kPlay, .seat = seat, .card = card, .label = "foundation"};
  });
  after_card_move(l, ctx);
  return Status::Ok();
}

Status State::apply_move(int l, Seat seat, Card card, int pile, const ApplyContext* ctx) {
  Layout& lay = layouts_[l];
  const Where where = find(l, card);
  if (where.kind == Where::kNone) return Status::Error(not_accessible(lay, card));
  if (where.kind == Where::kPile && where.pile == pile)
    return Status::Error("that card is already on that pile");
  const Card onto = lay.pile_top(pile);
  if (onto == kNoCard) {
    if (where.kind == Where::kPile && where.depth == 0)
      return Status::Error("moving a whole pile into an empty one changes nothing");
  } else if (!builds_on(card, onto)) {
    return Status::Error(
        lasting_text(card_text(card) + " does not go on " + card_text(onto) +
                     " (a pile is built down in alternating colours: it needs a " +
                     (is_red(onto) ? "black " : "red ") +
                     (nuts_rank(onto) == 1 ? std::string("card below an ace, which there is not")
                                           : std::string(1, "A23456789TJQK"[nuts_rank(onto) - 2])) +
                     ")"));
  }
  int count = 1;
  if (where.kind == Where::kPile) {
    count = lay.pile_n[where.pile] - where.depth;
    for (int i = 0; i < count; ++i) {
      const Card c = lay.tableau[where.pile][where.depth + i];
      lay.tableau[pile][lay.pile_n[pile] + i] = c;
      lay.pile_cards[pile].add(c);
    }
  } else {
    lay.tableau[pile][lay.pile_n[pile]] = card;
    lay.pile_cards[pile].add(card);
  }
  take(lay, where, count);
  lay.pile_n[pile] = static_cast<std::int8_t>(lay.pile_n[pile] + count);
  lay.idle_draws = 0;
  if (where.kind == Where::kPile)
    ++lay.idle_pile_moves;  // a rearrangement: it may uncover something, but gains nothing itself
  else
    lay.idle_pile_moves = 0;  // a card out of the reserve or the waste
  emit(ctx, kEveryone,
       count > 1 ? "{seat} moves {card} and {number} more to {label}"
                 : "{seat} moves {card} to "
                   "{label}",
       [&] {
         return Event{.kind = EventKind::kPlay,
                      .seat = seat,
                      .number = count - 1,
                      .card = card,
                      .label = kPileNames[pile]};
       });
  after_card_move(l, ctx);
  return Status::Ok();
}

void State::after_card_move(int l, const ApplyContext* ctx) {
  const Layout& lay = layouts_[l];
  progress_ = true;
  if (lay.reserve_n == 0 && grace_) {
    // Emptied during the grace: this layout is done too, and the first caller keeps the call.
    done_ = static_cast<std::uint8_t>(done_ | (1u << l));
    emit(ctx, kEveryone, "{seats+:has/have} emptied the reserve too",
         [&] { return Event{.kind = EventKind::kNote, .seats = seats_of(l), .label = "done"}; });
    if (done_ == (1u << layouts()) - 1) end_grace(ctx);
  } else if (lay.reserve_n == 0) {
    emit(ctx, kEveryone, "Nuts! {seats+:has/have} emptied the reserve",
         [&] { return Event{.kind = EventKind::kNote, .seats = seats_of(l), .label = "nuts"}; });
    if (config_.grace_ms > 0)
      start_grace(l, ctx);
    else
      end_hand(HandEnd::kNuts, l, ctx);
  }
}

Status State::apply_stuck(int l, Seat seat, const ApplyContext* ctx) {
  layouts_[l].stuck = true;
  emit(ctx, kEveryone, "{seat} declares stuck",
       [&] { return Event{.kind = EventKind::kNote, .seat = seat, .label = "stuck"}; });
  after_stuck(ctx);
  return Status::Ok();
}

bool State::has_card_move(int l) const {
  MoveList<kMaxMoves> moves;
  legal_moves(config_.partnership() ? 2 * l : l, moves);
  for (Move m : moves)
    if (move_kind(m) == kPlayMove || move_kind(m) == kMoveMove) return true;
  return false;
}

bool State::drawing_may_help(int l) const {
  const Layout& lay = layouts_[l];
  const int n = lay.stock_n + lay.waste_n;
  if (n == 0) return false;
  if (lay.stock_known != (std::uint64_t{1} << lay.stock_n) - 1) return true;
  std::array<Card, kStockSize> cycle{};
  for (int i = 0; i < lay.waste_n; ++i) cycle[i] = lay.waste[i];
  for (int i = 0; i < lay.stock_n; ++i) cycle[lay.waste_n + i] = lay.stock[lay.stock_n - 1 - i];
  auto useful = [&](Card c) {
    if (foundation_takes(c)) return true;
    for (int p = 0; p < kPiles; ++p)
      if (lay.pile_n[p] && builds_on(c, lay.pile_top(p))) return true;
    return false;
  };
  // `at`: the cards drawn from the cycle (the waste is cycle[0, at)); it comes back to where it
  // started within n + 1 draws or turns.
  int at = lay.waste_n;
  for (int step = 0; step <= n + 1; ++step) {
    at = at == n ? 0 : std::min(at + kDraw, n);
    if (at > 0 && useful(cycle[at - 1])) return true;
    if (at == lay.waste_n && step > 0) break;
  }
  return false;
}

void State::stuck_by_engine(const ApplyContext* ctx) {
  bool any = false;
  for (int l = 0; l < layouts(); ++l) {
    Layout& lay = layouts_[l];
    if (lay.stuck) continue;
    const int pass = lay.stock_n + lay.waste_n;
    const char* why = nullptr;
    if (lay.idle_pile_moves >= kIdlePileMoves)
      why =
          "{seats+:has/have} moved cards from pile to pile {amount} times with nothing gained: "
          "stuck";
    else if (pass > 0 && lay.idle_draws >= 2 * pass)
      why = "{seats+:has/have} drawn through the whole stock twice with nothing gained: stuck";
    else if (lay.idle_draws >= pass && !has_card_move(l) && !drawing_may_help(l))
      why = "{seats+:has/have} drawn through the whole stock with nothing to move: stuck";
    if (!why) continue;
    lay.stuck = true;
    any = true;
    emit(ctx, kEveryone, why, [&] {
      return Event{.kind = EventKind::kNote,
                   .amount = kIdlePileMoves,
                   .seats = seats_of(l),
                   .label = "stuck"};
    });
  }
  if (any) after_stuck(ctx);
}

void State::after_stuck(const ApplyContext* ctx) {
  for (int m = 0; m < layouts(); ++m)
    if (!layouts_[m].stuck) return;
  if (rotations_ > 0 && !progress_) {
    emit(ctx, kEveryone, "everyone is stuck again with no card moved since the rotation",
         [&] { return Event{.kind = EventKind::kNote, .label = "stuck"}; });
    end_hand(HandEnd::kStuck, -1, ctx);
  } else {
    rotate(ctx);
    // A layout may be stuck at once: nothing left to draw and nothing to move, or its pile moves
    // used up.
    stuck_by_engine(ctx);
  }
}

void State::rotate(const ApplyContext* ctx) {
  for (int l = 0; l < layouts(); ++l) {
    Layout& lay = layouts_[l];
    // The waste turned over onto the stock: its bottom card becomes the stock's top.
    for (int i = 0; i < lay.waste_n; ++i) {
      lay.stock[lay.stock_n + lay.waste_n - 1 - i] = lay.waste[i];
      lay.stock_known |= std::uint64_t{1} << (lay.stock_n + lay.waste_n - 1 - i);
    }
    lay.stock_n = static_cast<std::int8_t>(lay.stock_n + lay.waste_n);
    lay.waste_n = 0;
    // Then the top card goes to the bottom.
    if (lay.stock_n > 1) {
      const Card top = lay.stock[lay.stock_n - 1];
      const bool known = (lay.stock_known >> (lay.stock_n - 1)) & 1;
      for (int i = lay.stock_n - 1; i > 0; --i) lay.stock[i] = lay.stock[i - 1];
      lay.stock[0] = top;
      const std::uint64_t below = (std::uint64_t{1} << (lay.stock_n - 1)) - 1;
      lay.stock_known = ((lay.stock_known & below) << 1) | (known ? 1 : 0);
    }
    lay.stuck = false;
    lay.idle_draws = 0;
  }
  ++rotations_;
  progress_ = false;
  emit(ctx, kEveryone,
       "everyone is stuck: each waste goes back onto its stock and the top card to the bottom",
       [&] { return Event{.kind = EventKind::kNote, .number = rotations_, .label = "rotate"}; });
}

void State::end_hand(HandEnd how, int nuts_by, const ApplyContext* ctx) {
  const int n = layouts();
  last_ = HandRecord{};
  last_.hand = round_ + 1;
  last_.end = how;
  last_.nuts_by = static_cast<std::int8_t>(nuts_by);
  for (int l = 0; l < n; ++l) {
    const Layout& lay = layouts_[l];
    last_.played[l] = lay.played;
    last_.reserve_left[l] = lay.reserve_n;
    last_.points[l] = lay.played - 2 * lay.reserve_n;
    totals_[l] += last_.points[l];
    last_.totals[l] = totals_[l];
    emit(ctx, kEveryone,
         "{seats+}: {amount} on the foundations, {tricks} left in the reserve: "
         "{points:point/points} (total {total})",
         [&] {
           return Event{.kind = EventKind::kScore,
                        .team = config_.partnership() ? l : -1,
                        .amount = lay.played,
                        .tricks = lay.reserve_n,
                        .points = last_.points[l],
                        .total = totals_[l],
                        .seats = seats_of(l)};
         });
  }
  ++rounds_completed_;
  const int best = *std::max_element(totals_.begin(), totals_.begin() + n);
  const bool last =
      best > config_.target || (config_.max_hands > 0 && rounds_completed_ >= config_.max_hands);
  if (end_round(last, {totals_.data(), static_cast<std::size_t>(n)}, teams_of(config_), num_seats(),
                config_.final_tie == FinalTie::kShare, kMatchEnd, ctx)) {
    over_ = true;
    for (Layout& lay : layouts_) lay.stuck = false;
    return;
  }
  for (int l = 0; l < n; ++l) layouts_[l].played = 0;
  deal(ctx);
}

std::string State::move_text(Move move) const {
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kPlayMove:
      return payload < 52 ? "play " + card_text(static_cast<Card>(payload)) : "?";
    case kMoveMove:
      if ((payload & 0xFF) >= 52 || (payload >> 8) >= kPiles) return "?";
      return "move " + card_text(static_cast<Card>(payload & 0xFF)) + " " +
             kPileNames[payload >> 8];
    case kDrawMove:
      return "draw";
    case kRecycleMove:
      return "recycle";
    case kStuckMove:
      return "stuck";
    case kDoneMove:
      return "done";
    default:
      return "?";
  }
}

std::optional<Move> State::parse_move(Seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  const MoveWords& w = in.words();
  const std::string& verb = in.verb();
  if (w.size() == 1 && (verb == "draw" || verb == "d")) return draw_move();
  if (w.size() == 1 && (verb == "recycle" || verb == "r")) return recycle_move();
  if (w.size() == 1 && verb == "stuck") return stuck_move();
  if (w.size() == 1 && verb == "done") return done_move();
  // "move C T2", "move C 2", "C T2", "C 2"; "play C", "C f".
  int at = verb == "move" || verb == "play" || verb == "m" || verb == "p" ? 1 : 0;
  if (in.empty()) return in.fail("empty move");
  const std::string& card_word = w[at];
  if (card_word.empty())
    return in.fail("'" + verb + "' needs a card, e.g. '" +
                   (verb == "play" || verb == "p" ? "play 5C'" : "move 7D T2'"));
  auto card = parse_card(card_word);
  if (!card || *card >= 52) {
    if (at == 0)
      return in.fail("'" + std::string(text) +
                     "' is not a Nuts move (try 'play 5C', 'move 7D T2', 'draw', 'recycle' or "
                     "'stuck')");
    return in.fail("'" + card_word + "' is not a card");
  }
  const std::string& dest = w[at + 1];
  const bool to_foundation =
      dest.empty() ? (verb == "play" || verb == "p") : (dest == "f" || dest == "foundation");
  if (verb == "play" || verb == "p") {
    if (!to_foundation) return in.fail("'play' takes a card to a foundation: 'play 5C'");
    if (w.size() > at + 2 || (!dest.empty() && w.size() > at + 2))
      return in.fail("too many words: 'play 5C'");
    return play_move(*card);
  }
  if (to_foundation && !dest.empty()) {
    if (w.size() > at + 2) return in.fail("too many words: 'play 5C'");
    return play_move(*card);
  }
  if (dest.empty()) return in.fail("where to? 'move 7D T2' (a pile T1 to T4) or 'play 7D'");
  std::string pile = dest;
  if (pile.size() == 2 && pile[0] == 't') pile = pile.substr(1);
  auto j = parse_number(pile, 1, kPiles);
  if (!j) return in.fail("'" + dest + "' is not a pile: T1 to T4");
  if (w.size() > at + 2) return in.fail("too many words: 'move 7D T2'");
  return move_move(*card, *j - 1);
}

nlohmann::json State::view(Seat seat) const {
  using nlohmann::json;
  const int n = layouts();
  json v = view_envelope(*this, seat, Game::kName);
  v["dealer"] = nullptr;
  v["rounds"] = nullptr;
  v["round_name"] = "hand";
  v["phase"] = over_ ? "over" : grace_ ? "grace" : "play";
  v["target"] = config_.target;
  v["rotations"] = rotations_;
  v["progress_since_rotation"] = progress_;
  if (grace_) {
    json done_list = json::array();
    for (int l = 0; l < n; ++l) done_list.push_back(done(l));
    v["grace"] = {{"nuts_by", nuts_by_},
                  {"deadline_ms", deadline_known_ ? json(deadline_ms_) : json(nullptr)},
                  {"done", done_list}};
  } else {
    v["grace"] = nullptr;
  }
  v["my_layout"] = seat >= 0 && seat < num_seats() ? json(layout_of(seat)) : json(nullptr);
  json layouts = json::array(), notes = json::array(), board = json::array();
  auto pile_json = [](const auto& cards, int count) {
    json out = json::array();
    for (int i = 0; i < count; ++i) out.push_back(card_text(cards[i]));
    return out;
  };
  json founds = json::array(), tops = json::array();
  for (int f = 0; f < foundations_n_; ++f) {
    const Foundation& pile = foundations_[f];
    json cards = json::array(), owners = json::array();
    for (int r = 1; r <= pile.size; ++r) {
      cards.push_back(card_text(card_of(pile.suit, r)));
      owners.push_back(pile.owner[r - 1]);
    }
    founds.push_back({{"suit", suit_json(pile.suit)}, {"cards", cards}, {"owners", owners}});
    tops.push_back(card_text(pile.top()));
  }
  v["foundations"] = founds;
  board.push_back({{"title", "Foundations"}, {"cards", tops}});
  // The viewer's own layout first on the board.
  const int mine = seat >= 0 && seat < num_seats() ? layout_of(seat) : -1;
  for (int l = 0; l < n; ++l) {
    const Layout& lay = layouts_[l];
    json tableau = json::array();
    for (int p = 0; p < kPiles; ++p) tableau.push_back(pile_json(lay.tableau[p], lay.pile_n[p]));
    json seats = json::array();
    for (Seat s : seats_of(l)) seats.push_back(s);
    layouts.push_back({{"seats", seats},
                       {"reserve_top", lay.reserve_n ? json(card_text(lay.reserve_top())) : json()},
                       {"reserve_size", lay.reserve_n},
                       {"tableau", tableau},
                       {"stock_size", lay.stock_n},
                       {"waste", pile_json(lay.waste, lay.waste_n)},
                       {"played", lay.played},
                       {"idle_draws", lay.idle_draws},
                       {"idle_pile_moves", lay.idle_pile_moves},
                       {"stuck", lay.stuck}});
  }
  for (int k = 0; k < n; ++k) {
    const int l = mine < 0 ? k : (mine + k) % n;
    const Layout& lay = layouts_[l];
    const std::string who = layout_name(config_, l) + (l == mine ? " (you)" : "");
    json piles = json::array();
    for (int p = 0; p < kPiles; ++p) piles.push_back(pile_json(lay.tableau[p], lay.pile_n[p]));
    board.push_back({{"title", who + " T1-T4"}, {"piles", piles}});
    json waste = json::array();
    for (int i = std::max(0, lay.waste_n - 3); i < lay.waste_n; ++i)
      waste.push_back(card_text(lay.waste[i]));
    json reserve = json::array();
    if (lay.reserve_n) reserve.push_back(card_text(lay.reserve_top()));
    board.push_back({{"title", "  reserve | waste"},
                     {"piles", json::array({reserve, waste})},
                     {"note", "reserve " + std::to_string(lay.reserve_n) + ", stock " +
                                  std::to_string(lay.stock_n) + (lay.stuck ? ", stuck" : "")}});
  }
  for (Seat s = 0; s < num_seats(); ++s) {
    const Layout& lay = layouts_[layout_of(s)];
    notes.push_back("reserve " + std::to_string(lay.reserve_n) + ", on foundations " +
                    std::to_string(lay.played) + (lay.stuck ? ", stuck" : ""));
  }
  v["layouts"] = layouts;
  v["seat_notes"] = notes;
  v["board"] = board;
  v["board_keys"] = json::array();

  // The table: the foundations in the middle, a pile each (its top card and how many); before
  // each layout's first seat its four tableau piles as rows, its reserve, waste and stock.
  TableLayout t(seat);
  for (int f = 0; f < foundations_n_; ++f)
    t.add_pile("foundation" + std::to_string(f + 1), "Foundation", kNoSeat, foundations_[f].size,
               foundations_[f].top());
  std::string stuck;
  for (int l = 0; l < n; ++l) {
    const Layout& lay = layouts_[l];
    const Seat owner = seats_of(l).lowest();
    const std::string id = "L" + std::to_string(l + 1) + "-";
    for (int p = 0; p < kPiles; ++p)
      t.add(id + "T" + std::to_string(p + 1), ZoneKind::kRow, "T" + std::to_string(p + 1), owner,
            std::span<const Card>(lay.tableau[p].data(), lay.pile_n[p]));
    t.add_pile(id + "reserve", "Reserve", owner, lay.reserve_n, lay.reserve_top());
    t.add_pile(id + "waste", "Waste", owner, lay.waste_n, lay.waste_top());
    t.add_pile(id + "stock", "Stock", owner, lay.stock_n);
    if (lay.stuck) stuck += (stuck.empty() ? "" : ", ") + t.who(owner);
  }
  t.fact("Game to", std::to_string(config_.target) + " points");
  if (!stuck.empty()) t.fact("Stuck", stuck);
  if (over_) {
    t.status(t.game_over(winners()));
  } else if (grace_) {
    t.status(t.Who(seats_of(nuts_by_).lowest()) + " called Nuts: finish the move in hand");
  } else {
    t.status("Everyone plays at once: empty your reserve, then call Nuts");
  }
  std::move(t).write_to(v);
  return v;
}

nlohmann::json State::last_round(Seat) const {
  using nlohmann::json;
  // Everything in a hand's summary is public.
  const int n = layouts();
  json j;
  j["round"] = last_.hand;
  j["dealer"] = nullptr;
  j["ended"] = last_.end == HandEnd::kNuts ? "nuts" : "stuck";
  j["nuts_by"] = last_.nuts_by >= 0 ? json(last_.nuts_by) : json(nullptr);
  json played = json::array(), left = json::array(), points = json::array(), totals = json::array();
  for (int l = 0; l < n; ++l) {
    played.push_back(last_.played[l]);
    left.push_back(last_.reserve_left[l]);
    points.push_back(last_.points[l]);
    totals.push_back(last_.totals[l]);
  }
  // Per layout; "points" per seat (its layout's), and per team with partnerships.
  j["foundation_cards"] = played;
  j["reserve_left"] = left;
  j["layout_points"] = points;
  j["totals"] = totals;
  json seat_points = json::array();
  for (Seat s = 0; s < num_seats(); ++s) seat_points.push_back(last_.points[layout_of(s)]);
  j["points"] = seat_points;
  const char* unit = config_.partnership() ? "teams" : "seats";
  if (config_.partnership()) j["team_points"] = points;
  std::string ended = "stuck";
  if (last_.end == HandEnd::kNuts) ended = "Nuts! " + layout_name(config_, last_.nuts_by);
  j["sheet"] = json::array({{{"title", "ended"}, {"value", ended}},
                            {{"title", "found."}, {unit, played}},
                            {{"title", "reserve"}, {unit, left}}});
  return j;
}

State State::resample(Seat observer, Rng& rng) const {
  (void)observer;  // everyone knows the same: every face-up card, no face-down one
  return resample_world(*this, rng, [&](State& world) {
    for (int l = 0; l < layouts(); ++l) {
      Layout& lay = world.layouts_[l];
      std::array<Card, 52> pool{};
      int k = 0;
      for (int i = 0; i + 1 < lay.reserve_n; ++i) pool[k++] = lay.reserve[i];
      for (int i = 0; i < lay.stock_n; ++i)
        if (!((lay.stock_known >> i) & 1)) pool[k++] = lay.stock[i];
      // In card order first: the world drawn depends only on which cards are hidden, not on
      // where they truly lie (the same view and randomness give the same world).
      std::sort(pool.begin(), pool.begin() + k);
      rng.shuffle(pool.data(), k);
      k = 0;
      for (int i = 0; i + 1 < lay.reserve_n; ++i) lay.reserve[i] = pool[k++];
      for (int i = 0; i < lay.stock_n; ++i)
        if (!((lay.stock_known >> i) & 1)) lay.stock[i] = pool[k++];
    }
  });
}

std::vector<Pile> State::piles() const {
  std::vector<Pile> out;
  for (int l = 0; l < layouts(); ++l) {
    const Layout& lay = layouts_[l];
    const std::string name = layout_name(config_, l);
    Pile top{"reserve top " + name, kEveryone, {}}, below{"reserve " + name, SeatSet(), {}};
    if (lay.reserve_n) top.cards.push_back(lay.reserve_top());
    for (int i = 0; i + 1 < lay.reserve_n; ++i) below.cards.push_back(lay.reserve[i]);
    out.push_back(top);
    out.push_back(below);
    for (int p = 0; p < kPiles; ++p)
      out.push_back(Pile{std::string(kPileNames[p]) + " " + name,
                         kEveryone,
                         {lay.tableau[p].begin(), lay.tableau[p].begin() + lay.pile_n[p]}});
    Pile known{"stock seen " + name, kEveryone, {}}, unseen{"stock " + name, SeatSet(), {}};
    for (int i = 0; i < lay.stock_n; ++i)
      ((lay.stock_known >> i) & 1 ? known : unseen).cards.push_back(lay.stock[i]);
    out.push_back(known);
    out.push_back(unseen);
    out.push_back(
        Pile{"waste " + name, kEveryone, {lay.waste.begin(), lay.waste.begin() + lay.waste_n}});
  }
  Pile found{"foundations", kEveryone, {}};
  for (int f = 0; f < foundations_n_; ++f)
    for (int r = 1; r <= foundations_[f].size; ++r)
      found.cards.push_back(card_of(foundations_[f].suit, r));
  out.push_back(found);
  return out;
}

const char* State::check() const {
  const int n = layouts();
  if (config_.players < 2 || config_.players > kMaxPlayers || !config_.validate().empty())
    return "bad number of players";
  std::array<CardSet, kMaxLayouts> on_found{};
  std::array<int, kMaxLayouts> found_count{};
  if (foundations_n_ < 0 || foundations_n_ > kMaxFoundations) return "bad foundation count";
  for (int f = 0; f < foundations_n_; ++f) {
    const Foundation& pile = foundations_[f];
    if (pile.suit < 0 || pile.suit >= kSuits || pile.size < 1 || pile.size > kMaxPile)
      return "a foundation is malformed";
    for (int r = 1; r <= pile.size; ++r) {
      const int o = pile.owner[r - 1];
      if (o < 0 || o >= n) return "a foundation card has no owner";
      const Card c = card_of(pile.suit, r);
      if (on_found[o].contains(c)) return "a deck's card is on two foundations";
      on_found[o].add(c);
      ++found_count[o];
    }
  }
  for (int suit = 0; suit < kSuits; ++suit) {
    std::uint16_t wanted = 0;
    for (int f = 0; f < foundations_n_; ++f)
      if (foundations_[f].suit == suit && foundations_[f].size < kMaxPile)
        wanted |= std::uint16_t(1u << (foundations_[f].size + 1));
    if (wanted != wanted_[suit]) return "the foundations' wanted ranks are out of date";
  }
  for (int l = 0; l < n; ++l) {
    const Layout& lay = layouts_[l];
    if (lay.reserve_n < 0 || lay.reserve_n > kReserveSize || lay.stock_n < 0 || lay.waste_n < 0 ||
        lay.stock_n + lay.waste_n > kStockSize)
      return "a layout's counts are out of range";
    int total = lay.reserve_n + lay.stock_n + lay.waste_n + found_count[l];
    for (int p = 0; p < kPiles; ++p) {
      if (lay.pile_n[p] < 0 || lay.pile_n[p] > kMaxPile) return "a pile is out of range";
      total += lay.pile_n[p];
      CardSet set;
      for (int i = 0; i < lay.pile_n[p]; ++i) set.add(lay.tableau[p][i]);
      if (set != lay.pile_cards[p]) return "a pile's card set does not match its cards";
      for (int i = 1; i < lay.pile_n[p]; ++i)
        if (!builds_on(lay.tableau[p][i], lay.tableau[p][i - 1]))
          return "a tableau pile is not built down in alternating colours";
    }
    const CardSet cards = lay.cards();
    if (total != 52 || cards.intersects(on_found[l]) || (cards | on_found[l]) != kDeck)
      return "a layout's deck is not whole";
    if (lay.played != found_count[l]) return "foundation count does not match";
    if (lay.stock_known >> lay.stock_n) return "stock knowledge beyond the stock";
    if (!over_ && !grace_ && lay.reserve_n == 0)
      return "an empty reserve must end the hand (or start the grace)";
    if (grace_ && lay.reserve_n == 0 && !done(l)) return "an emptied layout must be done";
  }
  if (grace_ && (over_ || config_.grace_ms <= 0 || nuts_by_ < 0 || nuts_by_ >= n ||
                 layouts_[nuts_by_].reserve_n != 0 || done_ >> n || done_ == (1u << n) - 1))
    return "the grace is malformed";
  if (!grace_ && (done_ || nuts_by_ >= 0 || deadline_known_)) return "grace data outside a grace";
  if (over_ == winners_.empty()) return "winners are set exactly when the match is over";
  return nullptr;
}

std::vector<ObservationField> Game::observation_fields() const {
  // A layout is a seat's, or a pair's where seats play in pairs.
  const std::string layout = teams().count > 0 ? "/layouts/{team}" : "/layouts/{seat}";
  return {
      obs::choice("/phase", {"play", "grace", "over"}, "the phase"),
      obs::number("/round", 25, "the hand in progress"),
      obs::seat("/to_act", "the seats that may move now"),
      obs::number("/scores/{seat}", 100, "each seat's score"),
      obs::cards("/foundations/{all}/cards", "the cards on the foundations (copies counted)"),
      obs::cards(layout + "/reserve_top", "the top of each layout's reserve, this seat's first"),
      obs::number(layout + "/reserve_size", 13, "the cards in each layout's reserve"),
      obs::cards(layout + "/tableau/{4}", "each layout's tableau piles"),
      obs::cards(layout + "/waste", "each layout's waste pile"),
      obs::number(layout + "/stock_size", 39, "the cards in each layout's stock"),
      obs::number(layout + "/stuck", 1, "whether each layout has said it is stuck"),
      obs::number(layout + "/played", 52, "the cards each layout has played to the foundations"),
      obs::number("/rotations", 20, "times the stock was turned over without play"),
      obs::number("/progress_since_rotation", 1, "whether any card was played since"),
  };
}

std::string State::move_label(Move move) const {
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kPlayMove:
      return card_label(static_cast<Card>(payload)) + " to a foundation";
    case kMoveMove:
      return card_label(static_cast<Card>(payload & 0xFF)) + " onto pile " +
             std::to_string((payload >> 8) + 1);
    case kDrawMove:
      return "draw three";
    case kRecycleMove:
      return "turn the waste over";
    case kStuckMove:
      return "stuck";
    case kDoneMove:
      return "done";
    default:
      return move_text(move);
  }
}

}  // namespace cardroom::nuts
