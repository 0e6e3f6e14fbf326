// What the libFuzzer targets in tests/fuzz/ share: the registered games, a few bytes of input
// turned into choices, and FUZZ_CHECK for the properties each target asserts.
//
// Inputs are laid out so that a handful of leading bytes pick the game (and where relevant a
// position) and the rest is the text under test; the seed corpora in tests/fuzz/corpus/<target>/
// follow the layout each target's comment gives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bots/registry.h"
#include "core/registry.h"
#include "games/all_games.h"

namespace cardroom::fuzz {

// A broken property is a crash for libFuzzer, which then saves the input that broke it.
[[noreturn]] inline void check_failed(const char* condition, const char* file, int line,
                                      const std::string& detail) {
  std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n  %s\n", file, line, condition,
               detail.c_str());
  std::abort();
}

#define FUZZ_CHECK(condition, detail) \
  ((condition) ? static_cast<void>(0) \
               : ::cardroom::fuzz::check_failed(#condition, __FILE__, __LINE__, (detail)))

inline void register_everything() {
  static const bool done = [] {
    register_all_games();
    register_all_players();
    return true;
  }();
  (void)done;
}

// The registered games in registration order (so a byte names the same game from run to run).
inline const std::vector<const GameEntry*>& games() {
  static const std::vector<const GameEntry*> all = [] {
    register_everything();
    return registered_games();
  }();
  return all;
}

// Reads the input front to back: small choices first, then the remaining bytes as text.
class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  // The next byte, 0 once the input is used up.
  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  std::string_view rest() {
    std::string_view out(reinterpret_cast<const char*>(data_) + pos_, size_ - pos_);
    pos_ = size_;
    return out;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// A game chosen by the input: one byte picks the game, then one byte per option of that game picks
// its value (ints in their range, booleans, choices). Options that do not go together (a
// partnership of five) give the game with its defaults instead.
inline std::unique_ptr<AnyGame> game_from_input(Input& in) {
  const GameEntry* entry = games()[in.byte() % games().size()];
  std::vector<std::pair<std::string, std::string>> raw;
  for (const OptionSpec& spec : entry->options) {
    const std::uint8_t b = in.byte();
    switch (spec.type) {
      case OptionType::kInt:
        raw.emplace_back(spec.name, std::to_string(spec.min + b % (spec.max - spec.min + 1)));
        break;
      case OptionType::kBool:
        raw.emplace_back(spec.name, b & 1 ? "true" : "false");
        break;
      case OptionType::kChoice:
        raw.emplace_back(spec.name, spec.choices[b % spec.choices.size()]);
        break;
    }
  }
  std::string error;
  auto game = load_game(entry->name, raw, &error);
  if (!game) game = load_game(entry->name, nlohmann::json::object(), &error);
  FUZZ_CHECK(game != nullptr, entry->name + " does not load with its defaults: " + error);
  return game;
}

}  // namespace cardroom::fuzz
