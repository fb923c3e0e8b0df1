// Derived datatypes without MPI: size, bounds, true extent and the type map of each constructor,
// worked out by hand from MPI 4.0 §5.1 (tests/mpi/derived_types_test.cpp checks the same types
// against MPICH's MPI_Type_size / get_extent / get_true_extent).
#include <doctest/doctest.h>

#include "runtime/plan/op_checks.h"
#include "runtime/plan/type_desc.h"

using namespace metron;

namespace {

using Segs = std::vector<TypeSegment>;

TypeDesc make(TypeCtor c, std::vector<std::int64_t> ints, std::vector<std::vector<std::int64_t>> l,
              std::vector<TypeDesc> bases) {
  TypeResult r = make_derived_type(c, "t", std::move(ints), std::move(l), std::move(bases));
  REQUIRE_MESSAGE(r.type.has_value(), r.error.message("t"));
  return *r.type;
}

TypeError error_of(TypeCtor c, std::vector<std::int64_t> ints,
                   std::vector<std::vector<std::int64_t>> l, std::vector<TypeDesc> bases) {
  TypeResult r = make_derived_type(c, "t", std::move(ints), std::move(l), std::move(bases));
  REQUIRE_FALSE(r.type.has_value());
  return r.error;
}

// size, lb, extent, true_lb, true_extent
void check_bounds(const TypeDesc& t, std::int64_t size, std::int64_t lb, std::int64_t extent,
                  std::int64_t true_lb, std::int64_t true_extent) {
  CHECK(t.size() == size);
  CHECK(t.lb() == lb);
  CHECK(t.extent() == extent);
  CHECK(t.true_lb() == true_lb);
  CHECK(t.true_extent() == true_extent);
}

const TypeDesc tInt(Datatype::MPI_INT);
const TypeDesc tDouble(Datatype::MPI_DOUBLE);
const TypeDesc tChar(Datatype::MPI_CHAR);
const TypeDesc tShort(Datatype::MPI_SHORT);

}  // namespace

TEST_SUITE("type_desc") {
  TEST_CASE("type_desc: predefined types keep their size and extent") {
    check_bounds(tInt, 4, 0, 4, 0, 4);
    // The pair type is a padded C struct: 12 bytes of data in a 16-byte extent.
    check_bounds(TypeDesc(Datatype::MPI_DOUBLE_INT), 12, 0, 16, 0, 12);
    CHECK(TypeDesc(Datatype::MPI_SHORT_INT).segments() == Segs{{0, 2}, {4, 4}});
    CHECK(tInt.is_basic());
    CHECK(tInt.display() == "MPI_INT");
    CHECK(datatype_size(tDouble) == 8);
  }

  TEST_CASE("type_desc: contiguous") {
    TypeDesc t = make(TypeCtor::Contiguous, {3}, {}, {tInt});
    check_bounds(t, 12, 0, 12, 0, 12);
    CHECK(t.segments() == Segs{{0, 12}});
    CHECK(t.display() == "t(3, MPI_INT)");
    CHECK(t.basic() == Datatype::MPI_INT);
    // A dense base makes one run however long: no walk over 10^9 copies.
    CHECK(make(TypeCtor::Contiguous, {1000000000}, {}, {tChar}).segments() ==
          Segs{{0, 1000000000}});
  }

  TEST_CASE("type_desc: vector and hvector") {
    TypeDesc v = make(TypeCtor::Vector, {3, 2, 4}, {}, {tInt});
    check_bounds(v, 24, 0, 40, 0, 40);
    CHECK(v.segments() == Segs{{0, 8}, {16, 8}, {32, 8}});
    CHECK_FALSE(v.overlaps());
    TypeDesc h = make(TypeCtor::Hvector, {2, 1, 12}, {}, {tDouble});
    check_bounds(h, 16, 0, 20, 0, 20);
    CHECK(h.segments() == Segs{{0, 8}, {12, 8}});
    // A stride shorter than the block: the second block starts inside the first.
    CHECK(make(TypeCtor::Vector, {2, 2, 1}, {}, {tInt}).overlaps());
  }

  TEST_CASE("type_desc: indexed, hindexed and indexed_block keep type-map order") {
    TypeDesc i = make(TypeCtor::Indexed, {}, {{2, 1}, {3, 0}}, {tInt});
    check_bounds(i, 12, 0, 20, 0, 20);
    CHECK(i.segments() == Segs{{12, 8}, {0, 4}});
    TypeDesc h = make(TypeCtor::Hindexed, {}, {{1, 1}, {8, 0}}, {tDouble});
    check_bounds(h, 16, 0, 16, 0, 16);
    CHECK(h.segments() == Segs{{8, 8}, {0, 8}});
    TypeDesc b = make(TypeCtor::IndexedBlock, {2}, {{0, 5}}, {tShort});
    check_bounds(b, 8, 0, 14, 0, 14);
    CHECK(b.segments() == Segs{{0, 4}, {10, 4}});
    CHECK(b.display() == "t(2, [0, 5], MPI_SHORT)");
    // Zero-length blocks add nothing, not even bounds.
    check_bounds(make(TypeCtor::Indexed, {}, {{0, 1}, {10, 1}}, {tInt}), 4, 4, 4, 4, 4);
    // A negative displacement puts data before the buffer start.
    TypeDesc n = make(TypeCtor::Hindexed, {}, {{1}, {-8}}, {tDouble});
    check_bounds(n, 8, -8, 8, -8, 8);
  }

  TEST_CASE("type_desc: struct pads its extent to the widest member's alignment") {
    TypeDesc s = make(TypeCtor::Struct, {}, {{1, 1}, {0, 8}}, {tInt, tDouble});
    check_bounds(s, 12, 0, 16, 0, 16);
    CHECK(s.segments() == Segs{{0, 4}, {8, 8}});
    TypeDesc p = make(TypeCtor::Struct, {}, {{1, 1}, {0, 8}}, {tDouble, tChar});
    check_bounds(p, 9, 0, 16, 0, 9);  // ub 9 rounded up to 16 (alignment of double)
    CHECK(p.display() == "t([1, 1], [0, 8], [MPI_DOUBLE, MPI_CHAR])");
    TypeDesc c = make(TypeCtor::Contiguous, {2}, {}, {p});
    check_bounds(c, 18, 0, 32, 0, 25);
    CHECK(c.segments() == Segs{{0, 9}, {16, 9}});
    CHECK(c.tail_bytes() == 0);
  }

  TEST_CASE("type_desc: create_resized sets bounds, keeps data; its data may pass the extent") {
    TypeDesc v = make(TypeCtor::Vector, {2, 1, 2}, {}, {tInt});
    TypeDesc r = make(TypeCtor::Resized, {0, 4}, {}, {v});
    check_bounds(r, 8, 0, 4, 0, 12);
    CHECK(r.segments() == Segs{{0, 4}, {8, 4}});
    CHECK(r.tail_bytes() == 8);  // n elements need n * 4 + 8 bytes
    // A struct around a resized member is padded all the same (MPICH keeps no lb/ub markers):
    // ub 6 rounded up to the int's alignment.
    TypeDesc s =
        make(TypeCtor::Struct, {}, {{1}, {0}}, {make(TypeCtor::Resized, {0, 6}, {}, {tInt})});
    CHECK(s.extent() == 8);
  }

  TEST_CASE("type_desc: consecutive elements of a resized type overlap from some count on") {
    // Element k at 4k touches 4k, 4k + 8, 4k + 16: element 2 meets element 0 at byte 8.
    TypeDesc r =
        make(TypeCtor::Resized, {0, 4}, {}, {make(TypeCtor::Vector, {3, 1, 2}, {}, {tInt})});
    CHECK_FALSE(r.elements_overlap(2));
    CHECK(r.elements_overlap(3));
    // A column of a 2 x 4 matrix of doubles resized to one element: 4 columns fit, a fifth
    // is the second row's first element.
    TypeDesc col =
        make(TypeCtor::Resized, {0, 8}, {}, {make(TypeCtor::Vector, {2, 1, 4}, {}, {tDouble})});
    CHECK_FALSE(col.elements_overlap(4));
    CHECK(col.elements_overlap(5));
    // Without data past the extent no count overlaps.
    CHECK_FALSE(make(TypeCtor::Vector, {3, 1, 2}, {}, {tInt}).elements_overlap(1000));
  }

  TEST_CASE("type_desc: subarray in C order spans the whole array") {
    TypeDesc s = make(TypeCtor::Subarray, {}, {{4, 4}, {2, 2}, {1, 1}}, {tInt});
    check_bounds(s, 16, 0, 64, 20, 24);
    CHECK(s.segments() == Segs{{20, 8}, {36, 8}});
    TypeDesc one = make(TypeCtor::Subarray, {}, {{8}, {3}, {2}}, {tDouble});
    check_bounds(one, 24, 0, 64, 16, 24);
  }

  TEST_CASE("type_desc: bad arguments name the argument and the reason") {
    TypeError e = error_of(TypeCtor::Vector, {-1, 1, 1}, {}, {tInt});
    CHECK(e.arg == 0);
    CHECK(e.message("t") == "bad argument #1 to 't' (count must not be negative, got -1)");
    e = error_of(TypeCtor::Vector, {1, -2, 1}, {}, {tInt});
    CHECK(e.arg == 1);
    CHECK(e.message("t") == "bad argument #2 to 't' (blocklength must not be negative, got -2)");
    e = error_of(TypeCtor::Indexed, {}, {{1, 1}, {0}}, {tInt});
    CHECK(e.arg == 1);
    CHECK(e.message("t") == "bad argument #2 to 't' (1 displacements for 2 blocklengths)");
    e = error_of(TypeCtor::Struct, {}, {{1, 1}, {0, 4}}, {tInt});
    CHECK(e.arg == 2);
    CHECK(e.message("t") == "bad argument #3 to 't' (1 datatypes for 2 blocks)");
    e = error_of(TypeCtor::Subarray, {}, {{4}, {2}, {3}}, {tInt});
    CHECK(e.arg == 2);
    CHECK(
        e.message("t") ==
        "bad argument #3 to 't' (start 3 of dimension 1 must be between 0 and 2 (size - subsize))");
    e = error_of(TypeCtor::Contiguous, {std::int64_t{1} << 31}, {}, {tInt});
    CHECK(e.message("t") == "bad argument #1 to 't' (count 2147483648 does not fit an MPI int)");
    e = error_of(TypeCtor::Vector, {1 << 30, 1, 2}, {}, {tInt});
    CHECK(e.message("t") ==
          "bad argument #1 to 't' (the type map has more than 1048576 separate runs of bytes, more "
          "than Metron can verify)");
  }

  TEST_CASE("type_desc: equality is structural") {
    CHECK(make(TypeCtor::Contiguous, {3}, {}, {tInt}) ==
          make(TypeCtor::Contiguous, {3}, {}, {tInt}));
    CHECK_FALSE(make(TypeCtor::Contiguous, {3}, {}, {tInt}) == TypeDesc(Datatype::MPI_INT));
    CHECK(TypeDesc(Datatype::MPI_INT) == tInt);
  }

  TEST_CASE("type_desc: derived families and checks") {
    CHECK(accepts_derived_types(OpFamily::Collective));
    CHECK(accepts_derived_types(OpFamily::PointToPoint));
    CHECK(accepts_derived_types(OpFamily::Io));  // memtype, etype, filetype (io_checks.h)
    CHECK_FALSE(accepts_derived_types(OpFamily::Persistent));  // MPICH 4.0's refcount bug
    CHECK_FALSE(accepts_derived_types(OpFamily::Synthetic));
  }
}
