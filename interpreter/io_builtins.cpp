// SKaMPI's MPI-IO helpers (io.c): the set_io_* / get_io_* functions, file hints and the data
// access iterator, with Metron's meaning (docs/io.md). The set_io_* setters are the settings
// table's (skampi_setters.h): each is `set io_* = ...`.
#include <string>

#include "interpreter/builtins.h"
#include "interpreter/skampi_setters.h"
#include "runtime/plan/io_settings.h"

namespace metron {

namespace {

using Args = std::vector<Value>;

Value none() {
  return Value();
}
Value changed(BuiltinCtx& c) {
  c.settings_changed = true;
  return none();
}
Value int_of(bool b) {
  return Value(static_cast<std::int64_t>(b ? 1 : 0));
}

Value f_get_dir(BuiltinCtx& c, Args&) {
  return Value(c.settings.io.working_dir);
}
Value f_get_datarep(BuiltinCtx& c, Args&) {
  return Value(c.settings.io.datarep);
}
template <bool IoSettings::*Member>
Value f_get_flag(BuiltinCtx& c, Args&) {
  return int_of(c.settings.io.*Member);
}
Value f_set_file_info(BuiltinCtx& c, Args& a) {
  if (a[0].as_string().empty()) c.bad_arg(0, DiagId::bad_arg_empty_hint_key);
  auto& info = c.settings.io.file_info;
  for (auto& kv : info)
    if (kv.first == a[0].as_string()) {
      kv.second = a[1].as_string();
      return changed(c);
    }
  info.emplace_back(a[0].as_string(), a[1].as_string());
  return changed(c);
}
Value f_reset_file_info(BuiltinCtx& c, Args&) {
  c.settings.io.file_info.clear();
  return changed(c);
}
Value f_print_file_info(BuiltinCtx& c, Args&) {
  c.warn(DiagId::ignored_file_info_print, c.name);
  return none();
}
Value f_routines(BuiltinCtx&, Args& a) {
  ValueList out;
  for (std::int64_t d : io_data_access_routines(a[0].as_int())) out.emplace_back(d);
  return Value(std::move(out));
}
Value f_print_daccess(BuiltinCtx& c, Args& a) {
  if (!io_daccess_valid(a[0].as_int())) c.bad_arg(0, DiagId::bad_arg_not_daccess);
  if (a[1].as_int() < 1 || a[1].as_int() > 3) c.bad_arg(1, DiagId::bad_arg_one_two_three);
  return none();  // the class is an argument of each job, so outputs show it there
}

Param P(const char* n, std::uint32_t t) {
  return Param{n, t, std::nullopt};
}

}  // namespace

std::vector<Builtin> io_builtins() {
  return {
      {"set_io_working_dir",
       {P("path", kString)},
       "nothing",
       "io_dir = path: where the MPI-IO operations' files live",
       skampi_setter},
      {"get_io_working_dir",
       {},
       "string",
       "io_dir (\"\": a temporary folder in the results folder)",
       f_get_dir},
      {"set_io_datarep", {P("datarep", kString)}, "nothing", "io_datarep = datarep", skampi_setter},
      {"get_io_datarep", {}, "string", "io_datarep", f_get_datarep},
      {"set_io_atomicity", {P("flag", kInt)}, "nothing", "io_atomicity = flag", skampi_setter},
      {"get_io_atomicity", {}, "integer", "io_atomicity", f_get_flag<&IoSettings::atomicity>},
      {"set_io_preallocation",
       {P("flag", kInt)},
       "nothing",
       "io_preallocation = flag",
       skampi_setter},
      {"get_io_preallocation",
       {},
       "integer",
       "io_preallocation",
       f_get_flag<&IoSettings::preallocation>},
      {"set_io_unique_open", {P("flag", kInt)}, "nothing", "io_unique_open = flag", skampi_setter},
      {"get_io_unique_open", {}, "integer", "io_unique_open", f_get_flag<&IoSettings::unique_open>},
      {"set_io_file_sync", {P("flag", kInt)}, "nothing", "io_file_sync = flag", skampi_setter},
      {"get_io_file_sync", {}, "integer", "io_file_sync", f_get_flag<&IoSettings::file_sync>},
      {"set_file_info",
       {P("key", kString), P("value", kString)},
       "nothing",
       "an MPI_Info hint for every file the MPI-IO operations open",
       f_set_file_info},
      {"reset_file_info", {}, "nothing", "drops the hints of set_file_info", f_reset_file_info},
      {"print_file_info",
       {},
       "nothing",
       "accepted; the hints are in the settings",
       f_print_file_info},
      {"data_access_routines",
       {P("pattern", kInt)},
       "list",
       "SKaMPI's data access classes contained in pattern (docs/io.md)",
       f_routines},
      {"print_data_access_settings",
       {P("daccess", kInt), P("flag", kInt)},
       "nothing",
       "checks daccess; the class is shown as an argument of each job",
       f_print_daccess},
  };
}

}  // namespace metron
