#include "core/registry.h"

namespace cardroom {
namespace {

std::vector<GameEntry>& entries() {
  static std::vector<GameEntry> all;
  return all;
}

std::unique_ptr<AnyGame> create(const GameEntry* entry, std::optional<OptionValues> values,
                                std::string* error) {
  if (!values) return nullptr;
  return entry->create(*values, error);
}

const GameEntry* find_or_error(std::string_view name, std::string* error) {
  const GameEntry* entry = find_game(name);
  if (!entry && error) {
    *error = "unknown game '" + std::string(name) + "' (games:";
    for (const auto* e : registered_games()) *error += " " + e->name;
    *error += ")";
  }
  return entry;
}

}  // namespace

void register_game(GameEntry entry) {
  if (find_game(entry.name)) return;
  entries().push_back(std::move(entry));
}

std::string capped_game_string(const GameEntry& entry) {
  return entry.capped_options.empty() ? entry.name : entry.name + "(" + entry.capped_options + ")";
}

const GameEntry* find_game(std::string_view name) {
  for (const auto& e : entries())
    if (e.name == name) return &e;
  return nullptr;
}

std::vector<const GameEntry*> registered_games() {
  std::vector<const GameEntry*> out;
  for (const auto& e : entries()) out.push_back(&e);
  return out;
}

std::unique_ptr<AnyGame> load_game(const std::string& game_string, std::string* error) {
  auto parsed = parse_game_string(game_string, error);
  if (!parsed) return nullptr;
  return load_game(parsed->name, parsed->options, error);
}

std::unique_ptr<AnyGame> load_game(const std::string& name, const nlohmann::json& options,
                                   std::string* error) {
  const GameEntry* entry = find_or_error(name, error);
  if (!entry) return nullptr;
  return create(entry, OptionValues::from_json(entry->options, options, error), error);
}

std::unique_ptr<AnyGame> load_game(const std::string& name,
                                   const std::vector<std::pair<std::string, std::string>>& options,
                                   std::string* error) {
  const GameEntry* entry = find_or_error(name, error);
  if (!entry) return nullptr;
  return create(entry, OptionValues::parse(entry->options, options, error), error);
}

}  // namespace cardroom
