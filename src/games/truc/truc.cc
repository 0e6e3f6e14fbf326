#include "games/truc/truc.h"

#include <algorithm>
#include <cctype>

#include "core/constrained_deal.h"
#include "core/game_support.h"

namespace cardroom::truc {

extern const char* const kRulesMarkdown;  // docs/games/truc.md, embedded at build time

namespace {

// The seats that played a trick's cards, in play order (play goes to the right, so UIs cannot
// assume leader + i).
nlohmann::json trick_seats(int leader, int count) {
  nlohmann::json out = nlohmann::json::array();
  for (int i = 0, seat = leader; i < count; ++i, seat = next_seat(seat)) out.push_back(seat);
  return out;
}

std::string team_text(int t) { return t == 0 ? "S0+S2" : "S1+S3"; }
SeatSet team_seats(int t) { return SeatSet((0b0101u) << t); }

const char* raise_name(int value) { return value == 2 ? "truc" : "retruc"; }

}  // namespace

// ---------------------------------------------------------------------------------------------
// Game

const std::vector<OptionSpec>& Game::option_specs() {
  static const std::vector<OptionSpec> specs = {
      {"eleven_fold_points",
       OptionType::kInt,
       "1",
       0,
       3,
       {},
       "TRUC-A9: when the team on 11 declines to play, the opponents score this many points "
       "(ruling: 1, the last agreed value)"},
      {"signals",
       OptionType::kBool,
       "true",
       0,
       0,
       {},
       "team signals: 'signal three|two|ace|strong|weak', once per player per hand, seen only by "
       "the partner"},
  };
  return specs;
}

std::optional<Game> Game::create(const OptionValues& values, std::string* error) {
  (void)error;
  Config c;
  c.eleven_fold_points = static_cast<int>(values.get_int("eleven_fold_points"));
  c.signals = values.get_bool("signals");
  return Game(c);
}

std::string Game::rules_text() { return kRulesMarkdown; }

Teams Game::teams() const {
  Teams t;
  t.count = 2;
  for (int s = 0; s < kPlayers; ++s) t.team_of[s] = static_cast<std::int8_t>(s % 2);
  return t;
}

std::string Game::validate_deal(const Deal& deal) const {
  if (deal.hands.size() != kPlayers)
    return "needs 4 hands, one per seat (got " + std::to_string(deal.hands.size()) + ")";
  CardSet seen;
  const std::size_t size = deal.hands[0].size();
  for (Seat s = 0; s < kPlayers; ++s) {
    if (deal.hands[s].size() != 3 && deal.hands[s].size() != 1)
      return "hand of S" + std::to_string(s) + " has " + std::to_string(deal.hands[s].size()) +
             " cards (needs 3, or 1 for a one-card deal)";
    if (deal.hands[s].size() != size) return "all hands must have the same number of cards";
    for (Card c : deal.hands[s]) {
      if (!kDeck.contains(c)) return card_text(c) + " is not in the Truc deck (no 8, 9 or 10)";
      if (seen.contains(c)) return card_text(c) + " appears twice";
      seen.add(c);
    }
  }
  for (Card c : deal.pack) {
    if (!kDeck.contains(c)) return card_text(c) + " is not in the Truc deck (no 8, 9 or 10)";
    if (seen.contains(c)) return card_text(c) + " appears twice";
    seen.add(c);
  }
  return "";
}

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s;
  s.config_ = config_;
  s.rng_.reseed(seed);
  const bool given = first_dealer >= 0 && first_dealer < kPlayers;
  s.dealer_ = static_cast<std::int8_t>(given ? first_dealer : s.rng_.below(kPlayers));
  emit(ctx, kEveryone, [&] {
    return seat_text(s.dealer_) + (given ? " deals first" : " deals first (chosen at random)") +
           "; teams S0+S2 and S1+S3; play goes to the right (S3, S2, S1, S0, ...)";
  });
  s.start_hand(ctx);
  return s;
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
  trick_no_ = 0;
  trick_count_ = 0;
  tricks_ = {};
  trick_winner_ = {};
  trick_leader_ = {};
  signals_ = {-1, -1, -1, -1};
  played_ = CardSet();
  for (auto& h : hands_) h = CardSet();
  pack_ = kDeck;
  emit(ctx, kEveryone, [&] {
    return "hand " + std::to_string(hand_no_ + 1) + ": " + seat_text(dealer_) + " deals; " +
           seat_text(eldest()) + " leads; score " + team_text(0) + " " +
           std::to_string(scores_[0]) + ", " + team_text(1) + " " + std::to_string(scores_[1]);
  });
  const bool any_eleven = scores_[0] == kEleven || scores_[1] == kEleven;
  if (any_eleven) {
    // TRUC-A4: three cards are compulsory, so the cut decides nothing and is not offered.
    deal(3, ctx);
    if ((scores_[0] == kEleven) != (scores_[1] == kEleven)) {
      eleven_team_ = static_cast<std::int8_t>(scores_[0] == kEleven ? 0 : 1);
      phase_ = Phase::kEleven;
      emit(ctx, kEveryone, [&] {
        return team_text(eleven_team_) + " has 11: " + seat_text(eleven_decider()) +
               " decides for the team to play the hand for 3 ('go') or decline ('fold')";
      });
      return;
    }
    emit(ctx, kEveryone, [&] { return "both teams have 11: the winner of this hand wins"; });
    begin_play(ctx);
    return;
  }
  phase_ = Phase::kCut;
  emit(ctx, kEveryone, [&] {
    return seat_text((dealer_ + 1) % kPlayers) + " is offered the cut ('cut' or 'tap')";
  });
}

void State::deal(int cards, const ApplyContext* ctx) {
  cards_ = static_cast<std::int8_t>(cards);
  const Deal* given =
      (ctx && deals_ < static_cast<int>(ctx->deals.size())) ? &ctx->deals[deals_] : nullptr;
  std::array<Card, kDeckSize> order{};
  int n = 0;
  if (given) {
    // The given hands (their first `cards` cards), the given pack, any other cards shuffled below.
    CardSet used;
    for (Seat s = 0; s < kPlayers; ++s)
      for (int k = 0; k < static_cast<int>(given->hands[s].size()); ++k) {
        if (k < cards) hands_[s].add(given->hands[s][k]);
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
      for (Seat s = eldest(), i = 0; i < kPlayers; ++i, s = next_seat(s)) hands_[s].add(order[k++]);
    std::copy(order.begin() + k, order.begin() + n, order.begin());
    n -= k;
  }
  pack_ = CardSet();
  for (int i = 0; i < n; ++i) pack_.add(order[i]);
  ++deals_;
  if (wants_events(ctx)) {
    emit(ctx, kEveryone, [&] {
      return seat_text(dealer_) + " deals " + std::to_string(cards) +
             (cards == 1 ? " card" : " cards") + " each";
    });
    for (Seat s = 0; s < kPlayers; ++s)
      emit(ctx, SeatSet::of(s), [&] { return "your hand: " + cards_text(hands_[s]); });
  }
}

void State::begin_play(const ApplyContext* ctx) {
  phase_ = Phase::kPlay;
  trick_no_ = 0;
  trick_count_ = 0;
  to_play_ = static_cast<std::int8_t>(eldest());
  trick_leader_[0] = to_play_;
  (void)ctx;
}

int State::trick_winner_index(int t, int count) const {
  int best = -1;
  for (int i = 0; i < count; ++i) best = std::max(best, strength(trick_cards_[t][i]));
  int first = -1;
  unsigned teams = 0;
  for (int i = 0; i < count; ++i)
    if (strength(trick_cards_[t][i]) == best) {
      if (first < 0) first = i;
      teams |= 1u << ((trick_leader_[t] + kPlayers - i) % kPlayers % 2);
    }
  return teams == 3u ? -1 : first;  // TRUC-A1: partners tied: the earlier one
}

void State::finish_trick(const ApplyContext* ctx) {
  const int w = trick_winner_index(trick_no_, kPlayers);
  const Seat leader = trick_leader_[trick_no_];
  const Seat winner = w < 0 ? -1 : static_cast<Seat>((leader + kPlayers - w) % kPlayers);
  trick_winner_[trick_no_] = static_cast<std::int8_t>(winner);
  if (winner >= 0) ++tricks_[winner % 2];
  emit(ctx, kEveryone, [&] {
    return "trick " + std::to_string(trick_no_ + 1) +
           (winner < 0
                ? std::string(": a draw (both teams tied for the best card)")
                : " to " + seat_text(winner) + " (" + card_text(trick_cards_[trick_no_][w]) + ")");
  });
  ++trick_no_;
  trick_count_ = 0;
  const int a = tricks_[dealer_opponents()], b = tricks_[1 - dealer_opponents()];
  const int result = hand_result(a, b, cards_ - trick_no_);
  if (result != 0) {
    finish_hand(result > 0 ? dealer_opponents() : 1 - dealer_opponents(), 0, ctx);
    return;
  }
  const Seat next_leader = winner >= 0 ? winner : leader;
  trick_leader_[trick_no_] = static_cast<std::int8_t>(next_leader);
  to_play_ = static_cast<std::int8_t>(next_leader);
}

void State::finish_hand(int winning_team, int ending, const ApplyContext* ctx) {
  const int points = ending == 2 ? config_.eleven_fold_points : stake_;
  scores_[winning_team] += points;
  HandRecord& r = last_;
  r = HandRecord();
  r.hand = hand_no_ + 1;
  r.dealer = dealer_;
  r.cut = cut_;
  r.cards = cards_;
  r.eleven_team = eleven_team_;
  r.eleven = eleven_;
  r.tricks_played = trick_no_;
  r.leader = trick_leader_;
  r.winner = trick_winner_;
  r.cards_played = trick_cards_;
  r.raises = raises_;
  r.raise = raise_;
  r.stake = static_cast<std::int8_t>(points);
  r.winning_team = static_cast<std::int8_t>(winning_team);
  r.ending = static_cast<std::int8_t>(ending);
  r.points[winning_team] = points;
  ++hands_completed_;
  emit(ctx, kEveryone, [&] {
    static const char* const kWhy[] = {"wins the hand", "scores after the rejected raise",
                                       "scores: the team on 11 declined"};
    return team_text(winning_team) + " " + kWhy[ending] + ": " + std::to_string(points) +
           (points == 1 ? " point" : " points") + " (score " + team_text(0) + " " +
           std::to_string(scores_[0]) + ", " + team_text(1) + " " + std::to_string(scores_[1]) +
           ")";
  });
  if (scores_[winning_team] >= kTarget) {
    phase_ = Phase::kOver;
    winners_ = team_seats(winning_team);
    emit(ctx, kEveryone, [&] { return "game over; winners: " + team_text(winning_team); });
    return;
  }
  ++hand_no_;
  dealer_ = static_cast<std::int8_t>(next_seat(dealer_));  // the deal passes to the right
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
      return SeatSet::of(pending_ ? next_seat(raiser_) : to_play_);
    case Phase::kOver:
      break;
  }
  return SeatSet();
}

int State::raise_available(Seat seat) const {
  if (phase_ != Phase::kPlay || pending_ || seat != to_play_) return 0;
  if (eleven_ == 1) return 0;  // TRUC-A9: the hand on eleven is worth 3, no raises
  if (stake_ == 1 && raises_ == 0) return 1;
  if (stake_ == 2 && raises_ == 1 && seat % 2 != truc_team_) return 2;  // TRUC-A7, A8
  return 0;
}

bool State::play_ends_hand(Seat seat, Card card) const {
  if (trick_count_ + 1 < kPlayers) return false;
  State probe = *this;
  probe.hands_[seat].remove(card);
  probe.played_.add(card);
  probe.trick_cards_[trick_no_][probe.trick_count_++] = card;
  probe.finish_trick(nullptr);
  return probe.hands_completed_ != hands_completed_;
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
      const bool my_turn_to_play = seat == to_play_;
      if (pending_) {
        // The responder answers; on its own turn to play, playing a card accepts (TRUC-A5).
        if (my_turn_to_play)
          for (Card c : hands_[seat]) out.push(play_move(c));
        out.push(answer_move(false));
        out.push(answer_move(true));
        break;
      }
      const int raise = raise_available(seat);
      for (Card c : hands_[seat]) out.push(play_move(c));
      if (raise) {
        // Calling after one's card needs the hand to go on after it.
        for (Card c : hands_[seat])
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
  if (phase_ == Phase::kOver) return Status::Error("the game is over");
  if (seat < 0 || seat >= kPlayers) return Status::Error("no such seat");
  if (!actors().contains(seat)) {
    if (pending_) return Status::Error("a raise is waiting for its answer");
    return Status::Error("it is not your turn");
  }
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kCutMove:
      if (phase_ != Phase::kCut) return Status::Error("it is not time to cut");
      if (payload > 1) return Status::Error("not a Truc move");
      cut_ = static_cast<std::int8_t>(payload);
      emit(ctx, kEveryone, [&] {
        return seat_text(seat) + (payload ? " declines the cut (taps the pack)" : " cuts");
      });
      if (payload == 0) {
        deal(3, ctx);
        begin_play(ctx);
      } else {
        phase_ = Phase::kDealChoice;
        emit(ctx, kEveryone, [&] {
          return seat_text(dealer_) + " may deal 3 cards or 1 card each ('deal 3' or 'deal 1')";
        });
      }
      return Status::Ok();
    case kDealMove:
      if (phase_ != Phase::kDealChoice) return Status::Error("it is not time to choose the deal");
      if (payload != 1 && payload != 3) return Status::Error("deal 3 or deal 1");
      deal(static_cast<int>(payload), ctx);
      begin_play(ctx);
      return Status::Ok();
    case kElevenMove:
      if (phase_ != Phase::kEleven) return Status::Error("there is no eleven decision now");
      if (payload > 1) return Status::Error("not a Truc move");
      eleven_ = static_cast<std::int8_t>(payload);
      emit(ctx, kEveryone, [&] {
        return seat_text(seat) +
               (payload ? " plays the hand for 3 points" : " declines to play the hand");
      });
      if (payload == 0) {
        finish_hand(1 - eleven_team_, 2, ctx);
      } else {
        stake_ = 3;
        begin_play(ctx);
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
  if (seat != to_play_) return Status::Error("you must answer the raise: accept or reject");
  if (!hands_[seat].contains(card)) return Status::Error("you do not hold that card");
  if (raise) {
    if (pending_) return Status::Error("answer the raise before raising");
    if (raise_available(seat) != raise) return Status::Error("you may not make that raise now");
    if (play_ends_hand(seat, card))
      return Status::Error("this card ends the hand: there is nothing left to raise");
  }
  if (pending_) {
    // TRUC-A5: the responder plays on its own turn: that accepts the raise.
    stake_ = pending_;
    raise_[raises_ - 1].answer = 1;
    emit(ctx, kEveryone, [&] {
      return seat_text(seat) + " accepts the " + raise_name(pending_) +
             " by playing (the hand is "
             "worth " +
             std::to_string(pending_) + ")";
    });
    pending_ = 0;
  }
  hands_[seat].remove(card);
  played_.add(card);
  trick_cards_[trick_no_][trick_count_++] = card;
  emit(ctx, kEveryone, [&] { return seat_text(seat) + " plays " + card_text(card); });
  if (trick_count_ == kPlayers) {
    finish_trick(ctx);
  } else {
    to_play_ = static_cast<std::int8_t>(next_seat(seat));
  }
  if (raise) {
    // The hand goes on (checked above): the raise stands, answered by the caller's right.
    pending_ = static_cast<std::int8_t>(raise + 1);
    raiser_ = static_cast<std::int8_t>(seat);
    if (raise == 1) truc_team_ = static_cast<std::int8_t>(seat % 2);
    raise_[raises_++] =
        RaiseRecord{static_cast<std::int8_t>(seat), static_cast<std::int8_t>(raise + 1), -1};
    emit(ctx, kEveryone, [&] {
      return seat_text(seat) + " calls " + raise_name(raise + 1) + "! " +
             seat_text(next_seat(seat)) + " must accept or reject";
    });
  }
  return Status::Ok();
}

Status State::apply_raise(Seat seat, int raise, const ApplyContext* ctx) {
  if (pending_) return Status::Error("answer the raise before raising");
  if (raise_available(seat) != raise) {
    if (eleven_ == 1) return Status::Error("no raises in the hand played on eleven");
    return Status::Error("you may not make that raise now");
  }
  pending_ = static_cast<std::int8_t>(raise + 1);
  raiser_ = static_cast<std::int8_t>(seat);
  if (raise == 1) truc_team_ = static_cast<std::int8_t>(seat % 2);
  raise_[raises_++] =
      RaiseRecord{static_cast<std::int8_t>(seat), static_cast<std::int8_t>(raise + 1), -1};
  emit(ctx, kEveryone, [&] {
    return seat_text(seat) + " calls " + raise_name(raise + 1) + "! " + seat_text(next_seat(seat)) +
           " must accept or reject";
  });
  return Status::Ok();
}

Status State::apply_answer(Seat seat, bool accept, const ApplyContext* ctx) {
  if (!pending_) return Status::Error("there is no raise to answer");
  raise_[raises_ - 1].answer = accept ? 1 : 0;
  const int proposed = pending_;
  pending_ = 0;
  if (accept) {
    stake_ = static_cast<std::int8_t>(proposed);
    emit(ctx, kEveryone, [&] {
      return seat_text(seat) + " accepts the " + raise_name(proposed) + ": the hand is worth " +
             std::to_string(proposed);
    });
    return Status::Ok();
  }
  emit(ctx, kEveryone, [&] { return seat_text(seat) + " rejects the " + raise_name(proposed); });
  finish_hand(raiser_ % 2, 1, ctx);
  return Status::Ok();
}

Status State::apply_signal(Seat seat, int index, const ApplyContext* ctx) {
  if (!config_.signals) return Status::Error("signals are off (signals=false)");
  if (phase_ != Phase::kPlay && phase_ != Phase::kEleven)
    return Status::Error("signals are made once the cards are dealt");
  if (signals_[seat] >= 0) return Status::Error("one signal per player per hand");
  signals_[seat] = static_cast<std::int8_t>(index);
  emit(ctx, team_seats(seat % 2), [&] {
    return seat_text(seat) + " signals to the partner: " + kSignalNames[index] + " (" +
           kSignalMeanings[index] + ")";
  });
  return Status::Ok();
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
  if (t == "cut") return cut_move(false);
  if (t == "tap") return cut_move(true);
  if (t == "deal 3") return deal_move(3);
  if (t == "deal 1") return deal_move(1);
  if (t == "go") return eleven_move(true);
  if (t == "fold") return eleven_move(false);
  if (t == "truc") return raise_move(1);
  if (t == "retruc") return raise_move(2);
  if (t == "accept") return answer_move(true);
  if (t == "reject") return answer_move(false);
  if (t.rfind("signal", 0) == 0) {
    std::string what = t.substr(6);
    const std::size_t b = what.find_first_not_of(' ');
    what = b == std::string::npos ? "" : what.substr(b);
    for (int i = 0; i < kSignals; ++i)
      if (what == kSignalNames[i]) return signal_move(i);
    return fail("signals: three, two, ace, strong, weak (e.g. 'signal three')");
  }
  std::string rest = t;
  if (rest.rfind("play", 0) == 0) {
    rest = rest.substr(4);
    const std::size_t b = rest.find_first_not_of(' ');
    if (b == std::string::npos) return fail("'play' needs a card, e.g. 'play 3S'");
    rest = rest.substr(b);
  }
  int raise = 0;
  const std::size_t space = rest.find(' ');
  std::string card_part = rest.substr(0, space);
  if (space != std::string::npos) {
    std::string tail = rest.substr(space + 1);
    const std::size_t b = tail.find_first_not_of(' ');
    tail = b == std::string::npos ? "" : tail.substr(b);
    if (tail == "truc")
      raise = 1;
    else if (tail == "retruc")
      raise = 2;
    else
      return fail("after the card only 'truc' or 'retruc' may follow");
  }
  auto card = parse_card(card_part);
  if (!card || !is_standard(*card))
    return fail("'" + std::string(text) +
                "' is not a Truc move (try 'play C', 'play C truc', 'truc', 'retruc', 'accept', "
                "'reject', 'signal three', 'cut', 'tap', 'deal 3', 'deal 1', 'go', 'fold')");
  return play_move(*card, raise);
}

nlohmann::json State::view(Seat seat) const {
  const bool player = seat >= 0 && seat < kPlayers;
  static const char* const kPhases[] = {"cut", "deal_choice", "eleven", "play", "over"};
  nlohmann::json v;
  v["game"] = "truc";
  v["seat"] = player ? nlohmann::json(seat) : nlohmann::json(nullptr);
  v["players"] = kPlayers;
  v["hand_number"] = hand_no_ + 1;
  v["dealer"] = dealer_;
  v["eldest"] = eldest();
  v["phase"] = kPhases[static_cast<int>(phase_)];
  v["cut"] = cut_ < 0 ? nlohmann::json(nullptr) : nlohmann::json(cut_ ? "tap" : "cut");
  v["cards_per_hand"] = phase_ == Phase::kCut || phase_ == Phase::kDealChoice
                            ? nlohmann::json(nullptr)
                            : nlohmann::json(cards_);
  v["eleven_team"] = eleven_team_ < 0 ? nlohmann::json(nullptr) : nlohmann::json(eleven_team_);
  v["eleven"] = eleven_ < 0 ? nlohmann::json(nullptr) : nlohmann::json(eleven_ ? "go" : "fold");
  if (player) v["hand"] = cards_json(hands_[seat]);
  nlohmann::json sizes = nlohmann::json::array(), signals = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) {
    sizes.push_back(hands_[s].size());
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
  nlohmann::json tricks = nlohmann::json::array();
  const int complete = phase_ == Phase::kPlay ? trick_no_ : 0;
  for (int t = 0; t < complete; ++t) {
    nlohmann::json cards = nlohmann::json::array();
    for (int i = 0; i < kPlayers; ++i) cards.push_back(card_text(trick_cards_[t][i]));
    tricks.push_back({{"leader", trick_leader_[t]},
                      {"seats", trick_seats(trick_leader_[t], kPlayers)},
                      {"cards", cards},
                      {"winner", trick_winner_[t] < 0 ? nlohmann::json(nullptr)
                                                      : nlohmann::json(trick_winner_[t])}});
  }
  v["tricks"] = tricks;
  if (phase_ == Phase::kPlay) {
    nlohmann::json cards = nlohmann::json::array();
    for (int i = 0; i < trick_count_; ++i) cards.push_back(card_text(trick_cards_[trick_no_][i]));
    v["trick"] = {{"leader", trick_leader_[trick_no_]},
                  {"seats", trick_seats(trick_leader_[trick_no_], trick_count_)},
                  {"cards", cards}};
  } else {
    v["trick"] = nullptr;
  }
  // Tricks won this hand, per seat (by that seat itself) and per team.
  nlohmann::json won = nlohmann::json::array();
  for (Seat p = 0; p < kPlayers; ++p) {
    int n = 0;
    for (int t = 0; t < (phase_ == Phase::kPlay ? trick_no_ : 0); ++t) n += trick_winner_[t] == p;
    won.push_back(n);
  }
  v["tricks_won"] = won;
  v["team_tricks"] = {tricks_[0], tricks_[1]};
  v["scores"] = {score(0), score(1), score(2), score(3)};
  v["team_scores"] = {scores_[0], scores_[1]};
  v["to_act"] = actors().to_vector();
  v["legal"] = legal_move_texts(*this, seat);
  v["over"] = over();
  v["winners"] = winners_.to_vector();
  v["last_round"] = hands_completed_ > 0 ? last_round() : nlohmann::json(nullptr);
  return v;
}

State State::resample(Seat observer, Rng& rng) const {
  State s = *this;
  s.rng_.reseed(rng.next());  // future deals are unknown too
  if (phase_ == Phase::kOver) return s;
  const bool player = observer >= 0 && observer < kPlayers;
  CardSet pool = pack_;
  std::array<DealSlot, kPlayers + 1> slots{};
  std::array<Seat, kPlayers + 1> slot_seat{};
  int n = 0;
  for (Seat p = 0; p < kPlayers; ++p) {
    if (player && p == observer) continue;
    pool |= hands_[p];
    slots[n] = DealSlot{hands_[p].size(), kDeck};
    slot_seat[n++] = p;
  }
  slots[n] = DealSlot{pack_.size(), kDeck};
  slot_seat[n++] = -1;
  std::array<CardSet, kPlayers + 1> dealt{};
  if (!deal_constrained(pool, {slots.data(), static_cast<std::size_t>(n)},
                        {dealt.data(), static_cast<std::size_t>(n)}, rng))
    return s;
  for (int i = 0; i < n; ++i) {
    if (slot_seat[i] < 0)
      s.pack_ = dealt[i];
    else
      s.hands_[slot_seat[i]] = dealt[i];
  }
  // Signals the observer did not see are redrawn: they are not constraints (players may lie).
  for (Seat p = 0; p < kPlayers; ++p)
    if (signals_[p] >= 0 && !(player && p % 2 == observer % 2))
      s.signals_[p] = static_cast<std::int8_t>(rng.below(kSignals));
  return s;
}

nlohmann::json State::last_round() const {
  const HandRecord& r = last_;
  nlohmann::json j;
  j["round"] = r.hand;
  j["dealer"] = r.dealer;
  j["cut"] = r.cut < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.cut ? "tap" : "cut");
  j["cards"] = r.cards;
  j["eleven_team"] = r.eleven_team < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.eleven_team);
  j["eleven"] = r.eleven < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.eleven ? "go" : "fold");
  nlohmann::json tricks = nlohmann::json::array();
  for (int t = 0; t < r.tricks_played; ++t) {
    nlohmann::json cards = nlohmann::json::array();
    for (int i = 0; i < kPlayers; ++i) cards.push_back(card_text(r.cards_played[t][i]));
    tricks.push_back(
        {{"leader", r.leader[t]},
         {"seats", trick_seats(r.leader[t], kPlayers)},
         {"cards", cards},
         {"winner", r.winner[t] < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.winner[t])}});
  }
  j["tricks"] = tricks;
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
  return j;
}

const char* State::check() const {
  CardSet all = pack_ | played_;
  int total = pack_.size() + played_.size();
  if (pack_.intersects(played_)) return "pack and played cards overlap";
  for (Seat s = 0; s < kPlayers; ++s) {
    if (all.intersects(hands_[s])) return "a card is in two places";
    all |= hands_[s];
    total += hands_[s].size();
  }
  if (all != kDeck || total != kDeckSize) return "cards are not conserved";
  if (phase_ == Phase::kPlay) {
    for (Seat s = 0; s < kPlayers; ++s) {
      // Seat s has played in trick t if it is among the first trick_count_ of the current trick.
      const int offset = (trick_leader_[trick_no_] - s + kPlayers) % kPlayers;
      const int played = trick_no_ + (offset < trick_count_ ? 1 : 0);
      if (hands_[s].size() != cards_ - played) return "a hand has the wrong number of cards";
    }
  }
  if (stake_ < 1 || stake_ > 3) return "bad stake";
  return nullptr;
}

}  // namespace cardroom::truc
