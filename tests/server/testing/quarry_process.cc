#include "tests/server/testing/quarry_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string_view>
#include <thread>
#include <tuple>

namespace quarry::testing_rpc {
namespace {

std::vector<char*> Argv(const std::string& binary, const std::vector<std::string>& args) {
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(binary.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  return argv;
}

// Forks `binary args`; the child's stdout+stderr go to the returned pipe.
pid_t Spawn(const std::string& binary, const std::vector<std::string>& args, int* out_fd,
            int* in_fd) {
  int out_pipe[2], in_pipe[2];
  if (pipe(out_pipe) != 0 || pipe(in_pipe) != 0) return -1;
  std::vector<char*> argv = Argv(binary, args);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(in_pipe[0], 0);
    dup2(out_pipe[1], 1);
    dup2(out_pipe[1], 2);
    close(out_pipe[0]);
    close(in_pipe[1]);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(out_pipe[1]);
  close(in_pipe[0]);
  *out_fd = out_pipe[0];
  *in_fd = in_pipe[1];
  return pid;
}

}  // namespace

CommandResult RunCommand(const std::string& binary, const std::vector<std::string>& args,
                         const std::string& stdin_text) {
  CommandResult result;
  int out_fd = -1, in_fd = -1;
  pid_t pid = Spawn(binary, args, &out_fd, &in_fd);
  if (pid < 0) return result;
  std::thread writer([&] {
    size_t sent = 0;
    while (sent < stdin_text.size()) {
      ssize_t n = write(in_fd, stdin_text.data() + sent, stdin_text.size() - sent);
      if (n <= 0) break;
      sent += static_cast<size_t>(n);
    }
    close(in_fd);
  });
  char buffer[4096];
  ssize_t n;
  while ((n = read(out_fd, buffer, sizeof(buffer))) > 0) result.out.append(buffer, n);
  close(out_fd);
  writer.join();
  int status = 0;
  waitpid(pid, &status, 0);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

bool ServeProcess::FoundPorts(bool want_thrift, bool want_http) {
  static constexpr std::string_view kThrift = "listening on ";
  static constexpr std::string_view kHttp = "http listening on ";
  bool thrift = false, http = false;
  size_t start = 0, end;
  while ((end = log_.find('\n', start)) != std::string::npos) {
    const std::string_view line = std::string_view(log_).substr(start, end - start);
    start = end + 1;
    for (auto [prefix, port, found] :
         {std::tuple(kThrift, &port_, &thrift), std::tuple(kHttp, &http_port_, &http)}) {
      if (line.substr(0, prefix.size()) != prefix) continue;
      const size_t colon = line.find(':', prefix.size());
      if (colon == std::string_view::npos) continue;
      *port = std::atoi(std::string(line.substr(colon + 1)).c_str());
      *found = true;
    }
  }
  return (thrift || !want_thrift) && (http || !want_http);
}

bool ServeProcess::Start(const std::string& binary, const std::vector<std::string>& args, int port,
                         int http_port) {
  int in_fd = -1;
  std::vector<std::string> full = args;
  if (port >= 0) {
    full.push_back("--port");
    full.push_back(std::to_string(port));
  }
  if (http_port >= 0) {
    full.push_back("--http-port");
    full.push_back(std::to_string(http_port));
  }
  pid_ = Spawn(binary, full, &out_fd_, &in_fd);
  if (pid_ < 0) return false;
  close(in_fd);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd p{out_fd_, POLLIN, 0};
    if (poll(&p, 1, 200) <= 0) continue;
    char buffer[1024];
    ssize_t n = read(out_fd_, buffer, sizeof(buffer));
    if (n <= 0) return false;  // Child exited.
    log_.append(buffer, n);
    if (FoundPorts(port >= 0, http_port >= 0)) {
      drain_ = std::thread([this] {
        char chunk[4096];
        ssize_t got;
        while ((got = read(out_fd_, chunk, sizeof(chunk))) > 0) {
          std::lock_guard lock(mu_);
          log_.append(chunk, got);
        }
      });
      return true;
    }
  }
  return false;
}

int ServeProcess::Stop() {
  if (pid_ < 0) return -1;
  kill(pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      if (drain_.joinable()) drain_.join();  // EOF once the child has exited.
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, &status, 0);
  pid_ = -1;
  if (drain_.joinable()) drain_.join();
  return -1;
}

bool ServeProcess::Kill() {
  if (pid_ < 0) return false;
  kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  if (drain_.joinable()) drain_.join();
  return true;
}

std::string ServeProcess::log() {
  std::lock_guard lock(mu_);
  return log_;
}

ServeProcess::~ServeProcess() {
  if (pid_ >= 0) Stop();
  if (drain_.joinable()) drain_.join();
  if (out_fd_ >= 0) close(out_fd_);
}

}  // namespace quarry::testing_rpc
