// koryphe's Gunzip: byte[] -> the bytes a java.util.zip.GZIPInputStream
// reads from it. Null stays null and an empty array stays empty, as in
// koryphe; concatenated gzip members are read one after another, as the
// Java stream does. Bytes that are not gzip are an error naming the function
// (koryphe: "Failed to decompress provided gzipped string"), and output past
// kMaxGunzipBytes is refused rather than filling memory.
#include <zlib.h>

#include "graph-core/functions/internal/koryphe_function.h"

namespace quarry::functions_internal {
namespace {

constexpr std::string_view kGunzip = "uk.gov.gchq.koryphe.impl.function.Gunzip";
constexpr size_t kMaxGunzipBytes = size_t{256} << 20;

Result<std::string> Inflate(const std::string& in) {
  z_stream zs{};
  if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) return InternalError("zlib: inflateInit2 failed");
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  zs.avail_in = static_cast<uInt>(in.size());
  std::string out;
  char chunk[64 * 1024];
  int rc = Z_OK;
  while (true) {
    zs.next_out = reinterpret_cast<Bytef*>(chunk);
    zs.avail_out = sizeof chunk;
    rc = inflate(&zs, Z_NO_FLUSH);
    out.append(chunk, sizeof chunk - zs.avail_out);
    if (out.size() > kMaxGunzipBytes) {
      inflateEnd(&zs);
      return ResourceExhaustedError(std::string(kGunzip) + ": decompressed data is over " +
                                    std::to_string(kMaxGunzipBytes >> 20) + " MiB");
    }
    if (rc == Z_STREAM_END) {
      if (zs.avail_in == 0) break;
      if (inflateReset(&zs) != Z_OK) break;  // the next gzip member
      continue;
    }
    if (rc != Z_OK || (zs.avail_in == 0 && zs.avail_out != 0)) break;
  }
  const std::string message = zs.msg != nullptr ? zs.msg : "truncated gzip data";
  inflateEnd(&zs);
  if (rc != Z_STREAM_END) {
    return InvalidArgumentError(std::string(kGunzip) +
                                ": Failed to decompress provided gzipped string (" + message + ")");
  }
  return out;
}

Result<Value> GunzipBytes(ValueRefs args) {
  const Value& v = *args[0];
  if (v.is_null()) return Value();
  if (v.type() != ValueType::kBytes) return CannotApply(kGunzip, "decompress", v);
  if (v.AsString().empty()) return Value::Bytes("");
  QUARRY_ASSIGN_OR_RETURN(std::string plain, Inflate(v.AsString()));
  return Value::Bytes(std::move(plain));
}

}  // namespace

void AddGunzipFunction(std::vector<FunctionClass>* out) {
  out->push_back({kGunzip, [](const Json&, std::string_view) -> Result<std::unique_ptr<Function>> {
                    return MakeFunction(kGunzip, 1, GunzipBytes);
                  }});
}

}  // namespace quarry::functions_internal
