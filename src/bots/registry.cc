#include "bots/registry.h"

#include <algorithm>
#include <mutex>

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

const PlayerEntry* find_entry(std::string_view name) {
  for (const auto& e : entries())
    if (e.name == name) return &e;
  return nullptr;
}

// The parts every player shares: its name and its pace.
class BasePlayer : public Player {
 public:
  BasePlayer(std::string name, const OptionValues& options)
      : name_(std::move(name)), pace_(static_cast<double>(options.get_int("pace_ms")) / 1000.0) {}
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

bool game_offers(const AnyGame& game, std::string_view bot) {
  auto names = game.bot_names();
  return std::find(names.begin(), names.end(), bot) != names.end();
}

}  // namespace

void register_player(PlayerEntry entry) {
  if (find_entry(entry.name)) return;
  entry.options.push_back(pace_spec());
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
  const PlayerEntry* e = find_entry(name);
  return e ? &e->options : nullptr;
}

std::unique_ptr<Player> load_player(std::string_view player_string, const AnyGame& game,
                                    std::string* error) {
  register_all_players();
  auto parsed = parse_game_string(std::string(player_string), error);
  if (!parsed) {
    *error = "player '" + std::string(player_string) + "': " + *error;
    return nullptr;
  }
  const PlayerEntry* entry = find_entry(parsed->name);
  if (!entry || (entry->plays && !entry->plays(game))) {
    *error = (entry ? std::string(game.name()) + " has no player '" : "unknown player '") +
             parsed->name + "' (players for " + std::string(game.name()) + ":";
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
  std::string canonical = parsed->name;
  if (!parsed->options.empty()) canonical += "(" + values->canonical() + ")";
  return entry->create(game, canonical, *values, error);
}

std::vector<std::string> split_player_list(std::string_view list) {
  std::vector<std::string> out;
  std::string current;
  int depth = 0;
  for (char c : list) {
    if (c == '(') ++depth;
    if (c == ')') depth = std::max(0, depth - 1);
    if (c == ',' && depth == 0) {
      if (!current.empty()) out.push_back(current);
      current.clear();
      continue;
    }
    if (c != ' ' || depth > 0) current += c;
  }
  if (!current.empty()) out.push_back(current);
  return out;
}

}  // namespace cardroom
