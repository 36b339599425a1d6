#include "store-rados/internal/schema_change.h"

#include <cerrno>
#include <map>
#include <memory>
#include <vector>

#include "cls/batch_format.h"
#include "store-rados/rados_kv_iterator.h"

namespace quarry::internal {
Status WriteEachTablet(librados::IoCtx& io, const TabletMap& map,
                       const std::function<void(librados::ObjectWriteOperation*)>& build,
                       int ignored_error, const std::string& what) {
  std::vector<librados::AioCompletion*> done;
  std::vector<std::unique_ptr<librados::ObjectWriteOperation>> ops;
  int first_error = 0;
  for (uint32_t t = 0; t < map.tablets(); ++t) {
    ops.push_back(std::make_unique<librados::ObjectWriteOperation>());
    build(ops.back().get());
    done.push_back(librados::Rados::aio_create_completion());
    int r = io.aio_operate(map.TabletObject(t), done.back(), ops.back().get());
    if (r < 0 && first_error == 0) first_error = r;
  }
  for (librados::AioCompletion* c : done) {
    c->wait_for_complete();
    int r = c->get_return_value();
    if (r < 0 && r != ignored_error && first_error == 0) first_error = r;
    c->release();
  }
  return FromRados(first_error, what);
}

Result<bool> CommitSchemaChange(librados::IoCtx& io, const std::string& meta_object,
                                const std::string& stored_json, uint64_t stored_version,
                                const std::string& proposed_json) {
  librados::ObjectWriteOperation op;
  int cmp = 0;
  // The version too: a schema changed away and back (A, B, A) has the same
  // JSON but a higher version. An absent key compares as empty.
  const std::string version_text = stored_version == 0 ? "" : std::to_string(stored_version);
  op.omap_cmp({{kMetaSchema, {BufferOf(stored_json), LIBRADOS_CMPXATTR_OP_EQ}},
               {kMetaSchemaVersion, {BufferOf(version_text), LIBRADOS_CMPXATTR_OP_EQ}}},
              &cmp);
  op.omap_set({{kMetaSchema, BufferOf(proposed_json)},
               {kMetaSchemaVersion, BufferOf(std::to_string(stored_version + 1))}});
  int r = io.operate(meta_object, &op);
  if (r == -ECANCELED) return false;
  QUARRY_RETURN_IF_ERROR(FromRados(r, "writing the new schema to " + meta_object));
  return true;
}

Status PushSchemaToTablets(librados::IoCtx& io, const TabletMap& map, const std::string& json,
                           uint64_t version) {
  // Guarded: a tablet at `version` or newer already keeps what it has (the
  // lost guard, ECANCELED, is not an error).
  auto guarded = [&](librados::ObjectWriteOperation* op) {
    op->assert_exists();
    // u64 comparison: `version` > the tablet's version (absent reads as 0).
    op->cmpxattr(kTabletSchemaVersionXattr, LIBRADOS_CMPXATTR_OP_GT, version);
    op->setxattr(cls::kSchemaXattr, BufferOf(json));
    op->setxattr(kTabletSchemaVersionXattr, BufferOf(std::to_string(version)));
  };
  QUARRY_RETURN_IF_ERROR(
      WriteEachTablet(io, map, guarded, -ECANCELED, "writing the schema to the tablet objects"));
  librados::ObjectWriteOperation op;
  int cmp = 0;
  op.omap_cmp({{kMetaSchema, {BufferOf(json), LIBRADOS_CMPXATTR_OP_EQ}}}, &cmp);
  op.omap_set({{kMetaTabletsSchemaVersion, BufferOf(std::to_string(version))}});
  int r = io.operate(map.MetaObject(), &op);
  // Lost: the schema changed again; that change's client pushes it.
  if (r == -ECANCELED) return Status::OK();
  return FromRados(r, "recording the tablets' schema in " + map.MetaObject());
}

}  // namespace quarry::internal
