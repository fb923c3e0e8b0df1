// The settings table: every key of `set key = value`, what it accepts, its documentation, the
// parser of its kind and how its value is written back (docs show defaults this way). Adding a
// setting is one entry in setting_table.cpp (and its field in Settings).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "runtime/plan/diagnostics.h"
#include "runtime/plan/settings.h"
#include "runtime/plan/value.h"

namespace metron {

// Thrown by a parser for a value it refuses. id bad_setting: the value is not one of
// SettingInfo::values; otherwise the reason, a bad_setting_* message of diagnostics.def
// ("bad value for setting 'KEY' (...)"), with its arguments after the key.
struct SettingError {
  DiagId id = DiagId::bad_setting;
  std::vector<std::string> args;
};

struct SettingInfo {
  const char* key;
  const char* values;  // what it accepts, for messages and docs
  const char* doc;
  // Applies v to s; throws SettingError.
  void (*parse)(std::string_view key, const Value& v, Settings& s);
  // The value in s, written as `set key = ...` accepts it.
  std::string (*text)(const Settings& s);
};

const std::vector<SettingInfo>& setting_table();
// The MPI-IO entries (io_*), kept beside the MPI-IO code (io_setting_table.cpp).
std::vector<SettingInfo> io_setting_entries();
const SettingInfo* find_setting(std::string_view key);

}  // namespace metron
