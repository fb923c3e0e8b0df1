// The settings table: every key of `set key = value`, what it accepts, its documentation, the
// parser of its kind, how its value is written back (docs show defaults this way) and in plan
// JSON, and the SKaMPI setters that write it. Adding a setting is one entry in
// setting_table.cpp (and its field in Settings); `set`, the SKaMPI setters, the settings file
// and the plan JSON (so manifest.json) follow from the entry.
#pragma once

#include <nlohmann/json.hpp>
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

// A SKaMPI function that writes a setting: calling it means `set key = value`, where value is
// what its arguments stand for; the key's parser checks it, so a bad value reads as `set`'s.
struct SkampiSetter {
  const char* name;
  // The `set` value of the call's arguments; nullptr: its first argument as it is.
  Value (*value)(const std::vector<Value>& args) = nullptr;
  // set_max_relative_standard_error also selects SKaMPI's stopping rule (a `stop when` rule set
  // before it ends); a settings file that calls it fixes "stop" too.
  bool selects_skampi_rule = false;
};

struct SettingInfo {
  const char* key;
  const char* values;  // what it accepts, for messages and docs
  const char* doc;
  // Applies v to s; throws SettingError.
  void (*parse)(std::string_view key, const Value& v, Settings& s);
  // The value in s, written as `set key = ...` accepts it.
  std::string (*text)(const Settings& s);
  // The value in s as plan JSON writes it under `key` (docs/plan-json.md): a name, number or
  // boolean (times in seconds, sizes in bytes, percentages as fractions); an option with
  // arguments as an object of its `kind` and its arguments by name.
  nlohmann::json (*json)(const Settings& s);
  std::vector<SkampiSetter> skampi = {};
};

const std::vector<SettingInfo>& setting_table();
// The MPI-IO entries (io_*), kept beside the MPI-IO code (io_setting_table.cpp).
std::vector<SettingInfo> io_setting_entries();
const SettingInfo* find_setting(std::string_view key);

// The entry that SKaMPI function `name` writes, and its setter; both null for any other name.
struct SkampiSetting {
  const SettingInfo* setting = nullptr;
  const SkampiSetter* setter = nullptr;
};
SkampiSetting find_skampi_setter(std::string_view name);

}  // namespace metron
