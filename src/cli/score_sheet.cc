#include "cli/score_sheet.h"

#include <algorithm>
#include <iostream>
#include <limits>

#include "cli/table_view.h"
#include "core/session.h"

namespace cardroom::cli {

using nlohmann::json;

namespace {

std::string rstrip(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

constexpr int kMissing = std::numeric_limits<int>::min();  // points may be negative (S48)

// r[key][i] as an integer, or kMissing.
int entry(const json& r, const char* key, int i) {
  return r.contains(key) && r[key].is_array() && static_cast<int>(r[key].size()) > i
             ? int_or(r[key][i], kMissing)
             : kMissing;
}

}  // namespace

void show_score_sheet(const std::vector<json>& rounds, const AnyState& state, const Teams& teams,
                      const Viewer& viewer) {
  const TerminalStyle& style = viewer.style;
  const int n = state.num_seats();
  // Seat columns hold points, or in team-scored games bids and tricks: none if no round has them.
  const bool seat_columns =
      !teams.team_scored || std::any_of(rounds.begin(), rounds.end(), [](const json& r) {
        return r.contains("bids") || r.contains("tricks_won");
      });
  std::cout << "\n"
            << paint("Score sheet", Paint::kBold, style)
            << paint(!teams.team_scored ? "  (each seat: bid/won points total)"
                     : seat_columns     ? "  (each seat: bid/won; points by team)"
                                        : "  (points by team)",
                     Paint::kDim, style)
            << "\n";
  const int cell = n >= 6 ? 13 : 14;
  std::string header = "  " + pad_right("Rnd", 5);
  for (Seat s = 0; s < n && seat_columns; ++s)
    header += pad_right(viewer.seat_label(s) + (s == viewer.seat ? " you" : ""), cell);
  for (int t = 0; t < teams.count; ++t) header += pad_left("T" + std::to_string(t + 1), 6);
  std::cout << rstrip(header) << "\n";
  std::vector<int> totals(n, 0), team_totals(teams.count, 0);
  for (const auto& r : rounds) {
    std::string row = "  " + pad_right(std::to_string(int_or(r.value("round", json()), 0)), 5);
    for (Seat s = 0; s < n && seat_columns; ++s) {
      const int bid = entry(r, "bids", s), won = entry(r, "tricks_won", s);
      std::string c = bid >= 0 && won >= 0 ? std::to_string(bid) + "/" + std::to_string(won)
                                           : std::string("   ");
      if (teams.team_scored) {
        row += pad_right(pad_right(c, 3), cell);
        continue;
      }
      const int points = entry(r, "points", s);
      if (points != kMissing) totals[s] += points;
      std::string pts = points == kMissing ? "-"
                        : points >= 0      ? "+" + std::to_string(points)
                                           : std::to_string(points);
      std::string made =
          bid >= 0 && bid == won ? paint(pad_left(pts, 3), Paint::kGreen, style) : pad_left(pts, 3);
      row += pad_right(pad_right(c, 3) + " " + made + " " + pad_left(std::to_string(totals[s]), 4),
                       cell);
    }
    for (int t = 0; t < teams.count; ++t) {
      if (teams.team_scored) {
        const int points = entry(r, "team_points", t);
        if (points != kMissing) team_totals[t] += points;
      } else {
        team_totals[t] = 0;
        for (Seat s = 0; s < n; ++s)
          if (teams.team_of[s] == t) team_totals[t] += totals[s];
      }
      row += pad_left(std::to_string(team_totals[t]), 6);
    }
    std::cout << rstrip(row) << "\n";
  }
  std::string row = "  " + pad_right("Total", 5);
  for (Seat s = 0; s < n && seat_columns; ++s)
    row += pad_right(pad_left(std::to_string(state.score(s)), 12), cell);
  for (int t = 0; t < teams.count; ++t) row += pad_left(std::to_string(state.team_score(t)), 6);
  std::cout << paint(rstrip(row), Paint::kBold, style) << "\n";
}

void show_final_standings(const AnyState& state, const Teams& teams, const Viewer& viewer) {
  const TerminalStyle& style = viewer.style;
  const int n = state.num_seats();
  const SeatSet winners = state.winners();
  std::cout << paint("Final standings", Paint::kBold, style) << "\n";
  if (teams.count > 0) {
    std::vector<int> order(teams.count);
    for (int t = 0; t < teams.count; ++t) order[t] = t;
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return state.team_score(a) > state.team_score(b); });
    for (std::size_t i = 0; i < order.size(); ++i) {
      int t = order[i];
      std::string members;
      bool won = false;
      for (Seat s = 0; s < n; ++s)
        if (teams.team_of[s] == t) {
          members += (members.empty() ? "" : "+") + viewer.seat_label(s);
          won |= winners.contains(s);
        }
      std::cout << "  " << i + 1 << ". T" << t + 1 << " " << pad_right(members, 8)
                << pad_left(std::to_string(state.team_score(t)), 5)
                << (won ? paint("  winner", Paint::kYellow, style) : "") << "\n";
    }
  } else {
    std::vector<Seat> order(n);
    for (Seat s = 0; s < n; ++s) order[s] = s;
    std::stable_sort(order.begin(), order.end(),
                     [&](Seat a, Seat b) { return state.score(a) > state.score(b); });
    for (std::size_t i = 0; i < order.size(); ++i) {
      Seat s = order[i];
      std::cout << "  " << i + 1 << ". "
                << pad_right(viewer.seat_label(s) + (s == viewer.seat ? " you" : ""), 8)
                << pad_left(std::to_string(state.score(s)), 5)
                << (winners.contains(s) ? paint("  winner", Paint::kYellow, style) : "") << "\n";
    }
  }
  std::string names;
  for (Seat s : winners) names += (names.empty() ? "" : teams.count > 0 ? "+" : " ") + seat_name(s);
  if (winners.empty())
    std::cout << "Nobody wins: the house takes the match.\n";
  else if (teams.count > 0 && winners.contains(viewer.seat))
    std::cout << paint("Your team wins!", Paint::kYou, style) << " (" << names << ")\n";
  else if (winners.contains(viewer.seat))
    std::cout << paint(winners.size() > 1 ? "You share the win!" : "You win!", Paint::kYou, style)
              << " (winners: " << names << ")\n";
  else
    std::cout << (teams.count > 0      ? "Winning team: "
                  : winners.size() > 1 ? "Winners: "
                                       : "Winner: ")
              << names << "\n";
}

}  // namespace cardroom::cli
