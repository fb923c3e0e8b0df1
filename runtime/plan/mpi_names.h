// MPI's predefined names as the front end knows them (no mpi.h): basic datatypes with their sizes,
// reduction operations, and which reductions apply to which datatypes. The runtime maps the ids
// to MPI handles in runtime/ops/mpi_handles.cpp (ORDER DATATYPES, ORDER REDUCEOPS).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace metron {

// What an MPI reduction may be applied to (MPI 4.0 §6.9.2 groups).
enum class TypeClass { Integer, Floating, Logical, Byte, Complex, Pair, Other };

// ORDER DATATYPES
#define METRON_DATATYPES(X)             \
  X(MPI_CHAR, 1, Integer)               \
  X(MPI_SIGNED_CHAR, 1, Integer)        \
  X(MPI_UNSIGNED_CHAR, 1, Integer)      \
  X(MPI_BYTE, 1, Byte)                  \
  X(MPI_SHORT, 2, Integer)              \
  X(MPI_UNSIGNED_SHORT, 2, Integer)     \
  X(MPI_INT, 4, Integer)                \
  X(MPI_UNSIGNED, 4, Integer)           \
  X(MPI_LONG, 8, Integer)               \
  X(MPI_UNSIGNED_LONG, 8, Integer)      \
  X(MPI_LONG_LONG_INT, 8, Integer)      \
  X(MPI_LONG_LONG, 8, Integer)          \
  X(MPI_UNSIGNED_LONG_LONG, 8, Integer) \
  X(MPI_INT8_T, 1, Integer)             \
  X(MPI_INT16_T, 2, Integer)            \
  X(MPI_INT32_T, 4, Integer)            \
  X(MPI_INT64_T, 8, Integer)            \
  X(MPI_UINT8_T, 1, Integer)            \
  X(MPI_UINT16_T, 2, Integer)           \
  X(MPI_UINT32_T, 4, Integer)           \
  X(MPI_UINT64_T, 8, Integer)           \
  X(MPI_FLOAT, 4, Floating)             \
  X(MPI_DOUBLE, 8, Floating)            \
  X(MPI_LONG_DOUBLE, 16, Floating)      \
  X(MPI_C_BOOL, 1, Logical)             \
  X(MPI_WCHAR, 4, Other)                \
  X(MPI_C_FLOAT_COMPLEX, 8, Complex)    \
  X(MPI_C_DOUBLE_COMPLEX, 16, Complex)  \
  X(MPI_FLOAT_INT, 8, Pair)             \
  X(MPI_DOUBLE_INT, 16, Pair)           \
  X(MPI_LONG_INT, 16, Pair)             \
  X(MPI_2INT, 8, Pair)                  \
  X(MPI_SHORT_INT, 8, Pair)             \
  X(MPI_LONG_DOUBLE_INT, 32, Pair)

enum class Datatype : std::uint8_t {
#define X(name, size, cls) name,
  METRON_DATATYPES(X)
#undef X
};

// ORDER REDUCEOPS
#define METRON_REDUCE_OPS(X)                                                          \
  X(MPI_MAX)                                                                          \
  X(MPI_MIN)                                                                          \
  X(MPI_SUM)                                                                          \
  X(MPI_PROD)                                                                         \
  X(MPI_LAND) X(MPI_BAND) X(MPI_LOR) X(MPI_BOR) X(MPI_LXOR) X(MPI_BXOR) X(MPI_MAXLOC) \
      X(MPI_MINLOC) X(MPI_REPLACE)

enum class ReduceOp : std::uint8_t {
#define X(name) name,
  METRON_REDUCE_OPS(X)
#undef X
};

std::string_view datatype_name(Datatype d);
// Size in bytes of one element as the MPI type's extent on LP64 Linux (MPICH). For the pair
// types that is the padded struct (MPI_DOUBLE_INT: 16, while MPI_Type_size says 12): buffers
// hold count x extent bytes, and SKaMPI reports message sizes as count x extent.
std::int64_t datatype_size(Datatype d);
TypeClass datatype_class(Datatype d);
std::optional<Datatype> datatype_by_name(std::string_view name);
std::string_view reduce_op_name(ReduceOp op);
std::optional<ReduceOp> reduce_op_by_name(std::string_view name);
// Whether MPI defines `op` for `d` in a collective reduction (MPI 4.0 §6.9.2); MINLOC/MAXLOC
// need pair types; MPI_REPLACE is for one-sided accumulates only and never allowed here.
bool reduction_allowed(ReduceOp op, Datatype d);

}  // namespace metron
