// Game records, as saved by `play`, shared between people and written by programs:
// Session::from_record on JSON parsed from the input (inputs that are not JSON are skipped).
//
// Properties: a refused record comes with an error; a loaded record saves (record()) to one that
// loads again to an equal state with the same moves, and summary() works on it.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/session.h"
#include "fuzz/fuzz_support.h"

namespace {

// Bounds on the work per input, so the fuzzer keeps its pace: real records are a few kilobytes
// and the longest match (Back Alley's 26 hands) has well under 2000 moves.
constexpr std::size_t kMaxInput = 64 * 1024;
constexpr std::size_t kMaxMoves = 4000;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cardroom;
  if (size > kMaxInput) return 0;
  fuzz::register_everything();
  const nlohmann::json record =
      nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (record.is_discarded()) return 0;
  if (record.is_object() && record.contains("moves") && record["moves"].is_array() &&
      record["moves"].size() > kMaxMoves)
    return 0;

  std::string error;
  auto session = Session::from_record(record, &error);
  if (!session) {
    FUZZ_CHECK(!error.empty(), "from_record failed without an error: " + record.dump());
    return 0;
  }
  const nlohmann::json saved = session->record();
  std::string again_error;
  auto again = Session::from_record(saved, &again_error);
  FUZZ_CHECK(again != nullptr,
             "a saved record does not load: " + again_error + "\n  " + saved.dump());
  FUZZ_CHECK(again->state().equals(session->state()),
             "a saved record replays to another state: " + saved.dump());
  FUZZ_CHECK(again->moves_made() == session->moves_made(), "a saved record lost moves");
  FUZZ_CHECK(again->record() == saved, "a saved record saves differently: " + saved.dump());
  (void)session->summary();
  return 0;
}
