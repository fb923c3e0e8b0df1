// The script of `metron quick` (see quick_script.h).
#include "interpreter/quick_script.h"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>

#include "runtime/plan/measure_funcs.h"

namespace metron {

namespace {

// One size as the language writes it: digits and an optional unit (docs/language.md, Literals).
// Returns its value in bytes, or nullopt if it is not one.
std::optional<std::int64_t> parse_size(const std::string& s) {
  std::size_t i = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  if (i == 0 || i > 15) return std::nullopt;  // 15 digits: far below 2^63 even in TiB
  std::int64_t v = std::stoll(s.substr(0, i));
  std::string unit = s.substr(i);
  static const std::pair<const char*, int> units[] = {
      {"", 0},     {"B", 0},    {"kb", 10}, {"kB", 10},  {"KB", 10},
      {"KiB", 10}, {"mb", 20},  {"MB", 20}, {"MiB", 20}, {"gb", 30},
      {"GB", 30},  {"GiB", 30}, {"tb", 40}, {"TB", 40},  {"TiB", 40}};
  for (auto [name, shift] : units)
    if (unit == name) {
      if (v > (INT64_MAX >> shift)) return std::nullopt;
      return v << shift;
    }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> quick_script(const QuickRequest& r, std::string& error) {
  const MeasureFunc* f = find_measure_func(r.op);
  if (!f) {
    error = fmt::format("unknown measurement function '{}' (docs/language.md lists them)", r.op);
    return std::nullopt;
  }
  // The first parameter takes the message size; every other one must have a default.
  bool sized = !f->params.empty() && (f->params[0].type & kInt) &&
               (f->params[0].name == "count" || f->params[0].name == "send_count");
  for (std::size_t i = sized ? 1 : 0; i < f->params.size(); ++i)
    if (!f->params[i].default_value) {
      error = fmt::format("'{}' needs its '{}' argument: write a script (metron exec -e '...')",
                          r.op, f->params[i].name);
      return std::nullopt;
    }
  if (!sized && r.sizes_given) {
    error = fmt::format("'{}' takes no message size: leave out --sizes", r.op);
    return std::nullopt;
  }
  std::string lo = "0", hi = r.sizes;
  if (auto colon = r.sizes.find(':'); colon != std::string::npos) {
    lo = r.sizes.substr(0, colon);
    hi = r.sizes.substr(colon + 1);
  }
  auto lo_bytes = parse_size(lo), hi_bytes = parse_size(hi);
  if (sized && (!lo_bytes || !hi_bytes || *lo_bytes > *hi_bytes)) {
    error = fmt::format("bad --sizes '{}' (expected MIN:MAX or MAX with MIN <= MAX, e.g. 0:1MiB)",
                        r.sizes);
    return std::nullopt;
  }
  // Ping-pongs run between ranks 0 and 1; everything else on every rank.
  std::string comm = f->family == OpFamily::PingPong ? "comm(2)" : "comm(get_np())";
  std::string call = f->name + "()";
  if (sized) {
    call = f->name + "(size";
    if (f->params.size() > 1 && f->params[1].type == kDatatype) call += ", MPI_CHAR";
    call += ")";
  }
  std::string out =
      fmt::format("# metron quick {}{}\n", r.op, sized ? " --sizes " + lo + ":" + hi : "");
  out += fmt::format("begin measurement \"{}\"\n", f->name);
  if (sized) {
    out += fmt::format("   for size = {} to {} step *2 do\n", lo, hi);
    out += fmt::format("      measure {} : {}\n", comm, call);
    out += "   od\n";
  } else {
    out += fmt::format("   measure {} : {}\n", comm, call);
  }
  out += "end measurement\n";
  return out;
}

}  // namespace metron
