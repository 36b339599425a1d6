// CombiningIterator: combines each run of adjacent source cells that form one
// group into a single cell, in the manner of Accumulo's Combiner (and of
// Gaffer's query-time groupBy combiner, whose groups are "same row and column
// family"). A subclass says where a key's group begins (GroupStart) and how a
// group's cells combine (Reduce).
//
// Groups. GroupStart(k) names the group of key k: two keys are in the same
// group iff their GroupStarts are equal. REQUIRES of every implementation:
//   * GroupStart(k) <= k, and every key between GroupStart(k) and k has the
//     same GroupStart as k (a group is a contiguous interval of keys that
//     begins at or after its GroupStart); deterministic.
//   * e.g. for query-time aggregation over Quarry keys, "the key up to
//     RowAndGroupLength(key)" (keypackages/key_format.h): same row and group.
//
// Emission rule (what makes the combiner seek-safe). A group G is combined
// over ALL of its source cells, whatever the seek range, and emitted as one
// cell under its output key out(G) iff out(G) lies in the seek range and some
// cell of G is at or after the range start. The default out(G) is G's last
// source key (the second condition then follows from the first), so:
//   * a Seek whose range starts in the middle of G still yields G's full
//     aggregate: when the first source cell at or after the range start
//     belongs to a group that began earlier, the source is re-seeked to that
//     group's start, so no partial group is ever emitted;
//   * re-seeking to (out(G), end) after G was yielded resumes with the next
//     group, exactly as a single pass would;
//   * a range that ends in the middle of G (before out(G)) does not yield G.
//     Key-package ranges cover whole rows, so this does not arise for seeds.
// GroupStart is only called on stored keys, never on a range bound, so range
// starts may be partial keys (a row prefix). The source is read without an
// end bound; the combiner stops at the first group starting after the range
// end, so it reads at most one cell past it.
//
// Thread safety: as KvIterator (one thread at a time).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "graph-core/status.h"
#include "iterators/kv_iterator.h"

namespace quarry {

class CombiningIterator : public WrappingIterator {
 public:
  explicit CombiningIterator(std::unique_ptr<KvIterator> source);

  void Seek(const KeyRange& range) override;
  bool Valid() const override { return has_top_ && status_.ok(); }
  void Next() override;
  std::string_view key() const override { return top_key_; }
  std::string_view value() const override { return top_value_; }
  Status status() const override { return status_.ok() ? source()->status() : status_; }

  // The cells of one group, in key order, read straight from the source.
  // Handed to Reduce and usable only during that call.
  class GroupCells {
   public:
    // False after the group's last cell, or when reading failed (the
    // combiner then reports the error; Reduce need not).
    bool Valid() const { return valid_; }
    // REQUIRES: Valid(). Views valid until Next().
    std::string_view key() const;
    std::string_view value() const;
    // REQUIRES: Valid().
    void Next();

   private:
    friend class CombiningIterator;
    explicit GroupCells(CombiningIterator* owner);

    CombiningIterator* owner_;
    bool valid_ = true;
  };

 protected:
  // Sets *start to where the group holding `key`, a key read from the
  // source, begins (see the header comment for the requirements). An error
  // (e.g. DataLoss for an undecodable key) ends the scan.
  virtual Status GroupStart(std::string_view key, std::string* start) const = 0;

  // Combines the cells of the group beginning at `group_start` into *value
  // (which arrives empty). `cells` starts at the group's first cell; cells
  // left unread are skipped. An error ends the scan.
  virtual Status Reduce(std::string_view group_start, GroupCells* cells, std::string* value) = 0;

  // The key to emit the combined cell under. On entry *key is the group's
  // last source key, which is kept by default. An override (e.g. one that
  // rebuilds the key from the combined properties) must keep *key after
  // every source key of earlier groups and before every source key of later
  // groups (e.g. inside the group's interval); the seek-safety above then
  // still holds, with the emission rule as stated.
  virtual Status OutputKey(std::string_view group_start, std::string_view value, std::string* key) {
    return Status::OK();
  }

  // True if the cell `key` is a group of its own whatever the next source
  // cell's key (e.g. a cell of a group query-time aggregation leaves alone,
  // such as one insert of a non-aggregated group, each under its own key
  // with its insert id). Such cells are passed through one by one.
  virtual bool KeepsCellsApart(std::string_view key) const { return false; }

 private:
  // Combines groups from the source's position until one's output key is in
  // range_ or none can be.
  void FindTop();
  // Combines the group starting at the source's current cell into top_key_ /
  // top_value_, leaving the source at the next group's first cell.
  Status CombineGroup();
  // Advances the source one cell within the current group; updates
  // last_key_ and returns whether the next cell is still in the group.
  bool AdvanceInGroup();

  KeyRange range_;
  std::string group_start_;  // The group being combined.
  std::string cell_group_;   // Scratch: GroupStart of the cell being looked at.
  std::string last_key_;     // Last source key consumed in the current group.
  std::string top_key_;
  std::string top_value_;
  bool has_top_ = false;
  bool single_cell_group_ = false;  // The current group is one cell (KeepsCellsApart).
  Status status_;
};

}  // namespace quarry
