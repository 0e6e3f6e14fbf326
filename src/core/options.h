// Typed game options and the `name(key=value,...)` game string.
//
// A game declares its options as a list of OptionSpec (name, type, default, range or choices,
// help). `parse_game_string("reds(players=4,partnership=true)")` splits a game string;
// `OptionValues::parse` validates raw text against the specs and fills in defaults, with errors
// that name the option, the value and what is allowed. OptionValues print themselves back in
// canonical form (spec order).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <type_traits>
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

  static OptionSpec integer(std::string name, std::int64_t default_value, std::int64_t min,
                            std::int64_t max, std::string help) {
    return {std::move(name), OptionType::kInt, std::to_string(default_value), min, max, {},
            std::move(help)};
  }
  // The number of players.
  static OptionSpec players(int default_value, int min, int max) {
    return integer("players", default_value, min, max, "number of players");
  }
  static OptionSpec boolean(std::string name, bool default_value, std::string help) {
    return {std::move(name), OptionType::kBool, default_value ? "true" : "false", 0, 0, {},
            std::move(help)};
  }
  // The default is the first choice.
  static OptionSpec choice(std::string name, std::vector<std::string> choices, std::string help) {
    std::string first = choices.empty() ? "" : choices.front();
    return {std::move(name),    OptionType::kChoice, std::move(first), 0, 0,
            std::move(choices), std::move(help)};
  }
};

using OptionValue = std::variant<std::int64_t, bool, std::string>;

// Result of splitting "name(k=v,k2=v2)".
struct GameString {
  std::string name;
  std::vector<std::pair<std::string, std::string>> options;
};
// The longest game or player string accepted: far more than any real one, and little enough to
// echo in an error.
inline constexpr std::size_t kMaxGameString = 1000;
// Returns nullopt and sets `error` when the text is malformed: longer than kMaxGameString, no
// name, no closing ')', an option not written key=value or an empty one ("reds(,)").
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
  // The position of a choice option's value among its choices: an enum listed in the same order
  // as the choices reads as get_choice_as<Enum>("name").
  int get_choice_index(const std::string& name) const;
  template <class Enum>
  Enum get_choice_as(const std::string& name) const {
    return static_cast<Enum>(get_choice_index(name));
  }

  // "players=4,partnership=true" in spec order.
  std::string canonical() const;
  nlohmann::json to_json() const;

 private:
  std::vector<std::pair<std::string, OptionValue>> values_;  // spec order
  std::vector<int> choice_index_;                            // per value (-1: not a choice)
};

// Declares, in a game's Config struct, its options (defined in the game's source) and equality.
#define CARDROOM_CONFIG(ConfigType)                                                     \
  static const ConfigOptions<ConfigType>& options(); /* the options, bound to fields */ \
  bool operator==(const ConfigType&) const = default

template <class Config>
class ConfigOptions;

// A game's options bound to the fields of its Config: the specs, and reading validated values into
// a Config. An int option sets an integer field, a bool option a bool field, a choice an enum field
// whose enumerators are listed in the order of the choices (the first choice is the default).
//
//   const ConfigOptions<Config>& Config::options() {
//     static const auto options = ConfigOptions<Config>()
//         .add(OptionSpec::integer("players", 4, 3, 6, "number of players"), &Config::players)
//         .add(OptionSpec::choice("cut_ace", {"high", "low"}, "..."), &Config::cut_ace);
//     return options;
//   }
template <class Config>
class ConfigOptions {
 public:
  template <class T>
  ConfigOptions add(OptionSpec spec, T Config::*field) && {
    const std::string name = spec.name;
    specs_.push_back(std::move(spec));
    setters_.push_back([name, field](Config& c, const OptionValues& values) {
      if constexpr (std::is_same_v<T, bool>)
        c.*field = values.get_bool(name);
      else if constexpr (std::is_enum_v<T>)
        c.*field = values.template get_choice_as<T>(name);
      else
        c.*field = static_cast<T>(values.get_int(name));
    });
    return std::move(*this);
  }
  const std::vector<OptionSpec>& specs() const { return specs_; }
  // A Config with every bound field read from `values` (validated against specs()).
  Config read(const OptionValues& values) const {
    Config c{};
    for (const auto& set : setters_) set(c, values);
    return c;
  }

 private:
  std::vector<OptionSpec> specs_;
  std::vector<std::function<void(Config&, const OptionValues&)>> setters_;
};

}  // namespace cardroom
