#include "core/table_layout.h"

namespace cardroom {

using nlohmann::json;

std::string_view zone_kind_name(ZoneKind kind) {
  switch (kind) {
    case ZoneKind::kTrick:
      return "trick";
    case ZoneKind::kPile:
      return "pile";
    case ZoneKind::kFan:
      return "fan";
    case ZoneKind::kRow:
      return "row";
    case ZoneKind::kBoard:
      return "board";
    case ZoneKind::kMeld:
      return "meld";
  }
  return "fan";
}

namespace {

json owner_json(Seat owner) { return owner >= 0 ? json(owner) : json(nullptr); }

}  // namespace

json& TableLayout::add(std::string_view id, ZoneKind kind, std::string label, Seat owner,
                       std::span<const Card> cards) {
  json codes = json::array();
  for (Card c : cards) codes.push_back(card_text(c, names_));
  zones_.push_back({{"id", std::string(id)},
                    {"kind", std::string(zone_kind_name(kind))},
                    {"label", std::move(label)},
                    {"owner", owner_json(owner)},
                    {"cards", std::move(codes)}});
  return zones_.back();
}

json& TableLayout::add(std::string_view id, ZoneKind kind, std::string label, Seat owner,
                       CardSet cards) {
  const std::vector<Card> v(cards.begin(), cards.end());
  return add(id, kind, std::move(label), owner, v);
}

json& TableLayout::add_pile(std::string_view id, std::string label, Seat owner, int count,
                            Card top) {
  std::vector<Card> shown;
  if (top != kNoCard && count > 0) shown.push_back(top);
  json& z = add(id, ZoneKind::kPile, std::move(label), owner, shown);
  z["count"] = count;
  return z;
}

json& TableLayout::add_trick(const json& view, std::string label) {
  json& z = add("trick", ZoneKind::kTrick, std::move(label), kNoSeat, std::span<const Card>{});
  z["seats"] = json::array();
  const auto it = view.find("trick");
  if (it == view.end() || !it->is_object()) return z;
  if (it->contains("cards")) z["cards"] = (*it)["cards"];
  if (it->contains("seats")) {
    z["seats"] = (*it)["seats"];
  } else if (it->contains("leader") && (*it)["leader"].is_number_integer()) {
    const int n = view.value("players", 0);
    const int leader = (*it)["leader"].get<int>();
    for (std::size_t i = 0; i < z["cards"].size(); ++i)
      z["seats"].push_back(n > 0 ? (leader + static_cast<int>(i)) % n : leader);
  }
  return z;
}

void TableLayout::highlight(json& zone, std::span<const Card> cards) const {
  json codes = json::array();
  for (Card c : cards) codes.push_back(card_text(c, names_));
  zone["highlight"] = std::move(codes);
}

void TableLayout::fact(std::string label, std::string value) {
  facts_.push_back({{"label", std::move(label)}, {"value", std::move(value)}});
}

std::string TableLayout::who(Seat seat) const {
  if (seat >= 0 && seat == viewer_) return "you";
  return seat >= 0 ? "S" + std::to_string(seat) : "nobody";
}

std::string TableLayout::Who(Seat seat) const {
  std::string w = who(seat);
  if (!w.empty() && w[0] >= 'a' && w[0] <= 'z') w[0] = static_cast<char>(w[0] - 'a' + 'A');
  return w;
}

std::string TableLayout::turn(SeatSet actors, std::string_view doing) const {
  if (actors.size() == 0) return "";
  if (actors.size() == 1) {
    const Seat s = actors.lowest();
    if (s == viewer_) return "your turn to " + std::string(doing);
    return who(s) + " to " + std::string(doing);
  }
  std::string names;
  int i = 0;
  const int count = actors.size();
  for (Seat s : actors) {
    if (i > 0) names += i + 1 == count ? " and " : ", ";
    names += who(s);
    ++i;
  }
  return names + " to " + std::string(doing);
}

std::string TableLayout::game_over(SeatSet winners) const {
  if (winners.size() == 0) return "Game over: no winner";
  std::string names;
  int i = 0;
  for (Seat s : winners) {
    if (i > 0) names += i + 1 == winners.size() ? " and " : ", ";
    names += who(s);
    ++i;
  }
  const bool one = winners.size() == 1 && winners.lowest() != viewer_;
  return "Game over: " + names + (one ? " wins" : " win");
}

std::string TableLayout::card(Card c) const { return card_label(c, names_); }

std::string TableLayout::cards(std::span<const Card> cs) const {
  std::string out;
  for (Card c : cs) out += (out.empty() ? "" : " ") + card_label(c, names_);
  return out;
}

std::string TableLayout::suit_words(int suit) {
  static constexpr const char* kNames[] = {"spades", "hearts", "diamonds", "clubs"};
  if (suit < 0 || suit >= kSuits) return "no trumps";
  return std::string(suit_symbol(suit)) + " " + kNames[suit];
}

void TableLayout::write_to(json& view) && {
  view["layout"] = std::move(zones_);
  view["status"] = std::move(status_);
  view["facts"] = std::move(facts_);
}

}  // namespace cardroom
