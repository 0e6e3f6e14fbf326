#include "games/truc/truc.h"

#include <algorithm>
#include <bit>
#include <cctype>

#include "core/deal_check.h"
#include "core/game_support.h"
#include "core/move_data.h"
#include "core/move_text.h"
#include "core/table_layout.h"

namespace cardroom::truc {

namespace {

SeatSet team_seats(int t) { return SeatSet((0b0101u) << t); }

const char* raise_name(int value) { return value == 2 ? "truc" : "retruc"; }

// The kinds of decision State::decisions_ keeps (3 bits each, never 0). A rejected raise and a
// fold on eleven end the hand, so they never stand in it.
enum Decision : int {
  kPlayed = 1,       // a card (accepting a pending raise when the responder plays it)
  kPlayedAndRaised,  // a card with truc or retruc
  kRaised,           // truc or retruc alone
  kAccepted,         // accept
  kSignalled,        // a signal
  kWentOnEleven,     // go on eleven
};
constexpr int kDecisionBits = 3;

}  // namespace

// ---------------------------------------------------------------------------------------------
// Options

const ConfigOptions<Config>& Config::options() {
  static const auto options =
      ConfigOptions<Config>()
          .add(OptionSpec::integer("eleven_fold_points", 1, 0, 3,
                                   "TRUC-A9: when the team on 11 declines to play, the opponents "
                                   "score this many points (ruling: 1, the last agreed value)"),
               &Config::eleven_fold_points)
          .add(OptionSpec::boolean("signals", true,
                                   "team signals: 'signal three|two|ace|strong|weak', once per "
                                   "player per hand, seen only by the partner"),
               &Config::signals);
  return options;
}

int Policy::winner(const tricks::TrickSoFar& t) const {
  int best = -1;
  for (int i = 0; i < t.count; ++i) best = std::max(best, strength(t.cards[i]));
  int first = -1;
  unsigned teams = 0;
  for (int i = 0; i < t.count; ++i)
    if (strength(t.cards[i]) == best) {
      if (first < 0) first = i;
      teams |= 1u << ((t.leader + kPlayers - i) % kPlayers % 2);
    }
  return teams == 3u ? -1 : first;  // TRUC-A1: partners tied: the earlier one
}

// ---------------------------------------------------------------------------------------------
// Game

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s(config_, seed);
  s.choose_and_announce_first_dealer(
      first_dealer, kPlayers,
      "{seat} deals first; teams S0+S2 and S1+S3; play goes to the right (S3, S2, S1, S0, ...)",
      "{seat} deals first (chosen at random); teams S0+S2 and S1+S3; play goes to the right (S3, "
      "S2, S1, S0, ...)",
      ctx);
  s.start_hand(ctx);
  return s;
}

std::string Game::validate_deal(const Deal& deal) const {
  DealCheck check(deal, kDeck, "not in the Truc deck (no 8, 9 or 10)");
  if (auto why = check.seats(kPlayers); !why.empty()) return why;
  const std::size_t size = deal.hands[0].size();
  if (size != 3 && size != 1)
    return "hand of S0 has " + std::to_string(size) + " cards (needs 3, or 1 for a one-card deal)";
  for (const std::string& why : {check.same_sizes(), check.cards()})
    if (!why.empty()) return why;
  return "";
}

// ---------------------------------------------------------------------------------------------
// State: hands

Seat State::eleven_decider() const {
  // The member of the team on eleven who plays first (the eldest, or the one after him).
  const Seat e = eldest();
  return e % 2 == eleven_team_ ? e : next_seat(e);
}

void State::start_hand(const ApplyContext* ctx) {
  cut_ = -1;
  eleven_team_ = -1;
  eleven_ = -1;
  stake_ = 1;
  pending_ = 0;
  raiser_ = -1;
  truc_team_ = -1;
  raises_ = 0;
  raise_ = {};
  signals_ = {-1, -1, -1, -1};
  decisions_ = 0;
  play_.new_round(kPlayers);
  pack_ = kDeck;
  emit(ctx, kEveryone,
       "hand {number}: {seat} deals; {other} leads; score S0+S2 {scores.0}, S1+S3 {scores.1}", [&] {
         return Event{.kind = EventKind::kRoundStart,
                      .seat = dealer_,
                      .other = eldest(),
                      .number = round_ + 1,
                      .scores = {scores_[0], scores_[1]}};
       });
  const bool any_eleven = scores_[0] == kEleven || scores_[1] == kEleven;
  if (any_eleven) {
    // TRUC-A4: three cards are compulsory, so the cut decides nothing and is not offered.
    deal(3, ctx);
    if ((scores_[0] == kEleven) != (scores_[1] == kEleven)) {
      eleven_team_ = static_cast<std::int8_t>(scores_[0] == kEleven ? 0 : 1);
      phase_ = Phase::kEleven;
      emit(ctx, kEveryone,
           "{seats+:has/have} 11: {seat} decides for the team to play the hand for 3 ('go') or "
           "decline ('fold')",
           [&] {
             return Event{.kind = EventKind::kNote,
                          .seat = eleven_decider(),
                          .team = eleven_team_,
                          .seats = team_seats(eleven_team_)};
           });
      return;
    }
    emit(ctx, kEveryone, "both teams have 11: the winner of this hand wins",
         [&] { return Event{.kind = EventKind::kNote}; });
    begin_play();
    return;
  }
  phase_ = Phase::kCut;
  emit(ctx, kEveryone, "{seat} is offered the cut ('cut' or 'tap')",
       [&] { return Event{.kind = EventKind::kNote, .seat = (dealer_ + 1) % kPlayers}; });
}

void State::deal(int cards, const ApplyContext* ctx) {
  cards_ = static_cast<std::int8_t>(cards);
  std::array<Card, kDeckSize> order{};
  int n = 0;
  if (const Deal* given = explicit_deal(ctx, deals_)) {
    // The given hands (their first `cards` cards), the given pack, any other cards shuffled below.
    CardSet used;
    for (Seat s = 0; s < kPlayers; ++s)
      for (int k = 0; k < static_cast<int>(given->hands[s].size()); ++k) {
        if (k < cards) play_.give(s, CardSet::of(given->hands[s][k]));
        used.add(given->hands[s][k]);
      }
    for (Seat s = 0; s < kPlayers; ++s)
      for (int k = cards; k < static_cast<int>(given->hands[s].size()); ++k)
        order[n++] = given->hands[s][k];
    for (Card c : given->pack) {
      order[n++] = c;
      used.add(c);
    }
    const int first_rest = n;
    for (Card c : kDeck - used) order[n++] = c;
    rng_.shuffle(order.data() + first_rest, n - first_rest);
  } else {
    for (Card c : kDeck) order[n++] = c;
    rng_.shuffle(order.data(), n);
    // Dealt one at a time to the right, from the eldest.
    int k = 0;
    for (int round = 0; round < cards; ++round)
      for (Seat s = eldest(), i = 0; i < kPlayers; ++i, s = next_seat(s))
        play_.give(s, CardSet::of(order[k++]));
    std::copy(order.begin() + k, order.begin() + n, order.begin());
    n -= k;
  }
  pack_ = CardSet();
  for (int i = 0; i < n; ++i) pack_.add(order[i]);
  ++deals_;
  report_deal(ctx, [&] { return play_.as_deal(card_vector(pack_)); });
  if (wants_events(ctx)) {
    emit(ctx, kEveryone, "{seat} deals {amount:card/cards} each",
         [&] { return Event{.kind = EventKind::kDealer, .seat = dealer_, .amount = cards}; });
    play_.emit_hands(ctx);
  }
}

void State::begin_play() {
  phase_ = Phase::kPlay;
  Policy policy;
  policy.dealer_opponents = static_cast<std::int8_t>(dealer_opponents());
  play_.begin_play(cards_, eldest(), policy);
}

void State::finish_hand(int winning_team, int ending, const ApplyContext* ctx) {
  const int points = ending == 2 ? config_.eleven_fold_points : stake_;
  scores_[winning_team] += points;
  last_ = HandRecord{.hand = round_ + 1,
                     .dealer = dealer_,
                     .cut = cut_,
                     .cards = cards_,
                     .eleven_team = eleven_team_,
                     .eleven = eleven_,
                     .tricks_played = static_cast<std::int8_t>(play_.trick_number()),
                     .tricks = play_.history(),
                     .raises = raises_,
                     .raise = raise_,
                     .stake = static_cast<std::int8_t>(points),
                     .winning_team = static_cast<std::int8_t>(winning_team),
                     .ending = static_cast<std::int8_t>(ending)};
  last_.points[winning_team] = points;
  ++rounds_completed_;
  static const char* const kFormats[3] = {
      "{seats+:wins/win} the hand: {points:point/points} (score S0+S2 {scores.0}, S1+S3 "
      "{scores.1})",
      "{seats+:scores/score} after the rejected raise: {points:point/points} (score S0+S2 "
      "{scores.0}, S1+S3 {scores.1})",
      "{seats+:scores/score}: the team on 11 declined: {points:point/points} (score S0+S2 "
      "{scores.0}, S1+S3 {scores.1})"};
  emit(ctx, kEveryone, kFormats[ending], [&] {
    return Event{.kind = EventKind::kScore,
                 .team = winning_team,
                 .points = points,
                 .total = scores_[winning_team],
                 .seats = team_seats(winning_team),
                 .scores = {scores_[0], scores_[1]}};
  });
  if (scores_[winning_team] >= kTarget) {
    phase_ = Phase::kOver;
    winners_ = team_seats(winning_team);
    emit(ctx, kEveryone, "game over; winners: {seats+}",
         [&] { return Event{.kind = EventKind::kGameOver, .seats = winners_}; });
    return;
  }
  next_round(kPlayers, -1);  // the deal passes to the right
  start_hand(ctx);
}

// ---------------------------------------------------------------------------------------------
// State: moves

SeatSet State::actors() const {
  switch (phase_) {
    case Phase::kCut:
      return SeatSet::of((dealer_ + 1) % kPlayers);
    case Phase::kDealChoice:
      return SeatSet::of(dealer_);
    case Phase::kEleven:
      return SeatSet::of(eleven_decider());
    case Phase::kPlay:
      return SeatSet::of(pending_ ? next_seat(raiser_) : play_.to_play());
    case Phase::kOver:
      break;
  }
  return SeatSet();
}

int State::next_raise() const {
  if (phase_ != Phase::kPlay || pending_) return 0;
  if (eleven_ == 1) return 0;  // TRUC-A9: the hand on eleven is worth 3, no raises
  if (stake_ == 1 && raises_ == 0) return 1;
  if (stake_ == 2 && raises_ == 1) return 2;  // TRUC-A8: no raise beyond 3
  return 0;
}

bool State::may_raise(Seat seat) const {
  const int next = next_raise();
  return next == 1 || (next == 2 && seat % 2 != truc_team_);  // TRUC-A7
}

int State::raise_available(Seat seat) const {
  if (seat != play_.to_play() || !may_raise(seat)) return 0;
  return next_raise();
}

bool State::play_ends_hand(Seat seat, Card card) const {
  (void)seat;  // the seat to play
  if (play_.trick_size() + 1 < kPlayers) return false;
  TrickPlay probe = play_;
  return probe.play(card).round_over;
}

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (!actors().contains(seat)) return;
  switch (phase_) {
    case Phase::kCut:
      out.push(cut_move(false));
      out.push(cut_move(true));
      return;
    case Phase::kDealChoice:
      out.push(deal_move(1));
      out.push(deal_move(3));
      return;
    case Phase::kEleven:
      out.push(eleven_move(false));
      out.push(eleven_move(true));
      break;
    case Phase::kPlay: {
      const bool my_turn_to_play = seat == play_.to_play();
      const CardSet hand = play_.hand(seat);
      if (pending_) {
        // The responder answers; on its own turn to play, playing a card accepts (TRUC-A5).
        if (my_turn_to_play)
          for (Card c : hand) out.push(play_move(c));
        out.push(answer_move(false));
        out.push(answer_move(true));
        break;
      }
      const int raise = raise_available(seat);
      for (Card c : hand) out.push(play_move(c));
      if (raise) {
        // Calling after one's card needs the hand to go on after it.
        for (Card c : hand)
          if (!play_ends_hand(seat, c)) out.push(play_move(c, raise));
        out.push(raise_move(raise));
      }
      break;
    }
    case Phase::kOver:
      return;
  }
  if (config_.signals && signals_[seat] < 0 && phase_ != Phase::kCut &&
      phase_ != Phase::kDealChoice)
    for (int i = 0; i < kSignals; ++i) out.push(signal_move(i));
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (Status st = refuse_when_closed(over(), seat, kPlayers); !st.ok()) return st;
  if (!actors().contains(seat)) {
    if (pending_) return Status::Error("a raise is waiting for its answer");
    return Status::Error(kNotYourTurn);
  }
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kCutMove:
      if (phase_ != Phase::kCut) return Status::Error("it is not time to cut");
      if (payload > 1) return Status::Error("not a Truc move");
      cut_ = static_cast<std::int8_t>(payload);
      emit(ctx, kEveryone, payload ? "{seat} declines the cut (taps the pack)" : "{seat} cuts",
           [&] {
             return Event{.kind = EventKind::kBid, .seat = seat, .label = payload ? "tap" : "cut"};
           });
      if (payload == 0) {
        deal(3, ctx);
        begin_play();
      } else {
        phase_ = Phase::kDealChoice;
        emit(ctx, kEveryone, "{seat} may deal 3 cards or 1 card each ('deal 3' or 'deal 1')",
             [&] { return Event{.kind = EventKind::kNote, .seat = dealer_}; });
      }
      return Status::Ok();
    case kDealMove:
      if (phase_ != Phase::kDealChoice) return Status::Error("it is not time to choose the deal");
      if (payload != 1 && payload != 3) return Status::Error("deal 3 or deal 1");
      deal(static_cast<int>(payload), ctx);
      begin_play();
      return Status::Ok();
    case kElevenMove:
      if (phase_ != Phase::kEleven) return Status::Error("there is no eleven decision now");
      if (payload > 1) return Status::Error("not a Truc move");
      eleven_ = static_cast<std::int8_t>(payload);
      emit(ctx, kEveryone,
           payload ? "{seat} plays the hand for 3 points" : "{seat} declines to play the hand",
           [&] {
             return Event{.kind = EventKind::kBid, .seat = seat, .label = payload ? "go" : "fold"};
           });
      if (payload == 0) {
        finish_hand(1 - eleven_team_, 2, ctx);
      } else {
        note_decision(kWentOnEleven);
        stake_ = 3;
        begin_play();
      }
      return Status::Ok();
    case kPlayMove: {
      if (phase_ != Phase::kPlay) return Status::Error("it is not time to play a card");
      if ((payload >> 8) > 2 || (payload & 0xFF) >= 52) return Status::Error("not a Truc move");
      const int raise = static_cast<int>(payload >> 8);
      return apply_play(seat, static_cast<Card>(payload & 0xFF), raise, ctx);
    }
    case kRaiseMove:
      if (phase_ != Phase::kPlay) return Status::Error("it is not time to raise");
      if (payload < 1 || payload > 2) return Status::Error("not a Truc move");
      return apply_raise(seat, static_cast<int>(payload), ctx);
    case kAnswerMove:
      if (payload > 1) return Status::Error("not a Truc move");
      return apply_answer(seat, payload == 1, ctx);
    case kSignalMove:
      if (payload >= kSignals) return Status::Error("not a Truc signal");
      return apply_signal(seat, static_cast<int>(payload), ctx);
    default:
      return Status::Error("not a Truc move");
  }
}

Status State::apply_play(Seat seat, Card card, int raise, const ApplyContext* ctx) {
  if (seat != play_.to_play()) return Status::Error("you must answer the raise: accept or reject");
  if (const char* why = play_.reject(seat, card)) return Status::Error(why);
  if (raise) {
    if (pending_) return Status::Error("answer the raise before raising");
    if (raise_available(seat) != raise) return Status::Error("you may not make that raise now");
    if (play_ends_hand(seat, card))
      return Status::Error("this card ends the hand: there is nothing left to raise");
  }
  note_decision(raise ? kPlayedAndRaised : kPlayed);  // before the card: it may end the hand
  if (pending_) {
    // TRUC-A5: the responder plays on its own turn: that accepts the raise.
    stake_ = pending_;
    raise_[raises_ - 1].answer = 1;
    emit(ctx, kEveryone, "{seat} accepts the {label} by playing (the hand is worth {amount})", [&] {
      return Event{.kind = EventKind::kAnswer,
                   .seat = seat,
                   .amount = pending_,
                   .label = raise_name(pending_)};
    });
    pending_ = 0;
  }
  tricks::PlayResult r;
  if (Status st = tricks::play_card(play_, seat, card, ctx, &r); !st.ok()) return st;
  if (r.round_over) {
    const int a = tricks_won(dealer_opponents()), b = tricks_won(1 - dealer_opponents());
    const int result = hand_result(a, b, cards_ - play_.trick_number());
    finish_hand(result > 0 ? dealer_opponents() : 1 - dealer_opponents(), 0, ctx);
  }
  // The hand goes on (checked above): the raise stands, answered by the caller's right.
  if (raise) call_raise(seat, raise, ctx);
  return Status::Ok();
}

Status State::apply_raise(Seat seat, int raise, const ApplyContext* ctx) {
  if (pending_) return Status::Error("answer the raise before raising");
  if (raise_available(seat) != raise) {
    if (eleven_ == 1) return Status::Error("no raises in the hand played on eleven");
    return Status::Error("you may not make that raise now");
  }
  note_decision(kRaised);
  call_raise(seat, raise, ctx);
  return Status::Ok();
}

void State::call_raise(Seat seat, int raise, const ApplyContext* ctx) {
  pending_ = static_cast<std::int8_t>(raise + 1);
  raiser_ = static_cast<std::int8_t>(seat);
  if (raise == 1) truc_team_ = static_cast<std::int8_t>(seat % 2);
  raise_[raises_++] =
      RaiseRecord{static_cast<std::int8_t>(seat), static_cast<std::int8_t>(raise + 1), -1};
  emit(ctx, kEveryone, "{seat} calls {label}! {other} must accept or reject", [&] {
    return Event{.kind = EventKind::kRaise,
                 .seat = seat,
                 .other = next_seat(seat),
                 .label = raise_name(raise + 1)};
  });
}

Status State::apply_answer(Seat seat, bool accept, const ApplyContext* ctx) {
  if (!pending_) return Status::Error("there is no raise to answer");
  raise_[raises_ - 1].answer = accept ? 1 : 0;
  const int proposed = pending_;
  pending_ = 0;
  if (accept) {
    note_decision(kAccepted);
    stake_ = static_cast<std::int8_t>(proposed);
    emit(ctx, kEveryone, "{seat} accepts the {label}: the hand is worth {amount}", [&] {
      return Event{.kind = EventKind::kAnswer,
                   .seat = seat,
                   .amount = proposed,
                   .label = raise_name(proposed)};
    });
    return Status::Ok();
  }
  emit(ctx, kEveryone, "{seat} rejects the {label}", [&] {
    return Event{.kind = EventKind::kAnswer, .seat = seat, .label = raise_name(proposed)};
  });
  finish_hand(raiser_ % 2, 1, ctx);
  return Status::Ok();
}

Status State::apply_signal(Seat seat, int index, const ApplyContext* ctx) {
  if (!config_.signals) return Status::Error("signals are off (signals=false)");
  if (phase_ != Phase::kPlay && phase_ != Phase::kEleven)
    return Status::Error("signals are made once the cards are dealt");
  if (signals_[seat] >= 0) return Status::Error("one signal per player per hand");
  note_decision(kSignalled);
  signals_[seat] = static_cast<std::int8_t>(index);
  static const char* const kFormats[kSignals] = {
      "{seat} signals to the partner: {label} (I have a 3)",
      "{seat} signals to the partner: {label} (I have a 2)",
      "{seat} signals to the partner: {label} (I have an ace)",
      "{seat} signals to the partner: {label} (I have a strong hand)",
      "{seat} signals to the partner: {label} (I have a weak hand)"};
  emit(ctx, team_seats(seat % 2), kFormats[index], [&] {
    return Event{.kind = EventKind::kSignal, .seat = seat, .label = kSignalNames[index]};
  });
  return Status::Ok();
}

void State::note_decision(int kind) {
  const int made = (std::bit_width(decisions_) + kDecisionBits - 1) / kDecisionBits;
  decisions_ |= static_cast<std::uint64_t>(kind) << (kDecisionBits * made);
}

std::optional<RoundReplay<State>> State::round_replay() const {
  if (phase_ == Phase::kOver) return std::nullopt;
  RoundReplay<State> r{*this, {}};
  State& s = r.start;
  if (phase_ == Phase::kCut || phase_ == Phase::kDealChoice) {
    if (phase_ == Phase::kDealChoice)
      r.moves.emplace_back((dealer_ + 1) % kPlayers, cut_move(true));
    s.phase_ = Phase::kCut;
    s.cut_ = -1;
    return r;
  }
  s.play_.unplay();
  s.eleven_ = -1;
  s.stake_ = 1;
  s.pending_ = 0;
  s.raiser_ = -1;
  s.truc_team_ = -1;
  s.raises_ = 0;
  s.raise_ = {};
  s.signals_ = {-1, -1, -1, -1};
  s.decisions_ = 0;
  if (eleven_team_ >= 0)
    s.phase_ = Phase::kEleven;
  else
    s.begin_play();
  // The decisions in the order decisions_ gives: the cards in the order played, the raises in the
  // order made, each answer by the seat on the raiser's right, a signal by the seat that was to
  // act (the one on eleven, the one answering a raise, else the one to play).
  const std::vector<std::pair<Seat, Card>> cards = play_.played_in_order();
  std::size_t card = 0;
  int raise = 0;
  bool pending = false, eleven_due = eleven_team_ >= 0;
  for (std::uint64_t left = decisions_; left != 0; left >>= kDecisionBits) {
    switch (static_cast<int>(left & ((1u << kDecisionBits) - 1))) {
      case kPlayed:
        r.moves.emplace_back(cards[card].first, play_move(cards[card].second));
        ++card;
        pending = false;
        break;
      case kPlayedAndRaised:
        r.moves.emplace_back(cards[card].first,
                             play_move(cards[card].second, raise_[raise].value - 1));
        ++card;
        ++raise;
        pending = true;
        break;
      case kRaised:
        r.moves.emplace_back(raise_[raise].by, raise_move(raise_[raise].value - 1));
        ++raise;
        pending = true;
        break;
      case kAccepted:
        r.moves.emplace_back(next_seat(raise_[raise - 1].by), answer_move(true));
        pending = false;
        break;
      case kSignalled: {
        const Seat seat = eleven_due            ? eleven_decider()
                          : pending             ? next_seat(raise_[raise - 1].by)
                          : card < cards.size() ? cards[card].first
                                                : play_.to_play();
        r.moves.emplace_back(seat, signal_move(signals_[seat]));
        break;
      }
      case kWentOnEleven:
        r.moves.emplace_back(eleven_decider(), eleven_move(true));
        eleven_due = false;
        break;
      default:
        CARDROOM_ASSERT(false, "truc: an unknown decision in decisions_");
    }
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// State: text, views, resampling

std::string State::move_text(Move move) const {
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kCutMove:
      return payload ? "tap" : "cut";
    case kDealMove:
      return "deal " + std::to_string(payload);
    case kElevenMove:
      return payload ? "go" : "fold";
    case kPlayMove: {
      const int raise = (payload >> 8) <= 2 ? static_cast<int>(payload >> 8) : 3;
      return "play " + card_text(static_cast<Card>(payload & 63)) +
             (raise == 1   ? " truc"
              : raise == 2 ? " retruc"
                           : "");
    }
    case kRaiseMove:
      return payload == 2 ? "retruc" : "truc";
    case kAnswerMove:
      return payload ? "accept" : "reject";
    case kSignalMove:
      return payload < kSignals ? std::string("signal ") + kSignalNames[payload] : "?";
    default:
      return "?";
  }
}

std::optional<Move> State::parse_move(Seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  if (in.empty()) return in.fail("empty move");
  static const std::pair<const char*, Move> kWords[] = {
      {"cut", cut_move(false)},      {"tap", cut_move(true)},   {"deal 3", deal_move(3)},
      {"deal 1", deal_move(1)},      {"go", eleven_move(true)}, {"fold", eleven_move(false)},
      {"truc", raise_move(1)},       {"retruc", raise_move(2)}, {"accept", answer_move(true)},
      {"reject", answer_move(false)}};
  for (const auto& [words, move] : kWords)
    if (in.joined() == words) return move;
  if (in.verb() == "signal") {
    for (int i = 0; i < kSignals; ++i)
      if (in.rest() == kSignalNames[i]) return signal_move(i);
    return in.fail("signals: three, two, ace, strong, weak (e.g. 'signal three')");
  }
  // "play C", "C", "play C truc", "C retruc".
  const MoveWords& w = in.words();
  const int first = w.verb() == "play" ? 1 : 0;  // the card's word
  if (first == 1 && w.size() == 1) return in.fail("'play' needs a card, e.g. 'play 3S'");
  int raise = 0;
  if (w.size() > first + 1) {
    const std::string tail = w.rest(first + 1);
    if (tail != "truc" && tail != "retruc")
      return in.fail("after the card only 'truc' or 'retruc' may follow");
    raise = tail == "truc" ? 1 : 2;
  }
  auto card = parse_card(w[first]);
  if (!card || !is_standard(*card))
    return in.fail("'" + std::string(text) +
                   "' is not a Truc move (try 'play C', 'play C truc', 'truc', 'retruc', 'accept', "
                   "'reject', 'signal three', 'cut', 'tap', 'deal 3', 'deal 1', 'go', 'fold')");
  return play_move(*card, raise);
}

nlohmann::json State::view(Seat seat) const {
  const bool player = seat >= 0 && seat < kPlayers;
  static const char* const kPhases[] = {"cut", "deal_choice", "eleven", "play", "over"};
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["hand_number"] = round_ + 1;
  v["rounds"] = nullptr;  // played to 12 points
  v["eldest"] = eldest();
  v["phase"] = kPhases[static_cast<int>(phase_)];
  v["cut"] = cut_ < 0 ? nlohmann::json(nullptr) : nlohmann::json(cut_ ? "tap" : "cut");
  v["cards_per_hand"] = phase_ == Phase::kCut || phase_ == Phase::kDealChoice
                            ? nlohmann::json(nullptr)
                            : nlohmann::json(cards_);
  v["eleven_team"] = eleven_team_ < 0 ? nlohmann::json(nullptr) : nlohmann::json(eleven_team_);
  v["eleven"] = eleven_ < 0 ? nlohmann::json(nullptr) : nlohmann::json(eleven_ ? "go" : "fold");
  v["trump"] = nullptr;          // suits never matter
  v["rank_order"] = kRankOrder;  // how to show cards: by Truc's rank, suits never matter
  if (player) v["hand"] = cards_json(play_.hand(seat));
  nlohmann::json sizes = nlohmann::json::array(), signals = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) {
    sizes.push_back(play_.hand(s).size());
    const bool visible = player && s % 2 == seat % 2 && signals_[s] >= 0;
    signals.push_back(visible ? nlohmann::json(kSignalNames[signals_[s]])
                              : nlohmann::json(nullptr));
  }
  v["hand_sizes"] = sizes;
  v["signals"] = signals;  // only the seat's team's signals; others are null
  v["stake"] = stake_;
  v["pending_raise"] = pending_ ? nlohmann::json(raise_name(pending_)) : nlohmann::json(nullptr);
  v["raiser"] = pending_ ? nlohmann::json(raiser_) : nlohmann::json(nullptr);
  nlohmann::json raises = nlohmann::json::array();
  for (int i = 0; i < raises_; ++i)
    raises.push_back({{"call", raise_name(raise_[i].value)},
                      {"by", raise_[i].by},
                      {"answer", raise_[i].answer < 0   ? nlohmann::json(nullptr)
                                 : raise_[i].answer > 0 ? nlohmann::json("accept")
                                                        : nlohmann::json("reject")}});
  v["raises"] = raises;
  // The raise that may come next and who may call it, each on their own turn.
  const int next = next_raise();
  nlohmann::json raisers = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s)
    if (may_raise(s)) raisers.push_back(s);
  v["next_raise"] = next ? nlohmann::json(raise_name(next + 1)) : nlohmann::json(nullptr);
  v["may_raise"] = raisers;
  v["round_name"] = "hand";
  const bool in_play = phase_ == Phase::kPlay;
  tricks::add_trick_view(v, play_, in_play);
  // Tricks won this hand, per seat (by that seat itself) and per team.
  nlohmann::json won = nlohmann::json::array();
  for (Seat p = 0; p < kPlayers; ++p) won.push_back(in_play ? play_.tricks_won(p) : 0);
  v["tricks_won"] = won;
  v["team_tricks"] = {tricks_won(0), tricks_won(1)};
  v["team_scores"] = {scores_[0], scores_[1]};

  // The table: the trick in the middle; the stake, the tricks and the raises as facts.
  TableLayout t(seat);
  t.add_trick(v);
  auto team_words = [&](int team) {
    if (player && team == seat % 2) return std::string("your team");
    return team == 0 ? std::string("S0 and S2") : std::string("S1 and S3");
  };
  t.fact("Stake", std::to_string(stake_) + (stake_ == 1 ? " point" : " points"));
  if (in_play) {
    const int mine = player ? seat % 2 : 0;
    t.fact("Tricks", team_words(mine) + " " + std::to_string(tricks_won(mine)) + ", " +
                         (player ? std::string("theirs") : team_words(1 - mine)) + " " +
                         std::to_string(tricks_won(1 - mine)));
  }
  if (next && !pending_) {
    std::string by;
    int count = 0;
    for (Seat s = 0; s < kPlayers; ++s)
      if (may_raise(s)) by += (count++ == 0 ? "" : " or ") + t.who(s);
    if (count == kPlayers) by = "anyone";
    if (!by.empty()) t.fact("Next raise", std::string(raise_name(next + 1)) + ", by " + by);
  }
  if (eleven_team_ >= 0)
    t.fact("On eleven", team_words(eleven_team_) + (eleven_ < 0 ? " deciding"
                                                    : eleven_   ? " play"
                                                                : " folded"));
  if (player)
    for (Seat s = 0; s < kPlayers; ++s)
      if (s != seat && s % 2 == seat % 2 && signals_[s] >= 0)
        t.fact("Your partner signals", kSignalNames[signals_[s]]);
  switch (phase_) {
    case Phase::kCut:
      t.status(t.turn(actors(), "cut or tap the pack"));
      break;
    case Phase::kDealChoice:
      t.status(t.turn(actors(), "deal 3 cards or 1"));
      break;
    case Phase::kEleven:
      t.status(team_words(eleven_team_) + " on 11: " + t.turn(actors(), "play the hand or fold"));
      break;
    case Phase::kPlay:
      if (pending_)
        t.status(t.Who(raiser_) + " called " + raise_name(pending_) + " (the hand would be worth " +
                 std::to_string(pending_) + "); " + t.turn(actors(), "answer"));
      else
        t.status("Hand worth " + std::to_string(stake_) + "; " + t.turn(actors(), "play"));
      break;
    case Phase::kOver:
      t.status(std::string("Game over: ") + team_words(scores_[0] >= scores_[1] ? 0 : 1) + " won");
      break;
  }
  std::move(t).write_to(v);
  return v;
}

std::optional<tricks::SolverTask<Policy, kPlayers>> State::solver_task() const {
  if (phase_ != Phase::kPlay || pending_) return std::nullopt;
  tricks::SolverTask<Policy, kPlayers> task;
  task.position = play_.position();
  task.side = {0, 1, 0, 1};
  // No scores: the hand goes to the dealer's opponents when they take at least as many tricks as
  // the dealer's team (TRUC-A2, A3), so a team's points depend on both teams' tricks.
  task.card_move = [](Card c) { return play_move(c); };
  task.rank_order = false;  // Truc's own rank order, across suits
  return task;
}

State State::resample(Seat observer, Rng& rng) const {
  const bool player = observer >= 0 && observer < kPlayers;
  return resample_world(*this, rng, [&](State& world) {
    world.play_.redeal_hidden_hands(observer, {}, &world.pack_, rng);
    // Signals the observer did not see are redrawn: they are not constraints (players may lie).
    for (Seat p = 0; p < kPlayers; ++p)
      if (signals_[p] >= 0 && !(player && p % 2 == observer % 2))
        world.signals_[p] = static_cast<std::int8_t>(rng.below(kSignals));
  });
}

nlohmann::json State::last_round(Seat seat) const {
  (void)seat;  // a finished hand shows only what was played, which is public
  const HandRecord& r = last_;
  nlohmann::json j;
  j["round"] = r.hand;
  j["dealer"] = r.dealer;
  j["cut"] = r.cut < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.cut ? "tap" : "cut");
  j["cards"] = r.cards;
  j["eleven_team"] = r.eleven_team < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.eleven_team);
  j["eleven"] = r.eleven < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.eleven ? "go" : "fold");
  j["tricks"] = tricks::history_json<Policy>(r.tricks, r.tricks_played, kPlayers);
  nlohmann::json raises = nlohmann::json::array();
  for (int i = 0; i < r.raises; ++i)
    raises.push_back({{"call", raise_name(r.raise[i].value)},
                      {"by", r.raise[i].by},
                      {"answer", r.raise[i].answer < 0   ? nlohmann::json(nullptr)
                                 : r.raise[i].answer > 0 ? nlohmann::json("accept")
                                                         : nlohmann::json("reject")}});
  j["raises"] = raises;
  static const char* const kEndings[] = {"tricks", "rejected", "eleven_fold"};
  j["ending"] = kEndings[r.ending];
  j["winning_team"] = r.winning_team;
  j["team_points"] = {r.points[0], r.points[1]};
  // Per seat (its team's points), for score sheets that list seats.
  j["points"] = {r.points[0], r.points[1], r.points[0], r.points[1]};
  // The score sheet's columns (core/game.h): the dealer, what the hand was played for and how
  // (raises and their answers, a one-card deal, the decision on eleven), the tricks each team won.
  std::string how = r.cards == 1 ? "1 card" : "";
  if (r.eleven >= 0) how = r.eleven ? "eleven: go" : "eleven: fold";
  for (int i = 0; i < r.raises; ++i)
    how += std::string(how.empty() ? "" : ", ") + raise_name(r.raise[i].value) +
           (r.raise[i].answer == 0 ? " rejected" : "");
  std::array<int, 2> tricks{};
  for (int t = 0; t < r.tricks_played; ++t)
    if (r.tricks.winner[t] != kNoSeat) ++tricks[r.tricks.winner[t] % 2];
  j["sheet"] = nlohmann::json::array({{{"title", "dealer"}, {"value", seat_text(r.dealer)}},
                                      {{"title", "stake"}, {"value", r.stake}},
                                      {{"title", "how"}, {"value", how}},
                                      {{"title", "tricks"}, {"teams", {tricks[0], tricks[1]}}}});
  return j;
}

std::vector<Pile> State::piles() const { return play_.piles(pack_); }

const char* State::check() const {
  const CardSet played = play_.played();
  CardSet all = pack_ | played;
  int total = pack_.size() + played.size();
  if (pack_.intersects(played)) return "pack and played cards overlap";
  for (Seat s = 0; s < kPlayers; ++s) {
    const CardSet hand = play_.hand(s);
    if (all.intersects(hand)) return "a card is in two places";
    all |= hand;
    total += hand.size();
  }
  if (all != kDeck || total != kDeckSize) return "cards are not conserved";
  if (phase_ == Phase::kPlay) {
    for (Seat s = 0; s < kPlayers; ++s) {
      const int played_by_s = play_.trick_number() + play_.played_to_current(s);
      if (play_.hand(s).size() != cards_ - played_by_s)
        return "a hand has the wrong number of cards";
    }
  }
  if (stake_ < 1 || stake_ > 3) return "bad stake";
  return nullptr;
}

std::vector<ObservationField> Game::observation_fields() const {
  auto f = obs::common({"cut", "deal_choice", "eleven", "play", "over"}, 30, 3, 12);
  obs::append(f, obs::trick_play(3, /*trumps=*/false));
  obs::append(
      f, {
             obs::number("/team_scores/{team}", 12, "each team's score, this seat's first"),
             obs::number("/team_tricks/{team}", 3, "each team's tricks this hand"),
             obs::number("/stake", 4, "the points the hand is worth"),
             obs::choice("/pending_raise", {"truc", "retruc"}, "the raise awaiting an answer"),
             obs::choice("/next_raise", {"truc", "retruc"}, "the raise that may be called next"),
             obs::seat("/raiser", "who made the last raise"),
             obs::seat("/may_raise", "the seats that may raise"),
             obs::seat("/eldest", "the eldest hand"),
             obs::choice("/cut", {"cut", "tap"}, "how the pack was cut"),
             obs::choice("/eleven", {"go"}, "the eleven decision"),
             obs::number_or_none("/eleven_team", 1, "the team at eleven points"),
             obs::choice("/signals/{seat}", {"ace", "three", "two", "strong", "weak"},
                         "the signal each seat has shown this seat"),
         });
  return f;
}

std::string State::move_label(Move move) const {
  const std::uint64_t payload = move_payload(move);
  if (move_kind(move) == kPlayMove && (payload >> 8) >= 1 && (payload >> 8) <= 2)
    return "play " + card_label(static_cast<Card>(payload & 63)) + " and call " +
           ((payload >> 8) == 2 ? "retruc" : "truc");
  if (move_kind(move) == kDealMove) return "deal " + std::to_string(payload) + " at a time";
  if (move_kind(move) == kRaiseMove) return payload == 2 ? "call retruc" : "call truc";
  return describe_move(move_text(move)).label;
}

}  // namespace cardroom::truc
