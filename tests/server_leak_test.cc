// The card room leaks no card. Over real WebSockets, clients record every message of seeded games
// of every game: once with a client at every seat (each playing random legal moves) and once with
// one person at each seat in turn among computer players, a spectator watching both. Then an
// independent replay of the table's stored moves says, move by move, which cards each seat may
// know (the cards its views and visible events have named so far), and no message may name any
// other card.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <thread>

#include "core/registry.h"
#include "core/session.h"
#include "test_room.h"

namespace cardroom::server {
namespace {

using json = nlohmann::json;
using namespace std::chrono_literals;
using testing_room::FakeClient;
using testing_room::RoomFixture;

// At most this many moves per game (the first rounds of every game, several of most), scaled by
// CARDROOM_CONFORMANCE_SCALE (the sanitizer run's 0.1 keeps each game's first rounds).
int moves_per_game() {
  const char* s = std::getenv("CARDROOM_CONFORMANCE_SCALE");
  const double scale = s ? std::atof(s) : 1.0;
  return std::max(40, static_cast<int>(150 * scale));
}

// The card codes a JSON value names: every string token (split at anything but letters and
// digits) that is exactly a card's code.
void collect_cards(const json& j, const std::map<std::string, Card>& codes, std::set<Card>* out) {
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    std::string token;
    for (std::size_t i = 0; i <= s.size(); ++i) {
      const char c = i < s.size() ? s[i] : ' ';
      if (std::isalnum(static_cast<unsigned char>(c))) {
        token += c;
        continue;
      }
      if (auto it = codes.find(token); it != codes.end()) out->insert(it->second);
      token.clear();
    }
  } else if (j.is_structured()) {
    for (const auto& [key, value] : j.items()) {
      if (auto it = codes.find(key); it != codes.end()) out->insert(it->second);
      collect_cards(value, codes, out);
    }
  }
}

// What each viewer (kSpectator, then seats) may know after each move, from a replay of `row`.
struct Knowledge {
  // known[k][viewer + 1]: the cards viewer may know once k moves are made.
  std::vector<std::vector<std::set<Card>>> known;
};

Knowledge replay_knowledge(const TableRow& row, const std::map<std::string, Card>& codes) {
  Knowledge out;
  std::string error;
  auto game = load_game(row.game, &error);
  EXPECT_TRUE(game) << error;
  auto session = Session::create(std::move(game), row.seed, row.first_dealer, {}, &error);
  EXPECT_TRUE(session) << error;
  const int n = session->state().num_seats();
  std::vector<std::set<Card>> known(n + 1);
  std::size_t events_seen = 0;
  auto learn = [&] {
    const auto& events = session->events();
    for (Seat viewer = kSpectator; viewer < n; ++viewer) {
      std::set<Card>& k = known[viewer + 1];
      collect_cards(session->state().view(viewer), codes, &k);
      for (std::size_t i = events_seen; i < events.size(); ++i)
        if (events[i].visible_to_seat(viewer))
          collect_cards(event_json(events[i], session->game().card_names()), codes, &k);
    }
    events_seen = events.size();
    out.known.push_back(known);
  };
  learn();
  for (const MoveRow& m : row.moves) {
    EXPECT_TRUE(session->play(m.seat, m.text, &error, m.time_ms)) << error;
    learn();
  }
  return out;
}

// Plays a seeded game of `entry` at a table whose seats are `seats` ("open": a client joins it and
// plays random legal moves; else a computer player) with a spectator watching, until it ends or
// `cap` moves are made; then checks every message each client and the spectator received.
void play_and_check(RoomFixture& f, const GameEntry& entry, const std::vector<std::string>& seats,
                    int cap, std::mt19937_64& rng, int* checked_messages) {
  std::string error;
  auto game = load_game(entry.name, &error);
  ASSERT_TRUE(game) << error;
  const int n = game->num_seats();
  std::map<std::string, Card> codes;
  for (int id = 0; id < kNoCard; ++id) {
    const std::string code = card_text(static_cast<Card>(id), game->card_names());
    if (code != "??") codes[code] = static_cast<Card>(id);
  }
  auto host = f.client("host");
  f.send(host, {{"type", "create"}, {"game", entry.name}, {"seats", seats}});
  auto created = host->wait_type("created");
  ASSERT_TRUE(created);
  const std::string table = (*created)["table"];
  std::map<Seat, std::shared_ptr<FakeClient>> clients;
  for (int s = 0; s < n; ++s) {
    if (seats[s] != "open") continue;
    clients[s] = f.client("S" + std::to_string(s));
    f.send(clients[s], {{"type", "join"}, {"table", table}, {"seat", s}});
    ASSERT_TRUE(clients[s]->wait_type("seated"));
  }
  auto spectator = f.client("spectator");
  f.send(spectator, {{"type", "watch"}, {"table", table}});
  ASSERT_TRUE(spectator->wait_type("table"));
  // Random legal moves by whichever client may move, until the game ends or the cap.
  const auto deadline = std::chrono::steady_clock::now() + 120s;
  while (std::chrono::steady_clock::now() < deadline) {
    ASSERT_TRUE(f.idle());
    auto latest = spectator->latest(table);
    ASSERT_TRUE(latest);
    if ((*latest)["over"].get<bool>() || (*latest)["seq"].get<int>() >= cap) break;
    bool moved = false;
    for (auto& [s, client] : clients) {
      auto mine = client->latest(table);
      if (!mine || (*mine)["legal"].empty()) continue;
      const json& legal = (*mine)["legal"];
      const json& pick = legal[rng() % legal.size()];
      json move = {{"type", "move"}, {"table", table}, {"code", pick["code"]}};
      if ((*mine).value("mode", "turn") != "real_time") move["seq"] = (*mine)["seq"];
      f.send(client, move);
      moved = true;
      break;
    }
    // Computer players in real time move when their pace says.
    if (!moved) std::this_thread::sleep_for(2ms);
  }
  ASSERT_TRUE(f.idle());
  // What each viewer received, then the table's moves as the storage has them: a move is stored
  // before anyone hears of it, so the storage has every move these messages tell of (computer
  // players in real time go on meanwhile).
  std::vector<std::pair<Seat, std::vector<json>>> received;
  for (auto& [s, client] : clients) received.emplace_back(s, client->all());
  received.emplace_back(kSpectator, spectator->all());
  // This game's connections are done with: the later games' rounds of pings skip them.
  for (auto& [s, client] : clients) f.disconnect(client);
  f.disconnect(spectator);
  f.disconnect(host);
  auto rows = f.storage->unfinished(&error);
  ASSERT_TRUE(rows) << error;
  std::optional<TableRow> row;
  for (const TableRow& r : *rows)
    if (r.id == table) row = r;
  if (!row) {
    // Over: the record has the moves.
    auto [status, body] = f.room->record(table);
    ASSERT_EQ(status, 200) << body;
    const json record = json::parse(body);
    row = TableRow{};
    row->game = entry.name;
    row->seed = record["seed"];
    row->first_dealer = record.value("first_dealer", -1);
    for (const json& m : record["moves"]) {
      MoveRow mr{m[0].get<int>(), m[1].get<std::string>(), std::nullopt};
      if (m.size() > 2) mr.time_ms = m[2].get<std::int64_t>();
      row->moves.push_back(mr);
    }
  }
  const Knowledge knowledge = replay_knowledge(*row, codes);
  // Every message each viewer received: the cards it names are known at the message's seq.
  for (const auto& [viewer, messages] : received) {
    std::uint64_t seq = 0;
    for (const json& m : messages) {
      if (m.contains("seq") && m["seq"].is_number()) seq = m["seq"];
      ASSERT_LT(seq, knowledge.known.size());
      std::set<Card> named;
      collect_cards(m, codes, &named);
      const std::set<Card>& allowed = knowledge.known[seq][viewer + 1];
      for (Card c : named)
        EXPECT_TRUE(allowed.contains(c))
            << seat_name(viewer) << " was told of " << card_text(c, game->card_names())
            << " at seq " << seq << " in: " << m.dump().substr(0, 400);
      ++*checked_messages;
    }
  }
}

// Over the network: what a browser would receive, frame by frame.
TEST(ServerLeak, NoSeatAndNoSpectatorHearsOfACardBeforeItMayKnowIt) {
  RoomFixture f("websocket", 60000ms, /*table_seed=*/20261126);
  std::mt19937_64 rng(7);
  int checked_messages = 0;
  for (const GameEntry* entry : registered_games()) {
    SCOPED_TRACE(entry->name);
    std::string error;
    const int seats = load_game(entry->name, &error)->num_seats();
    play_and_check(f, *entry, std::vector<std::string>(seats, "open"), moves_per_game(), rng,
                   &checked_messages);
  }
  EXPECT_GT(checked_messages, 500);
}

// A person at each seat in turn, computer players at the others.
TEST(ServerLeak, APersonAmongComputerPlayersHearsOfNoCardBeforeItMayKnowIt) {
  RoomFixture f("websocket", 60000ms, /*table_seed=*/1126);
  std::mt19937_64 rng(11);
  int checked_messages = 0;
  for (const GameEntry* entry : registered_games()) {
    SCOPED_TRACE(entry->name);
    std::string error;
    const int n = load_game(entry->name, &error)->num_seats();
    for (int person = 0; person < n; ++person) {
      SCOPED_TRACE("the person at S" + std::to_string(person));
      // Quick computer players: their pace only matters in real time (Nuts).
      std::vector<std::string> seats(n, "heuristic(pace_ms=20)");
      seats[person] = "open";
      play_and_check(f, *entry, seats, moves_per_game() / 2, rng, &checked_messages);
    }
  }
  EXPECT_GT(checked_messages, 500);
}

}  // namespace
}  // namespace cardroom::server
