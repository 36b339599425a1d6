#include "cli/config_file.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace quarry::cli {
namespace {

std::string_view Trim(std::string_view text) {
  const size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  const size_t end = text.find_last_not_of(" \t\r");
  return text.substr(begin, end - begin + 1);
}

Status LineError(std::string_view source, int line, const std::string& message) {
  return InvalidArgumentError("quarry serve: " + std::string(source) + ":" + std::to_string(line) +
                              ": " + message);
}

bool Contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Splits `args` into the --config file (empty if none) and the other args.
Result<std::string> TakeConfigPath(const std::vector<std::string>& args,
                                   std::vector<std::string>* rest) {
  std::string path;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--") {
      rest->insert(rest->end(), args.begin() + static_cast<long>(i), args.end());
      break;
    }
    if (arg == "--config") {
      if (i + 1 >= args.size()) return InvalidArgumentError("quarry serve: --config needs a FILE");
      path = args[++i];
    } else if (arg.rfind("--config=", 0) == 0) {
      path = arg.substr(9);
    } else {
      rest->push_back(arg);
      continue;
    }
    if (path.empty()) return InvalidArgumentError("quarry serve: --config: empty file name");
  }
  return path;
}

}  // namespace

Result<std::vector<ConfigSetting>> ParseConfigText(std::string_view text, std::string_view source) {
  std::vector<ConfigSetting> settings;
  int number = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    if (size_t comment = line.find(" #"); comment != std::string_view::npos) {
      line = line.substr(0, comment);
    }
    line = Trim(line);
    if (line.empty() || line.front() == '#') continue;
    const size_t eq = line.find('=');
    if (eq == std::string_view::npos) return LineError(source, number, "expected 'name = value'");
    ConfigSetting setting{std::string(Trim(line.substr(0, eq))),
                          std::string(Trim(line.substr(eq + 1))), number};
    if (setting.name.empty()) return LineError(source, number, "missing name before '='");
    if (setting.name.rfind("--", 0) == 0) setting.name.erase(0, 2);
    settings.push_back(std::move(setting));
  }
  return settings;
}

Result<std::vector<std::string>> ExpandConfigFile(const std::vector<std::string>& args,
                                                  const std::vector<std::string>& known_flags,
                                                  const std::vector<std::string>& valueless_flags) {
  std::vector<std::string> rest;
  QUARRY_ASSIGN_OR_RETURN(std::string path, TakeConfigPath(args, &rest));
  if (path.empty()) return args;
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFoundError("quarry serve: config file '" + path + "' cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  QUARRY_ASSIGN_OR_RETURN(std::vector<ConfigSetting> settings, ParseConfigText(text.str(), path));
  std::vector<std::string> expanded;
  std::string graph;
  for (const ConfigSetting& setting : settings) {
    if (setting.name == "graph") {
      graph = setting.value;
    } else if (Contains(valueless_flags, setting.name)) {
      if (setting.value != "true" && setting.value != "false") {
        return LineError(path, setting.line, setting.name + ": expected true or false");
      }
      if (setting.value == "true") expanded.push_back("--" + setting.name);
    } else if (Contains(known_flags, setting.name)) {
      expanded.push_back("--" + setting.name + "=" + setting.value);
    } else {
      return LineError(path, setting.line, "unknown setting '" + setting.name + "'");
    }
  }
  // GRAPH_DIR from the file unless the command line names one.
  bool has_positional = false;
  for (size_t i = 0; i < rest.size(); ++i) {
    const std::string& arg = rest[i];
    if (arg == "--") {
      has_positional = i + 1 < rest.size();
      break;
    }
    if (arg.rfind("--", 0) != 0) {
      has_positional = true;
    } else if (arg.find('=') == std::string::npos && !Contains(valueless_flags, arg.substr(2))) {
      ++i;  // The flag's value.
    }
  }
  expanded.insert(expanded.end(), rest.begin(), rest.end());
  if (!graph.empty() && !has_positional) expanded.push_back(graph);
  return expanded;
}

}  // namespace quarry::cli
