// The table of `cardroom play`, drawn from the view envelope (core/game.h): a header (round, trump,
// anti-trump, exchange), one row per seat (bid, tricks won, score, team, card in the trick), the
// teams, the game's own board fields for games that are not trick games, and the viewer's hand.
// Any key a view lacks is simply not shown, so a new game gets a table without code here.
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

// A trick ({"leader", "seats", "cards", "winner"}) on one line: "S1 TD  S2 4D  -> S1".
std::string trick_text(const nlohmann::json& trick, int seats, const Viewer& viewer);

// The last completed trick, of this round or the last one; a line saying there is none otherwise.
void show_last_trick(const nlohmann::json& view, int seats, const Viewer& viewer);

}  // namespace cardroom::cli
