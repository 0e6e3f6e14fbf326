// Where the tests find the checkout (records, golden files, docs) and the built `cardroom`
// binary. Defined in a source file CMake generates in the build directory, so that no compile
// command carries the checkout's absolute path (CMakeLists.txt says why).
#ifndef CARDROOM_GAMES_COMMON_TEST_PATHS_H_
#define CARDROOM_GAMES_COMMON_TEST_PATHS_H_

#include <string>

namespace cardroom::testing_util {

std::string source_dir();       // the checkout's root, without a trailing slash
std::string cardroom_binary();  // the `cardroom` executable of this build

}  // namespace cardroom::testing_util

#endif  // CARDROOM_GAMES_COMMON_TEST_PATHS_H_
