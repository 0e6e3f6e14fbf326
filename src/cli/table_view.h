// The table of `cardroom play`, drawn from the view envelope (core/game.h): a header, one row per
// seat (bid, tricks won, score, team, card in the trick), the teams, the board of games that are
// not trick games, and the viewer's hand in the game's card order. Any key a view lacks is simply
// not shown, so a new game gets a table without code here. What each key draws:
//   header     "round"/"rounds"/"round_name" ("Hand 4 of 26"; nothing when a match is one round),
//              "hand_size", "trump" (or "upcard" with no trump: "no trumps (upcard BB)"),
//              "anti_trump", "exchange", "stake" with "pending_raise"/"raiser" (a raise waiting
//              for "to_act") or "next_raise"/"may_raise" (who may call it: Truc),
//              "guessing_open"/"guessed_this_turn" (Tadmur); with a "contract" key (the bridge
//              family: null during the auction, else {"text", "declarer"}) "upcard" is shown as
//              such and the contract by its declarer
//   auction    "auction": the calls so far, [{"seat", "call"}], the last ten on one line
//   chains     "starters", "chains", "spaces" per seat, with "targets" (null: hidden, "[??]"),
//              "ruled_out" ranks, "blocked" and "shown_void": each seat's chain from its starter
//              to its target, empty spaces drawn (Tadmur), instead of the score column
//   notes      "seat_notes": a line of text per seat, shown at the end of its row (card codes
//   styled) score card "score_card": {"rows": [names], "seats": [[a cell per row] per seat]}, a
//   grid of
//              boxes per seat under the rows (null: an empty box, ".")
//   other      a game that is not a trick game and has no chains: its own keys, one per line (only
//              those "board_keys" lists, when the view gives it)
//   house      against the house: a row for the house ({"name", "tricks_won", "score"}, and
//              "sides": the player's and the house's totals as the game's sheet writes them,
//              shown as the two rows' scores when given); in the trick, seat `players` is the house
//   board      the game's own lines under the seats, any game: [{"title", "cards" or "text"}]
//              (Bridge Solitaire: the face-up cards, the stock, the contract, the rubber), or
//              "piles": card lists side by side, each bottom first ("9S 8H | KD | -- | 5C":
//              Nuts's tableaux), each line with an optional "note" after it (dim)
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "cli/terminal.h"
#include "core/any_game.h"

namespace cardroom::cli {

// A suit field of a view ("D", null): the suit, or kNoSuit.
int suit_field(const nlohmann::json& view, const char* key);
// A JSON value as a small integer, or `fallback`.
int int_or(const nlohmann::json& j, int fallback);

// How the view's game wants cards shown: its trump and anti-trump, or its "rank_order".
CardOrder card_order(const nlohmann::json& view);

// The cards of a view key holding card codes ("hand"), in display order (card_order).
std::vector<Card> view_cards(const nlohmann::json& view, const char* key, CardNames names);

void show_table(const nlohmann::json& view, const AnyState& state, const Teams& teams,
                const Viewer& viewer);

// A trick ({"leader", "seats", "cards", "winner"}) on one line: "S1 TD  S2 4D  -> S1". With
// `house`, seat number `seats` is the house ("S0 4D  house 9D  -> house").
std::string trick_text(const nlohmann::json& trick, int seats, const Viewer& viewer,
                       bool house = false);

// The last completed trick, of this round or the last one; a line saying there is none otherwise.
void show_last_trick(const nlohmann::json& view, int seats, const Viewer& viewer);

}  // namespace cardroom::cli
