#include "games/red_rover/red_rover.h"

#include <algorithm>
#include <bit>
#include <cctype>

#include "core/deal_check.h"
#include "core/game_support.h"
#include "core/move_text.h"
#include "core/table_layout.h"

namespace cardroom::red_rover {

namespace {

constexpr MatchEndText kMatchEnd = {"game over; winner: {seats}", "game over; shared win: {seats}",
                                    ""};

constexpr const char* kPhases[] = {"auction", "take", "discard", "announce", "call", "leader",
                                   "pickup",  "bid",  "declare", "play",     "over"};
constexpr const char* kContractNames[] = {
    "none",      "rover",    "rover-hand", "rover-against", "rover-hand-against",
    "bull-rush", "marriage", "all-pass"};
constexpr int kValues[] = {0, 10, 12, 20, 22, 30, 0, 0};
constexpr int kSixPoints = 2, kBareMarriagePoints = 3, kMarriagePoints = 5, kMostTricks = 4,
              kNoTricks = -4, kFailedMarriageTransfer = 5;
constexpr int kRoverNeed = 6;  // the declarer must win each of the first six tricks

Seat next_seat(Seat s) { return s + 1 == kPlayers ? 0 : s + 1; }

// "2H" ("2♥" with `symbols`, as views write calls): a marriage bid's text.
std::string marriage_text(int n, int suit, bool symbols = false) {
  return std::to_string(n) +
         (symbols ? std::string(suit_symbol(suit)) : std::string(1, suit_char(suit)));
}

std::string call_text(std::uint8_t call) {
  if (call == 0) return "pass";
  if (call < kMarriageCall) return kContractNames[call];
  const int code = call - kMarriageCall;
  return marriage_text(code / 4, code % 4, true);
}

}  // namespace

int contract_value(int contract) { return contract >= 0 && contract < 8 ? kValues[contract] : 0; }
const char* contract_name(int contract) {
  return contract >= 0 && contract < 8 ? kContractNames[contract] : "?";
}

// ---------------------------------------------------------------------------------------------
// Options

const ConfigOptions<Config>& Config::options() {
  static const auto options =
      ConfigOptions<Config>()
          .add(OptionSpec::integer("deals", 12, 3, 60,
                                   "rule 12: deals in the game, a multiple of 3 (12 by the seed)"),
               &Config::deals)
          .add(OptionSpec::choice("red_order", {"reversed", "normal"},
                                  "RR-A1: the red suits rank 6H..AH and 7D..AD high to low "
                                  "(reversed, ruling) or A high like the black suits (normal)"),
               &Config::red_order)
          .add(OptionSpec::choice(
                   "rover_compensation", {"award", "transfer", "none"},
                   "RR-A6: a failed rover contract gives the last player overcalled half their "
                   "own bid: award (ruling: the declarer loses only the value), transfer (the "
                   "declarer also pays that half) or none"),
               &Config::rover_compensation)
          .add(OptionSpec::boolean("defenders_score_failed_rover", false,
                                   "seed variant: on a failed rover contract both defenders also "
                                   "score its value"),
               &Config::defenders_score_failed_rover)
          .add(OptionSpec::boolean("compensation_with_defenders_score", true,
                                   "RR-A19: with defenders_score_failed_rover the last player "
                                   "overcalled still gets the compensation (ruling)"),
               &Config::compensation_with_defenders_score)
          .add(OptionSpec::boolean("declared_most_tricks", true,
                                   "most tricks (+4) and no tricks (-4) are scored in a declared "
                                   "marriage game (false: the seed's variant)"),
               &Config::declared_most_tricks)
          .add(OptionSpec::choice("most_tricks_tie", {"nobody", "all_tied"},
                                  "RR-A13: most tricks tied: nobody scores (ruling) or every "
                                  "tied player scores 4"),
               &Config::most_tricks_tie)
          .add(OptionSpec::choice("against_turned_six", {"packet_barred", "forbidden"},
                                  "RR-A20: with the 6D turned up the against contracts may be "
                                  "bid but not take packet 3 (packet_barred, base rules) or may "
                                  "not be bid (forbidden, the seed's variant)"),
               &Config::against_turned_six);
  return options;
}

std::string Config::validate() const {
  if (deals % 3 != 0) return "deals must be a multiple of 3 (got " + std::to_string(deals) + ")";
  return "";
}

// ---------------------------------------------------------------------------------------------
// Rules tables

const char* Policy::why_not(CardSet, const tricks::TrickSoFar& t, Card card) const {
  if (t.count == 0) return "the holder of the called card must lead it to the first trick";
  if (card == kRedRover && trump == kNoSuit)
    return "in no trumps the 6D may join a trick only when you cannot follow the suit led";
  return "you must follow suit";
}

unsigned marriages_in(CardSet won) {
  unsigned out = 0;
  for (int s = 0; s < kSuits; ++s)
    if (won.contains(make_card(s, kKing)) && won.contains(make_card(s, kQueen))) out |= 1u << s;
  return out;
}

bool bare_marriage(CardSet hand, int suit, int trump) {
  Policy p;
  p.trump = static_cast<std::uint8_t>(trump);
  const CardSet pair = CardSet::of(make_card(suit, kKing)) | CardSet::of(make_card(suit, kQueen));
  return (hand & p.members(suit)) == pair;
}

std::array<int, kPlayers> round_points(const Config& config, const RoundFacts& f) {
  std::array<int, kPlayers> pts{};
  const Seat d = f.declarer;
  if (is_rover(f.contract)) {
    // Rule 8, RR-A6, A9, A19.
    const int value = contract_value(f.contract);
    pts[d] = f.made ? value : -value;
    if (!f.made) {
      const bool defenders = config.defenders_score_failed_rover;
      if (defenders)
        for (Seat s = 0; s < kPlayers; ++s)
          if (s != d) pts[s] += value;
      if (f.overcalled != kNoSeat && config.rover_compensation != RoverCompensation::kNone &&
          (!defenders || config.compensation_with_defenders_score)) {
        const int half = f.overcalled_bid / 2;
        pts[f.overcalled] += half;
        if (config.rover_compensation == RoverCompensation::kTransfer) pts[d] -= half;
      }
    }
    return pts;
  }
  // Rule 11: the marriage game.
  const bool declared_game = f.contract == kMarriageGame;
  int most = 0;
  for (Seat s = 0; s < kPlayers; ++s) most = std::max(most, f.tricks_won[s]);
  for (Seat s = 0; s < kPlayers; ++s) {
    if (declared_game && s == d) {
      // RR-A16, A17: the declarer scores only by the bid; a failure pays 5 to the last player
      // overcalled (RR-A6).
      if (f.made) {
        pts[s] += kMarriagePoints * f.bid_marriages + (f.marriages[s] - f.bid_marriages);
      } else {
        pts[s] -= kMarriagePoints * f.bid_marriages;
        if (f.overcalled != kNoSeat) {
          pts[s] -= kFailedMarriageTransfer;
          pts[f.overcalled] += kFailedMarriageTransfer;
        }
      }
    } else {
      pts[s] += kMarriagePoints * f.marriages[s];
    }
    if (f.declared[s] == kDeclaredSix) pts[s] += kSixPoints;
    if (f.declared[s] >= kDeclaredMarriage && f.declared[s] != kDeclinedToDeclare)
      pts[s] += kBareMarriagePoints;
  }
  if (!declared_game || config.declared_most_tricks) {
    int at_most = 0;
    for (Seat s = 0; s < kPlayers; ++s) at_most += f.tricks_won[s] == most;
    for (Seat s = 0; s < kPlayers; ++s) {
      if (f.tricks_won[s] == most &&
          (at_most == 1 || config.most_tricks_tie == MostTricksTie::kAllTied))
        pts[s] += kMostTricks;
      if (f.tricks_won[s] == 0) pts[s] += kNoTricks;
    }
  }
  return pts;
}

// ---------------------------------------------------------------------------------------------
// Game

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s(config_, seed);
  s.choose_and_announce_first_dealer(first_dealer, kPlayers, "{seat} deals first",
                                     "{seat} deals first (chosen at random)", ctx);
  s.start_round(ctx);
  return s;
}

std::string Game::validate_deal(const Deal& deal) const {
  DealCheck check(deal, kDeck, "not in the Red Rover deck (6 to A)");
  for (const std::string& why : {check.seats(kPlayers), check.hand_sizes(kDealt)})
    if (!why.empty()) return why;
  if (deal.pack.size() != kPackets * kPacket)
    return "the pack must hold the three packets, 9 cards (got " +
           std::to_string(deal.pack.size()) + ")";
  return check.cards();
}

// ---------------------------------------------------------------------------------------------
// State: dealing and round flow

void State::start_round(const ApplyContext* ctx) {
  play_.new_round(kPlayers);
  const Seat f = forehand();
  if (const Deal* deal = explicit_deal(ctx, deals_)) {
    play_.take_hands(*deal);
    for (int k = 0; k < kPackets; ++k) {
      packets_[k] = CardSet();
      for (int i = 0; i < kPacket; ++i) packets_[k].add(deal->pack[k * kPacket + i]);
    }
    turn_up_ = deal->pack[2 * kPacket];
  } else {
    // Rule 5: three times a packet of 3 to F, M, R, then one to the centre.
    std::array<Card, kDeckSize> order{};
    int n = 0;
    for (Card c : kDeck) order[n++] = c;
    rng_.shuffle(order.data(), kDeckSize);
    int next = 0;
    for (int k = 0; k < kPackets; ++k) {
      for (int i = 0; i < kPlayers; ++i)
        for (int j = 0; j < kPacket; ++j)
          play_.give((f + i) % kPlayers, CardSet::of(order[next++]));
      packets_[k] = CardSet();
      for (int j = 0; j < kPacket; ++j) packets_[k].add(order[next++]);
    }
    turn_up_ = order[next - 1];  // the top card of the last packet
  }
  dealt_packets_ = packets_;
  ++deals_;
  report_deal(ctx, [&] {
    Deal d = play_.as_deal({});
    for (int k = 0; k < kPackets; ++k) {
      if (k == kPackets - 1) d.pack.push_back(turn_up_);
      for (Card c : packets_[k])
        if (k != kPackets - 1 || c != turn_up_) d.pack.push_back(c);
    }
    return d;
  });
  clear_round();

  if (wants_events(ctx)) {
    announce_round(ctx, "deal {number} of {total}: {seat} deals 9 cards each and 3 packets", "",
                   config_.deals, kDealt);
    emit(ctx, kEveryone, "the turn-up is {card} (top of packet 3)", [&] {
      return Event{.kind = EventKind::kTurnUp, .number = 3, .card = turn_up_, .cards = {turn_up_}};
    });
    play_.emit_hands(ctx);
  }
}

void State::clear_round() {
  const Seat f = forehand();
  phase_ = Phase::kAuction;
  to_act_ = static_cast<std::int8_t>(f);
  contract_ = kNoContract;
  declarer_ = overcalled_ = high_seat_ = kNoSeat;
  passed_ = 0;
  high_ = 0;
  seat_best_ = {};
  bid_n_ = 0;
  bid_suit_ = kNoSuit;
  to_discard_ = 0;
  first_leader_ = static_cast<std::int8_t>(f);
  open_ = false;
  called_ = kNoCard;
  called_suit_ = kNoSuit;
  named_ = kNoSuit;
  packet_taker_.fill(kNoSeat);
  exposed_ = discards_ = CardSet();
  known_ = {};
  declared_ = {};
  log_ = CallLog();
  play_.policy() = Policy{};
  play_.policy().order = config_.red_order;
}

void State::finish_round(const ApplyContext* ctx) {
  RoundRecord& r = last_;
  r = RoundRecord();
  r.round = round_ + 1;
  r.dealer = dealer_;
  r.turn_up = turn_up_;
  r.contract = contract_;
  r.declarer = declarer_;
  r.bid_marriages = bid_n_;
  r.bid_suit = bid_suit_;
  r.trump = play_.policy().trump;
  r.called = called_;
  r.overcalled = overcalled_;
  r.calls = log_;
  r.declared = declared_;
  r.packets = dealt_packets_;
  r.discards = discards_;
  r.tricks = play_.history();
  r.tricks_played = static_cast<std::int8_t>(play_.trick_number());
  std::array<CardSet, kPlayers> won{};
  for (int t = 0; t < play_.trick_number(); ++t)
    for (int i = 0; i < kPlayers; ++i) won[play_.winner_of(t)].add(play_.card(t, i));
  for (Seat s = 0; s < kPlayers; ++s) {
    r.tricks_won[s] = static_cast<std::int8_t>(play_.tricks_won(s));
    r.marriages[s] = static_cast<std::uint8_t>(marriages_in(won[s]));
  }
  RoundFacts facts;
  facts.contract = contract_;
  facts.declarer = declarer_;
  facts.bid_marriages = bid_n_;
  facts.overcalled = overcalled_;
  facts.overcalled_bid = overcalled_ == kNoSeat ? 0 : contract_value(seat_best_[overcalled_]);
  if (is_rover(contract_))
    facts.made = play_.tricks_won(declarer_) >= (contract_ == kBullRush ? kDealt : kRoverNeed);
  for (Seat s = 0; s < kPlayers; ++s) {
    facts.tricks_won[s] = play_.tricks_won(s);
    facts.marriages[s] = std::popcount(static_cast<unsigned>(r.marriages[s]));
    facts.declared[s] = declared_[s];
  }
  if (contract_ == kMarriageGame) facts.made = facts.marriages[declarer_] >= bid_n_;
  if (contract_ != kAllPassGame) r.made = facts.made ? 1 : 0;
  const std::array<int, kPlayers> pts = round_points(config_, facts);
  r.points = pts;
  for (Seat s = 0; s < kPlayers; ++s) scores_[s] += pts[s];
  ++rounds_completed_;
  if (wants_events(ctx)) {
    if (r.made >= 0)
      emit(ctx, kEveryone, r.made ? "{seat} makes {label}" : "{seat} fails {label}", [&] {
        return Event{
            .kind = EventKind::kContract, .seat = declarer_, .label = kContractNames[contract_]};
      });
    for (Seat s = 0; s < kPlayers; ++s)
      emit(ctx, kEveryone,
           "{seat} took {tricks:trick/tricks}, {amount:marriage/marriages}: {points:point/points} "
           "(total "
           "{total})",
           [&] {
             return Event{.kind = EventKind::kScore,
                          .seat = s,
                          .amount = std::popcount(static_cast<unsigned>(r.marriages[s])),
                          .tricks = play_.tricks_won(s),
                          .points = pts[s],
                          .total = scores_[s]};
           });
  }
  if (end_round(round_ + 1 >= config_.deals, {scores_.data(), kPlayers}, {}, kPlayers, true,
                kMatchEnd, ctx))
    phase_ = Phase::kOver;
  else
    start_round(ctx);
}

// ---------------------------------------------------------------------------------------------
// State: the auctions

int State::marriage_rank(int n, int suit) const { return 2 * n + (suit == priority_suit()); }

const char* State::why_not_contract(Seat seat, int c) const {
  if (c < kRover || c > kBullRush) return "not a rover contract";
  if (c <= high_)
    return "a bid must be higher than the current one (rover 10 < rover-hand 12 < "
           "rover-against 20 < rover-hand-against 22 < bull-rush 30)";
  const bool holds = play_.hand(seat).contains(kRedRover);
  const bool turned = turn_up_ == kRedRover;
  switch (c) {
    case kRover:
      return holds || turned ? nullptr : "rover needs the 6D in hand or turned up";
    case kRoverHand:
      return holds ? nullptr : "rover-hand needs the 6D in hand";
    default:
      if (holds) return "an against contract may not be bid while holding the 6D";
      if (turned && config_.against_turned_six == AgainstTurnedSix::kForbidden)
        return "against contracts are barred when the 6D is the turn-up";
      return nullptr;
  }
}

Seat State::next_bidder(Seat after) const {
  Seat s = next_seat(after);
  while ((passed_ >> s) & 1) s = next_seat(s);
  return s;
}

Status State::apply_call(Seat seat, Move move, const ApplyContext* ctx) {
  const int kind = move_kind(move);
  const std::uint64_t payload = move_payload(move);
  const bool first = phase_ == Phase::kAuction;
  if (kind == kContractMove) {
    if (!first) return Status::Error("rover contracts are bid only in the first auction");
    if (payload > kBullRush) return Status::Error("not a rover contract");
    if (const char* why = why_not_contract(seat, static_cast<int>(payload)))
      return Status::Error(why);
    high_ = static_cast<std::int8_t>(payload);
    high_seat_ = static_cast<std::int8_t>(seat);
    seat_best_[seat] = high_;
    log_.add(seat, static_cast<std::uint8_t>(payload));
    emit(ctx, kEveryone, "{seat} bids {label}", [&] {
      return Event{.kind = EventKind::kBid,
                   .seat = seat,
                   .amount = contract_value(static_cast<int>(payload)),
                   .label = kContractNames[payload]};
    });
  } else if (kind == kMarriageBidMove) {
    if (first) return Status::Error("marriage bids come in the second auction");
    const int n = static_cast<int>(payload / 4), suit = static_cast<int>(payload % 4);
    if (n < 1 || n > 4 || payload > 4 * 4 + 3)
      return Status::Error("a marriage bid is 1 to 4 marriages and a suit, e.g. 'bid 2H'");
    const int rank = marriage_rank(n, suit);
    if (rank <= high_)
      return Status::Error(
          "a bid must be higher than the current one (more marriages, or as many in the "
          "turn-up's suit)");
    high_ = static_cast<std::int8_t>(rank);
    high_seat_ = static_cast<std::int8_t>(seat);
    seat_best_[seat] = high_;
    bid_n_ = static_cast<std::int8_t>(n);
    bid_suit_ = static_cast<std::uint8_t>(suit);
    log_.add(seat, static_cast<std::uint8_t>(kMarriageCall + payload));
    emit(ctx, kEveryone, "{seat} bids {amount} {suit}",
         [&] { return Event{.kind = EventKind::kBid, .seat = seat, .amount = n, .suit = suit}; });
  } else {  // pass
    passed_ |= static_cast<std::uint8_t>(1u << seat);
    log_.add(seat, 0);
    emit(ctx, kEveryone, "{seat} passes",
         [&] { return Event{.kind = EventKind::kBid, .seat = seat, .label = "pass"}; });
  }
  // RR-A5: over when every player has passed, or a bid stands and both others have passed.
  const int passes = std::popcount(static_cast<unsigned>(passed_));
  const bool done = passes == kPlayers || (high_seat_ != kNoSeat && passes == kPlayers - 1);
  if (!done) {
    to_act_ = static_cast<std::int8_t>(next_bidder(seat));
    return Status::Ok();
  }
  if (high_seat_ != kNoSeat) {
    // RR-A6: the last player overcalled is the other player with the highest bid.
    declarer_ = high_seat_;
    for (Seat s = 0; s < kPlayers; ++s)
      if (s != declarer_ && seat_best_[s] > 0 &&
          (overcalled_ == kNoSeat || seat_best_[s] > seat_best_[overcalled_]))
        overcalled_ = static_cast<std::int8_t>(s);
  }
  if (first)
    end_first_auction(ctx);
  else
    end_second_auction(ctx);
  return Status::Ok();
}

void State::end_first_auction(const ApplyContext* ctx) {
  if (declarer_ == kNoSeat) {
    // Rule 9: everyone passed; the packets are picked up for the second auction.
    emit(ctx, kEveryone, "all pass: forehand, middlehand and rearhand take a packet each",
         [] { return Event{.kind = EventKind::kNote}; });
    phase_ = Phase::kPickup;
    to_act_ = static_cast<std::int8_t>(forehand());
    return;
  }
  contract_ = high_;
  emit(ctx, kEveryone, "{seat} plays {label} for {amount}", [&] {
    return Event{.kind = EventKind::kContract,
                 .seat = declarer_,
                 .amount = contract_value(contract_),
                 .label = kContractNames[contract_]};
  });
  to_act_ = declarer_;
  phase_ = contract_ == kRover || contract_ == kRoverAgainst ? Phase::kTake : Phase::kAnnounce;
}

void State::end_second_auction(const ApplyContext* ctx) {
  if (declarer_ == kNoSeat) {
    contract_ = kAllPassGame;
    play_.policy().trump = static_cast<std::uint8_t>(priority_suit());
    first_leader_ = static_cast<std::int8_t>(forehand());
    emit(ctx, kEveryone, "all pass: the marriage game, {suit} trumps", [&] {
      return Event{.kind = EventKind::kTrump, .suit = priority_suit(), .label = "trump"};
    });
  } else {
    contract_ = kMarriageGame;
    play_.policy().trump = bid_suit_;
    first_leader_ = declarer_;
    emit(ctx, kEveryone, "{seat} plays for {amount} marriages, {suit} trumps", [&] {
      return Event{.kind = EventKind::kContract,
                   .seat = declarer_,
                   .amount = bid_n_,
                   .suit = bid_suit_,
                   .label = "marriage"};
    });
  }
  phase_ = Phase::kDeclare;
  next_declarer_turn(first_leader_, ctx);
}

// ---------------------------------------------------------------------------------------------
// State: packets, exchanges, announcements, calls

void State::take_packet(Seat seat, int k, const ApplyContext* ctx) {
  const CardSet cards = packets_[k];
  packets_[k] = CardSet();
  packet_taker_[k] = static_cast<std::int8_t>(seat);
  play_.give(seat, cards);
  emit(ctx, kEveryone, "{seat} takes packet {number}",
       [&] { return Event{.kind = EventKind::kExchange, .seat = seat, .number = k + 1}; });
  if (contract_ == kRoverAgainst) {
    exposed_ = cards;  // rule 7: shown to all, then picked up
    emit(ctx, kEveryone, "packet {number} shows {cards}", [&] {
      return Event{.kind = EventKind::kTurnUp, .number = k + 1, .cards = card_vector(cards)};
    });
  }
  // In the marriage game everyone knows the turn-up is in the hand of whoever took packet 3 (a
  // rover declarer may discard it).
  if (!is_rover(contract_) && cards.contains(turn_up_)) known_[seat].add(turn_up_);
  emit_hand(ctx, seat, play_.hand(seat));
}

Status State::apply_take(Seat seat, int k, const ApplyContext* ctx) {
  if (phase_ != Phase::kTake && phase_ != Phase::kPickup)
    return Status::Error("it is not time to take a packet");
  if (k < 0 || k >= kPackets) return Status::Error("the packets are 1, 2 and 3");
  if (packets_[k].empty()) return Status::Error("that packet has been taken");
  if (phase_ == Phase::kTake) {
    const bool turned = turn_up_ == kRedRover;
    if (contract_ == kRover && turned && !play_.hand(seat).contains(kRedRover) && k != 2)
      return Status::Error("rover on the turned-up 6D must take packet 3");
    if (contract_ == kRoverAgainst && turned && k == 2)
      return Status::Error("an against contract may not take the packet of the turned-up 6D");
    take_packet(seat, k, ctx);
    phase_ = Phase::kDiscard;
    to_discard_ = kPacket;
    return Status::Ok();
  }
  take_packet(seat, k, ctx);
  const Seat next = next_seat(seat);
  if (next != dealer_) {
    to_act_ = static_cast<std::int8_t>(next);
    return Status::Ok();
  }
  // Rearhand (the dealer) takes the remaining packet.
  for (int j = 0; j < kPackets; ++j)
    if (!packets_[j].empty()) take_packet(next, j, ctx);
  phase_ = Phase::kBid;
  passed_ = 0;
  high_ = 0;
  high_seat_ = kNoSeat;
  seat_best_ = {};
  to_act_ = static_cast<std::int8_t>(forehand());
  return Status::Ok();
}

Status State::apply_discard(Seat seat, Card card, const ApplyContext* ctx) {
  if (phase_ != Phase::kDiscard) return Status::Error("it is not time to discard");
  if (!play_.hand(seat).contains(card)) return Status::Error("you do not hold that card");
  if (contract_ == kRoverAgainst && play_.hand(seat).contains(kRedRover) && card != kRedRover)
    return Status::Error("the 6D from the packet must be discarded first");
  play_.take(seat, CardSet::of(card));
  discards_.add(card);
  --to_discard_;
  emit_with_public_half(
      ctx, SeatSet::of(seat), "{seat} discards {card}", "{seat} discards a card face down",
      [&] { return Event{.kind = EventKind::kExchange, .seat = seat, .card = card}; });
  if (to_discard_ == 0) phase_ = Phase::kAnnounce;
  return Status::Ok();
}

Status State::apply_announce(Seat seat, int suit, const ApplyContext* ctx) {
  if (phase_ != Phase::kAnnounce) return Status::Error("it is not time to name trumps");
  play_.policy().trump = static_cast<std::uint8_t>(suit);
  emit(ctx, kEveryone,
       suit == kNoSuit ? "{seat} announces no trumps" : "{seat} announces {suit} trumps", [&] {
         return Event{.kind = EventKind::kTrump, .seat = seat, .suit = suit, .label = "trump"};
       });
  after_announce(ctx);
  return Status::Ok();
}

void State::after_announce(const ApplyContext* ctx) {
  if (contract_ == kRover || contract_ == kRoverHand) {
    begin_play(declarer_, ctx);
  } else if (contract_ == kBullRush) {
    // Rule 7: all hands are laid out; the defenders choose who leads.
    open_ = true;
    for (Seat s = 0; s < kPlayers; ++s)
      emit(ctx, kEveryone, "{seat} lays out {cards}", [&] {
        return Event{.kind = EventKind::kTurnUp, .seat = s, .cards = card_vector(play_.hand(s))};
      });
    phase_ = Phase::kLeader;
    to_act_ = static_cast<std::int8_t>(next_seat(declarer_));
  } else {
    phase_ = Phase::kCall;
  }
}

Status State::apply_call_card(Seat seat, Card card, const ApplyContext* ctx) {
  if (phase_ != Phase::kCall) return Status::Error("it is not time to call a card");
  if (card >= 64 || !kDeck.contains(card)) return Status::Error("not a card of the deck");
  called_ = card;
  // The call names the card for everyone (a public naming, like a card turned up; not where it is).
  emit(ctx, kEveryone, "{other} calls {card}", [&] {
    return Event{.kind = EventKind::kTurnUp, .other = seat, .card = card, .label = "call"};
  });
  // RR-A7: its holder leads it if a defender holds it; otherwise the declarer leads.
  Seat holder = kNoSeat;
  for (Seat s = 0; s < kPlayers; ++s)
    if (s != declarer_ && play_.hand(s).contains(card)) holder = s;
  if (holder != kNoSeat) {
    known_[holder].add(card);
    play_.policy().must_lead = card;
    emit(ctx, kEveryone, "{seat} holds it and must lead it",
         [&] { return Event{.kind = EventKind::kNote, .seat = holder, .card = card}; });
    begin_play(holder, ctx);
  } else {
    for (Seat s = 0; s < kPlayers; ++s)
      if (s != declarer_) play_.exclude(s, CardSet::of(card));
    emit(ctx, kEveryone, "no defender holds it: {seat} leads",
         [&] { return Event{.kind = EventKind::kNote, .seat = declarer_, .card = card}; });
    begin_play(declarer_, ctx);
  }
  return Status::Ok();
}

Status State::apply_leader(Seat seat, Seat leader, const ApplyContext* ctx) {
  if (phase_ != Phase::kLeader) return Status::Error("it is not time to choose a leader");
  if (leader < 0 || leader >= kPlayers || leader == declarer_)
    return Status::Error("one of the two defenders leads");
  emit(ctx, kEveryone, "{seat} chooses {other} to lead",
       [&] { return Event{.kind = EventKind::kNote, .seat = seat, .other = leader}; });
  begin_play(leader, ctx);
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// State: declarations and play

const char* State::why_not_declare(Seat seat, int d) const {
  if (phase_ != Phase::kDeclare) return "declarations come before the first lead";
  if (declared_[seat] != kNoDeclaration) return "you have already declared (one declaration)";
  const CardSet hand = play_.hand(seat);
  if (d == kDeclaredSix) return hand.contains(kRedRover) ? nullptr : "you do not hold the 6D";
  const int suit = d - kDeclaredMarriage;
  if (suit < 0 || suit >= kSuits) return "not a declaration";
  return bare_marriage(hand, suit, play_.policy().trump)
             ? nullptr
             : "a bare marriage is the K and Q of a suit with no other card of that suit";
}

void State::next_declarer_turn(Seat after, const ApplyContext* ctx) {
  // Rule 10: the players other than the first leader, in turn from its left.
  for (Seat s = next_seat(after); s != first_leader_; s = next_seat(s))
    if (declared_[s] == kNoDeclaration) {
      to_act_ = static_cast<std::int8_t>(s);
      return;
    }
  begin_play(first_leader_, ctx);
}

Status State::apply_declare(Seat seat, Move move, const ApplyContext* ctx) {
  const int kind = move_kind(move);
  if (kind == kPassMove) {
    declared_[seat] = kDeclinedToDeclare;
    emit(ctx, kEveryone, "{seat} declares nothing",
         [&] { return Event{.kind = EventKind::kNote, .seat = seat}; });
  } else {
    const std::uint64_t payload = move_payload(move);
    if (kind == kDeclareMarriageMove && payload >= kSuits) return Status::Error("not a suit");
    const int d =
        kind == kDeclareSixMove ? kDeclaredSix : kDeclaredMarriage + static_cast<int>(payload);
    if (const char* why = why_not_declare(seat, d)) return Status::Error(why);
    declared_[seat] = static_cast<std::uint8_t>(d);
    CardSet cards = CardSet::of(kRedRover);
    if (d != kDeclaredSix) {
      const int suit = d - kDeclaredMarriage;
      cards = CardSet::of(make_card(suit, kKing)) | CardSet::of(make_card(suit, kQueen));
      play_.exclude(seat, play_.policy().members(suit) - cards);  // bare: nothing else of it
    }
    known_[seat] |= cards;
    emit(ctx, kEveryone,
         d == kDeclaredSix ? "{seat} declares the 6D" : "{seat} declares a bare marriage in {suit}",
         [&] {
           return Event{.kind = EventKind::kMeld,
                        .seat = seat,
                        .points = d == kDeclaredSix ? kSixPoints : kBareMarriagePoints,
                        .suit = d == kDeclaredSix ? int(kNoSuit) : d - kDeclaredMarriage,
                        .cards = card_vector(cards)};
         });
  }
  next_declarer_turn(seat, ctx);
  return Status::Ok();
}

void State::begin_play(Seat leader, const ApplyContext* ctx) {
  Policy policy = play_.policy();
  const bool rover = is_rover(contract_);
  policy.declarer = rover ? declarer_ : kNoSeat;
  policy.need = static_cast<std::int8_t>(!rover ? 0 : contract_ == kBullRush ? kDealt : kRoverNeed);
  phase_ = Phase::kPlay;
  play_.begin_play(rover ? kDealt : kMaxHand, leader, policy);
  emit(ctx, kEveryone, "{seat} leads",
       [&] { return Event{.kind = EventKind::kLead, .seat = leader}; });
}

std::optional<tricks::SolverTask<Policy, kPlayers>> State::solver_task() const {
  // The marriage games score the kings and queens each player captures (rule 11), which no trick
  // total decides: the solver, which counts tricks, has no answer there.
  if (phase_ != Phase::kPlay || naming() || !is_rover(contract_)) return std::nullopt;
  tricks::SolverTask<Policy, kPlayers> task;
  task.position = play_.position();
  // The declarer (side 0) against its two allies (side 1), in points by the declarer's trick
  // total (rule 8): the play stops once the result is certain, so the declarer ends with the
  // tricks it needs exactly when the contract is made, and the allies with one trick exactly when
  // it fails. The declarer's side scores the declarer's points; the allies' side the declarer's
  // loss (its points negated): their own points hardly depend on the result (by default only the
  // last player overcalled is compensated), yet their standing does.
  for (Seat s = 0; s < kPlayers; ++s)
    task.side[s] = static_cast<std::int8_t>(s == declarer_ ? 0 : 1);
  RoundFacts facts;
  facts.contract = contract_;
  facts.declarer = declarer_;
  facts.overcalled = overcalled_;
  facts.overcalled_bid = overcalled_ == kNoSeat ? 0 : contract_value(seat_best_[overcalled_]);
  facts.made = true;
  const int made = round_points(config_, facts)[declarer_];
  facts.made = false;
  const int failed = round_points(config_, facts)[declarer_];
  const int need = task.position.policy.need, totals = task.position.tricks + 1;
  task.scores.resize(2 * totals);
  for (int t = 0; t < totals; ++t) {
    task.scores[t] = t >= need ? made : failed;          // the declarer's total
    task.scores[totals + t] = t >= 1 ? -failed : -made;  // the allies': 1 when it fails
  }
  task.card_move = [](Card c) { return play_move(c); };
  // The 6D has a role of its own (RR-A2..A4), outside its suit's order. Once it is out of the
  // hands (played, or out of play in an against contract) only the order of the cards within
  // each suit matters, reversed or not, and the solver may treat adjacent cards as one.
  bool six_held = false;
  for (Seat s = 0; s < kPlayers; ++s) six_held |= task.position.hands[s].contains(kRedRover);
  task.rank_order = !six_held;
  return task;
}

// The start comes after the first auction and any exchange with the packets: at the trump
// announcement of a rover contract, or at the first marriage bid when all passed, every hand as
// it was then (the cards played back in it). Before it stand the rover bids, which rest on where
// the 6D lies, and resample does not keep a world in line with them (a world may refuse them);
// the packets taken, since no world holds which cards of a hand came from one; and the declarer's
// face-down discards.
std::optional<RoundReplay<State>> State::round_replay() const {
  const bool rover = is_rover(contract_), played = phase_ == Phase::kPlay;
  if (rover ? phase_ != Phase::kAnnounce && phase_ != Phase::kCall && phase_ != Phase::kLeader &&
                  !played
            : phase_ != Phase::kBid && phase_ != Phase::kDeclare && !played)
    return std::nullopt;
  RoundReplay<State> r{*this, {}};
  State& s = r.start;
  s.play_.unplay();
  int first_call = log_.count;  // the first call of log_ after the start
  if (rover) {
    s.phase_ = Phase::kAnnounce;
    s.to_act_ = declarer_;
    s.open_ = false;
    s.called_ = kNoCard;
    s.called_suit_ = s.named_ = kNoSuit;
    s.known_ = {};  // in a rover contract only a call makes a card known
    s.play_.policy() = Policy{};
    s.play_.policy().order = config_.red_order;
  } else {
    s.clear_round();
    s.phase_ = Phase::kBid;
    s.packet_taker_ = packet_taker_;
    s.known_[packet_taker_[2]].add(turn_up_);  // take_packet: the turn-up went to packet 3's taker
    for (int i = 0; i < kPlayers; ++i) s.log_.add(log_.seats[i], log_.calls[i]);  // the passes
    first_call = kPlayers;
  }
  for (int i = first_call; i < log_.count; ++i) {
    const std::uint8_t call = log_.calls[i];
    r.moves.emplace_back(
        log_.seats[i], call == 0 ? pass_move() : make_move(kMarriageBidMove, call - kMarriageCall));
  }
  if (rover && phase_ != Phase::kAnnounce) {
    const int trump = play_.policy().trump;
    r.moves.emplace_back(declarer_, trump == kNoSuit ? notrump_move() : trump_move(trump));
    if (called_suit_ != kNoSuit) r.moves.emplace_back(declarer_, call_suit_move(called_suit_));
    if (called_ != kNoCard) r.moves.emplace_back(declarer_, call_rank_move(rank_of(called_)));
    if (contract_ == kBullRush && played)
      r.moves.emplace_back(next_seat(declarer_), leader_move(play_.leader_of(0)));
  }
  if (!rover && phase_ != Phase::kBid)
    for (Seat p = next_seat(first_leader_); p != first_leader_ && declared_[p] != kNoDeclaration;
         p = next_seat(p))
      r.moves.emplace_back(p, declared_[p] == kDeclinedToDeclare ? pass_move()
                              : declared_[p] == kDeclaredSix
                                  ? declare_six_move()
                                  : declare_marriage_move(declared_[p] - kDeclaredMarriage));
  if (played)
    for (const auto& [seat, c] : play_.played_in_order()) {
      r.moves.emplace_back(seat, play_move(c));
      if (c == kRedRover && named_ != kNoSuit) r.moves.emplace_back(seat, name_move(named_));
    }
  return r;
}

Seat State::to_act() const {
  if (phase_ != Phase::kPlay) return to_act_;
  return naming() ? play_.leader() : play_.to_play();
}

SeatSet State::actors() const { return one_actor(over(), to_act()); }

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (over() || seat != to_act()) return;
  const CardSet hand = play_.hand(seat);
  switch (phase_) {
    case Phase::kPlay:
      if (naming()) {
        for (int s = 0; s < kSuits; ++s) out.push(name_move(s));
      } else {
        out.push_cards(play_.playable(seat), play_move);
      }
      return;
    case Phase::kAuction:
      out.push(pass_move());
      for (int c = kRover; c <= kBullRush; ++c)
        if (!why_not_contract(seat, c)) out.push(contract_move(c));
      return;
    case Phase::kBid:
      out.push(pass_move());
      for (int n = 1; n <= 4; ++n)
        for (int s = 0; s < kSuits; ++s)
          if (marriage_rank(n, s) > high_) out.push(marriage_bid_move(n, s));
      return;
    case Phase::kTake:
    case Phase::kPickup: {
      const bool turned = turn_up_ == kRedRover;
      for (int k = 0; k < kPackets; ++k) {
        if (packets_[k].empty()) continue;
        if (phase_ == Phase::kTake && turned &&
            ((contract_ == kRover && !hand.contains(kRedRover) && k != 2) ||
             (contract_ == kRoverAgainst && k == 2)))
          continue;
        out.push(take_move(k + 1));
      }
      return;
    }
    case Phase::kDiscard:
      if (contract_ == kRoverAgainst && hand.contains(kRedRover))
        out.push(discard_move(kRedRover));
      else
        out.push_cards(hand, discard_move);
      return;
    case Phase::kAnnounce:
      for (int s = 0; s < kSuits; ++s) out.push(trump_move(s));
      out.push(notrump_move());
      return;
    case Phase::kCall:  // a suit, then a rank (6..A)
      if (called_suit_ == kNoSuit)
        for (int s = 0; s < kSuits; ++s) out.push(call_suit_move(s));
      else
        for (int r = kSix; r <= kAce; ++r) out.push(call_rank_move(r));
      return;
    case Phase::kLeader:
      for (Seat s = 0; s < kPlayers; ++s)
        if (s != declarer_) out.push(leader_move(s));
      return;
    case Phase::kDeclare:
      out.push(pass_move());
      if (!why_not_declare(seat, kDeclaredSix)) out.push(declare_six_move());
      for (int s = 0; s < kSuits; ++s)
        if (!why_not_declare(seat, kDeclaredMarriage + s)) out.push(declare_marriage_move(s));
      return;
    case Phase::kOver:
      return;
  }
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (Status st = refuse_when_closed(over(), seat, kPlayers); !st.ok()) return st;
  const int kind = move_kind(move);
  const std::uint64_t payload = move_payload(move);
  if (seat != to_act()) {
    if (phase_ == Phase::kDeclare && declared_[seat] != kNoDeclaration &&
        (kind == kDeclareSixMove || kind == kDeclareMarriageMove || kind == kPassMove))
      return Status::Error("you have already declared (one declaration)");
    return Status::Error(kNotYourTurn);
  }
  if (kind == kPassMove && payload != 0) return Status::Error("not a move");
  switch (kind) {
    case kPlayMove:
      if (naming()) return Status::Error("name the suit to follow your 6D first (e.g. 'name H')");
      return tricks::play_move(play_, phase_ == Phase::kPlay, seat, payload, ctx,
                               [&] { finish_round(ctx); });
    case kNameMove:
      if (!naming()) return Status::Error("a suit is named only after leading the 6D in no trumps");
      if (payload >= kSuits) return Status::Error("not a suit");
      play_.policy().named = named_ = static_cast<std::uint8_t>(payload);
      emit(ctx, kEveryone, "{seat} names {suit}", [&] {
        return Event{.kind = EventKind::kNote, .seat = seat, .suit = static_cast<int>(payload)};
      });
      return Status::Ok();
    case kPassMove:
      if (phase_ == Phase::kDeclare) return apply_declare(seat, move, ctx);
      [[fallthrough]];
    case kContractMove:
    case kMarriageBidMove:
      if (phase_ != Phase::kAuction && phase_ != Phase::kBid)
        return Status::Error(kind == kPassMove ? "there is nothing to pass now"
                                               : "it is not time to bid");
      return apply_call(seat, move, ctx);
    case kTakeMove:
      if (payload < 1 || payload > kPackets) return Status::Error("the packets are 1, 2 and 3");
      return apply_take(seat, static_cast<int>(payload) - 1, ctx);
    case kDiscardMove:
      if (payload >= 64) return Status::Error("not a card");
      return apply_discard(seat, static_cast<Card>(payload), ctx);
    case kTrumpMove:
      if (payload >= kSuits) return Status::Error("not a suit");
      return apply_announce(seat, static_cast<int>(payload), ctx);
    case kNoTrumpMove:
      if (payload != 0) return Status::Error("not a move");
      return apply_announce(seat, kNoSuit, ctx);
    case kCallMove:
      if (phase_ != Phase::kCall) return Status::Error("it is not time to call a card");
      if (called_suit_ != kNoSuit) return Status::Error("the suit is called: now call the rank");
      if (payload >= kSuits) return Status::Error("not a suit");
      called_suit_ = static_cast<std::uint8_t>(payload);
      return Status::Ok();
    case kCallRankMove:
      if (phase_ != Phase::kCall) return Status::Error("it is not time to call a card");
      if (called_suit_ == kNoSuit) return Status::Error("call the suit first (e.g. 'call S')");
      if (payload < kSix || payload > kAce) return Status::Error("the ranks are 6 to A");
      return apply_call_card(seat, make_card(called_suit_, static_cast<int>(payload)), ctx);
    case kLeaderMove:
      if (payload >= kPlayers) return Status::Error("no such seat");
      return apply_leader(seat, static_cast<Seat>(payload), ctx);
    case kDeclareSixMove:
    case kDeclareMarriageMove:
      if (phase_ != Phase::kDeclare)
        return Status::Error("declarations come before the first lead of a marriage game");
      if (kind == kDeclareSixMove && payload != 0) return Status::Error("not a move");
      return apply_declare(seat, move, ctx);
    default:
      return Status::Error("not a Red Rover move");
  }
}

// ---------------------------------------------------------------------------------------------
// State: notation

std::string State::move_text(Move move) const {
  const std::uint64_t p = move_payload(move);
  const auto suit = [&] { return std::string(1, p < kSuits ? suit_char(int(p)) : '?'); };
  switch (move_kind(move)) {
    case kPassMove:
      return "pass";
    case kContractMove:
      return std::string("bid ") + contract_name(static_cast<int>(p));
    case kMarriageBidMove:
      return "bid " + marriage_text(static_cast<int>(p / 4), static_cast<int>(p % 4));
    case kTakeMove:
      return "take " + std::to_string(p);
    case kDiscardMove:
      return "discard " + card_text(static_cast<Card>(p));
    case kTrumpMove:
      return "trump " + suit();
    case kNoTrumpMove:
      return "notrump";
    case kCallMove:
      return "call " + suit();
    case kCallRankMove:
      return std::string("call ") + (p < kRanks ? rank_char(static_cast<int>(p)) : '?');
    case kLeaderMove:
      return "leader " + std::to_string(p);
    case kDeclareSixMove:
      return "declare 6D";
    case kDeclareMarriageMove:
      return "declare marriage " + suit();
    case kPlayMove:
      return "play " + card_text(static_cast<Card>(p));
    case kNameMove:
      return "name " + suit();
    default:
      return "?";
  }
}

std::optional<Move> State::parse_move(Seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  const MoveWords& w = in.words();
  const std::string& verb = in.verb();
  auto one_suit = [&](const std::string& word, auto make) -> std::optional<Move> {
    const int s = parse_suit(word);
    if (s == kNoSuit) return in.fail("'" + word + "' is not a suit (S, H, D or C)");
    return make(s);
  };
  if (verb == "pass" && w.size() == 1) return pass_move();
  if (verb == "notrump" || verb == "nt" || verb == "no-trump" || verb == "notrumps")
    return notrump_move();
  if (verb == "bid") {
    std::string what = w.rest();
    for (char& c : what)
      if (c == '_' || c == ' ') c = '-';
    for (int c = kRover; c <= kBullRush; ++c)
      if (what == kContractNames[c]) return contract_move(c);
    if (what.size() >= 2 && what[0] >= '1' && what[0] <= '4') {
      const int s = parse_suit(what.substr(1));
      if (s != kNoSuit) return marriage_bid_move(what[0] - '0', s);
    }
    return in.fail(
        "a bid is a rover contract (bid rover, bid rover-hand, bid rover-against, bid "
        "rover-hand-against, bid bull-rush) or marriages and a suit (bid 2H)");
  }
  if (verb == "take") {
    auto k = in.number(1, kPackets, "'take' needs a packet, 1 to 3", "the packets are 1, 2 and 3");
    return k ? std::optional<Move>(take_move(*k)) : std::nullopt;
  }
  if (verb == "trump") {
    if (w[1] == "nt" || w[1] == "notrump" || w[1] == "none") return notrump_move();
    return one_suit(w[1], trump_move);
  }
  if (verb == "name") return one_suit(w[1], name_move);
  if (verb == "leader") {
    std::string who = w[1];
    if (!who.empty() && who[0] == 's') who = who.substr(1);
    if (auto s = parse_number(who, 0, kPlayers - 1)) return leader_move(*s);
    return in.fail("'leader' needs a seat, 0 to 2");
  }
  if (verb == "declare") {
    if (w[1] == "6d" || w[1] == "6♦") return declare_six_move();
    if (w[1] == "marriage") return one_suit(w[2], declare_marriage_move);
    return in.fail("a declaration is 'declare 6D' or 'declare marriage H'");
  }
  if (verb == "discard")
    return in.card_move("discard", "'discard' needs a card, e.g. 'discard 7H'", {}, true,
                        discard_move, "");
  if (verb == "call") {
    if (const int suit = parse_suit(w[1]); suit != kNoSuit && w.size() == 2)
      return call_suit_move(suit);
    const std::string r = w[1] == "10" ? "t" : w[1];
    for (int rank = kSix; rank <= kAce; ++rank)
      if (r.size() == 1 && std::tolower(rank_char(rank)) == r[0]) return call_rank_move(rank);
    return in.fail("'call' needs a suit, then a rank: 'call S', then 'call A'");
  }
  return in.card_move("play", "'play' needs a card, e.g. 'play TD'", {}, true, play_move,
                      "'" + std::string(text) +
                          "' is not a Red Rover move (try 'pass', 'bid rover', 'bid 2H', 'take 1', "
                          "'discard C', 'trump S', 'notrump', 'call C', 'declare 6D' or 'play C')");
}

// ---------------------------------------------------------------------------------------------
// State: views

namespace {

nlohmann::json card_json(Card c) {
  return c == kNoCard ? nlohmann::json(nullptr) : nlohmann::json(card_text(c));
}

nlohmann::json declaration_json(std::uint8_t d) {
  if (d == kDeclaredSix) return "6D";
  if (d >= kDeclaredMarriage && d != kDeclinedToDeclare)
    return "marriage " + std::string(1, suit_char(d - kDeclaredMarriage));
  return nullptr;
}

nlohmann::json auction_json(const CallLog& log) {
  nlohmann::json out = nlohmann::json::array();
  for (int i = 0; i < log.count; ++i)
    out.push_back({{"seat", log.seats[i]}, {"call", call_text(log.calls[i])}});
  return out;
}

nlohmann::json suits_json(unsigned mask) {
  nlohmann::json out = nlohmann::json::array();
  for (int s = 0; s < kSuits; ++s)
    if ((mask >> s) & 1) out.push_back(std::string(1, suit_char(s)));
  return out;
}

}  // namespace

nlohmann::json State::view(Seat seat) const {
  const bool player = seat >= 0 && seat < kPlayers;
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["rounds"] = config_.deals;
  v["round_name"] = "deal";
  v["phase"] = kPhases[static_cast<int>(phase_)];
  v["turn_up"] = card_text(turn_up_);
  v["priority_suit"] = suit_json(priority_suit());
  // How to show cards: the reversed red suits from their highest card (the low one) down.
  v["top_cards"] = {"6D"};  // Red Rover, the highest trump (or of no suit), shown first
  v["reversed_suits"] = config_.red_order == RedOrder::kReversed ? nlohmann::json::array({"H", "D"})
                                                                 : nlohmann::json::array();
  const bool trumps_known = phase_ == Phase::kPlay || phase_ == Phase::kDeclare ||
                            phase_ == Phase::kCall || phase_ == Phase::kLeader;
  v["trump"] = trumps_known ? suit_json(trump()) : nlohmann::json(nullptr);
  v["no_trumps"] = trumps_known && trump() == kNoSuit;
  v["named_suit"] = phase_ == Phase::kPlay && play_.trick_size() > 0
                        ? suit_json(play_.policy().named)
                        : nlohmann::json(nullptr);
  if (player) v["hand"] = cards_json(play_.hand(seat));
  v["open_hands"] = nullptr;
  if (open_) {
    nlohmann::json hands = nlohmann::json::array();
    for (Seat s = 0; s < kPlayers; ++s) hands.push_back(cards_json(play_.hand(s)));
    v["open_hands"] = hands;
  }
  nlohmann::json sizes = nlohmann::json::array(), won = nlohmann::json::array(),
                 calls = nlohmann::json::array(), bids = nlohmann::json::array(),
                 to_discard = nlohmann::json::array(), declared = nlohmann::json::array(),
                 known = nlohmann::json::array(), notes = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) {
    sizes.push_back(play_.hand(s).size());
    won.push_back(phase_ == Phase::kPlay ? play_.tricks_won(s) : 0);
    nlohmann::json call = nullptr;
    for (int i = 0; i < log_.count; ++i)
      if (log_.seats[i] == s) call = call_text(log_.calls[i]);
    calls.push_back(call);
    bids.push_back(nullptr);
    to_discard.push_back(phase_ == Phase::kDiscard && s == declarer_ ? to_discard_ : 0);
    declared.push_back(declaration_json(declared_[s]));
    known.push_back(cards_json(known_in_hand(s)));
    std::string note;
    if (s == declarer_) note = std::string("declarer, ") + contract_name(contract_);
    if (declared_[s] == kDeclaredSix)
      note += (note.empty() ? "" : "; ") + std::string("declared 6D");
    if (declared_[s] >= kDeclaredMarriage && declared_[s] != kDeclinedToDeclare)
      note += (note.empty() ? "" : "; ") + std::string("declared bare marriage ") +
              std::string(suit_symbol(declared_[s] - kDeclaredMarriage));
    notes.push_back(note.empty() ? nlohmann::json(nullptr) : nlohmann::json(note));
  }
  v["hand_sizes"] = sizes;
  v["calls"] = calls;
  v["bids"] = bids;
  v["auction"] = auction_json(log_);
  int last_bid = -1;
  for (int i = 0; i < log_.count; ++i)
    if (log_.calls[i] != 0) last_bid = i;
  const bool bidding = phase_ == Phase::kAuction || phase_ == Phase::kBid;
  v["current_bid"] =
      bidding && high_seat_ != kNoSeat && last_bid >= 0
          ? nlohmann::json{{"by", high_seat_}, {"call", call_text(log_.calls[last_bid])}}
          : nlohmann::json(nullptr);
  v["to_discard"] = to_discard;
  v["declarations"] = declared;
  v["known_cards"] = known;
  v["seat_notes"] = notes;
  nlohmann::json packets = nlohmann::json::array();
  for (int k = 0; k < kPackets; ++k)
    packets.push_back(
        {{"number", k + 1},
         {"in_centre", !packets_[k].empty()},
         {"taken_by", packet_taker_[k] == kNoSeat ? nlohmann::json(nullptr)
                                                  : nlohmann::json(packet_taker_[k])}});
  v["packets"] = packets;
  const bool decided = contract_ != kNoContract;
  v["contract"] =
      decided ? nlohmann::json{{"text", contract_ == kMarriageGame
                                            ? "marriage " + marriage_text(bid_n_, bid_suit_, true)
                                            : std::string(contract_name(contract_))},
                               {"name", contract_name(contract_)},
                               {"declarer", declarer_ == kNoSeat ? nlohmann::json(nullptr)
                                                                 : nlohmann::json(declarer_)},
                               {"value", contract_value(contract_)}}
              : nlohmann::json(nullptr);
  v["called"] = card_json(called_);
  v["exposed"] = cards_json(exposed_);
  v["discards"] = player && seat == declarer_ ? cards_json(discards_) : nlohmann::json(nullptr);
  v["last_overcalled"] =
      overcalled_ == kNoSeat ? nlohmann::json(nullptr) : nlohmann::json(overcalled_);
  // The table's board: the turn-up, the packets, what is shown.
  nlohmann::json board = nlohmann::json::array();
  board.push_back({{"title", "Turn-up"}, {"cards", {card_text(turn_up_)}}});
  std::string centre;
  for (int k = 0; k < kPackets; ++k)
    centre += (k ? ", " : "") + std::to_string(k + 1) + ": " +
              (packet_taker_[k] != kNoSeat ? "taken by " + seat_text(packet_taker_[k])
               : packets_[k].empty()       ? std::string("gone")
                                           : std::string("in the centre"));
  board.push_back({{"title", "Packets"}, {"text", centre}});
  if (!exposed_.empty())
    board.push_back({{"title", "Packet shown"}, {"cards", cards_json(exposed_)}});
  if (called_ != kNoCard) board.push_back({{"title", "Called"}, {"cards", {card_text(called_)}}});
  if (open_)
    for (Seat s = 0; s < kPlayers; ++s)
      if (s != seat)
        board.push_back(
            {{"title", seat_text(s) + " (open)"}, {"cards", cards_json(play_.hand(s))}});
  if (player && seat == declarer_ && !discards_.empty())
    board.push_back({{"title", "Your discards"}, {"cards", cards_json(discards_)}});
  v["board"] = board;
  tricks::add_trick_view(v, play_, phase_ == Phase::kPlay);
  v["tricks_won"] = won;

  // The table: the trick, the turn-up, the three packets (face down in the centre, or before the
  // player who took one), a packet shown, the called card, open hands and the declarer's own
  // discards; the contract, trumps and their order as facts.
  TableLayout t(seat);
  t.add_trick(v);
  t.add("turn_up", ZoneKind::kFan, "Turn-up", kNoSeat, std::span<const Card>(&turn_up_, 1));
  for (int k = 0; k < kPackets; ++k) {
    if (packets_[k].empty()) continue;
    nlohmann::json& z = t.add("packet" + std::to_string(k + 1), ZoneKind::kPile,
                              "Packet " + std::to_string(k + 1), packet_taker_[k], CardSet());
    z["count"] = packets_[k].size();
  }
  if (!exposed_.empty()) t.add("shown", ZoneKind::kFan, "Packet shown", kNoSeat, exposed_);
  if (called_ != kNoCard)
    t.add("called", ZoneKind::kFan, "Called card", kNoSeat, std::span<const Card>(&called_, 1));
  if (open_)
    for (Seat s = 0; s < kPlayers; ++s)
      if (s != seat)
        t.add("open" + std::to_string(s), ZoneKind::kFan, "Open hand", s, play_.hand(s));
  if (player && seat == declarer_ && !discards_.empty())
    t.add("discards", ZoneKind::kFan, "Your discards", seat, discards_);
  // A contract's name in words: "bull-rush" is "Bull Rush".
  auto words = [](std::string name) {
    for (std::size_t i = 0; i < name.size(); ++i) {
      if (name[i] == '-') name[i] = ' ';
      if (i == 0 || name[i - 1] == ' ')
        name[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[i])));
    }
    return name;
  };
  if (decided)
    t.fact("Contract", words(v["contract"]["text"].get<std::string>()) + " (" +
                           std::to_string(contract_value(contract_)) + ")" +
                           (declarer_ == kNoSeat ? "" : " by " + t.who(declarer_)));
  std::string declarations;
  for (Seat s = 0; s < kPlayers; ++s) {
    std::string what;
    if (declared_[s] == kDeclaredSix) what = "the 6♦";
    if (declared_[s] >= kDeclaredMarriage && declared_[s] != kDeclinedToDeclare)
      what = "a bare marriage in " + std::string(suit_symbol(declared_[s] - kDeclaredMarriage));
    if (!what.empty()) declarations += (declarations.empty() ? "" : "; ") + t.who(s) + " " + what;
  }
  if (!declarations.empty()) t.fact("Declared", declarations);
  if (v["current_bid"].is_object())
    t.fact("Highest bid",
           words(v["current_bid"]["call"].get<std::string>()) + " by " + t.who(high_seat_));
  if (trumps_known) {
    const int trumps = trump();
    if (trumps == kNoSuit) {
      t.fact("Trumps", "no trumps; Red Rover (the six of ♦) wins any trick");
    } else {
      // The trump order, highest first: Red Rover (the 6♦), then the suit's ranks (the red
      // suits reversed). Ranks, not cards: the line names no card's place.
      const bool reversed =
          config_.red_order == RedOrder::kReversed && (trumps == kHearts || trumps == kDiamonds);
      static constexpr std::string_view kHigh = "AKQJT9876";
      std::string order = "Red Rover (the six of ♦), then " + std::string(suit_symbol(trumps));
      for (int i = 0; i < 9; ++i) {
        const char r = reversed ? kHigh[8 - i] : kHigh[i];
        if (trumps == kDiamonds && r == '6') continue;
        order += std::string(" ") + (r == 'T' ? "10" : std::string(1, r));
      }
      t.fact("Trumps", TableLayout::suit_words(trumps));
      t.fact("Trump order", order);
    }
  }
  static constexpr const char* kDoing[] = {"bid",
                                           "take a packet",
                                           "discard",
                                           "name trumps",
                                           "call a card",
                                           "choose who leads",
                                           "take a packet",
                                           "bid",
                                           "declare or not",
                                           "play",
                                           ""};
  if (phase_ == Phase::kOver)
    t.status(t.game_over(winners()));
  else
    t.status((bidding ? "Auction: " : "") + t.turn(actors(), kDoing[static_cast<int>(phase_)]));
  std::move(t).write_to(v);
  return v;
}

nlohmann::json State::last_round(Seat seat) const {
  const RoundRecord& r = last_;
  nlohmann::json j;
  j["round"] = r.round;
  j["dealer"] = r.dealer;
  j["turn_up"] = card_json(r.turn_up);
  j["contract"] = contract_name(r.contract);
  j["value"] = contract_value(r.contract);
  j["declarer"] = r.declarer == kNoSeat ? nlohmann::json(nullptr) : nlohmann::json(r.declarer);
  j["bid"] = r.contract == kMarriageGame
                 ? nlohmann::json{{"marriages", r.bid_marriages},
                                  {"suit", std::string(1, suit_char(r.bid_suit))}}
                 : nlohmann::json(nullptr);
  j["trump"] = suit_json(r.trump);
  j["called"] = card_json(r.called);
  j["last_overcalled"] =
      r.overcalled == kNoSeat ? nlohmann::json(nullptr) : nlohmann::json(r.overcalled);
  j["made"] = r.made < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.made == 1);
  j["auction"] = auction_json(r.calls);
  j["tricks"] = tricks::history_json<Policy>(r.tricks, r.tricks_played, kPlayers);
  nlohmann::json won = nlohmann::json::array(), marriages = nlohmann::json::array(),
                 points = nlohmann::json::array(), declared = nlohmann::json::array(),
                 bids = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) {
    won.push_back(r.tricks_won[s]);
    marriages.push_back(suits_json(r.marriages[s]));
    points.push_back(r.points[s]);
    declared.push_back(declaration_json(r.declared[s]));
    nlohmann::json call = nullptr;
    for (int i = 0; i < r.calls.count; ++i)
      if (r.calls.seats[i] == s) call = call_text(r.calls.calls[i]);
    bids.push_back(call);
  }
  j["tricks_won"] = won;
  j["marriages"] = marriages;
  j["declarations"] = declared;
  j["points"] = points;
  if (seat == kOmniscient) {
    nlohmann::json packets = nlohmann::json::array();
    for (CardSet p : r.packets) packets.push_back(cards_json(p));
    j["packets"] = packets;
  }
  if (seat == kOmniscient || (seat == r.declarer && seat >= 0))
    j["discards"] = cards_json(r.discards);
  // The score sheet's columns.
  std::string contract = r.contract == kMarriageGame
                             ? "marriage " + marriage_text(r.bid_marriages, r.bid_suit, true)
                             : std::string(contract_name(r.contract));
  if (r.declarer != kNoSeat) contract += " by " + seat_text(r.declarer);
  if (r.made >= 0) contract += r.made ? ", made" : ", failed";
  nlohmann::json trump =
      r.trump == kNoSuit ? nlohmann::json("NT") : nlohmann::json(std::string(suit_symbol(r.trump)));
  nlohmann::json marriage_cells = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) {
    std::string cell;
    for (int su = 0; su < kSuits; ++su)
      if ((r.marriages[s] >> su) & 1) cell += std::string(suit_symbol(su));
    marriage_cells.push_back(cell.empty() ? nlohmann::json(nullptr) : nlohmann::json(cell));
  }
  j["sheet"] = nlohmann::json::array({{{"title", "contract"}, {"value", contract}},
                                      {{"title", "trump"}, {"value", trump}},
                                      {{"title", "tricks"}, {"seats", won}},
                                      {{"title", "marriages"}, {"seats", marriage_cells}},
                                      {{"title", "declared"}, {"seats", declared}}});
  return j;
}

// ---------------------------------------------------------------------------------------------
// State: resampling, piles, invariants

State State::resample(Seat observer, Rng& rng) const {
  // Known to the observer: its hand (and discards, as declarer); every card played; the turn-up
  // in packet 3 or in the hand of whoever took it in the marriage game; a Rover Against packet
  // shown to all (in the declarer's hand or discards); a called card's holder; declarations (the
  // cards, and nothing else of a bare marriage's suit); voids; and in Bull Rush every hand.
  return resample_world(*this, rng, [&](State& w) {
    std::array<CardSet, kPlayers> known_hand{};
    CardSet known_discards;
    for (Seat s = 0; s < kPlayers; ++s) known_hand[s] = known_in_hand(s);
    const bool discards_hidden =
        declarer_ != kNoSeat && observer != declarer_ && !discards_.empty();
    if (discards_hidden ||
        (declarer_ != kNoSeat && observer != declarer_ && phase_ == Phase::kDiscard)) {
      // Cards everyone knows lie in the declarer's hand or discards: the shown packet, the
      // turn-up of a packet 3 the rover declarer took. Split them as a random deal would.
      CardSet holding_known = exposed_;
      if (is_rover(contract_) && packet_taker_[2] == declarer_) holding_known.add(turn_up_);
      holding_known = (holding_known & (play_.hand(declarer_) | discards_)) - known_hand[declarer_];
      int hand_free = play_.hand(declarer_).size() - known_hand[declarer_].size();
      int discard_free = discards_.size();
      CardSet left = holding_known;
      const auto put = [&](Card c, bool in_discards) {
        (in_discards ? known_discards : known_hand[declarer_]).add(c);
        (in_discards ? discard_free : hand_free)--;
        left.remove(c);
      };
      // Forced: the 6D discarded first in Rover Against; cards the declarer has shown it lacks.
      for (Card c : holding_known) {
        if (c == kRedRover && contract_ == kRoverAgainst)
          put(c, discards_.contains(kRedRover));
        else if (play_.excluded(declarer_).contains(c))
          put(c, true);
      }
      std::array<Card, kPacket + 1> rest{};
      int m = 0;
      for (Card c : left) rest[m++] = c;
      rng.shuffle(rest.data(), m);
      for (int i = 0; i < m; ++i) {
        const bool to_discards =
            hand_free <= 0 ||
            (discard_free > 0 && rng.below(static_cast<std::uint32_t>(hand_free + discard_free)) <
                                     static_cast<std::uint32_t>(discard_free));
        put(rest[i], to_discards);
      }
      // The redeal keeps a place's known cards where they are: move each drawn card there first,
      // swapping it with an unknown card of the other place (those are redrawn anyway).
      const auto swap_into = [&](CardSet wanted, CardSet& to, CardSet keep_to, bool to_hand) {
        for (Card c : wanted) {
          const CardSet from = to_hand ? w.discards_ : w.play_.hand(declarer_);
          if (!from.contains(c)) continue;
          const Card x = (to - keep_to - wanted).lowest();
          to.remove(x);
          to.add(c);
          if (to_hand) {
            w.discards_.remove(c);
            w.discards_.add(x);
          } else {
            w.play_.take(declarer_, CardSet::of(c));
            w.play_.give(declarer_, CardSet::of(x));
          }
        }
      };
      CardSet hand = w.play_.hand(declarer_);
      swap_into(known_hand[declarer_], hand, CardSet(), true);
      w.play_.set_hand(declarer_, hand);
      swap_into(known_discards, w.discards_, CardSet(), false);
    }
    SeatSet hidden;
    for (Seat s = 0; s < kPlayers; ++s)
      if (s != observer && !open_) hidden.add(s);
    std::array<HiddenPlace, 1 + kPackets> extra{};
    int n = 0;
    if (declarer_ != kNoSeat && observer != declarer_ && !discards_.empty())
      extra[n++] = HiddenPlace{&w.discards_, known_discards, CardSet(~std::uint64_t{0})};
    for (int k = 0; k < kPackets; ++k)
      if (!packets_[k].empty())
        extra[n++] = HiddenPlace{&w.packets_[k], packets_[k] & CardSet::of(turn_up_),
                                 CardSet(~std::uint64_t{0})};
    w.play_.redeal_hidden_hands(hidden, known_hand, {extra.data(), static_cast<std::size_t>(n)},
                                rng);
    // A call half made (its suit named, not yet its rank) is the declarer's alone until it is
    // whole: any suit, for everyone else.
    if (phase_ == Phase::kCall && called_suit_ != kNoSuit && observer != declarer_)
      w.called_suit_ = static_cast<std::uint8_t>(rng.below(kSuits));
  });
}

std::vector<Pile> State::piles() const {
  std::vector<Pile> out;
  for (Seat s = 0; s < kPlayers; ++s)
    out.push_back(make_pile("hand " + seat_text(s), open_ ? kEveryone : SeatSet::of(s),
                            play_.hand(s) - known_in_hand(s)));
  for (Seat s = 0; s < kPlayers; ++s)
    out.push_back(make_pile("shown " + seat_text(s), kEveryone, known_in_hand(s)));
  for (int k = 0; k < kPackets; ++k)
    out.push_back(make_pile("packet " + std::to_string(k + 1), SeatSet(),
                            packets_[k] - CardSet::of(turn_up_)));
  out.push_back(make_pile("turn-up", kEveryone, packets_[2] & CardSet::of(turn_up_)));
  out.push_back(
      make_pile("discards", declarer_ == kNoSeat ? SeatSet() : SeatSet::of(declarer_), discards_));
  out.push_back(make_pile("tricks", kEveryone, play_.played()));
  return out;
}

const char* State::check() const {
  CardTally tally(play_.played());
  for (int k = 0; k < kPackets; ++k)
    if (!tally.add(packets_[k])) return "a packet card is in two places";
  if (!tally.add(discards_)) return "a discard is in two places";
  for (Seat s = 0; s < kPlayers; ++s) {
    const CardSet hand = play_.hand(s);
    if (!tally.add(hand)) return "a hand card is in two places";
    if (hand.intersects(play_.excluded(s))) return "a hand holds a card it showed it lacks";
  }
  if (tally.all() != kDeck || tally.total() != kDeckSize) return "cards are not conserved";
  if (phase_ == Phase::kDiscard && discards_.size() + to_discard_ != kPacket)
    return "the declarer discards 3 cards";
  if (!packets_[2].empty() && !packets_[2].contains(turn_up_)) return "the turn-up left packet 3";
  return nullptr;
}

std::vector<ObservationField> Game::observation_fields() const {
  const std::vector<std::string> contracts = {"marriage",   "bull-rush",     "rover",
                                              "rover-hand", "rover-against", "rover-hand-against"};
  std::vector<std::string> calls = {"pass"};
  for (int level = 1; level <= 4; ++level)
    for (const char* suit : {"♣", "♦", "♥", "♠"}) calls.push_back(std::to_string(level) + suit);
  for (std::size_t i = 1; i < contracts.size(); ++i) calls.push_back(contracts[i]);
  auto f = obs::common({"auction", "take", "discard", "announce", "call", "leader", "pickup", "bid",
                        "declare", "play", "over"},
                       12, 13, 200);
  obs::append(f, obs::trick_play(13));
  obs::append(
      f, {
             obs::choice("/calls/{seat}", calls, "each seat's last call"),
             obs::choice("/current_bid/call", calls, "the call to beat"),
             obs::seat("/current_bid/by", "who made it"),
             obs::choice("/contract/name", contracts, "the contract"),
             obs::seat("/contract/declarer", "the declarer"),
             obs::number("/contract/value", 30, "the contract's value"),
             obs::cards("/open_hands/{seat}", "the hands laid open"),
             obs::cards("/known_cards/{seat}", "the cards this seat knows each seat holds"),
             obs::choice("/declarations/{seat}",
                         {"6D", "marriage S", "marriage H", "marriage D", "marriage C"},
                         "each seat's declaration: the 6D or a bare marriage"),
             obs::cards("/exposed", "the exposed cards"),
             obs::cards("/discards", "this seat's discards"),
             obs::cards("/turn_up", "the turn-up card"),
             obs::number("/packets/{3}/in_centre", 1, "whether each packet is still in the centre"),
             obs::seat("/packets/{3}/taken_by", "who took each packet"),
             obs::choice("/named_suit", obs::suits(), "the suit named"),
             obs::choice("/priority_suit", obs::suits(), "the priority suit"),
             obs::choice("/reversed_suits", obs::suits(), "the suits ranked in reverse"),
             obs::number("/no_trumps", 1, "whether the hand is played without trumps"),
             obs::number("/to_discard/{seat}", 4, "the cards each seat has still to discard"),
         });
  return f;
}

}  // namespace cardroom::red_rover
