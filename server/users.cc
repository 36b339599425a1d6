#include "server/users.h"

#include <fstream>
#include <sstream>

#include "graph-core/json_value.h"
#include "server/internal/sha256.h"

namespace quarry {
namespace {

constexpr std::string_view kAnonymousIds[] = {"anonymous", "UNKNOWN"};

Status FieldError(std::string_view source, const std::string& path, std::string_view what) {
  return InvalidArgumentError(std::string(source) + ": " + path + ": " + std::string(what));
}

bool IsHex64(std::string_view s) {
  if (s.size() != 64) return false;
  for (char c : s) {
    bool digit = c >= '0' && c <= '9';
    bool lower = c >= 'a' && c <= 'f';
    bool upper = c >= 'A' && c <= 'F';
    if (!digit && !lower && !upper) return false;
  }
  return true;
}

std::string ToLower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

Status ParseAuthList(const Json& json, std::string_view source, const std::string& path,
                     std::vector<std::string>* out) {
  if (!json.is_array()) return FieldError(source, path, "expected an array of strings");
  for (size_t i = 0; i < json.size(); ++i) {
    const Json& item = json[i];
    std::string item_path = path + "[" + std::to_string(i) + "]";
    if (!item.is_string()) return FieldError(source, item_path, "expected a string");
    const auto& text = item.get_ref<const std::string&>();
    if (text.empty()) return FieldError(source, item_path, "an auth may not be empty");
    out->push_back(text);
  }
  return Status::OK();
}

// --- branch tls (issue 20): "quotas" and "defaultQuotas".
Status ParseQuotas(const Json& json, std::string_view source, const std::string& path,
                   UserQuotas* quotas) {
  if (!json.is_object()) return FieldError(source, path, "expected an object");
  for (auto it = json.begin(); it != json.end(); ++it) {
    const std::string field_path = path + "." + it.key();
    int64_t* target = it.key() == "maxOpenQueries"          ? &quotas->max_open_queries
                      : it.key() == "maxConcurrentRequests" ? &quotas->max_concurrent_requests
                      : it.key() == "maxBackgroundJobs"     ? &quotas->max_background_jobs
                                                            : nullptr;
    if (target == nullptr) {
      return FieldError(source, field_path,
                        "unknown key (expected maxOpenQueries, maxConcurrentRequests, "
                        "maxBackgroundJobs)");
    }
    if (!it->is_number_integer() || it->get<int64_t>() < 1) {
      return FieldError(source, field_path, "expected an integer of at least 1");
    }
    *target = it->get<int64_t>();
  }
  return Status::OK();
}
// --- end of branch tls.

Result<UserRecord> ParseUser(const Json& json, std::string_view source, const std::string& path,
                             const UserQuotas& default_quotas) {
  if (!json.is_object()) return FieldError(source, path, "expected an object");
  UserRecord user;
  user.quotas = default_quotas;
  bool has_id = false, has_token = false;
  for (auto it = json.begin(); it != json.end(); ++it) {
    const std::string& key = it.key();
    const std::string field_path = path + "." + key;
    if (key == "userId") {
      if (!it->is_string() || it->get_ref<const std::string&>().empty()) {
        return FieldError(source, field_path, "expected a non-empty string");
      }
      user.user_id = it->get_ref<const std::string&>();
      has_id = true;
    } else if (key == "tokenSha256") {
      if (!it->is_string() || !IsHex64(it->get_ref<const std::string&>())) {
        return FieldError(source, field_path, "expected 64 hex digits (SHA-256 of the token)");
      }
      user.token_sha256 = ToLower(it->get_ref<const std::string&>());
      has_token = true;
    } else if (key == "dataAuths") {
      QUARRY_RETURN_IF_ERROR(ParseAuthList(*it, source, field_path, &user.data_auths));
    } else if (key == "opAuths") {
      QUARRY_RETURN_IF_ERROR(ParseAuthList(*it, source, field_path, &user.op_auths));
    } else if (key == "quotas") {  // branch tls
      QUARRY_RETURN_IF_ERROR(ParseQuotas(*it, source, field_path, &user.quotas));
    } else {
      return FieldError(source, field_path,
                        "unknown key (expected userId, tokenSha256, dataAuths, opAuths, quotas)");
    }
  }
  if (!has_id) return FieldError(source, path + ".userId", "missing");
  if (!has_token) return FieldError(source, path + ".tokenSha256", "missing");
  return user;
}

}  // namespace

UserDirectory::UserDirectory(Table table) : shared_(std::make_shared<Shared>()) {
  shared_->table = std::make_shared<const Table>(std::move(table));
}

UserDirectory::UserDirectory() : UserDirectory(Table{}) {}

std::shared_ptr<const UserDirectory::Table> UserDirectory::Current() const {
  std::lock_guard lock(shared_->mu);
  return shared_->table;
}

void UserDirectory::Replace(const UserDirectory& fresh) {
  std::shared_ptr<const Table> table = fresh.Current();
  std::lock_guard lock(shared_->mu);
  shared_->table = std::move(table);
}

UserDirectory UserDirectory::AnonymousOnly() {
  Table table;
  table.anonymous_only = true;
  for (std::string_view id : kAnonymousIds) {
    UserRecord user;
    user.user_id = std::string(id);
    table.users.emplace(user.user_id, std::move(user));
  }
  return UserDirectory(std::move(table));
}

Result<UserDirectory> UserDirectory::Parse(std::string_view json_text, std::string_view source) {
  Json json = Json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return InvalidArgumentError(std::string(source) + ": not valid JSON");
  if (!json.is_object()) return FieldError(source, "$", "expected an object with \"users\"");
  Table table;
  for (auto it = json.begin(); it != json.end(); ++it) {
    if (it.key() == "defaultQuotas") {  // branch tls
      QUARRY_RETURN_IF_ERROR(ParseQuotas(*it, source, it.key(), &table.default_quotas));
    } else if (it.key() != "users") {
      return FieldError(source, it.key(), "unknown key (expected users, defaultQuotas)");
    }
  }
  auto users = json.find("users");
  if (users == json.end() || !users->is_array()) {
    return FieldError(source, "users", "expected an array of users");
  }
  for (size_t i = 0; i < users->size(); ++i) {
    const std::string path = "users[" + std::to_string(i) + "]";
    QUARRY_ASSIGN_OR_RETURN(UserRecord user,
                            ParseUser((*users)[i], source, path, table.default_quotas));
    std::string id = user.user_id;
    if (!table.users.emplace(id, std::move(user)).second) {
      return FieldError(source, path + ".userId", "duplicate userId '" + id + "'");
    }
  }
  return UserDirectory(std::move(table));
}

Result<UserDirectory> UserDirectory::FromFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFoundError("users file '" + path + "' cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return IOError("users file '" + path + "': read failed");
  return Parse(text.str(), path);
}

Result<UserRecord> UserDirectory::Authenticate(std::string_view user_id,
                                               const std::optional<std::string>& token) const {
  const std::shared_ptr<const Table> table = Current();
  auto it = table->users.find(user_id);
  if (table->anonymous_only) {
    if (it == table->users.end()) {
      return UnauthenticatedError("user '" + std::string(user_id) +
                                  "' refused: this server has no users file and accepts only "
                                  "userId \"anonymous\" or \"UNKNOWN\"");
    }
    return it->second;
  }
  // Hash even for unknown users so that timing does not reveal who exists.
  const std::string presented = server_internal::Sha256Hex(token.value_or(""));
  const bool known = it != table->users.end();
  const bool match = known && token.has_value() &&
                     server_internal::ConstantTimeEquals(presented, it->second.token_sha256);
  if (!match) {
    return UnauthenticatedError("unknown user or wrong token for userId '" + std::string(user_id) +
                                "'");
  }
  return it->second;
}

// --- branch tls (issue 20) ---
Result<UserRecord> UserDirectory::AuthenticateCertificate(std::string_view common_name) const {
  const std::shared_ptr<const Table> table = Current();
  auto it = table->users.find(common_name);
  if (common_name.empty() || it == table->users.end()) {
    return UnauthenticatedError("the client certificate names '" + std::string(common_name) +
                                "', who is not a user of this server");
  }
  return it->second;
}

UserQuotas UserDirectory::QuotasFor(std::string_view user_id) const {
  const std::shared_ptr<const Table> table = Current();
  auto it = table->users.find(user_id);
  return it == table->users.end() ? table->default_quotas : it->second.quotas;
}
// --- end of branch tls.

}  // namespace quarry
