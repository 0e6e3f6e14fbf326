// Unit tests for the engine pieces every game is built on: typed events and their rendering,
// emit and the public halves, move text, card multisets, constrained deals and hidden redeals,
// MoveList and the out-of-turn reasons, Session (events per seat, rounds per seat, the deals made,
// move times, deals as JSON, Tadmur's piles), players by name, and the trick-play core.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "bots/player.h"
#include "bots/registry.h"
#include "core/card_multiset.h"
#include "core/constrained_deal.h"
#include "core/deal_check.h"
#include "core/event.h"
#include "core/game.h"
#include "core/game_support.h"
#include "core/move_text.h"
#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/back_alley/back_alley.h"
#include "games/common/test_util.h"
#include "games/common/trick_play.h"
#include "games/reds/reds.h"
#include "games/truc/truc.h"

namespace cardroom {
namespace {

namespace tu = ::cardroom::testing_util;

Card C(const char* text) {
  auto c = parse_card(text);
  EXPECT_TRUE(c.has_value()) << text;
  return c.value_or(kNoCard);
}

// ---------------------------------------------------------------------------------------------
// 1. render_event and event_json

Event FullEvent() {
  Event e;
  e.kind = EventKind::kScore;
  e.seat = 2;
  e.other = 3;
  e.team = 1;
  e.number = 4;
  e.amount = 5;
  e.tricks = 6;
  e.points = 7;
  e.total = 8;
  e.suit = kDiamonds;
  e.card = C("TD");
  e.cards = {C("AS"), C("KH"), C("2C")};
  e.seats = SeatSet(0b101);  // S0 S2
  e.scores = {10, -3};
  e.label = "board";
  return e;
}

std::string Render(Event e, const char* format, CardNames names = {},
                   const EventStyle* style = nullptr) {
  e.format = format;
  return render_event(e, names, style);
}

TEST(EngineEvents, RenderEveryPlaceholder) {
  const Event e = FullEvent();
  EXPECT_EQ(Render(e, "{seat}"), "S2");
  EXPECT_EQ(Render(e, "{other}"), "S3");
  EXPECT_EQ(Render(e, "{team}"), "1");
  EXPECT_EQ(Render(e, "{number}"), "4");
  EXPECT_EQ(Render(e, "{amount}"), "5");
  EXPECT_EQ(Render(e, "{tricks}"), "6");
  EXPECT_EQ(Render(e, "{points}"), "7");
  EXPECT_EQ(Render(e, "{total}"), "8");
  EXPECT_EQ(Render(e, "{suit}"), "♦");
  EXPECT_EQ(Render(e, "{card}"), "TD");
  EXPECT_EQ(Render(e, "{cards}"), "AS KH 2C");
  EXPECT_EQ(Render(e, "{cards.0}"), "AS");
  EXPECT_EQ(Render(e, "{cards.2}"), "2C");
  EXPECT_EQ(Render(e, "{cards.3}"), "");  // past the end: empty
  EXPECT_EQ(Render(e, "{cards.01}"), "KH");
  EXPECT_EQ(Render(e, "{seats}"), "S0 S2");
  EXPECT_EQ(Render(e, "{seats/}"), "S0/S2");
  EXPECT_EQ(Render(e, "{seats+}"), "S0+S2");
  EXPECT_EQ(Render(e, "{seat_cards}"), "S0 AS S2 KH");
  EXPECT_EQ(Render(e, "{seat_scores}"), "S0 10 S2 -3");
  EXPECT_EQ(Render(e, "{scores.0}"), "10");
  EXPECT_EQ(Render(e, "{scores.1}"), "-3");
  EXPECT_EQ(Render(e, "{scores.2}"), "");
  EXPECT_EQ(Render(e, "{label}"), "board");
  EXPECT_EQ(Render(e, "S{number}: {seat} bid {amount}, took {tricks} for {points} ({total})"),
            "S4: S2 bid 5, took 6 for 7 (8)");
  EXPECT_EQ(Render(e, "trick {number} to {seat} ({card})"), "trick 4 to S2 (TD)");
  EXPECT_EQ(Render(e, "{seat}{other}{seat}"), "S2S3S2");
  EXPECT_EQ(Render(e, ""), "");
  EXPECT_EQ(Render(e, "no placeholders at all"), "no placeholders at all");
}

TEST(EngineEvents, RenderUnsetFieldsAndShortLists) {
  Event e;  // every field at its default
  EXPECT_EQ(Render(e, "[{label}]"), "[]");
  EXPECT_EQ(Render(e, "[{suit}]"), "[]");
  EXPECT_EQ(Render(e, "[{cards}]"), "[]");
  EXPECT_EQ(Render(e, "[{seats}]"), "[]");
  EXPECT_EQ(Render(e, "[{seat_cards}]"), "[]");
  EXPECT_EQ(Render(e, "{team} {amount}"), "-1 0");
  // More seats than cards or scores: the pairs stop at the shorter list.
  e.seats = SeatSet(0b1011);
  e.cards = {C("4S")};
  e.scores = {2, 3};
  EXPECT_EQ(Render(e, "{seat_cards}"), "S0 4S");
  EXPECT_EQ(Render(e, "{seat_scores}"), "S0 2 S1 3");
  EXPECT_EQ(Render(e, "{seats}|{seats/}|{seats+}"), "S0 S1 S3|S0/S1/S3|S0+S1+S3");
  // A null format renders as empty.
  e.format = nullptr;
  EXPECT_EQ(render_event(e), "");
}

TEST(EngineEvents, AgreementWordsFollowTheValue) {
  Event e = FullEvent();  // points 7, seats S0 S2
  EXPECT_EQ(Render(e, "{points:point/points}"), "7 points");
  e.points = 1;
  EXPECT_EQ(Render(e, "{points:point/points}"), "1 point");
  e.points = -1;
  EXPECT_EQ(Render(e, "{points:point/points}"), "-1 point");
  e.points = 0;
  EXPECT_EQ(Render(e, "{points:point/points}"), "0 points");
  e.amount = 1;
  EXPECT_EQ(Render(e, "deals {amount:card/cards} each"), "deals 1 card each");
  EXPECT_EQ(Render(e, "({amount:empty space/empty spaces})"), "(1 empty space)");
  EXPECT_EQ(Render(e, "{seats+:wins/win} the hand"), "S0+S2 win the hand");
  EXPECT_EQ(Render(e, "{seats/:has/have} 11"), "S0/S2 have 11");
  e.seats = SeatSet::of(3);
  EXPECT_EQ(Render(e, "{seats+:wins/win} the hand"), "S3 wins the hand");
  // A field without a number or seats, or words without a slash: left as written.
  EXPECT_EQ(Render(e, "{card:x/y}"), "{card:x/y}");
  EXPECT_EQ(Render(e, "{points:points}"), "{points:points}");
  // The field is still named in the event's JSON.
  e.format = "{points:point/points}";
  e.points = 0;
  EXPECT_TRUE(event_json(e, {}).contains("points"));
}

TEST(EngineEvents, UnknownPlaceholdersAreLeftAsWritten) {
  const Event e = FullEvent();
  EXPECT_EQ(Render(e, "{foo}"), "{foo}");
  EXPECT_EQ(Render(e, "{}"), "{}");
  EXPECT_EQ(Render(e, "{Seat}"), "{Seat}");  // names are case-sensitive
  EXPECT_EQ(Render(e, "{cards.}"), "{cards.}");
  EXPECT_EQ(Render(e, "{cards.x}"), "{cards.x}");
  EXPECT_EQ(Render(e, "{cards.-1}"), "{cards.-1}");
  EXPECT_EQ(Render(e, "{scores.}"), "{scores.}");
  EXPECT_EQ(Render(e, "{scores.1a}"), "{scores.1a}");
  EXPECT_EQ(Render(e, "{seats-}"), "{seats-}");
  EXPECT_EQ(Render(e, "{seat"), "{seat");  // unclosed
  EXPECT_EQ(Render(e, "seat}"), "seat}");
  EXPECT_EQ(Render(e, "{{seat}}"), "{S2}");
  EXPECT_EQ(Render(e, "{foo} and {seat}"), "{foo} and S2");
  EXPECT_EQ(Render(e, "{ seat}"), "{ seat}");
}

TEST(EngineEvents, RenderExtraCardNames) {
  const CardNames names = back_alley::card_names();
  Event e;
  e.card = back_alley::kBigBlooper;
  e.cards = {back_alley::kLittleBlooper, C("AS"), back_alley::kBigBlooper};
  e.seats = SeatSet(0b11);
  EXPECT_EQ(Render(e, "{card}", names), "BB");
  EXPECT_EQ(Render(e, "{cards}", names), "LB AS BB");
  EXPECT_EQ(Render(e, "{cards.0}", names), "LB");
  EXPECT_EQ(Render(e, "{seat_cards}", names), "S0 LB S1 AS");
  // Without the game's names an extra card has no code.
  EXPECT_EQ(Render(e, "{card}"), "??");
  EXPECT_EQ(event_json(e, names)["card"], "BB");
  EXPECT_EQ(event_json(e, names)["cards"], (nlohmann::json{"LB", "AS", "BB"}));
}

class BracketStyle : public EventStyle {
 public:
  std::string seat(Seat s) const override { return "<P" + std::to_string(s) + ">"; }
  std::string card(Card c, CardNames names) const override {
    return "[" + EventStyle::card(c, names) + "]";
  }
  std::string suit(int s) const override { return "(" + std::string(1, suit_char(s)) + ")"; }
};

TEST(EngineEvents, CustomStyleFormatsSeatsCardsAndSuits) {
  const Event e = FullEvent();
  const BracketStyle style;
  EXPECT_EQ(Render(e, "{seat} gives {other} {card}", {}, &style), "<P2> gives <P3> [TD]");
  EXPECT_EQ(Render(e, "{cards}|{cards.1}", {}, &style), "[AS] [KH] [2C]|[KH]");
  EXPECT_EQ(Render(e, "{suit}", {}, &style), "(D)");
  EXPECT_EQ(Render(e, "{seats}|{seats/}|{seats+}", {}, &style), "<P0> <P2>|<P0>/<P2>|<P0>+<P2>");
  EXPECT_EQ(Render(e, "{seat_cards}", {}, &style), "<P0> [AS] <P2> [KH]");
  EXPECT_EQ(Render(e, "{seat_scores}", {}, &style), "<P0> 10 <P2> -3");
  // Numbers and labels are not styled.
  EXPECT_EQ(Render(e, "{amount} {label} {scores.0}", {}, &style), "5 board 10");
  // The style's card hook gets the names.
  Event blooper;
  blooper.card = back_alley::kLittleBlooper;
  EXPECT_EQ(Render(blooper, "{card}", back_alley::card_names(), &style), "[LB]");
  // The base style is the plain rendering.
  const EventStyle plain;
  EXPECT_EQ(Render(e, "{seat} {card} {suit}", {}, &plain), Render(e, "{seat} {card} {suit}"));
}

TEST(EngineEvents, KindNames) {
  const std::vector<std::pair<EventKind, const char*>> kinds = {
      {EventKind::kNote, "note"},
      {EventKind::kDealer, "dealer"},
      {EventKind::kRoundStart, "round_start"},
      {EventKind::kHand, "hand"},
      {EventKind::kTurnUp, "turn_up"},
      {EventKind::kTrump, "trump"},
      {EventKind::kBid, "bid"},
      {EventKind::kExchange, "exchange"},
      {EventKind::kExchangeDone, "exchange_done"},
      {EventKind::kLead, "lead"},
      {EventKind::kPlay, "play"},
      {EventKind::kTrick, "trick"},
      {EventKind::kContract, "contract"},
      {EventKind::kRaise, "raise"},
      {EventKind::kAnswer, "answer"},
      {EventKind::kSignal, "signal"},
      {EventKind::kGuess, "guess"},
      {EventKind::kBlocked, "blocked"},
      {EventKind::kScore, "score"},
      {EventKind::kGameOver, "game_over"},
  };
  ASSERT_EQ(static_cast<int>(EventKind::kGameOver) + 1, static_cast<int>(kinds.size()));
  for (auto [kind, name] : kinds) {
    EXPECT_STREQ(event_kind_name(kind), name);
    Event e;
    e.kind = kind;
    EXPECT_EQ(event_json(e)["kind"], name);
  }
}

TEST(EngineEvents, JsonHasOnlySetFieldsAndThoseTheFormatUses) {
  Event plain;
  plain.format = "";
  EXPECT_EQ(event_json(plain),
            (nlohmann::json{{"kind", "note"}, {"visible_to", "all"}, {"text", ""}}));

  // A bid of 0 by S0: zero-valued fields appear because the format names them.
  Event bid;
  bid.kind = EventKind::kBid;
  bid.seat = 0;
  bid.amount = 0;
  bid.format = "{seat} bids {amount}";
  bid.text = render_event(bid);
  EXPECT_EQ(bid.text, "S0 bids 0");
  EXPECT_EQ(event_json(bid), (nlohmann::json{{"kind", "bid"},
                                             {"visible_to", "all"},
                                             {"seat", 0},
                                             {"amount", 0},
                                             {"text", "S0 bids 0"}}));
  // Not named and zero: absent.
  bid.format = "{seat} passes";
  EXPECT_FALSE(event_json(bid).contains("amount"));
  // A drawn trick: no seat, but the format names it.
  Event drawn;
  drawn.kind = EventKind::kTrick;
  drawn.number = 2;
  drawn.format = "trick {number} to {seat}";
  auto j = event_json(drawn);
  EXPECT_EQ(j["seat"], -1);
  EXPECT_EQ(j["number"], 2);
  EXPECT_FALSE(j.contains("other"));
  for (const char* name : {"tricks", "points", "total"}) {
    drawn.format = "x";
    EXPECT_FALSE(event_json(drawn).contains(name)) << name;
    std::string format = std::string("{") + name + "}";
    drawn.format = format.c_str();
    EXPECT_EQ(event_json(drawn)[name], 0) << name;
  }

  Event full = FullEvent();
  full.visible_to = SeatSet(0b1010);
  full.format = "{seat}";
  full.text = "S2";
  j = event_json(full);
  EXPECT_EQ(j["kind"], "score");
  EXPECT_EQ(j["visible_to"], (nlohmann::json{1, 3}));
  EXPECT_EQ(j["seat"], 2);
  EXPECT_EQ(j["other"], 3);
  EXPECT_EQ(j["team"], 1);
  EXPECT_EQ(j["number"], 4);
  EXPECT_EQ(j["amount"], 5);
  EXPECT_EQ(j["tricks"], 6);
  EXPECT_EQ(j["points"], 7);
  EXPECT_EQ(j["total"], 8);
  EXPECT_EQ(j["suit"], "D");
  EXPECT_EQ(j["card"], "TD");
  EXPECT_EQ(j["cards"], (nlohmann::json{"AS", "KH", "2C"}));
  EXPECT_EQ(j["seats"], (nlohmann::json{0, 2}));
  EXPECT_EQ(j["scores"], (nlohmann::json{10, -3}));
  EXPECT_EQ(j["label"], "board");
  EXPECT_EQ(j["text"], "S2");
  EXPECT_FALSE(j.contains("public_half"));
  EXPECT_EQ(j.size(), 17u);

  // Team 0 is a team; team -1 is none.
  Event team0;
  team0.team = 0;
  EXPECT_EQ(event_json(team0)["team"], 0);
  EXPECT_FALSE(event_json(Event{}).contains("team"));
  // Game over lists its winners even when there are none.
  Event over;
  over.kind = EventKind::kGameOver;
  EXPECT_EQ(event_json(over)["seats"], nlohmann::json::array());
  EXPECT_FALSE(event_json(Event{}).contains("seats"));
  // Public half, and nobody at all.
  Event half;
  half.public_half = true;
  half.visible_to = SeatSet();
  j = event_json(half);
  EXPECT_EQ(j["public_half"], true);
  EXPECT_EQ(j["visible_to"], nlohmann::json::array());
}

TEST(EngineEvents, VisibilityToSeatsAndSpectators) {
  Event pub;
  EXPECT_TRUE(pub.public_event());
  EXPECT_TRUE(pub.visible_to_spectators());
  for (Seat s = 0; s < kMaxSeats; ++s) EXPECT_TRUE(pub.visible_to_seat(s));
  EXPECT_TRUE(pub.visible_to_seat(kSpectator));

  Event priv;
  priv.visible_to = SeatSet::of(2);
  EXPECT_FALSE(priv.public_event());
  EXPECT_FALSE(priv.visible_to_spectators());
  EXPECT_TRUE(priv.visible_to_seat(2));
  EXPECT_FALSE(priv.visible_to_seat(1));
  EXPECT_FALSE(priv.visible_to_seat(kSpectator));

  // Every seat listed, but not "everyone": still not public, so spectators do not see it.
  Event all_seats;
  all_seats.visible_to = SeatSet::first_n(kMaxSeats);
  EXPECT_FALSE(all_seats.public_event());
  EXPECT_FALSE(all_seats.visible_to_seat(kSpectator));

  Event half;
  half.visible_to = SeatSet(kEveryone.bits() & ~SeatSet::of(2).bits());
  half.public_half = true;
  EXPECT_FALSE(half.public_event());
  EXPECT_TRUE(half.visible_to_spectators());
  EXPECT_TRUE(half.visible_to_seat(kSpectator));
  EXPECT_TRUE(half.visible_to_seat(0));
  EXPECT_FALSE(half.visible_to_seat(2));
}

// ---------------------------------------------------------------------------------------------
// 2. emit, emit_with_public_half, report_deal, view_envelope

TEST(EngineEmit, NothingHappensWithoutASink) {
  int made = 0;
  auto make = [&] {
    ++made;
    return Event{.kind = EventKind::kPlay, .seat = 1, .card = C("AS")};
  };
  emit(nullptr, kEveryone, "{seat} plays {card}", make);
  emit_with_public_half(nullptr, SeatSet::of(1), "a", "b", make);
  ApplyContext no_sink;
  emit(&no_sink, kEveryone, "{seat} plays {card}", make);
  emit_with_public_half(&no_sink, SeatSet::of(1), "a", "b", make);
  EXPECT_EQ(made, 0);
  EXPECT_FALSE(wants_events(nullptr));
  EXPECT_FALSE(wants_events(&no_sink));

  int deals_made = 0;
  report_deal(nullptr, [&] {
    ++deals_made;
    return Deal{};
  });
  report_deal(&no_sink, [&] {
    ++deals_made;
    return Deal{};
  });
  EXPECT_EQ(deals_made, 0);
  std::vector<Deal> dealt;
  ApplyContext with_dealt;
  with_dealt.dealt = &dealt;
  report_deal(&with_dealt, [&] {
    ++deals_made;
    Deal d;
    d.hands = {{C("AS")}};
    return d;
  });
  EXPECT_EQ(deals_made, 1);
  ASSERT_EQ(dealt.size(), 1u);
  EXPECT_EQ(dealt[0].hands[0], std::vector<Card>{C("AS")});
}

TEST(EngineEmit, EmitRendersAndTagsTheEvent) {
  std::vector<Event> events;
  ApplyContext ctx;
  ctx.events = &events;
  EXPECT_TRUE(wants_events(&ctx));
  emit(
      &ctx, SeatSet::of(3), "{seat} plays {card}",
      [&] {
        // The sink's visibility and format win over whatever make() says.
        return Event{.kind = EventKind::kPlay,
                     .visible_to = kEveryone,
                     .seat = 3,
                     .card = back_alley::kBigBlooper,
                     .format = "ignored"};
      },
      back_alley::card_names());
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].visible_to, SeatSet::of(3));
  EXPECT_STREQ(events[0].format, "{seat} plays {card}");
  EXPECT_EQ(events[0].text, "S3 plays BB");
  EXPECT_FALSE(events[0].public_half);
}

TEST(EngineEmit, PublicHalfGoesToEveryoneElseWithoutCardsOrAmounts) {
  std::vector<Event> events;
  ApplyContext ctx;
  ctx.events = &events;
  const SeatSet to = SeatSet::of(1);
  emit_with_public_half(&ctx, to, "you pass {cards} to {other} ({amount})",
                        "{seat} has chosen cards to pass to {other}", [&] {
                          return Event{.kind = EventKind::kExchange,
                                       .seat = 1,
                                       .other = 2,
                                       .team = 1,
                                       .number = 3,
                                       .amount = 2,
                                       .tricks = 1,
                                       .points = 4,
                                       .total = 9,
                                       .suit = kSpades,
                                       .card = C("QS"),
                                       .cards = {C("7C"), C("9S")},
                                       .seats = SeatSet(0b110),
                                       .scores = {1, 2},
                                       .label = "left"};
                        });
  ASSERT_EQ(events.size(), 2u);
  const Event& whole = events[0];
  const Event& half = events[1];
  EXPECT_EQ(whole.text, "you pass 7C 9S to S2 (2)");
  EXPECT_EQ(whole.visible_to, to);
  EXPECT_FALSE(whole.public_half);
  EXPECT_EQ(whole.cards.size(), 2u);

  EXPECT_TRUE(half.public_half);
  EXPECT_EQ(half.text, "S1 has chosen cards to pass to S2");
  EXPECT_EQ(half.kind, EventKind::kExchange);
  EXPECT_EQ(half.seat, 1);
  EXPECT_EQ(half.other, 2);
  EXPECT_EQ(half.number, 3);
  // No cards, no amounts, nothing else of the private event.
  EXPECT_TRUE(half.cards.empty());
  EXPECT_EQ(half.card, kNoCard);
  EXPECT_EQ(half.amount, 0);
  EXPECT_EQ(half.tricks, 0);
  EXPECT_EQ(half.points, 0);
  EXPECT_EQ(half.total, 0);
  EXPECT_EQ(half.team, -1);
  EXPECT_EQ(half.suit, kNoSuit);
  EXPECT_TRUE(half.seats.empty());
  EXPECT_TRUE(half.scores.empty());
  EXPECT_EQ(half.label, nullptr);
  const auto hj = event_json(half);
  for (const char* key : {"cards", "card", "amount", "scores", "label", "suit", "team"})
    EXPECT_FALSE(hj.contains(key)) << key;
  EXPECT_EQ(hj["public_half"], true);
  const auto half_seats = hj["visible_to"].get<std::vector<int>>();
  auto lists = [&](int s) {
    return std::find(half_seats.begin(), half_seats.end(), s) != half_seats.end();
  };
  for (Seat s : {0, 2, 3, 7}) EXPECT_TRUE(lists(s)) << s;
  EXPECT_FALSE(lists(1));

  // Who sees which: the whole to its seats only, the half to all others and to spectators.
  for (Seat s = 0; s < kMaxSeats; ++s) {
    EXPECT_EQ(whole.visible_to_seat(s), s == 1) << s;
    EXPECT_EQ(half.visible_to_seat(s), s != 1) << s;
  }
  EXPECT_FALSE(whole.visible_to_seat(kSpectator));
  EXPECT_TRUE(half.visible_to_seat(kSpectator));

  // Private to two seats (partners): the half is for the other seats.
  events.clear();
  emit_with_public_half(&ctx, SeatSet(0b101), "w", "h", [] { return Event{.seat = 0}; });
  ASSERT_EQ(events.size(), 2u);
  for (Seat s = 0; s < 4; ++s) {
    EXPECT_EQ(events[0].visible_to_seat(s), s % 2 == 0) << s;
    EXPECT_EQ(events[1].visible_to_seat(s), s % 2 == 1) << s;
  }
}

TEST(EngineEmit, ViewEnvelopeKeys) {
  auto game = tu::MakeGame<reds::Game>("reds", "players=4");
  reds::State state = game.new_match(5, 0, nullptr);
  const Seat actor = state.actors().lowest();
  for (Seat seat = kSpectator; seat < 4; ++seat) {
    nlohmann::json env = view_envelope(state, seat, "reds");
    std::set<std::string> keys;
    for (auto& [k, v] : env.items()) keys.insert(k);
    EXPECT_EQ(keys, (std::set<std::string>{"game", "seat", "players", "scores", "to_act", "legal",
                                           "over", "winners", "last_round", "round", "dealer"}));
    EXPECT_EQ(env["round"], 1);
    EXPECT_EQ(env["dealer"], 0);
    EXPECT_EQ(env["game"], "reds");
    EXPECT_EQ(env["seat"], seat == kSpectator ? nlohmann::json(nullptr) : nlohmann::json(seat));
    EXPECT_EQ(env["players"], 4);
    EXPECT_EQ(env["scores"], (nlohmann::json{0, 0, 0, 0}));
    EXPECT_EQ(env["to_act"], (nlohmann::json{actor}));
    EXPECT_EQ(env["over"], false);
    EXPECT_EQ(env["winners"], nlohmann::json::array());
    EXPECT_TRUE(env["last_round"].is_null());
    if (seat == actor) {
      EXPECT_EQ(env["legal"].get<std::vector<std::string>>(), tu::LegalTexts(state, seat));
      EXPECT_FALSE(env["legal"].empty());
    } else {
      EXPECT_EQ(env["legal"], nlohmann::json::array());
    }
    // The game's view agrees on every envelope key.
    nlohmann::json view = state.view(seat);
    for (const auto& k : keys) EXPECT_EQ(view[k], env[k]) << k;
  }
}

// ---------------------------------------------------------------------------------------------
// 3. MoveWords, parse_number, move_error

TEST(EngineMoveText, WordsSplitAtWhiteSpaceAndLowerCase) {
  MoveWords w("  Give 7C\t\t9s \n");
  EXPECT_FALSE(w.empty());
  ASSERT_EQ(w.size(), 3);
  EXPECT_EQ(w.verb(), "give");
  EXPECT_EQ(w[1], "7c");
  EXPECT_EQ(w[2], "9s");
  EXPECT_EQ(w[3], "");
  EXPECT_EQ(w[-1], "");
  EXPECT_EQ(w[1000], "");
  EXPECT_EQ(w.rest(), "7c 9s");
  EXPECT_EQ(w.rest(2), "9s");
  EXPECT_EQ(w.rest(3), "");
  EXPECT_EQ(w.rest(-5), "give 7c 9s");
  EXPECT_EQ(w.joined(), "give 7c 9s");

  for (const char* blank : {"", " ", "\t", " \t\r\n\v\f "}) {
    MoveWords e(blank);
    EXPECT_TRUE(e.empty()) << '"' << blank << '"';
    EXPECT_EQ(e.size(), 0);
    EXPECT_EQ(e.verb(), "");
    EXPECT_EQ(e.rest(), "");
    EXPECT_EQ(e.joined(), "");
  }
  MoveWords one("PLAY");
  EXPECT_EQ(one.size(), 1);
  EXPECT_EQ(one.verb(), "play");
  EXPECT_EQ(one.rest(), "");
  // Symbols (UTF-8) pass through; only ASCII letters change case.
  MoveWords sym("Play 10♦");
  ASSERT_EQ(sym.size(), 2);
  EXPECT_EQ(sym[1], "10♦");
  EXPECT_EQ(parse_card(sym[1]), C("TD"));
  // Punctuation is part of a word.
  MoveWords punct("bid,2 x");
  ASSERT_EQ(punct.size(), 2);
  EXPECT_EQ(punct.verb(), "bid,2");
}

TEST(EngineMoveText, ParseNumber) {
  EXPECT_EQ(parse_number("0", 0, 5), 0);
  EXPECT_EQ(parse_number("5", 0, 5), 5);
  EXPECT_EQ(parse_number("007", 0, 10), 7);
  EXPECT_EQ(parse_number("000000000", 0, 10), 0);  // 9 digits
  EXPECT_EQ(parse_number("999999999", 0, 999999999), 999999999);
  EXPECT_EQ(parse_number("123456789", 1, 2000000000), 123456789);
  EXPECT_FALSE(parse_number("6", 0, 5));    // above the range
  EXPECT_FALSE(parse_number("0", 1, 5));    // below it
  EXPECT_FALSE(parse_number("", 0, 5));     // empty
  EXPECT_FALSE(parse_number("-1", -5, 5));  // no sign
  EXPECT_FALSE(parse_number("+1", 0, 5));
  EXPECT_FALSE(parse_number(" 1", 0, 5));  // no white space
  EXPECT_FALSE(parse_number("1 ", 0, 5));
  EXPECT_FALSE(parse_number("1\t", 0, 5));
  EXPECT_FALSE(parse_number("1a", 0, 5));
  EXPECT_FALSE(parse_number("a", 0, 5));
  EXPECT_FALSE(parse_number("1.0", 0, 5));
  EXPECT_FALSE(parse_number("٣", 0, 9));  // a non-ASCII digit
  // Ten digits are refused even when the value would fit (no overflow either way).
  EXPECT_FALSE(parse_number("0000000001", 0, 5));
  EXPECT_FALSE(parse_number("1000000000", 0, 2000000000));
  EXPECT_FALSE(parse_number("4294967297", 0, 5));  // 2^32 + 1: would wrap to 1
  EXPECT_FALSE(parse_number("99999999999999999999", 0, 2000000000));
}

TEST(EngineMoveText, MoveErrorRecordsTheReason) {
  std::string error = "old";
  auto none = move_error(&error, "a bid must be 0 to 5");
  EXPECT_FALSE(none.has_value());
  EXPECT_EQ(error, "a bid must be 0 to 5");
  EXPECT_FALSE(move_error(nullptr, "nobody listens").has_value());  // no crash without a sink
}

// ---------------------------------------------------------------------------------------------
// 4. CardMultiset

TEST(EngineCardMultiset, AddRemoveCountAndCopies) {
  CardMultiset m;
  EXPECT_TRUE(m.empty());
  EXPECT_EQ(m.size(), 0);
  EXPECT_EQ(m.kinds(), CardSet());
  const Card h7 = C("7H"), h8 = C("8H");
  m.add(h7);
  m.add(h7);  // two copies of one card
  m.add(h8);
  EXPECT_EQ(m.count(h7), 2);
  EXPECT_EQ(m.count(h8), 1);
  EXPECT_EQ(m.count(C("9H")), 0);
  EXPECT_EQ(m.size(), 3);
  EXPECT_TRUE(m.contains(h7));
  EXPECT_FALSE(m.contains(C("9H")));
  EXPECT_EQ(m.kinds(), CardSet::of(h7) | CardSet::of(h8));
  EXPECT_EQ(m.to_vector(), (std::vector<Card>{h7, h7, h8}));
  EXPECT_EQ(cards_text(m.to_vector()), "7H 7H 8H");
  // Ids past 63 are never held.
  EXPECT_EQ(m.count(64), 0);
  EXPECT_EQ(m.count(kNoCard), 0);
  EXPECT_FALSE(m.contains(kNoCard));

  // Removing more copies than held fails and changes nothing.
  CardMultiset before = m;
  EXPECT_FALSE(m.remove(h7, 3));
  EXPECT_FALSE(m.remove(C("9H")));
  EXPECT_FALSE(m.remove(kNoCard));
  EXPECT_EQ(m, before);
  EXPECT_TRUE(m.remove(h7));
  EXPECT_EQ(m.count(h7), 1);
  EXPECT_TRUE(m.remove(h7));
  EXPECT_EQ(m.count(h7), 0);
  EXPECT_FALSE(m.contains(h7));
  EXPECT_EQ(m.kinds(), CardSet::of(h8));
  EXPECT_EQ(m.size(), 1);
  EXPECT_TRUE(m.remove(h8, 1));
  EXPECT_TRUE(m.empty());
}

TEST(EngineCardMultiset, FiveOfAKindAndExtraCards) {
  CardMultiset m;
  const Card s7 = C("7S");
  m.add(s7, 5);
  EXPECT_EQ(m.count(s7), 5);
  EXPECT_EQ(m.size(), 5);
  EXPECT_EQ(m.kinds().size(), 1);
  EXPECT_EQ(m.to_vector(), std::vector<Card>(5, s7));
  m.add(63, 2);  // the highest extra id
  EXPECT_EQ(m.count(63), 2);
  EXPECT_EQ(m.to_vector().back(), 63);
  m.add(s7, 250);  // 255 copies: the most a count holds
  EXPECT_EQ(m.count(s7), 255);
  EXPECT_TRUE(m.remove(s7, 255));
  EXPECT_EQ(m.count(s7), 0);
}

TEST(EngineCardMultiset, FactoriesAndOperators) {
  const CardSet suit = CardSet::suit(kHearts);
  CardMultiset two_decks = CardMultiset::of(suit, 2);
  EXPECT_EQ(two_decks.size(), 26);
  EXPECT_EQ(two_decks.kinds(), suit);
  for (Card c : suit) EXPECT_EQ(two_decks.count(c), 2);
  EXPECT_EQ(CardMultiset::of(suit), CardMultiset::of(suit, 1));
  EXPECT_EQ(CardMultiset::of(suit).size(), 13);
  EXPECT_TRUE(CardMultiset::of(suit, 0).empty());

  const std::vector<Card> cards = {C("AS"), C("2C"), C("AS"), C("KD")};
  CardMultiset a = CardMultiset::of(cards);
  EXPECT_EQ(a.count(C("AS")), 2);
  EXPECT_EQ(a.size(), 4);
  // to_vector is in card-id order, not insertion order.
  std::vector<Card> sorted = cards;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(a.to_vector(), sorted);
  EXPECT_EQ(CardMultiset::of(a.to_vector()), a);

  CardMultiset b = CardMultiset::of(std::vector<Card>{C("AS"), C("QH")});
  CardMultiset sum = a + b;
  EXPECT_EQ(sum.count(C("AS")), 3);
  EXPECT_EQ(sum.count(C("QH")), 1);
  EXPECT_EQ(sum.size(), 6);
  EXPECT_EQ(a.size(), 4);  // operands unchanged
  EXPECT_TRUE(sum.contains_all(a));
  EXPECT_TRUE(sum.contains_all(b));
  EXPECT_FALSE(a.contains_all(b));  // a has no QH
  EXPECT_TRUE(a.contains_all(CardMultiset()));
  EXPECT_TRUE(CardMultiset().contains_all(CardMultiset()));
  CardMultiset three_aces;
  three_aces.add(C("AS"), 3);
  EXPECT_FALSE(a.contains_all(three_aces));  // copies count, not just kinds
  EXPECT_TRUE(sum.contains_all(three_aces));

  EXPECT_EQ(sum - b, a);
  EXPECT_EQ(sum - a, b);
  CardMultiset c = sum;
  c -= a;
  EXPECT_EQ(c, b);
  c += a;
  EXPECT_EQ(c, sum);
  EXPECT_NE(a, b);
  EXPECT_EQ(sum - sum, CardMultiset());
}

TEST(EngineCardMultiset, NthWalksEveryCopyInIdOrder) {
  CardMultiset m;
  m.add(C("7H"), 2);
  m.add(C("AS"));
  m.add(C("2C"));
  const std::vector<Card> all = m.to_vector();
  ASSERT_EQ(static_cast<int>(all.size()), m.size());
  for (int i = 0; i < m.size(); ++i) EXPECT_EQ(m.nth(i), all[static_cast<std::size_t>(i)]) << i;
  EXPECT_EQ(cards_json(m), nlohmann::json({"AS", "7H", "7H", "2C"}));
}

TEST(EngineDealCheck, SeveralDecksCountCopies) {
  const CardMultiset two = CardMultiset::of(CardSet::standard_deck(), 2);
  Deal deal;
  deal.hands = {{C("7H"), C("7H")}, {C("AS")}};
  EXPECT_EQ(DealCheck(deal, CardSet::standard_deck(), "not a standard card").cards(two), "");
  EXPECT_EQ(DealCheck(deal, CardSet::standard_deck(), "x").cards(),
            "hand of S0: 7H appears twice");  // one deck: as before
  deal.pack = {C("7H")};
  EXPECT_EQ(DealCheck(deal, CardSet::standard_deck(), "x").cards(two),
            "pack: 7H appears 3 times (the decks hold 2)");
  deal.pack = {52};
  EXPECT_EQ(DealCheck(deal, CardSet::standard_deck(), "not a standard card").cards(two),
            "pack: " + card_text(52) + " is not a standard card");
  EXPECT_EQ(DealCheck(deal, CardSet::standard_deck(), "x").hand_sizes_at_most(2), "");
  EXPECT_EQ(DealCheck(deal, CardSet::standard_deck(), "x").hand_sizes_at_most(1),
            "hand of S0 has 2 cards (at most 1)");
}

// ---------------------------------------------------------------------------------------------
// 5. deal_constrained (CardSet and CardMultiset) and redeal_hidden

// Whether the items (cards, possibly repeated) fit the slots: brute force.
bool BruteForceFits(const std::vector<Card>& items, std::size_t i,
                    const std::vector<DealSlot>& slots, std::vector<int>& left) {
  if (i == items.size()) {
    for (int l : left)
      if (l != 0) return false;
    return true;
  }
  for (std::size_t j = 0; j < slots.size(); ++j) {
    if (left[j] == 0 || !slots[j].allowed.contains(items[i])) continue;
    --left[j];
    const bool ok = BruteForceFits(items, i + 1, slots, left);
    ++left[j];
    if (ok) return true;
  }
  return false;
}

bool BruteForceFits(const std::vector<Card>& items, const std::vector<DealSlot>& slots) {
  std::vector<int> left;
  int total = 0;
  for (const auto& s : slots) {
    left.push_back(s.count);
    total += s.count;
  }
  if (total != static_cast<int>(items.size())) return false;
  return BruteForceFits(items, 0, slots, left);
}

// A random instance: `items` cards drawn from `kinds` ids, 2..4 slots, random counts and allowed
// sets (each id allowed with probability `p` percent).
std::vector<DealSlot> RandomSlots(Rng& rng, int items, int p) {
  const int k = 2 + static_cast<int>(rng.below(3));
  std::vector<DealSlot> slots(k);
  for (int i = 0; i < items; ++i) slots[rng.below(k)].count++;
  for (auto& s : slots) {
    s.allowed = CardSet();
    for (Card c = 0; c < 64; ++c)
      if (static_cast<int>(rng.below(100)) < p) s.allowed.add(c);
  }
  return slots;
}

TEST(EngineConstrainedDeal, CardSetDealIsCompleteAndValid) {
  Rng rng(2024);
  int feasible = 0, infeasible = 0;
  for (int instance = 0; instance < 3000; ++instance) {
    const int n = static_cast<int>(rng.below(11));  // 0..10 cards
    // Cards from a small range so that allowed sets matter.
    CardSet pool;
    while (pool.size() < n) pool.add(static_cast<Card>(rng.below(16)));
    const int p = 30 + static_cast<int>(rng.below(60));
    std::vector<DealSlot> slots = RandomSlots(rng, n, p);
    std::vector<Card> items(pool.begin(), pool.end());
    const bool expected = BruteForceFits(items, slots);
    std::vector<CardSet> out(slots.size());
    const bool got = deal_constrained(pool, slots, out, rng);
    ASSERT_EQ(got, expected) << "instance " << instance << " pool " << cards_text(pool);
    if (!got) {
      ++infeasible;
      continue;
    }
    ++feasible;
    CardSet all;
    for (std::size_t j = 0; j < slots.size(); ++j) {
      EXPECT_EQ(out[j].size(), slots[j].count);
      EXPECT_TRUE(slots[j].allowed.contains_all(out[j])) << "instance " << instance;
      EXPECT_FALSE(all.intersects(out[j]));
      all |= out[j];
    }
    EXPECT_EQ(all, pool);
  }
  // Both outcomes occur often enough for the comparison to mean something.
  EXPECT_GT(feasible, 500);
  EXPECT_GT(infeasible, 500);
}

TEST(EngineConstrainedDeal, MultisetDealIsCompleteAndValid) {
  Rng rng(77);
  int feasible = 0, infeasible = 0, with_copies = 0;
  for (int instance = 0; instance < 3000; ++instance) {
    const int n = static_cast<int>(rng.below(11));
    // Few kinds, so that copies are common (up to five of a kind and more).
    const int kinds = 1 + static_cast<int>(rng.below(6));
    CardMultiset pool;
    for (int i = 0; i < n; ++i) pool.add(static_cast<Card>(rng.below(kinds) * 9));
    if (pool.kinds().size() < pool.size()) ++with_copies;
    const int p = 30 + static_cast<int>(rng.below(60));
    std::vector<DealSlot> slots = RandomSlots(rng, n, p);
    const bool expected = BruteForceFits(pool.to_vector(), slots);
    std::vector<CardMultiset> out(slots.size());
    const bool got = deal_constrained(pool, slots, out, rng);
    ASSERT_EQ(got, expected) << "instance " << instance << " pool " << cards_text(pool.to_vector());
    if (!got) {
      ++infeasible;
      continue;
    }
    ++feasible;
    CardMultiset all;
    for (std::size_t j = 0; j < slots.size(); ++j) {
      EXPECT_EQ(out[j].size(), slots[j].count);
      EXPECT_TRUE(slots[j].allowed.contains_all(out[j].kinds())) << "instance " << instance;
      all += out[j];
    }
    EXPECT_EQ(all, pool);
  }
  EXPECT_GT(feasible, 500);
  EXPECT_GT(infeasible, 300);
  EXPECT_GT(with_copies, 1000);
}

// Tight instances with a planted solution (as in resample, where the true deal is one): each
// slot allows the cards planted in it and only a few others, so plain rejection sampling almost
// never succeeds and the augmenting-path search has to move cards between slots.
TEST(EngineConstrainedDeal, TightPlantedInstancesAlwaysSucceed) {
  Rng rng(55);
  for (int instance = 0; instance < 2000; ++instance) {
    const int k = 2 + static_cast<int>(rng.below(4));  // 2..5 slots
    const int n = 4 + static_cast<int>(rng.below(9));  // 4..12 cards
    const bool multi = instance % 2 == 1;
    std::vector<Card> items;
    CardSet used;
    for (int i = 0; i < n; ++i) {
      Card c;
      do {
        c = static_cast<Card>(rng.below(52));
      } while (!multi && used.contains(c));
      if (multi) c = static_cast<Card>(c % 6);  // few kinds: copies
      used.add(c);
      items.push_back(c);
    }
    std::vector<DealSlot> slots(k);
    for (auto& s : slots) s.allowed = CardSet();
    for (Card c : items) {
      const int j = static_cast<int>(rng.below(k));
      slots[j].count++;
      slots[j].allowed.add(c);
    }
    for (auto& s : slots)
      for (Card c : items)
        if (rng.below(100) < 15) s.allowed.add(c);
    if (!multi) {
      CardSet pool(used);
      std::vector<CardSet> out(k);
      ASSERT_TRUE(deal_constrained(pool, slots, out, rng)) << "instance " << instance;
      CardSet all;
      for (int j = 0; j < k; ++j) {
        EXPECT_EQ(out[j].size(), slots[j].count);
        EXPECT_TRUE(slots[j].allowed.contains_all(out[j]));
        all |= out[j];
      }
      EXPECT_EQ(all, pool);
    } else {
      const CardMultiset pool = CardMultiset::of(items);
      std::vector<CardMultiset> out(k);
      ASSERT_TRUE(deal_constrained(pool, slots, out, rng)) << "instance " << instance;
      CardMultiset all;
      for (int j = 0; j < k; ++j) {
        EXPECT_EQ(out[j].size(), slots[j].count);
        EXPECT_TRUE(slots[j].allowed.contains_all(out[j].kinds()));
        all += out[j];
      }
      EXPECT_EQ(all, pool);
    }
  }
}

TEST(EngineConstrainedDeal, BadSizesAreRefused) {
  Rng rng(1);
  const CardSet pool = tu::Set("AS KS QS");
  std::vector<CardSet> out(3);
  const std::vector<DealSlot> too_few = {{1}, {1}};
  const std::vector<DealSlot> too_many = {{2}, {2}};
  const std::vector<DealSlot> negative = {{4}, {-1}};
  EXPECT_FALSE(deal_constrained(pool, too_few, out, rng));
  EXPECT_FALSE(deal_constrained(pool, too_many, out, rng));
  EXPECT_FALSE(deal_constrained(pool, negative, out, rng));
  EXPECT_FALSE(deal_constrained(pool, std::span<const DealSlot>(), out, rng));
  // Too small an output.
  const std::vector<DealSlot> three = {{1}, {1}, {1}};
  std::vector<CardSet> short_out(2);
  EXPECT_FALSE(deal_constrained(pool, three, short_out, rng));
  // More than kMaxDealSlots slots.
  std::vector<DealSlot> many(kMaxDealSlots + 1);
  many[0].count = 3;
  std::vector<CardSet> many_out(many.size());
  EXPECT_FALSE(deal_constrained(pool, many, many_out, rng));
  // Nothing to deal, no slots: fine.
  EXPECT_TRUE(deal_constrained(CardSet(), std::span<const DealSlot>(), out, rng));
  // Empty slots are dealt nothing.
  const std::vector<DealSlot> with_empty = {{0}, {3}, {0}};
  ASSERT_TRUE(deal_constrained(pool, with_empty, out, rng));
  EXPECT_EQ(out[0], CardSet());
  EXPECT_EQ(out[1], pool);
  EXPECT_EQ(out[2], CardSet());

  CardMultiset mpool;
  mpool.add(C("AS"), 3);
  std::vector<CardMultiset> mout(3);
  EXPECT_FALSE(deal_constrained(mpool, too_few, mout, rng));
  EXPECT_FALSE(deal_constrained(mpool, too_many, mout, rng));
  ASSERT_TRUE(deal_constrained(mpool, three, mout, rng));
  for (const auto& m : mout) EXPECT_EQ(m.count(C("AS")), 1);
  // More than 255 items.
  CardMultiset huge;
  for (Card c = 0; c < 2; ++c) huge.add(c, 200);
  const std::vector<DealSlot> big = {{200}, {200}};
  std::vector<CardMultiset> big_out(2);
  EXPECT_FALSE(deal_constrained(huge, big, big_out, rng));
}

double ChiSquare(const std::map<std::string, int>& counts, const std::map<std::string, double>& p,
                 int draws) {
  double chi = 0;
  for (const auto& [key, prob] : p) {
    const double expected = prob * draws;
    const auto it = counts.find(key);
    const double seen = it == counts.end() ? 0 : it->second;
    chi += (seen - expected) * (seen - expected) / expected;
  }
  return chi;
}

TEST(EngineConstrainedDeal, MultisetDealIsUniformOverTheCopies) {
  // Pool 7H 7H 8H 8H 9H into slots of 2 and 3, unconstrained. Each physical copy is equally likely
  // anywhere, so slot 0 gets each of the C(5,2) = 10 pairs of copies with probability 1/10:
  // 7H 7H 1/10, 8H 8H 1/10, 7H 8H 4/10, 7H 9H 2/10, 8H 9H 2/10.
  CardMultiset pool;
  pool.add(C("7H"), 2);
  pool.add(C("8H"), 2);
  pool.add(C("9H"));
  const std::vector<DealSlot> slots = {{2}, {3}};
  const std::map<std::string, double> p = {
      {"7H 7H", 0.1}, {"8H 8H", 0.1}, {"7H 8H", 0.4}, {"7H 9H", 0.2}, {"8H 9H", 0.2}};
  Rng rng(31);
  std::map<std::string, int> counts;
  const int draws = 40000;
  for (int i = 0; i < draws; ++i) {
    std::vector<CardMultiset> out(2);
    ASSERT_TRUE(deal_constrained(pool, slots, out, rng));
    ASSERT_EQ(out[0] + out[1], pool);
    counts[cards_text(out[0].to_vector())]++;
  }
  EXPECT_EQ(counts.size(), 5u);
  // 4 degrees of freedom: the 99.9% quantile is 18.5; the bound is generous.
  EXPECT_LT(ChiSquare(counts, p, draws), 25.0);
}

TEST(EngineConstrainedDeal, ConstrainedDealIsUniformAmongValidDeals) {
  // 4 cards into two slots of 2; slot 0 may not take AS: its 3 valid hands are equally likely.
  const CardSet pool = tu::Set("AS KS QS JS");
  const std::vector<DealSlot> slots = {{2, CardSet(~CardSet::of(C("AS")).bits())}, {2}};
  const std::map<std::string, double> p = {
      {"JS QS", 1.0 / 3}, {"JS KS", 1.0 / 3}, {"QS KS", 1.0 / 3}};
  Rng rng(32);
  std::map<std::string, int> counts;
  const int draws = 30000;
  for (int i = 0; i < draws; ++i) {
    std::vector<CardSet> out(2);
    ASSERT_TRUE(deal_constrained(pool, slots, out, rng));
    ASSERT_FALSE(out[0].contains(C("AS")));
    counts[cards_text(out[0])]++;
  }
  EXPECT_EQ(counts.size(), 3u);
  EXPECT_LT(ChiSquare(counts, p, draws), 20.0);  // 2 degrees of freedom: 99.9% is 13.8
}

struct Places {
  CardSet a = tu::Set("AS KS QS JS");  // knows AS; shown void in hearts
  CardSet b = tu::Set("2H 3H 4H");
  CardSet pack = tu::Set("5D 6D");
  std::vector<HiddenPlace> list() {
    return {HiddenPlace{&a, tu::Set("AS"), CardSet(~CardSet::suit(kHearts).bits())},
            HiddenPlace{&b, CardSet(), CardSet(~std::uint64_t{0})},
            HiddenPlace{&pack, CardSet(), CardSet(~std::uint64_t{0})}};
  }
};

TEST(EngineRedealHidden, KeepsKnownCardsAndHonoursAllowedSets) {
  const CardSet all = Places().a | Places().b | Places().pack;
  Rng rng(9);
  std::set<std::uint64_t> seen_a;
  for (int i = 0; i < 300; ++i) {
    Places p;
    auto places = p.list();
    ASSERT_TRUE(redeal_hidden(places, rng));
    EXPECT_TRUE(p.a.contains(C("AS")));
    EXPECT_FALSE(p.a.intersects(CardSet::suit(kHearts)));
    EXPECT_EQ(p.a.size(), 4);
    EXPECT_EQ(p.b.size(), 3);
    EXPECT_EQ(p.pack.size(), 2);
    EXPECT_EQ(p.a | p.b | p.pack, all);
    EXPECT_FALSE(p.a.intersects(p.b) || p.a.intersects(p.pack) || p.b.intersects(p.pack));
    seen_a.insert(p.a.bits());
  }
  // A holds AS plus 3 of the 5 unknown non-hearts (KS QS JS 5D 6D): all 10 choices occur.
  EXPECT_EQ(seen_a.size(), 10u);
}

TEST(EngineRedealHidden, SameOrderSameSeedSameDraw) {
  Places p1, p2;
  auto l1 = p1.list();
  auto l2 = p2.list();
  Rng r1(123), r2(123);
  ASSERT_TRUE(redeal_hidden(l1, r1));
  ASSERT_TRUE(redeal_hidden(l2, r2));
  EXPECT_EQ(p1.a, p2.a);
  EXPECT_EQ(p1.b, p2.b);
  EXPECT_EQ(p1.pack, p2.pack);
  EXPECT_EQ(r1, r2);
  // The places are dealt in the order given: exactly the draw of deal_constrained over the
  // places' unknown cards with slots in that order, each place's known cards added back.
  Places p3;
  const CardSet pool = (p3.a - tu::Set("AS")) | p3.b | p3.pack;
  const std::vector<DealSlot> slots = {{3, CardSet(~CardSet::suit(kHearts).bits())}, {3}, {2}};
  std::vector<CardSet> out(3);
  Rng r3(123);
  ASSERT_TRUE(deal_constrained(pool, slots, out, r3));
  EXPECT_EQ(p1.a, out[0] | tu::Set("AS"));
  EXPECT_EQ(p1.b, out[1]);
  EXPECT_EQ(p1.pack, out[2]);
  // A different seed gives (for some seed) a different draw.
  bool differs = false;
  for (std::uint64_t seed = 0; seed < 20 && !differs; ++seed) {
    Places q;
    auto l = q.list();
    Rng r(seed);
    ASSERT_TRUE(redeal_hidden(l, r));
    differs = q.a != p1.a || q.b != p1.b;
  }
  EXPECT_TRUE(differs);
}

TEST(EngineRedealHidden, ImpossibleConstraintsLeaveOnlyKnownCards) {
  // Both hands may hold only spades, but a heart is among the unknown cards.
  CardSet a = tu::Set("AS KS 2H"), b = tu::Set("QS JS");
  std::vector<HiddenPlace> places = {{&a, tu::Set("AS"), CardSet::suit(kSpades)},
                                     {&b, CardSet(), CardSet::suit(kSpades)}};
  Rng rng(4);
  EXPECT_FALSE(redeal_hidden(places, rng));
  EXPECT_EQ(a, tu::Set("AS"));
  EXPECT_EQ(b, CardSet());

  // A known card the place does not hold: refused, and no true hidden card comes back.
  CardSet c = tu::Set("AS KS"), d = tu::Set("QS JS");
  std::vector<HiddenPlace> bad = {{&c, tu::Set("AS 9C"), CardSet(~std::uint64_t{0})},
                                  {&d, tu::Set("QS"), CardSet(~std::uint64_t{0})}};
  EXPECT_FALSE(redeal_hidden(bad, rng));
  EXPECT_TRUE(tu::Set("AS 9C").contains_all(c));
  EXPECT_FALSE(c.contains(C("KS")));
  EXPECT_EQ(d, tu::Set("QS"));

  // Nothing hidden: trivially fine, nothing changes.
  CardSet e = tu::Set("AS KS");
  std::vector<HiddenPlace> known_all = {{&e, tu::Set("AS KS"), CardSet()}};
  EXPECT_TRUE(redeal_hidden(known_all, rng));
  EXPECT_EQ(e, tu::Set("AS KS"));
}

// ---------------------------------------------------------------------------------------------
// 6. MoveList, assertions, out-of-turn reasons

TEST(EngineMoveList, HoldsItsCapacity) {
  MoveList<3> list;
  list.push(Move{9});
  list.push(Move{1});
  list.push(Move{5});
  EXPECT_EQ(list.size(), 3);
  EXPECT_EQ(list[0], Move{9});
  EXPECT_EQ(list[2], Move{5});
  EXPECT_EQ(std::vector<Move>(list.begin(), list.end()),
            (std::vector<Move>{Move{9}, Move{1}, Move{5}}));
  EXPECT_TRUE(list.contains(Move{1}));
  EXPECT_FALSE(list.contains(Move{2}));
  list.clear();
  EXPECT_TRUE(list.empty());
  EXPECT_FALSE(list.contains(Move{9}));  // cleared entries are not found
  list.push(Move{4});
  EXPECT_EQ(list.size(), 1);
}

TEST(EngineMoveList, PushCardsAppendsOneMovePerCardInCardOrder) {
  MoveList<6> list;
  list.push(Move{7});
  list.push_cards(tu::Set("KD 2C AS"), [](Card c) { return Move{100u + c}; });
  EXPECT_EQ(std::vector<Move>(list.begin(), list.end()),
            (std::vector<Move>{Move{7}, Move{100u + C("AS")}, Move{100u + C("KD")},
                               Move{100u + C("2C")}}));
  list.push_cards(CardSet(), [](Card) { return Move{1}; });  // nothing to add
  EXPECT_EQ(list.size(), 4);
}

TEST(EngineCards, SuitAndRankAreDivisionAndRemainderForEveryId) {
  for (int c = 0; c < 256; ++c) {
    EXPECT_EQ(suit_of(static_cast<Card>(c)), c / 13) << c;
    EXPECT_EQ(rank_of(static_cast<Card>(c)), c % 13) << c;
  }
}

TEST(EngineCards, CardIdsAndSuitWith) {
  constexpr auto ids = card_ids<54>();
  for (int i = 0; i < 54; ++i) EXPECT_EQ(ids[i], i);
  for (Card c = 0; c < 52; ++c) {
    EXPECT_EQ(CardSet::suit_with(c), CardSet::suit(suit_of(c))) << int(c);
    EXPECT_TRUE(CardSet::suit_with(c).contains(c));
    EXPECT_EQ(CardSet::suit_with(c).size(), 13);
  }
}

TEST(EngineAssertDeathTest, MoveListOverflowDiesInDebugBuilds) {
#ifndef NDEBUG
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  MoveList<2> list;
  list.push(Move{1});
  list.push(Move{2});
  EXPECT_DEATH(list.push(Move{3}), "MoveList overflow");
  MoveList<3> cards;
  cards.push(Move{1});
  EXPECT_DEATH(cards.push_cards(tu::Set("AS KS QS"), [](Card c) { return Move{c}; }),
               "MoveList overflow");
#else
  GTEST_SKIP() << "assertions are compiled out under NDEBUG";
#endif
}

TEST(EngineAssertDeathTest, MultisetMisuseDiesInDebugBuilds) {
#ifndef NDEBUG
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  CardMultiset m;
  m.add(C("AS"), 255);
  EXPECT_DEATH(m.add(C("AS")), "count out of range");
  EXPECT_DEATH(m.add(64), "count out of range");
  CardMultiset one = CardMultiset::of(std::vector<Card>{C("KS")});
  EXPECT_DEATH(one -= m, "does not hold");
#else
  GTEST_SKIP() << "assertions are compiled out under NDEBUG";
#endif
}

TEST(EngineOutOfTurn, ReasonsListedInGameH) {
  EXPECT_TRUE(is_out_of_turn_reason(kNotYourTurn));
  EXPECT_TRUE(is_out_of_turn_reason("it is not your turn"));
  EXPECT_TRUE(is_out_of_turn_reason("it is not your turn: S2 is to bid"));
  EXPECT_TRUE(is_out_of_turn_reason("you have already bid this round"));
  EXPECT_TRUE(is_out_of_turn_reason("you have already chosen your exchange"));
  EXPECT_TRUE(is_out_of_turn_reason("a raise is waiting for its answer"));
  EXPECT_FALSE(is_out_of_turn_reason(""));
  EXPECT_FALSE(is_out_of_turn_reason("you must follow suit"));
  EXPECT_FALSE(is_out_of_turn_reason("you do not hold that card"));
  EXPECT_FALSE(is_out_of_turn_reason("a bid must be 0 to 5"));
  EXPECT_FALSE(is_out_of_turn_reason("the game is over"));
  EXPECT_FALSE(is_out_of_turn_reason("not your turn"));
  EXPECT_FALSE(is_out_of_turn_reason("It is not your turn"));  // exact wording only
  EXPECT_FALSE(is_out_of_turn_reason(" it is not your turn"));
  EXPECT_FALSE(is_out_of_turn_reason("a raise is waiting"));
}

// In every game, a seat not among the actors is refused with an out-of-turn reason.
TEST(EngineOutOfTurn, EveryGameRefusesNonActorsWithAnOutOfTurnReason) {
  register_all_games();
  for (const auto* entry : registered_games()) {
    std::string error;
    auto game = load_game(entry->name, &error);
    ASSERT_TRUE(game) << error;
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      auto state = game->new_match(seed, -1, nullptr);
      Rng rng(seed + 50);
      for (int moves = 0; moves < 400 && !state->over(); ++moves) {
        const SeatSet actors = state->actors();
        const Seat actor = actors.to_vector()[rng.below(actors.size())];
        const Move legal = *state->random_legal_move(actor, rng);
        for (Seat other = 0; other < state->num_seats(); ++other) {
          if (actors.contains(other)) continue;
          Status st = state->apply(other, legal, nullptr);
          ASSERT_FALSE(st.ok());
          ASSERT_TRUE(is_out_of_turn_reason(st.error))
              << entry->name << " seed " << seed << " move " << moves << ": '" << st.error << "'";
        }
        ASSERT_TRUE(state->apply(actor, legal, nullptr).ok());
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 7. Session

std::unique_ptr<Session> NewSession(const std::string& game_string, std::uint64_t seed,
                                    int first_dealer = -1, std::vector<Deal> deals = {}) {
  register_all_games();
  std::string error;
  auto game = load_game(game_string, &error);
  EXPECT_TRUE(game) << error;
  if (!game) return nullptr;
  auto s = Session::create(std::move(game), seed, first_dealer, std::move(deals), &error);
  EXPECT_TRUE(s) << game_string << ": " << error;
  return s;
}

struct SeatMove {
  Seat seat;
  Move move;
};

// Plays random legal moves (a random actor each time) until the match ends or `max_moves`.
std::vector<SeatMove> PlayRandomly(Session& s, Rng& rng, int max_moves) {
  std::vector<SeatMove> out;
  std::string error;
  while (!s.state().over() && static_cast<int>(out.size()) < max_moves) {
    const SeatSet actors = s.state().actors();
    const Seat seat = actors.to_vector()[rng.below(actors.size())];
    auto move = s.state().random_legal_move(seat, rng);
    EXPECT_TRUE(move);
    if (!move) break;
    EXPECT_TRUE(s.play(seat, *move, &error)) << error;
    out.push_back({seat, *move});
  }
  return out;
}

// Whether an event may be shown to a spectator and carries nothing private.
void ExpectSpectatorSafe(const Event& e) {
  EXPECT_TRUE(e.public_event() || e.public_half) << e.text;
  if (e.public_half) {
    EXPECT_TRUE(e.cards.empty()) << e.text;
    EXPECT_EQ(e.card, kNoCard) << e.text;
    EXPECT_EQ(e.amount, 0) << e.text;
    EXPECT_TRUE(e.scores.empty()) << e.text;
  }
}

TEST(EngineSession, HiddenBidsReachSpectatorsOnlyAsPublicHalves) {
  auto s = NewSession("reds(hidden_bids=true)", 12, 0);
  ASSERT_TRUE(s);
  const std::size_t start = s->events().size();
  std::string error;
  // Every seat bids (simultaneous): bids 3, 0, 2, 1.
  const int bids[] = {3, 0, 2, 1};
  for (Seat seat : {2, 0, 3, 1})
    ASSERT_TRUE(s->play(seat, "bid " + std::to_string(bids[seat]), &error)) << error;

  const auto spectator = s->events_for(kSpectator, start);
  int halves = 0;
  for (const Event& e : spectator) {
    ExpectSpectatorSafe(e);
    EXPECT_EQ(e.text.find("you bid"), std::string::npos) << e.text;
    if (e.kind == EventKind::kBid && e.public_half) {
      ++halves;
      EXPECT_EQ(e.text, seat_name(e.seat) + " has bid");
    }
  }
  EXPECT_EQ(halves, 4);
  // Each seat sees its own bid whole and the other three as halves, never its own half.
  for (Seat seat = 0; seat < 4; ++seat) {
    int whole = 0, others = 0;
    for (const Event& e : s->events_for(seat, start)) {
      if (e.kind != EventKind::kBid) continue;
      if (e.public_half) {
        EXPECT_NE(e.seat, seat);
        ++others;
      } else {
        EXPECT_EQ(e.seat, seat);
        EXPECT_EQ(e.amount, bids[seat]);
        EXPECT_EQ(e.text, "you bid " + std::to_string(bids[seat]) + " (hidden)");
        ++whole;
      }
    }
    EXPECT_EQ(whole, 1) << seat;
    EXPECT_EQ(others, 3) << seat;
  }
  // events_for without a start gives the whole history, in order.
  const auto all = s->events_for(kSpectator);
  ASSERT_GE(all.size(), spectator.size());
  EXPECT_EQ(all.back().text, spectator.back().text);
  for (const Event& e : s->events_for(kSpectator)) ExpectSpectatorSafe(e);
  // Views of others' hidden bids show nothing yet.
  for (Seat seat = 0; seat < 4; ++seat) {
    auto v = s->state().view(seat);
    for (Seat other = 0; other < 4; ++other)
      EXPECT_EQ(v["bids"][other].is_null(), other != seat) << seat << " " << other;
  }
}

// Plays `reds` from a fixed start to the end of round 1 (which has an exchange of 4 to the left).
std::unique_ptr<Session> RedsAfterOneRound(std::uint64_t seed) {
  auto s = NewSession("reds", seed, 0);
  if (!s) return nullptr;
  Rng rng(seed);
  std::string error;
  while (s->state().rounds_completed() == 0) {
    const Seat seat = s->state().actors().lowest();
    EXPECT_TRUE(s->play(seat, *s->state().random_legal_move(seat, rng), &error)) << error;
  }
  return s;
}

TEST(EngineSession, ExchangeEventsPerSeatAndSpectator) {
  auto s = RedsAfterOneRound(3);
  ASSERT_TRUE(s);
  int halves = 0, wholes = 0, received = 0;
  for (const Event& e : s->events_for(kSpectator)) {
    ExpectSpectatorSafe(e);
    if (e.kind == EventKind::kExchange) {
      EXPECT_TRUE(e.public_half) << e.text;
      ++halves;
    }
  }
  EXPECT_EQ(halves, 4);
  for (Seat seat = 0; seat < 4; ++seat) {
    for (const Event& e : s->events_for(seat)) {
      EXPECT_TRUE(e.visible_to_seat(seat));
      if (e.kind != EventKind::kExchange || e.public_half) continue;
      EXPECT_EQ(e.cards.size(), 4u) << e.text;
      if (e.seat == seat) {
        ++wholes;  // "you pass ... to S(seat+1)"
        EXPECT_EQ(e.other, (seat + 1) % 4);
      } else {
        ++received;  // "S(seat-1) passed you ..."
        EXPECT_EQ(e.seat, (seat + 3) % 4);
        EXPECT_EQ(e.other, seat);
      }
    }
  }
  EXPECT_EQ(wholes, 4);
  EXPECT_EQ(received, 4);
}

TEST(EngineSession, RoundsPerSeatShowOnlyTheirOwnPasses) {
  auto s = RedsAfterOneRound(5);
  ASSERT_TRUE(s);
  ASSERT_EQ(s->rounds().size(), 1u);
  const nlohmann::json& all = s->rounds()[0];
  EXPECT_EQ(&s->rounds(kOmniscient), &s->rounds());
  ASSERT_EQ(all["passed"].size(), 4u);
  for (Seat p = 0; p < 4; ++p) {
    ASSERT_TRUE(all["passed"][p].is_array()) << p;
    EXPECT_EQ(all["passed"][p].size(), 4u);
  }
  auto without_passes = [](nlohmann::json j) {
    j.erase("passed");
    return j;
  };
  for (Seat seat = 0; seat < 4; ++seat) {
    ASSERT_EQ(s->rounds(seat).size(), 1u) << seat;
    const nlohmann::json& mine = s->rounds(seat)[0];
    for (Seat p = 0; p < 4; ++p) {
      // Seat knows what it passed (p == seat) and what it received (from its right, p = seat-1).
      const bool knows = p == seat || p == (seat + 3) % 4;
      if (knows)
        EXPECT_EQ(mine["passed"][p], all["passed"][p]) << seat << " " << p;
      else
        EXPECT_TRUE(mine["passed"][p].is_null()) << seat << " " << p;
    }
    EXPECT_EQ(without_passes(mine), without_passes(all)) << seat;
    EXPECT_EQ(mine, s->state().last_round(seat));
  }
  ASSERT_EQ(s->rounds(kSpectator).size(), 1u);
  for (Seat p = 0; p < 4; ++p) EXPECT_TRUE(s->rounds(kSpectator)[0]["passed"][p].is_null());
  EXPECT_EQ(without_passes(s->rounds(kSpectator)[0]), without_passes(all));
  // Seats not at the table have no rounds.
  EXPECT_TRUE(s->rounds(4).empty());
  EXPECT_TRUE(s->rounds(-3).empty());
  // The summary lists the omniscient rounds.
  EXPECT_EQ(s->summary()["rounds"], nlohmann::json::array({all}));
}

// The deals a session made, passed back as explicit deals with the same moves, replay to the same
// views for every seat, the same events and the same summary. `replay_seed` differs from `seed`
// to show that the deals replace the RNG (the first dealer is then given, not drawn).
void ExpectDealtReplays(const std::string& game_string, std::uint64_t seed, int first_dealer,
                        std::uint64_t replay_seed) {
  SCOPED_TRACE(game_string + " seed " + std::to_string(seed) + " replayed with seed " +
               std::to_string(replay_seed));
  auto original = NewSession(game_string, seed, first_dealer);
  ASSERT_TRUE(original);
  Rng rng(seed * 3);
  const auto moves = PlayRandomly(*original, rng, 100000);
  EXPECT_TRUE(original->state().over());
  const std::vector<Deal> dealt = original->dealt();
  ASSERT_FALSE(dealt.empty());
  EXPECT_EQ(static_cast<int>(dealt.size()), original->state().deals_dealt());
  for (std::size_t i = 0; i < dealt.size(); ++i)
    EXPECT_EQ(original->game().validate_deal(dealt[i]), "") << "deal " << i;

  auto replay = NewSession(game_string, replay_seed, first_dealer, dealt);
  ASSERT_TRUE(replay);
  std::string error;
  for (std::size_t i = 0; i < moves.size(); ++i)
    ASSERT_TRUE(replay->play(moves[i].seat, moves[i].move, &error)) << "move " << i << error;
  for (Seat seat = kSpectator; seat < original->state().num_seats(); ++seat)
    EXPECT_EQ(replay->state().view(seat), original->state().view(seat)) << "seat " << seat;
  EXPECT_EQ(replay->summary(), original->summary());
  EXPECT_EQ(replay->dealt(), dealt);
  for (Seat seat = kSpectator; seat < original->state().num_seats(); ++seat)
    EXPECT_EQ(replay->rounds(seat), original->rounds(seat)) << "seat " << seat;
  ASSERT_EQ(replay->events().size(), original->events().size());
  for (std::size_t i = 0; i < replay->events().size(); ++i)
    EXPECT_EQ(replay->events()[i].text, original->events()[i].text) << "event " << i;
  // The record carries the deals as JSON and replays the same way.
  auto from_record = Session::from_record(replay->record(), &error);
  ASSERT_TRUE(from_record) << error;
  EXPECT_TRUE(from_record->state().equals(replay->state()));
  EXPECT_EQ(from_record->summary(), original->summary());
}

TEST(EngineSession, DealtReplaysEveryGame) {
  register_all_games();
  for (const auto* entry : registered_games()) {
    std::string error;
    // Random matches to the end: a game whose matches need not end, with its cap on rounds.
    const std::string name = capped_game_string(*entry);
    auto game = load_game(name, &error);
    ASSERT_TRUE(game) << error;
    // S1 deals, or S0 at a one-seat table.
    const int dealer = std::min(1, game->num_seats() - 1);
    ExpectDealtReplays(name, 11, -1, 11);  // the first dealer drawn: same seed
    ExpectDealtReplays(name, 12, dealer, 12);
    ExpectDealtReplays(name, 13, dealer, 9999);  // another seed: the deals alone decide
  }
  for (const char* variant :
       {"reds(players=2)", "reds(players=6,partnership=true,hidden_bids=true)", "s48(players=6)",
        "back_alley(final_tie=extra_hand)", "tadmur(stuck=pass)", "truc(signals=false)"})
    ExpectDealtReplays(variant, 14, 0, 15);
}

TEST(EngineSession, MoveTimesRoundTripAndKeepTimeOrder) {
  auto s = NewSession("reds(players=3)", 21, 1);
  ASSERT_TRUE(s);
  Rng rng(8);
  std::string error;
  std::vector<std::int64_t> times;
  std::int64_t t = 0;
  for (int i = 0; i < 12; ++i) {
    const Seat seat = s->state().actors().lowest();
    const Move m = *s->state().random_legal_move(seat, rng);
    if (i == 5) {
      // A move without a time is kept without one.
      ASSERT_TRUE(s->play(seat, m, &error)) << error;
      times.push_back(-1);
      continue;
    }
    t += i == 3 ? 0 : 250 + i;  // equal times are in order too
    ASSERT_TRUE(s->play(seat, s->state().move_text(m), &error, t)) << error;
    times.push_back(t);
  }
  nlohmann::json record = s->record();
  ASSERT_EQ(record["moves"].size(), times.size());
  for (std::size_t i = 0; i < times.size(); ++i) {
    const auto& m = record["moves"][i];
    if (times[i] < 0) {
      EXPECT_EQ(m.size(), 2u) << m;
    } else {
      ASSERT_EQ(m.size(), 3u) << m;
      EXPECT_EQ(m[2].get<std::int64_t>(), times[i]);
    }
  }
  auto loaded = Session::from_record(record, &error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_TRUE(loaded->state().equals(s->state()));
  EXPECT_EQ(loaded->record(), record);
  // Through text as well (save format).
  auto reparsed = Session::from_record(nlohmann::json::parse(record.dump()), &error);
  ASSERT_TRUE(reparsed) << error;
  EXPECT_EQ(reparsed->record(), record);

  // A time earlier than the previous move's is refused and changes nothing.
  const Seat seat = s->state().actors().lowest();
  const Move m = *s->state().random_legal_move(seat, rng);
  const std::size_t made = s->moves_made(), events = s->events().size();
  EXPECT_FALSE(s->play(seat, m, &error, t - 1));
  EXPECT_NE(error.find("time order"), std::string::npos) << error;
  EXPECT_NE(error.find(std::to_string(t - 1)), std::string::npos) << error;
  EXPECT_EQ(s->moves_made(), made);
  EXPECT_EQ(s->events().size(), events);
  EXPECT_EQ(s->record(), record);
  EXPECT_FALSE(s->play(seat, s->state().move_text(m), &error, t - 100));
  EXPECT_TRUE(s->play(seat, m, &error, t)) << error;

  // In a record, too.
  nlohmann::json bad = record;
  bad["moves"][2][2] = 1;  // before move 1's time
  EXPECT_FALSE(Session::from_record(bad, &error));
  EXPECT_NE(error.find("move 2"), std::string::npos) << error;
  EXPECT_NE(error.find("time order"), std::string::npos) << error;
  bad = record;
  bad["moves"][0][2] = "soon";
  EXPECT_FALSE(Session::from_record(bad, &error));
  EXPECT_NE(error.find("time in ms"), std::string::npos) << error;
  bad = record;
  bad["moves"][0].push_back(5);  // four elements
  EXPECT_FALSE(Session::from_record(bad, &error));
  EXPECT_NE(error.find("move 0"), std::string::npos) << error;
}

// The time order is checked against the latest time recorded, not only the previous move's: times
// 1000, none, 10 are refused, live and in a record.
TEST(EngineSession, TimeOrderHoldsAcrossMovesWithoutATime) {
  auto s = NewSession("reds", 1, 0);
  ASSERT_TRUE(s);
  Rng rng(1);
  std::string error;
  auto next = [&] {
    const Seat seat = s->state().actors().lowest();
    return std::make_pair(seat, *s->state().random_legal_move(seat, rng));
  };
  auto [s0, m0] = next();
  ASSERT_TRUE(s->play(s0, m0, &error, 1000)) << error;
  auto [s1, m1] = next();
  ASSERT_TRUE(s->play(s1, m1, &error)) << error;
  auto [s2, m2] = next();
  EXPECT_FALSE(s->play(s2, m2, &error, 10)) << "10 ms accepted after a move at 1000 ms";
  nlohmann::json record = {{"game", "reds"},
                           {"first_dealer", 0},
                           {"seed", 1},
                           {"moves",
                            {{s0, s->state().move_text(m0), 1000},
                             {s1, s->state().move_text(m1)},
                             {s2, s->state().move_text(m2), 10}}}};
  EXPECT_FALSE(Session::from_record(record, &error));
}

Deal SampleDeal() {
  Deal d;
  d.hands = {{C("AS"), C("KD")}, {C("2C")}, {}};
  d.pack = {C("TH"), C("3S")};
  d.piles["target"] = {{C("4S")}, {C("5C")}, {}};
  d.piles["reserve"] = {{C("9D"), C("9D")}, {}, {C("JC")}};  // copies are allowed
  return d;
}

TEST(EngineSession, DealJsonRoundTripWithPiles) {
  const Deal d = SampleDeal();
  nlohmann::json j = deal_to_json(d, {});
  EXPECT_EQ(j, nlohmann::json::parse(R"({
      "hands": [["AS", "KD"], ["2C"], []],
      "pack": ["TH", "3S"],
      "piles": {"reserve": [["9D", "9D"], [], ["JC"]], "target": [["4S"], ["5C"], []]}})"));
  std::string error;
  auto back = deal_from_json(j, {}, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(*back, d);
  // Through text.
  auto reparsed = deal_from_json(nlohmann::json::parse(j.dump()), {}, &error);
  ASSERT_TRUE(reparsed) << error;
  EXPECT_EQ(*reparsed, d);

  // No piles: no "piles" key; no pack: an empty one.
  Deal plain;
  plain.hands = {{C("AS")}};
  j = deal_to_json(plain, {});
  EXPECT_FALSE(j.contains("piles"));
  EXPECT_EQ(j["pack"], nlohmann::json::array());
  auto plain_back = deal_from_json(nlohmann::json::parse(R"({"hands": [["AS"]]})"), {}, &error);
  ASSERT_TRUE(plain_back) << error;
  EXPECT_EQ(*plain_back, plain);

  // Extra card names.
  Deal bloopers;
  bloopers.hands = {{back_alley::kBigBlooper, C("AS")}};
  bloopers.piles["x"] = {{back_alley::kLittleBlooper}};
  j = deal_to_json(bloopers, back_alley::card_names());
  EXPECT_EQ(j["hands"][0], (nlohmann::json{"BB", "AS"}));
  EXPECT_EQ(j["piles"]["x"][0][0], "LB");
  auto bloopers_back = deal_from_json(j, back_alley::card_names(), &error);
  ASSERT_TRUE(bloopers_back) << error;
  EXPECT_EQ(*bloopers_back, bloopers);
  EXPECT_FALSE(deal_from_json(j, {}, &error));  // without the names BB is no card
  EXPECT_NE(error.find("'BB' is not a card"), std::string::npos) << error;
}

TEST(EngineSession, DealJsonErrors) {
  std::string error;
  auto bad = [&](const char* text) {
    error.clear();
    auto d = deal_from_json(nlohmann::json::parse(text), {}, &error);
    EXPECT_FALSE(d) << text;
    EXPECT_FALSE(error.empty()) << text;
    return error;
  };
  EXPECT_NE(bad("[]").find("'hands'"), std::string::npos);
  EXPECT_NE(bad(R"({"pack": []})").find("'hands'"), std::string::npos);
  EXPECT_NE(bad(R"({"hands": 3})").find("hands"), std::string::npos);
  EXPECT_NE(bad(R"({"hands": [["AS"], "KS"]})").find("hand of S1"), std::string::npos);
  EXPECT_NE(bad(R"({"hands": [["AS", 7]]})").find("hand of S0"), std::string::npos);
  EXPECT_NE(bad(R"({"hands": [["AS", "ZZ"]]})").find("'ZZ' is not a card"), std::string::npos);
  EXPECT_NE(bad(R"({"hands": [], "pack": "AS"})").find("pack"), std::string::npos);
  EXPECT_NE(bad(R"({"hands": [], "piles": []})").find("'piles' must be an object"),
            std::string::npos);
  EXPECT_NE(bad(R"({"hands": [], "piles": {"target": "AS"}})").find("pile 'target'"),
            std::string::npos);
  const std::string e = bad(R"({"hands": [], "piles": {"target": [["AS"], ["QQ"]]}})");
  EXPECT_NE(e.find("pile 'target' of S1"), std::string::npos) << e;
  EXPECT_NE(e.find("'QQ'"), std::string::npos) << e;
}

// Tadmur deal: hands of 24, starters 2S 3S, targets 4S 5S.
Deal TadmurDeal(bool as_piles) {
  Deal d;
  d.hands.resize(2);
  for (Card c = 4; c < 28; ++c) d.hands[0].push_back(c);
  for (Card c = 28; c < 52; ++c) d.hands[1].push_back(c);
  if (as_piles) {
    d.piles["starter"] = {{C("2S")}, {C("3S")}};
    d.piles["target"] = {{C("4S")}, {C("5S")}};
  } else {
    d.pack = {C("2S"), C("3S"), C("4S"), C("5S")};
  }
  return d;
}

TEST(EngineSession, TadmurAcceptsPilesAndTheOlderPack) {
  auto piles = NewSession("tadmur", 1, 0, {TadmurDeal(true)});
  auto pack = NewSession("tadmur", 1, 0, {TadmurDeal(false)});
  ASSERT_TRUE(piles && pack);
  EXPECT_TRUE(piles->state().equals(pack->state()));
  for (Seat seat = kSpectator; seat < 2; ++seat)
    EXPECT_EQ(piles->state().view(seat), pack->state().view(seat));
  // The deal made is reported as piles either way.
  ASSERT_EQ(pack->dealt().size(), 1u);
  EXPECT_EQ(pack->dealt()[0], TadmurDeal(true));
  EXPECT_EQ(piles->dealt()[0], TadmurDeal(true));
  // Each seat is told its own target, and only its own.
  for (Seat seat = 0; seat < 2; ++seat) {
    const std::string mine = seat == 0 ? "your target: 4S" : "your target: 5S";
    const std::string theirs = seat == 0 ? "your target: 5S" : "your target: 4S";
    bool found = false;
    for (const Event& e : piles->events_for(seat)) {
      found |= e.text == mine;
      EXPECT_NE(e.text, theirs);
    }
    EXPECT_TRUE(found) << seat;
  }
  for (const Event& e : piles->events_for(kSpectator))
    EXPECT_EQ(e.text.find("your target"), std::string::npos);
  // The starters are public.
  EXPECT_TRUE(tu::HasEvent(piles->events(), kEveryone,
                           "starters: S0 2S, S1 3S; each chain has 7 empty spaces before its "
                           "target"));
  // And the same through a record with the piles as JSON.
  nlohmann::json record = piles->record();
  EXPECT_EQ(record["deals"][0]["piles"]["target"], nlohmann::json::parse(R"([["4S"], ["5S"]])"));
  std::string error;
  auto loaded = Session::from_record(record, &error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_TRUE(loaded->state().equals(piles->state()));
}

TEST(EngineSession, TadmurRefusesMalformedPiles) {
  register_all_games();
  auto refused = [](Deal d) {
    std::string error;
    auto game = load_game("tadmur", &error);
    EXPECT_TRUE(game) << error;
    auto s = Session::create(std::move(game), 1, 0, {std::move(d)}, &error);
    EXPECT_FALSE(s);
    EXPECT_TRUE(error.starts_with("deal 0: ")) << error;
    return error;
  };
  auto has = [](const std::string& error, const std::string& part) {
    return error.find(part) != std::string::npos;
  };
  Deal d = TadmurDeal(true);
  d.piles["starter"][0].push_back(C("6S"));  // two cards (and 6S twice)
  std::string e = refused(d);
  EXPECT_TRUE(has(e, "pile 'starter' of S0 must be exactly 1 card")) << e;

  d = TadmurDeal(true);
  d.piles["target"][1].clear();
  e = refused(d);
  EXPECT_TRUE(has(e, "pile 'target' of S1 must be exactly 1 card")) << e;

  d = TadmurDeal(true);
  d.piles.erase("target");
  e = refused(d);
  EXPECT_TRUE(has(e, "'starter' and 'target' are both needed")) << e;

  d = TadmurDeal(true);
  d.piles["reserve"] = {{C("2S")}, {C("3S")}};
  e = refused(d);
  EXPECT_TRUE(has(e, "unknown pile 'reserve'")) << e;

  d = TadmurDeal(true);
  d.piles["target"].pop_back();
  e = refused(d);
  EXPECT_TRUE(has(e, "pile 'target' needs one list per seat (got 1)")) << e;

  d = TadmurDeal(true);
  d.pack = {C("2S")};
  e = refused(d);
  EXPECT_TRUE(has(e, "either as piles or as the pack, not both")) << e;

  d = TadmurDeal(true);
  d.piles["target"][1] = {C("AS")};  // also in S0's hand
  e = refused(d);
  EXPECT_TRUE(has(e, "target of S1: AS appears twice")) << e;

  d = TadmurDeal(true);
  d.piles["target"][1] = {back_alley::kBigBlooper};
  e = refused(d);
  EXPECT_TRUE(has(e, "is not a standard card")) << e;

  d = TadmurDeal(false);
  d.pack.pop_back();
  e = refused(d);
  EXPECT_TRUE(has(e, "exactly 4 cards")) << e;

  // Malformed JSON piles in a record name the pile.
  std::string error;
  nlohmann::json record = {{"game", "tadmur"},
                           {"first_dealer", 0},
                           {"deals", nlohmann::json::array({deal_to_json(TadmurDeal(true), {})})}};
  ASSERT_TRUE(Session::from_record(record, &error)) << error;
  record["deals"][0]["piles"]["starter"] = "2S 3S";
  EXPECT_FALSE(Session::from_record(record, &error));
  EXPECT_TRUE(has(error, "deal 0")) << error;
  EXPECT_TRUE(has(error, "pile 'starter'")) << error;
}

// ---------------------------------------------------------------------------------------------
// 8. Players

std::unique_ptr<AnyGame> Load(const std::string& game_string) {
  register_all_games();
  std::string error;
  auto game = load_game(game_string, &error);
  EXPECT_TRUE(game) << error;
  return game;
}

TEST(EnginePlayers, HeuristicAndRandomForEveryGame) {
  register_all_games();
  for (const auto* entry : registered_games()) {
    auto game = Load(entry->name);
    ASSERT_TRUE(game);
    auto names = player_names(*game);
    EXPECT_TRUE(tu::Contains(names, "random")) << entry->name;
    EXPECT_TRUE(tu::Contains(names, "heuristic")) << entry->name;
    std::string error;
    auto heuristic = load_player("heuristic", *game, &error);
    ASSERT_TRUE(heuristic) << entry->name << ": " << error;
    EXPECT_EQ(heuristic->name(), "heuristic");
    auto random = load_player("random", *game, &error);
    ASSERT_TRUE(random) << error;
    EXPECT_EQ(random->name(), "random");
  }
}

TEST(EnginePlayers, PaceOption) {
  auto game = Load("reds");
  ASSERT_TRUE(game);
  auto state = game->new_match(3, 0, nullptr);
  const Seat seat = state->actors().lowest();
  SeatAccess access(*state, seat);
  Rng rng(1);
  std::string error;
  auto paced = load_player("random(pace_ms=250)", *game, &error);
  ASSERT_TRUE(paced) << error;
  EXPECT_EQ(paced->name(), "random(pace_ms=250)");
  EXPECT_DOUBLE_EQ(paced->decide(access, rng).delay, 0.25);
  auto plain = load_player("random", *game, &error);
  ASSERT_TRUE(plain) << error;
  EXPECT_DOUBLE_EQ(plain->decide(access, rng).delay, 1.0);  // the default: 1000 ms
  auto quick = load_player("heuristic(pace_ms=0)", *game, &error);
  ASSERT_TRUE(quick) << error;
  EXPECT_EQ(quick->name(), "heuristic(pace_ms=0)");
  EXPECT_DOUBLE_EQ(quick->decide(access, rng).delay, 0.0);

  for (auto [text, pace, name] :
       {std::tuple{"heuristic(speed=1)", 2.0, "heuristic(speed=1)"},
        {"heuristic(speed=3)", 1.0, "heuristic(speed=3)"},
        {"random(speed=5)", 0.5, "random(speed=5)"},
        {"random(pace_ms=300,speed=4)", 0.7, "random(pace_ms=300,speed=4)"},
        {"random(pace_ms=300,speed=0)", 0.3, "random(pace_ms=300,speed=0)"}}) {
    auto leveled = load_player(text, *game, &error);
    ASSERT_TRUE(leveled) << error;
    EXPECT_EQ(leveled->name(), name);
    EXPECT_DOUBLE_EQ(leveled->decide(access, rng).delay, pace) << text;
  }
  const auto* options = player_options("random");
  ASSERT_NE(options, nullptr);
  auto pace = std::find_if(options->begin(), options->end(),
                           [](const OptionSpec& o) { return o.name == "pace_ms"; });
  ASSERT_NE(pace, options->end());
  EXPECT_EQ(pace->default_value, "1000");
  EXPECT_EQ(pace->type, OptionType::kInt);
  const auto* heuristic_options = player_options("heuristic");
  ASSERT_NE(heuristic_options, nullptr);
  EXPECT_EQ(std::count_if(heuristic_options->begin(), heuristic_options->end(),
                          [](const OptionSpec& o) { return o.name == "pace_ms"; }),
            1);
  EXPECT_EQ(player_options("nobody"), nullptr);
}

TEST(EnginePlayers, ErrorsNameThePlayerOptionAndValue) {
  auto game = Load("truc");
  ASSERT_TRUE(game);
  std::string error;
  EXPECT_FALSE(load_player("nobody", *game, &error));
  EXPECT_NE(error.find("unknown player 'nobody'"), std::string::npos) << error;
  EXPECT_NE(error.find("players for truc:"), std::string::npos) << error;
  EXPECT_NE(error.find("random"), std::string::npos) << error;
  EXPECT_NE(error.find("heuristic"), std::string::npos) << error;

  EXPECT_FALSE(load_player("random(depth=3)", *game, &error));
  EXPECT_NE(error.find("player 'random'"), std::string::npos) << error;
  EXPECT_NE(error.find("depth"), std::string::npos) << error;

  // Speed levels 1..5 set the pace (bots/registry.h); anything else is refused by name.
  EXPECT_FALSE(load_player("random(speed=6)", *game, &error));
  EXPECT_NE(error.find("speed"), std::string::npos) << error;

  EXPECT_FALSE(load_player("random(pace_ms=-1)", *game, &error));
  EXPECT_NE(error.find("pace_ms"), std::string::npos) << error;
  EXPECT_NE(error.find("-1"), std::string::npos) << error;
  EXPECT_NE(error.find("0..3600000"), std::string::npos) << error;

  EXPECT_FALSE(load_player("heuristic(pace_ms=fast)", *game, &error));
  EXPECT_NE(error.find("pace_ms"), std::string::npos) << error;
  EXPECT_NE(error.find("fast"), std::string::npos) << error;

  EXPECT_FALSE(load_player("random(pace_ms=1", *game, &error));
  EXPECT_NE(error.find("player 'random(pace_ms=1'"), std::string::npos) << error;
}

TEST(EnginePlayers, SplitPlayerList) {
  EXPECT_EQ(split_player_list("heuristic, ismcts(iterations=2,ms=5),random"),
            (std::vector<std::string>{"heuristic", "ismcts(iterations=2,ms=5)", "random"}));
  EXPECT_EQ(split_player_list("random"), (std::vector<std::string>{"random"}));
  EXPECT_EQ(split_player_list(""), std::vector<std::string>{});
  EXPECT_EQ(split_player_list(" , ,"), std::vector<std::string>{});
  // Found by fuzz_player_string: a piece that becomes an exec piece once its spaces are gone is
  // trimmed like one.
  EXPECT_EQ(split_player_list("e xec( "), (std::vector<std::string>{"exec("}));
  EXPECT_EQ(split_player_list("a,,b"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(split_player_list("  heuristic  ,random(pace_ms=5)  "),
            (std::vector<std::string>{"heuristic", "random(pace_ms=5)"}));
  EXPECT_EQ(split_player_list("x(a=1,b=(2,3)),y"),
            (std::vector<std::string>{"x(a=1,b=(2,3))", "y"}));
  // Each part loads.
  auto game = Load("reds");
  ASSERT_TRUE(game);
  std::string error;
  for (const auto& p : split_player_list("heuristic, random(pace_ms=5)"))
    EXPECT_TRUE(load_player(p, *game, &error)) << p << ": " << error;
}

// Every decision of the heuristic and random players is a legal move of the seat asked.
TEST(EnginePlayers, DecisionsAreLegalMoves) {
  register_all_games();
  std::string error;
  for (const auto* entry : registered_games()) {
    auto game = Load(entry->name);
    ASSERT_TRUE(game);
    auto heuristic = load_player("heuristic", *game, &error);
    auto random = load_player("random", *game, &error);
    ASSERT_TRUE(heuristic && random) << error;
    auto session = Session::create(Load(entry->name), 17, -1, {}, &error);
    ASSERT_TRUE(session) << error;
    Rng rng(4);
    for (int moves = 0; moves < 250 && !session->state().over(); ++moves) {
      const SeatSet actors = session->state().actors();
      const Seat seat = actors.to_vector()[rng.below(actors.size())];
      SeatAccess access(session->state(), seat);
      EXPECT_TRUE(access.may_move());
      EXPECT_EQ(access.seat(), seat);
      EXPECT_EQ(access.actors(), actors);
      EXPECT_EQ(access.view(), session->state().view(seat));
      const auto legal = access.legal_moves();
      EXPECT_EQ(legal, session->state().legal_moves(seat));
      Player& player = (moves % 3 == 0) ? *random : *heuristic;
      const Decision d = player.decide(access, rng);
      ASSERT_TRUE(std::find(legal.begin(), legal.end(), d.move) != legal.end())
          << entry->name << " " << player.name() << " " << session->state().move_text(d.move);
      ASSERT_TRUE(session->play(seat, d.move, &error)) << error;
    }
    // A seat that may not move is told so.
    for (Seat s = 0; s < session->state().num_seats(); ++s) {
      SeatAccess access(session->state(), s);
      EXPECT_EQ(access.may_move(), session->state().actors().contains(s));
      if (!access.may_move()) {
        EXPECT_TRUE(access.legal_moves().empty());
        EXPECT_FALSE(access.random_legal_move(rng));
        EXPECT_FALSE(access.game_player_move("heuristic", rng));
      }
    }
  }
}

TEST(EnginePlayers, ResampleAsKeepsTheSeatsView) {
  auto s = NewSession("reds", 31, 0);
  ASSERT_TRUE(s);
  Rng play_rng(6);
  PlayRandomly(*s, play_rng, 23);  // into the first round's play
  const auto& truth = tu::TypedState<reds::Game>(*s);
  Rng rng(2);
  for (Seat seat = 0; seat < 4; ++seat) {
    SeatAccess access(s->state(), seat);
    bool other_hands_vary = false;
    for (int i = 0; i < 8; ++i) {
      std::optional<reds::State> world = access.resample_as<reds::State>(rng);
      ASSERT_TRUE(world);
      EXPECT_EQ(world->view(seat), truth.view(seat)) << seat;
      EXPECT_EQ(world->hand(seat), truth.hand(seat));
      EXPECT_EQ(world->check(), nullptr);
      for (Seat other = 0; other < 4; ++other)
        if (other != seat && world->hand(other) != truth.hand(other)) other_hands_vary = true;
    }
    EXPECT_TRUE(other_hands_vary) << seat;
    EXPECT_FALSE(access.resample_as<truc::State>(rng).has_value());
    // The type-erased resample agrees on the view too.
    EXPECT_EQ(access.resample(rng)->view(seat), s->state().view(seat));
  }
}

// ---------------------------------------------------------------------------------------------
// 9. The trick-play core

// Follow suit, hearts trump (PlainTrumps); a trick led with a deuce is drawn.
struct DeuceDraws : tricks::PlainTrumps {
  int winner(const tricks::TrickSoFar& t) const {
    if (rank_of(t.led()) == kTwo) return -1;
    return PlainTrumps::winner(t);
  }
  bool operator==(const DeuceDraws&) const = default;
};

// The same, played to the right (like Truc).
struct Widdershins : DeuceDraws {
  static Seat next_seat(Seat s, int seats) { return (s + seats - 1) % seats; }
  static constexpr bool kClockwise = false;
  bool operator==(const Widdershins&) const = default;
};

// The round ends as soon as some seat has two tricks.
struct FirstToTwo : tricks::PlainTrumps {
  template <class Position>
  bool decided(const Position& p) const {
    for (int s = 0; s < p.seats; ++s)
      if (p.tricks_won[s] >= 2) return true;
    return false;
  }
  bool operator==(const FirstToTwo&) const = default;
};

using Play3 = tricks::TrickPlay<DeuceDraws, 4, 3>;

Play3 HandMadeRound() {
  Play3 play;
  play.new_round(3);
  play.set_hand(0, tu::Set("AS 2D 5C"));
  play.set_hand(1, tu::Set("KS 3H 6C"));
  play.set_hand(2, tu::Set("4S 7D 2C"));
  DeuceDraws policy;
  policy.trump = kHearts;
  play.begin_play(3, 0, policy);
  return play;
}

TEST(EngineTrickPlay, HandMadeTricks) {
  Play3 play = HandMadeRound();
  EXPECT_EQ(play.seats(), 3);
  EXPECT_EQ(play.tricks(), 3);
  EXPECT_EQ(play.to_play(), 0);
  EXPECT_EQ(play.leader(), 0);
  EXPECT_EQ(play.led(), kNoCard);
  EXPECT_EQ(play.playable(0), tu::Set("AS 2D 5C"));  // leading: anything

  // Trick 1: AS KS 4S, the ace wins.
  EXPECT_EQ(play.reject(0, C("KS")), std::string("you do not hold that card"));
  EXPECT_EQ(play.reject(0, C("AS")), nullptr);
  auto r = play.play(C("AS"));
  EXPECT_FALSE(r.trick_complete);
  EXPECT_EQ(r.trick, 0);
  EXPECT_EQ(play.to_play(), 1);
  EXPECT_EQ(play.led(), C("AS"));
  EXPECT_EQ(play.trick_size(), 1);
  EXPECT_EQ(play.played_to_current(0), 1);
  EXPECT_EQ(play.played_to_current(1), 0);
  EXPECT_EQ(play.playable(1), tu::Set("KS"));
  EXPECT_EQ(play.reject(1, C("3H")), std::string("you must follow suit"));
  EXPECT_EQ(play.reject(1, C("6C")), std::string("you must follow suit"));
  play.play(C("KS"));
  EXPECT_EQ(play.position().seat_of(1), 1);
  r = play.play(C("4S"));
  EXPECT_TRUE(r.trick_complete);
  EXPECT_EQ(r.trick, 0);
  EXPECT_EQ(r.winning_card, 0);
  EXPECT_EQ(r.winner, 0);
  EXPECT_FALSE(r.round_over);
  EXPECT_EQ(play.trick_number(), 1);
  EXPECT_EQ(play.trick_size(), 0);
  EXPECT_EQ(play.leader(), 0);
  EXPECT_EQ(play.to_play(), 0);
  EXPECT_EQ(play.tricks_won(0), 1);
  EXPECT_EQ(play.played_to_current(0), 0);
  for (Seat s = 0; s < 3; ++s) EXPECT_EQ(play.excluded(s), CardSet()) << s;

  // Trick 2: 2D led; S1 has no diamond and trumps with 3H (shows the void), S2 must follow with
  // 7D. A deuce lead draws: no winner, S0 leads again, nobody scores.
  play.play(C("2D"));
  EXPECT_EQ(play.playable(1), tu::Set("3H 6C"));
  play.play(C("3H"));
  EXPECT_EQ(play.excluded(1), CardSet::suit(kDiamonds));
  EXPECT_EQ(play.excluded(0), CardSet());
  EXPECT_EQ(play.playable(2), tu::Set("7D"));
  EXPECT_EQ(play.reject(2, C("2C")), std::string("you must follow suit"));
  EXPECT_EQ(play.played_to_current(1), 1);
  EXPECT_EQ(play.played_to_current(2), 0);
  r = play.play(C("7D"));
  EXPECT_TRUE(r.trick_complete);
  EXPECT_EQ(r.trick, 1);
  EXPECT_EQ(r.winning_card, -1);
  EXPECT_EQ(r.winner, kNoSeat);
  EXPECT_FALSE(r.round_over);
  EXPECT_EQ(play.leader(), 0);
  EXPECT_EQ(play.to_play(), 0);
  EXPECT_EQ(play.tricks_won(0) + play.tricks_won(1) + play.tricks_won(2), 1);
  EXPECT_EQ(play.excluded(2), CardSet());  // followed suit: nothing shown

  // Trick 3: 5C 6C 2C, the six wins; the round is over.
  play.play(C("5C"));
  play.play(C("6C"));
  r = play.play(C("2C"));
  EXPECT_TRUE(r.trick_complete);
  EXPECT_EQ(r.winner, 1);
  EXPECT_EQ(r.winning_card, 1);
  EXPECT_TRUE(r.round_over);
  EXPECT_TRUE(play.round_over());
  EXPECT_EQ(play.tricks_won(0), 1);
  EXPECT_EQ(play.tricks_won(1), 1);
  EXPECT_EQ(play.tricks_won(2), 0);
  for (Seat s = 0; s < 3; ++s) EXPECT_TRUE(play.hand(s).empty()) << s;
  EXPECT_EQ(play.played(), tu::Set("AS KS 4S 2D 3H 7D 5C 6C 2C"));

  // History.
  EXPECT_EQ(play.card(0, 0), C("AS"));
  EXPECT_EQ(play.card(1, 1), C("3H"));
  EXPECT_EQ(play.card(2, 2), C("2C"));
  EXPECT_EQ(play.leader_of(0), 0);
  EXPECT_EQ(play.leader_of(1), 0);
  EXPECT_EQ(play.leader_of(2), 0);
  EXPECT_EQ(play.winner_of(0), 0);
  EXPECT_EQ(play.winner_of(1), kNoSeat);
  EXPECT_EQ(play.winner_of(2), 1);
  EXPECT_EQ(play.seat_of(1, 1), 1);
  EXPECT_EQ(play.seat_of(2, 2), 2);
  auto h = tricks::history_json<DeuceDraws>(play.history(), 3, 3);
  EXPECT_EQ(h, nlohmann::json::parse(R"([
      {"leader": 0, "cards": ["AS", "KS", "4S"], "winner": 0},
      {"leader": 0, "cards": ["2D", "3H", "7D"], "winner": null},
      {"leader": 0, "cards": ["5C", "6C", "2C"], "winner": 1}])"));
}

TEST(EngineTrickPlay, DealOneAtATimeGoesClockwiseFromTheFirstSeat) {
  Play3 play;
  play.new_round(3);
  const std::array<Card, 7> order = {C("AS"), C("KS"), C("QS"), C("JS"), C("TS"), C("9S"), C("8S")};
  // Card i to seat (2 + i) % 3: S2 gets the 1st, 4th and 7th cards.
  EXPECT_EQ(play.deal_one_at_a_time(order.data(), 7, 2), tu::Set("AS KS QS JS TS 9S 8S"));
  EXPECT_EQ(play.hand(2), tu::Set("AS JS 8S"));
  EXPECT_EQ(play.hand(0), tu::Set("KS TS"));
  EXPECT_EQ(play.hand(1), tu::Set("QS 9S"));
}

TEST(EngineTrickPlay, CardsOfTheTrickInProgressAndTheTrickEvents) {
  Play3 play = HandMadeRound();
  std::vector<Event> events;
  ApplyContext ctx;
  ctx.events = &events;
  tricks::PlayResult r;
  ASSERT_TRUE(tricks::play_card(play, 0, C("AS"), &ctx, &r).ok());
  ASSERT_TRUE(tricks::play_card(play, 1, C("KS"), &ctx, &r).ok());
  EXPECT_EQ(play.card(0, 0), C("AS"));  // the trick in progress
  EXPECT_EQ(play.card(0, 1), C("KS"));
  EXPECT_EQ(tricks::play_card(play, 2, C("2C"), &ctx, &r).error,
            std::string("you must follow suit"));
  EXPECT_EQ(events.size(), 2u);  // a refused card says nothing
  ASSERT_TRUE(tricks::play_card(play, 2, C("4S"), &ctx, &r).ok());
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[2].text, "S2 plays 4S");
  EXPECT_EQ(events[3].kind, EventKind::kTrick);
  EXPECT_EQ(events[3].text, "trick 1 to S0 (AS)");
  EXPECT_EQ(events[3].card, C("AS"));
  // A drawn trick names no card.
  for (auto [seat, card] : {std::pair{0, "2D"}, std::pair{1, "3H"}, std::pair{2, "7D"}})
    ASSERT_TRUE(tricks::play_card(play, seat, C(card), &ctx, &r).ok());
  EXPECT_EQ(events.back().text, "trick 2: a draw (both teams tied for the best card)");
  EXPECT_EQ(events.back().card, kNoCard);
  EXPECT_EQ(play.card(1, 1), C("3H"));
}

TEST(EngineTrickPlay, WinnerLeadsNextAndViewKeys) {
  Play3 play;
  play.new_round(3);
  play.set_hand(0, tu::Set("2S 3S"));
  play.set_hand(1, tu::Set("4S 5H"));
  play.set_hand(2, tu::Set("9S 6S"));
  DeuceDraws policy;
  policy.trump = kHearts;
  play.begin_play(2, 1, policy);  // S1 leads
  EXPECT_EQ(play.to_play(), 1);
  play.play(C("4S"));
  EXPECT_EQ(play.to_play(), 2);
  play.play(C("9S"));
  EXPECT_EQ(play.to_play(), 0);
  nlohmann::json v;
  tricks::add_trick_view(v, play, true);
  EXPECT_EQ(v["trick"],
            nlohmann::json::parse(R"({"leader": 1, "seats": [1, 2], "cards": ["4S", "9S"]})"));
  EXPECT_EQ(v["tricks"], nlohmann::json::array());
  auto r = play.play(C("3S"));
  EXPECT_EQ(r.winner, 2);  // 9S
  EXPECT_EQ(play.leader(), 2);
  EXPECT_EQ(play.to_play(), 2);
  EXPECT_EQ(play.leader_of(1), 2);
  EXPECT_EQ(play.seat_of(0, 2), 0);
  tricks::add_trick_view(v, play, true);
  EXPECT_EQ(v["tricks"], nlohmann::json::parse(
                             R"([{"leader": 1, "seats": [1, 2, 0], "cards": ["4S", "9S", "3S"],
                                  "winner": 2}])"));
  EXPECT_EQ(v["trick"]["cards"], nlohmann::json::array());
  // S2 leads 6S: S0 follows with 2S, S1 has no spade and trumps: S1 wins the last trick.
  play.play(C("6S"));
  play.play(C("2S"));
  EXPECT_EQ(play.excluded(1), CardSet());
  r = play.play(C("5H"));
  EXPECT_EQ(play.excluded(1), CardSet::suit(kSpades));
  EXPECT_EQ(r.winner, 1);
  EXPECT_TRUE(r.round_over);
  tricks::add_trick_view(v, play, false);
  EXPECT_TRUE(v["trick"].is_null());
  EXPECT_EQ(v["tricks"], nlohmann::json::array());
}

TEST(EngineTrickPlay, CounterClockwisePolicy) {
  tricks::TrickPlay<Widdershins, 4, 2> play;
  play.new_round(4);
  play.set_hand(0, tu::Set("AS 2C"));
  play.set_hand(1, tu::Set("KS 3C"));
  play.set_hand(2, tu::Set("QS 4C"));
  play.set_hand(3, tu::Set("JS 5C"));
  play.begin_play(2, 1, Widdershins{});
  // S1 leads, then S0, S3, S2.
  std::vector<Seat> order;
  for (Card c : {C("KS"), C("AS"), C("JS"), C("QS")}) {
    order.push_back(play.to_play());
    play.play(c);
  }
  EXPECT_EQ(order, (std::vector<Seat>{1, 0, 3, 2}));
  EXPECT_EQ(play.winner_of(0), 0);  // AS
  EXPECT_EQ(play.seat_of(0, 0), 1);
  EXPECT_EQ(play.seat_of(0, 1), 0);
  EXPECT_EQ(play.seat_of(0, 2), 3);
  EXPECT_EQ(play.seat_of(0, 3), 2);
  EXPECT_EQ(play.to_play(), 0);
  play.play(C("2C"));  // a deuce lead: this trick is drawn
  EXPECT_EQ(play.to_play(), 3);
  EXPECT_EQ(play.played_to_current(0), 1);
  EXPECT_EQ(play.played_to_current(3), 0);
  play.play(C("5C"));
  play.play(C("4C"));
  auto r = play.play(C("3C"));
  EXPECT_EQ(r.winner, kNoSeat);
  EXPECT_TRUE(r.round_over);
  auto h = tricks::history_json<Widdershins>(play.history(), 2, 4);
  // Not clockwise: the record says who played each card.
  EXPECT_EQ(h[0]["seats"], (nlohmann::json{1, 0, 3, 2}));
  EXPECT_EQ(h[1]["seats"], (nlohmann::json{0, 3, 2, 1}));
  EXPECT_TRUE(h[1]["winner"].is_null());
  EXPECT_FALSE(tricks::history_json<DeuceDraws>(play.history(), 2, 4)[0].contains("seats"));
}

TEST(EngineTrickPlay, DecidedEndsTheRoundEarly) {
  tricks::TrickPlay<FirstToTwo, 4, 3> play;
  play.new_round(2);
  play.set_hand(0, tu::Set("AS KS QS"));
  play.set_hand(1, tu::Set("2S 3S 4S"));
  play.begin_play(3, 1, FirstToTwo{});
  play.play(C("2S"));
  auto r = play.play(C("AS"));
  EXPECT_EQ(r.winner, 0);
  EXPECT_FALSE(r.round_over);
  play.play(C("KS"));
  r = play.play(C("3S"));
  EXPECT_EQ(r.winner, 0);
  EXPECT_TRUE(r.round_over);  // two tricks to S0 with one to go
  EXPECT_TRUE(play.round_over());
  EXPECT_EQ(play.trick_number(), 2);
  EXPECT_EQ(play.hand(0), tu::Set("QS"));
}

// A tiny solver: the most tricks seat 0 can take from `p` with everyone playing to maximise (for
// seat 0) or minimise (others) it; counts the positions it visits.
int BestForSeat0(tricks::TrickPosition<DeuceDraws, 4> p, int* nodes) {
  ++*nodes;
  if (p.over) return p.tricks_won[0];
  const bool max = p.to_play == 0;
  int best = max ? -1 : 100;
  for (Card c : p.playable(p.to_play)) {
    auto next = p;  // copies play on independently
    next.play(c);
    const int v = BestForSeat0(next, nodes);
    best = max ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

TEST(EngineTrickPlay, PositionCopiesPlayOnIndependently) {
  Play3 play = HandMadeRound();
  play.play(C("AS"));
  const Play3 before = play;
  const auto pos = play.position();
  EXPECT_EQ(pos.to_play, 1);
  EXPECT_EQ(pos.count, 1);
  EXPECT_EQ(pos.current().led(), C("AS"));
  EXPECT_EQ(pos.playable(1), tu::Set("KS"));

  auto a = pos, b = pos;
  a.play(C("KS"));
  a.play(C("4S"));
  EXPECT_EQ(a.tricks_won[0], 1);
  EXPECT_EQ(a.trick_no, 1);
  EXPECT_EQ(b, pos);  // untouched by a's play
  b.play(C("KS"));
  EXPECT_EQ(b.hands[1], tu::Set("3H 6C"));
  EXPECT_EQ(b.hands[2], tu::Set("4S 7D 2C"));
  EXPECT_EQ(play, before);  // the round itself is untouched
  // Played on the copy and on the round alike, the same cards give the same position.
  play.play(C("KS"));
  play.play(C("4S"));
  EXPECT_EQ(play.position(), a);

  // The solver: S0 has won trick 1 and leads from 2D 5C. A 2D lead is drawn and S1 then wins
  // the clubs with 6C (or trumps them with 3H); a 5C lead loses to 6C and S1 then wins with 3H.
  // Either way S0 ends with its one trick.
  int nodes = 0;
  EXPECT_EQ(BestForSeat0(play.position(), &nodes), 1);
  EXPECT_GT(nodes, 5);
  EXPECT_EQ(play.position(), a);  // the search changed nothing
}

TEST(EngineTrickPlay, RedealHiddenHandsKeepsWhatIsKnown) {
  Play3 base = HandMadeRound();
  // S0 leads 2D and S1, with no diamond, shows its void.
  base.play(C("2D"));
  base.play(C("3H"));  // S1 shows it has no diamonds
  ASSERT_EQ(base.excluded(1), CardSet::suit(kDiamonds));
  const CardSet pack_cards = tu::Set("8D 9D TD JC");
  Rng rng(14);
  std::set<std::uint64_t> s2_hands;
  for (int i = 0; i < 200; ++i) {
    Play3 play = base;
    CardSet pack = pack_cards;
    std::array<CardSet, 4> known{};
    known[2] = tu::Set("7D");  // the observer knows S2 holds 7D
    ASSERT_TRUE(play.redeal_hidden_hands(0, known, &pack, rng));
    EXPECT_EQ(play.hand(0), base.hand(0));  // the observer's own hand stays
    EXPECT_EQ(play.hand(1).size(), base.hand(1).size());
    EXPECT_EQ(play.hand(2).size(), base.hand(2).size());
    EXPECT_EQ(pack.size(), pack_cards.size());
    EXPECT_FALSE(play.hand(1).intersects(CardSet::suit(kDiamonds)));
    EXPECT_TRUE(play.hand(2).contains(C("7D")));
    EXPECT_EQ(play.hand(1) | play.hand(2) | pack, base.hand(1) | base.hand(2) | pack_cards);
    // The trick, the history and the voids are not touched.
    EXPECT_EQ(play.played(), base.played());
    EXPECT_EQ(play.history(), base.history());
    EXPECT_EQ(play.excluded(1), base.excluded(1));
    s2_hands.insert(play.hand(2).bits());
  }
  EXPECT_GT(s2_hands.size(), 3u);
  // No known cards, no pack.
  Play3 play = base;
  ASSERT_TRUE(play.redeal_hidden_hands(2, {}, nullptr, rng));
  EXPECT_EQ(play.hand(2), base.hand(2));
  EXPECT_EQ(play.hand(0) | play.hand(1), base.hand(0) | base.hand(1));
  EXPECT_FALSE(play.hand(1).intersects(CardSet::suit(kDiamonds)));
}

TEST(EngineTrickPlay, RedealHiddenHandsOfSomeSeatsWithTheGamesOwnPlaces) {
  Play3 base = HandMadeRound();
  base.play(C("2D"));
  base.play(C("3H"));  // S1 shows it has no diamonds
  const CardSet packet_a = tu::Set("8D 9D"), packet_b = tu::Set("TD JC");
  Rng rng(15);
  std::set<std::uint64_t> packets;
  for (int i = 0; i < 200; ++i) {
    Play3 play = base;
    CardSet a = packet_a, b = packet_b;
    std::array<CardSet, 4> known{};
    known[1] = tu::Set("KS");  // the observer knows S1 holds KS
    const std::array<HiddenPlace, 2> extra = {HiddenPlace{&a, tu::Set("8D")},
                                              HiddenPlace{&b, CardSet()}};
    // S2's hand is seen (open), S1's and the two packets are hidden.
    ASSERT_TRUE(play.redeal_hidden_hands(SeatSet::of(1), known, extra, rng));
    EXPECT_EQ(play.hand(0), base.hand(0));
    EXPECT_EQ(play.hand(2), base.hand(2));
    EXPECT_EQ(play.hand(1).size(), base.hand(1).size());
    EXPECT_TRUE(play.hand(1).contains_all(known[1]));
    EXPECT_FALSE(play.hand(1).intersects(CardSet::suit(kDiamonds)));
    EXPECT_TRUE(a.contains(C("8D")));
    EXPECT_EQ(a.size(), 2);
    EXPECT_EQ(b.size(), 2);
    EXPECT_EQ(play.hand(1) | a | b, base.hand(1) | packet_a | packet_b);
    packets.insert(b.bits());
  }
  EXPECT_GT(packets.size(), 1u);
}

}  // namespace
}  // namespace cardroom
