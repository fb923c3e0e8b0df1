// The datatypes of the MPI-IO functions as the runtime applies them (docs/io.md, "Derived
// datatypes"): each rank's copy of a subarray, which the script writes as rank 0's part, and the
// runs of bytes one access touches in memory (memtype) and in the file (the view of etype and
// filetype, MPI 4.0 §14.3). Pure: no MPI, so the layouts are unit-tested directly.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "runtime/plan/type_desc.h"

namespace metron {

// Rank r's copy of a type for the MPI-IO functions. A subarray describes rank 0's part
// (get_comm_rank() is rank 0's in every plan): rank r's first start moves by r * subsizes[0],
// as SKaMPI's io.ski builds it on each rank with its own rank. Other types are the same on
// every rank. nullopt when rank r's part leaves the array (io_check_types refuses that).
std::optional<TypeDesc> io_type_for_rank(const TypeDesc& t, int rank);

// The runs of one element's data as MPI moves them, in type-map order: a predefined type's
// whole size (its padding too, as a native file holds it), a derived type's segments. Empty
// when a derived type has padding of a predefined type inside (verification cannot follow it).
std::vector<TypeSegment> io_type_runs(const TypeDesc& t);

// Walks the data bytes of consecutive elements of a type (element k at base + k * extent) from
// the `skip`th data byte on, run by run: memory through the memtype, or a file view (base: the
// displacement; skip: offset * etype size) through the filetype.
class IoByteCursor {
 public:
  IoByteCursor(const TypeDesc& t, std::int64_t base, std::int64_t skip);
  // The next run of at most max_len bytes: where it is and how long.
  TypeSegment next(std::int64_t max_len);

 private:
  std::vector<TypeSegment> runs_;
  std::int64_t base_ = 0, extent_ = 0;
  std::int64_t elem_ = 0;    // the element the cursor is in
  std::size_t run_ = 0;      // its run
  std::int64_t within_ = 0;  // bytes of that run already passed
  bool dense_ = false;       // the data fill the extent: runs go on across elements
};

// One piece of an access: `length` bytes at memory offset `mem` and file offset `file`.
struct IoPiece {
  std::int64_t mem = 0;
  std::int64_t file = 0;
  std::int64_t length = 0;
};

// Calls f(IoPiece) for each piece of an access of `bytes` data bytes, in order: memory through
// mem, the file through file.
template <class F>
void for_each_io_piece(IoByteCursor mem, IoByteCursor file, std::int64_t bytes, F&& f) {
  TypeSegment m{}, d{};
  while (bytes > 0) {
    if (m.length == 0) m = mem.next(bytes);
    if (d.length == 0) d = file.next(bytes);
    const std::int64_t n = std::min({m.length, d.length, bytes});
    if (n <= 0) return;  // a type without data (refused before)
    f(IoPiece{m.offset, d.offset, n});
    m.offset += n, m.length -= n, d.offset += n, d.length -= n, bytes -= n;
  }
}

// The file offset one past the last byte of `bytes` data bytes that start `skip` bytes into a
// view (displacement disp, filetype); disp + skip's position when bytes is 0.
std::int64_t io_view_end(const TypeDesc& filetype, std::int64_t disp, std::int64_t skip,
                         std::int64_t bytes);

}  // namespace metron
