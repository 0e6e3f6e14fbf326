// Reading and writing whole files with errors as one line of text, never exceptions: a missing
// file, a directory, a file without permission, a full disk.
#pragma once

#include <string>

namespace cardroom {

// The whole file into `text`; false with `error` ("cannot read 'x': Is a directory") otherwise.
bool read_text_file(const std::string& path, std::string* text, std::string* error);

// Replaces the file with `text` at once: written to `path`.tmp, then renamed over `path`. On any
// failure the file is as it was, no `.tmp` is left behind, and `error` says why.
bool write_text_file(const std::string& path, const std::string& text, std::string* error);

// Whether write_text_file(path, ...) could succeed now: `path` is not a directory and a file can be
// created beside it. Creates nothing that outlives the check.
bool check_writable(const std::string& path, std::string* error);

}  // namespace cardroom
