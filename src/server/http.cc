#include "server/http.h"

#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/version.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "core/registry.h"
#include "games/all_games.h"

namespace cardroom::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

const char* content_type(const std::string& path) {
  auto ends = [&](const char* ext) { return path.ends_with(ext); };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".json")) return "application/json";
  if (ends(".ico")) return "image/x-icon";
  if (ends(".map")) return "application/json";
  return "application/octet-stream";
}

// Asset names are plain file names: nothing that could climb out of the directory.
bool plain_name(std::string_view name) {
  if (name.empty() || name.front() == '.') return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_'))
      return false;
  return true;
}

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

const char* const kNoPage =
    "<!doctype html><meta charset=utf-8><title>Cardroom</title>"
    "<p>The page is not built. Run <code>scripts/serve.sh</code>, or build it with "
    "<code>npm ci &amp;&amp; npm run build</code> in <code>web/</code>.</p>";

struct Shared {
  Shared(Room& r, ServerOptions o) : room(r), options(std::move(o)) {}
  Room& room;
  ServerOptions options;
  std::atomic<std::uint64_t> next_id{1};
  void log(const std::string& line) const {
    if (options.log) options.log(line);
  }
};

// Whether a browser page at `origin` ("http://host:port") may open /ws on `host` ("host:port"):
// the room's own page, or an origin the operator allows.
bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed) {
  for (const std::string& a : allowed)
    if (a == "*" || a == origin) return true;
  for (std::string_view scheme : {"http://", "https://"})
    if (origin.starts_with(scheme)) {
      std::string_view rest = origin.substr(scheme.size());
      if (rest.size() != host.size()) return false;
      for (std::size_t i = 0; i < rest.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(rest[i])) !=
            std::tolower(static_cast<unsigned char>(host[i])))
          return false;
      return true;
    }
  return false;
}

class WebSocketSession final : public Client,
                               public std::enable_shared_from_this<WebSocketSession> {
 public:
  WebSocketSession(std::shared_ptr<Shared> shared, beast::tcp_stream stream, std::string label,
                   std::string address)
      : shared_(std::move(shared)),
        ws_(std::move(stream)),
        label_(std::move(label)),
        address_(std::move(address)) {}
  ~WebSocketSession() override { shared_->room.addresses().disconnect(address_); }

  void start(http::request<http::string_body> request) {
    beast::get_lowest_layer(ws_).expires_never();
    websocket::stream_base::timeout timeout =
        websocket::stream_base::timeout::suggested(beast::role_type::server);
    if (shared_->options.ping_timeout.count() > 0) {
      // Silent for half of it: a ping; nothing at all for all of it: closed.
      timeout.idle_timeout = shared_->options.ping_timeout;
      timeout.keep_alive_pings = true;
    }
    ws_.set_option(timeout);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "cardroom"); }));
    ws_.read_message_max(shared_->options.max_message);
    ws_.async_accept(request,
                     beast::bind_front_handler(&WebSocketSession::on_accept, shared_from_this()));
  }

  void send(std::string message) override {
    asio::post(ws_.get_executor(), [self = shared_from_this(), m = std::move(message)]() mutable {
      self->queue(std::move(m));
    });
  }
  std::string label() const override { return label_; }
  std::string address() const override { return address_; }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) {
      shared_->log(label_ + ": WebSocket handshake failed: " + ec.message());
      return;
    }
    open_ = true;
    shared_->log(label_ + ": WebSocket open");
    read();
  }

  void read() {
    ws_.async_read(buffer_,
                   beast::bind_front_handler(&WebSocketSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == beast::error::timeout) return close("no answer to pings");
    if (ec)
      return close(ec == websocket::error::message_too_big ? "message too big" : ec.message());
    if (!ws_.got_text()) {
      buffer_.consume(buffer_.size());
      send(R"({"type":"error","message":"messages are JSON text, not binary"})");
      return read();
    }
    const auto now = std::chrono::steady_clock::now();
    if (now - window_start_ >= std::chrono::seconds(1)) {
      window_start_ = now;
      in_window_ = 0;
    }
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    if (++in_window_ > shared_->options.max_per_second) {
      // The flood is ignored; one error per second tells the client why.
      if (in_window_ == shared_->options.max_per_second + 1)
        send(R"({"type":"error","message":"too many messages: at most )" +
             std::to_string(shared_->options.max_per_second) +
             R"( a second; the rest were ignored"})");
      return read();
    }
    if (!shared_->room.addresses().message(address_)) {
      if (!address_flooded_)
        send(
            R"({"type":"error","message":"too many messages from your address: at most )" +
            std::to_string(shared_->room.policy().max_messages) +
            R"x( a second over all its connections; the rest were ignored (serve --max-messages)"})x");
      address_flooded_ = true;
      return read();
    }
    address_flooded_ = false;
    // The next message is read once the room has answered this one.
    // The answer holds the connection: the room's stop runs (and drops) what it did not answer.
    shared_->room.handle(shared_from_this(), text, [self = shared_from_this()] {
      asio::post(self->ws_.get_executor(), [self] {
        if (!self->closed_) self->read();
      });
    });
  }

  void queue(std::string message) {
    if (closed_) return;
    queued_bytes_ += message.size();
    if (queued_bytes_ > shared_->options.max_queued) {
      // A client that reads nothing must not make the server hold everything for it.
      return close("too slow: messages piled up unread");
    }
    outbox_.push_back(std::move(message));
    if (outbox_.size() == 1 && open_) write();
  }

  void write() {
    ws_.text(true);
    ws_.async_write(asio::buffer(outbox_.front()),
                    beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, std::size_t) {
    if (ec) return close(ec.message());
    queued_bytes_ -= outbox_.front().size();
    outbox_.pop_front();
    if (!outbox_.empty()) write();
  }

  void close(const std::string& why) {
    if (closed_) return;
    closed_ = true;
    shared_->log(label_ + ": WebSocket closed (" + why + ")");
    shared_->room.disconnect(shared_from_this());
    if (ws_.is_open()) {
      websocket::close_reason reason(websocket::close_code::policy_error);
      if (why == "message too big")
        reason = websocket::close_reason(websocket::close_code::too_big);
      reason.reason = why.substr(0, 120);
      ws_.async_close(reason, [self = shared_from_this()](beast::error_code) {});
    }
  }

  std::shared_ptr<Shared> shared_;
  websocket::stream<beast::tcp_stream> ws_;
  std::string label_;
  std::string address_;
  bool address_flooded_ = false;  // told once until a message gets through again
  beast::flat_buffer buffer_;
  std::deque<std::string> outbox_;
  std::size_t queued_bytes_ = 0;
  bool open_ = false;
  bool closed_ = false;
  std::chrono::steady_clock::time_point window_start_{};
  int in_window_ = 0;
};

class HttpSession final : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(std::shared_ptr<Shared> shared, tcp::socket socket)
      : shared_(std::move(shared)), stream_(std::move(socket)) {
    beast::error_code ec;
    const auto remote = stream_.socket().remote_endpoint(ec);
    address_ = ec ? std::string("?") : remote.address().to_string();
    label_ = (ec ? std::string("?") : address_ + ":" + std::to_string(remote.port())) + " #" +
             std::to_string(shared_->next_id++);
  }

  void start() {
    asio::dispatch(stream_.get_executor(),
                   beast::bind_front_handler(&HttpSession::read, shared_from_this()));
  }

 private:
  void read() {
    parser_.emplace();
    parser_->header_limit(16 * 1024);
    parser_->body_limit(16 * 1024);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream || ec == beast::error::timeout) return shut();
    if (ec) return shut();
    http::request<http::string_body> request = parser_->release();
    if (websocket::is_upgrade(request)) {
      if (request.target() != "/ws")
        return respond(request, http::status::not_found, "no WebSocket here: use /ws\n",
                       "text/plain");
      const auto origin = request[http::field::origin];
      if (!origin.empty() &&
          !origin_allowed(origin, request[http::field::host], shared_->options.allow_origins)) {
        shared_->log(label_ + ": WebSocket from another site refused (Origin " +
                     std::string(origin.substr(0, 100)) + ")");
        return respond(request, http::status::forbidden,
                       "this room accepts WebSocket connections from its own page only (serve "
                       "--allow-origin)\n",
                       "text/plain");
      }
      std::string address = address_;
      if (shared_->options.trust_forwarded) {
        const auto forwarded = request["X-Forwarded-For"];
        if (!forwarded.empty()) {
          std::string_view last = forwarded;
          if (auto comma = last.rfind(','); comma != std::string_view::npos)
            last = last.substr(comma + 1);
          while (!last.empty() && last.front() == ' ') last.remove_prefix(1);
          address = std::string(last.substr(0, 64));
        }
      }
      if (!shared_->room.addresses().connect(address)) {
        shared_->log(label_ + ": refused: too many connections from " + address);
        return respond(request, http::status::too_many_requests,
                       "too many connections from your address (serve --max-connections)\n",
                       "text/plain");
      }
      shared_->log(label_ + ": connected");
      std::make_shared<WebSocketSession>(shared_, std::move(stream_), label_, address)
          ->start(std::move(request));
      return;
    }
    if (request.method() != http::verb::get && request.method() != http::verb::head)
      return respond(request, http::status::method_not_allowed, "only GET\n", "text/plain");
    std::string target(request.target());
    if (auto q = target.find('?'); q != std::string::npos) target.resize(q);
    const std::string& dir = shared_->options.web_dir;
    if (target == "/" || target == "/index.html") {
      auto page = read_file(dir + "/index.html");
      return respond(request, http::status::ok, page ? *page : kNoPage, "text/html; charset=utf-8");
    }
    if (target == "/health") return respond(request, http::status::ok, "ok\n", "text/plain");
    if (target.starts_with("/assets/")) {
      const std::string name = target.substr(8);
      if (plain_name(name))
        if (auto file = read_file(dir + "/assets/" + name))
          return respond(request, http::status::ok, *file, content_type(name));
      return respond(request, http::status::not_found, "not found\n", "text/plain");
    }
    if (target.starts_with("/rules/")) {
      // The rules page `cardroom rules GAME` prints (Markdown): the page's rules panel.
      const std::string name = target.substr(7);
      for (const GameEntry* g : registered_games())
        if (g->name == name && !rules_page(name).empty())
          return respond(request, http::status::ok, std::string(rules_page(name)),
                         "text/markdown; charset=utf-8");
      return respond(request, http::status::not_found, "no game '" + name.substr(0, 40) + "'\n",
                     "text/plain");
    }
    if (target.starts_with("/record/")) {
      auto [status, body] = shared_->room.record(target.substr(8));
      if (status == 200) {
        http::response<http::string_body> res = base(request, http::status::ok, "application/json");
        res.set(http::field::content_disposition,
                "attachment; filename=\"cardroom-" + target.substr(8) + ".json\"");
        res.body() = std::move(body);
        return send(std::move(res));
      }
      return respond(request, static_cast<http::status>(status), body + "\n", "text/plain");
    }
    respond(request, http::status::not_found, "not found\n", "text/plain");
  }

  http::response<http::string_body> base(const http::request<http::string_body>& request,
                                         http::status status, const char* type) {
    http::response<http::string_body> res{status, request.version()};
    res.set(http::field::server, "cardroom");
    res.set(http::field::content_type, type);
    res.set(http::field::cache_control, "no-store");
    res.set("X-Content-Type-Options", "nosniff");
    res.keep_alive(request.keep_alive());
    return res;
  }

  void respond(const http::request<http::string_body>& request, http::status status,
               std::string body, const char* type) {
    http::response<http::string_body> res = base(request, status, type);
    if (request.method() != http::verb::head) res.body() = std::move(body);
    send(std::move(res));
  }

  void send(http::response<http::string_body> res) {
    res.prepare_payload();
    auto shared_res = std::make_shared<http::response<http::string_body>>(std::move(res));
    http::async_write(stream_, *shared_res,
                      [self = shared_from_this(), shared_res](beast::error_code ec, std::size_t) {
                        if (ec || !shared_res->keep_alive()) return self->shut();
                        self->read();
                      });
  }

  void shut() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
  }

  std::shared_ptr<Shared> shared_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::string label_;
  std::string address_;  // the peer's
};

}  // namespace

struct Server::Impl {
  std::shared_ptr<Shared> shared;
  asio::io_context io;
  tcp::acceptor acceptor{asio::make_strand(io)};
  std::vector<std::thread> threads;
  bool stopped = false;

  void accept() {
    acceptor.async_accept(asio::make_strand(io), [this](beast::error_code ec, tcp::socket socket) {
      if (ec) {
        if (ec == asio::error::operation_aborted) return;
        shared->log(std::string("accept failed: ") + ec.message());
      } else {
        // Small messages, sent at once: no waiting to fill a packet (Nagle).
        beast::error_code ignored;
        socket.set_option(tcp::no_delay(true), ignored);
        std::make_shared<HttpSession>(shared, std::move(socket))->start();
      }
      accept();
    });
  }
};

Server::Server(Room& room, ServerOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->shared = std::make_shared<Shared>(room, std::move(options));
}

Server::~Server() { stop(); }

bool Server::listen(std::string* error) {
  const ServerOptions& o = impl_->shared->options;
  beast::error_code ec;
  const auto address = asio::ip::make_address(o.bind, ec);
  if (ec) {
    *error = "--bind " + o.bind + ": not an IP address";
    return false;
  }
  const tcp::endpoint endpoint(address, o.port);
  auto& acceptor = impl_->acceptor;
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    *error = "cannot listen on " + o.bind + ":" + std::to_string(o.port) + ": " + ec.message();
    return false;
  }
  return true;
}

unsigned short Server::port() const {
  beast::error_code ec;
  return impl_->acceptor.local_endpoint(ec).port();
}

void Server::start() {
  impl_->accept();
  int n = impl_->shared->options.threads;
  if (n <= 0) n = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (int i = 0; i < n; ++i) impl_->threads.emplace_back([this] { impl_->io.run(); });
}

void Server::stop() {
  if (impl_->stopped) return;
  impl_->stopped = true;
  impl_->io.stop();
  for (auto& t : impl_->threads)
    if (t.joinable()) t.join();
  impl_->threads.clear();
}

}  // namespace cardroom::server
