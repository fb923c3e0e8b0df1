// Derived datatypes without MPI: the type map rules of MPI 4.0 §5.1 (constructors, bounds,
// struct padding), as MPICH applies them.
#include "runtime/plan/type_desc.h"

#include "runtime/plan/darray.h"

#include <algorithm>
#include <climits>
#include <variant>

namespace metron {

namespace {

// What the derived-type rules need of a predefined type: MPI_Type_size, extent, true upper
// bound, alignment and the significant bytes (LP64 Linux, MPICH; the pair types are the C
// structs MPI 4.0 §6.9.4 defines, long double the x87 format in a 16-byte slot).
struct BasicLayout {
  std::int64_t size, extent, true_ub;
  int align;
  std::vector<TypeSegment> segments;
};

BasicLayout basic_layout(Datatype d) {
  const std::string_view n = datatype_name(d);
  const std::int64_t e = datatype_size(d);
  if (n == "MPI_LONG_DOUBLE") return {16, 16, 16, 16, {{0, 10}}};
  if (n == "MPI_FLOAT_INT") return {8, 8, 8, 4, {{0, 8}}};
  if (n == "MPI_DOUBLE_INT") return {12, 16, 12, 8, {{0, 12}}};
  if (n == "MPI_LONG_INT") return {12, 16, 12, 8, {{0, 12}}};
  if (n == "MPI_2INT") return {8, 8, 8, 4, {{0, 8}}};
  if (n == "MPI_SHORT_INT") return {6, 8, 8, 4, {{0, 2}, {4, 4}}};
  if (n == "MPI_LONG_DOUBLE_INT") return {20, 32, 20, 16, {{0, 10}, {16, 4}}};
  if (n == "MPI_C_FLOAT_COMPLEX") return {8, 8, 8, 4, {{0, 8}}};
  if (n == "MPI_C_DOUBLE_COMPLEX") return {16, 16, 16, 8, {{0, 16}}};
  return {e, e, e, static_cast<int>(e), {{0, e}}};
}

const BasicLayout& cached_layout(Datatype d) {
  static const std::vector<BasicLayout> table = [] {
    constexpr int n = 0
#define X(name, size, cls) +1
        METRON_DATATYPES(X)
#undef X
        ;
    std::vector<BasicLayout> t;
    for (int i = 0; i < n; ++i) t.push_back(basic_layout(static_cast<Datatype>(i)));
    return t;
  }();
  return table[static_cast<std::size_t>(d)];
}

// Checked arithmetic: a type whose bounds do not fit 64 bits is rejected, not wrapped.
bool mul(std::int64_t a, std::int64_t b, std::int64_t& r) {
  return !__builtin_mul_overflow(a, b, &r);
}
bool add(std::int64_t a, std::int64_t b, std::int64_t& r) {
  return !__builtin_add_overflow(a, b, &r);
}

// Builds the type map of a derived type from copies of its bases.
class MapBuilder {
 public:
  explicit MapBuilder(DerivedType& t) : t_(t) {}

  // `blocklength` consecutive copies of `base` starting at byte displacement `disp`.
  bool block(const TypeDesc& base, std::int64_t disp, std::int64_t blocklength) {
    if (blocklength == 0) return true;
    const std::int64_t ext = base.extent();
    std::int64_t span = 0, last = 0;
    if (!mul(ext, blocklength, span) || !mul(ext, blocklength - 1, last) || !add(disp, last, last))
      return fail();
    if (!bound(base, disp) || !bound(base, last)) return false;
    std::int64_t sz = 0;
    if (!mul(base.size(), blocklength, sz) || !add(t_.size, sz, t_.size)) return fail();
    const auto& segs = base.segments();
    // A dense base (one run from 0 to its extent) makes one run per block: contiguous(10^8,
    // MPI_CHAR) stays one segment without walking 10^8 copies.
    if (segs.size() == 1 && segs[0].offset == 0 && segs[0].length == ext && ext > 0)
      return push({disp, span});
    if (static_cast<std::int64_t>(segs.size()) * blocklength > kMaxTypeSegments * 4)
      return too_many();
    for (std::int64_t i = 0; i < blocklength; ++i)
      for (const TypeSegment& s : segs)
        if (!push({disp + i * ext + s.offset, s.length})) return false;
    return true;
  }

  bool finish(bool pad_struct) {
    if (!any_) {
      t_.lb = t_.ub = t_.true_lb = t_.true_ub = 0;
    } else {
      t_.lb = lb_, t_.ub = ub_, t_.true_lb = true_lb_, t_.true_ub = true_ub_;
    }
    // MPI 4.0 §5.1.6: a struct's extent is rounded up to the alignment of its widest member.
    // MPICH does so for resized members too (it keeps no lb/ub markers), and so does Metron.
    if (pad_struct && t_.align > 1) {
      const std::int64_t rem = (t_.ub - t_.lb) % t_.align;
      if (rem != 0) t_.ub += t_.align - rem;
    }
    // Overlap: two runs of the map touching the same byte.
    std::vector<TypeSegment> sorted = t_.segments;
    std::sort(sorted.begin(), sorted.end(),
              [](const TypeSegment& a, const TypeSegment& b) { return a.offset < b.offset; });
    for (std::size_t i = 1; i < sorted.size(); ++i)
      if (sorted[i].offset < sorted[i - 1].offset + sorted[i - 1].length) t_.overlaps = true;
    return true;
  }

  TypeError error;

 private:
  bool bound(const TypeDesc& base, std::int64_t disp) {
    std::int64_t lb = 0, ub = 0, tlb = 0, tub = 0;
    if (!add(disp, base.lb(), lb) || !add(lb, base.extent(), ub) ||
        !add(disp, base.true_lb(), tlb) || !add(tlb, base.true_extent(), tub))
      return fail();
    const DerivedType* d = base.derived();
    t_.align = std::max(t_.align, d ? d->align : cached_layout(base.basic()).align);
    if (!any_) {
      lb_ = lb, ub_ = ub, true_lb_ = tlb, true_ub_ = tub;
    } else {
      lb_ = std::min(lb_, lb), ub_ = std::max(ub_, ub);
      true_lb_ = std::min(true_lb_, tlb), true_ub_ = std::max(true_ub_, tub);
    }
    any_ = true;
    return true;
  }
  bool push(TypeSegment s) {
    if (s.length == 0) return true;
    auto& v = t_.segments;
    if (!v.empty() && v.back().offset + v.back().length == s.offset) {
      v.back().length += s.length;
      return true;
    }
    if (static_cast<std::int64_t>(v.size()) >= kMaxTypeSegments) return too_many();
    v.push_back(s);
    return true;
  }
  bool fail() {
    error = {0, DiagId::bad_arg_type_bounds, {}};
    return false;
  }
  bool too_many() {
    error = {0, DiagId::bad_arg_type_map_size, {std::to_string(kMaxTypeSegments)}};
    return false;
  }

  DerivedType& t_;
  bool any_ = false;
  std::int64_t lb_ = 0, ub_ = 0, true_lb_ = 0, true_ub_ = 0;
};

std::string list_text(const std::vector<std::int64_t>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
  return out + "]";
}

// The reason id (a bad_arg_* message of diagnostics.def) about argument arg, with its own
// arguments.
TypeResult reject(std::size_t arg, DiagId id, std::vector<std::string> more = {}) {
  return TypeResult{std::nullopt, TypeError{arg, id, std::move(more)}};
}
TypeResult reject(const TypeError& e) {
  return TypeResult{std::nullopt, e};
}

// MPI's constructors take C ints for counts, blocklengths, strides and element displacements.
std::optional<TypeError> int_range(std::size_t arg, std::int64_t v, bool non_negative,
                                   const char* what) {
  if (non_negative && v < 0)
    return TypeError{arg, DiagId::bad_arg_negative_got, {what, std::to_string(v)}};
  if (v < INT_MIN || v > INT_MAX)
    return TypeError{arg, DiagId::bad_arg_mpi_int, {what, std::to_string(v)}};
  return std::nullopt;
}

}  // namespace

std::string TypeError::message(const std::string& name) const {
  std::vector<std::string> all{std::to_string(arg + 1), name};
  all.insert(all.end(), args.begin(), args.end());
  return format_message(id, all);
}

// --- TypeDesc --------------------------------------------------------------------------------

Datatype TypeDesc::basic() const {
  if (!derived_) return basic_;
  return derived_->bases.empty() ? Datatype::MPI_BYTE : derived_->bases.front().basic();
}
std::int64_t TypeDesc::size() const {
  return derived_ ? derived_->size : cached_layout(basic_).size;
}
std::int64_t TypeDesc::lb() const {
  return derived_ ? derived_->lb : 0;
}
std::int64_t TypeDesc::extent() const {
  return derived_ ? derived_->ub - derived_->lb : cached_layout(basic_).extent;
}
std::int64_t TypeDesc::true_lb() const {
  return derived_ ? derived_->true_lb : 0;
}
std::int64_t TypeDesc::true_extent() const {
  return derived_ ? derived_->true_ub - derived_->true_lb : cached_layout(basic_).true_ub;
}
std::int64_t TypeDesc::tail_bytes() const {
  return std::max<std::int64_t>(0, true_ub() - extent());
}
const std::vector<TypeSegment>& TypeDesc::segments() const {
  return derived_ ? derived_->segments : cached_layout(basic_).segments;
}
std::int64_t TypeDesc::significant_bytes() const {
  std::int64_t n = 0;
  for (const TypeSegment& s : segments()) n += s.length;
  return n;
}
bool TypeDesc::overlaps() const {
  return derived_ && derived_->overlaps;
}
bool TypeDesc::elements_overlap(std::int64_t n) const {
  const std::int64_t ext = extent();
  if (n < 2 || ext <= 0 || (true_lb() >= 0 && true_ub() <= ext)) return false;
  std::vector<TypeSegment> sorted = segments();
  std::sort(sorted.begin(), sorted.end(),
            [](const TypeSegment& a, const TypeSegment& b) { return a.offset < b.offset; });
  // Element k can only reach element 0 while k * extent < true extent.
  const std::int64_t reach = std::min(n - 1, (true_extent() + ext - 1) / ext);
  std::int64_t work = 0;
  for (std::int64_t k = 1; k <= reach && work < kMaxOverlapWork; ++k) {
    const std::int64_t shift = k * ext;
    // Two sorted runs of disjoint segments: walk them together.
    std::size_t i = 0, j = 0;
    while (i < sorted.size() && j < sorted.size()) {
      ++work;
      const std::int64_t a0 = sorted[i].offset, a1 = a0 + sorted[i].length;
      const std::int64_t b0 = sorted[j].offset + shift, b1 = b0 + sorted[j].length;
      if (a0 < b1 && b0 < a1) return true;
      if (a1 <= b0)
        ++i;
      else
        ++j;
    }
  }
  return false;
}

std::string TypeDesc::display() const {
  return derived_ ? derived_->display : std::string(datatype_name(basic_));
}
bool TypeDesc::operator==(const TypeDesc& o) const {
  if (is_basic() != o.is_basic()) return false;
  if (is_basic()) return basic_ == o.basic_;
  return derived_ == o.derived_ || derived_->display == o.derived_->display;
}

std::string datatype_name(const TypeDesc& t) {
  return t.display();
}
std::int64_t datatype_size(const TypeDesc& t) {
  return t.extent();
}

// --- constructors ----------------------------------------------------------------------------

namespace {

// What the constructors that build a type map block by block leave for make_derived_type: the
// map built (false: m.error says why), Struct's alignment padding, the arguments' display.
struct BlocksBuilt {
  bool ok = true;
  bool pad = false;
  std::string args;
};

// Contiguous(count, base).
std::optional<TypeResult> build_contiguous(DerivedType& t, MapBuilder& m, BlocksBuilt& out) {
  const auto& in = t.ints;
  if (auto e = int_range(0, in[0], true, "count")) return reject(*e);
  out.ok = m.block(t.bases[0], 0, in[0]);
  out.args = std::to_string(in[0]) + ", " + t.bases[0].display();
  return std::nullopt;
}

// Vector(count, blocklength, stride, base): stride in elements; Hvector: in bytes.
std::optional<TypeResult> build_vector(DerivedType& t, MapBuilder& m, BlocksBuilt& out) {
  const auto& in = t.ints;
  if (auto e = int_range(0, in[0], true, "count")) return reject(*e);
  if (auto e = int_range(1, in[1], true, "blocklength")) return reject(*e);
  if (auto e = int_range(2, in[2], false, "stride")) return reject(*e);
  std::int64_t stride = in[2];
  if (t.ctor == TypeCtor::Vector && !mul(stride, t.bases[0].extent(), stride))
    return reject(2, DiagId::bad_arg_overflows, {"stride"});
  for (std::int64_t j = 0; out.ok && j < in[0]; ++j)
    out.ok = m.block(t.bases[0], j * stride, in[1]);
  out.args = std::to_string(in[0]) + ", " + std::to_string(in[1]) + ", " + std::to_string(in[2]) +
             ", " + t.bases[0].display();
  return std::nullopt;
}

// Indexed, Hindexed (byte displacements), IndexedBlock (one blocklength) and Struct (byte
// displacements, a base per block).
std::optional<TypeResult> build_indexed(DerivedType& t, MapBuilder& m, BlocksBuilt& out) {
  const TypeCtor ctor = t.ctor;
  const auto& in = t.ints;
  const auto& ls = t.lists;
  const bool block = ctor == TypeCtor::IndexedBlock;
  const std::vector<std::int64_t>& displs = block ? ls[0] : ls[1];
  const std::size_t n = displs.size();
  if (!block && ls[0].size() != n)
    return reject(1, DiagId::bad_arg_displacement_count,
                  {std::to_string(n), std::to_string(ls[0].size())});
  if (ctor == TypeCtor::Struct && t.bases.size() != n)
    return reject(2, DiagId::bad_arg_datatype_count,
                  {std::to_string(t.bases.size()), std::to_string(n)});
  if (block)
    if (auto e = int_range(0, in[0], true, "blocklength")) return reject(*e);
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t bl = block ? in[0] : ls[0][i];
    if (!block)
      if (auto e = int_range(0, bl, true, "blocklength")) return reject(*e);
    const bool bytes = ctor == TypeCtor::Hindexed || ctor == TypeCtor::Struct;
    if (!bytes)
      if (auto e = int_range(1, displs[i], false, "displacement")) return reject(*e);
    const TypeDesc& base = ctor == TypeCtor::Struct ? t.bases[i] : t.bases[0];
    std::int64_t disp = displs[i];
    if (!bytes && !mul(disp, base.extent(), disp))
      return reject(1, DiagId::bad_arg_overflows, {"displacement"});
    if (!(out.ok = m.block(base, disp, bl))) break;
  }
  out.pad = ctor == TypeCtor::Struct;
  if (block)
    out.args = std::to_string(in[0]) + ", " + list_text(ls[0]) + ", " + t.bases[0].display();
  else
    out.args = list_text(ls[0]) + ", " + list_text(ls[1]) + ", ";
  if (ctor == TypeCtor::Struct) {
    out.args += "[";
    for (std::size_t i = 0; i < n; ++i) out.args += (i ? ", " : "") + t.bases[i].display();
    out.args += "]";
  } else if (!block) {
    out.args += t.bases[0].display();
  }
  return std::nullopt;
}

TypeResult made(std::shared_ptr<DerivedType> t) {
  return TypeResult{TypeDesc(std::shared_ptr<const DerivedType>(std::move(t))), {}};
}

// Resized(base, lb, extent): bounds are set, not computed; the map is the base's, with lb and ub
// markers.
TypeResult build_resized(std::shared_ptr<DerivedType> t, const std::string& name) {
  const auto& in = t->ints;
  const TypeDesc& base = t->bases[0];
  if (in[1] < 0) return reject(2, DiagId::bad_arg_negative_got, {"extent", std::to_string(in[1])});
  t->size = base.size();
  t->segments = base.segments();
  t->true_lb = base.true_lb();
  t->true_ub = base.true_ub();
  t->align = base.derived() ? base.derived()->align : cached_layout(base.basic()).align;
  t->lb = in[0];
  if (!add(in[0], in[1], t->ub)) return reject(2, DiagId::bad_arg_overflows, {"lb + extent"});
  t->overlaps = base.overlaps();
  t->display = name + "(" + base.display() + ", " + std::to_string(in[0]) + ", " +
               std::to_string(in[1]) + ")";
  return made(std::move(t));
}

// Subarray(sizes, subsizes, starts, base): a rejection naming the argument, or nullopt.
std::optional<TypeResult> check_subarray(const std::vector<std::int64_t>& sizes,
                                         const std::vector<std::int64_t>& subs,
                                         const std::vector<std::int64_t>& starts) {
  const std::size_t nd = sizes.size();
  if (nd == 0) return reject(0, DiagId::bad_arg_no_dimension);
  if (subs.size() != nd)
    return reject(1, DiagId::bad_arg_subsizes_count,
                  {std::to_string(subs.size()), std::to_string(nd)});
  if (starts.size() != nd)
    return reject(2, DiagId::bad_arg_starts_count,
                  {std::to_string(starts.size()), std::to_string(nd)});
  for (std::size_t d = 0; d < nd; ++d) {
    const std::string dim = std::to_string(d + 1);
    if (sizes[d] < 1 || sizes[d] > INT_MAX)
      return reject(0, DiagId::bad_arg_dim_size,
                    {std::to_string(sizes[d]), dim, std::to_string(INT_MAX)});
    if (subs[d] < 1 || subs[d] > sizes[d])
      return reject(1, DiagId::bad_arg_dim_subsize,
                    {std::to_string(subs[d]), dim, std::to_string(sizes[d])});
    if (starts[d] < 0 || starts[d] > sizes[d] - subs[d])
      return reject(2, DiagId::bad_arg_dim_start,
                    {std::to_string(starts[d]), dim, std::to_string(sizes[d] - subs[d])});
  }
  return std::nullopt;
}

TypeResult build_subarray(std::shared_ptr<DerivedType> t, MapBuilder& m, const std::string& name) {
  const auto &sizes = t->lists[0], &subs = t->lists[1], &starts = t->lists[2];
  if (auto rejected = check_subarray(sizes, subs, starts)) return *rejected;
  const std::size_t nd = sizes.size();
  const TypeDesc& base = t->bases[0];
  // Rows of the last dimension in C order; each row is one block of subs[nd-1] elements.
  std::int64_t rows = 1, total = 1;
  for (std::size_t d = 0; d < nd; ++d) {
    if (!mul(total, sizes[d], total)) return reject(0, DiagId::bad_arg_array_overflow);
    if (d + 1 < nd && !mul(rows, subs[d], rows))
      return reject(1, DiagId::bad_arg_subarray_overflow);
  }
  std::int64_t full = 0;
  if (!mul(total, base.extent(), full)) return reject(0, DiagId::bad_arg_array_overflow);
  std::vector<std::int64_t> idx(nd, 0);
  bool ok = true;
  for (std::int64_t r = 0; ok && r < rows; ++r) {
    std::int64_t lin = 0;
    for (std::size_t d = 0; d < nd; ++d)
      lin = lin * sizes[d] + starts[d] + (d + 1 < nd ? idx[d] : 0);
    ok = m.block(base, lin * base.extent(), subs[nd - 1]);
    for (std::size_t d = nd - 1; d-- > 0;) {  // odometer over the outer dimensions
      if (++idx[d] < subs[d]) break;
      idx[d] = 0;
    }
  }
  if (!ok) return reject(m.error);
  m.finish(false);
  // MPI 4.0 §5.1.3: the subarray spans the whole array, lb 0 and extent the full array.
  t->lb = 0;
  t->ub = full;
  t->display = name + "(" + list_text(sizes) + ", " + list_text(subs) + ", " + list_text(starts) +
               ", " + base.display() + ")";
  return made(std::move(t));
}

// Darray(size, rank, gsizes, distribs, dargs, psizes, base): the elements the process owns
// (darray.cpp), spanning the whole array like a subarray.
TypeResult build_darray(std::shared_ptr<DerivedType> t, MapBuilder& m, const std::string& name) {
  DarrayArgs a{t->ints[0], t->ints[1], t->lists[0], t->lists[1], t->lists[2], t->lists[3]};
  if (auto e = check_darray(a)) return reject(*e);
  const TypeDesc& base = t->bases[0];
  std::int64_t total = 1, full = 0;
  for (std::int64_t g : a.gsizes) total *= g;  // checked by check_darray
  if (!mul(total, base.extent(), full)) return reject(2, DiagId::bad_arg_array_overflow);
  const std::int64_t ext = base.extent();
  if (!darray_runs(
          a, [&](std::int64_t first, std::int64_t n) { return m.block(base, first * ext, n); }))
    return reject(m.error);
  m.finish(false);
  t->lb = 0;
  t->ub = full;
  t->display = name + "(" + std::to_string(a.size) + ", " + std::to_string(a.rank) + ", " +
               list_text(a.gsizes) + ", " + list_text(a.distribs) + ", " + list_text(a.dargs) +
               ", " + list_text(a.psizes) + ", " + base.display() + ")";
  return made(std::move(t));
}

}  // namespace

TypeResult make_derived_type(TypeCtor ctor, std::string name, std::vector<std::int64_t> ints,
                             std::vector<std::vector<std::int64_t>> lists,
                             std::vector<TypeDesc> bases) {
  auto t = std::make_shared<DerivedType>();
  t->ctor = ctor;
  t->ints = std::move(ints);
  t->lists = std::move(lists);
  t->bases = std::move(bases);
  MapBuilder m(*t);
  BlocksBuilt built;
  std::optional<TypeResult> rejected;
  switch (ctor) {
    case TypeCtor::Contiguous:
      rejected = build_contiguous(*t, m, built);
      break;
    case TypeCtor::Vector:
    case TypeCtor::Hvector:
      rejected = build_vector(*t, m, built);
      break;
    case TypeCtor::Indexed:
    case TypeCtor::Hindexed:
    case TypeCtor::IndexedBlock:
    case TypeCtor::Struct:
      rejected = build_indexed(*t, m, built);
      break;
    case TypeCtor::Resized:
      return build_resized(std::move(t), name);
    case TypeCtor::Subarray:
      return build_subarray(std::move(t), m, name);
    case TypeCtor::Darray:
      return build_darray(std::move(t), m, name);
  }
  if (rejected) return *std::move(rejected);
  if (!built.ok) return reject(m.error);
  m.finish(built.pad);
  t->display = name + "(" + built.args + ")";
  return made(std::move(t));
}

}  // namespace metron
