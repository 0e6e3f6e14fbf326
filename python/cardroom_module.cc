// The Python module `cardroom` (pybind11): games, states, records, observations, computer players
// and simulation, in the shape researchers know from OpenSpiel. docs/python.md is its guide.
//
// A State wraps a type-erased match (core/any_game.h). It also keeps how the match began (a seed
// and first dealer, or a loaded record) and the moves applied since, so that `to_record()` can
// write the game record by replaying them through a Session; a world drawn by `resample` has no
// such history and no record. Moves are their integer codes (`legal_moves`), or move text, which
// `apply` parses. Long calls (`Bot.move`, `simulate`) run without holding the GIL.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bots/registry.h"
#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "match/simulate.h"

namespace py = pybind11;

namespace cardroom {
namespace {

// A move the state refused (or move text it could not read): Python's cardroom.IllegalMove.
struct IllegalMoveError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// nlohmann::json -> Python objects (dicts, lists, str, int, float, bool, None).
py::object to_python(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null:
      return py::none();
    case nlohmann::json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
      return py::float_(j.get<double>());
    case nlohmann::json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
      py::list out;
      for (const auto& v : j) out.append(to_python(v));
      return out;
    }
    case nlohmann::json::value_t::object: {
      py::dict out;
      for (auto it = j.begin(); it != j.end(); ++it) out[py::str(it.key())] = to_python(it.value());
      return out;
    }
    default:
      return py::none();
  }
}

// Python objects -> nlohmann::json (for records given as dicts); anything else is a TypeError.
nlohmann::json from_python(const py::handle& o) {
  if (o.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(o)) return o.cast<bool>();
  if (py::isinstance<py::int_>(o)) {
    if (o.cast<py::int_>() < py::int_(0)) return o.cast<std::int64_t>();
    return o.cast<std::uint64_t>();
  }
  if (py::isinstance<py::float_>(o)) return o.cast<double>();
  if (py::isinstance<py::str>(o)) return o.cast<std::string>();
  if (py::isinstance<py::dict>(o)) {
    nlohmann::json out = nlohmann::json::object();
    for (auto item : o.cast<py::dict>()) {
      if (!py::isinstance<py::str>(item.first)) throw py::type_error("record keys must be strings");
      out[item.first.cast<std::string>()] = from_python(item.second);
    }
    return out;
  }
  if (py::isinstance<py::list>(o) || py::isinstance<py::tuple>(o)) {
    nlohmann::json out = nlohmann::json::array();
    for (auto item : o) out.push_back(from_python(item));
    return out;
  }
  throw py::type_error("a record holds only dicts, lists, strings, numbers, booleans and None");
}

// A list of seats, filled in place (the loop of a Python player asks for it every move).
py::list seat_list(SeatSet seats) {
  py::list out(seats.size());
  Py_ssize_t i = 0;
  for (std::uint32_t bits = seats.bits(); bits; bits &= bits - 1)
    PyList_SET_ITEM(out.ptr(), i++, PyLong_FromLong(std::countr_zero(bits)));
  return out;
}

class PyGame {
 public:
  explicit PyGame(std::shared_ptr<const AnyGame> game) : game_(std::move(game)) {}
  const AnyGame& game() const { return *game_; }
  const std::shared_ptr<const AnyGame>& shared() const { return game_; }

 private:
  std::shared_ptr<const AnyGame> game_;
};

class PyState {
 public:
  // How a match began, for its record: the record's fields without the moves made since.
  struct Origin {
    nlohmann::json record;  // game, options, seed, first_dealer, deals, and the moves before
    std::vector<Deal> deals;
  };
  struct Applied {
    Seat seat;
    Move move;
    std::optional<std::int64_t> time_ms;
  };

  PyState(std::shared_ptr<const AnyGame> game, std::unique_ptr<AnyState> state,
          std::shared_ptr<const Origin> origin)
      : game_(std::move(game)), state_(std::move(state)), origin_(std::move(origin)) {}

  const AnyGame& game() const { return *game_; }
  const std::shared_ptr<const AnyGame>& shared_game() const { return game_; }
  const AnyState& state() const { return *state_; }

  void check_seat(Seat seat, bool spectator_ok = false) const {
    if ((seat < 0 || seat >= state_->num_seats()) && !(spectator_ok && seat == kSpectator))
      throw py::value_error("seat " + std::to_string(seat) + " is not a seat of this game (0 to " +
                            std::to_string(state_->num_seats() - 1) + ")");
  }

  py::list legal_moves(Seat seat) const {
    check_seat(seat);
    std::vector<Move> moves = state_->legal_moves(seat);
    py::list out(moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i)
      PyList_SET_ITEM(out.ptr(), i, PyLong_FromUnsignedLongLong(moves[i].code));
    return out;
  }

  Move move_of(Seat seat, const py::handle& move) const {
    if (py::isinstance<py::str>(move)) {
      std::string error;
      auto m = state_->parse_move(seat, move.cast<std::string>(), &error);
      if (!m) throw IllegalMoveError(error);
      return *m;
    }
    if (!PyLong_Check(move.ptr()))
      throw py::type_error("a move is an integer code (legal_moves) or move text");
    const unsigned long long code = PyLong_AsUnsignedLongLong(move.ptr());
    if (code == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
      PyErr_Clear();
      throw IllegalMoveError("a move code is a whole number from 0 to 2**64 - 1");
    }
    return Move{code};
  }

  void apply(Seat seat, const py::handle& move, std::optional<std::int64_t> time_ms) {
    check_seat(seat);
    const Move m = move_of(seat, move);
    ApplyContext ctx;
    if (origin_) ctx.deals = origin_->deals;
    ctx.time_ms = time_ms;
    Status st = state_->apply(seat, m, &ctx);
    if (!st.ok()) throw IllegalMoveError(st.error);
    applied_.push_back({seat, m, time_ms});
  }

  py::object view(Seat seat) const {
    check_seat(seat, /*spectator_ok=*/true);
    return to_python(state_->view(seat));
  }

  py::array_t<float> observation(Seat seat) const {
    check_seat(seat);
    const ObservationLayout& layout = game_->observation_layout();
    py::array_t<float> out(layout.size());
    std::string error;
    if (!layout.encode(state_->view(seat), seat,
                       std::span<float>(out.mutable_data(), layout.size()), &error))
      throw std::runtime_error(error);  // a layout that does not fit its game's view: a bug
    return out;
  }

  PyState resample(Seat seat, std::uint64_t seed) const {
    check_seat(seat);
    Rng rng(seed);
    return PyState(game_, state_->resample(seat, rng), nullptr);
  }

  PyState clone() const {
    PyState out(game_, state_->clone(), origin_);
    out.applied_ = applied_;
    return out;
  }

  py::object to_record() const {
    if (!origin_)
      throw py::value_error(
          "this state has no record: it is a world drawn by resample, not a match played from its "
          "deal");
    std::string error;
    auto session = Session::from_record(origin_->record, &error);
    if (!session) throw std::runtime_error("the match's record does not replay: " + error);
    for (const Applied& a : applied_)
      if (!session->play(a.seat, a.move, &error, a.time_ms))
        throw std::runtime_error("the match's moves do not replay: " + error);
    return to_python(session->record());
  }

 private:
  std::shared_ptr<const AnyGame> game_;
  std::unique_ptr<AnyState> state_;
  std::shared_ptr<const Origin> origin_;
  std::vector<Applied> applied_;
};

std::shared_ptr<const AnyGame> load_game_or_throw(const std::string& game_string) {
  std::string error;
  auto game = load_game(game_string, &error);
  if (!game) throw py::value_error(error);
  return std::shared_ptr<const AnyGame>(std::move(game));
}

PyState new_match(const PyGame& g, std::uint64_t seed, int first_dealer) {
  const AnyGame& game = g.game();
  if (first_dealer < -1 || first_dealer >= game.num_seats())
    throw py::value_error("first_dealer must be a seat (0 to " +
                          std::to_string(game.num_seats() - 1) + "), or -1 to draw for it");
  auto origin = std::make_shared<PyState::Origin>();
  origin->record = {{"game", std::string(game.name())},
                    {"options", game.options().to_json()},
                    {"seed", seed},
                    {"moves", nlohmann::json::array()}};
  if (first_dealer >= 0) origin->record["first_dealer"] = first_dealer;
  return PyState(g.shared(), game.new_match(seed, first_dealer, nullptr), std::move(origin));
}

PyState state_from_record(const nlohmann::json& record) {
  std::string error;
  auto session = Session::from_record(record, &error);
  if (!session) throw py::value_error(error);
  auto origin = std::make_shared<PyState::Origin>();
  origin->record = session->record();
  if (origin->record.contains("deals"))
    for (const auto& d : origin->record["deals"]) {
      auto deal = deal_from_json(d, session->game().card_names(), &error);
      if (!deal) throw py::value_error(error);
      origin->deals.push_back(std::move(*deal));
    }
  auto game = load_game_or_throw(session->game().game_string());
  return PyState(std::move(game), session->state().clone(), std::move(origin));
}

// A computer player by player string, for any game: made for a game the first time it is asked
// to move in one.
class PyBot {
 public:
  explicit PyBot(std::string player_string) : player_string_(std::move(player_string)) {
    auto list = split_player_list(player_string_);
    if (list.size() != 1)
      throw py::value_error("a bot is one player string: '" + player_string_ + "'");
  }
  const std::string& name() const { return player_string_; }

  std::uint64_t move(const PyState& state, Seat seat, std::uint64_t seed) {
    state.check_seat(seat);
    const AnyGame& game = state.game();
    if (!state.state().actors().contains(seat))
      throw py::value_error("seat " + std::to_string(seat) + " may not move now");
    SeatAccess access(state.state(), seat);
    // A player is made for a game and sits at one seat (an exec: program is started then): a
    // new one for another game, another seat, or after a failure.
    if (!player_ || game_string_ != game.game_string() || seat_ != seat ||
        !player_->failure().empty()) {
      std::string error;
      player_.reset();
      auto player = load_player(player_string_, game, &error);
      if (!player) throw py::value_error(error);
      game_string_ = game.game_string();
      game_ = state.shared_game();
      seat_ = seat;
      player->start(access);
      if (!player->failure().empty()) throw std::runtime_error(player->failure());
      player_ = std::move(player);
    }
    Rng rng(seed);
    Decision d;
    {
      py::gil_scoped_release release;
      d = player_->decide(access, rng);
    }
    if (!player_->failure().empty()) throw std::runtime_error(player_->failure());
    return d.move.code;
  }

 private:
  std::string player_string_;
  std::string game_string_;
  Seat seat_ = -1;
  std::shared_ptr<const AnyGame> game_;  // the game the player was made for outlives it
  std::unique_ptr<Player> player_;
};

}  // namespace
}  // namespace cardroom

PYBIND11_MODULE(cardroom, m) {
  using namespace cardroom;
  register_all_games();
  register_all_players();
  m.doc() = "Cardroom: card games, computer players and simulation (docs/python.md)";

  py::register_exception<IllegalMoveError>(m, "IllegalMove", PyExc_ValueError);

  m.def(
      "games",
      [] {
        std::vector<std::string> out;
        for (const GameEntry* e : registered_games()) out.push_back(e->name);
        return out;
      },
      "The registry names of every game.");
  m.def(
      "load_game", [](const std::string& s) { return PyGame(load_game_or_throw(s)); },
      py::arg("game"), "A game by name or game string: load_game('reds(players=4)').");

  py::class_<PyGame>(m, "Game")
      .def("name", [](const PyGame& g) { return std::string(g.game().name()); })
      .def("game_string", [](const PyGame& g) { return g.game().game_string(); })
      .def("__str__", [](const PyGame& g) { return g.game().game_string(); })
      .def("__repr__",
           [](const PyGame& g) { return "cardroom.load_game('" + g.game().game_string() + "')"; })
      .def("num_seats", [](const PyGame& g) { return g.game().num_seats(); })
      .def("options", [](const PyGame& g) { return to_python(g.game().options().to_json()); })
      .def(
          "teams",
          [](const PyGame& g) {
            const Teams t = g.game().teams();
            std::vector<int> out;
            if (t.count > 0)
              for (int s = 0; s < g.game().num_seats(); ++s) out.push_back(t.team_of[s]);
            return out;
          },
          "Each seat's team, or [] where everyone plays alone.")
      .def(
          "players", [](const PyGame& g) { return player_names(g.game()); },
          "The computer players that can play this game.")
      .def("new_match", &new_match, py::arg("seed") = 0, py::arg("first_dealer") = -1,
           "A new match dealt from `seed`; first_dealer -1 draws for the first dealer.")
      .def("observation_size", [](const PyGame& g) { return g.game().observation_layout().size(); })
      .def(
          "observation_layout",
          [](const PyGame& g) {
            py::list out;
            for (const auto& s : g.game().observation_layout().segments()) {
              py::dict d;
              d["path"] = s.field.path;
              d["offset"] = s.offset;
              d["size"] = s.size;
              d["shape"] = s.shape;
              d["doc"] = s.field.doc;
              out.append(d);
            }
            return out;
          },
          "The fields of observation(seat): path in the view, offset, size, shape, meaning.");

  py::class_<PyState>(m, "State")
      .def("game", [](const PyState& s) { return PyGame(s.shared_game()); })
      .def("num_seats", [](const PyState& s) { return s.state().num_seats(); })
      .def(
          "actors", [](const PyState& s) { return seat_list(s.state().actors()); },
          "The seats that may move now ([] when the match is over).")
      .def(
          "mode", [](const PyState& s) { return actor_mode_name(s.state().mode()); },
          "'turn', 'simultaneous' or 'real_time'.")
      .def("legal_moves", &PyState::legal_moves, py::arg("seat"),
           "The seat's legal moves as integer codes, sorted.")
      .def("apply", &PyState::apply, py::arg("seat"), py::arg("move"),
           py::arg("time_ms") = py::none(),
           "Applies a move (a code or move text); raises IllegalMove with the reason, the state "
           "unchanged.")
      .def("view", &PyState::view, py::arg("seat"),
           "What the seat may know, as a dict (seat -1: a spectator).")
      .def("observation", &PyState::observation, py::arg("seat"),
           "The seat's view as a fixed-size float32 array (Game.observation_layout).")
      .def("resample", &PyState::resample, py::arg("seat"), py::arg("seed"),
           "A whole world drawn at random among those consistent with what the seat knows.")
      .def("clone", &PyState::clone)
      .def("__copy__", &PyState::clone)
      .def("__deepcopy__", [](const PyState& s, py::dict) { return s.clone(); })
      .def(
          "move_text",
          [](const PyState& s, std::uint64_t m) { return s.state().move_text(Move{m}); },
          py::arg("move"))
      .def(
          "move_data",
          [](const PyState& s, std::uint64_t m) { return to_python(s.state().move_json(Move{m})); },
          py::arg("move"),
          "The move as data: a dict of text, code (a decimal string), verb, cards, number, "
          "strain and label ('bid 1♣'), as the view's 'moves' give the legal ones.")
      .def(
          "parse_move",
          [](const PyState& s, Seat seat, const std::string& text) {
            s.check_seat(seat);
            std::string error;
            auto m = s.state().parse_move(seat, text, &error);
            if (!m) throw IllegalMoveError(error);
            return m->code;
          },
          py::arg("seat"), py::arg("text"))
      .def("scores",
           [](const PyState& s) {
             std::vector<int> out;
             for (Seat seat = 0; seat < s.state().num_seats(); ++seat)
               out.push_back(s.state().score(seat));
             return out;
           })
      .def("team_scores",
           [](const PyState& s) {
             std::vector<int> out;
             for (int t = 0; t < s.game().teams().count; ++t)
               out.push_back(s.state().team_score(t));
             return out;
           })
      .def("winners", [](const PyState& s) { return seat_list(s.state().winners()); })
      .def("over", [](const PyState& s) { return s.state().over(); })
      .def(
          "seq", [](const PyState& s) { return s.state().seq(); },
          "Moves applied so far in the match.")
      .def(
          "last_round",
          [](const PyState& s, Seat seat) {
            s.check_seat(seat, true);
            return to_python(s.state().last_round(seat));
          },
          py::arg("seat"))
      .def("to_record", &PyState::to_record,
           "The game record (the JSON `cardroom replay` reads) as a dict.")
      .def("__str__", [](const PyState& s) { return s.state().view(kSpectator).dump(); });

  m.def(
      "load_record",
      [](const py::object& source) {
        if (py::isinstance<py::dict>(source)) return state_from_record(from_python(source));
        const std::string path = py::str(source);
        std::string error;
        auto session = Session::from_record_file(path, &error);
        if (!session) throw py::value_error(error);
        return state_from_record(session->record());
      },
      py::arg("record"), "A match from a game record: a file path or the record as a dict.");

  py::class_<PyBot>(m, "Bot")
      .def("name", &PyBot::name)
      .def("move", &PyBot::move, py::arg("state"), py::arg("seat"), py::arg("seed") = 0,
           "The move this player makes for `seat` (it sees only what the seat may know).");
  m.def(
      "bot", [](const std::string& s) { return PyBot(s); }, py::arg("player"),
      "A computer player by player string: bot('ismcts(ms=50)').");

  m.def(
      "simulate",
      [](const py::object& game, const std::vector<std::string>& bots, int games,
         std::uint64_t seed, int threads, bool rotate) {
        auto g = py::isinstance<PyGame>(game) ? game.cast<PyGame&>().shared()
                                              : load_game_or_throw(py::str(game));
        if (games < 1) throw py::value_error("games must be at least 1");
        if (threads < 1) throw py::value_error("threads must be at least 1");
        SimConfig config;
        config.matches = games;
        config.bots = bots;
        config.seed = seed;
        config.threads = threads;
        config.rotate = rotate;
        SimResult result;
        std::string error;
        bool ok;
        {
          py::gil_scoped_release release;
          ok = simulate(*g, config, &result, &error);
        }
        if (!ok) throw py::value_error(error);
        return to_python(result.to_json());
      },
      py::arg("game"), py::arg("bots") = std::vector<std::string>{}, py::arg("games") = 100,
      py::arg("seed") = 1, py::arg("threads") = 1, py::arg("rotate") = true,
      "Computer players against each other, as `cardroom sim --json`: the same statistics.");
}
