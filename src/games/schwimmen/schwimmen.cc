#include "games/schwimmen/schwimmen.h"

#include <bit>

#include "core/constrained_deal.h"
#include "core/deal_check.h"
#include "core/game_support.h"
#include "core/move_data.h"
#include "core/table_layout.h"

namespace cardroom::schwimmen {

namespace {

// How a hand ended, by Ending: its name in round summaries and its words on the score sheet.
constexpr const char* kEndingNames[] = {nullptr, "knock", "special", "dealt"};
constexpr const char* kEndingWords[] = {"", " knocked", " shows a special hand",
                                        " was dealt a special hand"};
const char* ending_name(Ending e) { return kEndingNames[static_cast<int>(e)]; }

const char* special_name(Special s) {
  return s == Special::kFeuer ? "Feuer" : s == Special::kSchnauz ? "Schnauz" : nullptr;
}

// "21", "30½": a hand value as event text, from a table that lives as long as the program.
const char* value_label(int value2) {
  static const auto table = [] {
    std::array<std::string, 65> t;
    for (int v = 0; v <= 64; ++v) t[v] = value_text(v);
    return t;
  }();
  return value2 >= 0 && value2 <= 64 ? table[value2].c_str() : "?";
}

}  // namespace

namespace {

// The points of the cards of one suit, by their ranks 7..A as 8 bits (bit 0 = 7).
constexpr std::array<std::uint8_t, 256> kSuitPoints = [] {
  std::array<std::uint8_t, 256> t{};
  for (int m = 0; m < 256; ++m)
    for (int r = 0; r < 8; ++r)
      if ((m >> r) & 1) t[m] += static_cast<std::uint8_t>(card_points(make_card(0, kSeven + r)));
  return t;
}();

// The hand's record (State::log_, for round_replay): a card as its index in the 32-card deck.
constexpr int deck_index(Card c) { return suit_of(c) * 8 + rank_of(c) - kSeven; }
constexpr Card deck_card(int i) { return make_card(i / 8, kSeven + i % 8); }
// An entry with this bit holds a board a refresh discarded, its three cards in bits 0..14;
// without it, a decision: its kind << 11, the knock << 10, the board card << 5, the hand card.
constexpr std::uint16_t kBoardEntry = 0x8000;

std::uint16_t board_entry(CardSet board) {
  std::uint16_t e = kBoardEntry;
  int shift = 0;
  for (Card c : board) {
    e = static_cast<std::uint16_t>(e | deck_index(c) << shift);
    shift += 5;
  }
  return e;
}

CardSet entry_board(std::uint16_t e) {
  CardSet board;
  for (int shift = 0; shift < 15; shift += 5) board.add(deck_card((e >> shift) & 31));
  return board;
}

std::uint16_t move_entry(Move move) {
  const std::uint64_t p = move_payload(move);
  int cards = 0;
  if (move_kind(move) == kSwapMove)
    cards =
        deck_index(static_cast<Card>(p & 0xFF)) << 5 | deck_index(static_cast<Card>(p >> 8 & 0xFF));
  return static_cast<std::uint16_t>(move_kind(move) << 11 | ((p & kThenKnock) ? 1 << 10 : 0) |
                                    cards);
}

Move entry_move(std::uint16_t e) {
  const bool knock = e >> 10 & 1;
  switch (e >> 11) {
    case kKeepMove:
      return keep_move();
    case kBoardMove:
      return board_move();
    case kSwapMove:
      return swap_move(deck_card(e & 31), deck_card(e >> 5 & 31), knock);
    case kTakeAllMove:
      return take_all_move(knock);
    case kPassMove:
      return pass_move();
    default:
      return knock_move();
  }
}

}  // namespace

HandValue hand_value(CardSet hand) {
  HandValue v;
  unsigned masks[kSuits], ranks = 0;
  for (int s = 0; s < kSuits; ++s) {
    masks[s] = (hand.bits() >> (s * kRanks + kSeven)) & 0xFF;
    ranks |= masks[s];
  }
  if (std::popcount(ranks) == 1 && hand.size() == kHand) {  // three of a kind
    v.trips_rank = kSeven + std::countr_zero(ranks);
    v.value2 = v.trips_rank == kAce ? 64 : 61;
    v.special = v.trips_rank == kAce ? Special::kFeuer : Special::kNone;
    return v;
  }
  int best = -1;
  for (int s : {kDiamonds, kHearts, kSpades, kClubs}) {  // low to high: the last of equals wins
    const int sum = kSuitPoints[masks[s]];
    if (sum >= best && sum > 0) {
      best = sum;
      v.suit = s;
    }
  }
  v.value2 = 2 * best;
  if (best == 31) v.special = Special::kSchnauz;
  return v;
}

std::string value_text(int value2) { return std::to_string(value2 / 2) + (value2 % 2 ? "½" : ""); }

// ---------------------------------------------------------------------------------------------
// Options

const ConfigOptions<Config>& Config::options() {
  static const auto options =
      ConfigOptions<Config>()
          .add(OptionSpec::players(4, kMinPlayers, kMaxPlayers), &Config::players)
          .add(OptionSpec::integer("chips", 3, 1, 20,
                                   "chips each player starts with (a player at 0 is swimming; "
                                   "the next loss eliminates)"),
               &Config::chips)
          .add(OptionSpec::choice("close", {"alone", "after_exchange"},
                                  "SCHW-A1: alone = closing (knocking) is the whole turn (ruling); "
                                  "after_exchange = a player may also exchange and then close"),
               &Config::close);
  return options;
}

// ---------------------------------------------------------------------------------------------
// Game

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s(config_, seed);
  s.choose_and_announce_first_dealer(first_dealer, config_.players, "{seat} deals first",
                                     "{seat} deals first (chosen at random)", ctx);
  s.chips_.fill(0);
  for (Seat p = 0; p < config_.players; ++p) s.chips_[p] = static_cast<std::int8_t>(config_.chips);
  for (Seat p = config_.players; p < kMaxPlayers; ++p) s.chips_[p] = -1;
  s.deal_hand(ctx);
  return s;
}

std::string Game::validate_deal(const Deal& deal) const {
  DealCheck check(deal, kDeck, "not in the 32-card deck");
  if (deal.hands.empty()) {  // a stock refilled from the discards (SCHW-A8)
    if (deal.pack.size() < 3 || deal.pack.size() > kDeckSize - 2 * kHand - 3)
      return "a refilled stock has 3 to 23 cards (got " + std::to_string(deal.pack.size()) + ")";
    if (!deal.piles.empty()) return "Schwimmen deals have no piles";
    return check.cards();
  }
  if (std::string why = check.seats(config_.players); !why.empty()) return why;
  int in_game = 0;
  for (std::size_t s = 0; s < deal.hands.size(); ++s) {
    const std::size_t n = deal.hands[s].size();
    if (n != 0 && n != kHand)
      return "hand of S" + std::to_string(s) + " has " + std::to_string(n) +
             " cards (needs 3, or none for a seat out of the game)";
    in_game += n == kHand;
  }
  if (in_game < 2) return "at least 2 seats must be dealt hands";
  const std::size_t rest = kDeckSize - kHand * in_game;
  if (deal.pack.size() != rest)
    return "the pack must hold the other " + std::to_string(rest) +
           " cards: the 3 board cards, then the stock (got " + std::to_string(deal.pack.size()) +
           ")";
  if (!deal.piles.empty()) return "Schwimmen deals have no piles";
  return check.cards();
}

// ---------------------------------------------------------------------------------------------
// State: the deal

int State::active_count() const {
  int n = 0;
  for (Seat s = 0; s < config_.players; ++s) n += active(s);
  return n;
}

Seat State::next_active(Seat seat) const {
  const int n = config_.players;
  for (int k = 1; k <= n; ++k) {
    const Seat s = (seat + k) % n;
    if (chips_[s] >= 0) return s;
  }
  return seat;
}

CardSet State::stock() const {
  CardSet out;
  for (int i = stock_pos_; i < stock_end_; ++i) out.add(stock_[i]);
  return out;
}

void State::deal_hand(const ApplyContext* ctx) {
  const int n = config_.players;
  SeatSet playing;
  for (Seat s = 0; s < n; ++s)
    if (active(s)) playing.add(s);
  const Deal* deal = explicit_deal(ctx, deals_);
  if (deal) {  // usable when its hands are those of the seats in the game
    bool fits = !deal->hands.empty() && static_cast<int>(deal->hands.size()) == n;
    for (Seat s = 0; fits && s < n; ++s)
      fits = deal->hands[s].size() == (playing.contains(s) ? std::size_t{kHand} : 0);
    if (!fits) {
      emit(ctx, kEveryone,
           "explicit deal {number} does not fit this hand's seats: not used, the cards are "
           "shuffled",
           [&] { return Event{.kind = EventKind::kNote, .number = deals_ + 1}; });
      deal = nullptr;
    }
  }
  std::array<Card, kDeckSize> order{};
  if (deal) {
    int k = 0;
    for (Seat s = 0; s < n; ++s)
      for (Card c : deal->hands[s]) order[k++] = c;
    for (Card c : deal->pack) order[k++] = c;
  } else {
    int k = 0;
    for (Card c : kDeck) order[k++] = c;
    rng_.shuffle(order.data(), kDeckSize);
    // Dealt one at a time from the dealer's left: which card goes where is all the shuffle's.
  }
  int k = 0;
  for (Seat s = 0; s < kMaxPlayers; ++s) hands_[s] = CardSet();
  for (Seat s = 0; s < n; ++s)
    if (playing.contains(s))
      for (int i = 0; i < kHand; ++i) hands_[s].add(order[k++]);
  board_ = CardSet();
  for (int i = 0; i < 3; ++i) board_.add(order[k++]);
  stock_pos_ = 0;
  stock_end_ = 0;
  while (k < kDeckSize) stock_[stock_end_++] = order[k++];
  discards_ = seen_ = CardSet();
  board_up_ = took_board_ = false;
  closer_ = -1;
  final_left_ = passes_ = refreshes_ = 0;
  log_n_ = 0;
  log_seen_ = CardSet();
  ++deals_;
  report_deal(ctx, [&] {
    Deal d;
    for (Seat s = 0; s < n; ++s) d.hands.push_back(card_vector(hands_[s]));
    d.pack = card_vector(board_);
    for (int i = stock_pos_; i < stock_end_; ++i) d.pack.push_back(stock_[i]);
    return d;
  });
  static constexpr const char* kAnnounce =
      "hand {number}: {seat} deals 3 cards each and 3 face down to the board";
  announce_round(ctx, kAnnounce, kAnnounce, 0, kHand);
  for (Seat s : playing) emit_hand(ctx, s, hands_[s]);
  // SCHW-A3: a Schnauz or Feuer dealt to anyone (the dealer too) is shown at once.
  SeatSet special;
  for (Seat s : playing)
    if (special_of(hands_[s]) != Special::kNone) special.add(s);
  if (!special.empty()) {
    for (Seat s : special) reveal_special(s, ctx);
    end_hand(Ending::kDealt, special.lowest(), ctx);
    return;
  }
  phase_ = Phase::kChoose;
  to_act_ = dealer_;
}

// The stock refilled from the discards (SCHW-A8), shuffled: a deal of its own.
void State::restock(const ApplyContext* ctx) {
  CardSet pool = stock() | discards_;
  std::array<Card, kDeckSize> order{};
  int n = 0;
  const Deal* deal = explicit_deal(ctx, deals_);
  if (deal) {
    CardSet given;
    for (Card c : deal->pack) given.add(c);
    if (!deal->hands.empty() || given != pool ||
        static_cast<int>(deal->pack.size()) != pool.size()) {
      emit(ctx, kEveryone,
           "explicit deal {number} is not this stock and its discards: not used, the cards are "
           "shuffled",
           [&] { return Event{.kind = EventKind::kNote, .number = deals_ + 1}; });
      deal = nullptr;
    }
  }
  if (deal) {
    for (Card c : deal->pack) order[n++] = c;
  } else {
    for (Card c : pool) order[n++] = c;
    rng_.shuffle(order.data(), n);
  }
  stock_pos_ = 0;
  stock_end_ = static_cast<std::uint8_t>(n);
  for (int i = 0; i < n; ++i) stock_[i] = order[i];
  discards_ = CardSet();
  ++deals_;
  report_deal(ctx, [&] {
    Deal d;
    d.pack.assign(stock_.begin(), stock_.begin() + n);
    return d;
  });
  emit(ctx, kEveryone,
       "the stock is short: the discarded boards are shuffled into it ({amount} cards)",
       [&] { return Event{.kind = EventKind::kNote, .amount = n}; });
}

// A full orbit of passes: the dealer discards the board and turns 3 new cards from the stock.
void State::refresh_board(const ApplyContext* ctx) {
  const CardSet old = board_;
  const bool refill = stock_size() < 3;
  if (refill) restock(ctx);
  discards_ |= old;
  board_ = CardSet();
  for (int i = 0; i < 3; ++i) board_.add(stock_[stock_pos_++]);
  seen_ |= board_;
  passes_ = 0;
  ++refreshes_;
  if (refill) {  // the record starts again here (round_replay)
    log_n_ = 0;
    log_seen_ = seen_;
  }
  log_entry(board_entry(old));
  emit(ctx, kEveryone, "everyone passed: {seat} discards the board and turns {cards}", [&] {
    return Event{.kind = EventKind::kTurnUp,
                 .seat = dealer_,
                 .cards = card_vector(board_),
                 .label = "board"};
  });
}

bool State::reveal_special(Seat seat, const ApplyContext* ctx) {
  const Special sp = special_of(hands_[seat]);
  if (sp == Special::kNone) return false;
  emit(ctx, kEveryone, "{seat} shows {label}: {cards}", [&] {
    return Event{.kind = EventKind::kHand,
                 .seat = seat,
                 .cards = card_vector(hands_[seat]),
                 .label = special_name(sp)};
  });
  return true;
}

void State::next_turn(Seat after, const ApplyContext* ctx) {
  if (closer_ >= 0) {
    if (final_left_ == 0) {
      end_hand(Ending::kKnock, closer_, ctx);
      return;
    }
    --final_left_;
  }
  to_act_ = next_active(after);
  (void)ctx;
}

// The showdown: every hand is shown and the lowest loses a chip (RULINGS 5.1 rules 10-12).
void State::end_hand(Ending how, Seat by, const ApplyContext* ctx) {
  const int n = config_.players;
  SeatSet playing;
  for (Seat s = 0; s < n; ++s)
    if (active(s)) playing.add(s);
  last_ = RoundRecord{};
  last_.round = round_ + 1;
  last_.dealer = dealer_;
  last_.ending = how;
  last_.ended_by = static_cast<std::int8_t>(by);
  last_.dealer_took_board = took_board_;
  last_.refreshes = refreshes_;
  last_.board = board_up_ ? board_ : CardSet();
  last_.played = playing;
  last_.hands = hands_;
  std::array<HandValue, kMaxPlayers> values{};
  Seat feuer = kNoSeat;
  int lowest = 1 << 20;
  for (Seat s : playing) {
    values[s] = hand_value(hands_[s]);
    if (values[s].special == Special::kFeuer) feuer = s;
    lowest = std::min(lowest, values[s].key());
  }
  for (Seat s : playing)
    emit(ctx, kEveryone, "{seat} shows {cards}: {label}", [&] {
      return Event{.kind = EventKind::kHand,
                   .seat = s,
                   .amount = values[s].value2,
                   .cards = card_vector(hands_[s]),
                   .label = value_label(values[s].value2)};
    });
  SeatSet losers;
  for (Seat s : playing)
    if (feuer != kNoSeat ? s != feuer : values[s].key() == lowest) losers.add(s);
  // A tie for the lowest value, said in words: who shares it, and how it was settled (SCHW-A5).
  if (feuer == kNoSeat) {
    const HandValue& low = values[losers.lowest()];
    SeatSet same;
    for (Seat s : playing)
      if (values[s].value2 == low.value2) same.add(s);
    if (same.size() > 1) {
      // Suited hands tie in points (half points only for three of a kind, which never tie).
      const Event base{.kind = EventKind::kNote, .amount = low.value2 / 2, .seats = same};
      if (losers.size() > 1)
        emit(ctx, kEveryone,
             "{seats/} tie for the lowest hand, {amount} in the same suit: each loses a chip",
             [&] { return base; });
      else if (low.trips_rank >= 0)
        emit(ctx, kEveryone, "{seats/} each hold three of a kind: the lower rank loses, {seat}'s",
             [&] {
               Event e = base;
               e.seat = losers.lowest();
               return e;
             });
      else
        emit(
            ctx, kEveryone,
            "{seats/} tie at {amount}; of equal hands the lower suit loses (clubs, spades, hearts, "
            "diamonds): {seat}, in {suit}",
            [&] {
              Event e = base;
              e.seat = losers.lowest();
              e.suit = low.suit;
              return e;
            });
    }
  }
  bool all_out = true;
  for (Seat s : playing) all_out &= losers.contains(s) && chips_[s] == 0;
  if (all_out) {
    last_.replayed = true;
    emit(ctx, kEveryone,
         "{seats} would all be eliminated: no chip changes hands and the hand is played again",
         [&] { return Event{.kind = EventKind::kNote, .seats = losers}; });
  } else {
    for (Seat s : losers) {
      --chips_[s];
      emit(ctx, kEveryone,
           chips_[s] > 0    ? "{seat} loses a chip ({amount} left)"
           : chips_[s] == 0 ? "{seat} loses a chip and is swimming"
                            : "{seat} loses while swimming and is out",
           [&] {
             return Event{.kind = EventKind::kScore,
                          .seat = s,
                          .amount = std::max<int>(chips_[s], 0),
                          .points = -1,
                          .total = chips_[s]};
           });
    }
    last_.losers = losers;
  }
  last_.chips = chips_;
  ++rounds_completed_;
  if (active_count() <= 1) {
    phase_ = Phase::kOver;
    winners_ = SeatSet();
    for (Seat s = 0; s < n; ++s)
      if (active(s)) winners_.add(s);
    emit(ctx, kEveryone, "{seats} wins the game",
         [&] { return Event{.kind = EventKind::kGameOver, .seats = winners_}; });
    return;
  }
  phase_ = Phase::kShowdown;
  // The deal passes to the next seat in the game on the left; a replayed hand keeps its dealer.
  ++round_;
  if (!all_out) dealer_ = static_cast<std::int8_t>(next_active(dealer_));
  to_act_ = dealer_;
}

// ---------------------------------------------------------------------------------------------
// State: moves

SeatSet State::actors() const { return one_actor(over(), to_act_); }

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (over() || seat != to_act_) return;
  switch (phase_) {
    case Phase::kChoose:
      out.push(keep_move());
      out.push(board_move());
      return;
    case Phase::kShowdown:
      out.push(deal_move());
      return;
    case Phase::kPlay: {
      const bool may_knock = closer_ < 0;
      const bool knock_too = may_knock && config_.close == Close::kAfterExchange;
      for (Card h : hands_[seat])
        for (Card b : board_) out.push(swap_move(h, b));
      if (knock_too)
        for (Card h : hands_[seat])
          for (Card b : board_) out.push(swap_move(h, b, true));
      out.push(take_all_move());
      if (knock_too) out.push(take_all_move(true));
      out.push(pass_move());
      if (may_knock) out.push(knock_move());
      return;
    }
    case Phase::kOver:
      return;
  }
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (Status st = refuse_when_closed(over(), seat, config_.players); !st.ok()) return st;
  if (seat != to_act_) return Status::Error(kNotYourTurn);
  const std::uint64_t payload = move_payload(move);
  const int kind = move_kind(move);
  const bool bare = payload == 0;
  switch (phase_) {
    case Phase::kChoose:
      if ((kind == kKeepMove || kind == kBoardMove) && bare) {
        log_entry(move_entry(move));
        return apply_choice(seat, kind == kBoardMove, ctx);
      }
      if (kind >= kSwapMove && kind <= kDealMove)
        return Status::Error("the dealer first chooses: 'keep' the hand or take the 'board'");
      return Status::Error("not a Schwimmen move");
    case Phase::kShowdown:
      if (kind == kDealMove && bare) {
        deal_hand(ctx);
        return Status::Ok();
      }
      if (kind >= kKeepMove && kind < kDealMove)
        return Status::Error("the hand is over: the dealer deals the next one ('deal')");
      return Status::Error("not a Schwimmen move");
    case Phase::kPlay:
      switch (kind) {
        case kSwapMove:
        case kTakeAllMove: {
          const Status st = apply_exchange(seat, move, ctx);
          if (st.ok()) log_entry(move_entry(move));
          return st;
        }
        case kPassMove:
          if (!bare) break;
          log_entry(move_entry(move));  // before the board entry of the refresh it may cause
          return apply_pass(seat, ctx);
        case kKnockMove: {
          if (!bare) break;
          const Status st = apply_knock(seat, ctx);
          if (st.ok()) log_entry(move_entry(move));
          return st;
        }
        case kKeepMove:
        case kBoardMove:
          if (!bare) break;
          return Status::Error("only the dealer chooses, before the first turn");
        case kDealMove:
          if (!bare) break;
          return Status::Error("the hand is still being played");
        default:
          break;
      }
      return Status::Error("not a Schwimmen move");
    case Phase::kOver:
      break;
  }
  return Status::Error("the game is over");
}

void State::log_entry(std::uint16_t entry) {
  if (log_n_ == kLogFull) return;
  if (log_n_ == kMaxLog) {
    log_n_ = kLogFull;
    return;
  }
  log_[log_n_++] = entry;
}

std::optional<RoundReplay<State>> State::round_replay() const {
  if ((phase_ != Phase::kChoose && phase_ != Phase::kPlay) || log_n_ == kLogFull)
    return std::nullopt;
  const int n = config_.players;
  const auto previous_active = [&](Seat seat) {
    for (int k = 1; k <= n; ++k) {
      const Seat p = (seat + n - k) % n;
      if (chips_[p] >= 0) return p;
    }
    return seat;
  };
  // Undone from the last decision back: the players move in turn from the dealer, so the seat
  // of each is the one in the game before the next one's.
  State s = *this;
  const bool refilled = log_n_ > 0 && (log_[0] & kBoardEntry);
  const int first = refilled ? 1 : 0;
  Seat seat = to_act_;
  for (int i = log_n_ - 1; i >= first; --i) {
    const std::uint16_t e = log_[i];
    if (e & kBoardEntry) {  // a refresh: its board back on top of the stock, the old one back
      s.stock_pos_ = static_cast<std::uint8_t>(s.stock_pos_ - 3);
      s.board_ = entry_board(e);
      s.discards_ -= s.board_;
      --s.refreshes_;
      continue;
    }
    seat = previous_active(seat);
    const Move m = entry_move(e);
    const int kind = move_kind(m);
    if (kind == kPassMove || kind == kKnockMove) continue;
    // A hand left a Schnauz or Feuer by the choice or an exchange would have ended the hand.
    if (special_of(s.hands_[seat]) != Special::kNone) return std::nullopt;
    if (kind == kBoardMove || kind == kTakeAllMove) {
      std::swap(s.hands_[seat], s.board_);
    } else if (kind == kSwapMove) {
      const CardSet given = CardSet::of(deck_card(e & 31)),
                    taken = CardSet::of(deck_card(e >> 5 & 31));
      s.hands_[seat] = (s.hands_[seat] - taken) | given;
      s.board_ = (s.board_ - given) | taken;
    }
  }
  s.to_act_ = static_cast<std::int8_t>(seat);
  s.closer_ = -1;
  s.final_left_ = s.passes_ = 0;
  if (refilled) {
    s.phase_ = Phase::kPlay;
    s.seen_ = log_seen_;
    s.log_n_ = 1;
  } else {
    s.phase_ = Phase::kChoose;
    s.board_up_ = s.took_board_ = false;
    s.seen_ = CardSet();
    s.log_n_ = 0;
  }
  RoundReplay<State> r{s, {}};
  for (int i = first; i < log_n_; ++i) {
    if (log_[i] & kBoardEntry) continue;
    r.moves.emplace_back(seat, entry_move(log_[i]));
    seat = next_active(seat);
  }
  return r;
}

Status State::apply_choice(Seat seat, bool take_board, const ApplyContext* ctx) {
  if (take_board) {
    std::swap(hands_[seat], board_);
    took_board_ = true;
  }
  board_up_ = true;
  seen_ |= board_;
  emit(ctx, kEveryone,
       take_board ? "{seat} takes the board and lays the old hand face up: {cards}"
                  : "{seat} keeps the hand; the board turns face up: {cards}",
       [&] {
         return Event{.kind = EventKind::kTurnUp,
                      .seat = seat,
                      .cards = card_vector(board_),
                      .label = take_board ? "board" : "keep"};
       });
  if (take_board) emit_hand(ctx, seat, hands_[seat]);
  phase_ = Phase::kPlay;
  passes_ = 0;
  if (reveal_special(seat, ctx)) {  // SCHW-A3: the dealer's new hand
    end_hand(Ending::kSpecial, seat, ctx);
    return Status::Ok();
  }
  to_act_ = next_active(dealer_);
  return Status::Ok();
}

Status State::apply_exchange(Seat seat, Move move, const ApplyContext* ctx) {
  const std::uint64_t payload = move_payload(move);
  const bool knock = payload & kThenKnock;
  if (knock && config_.close != Close::kAfterExchange)
    return Status::Error("closing is the whole turn: knock without exchanging (close=alone)");
  if (knock && closer_ >= 0) return Status::Error("the hand is already closed");
  CardSet give, take;
  if (move_kind(move) == kSwapMove) {
    if ((payload & ~(kThenKnock | 0xFFFF)) != 0) return Status::Error("not a Schwimmen move");
    const Card h = static_cast<Card>(payload >> 8), b = static_cast<Card>(payload & 0xFF);
    if (h >= 52 || !hands_[seat].contains(h))
      return Status::Error(h < 52 && kDeck.contains(h)
                               ? lasting_text("you do not hold " + card_text(h))
                               : "you do not hold that card");
    if (b >= 52 || !board_.contains(b))
      return Status::Error(b < 52 && kDeck.contains(b)
                               ? lasting_text(card_text(b) + " is not on the board")
                               : "that card is not on the board");
    give = CardSet::of(h);
    take = CardSet::of(b);
  } else {
    if ((payload & ~kThenKnock) != 0) return Status::Error("not a Schwimmen move");
    give = hands_[seat];
    take = board_;
  }
  hands_[seat] = (hands_[seat] - give) | take;
  board_ = (board_ - take) | give;
  seen_ |= give;
  passes_ = 0;
  emit(ctx, kEveryone,
       move_kind(move) == kSwapMove
           ? "{seat} swaps {cards.0} for {cards.1}"
           : "{seat} takes all three, {cards.3} {cards.4} {cards.5}, for {cards.0} {cards.1} "
             "{cards.2}",
       [&] {
         Event e{.kind = EventKind::kExchange, .seat = seat, .label = "swap"};
         for (Card c : give) e.cards.push_back(c);
         for (Card c : take) e.cards.push_back(c);
         if (move_kind(move) != kSwapMove) e.label = "take all";
         return e;
       });
  // After any exchange a Schnauz or Feuer ends the hand at once (rule 6).
  if (reveal_special(seat, ctx)) {
    end_hand(Ending::kSpecial, seat, ctx);
    return Status::Ok();
  }
  if (knock) return apply_knock(seat, ctx);
  next_turn(seat, ctx);
  return Status::Ok();
}

Status State::apply_pass(Seat seat, const ApplyContext* ctx) {
  emit(ctx, kEveryone, "{seat} passes",
       [&] { return Event{.kind = EventKind::kBid, .seat = seat, .label = "pass"}; });
  if (closer_ < 0 && ++passes_ >= active_count()) refresh_board(ctx);  // SCHW-A9
  next_turn(seat, ctx);
  return Status::Ok();
}

Status State::apply_knock(Seat seat, const ApplyContext* ctx) {
  if (closer_ >= 0) return Status::Error("the hand is already closed: swap, take all or pass");
  closer_ = static_cast<std::int8_t>(seat);
  final_left_ = static_cast<std::int8_t>(active_count() - 1);
  emit(ctx, kEveryone, "{seat} knocks: everyone else has one more turn",
       [&] { return Event{.kind = EventKind::kBid, .seat = seat, .label = "knock"}; });
  next_turn(seat, ctx);
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// State: text, views, resampling

std::string State::move_text(Move move) const {
  const std::uint64_t p = move_payload(move);
  const std::string knock = (p & kThenKnock) ? " knock" : "";
  switch (move_kind(move)) {
    case kKeepMove:
      return "keep";
    case kBoardMove:
      return "board";
    case kSwapMove:
      return "swap " + card_text(static_cast<Card>((p >> 8) & 0xFF)) + " " +
             card_text(static_cast<Card>(p & 0xFF)) + knock;
    case kTakeAllMove:
      return "take all" + knock;
    case kPassMove:
      return "pass";
    case kKnockMove:
      return "knock";
    case kDealMove:
      return "deal";
    default:
      return "?";
  }
}

std::optional<Move> State::parse_move(Seat seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  const MoveWords& w = in.words();
  if (in.empty()) return in.fail("empty move");
  const std::string joined = in.joined();
  if (joined == "keep") return keep_move();
  if (joined == "board" || joined == "take board") return board_move();
  if (joined == "pass") return pass_move();
  if (joined == "knock" || joined == "close") return knock_move();
  if (joined == "deal") return deal_move();
  const bool knock = w.size() >= 2 && (w[w.size() - 1] == "knock" || w[w.size() - 1] == "close");
  const int args = w.size() - (knock ? 1 : 0);  // words before a trailing "knock"
  if (w.verb() == "take" || w.verb() == "all") {
    if ((w.verb() == "take" && args == 2 && w[1] == "all") || (w.verb() == "all" && args == 1))
      return take_all_move(knock);
    return in.fail("'take all' swaps all three cards with the board (add 'knock' to close too)");
  }
  if (w.verb() == "swap") {
    if (args == 1)
      return in.fail("'swap' needs a card of your hand and a card of the board, e.g. 'swap 7D KH'");
    std::array<Card, 6> cards{};
    int n = 0;
    for (int i = 1; i < args; ++i) {
      auto c = parse_card(w[i]);
      if (!c || !kDeck.contains(*c))
        return in.fail("'" + w[i] + "' is not a card of the 32-card deck (7 to A)");
      if (n < 6) cards[n] = *c;
      ++n;
    }
    if (n == 4)
      return in.fail("swapping exactly two cards is not allowed: swap one card, or 'take all'");
    if (n == 6) return take_all_move(knock);  // "swap" with the whole hand and the whole board
    if (n != 2)
      return in.fail("'swap' takes one card of your hand and one of the board, e.g. 'swap 7D KH'");
    // Either order: the card held is the one given.
    if (seat >= 0 && seat < config_.players && !hands_[seat].contains(cards[0]) &&
        hands_[seat].contains(cards[1]))
      std::swap(cards[0], cards[1]);
    return swap_move(cards[0], cards[1], knock);
  }
  return in.fail("'" + std::string(text) +
                 "' is not a Schwimmen move (try 'swap C B', 'take all', 'pass', 'knock', "
                 "'keep', 'board' or 'deal')");
}

nlohmann::json State::hand_json(Seat viewer) const {
  const int n = config_.players;
  const bool shown = phase_ == Phase::kShowdown || phase_ == Phase::kOver;
  nlohmann::json hands = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    if (!active(s) && !(shown && last_.played.contains(s))) {
      hands.push_back(nlohmann::json(nullptr));
    } else if (shown || s == viewer) {
      hands.push_back(cards_json(hands_[s]));
    } else {
      hands.push_back(nlohmann::json(nullptr));
    }
  }
  return hands;
}

nlohmann::json State::view(Seat seat) const {
  const int n = config_.players;
  const bool player = seat >= 0 && seat < n;
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["rounds"] = nullptr;
  v["round_name"] = "hand";
  v["initial_score"] = config_.chips;  // score sheets count chips down from here
  static constexpr const char* kPhases[] = {"choose", "play", "showdown", "over"};
  v["phase"] = kPhases[static_cast<int>(phase_)];
  const bool shown = phase_ == Phase::kShowdown || phase_ == Phase::kOver;
  if (player) {
    v["hand"] = cards_json(hands_[seat]);
    v["hand_value"] = hands_[seat].size() == kHand
                          ? nlohmann::json(value_text(hand_value(hands_[seat]).value2))
                          : nlohmann::json(nullptr);
  }
  v["board"] = board_up_ ? cards_json(board_) : nlohmann::json(nullptr);
  v["stock"] = stock_size();
  v["discards"] = cards_json(discards_);
  nlohmann::json sizes = nlohmann::json::array(), status = nlohmann::json::array(),
                 known = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    sizes.push_back(hands_[s].size());
    status.push_back(chips_[s] < 0 ? "out" : chips_[s] == 0 ? "swimming" : "in");
    known.push_back(cards_json(hands_[s] & seen_));
  }
  v["hand_sizes"] = sizes;
  v["seat_status"] = status;  // "in", "swimming", "out"
  nlohmann::json out_seats = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s)
    if (chips_[s] < 0) out_seats.push_back(s);
  v["out"] = out_seats;  // the envelope's seats out of the game
  v["known"] = known;    // cards each hand is known to hold: taken from the face-up board
  v["closer"] = closer_ >= 0 ? nlohmann::json(closer_) : nlohmann::json(nullptr);
  v["final_turns"] = closer_ >= 0 && phase_ == Phase::kPlay ? nlohmann::json(final_left_ + 1)
                                                            : nlohmann::json(nullptr);
  v["passes"] = passes_;
  v["refreshes"] = refreshes_;
  if (shown) v["hands"] = hand_json(seat);

  // The table: the board in the middle (face down until the dealer chose), the stock, and before
  // each seat the cards it is known to hold, or its whole hand at the showdown.
  TableLayout t(seat);
  if (board_up_) {
    t.add("board", ZoneKind::kBoard, "Board", kNoSeat, board_);
  } else if (!board_.empty()) {
    nlohmann::json& z = t.add("board", ZoneKind::kBoard, "Board (face down)", kNoSeat, CardSet());
    z["count"] = board_.size();
  }
  t.add_pile("stock", "Stock", kNoSeat, stock_size());
  for (Seat s = 0; s < n; ++s) {
    if (!active(s) && !(shown && last_.played.contains(s))) continue;
    if (shown) {
      t.add("hand" + std::to_string(s), ZoneKind::kFan,
            "Hand, " + value_text(hand_value(hands_[s]).value2), s, hands_[s]);
    } else if (s != seat && !(hands_[s] & seen_).empty()) {
      nlohmann::json& z =
          t.add("known" + std::to_string(s), ZoneKind::kFan, "Known to hold", s, hands_[s] & seen_);
      z["count"] = hands_[s].size();
    }
  }
  if (player && hands_[seat].size() == kHand)
    t.fact("Your hand counts", value_text(hand_value(hands_[seat]).value2));
  std::string swimming, out;
  for (Seat s = 0; s < n; ++s) {
    if (chips_[s] == 0) swimming += (swimming.empty() ? "" : ", ") + t.who(s);
    if (chips_[s] < 0) out += (out.empty() ? "" : ", ") + t.who(s);
  }
  if (!swimming.empty()) t.fact("Swimming", swimming);
  if (!out.empty()) t.fact("Out", out);
  if (closer_ >= 0 && phase_ == Phase::kPlay)
    t.fact("Knocked", t.who(closer_) + "; " + std::to_string(final_left_ + 1) +
                          (final_left_ == 0 ? " turn" : " turns") + " left");
  switch (phase_) {
    case Phase::kChoose:
      t.status(t.turn(actors(), "keep the hand or take the board, unseen"));
      break;
    case Phase::kPlay:
      t.status(t.turn(actors(), closer_ >= 0 ? "swap or pass, one last time"
                                             : "swap one, take all, pass or knock"));
      break;
    case Phase::kShowdown:
      t.status("Showdown: the hands are shown");
      break;
    case Phase::kOver: {
      t.status(t.game_over(winners()));
      break;
    }
  }
  std::move(t).write_to(v);
  return v;
}

State State::resample(Seat observer, Rng& rng) const {
  return resample_world(*this, rng, [&](State& world) {
    const int n = config_.players;
    // Hidden: every other hand (until the showdown shows them), the stock, and the board while it
    // lies face down. Cards that lay face up on the board stay where everyone saw them go.
    std::array<HiddenPlace, kMaxPlayers + 2> places{};
    int count = 0;
    const bool shown = phase_ == Phase::kShowdown;
    if (!shown)
      for (Seat s = 0; s < n; ++s)
        if (s != observer && active(s))
          places[count++] = HiddenPlace{&world.hands_[s], hands_[s] & seen_};
    CardSet stock_cards = stock();
    CardSet* stock_place = &stock_cards;
    places[count++] = HiddenPlace{stock_place, stock_cards & seen_};
    if (!board_up_) places[count++] = HiddenPlace{&world.board_, CardSet()};
    [[maybe_unused]] const bool ok =
        redeal_hidden({places.data(), static_cast<std::size_t>(count)}, rng);
    CARDROOM_ASSERT(ok, "resample found no deal consistent with the state");
    // The stock's order is unknown too.
    std::array<Card, kDeckSize> order{};
    int k = 0;
    for (Card c : stock_cards) order[k++] = c;
    rng.shuffle(order.data(), k);
    // In place: the cards before stock_pos_ are the boards turned this hand (round_replay).
    for (int i = 0; i < k; ++i) world.stock_[stock_pos_ + i] = order[i];
  });
}

nlohmann::json State::last_round(Seat) const {
  // Everything of a finished hand is shown at its showdown; a board that never turned stays hidden.
  const int n = config_.players;
  const RoundRecord& r = last_;
  nlohmann::json j;
  j["round"] = r.round;
  j["dealer"] = r.dealer;
  const char* how = ending_name(r.ending);
  j["ending"] = how ? nlohmann::json(how) : nlohmann::json(nullptr);
  j["ended_by"] = r.ended_by >= 0 ? nlohmann::json(r.ended_by) : nlohmann::json(nullptr);
  j["dealer_took_board"] = r.dealer_took_board;
  j["refreshes"] = r.refreshes;
  j["replayed"] = r.replayed;
  j["board"] = r.board.empty() ? nlohmann::json(nullptr) : cards_json(r.board);
  nlohmann::json hands = nlohmann::json::array(), values = nlohmann::json::array(),
                 values2 = nlohmann::json::array(), points = nlohmann::json::array(),
                 chips = nlohmann::json::array(), lost = nlohmann::json::array(),
                 special = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    const bool in = r.played.contains(s);
    const HandValue hv = in ? hand_value(r.hands[s]) : HandValue{};
    hands.push_back(in ? cards_json(r.hands[s]) : nlohmann::json(nullptr));
    values2.push_back(in ? nlohmann::json(hv.value2) : nlohmann::json(nullptr));
    values.push_back(in ? nlohmann::json(value_text(hv.value2)) : nlohmann::json(nullptr));
    const char* sp = special_name(hv.special);
    special.push_back(in && sp ? nlohmann::json(sp) : nlohmann::json(nullptr));
    points.push_back(r.losers.contains(s) ? -1 : 0);
    lost.push_back(r.losers.contains(s));
    chips.push_back(r.chips[s]);
  }
  j["hands"] = hands;
  j["values"] = values;
  j["value2"] = values2;
  j["special"] = special;
  j["lost"] = lost;
  j["points"] = points;
  j["chips"] = chips;
  std::string ended = r.ended_by >= 0 ? seat_text(r.ended_by) : "";
  ended += kEndingWords[static_cast<int>(r.ending)];
  if (r.replayed) ended += "; replayed";
  nlohmann::json shown_hands = nlohmann::json::array(), status = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    shown_hands.push_back(r.played.contains(s) ? nlohmann::json(cards_text(r.hands[s]))
                                               : nlohmann::json(nullptr));
    status.push_back(!r.played.contains(s) ? nlohmann::json(nullptr)
                     : r.chips[s] < 0      ? nlohmann::json("out")
                     : r.chips[s] == 0     ? nlohmann::json("swims")
                                           : nlohmann::json(nullptr));
  }
  j["sheet"] = nlohmann::json::array({{{"title", "ended"}, {"value", ended}},
                                      {{"title", "hand"}, {"seats", shown_hands}},
                                      {{"title", "value"}, {"seats", values}},
                                      {{"title", "status"}, {"seats", status}}});
  return j;
}

std::vector<Pile> State::piles() const {
  const int n = config_.players;
  const bool shown = phase_ == Phase::kShowdown || phase_ == Phase::kOver;
  std::vector<Pile> out;
  for (Seat s = 0; s < n; ++s)
    out.push_back(make_pile("hand " + seat_text(s), shown ? kEveryone : SeatSet::of(s), hands_[s]));
  out.push_back(make_pile("board", board_up_ ? kEveryone : SeatSet(), board_));
  out.push_back(
      Pile{"stock", SeatSet(), {stock_.begin() + stock_pos_, stock_.begin() + stock_end_}});
  out.push_back(make_pile("discards", kEveryone, discards_));
  return out;
}

const char* State::check() const {
  const int n = config_.players;
  CardTally tally;
  auto add = [&](CardSet set) { return tally.add(set); };
  for (Seat s = 0; s < kMaxPlayers; ++s) {
    if (s >= n && (chips_[s] != -1 || !hands_[s].empty())) return "a seat past the table is used";
    if (chips_[s] < -1 || chips_[s] > config_.chips) return "chips out of range";
    if (!add(hands_[s])) return "a card is in two places";
    const bool holds =
        active(s) || ((phase_ == Phase::kShowdown || over()) && last_.played.contains(s));
    if (hands_[s].size() != (holds ? kHand : 0)) return "a hand has the wrong size";
  }
  if (board_.size() != 3) return "the board does not hold 3 cards";
  if (!add(board_) || !add(discards_)) return "a card is in two places";
  if (stock_pos_ > stock_end_ || stock_end_ > kDeckSize) return "bad stock bounds";
  for (int i = stock_pos_; i < stock_end_; ++i)
    if (!add(CardSet::of(stock_[i]))) return "a card is in two places";
  if (tally.all() != kDeck || tally.total() != kDeckSize) return "cards are not conserved";
  if (!(seen_ - kDeck).empty()) return "seen cards outside the deck";
  if (!over() && active_count() < 2) return "fewer than two players in a running game";
  if (!over() && !active(to_act_)) return "a seat out of the game is to act";
  if (phase_ == Phase::kChoose && to_act_ != dealer_) return "the dealer must choose";
  if (board_up_ && !seen_.contains_all(board_)) return "a face-up board card is not marked seen";
  return nullptr;
}

std::vector<ObservationField> Game::observation_fields() const {
  auto f = obs::common({"choose", "play", "showdown", "over"}, 20, 3, 3);
  obs::append(
      f, {
             obs::cards("/board", "the cards on the table"),
             obs::cards("/discards", "the cards out of play"),
             obs::cards("/known/{seat}", "the cards this seat knows each seat holds"),
             obs::cards("/hands/{seat}", "each seat's hand at the showdown"),
             obs::choice("/seat_status/{seat}", {"in", "swimming", "out"}, "each seat's standing"),
             obs::number("/stock", 32, "the cards left in the stock"),
             obs::number("/passes", 8, "passes in a row"),
             obs::number("/refreshes", 4, "times the table cards were refreshed"),
             obs::seat("/closer", "the seat that knocked or closed"),
             obs::number_or_none("/final_turns", 8, "turns left after a knock"),
         });
  return f;
}

std::string State::move_label(Move move) const {
  const std::uint64_t p = move_payload(move);
  const std::string knock = (p & kThenKnock) ? " and knock" : "";
  switch (move_kind(move)) {
    case kKeepMove:
      return "keep the hand";
    case kBoardMove:
      return "take the board";
    case kSwapMove:
      return "swap " + card_label(static_cast<Card>((p >> 8) & 0xFF)) + " for " +
             card_label(static_cast<Card>(p & 0xFF)) + knock;
    case kTakeAllMove:
      return "take all three" + knock;
    case kDealMove:
      return "deal the next hand";
    default:
      return describe_move(move_text(move)).label;
  }
}

}  // namespace cardroom::schwimmen
