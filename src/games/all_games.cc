#include "games/all_games.h"

#include "bots/ismcts_search.h"
#include "bots/trick_solver.h"
#include "core/registry.h"
#include "games/back_alley/back_alley.h"
#include "games/back_alley/back_alley_bot.h"
#include "games/bridge_solitaire/bridge_solitaire.h"
#include "games/bridge_solitaire/bridge_solitaire_bot.h"
#include "games/bridgette/bridgette.h"
#include "games/bridgette/bridgette_bot.h"
#include "games/indian_chief/indian_chief.h"
#include "games/indian_chief/indian_chief_bot.h"
#include "games/nuts/nuts.h"
#include "games/nuts/nuts_bot.h"
#include "games/red_rover/red_rover.h"
#include "games/red_rover/red_rover_bot.h"
#include "games/reds/reds.h"
#include "games/reds/reds_bot.h"
#include "games/s48/s48.h"
#include "games/s48/s48_bot.h"
#include "games/schwimmen/schwimmen.h"
#include "games/schwimmen/schwimmen_bot.h"
#include "games/tadmur/tadmur.h"
#include "games/tadmur/tadmur_bot.h"
#include "games/truc/truc.h"
#include "games/truc/truc_bot.h"

namespace cardroom {
namespace {

// Game G with its own players, its rules page and the searches of its State: the trick solver
// where it offers solver_task(), the information-set tree search (bots/ismcts_search.h) always.
template <class G>
void add(std::string title, std::string description,
         const std::vector<BotEntry<typename G::State>>& players) {
  using State = typename G::State;
  if constexpr (requires(const State& s) { s.solver_task(); })
    solve_hook<State> = &solve_state<State>;
  search_hook<State> = &ismcts_search<State>;
  register_game(make_game_entry<G>(std::move(title), std::move(description), players,
                                   [] { return std::string(rules_page(G::kName)); }));
}

}  // namespace

void register_all_games() {
  add<reds::Game>("Reds",
                  "trick-taking for 2-6 players: diamonds trump, a black anti-trump, bid exactly",
                  reds::bots());
  add<s48::Game>(
      "S48", "Oh Hell relative for 3-6 players: no trumps, 8-4-8 cards, bid exactly, dealer hook",
      s48::bots());
  plausibility_hook<s48::State> = &s48::plausibility;
  add<back_alley::Game>(
      "Back Alley",
      "4-player partnership bidding: bloopers above the ace of trumps, board bids, 26 hands",
      back_alley::bots());
  add<tadmur::Game>("Tadmur",
                    "2-player bluffing: build a chain to a hidden target, guess the other's target",
                    tadmur::bots());
  add<truc::Game>("Truc",
                  "4 players in partnerships: three-card tricks, truc and retruc raises, signals",
                  truc::bots());
  add<schwimmen::Game>(
      "Schwimmen",
      "2-8 players exchange cards with a face-up board for 31; the lowest hand loses a chip",
      schwimmen::bots());
  add<indian_chief::Game>(
      "Indian Chief",
      "2-8 players, 1-2 decks: seven melds in seven turns, all revealed at once, thieves steal",
      indian_chief::bots());
  add<bridgette::Game>(
      "Bridgette",
      "2-player bridge with three colons: exchange, auction from 0NT, six-deal scoring",
      bridgette::bots());
  add<bridge_solitaire::Game>(
      "Bridge Solitaire",
      "1 player against the house: keep 6 of 13, the house bids, jokers double, rubber scoring",
      bridge_solitaire::bots());
  add<red_rover::Game>(
      "Red Rover",
      "3 players, 36 cards: packets, rover contracts against two allies, or capture marriages",
      red_rover::bots());
  add<nuts::Game>("Nuts",
                  "2-4 players (6 or 8 in pairs) race their own decks onto shared foundations in "
                  "real time",
                  nuts::bots());
}

}  // namespace cardroom
