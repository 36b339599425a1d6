#include "stores/builtin_stores.h"

#include <mutex>

#include "store-rocks/rocks_store.h"

namespace quarry {

void RegisterBuiltinStores() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Can fail only with AlreadyExists, if the program registered a store of
    // that name itself: then that one stays.
    RegisterStore(RocksStoreDriver()).IgnoreError();
  });
}

}  // namespace quarry
