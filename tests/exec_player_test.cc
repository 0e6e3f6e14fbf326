// The bot protocol (bots/exec_player.h, docs/bot_protocol.md): `exec:COMMAND` players, other
// programs speaking JSON lines. The example bot (examples/random_bot.py) plays whole matches; a bot
// that answers an illegal move, a malformed line, nothing in time, or crashes (the test bot
// tests/bots/misbehaving_bot.py) fails with a clear error, the state unchanged, and its seat
// forfeits: `sim` counts it and goes on. No child process is left behind.
#include "bots/exec_player.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/types.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "bots/registry.h"
#include "core/registry.h"
#include "games/all_games.h"
#include "games/common/test_paths.h"
#include "match/match.h"
#include "match/simulate.h"

namespace cardroom {
namespace {

const std::string kPython = "/usr/bin/python3";
const std::string kSource = testing_util::source_dir();

std::string ExampleBot() { return "exec:" + kPython + " " + kSource + "/examples/random_bot.py"; }
// The test bot misbehaving as `how` at its `nth` decision; `options` before the colon.
std::string BadBot(const std::string& how, int nth = 3, const std::string& options = "") {
  return "exec" + options + ":" + kPython + " " + kSource + "/tests/bots/misbehaving_bot.py " +
         how + " " + std::to_string(nth);
}

std::unique_ptr<AnyGame> Load(const std::string& game_string) {
  register_all_games();
  std::string error;
  auto game = load_game(game_string, &error);
  EXPECT_TRUE(game) << game_string << ": " << error;
  return game;
}

// The children of this process that still exist (running or zombies), from /proc.
std::vector<std::string> Children() {
  std::vector<std::string> out;
  DIR* tasks = ::opendir("/proc/self/task");
  if (!tasks) return out;
  while (const dirent* task = ::readdir(tasks)) {
    if (task->d_name[0] == '.') continue;
    std::ifstream in(std::string("/proc/self/task/") + task->d_name + "/children");
    for (std::string pid; in >> pid;) out.push_back(pid);
  }
  ::closedir(tasks);
  return out;
}

// The open file descriptors of this process.
int OpenFds() {
  int n = 0;
  DIR* fds = ::opendir("/proc/self/fd");
  if (!fds) return -1;
  while (const dirent* fd = ::readdir(fds))
    if (fd->d_name[0] != '.') ++n;
  ::closedir(fds);
  return n;
}

// One match of `game` with `players` (player strings), stepped to its end or its first stop other
// than a move. The seq before the last step is kept in `seq_before`.
struct Played {
  MatchRunner::Stop stop = MatchRunner::Stop::kMoved;
  std::string error;
  Seat forfeit = -1;
  std::uint64_t seq_before = 0, seq_after = 0;
  bool over = false;
};
Played PlayMatch(const AnyGame& game, const std::vector<std::string>& strings, std::uint64_t seed) {
  std::vector<std::unique_ptr<Player>> players;
  for (const auto& s : strings) {
    std::string error;
    players.push_back(load_player(s, game, &error));
    EXPECT_TRUE(players.back()) << s << ": " << error;
  }
  StateTable table(game.new_match(seed, -1, nullptr));
  VirtualClock clock;
  Played out;
  {
    MatchRunner runner(table, std::move(players), clock, seed);
    for (;;) {
      out.seq_before = table.state().seq();
      out.stop = runner.step(&out.error);
      if (out.stop != MatchRunner::Stop::kMoved) break;
    }
    out.forfeit = runner.forfeit_seat();
  }
  out.seq_after = table.state().seq();
  out.over = table.state().over();
  return out;
}

TEST(ExecPlayer, PlayerStrings) {
  auto game = Load("reds");
  ASSERT_TRUE(game);
  std::string error;
  auto plain = load_player("exec:./bot --level 2", *game, &error);
  ASSERT_TRUE(plain) << error;
  EXPECT_EQ(plain->name(), "exec:./bot --level 2");
  EXPECT_TRUE(plain->wants_events());
  auto set = load_player(" exec( timeout_ms=500, events=false ) :  ./bot x ", *game, &error);
  ASSERT_TRUE(set) << error;
  // Canonical: every option in spec order (the pace as for every player), the command trimmed.
  EXPECT_EQ(set->name(), "exec(timeout_ms=500,start_ms=5000,events=false,pace_ms=1000):./bot x");
  EXPECT_FALSE(set->wants_events());
  // Loading makes no process: it starts with the match.
  EXPECT_TRUE(Children().empty());

  EXPECT_FALSE(load_player("exec", *game, &error));
  EXPECT_NE(error.find("exec needs the command"), std::string::npos) << error;
  EXPECT_FALSE(load_player("exec:", *game, &error));
  EXPECT_NE(error.find("exec needs the command"), std::string::npos) << error;
  EXPECT_FALSE(load_player("exec(timeout_ms=0):./bot", *game, &error));
  EXPECT_NE(error.find("timeout_ms"), std::string::npos) << error;
  EXPECT_FALSE(load_player("exec(depth=2):./bot", *game, &error));
  EXPECT_NE(error.find("depth"), std::string::npos) << error;
  EXPECT_FALSE(load_player("exec(timeout_ms=5:./bot", *game, &error));
  ASSERT_NE(player_options("exec"), nullptr);
  // No game "has" it: it is named with a command.
  for (const auto& name : player_names(*game)) EXPECT_NE(name, "exec");

  EXPECT_EQ(split_player_list("exec:python3 my bot.py, heuristic"),
            (std::vector<std::string>{"exec:python3 my bot.py", "heuristic"}));
  EXPECT_EQ(split_player_list("random , exec(timeout_ms=5,events=false):./b 'x,y' \"z,w\",ismcts"),
            (std::vector<std::string>{"random", "exec(timeout_ms=5,events=false):./b 'x,y' \"z,w\"",
                                      "ismcts"}));
  EXPECT_EQ(split_player_list("heuristic, random(pace_ms = 5)"),
            (std::vector<std::string>{"heuristic", "random(pace_ms = 5)"}));
}

TEST(ExecPlayer, TheExampleBotPlaysWholeMatches) {
  auto game = Load("reds(players=2)");
  ASSERT_TRUE(game);
  const int fds = OpenFds();
  SimConfig config;
  config.matches = 4;
  config.bots = {ExampleBot(), "heuristic"};
  SimResult one, two;
  std::string error;
  ASSERT_TRUE(simulate(*game, config, &one, &error)) << error;
  EXPECT_EQ(one.matches, 4u);
  EXPECT_EQ(one.forfeited, 0u);
  ASSERT_EQ(one.bots.size(), 2u);
  EXPECT_EQ(one.bots[0].score.n, 4u);  // a seat a match
  EXPECT_EQ(one.bots[0].forfeits, 0u);
  // The bot draws its randomness from the decide message's seed: the same results for any
  // number of threads.
  config.threads = 2;
  ASSERT_TRUE(simulate(*game, config, &two, &error)) << error;
  EXPECT_EQ(one.to_json(), two.to_json());
  EXPECT_TRUE(Children().empty());
  EXPECT_EQ(OpenFds(), fds);
}

TEST(ExecPlayer, AnswersAsTextOrIndexAndWithoutEvents) {
  auto game = Load("s48(players=3)");
  ASSERT_TRUE(game);
  for (const std::string& bot :
       {BadBot("plain"), BadBot("indexed"), BadBot("plain", 3, "(events=false)")}) {
    const Played p = PlayMatch(*game, {bot, "random", "random"}, 5);
    EXPECT_EQ(p.stop, MatchRunner::Stop::kOver) << bot << ": " << p.error;
    EXPECT_TRUE(p.over) << bot;
  }
  EXPECT_TRUE(Children().empty());
}

// What a bot is sent, as `tee` saw it: start first, then events and decisions (the moves those of
// the view), end last, in a match the bot finished.
TEST(ExecPlayer, TheMessagesOfAMatch) {
  auto game = Load("s48(players=3)");
  ASSERT_TRUE(game);
  const std::string log = ::testing::TempDir() + "exec_messages.jsonl";
  const std::string bot =
      "exec:tee " + log + " | " + kPython + " " + kSource + "/examples/random_bot.py";
  const Played p = PlayMatch(*game, {"heuristic", bot, "random"}, 3);
  ASSERT_EQ(p.stop, MatchRunner::Stop::kOver) << p.error;
  std::ifstream in(log);
  std::vector<nlohmann::json> messages;
  for (std::string line; std::getline(in, line);) messages.push_back(nlohmann::json::parse(line));
  ASSERT_GE(messages.size(), 3u);
  EXPECT_EQ(messages.front()["type"], "start");
  EXPECT_EQ(messages.front()["protocol"], kBotProtocolVersion);
  EXPECT_EQ(messages.front()["seat"], 1);
  EXPECT_EQ(messages.front()["game"], game->game_string());
  EXPECT_EQ(messages.back()["type"], "end");
  EXPECT_EQ(messages.back()["scores"].size(), 3u);
  int decisions = 0, events = 0;
  for (std::size_t i = 1; i + 1 < messages.size(); ++i) {
    const nlohmann::json& m = messages[i];
    if (m["type"] == "event") {
      ++events;
      continue;
    }
    ASSERT_EQ(m["type"], "decide") << m.dump();
    ++decisions;
    EXPECT_EQ(m["view"]["seat"], 1);
    EXPECT_EQ(m["moves"], m["view"]["legal"]);
    EXPECT_EQ(m["moves"].size(), m["codes"].size());
    EXPECT_EQ(m["seq"], m["view"]["seq"]);
  }
  EXPECT_GT(decisions, 0);
  EXPECT_GT(events, 0);
  std::remove(log.c_str());
}

// Real time (Nuts, on the runner's virtual clock): the same forfeit.
TEST(ExecPlayer, RealTimeForfeit) {
  auto game = Load("nuts");
  ASSERT_TRUE(game);
  const Played p = PlayMatch(*game, {"heuristic", BadBot("illegal")}, 2);
  ASSERT_EQ(p.stop, MatchRunner::Stop::kForfeit) << p.error;
  EXPECT_EQ(p.forfeit, 1);
  EXPECT_EQ(p.seq_after, p.seq_before);
  EXPECT_NE(p.error.find("illegal move 'play XX'"), std::string::npos) << p.error;
  EXPECT_TRUE(Children().empty());
}

// Each misbehaviour: a clear error, the state unchanged by the failing step, the seat forfeits
// (the match is not over), and the child is gone.
TEST(ExecPlayer, MisbehavingBotsForfeit) {
  auto game = Load("reds");
  ASSERT_TRUE(game);
  const int fds = OpenFds();
  struct Case {
    std::string bot, expect;
  };
  const std::vector<Case> cases = {
      {BadBot("illegal"), "illegal move 'play XX'"},
      {BadBot("index"), "illegal move index"},
      {BadBot("malformed"), "malformed answer '{this is not json': not valid JSON"},
      {BadBot("sleep", 3, "(timeout_ms=300)"), "no answer within 300 ms"},
      {BadBot("crash"), "exited with status 3"},
      {BadBot("chatter"), "wrote 'hello' while not asked to move"},
      // Not UTF-8, and long enough to be cut inside a ♠: quoted as valid UTF-8 (it reaches JSON).
      {BadBot("bytes"), "illegal move '?? \u2660\u2660"},
      {"exec:exit 3", "exited with status 3"},  // dies at once: writes to it must not kill us
      {"exec:/no/such/bot", "status 127"},
  };
  for (const Case& c : cases) {
    const Played p = PlayMatch(*game, {"random", c.bot, "random", "random"}, 11);
    ASSERT_EQ(p.stop, MatchRunner::Stop::kForfeit) << c.bot << ": " << p.error;
    EXPECT_EQ(p.forfeit, 1) << c.bot;
    EXPECT_FALSE(p.over) << c.bot;
    EXPECT_EQ(p.seq_after, p.seq_before) << c.bot;
    const std::string command = c.bot.substr(c.bot.find(':') + 1);
    EXPECT_EQ(p.error.rfind("exec bot '" + command + "' (seat 1): ", 0), 0u) << p.error;
    EXPECT_NE(p.error.find(c.expect), std::string::npos) << c.bot << ": " << p.error;
    EXPECT_TRUE(Children().empty()) << c.bot;
  }
  EXPECT_EQ(OpenFds(), fds);
}

// sim counts a forfeit per failing match and goes on; the forfeiting side loses, the others win,
// and the scores leave the match out. The same for any thread count.
TEST(ExecPlayer, SimCountsForfeitsAndGoesOn) {
  auto game = Load("reds(players=2)");
  ASSERT_TRUE(game);
  SimConfig config;
  config.matches = 4;
  config.bots = {BadBot("crash", 2), "random"};
  SimResult one, two;
  std::string error;
  ASSERT_TRUE(simulate(*game, config, &one, &error)) << error;
  EXPECT_EQ(one.matches, 4u);
  EXPECT_EQ(one.forfeited, 4u);  // the bot sits in every match
  ASSERT_EQ(one.forfeit_log.size(), 4u);
  EXPECT_EQ(one.forfeit_log[0].match, 0u);
  EXPECT_EQ(one.forfeit_log[0].bot, config.bots[0]);
  EXPECT_NE(one.forfeit_log[0].reason.find("exited with status 3"), std::string::npos);
  ASSERT_EQ(one.bots.size(), 2u);
  EXPECT_EQ(one.bots[0].forfeits, 4u);
  EXPECT_EQ(one.bots[1].forfeits, 0u);
  // The forfeiting seat loses, the other wins.
  EXPECT_EQ(one.bots[0].win_rate.mean, 0.0);
  EXPECT_EQ(one.bots[1].win_rate.mean, 1.0);
  EXPECT_EQ(one.bots[0].score.n, 0u);  // no finished match is scored
  EXPECT_EQ(one.bots[0].win_rate.n, 4u);
  const nlohmann::json j = one.to_json();
  EXPECT_EQ(j["forfeited"], 4);
  EXPECT_EQ(j["bots"][0]["forfeits"], 4);
  EXPECT_EQ(j["forfeit_log"].size(), 4u);
  EXPECT_NE(one.to_text().find("forfeits of " + config.bots[0] + ": 4"), std::string::npos)
      << one.to_text();
  config.threads = 2;
  ASSERT_TRUE(simulate(*game, config, &two, &error)) << error;
  EXPECT_EQ(j, two.to_json());
  EXPECT_TRUE(Children().empty());
}

// A program's bytes reach sim's JSON through forfeit reasons: bytes that are not UTF-8 are quoted
// as valid UTF-8, so that `sim --json` can print them.
TEST(ExecPlayer, ForfeitReasonsAreValidUtf8) {
  auto game = Load("reds(players=2)");
  ASSERT_TRUE(game);
  SimConfig config;
  config.matches = 2;
  config.bots = {BadBot("bytes", 1), "random"};
  SimResult result;
  std::string error;
  ASSERT_TRUE(simulate(*game, config, &result, &error)) << error;
  ASSERT_EQ(result.forfeited, 2u);
  std::string text;
  EXPECT_NO_THROW(text = result.to_json().dump(2));
  EXPECT_NE(text.find("?? \u2660"), std::string::npos) << text;
  EXPECT_TRUE(Children().empty());
}

}  // namespace
}  // namespace cardroom
