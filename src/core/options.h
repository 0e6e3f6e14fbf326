// Typed game options and the `name(key=value,...)` game string.
//
// A game declares its options as a list of OptionSpec (name, type, default, range or choices,
// help). `parse_game_string("reds(players=4,partnership=true)")` splits a game string;
// `OptionValues::parse` validates raw text against the specs and fills in defaults, with errors
// that name the option, the value and what is allowed. OptionValues print themselves back in
// canonical form (spec order).
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace cardroom {

enum class OptionType { kInt, kBool, kChoice };

struct OptionSpec {
  std::string name;
  OptionType type = OptionType::kInt;
  std::string default_value;         // as text: "4", "true", "drop"
  std::int64_t min = 0, max = 0;     // kInt only
  std::vector<std::string> choices;  // kChoice only
  std::string help;

  // "2..6", "true|false", "drop|value|face"
  std::string allowed() const;
};

using OptionValue = std::variant<std::int64_t, bool, std::string>;

// Result of splitting "name(k=v,k2=v2)".
struct GameString {
  std::string name;
  std::vector<std::pair<std::string, std::string>> options;
};
// Returns nullopt and sets `error` when the text is malformed.
std::optional<GameString> parse_game_string(const std::string& text, std::string* error);

class OptionValues {
 public:
  // Validates `raw` (key, text value) against `specs`; unknown keys, bad values and duplicates are
  // errors. Missing options take their defaults.
  static std::optional<OptionValues> parse(
      const std::vector<OptionSpec>& specs,
      const std::vector<std::pair<std::string, std::string>>& raw, std::string* error);
  // The same from a JSON object (records keep options this way); values may be numbers, booleans or
  // strings.
  static std::optional<OptionValues> from_json(const std::vector<OptionSpec>& specs,
                                               const nlohmann::json& object, std::string* error);

  std::int64_t get_int(const std::string& name) const;
  bool get_bool(const std::string& name) const;
  const std::string& get_choice(const std::string& name) const;

  // "players=4,partnership=true" in spec order.
  std::string canonical() const;
  nlohmann::json to_json() const;

 private:
  std::vector<std::pair<std::string, OptionValue>> values_;  // spec order
};

}  // namespace cardroom
