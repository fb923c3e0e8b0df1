// The script of `metron quick` (see quick_script.h).
#include "interpreter/quick_script.h"

#include <fmt/format.h>

#include <array>
#include <cctype>
#include <climits>
#include <cstdint>
#include <vector>

#include "interpreter/osu_names.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_usage.h"

namespace metron {

namespace {

constexpr std::int64_t kDefaultBuffer = std::int64_t{4} << 20;  // the `buffer` setting's default

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

// The largest size of the sweep `for size = lo to hi step *2` (from 0: 0, 1, 2, 4, ...).
std::int64_t largest_size(std::int64_t lo, std::int64_t hi) {
  std::int64_t s = lo == 0 ? (hi == 0 ? 0 : 1) : lo;
  while (s > 0 && s <= hi / 2) s *= 2;
  return s;
}

// A byte count as the language writes it: with the largest binary unit that divides it.
std::string size_literal(std::int64_t bytes) {
  static const std::pair<std::int64_t, const char*> units[] = {
      {std::int64_t{1} << 40, "TiB"}, {1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}};
  for (auto [size, name] : units)
    if (bytes >= size && bytes % size == 0) return std::to_string(bytes / size) + name;
  return std::to_string(bytes);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The function a name means: itself, an OSU program, or a function name in another case.
const MeasureFunc* resolve(const std::string& name) {
  if (const MeasureFunc* f = find_measure_func(name)) return f;
  if (const MeasureFunc* f = osu_measure_func(name)) return f;
  for (const MeasureFunc& f : measure_funcs())
    if (lower(f.name) == lower(name)) return &f;
  return nullptr;
}

std::string suggestion_for(const std::string& name) {
  std::vector<std::string> names = osu_program_names();
  for (const MeasureFunc& f : measure_funcs()) names.push_back(f.name);
  return closest_match(name, names);
}

// Bytes of buffer per rank that `f` at `bytes` needs on np ranks (send + receive, the fit rule
// of the plan builder without buffer cycling), with every other argument at its default.
std::int64_t need_at(const MeasureFunc& f, std::int64_t bytes, int np) {
  std::vector<Value> args;
  for (std::size_t i = 0; i < f.params.size(); ++i)
    args.push_back(i == 0 ? Value(bytes) : *f.params[i].default_value);
  fill_derived(f, args);
  const BufferUse u = buffer_use(f, args, np);
  return u.send_bytes + u.recv_bytes;
}

// "set buffer = ..." when the largest size can need more than the default buffer: the need as a
// polynomial of get_np() of degree <= 2, fitted at 2, 3 and 4 ranks and checked at 16 (every
// operation with a message size needs a constant, linear or quadratic amount). Empty when the
// default always suffices or the need is not such a polynomial.
std::string buffer_line(const MeasureFunc& f, std::int64_t hi) {
  const std::array<std::int64_t, 3> n = {need_at(f, hi, 2), need_at(f, hi, 3), need_at(f, hi, 4)};
  const std::int64_t c2 = (n[2] - 2 * n[1] + n[0]) / 2;  // second difference / 2
  const std::int64_t c1 = n[1] - n[0] - 5 * c2;          // n(p) = c0 + c1 p + c2 p^2
  const std::int64_t c0 = n[0] - 2 * c1 - 4 * c2;
  if (c0 + 16 * c1 + 256 * c2 != need_at(f, hi, 16) || c1 < 0 || c2 < 0) return "";
  const char* why = "# the buffer the largest size needs (send + receive per rank)\n";
  if (c1 == 0 && c2 == 0)
    return c0 <= kDefaultBuffer ? "" : fmt::format("{}set buffer = {}\n", why, size_literal(c0));
  std::string need = c0 > 0 ? size_literal(c0) : "";
  auto add = [&](std::int64_t c, const char* term) {
    if (c > 0) need += (need.empty() ? "" : " + ") + size_literal(c) + " * " + term;
  };
  add(c1, "get_np()");
  add(c2, "get_np() * get_np()");
  return fmt::format("{}set buffer = max_int({}, {})\n", why, size_literal(kDefaultBuffer), need);
}

}  // namespace

bool quick_needs_threads(const std::string& op) {
  const MeasureFunc* f = resolve(op);
  return f && f->family == OpFamily::Threaded;
}

std::optional<std::string> quick_script(const QuickRequest& r, QuickError& error) {
  const MeasureFunc* f = resolve(r.op);
  if (!f) {
    error.text = message_text(DiagId::quick_unknown_op, r.op);
    error.did_you_mean = suggestion_for(r.op);
    return std::nullopt;
  }
  // The first parameter takes the message size; every other one must have a default.
  bool sized = !f->params.empty() && (f->params[0].type & kInt) &&
               (f->params[0].name == "count" || f->params[0].name == "send_count");
  for (std::size_t i = sized ? 1 : 0; i < f->params.size(); ++i)
    if (!f->params[i].default_value) {
      error.text = message_text(DiagId::quick_needs_argument, f->name, f->params[i].name);
      return std::nullopt;
    }
  if (!sized && r.sizes_given) {
    error.text = message_text(DiagId::quick_no_size, f->name);
    return std::nullopt;
  }
  std::string lo = "0", hi = r.sizes;
  if (auto colon = r.sizes.find(':'); colon != std::string::npos) {
    lo = r.sizes.substr(0, colon);
    hi = r.sizes.substr(colon + 1);
  }
  auto lo_bytes = parse_size(lo), hi_bytes = parse_size(hi);
  if (sized && (!lo_bytes || !hi_bytes || *lo_bytes > *hi_bytes)) {
    error.text = message_text(DiagId::quick_bad_sizes, r.sizes);
    return std::nullopt;
  }
  // The size is an element count of MPI_CHAR: MPI counts are ints.
  if (sized && largest_size(*lo_bytes, *hi_bytes) > INT_MAX) {
    error.text = message_text(DiagId::quick_size_too_large, r.sizes,
                              largest_size(*lo_bytes, *hi_bytes), INT_MAX);
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
  if (r.op != f->name) out += fmt::format("# '{}' is measured by {}\n", r.op, f->name);
  if (sized) out += buffer_line(*f, *hi_bytes);
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
