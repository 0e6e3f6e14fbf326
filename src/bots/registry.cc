#include "bots/registry.h"

#include <algorithm>
#include <mutex>

#include "bots/exec_player.h"
#include "bots/ismcts.h"
#include "bots/levels.h"
#include "bots/pimc.h"
#include "core/registry.h"

namespace cardroom {
namespace {

std::vector<PlayerEntry>& entries() {
  static std::vector<PlayerEntry> all;
  return all;
}

const OptionSpec& pace_spec() {
  static const OptionSpec spec{"pace_ms",
                               OptionType::kInt,
                               "1000",
                               0,
                               3600000,
                               {},
                               "real-time games: milliseconds it takes over each move"};
  return spec;
}

const OptionSpec& speed_spec() {
  static const OptionSpec spec{
      "speed",
      OptionType::kInt,
      "0",
      0,
      kSpeedLevels,
      {},
      "real-time games: speed level 1 (slowest) to 5 (fastest), which sets "
      "the pace (0: pace_ms sets it)"};
  return spec;
}

const PlayerEntry* find_entry(std::string_view name) {
  for (const auto& e : entries())
    if (e.name == name) return &e;
  return nullptr;
}

// The parts every player shares: its name and its pace.
class BasePlayer : public Player {
 public:
  BasePlayer(std::string name, const OptionValues& options)
      : name_(std::move(name)),
        pace_(static_cast<double>(pace_ms_of(static_cast<int>(options.get_int("speed")),
                                             static_cast<int>(options.get_int("pace_ms")))) /
              1000.0) {}
  const std::string& name() const override { return name_; }

 protected:
  double pace() const { return pace_; }

 private:
  std::string name_;
  double pace_;
};

// A uniformly random legal move.
class RandomPlayer final : public BasePlayer {
 public:
  using BasePlayer::BasePlayer;
  Decision decide(const SeatAccess& seat, Rng& rng) override {
    auto move = seat.random_legal_move(rng);
    CARDROOM_ASSERT(move.has_value(), "a player was asked to move for a seat that may not move");
    return {move.value_or(Move{}), pace()};
  }
};

// One of the game's own players (its heuristic): a function of a world drawn for the seat.
class GamePlayer final : public BasePlayer {
 public:
  GamePlayer(std::string name, std::string bot, const OptionValues& options)
      : BasePlayer(std::move(name), options), bot_(std::move(bot)) {}
  Decision decide(const SeatAccess& seat, Rng& rng) override {
    auto move = seat.game_player_move(bot_, rng);
    CARDROOM_ASSERT(move.has_value(),
                    "a game player was asked to move for a seat that may not move");
    return {move.value_or(Move{}), pace()};
  }

 private:
  std::string bot_;
};

// "a=1,b=2" -> {"a=1", "b=2"} (canonical option values hold no commas).
std::vector<std::string> split_options(const std::string& text) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    if (comma > from) out.push_back(text.substr(from, comma - from));
    from = comma + 1;
  }
  return out;
}

// `exec`, with the options every player takes: not among entries(), as no game "has" it.
const PlayerEntry& exec_entry() {
  static const PlayerEntry entry = [] {
    PlayerEntry e = exec_player_entry();
    e.options.push_back(pace_spec());
    e.options.push_back(speed_spec());
    return e;
  }();
  return entry;
}

// The canonical player string of `name` with the options given (`parsed`, validated as `values`):
// the options in canonical form, without the pace setting the person did not give: `speed` when
// it is 0, or `pace_ms` when a speed level sets the pace.
std::string canonical_player(const GameString& parsed, const OptionValues& values) {
  std::string canonical = parsed.name;
  if (parsed.options.empty()) return canonical;
  auto given = [&](const char* key) {
    for (const auto& [k, v] : parsed.options)
      if (k == key) return true;
    return false;
  };
  std::string options;
  for (const std::string& item : split_options(values.canonical())) {
    if (!given("speed") && item == "speed=0") continue;
    if (!given("pace_ms") && values.get_int("speed") > 0 && item.starts_with("pace_ms=")) continue;
    options += (options.empty() ? "" : ",") + item;
  }
  return canonical + "(" + options + ")";
}

// "exec:COMMAND" or "exec(options):COMMAND" (bots/exec_player.h).
std::unique_ptr<Player> load_exec_player(std::string_view player_string, const AnyGame& game,
                                         std::string* error) {
  const std::string text(player_string);
  auto parts = split_exec_player_string(player_string);
  if (!parts || parts->command.empty()) {
    *error = "player '" + text +
             "': exec needs the command to run after a colon, e.g. 'exec:python3 bot.py' or "
             "'exec(timeout_ms=500):./bot'";
    return nullptr;
  }
  auto parsed = parse_game_string(parts->head, error);
  if (!parsed || parsed->name != "exec") {
    *error =
        "player '" + text + "': " +
        (parsed ? "options go between 'exec' and the colon: 'exec(timeout_ms=500):./bot'" : *error);
    return nullptr;
  }
  const PlayerEntry& entry = exec_entry();
  std::string why;
  auto values = OptionValues::parse(entry.options, parsed->options, &why);
  if (!values) {
    *error = "player 'exec': " + why;
    return nullptr;
  }
  return entry.create(game, canonical_player(*parsed, *values) + ":" + parts->command, *values,
                      error);
}

bool game_offers(const AnyGame& game, std::string_view bot) {
  auto names = game.bot_names();
  return std::find(names.begin(), names.end(), bot) != names.end();
}

// The registered games (with their default options) that `entry` plays: "s48, reds".
std::string games_played(const PlayerEntry& entry) {
  std::string out;
  for (const GameEntry* g : registered_games()) {
    std::string error;
    auto game = load_game(g->name, &error);
    if (game && (!entry.plays || entry.plays(*game))) out += (out.empty() ? "" : ", ") + g->name;
  }
  return out.empty() ? "no registered game" : out;
}

}  // namespace

int pace_ms_of(int speed, int pace_ms) {
  static constexpr int kPaces[kSpeedLevels] = {2000, 1400, 1000, 700, 500};
  return speed >= 1 && speed <= kSpeedLevels ? kPaces[speed - 1] : pace_ms;
}

void register_player(PlayerEntry entry) {
  if (find_entry(entry.name)) return;
  entry.options.push_back(pace_spec());
  entry.options.push_back(speed_spec());
  entries().push_back(std::move(entry));
}

void register_all_players() {
  static std::once_flag once;
  std::call_once(once, [] {
    register_player({"random",
                     "a uniformly random legal move",
                     {},
                     nullptr,
                     [](const AnyGame&, const std::string& name, const OptionValues& options,
                        std::string*) -> std::unique_ptr<Player> {
                       return std::make_unique<RandomPlayer>(name, options);
                     }});
    register_player({"heuristic",
                     "the game's own heuristic player",
                     {},
                     [](const AnyGame& game) { return game_offers(game, "heuristic"); },
                     [](const AnyGame&, const std::string& name, const OptionValues& options,
                        std::string*) -> std::unique_ptr<Player> {
                       return std::make_unique<GamePlayer>(name, "heuristic", options);
                     }});
    register_player(pimc_player_entry());
    register_player(epimc_player_entry());
    register_player(ismcts_player_entry());
  });
}

std::vector<std::string> player_names(const AnyGame& game) {
  register_all_players();
  std::vector<std::string> out;
  for (const auto& e : entries())
    if (!e.plays || e.plays(game)) out.push_back(e.name);
  return out;
}

const std::vector<OptionSpec>* player_options(std::string_view name) {
  register_all_players();
  if (name == "exec") return &exec_entry().options;
  const PlayerEntry* e = find_entry(name);
  return e ? &e->options : nullptr;
}

std::unique_ptr<Player> load_player(std::string_view player_string, const AnyGame& game,
                                    std::string* error) {
  register_all_players();
  if (is_exec_player_string(player_string)) return load_exec_player(player_string, game, error);
  // A level ("strong", "normal(speed=3)": bots/levels.h) stands for a player string of the game.
  if (auto mapped = level_player(player_string, game, error)) {
    if (mapped->empty()) return nullptr;
    return load_player(*mapped, game, error);
  }
  auto parsed = parse_game_string(std::string(player_string), error);
  if (!parsed) {
    *error = "player '" + std::string(player_string) + "': " + *error;
    return nullptr;
  }
  // `exec` without a command: the error says how to give one.
  if (parsed->name == "exec") return load_exec_player(player_string, game, error);
  const PlayerEntry* entry = find_entry(parsed->name);
  if (!entry || (entry->plays && !entry->plays(game))) {
    *error = (entry ? std::string(game.name()) + " has no player '" : "unknown player '") +
             parsed->name + "'";
    if (entry) *error += ": " + parsed->name + " plays " + games_played(*entry);
    *error += " (players for " + std::string(game.name()) + ":";
    for (const auto& n : player_names(game)) *error += " " + n;
    *error += ")";
    return nullptr;
  }
  std::string why;
  auto values = OptionValues::parse(entry->options, parsed->options, &why);
  if (!values) {
    *error = "player '" + parsed->name + "': " + why;
    return nullptr;
  }
  return entry->create(game, canonical_player(*parsed, *values), *values, error);
}

std::vector<std::string> split_player_list(std::string_view list) {
  std::vector<std::string> out;
  // A piece ends at a comma outside parentheses (and, in an exec piece, outside quotes). An exec
  // piece keeps its command's spaces (only its ends are trimmed); others lose every space outside
  // parentheses.
  auto add = [&](const std::string& raw) {
    std::string piece;
    if (is_exec_player_string(raw)) {
      piece = raw;
    } else {
      int depth = 0;
      for (char c : raw) {
        if (c == '(') ++depth;
        if (c == ')') depth = std::max(0, depth - 1);
        if (c != ' ' || depth > 0) piece += c;
      }
    }
    // Losing its spaces can make a piece an exec piece ("e xec( "), so every piece's ends are
    // trimmed, whichever way it was read.
    const std::size_t from = piece.find_first_not_of(' ');
    if (from != std::string::npos)
      out.push_back(piece.substr(from, piece.find_last_not_of(' ') - from + 1));
  };
  std::string current;
  int depth = 0;
  char quote = 0;
  for (char c : list) {
    if (quote) {
      if (c == quote) quote = 0;
    } else if ((c == '\'' || c == '"') && is_exec_player_string(current)) {
      quote = c;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')') {
      depth = std::max(0, depth - 1);
    } else if (c == ',' && depth == 0) {
      add(current);
      current.clear();
      continue;
    }
    current += c;
  }
  add(current);
  return out;
}

}  // namespace cardroom
