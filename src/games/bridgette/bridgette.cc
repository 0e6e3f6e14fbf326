#include "games/bridgette/bridgette.h"

#include <algorithm>

#include "core/deal_check.h"
#include "core/game_support.h"
#include "core/move_text.h"
#include "core/table_layout.h"

namespace cardroom::bridgette {

using bridge::Bid;
using bridge::Doubling;
using bridge::Strain;

namespace {

// What the end of the match says (MatchState::end_round).
constexpr MatchEndText kMatchEnd = {"game over; winner: {seats}", "game over; shared win: {seats}",
                                    "the scores are tied: a tie-break hand follows"};

constexpr std::array<ExtraCard, 3> kExtraCards = {{{kGrandColon, "GC", "Grand Colon"},
                                                   {kRoyalColon, "RC", "Royal Colon"},
                                                   {kLittleColon, "LC", "Little Colon"}}};

std::string text_of(Card c) { return card_text(c, card_names()); }

// Per engine suit (S H D C).
constexpr const char* kNeedTwo[] = {
    "a spade bid needs at least 2 spades", "a heart bid needs at least 2 hearts",
    "a diamond bid needs at least 2 diamonds", "a club bid needs at least 2 clubs"};
constexpr const char* kJumpNeedsFour[] = {"a jump bid in spades needs at least 4 spades",
                                          "a jump bid in hearts needs at least 4 hearts",
                                          "a jump bid in diamonds needs at least 4 diamonds",
                                          "a jump bid in clubs needs at least 4 clubs"};
constexpr const char* kBarred[] = {
    "a colon answered your spade lead: lead another suit or a colon",
    "a colon answered your heart lead: lead another suit or a colon",
    "a colon answered your diamond lead: lead another suit or a colon",
    "a colon answered your club lead: lead another suit or a colon"};

constexpr const char* kPhases[] = {"discard", "bid", "play", "over"};

}  // namespace

// ---------------------------------------------------------------------------------------------
// Options

const ConfigOptions<Config>& Config::options() {
  static const auto options =
      ConfigOptions<Config>()
          .add(OptionSpec::choice("upcard", {"stays", "set_aside"},
                                  "BRG-A1: the upcard stays on the stock and is the first of the "
                                  "non-dealer's two cards (ruling); set_aside = set aside face "
                                  "up, not drawable"),
               &Config::upcard)
          .add(OptionSpec::choice("nt_jumps", {"allowed", "forbidden"},
                                  "BRG-A3: a jump bid in no trump needs only the NT rule "
                                  "(allowed, ruling) or is not allowed (forbidden)"),
               &Config::nt_jumps)
          .add(OptionSpec::boolean("colon_when_following", true,
                                   "BRG-A8: a colon whose range holds the card led may be played "
                                   "even by a hand that could follow suit (ruling); false = only "
                                   "by a hand void in the suit led"),
               &Config::colon_when_following);
  return options;
}

CardNames card_names() { return {kExtraCards.data(), kExtraCards.size()}; }
CardNames Game::card_names() const { return bridgette::card_names(); }

// ---------------------------------------------------------------------------------------------
// Rules tables

int dealer_draw(Card upcard) {
  if (upcard == kGrandColon) return 12;
  if (upcard == kRoyalColon) return 8;
  if (upcard >= 52) return 4;
  const int r = rank_of(upcard);
  return r == kAce ? 12 : r >= kJack ? 8 : 4;
}

const char* why_not_bid_by_hand(CardSet hand, Bid bid, std::optional<Bid> current,
                                NtJumps nt_jumps) {
  if (bid.is_suit()) {
    const int suit = bid.suit();
    const int held = (hand & CardSet::suit(suit)).size();
    if (held < 2) return kNeedTwo[suit];
    if (held < 4 && bridge::is_jump(bid, current)) return kJumpNeedsFour[suit];
    return nullptr;
  }
  for (int s = 0; s < kSuits; ++s)
    if ((hand & CardSet::suit(s)).empty())
      return "a no-trump bid needs at least one card of each suit";
  if (nt_jumps == NtJumps::kForbidden && bridge::is_jump(bid, current))
    return "jump bids in no trump are not allowed (option nt_jumps=forbidden)";
  return nullptr;
}

std::string_view line_kind_text(LineKind k) {
  static constexpr std::string_view kTexts[] = {"contract", "exacto",    "trifecta",
                                                "doubled",  "redoubled", "set"};
  const int i = static_cast<int>(k);
  return i >= 0 && i < 6 ? kTexts[i] : "?";
}

int HandScore::total(int seat) const {
  int sum = 0;
  for (int i = 0; i < count; ++i)
    if (lines[i].seat == seat) sum += lines[i].points;
  return sum;
}

int made_base(Bid bid) {
  // By rank (level * 5 + strain): 0NT = 4, 1C = 5 .. 1S = 8, 1NT = 9 .. 3S = 18, 3NT = 19, 4C = 20,
  // 4D = 21, 4H = 22 .. 5S = 28, 5NT = 29 .. 6S = 33, 6NT = 34 .. 7S = 38, 7NT = 39.
  const int r = bid.rank();
  if (r <= 8) return 150;
  if (r <= 18 || r == 20 || r == 21) return 250;
  if (r <= 28) return 750;
  return r <= 33 ? 1500 : r <= 38 ? 2200 : 2500;
}

int set_points(Doubling d, int down) {
  static constexpr int kTable[6][3] = {{100, 200, 300},   {200, 500, 700},   {300, 800, 1100},
                                       {400, 1100, 1500}, {700, 2000, 2700}, {1000, 3000, 4000}};
  if (down <= 0) return 0;
  return kTable[std::min(down, 6) - 1][static_cast<int>(d)];
}

HandScore score_hand(const bridge::Contract& contract, int taken) {
  HandScore out;
  const Bid bid = contract.bid;
  const int declarer = contract.declarer, diff = bridge::result_tricks(bid, taken);
  auto add = [&](int seat, LineKind kind, int points) {
    if (points != 0)
      out.lines[out.count++] = ScoreLine{static_cast<std::int8_t>(seat), kind, points};
  };
  if (diff < 0) {
    add(declarer ^ 1, LineKind::kSet, set_points(contract.doubling, -diff));
    return out;
  }
  add(declarer, LineKind::kContract, made_base(bid));
  if (diff == 0)
    add(declarer, LineKind::kExacto, bid.rank() <= 29 ? 250 : bid.level == 6 ? 100 : 0);
  if (diff == 3) add(declarer, LineKind::kTrifecta, 350);
  if (contract.doubling == Doubling::kDoubled) add(declarer, LineKind::kDoubled, 400);
  if (contract.doubling == Doubling::kRedoubled) add(declarer, LineKind::kRedoubled, 1000);
  return out;
}

std::string call_text(std::uint8_t call, bool symbols) {
  switch (call) {
    case kCallPass:
      return "pass";
    case kCallDouble:
      return "double";
    case kCallRedouble:
      return "redouble";
    default:
      return bridge::bid_text(Bid::of_rank(call), symbols);
  }
}

// ---------------------------------------------------------------------------------------------
// Trick play

const char* Policy::why_not(CardSet, const tricks::TrickSoFar& t, Card card) const {
  if (t.count == 0) return barred < kSuits ? kBarred[barred] : "you may not lead that card";
  const Card led = t.cards[0];
  if (led >= 52) return "a colon may answer a colon lead only from a hand of nothing but colons";
  if (card >= 52 && card != covering_colon(led))
    return "that colon's range does not hold the card led: it may be played only from a hand "
           "with nothing else";
  if (card >= 52)
    return "you must follow suit: a colon only when you cannot (colon_when_following)";
  return "you must follow suit";
}

// ---------------------------------------------------------------------------------------------
// Game

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s(config_, seed);
  // Rule 2: high card deals (aces high); a colon drawn is drawn again, which is a draw from the
  // 52 standard cards. Tied ranks draw again.
  if (!s.take_first_dealer(first_dealer, kPlayers, ctx))
    s.draw_for_dealer(
        kStandard, kPlayers, [](Card c) { return rank_of(c); }, "draw for deal: {seat_cards}",
        "{seat} draws high and deals first", ctx);
  s.start_hand(ctx);
  return s;
}

std::string Game::validate_deal(const Deal& deal) const {
  DealCheck check(deal, kDeck, "not in the Bridgette deck", card_names());
  for (const std::string& why : {check.seats(kPlayers), check.hand_sizes(kHand), check.cards()})
    if (!why.empty()) return why;
  const std::size_t stock = kDeckSize - kPlayers * kHand;
  if (deal.pack.size() != stock)
    return "the stock must list all " + std::to_string(stock) +
           " undealt cards, the upcard first (got " + std::to_string(deal.pack.size()) + ")";
  return "";
}

// ---------------------------------------------------------------------------------------------
// State: the deal and the exchange

void State::start_hand(const ApplyContext* ctx) {
  constexpr int kDealt = kPlayers * kHand;
  std::array<Card, kDeckSize> order{};
  play_.new_round(kPlayers);
  const Seat nd = non_dealer();
  if (const Deal* deal = explicit_deal(ctx, deals_)) {
    play_.take_hands(*deal);
    std::copy(deal->pack.begin(), deal->pack.end(), order.begin() + kDealt);
  } else {
    order = card_ids<kDeckSize>();
    rng_.shuffle(order.data(), kDeckSize);
    // Rule 3: 13 each, one at a time from the non-dealer.
    play_.deal_one_at_a_time(order.data(), kDealt, nd);
  }
  ++deals_;
  report_deal(ctx, [&] { return play_.as_deal({order.begin() + kDealt, order.end()}); });
  const CardNames names = card_names();
  if (wants_events(ctx)) {
    announce_round(ctx, "hand {number} of {total}: {seat} deals 13 cards each",
                   "hand {number} (tie-break): {seat} deals 13 cards each", kHands, kHand);
    play_.emit_hands(ctx, names);
  }
  // The upcard: the top card of the stock, turned face up (rule 3); it sets the dealer's draw.
  int next = kDealt;
  upcard_ = order[next];
  draw_ = static_cast<std::int8_t>(dealer_draw(upcard_));
  aside_ = CardSet();
  emit(
      ctx, kEveryone, "upcard {card}: the dealer draws {amount}",
      [&] {
        return Event{
            .kind = EventKind::kTurnUp, .amount = draw_, .card = upcard_, .cards = {upcard_}};
      },
      names);
  if (config_.upcard == Upcard::kSetAside) aside_.add(order[next++]);  // BRG-A1 option
  // Rule 4: the non-dealer takes the top two (the upcard first, BRG-A1), the dealer 4, 8 or 12.
  CardSet nd_draw, d_draw;
  for (int i = 0; i < 2; ++i) nd_draw.add(order[next++]);
  for (int i = 0; i < draw_; ++i) d_draw.add(order[next++]);
  stock_ = CardSet();
  for (int i = next; i < kDeckSize; ++i) stock_.add(order[i]);
  play_.give(nd, nd_draw);
  play_.give(dealer_, d_draw);
  discards_ = {};
  to_discard_[nd] = 2;
  to_discard_[dealer_] = draw_;
  emit_with_public_half(
      ctx, SeatSet::of(nd), "you draw {cards}",
      config_.upcard == Upcard::kStays ? "{seat} draws the upcard and the next card"
                                       : "{seat} draws the two cards under the upcard",
      [&] {
        return Event{.kind = EventKind::kExchange,
                     .seat = nd,
                     .number = 2,
                     .cards = card_vector(nd_draw),
                     .label = "draw"};
      },
      names);
  emit_with_public_half(
      ctx, SeatSet::of(dealer_), "you draw {cards}", "{seat} draws {number} cards",
      [&] {
        return Event{.kind = EventKind::kExchange,
                     .seat = dealer_,
                     .number = draw_,
                     .cards = card_vector(d_draw),
                     .label = "draw"};
      },
      names);
  auction_ = bridge::Auction(dealer_);
  log_ = CallLog();
  phase_ = Phase::kDiscard;
  to_act_ = nd;  // BRG-A2: the non-dealer discards first
}

Status State::apply_discard(Seat seat, std::uint64_t payload, const ApplyContext* ctx) {
  if (phase_ != Phase::kDiscard) return Status::Error("the exchange is over for this hand");
  if (payload >= kDeckSize) return Status::Error("not a card");
  const Card card = static_cast<Card>(payload);
  if (!play_.hand(seat).contains(card)) return Status::Error("you do not hold that card");
  play_.take(seat, CardSet::of(card));
  discards_[seat].add(card);
  --to_discard_[seat];
  emit_with_public_half(
      ctx, SeatSet::of(seat), "you discard {card}", "{seat} discards a card",
      [&] {
        return Event{.kind = EventKind::kExchange, .seat = seat, .card = card, .label = "discard"};
      },
      card_names());
  if (to_discard_[seat] > 0) return Status::Ok();
  if (seat == non_dealer()) {
    to_act_ = dealer_;
    return Status::Ok();
  }
  emit(ctx, kEveryone, "the exchange is over",
       [] { return Event{.kind = EventKind::kExchangeDone}; });
  phase_ = Phase::kBid;
  to_act_ = dealer_;  // rule 6: the dealer opens
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// State: the auction

const char* State::why_not_bid(Seat seat, Bid bid) const {
  if (phase_ != Phase::kBid) return "it is not time to bid";
  if (const char* why = auction_.why_not_bid(seat, bid)) return why;
  return why_not_bid_by_hand(play_.hand(seat), bid, auction_.current(), config_.nt_jumps);
}

Status State::apply_call(Seat seat, int kind, std::uint64_t payload, const ApplyContext* ctx) {
  if (phase_ != Phase::kBid) return Status::Error("the auction is over for this hand");
  const char* why = nullptr;
  Bid bid;
  std::uint8_t call = 0;
  if (kind == kBidMove) {
    if (payload >= static_cast<std::uint64_t>(Bid::kRanks) ||
        !Bid::of_rank(static_cast<int>(payload)).valid())
      return Status::Error("that is not a bid");
    bid = Bid::of_rank(static_cast<int>(payload));
    why = why_not_bid(seat, bid);
    call = static_cast<std::uint8_t>(payload);
  } else if (payload != 0) {
    return Status::Error("not a Bridgette move");
  } else if (kind == kPassMove) {
    why = !auction_.has_bid() ? "the dealer must open the bidding" : auction_.why_not_pass(seat);
    call = kCallPass;
  } else if (kind == kDoubleMove) {
    why = auction_.why_not_double(seat);
    call = kCallDouble;
  } else {
    why = auction_.why_not_redouble(seat);
    call = kCallRedouble;
  }
  if (why) return Status::Error(why);
  bool over = false;
  if (kind == kBidMove)
    over = auction_.bid(bid);
  else if (kind == kPassMove)
    over = auction_.pass();
  else if (kind == kDoubleMove)
    over = auction_.double_bid();
  else
    over = auction_.redouble();
  log_.add(call);
  emit(ctx, kEveryone,
       kind == kBidMove      ? "{seat} bids {label}"
       : kind == kPassMove   ? "{seat} passes"
       : kind == kDoubleMove ? "{seat} doubles"
                             : "{seat} redoubles",
       [&] {
         return Event{.kind = EventKind::kBid,
                      .seat = seat,
                      .amount = kind == kBidMove ? bid.level : 0,
                      .suit = kind == kBidMove ? bid.suit() : kNoSuit,
                      .label = kind == kBidMove      ? bridge::bid_label(bid, Doubling::kNone, true)
                               : kind == kPassMove   ? "pass"
                               : kind == kDoubleMove ? "double"
                                                     : "redouble"};
       });
  to_act_ = static_cast<std::int8_t>(auction_.to_call());
  if (over) begin_play(ctx);
  return Status::Ok();
}

void State::begin_play(const ApplyContext* ctx) {
  const bridge::Contract c = auction_.contract();
  phase_ = Phase::kPlay;
  Policy policy;
  policy.trump = static_cast<std::uint8_t>(c.bid.suit());
  policy.colon_when_following = config_.colon_when_following;
  play_.begin_play(kHand, c.declarer, policy);  // rule 7: the declarer leads
  to_act_ = c.declarer;
  if (!wants_events(ctx)) return;
  emit(ctx, kEveryone, "contract {label} by {seat}", [&] {
    return Event{.kind = EventKind::kContract,
                 .seat = c.declarer,
                 .amount = c.bid.level,
                 .suit = c.bid.suit(),
                 .seats = SeatSet::of(c.declarer),
                 .label = bridge::bid_label(c.bid, c.doubling, true)};
  });
  emit(ctx, kEveryone, "{seat} leads",
       [&] { return Event{.kind = EventKind::kLead, .seat = c.declarer}; });
}

void State::finish_hand(const ApplyContext* ctx) {
  const bridge::Contract c = auction_.contract();
  const int taken = play_.tricks_won(c.declarer);
  last_ = RoundRecord{.round = round_ + 1,
                      .dealer = dealer_,
                      .upcard = upcard_,
                      .draw = draw_,
                      .discards = discards_,
                      .auction = log_,
                      .contract = c,
                      .declarer_tricks = static_cast<std::int8_t>(taken),
                      .score = score_hand(c, taken),
                      .tricks = play_.history()};
  RoundRecord& r = last_;
  for (Seat s = 0; s < kPlayers; ++s) {
    r.points[s] = r.score.total(s);
    scores_[s] += r.points[s];
  }
  ++rounds_completed_;
  for (Seat s = 0; s < kPlayers; ++s)
    emit(ctx, kEveryone,
         s == c.declarer ? "{seat} declared {label}, took {tricks}: {points:point/points} (total "
                           "{total})"
                         : "{seat} defended {label}, took {tricks}: {points:point/points} (total "
                           "{total})",
         [&] {
           return Event{.kind = EventKind::kScore,
                        .seat = s,
                        .amount = c.bid.tricks_needed(),
                        .tricks = play_.tricks_won(s),
                        .points = r.points[s],
                        .total = scores_[s],
                        .label = bridge::bid_label(c.bid, c.doubling, true)};
         });
  // Rule 10 / BRG-A12: six hands; while tied, single tie-break hands.
  if (end_round(round_ + 1 >= kHands, scores_, {}, kPlayers, false, kMatchEnd, ctx))
    phase_ = Phase::kOver;
  else
    start_hand(ctx);
}

// ---------------------------------------------------------------------------------------------
// State: moves

SeatSet State::actors() const { return one_actor(over(), to_act()); }

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (phase_ == Phase::kOver || seat != to_act()) return;
  switch (phase_) {
    case Phase::kDiscard:
      out.push_cards(play_.hand(seat), discard_move);
      return;
    case Phase::kBid: {
      // why_not_bid_by_hand for every bid at once: per strain, whether its lowest overcalling
      // level and the jumps above it are allowed (random playouts list bids on every call).
      const CardSet hand = play_.hand(seat);
      const std::optional<Bid> current = auction_.current();
      std::array<int, bridge::kStrains> lowest{};
      std::array<bool, bridge::kStrains> plain{}, jump{};
      bool every_suit = true;
      for (int st = 0; st < 4; ++st) {
        const int held = (hand & CardSet::suit(bridge::trump_suit(static_cast<Strain>(st)))).size();
        plain[st] = held >= 2;
        jump[st] = held >= 4;
        every_suit &= held > 0;
      }
      plain[4] = every_suit;
      jump[4] = every_suit && config_.nt_jumps == NtJumps::kAllowed;
      for (int st = 0; st < bridge::kStrains; ++st)
        lowest[st] = bridge::lowest_level(static_cast<Strain>(st), current);
      for (int r = current ? current->rank() + 1 : 0; r < Bid::kRanks; ++r) {
        const Bid b = Bid::of_rank(r);
        const int st = static_cast<int>(b.strain);
        if (b.valid() && (b.level == lowest[st] ? plain[st] : jump[st])) out.push(bid_move(b));
      }
      if (auction_.has_bid()) out.push(pass_move());
      if (!auction_.why_not_double(seat)) out.push(double_move());
      if (!auction_.why_not_redouble(seat)) out.push(redouble_move());
      return;
    }
    default:
      out.push_cards(play_.playable(seat), play_move);
  }
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (Status st = refuse_when_closed(over(), seat, kPlayers); !st.ok()) return st;
  if (seat != to_act()) return Status::Error(kNotYourTurn);
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kDiscardMove:
      return apply_discard(seat, payload, ctx);
    case kBidMove:
    case kPassMove:
    case kDoubleMove:
    case kRedoubleMove:
      return apply_call(seat, move_kind(move), payload, ctx);
    case kPlayMove:
      return tricks::play_move(
          play_, phase_ == Phase::kPlay, seat, payload, ctx, [&] { finish_hand(ctx); },
          card_names());
    default:
      return Status::Error("not a Bridgette move");
  }
}

std::string State::move_text(Move move) const {
  if (move_kind(move) == kBidMove) {
    const std::uint64_t r = move_payload(move);
    if (r < static_cast<std::uint64_t>(Bid::kRanks) && Bid::of_rank(static_cast<int>(r)).valid())
      return "bid " + bridge::bid_text(Bid::of_rank(static_cast<int>(r)));
  }
  return move_text_of(move, kMoveForms, card_names());
}

std::optional<Move> State::parse_move(Seat, std::string_view text, std::string* error) const {
  MoveReader in(text, error);
  const std::string t = lower(in.joined());
  if (t == "pass" || t == "p") return pass_move();
  if (t == "double" || t == "x" || t == "dbl") return double_move();
  if (t == "redouble" || t == "xx" || t == "rdbl") return redouble_move();
  if (in.verb() == "bid") {
    if (in.rest().empty()) return in.fail("'bid' needs a contract, e.g. 'bid 2S' or 'bid 0NT'");
    if (auto b = bridge::parse_bid(in.rest())) return bid_move(*b);
    return in.fail("'" + in.rest() +
                   "' is not a bid: a level 0 to 7 and a strain (C D H S NT), e.g. 2S or 0NT; "
                   "0 only with NT");
  }
  // A bare bid: "3NT" always; "2S" (a card too) during the auction.
  if (!in.empty() && in.words().size() == 1)
    if (auto b = bridge::parse_bid(in.verb()); b && (!b->is_suit() || phase_ == Phase::kBid))
      return bid_move(*b);
  const bool discarding = phase_ == Phase::kDiscard;
  if (in.verb() == "discard" || (discarding && in.verb() != "play"))
    return in.card_move("discard", "'discard' needs a card, e.g. 'discard 7H' or 'discard LC'",
                        card_names(), false, discard_move,
                        "'" + std::string(text) + "' is not a Bridgette move (try 'discard C')");
  return in.card_move("play", "'play' needs a card, e.g. 'play 7H' or 'play GC'", card_names(),
                      false, play_move,
                      "'" + std::string(text) +
                          "' is not a Bridgette move (try 'bid 2S', 'pass', 'double', "
                          "'redouble', 'discard C', 'play C')");
}

// ---------------------------------------------------------------------------------------------
// State: views, summaries, resampling

namespace {

nlohmann::json auction_json(const CallLog& log, Seat dealer) {
  nlohmann::json out = nlohmann::json::array();
  for (int i = 0; i < log.count; ++i)
    out.push_back({{"seat", (dealer + i) % kPlayers}, {"call", call_text(log.calls[i], true)}});
  return out;
}

nlohmann::json contract_json(const bridge::Contract& c) {
  return {{"bid", bridge::bid_text(c.bid, true)},
          {"doubling", std::string(bridge::doubling_text(c.doubling))},
          {"declarer", c.declarer},
          {"tricks_needed", c.bid.tricks_needed()},
          {"text", bridge::contract_text(c, true)}};
}

}  // namespace

nlohmann::json State::view(Seat seat) const {
  const bool player = seat == 0 || seat == 1;
  const CardNames names = card_names();
  nlohmann::json v = view_envelope(*this, seat, Game::kName);
  v["rounds"] = kHands;
  v["round_name"] = "hand";
  v["tie_break"] = round_ >= kHands;
  v["phase"] = kPhases[static_cast<int>(phase_)];
  v["upcard"] = text_of(upcard_);
  v["upcard_set_aside"] = !aside_.empty();
  v["dealer_draw"] = draw_;
  v["stock_size"] = stock_.size();
  if (player) {
    v["hand"] = cards_json(play_.hand(seat), names);
    v["discards"] = cards_json(discards_[seat], names);  // one's own, face down
  }
  nlohmann::json sizes = nlohmann::json::array(), to_discard = nlohmann::json::array(),
                 calls = nlohmann::json::array(), bids = nlohmann::json::array(),
                 won = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) {
    sizes.push_back(play_.hand(s).size());
    to_discard.push_back(phase_ == Phase::kDiscard ? to_discard_[s] : 0);
    // Each seat's last call and last bid of this hand's auction.
    nlohmann::json call = nullptr, bid = nullptr;
    for (int i = s == dealer_ ? 0 : 1; i < log_.count; i += 2) {
      call = log_.calls[i] == kCallDouble     ? "X"
             : log_.calls[i] == kCallRedouble ? "XX"
                                              : call_text(log_.calls[i], true);
      if (log_.calls[i] < kCallPass) bid = call;
    }
    calls.push_back(call);
    bids.push_back(bid);
    won.push_back(phase_ == Phase::kPlay ? play_.tricks_won(s) : 0);
  }
  v["hand_sizes"] = sizes;
  v["to_discard"] = to_discard;
  v["auction"] = auction_json(log_, dealer_);
  v["calls"] = calls;
  v["bids"] = bids;
  const bool in_play = phase_ == Phase::kPlay;
  v["current_bid"] =
      phase_ == Phase::kBid && auction_.has_bid()
          ? nlohmann::json{{"bid", bridge::bid_text(*auction_.current(), true)},
                           {"by", auction_.bidder()},
                           {"doubling", std::string(bridge::doubling_text(auction_.doubling()))}}
          : nlohmann::json(nullptr);
  v["contract"] = in_play ? contract_json(auction_.contract()) : nlohmann::json(nullptr);
  v["trump"] = in_play ? suit_json(trump()) : nlohmann::json(nullptr);
  v["lead_barred"] = in_play ? suit_json(play_.policy().barred) : nlohmann::json(nullptr);
  tricks::add_trick_view(v, play_, in_play, names);
  v["tricks_won"] = won;

  // The table: the trick, the upcard, the stock and the viewer's own discards; the bid to beat or
  // the contract with the tricks it needs as facts.
  TableLayout t(seat, names);
  t.add_trick(v);
  if (!aside_.empty()) t.add("upcard", ZoneKind::kFan, "Upcard, set aside", kNoSeat, aside_);
  t.add_pile("stock", "Stock", kNoSeat, stock_.size());
  if (player && !discards_[seat].empty())
    t.add("discards", ZoneKind::kFan, "Your discards (face down)", seat, discards_[seat]);
  if (upcard_ != kNoCard) t.fact("Upcard", t.card(upcard_) + (aside_.empty() ? "" : ", set aside"));
  if (phase_ == Phase::kBid && auction_.has_bid()) {
    const std::string doubling(bridge::doubling_text(auction_.doubling()));
    t.fact("Bid to beat", bridge::bid_text(*auction_.current(), true) + doubling + " by " +
                              t.who(auction_.bidder()));
  }
  if (in_play) {
    const bridge::Contract c = auction_.contract();
    t.fact("Contract", bridge::contract_text(c, true) + " by " + t.who(c.declarer));
    t.fact("Declarer needs", std::to_string(c.bid.tricks_needed()) + " tricks, has " +
                                 std::to_string(play_.tricks_won(c.declarer)));
    t.fact("Trumps", TableLayout::suit_words(trump()));
    if (play_.policy().barred != kNoSuit)
      t.fact("No lead in", TableLayout::suit_words(play_.policy().barred));
  }
  switch (phase_) {
    case Phase::kDiscard:
      t.status(t.turn(actors(), "discard"));
      break;
    case Phase::kBid:
      t.status("Auction: " + t.turn(actors(), "call"));
      break;
    case Phase::kPlay: {
      const bridge::Contract c = auction_.contract();
      t.status(bridge::contract_text(c, true) + " by " + t.who(c.declarer) + ": " +
               t.turn(actors(), "play"));
      break;
    }
    case Phase::kOver:
      t.status(t.game_over(winners()));
      break;
  }
  std::move(t).write_to(v);
  return v;
}

nlohmann::json State::last_round(Seat seat) const {
  const RoundRecord& r = last_;
  const CardNames names = card_names();
  nlohmann::json j;
  j["round"] = r.round;
  j["dealer"] = r.dealer;
  j["upcard"] = r.upcard == kNoCard ? nlohmann::json(nullptr) : nlohmann::json(text_of(r.upcard));
  j["dealer_draw"] = r.draw;
  // Discards are face down: each seat sees its own (kOmniscient both).
  nlohmann::json discards = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s)
    discards.push_back(seat == s || seat == kOmniscient ? cards_json(r.discards[s], names)
                                                        : nlohmann::json(nullptr));
  j["discards"] = discards;
  j["auction"] = auction_json(r.auction, r.dealer);
  j["contract"] = bridge::contract_text(r.contract, true);
  j["declarer"] = r.contract.declarer;
  j["tricks_needed"] = r.contract.bid.tricks_needed();
  j["declarer_tricks"] = r.declarer_tricks;
  nlohmann::json won = nlohmann::json::array(), points = nlohmann::json::array(),
                 lines = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) {
    won.push_back(s == r.contract.declarer ? r.declarer_tricks : kHand - r.declarer_tricks);
    points.push_back(r.points[s]);
  }
  for (int i = 0; i < r.score.count; ++i)
    lines.push_back({{"seat", r.score.lines[i].seat},
                     {"kind", std::string(line_kind_text(r.score.lines[i].kind))},
                     {"points", r.score.lines[i].points}});
  j["score_lines"] = lines;
  j["tricks"] = tricks::history_json<Policy>(r.tricks, kHand, kPlayers, names);
  j["tricks_won"] = won;
  j["points"] = points;
  // The score sheet's columns (core/game.h): the contract and its declarer, the tricks taken.
  std::string made =
      std::to_string(r.declarer_tricks) + "/" + std::to_string(r.contract.bid.tricks_needed());
  j["sheet"] = nlohmann::json::array(
      {{{"title", "contract"},
        {"value", bridge::contract_text(r.contract, true) + " " + seat_text(r.contract.declarer)}},
       {{"title", "took/needed"}, {"value", made}}});
  return j;
}

std::vector<Pile> State::piles() const {
  // The upcard is known to all wherever it lies with the non-dealer (in hand or discarded), or
  // set aside; its own pile keeps it out of the hidden ones.
  const CardSet up =
      (aside_ | play_.hand(non_dealer()) | discards_[non_dealer()]) & CardSet::of(upcard_);
  std::vector<Pile> out;
  for (Seat s = 0; s < kPlayers; ++s)
    out.push_back(make_pile("hand " + seat_text(s), SeatSet::of(s), play_.hand(s) - up));
  for (Seat s = 0; s < kPlayers; ++s)
    out.push_back(make_pile("discards " + seat_text(s), SeatSet::of(s), discards_[s] - up));
  out.push_back(make_pile("stock", SeatSet(), stock_));
  out.push_back(make_pile("upcard", kEveryone, up));
  out.push_back(make_pile("tricks", kEveryone, play_.played()));
  return out;
}

std::optional<tricks::SolverTask<Policy, kPlayers>> State::solver_task() const {
  if (phase_ != Phase::kPlay) return std::nullopt;
  tricks::SolverTask<Policy, kPlayers> task;
  task.position = play_.position();
  const bridge::Contract c = auction_.contract();
  task.side = {0, 1};
  task.scores.resize(2 * (kHand + 1));
  for (Seat s = 0; s < kPlayers; ++s)
    for (int t = 0; t <= kHand; ++t)
      task.scores[s * (kHand + 1) + t] = score_hand(c, s == c.declarer ? t : kHand - t).total(s);
  task.card_move = [](Card card) { return play_move(card); };
  task.rank_order = false;  // a colon covers a range of ranks (rule 1): ranks themselves count
  return task;
}

// The start is the hand at its first card: each hand as the play began, the cards played back in
// it. The exchange and the auction come before it: the other seat's discards lie face down, in an
// order no world holds, and the bids rest on suit lengths that resample does not keep a world in
// line with (a world may refuse them).
std::optional<RoundReplay<State>> State::round_replay() const {
  if (phase_ != Phase::kPlay) return std::nullopt;
  RoundReplay<State> r{*this, {}};
  r.start.play_.unplay();
  r.start.begin_play(nullptr);
  for (const auto& [seat, c] : play_.played_in_order()) r.moves.emplace_back(seat, play_move(c));
  return r;
}

State State::resample(Seat observer, Rng& rng) const {
  // Known to the observer: its own hand and discards, the cards played, the upcard (with the
  // non-dealer, in hand or discarded, until played; or set aside), and what play showed each
  // hand lacks (voids, colons out of range, a barred lead that could not be avoided). The other
  // hand, the other discards and the stock are redealt under those constraints.
  return resample_world(*this, rng, [&](State& w) {
    const Seat nd = non_dealer();
    const Card up = upcard_;
    const bool upcard_hidden = observer != nd && aside_.empty() && !play_.played().contains(up);
    std::array<CardSet*, 5> places{};  // nullptr: the hand of hand_of[i]
    std::array<Seat, 5> hand_of{};
    std::array<DealSlot, 5> slots{};
    int n = 0, up_hand = -1, up_discards = -1;
    CardSet pool;
    for (Seat s = 0; s < kPlayers; ++s) {
      if (s == observer) continue;
      CardSet hand = w.play_.hand(s);
      if (s == nd) up_hand = n;
      slots[n] = DealSlot{hand.size(), CardSet(~w.play_.excluded(s).bits())};
      hand_of[n] = s;
      places[n++] = nullptr;
      if (s == nd) up_discards = n;
      slots[n] = DealSlot{w.discards_[s].size(), CardSet(~std::uint64_t{0})};
      places[n++] = &w.discards_[s];
      pool |= hand | w.discards_[s];
    }
    slots[n] = DealSlot{w.stock_.size(), CardSet(~std::uint64_t{0})};
    places[n++] = &w.stock_;
    pool |= w.stock_;
    // The upcard goes back to the non-dealer's hand or discards, as their sizes make likely.
    int up_slot = -1;
    if (upcard_hidden) {
      pool.remove(up);
      const int hs = slots[up_hand].count, ds = slots[up_discards].count;
      const bool hand_ok = hs > 0 && !w.play_.excluded(nd).contains(up);
      const bool disc_ok = ds > 0;
      up_slot = hand_ok && (!disc_ok || static_cast<int>(rng.below(hs + ds)) < hs) ? up_hand
                                                                                   : up_discards;
    }
    std::array<CardSet, 5> dealt{};
    bool ok = false;
    for (int attempt = 0; attempt < 2 && !ok; ++attempt) {
      std::array<DealSlot, 5> sl = slots;
      if (up_slot >= 0) --sl[up_slot].count;
      ok = deal_constrained(pool, {sl.data(), static_cast<std::size_t>(n)},
                            {dealt.data(), static_cast<std::size_t>(n)}, rng);
      if (ok && up_slot >= 0) dealt[up_slot].add(up);
      if (!ok && up_slot >= 0) up_slot = up_slot == up_hand ? up_discards : up_hand;
    }
    CARDROOM_ASSERT(ok, "resample found no deal consistent with the state");
    if (!ok) return;
    for (int i = 0; i < n; ++i) {
      if (places[i])
        *places[i] = dealt[i];
      else
        w.play_.set_hand(hand_of[i], dealt[i]);
    }
  });
}

const char* State::check() const {
  const CardSet played = play_.played();
  CardSet all = played | stock_ | aside_;
  int total = played.size() + stock_.size() + aside_.size();
  if (played.intersects(stock_) || played.intersects(aside_) || stock_.intersects(aside_))
    return "the stock, the tricks and the upcard set aside overlap";
  for (Seat s = 0; s < kPlayers; ++s) {
    const CardSet hand = play_.hand(s);
    if (all.intersects(hand) || all.intersects(discards_[s]) || hand.intersects(discards_[s]))
      return "a card is in two places";
    all |= hand | discards_[s];
    total += hand.size() + discards_[s].size();
    if (hand.intersects(play_.excluded(s))) return "a hand holds a card it showed it lacks";
    const int discards_due = s == dealer_ ? draw_ : 2;
    const int left = phase_ == Phase::kDiscard ? to_discard_[s] : 0;
    if (discards_[s].size() != discards_due - left)
      return "a seat has the wrong number of discards";
    int size = kHand + left;
    if (phase_ == Phase::kPlay) size -= play_.trick_number() + play_.played_to_current(s);
    if (phase_ != Phase::kOver && hand.size() != size) return "a hand has the wrong size";
  }
  if (all != kDeck || total != kDeckSize) return "cards are not conserved";
  if (config_.upcard == Upcard::kSetAside
          ? aside_ != CardSet::of(upcard_)
          : !(played | play_.hand(non_dealer()) | discards_[non_dealer()]).contains(upcard_))
    return "the upcard is not where the rules put it";
  return nullptr;
}

std::vector<ObservationField> Game::observation_fields() const {
  auto bids = obs::bridge_bids(true);
  auto calls = bids;
  for (const char* c : {"pass", "X", "XX"}) calls.push_back(c);
  auto f = obs::common({"discard", "bid", "play", "over"}, 7, 25, 5000);
  obs::append(f, obs::trick_play(13));
  obs::append(f,
              {
                  obs::choice("/calls/{seat}", calls, "each seat's last call"),
                  obs::choice("/current_bid/bid", bids, "the bid to beat"),
                  obs::seat("/current_bid/by", "who made it"),
                  obs::choice("/current_bid/doubling", {"X", "XX"}, "its doubling"),
                  obs::choice("/contract/bid", bids, "the contract"),
                  obs::seat("/contract/declarer", "the declarer"),
                  obs::choice("/contract/doubling", {"X", "XX"}, "the contract's doubling"),
                  obs::number("/contract/tricks_needed", 13, "the tricks the declarer needs"),
                  obs::cards("/upcard", "the upcard"),
                  obs::cards("/discards", "this seat's discards"),
                  obs::number("/to_discard/{seat}", 12, "the cards each seat has still to discard"),
                  obs::number("/stock_size", 30, "the cards left in the stock"),
                  obs::choice("/lead_barred", obs::suits(), "the suit that may not be led"),
                  obs::number("/upcard_set_aside", 1, "whether the upcard was set aside"),
                  obs::number("/tie_break", 1, "whether a tie-break hand is being played"),
              });
  return f;
}

}  // namespace cardroom::bridgette
