// StoreProperties: a graph's store settings, read from a Gaffer-style Java
// .properties file (store.properties). Every key is optional; defaults suit a
// single machine.
//
// Keys every store reads (Gaffer's name where one exists, else quarry.*):
//   quarry.store                the store holding a new graph: rocks (default),
//       or another registered one (store/store_factory.h lists them)
//   gaffer.store.accumulo.keypackage.class | quarry.keypackage
//       byteEntity (default) | classic | Gaffer's key-package class names
//       (keypackages/ is shared by every store)
//   gaffer.store.class          Gaffer's store class, reported by the REST API
// Store-specific keys (rocks: store-rocks/rocks_properties.h) are kept in
// `raw` as read and validated by the store when a graph is created or
// opened, with the typed readers below. Unknown keys are kept (Gaffer
// ignores what it does not know) and listed by UnknownKeys so the CLI can
// warn about typos.
//
// Thread safety: a plain value type.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry {

inline constexpr std::string_view kDefaultStore = "rocks";
inline constexpr std::string_view kStoreKey = "quarry.store";

struct StoreProperties {
  std::string store = std::string(kDefaultStore);  // quarry.store
  std::string key_package = "byteEntity";          // Canonical name.
  std::map<std::string, std::string> raw;          // Every key as read.
  // Where they were read from (a file name; empty when built in code);
  // prefixes the messages of errors found in them.
  std::string source;

  // The value of `key` as read, or null.
  const std::string* Find(std::string_view key) const;

  // Keys in `raw` that neither this header, Gaffer's and Accumulo's general
  // keys (gaffer.*, accumulo.*) nor `store_keys` name.
  std::vector<std::string> UnknownKeys(std::span<const std::string_view> store_keys) const;

  // Parses .properties text and the keys every store reads. InvalidArgument
  // naming the key and the bad value, prefixed with `source`.
  static Result<StoreProperties> Parse(std::string_view text, std::string_view source);
  // Reads and parses a file; NotFound if it does not exist.
  static Result<StoreProperties> FromFile(const std::string& path);

  // The keys every store reads, as .properties text (quarry.keypackage, and
  // quarry.store unless it is the default, which a graph made before the
  // key existed implies).
  std::string ToPropertiesText() const;
};

// Typed readers of store-specific keys: `fallback` when `key` is absent;
// InvalidArgument naming the key and the bad value otherwise (not yet
// prefixed with the source: StoreSettingError adds it).
// A size in bytes with optional k/m/g suffix, e.g. 256m.
Result<uint64_t> ReadBytesProperty(const StoreProperties& p, std::string_view key,
                                   uint64_t fallback);
// A decimal integer in [min, max].
Result<int> ReadIntProperty(const StoreProperties& p, std::string_view key, int min, int max,
                            int fallback);
// true | false.
Result<bool> ReadBoolProperty(const StoreProperties& p, std::string_view key, bool fallback);
// One of `choices` (the message lists them).
Result<std::string> ReadChoiceProperty(const StoreProperties& p, std::string_view key,
                                       std::span<const std::string_view> choices,
                                       std::string_view fallback);
// A comma-separated list, blanks trimmed and empty items dropped.
std::vector<std::string> ReadListProperty(const StoreProperties& p, std::string_view key);

// `status` prefixed with p.source when there is one.
Status StoreSettingError(const StoreProperties& p, const Status& status);

}  // namespace quarry
