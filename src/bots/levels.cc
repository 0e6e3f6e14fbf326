#include "bots/levels.h"

#include <array>

#include "core/registry.h"

namespace cardroom {
namespace {

constexpr std::array<std::string_view, 4> kLevelNames = {"easy", "normal", "strong", "expert"};

// The search players measured stronger than the heuristic, per game (docs/strength.md: "PIMC
// against the heuristic" and "ISMCTS against the heuristic"), as [strong, expert].
struct Searchers {
  std::string_view game, strong, expert;
};
constexpr std::array<Searchers, 11> kSearchers = {{
    // PIMC +8.11 +- 1.16 a match; ISMCTS(300) +8.24 +- 1.07 at five times the time.
    {"reds", "pimc(worlds=20)", ""},
    // By the ratings of the levels' own 1,000-deal ladder (docs/strength.md): the heuristic +502,
    // pimc(worlds=20) +561, ISMCTS(2000) +710. PIMC stands less than 100 above the heuristic, so
    // the ISMCTS is `strong` and nothing is 100 above it.
    {"s48", "ismcts(iterations=2000,playout=heuristic,others=heuristic)", ""},
    // PIMC +38.06 +- 16.33; ISMCTS(2000) +77.83 +- 20.01.
    {"back_alley", "pimc(worlds=20)", "ismcts(iterations=2000,playout=heuristic,others=heuristic)"},
    // PIMC +401.0 +- 175.2; ISMCTS(2000, trust=15) +303.0 +- 100.6, not stronger than PIMC.
    {"bridgette", "pimc(worlds=20)", ""},
    // PIMC +118.84 +- 22.94 a hand; ISMCTS(700) +187.1 +- 34.7 a hand.
    {"bridge_solitaire", "pimc(worlds=20)",
     "ismcts(iterations=700,playout=heuristic,others=heuristic)"},
    // PIMC +43.69 +- 3.67; ISMCTS(2000) +22.95 +- 3.54.
    {"red_rover", "pimc(worlds=20)", ""},
    // PIMC +0.97 +- 0.13 a game; ISMCTS +0.50 +- 0.46.
    {"truc", "pimc(worlds=20)", ""},
    // ISMCTS(2000) +0.456 +- 0.037.
    {"tadmur", "ismcts(iterations=2000,playout=heuristic,others=heuristic)", ""},
    // ISMCTS(200) +20.43 +- 3.24 a match.
    {"nuts", "ismcts(iterations=200,playout=heuristic,others=heuristic,trust=15)", ""},
    // Nothing measured stronger than the heuristic yet.
    {"schwimmen", "", ""},
    {"indian_chief", "", ""},
}};

const Searchers* searchers_of(std::string_view game) {
  for (const Searchers& s : kSearchers)
    if (s.game == game) return &s;
  return nullptr;
}

}  // namespace

bool is_level_name(std::string_view name) {
  for (std::string_view n : kLevelNames)
    if (n == name) return true;
  return false;
}

std::vector<Level> player_levels(const AnyGame& game) {
  std::vector<Level> levels = {
      {"easy", "random", "plays any legal move at random: for learning the rules"}};
  bool heuristic = false;
  for (const std::string& name : game.bot_names()) heuristic |= name == "heuristic";
  if (heuristic)
    levels.push_back(
        {"normal", "heuristic", "plays by the rules of thumb of a good club player, at once"});
  if (const Searchers* s = searchers_of(game.name())) {
    if (!s->strong.empty())
      levels.push_back({"strong", std::string(s->strong),
                        "looks ahead over the hands it cannot see: beats normal, measured"});
    if (!s->expert.empty())
      levels.push_back({"expert", std::string(s->expert),
                        "searches deeper still: the strongest measured, a little slower"});
  }
  return levels;
}

std::optional<std::string> level_player(std::string_view player_string, const AnyGame& game,
                                        std::string* error) {
  const std::size_t paren = player_string.find('(');
  const std::string_view name = player_string.substr(0, paren);
  if (!is_level_name(name)) return std::nullopt;
  for (const Level& level : player_levels(game)) {
    if (level.name != name) continue;
    if (paren == std::string_view::npos) return level.player;
    // "normal(speed=3)": the level's options, then these.
    std::string_view options = player_string.substr(paren + 1);
    if (options.empty() || options.back() != ')') {
      if (error) *error = "player '" + std::string(player_string) + "': a ')' is missing";
      return std::string();
    }
    options.remove_suffix(1);
    std::string out = level.player;
    if (options.empty()) return out;
    if (out.back() == ')')
      out.insert(out.size() - 1, "," + std::string(options));
    else
      out += "(" + std::string(options) + ")";
    return out;
  }
  if (error) {
    *error = std::string(game.name()) + " has no level '" + std::string(name) + "' (its levels:";
    for (const Level& level : player_levels(game)) *error += " " + level.name;
    *error += ")";
  }
  return std::string();
}

}  // namespace cardroom
