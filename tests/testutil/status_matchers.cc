#include "tests/testutil/status_matchers.h"

#include <cstdlib>

namespace quarry::testing {

std::string SharedDir() {
  const char* env = std::getenv("QUARRY_SHARED_DIR");
  return env ? std::string(env) : std::string(QUARRY_TEST_DATA_DIR);
}

}  // namespace quarry::testing
