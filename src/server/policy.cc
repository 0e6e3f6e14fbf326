#include "server/policy.h"

#include <algorithm>

#include "bots/exec_player.h"
#include "bots/levels.h"
#include "bots/registry.h"
#include "core/options.h"

namespace cardroom::server {

std::string RoomPolicy::check_player(const std::string& given, const AnyGame& game) const {
  // Another program (exec:) would run on the server: never from a browser.
  if (is_exec_player_string(given)) return "exec players cannot sit in the room";
  std::string error;
  // A level ("strong": bots/levels.h) is checked as the player it stands for.
  std::string player_string = given;
  if (auto mapped = level_player(given, game, &error)) {
    if (mapped->empty()) return error;
    player_string = *mapped;
  }
  const auto parsed = parse_game_string(player_string, &error);
  if (!parsed) return "player '" + player_string + "': " + error;
  // Loading checks the name, the game and the options; it allocates nothing a search would.
  if (!load_player(player_string, game, &error)) return error;
  if (std::find(players.begin(), players.end(), parsed->name) == players.end()) {
    std::string allowed;
    for (const std::string& p : players) allowed += (allowed.empty() ? "" : ", ") + p;
    return "this room does not seat '" + parsed->name + "' (it seats " + allowed +
           "; serve --players)";
  }
  const std::vector<OptionSpec>* specs = player_options(parsed->name);
  if (!specs) return "";
  const auto values = OptionValues::parse(*specs, parsed->options, &error);
  if (!values) return error;
  auto has = [&](const char* name) {
    return std::any_of(specs->begin(), specs->end(),
                       [&](const OptionSpec& o) { return o.name == name; });
  };
  auto over = [&](const char* option, std::int64_t value, std::int64_t limit, const char* flag) {
    return parsed->name + ": " + option + "=" + std::to_string(value) +
           " is over this room's limit of " + std::to_string(limit) + " (serve " + flag + ")";
  };
  if (has("ms") && values->get_int("ms") > max_move_ms)
    return over("ms", values->get_int("ms"), max_move_ms, "--max-move-ms");
  if (has("iterations") && values->get_int("iterations") > max_iterations)
    return over("iterations", values->get_int("iterations"), max_iterations, "--max-iterations");
  if (has("worlds") && values->get_int("worlds") > max_worlds)
    return over("worlds", values->get_int("worlds"), max_worlds, "--max-worlds");
  const std::int64_t threads = has("threads") ? values->get_int("threads") : 1;
  if (threads > max_threads) return over("threads", threads, max_threads, "--max-threads");
  if (has("tree_mb") && values->get_int("tree_mb") * threads > max_memory_mb)
    return parsed->name + ": tree_mb=" + std::to_string(values->get_int("tree_mb")) + " x " +
           std::to_string(threads) + " threads is over this room's limit of " +
           std::to_string(max_memory_mb) + " MB (serve --max-memory-mb)";
  if (has("tt_mb") && values->get_int("tt_mb") > max_memory_mb)
    return over("tt_mb", values->get_int("tt_mb"), max_memory_mb, "--max-memory-mb");
  return "";
}

AddressBook::Counts& AddressBook::at(const std::string& address) { return counts_[address]; }

void AddressBook::forget_if_idle(const std::string& address) {
  auto it = counts_.find(address);
  if (it == counts_.end()) return;
  const Counts& c = it->second;
  const auto now = Clock::now();
  const bool recent = !c.created.empty() && now - c.created.back() < std::chrono::minutes(1);
  if (c.connections == 0 && c.open_tables == 0 && !recent &&
      now - c.second >= std::chrono::seconds(1))
    counts_.erase(it);
}

bool AddressBook::connect(const std::string& address) {
  if (address.empty()) return true;
  std::lock_guard lock(mu_);
  Counts& c = at(address);
  if (policy_.max_connections > 0 && c.connections >= policy_.max_connections) return false;
  ++c.connections;
  return true;
}

void AddressBook::disconnect(const std::string& address) {
  if (address.empty()) return;
  std::lock_guard lock(mu_);
  Counts& c = at(address);
  if (c.connections > 0) --c.connections;
  forget_if_idle(address);
}

bool AddressBook::message(const std::string& address) {
  if (address.empty() || policy_.max_messages <= 0) return true;
  std::lock_guard lock(mu_);
  Counts& c = at(address);
  const auto now = Clock::now();
  if (now - c.second >= std::chrono::seconds(1)) {
    c.second = now;
    c.in_second = 0;
  }
  return ++c.in_second <= policy_.max_messages;
}

std::string AddressBook::create_table(const std::string& address) {
  if (address.empty()) return "";
  std::lock_guard lock(mu_);
  Counts& c = at(address);
  const auto now = Clock::now();
  std::erase_if(c.created, [&](Clock::time_point t) { return now - t >= std::chrono::minutes(1); });
  if (policy_.max_tables_per_minute > 0 &&
      static_cast<int>(c.created.size()) >= policy_.max_tables_per_minute)
    return "too many tables: at most " + std::to_string(policy_.max_tables_per_minute) +
           " a minute from one address (serve --max-tables-per-minute)";
  if (policy_.max_open_tables > 0 && c.open_tables >= policy_.max_open_tables)
    return "too many tables waiting for players: at most " +
           std::to_string(policy_.max_open_tables) +
           " not yet started from one address (serve --max-open-tables)";
  c.created.push_back(now);
  ++c.open_tables;
  return "";
}

void AddressBook::table_closed(const std::string& address) {
  if (address.empty()) return;
  std::lock_guard lock(mu_);
  Counts& c = at(address);
  if (c.open_tables > 0) --c.open_tables;
  forget_if_idle(address);
}

int AddressBook::connections(const std::string& address) const {
  std::lock_guard lock(mu_);
  auto it = counts_.find(address);
  return it == counts_.end() ? 0 : it->second.connections;
}

int AddressBook::open_tables(const std::string& address) const {
  std::lock_guard lock(mu_);
  auto it = counts_.find(address);
  return it == counts_.end() ? 0 : it->second.open_tables;
}

}  // namespace cardroom::server
