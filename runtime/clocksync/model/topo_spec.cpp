// Topo2 names and the composition of the two levels' models.
#include "runtime/clocksync/model/topo_spec.h"

#include <algorithm>
#include <stdexcept>

#include "runtime/plan/diagnostics.h"

namespace metron::rt::clocksync {

bool is_topo_name(std::string_view name) {
  return name.substr(0, 5) == "topo2";
}

namespace {

// The next ':'-separated field of `rest`, removed from it.
std::string_view next_field(std::string_view& rest) {
  const std::size_t colon = rest.find(':');
  const std::string_view field = rest.substr(0, colon);
  rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
  return field;
}

// The methods allowed at one level, for the message: `flat` less `none` (inter), or `flat` and
// `propagate` (intra).
std::string allowed(std::span<const std::string_view> flat, bool intra) {
  std::string out;
  for (std::string_view m : flat)
    if (intra || m != "none") out += (out.empty() ? "" : ", ") + std::string(m);
  if (intra) out += ", " + std::string(kPropagate);
  return out;
}

bool listed(std::span<const std::string_view> flat, std::string_view m) {
  return std::find(flat.begin(), flat.end(), m) != flat.end();
}

}  // namespace

TopoSpec parse_topo_spec(std::string_view name, std::span<const std::string_view> flat) {
  TopoSpec spec;
  if (name == "topo2") return spec;
  if (name.substr(0, 6) != "topo2:")
    throw std::invalid_argument(message_text(DiagId::clock_sync_unknown_method, name));
  std::string_view rest = name.substr(6);
  const std::string_view inter = next_field(rest);
  const std::string_view intra = next_field(rest);
  if (!rest.empty() || inter.empty() || intra.empty())
    throw std::invalid_argument(message_text(DiagId::clock_sync_unknown_method, name));
  if (!listed(flat, inter) || inter == "none")
    throw std::invalid_argument(
        message_text(DiagId::clock_sync_topo_level, inter, "inter", allowed(flat, false)));
  if (!listed(flat, intra) && intra != kPropagate)
    throw std::invalid_argument(
        message_text(DiagId::clock_sync_topo_level, intra, "intra", allowed(flat, true)));
  spec.inter = inter;
  spec.intra = intra;
  return spec;
}

ClockModel compose_levels(const ClockModel& leader_to_root, const ClockModel& rank_to_leader) {
  return merge_models(leader_to_root, rank_to_leader);
}

ClockModel propagated_model(double leader_origin_s, double own_origin_s) {
  return offset_model(leader_origin_s - own_origin_s);
}

}  // namespace metron::rt::clocksync
