// Executor: runs Gaffer JSON operations and operation chains against a Graph
// on behalf of a User. This is the one entry point the CLI and the Thrift
// server share.
//
// Results are Gaffer JSON. Execute() materialises the whole result; Open()
// returns a cursor that streams it in pages with bounded memory (the server's
// paged execution, like Accumulo's proxy scanners).
//
// Thread safety: an Executor may be used from many threads at once; a cursor
// by one thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "graph-core/element.h"
#include "graph-core/json_value.h"
#include "graph-core/status.h"
#include "operations/json_text_page.h"
#include "store/graph.h"

namespace quarry {

struct User {
  std::string user_id = "UNKNOWN";      // Gaffer's default user id.
  std::vector<std::string> data_auths;  // Visibility authorisations for reads.
  std::vector<std::string> op_auths;    // Operation authorisations.
  // --- branch tls (issue 20): per-user quota on background jobs (queued or
  // running at once); 0: no limit. Set by the server from its users file.
  int64_t max_background_jobs = 0;
  // --- end of branch tls.
};

class OperationAuthoriser;  // operations/operation_authoriser.h
class OperationScorer;      // operations/operation_scores.h

// Limits that protect the process from hostile or careless requests.
struct ExecutorLimits {
  size_t max_operation_json_bytes = 256u << 20;
  int max_json_depth = 200;                    // Deeper operation documents are refused.
  size_t max_materialised_items = 10'000'000;  // Execute() refuses larger results; page instead.
  // When set, the admin operations (AddElementsFromFile, SplitStoreFromIterable,
  // Checkpoint, PreviewValidation, DeleteAllData) require this operation auth
  // (Gaffer's gaffer.store.admin.auth). Empty: no check (local CLI use).
  std::string admin_auth;
  // --- Named operations (branch `named`). ---
  // Gaffer's AddNamedOperationHandler isNestedNamedOperationsAllowed (default
  // false: a named operation may not call another) and NamedOperationResolver
  // depthLimit (default 3 levels of nesting).
  bool nested_named_operations = false;
  int named_operation_depth_limit = 3;
  // --- end of branch `named` ---

  // --- Jobs and exports ---
  int job_threads = 2;          // Workers running submitted jobs.
  size_t max_queued_jobs = 64;  // Jobs waiting for a worker; SubmitJob refuses more.
  // Gaffer result cache (job results included): the most items one export
  // (job id and key) may hold (a job past it FAILS), and how long results
  // stay readable (0: forever; Gaffer's default is a day).
  size_t max_result_cache_items = 1'000'000;
  int64_t result_cache_ttl_ms = 24 * 60 * 60 * 1000;
  // --- end of jobs and exports ---
  // The most iterations a While may ask for (Gaffer's WhileHandler
  // maxRepeats, default While.MAX_REPEATS); a chain asking for more is
  // refused before any of it runs. (branch flow)
  int64_t max_while_repeats = 1000;
  // --- branch tls (issue 20): Gaffer's OperationAuthoriser hook. When set,
  // every chain (named operations resolved), job and typed AddElements /
  // DeleteElements is authorised before it runs; PermissionDenied if the
  // user lacks an operation auth it requires.
  std::shared_ptr<const OperationAuthoriser> authoriser;
  // --- end of branch tls.
  // Gaffer's operation scores (operations/operation_scores.h): what
  // ScoreOperationChain answers with (it is refused without them) and, when
  // loaded as the OperationChainLimiter hook, the most a user's chain (typed
  // AddElements / DeleteElements and jobs included) may score.
  std::shared_ptr<const OperationScorer> scorer;
};

// What a result is: nothing (AddElements, DiscardOutput), a list of items
// (an iterable: elements, seeds, values), or one JSON value (Count's number,
// GetSchema's object). Transports write a list as a JSON array and a single
// value as itself.
enum class ResultShape { kNone, kItems, kSingle };

class ResultCursor {
 public:
  virtual ~ResultCursor() = default;
  // Fixed when the cursor is opened.
  virtual ResultShape shape() const = 0;
  // Up to `max_items` further result items (elements, seeds, values) as Gaffer
  // JSON. done() is true once the result is exhausted: after the page that
  // held the last items, when the read found the end (so a small result is
  // one page, not a page and an empty one), else after an empty page.
  virtual Result<std::vector<Json>> NextPage(size_t max_items) = 0;
  // As NextPage, the items written as Gaffer JSON text into `page` (cleared
  // first): the bytes of NextPage's items compactly dumped, without a tree
  // per item where the cursor can avoid it. The default dumps NextPage's.
  virtual Status NextPageText(size_t max_items, JsonTextPage* page);
  virtual bool done() const = 0;
};

class JobRunner;     // operations/job_runner.h
class JobScheduler;  // operations/job_scheduler.h
struct JobDetail;    // operations/job_detail.h
struct Operation;    // operations/operation.h

class Executor {
 public:
  // Jobs left RUNNING by a previous process are marked FAILED here, and
  // result cache exports past their time-to-live deleted (best effort).
  explicit Executor(std::shared_ptr<Graph> graph, ExecutorLimits limits = {});
  // Waits for running jobs to finish; jobs still queued are marked FAILED.
  ~Executor();

  // Runs an operation or chain and returns its whole result as Gaffer JSON
  // (an array for iterables, a number for Count, an object for CountGroups
  // and GetSchema, null for none). Reads use the user's data auths only.
  // InvalidArgument for malformed or unknown operations, naming the JSON path;
  // ResourceExhausted for a document or result over the limits.
  Result<Json> Execute(const User& user, std::string_view operation_json) const;
  // As Execute, the result written into `*out` (replaced) as Execute's result
  // compactly dumped, byte for byte, without a JSON tree per item (what the
  // Thrift execute call returns). On error `*out` is unspecified.
  Status ExecuteText(const User& user, std::string_view operation_json, std::string* out) const;

  // As Execute, but the result is streamed through a cursor (a single JSON
  // result, e.g. Count's number, is one page of one item). The cursor keeps
  // the graph alive and reads the snapshot taken when it was opened. Past
  // its first few thousand items, a cursor pulls items on a thread of its
  // own, ahead of its reader (operations/read_ahead_stream.h).
  Result<std::unique_ptr<ResultCursor>> Open(const User& user,
                                             std::string_view operation_json) const;

  // Runs an operation or chain in the background as a Gaffer job
  // (executeJob) and returns its JobDetail JSON at once: jobId (a random
  // UUID), user ({"userId": ...}), status ("RUNNING"), opChain (Gaffer's
  // overview, "OperationChain[GetAllElements]") and startTime (ms). As
  // Gaffer's Store.runJob, the chain's output is exported to the result
  // cache under the job id (key "ALL") unless the chain has its own
  // ExportToGafferResultCache. When it ends the job is FINISHED, or FAILED
  // with a description (a result over max_result_cache_items fails it).
  // Details and results are kept in the graph's metadata, so they survive
  // a restart; GetJobDetails, GetAllJobDetails and GetJobResults read them.
  // Errors as Execute's for a document that does not parse;
  // ResourceExhausted when max_queued_jobs jobs already wait, or when the
  // user already has user.max_background_jobs jobs queued or running;
  // PermissionDenied when the authoriser refuses the chain.
  Result<Json> SubmitJob(const User& user, std::string_view operation_json) const;

  // Gaffer's executeJob(Job) (POST /graph/jobs/schedule): `job_json` is a
  // Job, {"operation": ..., "repeat": {"initialDelay": 0, "repeatPeriod":
  // 10, "timeUnit": "SECONDS"}}. Without "repeat" it is SubmitJob. With it,
  // the returned parent job is SCHEDULED_PARENT (its "repeat" recorded) and,
  // after the initial delay and then every period, a child job (its
  // "parentJobId" the parent's) runs the operation as SubmitJob would, until
  // CancelScheduledJob makes the parent CANCELLED. A run the user's job quota
  // or the queue refuses is skipped. Schedules end with this Executor (a
  // restart does not resume them, as Gaffer's default). InvalidArgument for
  // a Job without an operation or a repeat whose period is not positive
  // (under a millisecond) or whose timeUnit is not a java TimeUnit.
  Result<Json> ScheduleJob(const User& user, std::string_view job_json) const;

  // The typed fast path for AddElements (no JSON on the way in).
  Status AddElements(const User& user, std::span<const Element> elements,
                     const AddElementsOptions& options, AddElementsResult* result) const;

  // The typed path for DeleteElements (branch deletes): validates as the
  // operation does (with options.skip_invalid_elements, invalid elements are
  // dropped and counted in result->skipped), then removes the rest whole in
  // one store call (Graph::DeleteElements); result->added counts them.
  // InvalidArgument naming the element index and group for an invalid
  // element; nothing is deleted then.
  Status DeleteElements(const User& user, std::span<const Element> elements,
                        const AddElementsOptions& options, AddElementsResult* result) const;

  // Whether `user` may run the admin operations (AddElementsFromFile,
  // SplitStoreFromIterable, Checkpoint, PreviewValidation, DeleteAllData):
  // always when no
  // admin auth is configured, else when the user holds it.
  bool MayRunAdminOperations(const User& user) const;

  const Graph& graph() const { return *graph_; }

 private:
  std::shared_ptr<Graph> graph_;
  ExecutorLimits limits_;
  struct UserJobCounts;                       // branch tls: per-user job quota.
  std::shared_ptr<UserJobCounts> user_jobs_;  // Shared with the jobs' callbacks.
  std::unique_ptr<JobRunner> jobs_;           // Destroyed (jobs drained) after the scheduler.
  std::unique_ptr<JobScheduler> scheduler_;   // Scheduled jobs' timer; stopped first.

  // SubmitJob's work on a parsed chain: checks, a quota slot, the record,
  // the queue. `parent_job_id` marks a scheduled job's run.
  Result<JobDetail> StartJob(const User& user, Operation chain,
                             std::optional<std::string> parent_job_id) const;
  // A job's checks before it is accepted: the user's data auths parse and
  // the authoriser allows the chain.
  Status CheckJobAllowed(const User& user, const Operation& chain) const;
};

}  // namespace quarry
