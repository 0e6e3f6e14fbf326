#include "server/search_pool.h"

#include <algorithm>

namespace cardroom::server {

SearchPool::SearchPool(int threads, std::chrono::milliseconds deadline) : deadline_(deadline) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { work(); });
}

SearchPool::~SearchPool() { stop(); }

void SearchPool::submit(const void* key, const StopToken* table_stop, Job job) {
  std::lock_guard lock(mu_);
  if (stopped_) return;
  Queue& q = queues_[key];
  q.jobs.emplace_back(table_stop, std::move(job));
  ++pending_;
  if (!q.running && q.jobs.size() == 1) ready_.push_back(key);
  cv_.notify_one();
}

void SearchPool::work() {
  std::unique_lock lock(mu_);
  for (;;) {
    cv_.wait(lock, [&] { return stopped_ || !ready_.empty(); });
    if (stopped_) return;
    const void* key = ready_.front();
    ready_.pop_front();
    Queue& q = queues_[key];
    auto [table_stop, job] = std::move(q.jobs.front());
    q.jobs.pop_front();
    q.running = true;
    lock.unlock();
    {
      StopToken stop(table_stop);
      stop.set_deadline(std::chrono::steady_clock::now() + deadline_);
      job(stop);
    }
    lock.lock();
    --pending_;
    Queue& after = queues_[key];
    after.running = false;
    if (!after.jobs.empty())
      ready_.push_back(key);  // its next decision waits behind the other tables'
    else
      queues_.erase(key);
    cv_.notify_all();
  }
}

void SearchPool::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopped_ && threads_.empty()) return;
    stopped_ = true;
    for (auto& [key, q] : queues_) pending_ -= q.jobs.size();
    for (auto& [key, q] : queues_) q.jobs.clear();
    ready_.clear();
  }
  cv_.notify_all();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

std::size_t SearchPool::pending() const {
  std::lock_guard lock(mu_);
  return pending_;
}

}  // namespace cardroom::server
