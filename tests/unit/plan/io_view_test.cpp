// The MPI-IO functions' type layouts without MPI (runtime/plan/io_view.h): each rank's part of a
// subarray, the runs of a memtype and of a file view, the end of an access in the file; values
// worked out by hand from the type maps (MPI 4.0 §5.1, §14.3).
#include <doctest/doctest.h>

#include "runtime/plan/io_view.h"

using namespace metron;

namespace {

TypeDesc make(TypeCtor c, std::vector<std::int64_t> ints, std::vector<std::vector<std::int64_t>> l,
              std::vector<TypeDesc> bases) {
  TypeResult r = make_derived_type(c, "t", std::move(ints), std::move(l), std::move(bases));
  REQUIRE_MESSAGE(r.type.has_value(), r.error.message("t"));
  return *r.type;
}

const TypeDesc tByte = Datatype::MPI_BYTE;
const TypeDesc tInt = Datatype::MPI_INT;

std::vector<IoPiece> pieces(const TypeDesc& mem, const TypeDesc& file, std::int64_t skip,
                            std::int64_t bytes) {
  std::vector<IoPiece> out;
  for_each_io_piece(IoByteCursor(mem, 0, 0), IoByteCursor(file, 0, skip), bytes,
                    [&](const IoPiece& p) { out.push_back(p); });
  return out;
}

}  // namespace

TEST_SUITE("io_view") {
  TEST_CASE("io_view: a subarray is rank 0's part, rank r's first start moves by r subsizes") {
    const TypeDesc s = make(TypeCtor::Subarray, {}, {{12}, {4}, {0}}, {tByte});
    CHECK(io_type_for_rank(s, 0) == s);
    const TypeDesc r2 = *io_type_for_rank(s, 2);
    CHECK(r2.segments() == std::vector<TypeSegment>{{8, 4}});
    CHECK(r2.extent() == 12);
    CHECK_FALSE(io_type_for_rank(s, 3).has_value());  // 12 + 4 > 12: no part for rank 3
    // Other types are every rank's.
    const TypeDesc c = make(TypeCtor::Contiguous, {4}, {}, {tByte});
    CHECK(io_type_for_rank(c, 5) == c);
  }

  TEST_CASE("io_view: runs of predefined and derived types") {
    CHECK(io_type_runs(tInt) == std::vector<TypeSegment>{{0, 4}});
    // long double: MPI moves the whole 16-byte slot of a native file
    CHECK(io_type_runs(TypeDesc(Datatype::MPI_LONG_DOUBLE)) == std::vector<TypeSegment>{{0, 16}});
    CHECK(io_type_runs(make(TypeCtor::Contiguous, {2}, {}, {TypeDesc(Datatype::MPI_LONG_DOUBLE)}))
              .empty());
    CHECK(io_type_runs(make(TypeCtor::Vector, {2, 1, 2}, {}, {tInt})) ==
          std::vector<TypeSegment>{{0, 4}, {8, 4}});
  }

  TEST_CASE("io_view: pieces of a memtype with holes through a filetype with gaps") {
    // memtype vector(2, 1, 2, int): data at 0-3, 8-11, extent 12; filetype vector(2, 2, 3, int):
    // data at 0-7, 12-19, extent 20. 16 bytes from view byte 4 (etype int: offset 1).
    const TypeDesc m = make(TypeCtor::Vector, {2, 1, 2}, {}, {tInt});
    const TypeDesc f = make(TypeCtor::Vector, {2, 2, 3}, {}, {tInt});
    const auto p = pieces(m, f, 4, 16);
    REQUIRE(p.size() == 4);
    CHECK((p[0].mem == 0 && p[0].file == 4 && p[0].length == 4));
    CHECK((p[1].mem == 8 && p[1].file == 12 && p[1].length == 4));
    CHECK((p[2].mem == 12 && p[2].file == 16 && p[2].length == 4));
    CHECK((p[3].mem == 20 && p[3].file == 20 && p[3].length == 4));  // second tile at 20
    // The end of the access in the file, and of 17 bytes from view byte 4 (one more tile).
    CHECK(io_view_end(f, 0, 4, 16) == 24);
    CHECK(io_view_end(f, 100, 4, 16) == 124);
    CHECK(io_view_end(f, 0, 4, 17) == 25);  // view byte 20: tile 1 (at 20), its data byte 4
  }

  TEST_CASE("io_view: io.ski's subarray view of rank 1 on 2 ranks") {
    // subarray({2n}, {n}, {n}): rank 1 writes 3 blocks of n at tile t, bytes 2n t + n ...
    const std::int64_t n = 4096;
    const TypeDesc s =
        *io_type_for_rank(make(TypeCtor::Subarray, {}, {{2 * n}, {n}, {0}}, {tByte}), 1);
    const auto p = pieces(tByte, s, 0, 3 * n);
    REQUIRE(p.size() == 3);
    for (std::int64_t t = 0; t < 3; ++t) {
      CHECK(p[static_cast<std::size_t>(t)].file == 2 * n * t + n);
      CHECK(p[static_cast<std::size_t>(t)].mem == n * t);
    }
    CHECK(io_view_end(s, 0, 0, 3 * n) == 6 * n);
  }
}
