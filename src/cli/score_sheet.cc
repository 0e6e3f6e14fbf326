#include "cli/score_sheet.h"

#include <algorithm>
#include <cctype>
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

namespace {

// A column of a game's own score sheet: its group (the heading above it: a team, a seat, "calls")
// and title, its cells per round and the total row's cell.
struct Column {
  std::string group, title;
  std::vector<json> cells;
  json total;
  bool right = false;  // right-aligned: numbers and points
};

std::string signed_text(int points) {
  return points > 0 ? "+" + std::to_string(points) : std::to_string(points);
}

// A cell as shown: numbers as they are, text with its cards and suit symbols styled.
std::string cell_text(const json& cell, const TerminalStyle& style) {
  if (cell.is_number_integer()) return std::to_string(cell.get<int>());
  if (!cell.is_string()) return "";
  const std::string text = cell.get<std::string>();
  return style.unicode ? styled_text(text, style) : ascii_symbols(text);
}

// The spec of the column `title` of `kind` ("value", "seats", "teams") in a round's sheet, or null.
const json& sheet_spec(const json& round, const std::string& kind, const std::string& title) {
  static const json kNone;
  if (!round.contains("sheet") || !round["sheet"].is_array()) return kNone;
  for (const auto& c : round["sheet"])
    if (c.is_object() && c.contains(kind) && c.value("title", std::string()) == title)
      return c[kind];
  return kNone;
}

// A game's own sheet: the columns its round summaries give under "sheet" (core/game.h), then per
// scoring unit (each team where teams score as a whole, else each seat) its points and total.
void show_game_sheet(const std::vector<json>& rounds, const AnyState& state, const Teams& teams,
                     const Viewer& viewer) {
  const TerminalStyle& style = viewer.style;
  const int n = state.num_seats();
  const json view = state.view(viewer.seat);
  std::string round_name = view.value("round_name", std::string("round"));
  if (!round_name.empty()) round_name[0] = static_cast<char>(std::toupper(round_name[0]));
  // The columns' kinds and titles, in the order the latest round gives them.
  std::vector<std::pair<std::string, std::string>> specs;
  for (const auto& c : rounds.back()["sheet"])
    for (const char* kind : {"value", "seats", "teams"})
      if (c.is_object() && c.contains(kind)) specs.emplace_back(kind, c.value("title", ""));
  const bool by_team = teams.team_scored;
  // A match of one round (Tadmur) needs no points beside the total.
  const bool one_round = int_or(view.value("rounds", json()), 0) == 1;
  const int units = by_team ? teams.count : n;
  // Where every total starts (core/game.h's "initial_score": Schwimmen's chips), else 0.
  const int initial = int_or(view.value("initial_score", json()), 0);
  auto unit_name = [&](int u) {
    if (!by_team) return viewer.seat_label(u) + (u == viewer.seat ? " you" : "");
    std::string members;
    for (Seat s = 0; s < n; ++s)
      if (teams.team_of[s] == u) members += (members.empty() ? "" : "+") + viewer.seat_label(s);
    return "T" + std::to_string(u + 1) + " " + members;
  };
  auto column = [&](std::string group, std::string title, auto cell) {
    Column c{std::move(group), std::move(title), {}, json()};
    for (const auto& r : rounds) c.cells.push_back(cell(r));
    return c;
  };
  std::vector<Column> columns;
  columns.push_back(column("", round_name, [](const json& r) { return r.value("round", json()); }));
  for (const auto& [kind, title] : specs) {
    if (kind == "value")
      columns.push_back(column(
          "", title, [&, k = kind, t = title](const json& r) { return sheet_spec(r, k, t); }));
    else if (kind == "seats" && by_team)  // in a team game, one group of seat columns
      for (Seat s = 0; s < n; ++s)
        columns.push_back(column(title, viewer.seat_label(s) + (s == viewer.seat ? " you" : ""),
                                 [&, k = kind, t = title, s](const json& r) {
                                   const json& v = sheet_spec(r, k, t);
                                   return v.is_array() && static_cast<int>(v.size()) > s ? v[s]
                                                                                         : json();
                                 }));
  }
  // Each unit's block: its own columns, then its points this round and its running total.
  const char* unit_kind = by_team ? "teams" : "seats";
  const char* points_key = by_team ? "team_points" : "points";
  for (int u = 0; u < units; ++u) {
    for (const auto& [kind, title] : specs)
      if (kind == unit_kind)
        columns.push_back(column(unit_name(u), title, [&, k = kind, t = title, u](const json& r) {
          const json& v = sheet_spec(r, k, t);
          return v.is_array() && static_cast<int>(v.size()) > u ? v[u] : json();
        }));
    if (!one_round) {
      columns.push_back(column(unit_name(u), "points", [&, u](const json& r) {
        const int p = entry(r, points_key, u);
        return p == kMissing ? json() : json(signed_text(p));
      }));
      columns.back().right = true;
    }
    int running = initial;
    columns.push_back(column(unit_name(u), "total", [&, u](const json& r) mutable {
      const int p = entry(r, points_key, u);
      if (p != kMissing) running += p;
      return json(running);
    }));
    columns.back().total = by_team ? state.team_score(u) : state.score(u);
  }
  // Teams that do not score as a whole (Reds partnerships): their running totals at the end.
  for (int t = 0; t < teams.count && !by_team; ++t) {
    columns.push_back(column("", "T" + std::to_string(t + 1), [&, t](const json& r) {
      int sum = 0;
      for (const auto& earlier : rounds) {
        for (Seat s = 0; s < n; ++s)
          if (teams.team_of[s] == t && entry(earlier, "points", s) != kMissing)
            sum += entry(earlier, "points", s);
        if (&earlier == &r) break;
      }
      return json(sum);
    }));
    columns.back().total = state.team_score(t);
  }
  columns.front().total = "Total";

  // Widths: each column fits its title and cells; a group's heading fits over its columns.
  std::vector<int> width(columns.size());
  for (std::size_t i = 1; i < columns.size(); ++i)
    columns[i].right =
        columns[i].right || std::none_of(columns[i].cells.begin(), columns[i].cells.end(),
                                         [](const json& c) { return c.is_string(); });
  for (std::size_t i = 0; i < columns.size(); ++i) {
    width[i] = display_width(columns[i].title);
    for (const auto& c : columns[i].cells)
      width[i] = std::max(width[i], display_width(cell_text(c, style)));
    width[i] = std::max(width[i], display_width(cell_text(columns[i].total, style)));
  }
  // One space between the columns of a group, two between groups.
  const char* kGap = " ";
  const char* kGroupGap = "  ";
  // The columns [i, end) of the group starting at i, and their width with the gaps between them.
  auto group_at = [&](std::size_t i, int* span) {
    std::size_t j = i;
    *span = 0;
    for (; j < columns.size() && columns[j].group == columns[i].group; ++j)
      *span += width[j] + (j > i ? 1 : 0);
    return j;
  };
  for (std::size_t i = 0; i < columns.size();) {
    int span = 0;
    const std::size_t j = group_at(i, &span);
    if (display_width(columns[i].group) > span)
      width[j - 1] += display_width(columns[i].group) - span;
    i = j;
  }
  // Fitted to the terminal: the leading columns (the round and the round's own cells) start every
  // block, and the units' groups follow as many as fit, the others in further blocks below;
  // where even one group does not fit beside the leading columns, their text is cut (never
  // wrapped mid-word by the terminal).
  std::size_t lead_end = 0;
  while (lead_end < columns.size() && columns[lead_end].group.empty()) ++lead_end;
  std::vector<std::pair<std::size_t, std::size_t>> groups_after;  // [begin, end) of each group
  for (std::size_t i = lead_end; i < columns.size();) {
    int span = 0;
    const std::size_t j = group_at(i, &span);
    groups_after.emplace_back(i, j);
    i = j;
  }
  auto span_of = [&](std::size_t i, std::size_t j) {
    int w = 0;
    for (std::size_t k = i; k < j; ++k) w += width[k] + (k > i ? 1 : 0);
    return w;
  };
  const int limit = output_columns();
  std::vector<std::vector<std::size_t>> blocks;  // the columns of each block
  {
    std::vector<std::size_t> lead;
    for (std::size_t k = 0; k < lead_end; ++k) lead.push_back(k);
    int widest_group = 0;
    for (const auto& [i, j] : groups_after) widest_group = std::max(widest_group, span_of(i, j));
    // Cut the leading text columns, widest first, until one group fits beside them.
    while (limit > 0 && lead_end > 0 && 2 + span_of(0, lead_end) + 2 + widest_group > limit) {
      std::size_t widest = lead_end;
      for (std::size_t k = 0; k < lead_end; ++k)
        if (!columns[k].right && width[k] > 8 && (widest == lead_end || width[k] > width[widest]))
          widest = k;
      if (widest == lead_end) break;
      --width[widest];
    }
    std::vector<std::size_t> block = lead;
    int used = 2 + span_of(0, lead_end);
    bool has_group = false;
    for (const auto& [i, j] : groups_after) {
      const int w = (block.empty() ? 0 : 2) + span_of(i, j);
      if (limit > 0 && has_group && used + w > limit) {
        blocks.push_back(block);
        block = lead;
        used = 2 + span_of(0, lead_end);
      }
      for (std::size_t k = i; k < j; ++k) block.push_back(k);
      used += (block.size() > j - i ? 2 : 0) + span_of(i, j);
      has_group = true;
    }
    blocks.push_back(block);
  }
  auto line = [&](const std::vector<std::size_t>& cols, auto text_of) {
    std::string out = "  ";
    for (std::size_t n = 0; n < cols.size(); ++n) {
      const std::size_t i = cols[n];
      if (n > 0) out += columns[i].group != columns[cols[n - 1]].group ? kGroupGap : kGap;
      const std::string text = cut_to(text_of(i), width[i], style.unicode);
      out += columns[i].right ? pad_left(text, width[i]) : pad_right(text, width[i]);
    }
    return rstrip(out);
  };
  std::cout << "\n" << paint("Score sheet", Paint::kBold, style) << "\n";
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const std::vector<std::size_t>& cols = blocks[b];
    if (b > 0) std::cout << "\n";
    // The group headings, each over its columns.
    std::string groups = "  ";
    for (std::size_t n = 0; n < cols.size();) {
      std::size_t m = n;
      while (m < cols.size() && columns[cols[m]].group == columns[cols[n]].group) ++m;
      if (n > 0) groups += kGroupGap;
      groups += pad_right(
          cut_to(columns[cols[n]].group, span_of(cols[n], cols[m - 1] + 1), style.unicode),
          span_of(cols[n], cols[m - 1] + 1));
      n = m;
    }
    if (!rstrip(groups).empty()) std::cout << paint(rstrip(groups), Paint::kDim, style) << "\n";
    std::cout << paint(line(cols, [&](std::size_t i) { return columns[i].title; }), Paint::kDim,
                       style)
              << "\n";
    for (std::size_t r = 0; r < rounds.size(); ++r)
      std::cout << line(cols, [&](std::size_t i) { return cell_text(columns[i].cells[r], style); })
                << "\n";
    std::cout << paint(
                     line(cols, [&](std::size_t i) { return cell_text(columns[i].total, style); }),
                     Paint::kBold, style)
              << "\n";
  }
}

}  // namespace

namespace {

// A bridge score sheet from rounds with "sides" (column titles: "WE", "THEY") and "lines" (each
// {"side", "line": "above"/"below", "kind", "points"}), with "games" per side after the round
// ({"we", "they"} or a list) and the round's "contract": points above the line stack up from the
// line, the latest nearest it; below it, the trick scores game by game, a rule under each game.
void show_rubber_sheet(const std::vector<json>& rounds, const Viewer& viewer) {
  const TerminalStyle& style = viewer.style;
  const json& sides = rounds.back()["sides"];
  const int n = static_cast<int>(sides.size());
  auto side_index = [&](const json& side) {
    for (int i = 0; i < n; ++i)
      if (sides[i] == side) return i;
    return -1;
  };
  struct Entry {
    int round, side, points;
    std::string what;
  };
  std::vector<Entry> above, below;
  std::vector<std::size_t> game_ends;  // below.size() when a game was won
  std::vector<std::string> game_winners;
  std::vector<int> totals(n, 0), games(n, 0);
  for (const json& r : rounds) {
    const int round = int_or(r.value("round", json()), 0);
    std::string contract;
    if (r.contains("contract") && r["contract"].is_object())
      contract = r["contract"].value("text", std::string());
    if (!r.contains("lines") || !r["lines"].is_array()) continue;
    for (const json& l : r["lines"]) {
      const int side = side_index(l.value("side", json()));
      if (side < 0) continue;
      const int points = int_or(l.value("points", json()), 0);
      totals[side] += points;
      const std::string kind = l.value("kind", std::string());
      if (l.value("line", std::string()) == "below")
        below.push_back({round, side, points, contract.empty() ? kind : contract});
      else
        above.push_back({round, side, points, kind});
    }
    // A game won in this round: a rule under the trick scores.
    if (r.contains("games") && r["games"].is_object())
      for (int side = 0; side < n; ++side) {
        std::string key = sides[side].get<std::string>();
        for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const int g = int_or(r["games"].value(key, json()), games[side]);
        if (g > games[side]) {
          game_ends.push_back(below.size());
          game_winners.push_back(sides[side].get<std::string>());
        }
        games[side] = g;
      }
  }
  const int cell = 9, label = 24;
  auto row = [&](const std::string& text, int side, int points) {
    std::string out = "  " + pad_right(text, label);
    for (int s = 0; s < n; ++s) out += pad_left(s == side ? std::to_string(points) : "", cell);
    return rstrip(out);
  };
  std::cout << "\n" << paint("Rubber score sheet", Paint::kBold, style) << "\n";
  std::string header = "  " + pad_right("", label);
  for (int s = 0; s < n; ++s) header += pad_left(sides[s].get<std::string>(), cell);
  std::cout << paint(header, Paint::kDim, style) << "\n";
  for (auto it = above.rbegin(); it != above.rend(); ++it)
    std::cout << row("hand " + pad_left(std::to_string(it->round), 2) + "  " + it->what, it->side,
                     it->points)
              << "\n";
  const std::string rule(label + cell * n, '=');
  std::cout << "  " << paint(rule, Paint::kDim, style) << "\n";
  std::size_t next_end = 0;
  for (std::size_t i = 0; i <= below.size(); ++i) {
    while (next_end < game_ends.size() && game_ends[next_end] == i) {
      std::string game_rule = "-- game to " + game_winners[next_end] + " ";
      const int fill = label + cell * n - static_cast<int>(game_rule.size());
      if (fill > 0) game_rule += std::string(fill, '-');
      std::cout << "  " << paint(game_rule, Paint::kDim, style) << "\n";
      ++next_end;
    }
    if (i == below.size()) break;
    const std::string text =
        "hand " + pad_left(std::to_string(below[i].round), 2) + "  " + below[i].what;
    std::cout << (style.unicode ? styled_text(row(text, below[i].side, below[i].points), style)
                                : ascii_symbols(row(text, below[i].side, below[i].points)))
              << "\n";
  }
  std::string total = "  " + pad_right("total", label);
  for (int s = 0; s < n; ++s) total += pad_left(std::to_string(totals[s]), cell);
  std::cout << paint(total, Paint::kBold, style) << "\n";
}

}  // namespace

void show_score_sheet(const std::vector<json>& rounds, const AnyState& state, const Teams& teams,
                      const Viewer& viewer) {
  if (!rounds.empty() && rounds.back().contains("lines") && rounds.back()["lines"].is_array() &&
      rounds.back().contains("sides") && rounds.back()["sides"].is_array())
    return show_rubber_sheet(rounds, viewer);
  if (!rounds.empty() && rounds.back().contains("sheet") && rounds.back()["sheet"].is_array())
    return show_game_sheet(rounds, state, teams, viewer);
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
    // Seats out of the game (the view's "out": Schwimmen) are shown as out, after the others.
    SeatSet out;
    const json view = state.view(viewer.seat);
    if (view.contains("out") && view["out"].is_array())
      for (const auto& o : view["out"])
        if (o.is_number_integer() && o.get<int>() >= 0 && o.get<int>() < n) out.add(o.get<int>());
    std::stable_sort(order.begin(), order.end(),
                     [&](Seat a, Seat b) { return !out.contains(a) && out.contains(b); });
    for (std::size_t i = 0; i < order.size(); ++i) {
      Seat s = order[i];
      std::cout << "  " << (out.contains(s) ? std::string("- ") : std::to_string(i + 1) + ". ")
                << pad_right(viewer.seat_label(s) + (s == viewer.seat ? " you" : ""), 8)
                << pad_left(out.contains(s) ? std::string("out") : std::to_string(state.score(s)),
                            5)
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
