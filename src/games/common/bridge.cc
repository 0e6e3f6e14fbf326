#include "games/common/bridge.h"

#include <algorithm>
#include <cctype>

namespace cardroom::bridge {

std::string_view strain_text(Strain s, bool symbols) {
  static constexpr std::string_view kLetters[] = {"C", "D", "H", "S", "NT"};
  static constexpr std::string_view kSymbols[] = {"♣", "♦", "♥", "♠", "NT"};
  const int i = static_cast<int>(s);
  if (i < 0 || i >= kStrains) return "?";
  return symbols ? kSymbols[i] : kLetters[i];
}

std::string bid_text(Bid b, bool symbols) {
  return std::to_string(b.level) + std::string(strain_text(b.strain, symbols));
}

const char* bid_label(Bid b) {
  static const auto labels = [] {
    std::array<std::string, Bid::kRanks> out;
    for (int r = 0; r < Bid::kRanks; ++r) out[r] = bid_text(Bid::of_rank(r), true);
    return out;
  }();
  return b.valid() ? labels[b.rank()].c_str() : "?";
}

std::optional<Bid> parse_bid(std::string_view text, int min_level) {
  if (text.size() < 2 || text[0] < '0' || text[0] > '9') return std::nullopt;
  const int level = text[0] - '0';
  std::string rest;
  for (char c : text.substr(1))
    rest += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  Strain strain;
  if (rest == "nt" || rest == "n")
    strain = Strain::kNoTrump;
  else if (const int suit = parse_suit(rest); suit != kNoSuit)
    strain = strain_of_suit(suit);
  else
    return std::nullopt;
  const Bid bid{static_cast<std::int8_t>(level), strain};
  if (!bid.valid() || level < min_level) return std::nullopt;
  return bid;
}

int lowest_level(Strain strain, std::optional<Bid> current, int min_level) {
  const int floor = strain == Strain::kNoTrump ? min_level : std::max(1, min_level);
  for (int level = floor; level <= kMaxLevel; ++level)
    if (!current || Bid{static_cast<std::int8_t>(level), strain} > *current) return level;
  return kMaxLevel + 1;
}

bool is_jump(Bid bid, std::optional<Bid> current, int min_level) {
  return bid.level > lowest_level(bid.strain, current, min_level);
}

std::string_view doubling_text(Doubling d) {
  switch (d) {
    case Doubling::kDoubled:
      return "X";
    case Doubling::kRedoubled:
      return "XX";
    default:
      return "";
  }
}

std::string contract_text(const Contract& c, bool symbols) {
  return bid_text(c.bid, symbols) + std::string(doubling_text(c.doubling));
}

const char* contract_label(Bid b, Doubling d) {
  static const auto labels = [] {
    std::array<std::string, Bid::kRanks * 3> out;
    for (int r = 0; r < Bid::kRanks; ++r)
      for (int x = 0; x < 3; ++x)
        out[r * 3 + x] = contract_text({Bid::of_rank(r), static_cast<Doubling>(x), 0}, true);
    return out;
  }();
  return b.valid() ? labels[b.rank() * 3 + static_cast<int>(d)].c_str() : "?";
}

// ---- Auction ---------------------------------------------------------------------------------

namespace {
constexpr const char* kAuctionOver = "the auction is over";
constexpr const char* kNotYourCall = "it is not your turn";
}  // namespace

const char* Auction::why_not_bid(int side, Bid bid) const {
  if (over_) return kAuctionOver;
  if (side != to_call_) return kNotYourCall;
  if (!bid.valid() || bid.level < min_level_) return "that is not a bid";
  if (has_bid() && !(bid > bid_)) return "a bid must be higher than the last bid";
  return nullptr;
}

const char* Auction::why_not_pass(int side) const {
  if (over_) return kAuctionOver;
  if (side != to_call_) return kNotYourCall;
  return nullptr;
}

const char* Auction::why_not_double(int side) const {
  if (over_) return kAuctionOver;
  if (side != to_call_) return kNotYourCall;
  if (!has_bid()) return "there is no bid to double";
  if (bidder_ == side) return "you may not double your own bid";
  if (doubling_ != Doubling::kNone) return "the bid is already doubled";
  return nullptr;
}

const char* Auction::why_not_redouble(int side) const {
  if (over_) return kAuctionOver;
  if (side != to_call_) return kNotYourCall;
  if (doubling_ != Doubling::kDoubled) return "only a doubled bid may be redoubled";
  if (bidder_ != side) return "you may redouble only your own bid";
  return nullptr;
}

bool Auction::bid(Bid bid) {
  bid_ = bid;
  bidder_ = to_call_;
  doubling_ = Doubling::kNone;  // a new bid cancels any double
  passes_ = 0;
  just_doubled_ = false;
  ++calls_;
  to_call_ ^= 1;
  return false;
}

bool Auction::pass() {
  ++calls_;
  // The doubled side passing straight after the double ends the auction: contract doubled.
  over_ = (just_doubled_ && to_call_ == bidder_) || ++passes_ >= 2;
  just_doubled_ = false;
  to_call_ ^= 1;
  return over_;
}

bool Auction::double_bid() {
  doubling_ = Doubling::kDoubled;
  passes_ = 0;
  just_doubled_ = true;
  ++calls_;
  to_call_ ^= 1;
  return false;
}

bool Auction::redouble() {
  doubling_ = Doubling::kRedoubled;
  just_doubled_ = false;
  ++calls_;
  to_call_ ^= 1;
  over_ = true;  // a redouble ends the auction
  return true;
}

// ---- Scoring ---------------------------------------------------------------------------------

std::string_view line_kind_text(LineKind k) {
  switch (k) {
    case LineKind::kContract:
      return "contract";
    case LineKind::kOvertricks:
      return "overtricks";
    case LineKind::kInsult:
      return "insult";
    case LineKind::kSlam:
      return "slam";
    case LineKind::kUndertricks:
      return "undertricks";
    case LineKind::kHonours:
      return "honours";
    case LineKind::kRubber:
      return "rubber";
    case LineKind::kUnfinished:
      return "unfinished";
  }
  return "?";
}

void HandLines::add(int side, bool below, LineKind kind, int points) {
  if (points == 0 || count >= kMax) return;
  lines[count++] = ScoreLine{static_cast<std::int8_t>(side), below, kind, points};
}

int HandLines::total(int side) const {
  int sum = 0;
  for (int i = 0; i < count; ++i)
    if (lines[i].side == side) sum += lines[i].points;
  return sum;
}

namespace {
int multiplier(Doubling d) {
  return d == Doubling::kRedoubled ? 4 : d == Doubling::kDoubled ? 2 : 1;
}
int per_trick(Strain s) { return s == Strain::kClubs || s == Strain::kDiamonds ? 20 : 30; }
}  // namespace

int trick_score(Bid bid, Doubling d) {
  if (bid.level <= 0) return 0;
  const int base = bid.strain == Strain::kNoTrump ? 40 + 30 * (bid.level - 1)
                                                  : per_trick(bid.strain) * bid.level;
  return base * multiplier(d);
}

int overtrick_points(Bid bid, Doubling d, bool vulnerable, int over) {
  if (over <= 0) return 0;
  switch (d) {
    case Doubling::kDoubled:
      return over * (vulnerable ? 200 : 100);
    case Doubling::kRedoubled:
      return over * (vulnerable ? 400 : 200);
    default:
      return over * per_trick(bid.strain);
  }
}

int undertrick_points(Doubling d, bool vulnerable, int down) {
  if (down <= 0) return 0;
  if (d == Doubling::kNone) return down * (vulnerable ? 100 : 50);
  int doubled = 0;
  for (int i = 1; i <= down; ++i) {
    if (vulnerable)
      doubled += i == 1 ? 200 : 300;
    else
      doubled += i == 1 ? 100 : i <= 3 ? 200 : 300;
  }
  return d == Doubling::kRedoubled ? 2 * doubled : doubled;
}

int honours(CardSet hand, Strain strain) {
  if (strain == Strain::kNoTrump) {
    int aces = 0;
    for (int s = 0; s < kSuits; ++s) aces += hand.contains(make_card(s, kAce));
    return aces == 4 ? 150 : 0;
  }
  const int suit = trump_suit(strain);
  int held = 0;
  for (int r = kTen; r <= kAce; ++r) held += hand.contains(make_card(suit, r));
  return held == 5 ? 150 : held == 4 ? 100 : 0;
}

void Rubber::add(HandLines& out, int side, bool below, LineKind kind, int points) {
  if (points == 0) return;
  out.add(side, below, kind, points);
  if (below) {
    below_[side] += points;
    below_total_[side] += points;
  } else {
    above_[side] += points;
  }
}

HandLines Rubber::score_hand(const Contract& contract, int taken, int honours_side,
                             int honours_points) {
  HandLines out;
  if (over_) return out;
  const int declarer = contract.declarer, defender = declarer ^ 1;
  const bool vul = vulnerable(declarer);
  const Bid bid = contract.bid;
  const int diff = result_tricks(bid, taken);
  if (diff >= 0) {
    add(out, declarer, true, LineKind::kContract, trick_score(bid, contract.doubling));
    add(out, declarer, false, LineKind::kOvertricks,
        overtrick_points(bid, contract.doubling, vul, diff));
    if (contract.doubling != Doubling::kNone)
      add(out, declarer, false, LineKind::kInsult,
          contract.doubling == Doubling::kRedoubled ? 100 : 50);
    if (bid.level == 6) add(out, declarer, false, LineKind::kSlam, vul ? 750 : 500);
    if (bid.level == 7) add(out, declarer, false, LineKind::kSlam, vul ? 1500 : 1000);
  } else {
    add(out, defender, false, LineKind::kUndertricks,
        undertrick_points(contract.doubling, vul, -diff));
  }
  if (honours_points > 0) add(out, honours_side, false, LineKind::kHonours, honours_points);
  if (below_[declarer] >= 100) {  // a game: both sides' part scores start afresh
    ++games_[declarer];
    below_ = {};
    if (games_[declarer] == 2) {
      add(out, declarer, false, LineKind::kRubber, games_[defender] == 0 ? 700 : 500);
      over_ = true;
    }
  }
  return out;
}

HandLines Rubber::abandon() {
  HandLines out;
  if (over_) return out;
  for (int side = 0; side < 2; ++side) {
    if (games_[side] == 1) add(out, side, false, LineKind::kUnfinished, 300);
    if (below_[side] > 0) add(out, side, false, LineKind::kUnfinished, 100);
  }
  over_ = true;
  return out;
}

int Rubber::winner() const {
  if (!over_ || total(0) == total(1)) return -1;
  return total(0) > total(1) ? 0 : 1;
}

}  // namespace cardroom::bridge
