// Ratings on one scale from pairings (`cardroom ladder`): each pair of players that met gives the
// upper player's share of the wins, and the ratings are the Elo-scale strengths that fit every
// pair's share best, anchored at one player (`random`, rated 0), with 95% intervals.
//
// The fit. A share p between two players says, on the Elo scale (the Bradley-Terry model with
// 400 log10 odds), that their ratings differ by d = 400 log10(p / (1 - p)). Each pair's d is
// weighted by the inverse of its variance (the delta method on the share's variance over the
// match seeds), and the ratings minimize the weighted squared differences between the ratings'
// gaps and the pairs' d: least squares on the Gaussian approximation of Bradley-Terry's
// likelihood. With a ladder of neighbours this is the sum of the gaps up the chain; with more
// pairs (`--pairs all`) every meeting counts. A share of 0 or 1 (a clean sweep) is shrunk by half
// a win and half a loss, p = (W + 1/2) / (n + 1), so that its gap stays finite; its variance is
// then the binomial one, p (1 - p) / (n + 1). The intervals come from the fit's covariance (the
// inverse of the weighted normal equations), so they grow up a chain of pairs.
#pragma once

#include <string>
#include <vector>

namespace cardroom {

// One pair's meeting: the upper player's share of the wins over `n` match seeds (each seed a
// share in [0, 1]), and the variance of that mean share (its sample variance / n; 0 when unknown).
struct PairShare {
  std::string upper, lower;
  double share = 0.5;
  double n = 0;
  double variance = 0;
};

struct Rating {
  std::string player;
  double rating = 0;  // Elo scale: 400 points is odds of 10 to 1
  double ci95 = 0;    // half width; 0 for the anchor
};

// The ratings of every player that appears in `pairs`, anchored at `anchor` (rated 0; when it is
// not among them, the first pair's lower player). Players no pair links to the anchor are
// left out. In the order of first appearance, each pair's lower player before its upper one.
std::vector<Rating> fit_ratings(const std::vector<PairShare>& pairs, const std::string& anchor);

}  // namespace cardroom
