#include "games/bridge_solitaire/bridge_solitaire.h"

#include <algorithm>

#include "core/deal_check.h"
#include "core/game_support.h"
#include "core/table_layout.h"
#include "games/common/tricks.h"

namespace cardroom::bridge_solitaire {

using bridge::Bid;
using bridge::Doubling;
using bridge::Strain;

namespace {

constexpr std::array<ExtraCard, 2> kExtraCards = {
    {{kJoker1, "J1", "joker 1"}, {kJoker2, "J2", "joker 2"}}};
inline constexpr MoveForm kMoveForms[] = {{kKeepMove, "keep", MoveArg::kCard},
                                          {kDiscardMove, "discard", MoveArg::kCard},
                                          {kPassMove, "pass", MoveArg::kNone},
                                          {kPlayMove, "play", MoveArg::kCard}};

constexpr const char* kPhaseNames[] = {"keep", "discard", "call", "play", "over"};
constexpr const char* kSideNames[] = {"WE", "THEY"};

// "WE above the line: insult" and the like, for score events (labels outlive the event).
const char* line_label(const bridge::ScoreLine& line) {
  static const auto labels = [] {
    std::array<std::string, 2 * 2 * 8> out;
    for (int side = 0; side < 2; ++side)
      for (int below = 0; below < 2; ++below)
        for (int k = 0; k < 8; ++k)
          out[(side * 2 + below) * 8 + k] =
              std::string(kSideNames[side]) + (below ? " below" : " above") + " the line, " +
              std::string(bridge::line_kind_text(static_cast<bridge::LineKind>(k)));
    return out;
  }();
  return labels[(line.side * 2 + (line.below ? 1 : 0)) * 8 + static_cast<int>(line.kind)].c_str();
}

}  // namespace

CardNames card_names() { return {kExtraCards.data(), kExtraCards.size()}; }
CardNames Game::card_names() const { return bridge_solitaire::card_names(); }

// ---------------------------------------------------------------------------------------------
// Options

const ConfigOptions<Config>& Config::options() {
  static const auto options =
      ConfigOptions<Config>()
          .add(OptionSpec::choice("winners_against", {"all", "undiscarded"},
                                  "BS-A1: the house bid counts the player's winning tricks "
                                  "against every card not in the hand (all, ruling) or against "
                                  "those not in the discard pile either (undiscarded)"),
               &Config::winners_against)
          .add(OptionSpec::choice("short_tie", {"higher", "lower"},
                                  "BS-A3: of two equally short suits the house bids the higher "
                                  "(ruling) or the lower"),
               &Config::short_tie)
          .add(OptionSpec::integer("max_hands", 0, 0, 1000,
                                   "BS-A10: 0 plays the rubber out; N cuts it off after N hands, "
                                   "scored as an unfinished rubber (300 for a game, 100 for a "
                                   "part score)"),
               &Config::max_hands);
  return options;
}

// ---------------------------------------------------------------------------------------------
// Rules

std::array<int, kSuits> winning_tricks(CardSet hand, CardSet outside) {
  std::array<int, kSuits> out{};
  for (int s = 0; s < kSuits; ++s) {
    unsigned mine = hand.rank_mask(s), theirs = outside.rank_mask(s) & ~mine;
    while (mine != 0) {
      const unsigned all = mine | theirs;
      const unsigned top = 1u << (31 - std::countl_zero(all));
      if (mine & top) {  // the highest card not yet accounted for is the player's: a winner
        ++out[s];
        mine &= ~top;
      } else {  // the house's highest takes the player's lowest
        theirs &= ~top;
        mine &= mine - 1;
      }
    }
  }
  return out;
}

int shortest_suit(CardSet hand, ShortTie tie) {
  int best = -1;
  for (int i = 0; i < kSuits; ++i) {
    // Engine suits run S H D C: from the highest-ranking suit down, or up for "lower".
    const int s = tie == ShortTie::kHigher ? i : kSuits - 1 - i;
    if (best < 0 || hand.in_suit(s).size() < hand.in_suit(best).size()) best = s;
  }
  return best;
}

std::optional<Bid> house_bid(CardSet hand, CardSet outside, ShortTie tie) {
  int winners = 0;
  for (int w : winning_tricks(hand, outside)) winners += w;
  const int level = 6 - winners;
  if (level <= 0) return std::nullopt;
  return Bid{static_cast<std::int8_t>(level), bridge::strain_of_suit(shortest_suit(hand, tie))};
}

bool no_trump_allowed(CardSet hand) {
  std::array<int, kSuits> len{};
  for (int s = 0; s < kSuits; ++s) len[s] = hand.in_suit(s).size();
  std::sort(len.begin(), len.end());
  const int jokers = (hand & kJokers).size();
  return (len == std::array<int, kSuits>{3, 3, 3, 4} && jokers == 0) ||
         (len == std::array<int, kSuits>{3, 3, 3, 3} && jokers == 1) ||
         (len == std::array<int, kSuits>{2, 3, 3, 3} && jokers == 2);
}

Doubling joker_doubling(CardSet hand) {
  switch ((hand & kJokers).size()) {
    case 1:
      return Doubling::kDoubled;
    case 2:
      return Doubling::kRedoubled;
    default:
      return Doubling::kNone;
  }
}

int Policy::winner(const tricks::TrickSoFar& t) const {
  const int house = t.leader == kHouse ? 0 : 1;  // index of the house's card
  const bool joker_led = is_joker(t.cards[0]), joker_answered = is_joker(t.cards[1]);
  if (joker_led || joker_answered) {
    // The house takes a trick with a joker, unless the player answers its joker with the other.
    if (joker_led && joker_answered && t.leader == kHouse) return 1;
    return house;
  }
  return tricks::trick_winner(t.cards, 2, trump);
}

// ---------------------------------------------------------------------------------------------
// Game

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  (void)first_dealer;  // the player always deals
  State s(config_, seed);
  s.start_hand(ctx);
  return s;
}

std::string Game::validate_deal(const Deal& deal) const {
  DealCheck check(deal, kDeck, "not in the Bridge Solitaire deck", card_names());
  if (std::string why = check.seats(1); !why.empty()) return why;
  if (std::string why = check.hand_sizes(kFaceUp); !why.empty()) return why;
  const auto down = deal.piles.find("face_down");
  if (deal.piles.size() != 1 || down == deal.piles.end() || down->second.size() != 1 ||
      down->second[0].size() != kFaceDown)
    return "a Bridge Solitaire deal needs the pile 'face_down': one list of 7 cards";
  if (deal.pack.size() != kStockSize) return "the pack (the stock, top first) needs 34 cards";
  return check.cards();
}

// ---------------------------------------------------------------------------------------------
// State: the hand's flow

void State::start_hand(const ApplyContext* ctx) {
  play_.new_round(2);
  face_up_ = face_down_ = kept_ = discards_ = turned_ = hand_at_start_ = CardSet();
  if (const Deal* deal = explicit_deal(ctx, deals_)) {
    for (Card c : deal->hands[0]) face_up_.add(c);
    for (Card c : deal->piles.at("face_down")[0]) face_down_.add(c);
    std::copy(deal->pack.begin(), deal->pack.end(), stock_.begin());
  } else {
    std::array<Card, kDeckSize> order = card_ids<kDeckSize>();
    rng_.shuffle(order.data(), kDeckSize);
    for (int i = 0; i < kFaceDown; ++i) face_down_.add(order[i]);
    for (int i = kFaceDown; i < kFaceDown + kFaceUp; ++i) face_up_.add(order[i]);
    std::copy(order.begin() + kFaceDown + kFaceUp, order.end(), stock_.begin());
  }
  stock_next_ = 0;
  ++deals_;
  report_deal(ctx, [&] {
    Deal d;
    d.hands = {card_vector(face_up_)};
    d.piles["face_down"] = {card_vector(face_down_)};
    d.pack.assign(stock_.begin(), stock_.end());
    return d;
  });
  phase_ = Phase::kKeep;
  discard_top_ = kNoCard;
  house_bid_.reset();
  call_.reset();
  contract_ = bridge::Contract();
  if (wants_events(ctx)) {
    announce_round(ctx, "hand {number}: 7 cards face down, 13 face up, 34 in the stock",
                   "hand {number}: 7 cards face down, 13 face up, 34 in the stock", 0, kHand);
    emit(
        ctx, kEveryone, "face up: {cards}",
        [&] { return Event{.kind = EventKind::kTurnUp, .cards = card_vector(face_up_)}; },
        card_names());
  }
}

void State::reveal(const ApplyContext* ctx) {
  const CardSet hand = kept_ | face_down_;
  play_.set_hand(kPlayer, hand);
  hand_at_start_ = hand;
  emit(
      ctx, SeatSet::of(kPlayer), "the face-down cards: {cards}",
      [&] {
        return Event{.kind = EventKind::kTurnUp, .seat = kPlayer, .cards = card_vector(face_down_)};
      },
      card_names());
  face_down_ = CardSet();
  emit_hand(ctx, kPlayer, hand, card_names());
  // Rule 3: the house bids first, from the player's winning tricks and shortest suit.
  house_bid_ = bridge_solitaire::house_bid(hand, outside_for_bid(), config_.short_tie);
  emit(ctx, kEveryone, house_bid_ ? "the house bids {label}" : "the house passes", [&] {
    return house_bid_ ? Event{.kind = EventKind::kBid,
                              .amount = house_bid_->level,
                              .suit = house_bid_->suit(),
                              .label = bridge::bid_label(*house_bid_, Doubling::kNone, true)}
                      : Event{.kind = EventKind::kBid, .label = "pass"};
  });
  phase_ = Phase::kCall;
}

CardSet State::outside_for_bid() const {
  CardSet outside = CardSet::standard_deck() - play_.hand(kPlayer);
  if (config_.winners_against == WinnersAgainst::kUndiscarded) outside -= discards_;
  return outside;
}

Status State::apply_call(std::optional<Bid> bid, const ApplyContext* ctx) {
  const CardSet hand = play_.hand(kPlayer);
  if (bid) {
    if (!bid->valid() || bid->level < 1) return Status::Error("the lowest bid is 1C");
    if (house_bid_ && !(*bid > *house_bid_))
      return Status::Error(
          lasting_text("a bid must be higher than the house's " + bridge::bid_text(*house_bid_)));
    if (!bid->is_suit() && !no_trump_allowed(hand))
      return Status::Error(
          "no trump needs a 4-3-3-3 hand, 3-3-3-3 with a joker or 3-3-3-2 with both jokers");
  } else if (!house_bid_) {
    return Status::Error("the house passed: you must bid");
  }
  call_ = bid;
  contract_ = bridge::Contract{bid ? *bid : *house_bid_, joker_doubling(hand),
                               static_cast<std::int8_t>(bid ? kPlayer : kHouse)};
  emit(ctx, kEveryone, bid ? "{seat} bids {label}" : "{seat} passes", [&] {
    return bid ? Event{.kind = EventKind::kBid,
                       .seat = kPlayer,
                       .amount = bid->level,
                       .suit = bid->suit(),
                       .label = bridge::bid_label(*bid, Doubling::kNone, true)}
               : Event{.kind = EventKind::kBid, .seat = kPlayer, .label = "pass"};
  });
  emit(ctx, kEveryone,
       contract_.declarer == kPlayer ? "contract {label} by {seat}"
                                     : "contract {label} by the house",
       [&] {
         return Event{.kind = EventKind::kContract,
                      .seat = contract_.declarer == kPlayer ? kPlayer : kNoSeat,
                      .amount = contract_.bid.level,
                      .suit = contract_.bid.suit(),
                      .label = bridge::bid_label(contract_.bid, contract_.doubling, true)};
       });
  begin_play(ctx);
  return Status::Ok();
}

void State::begin_play(const ApplyContext* ctx) {
  Policy policy;
  policy.trump = static_cast<std::uint8_t>(contract_.bid.suit());
  // Rule 6: the defender leads first.
  const Seat leader = contract_.declarer == kPlayer ? kHouse : kPlayer;
  play_.begin_play(kHand, leader, policy);
  phase_ = Phase::kPlay;
  emit(ctx, kEveryone, leader == kPlayer ? "{seat} leads" : "the house leads", [&] {
    return Event{.kind = EventKind::kLead, .seat = leader == kPlayer ? kPlayer : kNoSeat};
  });
  if (leader == kHouse) house_plays(ctx);
}

int house_card(const Card* stock, int next, int size, Card led, int trump) {
  if (led == kNoCard || is_joker(led)) return next;
  for (int i = next;; ++i) {
    const Card c = stock[i];
    const bool valid =
        is_joker(c) || suit_of(c) == suit_of(led) || (trump != kNoSuit && suit_of(c) == trump);
    if (valid || i + 1 == size || (trump == kNoSuit && i + 1 - next == kNoTrumpTurns)) return i;
  }
}

void State::house_plays(const ApplyContext* ctx) {
  // The house leads or answers a joker with the top card, whatever it is; else turns cards until
  // a valid one (rule 6).
  const int first = stock_next_;
  const int at = house_card(stock_.data(), first, kStockSize,
                            play_.trick_size() == 0 ? kNoCard : play_.led(), contract_.bid.suit());
  for (int i = first; i < at; ++i) turned_.add(stock_[i]);  // BS-A11: out of play, face up
  stock_next_ = static_cast<std::int8_t>(at + 1);
  if (stock_next_ == kStockSize) play_.policy().stock_out = true;  // rule 7
  if (at > first)
    emit(
        ctx, kEveryone, "the house turns {cards}: no play",
        [&] {
          return Event{.kind = EventKind::kTurnUp,
                       .cards = std::vector<Card>(stock_.begin() + first, stock_.begin() + at)};
        },
        card_names());
  play_card(kHouse, stock_[at], ctx);
}

void State::play_card(Seat side, Card card, const ApplyContext* ctx) {
  if (side == kHouse) play_.set_hand(kHouse, CardSet::of(card));
  const tricks::PlayResult r = play_.play(card);
  if (wants_events(ctx)) {
    const Seat who = side == kPlayer ? kPlayer : kNoSeat;
    emit(
        ctx, kEveryone, side == kPlayer ? "{seat} plays {card}" : "the house plays {card}",
        [&] { return Event{.kind = EventKind::kPlay, .seat = who, .card = card}; }, card_names());
    if (r.trick_complete) {
      const Card best = play_.card(r.trick, r.winning_card);
      emit(
          ctx, kEveryone,
          r.winner == kPlayer ? "trick {number} to {seat} ({card})"
                              : "trick {number} to the house ({card})",
          [&] {
            return Event{.kind = EventKind::kTrick,
                         .seat = r.winner == kPlayer ? kPlayer : kNoSeat,
                         .number = r.trick + 1,
                         .card = best};
          },
          card_names());
    }
  }
  if (r.round_over)
    finish_hand(ctx);
  else if (play_.to_play() == kHouse)
    house_plays(ctx);
}

bridge::HandLines State::score_hand_on(bridge::Rubber& rubber, int player_tricks,
                                       bool* unfinished) const {
  const int declarer_tricks = contract_.declarer == kPlayer ? player_tricks : kHand - player_tricks;
  bridge::HandLines lines = rubber.score_hand(
      contract_, declarer_tricks, kPlayer, bridge::honours(hand_at_start_, contract_.bid.strain));
  const bool cut_off = !rubber.over() && config_.max_hands > 0 && round_ + 1 >= config_.max_hands;
  if (cut_off) {
    const bridge::HandLines extra = rubber.abandon();
    for (int i = 0; i < extra.count; ++i) {
      const bridge::ScoreLine& l = extra.lines[i];
      lines.add(l.side, l.below, l.kind, l.points);
    }
    *unfinished = true;
  }
  return lines;
}

void State::finish_hand(const ApplyContext* ctx) {
  const CardSet left = play_.hand(kPlayer);
  // Rule 7: once the stock is out, each card left in the player's hand is a trick won.
  const int player_tricks = play_.tricks_won(kPlayer) + left.size();
  if (!left.empty())
    emit(
        ctx, kEveryone, "the stock is out: {seat} counts {amount:card/cards} left as tricks",
        [&] { return Event{.kind = EventKind::kNote, .seat = kPlayer, .amount = left.size()}; },
        card_names());
  const int declarer_tricks = contract_.declarer == kPlayer ? player_tricks : kHand - player_tricks;
  RoundRecord& r = last_;
  r = RoundRecord();
  r.round = round_ + 1;
  r.kept = kept_;
  r.face_up = kept_ | discards_;
  r.face_down = hand_at_start_ - kept_;
  r.discards = discards_;
  r.discard_top = discard_top_;
  r.turned = turned_;
  r.house_bid = house_bid_;
  r.call = call_;
  r.contract = contract_;
  r.hand = hand_at_start_;
  r.tricks = static_cast<std::int8_t>(play_.trick_number());
  r.player_tricks = static_cast<std::int8_t>(player_tricks);
  r.honours = static_cast<std::int16_t>(bridge::honours(hand_at_start_, contract_.bid.strain));
  r.history = play_.history();
  r.lines = score_hand_on(rubber_, player_tricks, &r.unfinished);
  r.totals = {rubber_.total(0), rubber_.total(1)};
  r.games = {static_cast<std::int8_t>(rubber_.games(0)),
             static_cast<std::int8_t>(rubber_.games(1))};
  ++rounds_completed_;
  if (wants_events(ctx)) {
    const int result = bridge::result_tricks(contract_.bid, declarer_tricks);
    emit(ctx, kEveryone,
         result >= 0 ? "{label} made with {tricks:trick/tricks}"
                     : "{label} down {amount} ({tricks:trick/tricks} taken)",
         [&] {
           return Event{.kind = EventKind::kContract,
                        .seat = contract_.declarer == kPlayer ? kPlayer : kNoSeat,
                        .amount = -result,
                        .tricks = declarer_tricks,
                        .label = bridge::bid_label(contract_.bid, contract_.doubling, true)};
         });
    for (int i = 0; i < r.lines.count; ++i) {
      const bridge::ScoreLine& l = r.lines.lines[i];
      emit(ctx, kEveryone, "{label}: {points}", [&] {
        return Event{.kind = EventKind::kScore,
                     .seat = l.side == 0 ? kPlayer : kNoSeat,
                     .points = l.points,
                     .label = line_label(l)};
      });
    }
    emit(ctx, kEveryone, "rubber: WE {scores.0}, THEY {scores.1}", [&] {
      return Event{.kind = EventKind::kScore,
                   .seat = kPlayer,
                   .total = rubber_.total(0),
                   .scores = {rubber_.total(0), rubber_.total(1)}};
    });
  }
  if (rubber_.over()) {
    // Rule 8: the player wins with more points than the house.
    winners_ = rubber_.total(0) > rubber_.total(1) ? SeatSet::of(kPlayer) : SeatSet();
    phase_ = Phase::kOver;
    emit(ctx, kEveryone,
         winners_.empty() ? "the rubber is over: WE {scores.0}, THEY {scores.1}; the house wins"
                          : "the rubber is over: WE {scores.0}, THEY {scores.1}; {seats} wins",
         [&] {
           return Event{.kind = EventKind::kGameOver,
                        .seats = winners_,
                        .scores = {rubber_.total(0), rubber_.total(1)}};
         });
    return;
  }
  next_round(1);
  start_hand(ctx);
}

// ---------------------------------------------------------------------------------------------
// State: moves

SeatSet State::actors() const { return one_actor(over(), kPlayer); }

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (over() || seat != kPlayer) return;
  switch (phase_) {
    case Phase::kKeep: {
      // Jokers must be kept: another card only while the picks left cover the jokers left.
      const int jokers = (face_up_ & kJokers).size();
      const bool free = kKeep - kept_.size() - 1 >= jokers;
      out.push_cards(free ? face_up_ : face_up_ & kJokers, keep_move);
      break;
    }
    case Phase::kDiscard:
      out.push_cards(face_up_, discard_move);
      break;
    case Phase::kCall: {
      const bool nt = no_trump_allowed(play_.hand(kPlayer));
      for (int rank = Bid{1, Strain::kClubs}.rank(); rank < Bid::kRanks; ++rank) {
        const Bid b = Bid::of_rank(rank);
        if ((house_bid_ && !(b > *house_bid_)) || (!b.is_suit() && !nt)) continue;
        out.push(bid_move(b));
      }
      if (house_bid_) out.push(pass_move());
      break;
    }
    case Phase::kPlay:
      out.push_cards(play_.playable(kPlayer), play_move);
      break;
    case Phase::kOver:
      break;
  }
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (Status st = refuse_when_closed(over(), seat, 1); !st.ok()) return st;
  const std::uint64_t payload = move_payload(move);
  const Card card = payload < 64 ? static_cast<Card>(payload) : kNoCard;
  switch (move_kind(move)) {
    case kKeepMove: {
      if (phase_ != Phase::kKeep) return Status::Error("the six cards are already kept");
      if (card == kNoCard || !face_up_.contains(card))
        return Status::Error("you may keep only a card lying face up");
      const int jokers = (face_up_ & kJokers).size();
      if (!is_joker(card) && kKeep - kept_.size() - 1 < jokers)
        return Status::Error("the jokers face up must be kept");
      face_up_.remove(card);
      kept_.add(card);
      emit(
          ctx, kEveryone, "{seat} keeps {card}",
          [&] { return Event{.kind = EventKind::kExchange, .seat = kPlayer, .card = card}; },
          card_names());
      if (kept_.size() == kKeep) phase_ = Phase::kDiscard;
      return Status::Ok();
    }
    case kDiscardMove: {
      if (phase_ != Phase::kDiscard)
        return Status::Error(phase_ == Phase::kKeep
                                 ? "keep six cards first; then choose the top of the discard pile"
                                 : "the discard pile is already laid");
      if (card == kNoCard || !face_up_.contains(card))
        return Status::Error("the top of the discard pile must be one of the cards not kept");
      discards_ = face_up_;
      face_up_ = CardSet();
      discard_top_ = card;
      emit(
          ctx, kEveryone, "{seat} discards {cards}, {card} on top",
          [&] {
            return Event{.kind = EventKind::kExchange,
                         .seat = kPlayer,
                         .card = card,
                         .cards = card_vector(discards_)};
          },
          card_names());
      reveal(ctx);
      return Status::Ok();
    }
    case kBidMove:
    case kPassMove:
      if (phase_ != Phase::kCall)
        return Status::Error(phase_ == Phase::kPlay || phase_ == Phase::kOver
                                 ? "the bidding is over for this hand"
                                 : "choose your hand first");
      if (move_kind(move) == kPassMove)
        return payload == 0 ? apply_call(std::nullopt, ctx)
                            : Status::Error("not a Bridge Solitaire move");
      if (payload >= static_cast<std::uint64_t>(Bid::kRanks)) return Status::Error("not a bid");
      return apply_call(Bid::of_rank(static_cast<int>(payload)), ctx);
    case kPlayMove: {
      if (phase_ != Phase::kPlay) return Status::Error("it is not time to play a card");
      if (card == kNoCard) return Status::Error("not a card");
      if (const char* why = play_.reject(kPlayer, card)) return Status::Error(why);
      play_card(kPlayer, card, ctx);
      return Status::Ok();
    }
    default:
      return Status::Error("not a Bridge Solitaire move");
  }
}

std::string State::move_text(Move move) const {
  if (move_kind(move) == kBidMove)
    return "bid " + bridge::bid_text(Bid::of_rank(static_cast<int>(move_payload(move))));
  return move_text_of(move, kMoveForms, card_names());
}

std::optional<Move> State::parse_move(Seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  if (in.verb() == "pass" && in.words().size() == 1) return pass_move();
  if (in.verb() == "bid") {
    if (in.words().size() != 2) return in.fail("'bid' needs a bid, e.g. 'bid 2S' or 'bid 1NT'");
    if (auto b = bridge::parse_bid(in.words()[1]); b && b->level == 0)
      return in.fail("the lowest bid in Bridge Solitaire is 1C (there is no 0NT)");
    if (auto b = bridge::parse_bid(in.words()[1], 1)) return bid_move(*b);
    return in.fail("'" + in.words()[1] + "' is not a bid (levels 1-7 and C D H S NT: 'bid 2S')");
  }
  if (in.verb() == "double" || in.verb() == "redouble")
    return in.fail("Bridge Solitaire has no doubles: your jokers double or redouble the contract");
  if (in.verb() == "keep")
    return in.card_move("keep", "'keep' needs a card, e.g. 'keep AS'", card_names(), false,
                        keep_move, "");
  if (in.verb() == "discard")
    return in.card_move("discard", "'discard' needs a card, e.g. 'discard JS'", card_names(), false,
                        discard_move, "");
  return in.card_move("play", "'play' needs a card, e.g. 'play TD' or 'play J1'", card_names(),
                      false, play_move,
                      "'" + std::string(text) +
                          "' is not a Bridge Solitaire move (try 'keep C', 'discard C', 'bid 2S', "
                          "'pass' or 'play C')");
}

// ---------------------------------------------------------------------------------------------
// State: views, summaries, resampling

CardSet State::unseen() const {
  CardSet seen = play_.hand(kPlayer) | kept_ | face_up_ | discards_ | turned_ | play_.played();
  return kDeck - seen;
}

namespace {

// Bids in views and summaries are written with suit symbols ("1♦", "3NT"): "3H" would read as
// the three of hearts.
nlohmann::json bid_json(std::optional<Bid> b, const char* none) {
  return b ? nlohmann::json(bridge::bid_label(*b, Doubling::kNone, true)) : nlohmann::json(none);
}

nlohmann::json contract_json(const bridge::Contract& c) {
  return {{"level", c.bid.level},
          {"strain", std::string(bridge::strain_text(c.bid.strain))},
          {"doubling", std::string(bridge::doubling_text(c.doubling))},
          {"text", bridge::bid_label(c.bid, c.doubling, true)},
          {"declarer", c.declarer == kPlayer ? "player" : "house"},
          {"tricks_needed", c.bid.tricks_needed()}};
}

nlohmann::json rubber_json(const bridge::Rubber& r) {
  nlohmann::json out;
  for (int side = 0; side < 2; ++side)
    out[side == 0 ? "we" : "they"] = {
        {"games", r.games(side)}, {"vulnerable", r.vulnerable(side)},
        {"below", r.below(side)}, {"below_total", r.below_total(side)},
        {"above", r.above(side)}, {"total", r.total(side)}};
  return out;
}

}  // namespace

nlohmann::json State::view(Seat seat) const {
  const CardNames names = card_names();
  const bool player = seat == kPlayer;
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["rounds"] = nullptr;
  v["round_name"] = "hand";
  v["phase"] = kPhaseNames[static_cast<int>(phase_)];
  const bool choosing = phase_ == Phase::kKeep || phase_ == Phase::kDiscard;
  if (player) v["hand"] = cards_json(choosing ? kept_ : play_.hand(kPlayer), names);
  v["hand_sizes"] = {choosing ? kept_.size() : play_.hand(kPlayer).size()};
  v["face_up"] = cards_json(face_up_, names);
  v["kept"] = cards_json(choosing ? kept_ : CardSet(), names);
  v["face_down"] = choosing ? face_down_.size() : 0;
  v["discard_top"] = discard_top_ == kNoCard ? nlohmann::json(nullptr)
                                             : nlohmann::json(card_text(discard_top_, names));
  v["discards"] = discards_.size();
  v["stock"] = stock_left();
  v["turned"] = cards_json(turned_, names);
  v["house_bid"] = phase_ >= Phase::kCall && phase_ != Phase::kOver ? bid_json(house_bid_, "pass")
                                                                    : nlohmann::json(nullptr);
  v["call"] = phase_ == Phase::kPlay ? bid_json(call_, "pass") : nlohmann::json(nullptr);
  v["contract"] = phase_ == Phase::kPlay ? contract_json(contract_) : nlohmann::json(nullptr);
  v["trump"] = phase_ == Phase::kPlay && contract_.bid.is_suit()
                   ? nlohmann::json(std::string(1, suit_char(contract_.bid.suit())))
                   : nlohmann::json(nullptr);
  tricks::add_trick_view(v, play_, phase_ == Phase::kPlay, names);
  v["tricks_won"] = {play_.tricks_won(kPlayer)};
  v["house_tricks"] = play_.tricks_won(kHouse);
  v["rubber"] = rubber_json(rubber_);
  // For the table (core/game.h, cli/table_view.h): the house's row and the game's own lines.
  // "sides": each side's own total as the rubber sheet writes it (WE, THEY), which interfaces
  // show instead of the net scores so that one score is shown, the sheet's.
  v["house"] = {{"name", "house"},
                {"tricks_won", play_.tricks_won(kHouse)},
                {"score", rubber_.total(1) - rubber_.total(0)},
                {"sides", {rubber_.total(0), rubber_.total(1)}}};
  nlohmann::json board = nlohmann::json::array();
  auto line = [&](const char* title, nlohmann::json value, const char* kind = "text") {
    board.push_back({{"title", title}, {kind, std::move(value)}});
  };
  if (choosing) {
    line("face up", cards_json(face_up_, names), "cards");
    line("kept", cards_json(kept_, names), "cards");
    line("face down", std::to_string(face_down_.size()) + " cards, turned when six are kept");
  } else if (phase_ != Phase::kOver) {
    line("house bid", bid_json(house_bid_, "pass"));
    if (phase_ == Phase::kPlay)
      line("contract", std::string(bridge::bid_label(contract_.bid, contract_.doubling, true)) +
                           (contract_.declarer == kPlayer ? " by you" : " by the house") + ", " +
                           std::to_string(contract_.bid.tricks_needed()) + " tricks to take");
    line("discard pile", card_text(discard_top_, names) + " on top, " +
                             std::to_string(discards_.size()) + " cards");
    line("stock", std::to_string(stock_left()) + " cards");
    if (!turned_.empty()) line("turned, no play", cards_json(turned_, names), "cards");
  }
  auto side = [&](int s) {
    const int g = rubber_.games(s);
    return std::string(kSideNames[s]) + " " + std::to_string(rubber_.total(s)) + " (" +
           (g == 0   ? "no game"
            : g == 1 ? "1 game, vulnerable"
                     : "2 games") +
           ")";
  };
  line("rubber", side(0) + ", " + side(1));
  v["board"] = board;

  // The table: the trick (the house is seat 1), the face-up cards, the cards kept, the face-down
  // cards, the discard pile and the stock; the house's bid, the contract and the rubber as facts.
  TableLayout t(seat, names);
  t.add_trick(v);
  if (choosing) {
    t.add("face_up", ZoneKind::kBoard, "Face up", kNoSeat, face_up_);
    t.add("kept", ZoneKind::kFan, "Kept", kPlayer, kept_);
    nlohmann::json& down = t.add("face_down", ZoneKind::kFan, "Face down, turned when six are kept",
                                 kNoSeat, CardSet());
    down["count"] = face_down_.size();
  }
  if (phase_ != Phase::kOver && !choosing) {
    t.add_pile("discards", "Discard pile", kNoSeat, discards_.size(), discard_top_);
    t.add_pile("stock", "Stock", kNoSeat, stock_left());
    if (!turned_.empty()) t.add("turned", ZoneKind::kFan, "Turned, no play", kNoSeat, turned_);
  }
  if (phase_ >= Phase::kCall && phase_ != Phase::kOver)
    t.fact("House bid", bid_json(house_bid_, "pass").get<std::string>());
  if (phase_ == Phase::kPlay) {
    t.fact("Contract", std::string(bridge::bid_label(contract_.bid, contract_.doubling, true)) +
                           (contract_.declarer == kPlayer ? " by you" : " by the house"));
    const int declarer_tricks = play_.tricks_won(contract_.declarer == kPlayer ? kPlayer : kHouse);
    t.fact(contract_.declarer == kPlayer ? "You need" : "The house needs",
           std::to_string(contract_.bid.tricks_needed()) + " tricks, has " +
               std::to_string(declarer_tricks));
    t.fact("Trumps", TableLayout::suit_words(contract_.bid.is_suit() ? contract_.bid.suit()
                                                                     : static_cast<int>(kNoSuit)));
  }
  t.fact("Rubber", side(0) + ", " + side(1));
  switch (phase_) {
    case Phase::kKeep:
      t.status(t.turn(actors(), "keep a card (" + std::to_string(kept_.size()) + " of 6 kept)"));
      break;
    case Phase::kDiscard:
      t.status(t.turn(actors(), "discard"));
      break;
    case Phase::kCall:
      t.status(t.turn(actors(), "call over the house or pass"));
      break;
    case Phase::kPlay:
      t.status(t.turn(actors(), "play"));
      break;
    case Phase::kOver:
      t.status(winners().contains(kPlayer) ? "Rubber over: you win"
                                           : "Rubber over: the house wins");
      break;
  }
  std::move(t).write_to(v);
  return v;
}

nlohmann::json State::last_round(Seat seat) const {
  const CardNames names = card_names();
  const RoundRecord& r = last_;
  nlohmann::json j;
  j["round"] = r.round;
  j["dealer"] = 0;
  j["house_bid"] = bid_json(r.house_bid, "pass");
  j["call"] = bid_json(r.call, "pass");
  j["contract"] = contract_json(r.contract);
  j["declarer"] = r.contract.declarer == kPlayer ? "player" : "house";
  j["tricks_played"] = r.tricks;
  j["tricks_won"] = {r.player_tricks};
  j["house_tricks"] = kHand - r.player_tricks;
  j["declarer_tricks"] = r.contract.declarer == kPlayer ? r.player_tricks : kHand - r.player_tricks;
  j["result"] = bridge::result_tricks(r.contract.bid, j["declarer_tricks"].get<int>());
  j["honours"] = r.honours;
  // The cards the player saw (everything face up, and the whole hand once turned); a spectator
  // sees what lay face up.
  j["face_up"] = cards_json(r.face_up, names);
  j["kept"] = cards_json(r.kept, names);
  j["discard_top"] = card_text(r.discard_top, names);
  j["turned"] = cards_json(r.turned, names);
  if (seat == kPlayer || seat == kOmniscient) j["hand"] = cards_json(r.hand, names);
  j["tricks"] = tricks::history_json<Policy>(r.history, r.tricks, 2, names);
  nlohmann::json lines = nlohmann::json::array();
  std::array<int, 2> points{};
  for (int i = 0; i < r.lines.count; ++i) {
    const bridge::ScoreLine& l = r.lines.lines[i];
    points[l.side] += l.points;
    lines.push_back({{"side", kSideNames[l.side]},
                     {"line", l.below ? "below" : "above"},
                     {"kind", std::string(bridge::line_kind_text(l.kind))},
                     {"points", l.points}});
  }
  j["lines"] = lines;
  j["points"] = {points[0]};
  j["house_points"] = points[1];
  j["totals"] = {{"we", r.totals[0]}, {"they", r.totals[1]}};
  j["games"] = {{"we", r.games[0]}, {"they", r.games[1]}};
  j["unfinished"] = r.unfinished;
  j["sides"] = {kSideNames[0], kSideNames[1]};
  return j;
}

std::optional<tricks::SolverTask<SolverPolicy, 2>> State::solver_task() const {
  if (phase_ != Phase::kPlay) return std::nullopt;
  tricks::SolverTask<SolverPolicy, 2> task;
  const TrickPlay::Position& now = play_.position();
  auto& p = task.position;
  static_cast<Policy&>(p.policy) = now.policy;
  p.policy.stock = stock_;
  p.policy.next = stock_next_;
  p.hands = now.hands;
  for (int i = stock_next_; i < kStockSize; ++i) p.hands[kHouse].add(stock_[i]);
  p.hands[kHouse] |= turned_;  // out of play: what the house gives once the stock is out
  p.trick = now.trick;
  p.tricks_won = now.tricks_won;
  p.played = now.played;
  p.seats = now.seats;
  p.count = now.count;
  p.leader = now.leader;
  p.to_play = now.to_play;
  p.trick_no = now.trick_no;
  p.tricks = now.tricks;
  p.over = now.over;
  task.side = {0, 1};
  // A side's score: what the hand adds to its rubber result, WE less THEY (score(kPlayer)).
  task.scores.resize(2 * (kHand + 1));
  const int before = rubber_.total(0) - rubber_.total(1);
  for (int t = 0; t <= kHand; ++t) {
    bridge::Rubber after = rubber_;
    bool unfinished = false;
    score_hand_on(after, t, &unfinished);
    const int gain = after.total(0) - after.total(1) - before;
    task.scores[t] = gain;                           // the player with t tricks
    task.scores[(kHand + 1) + (kHand - t)] = -gain;  // the house with the others
  }
  task.card_move = [](Card c) { return play_move(c); };
  task.rank_order = false;  // the stock's order and the jokers matter, not only ranks
  return task;
}

// The start is the hand at its first card: the player's 13 cards (those played back in the hand),
// the stock whole in the world's order, the house's lead from it made if the house leads. Before
// it stand the keeps and the top discard (no world holds the order of the keeps; they are made
// from face-up cards alone) and the call, whose contract (its doubling, a no-trump bid) rests on
// the jokers and the distribution of the hand, which resample does not keep a spectator's world
// in line with.
std::optional<RoundReplay<State>> State::round_replay() const {
  if (phase_ != Phase::kPlay) return std::nullopt;
  RoundReplay<State> r{*this, {}};
  State& s = r.start;
  s.play_.unplay();
  s.play_.set_hand(kHouse, CardSet());  // the house's cards played go back to the stock
  s.stock_next_ = 0;
  s.turned_ = CardSet();
  s.begin_play(nullptr);
  for (const auto& [seat, c] : play_.played_in_order())
    if (seat == kPlayer) r.moves.emplace_back(kPlayer, play_move(c));
  return r;
}

State State::resample(Seat observer, Rng& rng) const {
  return resample_world(*this, rng, [&](State& world) {
    // Hidden from the player: the face-down cards (until turned) and the stock's order. A
    // spectator does not see the player's hand either, apart from the cards it saw kept.
    std::array<HiddenPlace, 3> places{};
    int n = 0;
    CardSet stock;
    for (int i = stock_next_; i < kStockSize; ++i) stock.add(stock_[i]);
    CardSet hand = play_.hand(kPlayer);
    if (observer != kPlayer && !hand.empty())
      places[n++] = HiddenPlace{&hand, hand & kept_, CardSet(~play_.excluded(kPlayer).bits())};
    CardSet down = world.face_down_;
    places[n++] = HiddenPlace{&down, CardSet(), CardSet(~std::uint64_t{0})};
    places[n++] = HiddenPlace{&stock, CardSet(), CardSet(~std::uint64_t{0})};
    [[maybe_unused]] const bool ok =
        redeal_hidden({places.data(), static_cast<std::size_t>(n)}, rng);
    CARDROOM_ASSERT(ok, "resample found no deal consistent with the state");
    world.play_.set_hand(kPlayer, hand);
    world.face_down_ = down;
    // The stock in a random order.
    int i = stock_next_;
    for (Card c : stock) world.stock_[i++] = c;
    rng.shuffle(world.stock_.data() + stock_next_, kStockSize - stock_next_);
    if (observer != kPlayer && phase_ >= Phase::kCall && phase_ != Phase::kOver)
      world.hand_at_start_ = (hand_at_start_ & (play_.played() | kept_)) | hand;
  });
}

std::vector<Pile> State::piles() const {
  const bool choosing = phase_ == Phase::kKeep || phase_ == Phase::kDiscard;
  std::vector<Pile> out;
  out.push_back(make_pile("hand S0", SeatSet::of(kPlayer), play_.hand(kPlayer)));
  out.push_back(make_pile("kept", kEveryone, choosing ? kept_ : CardSet()));
  out.push_back(make_pile("face up", kEveryone, face_up_));
  out.push_back(make_pile("face down", SeatSet(), face_down_));
  out.push_back(make_pile("discards", kEveryone, discards_));
  Pile stock{"stock", SeatSet(), {}};
  for (int i = stock_next_; i < kStockSize; ++i) stock.cards.push_back(stock_[i]);
  out.push_back(std::move(stock));
  out.push_back(make_pile("turned", kEveryone, turned_));
  out.push_back(make_pile("tricks", kEveryone, play_.played()));
  return out;
}

const char* State::check() const {
  const bool choosing = phase_ == Phase::kKeep || phase_ == Phase::kDiscard;
  CardSet stock;
  for (int i = stock_next_; i < kStockSize; ++i) {
    if (stock.contains(stock_[i])) return "a stock card twice";
    stock.add(stock_[i]);
  }
  const CardSet places[] = {play_.hand(kPlayer),
                            choosing ? kept_ : CardSet(),
                            face_up_,
                            face_down_,
                            discards_,
                            stock,
                            turned_,
                            play_.played()};
  CardSet all;
  int total = 0;
  for (CardSet p : places) {
    if (all.intersects(p)) return "a card is in two places";
    all |= p;
    total += p.size();
  }
  if (all != kDeck || total != kDeckSize) return "cards are not conserved";
  if (choosing && face_down_.size() != kFaceDown) return "the face-down pile has the wrong size";
  if (!choosing && phase_ != Phase::kOver && discards_.size() != kFaceUp - kKeep)
    return "the discard pile has the wrong size";
  if (play_.hand(kPlayer).intersects(play_.excluded(kPlayer)))
    return "the hand holds a suit it showed void in";
  if (phase_ == Phase::kPlay &&
      play_.hand(kPlayer).size() != kHand - play_.trick_number() - play_.played_to_current(kPlayer))
    return "the hand has the wrong size";
  return nullptr;
}

std::vector<ObservationField> Game::observation_fields() const {
  auto bids = obs::bridge_bids(false);
  bids.push_back("pass");
  auto f = obs::common({"keep", "discard", "call", "play", "over"}, 100, 13, 5000);
  // The house plays the other hand of each trick: the trick's seats are 0 (the player) and 1.
  obs::append(
      f, {
             obs::choice("/trump", obs::suits(), "the trump suit (none: no trumps)"),
             obs::cards("/trick/cards", "the cards of the trick in progress"),
             obs::number("/trick/leader", 1,
                         "who leads the trick in progress: 0 the player, 1 the house"),
             obs::cards("/tricks/{all}/cards", "the cards of this round's completed tricks"),
             obs::number("/tricks_won/0", 13, "the tricks the player has taken this round"),
             obs::cards("/kept", "the cards kept so far"),
             obs::cards("/face_up", "the face-up cards"),
             obs::cards("/turned", "the cards turned from the stock"),
             obs::cards("/discard_top", "the top of the discard pile"),
             obs::number("/discards", 20, "the cards in the discard pile"),
             obs::number("/face_down", 13, "the face-down cards"),
             obs::number("/stock", 54, "the cards in the stock"),
             obs::choice("/house_bid", bids, "the house's bid"),
             obs::choice("/call", bids, "this seat's call"),
             obs::number("/contract/level", 7, "the contract's level"),
             obs::choice("/contract/strain", {"S", "H", "D", "C", "NT"}, "the contract's strain"),
             obs::choice("/contract/doubling", {"X", "XX"}, "the contract's doubling"),
             obs::choice("/contract/declarer", {"player", "house"}, "who declares"),
             obs::number("/contract/tricks_needed", 13, "the tricks the declarer needs"),
             obs::number("/house_tricks", 13, "the tricks the house has taken"),
             obs::number("/rubber/we/below", 100, "our points below the line this game"),
             obs::number("/rubber/they/below", 100, "the house's points below the line this game"),
             obs::number("/rubber/we/games", 2, "games we have won in the rubber"),
             obs::number("/rubber/they/games", 2, "games the house has won in the rubber"),
             obs::number("/rubber/we/total", 5000, "our rubber total"),
             obs::number("/rubber/they/total", 5000, "the house's rubber total"),
         });
  return f;
}

}  // namespace cardroom::bridge_solitaire
