// SHA-256 (FIPS 180-4), used to check user tokens against the users file.
// Our own implementation so the server needs no crypto library; speed is
// irrelevant here (one short token per call).
//
// Thread safety: Sha256 is a value type used by one thread at a time; the
// free functions are stateless.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace quarry::server_internal {

class Sha256 {
 public:
  Sha256();
  void Update(std::string_view data);
  // The 32-byte digest. The object must not be updated afterwards.
  std::array<uint8_t, 32> Finish();

 private:
  void Compress(const uint8_t block[64]);

  std::array<uint32_t, 8> state_;
  uint8_t buffer_[64];
  size_t buffered_ = 0;
  uint64_t total_bytes_ = 0;
};

// Lower-case hex of the SHA-256 digest of `data`.
std::string Sha256Hex(std::string_view data);

// Compares two strings in time that depends only on their lengths.
bool ConstantTimeEquals(std::string_view a, std::string_view b);

}  // namespace quarry::server_internal
