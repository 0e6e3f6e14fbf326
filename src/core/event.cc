#include "core/event.h"

#include <string_view>

namespace cardroom {

const char* event_kind_name(EventKind kind) {
  switch (kind) {
    case EventKind::kNote:
      return "note";
    case EventKind::kDealer:
      return "dealer";
    case EventKind::kRoundStart:
      return "round_start";
    case EventKind::kHand:
      return "hand";
    case EventKind::kTurnUp:
      return "turn_up";
    case EventKind::kTrump:
      return "trump";
    case EventKind::kBid:
      return "bid";
    case EventKind::kExchange:
      return "exchange";
    case EventKind::kExchangeDone:
      return "exchange_done";
    case EventKind::kLead:
      return "lead";
    case EventKind::kPlay:
      return "play";
    case EventKind::kTrick:
      return "trick";
    case EventKind::kContract:
      return "contract";
    case EventKind::kRaise:
      return "raise";
    case EventKind::kAnswer:
      return "answer";
    case EventKind::kSignal:
      return "signal";
    case EventKind::kGuess:
      return "guess";
    case EventKind::kBlocked:
      return "blocked";
    case EventKind::kScore:
      return "score";
    case EventKind::kGameOver:
      return "game_over";
    case EventKind::kMeld:
      return "meld";
    case EventKind::kSteal:
      return "steal";
  }
  return "note";
}

std::string EventStyle::seat(Seat s) const { return "S" + std::to_string(s); }
std::string EventStyle::card(Card c, CardNames names) const { return card_text(c, names); }
std::string EventStyle::suit(int s) const {
  return s == kNoSuit ? std::string() : std::string(suit_symbol(s));
}

namespace {

const EventStyle& plain_style() {
  static const EventStyle style;
  return style;
}

std::string seats_joined(SeatSet seats, const char* separator, const EventStyle& style) {
  std::string out;
  for (Seat s : seats.to_vector()) {
    if (!out.empty()) out += separator;
    out += style.seat(s);
  }
  return out;
}

// The value of one placeholder; `ok` is false for a name no field has.
std::string field(const Event& e, std::string_view name, CardNames names, const EventStyle& style,
                  bool* ok) {
  *ok = true;
  if (name == "seat") return style.seat(e.seat);
  if (name == "other") return style.seat(e.other);
  if (name == "team") return std::to_string(e.team);
  if (name == "number") return std::to_string(e.number);
  if (name == "amount") return std::to_string(e.amount);
  if (name == "tricks") return std::to_string(e.tricks);
  if (name == "points") return std::to_string(e.points);
  if (name == "total") return std::to_string(e.total);
  if (name == "suit") return style.suit(e.suit);
  if (name == "card") return style.card(e.card, names);
  if (name == "label") return e.label ? e.label : "";
  if (name == "cards") {
    std::string out;
    for (Card c : e.cards) out += (out.empty() ? "" : " ") + style.card(c, names);
    return out;
  }
  if (name == "seats") return seats_joined(e.seats, " ", style);
  if (name == "seats/") return seats_joined(e.seats, "/", style);
  if (name == "seats+") return seats_joined(e.seats, "+", style);
  if (name == "seat_cards") {
    std::string out;
    std::size_t i = 0;
    for (Seat s : e.seats.to_vector()) {
      if (i >= e.cards.size()) break;
      out += (out.empty() ? "" : " ") + style.seat(s) + " " + style.card(e.cards[i++], names);
    }
    return out;
  }
  if (name == "seat_scores") {
    std::string out;
    std::size_t i = 0;
    for (Seat s : e.seats.to_vector()) {
      if (i >= e.scores.size()) break;
      out += (out.empty() ? "" : " ") + style.seat(s) + " " + std::to_string(e.scores[i++]);
    }
    return out;
  }
  for (std::string_view list : {std::string_view("scores."), std::string_view("cards.")}) {
    if (!name.starts_with(list) || name.size() == list.size()) continue;
    std::size_t index = 0;
    for (char c : name.substr(list.size())) {
      if (c < '0' || c > '9') {
        *ok = false;
        return "";
      }
      index = index * 10 + static_cast<std::size_t>(c - '0');
    }
    if (list == "cards.")
      return index < e.cards.size() ? style.card(e.cards[index], names) : std::string();
    return index < e.scores.size() ? std::to_string(e.scores[index]) : std::string();
  }
  *ok = false;
  return "";
}

// "{name:one/many}": appends to `value` the word of `words` that agrees with field `name`.
bool append_agreeing_word(const Event& e, std::string_view name, std::string_view words,
                          std::string* value) {
  const std::size_t slash = words.find('/');
  if (slash == std::string_view::npos) return false;
  bool one = false;
  if (name == "seats" || name == "seats/" || name == "seats+") {
    one = e.seats.size() == 1;
  } else {
    int n = 0;
    if (name == "number")
      n = e.number;
    else if (name == "amount")
      n = e.amount;
    else if (name == "tricks")
      n = e.tricks;
    else if (name == "points")
      n = e.points;
    else if (name == "total")
      n = e.total;
    else
      return false;
    one = n == 1 || n == -1;
  }
  *value += ' ';
  *value += one ? words.substr(0, slash) : words.substr(slash + 1);
  return true;
}

}  // namespace

std::string render_event(const Event& e, CardNames names, const EventStyle* style) {
  const EventStyle& st = style ? *style : plain_style();
  std::string out;
  std::string_view format = e.format ? e.format : "";
  for (std::size_t i = 0; i < format.size();) {
    if (format[i] == '{') {
      const std::size_t close = format.find('}', i);
      if (close != std::string_view::npos) {
        bool ok = false;
        std::string_view name = format.substr(i + 1, close - i - 1);
        std::string_view words;
        if (const std::size_t colon = name.find(':'); colon != std::string_view::npos) {
          words = name.substr(colon + 1);
          name = name.substr(0, colon);
        }
        std::string value = field(e, name, names, st, &ok);
        if (ok && !words.empty()) ok = append_agreeing_word(e, name, words, &value);
        if (ok) {
          out += value;
          i = close + 1;
          continue;
        }
      }
    }
    out += format[i++];
  }
  return out;
}

nlohmann::json event_json(const Event& e, CardNames names) {
  nlohmann::json j;
  j["kind"] = event_kind_name(e.kind);
  if (e.public_event())
    j["visible_to"] = "all";
  else
    j["visible_to"] = e.visible_to.to_vector();
  if (e.public_half) j["public_half"] = true;
  const std::string_view format = e.format ? e.format : "";
  auto uses = [&](std::string_view name) {
    return format.find("{" + std::string(name) + "}") != std::string_view::npos ||
           format.find("{" + std::string(name) + ":") != std::string_view::npos;
  };
  if (e.seat != kNoSeat || uses("seat")) j["seat"] = e.seat;
  if (e.other != kNoSeat || uses("other")) j["other"] = e.other;
  if (e.team >= 0) j["team"] = e.team;
  for (auto [name, value] : {std::pair<const char*, int>{"number", e.number},
                             {"amount", e.amount},
                             {"tricks", e.tricks},
                             {"points", e.points},
                             {"total", e.total}})
    if (value != 0 || uses(name)) j[name] = value;
  if (e.suit != kNoSuit) j["suit"] = std::string(1, suit_char(e.suit));
  if (e.card != kNoCard) j["card"] = card_text(e.card, names);
  if (!e.cards.empty()) {
    nlohmann::json cards = nlohmann::json::array();
    for (Card c : e.cards) cards.push_back(card_text(c, names));
    j["cards"] = cards;
  }
  if (!e.seats.empty() || e.kind == EventKind::kGameOver) j["seats"] = e.seats.to_vector();
  if (!e.scores.empty()) j["scores"] = e.scores;
  if (e.label) j["label"] = e.label;
  j["text"] = e.text;
  return j;
}

}  // namespace cardroom
