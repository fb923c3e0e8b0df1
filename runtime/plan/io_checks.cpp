// The MPI-IO functions' datatype checks (io_checks.h).
#include "runtime/plan/io_checks.h"

#include <fmt/format.h>

#include <set>
#include <string>

#include "runtime/plan/io_settings.h"
#include "runtime/plan/io_view.h"
#include "runtime/plan/local_io.h"

namespace metron {

namespace {

// The predefined types a type is built of.
void basics_of(const TypeDesc& t, std::set<Datatype>& out) {
  if (t.is_basic()) {
    out.insert(t.basic());
    return;
  }
  for (const TypeDesc& b : t.derived()->bases) basics_of(b, out);
}

std::set<Datatype> basics_of(const TypeDesc& t) {
  std::set<Datatype> out;
  basics_of(t, out);
  return out;
}

// Whether the data of consecutive elements only goes forward (MPI 4.0 §14.3: a filetype's
// displacements are nonnegative and monotonically nondecreasing; the next element's data may
// not start before this one's ends).
bool goes_forward(const TypeDesc& t) {
  std::int64_t end = 0;
  for (const TypeSegment& s : t.segments()) {
    if (s.offset < end) return false;
    end = s.offset + s.length;
  }
  return t.tail_bytes() == 0;
}

}  // namespace

std::optional<OpProblem> check_io_types(const MeasureFunc& f, const std::vector<Value>& args,
                                        int comm_size) {
  if (auto p = check_local_io_args(f, args)) return p;
  // A data access class the runtime would refuse at bind time (e.g. daccess = 0).
  if (const int id = f.param_index("daccess");
      id >= 0 && static_cast<std::size_t>(id) < args.size() &&
      !io_daccess_valid(args[static_cast<std::size_t>(id)].as_int()))
    return OpProblem{DiagId::io_bad_daccess,
                     id,
                     {fmt::format("{:#x}", args[static_cast<std::size_t>(id)].as_int())}};
  if (const int id = f.param_index("daccess");
      id >= 0 && static_cast<std::size_t>(id) < args.size())
    if (auto why = io_daccess_restriction(f.name, args[static_cast<std::size_t>(id)].as_int()))
      return OpProblem{
          *why, id, {f.name, fmt::format("{:#x}", args[static_cast<std::size_t>(id)].as_int())}};
  const int im = f.param_index("memtype"), ie = f.param_index("etype"),
            ifl = f.param_index("filetype");
  if (im < 0 || ie < 0 || ifl < 0 || static_cast<std::size_t>(ifl) >= args.size())
    return std::nullopt;
  auto type_at = [&](int i) -> const TypeDesc& {
    return args[static_cast<std::size_t>(i)].as_type();
  };
  const TypeDesc &mem = type_at(im), &et = type_at(ie), &file = type_at(ifl);
  for (int i : {im, ie, ifl})
    if (io_type_runs(type_at(i)).empty())
      return OpProblem{DiagId::io_type_padding, i, {type_at(i).display()}};
  if (et.size() != et.extent() || et.lb() != 0 || et.true_lb() != 0 ||
      et.significant_bytes() != et.size() || et.segments().size() != 1)
    return OpProblem{DiagId::io_etype_not_contiguous,
                     ie,
                     {et.display(), std::to_string(et.size()), std::to_string(et.extent())}};
  if (basics_of(file) != basics_of(et) || file.size() % et.size() != 0)
    return OpProblem{DiagId::io_filetype_not_etype, ifl, {file.display(), et.display()}};
  if (!goes_forward(file)) return OpProblem{DiagId::io_filetype_backwards, ifl, {file.display()}};
  if (mem.size() % et.size() != 0)
    return OpProblem{DiagId::io_memtype_not_etypes,
                     im,
                     {mem.display(), std::to_string(mem.size()), std::to_string(et.size())}};
  // Each rank takes the next part of a subarray (io_type_for_rank): the last one must fit.
  for (int i : {im, ifl}) {
    const DerivedType* d = type_at(i).derived();
    if (!d || d->ctor != TypeCtor::Subarray) continue;
    const std::int64_t need =
        d->lists[2][0] + static_cast<std::int64_t>(comm_size) * d->lists[1][0];
    if (need > d->lists[0][0])
      return OpProblem{DiagId::io_subarray_no_room,
                       i,
                       {type_at(i).display(), std::to_string(comm_size), std::to_string(need),
                        std::to_string(d->lists[0][0])}};
  }
  return std::nullopt;
}

}  // namespace metron
