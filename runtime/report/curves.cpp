// Panels and curves (see curves.h).
#include "runtime/report/curves.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "runtime/analysis/csv_table.h"
#include "runtime/report/axes.h"
#include "runtime/report/text_format.h"

namespace metron::report {

using analysis::JobKey;

namespace {

struct Item {
  std::size_t view, job;
  const JobKey* key;
};

std::string var_value(const JobKey& k, const std::string& name) {
  for (const auto& [n, v] : k.vars)
    if (n == name) return v;
  return "";
}

// Variables that follow x: one value per x value, and more than one value overall (the `count`
// of a size loop). They are not shown as curve differences.
std::set<std::string> linked_vars(const std::vector<Item>& items, XKind kind,
                                  const std::string& x_var) {
  std::set<std::string> names, linked;
  for (const auto& it : items)
    for (const auto& [n, v] : it.key->vars) names.insert(n);
  if (kind == XKind::Variable) linked.insert(x_var);
  if (kind != XKind::Bytes) return linked;
  for (const auto& n : names) {
    std::map<std::int64_t, std::string> by_x;
    std::set<std::string> values;
    bool function = true;
    for (const auto& it : items) {
      std::string v = var_value(*it.key, n);
      values.insert(v);
      auto [pos, fresh] = by_x.emplace(it.key->bytes, v);
      if (!fresh && pos->second != v) function = false;
    }
    if (function && values.size() > 1) linked.insert(n);
  }
  return linked;
}

}  // namespace

std::string job_short_label(const JobKey& k) {
  std::string t = k.op + " " + size_label(static_cast<double>(k.bytes));
  for (const auto& [n, v] : k.factors) t += ", " + v;
  if (k.occurrence > 0) t += " #" + std::to_string(k.occurrence + 1);
  return t;
}

std::string panel_title(const Panel& p) {
  std::string t = "block '" + p.block + "': " + p.op;
  if (p.parts > 1) t += " (" + std::to_string(p.part + 1) + "/" + std::to_string(p.parts) + ")";
  return t;
}

namespace {

// The x axis of a panel: the message size where it varies, else the first numeric variable that
// varies, else categories.
void choose_x_axis(Panel& p, const std::vector<Item>& items) {
  std::set<std::int64_t> bytes;
  for (const auto& it : items) bytes.insert(it.key->bytes);
  if (bytes.size() > 1) {
    p.x_kind = XKind::Bytes;
    // A log axis has no 0: 0 B gets a place and a tick of its own left of the smallest size.
    if (*bytes.begin() == 0) p.zero_x = zero_size_x(static_cast<double>(*std::next(bytes.begin())));
  } else {
    p.x_kind = XKind::Category;
    std::vector<std::string> names;
    for (const auto& it : items)
      for (const auto& [n, v] : it.key->vars)
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    for (const auto& n : names) {
      std::set<double> values;
      bool numeric = true;
      for (const auto& it : items) {
        double x = analysis::cell_double(var_value(*it.key, n));
        numeric = numeric && !std::isnan(x);
        values.insert(x);
      }
      if (numeric && values.size() > 1) {
        p.x_kind = XKind::Variable;
        p.x_var = n;
        break;
      }
    }
  }
}

// A panel of more than max_curves curves becomes several, max_curves each.
void split_into_parts(const Panel& p, const std::vector<Curve>& curves, std::size_t max_curves,
                      std::vector<Panel>& out) {
  std::size_t parts = (curves.size() + max_curves - 1) / max_curves;
  for (std::size_t part = 0; part < std::max<std::size_t>(parts, 1); ++part) {
    Panel q = p;
    q.part = static_cast<int>(part);
    q.parts = static_cast<int>(std::max<std::size_t>(parts, 1));
    for (std::size_t i = part * max_curves; i < std::min(curves.size(), (part + 1) * max_curves);
         ++i)
      q.curves.push_back(curves[i]);
    out.push_back(std::move(q));
  }
}

// The panel's curves: one per remaining difference (view, communicator size, variables not on
// the x axis, launch factors), each point along the panel's x axis; a category panel collects
// its categories on the way.
std::vector<Curve> panel_curves(Panel& p, const std::vector<Item>& items, std::size_t view_count,
                                const std::vector<std::string>& view_labels) {
  auto linked = linked_vars(items, p.x_kind, p.x_var);
  std::set<std::int64_t> comm_sizes;
  for (const auto& it : items) comm_sizes.insert(it.key->comm_size);
  // Category mode: x = the distinct (communicator, variables) combinations; curves = levels.
  auto category_of = [&](const JobKey& k) {
    std::string t = size_label(static_cast<double>(k.bytes));
    if (comm_sizes.size() > 1) t += ", " + std::to_string(k.comm_size) + " ranks";
    for (const auto& [n, v] : k.vars) t += ", " + n + "=" + v;
    if (k.occurrence > 0) t += " #" + std::to_string(k.occurrence + 1);
    return t;
  };
  auto curve_of = [&](const Item& it) {
    std::string t;
    auto add = [&](const std::string& s) { t += (t.empty() ? "" : ", ") + s; };
    if (view_count > 1) add(view_labels[it.view]);
    if (p.x_kind != XKind::Category) {
      if (comm_sizes.size() > 1) add(std::to_string(it.key->comm_size) + " ranks");
      for (const auto& [n, v] : it.key->vars)
        if (!linked.count(n)) add(n + "=" + v);
      if (it.key->occurrence > 0) add("#" + std::to_string(it.key->occurrence + 1));
    }
    for (const auto& [n, v] : it.key->factors) add(n + "=" + v);
    return t;
  };
  std::vector<Curve> curves;
  std::map<std::string, std::size_t> curve_index;
  std::map<std::string, std::size_t> category_index;
  for (const auto& it : items) {
    std::string c = curve_of(it);
    auto [pos, fresh] = curve_index.emplace(c, curves.size());
    if (fresh) curves.push_back(Curve{c, {}});
    CurvePoint pt{it.view, it.job, 0};
    if (p.x_kind == XKind::Bytes) {
      pt.x = it.key->bytes > 0 ? static_cast<double>(it.key->bytes) : p.zero_x;
    } else if (p.x_kind == XKind::Variable) {
      pt.x = analysis::cell_double(var_value(*it.key, p.x_var));
    } else {
      std::string cat = category_of(*it.key);
      auto [cpos, cfresh] = category_index.emplace(cat, p.categories.size());
      if (cfresh) p.categories.push_back(cat);
      pt.x = static_cast<double>(cpos->second + 1);
    }
    curves[pos->second].points.push_back(pt);
  }
  for (auto& c : curves)
    std::stable_sort(c.points.begin(), c.points.end(),
                     [](const CurvePoint& a, const CurvePoint& b) { return a.x < b.x; });
  return curves;
}

}  // namespace

std::vector<Panel> make_panels(const std::vector<const analysis::ResultsData*>& views,
                               const std::vector<std::string>& view_labels,
                               std::size_t max_curves) {
  // Groups in order of first appearance in the first view.
  std::vector<std::pair<std::string, std::string>> order;
  std::map<std::pair<std::string, std::string>, std::vector<Item>> groups;
  for (std::size_t v = 0; v < views.size(); ++v)
    for (std::size_t j = 0; j < views[v]->jobs.size(); ++j) {
      const JobKey& k = views[v]->jobs[j].key;
      auto g = std::make_pair(k.block, k.op);
      if (!groups.count(g)) order.push_back(g);
      groups[g].push_back({v, j, &k});
    }
  std::vector<Panel> out;
  for (const auto& g : order) {
    const auto& items = groups[g];
    Panel p;
    p.block = g.first;
    p.op = g.second;
    choose_x_axis(p, items);
    std::vector<Curve> curves = panel_curves(p, items, views.size(), view_labels);
    if (curves.size() == 1 && views.size() == 1) curves.front().label.clear();
    split_into_parts(p, curves, max_curves, out);
  }
  return out;
}

}  // namespace metron::report
