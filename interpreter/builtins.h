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
  // Reports "bad argument #i to 'name' (why)" at argument i (0-based) and throws EvalError.
  [[noreturn]] void bad_arg(std::size_t i, const std::string& why) const;
  // Reports a warning at the call.
  void warn(DiagId id, const std::string& a, const std::string& b) const;
  std::string name;
};

struct Builtin {
  std::string name;
  std::vector<Param> params;
  std::string returns;  // for docs
  std::string doc;
  Value (*impl)(BuiltinCtx& ctx, std::vector<Value>& args);
};

const std::vector<Builtin>& builtins();
// Appends the mpi_type_* helpers (type_builtins.cpp) to the table.
void add_type_builtins(std::vector<Builtin>& table);
const Builtin* find_builtin(std::string_view name);
// SKaMPI helpers Metron knows but does not implement (darray, topologies, arrays).
bool is_unsupported_skampi_function(std::string_view name);
std::string signature(const Builtin& b);

// Thrown after a diagnostic was reported, to abandon the current statement.
struct EvalError {};

}  // namespace metron
