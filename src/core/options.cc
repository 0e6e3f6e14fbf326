#include "core/options.h"

#include <cctype>
#include <charconv>
#include <stdexcept>

namespace cardroom {
namespace {

std::string trim(std::string s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::optional<OptionValue> parse_value(const OptionSpec& spec, const std::string& text,
                                       std::string* error) {
  auto fail = [&](const std::string& why) -> std::optional<OptionValue> {
    if (error)
      *error = "option '" + spec.name + "': '" + text + "' " + why +
               " (allowed: " + spec.allowed() + ")";
    return std::nullopt;
  };
  switch (spec.type) {
    case OptionType::kInt: {
      std::int64_t v = 0;
      const char* b = text.data();
      const char* e = text.data() + text.size();
      auto [p, ec] = std::from_chars(b, e, v);
      if (ec == std::errc::result_out_of_range && p == e) return fail("is out of range");
      if (ec != std::errc() || p != e) return fail("is not a whole number");
      if (v < spec.min || v > spec.max) return fail("is out of range");
      return OptionValue(v);
    }
    case OptionType::kBool: {
      std::string t = lower(text);
      if (t == "true" || t == "1" || t == "yes" || t == "on") return OptionValue(true);
      if (t == "false" || t == "0" || t == "no" || t == "off") return OptionValue(false);
      return fail("is not true or false");
    }
    case OptionType::kChoice: {
      std::string t = lower(text);
      for (const auto& c : spec.choices)
        if (t == c) return OptionValue(c);
      return fail("is not one of the choices");
    }
  }
  return fail("has an unknown type");
}

}  // namespace

std::string OptionSpec::allowed() const {
  switch (type) {
    case OptionType::kInt:
      return std::to_string(min) + ".." + std::to_string(max);
    case OptionType::kBool:
      return "true|false";
    case OptionType::kChoice: {
      std::string out;
      for (const auto& c : choices) out += (out.empty() ? "" : "|") + c;
      return out;
    }
  }
  return "";
}

std::optional<GameString> parse_game_string(const std::string& text, std::string* error) {
  GameString out;
  if (text.size() > kMaxGameString) {
    if (error)
      *error = "a game or player string of " + std::to_string(text.size()) +
               " characters is too long (at most " + std::to_string(kMaxGameString) + ")";
    return std::nullopt;
  }
  std::string t = trim(text);
  auto open = t.find('(');
  if (open == std::string::npos) {
    out.name = t;
  } else {
    if (t.back() != ')') {
      if (error) *error = "game string '" + text + "' is missing its closing ')'";
      return std::nullopt;
    }
    out.name = trim(t.substr(0, open));
    std::string inner = t.substr(open + 1, t.size() - open - 2);
    std::size_t pos = 0;
    // "name()" has no options; otherwise every option between the commas is key=value, and an
    // empty one (two commas, or one at either end) is an error, not skipped.
    while (!trim(inner).empty() && pos <= inner.size()) {
      auto comma = inner.find(',', pos);
      if (comma == std::string::npos) comma = inner.size();
      std::string item = trim(inner.substr(pos, comma - pos));
      if (item.empty()) {
        if (error)
          *error = "game string '" + text + "' has an empty option (two commas, or one at an end)";
        return std::nullopt;
      }
      auto eq = item.find('=');
      if (eq == std::string::npos) {
        if (error) *error = "option '" + item + "' must be written key=value";
        return std::nullopt;
      }
      out.options.emplace_back(trim(item.substr(0, eq)), trim(item.substr(eq + 1)));
      pos = comma + 1;
    }
  }
  if (out.name.empty()) {
    if (error) *error = "game string '" + text + "' has no game name";
    return std::nullopt;
  }
  return out;
}

std::optional<OptionValues> OptionValues::parse(
    const std::vector<OptionSpec>& specs,
    const std::vector<std::pair<std::string, std::string>>& raw, std::string* error) {
  OptionValues out;
  std::vector<std::optional<OptionValue>> found(specs.size());
  for (const auto& [key, text] : raw) {
    std::size_t i = 0;
    while (i < specs.size() && specs[i].name != key) ++i;
    if (i == specs.size()) {
      if (error) {
        *error = "unknown option '" + key + "' (options:";
        for (const auto& s : specs) *error += " " + s.name;
        *error += ")";
      }
      return std::nullopt;
    }
    if (found[i]) {
      if (error) *error = "option '" + key + "' is given twice";
      return std::nullopt;
    }
    found[i] = parse_value(specs[i], text, error);
    if (!found[i]) return std::nullopt;
  }
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (!found[i]) found[i] = parse_value(specs[i], specs[i].default_value, error);
    if (!found[i]) return std::nullopt;  // a bad default is a programming error
    out.values_.emplace_back(specs[i].name, *found[i]);
    int index = -1;
    if (auto* text = std::get_if<std::string>(&*found[i]))
      for (std::size_t c = 0; c < specs[i].choices.size(); ++c)
        if (specs[i].choices[c] == *text) index = static_cast<int>(c);
    out.choice_index_.push_back(index);
  }
  return out;
}

std::optional<OptionValues> OptionValues::from_json(const std::vector<OptionSpec>& specs,
                                                    const nlohmann::json& object,
                                                    std::string* error) {
  std::vector<std::pair<std::string, std::string>> raw;
  if (object.is_null()) return parse(specs, raw, error);
  if (!object.is_object()) {
    if (error) *error = "options must be a JSON object";
    return std::nullopt;
  }
  for (const auto& [key, value] : object.items()) {
    if (value.is_string())
      raw.emplace_back(key, value.get<std::string>());
    else if (value.is_boolean())
      raw.emplace_back(key, value.get<bool>() ? "true" : "false");
    else if (value.is_number_integer())
      raw.emplace_back(key, value.dump());  // exact, even past the range of int64
    else {
      if (error)
        *error = "option '" + key + "' has a value that is not a whole number, boolean or string";
      return std::nullopt;
    }
  }
  return parse(specs, raw, error);
}

std::int64_t OptionValues::get_int(const std::string& name) const {
  for (const auto& [k, v] : values_)
    if (k == name) return std::get<std::int64_t>(v);
  throw std::logic_error("no int option " + name);
}

bool OptionValues::get_bool(const std::string& name) const {
  for (const auto& [k, v] : values_)
    if (k == name) return std::get<bool>(v);
  throw std::logic_error("no bool option " + name);
}

const std::string& OptionValues::get_choice(const std::string& name) const {
  for (const auto& [k, v] : values_)
    if (k == name) return std::get<std::string>(v);
  throw std::logic_error("no choice option " + name);
}

int OptionValues::get_choice_index(const std::string& name) const {
  for (std::size_t i = 0; i < values_.size(); ++i)
    if (values_[i].first == name && choice_index_[i] >= 0) return choice_index_[i];
  throw std::logic_error("no choice option " + name);
}

std::string OptionValues::canonical() const {
  std::string out;
  for (const auto& [k, v] : values_) {
    if (!out.empty()) out += ',';
    out += k + "=";
    if (auto* i = std::get_if<std::int64_t>(&v)) out += std::to_string(*i);
    if (auto* b = std::get_if<bool>(&v)) out += *b ? "true" : "false";
    if (auto* s = std::get_if<std::string>(&v)) out += *s;
  }
  return out;
}

nlohmann::json OptionValues::to_json() const {
  nlohmann::json out = nlohmann::json::object();
  // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
  for (const auto& entry : values_)
    std::visit([&](const auto& x) { out[entry.first] = x; }, entry.second);
  return out;
}

}  // namespace cardroom
