// The MPI-IO settings (`set io_* = ...`), SKaMPI's set_io_* functions as settings
// (docs/io.md).
#include <string>

#include "runtime/plan/setting_table.h"

namespace metron {

namespace {

using T = Value::Type;

bool flag_of(const Value& v, bool& out) {
  if (v.is(T::Int) && (v.as_int() == 0 || v.as_int() == 1)) return out = v.as_int() == 1, true;
  if (v.is(T::Spec) && v.as_spec().args.empty()) {
    const std::string& n = v.as_spec().name;
    if (n == "on" || n == "true" || n == "yes") return out = true, true;
    if (n == "off" || n == "false" || n == "no") return out = false, true;
  }
  return false;
}

// A name written bare (native) or as a string ("native").
std::string word_of(const Value& v) {
  if (v.is(T::String)) return v.as_string();
  if (v.is(T::Spec) && v.as_spec().args.empty()) return v.as_spec().name;
  return {};
}

template <bool IoSettings::*Member>
void parse_io_flag(std::string_view, const Value& v, Settings& s) {
  bool b = false;
  if (!flag_of(v, b)) throw SettingError{};
  s.io.*Member = b;
}

template <bool IoSettings::*Member>
std::string io_flag_text(const Settings& s) {
  return on_off(s.io.*Member);
}

template <bool IoSettings::*Member>
nlohmann::json io_flag_json(const Settings& s) {
  return s.io.*Member;
}

void parse_dir(std::string_view, const Value& v, Settings& s) {
  if (!v.is(T::String)) throw SettingError{};
  s.io.working_dir = v.as_string();
}

void parse_datarep(std::string_view, const Value& v, Settings& s) {
  const std::string w = word_of(v);
  if (w != "native" && w != "internal" && w != "external32") throw SettingError{};
  s.io.datarep = w;
}

void parse_cache(std::string_view, const Value& v, Settings& s) {
  auto c = io_cache_named(word_of(v));
  if (!c) throw SettingError{};
  s.io.cache = *c;
}

}  // namespace

std::vector<SettingInfo> io_setting_entries() {
  // clang-format off
  return {
    {"io_dir", "\"path\"",
     "working directory of the MPI-IO operations' files (\"\": a temporary folder in the results "
     "folder; SKaMPI's set_io_working_dir)",
     parse_dir, [](const Settings& s) { return "\"" + s.io.working_dir + "\""; },
     [](const Settings& s) -> nlohmann::json { return s.io.working_dir; },
     {{"set_io_working_dir"}}},
    {"io_datarep", "native | internal | external32",
     "data representation of the file views (SKaMPI's set_io_datarep)", parse_datarep,
     [](const Settings& s) { return s.io.datarep; },
     [](const Settings& s) -> nlohmann::json { return s.io.datarep; }, {{"set_io_datarep"}}},
    {"io_atomicity", "on | off", "MPI_File_set_atomicity of the files (set_io_atomicity)",
     parse_io_flag<&IoSettings::atomicity>, io_flag_text<&IoSettings::atomicity>,
     io_flag_json<&IoSettings::atomicity>, {{"set_io_atomicity"}}},
    {"io_preallocation", "on | off",
     "MPI_File_preallocate the file before each write, outside the timed region "
     "(set_io_preallocation)",
     parse_io_flag<&IoSettings::preallocation>, io_flag_text<&IoSettings::preallocation>,
     io_flag_json<&IoSettings::preallocation>, {{"set_io_preallocation"}}},
    {"io_unique_open", "on | off", "open files with MPI_MODE_UNIQUE_OPEN (set_io_unique_open)",
     parse_io_flag<&IoSettings::unique_open>, io_flag_text<&IoSettings::unique_open>,
     io_flag_json<&IoSettings::unique_open>, {{"set_io_unique_open"}}},
    {"io_file_sync", "on | off",
     "MPI_File_sync at the end of each timed write (set_io_file_sync)",
     parse_io_flag<&IoSettings::file_sync>, io_flag_text<&IoSettings::file_sync>,
     io_flag_json<&IoSettings::file_sync>, {{"set_io_file_sync"}}},
    {"io_keep", "on | off", "keep the working directory's files after the run",
     parse_io_flag<&IoSettings::keep_files>, io_flag_text<&IoSettings::keep_files>,
     io_flag_json<&IoSettings::keep_files>},
    {"io_cache", "keep | drop",
     "page cache: keep (as SKaMPI, IMB-IO) or drop the file's pages after each write and before "
     "each read (posix_fadvise)",
     parse_cache, [](const Settings& s) { return io_cache_name(s.io.cache); },
     [](const Settings& s) -> nlohmann::json { return io_cache_name(s.io.cache); }},
  };
  // clang-format on
}

}  // namespace metron
