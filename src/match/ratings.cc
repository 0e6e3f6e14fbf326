#include "match/ratings.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cardroom {
namespace {

constexpr double kEloPerNat = 400.0 / 2.302585092994046;  // 400 / ln 10

// Solves A x = b for a symmetric positive definite A (Gaussian elimination with partial
// pivoting: the systems are a dozen players at most), and gives A's inverse too.
bool solve(std::vector<std::vector<double>> a, std::vector<double> b, std::vector<double>* x,
           std::vector<std::vector<double>>* inverse) {
  const std::size_t n = b.size();
  std::vector<std::vector<double>> inv(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) inv[i][i] = 1;
  for (std::size_t col = 0; col < n; ++col) {
    std::size_t pivot = col;
    for (std::size_t r = col + 1; r < n; ++r)
      if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
    if (std::abs(a[pivot][col]) < 1e-300) return false;
    std::swap(a[pivot], a[col]);
    std::swap(b[pivot], b[col]);
    std::swap(inv[pivot], inv[col]);
    const double d = a[col][col];
    for (std::size_t k = 0; k < n; ++k) {
      a[col][k] /= d;
      inv[col][k] /= d;
    }
    b[col] /= d;
    for (std::size_t r = 0; r < n; ++r) {
      if (r == col) continue;
      const double f = a[r][col];
      if (f == 0) continue;
      for (std::size_t k = 0; k < n; ++k) {
        a[r][k] -= f * a[col][k];
        inv[r][k] -= f * inv[col][k];
      }
      b[r] -= f * b[col];
    }
  }
  *x = std::move(b);
  *inverse = std::move(inv);
  return true;
}

}  // namespace

std::vector<Rating> fit_ratings(const std::vector<PairShare>& pairs, const std::string& anchor) {
  std::vector<std::string> players;
  auto index = [&](const std::string& p) {
    auto it = std::find(players.begin(), players.end(), p);
    if (it != players.end()) return static_cast<std::size_t>(it - players.begin());
    players.push_back(p);
    return players.size() - 1;
  };
  struct Edge {
    std::size_t upper, lower;
    double gap, weight;
  };
  std::vector<Edge> edges;
  for (const PairShare& p : pairs) {
    if (p.n <= 0) continue;
    const std::size_t l = index(p.lower), u = index(p.upper);  // weakest first, as listed
    double share = p.share, variance = p.variance;
    if (share <= 0 || share >= 1 || variance <= 0) {
      share = (p.share * p.n + 0.5) / (p.n + 1);
      variance = std::max(variance, share * (1 - share) / (p.n + 1));
    }
    const double gap = kEloPerNat * std::log(share / (1 - share));
    const double slope = kEloPerNat / (share * (1 - share));  // d gap / d share
    edges.push_back({u, l, gap, 1 / (slope * slope * variance)});
  }
  if (players.empty()) return {};
  std::size_t root = 0;
  if (auto it = std::find(players.begin(), players.end(), anchor); it != players.end())
    root = static_cast<std::size_t>(it - players.begin());
  // The players linked to the anchor by some chain of pairs.
  std::vector<bool> linked(players.size(), false);
  linked[root] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (const Edge& e : edges)
      if (linked[e.upper] != linked[e.lower]) linked[e.upper] = linked[e.lower] = grew = true;
  }
  // Unknowns: every linked player but the anchor.
  std::map<std::size_t, std::size_t> column;
  for (std::size_t i = 0; i < players.size(); ++i)
    if (linked[i] && i != root) column.emplace(i, column.size());
  const std::size_t m = column.size();
  std::vector<std::vector<double>> normal(m, std::vector<double>(m, 0.0));
  std::vector<double> rhs(m, 0.0);
  for (const Edge& e : edges) {
    if (!linked[e.upper]) continue;
    // The gap rating[upper] - rating[lower] ≈ e.gap, weighted.
    const auto cu = column.find(e.upper), cl = column.find(e.lower);
    if (cu != column.end()) {
      normal[cu->second][cu->second] += e.weight;
      rhs[cu->second] += e.weight * e.gap;
    }
    if (cl != column.end()) {
      normal[cl->second][cl->second] += e.weight;
      rhs[cl->second] -= e.weight * e.gap;
    }
    if (cu != column.end() && cl != column.end()) {
      normal[cu->second][cl->second] -= e.weight;
      normal[cl->second][cu->second] -= e.weight;
    }
  }
  std::vector<double> x;
  std::vector<std::vector<double>> covariance;
  if (m > 0 && !solve(normal, rhs, &x, &covariance)) return {};
  std::vector<Rating> out;
  for (std::size_t i = 0; i < players.size(); ++i) {
    if (!linked[i]) continue;
    Rating r;
    r.player = players[i];
    if (i != root) {
      const std::size_t c = column.at(i);
      r.rating = x[c];
      r.ci95 = 1.96 * std::sqrt(std::max(0.0, covariance[c][c]));
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace cardroom
