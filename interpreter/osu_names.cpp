// OSU program names (see osu_names.h). The names are those of OSU Micro-Benchmarks 7.4
// (c/mpi/pt2pt, c/mpi/one-sided, c/mpi/collective).
#include "interpreter/osu_names.h"

#include <cctype>
#include <utility>

namespace metron {

namespace {

// Programs whose Metron function is not their name: point-to-point and one-sided.
constexpr std::pair<std::string_view, std::string_view> kPrograms[] = {
    {"osu_latency", "Latency"},
    {"osu_bw", "Bandwidth"},
    {"osu_bibw", "Bibandwidth"},
    {"osu_mbw_mr", "Multi_bandwidth"},
    {"osu_multi_lat", "Multi_latency"},
    {"osu_latency_mt", "Latency_mt"},  // OSU's default: 1 sending, 2 receiving threads
    {"osu_put_latency", "Put_latency"},
    {"osu_get_latency", "Get_latency"},
    {"osu_acc_latency", "Accumulate_latency"},
    {"osu_get_acc_latency", "Get_accumulate_latency"},
    {"osu_fop_latency", "Fetch_and_op_latency"},
    {"osu_cas_latency", "Compare_and_swap_latency"},
    {"osu_put_bw", "Put_bandwidth"},
    {"osu_get_bw", "Get_bandwidth"},
    {"osu_put_bibw", "Put_bibandwidth"},
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The collective (blocking, nonblocking or persistent) whose name is `name` in lower case.
const MeasureFunc* collective_named(const std::string& name) {
  for (const MeasureFunc& f : measure_funcs()) {
    const bool collective = f.family == OpFamily::Collective || f.family == OpFamily::Nonblocking ||
                            f.family == OpFamily::Persistent || f.family == OpFamily::Neighbourhood;
    if (collective && lower(f.name) == name) return &f;
  }
  return nullptr;
}

}  // namespace

const MeasureFunc* osu_measure_func(std::string_view program) {
  const std::string p = lower(program);
  for (auto [name, func] : kPrograms)
    if (p == name) return find_measure_func(func);
  if (p.rfind("osu_", 0) != 0) return nullptr;
  std::string rest = p.substr(4);
  constexpr std::string_view kPersistent = "_persistent";
  if (rest.size() > kPersistent.size() &&
      rest.compare(rest.size() - kPersistent.size(), kPersistent.size(), kPersistent) == 0)
    return collective_named(rest.substr(0, rest.size() - kPersistent.size()) + "_init");
  // OSU's nonblocking programs report the overlap with computation; the pure time is I<name>.
  if (rest.size() > 1 && rest[0] == 'i')
    if (const MeasureFunc* f = collective_named(rest + "_overlap")) return f;
  const MeasureFunc* f = collective_named(rest);
  // osu_<name> is the blocking collective; the `_using_` mock-ups have no OSU program.
  return f && f->name.find("_using_") == std::string::npos ? f : nullptr;
}

std::vector<std::string> osu_program_names() {
  std::vector<std::string> out;
  for (auto [name, func] : kPrograms) out.emplace_back(name);
  for (const MeasureFunc& f : measure_funcs()) {
    if (f.family != OpFamily::Collective || f.name.find("_using_") != std::string::npos) continue;
    const std::string n = lower(f.name);
    for (std::string candidate : {"osu_" + n, "osu_i" + n, "osu_" + n + "_persistent"})
      if (osu_measure_func(candidate)) out.push_back(candidate);
  }
  return out;
}

}  // namespace metron
