// Runs the `quarry` binary from tests: one-shot commands and a `quarry serve`
// child process on a free loopback port.
#pragma once

#include <sys/types.h>

#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace quarry::testing_rpc {

struct CommandResult {
  int exit_code = -1;
  std::string out;  // stdout and stderr, interleaved.
};

// Runs `binary args...` to completion with `stdin_text` on its stdin.
CommandResult RunCommand(const std::string& binary, const std::vector<std::string>& args,
                         const std::string& stdin_text = "");

// A `quarry serve` child. Start() waits for its "listening on" line.
class ServeProcess {
 public:
  ServeProcess() = default;
  ~ServeProcess();
  // Returns false (with the child's output in `log`) if it did not start.
  // Appends "--port `port`" unless `port` < 0 and "--http-port `http_port`"
  // unless `http_port` < 0, and waits for the "listening on" line of each.
  bool Start(const std::string& binary, const std::vector<std::string>& args, int port,
             int http_port = -1);
  int port() const { return port_; }            // Thrift.
  int http_port() const { return http_port_; }  // HTTP (REST).
  // The child's process id (-1 when not running), e.g. to read /proc/<pid>.
  pid_t pid() const { return pid_; }
  // Sends SIGTERM and waits up to 10 s; returns the exit code, -1 on timeout
  // or a signal death.
  int Stop();
  // Sends SIGKILL, so the child gets no chance to flush or close anything,
  // and reaps it. False if it was not running.
  bool Kill();
  // Everything the child has written so far.
  std::string log();

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  int http_port_ = 0;
  int out_fd_ = -1;
  std::thread drain_;  // Keeps reading the child's output so it never blocks.
  std::mutex mu_;
  std::string log_;

  // Reads the ports from the complete lines of log_; true once every
  // expected one is known.
  bool FoundPorts(bool want_thrift, bool want_http);
};

}  // namespace quarry::testing_rpc
