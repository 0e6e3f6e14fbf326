#include "server/lobby.h"

#include <algorithm>

namespace cardroom::server {

using json = nlohmann::json;

Lobby::Lobby(boost::asio::io_context& io, int page, std::chrono::milliseconds interval)
    : timer_(io), page_(static_cast<std::size_t>(std::max(1, page))), interval_(interval) {}

void Lobby::publish(const std::string& table, json entry, bool listed, bool waiting,
                    std::int64_t created_ms) {
  std::lock_guard lock(mu_);
  if (!listed) {
    if (listed_.erase(table)) changed();
    return;
  }
  std::string text = entry.dump(-1, ' ', false, json::error_handler_t::replace);
  auto it = listed_.find(table);
  if (it != listed_.end() && it->second.text == text && it->second.waiting == waiting) return;
  listed_[table] = Entry{std::move(text), waiting, created_ms};
  changed();
}

void Lobby::remove(const std::string& table) {
  std::lock_guard lock(mu_);
  if (listed_.erase(table)) changed();
}

json Lobby::message(std::size_t offset) const {
  std::vector<const Entry*> order;
  {
    std::lock_guard lock(mu_);
    order.reserve(listed_.size());
    for (const auto& [id, e] : listed_) order.push_back(&e);
    // Tables waiting for players first, then the rest; the newest first in each.
    std::sort(order.begin(), order.end(), [](const Entry* a, const Entry* b) {
      if (a->waiting != b->waiting) return a->waiting;
      return a->created_ms > b->created_ms;
    });
    json tables = json::array();
    for (std::size_t i = offset; i < order.size() && i < offset + page_; ++i)
      tables.push_back(json::parse(order[i]->text));
    return {{"type", "lobby"},
            {"tables", tables},
            {"total", order.size()},
            {"offset", offset},
            {"page", page_}};
  }
}

json Lobby::subscribe(const std::shared_ptr<Client>& client, std::size_t offset) {
  {
    std::lock_guard lock(mu_);
    bool known = false;
    for (auto& c : subscribers_) known |= c.lock() == client;
    if (!known) subscribers_.push_back(client);
  }
  return message(offset);
}

void Lobby::unsubscribe(const Client* client) {
  std::lock_guard lock(mu_);
  std::erase_if(subscribers_, [&](const std::weak_ptr<Client>& c) {
    auto s = c.lock();
    return !s || s.get() == client;
  });
}

void Lobby::changed() {
  if (scheduled_ || stopped_ || subscribers_.empty()) return;
  scheduled_ = true;
  timer_.expires_after(interval_);
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) broadcast();
  });
}

void Lobby::broadcast() {
  std::vector<std::shared_ptr<Client>> to;
  {
    std::lock_guard lock(mu_);
    scheduled_ = false;
    std::erase_if(subscribers_, [](const std::weak_ptr<Client>& c) { return c.expired(); });
    for (auto& c : subscribers_)
      if (auto s = c.lock()) to.push_back(std::move(s));
  }
  if (to.empty()) return;
  const std::string text = message(0).dump(-1, ' ', false, json::error_handler_t::replace);
  for (auto& c : to) c->send(text);
}

void Lobby::stop() {
  std::lock_guard lock(mu_);
  stopped_ = true;
  timer_.cancel();
}

}  // namespace cardroom::server
