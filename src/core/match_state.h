// The bookkeeping every game's State keeps, as a base class: its options, its RNG (all chance in
// the match comes from it), the dealer, how many deals and rounds are done, the winners and the
// record of the last completed round.
//
//   class State : public MatchState<Config> { ... };
//   State Game::new_match(seed, ...) const { State s(config_, seed); ... }
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

#include "core/game_support.h"
#include "core/rng.h"
#include "core/seats.h"

namespace cardroom {

// What the end of a match says: the game over with one winning seat or team (`won`, with
// {seats}), with tied ones sharing the win (`shared`), and the note that a tie is played off.
struct MatchEndText {
  const char* won;
  const char* shared;
  const char* tie_note;
};

// A game that keeps no record of its rounds beyond the state.
struct NoRoundRecord {
  bool operator==(const NoRoundRecord&) const = default;
};

template <class ConfigT, class RecordT = NoRoundRecord>
class MatchState {
 public:
  // The last completed round as the game records it (its summary is last_round(seat)).
  const RecordT& last_round_record() const { return last_; }
  const ConfigT& config() const { return config_; }
  Seat dealer() const { return dealer_; }
  int round_index() const { return round_; }  // 0-based, extra and tie-break rounds included
  int deals_dealt() const { return deals_; }
  int rounds_completed() const { return rounds_completed_; }
  SeatSet winners() const { return winners_; }
  bool operator==(const MatchState&) const = default;

 protected:
  MatchState() = default;
  MatchState(const ConfigT& config, std::uint64_t seed) : config_(config), rng_(seed) {}

  // The first dealer a record gives (a seat of `seats`; anything else means "choose per the
  // rules"): takes it and says "S2 deals first". False when none is given.
  bool take_first_dealer(int first_dealer, int seats, const ApplyContext* ctx) {
    if (first_dealer < 0 || first_dealer >= seats) return false;
    dealer_ = static_cast<std::int8_t>(first_dealer);
    emit(ctx, kEveryone, "{seat} deals first",
         [&] { return Event{.kind = EventKind::kDealer, .seat = first_dealer}; });
    return true;
  }
  // Everyone draws a card from the shuffled `deck`; the seat whose card has the highest
  // `value(card)` deals first, and tied seats draw again from a fresh shuffle. Each draw is an
  // event (`draw_format` with {seat_cards}), and so is the result (`dealer_format` with {seat}).
  template <class Value>
  void draw_for_dealer(CardSet deck, int seats, Value&& value, const char* draw_format,
                       const char* dealer_format, const ApplyContext* ctx) {
    SeatSet drawing = SeatSet::first_n(seats);
    for (;;) {
      std::array<Card, 64> cards{};
      int n = 0;
      for (Card c : deck) cards[n++] = c;
      rng_.shuffle(cards.data(), n);
      int next = 0;
      std::array<Card, kMaxSeats> drawn{};
      for (Seat s : drawing) drawn[s] = cards[next++];
      emit(ctx, kEveryone, draw_format, [&] {
        Event e{.kind = EventKind::kDealer, .seats = drawing};
        for (Seat s : drawing) e.cards.push_back(drawn[s]);
        return e;
      });
      auto best = value(drawn[drawing.lowest()]);
      for (Seat s : drawing) best = std::max(best, value(drawn[s]));
      SeatSet top;
      for (Seat s : drawing)
        if (value(drawn[s]) == best) top.add(s);
      if (top.size() == 1) {
        dealer_ = static_cast<std::int8_t>(top.lowest());
        emit(ctx, kEveryone, dealer_format,
             [&] { return Event{.kind = EventKind::kDealer, .seat = dealer_}; });
        return;
      }
      drawing = top;
    }
  }
  // resample's world: a copy of `state` whose RNG is reseeded from `rng` (future deals are unknown
  // too) and, while the match is on, whose hidden cards `redeal(world)` draws afresh.
  template <class S, class Redeal>
  static S resample_world(const S& state, Rng& rng, Redeal&& redeal) {
    S world = state;
    world.rng_.reseed(rng.next());
    if (!state.over()) redeal(world);
    return world;
  }
  // "round 3 of 9: S2 deals 6 cards each" (`regular`, in the game's first `rounds` rounds) or
  // "round 10 (extra): ..." (`extra`): the start of a round, with {number} {total} {seat} {amount}
  // (`cards_each`).
  void announce_round(const ApplyContext* ctx, const char* regular, const char* extra, int rounds,
                      int cards_each) const {
    const bool in_game = round_ < rounds;
    emit(ctx, kEveryone, in_game ? regular : extra, [&] {
      return Event{.kind = EventKind::kRoundStart,
                   .seat = dealer_,
                   .number = round_ + 1,
                   .amount = cards_each,
                   .total = in_game ? rounds : 0};
    });
  }
  // The explicit deal for the deal about to be made when its hands have `hand_size` cards; one of
  // another size is not used (the round is shuffled) and a public note says so. `round_word`
  // names a round in the note ("round", "hand").
  const Deal* explicit_deal_of_size(const ApplyContext* ctx, int hand_size,
                                    const char* round_word) const {
    const Deal* deal = explicit_deal(ctx, deals_);
    if (!deal || static_cast<int>(deal->hands[0].size()) == hand_size) return deal;
    emit(ctx, kEveryone,
         std::string_view(round_word) == "hand"
             ? "explicit deal {number} has hands of {scores.0} cards but this hand deals "
               "{scores.1}: not used, the cards are shuffled"
             : "explicit deal {number} has hands of {scores.0} cards but this round deals "
               "{scores.1}: not used, the cards are shuffled",
         [&] {
           return Event{.kind = EventKind::kNote,
                        .number = deals_ + 1,
                        .scores = {static_cast<int>(deal->hands[0].size()), hand_size}};
         });
    return nullptr;
  }
  // The first dealer: the one a record gives, else a random seat (from the match's RNG). True
  // when it was given.
  bool choose_first_dealer(int first_dealer, int seats) {
    const bool given = first_dealer >= 0 && first_dealer < seats;
    dealer_ = static_cast<std::int8_t>(given ? first_dealer : rng_.below(seats));
    return given;
  }
  // choose_first_dealer, announced to everyone by a kDealer event: `given_format` when a record
  // gave the dealer, else `random_format` ("{seat} deals first (chosen at random)").
  void choose_and_announce_first_dealer(int first_dealer, int seats, const char* given_format,
                                        const char* random_format, const ApplyContext* ctx) {
    const bool given = choose_first_dealer(first_dealer, seats);
    emit(ctx, kEveryone, given ? given_format : random_format,
         [&] { return Event{.kind = EventKind::kDealer, .seat = dealer_}; });
  }
  // The next round: the deal passes `step` seats on (+1 left, -1 right).
  void next_round(int seats, int step = 1) {
    ++round_;
    dealer_ = static_cast<std::int8_t>((dealer_ + step + seats) % seats);
  }
  // At the end of a round: after the last regular round (`last`), when one unit (a seat, or a
  // team of `teams`) leads with its total, or when ties are shared (a game's [flag] option), the
  // match is over: its winners are the seats of the units on top, and a public event says so.
  // Otherwise the deal passes to the next round (next_round): after the last round an extra one,
  // which the public tie note says. `totals[u]` per unit. True when the match is over.
  bool end_round(bool last, std::span<const int> totals, const Teams& teams, int seats,
                 bool share_ties, const MatchEndText& text, const ApplyContext* ctx) {
    if (!last) {
      next_round(seats);
      return false;
    }
    const int best = *std::max_element(totals.begin(), totals.end());
    int leaders = 0;
    for (int total : totals) leaders += total == best;
    if (leaders != 1 && !share_ties) {
      emit(ctx, kEveryone, text.tie_note, [] { return Event{.kind = EventKind::kNote}; });
      next_round(seats);
      return false;
    }
    winners_ = SeatSet();
    for (Seat s = 0; s < seats; ++s)
      if (totals[teams.count > 0 ? teams.team_of[s] : s] == best) winners_.add(s);
    emit(ctx, kEveryone, leaders == 1 ? text.won : text.shared,
         [&] { return Event{.kind = EventKind::kGameOver, .seats = winners_}; });
    return true;
  }
  // actors() of a game where one seat acts at a time: `seat`, or nobody once the match is over.
  static SeatSet one_actor(bool over, Seat seat) { return over ? SeatSet() : SeatSet::of(seat); }

  ConfigT config_{};
  Rng rng_;
  std::int8_t dealer_ = 0;
  std::int32_t round_ = 0;  // the round (hand) in progress, 0-based (32 bits: a Nuts match has
                            // no limit on hands)
  std::int32_t deals_ = 0;
  std::int32_t rounds_completed_ = 0;
  SeatSet winners_;
  RecordT last_{};
};

}  // namespace cardroom
