// Whole-file reading and writing (core/files.h): every failure is a line of text, never an
// exception, and a failed write leaves neither a changed file nor a stray `.tmp`.
#include "core/files.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

namespace cardroom {
namespace {

namespace fs = std::filesystem;

class Files : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("cardroom_files_test_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    fs::permissions(dir_, fs::perms::owner_all, fs::perm_options::add);
    fs::remove_all(dir_);
  }
  std::string path(const char* name) const { return (dir_ / name).string(); }
  int entries() const {
    return static_cast<int>(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
  }
  fs::path dir_;
};

TEST_F(Files, WritesThenReadsBack) {
  std::string error, text;
  ASSERT_TRUE(write_text_file(path("a.json"), "hello\n", &error)) << error;
  ASSERT_TRUE(read_text_file(path("a.json"), &text, &error)) << error;
  EXPECT_EQ(text, "hello\n");
  ASSERT_TRUE(write_text_file(path("a.json"), std::string(100000, 'x'), &error)) << error;
  ASSERT_TRUE(read_text_file(path("a.json"), &text, &error)) << error;
  EXPECT_EQ(text.size(), 100000u);
  EXPECT_EQ(entries(), 1);  // no .tmp left
}

TEST_F(Files, ReadingADirectoryOrMissingFileIsAnError) {
  std::string error, text;
  EXPECT_FALSE(read_text_file(dir_.string(), &text, &error));
  EXPECT_EQ(error, "cannot read '" + dir_.string() + "': Is a directory");
  EXPECT_FALSE(read_text_file(path("missing.json"), &text, &error));
  EXPECT_NE(error.find("No such file or directory"), std::string::npos) << error;
}

TEST_F(Files, FailedWritesLeaveNothingBehind) {
  std::string error;
  // The target is a directory.
  fs::create_directories(path("sub"));
  EXPECT_FALSE(write_text_file(path("sub"), "x", &error));
  EXPECT_NE(error.find("Is a directory"), std::string::npos) << error;
  EXPECT_FALSE(check_writable(path("sub"), &error));
  // The folder does not exist.
  EXPECT_FALSE(write_text_file(path("none/a.json"), "x", &error));
  EXPECT_NE(error.find("cannot write '" + path("none/a.json") + "'"), std::string::npos);
  EXPECT_FALSE(check_writable(path("none/a.json"), &error));
  EXPECT_EQ(entries(), 1);  // only sub/
  EXPECT_TRUE(fs::is_empty(path("sub")));
}

TEST_F(Files, RenameFailureRemovesTheTemporaryFile) {
  // The .tmp can be written but the rename cannot replace a non-empty directory.
  fs::create_directories(path("d.json/inner"));
  std::string error;
  EXPECT_FALSE(write_text_file(path("d.json"), "x", &error));
  EXPECT_FALSE(fs::exists(path("d.json.tmp")));
}

TEST_F(Files, CheckWritableCreatesNothing) {
  std::string error;
  EXPECT_TRUE(check_writable(path("new.json"), &error)) << error;
  EXPECT_EQ(entries(), 0);
  // A stray .tmp from a crash is not removed by the check.
  std::ofstream(path("old.json.tmp")) << "keep";
  EXPECT_TRUE(check_writable(path("old.json"), &error)) << error;
  EXPECT_TRUE(fs::exists(path("old.json.tmp")));
}

TEST_F(Files, UnwritableFolderIsFoundBeforeWriting) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes anywhere";
  fs::permissions(dir_, fs::perms::owner_read | fs::perms::owner_exec);
  std::string error;
  EXPECT_FALSE(check_writable(path("a.json"), &error));
  EXPECT_NE(error.find("Permission denied"), std::string::npos) << error;
}

}  // namespace
}  // namespace cardroom
