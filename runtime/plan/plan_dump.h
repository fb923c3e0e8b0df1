// The plan as a readable table (`metron plan`) and as JSON (`metron plan --json`, manifest.json).
// The JSON schema is documented in docs/plan-json.md.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "runtime/plan/plan.h"

namespace metron {

// 2: the settings under their `set` keys, written by the settings table (1: under names of
// their own, such as buffer_bytes and cache_bytes).
inline constexpr int kPlanSchemaVersion = 2;

std::string plan_table(const Plan& plan);
nlohmann::json plan_json(const Plan& plan);
// Writes plan_json(plan).dump(1), job by job, in constant memory per job.
void write_plan_json(std::ostream& out, const Plan& plan);
// One settings snapshot: every entry of setting_table() under its key, and the facts without a
// `set` key (docs/plan-json.md).
nlohmann::json settings_json(const Settings& s);
nlohmann::json value_json(const Value& v);
nlohmann::json design_json(const LaunchDesign& d);

}  // namespace metron
