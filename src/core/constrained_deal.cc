#include "core/constrained_deal.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace cardroom {
namespace {

constexpr int kRejectionTries = 64;
constexpr int kMaxItems = 256;

// The deal of `n` items (cards, possibly repeated) to slots; slot_of[i] receives item i's slot.
// Its arrays are left uninitialised (a resample makes one per call, and zeroing 2 KB cost a
// tenth of a resample): `cards` and `slot_of` are written before they are read, the others by the
// augmenting-path pass that uses them.
struct ItemDeal {
  std::span<const DealSlot> slots;
  std::array<Card, kMaxItems> cards;
  int n = 0;
  std::array<int, kMaxItems> slot_of;
  std::array<int, kMaxDealSlots> load;
  std::array<bool, kMaxDealSlots> visited;
  std::array<int, kMaxDealSlots> order;

  // Tries to place item i, displacing others along an augmenting path.
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

  // Fills slot_of; false if no assignment exists.
  bool run(Rng& rng) {
    const int num_slots = static_cast<int>(slots.size());
    // 1. Rejection sampling: exact uniform distribution over valid deals.
    for (int attempt = 0; attempt < kRejectionTries; ++attempt) {
      rng.shuffle(cards.data(), n);
      int pos = 0;
      bool ok = true;
      for (int j = 0; j < num_slots && ok; ++j)
        for (int k = 0; k < slots[j].count; ++k) {
          if (!slots[j].allowed.contains(cards[pos])) {
            ok = false;
            break;
          }
          slot_of[pos++] = j;
        }
      if (ok) return true;
    }
    return assign(rng);
  }

  // 2. Augmenting-path assignment in random order, then random allowed swaps to mix (after
  // rejection sampling failed).
  bool assign(Rng& rng) {
    const int num_slots = static_cast<int>(slots.size());
    rng.shuffle(cards.data(), n);
    slot_of.fill(-1);
    load.fill(0);
    for (int j = 0; j < num_slots; ++j) order[j] = j;
    for (int i = 0; i < n; ++i) {
      rng.shuffle(order.data(), num_slots);
      visited.fill(false);
      if (!place(i)) return false;
    }
    for (int step = 0; step < 8 * n; ++step) {
      int a = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
      int b = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
      int sa = slot_of[a], sb = slot_of[b];
      if (sa == sb) continue;
      if (slots[sb].allowed.contains(cards[a]) && slots[sa].allowed.contains(cards[b])) {
        slot_of[a] = sb;
        slot_of[b] = sa;
      }
    }
    return true;
  }
};

bool sizes_fit(std::span<const DealSlot> slots, int cards) {
  if (slots.size() > static_cast<std::size_t>(kMaxDealSlots) || cards > kMaxItems) return false;
  int total = 0;
  for (const auto& s : slots) {
    if (s.count < 0) return false;
    total += s.count;
  }
  return total == cards;
}

}  // namespace

bool deal_constrained(CardSet pool, std::span<const DealSlot> slots, std::span<CardSet> out,
                      Rng& rng) {
  // Rejection sampling as ItemDeal::run does it (the same shuffles, so the same deal), on card
  // sets: each slot's cards are gathered as a set and checked against `allowed` at once.
  std::array<Card, 64> cards;
  int n = 0;
  for (Card c : pool) cards[n++] = c;
  if (!sizes_fit(slots, n) || out.size() < slots.size()) return false;
  const int num_slots = static_cast<int>(slots.size());
  for (int attempt = 0; attempt < kRejectionTries; ++attempt) {
    rng.shuffle(cards.data(), n);
    int pos = 0, j = 0;
    for (; j < num_slots; ++j) {
      std::uint64_t got = 0;
      for (const int end = pos + slots[j].count; pos < end; ++pos)
        got |= std::uint64_t{1} << cards[pos];
      if (got & ~slots[j].allowed.bits()) break;
      out[j] = CardSet(got);
    }
    if (j == num_slots) return true;
  }
  // Tight constraints: the augmenting-path deal, from the cards as the last shuffle left them.
  ItemDeal deal;
  deal.slots = slots;
  deal.n = n;
  std::copy_n(cards.begin(), n, deal.cards.begin());
  if (!deal.assign(rng)) return false;
  for (std::size_t j = 0; j < slots.size(); ++j) out[j] = CardSet();
  for (int i = 0; i < deal.n; ++i) out[deal.slot_of[i]].add(deal.cards[i]);
  return true;
}

bool deal_constrained(const CardMultiset& pool, std::span<const DealSlot> slots,
                      std::span<CardMultiset> out, Rng& rng) {
  ItemDeal deal;
  deal.slots = slots;
  if (pool.size() > kMaxItems) return false;
  // Every copy in id order, as pool.to_vector() lists them, without its heap.
  for (int c = 0; c < 64; ++c)
    for (int k = 0; k < pool.count(static_cast<Card>(c)); ++k)
      deal.cards[deal.n++] = static_cast<Card>(c);
  if (!sizes_fit(slots, deal.n) || out.size() < slots.size()) return false;
  if (!deal.run(rng)) return false;
  for (std::size_t j = 0; j < slots.size(); ++j) out[j] = CardMultiset();
  for (int i = 0; i < deal.n; ++i) out[deal.slot_of[i]].add(deal.cards[i]);
  return true;
}

bool redeal_hidden(std::span<const HiddenPlace> places, Rng& rng) {
  std::array<DealSlot, kMaxDealSlots> slots{};
  std::array<CardSet, kMaxDealSlots> dealt{};
  CardSet pool;
  bool fits = places.size() <= static_cast<std::size_t>(kMaxDealSlots);
  for (std::size_t i = 0; i < places.size() && fits; ++i) {
    const HiddenPlace& p = places[i];
    fits = p.cards->contains_all(p.known);
    pool |= *p.cards - p.known;
    slots[i] = DealSlot{p.cards->size() - p.known.size(), p.allowed};
  }
  if (fits &&
      deal_constrained(pool, {slots.data(), places.size()}, {dealt.data(), places.size()}, rng)) {
    for (std::size_t i = 0; i < places.size(); ++i) *places[i].cards = dealt[i] | places[i].known;
    return true;
  }
  for (const HiddenPlace& p : places) *p.cards &= p.known;
  return false;
}

}  // namespace cardroom
