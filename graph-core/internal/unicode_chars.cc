#include "graph-core/internal/unicode_chars.h"

#include <locale.h>
#include <wctype.h>

#include <map>
#include <mutex>
#include <string>

namespace quarry::internal {
namespace {

// The "C.UTF-8" locale, or nullptr where it cannot be opened.
locale_t Utf8Locale() {
  static const locale_t kLocale = [] {
    locale_t l = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
    if (l == nullptr) l = newlocale(LC_CTYPE_MASK, "C.utf8", static_cast<locale_t>(nullptr));
    return l;
  }();
  return kLocale;
}

bool IsAsciiUpper(uint32_t cp) { return cp >= 'A' && cp <= 'Z'; }
bool IsAsciiLower(uint32_t cp) { return cp >= 'a' && cp <= 'z'; }

// Decodes one UTF-8 sequence at s[*i]; invalid bytes give U+FFFD.
uint32_t NextCodePoint(std::string_view s, size_t* i) {
  const auto b0 = static_cast<unsigned char>(s[(*i)++]);
  if (b0 < 0x80) return b0;
  int extra = b0 >= 0xF0 ? 3 : b0 >= 0xE0 ? 2 : b0 >= 0xC0 ? 1 : -1;
  if (extra < 0 || b0 > 0xF4) return 0xFFFD;
  uint32_t cp = b0 & (0x3F >> extra);
  for (int k = 0; k < extra; ++k) {
    if (*i >= s.size() || (static_cast<unsigned char>(s[*i]) & 0xC0) != 0x80) return 0xFFFD;
    cp = (cp << 6) | (static_cast<unsigned char>(s[(*i)++]) & 0x3F);
  }
  return cp;
}

using Ranges = std::vector<std::pair<uint32_t, uint32_t>>;

template <typename Test>
Ranges Collect(Test test) {
  Ranges out;
  for (uint32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (!test(cp)) continue;
    if (!out.empty() && out.back().second + 1 == cp) {
      out.back().second = cp;
    } else {
      out.emplace_back(cp, cp);
    }
  }
  return out;
}

}  // namespace

uint32_t UnicodeToUpper(uint32_t cp) {
  locale_t l = Utf8Locale();
  if (l == nullptr) return IsAsciiLower(cp) ? cp - 32 : cp;
  return static_cast<uint32_t>(towupper_l(static_cast<wint_t>(cp), l));
}

uint32_t UnicodeToLower(uint32_t cp) {
  locale_t l = Utf8Locale();
  if (l == nullptr) return IsAsciiUpper(cp) ? cp + 32 : cp;
  return static_cast<uint32_t>(towlower_l(static_cast<wint_t>(cp), l));
}

uint32_t UnicodeFold(uint32_t cp) {
  if (cp < 0x80) return IsAsciiUpper(cp) ? cp + 32 : cp;  // The common case, without the locale.
  return UnicodeToLower(UnicodeToUpper(cp));
}

void FoldCodePoints(std::string_view utf8, std::vector<uint32_t>* out) {
  out->clear();
  out->reserve(utf8.size());
  for (size_t i = 0; i < utf8.size();) out->push_back(UnicodeFold(NextCodePoint(utf8, &i)));
}

std::vector<uint32_t> FoldedCodePoints(std::string_view utf8) {
  std::vector<uint32_t> out;
  FoldCodePoints(utf8, &out);
  return out;
}

const Ranges& UnicodeCategory(std::string_view name) {
  static std::mutex mu;
  static auto* built = new std::map<std::string, Ranges, std::less<>>();
  static const Ranges kNone;
  std::lock_guard lock(mu);
  if (auto it = built->find(name); it != built->end()) return it->second;
  locale_t l = Utf8Locale();
  Ranges ranges;
  if (name == "Lu") {
    ranges = l ? Collect([l](uint32_t cp) { return iswupper_l(static_cast<wint_t>(cp), l) != 0; })
               : Ranges{{'A', 'Z'}};
  } else if (name == "Ll") {
    ranges = l ? Collect([l](uint32_t cp) { return iswlower_l(static_cast<wint_t>(cp), l) != 0; })
               : Ranges{{'a', 'z'}};
  } else if (name == "L") {
    ranges = l ? Collect([l](uint32_t cp) { return iswalpha_l(static_cast<wint_t>(cp), l) != 0; })
               : Ranges{{'A', 'Z'}, {'a', 'z'}};
  } else {
    return kNone;
  }
  return built->emplace(std::string(name), std::move(ranges)).first->second;
}

}  // namespace quarry::internal
