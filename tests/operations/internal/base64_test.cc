// RFC 4648 section 10 test vectors.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "operations/internal/exec.h"
#include "tests/testutil/status_matchers.h"

namespace quarry::operations_internal {
namespace {

using ::quarry::testing::StatusIs;

TEST(Base64Test, Rfc4648Vectors) {
  const std::pair<std::string_view, std::string_view> vectors[] = {
      {"", ""},
      {"f", "Zg=="},
      {"fo", "Zm8="},
      {"foo", "Zm9v"},
      {"foob", "Zm9vYg=="},
      {"fooba", "Zm9vYmE="},
      {"foobar", "Zm9vYmFy"},
  };
  for (const auto& [plain, encoded] : vectors) {
    EXPECT_EQ(Base64Encode(plain), encoded);
    ASSERT_OK_AND_ASSIGN(std::string decoded, Base64Decode(encoded, "t"));
    EXPECT_EQ(decoded, plain);
  }
  EXPECT_EQ(Base64Encode(std::string("\0\xff", 2)), "AP8=");
}

TEST(Base64Test, RejectsMalformed) {
  for (std::string_view bad : {"Z", "Zg=", "Z===", "Zg==Zg==", "Zm9*", "=Zm9"}) {
    EXPECT_THAT(Base64Decode(bad, "t"), StatusIs(StatusCode::kInvalidArgument)) << bad;
  }
}

}  // namespace
}  // namespace quarry::operations_internal
