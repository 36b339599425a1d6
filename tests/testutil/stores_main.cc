// The main of the test binaries that create or open real graphs: registers
// the built-in stores (stores/builtin_stores.h) explicitly, then runs the
// tests as GoogleTest's own main would.
#include <gtest/gtest.h>

#include "stores/builtin_stores.h"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  quarry::RegisterBuiltinStores();
  return RUN_ALL_TESTS();
}
