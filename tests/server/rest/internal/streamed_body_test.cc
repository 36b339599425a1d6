#include "server/rest/internal/streamed_body.h"

#include <gtest/gtest.h>

namespace quarry::rest_internal {
namespace {

JsonTextPage Page(std::initializer_list<std::string_view> items) {
  JsonTextPage page;
  for (std::string_view item : items) {
    page.BeginItem()->append(item);
    page.EndItem();
  }
  return page;
}

TEST(StreamedBodyTest, AppendChunkWritesHexSizeAndCrlf) {
  std::string out;
  AppendChunk("hello", &out);
  AppendChunk(std::string(26, 'x'), &out);
  EXPECT_EQ(out, "5\r\nhello\r\n1a\r\n" + std::string(26, 'x') + "\r\n");
  out.clear();
  AppendChunk(std::string(0x10f00, 'y'), &out);
  EXPECT_EQ(out.substr(0, 7), "10f00\r\n");
  EXPECT_EQ(out.size(), 7 + 0x10f00 + 2u);
}

TEST(StreamedBodyTest, ArrayAcrossPagesIsOneJsonArray) {
  StreamedBodyEncoder encoder(/*one_chunk_per_item=*/false);
  std::string out;
  encoder.AppendPage(Page({"1", "\"a\""}), &out);
  encoder.AppendPage(Page({}), &out);  // No zero-length chunk: it would end the body.
  encoder.AppendPage(Page({"{\"k\":true}"}), &out);
  encoder.AppendEnd(&out);
  EXPECT_EQ(out,
            "6\r\n[1,\"a\"\r\n"
            "b\r\n,{\"k\":true}\r\n"
            "1\r\n]\r\n"
            "0\r\n\r\n");
}

TEST(StreamedBodyTest, EmptyArrayIsWrittenWhole) {
  StreamedBodyEncoder encoder(false);
  std::string out;
  encoder.AppendPage(Page({}), &out);
  encoder.AppendEnd(&out);
  EXPECT_EQ(out, "2\r\n[]\r\n0\r\n\r\n");
}

TEST(StreamedBodyTest, ChunkedItemsAreOneChunkEachEndingInCrlf) {
  StreamedBodyEncoder encoder(/*one_chunk_per_item=*/true);
  std::string out;
  encoder.AppendPage(Page({"12", "\"x\""}), &out);
  encoder.AppendEnd(&out);
  // "12\r\n" is 4 bytes, "\"x\"\r\n" 5.
  EXPECT_EQ(out, "4\r\n12\r\n\r\n5\r\n\"x\"\r\n\r\n0\r\n\r\n");
}

TEST(StreamedBodyTest, ChunkedItemsUnframedForHttp10AreLinesWithoutChunks) {
  StreamedBodyEncoder encoder(/*one_chunk_per_item=*/true, BodyFraming::kUntilClose);
  std::string out;
  encoder.AppendPage(Page({"12", "\"x\""}), &out);
  encoder.AppendEnd(&out);
  EXPECT_EQ(out, "12\r\n\"x\"\r\n");
}

TEST(StreamedBodyTest, DumpJsonReplacesInvalidUtf8) {
  EXPECT_EQ(DumpJson(Json("a\xff")), "\"a\xEF\xBF\xBD\"");
}

}  // namespace
}  // namespace quarry::rest_internal
