// The room's computer players that search (Player::searches: ISMCTS, PIMC) decide here, on
// threads of their own, never on the threads that serve people's requests or run the tables.
//
// Fair across tables: each table (a key) has its own queue and at most one decision running at a
// time, and a free thread takes the next table in turn (round robin): a table of slow players gets
// one thread at a time, never the pool, and waits its turn behind the others. Every decision gets
// a StopToken (core/search.h) under its table's: the policy's deadline per move, and cancelled
// when the table ends or the room stops, so a search answers early with what it has.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "core/search.h"

namespace cardroom::server {

class SearchPool {
 public:
  // A decision: run with its stop token (a deadline and its table's cancellation).
  using Job = std::function<void(const StopToken& stop)>;

  SearchPool(int threads, std::chrono::milliseconds deadline);
  ~SearchPool();
  SearchPool(const SearchPool&) = delete;
  SearchPool& operator=(const SearchPool&) = delete;

  // Queues `job` for table `key`; a table's jobs run one at a time, in order. `table_stop` must
  // outlive the job (the table owns it). After stop(), jobs are dropped.
  void submit(const void* key, const StopToken* table_stop, Job job);
  // Runs no new job and waits for the running ones (cancel their tokens first to hurry them).
  void stop();
  // Jobs queued or running.
  std::size_t pending() const;
  int threads() const { return static_cast<int>(threads_.size()); }

 private:
  struct Queue {
    std::deque<std::pair<const StopToken*, Job>> jobs;
    bool running = false;
  };
  void work();

  std::chrono::milliseconds deadline_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<const void*, Queue> queues_;
  std::deque<const void*> ready_;  // tables with a job and none running, in turn order
  std::size_t pending_ = 0;
  bool stopped_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace cardroom::server
