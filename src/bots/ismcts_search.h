// The search of the `ismcts` player (bots/ismcts.h says what it does and why): information-set
// Monte Carlo tree search as a template over a game's concrete State, so that every iteration
// (resample, descent, playout, backup) runs with no virtual call, no string and no allocation.
// The registry instantiates it for every game (games/all_games.cc sets core/search.h's
// `search_hook<State>` to `&ismcts_search<State>`); players reach it through AnyState::search.
//
// The tree lives in a SearchMemory: one array of fixed-size nodes, reused from search to search
// (cleared, never freed), so a search allocates only when its tree outgrows every tree before
// it, and never per node or per iteration.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/any_game.h"
#include "core/huge_pages.h"
#include "core/search.h"

namespace cardroom {

class SearchMemory {
 public:
  // A node is one move made by one seat after the moves on the path from the root: it holds the
  // statistics of that move for its seat (SO-ISMCTS: a node is reached by the same moves in
  // every world, whatever the hidden cards).
  //
  // The children of a node are reserved together the first time the search expands it: a run of
  // consecutive nodes, one per move then legal, in move order, each made when its move is first
  // tried. Where the moves are the same in every world (the seat's own, a bid) the legal moves
  // and the run match one for one. A node where another seat moves collects more children as
  // the worlds differ (a card that seat holds in another world): each is put into the run in
  // its move order, the run moving to the end of the arena, with room to spare, when it is full.
  // So a node's children are always found by reading its run beside the legal moves, both in
  // move order, with no search at all. Only children of a seat other than the run's (the seats
  // of a simultaneous phase choosing at one node) and children past a run's 255 lie elsewhere,
  // found through a hash table keyed by their parent and move.
  struct Node {
    Move move;
    double reward = 0;            // the sum of the results backed up for `seat`'s side
    std::uint32_t visits = 0;     // iterations that made this move here
    std::uint32_t available = 0;  // iterations in which it was legal when `seat` chose here
    std::uint32_t run = 0;        // the first node of the children's run (0: none)
    std::uint8_t run_length = 0;  // children in the run
    std::uint8_t run_room = 0;    // nodes the run holds: run_length of them in use
    std::int8_t seat = kNoSeat;   // who makes `move`
    bool made : 1 = false;        // a child made (not only reserved in its parent's run)
    bool others : 1 = false;      // it has children outside its run (in the table)
  };
  static_assert(sizeof(Node) == 32);
  static constexpr int kMaxDepth = 1024;  // nodes on one path from the root
  static constexpr int kMaxRun = 255;     // children in a run

  // Clears the tree and makes its root; the memory is kept.
  void reset() {
    nodes_.clear();
    nodes_.push_back(Node{});
    nodes_[0].made = true;
    free_.fill(0);
    clear_table(kFirstSlots);
  }
  // Nodes made or reserved (and runs left behind when they moved).
  std::uint32_t size() const { return static_cast<std::uint32_t>(nodes_.size()); }
  Node& operator[](std::uint32_t i) { return nodes_[i]; }
  const Node& operator[](std::uint32_t i) const { return nodes_[i]; }

  // For each of `moves` (sorted, `count` of them) the node of `seat` playing it after `parent`:
  // in `made` the child made (0: none), in `reserved` the node of its parent's run kept for it
  // (0: none). Returns how many children are made.
  int find_all(std::uint32_t parent, Seat seat, const Move* moves, int count, std::uint32_t* made,
               std::uint32_t* reserved) const {
    const Node& p = nodes_[parent];
    int found = 0;
    if (p.run != 0 && nodes_[p.run].seat == seat) {
      // The run and the moves are both in move order: one pass over both.
      const Node* run = &nodes_[p.run];
      const int length = p.run_length;
      // A run that has collected many children (another seat's cards over many worlds) is
      // entered where the first move would lie: binary search, then one pass.
      int j = 0;
      if (length > 16 && count > 0)
        j = static_cast<int>(
            std::partition_point(run, run + length,
                                 [&](const Node& n) { return n.move < moves[0]; }) -
            run);
      for (int i = 0; i < count; ++i) {
        while (j < length && run[j].move < moves[i]) ++j;
        const bool in_run = j < length && run[j].move == moves[i];
        reserved[i] = in_run ? p.run + static_cast<std::uint32_t>(j) : 0;
        made[i] = in_run && run[j].made ? reserved[i] : 0;
        found += made[i] != 0;
      }
    } else {
      std::fill_n(made, count, 0u);
      std::fill_n(reserved, count, 0u);
    }
    if (p.others)
      for (int i = 0; i < count; ++i)
        if (reserved[i] == 0 && (made[i] = find_other(parent, seat, moves[i])) != 0) ++found;
    return found;
  }
  // The child of `parent` made by `seat` playing `move`; 0 if there is none.
  std::uint32_t find(std::uint32_t parent, Seat seat, Move move) const {
    std::uint32_t made, reserved;
    find_all(parent, seat, &move, 1, &made, &reserved);
    return made;
  }
  // Reserves the run of `parent`'s children, one per move of `moves` (sorted, at most kMaxRun);
  // the parent has none. The first of them.
  std::uint32_t reserve_run(std::uint32_t parent, Seat seat, const Move* moves, int count) {
    CARDROOM_ASSERT(count > 0 && count <= kMaxRun, "a run holds 1 to 255 children");
    const auto first = allocate(count);
    for (int i = 0; i < count; ++i) {
      Node& n = nodes_[first + static_cast<std::uint32_t>(i)];
      n = Node{};
      n.move = moves[i];
      n.seat = static_cast<std::int8_t>(seat);
    }
    nodes_[parent].run = first;
    nodes_[parent].run_length = nodes_[parent].run_room = static_cast<std::uint8_t>(count);
    return first;
  }
  // Makes the child of `parent` for `seat` and `move`: the node `reserved` for it in the run, or
  // a new node outside it (reserved 0), put into the run when the run is `seat`'s (or there is
  // none), not full and not pinned. Indices of the parent's other children may change (the run
  // moves, or its later children move up one); no other node's do. A run that moves takes up to
  // kMaxRun nodes beyond the tree's limit.
  std::uint32_t make_child(std::uint32_t parent, Seat seat, Move move, std::uint32_t reserved) {
    if (reserved != 0) {
      nodes_[reserved].made = true;
      return reserved;
    }
    const Node& p = nodes_[parent];
    if (p.run == 0 || (nodes_[p.run].seat == seat && p.run_length < kMaxRun && !pinned(p)))
      return insert_in_run(parent, seat, move);
    const auto index = size();
    Node& n = nodes_.emplace_back();
    n.move = move;
    n.seat = static_cast<std::int8_t>(seat);
    n.made = true;
    nodes_[parent].others = true;
    if (2 * (others_ + 1) > mask_ + 1) grow_table();
    insert(parent, index);
    ++others_;
    return index;
  }
  // The child of `parent` made by `seat` playing `move`, made if there is none and the tree may
  // grow; 0 if it may not.
  std::uint32_t child(std::uint32_t parent, Seat seat, Move move, std::uint32_t max_nodes) {
    std::uint32_t made, reserved;
    find_all(parent, seat, &move, 1, &made, &reserved);
    if (made != 0) return made;
    return room(max_nodes) > 0 ? make_child(parent, seat, move, reserved) : 0;
  }
  // How many more nodes the tree may take under a limit of `max_nodes` nodes' worth of memory
  // (SearchQuery::max_nodes): the table counts at its share of a node.
  std::int64_t room(std::uint32_t max_nodes) const {
    return std::int64_t{max_nodes} - size() -
           static_cast<std::int64_t>((mask_ + 1) * sizeof(std::uint64_t) / sizeof(Node));
  }
  // Starts reading the run of `node`'s children into the cache (its next search step reads it).
  void prefetch_children(std::uint32_t node) const {
    const Node& n = nodes_[node];
    if (n.run == 0) return;
    const char* begin = reinterpret_cast<const char*>(&nodes_[n.run]);
    const char* end = begin + n.run_length * sizeof(Node);
    for (const char* p = begin; p < end; p += 64) __builtin_prefetch(p);
  }
  // The path of the iteration in progress.
  std::array<std::uint32_t, kMaxDepth>& path() { return path_; }
  // Memory held, for `bench --search`.
  std::size_t bytes() const {
    return nodes_.capacity() * sizeof(Node) +
           (slots_.capacity() + spare_.capacity()) * sizeof(std::uint64_t) + sizeof(*this);
  }
  // Memory the tree uses now: its nodes and the table.
  std::size_t bytes_used() const {
    return nodes_.size() * sizeof(Node) + (mask_ + 1) * sizeof(std::uint64_t);
  }

 private:
  static constexpr std::size_t kFirstSlots = 256;

  static std::size_t hash(std::uint32_t parent, Seat seat, Move move) {
    std::uint64_t h = (move.code ^ (std::uint64_t{static_cast<std::uint8_t>(seat)} << 56)) *
                      0x9E3779B97F4A7C15ull;
    h ^= parent * 0xD6E8FEB86659FD93ull;
    return static_cast<std::size_t>(h ^ (h >> 32));
  }
  // Whether the run of `p` may not move: a child of it has children in the table, keyed by its
  // index (only where seats other than the run's choose at one node).
  bool pinned(const Node& p) const {
    const Node* run = &nodes_[p.run];
    for (int j = 0; j < p.run_length; ++j)
      if (run[j].others) return true;
    return false;
  }
  // Puts a new child of `seat` for `move` (not in the run) into `parent`'s run, in move order;
  // a full run moves to the end of the arena with room for half as many again (at least 4).
  std::uint32_t insert_in_run(std::uint32_t parent, Seat seat, Move move) {
    const int length = nodes_[parent].run_length;
    Node fresh;
    fresh.move = move;
    fresh.seat = static_cast<std::int8_t>(seat);
    fresh.made = true;
    if (length == nodes_[parent].run_room) {
      // A first child alone (the next seat's submission in a simultaneous phase often has no
      // other): room for it only.
      const int room = length == 0 ? 1 : std::min(kMaxRun, length + std::max(4, length / 2));
      const auto first = allocate(room);
      Node& p = nodes_[parent];
      if (length > 0) {
        std::copy_n(&nodes_[p.run], length, &nodes_[first]);
        release(p.run, length);
      }
      p.run = first;
      p.run_room = static_cast<std::uint8_t>(room);
    }
    Node& p = nodes_[parent];
    Node* run = &nodes_[p.run];
    int j = length;
    for (; j > 0 && move < run[j - 1].move; --j) run[j] = run[j - 1];
    run[j] = fresh;
    ++p.run_length;
    return p.run + static_cast<std::uint32_t>(j);
  }
  // `count` consecutive nodes for a run: a run left behind of that size, or new ones at the end.
  std::uint32_t allocate(int count) {
    if (const std::uint32_t first = free_[count]; first != 0) {
      free_[count] = nodes_[first].run;
      return first;
    }
    const auto first = size();
    nodes_.resize(nodes_.size() + static_cast<std::size_t>(count));
    return first;
  }
  // The `count` nodes from `first`, a run that moved, are free for the next run of that size
  // (listed through their first node's `run`).
  void release(std::uint32_t first, int count) {
    nodes_[first].run = free_[count];
    free_[count] = first;
  }
  // A slot holds a child outside its parent's run: the parent's index above the child's.
  std::uint32_t find_other(std::uint32_t parent, Seat seat, Move move) const {
    for (std::size_t i = hash(parent, seat, move) & mask_;; i = (i + 1) & mask_) {
      const std::uint64_t slot = slots_[i];
      if (slot == 0) return 0;
      const auto c = static_cast<std::uint32_t>(slot);
      if (static_cast<std::uint32_t>(slot >> 32) == parent && nodes_[c].move == move &&
          nodes_[c].seat == seat)
        return c;
    }
  }
  void insert(std::uint32_t parent, std::uint32_t index) {
    const Node& n = nodes_[index];
    std::size_t i = hash(parent, n.seat, n.move) & mask_;
    while (slots_[i] != 0) i = (i + 1) & mask_;
    slots_[i] = std::uint64_t{parent} << 32 | index;
  }
  // Empties the table, `slots` of them in use (a power of two); the memory is kept.
  void clear_table(std::size_t slots) {
    if (slots_.size() < slots) slots_.resize(slots);
    std::fill_n(slots_.begin(), slots, 0);
    mask_ = slots - 1;
    others_ = 0;
  }
  // Doubles the table (kept at most half full).
  void grow_table() {
    const std::size_t old = mask_ + 1;
    if (spare_.size() < old) spare_.resize(old);
    std::copy_n(slots_.begin(), old, spare_.begin());
    const std::uint32_t others = others_;
    clear_table(2 * old);
    for (std::size_t i = 0; i < old; ++i)
      if (spare_[i] != 0)
        insert(static_cast<std::uint32_t>(spare_[i] >> 32), static_cast<std::uint32_t>(spare_[i]));
    others_ = others;
  }

  std::vector<Node, HugePageAllocator<Node>> nodes_;  // read at random: core/huge_pages.h
  std::vector<std::uint64_t> slots_;  // the table of children outside their parent's run
  std::vector<std::uint64_t> spare_;  // the old table while it grows
  std::size_t mask_ = 0;
  std::uint32_t others_ = 0;  // children in the table
  // Per size, the first of the runs left behind when they moved (0: none), for reuse.
  std::array<std::uint32_t, kMaxRun + 1> free_{};
  std::array<std::uint32_t, kMaxDepth> path_{};
};

namespace ismcts_detail {

inline double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// A playout that has not reached the end of its round after this many moves stops and counts the
// scores as they are (no game takes this many moves over a round).
inline constexpr int kMaxPlayoutMoves = 100000;

// The log of an availability count: UCB takes it for every child at every step. Counts below
// kLogTableSize come from a table of std::log (the same values, looked up). A larger count is
// 2^shift * m, m rounded to its 12 leading bits (2048..4096), and its log the sum of two looked
// up: log(m) + shift * log(2), within 2.5e-4 of the exact log (a relative 2e-5 of logs above 8).
// One float addition of two table entries: the same value on every machine (no library log, no
// fused multiply-add), which keeps the search's decisions the same for a seed everywhere.
inline constexpr std::uint32_t kLogTableSize = 4096;
inline const std::array<float, kLogTableSize + 1> kLogTable = [] {
  std::array<float, kLogTableSize + 1> t{};
  for (std::uint32_t i = 0; i <= kLogTableSize; ++i) t[i] = std::log(static_cast<float>(i));
  return t;
}();
inline constexpr std::array<float, 33> kShiftLog = [] {
  std::array<float, 33> t{};
  for (int k = 0; k <= 32; ++k) t[k] = static_cast<float>(k * 0.693147180559945309417232121458);
  return t;
}();
inline float log_of(std::uint32_t count) {
  if (count < kLogTableSize) return kLogTable[count];
  const int shift = std::bit_width(count) - 12;  // 1..20
  const std::uint32_t m = static_cast<std::uint32_t>(
      (std::uint64_t{count} + (std::uint64_t{1} << (shift - 1))) >> shift);
  return kLogTable[m] + kShiftLog[shift];
}

template <GameState S>
class Search {
 public:
  using Heuristic = Move (*)(const S&, Seat, Rng&);
  using Node = SearchMemory::Node;

  Search(const S& world, Heuristic heuristic, const SearchQuery& query, SearchMemory& memory,
         Rng& rng)
      : world_(world),
        inference_model_(heuristic),
        heuristic_(query.heuristic_playout ? heuristic : nullptr),
        model_(query.heuristic_others ? heuristic : nullptr),
        query_(query),
        memory_(memory),
        rng_(rng),
        me_(query.seat),
        sides_(query.teams.count > 0 ? query.teams.count : world.num_seats()),
        rounds_(world.rounds_completed()),
        last_round_(query.horizon > 0 ? rounds_ + query.horizon : std::numeric_limits<int>::max()) {
    for (int d = 0; d < sides_; ++d) root_score_[d] = side_score(world, d);
    for (Seat s = 0; s < world.num_seats(); ++s)
      side_of_[s] = static_cast<std::int8_t>(query.teams.count > 0 ? query.teams.team_of[s] : s);
  }

  SearchResult run() {
    memory_.reset();
    if (query_.infer_pool > 0) draw_pool();
    SearchResult result;
    const auto clock = query_.clock ? query_.clock : &steady_seconds;
    const double start = query_.seconds > 0 ? clock() : 0;
    const std::uint64_t cap = std::max<std::uint64_t>(1, query_.iterations);
    for (;;) {
      iterate(result);
      ++result.iterations;
      if (result.iterations >= cap) break;
      // The clock is read every 16 iterations: reading it costs about a percent of an iteration.
      if (query_.seconds > 0 && result.iterations % 16 == 0 && clock() - start >= query_.seconds)
        break;
      if (query_.stop && result.iterations % 16 == 0 && query_.stop->requested()) break;
    }
    MoveList<S::kMaxMoves> legal;
    world_.legal_moves(me_, legal);
    result.moves.reserve(static_cast<std::size_t>(legal.size()));
    for (Move m : legal) {
      SearchMoveStats stats{m, 0, 0};
      if (const std::uint32_t c = memory_.find(0, me_, m); c && memory_[c].visits > 0) {
        stats.visits = memory_[c].visits;
        stats.mean = memory_[c].reward / memory_[c].visits;
      }
      result.moves.push_back(stats);
    }
    result.nodes = memory_.size();
    result.bytes = memory_.bytes();
    return result;
  }

 private:
  int side_score(const S& s, int side) const {
    return query_.teams.count > 0 ? s.team_score(side) : s.score(side);
  }
  // The search's last round is over (SearchQuery::horizon: by default the round in which the
  // search began; a redeal within it, all passing, does not end it).
  bool round_over(const S& s) const { return s.over() || s.rounds_completed() >= last_round_; }

  // Real time: the seats move in time slices, each once per slice in random order (the match
  // runner's race between players of equal pace: every decision due after the same delay, ties
  // broken at random). `moved` holds the seats that have moved in the current slice.
  Seat slice_actor(SeatSet actors, SeatSet& moved) {
    SeatSet waiting(actors.bits() & ~moved.bits());
    if (waiting.empty()) {
      moved = SeatSet();
      waiting = actors;
    }
    int k = static_cast<int>(rng_.below(static_cast<std::uint32_t>(waiting.size())));
    std::uint32_t bits = waiting.bits();
    while (k-- > 0) bits &= bits - 1;
    const Seat s = std::countr_zero(bits);
    moved.add(s);
    return s;
  }

  // The seat that moves next outside a simultaneous phase: the only actor, or in real time the
  // next of the slice.
  Seat next_actor(const S& w, SeatSet actors, SeatSet& moved) {
    if (actors.size() > 1 && w.mode() == ActorMode::kRealTime) return slice_actor(actors, moved);
    return actors.lowest();
  }

  // UCB's terms for `m` children (the arrays padded to a multiple of four): the exploitation
  // term, the mean result scaled to [0, 1] by the results seen so far (0.5 before any spread),
  // and the exploration term, exploration * sqrt(log(available) / visits). Four at a time
  // where SSE is (the same IEEE operations as one at a time: the same values).
  void ucb_terms(int m, const float* visits, const float* reward, const float* log_available,
                 float* exploit, float* explore) const {
    const float scale = hi_ > lo_ ? static_cast<float>(1.0 / (hi_ - lo_)) : 0.0f;
    const auto lo = static_cast<float>(lo_);
    const auto c = static_cast<float>(query_.exploration);
#if defined(__SSE2__)
    const __m128 lo4 = _mm_set1_ps(lo), scale4 = _mm_set1_ps(scale), c4 = _mm_set1_ps(c);
    for (int k = 0; k < m; k += 4) {
      const __m128 v = _mm_load_ps(visits + k);
      const __m128 mean = _mm_div_ps(_mm_load_ps(reward + k), v);
      _mm_store_ps(exploit + k,
                   scale > 0 ? _mm_mul_ps(_mm_sub_ps(mean, lo4), scale4) : _mm_set1_ps(0.5f));
      _mm_store_ps(explore + k,
                   _mm_mul_ps(c4, _mm_sqrt_ps(_mm_div_ps(_mm_load_ps(log_available + k), v))));
    }
#else
    for (int k = 0; k < m; ++k) {
      exploit[k] = scale > 0 ? (reward[k] / visits[k] - lo) * scale : 0.5f;
      explore[k] = c * std::sqrt(log_available[k] / visits[k]);
    }
#endif
  }

  struct Choice {
    std::uint32_t node = 0;  // the child chosen (0: none, the tree is full)
    Move move;
    bool made = false;  // the child is new: the descent ends after this step
  };

  // `seat`'s move at `node` in world `w`: an untried legal move (drawn uniformly) if there is one
  // and the tree may grow, else the child of the best upper confidence bound among the legal ones
  // (each of them counted available).
  //
  // In a simultaneous phase (`simultaneous`) each child's exploration term is scaled by a random
  // factor in [0.5, 1.5): seats choosing at the same node from alike statistics would otherwise
  // move in lockstep (in matching pennies, both always taking their less visited move, the second
  // seat would match the first every time without seeing it).
  Choice select(std::uint32_t node, Seat seat, const S& w, bool simultaneous = false) {
    if (model_ && seat != me_) {
      // Another seat, modelled by the game's heuristic: its move, one child per move it makes.
      const Move m = model_(w, seat, rng_);
      const std::uint32_t before = memory_.size();
      const std::uint32_t c = memory_.child(node, seat, m, query_.max_nodes);
      return {c, m, memory_.size() != before};
    }
    MoveList<S::kMaxMoves> legal;
    w.legal_moves(seat, legal);
    const int n = legal.size();
    std::array<std::uint32_t, S::kMaxMoves> child_at, reserved;
    const int tried =
        memory_.find_all(node, seat, legal.begin(), n, child_at.data(), reserved.data());
    if (tried < n && memory_.room(query_.max_nodes) > 0) {
      int k = static_cast<int>(rng_.below(static_cast<std::uint32_t>(n - tried)));
      int i = 0;
      for (;; ++i)
        if (child_at[i] == 0 && k-- == 0) break;
      for (int j = 0; j < n; ++j)
        if (child_at[j]) ++memory_[child_at[j]].available;
      // The first expansion here reserves the run of the children.
      if (memory_[node].run == 0 && tried == 0 && n <= 255 && memory_.room(query_.max_nodes) >= n)
        reserved[i] = memory_.reserve_run(node, seat, legal.begin(), n) + i;
      const std::uint32_t c = memory_.make_child(node, seat, legal[i], reserved[i]);
      memory_[c].available = 1;
      return {c, legal[i], true};
    }
    if (tried == 0)  // the tree is full: a random move, and the descent ends
      return {0, legal[static_cast<int>(rng_.below(static_cast<std::uint32_t>(n)))], false};
    // UCB1 in single precision (logf and sqrtf cost a third of their double forms). First each
    // tried child's statistics (each counted available), then both terms for four children at a
    // time, then the choice in move order.
    constexpr int kPadded = (S::kMaxMoves + 3) / 4 * 4;
    alignas(16) std::array<float, kPadded> visits, reward, log_available, exploit, explore;
    std::array<std::uint16_t, kPadded> index;
    int m = 0;
    // Children are often equally available (all legal in every world): one log for them all.
    std::uint32_t log_count = 0;
    float log_last = 0;
    for (int i = 0; i < n; ++i) {
      if (!child_at[i]) continue;
      Node& child = memory_[child_at[i]];
      ++child.available;
      if (child.available != log_count) {
        log_count = child.available;
        log_last = log_of(log_count);
      }
      visits[m] = static_cast<float>(std::max<std::uint32_t>(child.visits, 1));
      reward[m] = static_cast<float>(child.reward);
      log_available[m] = log_last;
      index[m++] = static_cast<std::uint16_t>(i);
    }
    for (int k = m; k < (m + 3) / 4 * 4; ++k) {
      visits[k] = 1;
      reward[k] = log_available[k] = 0;
    }
    ucb_terms(m, visits.data(), reward.data(), log_available.data(), exploit.data(),
              explore.data());
    float best_value = -std::numeric_limits<float>::infinity();
    int best = -1, ties = 0;
    for (int k = 0; k < m; ++k) {
      float e = explore[k];
      if (simultaneous) e *= 0.5f + static_cast<float>(rng_.uniform());
      const float value = exploit[k] + e;
      // Ties are broken at random: in a simultaneous phase, seats whose statistics are alike
      // would otherwise choose in lockstep (each the first of its tied moves).
      if (value > best_value) {
        best_value = value;
        best = index[k];
        ties = 1;
      } else if (value == best_value && rng_.below(static_cast<std::uint32_t>(++ties)) == 0) {
        best = index[k];
      }
    }
    return {child_at[best], legal[best], false};
  }

  void iterate(SearchResult& result) {
    S w = pool_.empty() ? world_.resample(me_, rng_) : pool_[pick_from_pool()];
    auto& path = memory_.path();
    int depth = 0;
    std::uint32_t node = 0;  // the root
    SeatSet moved;           // real time: the seats that have moved in this time slice
    bool in_tree = true, first = true, grew = false;
    while (in_tree && !grew && depth + 2 * kMaxSeats < SearchMemory::kMaxDepth) {
      if (round_over(w)) break;
      const SeatSet actors = w.actors();
      if (actors.empty()) break;
      if (w.mode() == ActorMode::kSimultaneous && actors.size() > 1) {
        // Decoupled: each seat of the phase chooses by its own statistics at this node, which
        // do not depend on what the others submit (hidden until all are in). The joint move
        // then leads on through a chain of nodes, one per submission after the first, whose
        // last is the node of the position after the phase.
        std::uint32_t chain = 0;
        bool first_seat = true;
        for (Seat s : actors) {
          if (!w.actors().contains(s) || w.mode() != ActorMode::kSimultaneous) break;
          const Choice c = select(node, s, w, true);
          grew |= c.made;
          if (c.node) path[depth++] = c.node;
          if (first_seat) {
            chain = c.node;
          } else if (chain) {
            chain = memory_.child(chain, s, c.move, query_.max_nodes);
            if (chain) path[depth++] = chain;
          }
          first_seat = false;
          w.apply(s, c.move, nullptr);
          ++result.tree_moves;
        }
        node = chain;
      } else {
        const Seat s = first && actors.contains(me_) ? me_ : next_actor(w, actors, moved);
        if (first && w.mode() == ActorMode::kRealTime) moved.add(me_);
        const Choice c = select(node, s, w);
        if (c.node) memory_.prefetch_children(c.node);  // read at the next step, after the move
        grew = c.made;
        w.apply(s, c.move, nullptr);
        ++result.tree_moves;
        node = c.node;
        if (node) path[depth++] = node;
      }
      in_tree = node != 0;
      first = false;
    }
    std::array<int, kMaxSeats> end{};  // each side's score at the end of the playout
    result.playout_moves += playout(w, moved, end);
    // Each side's result: its score change minus the mean change of the other sides.
    std::array<double, kMaxSeats> delta{}, value{};
    double sum = 0;
    for (int d = 0; d < sides_; ++d) sum += delta[d] = end[d] - root_score_[d];
    for (int d = 0; d < sides_; ++d) {
      value[d] = sides_ > 1 ? delta[d] - (sum - delta[d]) / (sides_ - 1) : delta[d];
      if (!seen_) {
        lo_ = hi_ = value[d];
        seen_ = true;
      }
      lo_ = std::min(lo_, value[d]);
      hi_ = std::max(hi_, value[d]);
    }
    ++memory_[0].visits;
    for (int i = 0; i < depth; ++i) {
      Node& n = memory_[path[i]];
      ++n.visits;
      n.reward += value[side_of_[n.seat]];
    }
  }

  // Plays `w` on to the end of the search's last round (SearchQuery::horizon); returns the moves
  // made and sets each side's score at the end. Random moves where the game can play its round out
  // without the state (random_round_outcome: the same moves, core/game.h).
  std::uint64_t playout(S& w, SeatSet moved, std::array<int, kMaxSeats>& end) {
    if constexpr (HasRoundOutcome<S>) {
      // The game's own playout ends at the round's end: only where the search's does.
      if (!heuristic_ && query_.horizon == 1 && !round_over(w)) {
        const RoundOutcome o = w.random_round_outcome(rng_);
        for (int d = 0; d < sides_; ++d)
          end[d] = query_.teams.count > 0 ? o.team_scores[d] : o.scores[d];
        return o.moves;
      }
    }
    std::uint64_t made = 0;
    while (!round_over(w) && made < kMaxPlayoutMoves) {
      const SeatSet actors = w.actors();
      if (actors.empty()) break;
      const Seat s = next_actor(w, actors, moved);
      const Move m = heuristic_ ? heuristic_(w, s, rng_) : random_legal_move(w, s, rng_);
      w.apply(s, m, nullptr);
      ++made;
    }
    for (int d = 0; d < sides_; ++d) end[d] = side_score(w, d);
    return made;
  }

  // Inference: the worlds drawn at the start and their cumulative weights.
  void draw_pool() {
    pool_.clear();
    cumulative_.clear();
    double total = 0;
    for (int k = 0; k < query_.infer_pool; ++k) {
      pool_.push_back(world_.resample(me_, rng_));
      total += world_plausibility(pool_.back(), me_, inference_model_);
      cumulative_.push_back(total);
    }
    if (total <= 0) pool_.clear();  // no world plausible at all: every iteration its own
  }
  std::size_t pick_from_pool() {
    const double x = rng_.uniform() * cumulative_.back();
    const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), x);
    return std::min<std::size_t>(static_cast<std::size_t>(it - cumulative_.begin()),
                                 pool_.size() - 1);
  }

  const S& world_;
  Heuristic inference_model_;  // the game's heuristic, for world_plausibility
  std::vector<S> pool_;
  std::vector<double> cumulative_;
  Heuristic heuristic_;
  Heuristic model_;  // the other seats' moves in the tree (heuristic_others)
  const SearchQuery& query_;
  SearchMemory& memory_;
  Rng& rng_;
  Seat me_;
  int sides_;
  int rounds_;
  int last_round_;  // rounds_completed() at the end of the search's last round (horizon)
  std::array<int, kMaxSeats> root_score_{};
  std::array<std::int8_t, kMaxSeats> side_of_{};
  double lo_ = 0, hi_ = 0;  // the results seen so far, which scale them to [0, 1] for UCB
  bool seen_ = false;
};

}  // namespace ismcts_detail

// The search hook of every game (core/search.h): `world` is a world drawn for query.seat.
template <GameState S>
SearchResult ismcts_search(const S& world, Move (*heuristic)(const S&, Seat, Rng&),
                           const SearchQuery& query, SearchMemory& memory, Rng& rng) {
  return ismcts_detail::Search<S>(world, heuristic, query, memory, rng).run();
}

}  // namespace cardroom
