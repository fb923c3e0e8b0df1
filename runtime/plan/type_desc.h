// A datatype as a script describes it: a predefined MPI datatype, or a derived type built by one
// of SKaMPI's mpi_type_* helpers (a small tree: constructor, integer arguments, base types).
// Size, extent, lower bound and true extent are computed here without MPI, following MPI 4.0
// §5.1 (tests/mpi/derived_types_test.cpp compares them with MPI_Type_size/get_extent); the
// runtime builds and commits the MPI_Datatype from the tree (runtime/ops/derived_types.h).
//
// How an operation family accepts derived datatypes (for new operations):
//  1. Read datatype arguments with args.type("x") (a TypeDesc), not args.datatype("x") (which
//     only takes predefined types), and store them in BoundOp::send_dt / recv_dt.
//  2. Get the MPI handle with commit_type(b, b.send_dt) (runtime/ops/derived_types.h) in bind or
//     prepare: it commits a derived type there, outside the timed region, and BoundOp::release()
//     frees it; for a predefined type it is mpi_datatype().
//  3. Size buffers in extents: block_bytes(count, dt) is count * extent, and bind_op adds the
//     tail a type may have past its extent (true upper bound > extent). The buffer-use function
//     reads sizes with a.type(dt).extent() (op_usage.cpp does).
//  4. Verify with fill_pattern / check_pattern (runtime/ops/verify_pattern.h), which walk the
//     type map: only the bytes the type touches carry the pattern, holes must stay untouched.
//  5. Add the family to accepts_derived_types() (op_checks.cpp); until then the front end
//     rejects a derived type for the family's operations with a clear message. (Persistent
//     stays off: MPICH 4.0 aborts freeing a persistent collective request on a derived type.)
//     An operation of an accepting family that still reads args.datatype() fails at bind with
//     the same message, so convert new operations of those families too.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/plan/diagnostics.h"
#include "runtime/plan/mpi_names.h"

namespace metron {

// The constructors SKaMPI's helpers call (MPI_Type_contiguous, ...); IndexedBlock and Resized
// are Metron's additions (MPI_Type_create_indexed_block, MPI_Type_create_resized).
enum class TypeCtor {
  Contiguous,    // ints: {count}
  Vector,        // ints: {count, blocklength, stride (elements)}
  Hvector,       // ints: {count, blocklength, stride (bytes)}
  Indexed,       // lists: {blocklengths, displacements (elements)}
  Hindexed,      // lists: {blocklengths, displacements (bytes)}
  IndexedBlock,  // ints: {blocklength}; lists: {displacements (elements)}
  Struct,        // lists: {blocklengths, displacements (bytes)}; one base per block
  Resized,       // ints: {lb, extent}
  Subarray,      // lists: {sizes, subsizes, starts}, C order
  Darray,        // ints: {size, rank}; lists: {gsizes, distribs, dargs, psizes}, C order
};

// A run of bytes the type map touches, relative to the buffer start; in type-map order.
struct TypeSegment {
  std::int64_t offset = 0;
  std::int64_t length = 0;
  bool operator==(const TypeSegment&) const = default;
};

struct DerivedType;

class TypeDesc {
 public:
  TypeDesc() = default;
  // Implicit: a predefined datatype is a TypeDesc, so code written for Datatype keeps working.
  TypeDesc(Datatype d) : basic_(d) {}
  explicit TypeDesc(std::shared_ptr<const DerivedType> d) : derived_(std::move(d)) {}

  bool is_basic() const { return !derived_; }
  // The predefined type; for a derived type, the first predefined type of its tree.
  Datatype basic() const;
  const DerivedType* derived() const { return derived_.get(); }

  std::int64_t size() const;     // MPI_Type_size: bytes of data, holes excluded
  std::int64_t lb() const;       // MPI_Type_get_extent's lb
  std::int64_t extent() const;   // MPI_Type_get_extent's extent (ub - lb)
  std::int64_t true_lb() const;  // MPI_Type_get_true_extent
  std::int64_t true_extent() const;
  std::int64_t true_ub() const { return true_lb() + true_extent(); }
  // Bytes past the extent that the last element reaches (a resized type whose data runs past
  // its extent): a buffer of n elements needs n * extent + tail_bytes().
  std::int64_t tail_bytes() const;
  // The bytes one element touches that verification writes and checks (padding of the
  // predefined types excluded, as in verify_pattern.h), in type-map order, adjacent runs merged.
  const std::vector<TypeSegment>& segments() const;
  // Bytes in segments(): the element's share of the verification stream.
  std::int64_t significant_bytes() const;
  // Whether two entries of the type map touch the same byte (MPI forbids it for receiving).
  bool overlaps() const;
  // Whether n consecutive elements (element k at k * extent) touch a byte twice, which only a
  // type with data past its extent can do. Checks the first kMaxOverlapWork segment pairs.
  bool elements_overlap(std::int64_t n) const;
  // The call that made it, as a script would write it: mpi_type_vector(4, 1, 2, MPI_INT).
  std::string display() const;

  bool operator==(const TypeDesc& o) const;

 private:
  Datatype basic_{};
  std::shared_ptr<const DerivedType> derived_;
};

struct DerivedType {
  TypeCtor ctor;
  std::vector<std::int64_t> ints;
  std::vector<std::vector<std::int64_t>> lists;
  std::vector<TypeDesc> bases;
  // Computed by make_derived_type.
  std::int64_t size = 0, lb = 0, ub = 0, true_lb = 0, true_ub = 0;
  int align = 1;  // alignment of the widest predefined member (MPI's struct padding)
  bool overlaps = false;
  std::vector<TypeSegment> segments;
  std::string display;
};

// Most segments a derived type may have (16 bytes each): verification walks them.
inline constexpr std::int64_t kMaxTypeSegments = std::int64_t{1} << 20;
// Segment comparisons elements_overlap() makes at most (a few ms).
inline constexpr std::int64_t kMaxOverlapWork = std::int64_t{1} << 24;

// The derived type, or the reason MPI (or Metron) rejects the arguments: the catalogue message
// id ("bad argument #i to 'name' (...)", a bad_arg_* id of diagnostics.def) about the 0-based
// argument arg, with the reason's own arguments (after i and name).
struct TypeError {
  std::size_t arg = 0;
  DiagId id = DiagId::bad_arg_type_bounds;
  std::vector<std::string> args;
  // The message about a call of the helper `name`.
  std::string message(const std::string& name) const;
};
struct TypeResult {
  std::optional<TypeDesc> type;
  TypeError error;
};
// `name` is the helper's name (for display()): mpi_type_vector, ...
TypeResult make_derived_type(TypeCtor ctor, std::string name, std::vector<std::int64_t> ints,
                             std::vector<std::vector<std::int64_t>> lists,
                             std::vector<TypeDesc> bases);

// Overloads for code written for Datatype (name, size = extent as datatype_size() says).
std::string datatype_name(const TypeDesc& t);
std::int64_t datatype_size(const TypeDesc& t);

}  // namespace metron
