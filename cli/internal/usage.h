// Help texts of the `quarry` subcommands.
#pragma once

#include <string_view>

namespace quarry::cli::usage_internal {

inline constexpr std::string_view kMainUsage =
    R"(usage: quarry COMMAND [ARGS...]

Quarry: a Gaffer-style property graph store on RocksDB.

commands:
  create GRAPH_DIR --schema FILE...   create a graph from Gaffer JSON schema files
  add GRAPH_DIR FILE...               add Gaffer JSON elements from files
  delete GRAPH_DIR (FILE|-)           delete the Gaffer JSON elements a file names
  schema GRAPH_DIR --schema FILE...   apply a changed schema to an existing graph
  exec GRAPH_DIR [OPERATION_FILE|-]   run a Gaffer JSON operation, print the result
  serve GRAPH_DIR                     serve the graph over Thrift and/or HTTP (REST)
  info GRAPH_DIR                      show schema, key-package, shards, counts, sizes
  check GRAPH_DIR                     verify a closed graph's files and data (harden)
  compact GRAPH_DIR                   compact: apply age-off (validators) to stored data

'quarry COMMAND --help' describes a command's flags.
)";

inline constexpr std::string_view kCreateUsage =
    R"(usage: quarry create GRAPH_DIR --schema FILE [--schema FILE ...] [--store-properties FILE]

Creates a new graph in GRAPH_DIR (which must not hold one).
  --schema FILE            a Gaffer JSON schema file (elements, types or both); repeat
                           to merge several files
  --store-properties FILE  a Gaffer store.properties file (key-package, durability, ...)
)";

inline constexpr std::string_view kAddUsage =
    R"(usage: quarry add GRAPH_DIR FILE... [--batch-size N] [--no-validate] [--skip-invalid]
                            [--progress|--no-progress]

Adds Gaffer JSON elements, read from each FILE ("-" for stdin) as one JSON
array or one element per line, in atomic batches.
  --batch-size N   elements per batch (default 10000)
  --no-validate    do not check elements against the schema
  --skip-invalid   drop invalid elements instead of failing the batch
  --progress       always show the progress bar (default: when stderr is a terminal)
  --no-progress    never show it
)";

inline constexpr std::string_view kExecUsage =
    R"(usage: quarry exec GRAPH_DIR [--user ID] [--auths A,B] [--read-only] [OPERATION_FILE|-]

Runs a Gaffer JSON operation or operation chain read from OPERATION_FILE
(default: stdin) and prints the result JSON to stdout.
  --user ID      the user id (default UNKNOWN)
  --auths A,B    the user's data authorisations, comma-separated
  --read-only    read the graph beside the process that has it open (e.g. a
                 running 'quarry serve'): a RocksDB secondary instance whose
                 view is as of the start of the command (said on stderr);
                 operations that write fail (a RADOS graph: nothing is
                 written to the pool and reads see it as it is at each read)
)";

inline constexpr std::string_view kServeUsage =
    R"(usage: quarry serve GRAPH_DIR [--port 9090] [--http-port P] [--bind ADDR] [--users FILE]
                              [--max-frame-bytes N] [--max-connections N] [--http-* N ...]
                              [--config FILE] [--request-log FILE] [--metrics-port N] ...
                              [--tls-cert PEM --tls-key PEM [--tls-client-ca PEM]]
                              [--operation-auths FILE] [--operation-scores FILE]
                              [--anonymous-writes]
                              [--insecure-allow-plaintext]

Serves the graph over Thrift (framed transport, binary protocol), Gaffer's
REST API over HTTP (under /rest, /rest/v2 and /rest/latest), or both, until
SIGINT or SIGTERM. Either port may be given alone; with neither, Thrift is
served on 9090. Both servers share the graph, the users and the limits of
one process.
  --port N              Thrift TCP port (default 9090; 0 picks a free one, printed
                        at start as "listening on ADDR:PORT")
  --http-port N         HTTP port for the REST API (0 picks a free one, printed at
                        start as "http listening on ADDR:PORT"); requests
                        authenticate with "Authorization: Basic <base64 of userId:token>"
  --bind ADDR           address to bind (default 127.0.0.1)
  --users FILE          users file: {"users": [{"userId", "tokenSha256", "dataAuths",
                        "opAuths"}]}; without it only userId "anonymous" or "UNKNOWN"
                        is accepted, with no auths (over HTTP: no Authorization
                        header means "UNKNOWN")
  --ui-dir DIR          the explorer page's built files, served at /ui/ with
                        --http-port (default: this build's web/dist)
  --max-frame-bytes N   largest Thrift request frame (default 64 MiB, at most 100000000)
  --max-connections N   concurrent Thrift connections, a thread each (default 512);
                        a connection silent for 60 s is closed
HTTP limits (each flag a whole number; a connection breaking one is answered,
where it still can be, and closed):
  --http-max-body BYTES          largest request body (default 268435456 = 256 MiB);
                                 over it: 413, refused from Content-Length before
                                 the body is read
  --http-max-header BYTES        request line and headers together (default 65536;
                                 at least 1024); over it: 431
  --http-header-timeout-ms MS    a request's headers must be complete this long after
                                 its first byte (default 10000; slowloris)
  --http-idle-timeout-ms MS      an idle keep-alive connection closes after this
                                 (default 60000)
  --http-body-timeout-ms MS      a request body may stall this long (default 60000)
  --http-send-timeout-ms MS      one response write may stall this long (default 60000)
  --http-max-connections N       open HTTP connections; beyond it: 503 and close
                                 (default 1024)
  --http-workers N               worker threads running API calls and result pages,
                                 so requests running at once (default 8; others wait)
Timeouts are 100 ms to a day. HTTP/1.0 clients are served: a streamed result
goes out unchunked with "Connection: close" and ends at the close.
Operating the server:
  --config FILE                  settings from FILE, one "name = value" a line with
                                 the flags' names ("port = 9090", "users = FILE";
                                 "graph = DIR" for GRAPH_DIR); flags given on the
                                 command line win
  --request-log FILE             one JSON line per request (time, user, transport,
                                 operations, duration, items, bytes, outcome; never
                                 tokens or data) appended to FILE, or "-" for stderr
  --request-log-max-bytes N      rotate FILE at N bytes (FILE.1 .. FILE.3; default 0:
                                 never; SIGHUP reopens FILE for external rotation)
  --slow-request-ms MS           flag requests this slow ("slow": true; default 1000)
  --metrics-port N               Prometheus metrics at /metrics on their own port (with
                                 --http-port they are also at /metrics there)
  --health-min-free-bytes N      /graph/status and status() report DOWN below N bytes
                                 free in a data directory (default 16777216)
  --sweep-interval-s N           run Compact (age-off) every N s; 0: never (default:
                                 3600 on the rados store, 0 elsewhere)
  --write-priority P             writes (AddElements, imports, deletes, compaction) run
                                 on their own threads at this CPU priority, so reads
                                 get the cores first: idle (the default; Linux
                                 SCHED_IDLE), 1..19 (added to the nice value), or 0
                                 (on the connection's thread, as reads)
  --write-threads N              threads running writes at once (default 0: one per
                                 core)
SIGHUP rereads the users file (a bad file keeps the old one and says why) and
reopens the request log, without dropping connections.
Security:
  --tls-cert PEM        serve TLS (1.2 or later) on both ports with this certificate
  --tls-key PEM         chain and private key; SIGHUP re-reads them (and the client CA)
  --tls-client-ca PEM   mutual TLS: clients must present a certificate this CA signed;
                        its subject's CN may name the user instead of a token
  --operation-auths FILE  Gaffer's OperationAuthoriser hook JSON: {"auths": {"<operation
                        class>": ["<op auth>", ...]}}; a chain is refused before it runs
                        if any operation in it needs an auth the user lacks
  --operation-scores FILE  Gaffer's OperationChainLimiter hook JSON ({"opScores": {...},
                        "authScores": {...}}): a chain scoring more than the user's op
                        auths allow is refused; ScoreOperationChain answers with these
                        scores (a ScoreOperationChainHandler or operation declarations
                        file sets the scores without limiting)
  --anonymous-writes    without --users, let the anonymous user write (by default it
                        may only read)
  --insecure-allow-plaintext  bind a non-loopback address without TLS or without a users
                        file (refused otherwise; a warning is logged)
Per-user quotas (open paged queries, concurrent Thrift requests, background jobs)
come from the users file's "quotas" / "defaultQuotas" (defaults 64, 16, 8).
)";

inline constexpr std::string_view kInfoUsage =
    R"(usage: quarry info GRAPH_DIR [--read-only]

Shows the graph's schema summary, key-package, shards (split points),
estimated element counts and sizes per group. When another process (e.g.
'quarry serve') has the graph open, or with --read-only, the graph is read
through a read-only view whose time is said on stderr.
)";

inline constexpr std::string_view kDeleteUsage =
    R"(usage: quarry delete GRAPH_DIR (FILE|-) [--no-validate] [--skip-invalid]
                               [--progress|--no-progress]

Deletes the Gaffer JSON elements read from FILE ("-" for stdin), given as one
JSON array or one element per line, as Gaffer's DeleteElements does: each
element is removed whole (every visibility, both ends of an edge, every
insert of a non-aggregated group); other properties than the groupBy ones
need not match. The whole file is one delete, applied whole or not at all.
  --no-validate    do not check elements against the schema
  --skip-invalid   ignore invalid elements instead of failing
  --progress       always show the progress line (default: when stderr is a terminal)
  --no-progress    never show it
)";

inline constexpr std::string_view kSchemaUsage =
    R"(usage: quarry schema GRAPH_DIR --schema FILE [--schema FILE ...]

Replaces the schema of the graph in GRAPH_DIR by the one in the given Gaffer
JSON schema files (merged as 'quarry create' merges them), if the migration
rules allow it: new groups, new properties after a group's existing ones,
changed descriptions, aggregators and validators. Changes that alter how
stored data is keyed or read (a removed group or property, reordered
properties, changed classes, serialisers, groupBy, vertex, visibility or
timestamp property, aggregate flag) are refused, each one named, and nothing
is changed.
)";

// --- harden (issue 15): quarry check.
inline constexpr std::string_view kCheckUsage =
    R"(usage: quarry check GRAPH_DIR

Verifies a closed graph offline, read-only: the MANIFEST and WAL replay, every
block checksum of every SST file, and that every stored key and value decodes
under the graph's schema. Prints each problem found, naming the file, group
and key; exits 1 if anything is damaged, 0 if the graph is whole. A RADOS
graph: its metadata object and every tablet object (schema xattrs, and that
every omap key belongs to a group, decodes and lies in the tablet its row
hashes to), naming the object and the key in hex.
)";
// --- end of harden.

// --- rados2 (issue 14): quarry compact.
inline constexpr std::string_view kCompactUsage =
    R"(usage: quarry compact GRAPH_DIR

Compacts the graph, removing every stored element its schema's validators
reject (age-off). On the rocks store: a full RocksDB compaction. On the rados
store: the age-off sweeper, which removes each invalid cell with a guarded
delete (kept if a writer changed it since it was read). Scans hide invalid
elements before either runs. Prints the cells removed per group.
)";
// --- end of rados2.

}  // namespace quarry::cli::usage_internal
