#include "core/game.h"

#include <mutex>
#include <unordered_set>

namespace cardroom {

const char* actor_mode_name(ActorMode mode) {
  switch (mode) {
    case ActorMode::kTurn:
      return "turn";
    case ActorMode::kSimultaneous:
      return "simultaneous";
    case ActorMode::kRealTime:
      return "real_time";
  }
  return "turn";
}

const char* lasting_text(std::string text) {
  static std::mutex mutex;
  static std::unordered_set<std::string> kept;  // nodes never move: their c_str() lasts
  std::lock_guard lock(mutex);
  return kept.insert(std::move(text)).first->c_str();
}

bool is_out_of_turn_reason(std::string_view error) {
  return error.starts_with(kNotYourTurn) || error.starts_with("you have already") ||
         error == "a raise is waiting for its answer";
}

}  // namespace cardroom
