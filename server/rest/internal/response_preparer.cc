#include "server/rest/internal/response_preparer.h"

#include <cstdio>
#include <exception>
#include <vector>

namespace quarry::rest_internal {
namespace {

PreparedResponse Fixed(RestResponse response) {
  PreparedResponse prepared;
  response.kind = RestBodyKind::kFixed;
  response.cursor.reset();
  prepared.response = std::move(response);
  return prepared;
}

PreparedResponse Error(const Status& status) {
  return Fixed(GafferErrorResponse(HttpStatusFor(status), status.message()));
}

// Reads the whole (small) result of a kNone or kSingle cursor.
Result<std::vector<Json>> Drain(ResultCursor* cursor, size_t page_items) {
  std::vector<Json> items;
  while (!cursor->done()) {
    QUARRY_ASSIGN_OR_RETURN(std::vector<Json> page, cursor->NextPage(page_items));
    for (Json& item : page) items.push_back(std::move(item));
  }
  return items;
}

PreparedResponse PrepareWhole(RestResponse response, size_t page_items) {
  const ResultShape shape = response.cursor->shape();
  Result<std::vector<Json>> items = Drain(response.cursor.get(), page_items);
  if (!items.ok()) return Error(items.status());
  if (shape == ResultShape::kNone) {
    response.body.clear();
  } else if (items->size() == 1) {
    response.body = DumpJson((*items)[0]);
  } else {  // A single value should be one item; anything else is shown, not dropped.
    response.body = DumpJson(Json(std::move(*items)));
  }
  return Fixed(std::move(response));
}

}  // namespace

Result<std::string> EncodeNextPage(ResultCursor* cursor, StreamedBodyEncoder* encoder,
                                   size_t page_items, bool* complete) {
  std::string bytes;
  if (cursor->done()) {
    encoder->AppendEnd(&bytes);
    *complete = true;
    return bytes;
  }
  JsonTextPage& page = *encoder->page_buffer();
  QUARRY_RETURN_IF_ERROR(cursor->NextPageText(page_items, &page));
  encoder->AppendPage(page, &bytes);
  *complete = cursor->done();
  if (*complete) encoder->AppendEnd(&bytes);
  return bytes;
}

PreparedResponse PrepareResponse(RestResponse response, size_t page_items, BodyFraming framing) {
  if (response.kind == RestBodyKind::kFixed) return Fixed(std::move(response));
  if (response.cursor == nullptr) {
    return Error(InternalError("the API returned a streamed response without a cursor"));
  }
  const bool per_item = response.kind == RestBodyKind::kChunkedItems;
  if (!per_item && response.cursor->shape() != ResultShape::kItems) {
    return PrepareWhole(std::move(response), page_items);
  }
  PreparedResponse prepared;
  prepared.encoder = std::make_unique<StreamedBodyEncoder>(per_item, framing);
  Result<std::string> first =
      EncodeNextPage(response.cursor.get(), prepared.encoder.get(), page_items, &prepared.complete);
  if (!first.ok()) return Error(first.status());
  prepared.first_bytes = std::move(*first);
  prepared.streamed = true;
  prepared.response = std::move(response);
  return prepared;
}

PreparedResponse PrepareResponse(const RestHandler& handler, const RestRequest& request,
                                 size_t page_items, BodyFraming framing) {
  // The transport edge: an exception escaping the API must not take the
  // server down.
  try {
    return PrepareResponse(handler(request), page_items, framing);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "quarry serve: http %.*s: unexpected exception: %s\n",
                 static_cast<int>(request.path.size()), request.path.data(), e.what());
    return Error(InternalError(std::string("unexpected exception: ") + e.what()));
  } catch (...) {
    return Error(InternalError("unexpected exception"));
  }
}

}  // namespace quarry::rest_internal
