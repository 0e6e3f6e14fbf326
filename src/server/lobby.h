// The card room's lobby: the public tables, built from a snapshot that each table publishes when
// it changes (its entry: id, game, seats, started, over, spectators), never by visiting the tables.
// A lobby message holds at most `page` tables (those waiting for players first, then those
// playing, newest first) and says how many there are (`total`), so it stays small however many
// tables the room holds; a client asks for the next page with an `offset`. Subscribers get the
// first page again when something changes, at most every `interval`.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/room.h"

namespace cardroom::server {

class Lobby {
 public:
  Lobby(boost::asio::io_context& io, int page, std::chrono::milliseconds interval);

  // A table's entry, whenever it changes (`listed`: public); `order` sorts the newest first.
  void publish(const std::string& table, nlohmann::json entry, bool listed, bool waiting,
               std::int64_t created_ms);
  void remove(const std::string& table);
  // `client` receives lobby messages from now on; returns the page at `offset` for it.
  nlohmann::json subscribe(const std::shared_ptr<Client>& client, std::size_t offset);
  void unsubscribe(const Client* client);
  // The page of public tables starting at `offset`.
  nlohmann::json message(std::size_t offset) const;
  // Cancels the pending broadcast (the room stops).
  void stop();

 private:
  struct Entry {
    std::string text;  // the entry's JSON, built once
    bool waiting = false;
    std::int64_t created_ms = 0;
  };
  void changed();  // mu_ held: a broadcast within `interval_`
  void broadcast();

  boost::asio::steady_timer timer_;
  const std::size_t page_;
  const std::chrono::milliseconds interval_;
  mutable std::mutex mu_;
  std::map<std::string, Entry> listed_;  // public tables only
  std::vector<std::weak_ptr<Client>> subscribers_;
  bool scheduled_ = false;
  bool stopped_ = false;
};

}  // namespace cardroom::server
