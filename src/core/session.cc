#include "core/session.h"

#include <sstream>

#include "core/files.h"
#include "core/registry.h"

namespace cardroom {

std::string seat_name(Seat seat) {
  return seat == kSpectator ? "spectator" : "S" + std::to_string(seat);
}

nlohmann::json deal_to_json(const Deal& deal, CardNames names) {
  nlohmann::json hands = nlohmann::json::array();
  for (const auto& hand : deal.hands) {
    nlohmann::json h = nlohmann::json::array();
    for (Card c : hand) h.push_back(card_text(c, names));
    hands.push_back(h);
  }
  nlohmann::json pack = nlohmann::json::array();
  for (Card c : deal.pack) pack.push_back(card_text(c, names));
  nlohmann::json out = {{"hands", hands}, {"pack", pack}};
  if (!deal.piles.empty()) {
    nlohmann::json piles = nlohmann::json::object();
    for (const auto& [name, per_seat] : deal.piles) {
      nlohmann::json seats = nlohmann::json::array();
      for (const auto& cards : per_seat) {
        nlohmann::json list = nlohmann::json::array();
        for (Card c : cards) list.push_back(card_text(c, names));
        seats.push_back(list);
      }
      piles[name] = seats;
    }
    out["piles"] = piles;
  }
  return out;
}

namespace {

std::optional<std::vector<Card>> cards_from_json(const nlohmann::json& j, CardNames names,
                                                 const std::string& what, std::string* error) {
  if (!j.is_array()) {
    *error = what + " must be a list of card codes";
    return std::nullopt;
  }
  std::vector<Card> out;
  for (const auto& item : j) {
    if (!item.is_string()) {
      *error = what + " must be a list of card codes";
      return std::nullopt;
    }
    auto card = parse_card(item.get<std::string>(), names);
    if (!card) {
      *error = what + ": '" + item.get<std::string>() + "' is not a card";
      return std::nullopt;
    }
    out.push_back(*card);
  }
  return out;
}

}  // namespace

std::optional<Deal> deal_from_json(const nlohmann::json& j, CardNames names, std::string* error) {
  if (!j.is_object() || !j.contains("hands")) {
    *error = "a deal must be an object with 'hands' (and optionally 'pack')";
    return std::nullopt;
  }
  Deal deal;
  if (!j["hands"].is_array()) {
    *error = "deal 'hands' must be a list of card lists, one per seat";
    return std::nullopt;
  }
  for (std::size_t i = 0; i < j["hands"].size(); ++i) {
    auto hand = cards_from_json(j["hands"][i], names, "hand of S" + std::to_string(i), error);
    if (!hand) return std::nullopt;
    deal.hands.push_back(*hand);
  }
  if (j.contains("pack")) {
    auto pack = cards_from_json(j["pack"], names, "pack", error);
    if (!pack) return std::nullopt;
    deal.pack = *pack;
  }
  if (j.contains("piles")) {
    const auto& piles = j["piles"];
    if (!piles.is_object()) {
      *error = "deal 'piles' must be an object: pile name -> one card list per seat";
      return std::nullopt;
    }
    for (const auto& [name, per_seat] : piles.items()) {
      if (!per_seat.is_array()) {
        *error = "pile '" + name + "' must be a list of card lists, one per seat";
        return std::nullopt;
      }
      auto& seats = deal.piles[name];
      for (std::size_t i = 0; i < per_seat.size(); ++i) {
        auto cards = cards_from_json(per_seat[i], names,
                                     "pile '" + name + "' of S" + std::to_string(i), error);
        if (!cards) return std::nullopt;
        seats.push_back(*cards);
      }
    }
  }
  return deal;
}

std::unique_ptr<Session> Session::create(std::unique_ptr<AnyGame> game, std::uint64_t seed,
                                         int first_dealer, std::vector<Deal> deals,
                                         std::string* error) {
  if (first_dealer >= game->num_seats()) {
    *error = "first_dealer " + std::to_string(first_dealer) + " is not a seat (0.." +
             std::to_string(game->num_seats() - 1) + ")";
    return nullptr;
  }
  for (std::size_t i = 0; i < deals.size(); ++i) {
    std::string why = game->validate_deal(deals[i]);
    if (!why.empty()) {
      *error = "deal " + std::to_string(i) + ": " + why;
      return nullptr;
    }
  }
  std::unique_ptr<Session> s(new Session());
  s->game_ = std::move(game);
  s->seed_ = seed;
  s->first_dealer_ = first_dealer;
  s->deals_ = std::move(deals);
  ApplyContext ctx{&s->events_, s->deals_, &s->dealt_, std::nullopt};
  s->state_ = s->game_->new_match(seed, first_dealer, &ctx);
  s->after_apply();
  return s;
}

std::unique_ptr<Session> Session::from_record(const nlohmann::json& record, std::string* error) {
  if (!record.is_object()) {
    *error = "a record must be a JSON object";
    return nullptr;
  }
  if (!record.contains("game") || !record["game"].is_string()) {
    *error = "record field 'game' (a game name) is missing";
    return nullptr;
  }
  auto game = load_game(record["game"].get<std::string>(),
                        record.value("options", nlohmann::json::object()), error);
  if (!game) return nullptr;
  std::uint64_t seed = 0;
  if (record.contains("seed")) {
    const auto& j = record["seed"];
    if (!j.is_number_unsigned() && !(j.is_number_integer() && j.get<std::int64_t>() >= 0)) {
      *error = "record field 'seed' must be a non-negative integer";
      return nullptr;
    }
    seed = record["seed"].get<std::uint64_t>();
  }
  int first_dealer = -1;
  if (record.contains("first_dealer") && !record["first_dealer"].is_null()) {
    if (!record["first_dealer"].is_number_integer() ||
        record["first_dealer"].get<std::int64_t>() < 0 ||
        record["first_dealer"].get<std::int64_t>() >= kMaxSeats) {
      *error = "record field 'first_dealer' must be a seat number";
      return nullptr;
    }
    first_dealer = record["first_dealer"].get<int>();
  }
  std::vector<Deal> deals;
  if (record.contains("deals")) {
    if (!record["deals"].is_array()) {
      *error = "record field 'deals' must be a list";
      return nullptr;
    }
    for (std::size_t i = 0; i < record["deals"].size(); ++i) {
      std::string why;
      auto deal = deal_from_json(record["deals"][i], game->card_names(), &why);
      if (!deal) {
        *error = "deal " + std::to_string(i) + ": " + why;
        return nullptr;
      }
      deals.push_back(std::move(*deal));
    }
  }
  auto session = create(std::move(game), seed, first_dealer, std::move(deals), error);
  if (!session) return nullptr;
  if (record.contains("moves")) {
    const auto& moves = record["moves"];
    if (!moves.is_array()) {
      *error = "record field 'moves' must be a list of [seat, \"move\"]";
      return nullptr;
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const auto& m = moves[i];
      if (!m.is_array() || m.size() < 2 || m.size() > 3 || !m[0].is_number_integer() ||
          !m[1].is_string() || (m.size() == 3 && !m[2].is_number_integer())) {
        *error = "move " + std::to_string(i) +
                 " must be [seat, \"move text\"] or [seat, \"move text\", time in ms]";
        return nullptr;
      }
      const std::int64_t seat = m[0].get<std::int64_t>();
      if (seat < 0 || seat >= kMaxSeats) {
        *error = "move " + std::to_string(i) + " " + m.dump() + ": seat " + std::to_string(seat) +
                 " is not at this table";
        return nullptr;
      }
      std::optional<std::int64_t> time;
      if (m.size() == 3) time = m[2].get<std::int64_t>();
      std::string why;
      if (!session->play(static_cast<Seat>(seat), m[1].get<std::string>(), &why, time)) {
        *error = "move " + std::to_string(i) + " " + m.dump() + ": " + why;
        return nullptr;
      }
    }
  }
  return session;
}

std::unique_ptr<Session> Session::from_record_file(const std::string& path, std::string* error) {
  std::string text;
  if (!read_text_file(path, &text, error)) return nullptr;
  nlohmann::json record = nlohmann::json::parse(text, nullptr, false);
  if (record.is_discarded()) {
    *error = "'" + path + "' is not valid JSON";
    return nullptr;
  }
  auto session = from_record(record, error);
  if (!session) *error = "'" + path + "': " + *error;
  return session;
}

bool Session::play(Seat seat, std::string_view text, std::string* error,
                   std::optional<std::int64_t> time_ms) {
  if (seat < 0 || seat >= state_->num_seats()) {
    *error = "seat " + std::to_string(seat) + " is not at this table";
    return false;
  }
  auto move = state_->parse_move(seat, text, error);
  if (!move) return false;
  return play(seat, *move, error, time_ms);
}

bool Session::play(Seat seat, Move move, std::string* error, std::optional<std::int64_t> time_ms) {
  if (seat < 0 || seat >= state_->num_seats()) {
    *error = "seat " + std::to_string(seat) + " is not at this table";
    return false;
  }
  // Checked against the latest time recorded, not the previous move's: a move without a time
  // between two timed ones must not let the clock run backwards.
  if (time_ms && latest_time_ms_ && *time_ms < *latest_time_ms_) {
    *error = "moves arrive in time order: " + std::to_string(*time_ms) + " ms is before " +
             std::to_string(*latest_time_ms_) + " ms";
    return false;
  }
  std::string text = state_->move_text(move);
  const std::size_t events_before = events_.size();
  const std::size_t dealt_before = dealt_.size();
  ApplyContext ctx{&events_, deals_, &dealt_, time_ms};
  Status st = state_->apply(seat, move, &ctx);
  if (!st.ok()) {
    events_.resize(events_before);
    dealt_.resize(dealt_before);
    *error = st.error;
    return false;
  }
  moves_.push_back({seat, std::move(text), time_ms});
  if (time_ms) latest_time_ms_ = time_ms;
  after_apply();
  return true;
}

void Session::after_apply() {
  const int n = state_->num_seats();
  rounds_by_seat_.resize(n + 1);
  while (static_cast<int>(rounds_.size()) < state_->rounds_completed()) {
    rounds_.push_back(state_->last_round(kOmniscient));
    for (Seat s = kSpectator; s < n; ++s) rounds_by_seat_[s + 1].push_back(state_->last_round(s));
  }
}

const std::vector<nlohmann::json>& Session::rounds(Seat seat) const {
  static const std::vector<nlohmann::json> kNone;
  if (seat == kOmniscient) return rounds_;
  if (seat < kSpectator || seat + 1 >= static_cast<int>(rounds_by_seat_.size())) return kNone;
  return rounds_by_seat_[seat + 1];
}

std::vector<Event> Session::events_for(Seat seat, std::size_t from) const {
  std::vector<Event> out;
  for (std::size_t i = from; i < events_.size(); ++i)
    if (events_[i].visible_to_seat(seat)) out.push_back(events_[i]);
  return out;
}

nlohmann::json Session::record() const {
  nlohmann::json r;
  r["game"] = std::string(game_->name());
  r["options"] = game_->options().to_json();
  r["seed"] = seed_;
  if (first_dealer_ >= 0) r["first_dealer"] = first_dealer_;
  if (!deals_.empty()) {
    r["deals"] = nlohmann::json::array();
    for (const auto& d : deals_) r["deals"].push_back(deal_to_json(d, game_->card_names()));
  }
  r["moves"] = nlohmann::json::array();
  for (const auto& m : moves_) {
    nlohmann::json entry = {m.seat, m.text};
    if (m.time_ms) entry.push_back(*m.time_ms);
    r["moves"].push_back(entry);
  }
  return r;
}

bool Session::save(const std::string& path, std::string* error) const {
  return write_text_file(path, record().dump(1) + "\n", error);
}

nlohmann::json Session::summary() const {
  nlohmann::json j;
  j["game"] = std::string(game_->name());
  j["options"] = game_->options().to_json();
  j["over"] = state_->over();
  j["totals"] = nlohmann::json::array();
  for (Seat s = 0; s < state_->num_seats(); ++s) j["totals"].push_back(state_->score(s));
  Teams teams = game_->teams();
  if (teams.count > 0) {
    j["team_totals"] = nlohmann::json::array();
    for (int t = 0; t < teams.count; ++t) j["team_totals"].push_back(state_->team_score(t));
  }
  j["to_act"] = state_->actors().to_vector();
  j["legal"] = nlohmann::json::object();
  for (Seat s : state_->actors().to_vector()) {
    nlohmann::json texts = nlohmann::json::array();
    for (Move m : state_->legal_moves(s)) texts.push_back(state_->move_text(m));
    j["legal"][std::to_string(s)] = texts;
  }
  j["winners"] = state_->winners().to_vector();
  j["rounds"] = rounds_;
  return j;
}

}  // namespace cardroom
