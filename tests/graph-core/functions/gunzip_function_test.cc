// koryphe's Gunzip against koryphe's GunzipTest: a gzipped "test string"
// comes back; null stays null. The gzip bytes here are what Python's
// gzip.compress(b"test string", mtime=0) writes, not Quarry's output.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/graph-core/functions/function_test_util.h"
#include "tests/testutil/status_matchers.h"

namespace quarry {
namespace {

using ::quarry::testing::Call;
using ::quarry::testing::ParseFn;
using ::quarry::testing::StatusIs;
using ::quarry::testing::StatusIsWithMessage;

const std::string kTestStringGz(
    "\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\x2b\x49\x2d\x2e\x51\x28\x2e\x29\xca\xcc\x4b\x07\x00"
    "\x45\x15\x47\x13\x0b\x00\x00\x00",
    31);

TEST(GunzipTest, DecompressesGzippedBytes) {
  auto fn = ParseFn(R"({"class": "uk.gov.gchq.koryphe.impl.function.Gunzip"})");
  ASSERT_NE(fn, nullptr);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Bytes(kTestStringGz)}));
  EXPECT_EQ(v, Value::Bytes("test string"));
  ASSERT_OK_AND_ASSIGN(Value null, Call(*fn, {Value()}));
  EXPECT_TRUE(null.is_null());
  ASSERT_OK_AND_ASSIGN(Value empty, Call(*fn, {Value::Bytes("")}));
  EXPECT_EQ(empty, Value::Bytes(""));
  EXPECT_EQ(fn->ToJson(), Json::parse(R"({"class": "uk.gov.gchq.koryphe.impl.function.Gunzip"})"));
}

// GZIPInputStream reads concatenated members: gzip(a) + gzip(b) is "ab".
TEST(GunzipTest, ReadsConcatenatedMembers) {
  auto fn = ParseFn(R"({"class": "Gunzip"})");
  ASSERT_NE(fn, nullptr);
  const std::string ab(
      "\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\x4b\x04\x00\x43\xbe\xb7\xe8\x01\x00\x00\x00"
      "\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\x4b\x02\x00\xf9\xef\xbe\x71\x01\x00\x00\x00",
      42);
  ASSERT_OK_AND_ASSIGN(Value v, Call(*fn, {Value::Bytes(ab)}));
  EXPECT_EQ(v, Value::Bytes("ab"));
}

TEST(GunzipTest, BadInputIsAnErrorNamingTheFunction) {
  auto fn = ParseFn(R"({"class": "Gunzip"})");
  ASSERT_NE(fn, nullptr);
  EXPECT_THAT(Call(*fn, {Value::Bytes("not gzip at all")}),
              StatusIsWithMessage(StatusCode::kInvalidArgument,
                                  "Failed to decompress provided gzipped string"));
  EXPECT_THAT(Call(*fn, {Value::Bytes(kTestStringGz.substr(0, 20))}),
              StatusIs(StatusCode::kInvalidArgument));  // truncated
  EXPECT_THAT(Call(*fn, {Value::String("text")}), StatusIs(StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace quarry
