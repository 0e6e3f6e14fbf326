#include "games/back_alley/back_alley.h"

#include <algorithm>
#include <cctype>

#include "core/constrained_deal.h"
#include "core/game_support.h"
#include "games/common/tricks.h"

namespace cardroom::back_alley {

extern const char* const kRulesMarkdown;  // docs/games/back_alley.md, embedded at build time

namespace {

constexpr std::array<ExtraCard, 2> kExtraCards = {{{kBigBlooper, "BB"}, {kLittleBlooper, "LB"}}};

std::string team_text(int t) { return t == 0 ? "S0/S2" : "S1/S3"; }

std::string text_of(Card c) { return card_text(c, card_names()); }
std::string text_of(CardSet s) { return cards_text(s, card_names()); }

nlohmann::json suit_json(int s) {
  static const char* const kLetters[] = {"S", "H", "D", "C"};
  return s == kNoSuit ? nlohmann::json(nullptr) : nlohmann::json(kLetters[s]);
}

// Cards of the effective suit `suit` in a hand with trump `trump`.
CardSet suit_cards(int suit, int trump) {
  CardSet s = CardSet::suit(suit);
  if (suit == trump) s |= kBloopers;
  return s;
}

std::string call_text(int bid, int board) {
  if (board > 0) return "board";
  return bid == 0 ? "pass" : "bid " + std::to_string(bid);
}

std::string contract_text(Contract c) {
  static const char* const kBoards[] = {"", "board", "double board", "triple board",
                                        "quadruple board"};
  return c.board > 0 ? kBoards[c.board] : std::to_string(c.tricks);
}

nlohmann::json contract_json(Contract c) {
  return c.board > 0 ? nlohmann::json{{"board", c.board}} : nlohmann::json{{"tricks", c.tricks}};
}

}  // namespace

CardNames card_names() { return {kExtraCards.data(), kExtraCards.size()}; }

// ---------------------------------------------------------------------------------------------
// Rules tables

int hand_size_of_hand(int k) {
  if (k < 0 || k >= kHands) return kMaxHand;
  return k < 13 ? 13 - k : k - 12;
}

int effective_suit(Card c, int trump) { return c >= 52 ? trump : suit_of(c); }

int effective_rank(Card c) {
  if (c == kBigBlooper) return 14;
  if (c == kLittleBlooper) return 13;
  return rank_of(c);
}

int trick_winner(const Card* cards, int count, int trump) {
  const int led = effective_suit(cards[0], trump);
  return tricks::best_card(cards, count, [&](Card c) {
    const int s = effective_suit(c, trump);
    const int tier = s == trump && trump != kNoSuit ? 2 : s == led ? 1 : 0;
    return tier * 16 + effective_rank(c);
  });
}

int team_points(Contract c, int took, int hand_size) {
  if (c.board > 0) return (took == hand_size ? 10 : -10) * c.board * hand_size;
  return took >= c.tricks ? 5 * c.tricks + (took - c.tricks) : -5 * c.tricks;
}

// ---------------------------------------------------------------------------------------------
// Game

const std::vector<OptionSpec>& Game::option_specs() {
  static const std::vector<OptionSpec> specs = {
      {"bid_range",
       OptionType::kChoice,
       "below_hand",
       0,
       0,
       {"below_hand", "up_to_12"},
       "BA-A3: numeric bids with h cards: below_hand = 1..h-1, all the tricks only as board "
       "(ruling); up_to_12 = 1..min(12, h)"},
      {"final_tie",
       OptionType::kChoice,
       "shared",
       0,
       0,
       {"shared", "extra_hand"},
       "BA-A9: team totals tied after hand 26: shared (ruling); extra_hand = play 13-card hands "
       "until one team leads"},
  };
  return specs;
}

std::optional<Game> Game::create(const OptionValues& values, std::string* error) {
  (void)error;
  Config c;
  c.bid_range =
      values.get_choice("bid_range") == "up_to_12" ? BidRange::kUpTo12 : BidRange::kBelowHand;
  c.final_tie =
      values.get_choice("final_tie") == "extra_hand" ? FinalTie::kExtraHand : FinalTie::kShared;
  return Game(c);
}

std::string Game::rules_text() { return kRulesMarkdown; }

Teams Game::teams() const {
  Teams t;
  t.count = 2;
  for (int s = 0; s < kPlayers; ++s) t.team_of[s] = static_cast<std::int8_t>(s % 2);
  return t;
}

CardNames Game::card_names() const { return back_alley::card_names(); }

std::string Game::validate_deal(const Deal& deal) const {
  if (deal.hands.size() != kPlayers)
    return "needs 4 hands, one per seat (got " + std::to_string(deal.hands.size()) + ")";
  const std::size_t size = deal.hands[0].size();
  if (size < 1 || size > static_cast<std::size_t>(kMaxHand))
    return "hands must have 1 to 13 cards (hand of S0 has " + std::to_string(size) + ")";
  CardSet seen;
  auto take = [&](Card c, const std::string& where) -> std::string {
    if (!kDeck.contains(c)) return where + ": " + text_of(c) + " is not in the Back Alley deck";
    if (seen.contains(c)) return where + ": " + text_of(c) + " appears twice";
    seen.add(c);
    return "";
  };
  for (int s = 0; s < kPlayers; ++s) {
    if (deal.hands[s].size() != size)
      return "hand of S" + std::to_string(s) + " has " + std::to_string(deal.hands[s].size()) +
             " cards (S0 has " + std::to_string(size) + "; all hands are the same size)";
    for (Card c : deal.hands[s])
      if (auto why = take(c, "hand of S" + std::to_string(s)); !why.empty()) return why;
  }
  for (Card c : deal.pack)
    if (auto why = take(c, "pack"); !why.empty()) return why;
  if (deal.pack.size() != kDeckSize - kPlayers * size)
    return "the pack must list all " + std::to_string(kDeckSize - kPlayers * size) +
           " undealt cards, upcard first (got " + std::to_string(deal.pack.size()) + ")";
  return "";
}

State Game::new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const {
  State s;
  s.config_ = config_;
  s.rng_.reseed(seed);
  if (first_dealer >= 0 && first_dealer < kPlayers) {
    s.dealer_ = static_cast<std::int8_t>(first_dealer);
  } else {
    // The seed does not say how the first dealer is chosen: a random seat.
    s.dealer_ = static_cast<std::int8_t>(s.rng_.below(kPlayers));
  }
  emit(ctx, kEveryone, [&] { return seat_text(s.dealer_) + " deals first"; });
  s.start_hand(ctx);
  return s;
}

// ---------------------------------------------------------------------------------------------
// State: dealing and hand flow

void State::start_hand(const ApplyContext* ctx) {
  hand_size_ = static_cast<std::int8_t>(hand_size_of_hand(hand_));
  const int h = hand_size_;
  std::array<Card, kDeckSize> order{};  // hands round-robin, then upcard, pack, bottom card last
  const Deal* deal =
      (ctx && deals_ < static_cast<int>(ctx->deals.size())) ? &ctx->deals[deals_] : nullptr;
  if (deal && static_cast<int>(deal->hands[0].size()) != h) {
    emit(ctx, kEveryone, [&] {
      return "explicit deal " + std::to_string(deals_ + 1) + " has hands of " +
             std::to_string(deal->hands[0].size()) + " cards but this hand deals " +
             std::to_string(h) + ": not used, the cards are shuffled";
    });
    deal = nullptr;
  }
  for (Seat s = 0; s < kPlayers; ++s) hands_[s] = CardSet();
  int pack_start = kPlayers * h;
  if (deal) {
    for (Seat s = 0; s < kPlayers; ++s)
      for (Card c : deal->hands[s]) hands_[s].add(c);
    std::copy(deal->pack.begin(), deal->pack.end(), order.begin() + pack_start);
  } else {
    for (int i = 0; i < kDeckSize; ++i) order[i] = static_cast<Card>(i);
    rng_.shuffle(order.data(), kDeckSize);
    // One card at a time, clockwise from the dealer's left.
    for (int i = 0; i < pack_start; ++i) hands_[(dealer_ + 1 + i) % kPlayers].add(order[i]);
  }
  ++deals_;
  upcard_ = order[pack_start];
  const Card bottom = order[kDeckSize - 1];
  out_ = CardSet::of(upcard_);
  pack_ = CardSet();
  for (int i = pack_start + 1; i < kDeckSize; ++i) pack_.add(order[i]);
  swapper_ = -1;
  for (auto& e : excluded_) e = CardSet();
  if (upcard_ >= 52) {
    // Rule 4 / BA-A2: no trumps; the other joker's holder swaps it for the bottom card.
    trump_ = kNoSuit;
    const Card other = upcard_ == kBigBlooper ? kLittleBlooper : kBigBlooper;
    for (Seat s = 0; s < kPlayers; ++s)
      if (hands_[s].contains(other)) swapper_ = static_cast<std::int8_t>(s);
    if (swapper_ >= 0 && pack_.contains(bottom)) {
      hands_[swapper_].remove(other);
      hands_[swapper_].add(bottom);
      pack_.remove(bottom);
      out_.add(other);
    } else {
      swapper_ = -1;
      // Nobody swapped, so everyone knows the other joker is undealt.
      for (auto& e : excluded_) e.add(other);
    }
  } else {
    trump_ = static_cast<std::uint8_t>(suit_of(upcard_));
  }
  phase_ = Phase::kBid;
  calls_ = 0;
  broken_ = false;
  played_ = CardSet();
  trick_no_ = 0;
  trick_count_ = 0;
  for (Seat s = 0; s < kPlayers; ++s) {
    bids_[s] = -1;
    boards_[s] = 0;
  }
  contracts_ = {};
  tricks_won_ = {};
  to_act_ = static_cast<std::int8_t>((dealer_ + 1) % kPlayers);

  if (wants_events(ctx)) {
    emit(ctx, kEveryone, [&] {
      return "hand " + std::to_string(hand_ + 1) +
             (hand_ < kHands ? " of " + std::to_string(kHands) : std::string(" (extra)")) + ": " +
             seat_text(dealer_) + " deals " + std::to_string(h) + " cards each";
    });
    for (Seat s = 0; s < kPlayers; ++s)
      emit(ctx, SeatSet::of(s), [&] { return "your hand: " + text_of(hands_[s]); });
    emit(ctx, kEveryone, [&] {
      return "upcard " + text_of(upcard_) +
             (trump_ == kNoSuit ? std::string(": no trumps")
                                : ": trumps are " + std::string(suit_symbol(trump_)));
    });
    if (swapper_ >= 0) {
      emit(ctx, kEveryone, [&] {
        return seat_text(swapper_) + " discards " +
               text_of(upcard_ == kBigBlooper ? kLittleBlooper : kBigBlooper) +
               " and takes the bottom card";
      });
      emit(ctx, SeatSet::of(swapper_), [&] { return "you take " + text_of(bottom); });
    }
  }
}

Seat State::opening_leader() const {
  // Rule 6: the highest call leads; board outranks numbers, a higher multiple a lower one; ties go
  // to the earliest in the bidding order.
  Seat best = -1;
  int best_value = -1;
  for (int i = 0; i < kPlayers; ++i) {
    const Seat s = (dealer_ + 1 + i) % kPlayers;
    const int v = boards_[s] > 0 ? 100 + boards_[s] : bids_[s];
    if (v > best_value) {
      best_value = v;
      best = s;
    }
  }
  return best;
}

void State::finish_trick(const ApplyContext* ctx) {
  const Card* cards = trick_cards_[trick_no_].data();
  const int w = trick_winner(cards, kPlayers, trump_);
  const Seat winner = (trick_leader_[trick_no_] + w) % kPlayers;
  trick_winner_[trick_no_] = static_cast<std::int8_t>(winner);
  tricks_won_[winner % 2]++;
  emit(ctx, kEveryone, [&] {
    return "trick " + std::to_string(trick_no_ + 1) + " to " + seat_text(winner) + " (" +
           text_of(cards[w]) + ")";
  });
  trick_count_ = 0;
  if (++trick_no_ == hand_size_) {
    finish_hand(ctx);
    return;
  }
  trick_leader_[trick_no_] = static_cast<std::int8_t>(winner);
  to_act_ = static_cast<std::int8_t>(winner);
}

void State::finish_hand(const ApplyContext* ctx) {
  RoundRecord& r = last_;
  r = RoundRecord();
  r.round = hand_ + 1;
  r.dealer = dealer_;
  r.hand_size = hand_size_;
  r.upcard = upcard_;
  r.trump = trump_;
  r.bids = bids_;
  r.boards = boards_;
  r.contracts = contracts_;
  r.leader = trick_leader_;
  r.winner = trick_winner_;
  r.cards = trick_cards_;
  r.tricks_won = tricks_won_;
  for (int t = 0; t < 2; ++t) {
    r.points[t] = team_points(contracts_[t], tricks_won_[t], hand_size_);
    scores_[t] += r.points[t];
  }
  ++rounds_completed_;
  if (wants_events(ctx))
    for (int t = 0; t < 2; ++t)
      emit(ctx, kEveryone, [&] {
        return team_text(t) + " contract " + contract_text(contracts_[t]) + ", took " +
               std::to_string(tricks_won_[t]) + ": " + std::to_string(r.points[t]) +
               " points (total " + std::to_string(scores_[t]) + ")";
      });
  if (hand_ + 1 >= kHands) {
    if (scores_[0] != scores_[1] || config_.final_tie == FinalTie::kShared) {
      phase_ = Phase::kOver;
      winners_ = scores_[0] > scores_[1]   ? SeatSet(0b0101)
                 : scores_[1] > scores_[0] ? SeatSet(0b1010)
                                           : SeatSet(0b1111);
      emit(ctx, kEveryone, [&] {
        return winners_.size() == 4
                   ? std::string("game over; the teams tie and share the win")
                   : "game over; winners: " + team_text(winners_.contains(0) ? 0 : 1);
      });
      return;
    }
    emit(ctx, kEveryone, [&] { return "the teams are tied: an extra 13-card hand follows"; });
  }
  ++hand_;
  dealer_ = static_cast<std::int8_t>((dealer_ + 1) % kPlayers);
  start_hand(ctx);
}

// ---------------------------------------------------------------------------------------------
// State: moves

SeatSet State::actors() const { return phase_ == Phase::kOver ? SeatSet() : SeatSet::of(to_act_); }

int State::next_board() const {
  int m = 0;
  for (Seat s = 0; s < kPlayers; ++s) m = std::max(m, static_cast<int>(boards_[s]));
  return m + 1;
}

CardSet State::trumps() const { return trump_ == kNoSuit ? CardSet() : suit_cards(trump_, trump_); }

CardSet State::playable(Seat seat) const {
  const CardSet hand = hands_[seat];
  const CardSet trumps_held = hand & trumps();
  if (trick_count_ == 0) {
    // Rule 7: no trump lead before trumps are broken, unless the hand is all trumps (BA-A6).
    if (!broken_ && !trumps_held.empty() && trumps_held != hand) return hand - trumps_held;
    return hand;
  }
  const Card led = trick_cards_[trick_no_][0];
  if (trump_ != kNoSuit && !trumps_held.empty()) {
    // A blooper led: the highest (BB) or lowest (LB) trump held, which is forced.
    if (led == kBigBlooper || led == kLittleBlooper) {
      Card pick = kNoCard;
      for (Card c : trumps_held)
        if (pick == kNoCard || (led == kBigBlooper ? effective_rank(c) > effective_rank(pick)
                                                   : effective_rank(c) < effective_rank(pick)))
          pick = c;
      return CardSet::of(pick);
    }
  }
  const CardSet follow = hand & suit_cards(effective_suit(led, trump_), trump_);
  return follow.empty() ? hand : follow;
}

void State::legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
  out.clear();
  if (phase_ == Phase::kOver || seat != to_act_) return;
  if (phase_ == Phase::kBid) {
    const int top =
        config_.bid_range == BidRange::kBelowHand ? hand_size_ - 1 : std::min<int>(12, hand_size_);
    for (int b = 1; b <= top; ++b) out.push(bid_move(b));
    if (next_board() <= kMaxBoard) out.push(board_move(next_board()));
    out.push(pass_move());
    return;
  }
  for (Card c : playable(seat)) out.push(play_move(c));
}

Status State::apply(Seat seat, Move move, const ApplyContext* ctx) {
  if (phase_ == Phase::kOver) return Status::Error("the game is over");
  if (seat < 0 || seat >= kPlayers) return Status::Error("no such seat");
  if (seat != to_act_) return Status::Error("it is not your turn");
  const std::uint64_t payload = move_payload(move);
  const int kind = move_kind(move);
  if (kind == kPlayMove) {
    if (phase_ != Phase::kPlay) return Status::Error("it is not time to play a card");
    if (payload >= kDeckSize) return Status::Error("not a card");
    return apply_play(seat, static_cast<Card>(payload), ctx);
  }
  if (kind != kPassMove && kind != kBidMove && kind != kBoardMove)
    return Status::Error("not a Back Alley move");
  if (phase_ != Phase::kBid) return Status::Error("bidding is over for this hand");
  if (kind == kPassMove) {
    if (payload != 0) return Status::Error("not a Back Alley move");
    return apply_call(seat, 0, 0, ctx);
  }
  if (kind == kBidMove) {
    const int top =
        config_.bid_range == BidRange::kBelowHand ? hand_size_ - 1 : std::min<int>(12, hand_size_);
    if (payload < 1 || payload > static_cast<std::uint64_t>(top))
      return Status::Error(config_.bid_range == BidRange::kBelowHand
                               ? "a bid must be 1 to one less than the cards dealt (or board)"
                               : "a bid must be 1 to the cards dealt, at most 12");
    return apply_call(seat, static_cast<int>(payload), 0, ctx);
  }
  if (payload != static_cast<std::uint64_t>(next_board()) || next_board() > kMaxBoard)
    return Status::Error("a board bid must be the next multiple");
  return apply_call(seat, 0, static_cast<int>(payload), ctx);
}

Status State::apply_call(Seat seat, int bid, int board, const ApplyContext* ctx) {
  bids_[seat] = static_cast<std::int8_t>(bid);
  boards_[seat] = static_cast<std::int8_t>(board);
  ++calls_;
  emit(ctx, kEveryone, [&] {
    static const char* const kBoards[] = {"", "board", "double board", "triple board",
                                          "quadruple board"};
    return seat_text(seat) + (board > 0  ? std::string(" bids ") + kBoards[board]
                              : bid == 0 ? std::string(" passes")
                                         : " bids " + std::to_string(bid));
  });
  if (calls_ < kPlayers) {
    to_act_ = static_cast<std::int8_t>((seat + 1) % kPlayers);
    return Status::Ok();
  }
  bool all_pass = true;
  for (Seat s = 0; s < kPlayers; ++s) all_pass &= bids_[s] == 0 && boards_[s] == 0;
  if (all_pass) {
    // Rule 5: the same dealer deals the same hand size again.
    emit(ctx, kEveryone, [&] { return "all pass: " + seat_text(dealer_) + " deals again"; });
    start_hand(ctx);
    return Status::Ok();
  }
  for (int t = 0; t < 2; ++t) {
    Contract c;
    for (Seat s = t; s < kPlayers; s += 2) {
      c.tricks += bids_[s];
      c.board = std::max(c.board, static_cast<int>(boards_[s]));
    }
    if (c.board > 0) c.tricks = hand_size_;  // BA-A4: the partner's number is ignored
    contracts_[t] = c;
  }
  phase_ = Phase::kPlay;
  to_act_ = static_cast<std::int8_t>(opening_leader());
  trick_leader_[0] = to_act_;
  if (wants_events(ctx)) {
    for (int t = 0; t < 2; ++t)
      emit(ctx, kEveryone,
           [&] { return team_text(t) + " contract: " + contract_text(contracts_[t]); });
    emit(ctx, kEveryone, [&] { return seat_text(to_act_) + " leads"; });
  }
  return Status::Ok();
}

Status State::apply_play(Seat seat, Card card, const ApplyContext* ctx) {
  if (!hands_[seat].contains(card)) return Status::Error("you do not hold that card");
  if (!playable(seat).contains(card)) {
    if (trick_count_ == 0) return Status::Error("trumps are not broken yet");
    const Card led = trick_cards_[trick_no_][0];
    if (led >= 52 && trump_ != kNoSuit && !(hands_[seat] & trumps()).empty())
      return Status::Error(led == kBigBlooper ? "the big blooper was led: play your highest trump"
                                              : "the little blooper was led: play your lowest "
                                                "trump");
    return Status::Error("you must follow suit");
  }
  const CardSet trumps_now = trumps();
  if (trick_count_ > 0) {
    // What everyone learns about the hand: a void, or no trump above (BB) / below (LB) the one
    // played.
    const Card led = trick_cards_[trick_no_][0];
    const int led_suit = effective_suit(led, trump_);
    if (effective_suit(card, trump_) != led_suit) excluded_[seat] |= suit_cards(led_suit, trump_);
    if (trump_ != kNoSuit && (led == kBigBlooper || led == kLittleBlooper)) {
      if (!trumps_now.contains(card)) {
        excluded_[seat] |= trumps_now;
      } else {
        for (Card t : trumps_now)
          if (led == kBigBlooper ? effective_rank(t) > effective_rank(card)
                                 : effective_rank(t) < effective_rank(card))
            excluded_[seat].add(t);
      }
    }
    if (trumps_now.contains(card) && led_suit != trump_) broken_ = true;
  } else if (trumps_now.contains(card)) {
    broken_ = true;  // BA-A6: an all-trump hand led a trump
  }
  hands_[seat].remove(card);
  played_.add(card);
  trick_cards_[trick_no_][trick_count_++] = card;
  emit(ctx, kEveryone, [&] { return seat_text(seat) + " plays " + text_of(card); });
  if (trick_count_ == kPlayers) {
    finish_trick(ctx);
  } else {
    to_act_ = static_cast<std::int8_t>((seat + 1) % kPlayers);
  }
  return Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// State: queries, views, resampling

std::string State::move_text(Move move) const {
  const std::uint64_t payload = move_payload(move);
  switch (move_kind(move)) {
    case kPassMove:
      return "pass";
    case kBidMove:
      return "bid " + std::to_string(payload);
    case kBoardMove:
      return "board";
    case kPlayMove:
      return "play " + text_of(static_cast<Card>(payload & 63));
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
  if (t == "pass") return pass_move();
  // "board" is always the next multiple; "double board" etc. are accepted when they are.
  if (t == "board" || t == "double board" || t == "triple board" || t == "quadruple board")
    return board_move(std::min(next_board(), kMaxBoard));
  const std::size_t space = t.find(' ');
  const std::string verb = t.substr(0, space);
  std::string rest = space == std::string::npos ? "" : t.substr(space + 1);
  const std::size_t b = rest.find_first_not_of(' ');
  rest = b == std::string::npos ? "" : rest.substr(b);
  if (verb == "bid") {
    if (rest == "board") return board_move(std::min(next_board(), kMaxBoard));
    if (rest == "0") return pass_move();
    if (rest.empty() || rest.size() > 2 ||
        !std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return fail("a bid is 'pass', 'bid N' (1 to 12) or 'board'");
    const int n = std::stoi(rest);
    if (n > 12) return fail("a bid is at most 12");
    return bid_move(n);
  }
  if (verb == "play") {
    if (rest.empty()) return fail("'play' needs a card, e.g. 'play TD' or 'play BB'");
    auto card = parse_card(rest, card_names());
    if (!card) return fail("'" + rest + "' is not a card");
    return play_move(*card);
  }
  if (auto card = parse_card(t, card_names())) return play_move(*card);
  return fail("'" + std::string(text) +
              "' is not a Back Alley move (try 'pass', 'bid N', 'board', 'play C')");
}

nlohmann::json State::view(Seat seat) const {
  const bool player = seat >= 0 && seat < kPlayers;
  nlohmann::json v;
  v["game"] = "back_alley";
  v["seat"] = player ? nlohmann::json(seat) : nlohmann::json(nullptr);
  v["players"] = kPlayers;
  v["team"] = player ? nlohmann::json(seat % 2) : nlohmann::json(nullptr);
  v["round"] = hand_ + 1;
  v["rounds"] = kHands;
  v["extra_round"] = hand_ >= kHands;
  v["dealer"] = dealer_;
  static const char* const kPhases[] = {"bid", "play", "over"};
  v["phase"] = kPhases[static_cast<int>(phase_)];
  v["hand_size"] = hand_size_;
  v["upcard"] = text_of(upcard_);
  v["trump"] = suit_json(trump_);
  v["trumps_broken"] = broken_;
  v["joker_swap"] = swapper_ >= 0 ? nlohmann::json(swapper_) : nlohmann::json(nullptr);
  v["out_of_play"] = cards_json(out_, card_names());
  if (player) v["hand"] = cards_json(hands_[seat], card_names());
  // `bids` holds the tricks each call promises (pass 0, board all h) so generic score tables can
  // show it; `calls` holds the calls themselves.
  nlohmann::json sizes = nlohmann::json::array(), bids = nlohmann::json::array(),
                 calls = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) {
    sizes.push_back(hands_[s].size());
    const bool called = bids_[s] >= 0 || boards_[s] > 0;
    bids.push_back(!called          ? nlohmann::json(nullptr)
                   : boards_[s] > 0 ? nlohmann::json(static_cast<int>(hand_size_))
                                    : nlohmann::json(static_cast<int>(bids_[s])));
    static const char* const kBoards[] = {"", "board", "double board", "triple board",
                                          "quadruple board"};
    calls.push_back(!called          ? nlohmann::json(nullptr)
                    : boards_[s] > 0 ? nlohmann::json(kBoards[boards_[s]])
                                     : nlohmann::json(call_text(bids_[s], 0)));
  }
  v["calls"] = calls;
  v["hand_sizes"] = sizes;
  v["bids"] = bids;
  nlohmann::json contracts = nlohmann::json::array(), won = nlohmann::json::array(),
                 teams = nlohmann::json::array(), seat_won = nlohmann::json::array();
  for (int t = 0; t < 2; ++t) {
    contracts.push_back(phase_ == Phase::kBid ? nlohmann::json(nullptr)
                                              : contract_json(contracts_[t]));
    won.push_back(tricks_won_[t]);
    teams.push_back(scores_[t]);
  }
  v["contracts"] = contracts;
  v["team_tricks"] = won;
  v["team_scores"] = teams;
  nlohmann::json tricks = nlohmann::json::array();
  const int complete = phase_ == Phase::kPlay ? trick_no_ : 0;
  std::array<int, kPlayers> per_seat{};
  for (int t = 0; t < complete; ++t) {
    nlohmann::json cards = nlohmann::json::array();
    for (int i = 0; i < kPlayers; ++i) cards.push_back(text_of(trick_cards_[t][i]));
    tricks.push_back(
        {{"leader", trick_leader_[t]}, {"cards", cards}, {"winner", trick_winner_[t]}});
    per_seat[trick_winner_[t]]++;
  }
  for (Seat s = 0; s < kPlayers; ++s) seat_won.push_back(per_seat[s]);
  v["tricks"] = tricks;
  v["tricks_won"] = seat_won;  // per seat, this hand (the team's tricks are in team_tricks)
  if (phase_ == Phase::kPlay) {
    nlohmann::json cards = nlohmann::json::array();
    for (int i = 0; i < trick_count_; ++i) cards.push_back(text_of(trick_cards_[trick_no_][i]));
    v["trick"] = {{"leader", trick_leader_[trick_no_]}, {"cards", cards}};
  } else {
    v["trick"] = nullptr;
  }
  nlohmann::json scores = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) scores.push_back(score(s));
  v["scores"] = scores;
  v["to_act"] = actors().to_vector();
  v["legal"] = legal_move_texts(*this, seat);
  v["over"] = over();
  v["winners"] = winners_.to_vector();
  v["last_round"] = rounds_completed_ > 0 ? last_round() : nlohmann::json(nullptr);
  return v;
}

State State::resample(Seat observer, Rng& rng) const {
  State s = *this;
  s.rng_.reseed(rng.next());  // future deals are unknown too
  if (phase_ == Phase::kOver) return s;
  const bool player = observer >= 0 && observer < kPlayers;
  // Known: the observer's own hand (never its partner's), the cards played, the cards face up out
  // of play. Everything else is redealt honouring what each player has shown it does not hold.
  CardSet pool = kDeck - played_ - out_;
  if (player) pool -= hands_[observer];
  std::array<DealSlot, kPlayers + 1> slots{};
  std::array<Seat, kPlayers + 1> slot_seat{};
  int num_slots = 0;
  for (Seat p = 0; p < kPlayers; ++p) {
    if (p == observer) continue;
    slots[num_slots] = DealSlot{hands_[p].size(), kDeck - excluded_[p]};
    slot_seat[num_slots++] = p;
  }
  slots[num_slots] = DealSlot{pack_.size(), kDeck};
  slot_seat[num_slots++] = -1;
  std::array<CardSet, kPlayers + 1> dealt{};
  if (!deal_constrained(pool, {slots.data(), static_cast<std::size_t>(num_slots)},
                        {dealt.data(), static_cast<std::size_t>(num_slots)}, rng))
    return s;  // cannot happen for a state reached by legal play; keep the true cards
  for (int i = 0; i < num_slots; ++i) {
    if (slot_seat[i] < 0)
      s.pack_ = dealt[i];
    else
      s.hands_[slot_seat[i]] = dealt[i];
  }
  return s;
}

nlohmann::json State::last_round() const {
  const RoundRecord& r = last_;
  nlohmann::json j;
  j["round"] = r.round;
  j["dealer"] = r.dealer;
  j["hand_size"] = r.hand_size;
  j["upcard"] = r.upcard == kNoCard ? nlohmann::json(nullptr) : nlohmann::json(text_of(r.upcard));
  j["trump"] = suit_json(r.trump);
  nlohmann::json bids = nlohmann::json::array();
  for (Seat s = 0; s < kPlayers; ++s) bids.push_back(call_text(r.bids[s], r.boards[s]));
  j["bids"] = bids;
  nlohmann::json contracts = nlohmann::json::array(), won = nlohmann::json::array(),
                 points = nlohmann::json::array();
  for (int t = 0; t < 2; ++t) {
    contracts.push_back(contract_json(r.contracts[t]));
    won.push_back(r.tricks_won[t]);
    points.push_back(r.points[t]);
  }
  j["contracts"] = contracts;
  nlohmann::json tricks = nlohmann::json::array();
  for (int t = 0; t < r.hand_size; ++t) {
    nlohmann::json cards = nlohmann::json::array();
    for (int i = 0; i < kPlayers; ++i) cards.push_back(text_of(r.cards[t][i]));
    tricks.push_back({{"leader", r.leader[t]}, {"cards", cards}, {"winner", r.winner[t]}});
  }
  j["tricks"] = tricks;
  j["tricks_won"] = won;
  j["points"] = points;
  return j;
}

const char* State::check() const {
  if (pack_.intersects(played_) || pack_.intersects(out_) || out_.intersects(played_))
    return "pack, tricks and out-of-play cards overlap";
  CardSet all = pack_ | played_ | out_;
  int total = pack_.size() + played_.size() + out_.size();
  for (Seat s = 0; s < kPlayers; ++s) {
    if (all.intersects(hands_[s])) return "a card is in two places";
    all |= hands_[s];
    total += hands_[s].size();
    if (hands_[s].intersects(excluded_[s])) return "a hand holds a card it showed it lacks";
    if (phase_ == Phase::kBid && hands_[s].size() != hand_size_)
      return "a hand has the wrong number of cards before play";
    if (phase_ == Phase::kPlay) {
      const int played_by_s =
          trick_no_ + ((s - trick_leader() + kPlayers) % kPlayers < trick_count_ ? 1 : 0);
      if (hands_[s].size() != hand_size_ - played_by_s) return "a hand has the wrong size";
    }
  }
  if (all != kDeck || total != kDeckSize) return "cards are not conserved";
  if (!out_.contains(upcard_)) return "the upcard is not face up";
  return nullptr;
}

}  // namespace cardroom::back_alley
