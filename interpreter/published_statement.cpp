// published "values.csv": a paper's values for jobs of the script (docs/claims.md, "Published
// values"). exec_published resolves each row where the statement stands (id, number, unit,
// selection, with the claim's selection code); check_published, after the whole script, checks
// each selection against the plan (fields, levels, blocks, at least one job) and adds the values
// to the plan. The file itself is read by the parser (published_file.cpp).
#include <fmt/format.h>

#include <cmath>
#include <set>

#include "interpreter/interp.h"
#include "runtime/plan/op_args.h"
#include "runtime/plan/printable_text.h"

namespace metron {

namespace {

std::string location(const SourceManager& sm, SourceRange r) {
  const LineCol lc = sm.line_col(r.begin);
  return sm.file(r.begin.file).name() + ":" + std::to_string(lc.line) + ":" +
         std::to_string(lc.col);
}

const char* kind_article(PublishedKind k) {
  switch (k) {
    case PublishedKind::Time:
      return "a time";
    case PublishedKind::Bandwidth:
      return "a bandwidth";
    case PublishedKind::Spread:
      return "a spread";
  }
  return "a time";
}

// kSmallestReference in a unit: "1e-06" us.
std::string smallest_in(const PublishedUnit& u) {
  return fmt::format("{:g}", kSmallestReference / u.scale);
}

// Whether summary.csv gives the job a rate (mb_per_s): it moves bytes that the rate counts.
bool has_rate(const Job& j) {
  const MeasureFunc* f = j.op.func;
  return f && f->usage && f->usage(OpArgs(*f, j.op.args), j.comm.size).rate_bytes > 0;
}

}  // namespace

void Interp::exec_published(const ast::Stmt& s, const ast::Published& n) {
  if (in_block_ || !loop_vars_.empty()) fail(DiagId::published_not_top_level, s.range);
  for (const auto& row : n.rows) {
    try {
      PublishedValue v = published_value(n, row);
      const ast::PublishedCell* id = n.cell(row, "id");
      published_ids_.emplace(v.id, id->range);
      pending_published_.push_back({std::move(v), &*row.selection, id->range});
    } catch (const EvalError&) {
      // Reported; the next row may have its own error.
    }
  }
}

// The value and unit cells: a number or range with a unit that fits the selection's statistic.
void Interp::published_unit(PublishedValue& v, const ast::PublishedCell& value,
                            const ast::PublishedCell& unit) {
  if (!value.text.empty()) {
    auto number = parse_published_number(value.text);
    if (!number) fail(DiagId::published_bad_value, value.range, value.text);
    if (!(number->lo > 0)) fail(DiagId::published_not_positive, value.range, value.text);
    if (unit.text.empty())
      fail(DiagId::published_no_unit, unit.range, value.text,
           published_unit_names(PublishedKind::Time),
           published_unit_names(PublishedKind::Bandwidth));
    v.lo = number->lo;
    v.hi = number->hi;
  }
  if (unit.text.empty()) return;
  const PublishedUnit* u = find_published_unit(unit.text);
  if (!u)
    fail(DiagId::published_unknown_unit, unit.range, unit.text,
         published_unit_names(PublishedKind::Time), published_unit_names(PublishedKind::Bandwidth));
  if (!published_kind_fits(u->kind, v.side.statistic))
    fail(u->kind == PublishedKind::Spread ? DiagId::published_percent_kind
                                          : DiagId::published_unit_kind,
         unit.range, kind_article(u->kind), unit.text, claim_statistic_name(v.side.statistic));
  v.unit = unit.text;
  v.kind = u->kind;
  if (v.lo) {
    *v.lo *= u->scale;
    *v.hi *= u->scale;
    if (*v.lo < kSmallestReference)
      fail(DiagId::published_too_small, value.range, value.text, unit.text, smallest_in(*u),
           unit.text);
    if (!std::isfinite(*v.hi))
      fail(DiagId::published_too_large, value.range, value.text, unit.text);
  }
}

PublishedValue Interp::published_value(const ast::Published& n, const ast::PublishedRow& row) {
  static const ast::PublishedCell kEmpty;
  auto cell = [&](std::string_view column) -> const ast::PublishedCell& {
    const ast::PublishedCell* c = n.cell(row, column);
    return c ? *c : kEmpty;
  };
  PublishedValue v;
  // The texts are shown in tables and land in the results: a file of someone else's is never
  // shown raw (printable_text).
  v.id = printable_text(cell("id").text);
  // One lookup per row: a file of 100 000 rows is read in linear time.
  if (auto first = published_ids_.find(v.id); first != published_ids_.end()) {
    diags_.report(DiagId::published_duplicate_id, cell("id").range, v.id);
    diags_.note(DiagId::note_first_listed, first->second);
    throw EvalError{};
  }
  v.source = printable_text(cell("source").text);
  v.selection = printable_text(cell("selection").text);
  v.at = printable_text(location(diags_.sources(), row.range));
  v.machine = printable_text(cell("machine").text);
  v.mpi = printable_text(cell("mpi").text);
  v.procs = printable_text(cell("procs").text);
  v.note = printable_text(cell("note").text);
  bool is_value = false;
  Value ignored;
  v.side = claim_side(*row.selection, is_value, ignored);
  if (is_value) fail(DiagId::published_selection_value, row.selection->range);
  published_unit(v, cell("value"), cell("unit"));
  return v;
}

// Each selection against the plan: its filters name what the script has, and it selects jobs.
void Interp::check_published() {
  std::set<std::string> vars;
  std::vector<JobFields> jobs;
  std::vector<bool> rates;  // per job: summary.csv gives it a rate
  for (const Job& j : plan_.jobs) {
    JobFields f{j.block, j.op.func ? j.op.func->name : "", j.bytes, j.comm.size, {}, {}};
    rates.push_back(has_rate(j));
    for (const auto& [k, val] : j.factors) {
      vars.insert(k);
      f.vars.emplace_back(k, to_cell(val));
    }
    jobs.push_back(std::move(f));
  }
  const Claim none;  // side_selects applies a claim's range too; a published value has none
  for (const auto& p : pending_published_) {
    try {
      for (std::size_t i = 0; i < p.value.side.filters.size(); ++i)
        check_claim_filter(p.value.side.filters[i], p.selection->filters[i], vars);
      bool any = false;
      for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (!side_selects(none, p.value.side, jobs[i], true)) continue;
        any = true;
        // A bandwidth is the bytes one time moves over that time: a job without a rate would
        // show no value at run time.
        if (p.value.kind == PublishedKind::Bandwidth && !rates[i])
          fail(DiagId::published_no_rate, p.selection->range, p.value.id, jobs[i].op,
               jobs[i].bytes);
      }
      if (!any)
        fail(DiagId::published_selects_nothing, p.selection->range, p.value.id, p.value.side.op);
      plan_.published.push_back(p.value);
    } catch (const EvalError&) {
      // Reported; the next value may have its own error.
    }
  }
}

}  // namespace metron
