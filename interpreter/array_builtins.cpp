// SKaMPI's integer and datatype arrays (SKaMPI 5 src/measurements/helpers.c: alloc_int_array,
// int_array_set, ...; io.c: int_array_allgather). In Metron an array is a list value; the
// setters return the changed list and the interpreter stores it back into the variable named by
// the first argument (Builtin::updates_first_arg), which is what SKaMPI's shared array does for
// that variable. A copy made by `b = a` is a value in Metron and does not see later changes.
#include <cstdint>

#include "interpreter/builtins.h"

namespace metron {

namespace {

using Args = std::vector<Value>;

// SKaMPI allocates whatever size it is given; Metron keeps arrays to what a script can use.
constexpr std::int64_t kMaxArrayLength = 1 << 20;

Param P(const char* n, std::uint32_t t) {
  return Param{n, t, std::nullopt};
}

std::size_t index_arg(BuiltinCtx& c, std::size_t i, const Value& list, const Value& index) {
  std::int64_t n = static_cast<std::int64_t>(list.as_list().size()), k = index.as_int();
  if (k < 0 || k >= n) c.bad_arg(i, DiagId::bad_arg_array_index, k, n);
  return static_cast<std::size_t>(k);
}

Value alloc(BuiltinCtx& c, const Value& size, const Value& fill) {
  std::int64_t n = size.as_int();
  if (n < 0 || n > kMaxArrayLength)
    c.bad_arg(0, DiagId::bad_arg_between, "size", 0, kMaxArrayLength);
  return Value(ValueList(static_cast<std::size_t>(n), fill));
}

Value with_element(BuiltinCtx& c, Args& a) {
  ValueList out = a[0].as_list();
  out[index_arg(c, 1, a[0], a[1])] = a[2];
  return Value(std::move(out));
}

// SKaMPI's arrays are zero-filled (calloc): integers 0, datatypes unset until set.
Value f_alloc_int_array(BuiltinCtx& c, Args& a) {
  return alloc(c, a[0], Value(std::int64_t{0}));
}
Value f_alloc_datatype_array(BuiltinCtx& c, Args& a) {
  return alloc(c, a[0], Value());
}
Value f_int_array_set(BuiltinCtx& c, Args& a) {
  return with_element(c, a);
}
Value f_datatype_array_set(BuiltinCtx& c, Args& a) {
  return with_element(c, a);
}
Value f_array_get(BuiltinCtx& c, Args& a) {
  const Value& v = a[0].as_list()[index_arg(c, 1, a[0], a[1])];
  if (v.is(Value::Type::None)) c.bad_arg(1, DiagId::bad_arg_array_unset, a[1].as_int());
  return v;
}
// Every rank builds the same plan from the same script, so every member's v is the value rank 0
// computes: the allgather's result is size(c) copies of it.
Value f_int_array_allgather(BuiltinCtx& c, Args& a) {
  const CommSpec& comm = a[0].as_comm();
  if (comm.kind == CommSpec::Kind::Null) c.bad_arg(0, DiagId::bad_arg_comm_null);
  return Value(ValueList(static_cast<std::size_t>(comm.size), a[1]));
}

}  // namespace

std::vector<Builtin> array_builtins() {
  return {
      {"alloc_int_array",
       {P("size", kInt)},
       "list",
       "a list of size zeros (SKaMPI's integer array)",
       f_alloc_int_array},
      {"int_array_set",
       {P("array", kList), P("i", kInt), P("v", kInt)},
       "nothing",
       "sets element i (from 0) of the array the variable names to v",
       f_int_array_set,
       true},
      {"int_array_get",
       {P("array", kList), P("i", kInt)},
       "integer",
       "element i (from 0) of the array",
       f_array_get},
      {"alloc_datatype_array",
       {P("size", kInt)},
       "list",
       "a list of size unset datatypes (SKaMPI's datatype array)",
       f_alloc_datatype_array},
      {"datatype_array_set",
       {P("array", kList), P("i", kInt), P("t", kDatatype)},
       "nothing",
       "sets element i (from 0) of the array the variable names to the datatype t",
       f_datatype_array_set,
       true},
      {"datatype_array_get",
       {P("array", kList), P("i", kInt)},
       "datatype",
       "element i (from 0) of the array; an error if it was never set",
       f_array_get},
      {"int_array_allgather",
       {P("c", kComm), P("v", kInt)},
       "list",
       "the v of every rank of c, in rank order: size(c) copies of v, since every rank builds "
       "the same plan",
       f_int_array_allgather},
  };
}

}  // namespace metron
