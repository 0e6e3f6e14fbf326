// Seats, sets of seats and partnerships.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace cardroom {

using Seat = int;
inline constexpr Seat kSpectator = -1;  // a viewer who sits at no seat
inline constexpr Seat kNoSeat = -1;     // "no seat" in fields that name one (a drawn trick)
// The record's own point of view, which knows everything: for replaying whole records
// (`replay --json`) and tests. Never given to a player.
inline constexpr Seat kOmniscient = -2;
inline constexpr int kMaxSeats = 8;

// A set of seats as a bit mask (bit s = seat s).
class SeatSet {
 public:
  constexpr SeatSet() = default;
  constexpr explicit SeatSet(std::uint32_t bits) : bits_(bits) {}
  static constexpr SeatSet of(Seat s) { return SeatSet(1u << s); }
  static constexpr SeatSet first_n(int n) { return SeatSet((1u << n) - 1); }
  constexpr std::uint32_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool contains(Seat s) const { return s >= 0 && s < 32 && ((bits_ >> s) & 1); }
  constexpr void add(Seat s) { bits_ |= 1u << s; }
  constexpr void remove(Seat s) { bits_ &= ~(1u << s); }
  constexpr Seat lowest() const { return std::countr_zero(bits_); }
  constexpr SeatSet without(Seat s) const { return SeatSet(bits_ & ~(1u << s)); }
  constexpr bool operator==(const SeatSet&) const = default;
  // Iteration in increasing seat order, without allocating.
  class Iterator {
   public:
    constexpr explicit Iterator(std::uint32_t b) : b_(b) {}
    constexpr Seat operator*() const { return std::countr_zero(b_); }
    constexpr Iterator& operator++() {
      b_ &= b_ - 1;
      return *this;
    }
    constexpr bool operator==(const Iterator& o) const = default;

   private:
    std::uint32_t b_;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }
  std::vector<Seat> to_vector() const {
    std::vector<Seat> out;
    for (std::uint32_t b = bits_; b; b &= b - 1) out.push_back(std::countr_zero(b));
    return out;
  }

 private:
  std::uint32_t bits_ = 0;
};

// Every seat (and more): the visibility of public events.
inline constexpr SeatSet kEveryone = SeatSet(0xFFFFFFFFu);

// Partnerships. count == 0: everyone plays alone.
struct Teams {
  int count = 0;
  std::array<std::int8_t, kMaxSeats> team_of{};
  // Points belong to the team as a whole (Back Alley, Truc): a seat has no points of its own and
  // score(seat) is its team's total. False where seats score and a team adds its seats (Reds).
  bool team_scored = false;
  bool operator==(const Teams&) const = default;

  // `count` teams whose members sit every `count` seats: seat s plays for team s % count
  // (partners opposite with 4 seats and 2 teams, or 6 seats and 3 teams).
  static constexpr Teams alternating(int seats, int count, bool team_scored) {
    Teams t;
    t.count = count;
    t.team_scored = team_scored;
    for (int s = 0; s < seats && s < kMaxSeats; ++s)
      t.team_of[s] = static_cast<std::int8_t>(s % count);
    return t;
  }
};

// Four seats in two partnerships, partners opposite (S0+S2 and S1+S3), whose points belong to the
// team (Back Alley, Truc).
inline constexpr Teams kTwoPartnerships = Teams::alternating(4, 2, /*team_scored=*/true);

}  // namespace cardroom
