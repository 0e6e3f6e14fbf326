#include "core/game.h"

namespace cardroom {

bool is_out_of_turn_reason(std::string_view error) {
  return error.starts_with(kNotYourTurn) || error.starts_with("you have already") ||
         error == "a raise is waiting for its answer";
}

}  // namespace cardroom
