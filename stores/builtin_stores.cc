#include "stores/builtin_stores.h"

#include <mutex>

#include "store-rocks/rocks_store.h"
#if QUARRY_HAVE_RADOS_STORE
#include "store-rados/rados_store.h"
#endif

namespace quarry {

void RegisterBuiltinStores() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Can fail only with AlreadyExists, if the program registered a store of
    // that name itself: then that one stays.
    RegisterStore(RocksStoreDriver()).IgnoreError();
#if QUARRY_HAVE_RADOS_STORE
    RegisterStore(RadosStoreDriver()).IgnoreError();
#endif
  });
}

}  // namespace quarry
