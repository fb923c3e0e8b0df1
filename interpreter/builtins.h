// The table of builtin functions (SKaMPI's helpers and setters, Metron's additions): name,
// parameters, documentation and implementation. docs/language.md lists them from this table.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/plan/diagnostics.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/settings.h"
#include "runtime/plan/source.h"
#include "runtime/plan/value.h"

namespace metron {

// What a builtin may see and change while the plan is built.
struct BuiltinCtx {
  DiagnosticEngine& diags;
  int np;                    // the run size (--np)
  Settings& settings;        // the settings in force (setters change them)
  std::uint64_t& rng_state;  // seeded generator for comm_rand and get_random_int
  SourceRange call_range;
  std::vector<SourceRange> arg_ranges;
  bool& settings_changed;
  // Reports the catalogue message id ("bad argument #i to 'name' (...)": a bad_arg_* id) at
  // argument i (0-based), with the reason's own arguments after i + 1 and the name, and throws
  // EvalError.
  template <typename... Args>
  [[noreturn]] void bad_arg(std::size_t i, DiagId id, const Args&... args) const {
    diags.report(id, arg_range(i), i + 1, name, args...);
    throw_eval_error();
  }
  SourceRange arg_range(std::size_t i) const {
    return i < arg_ranges.size() ? arg_ranges[i] : call_range;
  }
  [[noreturn]] static void throw_eval_error();
  // Reports a warning at the call.
  void warn(DiagId id, const std::string& name) const;
  std::string name;
};

struct Builtin {
  std::string name;
  std::vector<Param> params;
  std::string returns;  // for docs
  std::string doc;
  Value (*impl)(BuiltinCtx& ctx, std::vector<Value>& args);
  // SKaMPI's handles (info objects, arrays) change in place: the result is stored back into the
  // variable the first argument names, and the call itself yields nothing.
  bool updates_first_arg = false;
};

const std::vector<Builtin>& builtins();
// SKaMPI's MPI-IO helpers (io_builtins.cpp), part of builtins().
std::vector<Builtin> io_builtins();
// SKaMPI's integer and datatype arrays (array_builtins.cpp), part of builtins().
std::vector<Builtin> array_builtins();
// SKaMPI's process topologies and dims_create (topology_builtins.cpp), part of builtins().
std::vector<Builtin> topology_builtins();
// Appends the mpi_type_* helpers (type_builtins.cpp) to the table.
void add_type_builtins(std::vector<Builtin>& table);
const Builtin* find_builtin(std::string_view name);
// Argument i as a list of integers; reports bad_arg_int_list for another element type.
std::vector<std::int64_t> int_list_arg(BuiltinCtx& c, std::size_t i, const Value& v);
std::string signature(const Builtin& b);

// Thrown after a diagnostic was reported, to abandon the current statement.
struct EvalError {};
// Under --skip-unsupported: a measure's argument is the result of an unsupported helper.
struct SkipUnsupported {
  std::string name;
};

}  // namespace metron
