// Status and Result<T>: Quarry's error values, modelled on Abseil's Status and
// StatusOr. The core never throws; every fallible call returns one of these.
//
// Thread safety: values are plain data; distinct objects may be used from
// different threads freely.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace quarry {

// Canonical error codes. Persisted in Thrift errors by name, not by number.
enum class StatusCode {
  kOk = 0,
  kInvalidArgument,     // Bad request, schema, view or element.
  kNotFound,            // A named thing (graph, group, user) does not exist.
  kAlreadyExists,       // Creating something that exists.
  kFailedPrecondition,  // State mismatch, e.g. key-package or schema differs at open.
  kPermissionDenied,    // Authenticated but not allowed.
  kUnauthenticated,     // Unknown user or wrong token.
  kResourceExhausted,   // A size or count limit was exceeded.
  kOutOfRange,          // A value outside its allowed range.
  kDataLoss,            // Stored bytes are corrupt or undecodable.
  kUnavailable,         // Transient failure; retrying may help.
  kIOError,             // File system or storage engine failure.
  kUnimplemented,       // A valid request Quarry does not support (yet).
  kInternal,            // A broken invariant: a Quarry bug.
};

// Returns the upper-snake name of `code`, e.g. "INVALID_ARGUMENT".
std::string_view StatusCodeName(StatusCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;  // OK.
  // A `code` of kOk gives OK; its message is dropped.
  Status(StatusCode code, std::string message);
  Status(const Status& other) : rep_(other.rep_ ? std::make_unique<Rep>(*other.rep_) : nullptr) {}
  Status& operator=(const Status& other) {
    if (this != &other) rep_ = other.rep_ ? std::make_unique<Rep>(*other.rep_) : nullptr;
    return *this;
  }
  // A moved-from Status is OK.
  Status(Status&&) noexcept = default;
  Status& operator=(Status&&) noexcept = default;

  static Status OK() { return Status(); }

  bool ok() const { return rep_ == nullptr; }
  StatusCode code() const { return rep_ ? rep_->code : StatusCode::kOk; }
  // Empty when OK.
  const std::string& message() const { return rep_ ? rep_->message : EmptyMessage(); }

  // "OK" or "INVALID_ARGUMENT: message".
  std::string ToString() const;

  // Returns a copy whose message is "`context`: message"; OK stays OK.
  Status WithContext(std::string_view context) const;

  // Marks a status as deliberately ignored.
  void IgnoreError() const {}

  friend bool operator==(const Status& a, const Status& b) {
    return a.code() == b.code() && a.message() == b.message();
  }

 private:
  // OK is the common case on every hot path, so it is a null pointer: making,
  // moving, testing and destroying an OK Status touch one word.
  struct Rep {
    StatusCode code;
    std::string message;
  };
  static const std::string& EmptyMessage();

  std::unique_ptr<Rep> rep_;
};

inline Status InvalidArgumentError(std::string m) {
  return Status(StatusCode::kInvalidArgument, std::move(m));
}
inline Status NotFoundError(std::string m) { return Status(StatusCode::kNotFound, std::move(m)); }
inline Status AlreadyExistsError(std::string m) {
  return Status(StatusCode::kAlreadyExists, std::move(m));
}
inline Status FailedPreconditionError(std::string m) {
  return Status(StatusCode::kFailedPrecondition, std::move(m));
}
inline Status PermissionDeniedError(std::string m) {
  return Status(StatusCode::kPermissionDenied, std::move(m));
}
inline Status UnauthenticatedError(std::string m) {
  return Status(StatusCode::kUnauthenticated, std::move(m));
}
inline Status ResourceExhaustedError(std::string m) {
  return Status(StatusCode::kResourceExhausted, std::move(m));
}
inline Status OutOfRangeError(std::string m) {
  return Status(StatusCode::kOutOfRange, std::move(m));
}
inline Status DataLossError(std::string m) { return Status(StatusCode::kDataLoss, std::move(m)); }
inline Status UnavailableError(std::string m) {
  return Status(StatusCode::kUnavailable, std::move(m));
}
inline Status IOError(std::string m) { return Status(StatusCode::kIOError, std::move(m)); }
inline Status UnimplementedError(std::string m) {
  return Status(StatusCode::kUnimplemented, std::move(m));
}
inline Status InternalError(std::string m) { return Status(StatusCode::kInternal, std::move(m)); }

// Either a T or a non-OK Status.
template <typename T>
class [[nodiscard]] Result {
 public:
  // REQUIRES: !status.ok(). An OK status without a value becomes kInternal.
  Result(Status status) : rep_(std::move(status)) {  // NOLINT: implicit by design.
    if (std::get<Status>(rep_).ok()) rep_ = InternalError("Result constructed from OK status");
  }
  Result(T value) : rep_(std::move(value)) {}  // NOLINT: implicit by design.
  template <typename U, typename = std::enable_if_t<std::is_constructible_v<T, U&&> &&
                                                    !std::is_same_v<std::decay_t<U>, Status> &&
                                                    !std::is_same_v<std::decay_t<U>, T>>>
  Result(U&& value) : rep_(T(std::forward<U>(value))) {}  // NOLINT

  bool ok() const { return std::holds_alternative<T>(rep_); }

  // OK when a value is held.
  Status status() const { return ok() ? Status::OK() : std::get<Status>(rep_); }

  // REQUIRES: ok().
  const T& value() const& { return std::get<T>(rep_); }
  T& value() & { return std::get<T>(rep_); }
  T&& value() && { return std::get<T>(std::move(rep_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }

 private:
  std::variant<Status, T> rep_;
};

}  // namespace quarry

#define QUARRY_STATUS_CONCAT_INNER_(a, b) a##b
#define QUARRY_STATUS_CONCAT_(a, b) QUARRY_STATUS_CONCAT_INNER_(a, b)

// Returns from the enclosing function if `expr` (a Status) is not OK.
#define QUARRY_RETURN_IF_ERROR(expr)                 \
  do {                                               \
    ::quarry::Status quarry_status_ = (expr);        \
    if (!quarry_status_.ok()) return quarry_status_; \
  } while (0)

// `lhs = value of expr` (a Result<T>), or returns its Status from the enclosing function.
#define QUARRY_ASSIGN_OR_RETURN(lhs, expr) \
  QUARRY_ASSIGN_OR_RETURN_IMPL_(QUARRY_STATUS_CONCAT_(quarry_result_, __LINE__), lhs, expr)
#define QUARRY_ASSIGN_OR_RETURN_IMPL_(result, lhs, expr) \
  auto result = (expr);                                  \
  if (!result.ok()) return result.status();              \
  lhs = std::move(result).value()
