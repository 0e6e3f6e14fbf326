#include "core/observation.h"

#include <algorithm>
#include <charconv>
#include <sstream>

#include "core/assert.h"

namespace cardroom {

namespace obs {

ObservationField cards(std::string path, std::string doc) {
  return {std::move(path), ObservationEncoding::kCards, 1, false, {}, std::move(doc)};
}
ObservationField trick(std::string path, std::string doc) {
  return {std::move(path), ObservationEncoding::kTrick, 1, false, {}, std::move(doc)};
}
ObservationField number(std::string path, double scale, std::string doc) {
  return {std::move(path), ObservationEncoding::kNumber, scale, false, {}, std::move(doc)};
}
ObservationField number_or_none(std::string path, double scale, std::string doc) {
  return {std::move(path), ObservationEncoding::kNumber, scale, true, {}, std::move(doc)};
}
ObservationField seat(std::string path, std::string doc) {
  return {std::move(path), ObservationEncoding::kSeat, 1, false, {}, std::move(doc)};
}
ObservationField choice(std::string path, std::vector<std::string> choices, std::string doc) {
  return {std::move(path), ObservationEncoding::kChoice, 1,
          false,           std::move(choices),           std::move(doc)};
}
std::vector<std::string> suits() { return {"S", "H", "D", "C"}; }
std::vector<std::string> ranks() {
  return {"A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"};
}
std::vector<std::string> bridge_bids(bool zero) {
  std::vector<std::string> out;
  if (zero) out.push_back("0NT");
  for (int level = 1; level <= 7; ++level)
    for (const char* strain : {"♣", "♦", "♥", "♠", "NT"})
      out.push_back(std::to_string(level) + strain);
  return out;
}

std::vector<ObservationField> common(std::vector<std::string> phases, double round_scale,
                                     double hand_scale, double score_scale) {
  return {
      choice("/phase", std::move(phases), "the phase"),
      number("/round", round_scale, "the round in progress"),
      seat("/dealer", "the dealer"),
      seat("/to_act", "the seats that may move now"),
      cards("/hand", "the seat's own cards"),
      number("/hand_sizes/{seat}", hand_scale, "the cards each seat holds"),
      number("/scores/{seat}", score_scale, "each seat's score"),
  };
}

std::vector<ObservationField> trick_play(double tricks_scale, bool trumps) {
  std::vector<ObservationField> out;
  if (trumps) out.push_back(choice("/trump", suits(), "the trump suit (none: no trumps)"));
  append(out, {
                  trick("/trick", "the trick in progress: who played which card"),
                  seat("/trick/leader", "who leads the trick in progress"),
                  trick("/tricks/{all}", "this round's completed tricks: who played which card"),
                  number("/tricks_won/{seat}", tricks_scale,
                         "the tricks each seat has taken this round"),
              });
  return out;
}

void append(std::vector<ObservationField>& fields, std::vector<ObservationField> more) {
  for (auto& f : more) fields.push_back(std::move(f));
}

}  // namespace obs

namespace {

// "~1" -> "/", "~0" -> "~" (JSON pointer escapes).
std::string unescape(std::string_view token) {
  std::string out;
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '~' && i + 1 < token.size()) {
      out += token[i + 1] == '1' ? '/' : '~';
      ++i;
    } else {
      out += token[i];
    }
  }
  return out;
}

const char* kind_name(const nlohmann::json& v) {
  switch (v.type()) {
    case nlohmann::json::value_t::null:
      return "null";
    case nlohmann::json::value_t::boolean:
      return "a boolean";
    case nlohmann::json::value_t::string:
      return "a string";
    case nlohmann::json::value_t::array:
      return "an array";
    case nlohmann::json::value_t::object:
      return "an object";
    default:
      return "a number";
  }
}

// Calls `add` on a value, or on each entry of a list (its nulls left out when `skip_nulls`): the
// cards, seat and choice encodings take either. False as soon as `add` is.
template <class Add>
bool each_value(const nlohmann::json& value, const Add& add, bool skip_nulls = false) {
  if (!value.is_array()) return add(value);
  for (const auto& v : value)
    if (!(skip_nulls && v.is_null()) && !add(v)) return false;
  return true;
}

bool fail(std::string* error, const ObservationField& field, const std::string& why) {
  if (error) *error = "observation field " + field.path + ": " + why;
  return false;
}

}  // namespace

ObservationLayout::ObservationLayout(std::vector<ObservationField> fields, int seats,
                                     const Teams& teams, CardNames extra_cards)
    : seats_(seats), teams_(teams), extras_(extra_cards.begin(), extra_cards.end()) {
  for (const ExtraCard& e : extras_) card_ids_ = std::max(card_ids_, int{e.id} + 1);
  for (ObservationField& field : fields) {
    Compiled c;
    int item = 0;
    switch (field.encoding) {
      case ObservationEncoding::kCards:
        item = card_ids_;
        break;
      case ObservationEncoding::kTrick:
        item = seats_ * card_ids_;
        break;
      case ObservationEncoding::kNumber:
        item = field.presence ? 2 : 1;
        break;
      case ObservationEncoding::kSeat:
        item = seats_;
        break;
      case ObservationEncoding::kChoice:
        item = static_cast<int>(field.choices.size());
        break;
    }
    CARDROOM_ASSERT(field.path.size() > 1 && field.path[0] == '/',
                    "an observation path is a JSON pointer");
    CARDROOM_ASSERT(field.encoding != ObservationEncoding::kNumber || field.scale > 0,
                    "an observation number needs a positive scale");
    int blocks = 1;
    std::string shape;
    auto add_shape = [&shape](const std::string& part) {
      shape += (shape.empty() ? "" : " × ") + part;
    };
    std::size_t pos = 1;
    while (pos <= field.path.size()) {
      std::size_t end = field.path.find('/', pos);
      if (end == std::string::npos) end = field.path.size();
      std::string_view token(field.path.data() + pos, end - pos);
      Step step;
      if (token == "{seat}") {
        step.kind = Step::kSeats;
        blocks *= seats_;
        add_shape("seats " + std::to_string(seats_));
      } else if (token == "{team}") {
        CARDROOM_ASSERT(teams_.count > 0, "an observation path names teams in a game without them");
        step.kind = Step::kTeams;
        blocks *= teams_.count;
        add_shape("teams " + std::to_string(teams_.count));
      } else if (token == "{all}") {
        step.kind = Step::kAll;
      } else if (token.size() > 2 && token.front() == '{' && token.back() == '}') {
        step.kind = Step::kFixed;
        [[maybe_unused]] auto [p, ec] =
            std::from_chars(token.data() + 1, token.data() + token.size() - 1, step.count);
        CARDROOM_ASSERT(ec == std::errc() && p == token.data() + token.size() - 1 && step.count > 0,
                        "an observation path's {N} needs a positive number");
        blocks *= step.count;
        add_shape("entries " + std::to_string(step.count));
      } else if (!token.empty() && std::all_of(token.begin(), token.end(),
                                               [](char ch) { return ch >= '0' && ch <= '9'; })) {
        step.kind = Step::kIndex;
        step.count = std::stoi(std::string(token));
      } else {
        step.key = unescape(token);
      }
      c.steps.push_back(std::move(step));
      pos = end + 1;
    }
    switch (field.encoding) {
      case ObservationEncoding::kCards:
        add_shape("cards " + std::to_string(card_ids_));
        break;
      case ObservationEncoding::kTrick:
        add_shape("seats " + std::to_string(seats_));
        add_shape("cards " + std::to_string(card_ids_));
        break;
      case ObservationEncoding::kNumber:
        if (field.presence) add_shape("value, given");
        if (shape.empty()) shape = "1";
        break;
      case ObservationEncoding::kSeat:
        add_shape("seats " + std::to_string(seats_));
        break;
      case ObservationEncoding::kChoice:
        add_shape("choices " + std::to_string(field.choices.size()));
        break;
    }
    c.item_size = item;
    Segment seg{std::move(field), size_, blocks * item, std::move(shape)};
    size_ += seg.size;
    segments_.push_back(std::move(seg));
    compiled_.push_back(std::move(c));
  }
}

int ObservationLayout::relative_seat(int seat, Seat observer) const {
  return ((seat - observer) % seats_ + seats_) % seats_;
}

bool ObservationLayout::encode(const nlohmann::json& view, Seat observer, std::span<float> out,
                               std::string* error) const {
  CARDROOM_ASSERT(static_cast<int>(out.size()) == size_, "an observation buffer of the wrong size");
  CARDROOM_ASSERT(observer >= 0 && observer < seats_, "an observation is of a seat");
  std::fill(out.begin(), out.end(), 0.0f);
  for (std::size_t i = 0; i < segments_.size(); ++i)
    if (!encode_at(compiled_[i], 0, &view, observer, out.data() + segments_[i].offset,
                   segments_[i].field, error))
      return false;
  return true;
}

// Walks the path from step `step` at `value` (nullptr: the place is missing), writing the blocks
// under it from `out`.
bool ObservationLayout::encode_at(const Compiled& c, std::size_t step, const nlohmann::json* value,
                                  Seat observer, float* out, const ObservationField& field,
                                  std::string* error) const {
  if (step == c.steps.size()) {
    if (!value || value->is_null()) return true;
    return encode_value(field, *value, observer, out, error);
  }
  const Step& s = c.steps[step];
  if (value && value->is_null()) value = nullptr;
  if (s.kind == Step::kKey || s.kind == Step::kIndex) {
    const nlohmann::json* next = nullptr;
    if (value && s.kind == Step::kKey) {
      if (!value->is_object())
        return fail(error, field, std::string("expected an object, found ") + kind_name(*value));
      auto it = value->find(s.key);
      if (it != value->end()) next = &*it;
    } else if (value) {
      if (!value->is_array())
        return fail(error, field, std::string("expected an array, found ") + kind_name(*value));
      if (s.count < static_cast<int>(value->size())) next = &(*value)[s.count];
    }
    return encode_at(c, step + 1, next, observer, out, field, error);
  }
  if (!value) return true;
  if (!value->is_array())
    return fail(error, field, std::string("expected an array, found ") + kind_name(*value));
  // The numbers under one block of this step.
  int below = c.item_size;
  for (std::size_t k = step + 1; k < c.steps.size(); ++k) {
    const Step& t = c.steps[k];
    if (t.kind == Step::kSeats) below *= seats_;
    if (t.kind == Step::kTeams) below *= teams_.count;
    if (t.kind == Step::kFixed) below *= t.count;
  }
  const int n = static_cast<int>(value->size());
  int limit = s.kind == Step::kSeats   ? seats_
              : s.kind == Step::kTeams ? teams_.count
              : s.kind == Step::kFixed ? s.count
                                       : n;
  if (n > limit)
    return fail(error, field,
                "an array of " + std::to_string(n) + " entries where at most " +
                    std::to_string(limit) + " fit");
  for (int i = 0; i < n; ++i) {
    int block = i;
    if (s.kind == Step::kSeats) block = relative_seat(i, observer);
    if (s.kind == Step::kTeams) {
      const int mine = teams_.team_of[observer];
      block = ((i - mine) % teams_.count + teams_.count) % teams_.count;
    }
    if (s.kind == Step::kAll) block = 0;
    if (!encode_at(c, step + 1, &(*value)[i], observer, out + block * below, field, error))
      return false;
  }
  return true;
}

bool ObservationLayout::encode_value(const ObservationField& field, const nlohmann::json& value,
                                     Seat observer, float* out, std::string* error) const {
  const CardNames names(extras_.data(), extras_.size());
  auto card_of = [&](const nlohmann::json& v, int* id) {
    if (!v.is_string())
      return fail(error, field, std::string("expected a card, found ") + kind_name(v));
    auto card = parse_card(v.get_ref<const std::string&>(), names);
    if (!card || *card >= card_ids_)
      return fail(error, field, "'" + v.get<std::string>() + "' is not a card of the game");
    *id = *card;
    return true;
  };
  auto seat_of = [&](const nlohmann::json& v, int* rel) {
    if (!v.is_number_integer() || v.get<int>() < 0 || v.get<int>() >= seats_)
      return fail(error, field, "expected a seat, found " + v.dump());
    *rel = relative_seat(v.get<int>(), observer);
    return true;
  };
  switch (field.encoding) {
    case ObservationEncoding::kCards: {
      auto add = [&](const nlohmann::json& v) {
        int id = 0;
        if (!card_of(v, &id)) return false;
        out[id] += 1;
        return true;
      };
      return each_value(value, add);
    }
    case ObservationEncoding::kTrick: {
      if (!value.is_object() || !value.contains("cards") || !value.contains("seats") ||
          !value["cards"].is_array() || !value["seats"].is_array() ||
          value["cards"].size() != value["seats"].size())
        return fail(error, field, "expected a trick {\"cards\": [...], \"seats\": [...]}");
      for (std::size_t i = 0; i < value["cards"].size(); ++i) {
        int id = 0, rel = 0;
        if (!card_of(value["cards"][i], &id) || !seat_of(value["seats"][i], &rel)) return false;
        out[rel * card_ids_ + id] = 1;
      }
      return true;
    }
    case ObservationEncoding::kNumber:
      if (value.is_boolean())
        out[0] = value.get<bool>() ? 1.0f : 0.0f;
      else if (value.is_number())
        out[0] = static_cast<float>(value.get<double>() / field.scale);
      else
        return fail(error, field, std::string("expected a number, found ") + kind_name(value));
      if (field.presence) out[1] = 1;
      return true;
    case ObservationEncoding::kSeat: {
      auto add = [&](const nlohmann::json& v) {
        int rel = 0;
        if (!seat_of(v, &rel)) return false;
        out[rel] = 1;
        return true;
      };
      return each_value(value, add);
    }
    case ObservationEncoding::kChoice: {
      auto add = [&](const nlohmann::json& v) {
        if (!v.is_string())
          return fail(error, field, std::string("expected a string, found ") + kind_name(v));
        const auto& text = v.get_ref<const std::string&>();
        if (text.empty()) return true;  // "" is no choice ("no doubling")
        auto it = std::find(field.choices.begin(), field.choices.end(), text);
        if (it == field.choices.end())
          return fail(error, field, "'" + text + "' is not one of its choices");
        out[it - field.choices.begin()] = 1;
        return true;
      };
      return each_value(value, add, /*skip_nulls=*/true);
    }
  }
  return true;
}

std::string ObservationLayout::markdown() const {
  std::ostringstream out;
  out << "| offset | size | field | shape | encoding |\n|---|---|---|---|---|\n";
  for (const Segment& s : segments_) {
    std::string how;
    switch (s.field.encoding) {
      case ObservationEncoding::kCards:
        how = "cards";
        break;
      case ObservationEncoding::kTrick:
        how = "trick";
        break;
      case ObservationEncoding::kNumber: {
        std::ostringstream scale;
        scale << s.field.scale;
        how = s.field.scale == 1 ? "number" : "number / " + scale.str();
        if (s.field.presence) how += " with presence";
        break;
      }
      case ObservationEncoding::kSeat:
        how = "seat";
        break;
      case ObservationEncoding::kChoice: {
        how = "choice:";
        for (const auto& c : s.field.choices) how += " " + c;
        break;
      }
    }
    out << "| " << s.offset << " | " << s.size << " | `" << s.field.path << "` | " << s.shape
        << " | " << how << ": " << s.field.doc << " |\n";
  }
  out << "\nSize: " << size_ << " numbers.\n";
  return out.str();
}

}  // namespace cardroom
