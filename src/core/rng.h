// The project's random number generator: xoshiro256** seeded through splitmix64.
//
// All chance in Cardroom comes from a match seed through this type, so the same seed gives the same
// match on every machine. `below(n)` is unbiased (Lemire's multiply-and-reject), `shuffle` is
// Fisher-Yates. The generator is 32 bytes and trivially copyable: it lives inside game states.
#pragma once

#include <cstdint>
#include <utility>

namespace cardroom {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    for (auto& word : s_) {
      seed += 0x9E3779B97F4A7C15ull;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      word = z ^ (z >> 31);
    }
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, n); n > 0. Unbiased.
  std::uint32_t below(std::uint32_t n) {
    std::uint64_t m = (next() >> 32) * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
      while (low < threshold) {
        m = (next() >> 32) * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  // Uniform double in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // A fresh generator derived from this one (for handing chance to a copy without sharing it).
  Rng split() { return Rng(next()); }

  // Fisher-Yates shuffle of [first, first + n).
  template <class T>
  void shuffle(T* first, int n) {
    for (int i = n - 1; i > 0; --i)
      std::swap(first[i], first[below(static_cast<std::uint32_t>(i + 1))]);
  }

  bool operator==(const Rng&) const = default;

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace cardroom
