// The statements a settings override file may hold, and the settings each one fixes.
#include "interpreter/settings_override.h"

#include "runtime/plan/setting_table.h"

namespace metron {

const std::vector<OverrideSetter>& override_setters() {
  // SKaMPI's setters of measurement settings: those the settings table lists, each fixing the
  // key it writes (set_max_relative_standard_error the stop rule too). Not among them, having
  // no `set` key: set_unit and set_max_nr_node_times (they shape .sko output, they measure
  // nothing) and the file hints (a list that accumulates).
  static const std::vector<OverrideSetter> setters = [] {
    std::vector<OverrideSetter> out;
    for (const SettingInfo& e : setting_table())
      for (const SkampiSetter& f : e.skampi) {
        OverrideSetter o{f.name, {e.key}};
        if (f.selects_skampi_rule) o.keys.push_back("stop");
        out.push_back(std::move(o));
      }
    return out;
  }();
  return setters;
}

const OverrideSetter* find_override_setter(std::string_view name) {
  for (const auto& s : override_setters())
    if (name == s.name) return &s;
  return nullptr;
}

namespace {

// What a statement that is not a setting is, for the message.
const char* statement_kind(const ast::Stmt& s) {
  return std::visit(
      [](const auto& n) -> const char* {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, ast::Measurement>) return "a measurement block";
        if constexpr (std::is_same_v<N, ast::Assign>) return "an assignment";
        if constexpr (std::is_same_v<N, ast::ReplicateStmt>) return "'replicate'";
        if constexpr (std::is_same_v<N, ast::FactorStmt>) return "'factor'";
        if constexpr (std::is_same_v<N, ast::ShuffleStmt>) return "'shuffle'";
        if constexpr (std::is_same_v<N, ast::PrintStmt>) return "'print'";
        if constexpr (std::is_same_v<N, ast::FlushStmt>) return "'flush'";
        if constexpr (std::is_same_v<N, ast::MeasureStmt>) return "'measure'";
        if constexpr (std::is_same_v<N, ast::ExpectStmt>) return "'expect'";
        if constexpr (std::is_same_v<N, ast::ClaimStmt>) return "'claim'";
        if constexpr (std::is_same_v<N, ast::Published>) return "'published'";
        if constexpr (std::is_same_v<N, ast::RangeLoop> || std::is_same_v<N, ast::ListLoop>)
          return "a loop";
        if constexpr (std::is_same_v<N, ast::If>) return "'if'";
        if constexpr (std::is_same_v<N, ast::Include>) return "'@include'";
        return nullptr;  // set, stop when, a call: settings (a call is checked by name)
      },
      s.node);
}

const ast::Call* call_of(const ast::Stmt& s) {
  const auto* c = std::get_if<ast::CallStmt>(&s.node);
  return c ? std::get_if<ast::Call>(&c->call->node) : nullptr;
}

}  // namespace

bool check_settings_file(const ast::Script& file, DiagnosticEngine& diags) {
  bool ok = true;
  for (const auto& s : file.body) {
    if (const char* kind = statement_kind(*s)) {
      diags.report(DiagId::settings_file_statement, s->range, kind);
      ok = false;
    } else if (const ast::Call* c = call_of(*s); c && !find_override_setter(c->callee)) {
      diags.report(DiagId::settings_file_call, c->callee_range, c->callee);
      std::vector<std::string> names;
      for (const auto& x : override_setters()) names.emplace_back(x.name);
      std::string best = closest_match(c->callee, names);
      if (!best.empty()) diags.note(DiagId::did_you_mean, c->callee_range, best);
      ok = false;
    }
  }
  return ok;
}

std::vector<std::string> override_keys(const ast::Stmt& stmt) {
  if (const auto* set = std::get_if<ast::SetStmt>(&stmt.node)) return {set->name};
  if (std::holds_alternative<ast::StopStmt>(stmt.node)) return {"stop"};
  std::vector<std::string> keys;
  if (const ast::Call* c = call_of(stmt))
    if (const OverrideSetter* s = find_override_setter(c->callee))
      keys.assign(s->keys.begin(), s->keys.end());
  return keys;
}

}  // namespace metron
