// Registers every game with the registry. Call once at start-up (the CLI, tests, benchmarks).
#pragma once

namespace cardroom {
void register_all_games();
}
