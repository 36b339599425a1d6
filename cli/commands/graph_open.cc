#include "cli/commands/graph_open.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "store/store_factory.h"

namespace quarry::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kInUseMarker = "is in use:";  // In every in-use message.

std::string HolderPath(const std::string& dir) {
  return (fs::path(dir) / kHolderFileName).string();
}

struct Holder {
  long pid = 0;
  std::string command;
};

// The recorded holder, if its process is still alive.
std::optional<Holder> ReadLiveHolder(const std::string& dir) {
  std::ifstream in(HolderPath(dir));
  Holder holder;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("pid ", 0) == 0) holder.pid = std::strtol(line.c_str() + 4, nullptr, 10);
    if (line.rfind("command ", 0) == 0) holder.command = line.substr(8);
  }
  if (holder.pid <= 0) return std::nullopt;
  if (::kill(static_cast<pid_t>(holder.pid), 0) != 0 && errno == ESRCH) return std::nullopt;
  return holder;
}

void WriteHolderRecord(const std::string& dir, std::string_view command) {
  const std::string path = HolderPath(dir);
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp, std::ios::trunc);
    out << "pid " << ::getpid() << "\ncommand " << command << "\n";
  }
  std::error_code ec;
  fs::rename(temp, path, ec);  // Best effort: the record only improves a message.
}

bool IsLockConflict(const Status& status) {
  return status.message().find("While lock file") != std::string::npos;
}

// `quarry schema` changes the graph, so reading beside the holder is no way
// round; every other command reads, or can be sent to the server.
Status InUseError(const std::string& dir, std::string_view command, const Status& cause) {
  const bool changes_schema = command == "quarry schema";
  std::optional<Holder> holder = ReadLiveHolder(dir);
  if (!holder) {
    return UnavailableError("graph " + dir + " " + std::string(kInUseMarker) +
                            " another process has it open (" + cause.message() + ")" +
                            (changes_schema ? "; stop it to change the schema"
                                            : "; use --read-only to read it beside that process"));
  }
  const std::string who = "pid " + std::to_string(holder->pid) + " (" + holder->command + ")";
  if (changes_schema) {
    return UnavailableError("graph " + dir + " " + std::string(kInUseMarker) + " held by " + who +
                            "; stop it to change the schema");
  }
  if (holder->command == "quarry serve") {
    return UnavailableError("graph " + dir + " is served by " + who +
                            "; run queries through it, or use --read-only");
  }
  return UnavailableError("graph " + dir + " " + std::string(kInUseMarker) + " held by " + who +
                          "; wait for it to finish, or use --read-only");
}

std::string UtcNow() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace

bool IsGraphInUse(const Status& status) {
  return status.code() == StatusCode::kUnavailable &&
         (status.message().find(kInUseMarker) != std::string::npos ||
          status.message().find(" is served by pid ") != std::string::npos);
}

Result<std::unique_ptr<Graph>> OpenGraphForCommand(const std::string& dir, std::string_view command,
                                                   std::shared_ptr<const Schema> schema) {
  Result<std::unique_ptr<Graph>> graph = Graph::Open(dir, std::move(schema));
  if (!graph.ok()) {
    if (IsLockConflict(graph.status())) return InUseError(dir, command, graph.status());
    return graph.status();
  }
  WriteHolderRecord(dir, command);
  return graph;
}

void ReleaseHolderRecord(const std::string& dir) {
  std::optional<Holder> holder = ReadLiveHolder(dir);
  if (holder && holder->pid == ::getpid()) {
    std::error_code ec;
    fs::remove(HolderPath(dir), ec);
  }
}

Result<ScratchDir> ScratchDir::Create() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp != nullptr && *tmp ? tmp : "/tmp") + "/quarry-ro-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    return IOError("cannot create a scratch directory " + pattern + ": " + std::strerror(errno));
  }
  return ScratchDir(pattern);
}

ScratchDir& ScratchDir::operator=(ScratchDir&& other) noexcept {
  if (this != &other) {
    Remove();
    path_ = std::move(other.path_);
    other.path_.clear();
  }
  return *this;
}

ScratchDir::~ScratchDir() { Remove(); }

void ScratchDir::Remove() {
  if (path_.empty()) return;
  std::error_code ec;
  fs::remove_all(path_, ec);
  path_.clear();
}

Result<std::unique_ptr<Graph>> OpenGraphReadOnlyForCommand(const std::string& dir,
                                                           std::string_view command,
                                                           const ScratchDir& scratch,
                                                           std::FILE* note) {
  const std::string as_of = UtcNow();
  QUARRY_ASSIGN_OR_RETURN(std::unique_ptr<Graph> graph, OpenGraphReadOnly(dir, scratch.path()));
  std::string holder_note;
  if (std::optional<Holder> holder = ReadLiveHolder(dir)) {
    holder_note = " (held by pid " + std::to_string(holder->pid) + ", " + holder->command + ")";
  }
  // radosfin (issue 14): a RADOS graph has no lock and no snapshot to read
  // from; each read sees the pool as it is then.
  const std::string* store = graph->properties().Find("quarry.store");
  if (store != nullptr && *store == "rados") {
    std::fprintf(note,
                 "%s: read-only view of %s%s; reads see the RADOS pool as it is at each read\n",
                 std::string(command).c_str(), dir.c_str(), holder_note.c_str());
    return graph;
  }
  const std::string* durability = graph->properties().Find("quarry.durability");
  const bool wal_off = durability != nullptr && *durability == "none";
  std::fprintf(note, "%s: read-only view of %s%s as of %s; writes after that are not seen%s\n",
               std::string(command).c_str(), dir.c_str(), holder_note.c_str(), as_of.c_str(),
               wal_off ? " (durability none: only writes already flushed to disk are seen)" : "");
  return graph;
}

}  // namespace quarry::cli
