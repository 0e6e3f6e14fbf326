#include "games/indian_chief/indian_chief.h"

#include <algorithm>

#include "core/constrained_deal.h"
#include "core/deal_check.h"
#include "core/game_support.h"
#include "core/move_data.h"
#include "core/table_layout.h"

namespace cardroom::indian_chief {
namespace {

constexpr MatchEndText kMatchEnd = {"game over; winner: {seats}", "game over; shared win: {seats}",
                                    ""};
constexpr std::uint16_t kNoSteal = 0xFFFF;
constexpr const char* kWords[kBoxes] = {"thief", "beggar", "poor", "lawyer",
                                        "rich",  "doctor", "chief"};
constexpr const char* kNames[kBoxes] = {"Thief",    "Beggar Man", "Poor Man",    "Lawyer",
                                        "Rich Man", "Doctor",     "Indian Chief"};

CardMultiset full_decks(const Config& config) { return CardMultiset::of(kDeck, config.decks()); }

// Cards to deal from, in no order: each draw takes one uniformly at random (a partial shuffle),
// on the stack (random playouts allocate nothing).
class DrawPile {
 public:
  void add(const CardMultiset& cards) {
    for (Card c : cards.kinds())
      for (int k = cards.count(c); k > 0; --k) cards_[size_++] = c;
  }
  int size() const { return size_; }
  Card draw(Rng& rng) {
    const int j = static_cast<int>(rng.below(static_cast<std::uint32_t>(size_)));
    const Card c = cards_[j];
    cards_[j] = cards_[--size_];
    return c;
  }

 private:
  std::array<Card, 2 * 52> cards_;
  int size_ = 0;
};

// A uniform draw of one copy from `from` (of `size` cards), removed from it.
Card draw(CardMultiset& from, int size, Rng& rng) {
  const Card c = from.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(size))));
  from.remove(c);
  return c;
}

nlohmann::json card_list(const std::vector<Card>& cards) {
  nlohmann::json out = nlohmann::json::array();
  for (Card c : cards) out.push_back(card_text(c));
  return out;
}

std::vector<Card> first_cards(const std::array<Card, kMaxMeld>& cards, int n) {
  return {cards.begin(), cards.begin() + n};
}

}  // namespace

const char* box_word(int box) { return box >= 0 && box < kBoxes ? kWords[box] : "?"; }
const char* box_name(int box) { return box >= 0 && box < kBoxes ? kNames[box] : "?"; }

// ---------------------------------------------------------------------------------------------
// Scoring (rule 6)

namespace {

// The poker hand of five ranks in ascending order, all of one suit or not.
PokerHand poker_of_sorted(const int* r, bool flush) {
  const bool e0 = r[0] == r[1], e1 = r[1] == r[2], e2 = r[2] == r[3], e3 = r[3] == r[4];
  switch (e0 + e1 + e2 + e3) {
    case 4:
      return PokerHand::kFiveOfAKind;
    case 3:  // four of a kind (one run of four equal) or a full house
      return (e0 && e1 && e2) || (e1 && e2 && e3) ? PokerHand::kFourOfAKind : PokerHand::kFullHouse;
    case 2:
      if (flush) return PokerHand::kFlush;  // two copies of a card from two decks (IC-A11)
      return (e0 && e1) || (e1 && e2) || (e2 && e3) ? PokerHand::kThreeOfAKind
                                                    : PokerHand::kTwoPair;
    case 1:
      return flush ? PokerHand::kFlush : PokerHand::kPair;
    default:
      break;
  }
  // Five ranks: A-2-3-4-5 and 10-J-Q-K-A are straights, wrap-arounds are not.
  const bool straight = r[4] - r[0] == 4 || (r[4] == kAce && r[3] == kFive);
  if (straight && flush) return PokerHand::kStraightFlush;
  if (flush) return PokerHand::kFlush;
  if (straight) return PokerHand::kStraight;
  return PokerHand::kHighCard;
}

// Indices 0..n-1 of `cards` in ascending rank order (insertion sort: n is 5 or 7).
template <std::size_t N>
std::array<std::uint8_t, N> by_rank(const std::array<Card, N>& cards) {
  std::array<std::uint8_t, N> order{};
  for (std::size_t i = 0; i < N; ++i) {
    std::size_t k = i;
    for (; k > 0 && rank_of(cards[order[k - 1]]) > rank_of(cards[i]); --k) order[k] = order[k - 1];
    order[k] = static_cast<std::uint8_t>(i);
  }
  return order;
}

}  // namespace

PokerHand poker_hand(const std::array<Card, 5>& cards) {
  const std::array<std::uint8_t, 5> order = by_rank(cards);
  std::array<int, 5> r{};
  bool flush = true;
  for (int i = 0; i < 5; ++i) {
    r[i] = rank_of(cards[order[i]]);
    flush &= suit_of(cards[i]) == suit_of(cards[0]);
  }
  return poker_of_sorted(r.data(), flush);
}

int poker_value(PokerHand hand) { return 5 * (static_cast<int>(hand) + 1); }

const char* poker_name(PokerHand hand) {
  static constexpr const char* kPokerNames[] = {
      "high card", "pair",       "two pair",       "three of a kind", "straight",
      "flush",     "full house", "four of a kind", "straight flush",  "five of a kind"};
  return kPokerNames[static_cast<int>(hand)];
}

ChiefSplit chief_split(const std::array<Card, kMaxMeld>& cards, bool declared) {
  // The seven sorted by rank once: leaving out two keeps the other five sorted.
  const std::array<std::uint8_t, kMaxMeld> order = by_rank(cards);
  std::array<int, kMaxMeld> rank{}, suit{};
  for (int k = 0; k < kMaxMeld; ++k) {
    rank[k] = rank_of(cards[order[k]]);
    suit[k] = suit_of(cards[order[k]]);
  }
  ChiefSplit best;
  best.score = -1;
  for (int i = 0; i < kMaxMeld; ++i)
    for (int j = i + 1; j < kMaxMeld; ++j) {
      // i and j index the sorted cards: the baccarat pair is cards[order[i]], cards[order[j]].
      const int bi = order[i], bj = order[j];
      if (declared && !(std::min(bi, bj) == 5 && std::max(bi, bj) == 6)) continue;  // IC-A6
      std::array<int, 5> five{};
      std::array<std::uint8_t, 5> poker{};
      int k = 0, first_suit = -1;
      bool flush = true;
      for (int c = 0; c < kMaxMeld; ++c) {
        if (c == i || c == j) continue;
        if (first_suit < 0) first_suit = suit[c];
        flush &= suit[c] == first_suit;
        poker[k] = order[c];
        five[k++] = rank[c];
      }
      const PokerHand hand = poker_of_sorted(five.data(), flush);
      const int score = poker_value(hand) + (face_value(cards[bi]) + face_value(cards[bj])) % 10;
      if (score > best.score) {
        best.score = score;
        best.hand = hand;
        best.poker = poker;
      }
    }
  std::sort(best.poker.begin(), best.poker.end());
  return best;
}

bool doctor_qualifies(const Card* cards) {
  unsigned ranks = 0;
  bool heart = false, ace = false;
  for (int i = 0; i < meld_size(kDoctor); ++i) {
    ranks |= 1u << rank_of(cards[i]);
    heart |= suit_of(cards[i]) == kHearts;
    ace |= rank_of(cards[i]) == kAce;
  }
  return std::popcount(ranks) == meld_size(kDoctor) && heart && ace;  // IC-A5: A♥ is both
}

int doctor_score(const Card* cards, int suit) {
  if (!doctor_qualifies(cards)) return 0;
  std::array<int, kSuits> in_suit{};
  for (int i = 0; i < meld_size(kDoctor); ++i) ++in_suit[suit_of(cards[i])];
  if (suit != kNoSuit) return 10 * in_suit[suit];
  return 10 * *std::max_element(in_suit.begin(), in_suit.end());
}

int meld_score(int box, const Card* cards, int suit, bool declare) {
  int sum = 0, spades = 0;
  for (int i = 0; i < meld_size(box); ++i) {
    sum += face_value(cards[i]);
    if (suit_of(cards[i]) == kSpades) spades += face_value(cards[i]);
  }
  switch (box) {
    case kThief:
      return sum;
    case kPoor:
      return spades;  // IC-A4: face values
    case kLawyer:
      return sum == 25 ? 25 : 0;
    case kRich:
      return -sum;
    case kDoctor:
      return doctor_score(cards, suit);
    case kChief: {
      std::array<Card, kMaxMeld> seven{};
      std::copy(cards, cards + kMaxMeld, seven.begin());
      return chief_split(seven, declare).score;
    }
    default:
      return 0;  // the Beggar counts the other melds: see State::reveal
  }
}

// ---------------------------------------------------------------------------------------------
// Options and the game

const ConfigOptions<Config>& Config::options() {
  static const auto options =
      ConfigOptions<Config>()
          .add(OptionSpec::players(4, kMinPlayers, kMaxPlayers), &Config::players)
          .add(OptionSpec::boolean(
                   "declare", false,
                   "IC-A6: false = the engine takes the best Indian Chief split and Doctor suit "
                   "(ruling); true = the first five cards picked for the Chief are its poker hand "
                   "and the Doctor names its suit ('meld doctor H')"),
               &Config::declare);
  return options;
}

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s(config_, seed);
  s.choose_and_announce_first_dealer(first_dealer, config_.players, "{seat} deals",
                                     "{seat} deals (chosen at random)", ctx);
  for (auto& seat_boxes : s.boxes_) seat_boxes.fill(State::kEmpty);
  s.deal(ctx);
  s.start_turn(ctx);
  return s;
}

std::string Game::validate_deal(const Deal& deal) const {
  DealCheck check(deal, kDeck, "not a standard card");
  for (const std::string& why : {check.seats(config_.players), check.hand_sizes_at_most(kHandSize)})
    if (!why.empty()) return why;
  return check.cards(full_decks(config_));
}

// ---------------------------------------------------------------------------------------------
// The deal, the turn, the reveal

void State::deal(const ApplyContext* ctx) {
  const int n = config_.players;
  const CardMultiset all = full_decks(config_);
  const Deal* given = explicit_deal(ctx, deals_);
  bool used = false;
  if (given) {
    CardMultiset dealt;
    bool fits = static_cast<int>(given->hands.size()) == n;
    for (Seat s = 0; fits && s < n; ++s) {
      fits = static_cast<int>(given->hands[s].size()) == kHandSize;
      for (Card c : given->hands[s]) dealt.add(c);
    }
    if (fits && all.contains_all(dealt)) {
      for (Seat s = 0; s < n; ++s) hands_[s] = CardMultiset::of(given->hands[s]);
      stub_ = all - dealt;
      used = true;
    } else {
      emit(ctx, kEveryone,
           "explicit deal {number} does not give every seat 8 cards of the decks: not used, the "
           "cards are shuffled",
           [&] { return Event{.kind = EventKind::kNote, .number = deals_ + 1}; });
    }
  }
  if (!used) {
    stub_ = all;
    DrawPile pile;
    pile.add(all);
    for (int k = 0; k < kHandSize; ++k)
      for (int i = 1; i <= n; ++i) {
        const Card c = pile.draw(rng_);
        stub_.remove(c);
        hands_[(dealer_ + i) % n].add(c);
      }
  }
  ++deals_;
  report_deal(ctx, [&] {
    Deal d;
    for (Seat s = 0; s < n; ++s) d.hands.push_back(hands_[s].to_vector());
    d.pack = stub_.to_vector();
    return d;
  });
}

void State::start_turn(const ApplyContext* ctx) {
  phase_ = Phase::kMeld;
  chosen_ = SeatSet();
  pick_count_.fill(0);
  box_.fill(-1);
  suit_.fill(static_cast<std::uint8_t>(kNoSuit));
  announce_round(ctx, "turn {number} of {total}: every player chooses a meld", "", kTurns, 0);
  for (Seat s = 0; s < config_.players; ++s)
    emit(ctx, SeatSet::of(s), "your hand: {cards}", [&] {
      return Event{.kind = EventKind::kHand, .seat = s, .cards = hands_[s].to_vector()};
    });
}

bool State::may_pick_more(Seat seat) const {
  for (int b = pick_count_[seat]; b < kBoxes; ++b)  // box b holds b + 1 > picks cards
    if (boxes_[seat][b] == kEmpty) return true;
  return false;
}

int State::times_picked(Seat seat, Card c) const {
  int n = 0;
  for (int i = 0; i < pick_count_[seat]; ++i) n += picks_[seat][i] == c;
  return n;
}

CardMultiset State::picks_of(Seat seat) const {
  CardMultiset out;
  for (int i = 0; i < pick_count_[seat]; ++i) out.add(picks_[seat][i]);
  return out;
}

ActorMode State::mode() const {
  if (phase_ == Phase::kMeld || (phase_ == Phase::kSteal && group_all_.size() > 1))
    return ActorMode::kSimultaneous;
  return ActorMode::kTurn;
}

SeatSet State::actors() const {
  switch (phase_) {
    case Phase::kMeld:
      return SeatSet(SeatSet::first_n(config_.players).bits() & ~chosen_.bits());
    case Phase::kSteal:
      return group_;
    case Phase::kOver:
      break;
  }
  return SeatSet();
}

bool State::may_steal(Seat thief, Seat from, Card c) const {
  return from >= 0 && from < config_.players && from != thief && c < 64 && melds_[from].contains(c);
}

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (seat < 0 || seat >= config_.players) return;
  if (phase_ == Phase::kMeld) {
    if (chosen_.contains(seat)) return;
    if (pick_count_[seat] < kMaxMeld && may_pick_more(seat)) {
      // A card is pickable while a copy of it is not picked; a hand holds at most two copies.
      CardSet pickable = hands_[seat].kinds(), once;
      for (int i = 0; i < pick_count_[seat]; ++i) {
        const Card c = picks_[seat][i];
        if (once.contains(c) || hands_[seat].count(c) == 1)
          pickable.remove(c);
        else
          once.add(c);
      }
      out.push_cards(pickable, pick_move);
    }
    const int box = pick_count_[seat] - 1;
    if (box >= 0 && boxes_[seat][box] == kEmpty) {
      if (box == kDoctor && config_.declare)
        for (int suit = 0; suit < kSuits; ++suit) out.push(meld_move(box, suit));
      else
        out.push(meld_move(box));
    }
  } else if (phase_ == Phase::kSteal && group_.contains(seat)) {
    for (Seat from = 0; from < config_.players; ++from)
      if (from != seat)
        for (Card c : melds_[from].kinds()) out.push(steal_move(from, c));
    out.push(pass_move());
  }
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (Status st = refuse_when_closed(over(), seat, config_.players); !st.ok()) return st;
  const std::uint64_t payload = move_payload(move);
  if (phase_ == Phase::kMeld) {
    if (chosen_.contains(seat)) return Status::Error("you have already chosen your meld this turn");
    switch (move_kind(move)) {
      case kPickMove:
        return payload < 64 ? apply_pick(seat, static_cast<Card>(payload), ctx)
                            : Status::Error("not a card");
      case kMeldMove: {
        const int suit = static_cast<int>(payload >> 8);
        if (payload >> 16 || suit > kSuits || (payload & 0xFF) >= kBoxes)
          return Status::Error("no such box");
        return apply_meld(seat, static_cast<int>(payload & 0xFF), suit == 0 ? kNoSuit : suit - 1,
                          ctx);
      }
      case kStealMove:
      case kPassMove:
        return Status::Error("nobody steals now: choose your meld");
      default:
        return Status::Error("not an Indian Chief move");
    }
  }
  if (!group_.contains(seat)) {
    if (group_all_.contains(seat)) return Status::Error("you have already chosen what to steal");
    return Status::Error(kNotYourTurn);
  }
  switch (move_kind(move)) {
    case kStealMove:
    case kPassMove:
      return apply_steal(seat, move, ctx);
    case kPickMove:
    case kMeldMove:
      return Status::Error("the melds are revealed: steal a card or pass");
    default:
      return Status::Error("not an Indian Chief move");
  }
}

Status State::apply_pick(Seat seat, Card card, const ApplyContext* ctx) {
  if (!is_standard(card)) return Status::Error("not a standard card");
  if (pick_count_[seat] >= kMaxMeld || !may_pick_more(seat))
    return Status::Error(lasting_text("no unfilled box takes more than " +
                                      std::to_string(int(pick_count_[seat])) +
                                      " cards: meld the cards you have picked"));
  const int held = hands_[seat].count(card), picked = times_picked(seat, card);
  if (held == 0) return Status::Error(lasting_text("you do not hold " + card_text(card)));
  if (picked >= held)
    return Status::Error(lasting_text(held == 1
                                          ? "you have already picked " + card_text(card)
                                          : "you have already picked both " + card_text(card)));
  picks_[seat][pick_count_[seat]++] = card;
  emit(ctx, SeatSet::of(seat), "you pick {card} ({number} picked)", [&] {
    return Event{.kind = EventKind::kMeld,
                 .seat = seat,
                 .number = pick_count_[seat],
                 .card = card,
                 .label = "pick"};
  });
  return Status::Ok();
}

Status State::apply_meld(Seat seat, int box, int suit, const ApplyContext* ctx) {
  if (box < 0 || box >= kBoxes) return Status::Error("no such box");
  if (boxes_[seat][box] != kEmpty)
    return Status::Error(
        lasting_text(std::string("your ") + box_name(box) + " box is already filled (IC-A12)"));
  const bool names_suit = config_.declare && box == kDoctor;
  if (names_suit && suit == kNoSuit)
    return Status::Error("the Doctor names a suit (declare=true): e.g. 'meld doctor H'");
  if (!names_suit && suit != kNoSuit)
    return Status::Error("only the Doctor names a suit, and only with declare=true");
  if (suit != kNoSuit && suit >= kSuits) return Status::Error("not a suit");
  if (pick_count_[seat] != meld_size(box))
    return Status::Error(lasting_text(std::string("the ") + box_name(box) + " takes " +
                                      std::to_string(meld_size(box)) +
                                      (box == kThief ? " card" : " cards") + "; you have picked " +
                                      std::to_string(int(pick_count_[seat]))));
  box_[seat] = static_cast<std::int8_t>(box);
  suit_[seat] = static_cast<std::uint8_t>(suit);
  chosen_.add(seat);
  emit_with_public_half(ctx, SeatSet::of(seat), "you meld {label}: {cards}", "{seat} has chosen",
                        [&] {
                          return Event{.kind = EventKind::kMeld,
                                       .seat = seat,
                                       .suit = suit,
                                       .cards = first_cards(picks_[seat], pick_count_[seat]),
                                       .label = box_name(box)};
                        });
  if (chosen_.size() == config_.players) reveal(ctx);
  return Status::Ok();
}

void State::reveal(const ApplyContext* ctx) {
  const int n = config_.players;
  // The record of this turn replaces the last one only when the turn is complete: kept aside.
  TurnRecord turn;
  turn.turn = round_ + 1;
  turn.dealer = dealer_;
  turn.stole.fill(kNoCard);
  turn.stole_from.fill(-1);
  turn.suit.fill(static_cast<std::uint8_t>(kNoSuit));
  for (Seat s = 0; s < n; ++s) {
    for (int i = 0; i < pick_count_[s]; ++i) {
      const Card c = picks_[s][i];
      hands_[s].remove(c);
      melds_[s].add(c);
      if (known_[s].contains(c)) {  // a stolen card melded is no secret
        known_[s].remove(c);
        turn.known_melded[s] = static_cast<std::uint8_t>(turn.known_melded[s] | 1u << i);
      }
    }
    turn.box[s] = box_[s];
    turn.cards[s] = picks_[s];
  }
  for (Seat s = 0; s < n; ++s) {
    const int box = box_[s];
    int points = 0;
    if (box == kBeggar) {  // IC-A1..A3: each card of any other meld matching either rank, once
      const unsigned ranks = 1u << rank_of(picks_[s][0]) | 1u << rank_of(picks_[s][1]);
      for (Seat o = 0; o < n; ++o)
        if (o != s)
          for (int i = 0; i < pick_count_[o]; ++i)
            points += (ranks >> rank_of(picks_[o][i]) & 1) * 2;
    } else {
      int suit = suit_[s];
      if (box == kDoctor && suit == kNoSuit && doctor_qualifies(picks_[s].data())) {
        std::array<int, kSuits> in_suit{};
        for (int i = 0; i < meld_size(kDoctor); ++i) ++in_suit[suit_of(picks_[s][i])];
        suit = static_cast<int>(std::max_element(in_suit.begin(), in_suit.end()) - in_suit.begin());
      }
      // A Doctor names its suit only when it qualifies (it scores 0 otherwise).
      const bool named = box == kDoctor && doctor_qualifies(picks_[s].data());
      turn.suit[s] = static_cast<std::uint8_t>(named ? suit : kNoSuit);
      suit_[s] = turn.suit[s];  // a suit named for a Doctor that scores nothing is nobody's
      points = meld_score(box, picks_[s].data(), suit, config_.declare);
    }
    turn.points[s] = points;
    boxes_[s][box] = static_cast<std::int16_t>(points);
    scores_[s] += points;
  }
  for (Seat s = 0; s < n; ++s)
    emit(ctx, kEveryone, "{seat} melds {label} {cards}: {points:point/points} (total {total})",
         [&] {
           return Event{.kind = EventKind::kTurnUp,
                        .seat = s,
                        .points = turn.points[s],
                        .total = scores_[s],
                        .suit = box_[s] == kDoctor ? int(turn.suit[s]) : int(kNoSuit),
                        .cards = first_cards(picks_[s], pick_count_[s]),
                        .label = box_name(box_[s])};
         });
  pick_count_.fill(0);
  current_ = turn;
  thieves_ = SeatSet();
  if (round_ + 1 < kTurns)  // rule 5: no thefts and no refill after the seventh turn
    for (Seat s = 0; s < n; ++s)
      if (box_[s] == kThief) thieves_.add(s);
  next_thieves(ctx);
}

void State::next_thieves(const ApplyContext* ctx) {
  group_ = group_all_ = SeatSet();
  if (thieves_.empty()) {
    finish_turn(ctx);
    return;
  }
  int lowest = kRanks;
  for (Seat s : thieves_) lowest = std::min(lowest, thief_order(current_.cards[s][0]));
  for (Seat s : thieves_)
    if (thief_order(current_.cards[s][0]) == lowest) group_.add(s);
  group_all_ = group_;
  for (Seat s : group_) steal_[s] = kNoSteal;
  phase_ = Phase::kSteal;
  emit(ctx, kEveryone,
       group_.size() > 1 ? "{seats} hold thieves of the same rank: they choose together"
                         : "{seats} may steal a card",
       [&] { return Event{.kind = EventKind::kNote, .seats = group_}; });
}

Status State::apply_steal(Seat seat, Move move, const ApplyContext* ctx) {
  std::uint16_t choice = kNoSteal;
  if (move_kind(move) == kStealMove) {
    const std::uint64_t payload = move_payload(move);
    const Seat from = static_cast<Seat>(payload >> 8);
    const Card c = static_cast<Card>(payload & 0xFF);
    if (payload >> 16 != 0 || !may_steal(seat, from, c)) {
      if (from == seat) return Status::Error("a thief steals from another player's meld (IC-A9)");
      return Status::Error("that card is not in that meld (or is already taken)");
    }
    choice = static_cast<std::uint16_t>(payload);
  } else if (move_payload(move) != 0) {
    return Status::Error("not an Indian Chief move");
  }
  steal_[seat] = choice;
  group_.remove(seat);
  if (group_all_.size() > 1)
    emit_with_public_half(
        ctx, SeatSet::of(seat),
        choice == kNoSteal ? "you choose to take no card" : "you choose {card} from {other}",
        "{seat} has chosen", [&] {
          return Event{.kind = EventKind::kSteal,
                       .seat = seat,
                       .other = choice == kNoSteal ? kNoSeat : Seat(choice >> 8),
                       .card = choice == kNoSteal ? kNoCard : Card(choice & 0xFF),
                       .label = choice == kNoSteal ? "pass" : nullptr};
        });
  if (group_.empty()) resolve_group(ctx);
  return Status::Ok();
}

void State::resolve_group(const ApplyContext* ctx) {
  // IC-A8: a card chosen by more tied thieves than the meld holds copies of it is a clash, and
  // then nobody of the group steals.
  bool clash = false;
  for (Seat s : group_all_) {
    if (steal_[s] == kNoSteal) continue;
    int same = 0;
    for (Seat t : group_all_) same += steal_[t] == steal_[s];
    clash |= same > melds_[steal_[s] >> 8].count(static_cast<Card>(steal_[s] & 0xFF));
  }
  if (clash) {
    for (Seat s : group_all_) current_.clashed[s] = true;
    emit(ctx, kEveryone, "{seats} chose the same card: none of them steals",
         [&] { return Event{.kind = EventKind::kSteal, .seats = group_all_, .label = "clash"}; });
  } else {
    for (Seat s : group_all_) {
      if (steal_[s] == kNoSteal) {
        emit(ctx, kEveryone, "{seat} takes no card",
             [&] { return Event{.kind = EventKind::kSteal, .seat = s, .label = "pass"}; });
        continue;
      }
      const Seat from = static_cast<Seat>(steal_[s] >> 8);
      const Card c = static_cast<Card>(steal_[s] & 0xFF);
      melds_[from].remove(c);
      hands_[s].add(c);
      known_[s].add(c);
      current_.stole[s] = c;
      current_.stole_from[s] = static_cast<std::int8_t>(from);
      emit(ctx, kEveryone, "{seat} steals {card} from {other}'s meld",
           [&] { return Event{.kind = EventKind::kSteal, .seat = s, .other = from, .card = c}; });
    }
  }
  thieves_ = SeatSet(thieves_.bits() & ~group_all_.bits());
  next_thieves(ctx);
}

void State::finish_turn(const ApplyContext* ctx) {
  const int n = config_.players;
  group_ = group_all_ = SeatSet();
  if (round_ + 1 >= kTurns) {
    last_ = current_;
    ++rounds_completed_;
    end_round(true, {scores_.data(), std::size_t(n)}, {}, n, /*share_ties=*/true, kMatchEnd, ctx);
    phase_ = Phase::kOver;  // IC-A14: ties share the win
    return;
  }
  refill(ctx);
  last_ = current_;
  ++rounds_completed_;
  ++round_;  // the same dealer deals every turn of the game
  start_turn(ctx);
}

void State::refill(const ApplyContext* ctx) {
  const int n = config_.players;
  std::array<int, kMaxPlayers> need{};
  int total = 0;
  for (Seat s = 0; s < n; ++s) total += need[s] = kHandSize - hands_[s].size();
  CardMultiset melds;
  for (Seat s = 0; s < n; ++s) melds += melds_[s];
  std::array<CardMultiset, kMaxPlayers> got{};
  const int left = stub_.size();
  bool shortage = false;
  bool used = false;
  if (const Deal* given = explicit_deal(ctx, deals_)) {
    bool fits = static_cast<int>(given->hands.size()) == n;
    CardMultiset dealt;
    for (Seat s = 0; fits && s < n; ++s) {
      fits = static_cast<int>(given->hands[s].size()) == need[s];
      for (Card c : given->hands[s]) dealt.add(c);
    }
    const bool short_now = total > left;
    if (fits && (short_now ? stub_ + melds : stub_).contains_all(dealt)) {
      if (short_now) {
        stub_ += melds;
        melds = CardMultiset();
        shortage = true;
      }
      stub_ -= dealt;
      for (Seat s = 0; s < n; ++s) {
        got[s] = CardMultiset::of(given->hands[s]);
        hands_[s] += got[s];
      }
      used = true;
    } else {
      emit(ctx, kEveryone,
           "explicit deal {number} does not fit this refill: not used, the cards are shuffled",
           [&] { return Event{.kind = EventKind::kNote, .number = deals_ + 1}; });
    }
  }
  if (!used) {
    // Rule 5.4: one card at a time clockwise from the dealer's left, until every hand has 8.
    const bool listening = ctx && (ctx->events || ctx->dealt);
    const int copies = config_.decks();
    int size = left;
    Seat s = dealer_;
    while (total > 0) {
      s = s + 1 == n ? 0 : s + 1;
      if (need[s] == 0) continue;
      if (size == 0) {  // IC-A10: the remaining melds are shuffled into the stub at once
        stub_ += melds;
        size = melds.size();
        melds = CardMultiset();
        shortage = true;
      }
      // A uniform draw from the stub: a card id at random, kept with the chance of its copies
      // (rejection), or by position when the stub is small.
      Card c = kNoCard;
      if (4 * size >= 52 * copies) {
        for (;;) {  // one draw picks a card id and a copy of it: kept if the stub has that copy
          const int r = static_cast<int>(rng_.below(static_cast<std::uint32_t>(52 * copies)));
          c = static_cast<Card>(r / copies);
          if (r % copies < stub_.count(c)) break;
        }
      } else {
        c = stub_.nth(static_cast<int>(rng_.below(static_cast<std::uint32_t>(size))));
      }
      --size;
      stub_.remove(c);
      hands_[s].add(c);
      if (listening) got[s].add(c);
      --need[s];
      --total;
    }
  }
  if (shortage)
    emit(ctx, kEveryone,
         "the stub ran out: the melds were shuffled into it and the dealing went on (IC-A10)",
         [] { return Event{.kind = EventKind::kNote}; });
  current_.shortage = shortage;
  // Rule 5.5: the melds go back into the stub, which is shuffled.
  stub_ += melds;
  stub_known_ = melds;
  for (Seat s = 0; s < n; ++s) melds_[s] = CardMultiset();
  ++deals_;
  report_deal(ctx, [&] {
    Deal d;
    for (Seat s = 0; s < n; ++s) d.hands.push_back(got[s].to_vector());
    d.pack = stub_.to_vector();
    return d;
  });
  for (Seat s = 0; s < n; ++s)
    if (!got[s].empty())
      emit_with_public_half(ctx, SeatSet::of(s), "you are dealt {cards}",
                            "{seat} is dealt {number:card/cards}", [&] {
                              return Event{.kind = EventKind::kHand,
                                           .seat = s,
                                           .number = got[s].size(),
                                           .cards = got[s].to_vector(),
                                           .label = "dealt"};
                            });
}

std::optional<RoundReplay<State>> State::round_replay() const {
  if (over()) return std::nullopt;
  const int n = config_.players;
  RoundReplay<State> r{*this, {}};
  State& s = r.start;
  s.pick_count_.fill(0);
  s.chosen_ = s.thieves_ = s.group_ = s.group_all_ = SeatSet();
  s.box_.fill(-1);
  s.suit_.fill(static_cast<std::uint8_t>(kNoSuit));
  s.phase_ = Phase::kMeld;
  if (phase_ == Phase::kMeld) {
    for (Seat p = 0; p < n; ++p) {
      for (int i = 0; i < pick_count_[p]; ++i) r.moves.emplace_back(p, pick_move(picks_[p][i]));
      if (chosen_.contains(p)) r.moves.emplace_back(p, meld_move(box_[p], suit_[p]));
    }
    return r;
  }
  // The melds revealed: back in the hands, their points off the score card, the thefts undone.
  s.current_ = last_;
  for (Seat p = 0; p < n; ++p) {
    const int box = current_.box[p];
    const Card* cards = current_.cards[p].data();
    s.melds_[p] = CardMultiset();
    for (int i = 0; i < meld_size(box); ++i) {
      s.hands_[p].add(cards[i]);
      if ((current_.known_melded[p] >> i) & 1) s.known_[p].add(cards[i]);
      r.moves.emplace_back(p, pick_move(cards[i]));
    }
    if (current_.stole[p] != kNoCard) {
      s.hands_[p].remove(current_.stole[p]);
      s.known_[p].remove(current_.stole[p]);
    }
    s.boxes_[p][box] = kEmpty;
    s.scores_[p] -= current_.points[p];
    int suit = kNoSuit;
    if (box == kDoctor && config_.declare) {
      suit = current_.suit[p];
      if (suit == kNoSuit) {
        std::array<int, kSuits> in_suit{};
        for (int i = 0; i < meld_size(kDoctor); ++i) ++in_suit[suit_of(cards[i])];
        suit = static_cast<int>(std::max_element(in_suit.begin(), in_suit.end()) - in_suit.begin());
      }
    }
    r.moves.emplace_back(p, meld_move(box, suit));
  }
  // The thieves in rank order (IC-A7), each group's choices (steal_) in seat order: the groups
  // done, then those of the group stealing now that have chosen.
  const auto choice = [&](Seat p) {
    return steal_[p] == kNoSteal ? pass_move() : steal_move(steal_[p] >> 8, steal_[p] & 0xFF);
  };
  const int now = group_all_.empty() ? kRanks : thief_order(current_.cards[group_all_.lowest()][0]);
  for (int order = 0; order < now; ++order)
    for (Seat p = 0; p < n; ++p)
      if (current_.box[p] == kThief && thief_order(current_.cards[p][0]) == order)
        r.moves.emplace_back(p, choice(p));
  for (Seat p : group_all_)
    if (!group_.contains(p)) r.moves.emplace_back(p, choice(p));
  return r;
}

// ---------------------------------------------------------------------------------------------
// Text, views, resample, piles

nlohmann::json State::view(Seat seat) const {
  const int n = config_.players;
  const bool player = seat >= 0 && seat < n;
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["rounds"] = kTurns;
  v["round_name"] = "turn";
  v["phase"] = phase_ == Phase::kMeld ? "meld" : phase_ == Phase::kSteal ? "steal" : "over";
  v["decks"] = config_.decks();
  if (player) {
    v["hand"] = cards_json(phase_ == Phase::kMeld ? hands_[seat] - picks_of(seat) : hands_[seat]);
    nlohmann::json picked = nlohmann::json::array();
    if (phase_ == Phase::kMeld)
      for (int i = 0; i < pick_count_[seat]; ++i) picked.push_back(card_text(picks_[seat][i]));
    v["picked"] = picked;
    v["my_meld"] = phase_ == Phase::kMeld && chosen_.contains(seat)
                       ? nlohmann::json(box_word(box_[seat]))
                       : nlohmann::json(nullptr);
  }
  nlohmann::json sizes = nlohmann::json::array(), chosen = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    sizes.push_back(hands_[s].size());
    chosen.push_back(phase_ == Phase::kMeld && chosen_.contains(s));
  }
  v["hand_sizes"] = sizes;
  v["chosen"] = chosen;
  v["stub_size"] = stub_.size();
  // The melds of this turn, face up once all are in (and after the last turn): per seat its box,
  // the cards as revealed, the cards still there after thefts, and the points.
  nlohmann::json melds = nullptr;
  if (phase_ != Phase::kMeld) {
    melds = nlohmann::json::array();
    for (Seat s = 0; s < n; ++s)
      melds.push_back(
          {{"box", box_word(current_.box[s])},
           {"cards", card_list(first_cards(current_.cards[s], meld_size(current_.box[s])))},
           {"left", cards_json(melds_[s])},
           {"points", current_.points[s]}});
  }
  v["melds"] = melds;
  v["thieves"] = phase_ == Phase::kSteal ? nlohmann::json(thieves_.to_vector()) : nlohmann::json();
  v["stealing"] =
      phase_ == Phase::kSteal ? nlohmann::json(group_all_.to_vector()) : nlohmann::json();
  // The score card (a generic key the terminal draws as a grid): a row per box, a cell per seat.
  nlohmann::json rows = nlohmann::json::array(), cells = nlohmann::json::array();
  for (int b = 0; b < kBoxes; ++b)
    rows.push_back(std::string(kNames[b]) + " (" + std::to_string(meld_size(b)) + ")");
  for (Seat s = 0; s < n; ++s) {
    nlohmann::json col = nlohmann::json::array();
    for (int b = 0; b < kBoxes; ++b)
      col.push_back(boxes_[s][b] == kEmpty ? nlohmann::json(nullptr)
                                           : nlohmann::json(boxes_[s][b]));
    cells.push_back(col);
  }
  v["score_card"] = {{"rows", rows}, {"seats", cells}};
  // One line per seat for the table: who has chosen, then the melds on the table.
  nlohmann::json notes = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    std::string note;
    if (phase_ == Phase::kMeld) {
      note = chosen_.contains(s) ? "has chosen" : "choosing";
      if (s == seat && chosen_.contains(s)) note += std::string(": ") + box_name(box_[s]);
    } else {
      const int box = current_.box[s];
      note = box_name(box);
      for (int i = 0; i < meld_size(box); ++i) note += " " + card_text(current_.cards[s][i]);
      note += ": " + std::to_string(current_.points[s]);
      if (melds_[s].size() < meld_size(box) && phase_ == Phase::kSteal) {
        note += " (left:";
        for (Card c : melds_[s].to_vector()) note += " " + card_text(c);
        note += ")";
      }
      if (current_.stole[s] != kNoCard)
        note += ", stole " + card_text(current_.stole[s]) + " from " +
                seat_text(current_.stole_from[s]);
      if (group_all_.contains(s)) note += group_.contains(s) ? ", to steal" : ", has chosen";
    }
    notes.push_back(note);
  }
  v["seat_notes"] = notes;
  v["board_keys"] = {"picked", "stub_size"};

  // The table: the stub in the middle; before each seat its meld of this turn (the viewer's picks
  // while choosing; every meld face up once revealed, as it lies after thefts).
  TableLayout t(seat);
  t.add_pile("stub", "Stub", kNoSeat, stub_.size());
  for (Seat s = 0; s < n; ++s) {
    const std::string id = "meld" + std::to_string(s);
    if (phase_ == Phase::kMeld) {
      if (s == seat) {
        std::vector<Card> picked(picks_[s].begin(), picks_[s].begin() + pick_count_[s]);
        t.add(id, ZoneKind::kMeld,
              chosen_.contains(s) ? std::string(box_name(box_[s])) + " (chosen)" : "Your meld", s,
              picked);
      } else {
        // How many cards another seat picked is its secret until the melds are revealed.
        t.add(id, ZoneKind::kMeld, chosen_.contains(s) ? "Chosen" : "Choosing", s,
              std::span<const Card>{});
      }
      continue;
    }
    const int box = current_.box[s];
    std::string label = std::string(box_name(box)) + ": " + std::to_string(current_.points[s]);
    if (current_.stole[s] != kNoCard)
      label += ", stole " + t.card(current_.stole[s]) + " from " + t.who(current_.stole_from[s]);
    t.add(id, ZoneKind::kMeld, std::move(label), s, melds_[s].to_vector());
  }
  if (player && phase_ == Phase::kMeld && !chosen_.contains(seat)) {
    std::string empty;
    for (int b = 0; b < kBoxes; ++b)
      if (boxes_[seat][b] == kEmpty) empty += (empty.empty() ? "" : ", ") + std::string(kNames[b]);
    t.fact("Your empty boxes", empty);
  }
  switch (phase_) {
    case Phase::kMeld:
      t.status(t.turn(actors(), "pick cards and meld"));
      break;
    case Phase::kSteal:
      t.status("Thieves steal: " + t.turn(actors(), "steal or pass"));
      break;
    case Phase::kOver: {
      t.status(t.game_over(winners()));
      break;
    }
  }
  std::move(t).write_to(v);
  return v;
}

nlohmann::json State::last_round(Seat) const {
  // Everything of a completed turn is public: the melds were revealed and the thefts seen.
  const int n = config_.players;
  const TurnRecord& r = last_;
  nlohmann::json j;
  j["round"] = r.turn;
  j["dealer"] = r.dealer;
  nlohmann::json boxes = nlohmann::json::array(), cards = nlohmann::json::array(),
                 points = nlohmann::json::array(), suits = nlohmann::json::array(),
                 stole = nlohmann::json::array(), from = nlohmann::json::array(),
                 clashed = nlohmann::json::array(), names = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) {
    boxes.push_back(box_word(r.box[s]));
    names.push_back(box_name(r.box[s]));
    nlohmann::json meld = nlohmann::json::array();
    for (int i = 0; i < meld_size(r.box[s]); ++i) meld.push_back(card_text(r.cards[s][i]));
    cards.push_back(meld);
    points.push_back(r.points[s]);
    suits.push_back(r.box[s] == kDoctor ? suit_json(r.suit[s]) : nlohmann::json(nullptr));
    stole.push_back(r.stole[s] == kNoCard ? nlohmann::json(nullptr)
                                          : nlohmann::json(card_text(r.stole[s])));
    from.push_back(r.stole[s] == kNoCard ? nlohmann::json(nullptr)
                                         : nlohmann::json(r.stole_from[s]));
    clashed.push_back(r.clashed[s]);
  }
  j.update({{"melds", boxes},
            {"meld_cards", cards},
            {"doctor_suit", suits},
            {"points", points},
            {"stole", stole},
            {"stole_from", from},
            {"clashed", clashed},
            {"shortage", r.shortage},
            {"sheet", nlohmann::json::array({{{"title", "meld"}, {"seats", names}},
                                             {{"title", "stole"}, {"seats", stole}}})}});
  return j;
}

State State::resample(Seat observer, Rng& rng) const {
  return resample_world(*this, rng, [&](State& w) {
    const int n = config_.players;
    const bool player = observer >= 0 && observer < n;
    // Hidden places: the stub and every other seat's hand (its picks and chosen meld included),
    // less the cards everyone knows are there (stolen cards, the melds returned to the stub).
    std::array<DealSlot, kMaxPlayers + 1> slots{};
    std::array<Seat, kMaxPlayers> hidden{};
    int h = 0;
    CardMultiset pool = stub_ - stub_known_;
    slots[0].count = pool.size();
    for (Seat p = 0; p < n; ++p) {
      if (player && p == observer) continue;
      const CardMultiset unknown = hands_[p] - known_[p];
      pool += unknown;
      hidden[h++] = p;
      slots[h].count = unknown.size();
    }
    std::array<CardMultiset, kMaxPlayers + 1> out{};
    const bool ok = deal_constrained(pool, {slots.data(), std::size_t(h + 1)},
                                     {out.data(), std::size_t(h + 1)}, rng);
    CARDROOM_ASSERT(ok, "resample found no deal consistent with the state");
    w.stub_ = ok ? stub_known_ + out[0] : CardMultiset();
    for (int i = 0; i < h; ++i) {
      const Seat p = hidden[i];
      w.hands_[p] = ok ? known_[p] + out[i + 1] : CardMultiset();
      // While the seats choose, its picks are hidden: none are kept, not even past the count
      // (stale slots would still name the true cards). Once revealed (the steal phase) they are
      // the melds everyone saw, kept for round_replay.
      if (phase_ == Phase::kMeld) {
        w.pick_count_[p] = 0;
        w.picks_[p] = {};
      }
      if (phase_ == Phase::kMeld && chosen_.contains(p)) {
        // Its meld: some unfilled box, some cards of its hand (the truth is one of them).
        std::array<int, kBoxes> open{};
        int count = 0;
        for (int b = 0; b < kBoxes; ++b)
          if (boxes_[p][b] == kEmpty) open[count++] = b;
        const int box = open[rng.below(static_cast<std::uint32_t>(count))];
        w.box_[p] = static_cast<std::int8_t>(box);
        w.suit_[p] = static_cast<std::uint8_t>(
            config_.declare && box == kDoctor ? static_cast<int>(rng.below(kSuits)) : kNoSuit);
        CardMultiset from = w.hands_[p];
        int size = from.size();
        for (int k = 0; k < meld_size(box); ++k) w.picks_[p][k] = draw(from, size--, rng);
        w.pick_count_[p] = static_cast<std::int8_t>(meld_size(box));
      }
      if (phase_ == Phase::kSteal && group_all_.contains(p) && !group_.contains(p)) {
        // A tied thief's hidden choice: any card of another meld, or none.
        MoveList<kMaxMoves> options;
        for (Seat from = 0; from < n; ++from)
          if (from != p)
            for (Card c : melds_[from].kinds()) options.push(steal_move(from, c));
        options.push(pass_move());
        const Move m = options[static_cast<int>(rng.below(std::uint32_t(options.size())))];
        w.steal_[p] =
            move_kind(m) == kPassMove ? kNoSteal : static_cast<std::uint16_t>(move_payload(m));
      }
    }
  });
}

std::vector<Pile> State::piles() const {
  std::vector<Pile> out;
  for (Seat s = 0; s < config_.players; ++s) {
    const CardMultiset picked = phase_ == Phase::kMeld ? picks_of(s) : CardMultiset();
    out.push_back(Pile{"hand " + seat_text(s), SeatSet::of(s), (hands_[s] - picked).to_vector()});
    if (phase_ == Phase::kMeld)
      out.push_back(Pile{"meld " + seat_text(s), SeatSet::of(s), picked.to_vector()});
    else
      out.push_back(Pile{"meld " + seat_text(s), kEveryone, melds_[s].to_vector()});
  }
  out.push_back(Pile{"stub", SeatSet(), stub_.to_vector()});
  return out;
}

const char* State::check() const {
  const int n = config_.players;
  CardMultiset all = stub_;
  int filled = -1;
  for (Seat s = 0; s < n; ++s) {
    all += hands_[s];
    all += melds_[s];
    int f = 0;
    for (int b = 0; b < kBoxes; ++b) f += boxes_[s][b] != kEmpty;
    if (filled >= 0 && f != filled) return "players have filled different numbers of boxes";
    filled = f;
    if (!hands_[s].contains_all(known_[s])) return "a known card is not in its hand";
    if (phase_ == Phase::kMeld) {
      if (hands_[s].size() != kHandSize) return "a hand does not hold 8 cards";
      if (pick_count_[s] < 0 || pick_count_[s] > kMaxMeld) return "bad pick count";
      if (!hands_[s].contains_all(picks_of(s))) return "a picked card is not in its hand";
      if (chosen_.contains(s) &&
          (box_[s] < 0 || pick_count_[s] != meld_size(box_[s]) || boxes_[s][box_[s]] != kEmpty))
        return "a chosen meld does not fit its box";
      if (!melds_[s].empty()) return "a meld lies on the table while players choose";
    }
  }
  if (!stub_.contains_all(stub_known_)) return "a card known in the stub is not there";
  if (all != full_decks(config_)) return "cards are not conserved";
  if (filled != (phase_ == Phase::kMeld ? round_ : round_ + 1))
    return "boxes filled do not match the turn";
  int total = 0;
  for (Seat s = 0; s < n; ++s) {
    int sum = 0;
    for (int b = 0; b < kBoxes; ++b) sum += boxes_[s][b] == kEmpty ? 0 : boxes_[s][b];
    if (sum != scores_[s]) return "a score is not the sum of its boxes";
    total += sum;
  }
  (void)total;
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Move text

std::string State::move_text(Move move) const {
  const std::uint64_t p = move_payload(move);
  switch (move_kind(move)) {
    case kPickMove:
      return "pick " + card_text(static_cast<Card>(p));
    case kMeldMove: {
      std::string out = std::string("meld ") + box_word(static_cast<int>(p & 0xFF));
      if (p >> 8) out += std::string(" ") + suit_char(static_cast<int>(p >> 8) - 1);
      return out;
    }
    case kStealMove:
      return "steal " + card_text(static_cast<Card>(p & 0xFF)) + " " +
             seat_text(static_cast<Seat>(p >> 8));
    case kPassMove:
      return "pass";
  }
  return "?";
}

std::optional<Move> State::parse_move(Seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  const MoveWords& w = in.words();
  if (in.verb() == "meld") {
    // "meld chief", "meld indian chief", "meld beggar man", "meld doctor H" (declare=true).
    const std::string rest = w.rest();
    for (int b = kBoxes - 1; b >= 0; --b)
      for (const std::string& alias : {lower(kNames[b]), std::string(kWords[b])}) {
        if (rest == alias) return meld_move(b);
        if (b == kDoctor && rest.starts_with(alias + " ")) {
          const std::string suit_word = rest.substr(alias.size() + 1);
          const int suit = parse_suit(suit_word);
          if (suit == kNoSuit) return in.fail("'" + suit_word + "' is not a suit (S, H, D, C)");
          return meld_move(b, suit);
        }
      }
    return in.fail(rest.empty() ? "'meld' needs a box: thief, beggar, poor, lawyer, rich, doctor "
                                  "or chief (e.g. 'meld chief')"
                                : "'" + rest +
                                      "' is not a box (thief, beggar, poor, lawyer, rich, "
                                      "doctor, chief)");
  }
  if (in.verb() == "steal") {
    if (w.size() < 3) return in.fail("'steal' needs a card and a seat, e.g. 'steal 7H S2'");
    const std::string seat_word = w[w.size() - 1];
    const auto card = parse_card(w[1]);
    if (!card || !is_standard(*card)) return in.fail("'" + w[1] + "' is not a card");
    const std::string digits =
        seat_word.starts_with("s") ? seat_word.substr(1) : std::string(seat_word);
    const auto seat = parse_number(digits, 0, kMaxPlayers - 1);
    if (!seat || !(w.size() == 3 || (w.size() == 4 && w[2] == "from")))
      return in.fail("'steal' needs a card and a seat, e.g. 'steal 7H S2' or 'steal 7H from S2'");
    return steal_move(*seat, *card);
  }
  if (in.joined() == "pass") return pass_move();
  return in.card_move("pick", "'pick' needs a card, e.g. 'pick 7H'", {}, true, pick_move,
                      "'" + std::string(text) +
                          "' is not an Indian Chief move (try 'pick C', 'meld <box>', 'steal C "
                          "S2', 'pass')");
}

std::vector<ObservationField> Game::observation_fields() const {
  const std::vector<std::string> boxes = {"thief", "beggar", "poor", "lawyer",
                                          "rich",  "doctor", "chief"};
  auto f = obs::common({"meld", "steal", "over"}, 7, 8, 60);
  obs::append(
      f, {
             obs::cards("/picked", "the cards this seat has picked this turn (copies counted)"),
             obs::choice("/my_meld", boxes, "the meld this seat has chosen"),
             obs::number("/chosen/{seat}", 1, "whether each seat has chosen"),
             obs::number("/stub_size", 104, "the cards left in the stub"),
             obs::choice("/melds/{seat}/box", boxes, "each seat's revealed meld"),
             obs::cards("/melds/{seat}/cards", "each seat's revealed meld cards"),
             obs::number("/melds/{seat}/points", 60, "the points of each seat's meld"),
             obs::seat("/thieves", "the seats that played the thief"),
             obs::seat("/stealing", "the seats stealing now"),
             obs::number_or_none("/score_card/seats/{seat}/{7}", 60,
                                 "each seat's score card, one entry per meld box"),
         });
  return f;
}

std::string State::move_label(Move move) const {
  MoveData d = describe_move(move_text(move));
  // "steal 7C S2": from whose meld.
  if (d.verb == "steal" && d.cards.size() == 1) {
    const std::string text = move_text(move);
    return "steal " + card_label(d.cards[0]) + " from " + text.substr(text.rfind(' ') + 1);
  }
  // "meld poor": the box by its name, "meld Poor Man" ("meld Doctor in ♥" with its suit).
  if (move_kind(move) == kMeldMove) {
    const std::uint64_t payload = move_payload(move);
    const int box = static_cast<int>(payload & 0xFF);
    const int suit = static_cast<int>((payload >> 8) & 0xFF) - 1;
    if (box >= 0 && box < kBoxes)
      return std::string("meld ") + box_name(box) +
             (suit >= 0 && suit < kSuits ? " in " + std::string(suit_symbol(suit)) : "");
  }
  return d.label;
}

}  // namespace cardroom::indian_chief
