// Tables of MPI datatype and reduction names (see mpi_names.h).
#include "runtime/plan/mpi_names.h"

#include <array>
#include <unordered_map>

namespace metron {

namespace {
struct DatatypeInfo {
  std::string_view name;
  std::int64_t size;
  TypeClass cls;
};
constexpr DatatypeInfo kDatatypes[] = {
#define X(name, size, cls) {#name, size, TypeClass::cls},
    METRON_DATATYPES(X)
#undef X
};
constexpr std::string_view kReduceOps[] = {
#define X(name) #name,
    METRON_REDUCE_OPS(X)
#undef X
};
}  // namespace

std::string_view datatype_name(Datatype d) {
  return kDatatypes[static_cast<int>(d)].name;
}
std::int64_t datatype_size(Datatype d) {
  return kDatatypes[static_cast<int>(d)].size;
}
TypeClass datatype_class(Datatype d) {
  return kDatatypes[static_cast<int>(d)].cls;
}

std::optional<Datatype> datatype_by_name(std::string_view name) {
  // The evaluator asks for every name it resolves (MPI_INT in a loop body): hash it.
  static const std::unordered_map<std::string_view, Datatype> index = [] {
    std::unordered_map<std::string_view, Datatype> m;
    for (std::size_t i = 0; i < std::size(kDatatypes); ++i)
      m.emplace(kDatatypes[i].name, static_cast<Datatype>(i));
    return m;
  }();
  auto it = index.find(name);
  if (it == index.end()) return std::nullopt;
  return it->second;
}

std::string_view reduce_op_name(ReduceOp op) {
  return kReduceOps[static_cast<int>(op)];
}

std::optional<ReduceOp> reduce_op_by_name(std::string_view name) {
  if (name.substr(0, 4) != "MPI_") return std::nullopt;  // most names are the script's own
  for (std::size_t i = 0; i < std::size(kReduceOps); ++i)
    if (kReduceOps[i] == name) return static_cast<ReduceOp>(i);
  return std::nullopt;
}

bool reduction_allowed(ReduceOp op, Datatype d) {
  TypeClass c = datatype_class(d);
  switch (op) {
    case ReduceOp::MPI_MAX:
    case ReduceOp::MPI_MIN:
      return c == TypeClass::Integer || c == TypeClass::Floating;
    case ReduceOp::MPI_SUM:
    case ReduceOp::MPI_PROD:
      return c == TypeClass::Integer || c == TypeClass::Floating || c == TypeClass::Complex;
    case ReduceOp::MPI_LAND:
    case ReduceOp::MPI_LOR:
    case ReduceOp::MPI_LXOR:
      return c == TypeClass::Integer || c == TypeClass::Logical;
    case ReduceOp::MPI_BAND:
    case ReduceOp::MPI_BOR:
    case ReduceOp::MPI_BXOR:
      return c == TypeClass::Integer || c == TypeClass::Byte;
    case ReduceOp::MPI_MAXLOC:
    case ReduceOp::MPI_MINLOC:
      return c == TypeClass::Pair;
    case ReduceOp::MPI_REPLACE:
      return false;
  }
  return false;
}

}  // namespace metron
