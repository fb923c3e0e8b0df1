// The MPI-IO functions' datatypes per rank and the byte runs of their accesses (io_view.h).
#include "runtime/plan/io_view.h"

namespace metron {

std::optional<TypeDesc> io_type_for_rank(const TypeDesc& t, int rank) {
  const DerivedType* d = t.derived();
  if (!d || d->ctor != TypeCtor::Subarray || rank == 0) return t;
  std::vector<std::vector<std::int64_t>> lists = d->lists;  // sizes, subsizes, starts
  lists[2][0] += static_cast<std::int64_t>(rank) * lists[1][0];
  TypeResult r = make_derived_type(TypeCtor::Subarray, "mpi_type_create_subarray", d->ints,
                                   std::move(lists), d->bases);
  return r.type;
}

std::vector<TypeSegment> io_type_runs(const TypeDesc& t) {
  if (t.significant_bytes() == t.size()) return t.segments();
  if (t.is_basic()) return {{0, t.size()}};  // long double: MPI moves the whole slot
  return {};
}

IoByteCursor::IoByteCursor(const TypeDesc& t, std::int64_t base, std::int64_t skip)
    : runs_(io_type_runs(t)), base_(base), extent_(t.extent()) {
  const std::int64_t size = t.size();
  if (runs_.empty() || size <= 0) return;
  // One run filling the extent: consecutive elements are one run (MPI_BYTE, contiguous types).
  dense_ = runs_.size() == 1 && runs_[0].offset == 0 && runs_[0].length == extent_;
  elem_ = skip / size;
  within_ = skip % size;
  while (within_ >= runs_[run_].length) within_ -= runs_[run_++].length;
}

TypeSegment IoByteCursor::next(std::int64_t max_len) {
  if (runs_.empty()) return {0, 0};
  if (dense_) {
    const TypeSegment out{base_ + elem_ * extent_ + within_, max_len};
    within_ += max_len;
    elem_ += within_ / extent_;
    within_ %= extent_;
    return out;
  }
  const TypeSegment& r = runs_[run_];
  const TypeSegment out{base_ + elem_ * extent_ + r.offset + within_,
                        std::min(r.length - within_, max_len)};
  within_ += out.length;
  if (within_ == r.length) {
    within_ = 0;
    if (++run_ == runs_.size()) run_ = 0, ++elem_;
  }
  return out;
}

std::int64_t io_view_end(const TypeDesc& filetype, std::int64_t disp, std::int64_t skip,
                         std::int64_t bytes) {
  if (bytes <= 0) return IoByteCursor(filetype, disp, skip).next(0).offset;
  // The last data byte: one cursor step from its own position.
  return IoByteCursor(filetype, disp, skip + bytes - 1).next(1).offset + 1;
}

}  // namespace metron
