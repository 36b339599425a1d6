// Each key-package's Decode and ParseRow on arbitrary key and value bytes
// (a corrupt SST or a hostile bulk-import file). Input: one byte picking
// the key-package, then key NUL value. A decoded element must encode again.
#include <cstdlib>
#include <memory>

#include "fuzz/fuzz_util.h"
#include "keypackages/key_package.h"

namespace {

const std::vector<std::unique_ptr<const quarry::KeyPackage>>& Packages() {
  static const auto* packages = [] {
    auto* out = new std::vector<std::unique_ptr<const quarry::KeyPackage>>();
    for (std::string_view name :
         {quarry::kByteEntityKeyPackageName, quarry::kClassicKeyPackageName}) {
      auto package = quarry::MakeKeyPackage(name, quarry::fuzz::FuzzSchema());
      if (!package.ok()) std::abort();
      out->push_back(std::move(*package));
    }
    return out;
  }();
  return *packages;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const quarry::KeyPackage& package = *Packages()[data[0] % Packages().size()];
  std::vector<std::string_view> parts = quarry::fuzz::SplitInput(data + 1, size - 1, 2);
  std::string_view key = parts[0];
  std::string_view value = parts.size() > 1 ? parts[1] : std::string_view();
  (void)package.ParseRow(key);
  auto element = package.Decode(key, value);
  if (!element.ok()) return 0;
  std::vector<quarry::KeyValue> encoded;
  (void)package.Encode(*element, 0, &encoded);
  return 0;
}
