#include "server/service/health.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace quarry {
namespace {

HealthReport Down(std::string reason) { return {false, std::move(reason)}; }

std::string OctalMode(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof(text), "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

// Creates and removes a small file in `dir`: the one test of writability
// that the file system, quotas and security modules all take part in.
HealthReport ProbeWrite(const std::string& dir) {
  const std::string probe = dir + "/.quarry-health-probe";
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) {
    return Down("data directory " + dir + " is not writable: " + std::strerror(errno));
  }
  const bool written = ::write(fd, "ok\n", 3) == 3;
  const int write_errno = errno;
  ::close(fd);
  ::unlink(probe.c_str());
  if (!written) {
    return Down("data directory " + dir + " is not writable: " + std::strerror(write_errno));
  }
  return {};
}

}  // namespace

HealthReport HealthChecker::CheckDirectory(const std::string& dir) const {
  struct stat info {};
  if (::stat(dir.c_str(), &info) != 0) {
    return Down("data directory " + dir + " is unavailable: " + std::strerror(errno));
  }
  if ((info.st_mode & 0222) == 0 || ::access(dir.c_str(), W_OK) != 0) {
    return Down("data directory " + dir + " is read-only (mode " + OctalMode(info.st_mode) + ")");
  }
  struct statvfs fs {};
  if (::statvfs(dir.c_str(), &fs) == 0) {
    if (fs.f_flag & ST_RDONLY) {
      return Down("data directory " + dir + " is on a read-only file system");
    }
    const uint64_t free_bytes = static_cast<uint64_t>(fs.f_bavail) * fs.f_frsize;
    if (free_bytes < options_.min_free_bytes) {
      return Down("disk full: " + std::to_string(free_bytes) + " bytes free under " + dir +
                  " (at least " + std::to_string(options_.min_free_bytes) + " needed)");
    }
  }
  return ProbeWrite(dir);
}

HealthReport HealthChecker::CheckEngine() const {
  if (!options_.engine) return {};
  Result<EngineStats> stats = options_.engine();
  // rados2 (issue 14): a store that keeps no engine statistics is not down.
  if (stats.status().code() == StatusCode::kUnimplemented) return {};
  if (!stats.ok()) return Down("store statistics unavailable: " + stats.status().message());
  if (stats->background_errors > 0) {
    return Down("store stopped: RocksDB reported " + std::to_string(stats->background_errors) +
                " background error(s); writes fail until the server is restarted");
  }
  if (stats->writes_stopped_now) {
    return Down("store stalled: RocksDB has stopped writes until compaction catches up (" +
                std::to_string(stats->pending_compaction_bytes) + " bytes pending)");
  }
  return {};
}

HealthReport HealthChecker::Check() const {
  for (const std::string& dir : options_.data_dirs) {
    HealthReport report = CheckDirectory(dir);
    if (!report.up) return report;
  }
  return CheckEngine();
}

}  // namespace quarry
