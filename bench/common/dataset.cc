#include "bench/common/dataset.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace quarry::bench {
namespace {

// SplitMix64: a fast, well-mixed 64-bit hash; the stream's only randomness.
uint64_t Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// A uniform double in [0, 1) from a hash.
double Unit(uint64_t h) { return static_cast<double>(h >> 11) * 0x1.0p-53; }

std::vector<double> ZipfCdf(uint32_t n, double exponent) {
  std::vector<double> cdf(n);
  double sum = 0;
  for (uint32_t i = 0; i < n; ++i) {
    sum += 1.0 / std::pow(static_cast<double>(i) + 1.0, exponent);
    cdf[i] = sum;
  }
  for (double& c : cdf) c /= sum;
  return cdf;
}

uint32_t SampleCdf(const std::vector<double>& cdf, double u) {
  auto it = std::lower_bound(cdf.begin(), cdf.end(), u);
  if (it == cdf.end()) return static_cast<uint32_t>(cdf.size() - 1);
  return static_cast<uint32_t>(it - cdf.begin());
}

// Zipf rank r is vertex Scramble(r): hubs are spread over the id space rather
// than all sorting first. A bijection on 0..n-1 (multiplier coprime with n).
uint32_t Scramble(uint32_t rank, uint32_t n) {
  uint64_t m = 2654435761ull % n;
  while (std::gcd(m, static_cast<uint64_t>(n)) != 1) ++m;
  return static_cast<uint32_t>((rank * m + 12345) % n);
}

// A bijection on 0..n-1 used to emit each distinct edge once in a scrambled
// order: an affine map with a multiplier coprime with n.
uint64_t Permute(uint64_t i, uint64_t n, uint64_t seed) {
  uint64_t m = (Mix(seed) % n) | 1;
  while (std::gcd(m, n) != 1) m += 2;
  return (static_cast<unsigned __int128>(i) * m + Mix(seed + 1)) % n;
}

}  // namespace

DatasetSpec DatasetSpec::Quick() {
  return {.events = 200'000, .distinct_edges = 50'000, .vertices = 20'000, .days = 30};
}

DatasetSpec DatasetSpec::Full() {
  return {.events = 10'000'000, .distinct_edges = 2'000'000, .vertices = 1'000'000, .days = 30};
}

DatasetSpec DatasetSpec::Large() {
  return {.events = 10'000'000, .distinct_edges = 10'000'000, .vertices = 1'000'000, .days = 30};
}

bool DatasetSpec::FromName(std::string_view name, DatasetSpec* spec) {
  if (name == "quick") {
    *spec = Quick();
  } else if (name == "full") {
    *spec = Full();
  } else if (name == "large") {
    *spec = Large();
  } else {
    return false;
  }
  return true;
}

std::string VertexName(uint32_t vertex) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "v%08u", vertex);
  return buf;
}

int64_t DayMillis(uint32_t day) {
  constexpr int64_t k2020 = 1577836800000;  // 2020-01-01T00:00:00Z.
  return k2020 + static_cast<int64_t>(day) * 86'400'000;
}

EventStream::EventStream(const DatasetSpec& spec)
    : spec_(spec), rng_(Mix(spec.seed)), zipf_cdf_(ZipfCdf(spec.vertices, spec.zipf_exponent)) {}

EventStream::~EventStream() = default;

EdgeEvent EventStream::EdgeAt(uint64_t edge) const {
  uint64_t h = Mix(spec_.seed ^ Mix(edge));
  EdgeEvent e;
  e.src = Scramble(SampleCdf(zipf_cdf_, Unit(h)), spec_.vertices);
  h = Mix(h);
  e.dst = static_cast<uint32_t>(h % spec_.vertices);
  e.day = static_cast<uint32_t>(Mix(h) % spec_.days);
  return e;
}

bool EventStream::Next(EdgeEvent* event) {
  if (position_ >= spec_.events) return false;
  uint64_t edge;
  if (position_ < spec_.distinct_edges) {
    edge = Permute(position_, spec_.distinct_edges, spec_.seed);
  } else {
    rng_ = Mix(rng_);
    edge = rng_ % spec_.distinct_edges;
  }
  *event = EdgeAt(edge);
  ++position_;
  return true;
}

std::vector<uint32_t> QuerySeeds(const DatasetSpec& spec, size_t n, bool hub_heavy) {
  std::vector<uint32_t> seeds(n);
  std::vector<double> cdf;
  if (hub_heavy) cdf = ZipfCdf(spec.vertices, spec.zipf_exponent);
  uint64_t h = Mix(spec.seed ^ (hub_heavy ? 0x4855425eull : 0x554e4946ull));
  for (size_t i = 0; i < n; ++i) {
    h = Mix(h);
    seeds[i] = hub_heavy ? Scramble(SampleCdf(cdf, Unit(h)), spec.vertices)
                         : static_cast<uint32_t>(h % spec.vertices);
  }
  return seeds;
}

}  // namespace quarry::bench
