// RadosGraph::Checkpoint and RestoreRadosCheckpoint: a checkpoint of a
// RADOS graph is an export of its objects into a local directory (not a
// pool snapshot: pool snapshots cannot coexist with self-managed snapshots,
// are pool-wide, and cannot be opened as a graph of their own):
//
//   DIR/MANIFEST         "quarry-rados-checkpoint 1", then "graph NAME",
//                        "pool NAME" and "tablets N", one per line
//   DIR/meta.object      the metadata object
//   DIR/tablet.<i>.object  tablet i
//   object file = "QRO1" u32 xattr_count (u32 len, name, u32 len, value)*
//                 (u32 len, omap key, u32 len, omap value)* to the end
//   (u32: big-endian)
//
// Consistency: writes of this process wait while the export runs; writes of
// other processes do not (RADOS omaps have no snapshots), so for an exact
// copy of a graph served by several processes, stop their ingest first.
// RestoreRadosCheckpoint writes the export back as a graph of any name.
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "store-rados/internal/rados_graph.h"
#include "store-rados/rados_kv_iterator.h"

namespace quarry::internal {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kObjectMagic = "QRO1";
constexpr char kManifestHeader[] = "quarry-rados-checkpoint 1";
constexpr size_t kPage = 1024;

void PutU32(uint32_t v, std::string* dst) {
  for (int shift = 24; shift >= 0; shift -= 8) dst->push_back(static_cast<char>(v >> shift));
}

void PutField(std::string_view s, std::string* dst) {
  PutU32(static_cast<uint32_t>(s.size()), dst);
  dst->append(s);
}

bool GetField(std::string_view* in, std::string* out) {
  if (in->size() < 4) return false;
  uint32_t n = 0;
  for (int i = 0; i < 4; ++i) n = (n << 8) | static_cast<uint8_t>((*in)[i]);
  if (in->size() - 4 < n) return false;
  out->assign(in->substr(4, n));
  in->remove_prefix(4 + n);
  return true;
}

// Writes `oid`'s xattrs and omap to `path`.
Status ExportObject(librados::IoCtx& io, const std::string& oid, const fs::path& path) {
  std::map<std::string, librados::bufferlist> xattrs;
  QUARRY_RETURN_IF_ERROR(FromRados(io.getxattrs(oid, xattrs), "reading the xattrs of " + oid));
  std::string bytes(kObjectMagic);
  PutU32(static_cast<uint32_t>(xattrs.size()), &bytes);
  for (auto& [name, value] : xattrs) {
    PutField(name, &bytes);
    PutField(value.to_str(), &bytes);
  }
  std::string after;
  for (bool more = true; more;) {
    std::map<std::string, librados::bufferlist> page;
    QUARRY_RETURN_IF_ERROR(FromRados(io.omap_get_vals2(oid, after, "", kPage, &page, &more),
                                     "reading the omap of " + oid));
    if (page.empty()) break;
    for (auto& [key, value] : page) {
      PutField(key, &bytes);
      PutField(value.to_str(), &bytes);
    }
    after = page.rbegin()->first;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return IOError("writing " + path.string());
  return Status::OK();
}

struct ObjectImage {
  std::map<std::string, librados::bufferlist> xattrs;
  std::vector<std::pair<std::string, std::string>> omap;
};

Result<ObjectImage> ReadObjectFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFoundError("checkpoint file " + path.string() + " cannot be read");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string bytes = buffer.str();
  std::string_view view(bytes);
  auto malformed = [&] {
    return DataLossError("checkpoint file " + path.string() + " is malformed");
  };
  if (!view.starts_with(kObjectMagic) || view.size() < kObjectMagic.size() + 4) return malformed();
  view.remove_prefix(kObjectMagic.size());
  uint32_t count = 0;
  for (int i = 0; i < 4; ++i) count = (count << 8) | static_cast<uint8_t>(view[i]);
  view.remove_prefix(4);
  ObjectImage image;
  std::string name, value;
  for (uint32_t i = 0; i < count; ++i) {
    if (!GetField(&view, &name) || !GetField(&view, &value)) return malformed();
    image.xattrs[name].append(value.data(), value.size());
  }
  while (!view.empty()) {
    if (!GetField(&view, &name) || !GetField(&view, &value)) return malformed();
    image.omap.emplace_back(name, value);
  }
  return image;
}

// Writes `image` as `oid`: created (exclusively if `exclusive`), xattrs set
// (`override_xattr`, when given, replaces one), omap set in pages.
Status WriteObject(librados::IoCtx& io, const std::string& oid, const ObjectImage& image,
                   bool exclusive, const std::pair<std::string, std::string>* override_xattr) {
  librados::ObjectWriteOperation first;
  first.create(exclusive);
  if (!exclusive) first.omap_clear();
  for (const auto& [name, value] : image.xattrs) {
    librados::bufferlist bl = value;
    if (override_xattr != nullptr && name == override_xattr->first) {
      bl.clear();
      bl.append(override_xattr->second);
    }
    first.setxattr(name.c_str(), bl);
  }
  int r = io.operate(oid, &first);
  if (r == -EEXIST) return AlreadyExistsError(oid + " already exists");
  QUARRY_RETURN_IF_ERROR(FromRados(r, "creating " + oid));
  for (size_t i = 0; i < image.omap.size(); i += kPage) {
    std::map<std::string, librados::bufferlist> page;
    for (size_t j = i; j < std::min(image.omap.size(), i + kPage); ++j) {
      page[image.omap[j].first].append(image.omap[j].second);
    }
    QUARRY_RETURN_IF_ERROR(FromRados(io.omap_set(oid, page), "writing the omap of " + oid));
  }
  return Status::OK();
}

Result<uint32_t> ReadManifest(const fs::path& dir) {
  std::ifstream in(dir / "MANIFEST");
  std::string line;
  if (!std::getline(in, line) || line != kManifestHeader) {
    return NotFoundError((dir / "MANIFEST").string() + " is not a rados checkpoint manifest");
  }
  while (std::getline(in, line)) {
    if (!line.starts_with("tablets ")) continue;
    uint64_t n = std::strtoull(line.c_str() + 8, nullptr, 10);
    if (n == 0 || n > kMaxTablets || (n & (n - 1)) != 0) break;
    return static_cast<uint32_t>(n);
  }
  return DataLossError((dir / "MANIFEST").string() + " lacks a valid tablet count");
}

}  // namespace

Status RadosGraph::Checkpoint(const std::string& dir) const {
  std::error_code ec;
  if (fs::exists(dir, ec)) return AlreadyExistsError("checkpoint directory " + dir + " exists");
  if (!fs::create_directories(dir, ec)) {
    return IOError("cannot create checkpoint directory " + dir + ": " + ec.message());
  }
  std::unique_lock<std::shared_mutex> lock(write_mu_);
  QUARRY_RETURN_IF_ERROR(ExportObject(io(), tablets_.MetaObject(), fs::path(dir) / "meta.object"));
  for (uint32_t t = 0; t < tablets_.tablets(); ++t) {
    QUARRY_RETURN_IF_ERROR(
        ExportObject(io(), tablets_.TabletObject(t),
                     fs::path(dir) / ("tablet." + std::to_string(t) + ".object")));
  }
  std::ofstream manifest(fs::path(dir) / "MANIFEST", std::ios::trunc);
  manifest << kManifestHeader << "\ngraph " << rados_.graph << "\npool " << rados_.pool
           << "\ntablets " << tablets_.tablets() << "\n";
  manifest.close();
  if (!manifest) return IOError("writing " + dir + "/MANIFEST");
  return Status::OK();
}

Status RestoreCheckpoint(const std::string& dir, const StoreProperties& properties) {
  QUARRY_ASSIGN_OR_RETURN(RadosProperties props, RadosProperties::From(properties));
  QUARRY_ASSIGN_OR_RETURN(uint32_t tablets, ReadManifest(dir));
  QUARRY_ASSIGN_OR_RETURN(std::shared_ptr<RadosClient> client, ConnectRados(props));
  TabletMap map(props.graph, tablets);
  QUARRY_ASSIGN_OR_RETURN(ObjectImage meta, ReadObjectFile(fs::path(dir) / "meta.object"));
  // The metadata object first, marked unfinished, so no client opens the
  // graph before every tablet is written.
  const std::pair<std::string, std::string> creating{"quarry.state", "creating"};
  Status s = WriteObject(client->io, map.MetaObject(), meta, /*exclusive=*/true, &creating);
  if (s.code() == StatusCode::kAlreadyExists) {
    return AlreadyExistsError("RADOS graph '" + props.graph + "' already exists in pool " +
                              props.pool);
  }
  QUARRY_RETURN_IF_ERROR(s);
  for (uint32_t t = 0; t < tablets; ++t) {
    QUARRY_ASSIGN_OR_RETURN(
        ObjectImage image,
        ReadObjectFile(fs::path(dir) / ("tablet." + std::to_string(t) + ".object")));
    QUARRY_RETURN_IF_ERROR(
        WriteObject(client->io, map.TabletObject(t), image, /*exclusive=*/false, nullptr));
  }
  librados::bufferlist ready;
  ready.append("ready");
  return FromRados(client->io.setxattr(map.MetaObject(), "quarry.state", ready),
                   "marking " + map.MetaObject() + " ready");
}

}  // namespace quarry::internal

namespace quarry {

Status RestoreRadosCheckpoint(const std::string& dir, const StoreProperties& properties) {
  return internal::RestoreCheckpoint(dir, properties);
}

}  // namespace quarry
