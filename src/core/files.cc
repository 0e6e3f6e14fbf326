#include "core/files.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace cardroom {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

std::string failed(const char* verb, const std::string& path, int err) {
  return std::string("cannot ") + verb + " '" + path + "': " + std::strerror(err);
}

bool is_directory(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

}  // namespace

bool read_text_file(const std::string& path, std::string* text, std::string* error) {
  if (is_directory(path)) {
    *error = failed("read", path, EISDIR);
    return false;
  }
  File f(std::fopen(path.c_str(), "rb"));
  if (!f) {
    *error = failed("read", path, errno);
    return false;
  }
  text->clear();
  char buffer[1 << 14];
  for (;;) {
    std::size_t n = std::fread(buffer, 1, sizeof buffer, f.get());
    text->append(buffer, n);
    if (n < sizeof buffer) break;
  }
  if (std::ferror(f.get())) {
    *error = failed("read", path, errno ? errno : EIO);
    return false;
  }
  return true;
}

bool write_text_file(const std::string& path, const std::string& text, std::string* error) {
  if (is_directory(path)) {
    *error = failed("write", path, EISDIR);
    return false;
  }
  const std::string tmp = path + ".tmp";
  std::FILE* raw = std::fopen(tmp.c_str(), "wb");
  if (!raw) {
    *error = failed("write", path, errno);
    return false;
  }
  bool ok = std::fwrite(text.data(), 1, text.size(), raw) == text.size();
  int err = ok ? 0 : errno;
  if (std::fclose(raw) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (ok && std::rename(tmp.c_str(), path.c_str()) != 0) {
    ok = false;
    err = errno;
  }
  if (!ok) {
    std::remove(tmp.c_str());
    *error = failed("write", path, err ? err : EIO);
  }
  return ok;
}

bool check_writable(const std::string& path, std::string* error) {
  if (is_directory(path)) {
    *error = failed("write", path, EISDIR);
    return false;
  }
  // The file itself may be read-only and still be replaced (rename); what matters is that its
  // temporary sibling can be created. An existing .tmp (a crash's) is left as it is.
  const std::string tmp = path + ".tmp";
  const bool existed = ::access(tmp.c_str(), F_OK) == 0;
  std::FILE* f = std::fopen(tmp.c_str(), "ab");
  if (!f) {
    *error = failed("write", path, errno);
    return false;
  }
  std::fclose(f);
  if (!existed) std::remove(tmp.c_str());
  return true;
}

}  // namespace cardroom
