// libcls_quarry.so: Quarry's RADOS object class. Method "clear"
// (CLS_METHOD_WR) removes a tablet's data keys in one write
// (cls/batch_format.h kClearMethod). Method "apply"
// (CLS_METHOD_RD | CLS_METHOD_WR), takes one ingest batch for one tablet
// object (cls/batch_format.h) and applies it atomically within the OSD op:
// refuses a malformed batch, acknowledges a batch whose id is already
// recorded without applying it again, reads the stored values of the
// batch's keys, folds them (cls/batch_apply.h, the RocksDB merge operator's
// code), and writes the results together with the batch record. The OSD
// applies the op's writes as one transaction, replicated before the client
// is acknowledged.
//
// Built against Ceph 16.2 (Pacific) only: besides the public
// rados/objclass.h SDK it calls omap functions that ceph-osd 16.2 exports
// but the public header does not declare; they are declared below with
// their 16.2 signatures (tests/cls/cls_symbols_check.sh checks them against
// the installed ceph-osd). CMake refuses other Ceph versions.
//
// Errors are negative errno values: -EINVAL for a malformed batch or an
// entry the schema refuses, -EEXIST for a put key already stored, -ENOENT /
// -ENODATA for an object without the tablet xattrs, -EIO for stored bytes
// that do not decode, -ENOMEM; each is logged to the OSD log. Nothing is
// thrown across the plug-in boundary.
#include <rados/objclass.h>

#include <cerrno>
#include <charconv>
#include <exception>
#include <map>
#include <new>
#include <set>
#include <string>

#include "cls/batch_apply.h"
#include "cls/batch_format.h"
#include "cls/package_cache.h"

// Exported by ceph-osd 16.2, declared in Ceph's private objclass/objclass.h.
int cls_cxx_map_get_vals_by_keys(cls_method_context_t hctx, const std::set<std::string>& keys,
                                 std::map<std::string, ceph::bufferlist>* map);
int cls_cxx_map_set_vals(cls_method_context_t hctx,
                         const std::map<std::string, ceph::bufferlist>* map);
int cls_cxx_map_remove_range(cls_method_context_t hctx, const std::string& key_begin,
                             const std::string& key_end);

CLS_VER(1, 0)
CLS_NAME(quarry)

namespace quarry::cls {
namespace {

// Batch records older than this (by the batch ids' clocks) are dropped: a
// batch resent later than this after its first send would be applied again.
constexpr uint64_t kBatchRecordRetentionMs = 24ull * 3600 * 1000;

PackageCache& Packages() {
  static PackageCache* cache = new PackageCache(64);  // Never destroyed: OSD threads may run.
  return *cache;
}

int Errno(const Status& s) {
  switch (s.code()) {
    case StatusCode::kInvalidArgument:
      return -EINVAL;
    case StatusCode::kAlreadyExists:
      return -EEXIST;
    case StatusCode::kResourceExhausted:
      return -ENOMEM;
    default:
      return -EIO;
  }
}

int Refuse(const Status& s) {
  CLS_ERR("quarry.apply refused: %s", s.ToString().c_str());
  return Errno(s);
}

// The tablet's kValueFormatXattr, or kValueFormatOfUnmarkedTablets when it
// has none.
Result<uint32_t> TabletValueFormat(cls_method_context_t hctx, int* r) {
  ceph::bufferlist text;
  *r = cls_cxx_getxattr(hctx, kValueFormatXattr, &text);
  if (*r == -ENODATA || *r == -ENOENT) {
    *r = 0;
    return kValueFormatOfUnmarkedTablets;
  }
  if (*r < 0) return NotFoundError("cannot read the tablet's value format xattr");
  const std::string s = text.to_str();
  uint32_t version = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), version);
  if (ec != std::errc() || end != s.data() + s.size()) {
    *r = -EIO;
    return DataLossError("the tablet's value format xattr is not a number: " + s);
  }
  return version;
}

Result<std::shared_ptr<const KeyPackage>> TabletPackage(cls_method_context_t hctx, int* r) {
  ceph::bufferlist schema, name;
  *r = cls_cxx_getxattr(hctx, kSchemaXattr, &schema);
  if (*r >= 0) *r = cls_cxx_getxattr(hctx, kKeyPackageXattr, &name);
  if (*r < 0) return NotFoundError("not a Quarry tablet object (no schema xattrs)");
  QUARRY_ASSIGN_OR_RETURN(uint32_t value_format, TabletValueFormat(hctx, r));
  return Packages().Get(schema.to_str(), name.to_str(), value_format);
}

// Every 64th batch (by id) drops the records past the retention.
int PruneBatchRecords(cls_method_context_t hctx, const std::string& id) {
  if (static_cast<uint8_t>(id.back()) % 64 != 0) return 0;
  uint64_t ms = 0;
  for (size_t i = 0; i < 8; ++i) ms = (ms << 8) | static_cast<uint8_t>(id[i]);
  if (ms <= kBatchRecordRetentionMs) return 0;
  std::string horizon = NewBatchId(static_cast<int64_t>(ms - kBatchRecordRetentionMs));
  return cls_cxx_map_remove_range(hctx, std::string(kBatchKeyPrefix),
                                  BatchRecordKey(horizon.substr(0, 8)));
}

int WriteBatch(cls_method_context_t hctx, const Batch& batch, const KeyPackage& package) {
  std::map<std::string, ceph::bufferlist> stored_lists;
  int r = cls_cxx_map_get_vals_by_keys(hctx, KeysToRead(batch), &stored_lists);
  if (r < 0) return r;
  std::map<std::string, std::string> stored, writes;
  for (auto& [key, list] : stored_lists) stored.emplace(key, list.to_str());
  Status s = ApplyBatch(package, batch, stored, &writes);
  if (!s.ok()) return Refuse(s);
  std::map<std::string, ceph::bufferlist> lists;
  for (auto& [key, value] : writes) lists[key].append(value.data(), value.size());
  lists[BatchRecordKey(batch.id)];  // Empty value: the batch is applied.
  r = cls_cxx_map_set_vals(hctx, &lists);
  if (r < 0) return r;
  return PruneBatchRecords(hctx, batch.id);
}

int Apply(cls_method_context_t hctx, ceph::bufferlist* in, ceph::bufferlist* out) {
  Result<Batch> batch = DecodeBatch(in->to_str());
  if (!batch.ok()) return Refuse(batch.status());
  ceph::bufferlist record;
  int r = cls_cxx_map_get_val(hctx, BatchRecordKey(batch->id), &record);
  if (r == 0) {
    out->append(kReplyDuplicate.data(), kReplyDuplicate.size());
    return 0;
  }
  if (r != -ENOENT && r != -ENODATA) return r;
  Result<std::shared_ptr<const KeyPackage>> package = TabletPackage(hctx, &r);
  if (!package.ok()) {
    CLS_ERR("quarry.apply refused: %s", package.status().ToString().c_str());
    return r < 0 ? r : Errno(package.status());
  }
  r = WriteBatch(hctx, *batch, **package);
  if (r < 0) return r;
  out->append(kReplyApplied.data(), kReplyApplied.size());
  return 0;
}

int ClearMethod(cls_method_context_t hctx, ceph::bufferlist* /*in*/, ceph::bufferlist* /*out*/) {
  try {
    ceph::bufferlist name;
    int r = cls_cxx_getxattr(hctx, kKeyPackageXattr, &name);
    if (r < 0) {
      CLS_ERR("quarry.clear refused: not a Quarry tablet object (%d)", r);
      return r;
    }
    return cls_cxx_map_remove_range(hctx, std::string(kDataKeysBegin), std::string(kDataKeysEnd));
  } catch (...) {
    CLS_ERR("quarry.clear: unexpected exception");
  }
  return -EIO;
}

// The method as registered: nothing escapes it.
int ApplyMethod(cls_method_context_t hctx, ceph::bufferlist* in, ceph::bufferlist* out) {
  try {
    return Apply(hctx, in, out);
  } catch (const std::bad_alloc&) {
    CLS_ERR("quarry.apply: out of memory");
    return -ENOMEM;
  } catch (const std::exception& e) {
    CLS_ERR("quarry.apply: unexpected exception: %s", e.what());
  } catch (...) {
    CLS_ERR("quarry.apply: unexpected exception");
  }
  return -EIO;
}

}  // namespace
}  // namespace quarry::cls

CLS_INIT(quarry) {
  try {
    cls_handle_t handle;
    cls_method_handle_t apply;
    cls_method_handle_t clear;
    cls_register(quarry::cls::kClassName, &handle);
    cls_register_cxx_method(handle, quarry::cls::kApplyMethod, CLS_METHOD_RD | CLS_METHOD_WR,
                            quarry::cls::ApplyMethod, &apply);
    cls_register_cxx_method(handle, quarry::cls::kClearMethod, CLS_METHOD_RD | CLS_METHOD_WR,
                            quarry::cls::ClearMethod, &clear);
  } catch (...) {
    CLS_ERR("quarry: registration failed");
  }
}
