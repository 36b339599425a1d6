// `quarry serve --config FILE` (branch service, issue 19): a file holding
// the same settings as serve's flags, so that a systemd unit stays short.
//
//   # /etc/quarry/roads.conf
//   graph = /var/lib/quarry/roads      # GRAPH_DIR
//   port = 9090                        # --port 9090
//   http-port = 8080
//   users = /etc/quarry/users.json
//   request-log = /var/log/quarry/roads-requests.log
//
// One "name = value" per line (the flag's name without "--"; "graph" is
// GRAPH_DIR); blank lines and lines starting with '#' are ignored, as is
// " #" and what follows it on a line. A flag that takes no value is written
// "name = true" ("false" leaves it out). Flags on the command line override
// the file's settings.
//
// Thread safety: stateless functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "graph-core/status.h"

namespace quarry::cli {

struct ConfigSetting {
  std::string name;
  std::string value;
  int line = 0;
};

// Parses config text. InvalidArgument naming `source`, the line and what is
// wrong ("roads.conf:3: expected 'name = value'").
Result<std::vector<ConfigSetting>> ParseConfigText(std::string_view text, std::string_view source);

// If `args` hold --config FILE (or --config=FILE), returns them with it
// replaced by the file's settings as flags, placed first so that the
// command line's own flags win; otherwise `args` unchanged. `known_flags`
// lists the names allowed (an unknown one is InvalidArgument naming the
// file and line); `valueless_flags` those written "= true". NotFound if the
// file cannot be read.
Result<std::vector<std::string>> ExpandConfigFile(const std::vector<std::string>& args,
                                                  const std::vector<std::string>& known_flags,
                                                  const std::vector<std::string>& valueless_flags);

}  // namespace quarry::cli
