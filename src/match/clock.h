// Clocks for the match runner: real-time games run on one (seconds since the match started).
//
// `sim` runs on a VirtualClock, which jumps to the next move's time, so thousands of real-time
// games finish in seconds while who moves first still depends on the players' paces. `play` runs
// on a WallClock, which really waits.
#pragma once

#include <algorithm>
#include <chrono>
#include <thread>

namespace cardroom {

class Clock {
 public:
  virtual ~Clock() = default;
  // Seconds since the match started.
  virtual double now() const = 0;
  // Returns when now() >= t.
  virtual void wait_until(double t) = 0;
};

class VirtualClock final : public Clock {
 public:
  double now() const override { return now_; }
  void wait_until(double t) override { now_ = std::max(now_, t); }

 private:
  double now_ = 0;
};

class WallClock final : public Clock {
 public:
  // `from`: the time now, in seconds since the match started (a match resumed after a restart
  // goes on from its last move's time).
  explicit WallClock(double from = 0) : start_(std::chrono::steady_clock::now()), from_(from) {}
  double now() const override {
    if (held_) return from_;
    return from_ + std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  // Stops the match's time (a table nobody is at pauses: a real-time game's clock waits with
  // it), and lets it run on from where it stopped.
  void hold() {
    if (held_) return;
    from_ = now();
    held_ = true;
  }
  void release() {
    if (!held_) return;
    start_ = std::chrono::steady_clock::now();
    held_ = false;
  }
  bool held() const { return held_; }
  void wait_until(double t) override {
    const double wait = t - now();
    if (wait > 0) std::this_thread::sleep_for(std::chrono::duration<double>(wait));
  }

 private:
  std::chrono::steady_clock::time_point start_;
  double from_;
  bool held_ = false;
};

}  // namespace cardroom
