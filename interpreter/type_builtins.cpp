// SKaMPI's derived-datatype helpers (SKaMPI 5 src/measurements/datatypes.c: mpi_type_contiguous,
// ..., mpi_type_create_subarray) and Metron's create_indexed_block and create_resized. Each
// returns a description (runtime/plan/type_desc.h); the runtime commits it when it binds an
// operation, outside the timed region.
#include <string>

#include "interpreter/builtins.h"
#include "runtime/plan/type_desc.h"

namespace metron {

// A list of integers (SKaMPI writes them {1, 2, 3}).
std::vector<std::int64_t> int_list_arg(BuiltinCtx& c, std::size_t i, const Value& v) {
  std::vector<std::int64_t> out;
  for (const Value& e : v.as_list()) {
    if (!e.is(Value::Type::Int)) c.bad_arg(i, DiagId::bad_arg_int_list, type_name(e.type()));
    out.push_back(e.as_int());
  }
  return out;
}

namespace {

using Args = std::vector<Value>;

std::vector<TypeDesc> type_list(BuiltinCtx& c, std::size_t i, const Value& v) {
  std::vector<TypeDesc> out;
  for (const Value& e : v.as_list()) {
    if (!e.is(Value::Type::Datatype)) c.bad_arg(i, DiagId::bad_arg_type_list, type_name(e.type()));
    out.push_back(e.as_type());
  }
  return out;
}

Value make(BuiltinCtx& c, TypeCtor ctor, std::vector<std::int64_t> ints,
           std::vector<std::vector<std::int64_t>> lists, std::vector<TypeDesc> bases) {
  TypeResult r =
      make_derived_type(ctor, c.name, std::move(ints), std::move(lists), std::move(bases));
  if (!r.type) {
    std::vector<std::string> args{std::to_string(r.error.arg + 1), c.name};
    args.insert(args.end(), r.error.args.begin(), r.error.args.end());
    c.diags.report_args(r.error.id, c.arg_range(r.error.arg), std::move(args));
    BuiltinCtx::throw_eval_error();
  }
  return Value(*r.type);
}

Value f_contiguous(BuiltinCtx& c, Args& a) {
  return make(c, TypeCtor::Contiguous, {a[0].as_int()}, {}, {a[1].as_type()});
}
Value f_vector(BuiltinCtx& c, Args& a) {
  return make(c, TypeCtor::Vector, {a[0].as_int(), a[1].as_int(), a[2].as_int()}, {},
              {a[3].as_type()});
}
Value f_hvector(BuiltinCtx& c, Args& a) {
  return make(c, TypeCtor::Hvector, {a[0].as_int(), a[1].as_int(), a[2].as_int()}, {},
              {a[3].as_type()});
}
Value f_indexed(BuiltinCtx& c, Args& a) {
  return make(c, TypeCtor::Indexed, {}, {int_list_arg(c, 0, a[0]), int_list_arg(c, 1, a[1])},
              {a[2].as_type()});
}
Value f_hindexed(BuiltinCtx& c, Args& a) {
  return make(c, TypeCtor::Hindexed, {}, {int_list_arg(c, 0, a[0]), int_list_arg(c, 1, a[1])},
              {a[2].as_type()});
}
Value f_indexed_block(BuiltinCtx& c, Args& a) {
  return make(c, TypeCtor::IndexedBlock, {a[0].as_int()}, {int_list_arg(c, 1, a[1])},
              {a[2].as_type()});
}
Value f_struct(BuiltinCtx& c, Args& a) {
  return make(c, TypeCtor::Struct, {}, {int_list_arg(c, 0, a[0]), int_list_arg(c, 1, a[1])},
              type_list(c, 2, a[2]));
}
Value f_resized(BuiltinCtx& c, Args& a) {
  return make(c, TypeCtor::Resized, {a[1].as_int(), a[2].as_int()}, {}, {a[0].as_type()});
}
Value f_subarray(BuiltinCtx& c, Args& a) {
  return make(c, TypeCtor::Subarray, {},
              {int_list_arg(c, 0, a[0]), int_list_arg(c, 1, a[1]), int_list_arg(c, 2, a[2])},
              {a[3].as_type()});
}
Value f_darray(BuiltinCtx& c, Args& a) {
  return make(c, TypeCtor::Darray, {a[0].as_int(), a[1].as_int()},
              {int_list_arg(c, 2, a[2]), int_list_arg(c, 3, a[3]), int_list_arg(c, 4, a[4]),
               int_list_arg(c, 5, a[5])},
              {a[6].as_type()});
}

Param P(const char* n, std::uint32_t t) {
  return Param{n, t, std::nullopt};
}

}  // namespace

void add_type_builtins(std::vector<Builtin>& t) {
  const std::vector<Builtin> mine = {
      {"mpi_type_contiguous",
       {P("count", kInt), P("oldtype", kDatatype)},
       "datatype",
       "count consecutive oldtype elements (MPI_Type_contiguous)",
       f_contiguous},
      {"mpi_type_vector",
       {P("count", kInt), P("blocklength", kInt), P("stride", kInt), P("oldtype", kDatatype)},
       "datatype",
       "count blocks of blocklength elements, block starts stride elements apart "
       "(MPI_Type_vector)",
       f_vector},
      {"mpi_type_hvector",
       {P("count", kInt), P("blocklength", kInt), P("stride", kInt), P("oldtype", kDatatype)},
       "datatype",
       "as mpi_type_vector with the stride in bytes (MPI_Type_create_hvector)",
       f_hvector},
      {"mpi_type_indexed",
       {P("blocklengths", kList), P("displacements", kList), P("oldtype", kDatatype)},
       "datatype",
       "blocks of the given lengths at displacements in elements (MPI_Type_indexed)",
       f_indexed},
      {"mpi_type_hindexed",
       {P("blocklengths", kList), P("displacements", kList), P("oldtype", kDatatype)},
       "datatype",
       "as mpi_type_indexed with displacements in bytes (MPI_Type_create_hindexed)",
       f_hindexed},
      {"mpi_type_create_indexed_block",
       {P("blocklength", kInt), P("displacements", kList), P("oldtype", kDatatype)},
       "datatype",
       "blocks of one length at displacements in elements (MPI_Type_create_indexed_block; "
       "Metron's addition)",
       f_indexed_block},
      {"mpi_type_struct",
       {P("blocklengths", kList), P("displacements", kList), P("types", kList)},
       "datatype",
       "blocks of different types at displacements in bytes (MPI_Type_create_struct)",
       f_struct},
      {"mpi_type_create_resized",
       {P("oldtype", kDatatype), P("lb", kInt), P("extent", kInt)},
       "datatype",
       "oldtype with lower bound and extent set (MPI_Type_create_resized; Metron's addition)",
       f_resized},
      {"mpi_type_create_subarray",
       {P("sizes", kList), P("subsizes", kList), P("starts", kList), P("oldtype", kDatatype)},
       "datatype",
       "a subarray of an array in C order (MPI_Type_create_subarray)",
       f_subarray},
      {"mpi_type_create_darray",
       {P("size", kInt), P("rank", kInt), P("gsizes", kList), P("distribs", kList),
        P("dargs", kList), P("psizes", kList), P("oldtype", kDatatype)},
       "datatype",
       "the part of a C-order array that process rank of a size-process grid owns "
       "(MPI_Type_create_darray; distribs MPI_DISTRIBUTE_BLOCK, _CYCLIC or _NONE)",
       f_darray},
  };
  t.insert(t.end(), mine.begin(), mine.end());
}

}  // namespace metron
