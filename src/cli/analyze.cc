// The double-dummy analysis of a game record's rounds that are over (cli/analyze.h), shared by
// `cardroom analyze` (analyze_command.cc), `cardroom play`'s `analyze` command and the card
// room's review of a hand (server/room_after.cc).
#include "cli/analyze.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <iostream>
#include <memory>
#include <ostream>

#include "bots/trick_solver.h"
#include "cli/table_view.h"
#include "cli/terminal.h"
#include "core/registry.h"

namespace cardroom::cli {
namespace {

using nlohmann::json;

// The play of `text` by `seat` on the true state, if it plays a card: each card's value.
// `points`: set to whether the values are round scores.
std::optional<PlayAnalysis> analyse_play(const AnyState& state, Seat seat, const std::string& text,
                                         SolverMemory& memory, std::optional<bool>* points) {
  std::string why;
  const std::optional<Move> move = state.parse_move(seat, text, &why);
  if (!move) return std::nullopt;
  SolveQuery query;
  query.seat = seat;
  query.tricks = false;
  query.each_card = true;
  std::optional<SolveResult> result = state.solve(query, memory);
  // Not in card play, another seat to play, or a move that plays no card (a raise in Truc).
  if (!result || result->to_play != seat || result->cards.empty()) return std::nullopt;
  auto played = std::find_if(result->cards.begin(), result->cards.end(),
                             [&](const CardValue& c) { return c.move == *move; });
  if (played == result->cards.end()) return std::nullopt;
  *points = result->round_scores;
  PlayAnalysis play;
  play.seat = seat;
  play.card = played->card;
  play.value = played->value;
  play.best = played->value;
  for (const CardValue& c : result->cards) play.best = std::max(play.best, c.value);
  // The cards in the order the game shows a hand (trumps first, its rank order).
  const json view = state.view(kSpectator);
  std::vector<Card> order;
  for (const CardValue& c : result->cards) order.push_back(c.card);
  for (Card c : sort_for_display(order, card_order(view)))
    for (const CardValue& v : result->cards)
      if (v.card == c) play.cards.push_back(v);
  if (view.contains("tricks") && view["tricks"].is_array())
    play.trick = static_cast<int>(view["tricks"].size()) + 1;
  return play;
}

std::string capitalised(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::string value_text(int value, bool points) {
  const bool one = value == 1 || value == -1;
  return std::to_string(value) +
         (points ? (one ? " point" : " points") : (one ? " trick" : " tricks"));
}

std::string card_list(const std::vector<Card>& cards, const Viewer& viewer, const char* gap) {
  std::string out;
  for (Card c : cards) out += (out.empty() ? "" : gap) + viewer.card(c);
  return out;
}

// "20: AC KC QC   -2: 2H 2D 3D 4D 5D": the cards grouped by value, the best first.
std::string values_line(const PlayAnalysis& play, const Viewer& viewer) {
  std::vector<int> values;
  for (const CardValue& c : play.cards) values.push_back(c.value);
  std::sort(values.rbegin(), values.rend());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  std::string out;
  for (int v : values) {
    std::vector<Card> cards;
    for (const CardValue& c : play.cards)
      if (c.value == v) cards.push_back(c.card);
    out += (out.empty() ? "" : "   ") + std::to_string(v) + ": " + card_list(cards, viewer, " ");
  }
  return out;
}

// `lead`: what the line starts with (an indent, or the trick when one seat is shown).
void print_play(const PlayAnalysis& play, bool points, const std::string& lead,
                const Viewer& viewer, std::ostream& out) {
  out << lead << viewer.seat_label(play.seat) << " played " << viewer.card(play.card) << ": "
      << value_text(play.value, points);
  bool all_equal = true;
  std::vector<Card> best;
  for (const CardValue& c : play.cards) {
    all_equal &= c.value == play.value;
    if (c.value == play.best) best.push_back(c.card);
  }
  if (play.cards.size() == 1) {
    out << " (only card)\n";
    return;
  }
  if (all_equal) {
    out << " (any card)\n";
    return;
  }
  if (play.cost() == 0)
    out << " (best)";
  else
    out << "; best " << card_list(best, viewer, ", ") << ": " << play.best << " "
        << paint("(cost " + std::to_string(play.cost()) + ")", Paint::kRed, viewer.style);
  out << "\n      " << values_line(play, viewer) << "\n";
}

// "Round 1 cost: S0 44 points in 2 plays; S2 1 point in 1 play; S1, S3 played best."
void print_costs(const RoundAnalysis& round, const Analysis& analysis, const Viewer& viewer,
                 std::ostream& out) {
  std::string costly, best;
  for (Seat s = 0; s < analysis.seats; ++s) {
    if (analysis.seat != kNoSeat && s != analysis.seat) continue;
    int total = 0, plays = 0, costs = 0;
    for (const PlayAnalysis& p : round.plays)
      if (p.seat == s) {
        ++plays;
        total += p.cost();
        costs += p.cost() > 0;
      }
    if (plays == 0) continue;
    if (total == 0)
      best += (best.empty() ? "" : ", ") + viewer.seat_label(s);
    else
      costly += (costly.empty() ? "" : "; ") + viewer.seat_label(s) + " " +
                value_text(total, *analysis.points) + " in " + std::to_string(costs) +
                (costs == 1 ? " play" : " plays");
  }
  const std::string name = capitalised(round.round_name) + " " + std::to_string(round.round);
  if (costly.empty())
    out << "  " << name << ": every card played was a best one.\n";
  else
    out << "  " << name << " cost: " << costly << (best.empty() ? "" : "; " + best + " played best")
        << ".\n";
}

}  // namespace

std::string games_with_solver() {
  std::string out;
  for (const GameEntry* entry : registered_games()) {
    std::string ignored;
    auto game = load_game(entry->name, json::object(), &ignored);
    if (game && game->has_solver()) out += (out.empty() ? "" : ", ") + entry->name;
  }
  return out;
}

std::optional<Analysis> analyze_record(const Session& session, const AnalysisRequest& request,
                                       std::string* error) {
  const AnyGame& game = session.game();
  const AnyState& end = session.state();
  if (!game.has_solver()) {
    const GameEntry* entry = find_game(game.name());
    *error = (entry ? entry->title : std::string(game.name())) +
             " has no double-dummy solver, so no analysis (games with one: " + games_with_solver() +
             ")";
    return std::nullopt;
  }
  Analysis analysis;
  analysis.game = game.game_string();
  analysis.seed = session.seed();
  analysis.names = game.card_names();
  analysis.seats = end.num_seats();
  analysis.seat = request.seat;
  analysis.rounds_complete = end.rounds_completed();
  analysis.round_in_progress = end.over() ? 0 : end.rounds_completed() + 1;
  if (request.seat != kNoSeat && (request.seat < 0 || request.seat >= analysis.seats)) {
    *error = "seat " + std::to_string(request.seat) + " is not at this table (seats 0.." +
             std::to_string(analysis.seats - 1) + ")";
    return std::nullopt;
  }
  const int complete = analysis.rounds_complete;
  const int asked = request.round > 0 ? request.round : complete + 1;
  if (request.round < 0 || (request.round == 0 && complete == 0) || request.round > complete) {
    const std::string over = complete == 0   ? "no round is over yet"
                             : complete == 1 ? "round 1 is"
                                             : "rounds 1.." + std::to_string(complete) + " are";
    if (asked == analysis.round_in_progress)
      *error = "round " + std::to_string(asked) +
               " is in progress: analysis is offered only for rounds that are over (" +
               (complete == 0 ? over : over + " over") + ")";
    else
      *error = "round " + std::to_string(asked) + " was not played (" +
               (complete == 0 ? over : over + " over") + ")";
    return std::nullopt;
  }
  const int first = request.round > 0 ? request.round : 1;
  const int last = request.round > 0 ? request.round : complete;
  for (int r = first; r <= last; ++r) analysis.rounds.push_back(RoundAnalysis{r, "round", {}});

  // Replays the record from its start on a new session, solving before each card played.
  json record = session.record();
  const json moves = std::move(record["moves"]);
  record["moves"] = json::array();
  std::unique_ptr<Session> replay = Session::from_record(record, error);
  if (!replay) return std::nullopt;
  SolverMemory memory;  // one table for every solve: allocated once
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const AnyState& state = replay->state();
    const int round = state.rounds_completed() + 1;
    if (round > last) break;
    const Seat seat = moves[i][0].get<int>();
    const std::string text = moves[i][1].get<std::string>();
    if (round >= first && (request.seat == kNoSeat || seat == request.seat)) {
      RoundAnalysis& r = analysis.rounds[static_cast<std::size_t>(round - first)];
      if (r.plays.empty()) r.round_name = state.view(kSpectator).value("round_name", r.round_name);
      if (std::optional<PlayAnalysis> play =
              analyse_play(state, seat, text, memory, &analysis.points)) {
        play->move = i;
        r.plays.push_back(std::move(*play));
      }
    }
    std::optional<std::int64_t> time;
    if (moves[i].size() == 3) time = moves[i][2].get<std::int64_t>();
    if (!replay->play(seat, text, error, time)) return std::nullopt;
    if (request.progress) request.progress(i + 1, moves.size());
  }
  if (request.progress) request.progress(moves.size(), moves.size());
  return analysis;
}

json Analysis::to_json() const {
  json rounds_json = json::array();
  for (const RoundAnalysis& r : rounds) {
    json plays = json::array();
    json costs = json::array();
    for (Seat s = 0; s < seats; ++s)
      costs.push_back(seat == kNoSeat || s == seat ? json(0) : json());
    for (const PlayAnalysis& p : r.plays) {
      json cards = json::array(), best = json::array();
      for (const CardValue& c : p.cards) {
        cards.push_back({{"card", card_text(c.card, names)}, {"value", c.value}});
        if (c.value == p.best) best.push_back(card_text(c.card, names));
      }
      plays.push_back({{"move", p.move},
                       {"trick", p.trick > 0 ? json(p.trick) : json()},
                       {"seat", p.seat},
                       {"card", card_text(p.card, names)},
                       {"value", p.value},
                       {"best", p.best},
                       {"cost", p.cost()},
                       {"best_cards", best},
                       {"cards", cards}});
      costs[static_cast<std::size_t>(p.seat)] =
          costs[static_cast<std::size_t>(p.seat)].get<int>() + p.cost();
    }
    rounds_json.push_back({{"round", r.round}, {"plays", plays}, {"costs", costs}});
  }
  return {{"game", game},
          {"seed", seed},
          {"values", points ? json(*points ? "points" : "tricks") : json()},
          {"rounds_complete", rounds_complete},
          {"round_in_progress", round_in_progress > 0 ? json(round_in_progress) : json()},
          {"seat", seat == kNoSeat ? json() : json(seat)},
          {"rounds", rounds_json}};
}

void print_analysis(const Analysis& analysis, const Viewer& viewer, bool header,
                    std::ostream& out) {
  const bool points = analysis.points.value_or(false);
  if (header) {
    out << "Double-dummy analysis of " << analysis.game << ", seed " << analysis.seed;
    if (analysis.seat != kNoSeat) out << ", plays of " << seat_name(analysis.seat);
    out << ".\n";
    if (analysis.round_in_progress > 0)
      out << "The record ends in round " << analysis.round_in_progress
          << ", which is not over: it is not analysed.\n";
  }
  if (!analysis.points)
    out << "No card was played in the rounds analysed.\n";
  else if (points)
    out << "Values are round points, every hand known: the most a player can be sure to score in\n"
           "the round after that card, every other player playing against them.\n";
  else
    out << "Values are tricks, every hand known: the tricks the player's side ends the round\n"
           "with (those already won included) after that card, everyone playing their best.\n";
  for (const RoundAnalysis& round : analysis.rounds) {
    out << "\n"
        << paint(capitalised(round.round_name) + " " + std::to_string(round.round), Paint::kBold,
                 viewer.style)
        << "\n";
    // Every seat: the plays under a line per trick; one seat: the trick on each play's line.
    const bool one_seat = analysis.seat != kNoSeat;
    int trick = 0;
    for (const PlayAnalysis& play : round.plays) {
      const std::string trick_label = "Trick " + std::to_string(play.trick);
      if (!one_seat && play.trick != trick && play.trick > 0) out << "  " << trick_label << "\n";
      trick = play.trick;
      print_play(play, points, one_seat && play.trick > 0 ? "  " + trick_label + ": " : "    ",
                 viewer, out);
    }
    if (!round.plays.empty()) print_costs(round, analysis, viewer, out);
  }
}

std::function<void(std::size_t, std::size_t)> progress_on_stderr() {
  if (!stderr_is_terminal()) return {};
  using Clock = std::chrono::steady_clock;
  struct Line {
    Clock::time_point start = Clock::now(), last;
    bool shown = false;
  };
  auto line = std::make_shared<Line>();
  return [line](std::size_t done, std::size_t total) {
    const Clock::time_point now = Clock::now();
    if (done >= total) {
      if (line->shown) std::cerr << "\r" << std::string(40, ' ') << "\r" << std::flush;
      line->shown = false;
      return;
    }
    if (now - line->start < std::chrono::seconds(1) ||
        now - line->last < std::chrono::milliseconds(100))
      return;
    line->last = now;
    line->shown = true;
    std::cerr << "\ranalysing: move " << done << " of " << total << std::flush;
  };
}

}  // namespace cardroom::cli
