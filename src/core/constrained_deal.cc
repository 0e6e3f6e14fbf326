#include "core/constrained_deal.h"

#include <array>

namespace cardroom {
namespace {

constexpr int kMaxSlots = 16;
constexpr int kRejectionTries = 64;

struct Matcher {
  std::span<const DealSlot> slots;
  std::array<Card, 64> cards{};
  int n = 0;
  std::array<int, 64> slot_of{};  // per card index
  std::array<int, kMaxSlots> load{};
  std::array<bool, kMaxSlots> visited{};
  std::array<int, kMaxSlots> order{};

  // Tries to place card i, displacing others along an augmenting path.
  bool place(int i) {
    for (int k = 0; k < static_cast<int>(slots.size()); ++k) {
      int j = order[k];
      if (visited[j] || !slots[j].allowed.contains(cards[i])) continue;
      visited[j] = true;
      if (load[j] < slots[j].count) {
        slot_of[i] = j;
        load[j]++;
        return true;
      }
      for (int other = 0; other < n; ++other) {
        if (slot_of[other] != j) continue;
        slot_of[other] = -1;
        load[j]--;
        if (place(other)) {
          slot_of[i] = j;
          load[j]++;
          return true;
        }
        slot_of[other] = j;
        load[j]++;
      }
    }
    return false;
  }
};

}  // namespace

bool deal_constrained(CardSet pool, std::span<const DealSlot> slots, std::span<CardSet> out,
                      Rng& rng) {
  const int num_slots = static_cast<int>(slots.size());
  if (num_slots > kMaxSlots) return false;
  std::array<Card, 64> cards{};
  int n = 0;
  for (Card c : pool) cards[n++] = c;
  int total = 0;
  for (const auto& s : slots) total += s.count;
  if (total != n) return false;

  // 1. Rejection sampling: exact uniform distribution over valid deals.
  for (int attempt = 0; attempt < kRejectionTries; ++attempt) {
    rng.shuffle(cards.data(), n);
    int pos = 0;
    bool ok = true;
    for (int j = 0; j < num_slots && ok; ++j) {
      CardSet got;
      for (int k = 0; k < slots[j].count; ++k) {
        Card c = cards[pos++];
        if (!slots[j].allowed.contains(c)) {
          ok = false;
          break;
        }
        got.add(c);
      }
      out[j] = got;
    }
    if (ok) return true;
  }

  // 2. Augmenting-path assignment in random order, then random allowed swaps to mix.
  Matcher m;
  m.slots = slots;
  m.n = n;
  m.cards = cards;
  rng.shuffle(m.cards.data(), n);
  m.slot_of.fill(-1);
  for (int j = 0; j < num_slots; ++j) m.order[j] = j;
  for (int i = 0; i < n; ++i) {
    rng.shuffle(m.order.data(), num_slots);
    m.visited.fill(false);
    if (!m.place(i)) return false;
  }
  for (int step = 0; step < 8 * n; ++step) {
    int a = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
    int b = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
    int sa = m.slot_of[a], sb = m.slot_of[b];
    if (sa == sb) continue;
    if (slots[sb].allowed.contains(m.cards[a]) && slots[sa].allowed.contains(m.cards[b])) {
      m.slot_of[a] = sb;
      m.slot_of[b] = sa;
    }
  }
  for (int j = 0; j < num_slots; ++j) out[j] = CardSet();
  for (int i = 0; i < n; ++i) out[m.slot_of[i]].add(m.cards[i]);
  return true;
}

}  // namespace cardroom
