// Trick-taking helpers shared by the plain "follow suit, highest of the led suit wins, trumps beat
// it" family: the trick core's policies (trick_play.h) of Reds, S48, Back Alley and Truc build on
// them.
#pragma once

#include "core/cards.h"

namespace cardroom::tricks {

// Whether standard card `c`, played to a trick that `winning` wins so far, takes it over: a higher
// card of the same suit (ids order ranks within a suit), or the first trump on a non-trump (the
// card winning so far is always of the suit led or a trump).
inline bool beats(Card c, Card winning, int trump) {
  return suit_of(c) == suit_of(winning) ? c > winning : suit_of(c) == trump;
}

// Index (in play order) of the card that wins a complete or partial trick of standard cards:
// the highest trump if `trump` is a suit and any was played, else the highest card of the suit
// led. `trump` == kNoSuit: no trump suit. Cards must be standard (< 52); games with extra cards
// map them first.
inline int trick_winner(const Card* cards, int count, int trump) {
  int best = 0;
  Card best_card = cards[0];
  for (int i = 1; i < count; ++i) {
    if (beats(cards[i], best_card, trump)) {
      best = i;
      best_card = cards[i];
    }
  }
  return best;
}

// Index (in play order) of the card with the highest `key(card)`, the earliest on ties. Games with
// extra cards or odd rank orders (bloopers above the ace of trumps) score each card with a key that
// already ranks trumps above the led suit above everything else.
template <class Key>
int best_card(const Card* cards, int count, Key&& key) {
  int best = 0;
  auto best_key = key(cards[0]);
  for (int i = 1; i < count; ++i) {
    auto k = key(cards[i]);
    if (k > best_key) {
      best = i;
      best_key = k;
    }
  }
  return best;
}

// The cards of `hand` that may be played to a trick whose first card is `led` (kNoCard: leading):
// the led suit if the hand holds any, else the whole hand.
inline CardSet follow_options(CardSet hand, Card led) {
  if (led == kNoCard) return hand;
  const CardSet follow = hand & CardSet::suit_with(led);
  return follow.empty() ? hand : follow;
}

}  // namespace cardroom::tricks
