// The trick-play core: one implementation of playing cards to tricks, for every trick game.
//
// A trick game keeps a TrickPlay in its state. TrickPlay holds every seat's hand, the trick in
// progress and the completed tricks of the round, who is to play, tricks won per seat, the cards
// everyone knows each seat lacks (voids shown by failing to follow), and the game's rules policy;
// it plays a card, finds the trick's winner and the next leader, and redeals the hidden hands for
// `resample`. The game writes only what is its own: the policy (how a card may be played, who
// wins, who plays next, when a round ends early), the bidding and the scoring.
//
// A policy is a small copyable struct with the round's rule data (a trump suit, whether trumps are
// broken) and these members, called by the core with the trick so far:
//
//   CardSet playable(CardSet hand, const TrickSoFar& t) const;     cards the hand may play now
//   const char* why_not(CardSet hand, const TrickSoFar& t, Card card) const;
//                                             the reason a held card outside playable() is refused
//   CardSet shown_lacking(const TrickSoFar& t, Card card) const;   what everyone learns the player
//                                             does not hold by playing `card` now (voids)
//   void on_play(const TrickSoFar& t, Card card);   rule data that play changes (trumps broken)
//   int winner(const TrickSoFar& t) const;          index in play order of the winning card of a
//                                             complete trick; -1 when it is drawn (the leader
//                                             leads again)
//   static Seat next_seat(Seat s, int seats);       who plays after s (clockwise: s + 1)
//   static constexpr bool kClockwise;               whether next_seat is s + 1
//   template <class P> bool decided(const P& position) const;   the round ends before its last
//                                             trick (Truc's early end)
//
// FollowSuit below gives the plain family's answers (follow the suit led if you can, a card off
// the led suit shows a void, clockwise, never decided early) and a game's policy derives from it
// and replaces only what differs. TrickPosition is the plain position a search works on (hands as
// card sets, the trick so far, the leader, the policy): it plays cards with the same code as the
// game, so a solver covers every trick game without knowing which one it is.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>

#include "core/assert.h"
#include "core/constrained_deal.h"
#include "core/game.h"
#include "core/game_support.h"
#include "games/common/tricks.h"

namespace cardroom::tricks {

// The trick in progress as a policy sees it.
struct TrickSoFar {
  const Card* cards = nullptr;  // in play order
  int count = 0;                // cards played so far; 0 while leading
  Seat leader = 0;
  Card led() const { return count > 0 ? cards[0] : kNoCard; }
};

// The plain family's rules: follow the suit led when you can. Games derive and replace members.
struct FollowSuit {
  CardSet playable(CardSet hand, const TrickSoFar& t) const {
    return follow_options(hand, t.led());
  }
  const char* why_not(CardSet, const TrickSoFar&, Card) const { return "you must follow suit"; }
  CardSet shown_lacking(const TrickSoFar& t, Card card) const {
    if (t.count == 0) return CardSet();
    const CardSet led_suit = CardSet::suit_with(t.cards[0]);
    return led_suit.contains(card) ? CardSet() : led_suit;
  }
  void on_play(const TrickSoFar&, Card) {}
  static Seat next_seat(Seat s, int seats) { return s + 1 == seats ? 0 : s + 1; }
  static constexpr bool kClockwise = true;  // next_seat is s + 1
  template <class Position>
  bool decided(const Position&) const {
    return false;
  }
  bool operator==(const FollowSuit&) const = default;
};

// Follow suit; the highest trump wins, else the highest card of the suit led (kNoSuit: no trumps).
struct PlainTrumps : FollowSuit {
  std::uint8_t trump = kNoSuit;
  int winner(const TrickSoFar& t) const { return trick_winner(t.cards, t.count, trump); }
  bool operator==(const PlainTrumps&) const = default;
};

// The seat that plays the i-th card of a trick led by `leader` (i < seats).
template <class Policy>
Seat nth_seat(Seat leader, int i, int seats) {
  if constexpr (Policy::kClockwise) {
    const Seat s = leader + i;
    return s >= seats ? s - seats : s;
  } else {
    for (int k = 0; k < i; ++k) leader = Policy::next_seat(leader, seats);
    return leader;
  }
}

// What one card played did.
struct PlayResult {
  bool trick_complete = false;
  int trick = 0;          // index of the trick the card went to
  int winning_card = 0;   // when complete: index in play order, -1 for a draw
  Seat winner = kNoSeat;  // when complete: the seat that won it (kNoSeat for a draw)
  bool round_over = false;
};

// The position a search needs: hands, the trick so far, whose turn, tricks taken, the policy.
template <class Policy, int MaxSeats>
struct TrickPosition {
  Policy policy{};
  std::array<CardSet, MaxSeats> hands{};
  std::array<Card, MaxSeats> trick{};  // the trick so far, in play order
  std::array<std::int8_t, MaxSeats> tricks_won{};
  CardSet played;  // every card played this round
  std::int8_t seats = 0;
  std::int8_t count = 0;  // cards in the trick so far
  std::int8_t leader = 0;
  std::int8_t to_play = 0;
  std::int8_t trick_no = 0;  // tricks completed
  std::int8_t tricks = 0;    // tricks in the round
  bool over = false;         // the round's play is finished

  TrickSoFar current() const { return {trick.data(), count, leader}; }
  // The cards `seat` may play if it were to play now.
  CardSet playable(Seat seat) const { return policy.playable(hands[seat], current()); }
  // The seat that played the i-th card of the current trick.
  Seat seat_of(int i) const { return nth_seat<Policy>(leader, i, seats); }
  // `to_play` plays `card`, which must be legal. Completes the trick when everyone has played.
  [[gnu::always_inline]] PlayResult play(Card card) {
    CARDROOM_ASSERT(!over && hands[to_play].contains(card), "a card played that is not held");
    PlayResult r;
    r.trick = trick_no;
    policy.on_play(current(), card);
    hands[to_play].remove(card);
    played.add(card);
    trick[count++] = card;
    if (count < seats) {
      to_play = static_cast<std::int8_t>(Policy::next_seat(to_play, seats));
      return r;
    }
    r.trick_complete = true;
    r.winning_card = policy.winner(current());
    r.winner = r.winning_card < 0 ? kNoSeat : seat_of(r.winning_card);
    if (r.winner != kNoSeat) ++tricks_won[r.winner];
    ++trick_no;
    count = 0;
    if (r.winner != kNoSeat) leader = static_cast<std::int8_t>(r.winner);
    to_play = leader;
    over = trick_no == tricks || policy.decided(*this);
    r.round_over = over;
    return r;
  }
  // Plays the round's cards out at random: at each turn the playable card random_card draws,
  // the card a game's random_move plays (core/game.h); returns the cards played. tricks_won then
  // holds the round's tricks. A policy may give its own `static int play_out(Position&, Rng&)`
  // that does the same faster (the same cards drawn, the same position at the end).
  int play_out(Rng& rng) {
    if constexpr (requires { Policy::play_out(*this, rng); })
      return Policy::play_out(*this, rng);
    else
      return play_out_card_by_card(rng);
  }
  int play_out_card_by_card(Rng& rng) {
    int played_now = 0;
    for (; !over; ++played_now) play(random_card(playable(to_play), rng));
    return played_now;
  }
  bool operator==(const TrickPosition&) const = default;
};

// What a trick game hands the double-dummy solver (bots/trick_solver.h) while a card is to be
// played: its State's `std::optional<SolverTask<...>> solver_task() const` returns one whenever the
// seat to move is to play a card to a trick (nullopt in every other phase), and the registry then
// offers AnyState::solve for the game (core/solve.h). The position holds every hand as the state
// has it: on the true state the solver sees everything, which is why players only ever call it on
// worlds drawn by resample(seat, rng).
template <class Policy, int MaxSeats>
struct SolverTask {
  TrickPosition<Policy, MaxSeats> position;
  // The side each seat plays for: seats with the same number pool their tricks (partners); in
  // games where each seat scores alone, side[s] = s. The solver's other seats play against it.
  std::array<std::int8_t, MaxSeats> side{};
  // The round score of each side by its trick total at the end of the round:
  // scores[side * (position.tricks + 1) + t]. Empty: a side's score is its trick count.
  std::vector<int> scores;
  // The move that plays a card (the game's play_move).
  Move (*card_move)(Card) = nullptr;
  // Whether, within each standard suit, only the order of the cards' ids matters to the rules
  // (ascending or descending alike) and cards of id 52 and above play no part in that order: the
  // solver then treats adjacent cards as one and keys its table on relative ranks. False for games
  // whose rules look at a card's rank itself (a colon covering ranks, a card with its own role).
  bool rank_order = true;
};

// The tricks of a round as played, the one in progress too: for views, round records, replays.
template <int MaxSeats, int MaxTricks>
struct TrickHistory {
  std::array<std::array<Card, MaxSeats>, MaxTricks> cards{};  // play order
  std::array<std::int8_t, MaxTricks> leader{};
  std::array<std::int8_t, MaxTricks> winner{};  // kNoSeat for a drawn trick
  bool operator==(const TrickHistory&) const = default;
};

// One round's trick play. Hands are set by the game's deal (set_hand, give, take) before play
// begins; begin_play starts the first trick; play() plays the card of the seat to play.
template <class Policy, int MaxSeats, int MaxTricks>
class TrickPlay {
 public:
  using PolicyType = Policy;
  using Position = TrickPosition<Policy, MaxSeats>;
  using History = TrickHistory<MaxSeats, MaxTricks>;

  // A new round: empty hands, nothing known, no tricks.
  void new_round(int seats) {
    CARDROOM_ASSERT(seats > 0 && seats <= MaxSeats, "too many seats for this trick game");
    pos_ = Position();
    pos_.seats = static_cast<std::int8_t>(seats);
    excluded_ = {};
    history_ = History();
  }
  // Starts the play: `tricks` tricks, `leader` leads the first, under `policy`.
  void begin_play(int tricks, Seat leader, const Policy& policy) {
    CARDROOM_ASSERT(tricks > 0 && tricks <= MaxTricks, "too many tricks for this trick game");
    pos_.policy = policy;
    pos_.tricks = static_cast<std::int8_t>(tricks);
    pos_.trick_no = 0;
    pos_.count = 0;
    pos_.over = false;
    pos_.leader = pos_.to_play = static_cast<std::int8_t>(leader);
    history_.leader[0] = static_cast<std::int8_t>(leader);
  }

  // Hands.
  CardSet hand(Seat s) const { return pos_.hands[s]; }
  void set_hand(Seat s, CardSet cards) { pos_.hands[s] = cards; }
  void give(Seat s, CardSet cards) { pos_.hands[s] |= cards; }
  void take(Seat s, CardSet cards) { pos_.hands[s] -= cards; }
  // Cards everyone knows `s` does not hold (voids shown; a game may add what else is known).
  CardSet excluded(Seat s) const { return excluded_[s]; }
  void exclude(Seat s, CardSet cards) { excluded_[s] |= cards; }
  // The places of a trick game's cards (State::piles): each hand (seen by its seat), the undealt
  // `pack` (seen by nobody) and the cards played to tricks (face up).
  std::vector<Pile> piles(CardSet pack) const {
    std::vector<Pile> out;
    for (Seat s = 0; s < pos_.seats; ++s)
      out.push_back(make_pile("hand " + seat_text(s), SeatSet::of(s), pos_.hands[s]));
    out.push_back(make_pile("pack", SeatSet(), pack));
    out.push_back(make_pile("tricks", kEveryone, pos_.played));
    return out;
  }
  // Deals order[0..count) one card at a time, clockwise from `first` (card i to seat first + i);
  // returns the cards dealt.
  CardSet deal_one_at_a_time(const Card* order, int count, Seat first) {
    CardSet dealt;
    Seat s = first;
    for (int i = 0; i < count; ++i) {
      pos_.hands[s].add(order[i]);
      dealt.add(order[i]);
      if (++s == pos_.seats) s = 0;
    }
    return dealt;
  }
  // Every seat's hand from an explicit deal (a card set per hand); returns all the cards dealt.
  CardSet take_hands(const Deal& deal) {
    CardSet used;
    for (Seat s = 0; s < pos_.seats; ++s) {
      pos_.hands[s] = CardSet();
      for (Card c : deal.hands[s]) pos_.hands[s].add(c);
      used |= pos_.hands[s];
    }
    return used;
  }
  // "your hand: ..." to every seat, each seeing its own.
  void emit_hands(const ApplyContext* ctx, CardNames names = {}) const {
    for (Seat s = 0; s < pos_.seats; ++s) emit_hand(ctx, s, pos_.hands[s], names);
  }
  // The round's deal as an explicit deal (ApplyContext::dealt): every hand, then `pack`.
  Deal as_deal(std::vector<Card> pack) const {
    Deal d;
    for (Seat s = 0; s < pos_.seats; ++s)
      d.hands.push_back({pos_.hands[s].begin(), pos_.hands[s].end()});
    d.pack = std::move(pack);
    return d;
  }

  // The play.
  int seats() const { return pos_.seats; }
  int tricks() const { return pos_.tricks; }
  Seat to_play() const { return pos_.to_play; }
  int trick_number() const { return pos_.trick_no; }  // completed tricks = the one in progress
  int trick_size() const { return pos_.count; }       // cards in the trick in progress
  bool round_over() const { return pos_.over; }
  Seat leader() const { return pos_.leader; }  // of the trick in progress
  Card led() const { return pos_.current().led(); }
  int tricks_won(Seat s) const { return pos_.tricks_won[s]; }
  CardSet played() const { return pos_.played; }
  const Policy& policy() const { return pos_.policy; }
  Policy& policy() { return pos_.policy; }
  const Position& position() const { return pos_; }
  const History& history() const { return history_; }
  // The i-th card played to `trick` (completed, or the one in progress).
  Card card(int trick, int i) const { return history_.cards[trick][i]; }
  Seat leader_of(int trick) const { return history_.leader[trick]; }
  Seat winner_of(int trick) const { return history_.winner[trick]; }
  Seat seat_of(int trick, int i) const {
    return nth_seat<Policy>(history_.leader[trick], i, pos_.seats);
  }
  // Every card played this round, in order: (seat, card). For replaying a round (RoundReplay).
  std::vector<std::pair<Seat, Card>> played_in_order() const {
    std::vector<std::pair<Seat, Card>> out;
    for (int t = 0; t <= pos_.trick_no && t < pos_.tricks; ++t) {
      const int count = t < pos_.trick_no ? pos_.seats : pos_.count;
      for (int i = 0; i < count; ++i) out.emplace_back(seat_of(t, i), card(t, i));
    }
    return out;
  }
  // Back to before the round's first card, for replaying a round (RoundReplay): each hand holds
  // its cards played again; no trick, nothing known of any hand, the default policy (as after
  // new_round). What the game set in the play before its first card (the policy's rule data,
  // cards excluded) comes back only by replaying the decisions that set it.
  void unplay() {
    std::array<CardSet, MaxSeats> hands{};
    for (Seat s = 0; s < pos_.seats; ++s) hands[s] = pos_.hands[s];
    for (const auto& [seat, c] : played_in_order()) hands[seat].add(c);
    new_round(pos_.seats);
    pos_.hands = hands;
  }
  // How many cards `s` has played to the trick in progress (0 or 1).
  int played_to_current(Seat s) const {
    for (int i = 0; i < pos_.count; ++i)
      if (pos_.seat_of(i) == s) return 1;
    return 0;
  }

  // The cards the seat to play may play (whatever the game's turn order says).
  CardSet playable(Seat seat) const { return pos_.playable(seat); }
  // Why `seat` may not play `card` now, or nullptr if it may.
  [[gnu::always_inline]] const char* reject(Seat seat, Card card) const {
    if (!pos_.hands[seat].contains(card)) return "you do not hold that card";
    if (!playable(seat).contains(card))
      return pos_.policy.why_not(pos_.hands[seat], pos_.current(), card);
    return nullptr;
  }
  // The seat to play plays `card` (checked with reject first): what everyone learns about its hand
  // is recorded, the trick completes when all have played, and the winner leads the next.
  [[gnu::always_inline]] PlayResult play(Card card) {
    const Seat seat = pos_.to_play;
    excluded_[seat] |= pos_.policy.shown_lacking(pos_.current(), card);
    const int trick = pos_.trick_no;
    history_.cards[trick][pos_.count] = card;
    PlayResult r = pos_.play(card);
    if (r.trick_complete) {
      history_.winner[trick] = static_cast<std::int8_t>(r.winner);
      if (!r.round_over) history_.leader[pos_.trick_no] = pos_.leader;
    }
    return r;
  }

  // resample: redeals every hand but the observer's, then the hidden `pack` (when given), keeping
  // `known[s]` in seat s's hand and honouring excluded(s). Seats in order, the pack last.
  bool redeal_hidden_hands(Seat observer, std::span<const CardSet> known, CardSet* pack, Rng& rng) {
    std::array<HiddenPlace, MaxSeats + 1> places{};
    int n = 0;
    for (Seat p = 0; p < pos_.seats; ++p) {
      if (p == observer) continue;
      places[n++] = HiddenPlace{&pos_.hands[p], known.empty() ? CardSet() : known[p],
                                CardSet(~excluded_[p].bits())};
    }
    if (pack) places[n++] = HiddenPlace{pack, CardSet(), CardSet(~std::uint64_t{0})};
    const bool ok = redeal_hidden({places.data(), static_cast<std::size_t>(n)}, rng);
    CARDROOM_ASSERT(ok,
                    "resample found no deal consistent with the state: the game's constraints "
                    "contradict it");
    return ok;
  }

  // resample for games whose hidden cards lie in more places than the hands and one pack
  // (centre packets, a declarer's discards): redeals the hands of `seats` (keeping `known[s]` in
  // seat s's hand, honouring excluded(s)), then the game's `extra` places, in that order.
  bool redeal_hidden_hands(SeatSet seats, std::span<const CardSet> known,
                           std::span<const HiddenPlace> extra, Rng& rng) {
    std::array<HiddenPlace, MaxSeats + kMaxDealSlots> places{};
    CARDROOM_ASSERT(extra.size() <= kMaxDealSlots, "too many hidden places");
    int n = 0;
    for (Seat p : seats)
      places[n++] = HiddenPlace{&pos_.hands[p], known.empty() ? CardSet() : known[p],
                                CardSet(~excluded_[p].bits())};
    for (const HiddenPlace& place : extra) places[n++] = place;
    const bool ok = redeal_hidden({places.data(), static_cast<std::size_t>(n)}, rng);
    CARDROOM_ASSERT(ok,
                    "resample found no deal consistent with the state: the game's constraints "
                    "contradict it");
    return ok;
  }

  bool operator==(const TrickPlay&) const = default;

 private:
  Position pos_;
  std::array<CardSet, MaxSeats> excluded_{};
  History history_;
};

// The events of a card played (see play_card), from the play after it: out of the play path,
// which runs millions of times a second in simulations with no one listening.
template <class Play>
[[gnu::noinline]] void emit_card_played(const Play& play, Seat seat, Card card,
                                        const ApplyContext* ctx, CardNames names) {
  emit(
      ctx, kEveryone, "{seat} plays {card}",
      [&] { return Event{.kind = EventKind::kPlay, .seat = seat, .card = card}; }, names);
  if (play.trick_size() != 0) return;  // the trick goes on
  const int trick = play.trick_number() - 1;
  const Seat winner = play.winner_of(trick);
  Card best = kNoCard;
  for (int i = 0; i < play.seats(); ++i)
    if (play.seat_of(trick, i) == winner) best = play.card(trick, i);
  emit(
      ctx, kEveryone,
      winner == kNoSeat ? "trick {number}: a draw (both teams tied for the best card)"
                        : "trick {number} to {seat} ({card})",
      [&] {
        return Event{.kind = EventKind::kTrick, .seat = winner, .number = trick + 1, .card = best};
      },
      names);
}

// A card played to a trick, as every trick game does it: refused with the rules' reason (nothing
// changes), or played with the events "S1 plays TD" and, when the trick is complete, "trick 3 to
// S0 (2D)" or "trick 2: a draw (both teams tied for the best card)". `result` says what the card
// did; the game then ends the round when result->round_over. The caller has checked that `seat`
// is the one to play.
template <class Play>
[[gnu::always_inline]] inline Status play_card(Play& play, Seat seat, Card card,
                                               const ApplyContext* ctx, PlayResult* result,
                                               CardNames names = {}) {
  if (const char* why = play.reject(seat, card)) return Status::Error(why);
  const PlayResult r = play.play(card);
  *result = r;
  if (wants_events(ctx)) emit_card_played(play, seat, card, ctx, names);
  return Status::Ok();
}

// A play move (its payload a card id) in a game whose round simply ends with its last trick:
// refused when it is not time to play (`playing` false) or the payload is no card, else played
// with play_card, and `end_round()` runs when the round is over.
template <class Play, class EndRound>
[[gnu::always_inline]] inline Status play_move(Play& play, bool playing, Seat seat,
                                               std::uint64_t payload, const ApplyContext* ctx,
                                               EndRound&& end_round, CardNames names = {}) {
  if (!playing) return Status::Error("it is not time to play a card");
  if (payload >= 64) return Status::Error("not a card");
  PlayResult r;
  Status st = play_card(play, seat, static_cast<Card>(payload), ctx, &r, names);
  if (st.ok() && r.round_over) end_round();
  return st;
}

// The read access every trick game's State offers players, tests and interfaces, answered by its
// TrickPlay: `class State : public MatchState<Config>, public tricks::TrickAccess<State>` with a
// `const TrickPlay& trick_play() const`.
template <class Derived>
class TrickAccess {
 public:
  CardSet hand(Seat seat) const { return play().hand(seat); }
  int trick_number() const { return play().trick_number(); }  // 0-based, the trick in progress
  int trick_size() const { return play().trick_size(); }      // cards in the trick in progress
  // The leader of the trick in progress (after the last trick: of the last trick).
  Seat trick_leader() const {
    const int t = play().trick_number();
    return play().leader_of(t < play().tricks() ? t : std::max(0, play().tricks() - 1));
  }
  Card trick_card(int trick, int i) const { return play().card(trick, i); }
  Seat trick_winner_of(int trick) const { return play().winner_of(trick); }
  Seat trick_leader_of(int trick) const { return play().leader_of(trick); }
  CardSet played_this_round() const { return play().played(); }
  // Suits `seat` has shown void in this round (bit s: suit s).
  unsigned void_suits(Seat seat) const {
    unsigned out = 0;
    for (int suit = 0; suit < kSuits; ++suit)
      if (play().excluded(seat).contains_all(CardSet::suit(suit))) out |= 1u << suit;
    return out;
  }
  bool operator==(const TrickAccess&) const = default;

 private:
  const auto& play() const { return static_cast<const Derived&>(*this).trick_play(); }
};

// The seats that played a trick's cards, in play order, from its leader.
template <class Policy>
nlohmann::json trick_seats_json(Seat leader, int count, int seats) {
  nlohmann::json out = nlohmann::json::array();
  for (int i = 0; i < count; ++i, leader = Policy::next_seat(leader, seats)) out.push_back(leader);
  return out;
}

// The view keys of the trick play (core/game.h, trick games): "trick" (the trick in progress, or
// null when `in_play` is false), "tricks" (completed this round, each with its winner, null for a
// draw) and "tricks_won" (per seat).
template <class Play>
void add_trick_view(nlohmann::json& v, const Play& play, bool in_play, CardNames names = {}) {
  using Policy = typename Play::PolicyType;
  const int n = play.seats();
  nlohmann::json tricks = nlohmann::json::array();
  const int complete = in_play ? play.trick_number() : 0;
  for (int t = 0; t < complete; ++t) {
    nlohmann::json cards = nlohmann::json::array();
    for (int i = 0; i < n; ++i) cards.push_back(card_text(play.card(t, i), names));
    tricks.push_back(
        {{"leader", play.leader_of(t)},
         {"seats", trick_seats_json<Policy>(play.leader_of(t), n, n)},
         {"cards", cards},
         {"winner", play.winner_of(t) == kNoSeat ? nlohmann::json(nullptr)
                                                 : nlohmann::json(play.winner_of(t))}});
  }
  v["tricks"] = tricks;
  if (in_play) {
    nlohmann::json cards = nlohmann::json::array();
    const int t = play.trick_number();
    for (int i = 0; i < play.trick_size(); ++i) cards.push_back(card_text(play.card(t, i), names));
    v["trick"] = {{"leader", play.leader()},
                  {"seats", trick_seats_json<Policy>(play.leader(), play.trick_size(), n)},
                  {"cards", cards}};
  } else {
    v["trick"] = nullptr;
  }
}

// A round record's tricks as JSON: [{"leader", "cards", "winner"}], `count` tricks, with "seats"
// (who played each card) when play does not go clockwise (Truc): round summaries keep the shape
// they were published with.
template <class Policy, int MaxSeats, int MaxTricks>
nlohmann::json history_json(const TrickHistory<MaxSeats, MaxTricks>& h, int count, int seats,
                            CardNames names = {}) {
  nlohmann::json tricks = nlohmann::json::array();
  for (int t = 0; t < count; ++t) {
    nlohmann::json cards = nlohmann::json::array();
    for (int i = 0; i < seats; ++i) cards.push_back(card_text(h.cards[t][i], names));
    nlohmann::json trick = {
        {"leader", h.leader[t]},
        {"cards", cards},
        {"winner", h.winner[t] == kNoSeat ? nlohmann::json(nullptr) : nlohmann::json(h.winner[t])}};
    if (!Policy::kClockwise) trick["seats"] = trick_seats_json<Policy>(h.leader[t], seats, seats);
    tricks.push_back(trick);
  }
  return tricks;
}

}  // namespace cardroom::tricks
