// MPI features and library names (see mpi_features.h).
#include "runtime/plan/mpi_features.h"

#include <algorithm>
#include <array>
#include <charconv>

#include "runtime/plan/measure_funcs.h"

namespace metron {

namespace {

// ORDER MPI_FEATURES
constexpr std::array kFeatures = {
    MpiFeatureInfo{MpiFeature::PersistentCollectives, "persistent_collectives", "4.0",
                   "MPI-4's persistent collectives (MPI_<name>_init)"},
};

// "4.0" -> 40; nullopt for anything but MAJOR.MINOR.
std::optional<int> version_number(std::string_view v) {
  const auto dot = v.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 >= v.size()) return std::nullopt;
  int major = 0, minor = 0;
  auto a = std::from_chars(v.data(), v.data() + dot, major);
  auto b = std::from_chars(v.data() + dot + 1, v.data() + v.size(), minor);
  if (a.ec != std::errc() || a.ptr != v.data() + dot || b.ec != std::errc() ||
      b.ptr != v.data() + v.size() || minor > 9)
    return std::nullopt;
  return major * 10 + minor;
}

// Blanks (tabs included) collapsed to one space, none at either end.
std::string squeeze(std::string_view s) {
  std::string out;
  for (char c : s) {
    const bool blank = c == ' ' || c == '\t' || c == '\r';
    if (blank && (out.empty() || out.back() == ' ')) continue;
    out.push_back(blank ? ' ' : c);
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

void cut_at(std::string& s, std::string_view mark) {
  if (auto k = s.find(mark); k != std::string::npos) s.erase(k);
}

}  // namespace

std::span<const MpiFeatureInfo> mpi_features() {
  return kFeatures;
}

const MpiFeatureInfo& mpi_feature_info(MpiFeature f) {
  for (const MpiFeatureInfo& i : kFeatures)
    if (i.feature == f) return i;
  return kFeatures.front();
}

std::optional<MpiFeature> mpi_feature_named(std::string_view key) {
  for (const MpiFeatureInfo& i : kFeatures)
    if (i.key == key) return i.feature;
  return std::nullopt;
}

std::optional<MpiFeature> mpi_feature_needed(const MeasureFunc& f) {
  const bool persistent_name = f.name.size() > 5 && f.name.ends_with("_init");
  if (f.family == OpFamily::Persistent || (f.family == OpFamily::Neighbourhood && persistent_name))
    return MpiFeature::PersistentCollectives;
  return std::nullopt;
}

std::optional<std::vector<MpiFeature>> mpi_features_missing_in(std::string_view standard) {
  const auto have = version_number(standard);
  if (!have) return std::nullopt;
  std::vector<MpiFeature> out;
  for (const MpiFeatureInfo& i : kFeatures)
    if (*version_number(i.standard) > *have) out.push_back(i.feature);
  return out;
}

std::string_view mpi_family_name(MpiFamily f) {
  switch (f) {
    case MpiFamily::Mpich:
      return "MPICH";
    case MpiFamily::OpenMpi:
      return "Open MPI";
    case MpiFamily::Unknown:
      break;
  }
  return "an unknown MPI";
}

std::string mpi_library_short_name(std::string_view version_string) {
  std::string s = squeeze(version_string.substr(0, version_string.find('\n')));
  // Cray's "MPI VERSION : CRAY MPICH version 8.1.25 (ANL base 3.4a2)".
  if (s.rfind("MPI VERSION : ", 0) == 0) s.erase(0, 14);
  // Open MPI's "Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, ...".
  if (s.rfind("Open MPI v", 0) == 0) s.erase(9, 1);
  cut_at(s, ", ");
  // MPICH's "MPICH Version: 4.0.2", MVAPICH2's "MVAPICH2 Version : 2.3.7", Cray's "version 8.1".
  for (std::string_view label : {" Version : ", " Version: ", " version "})
    if (auto k = s.find(label); k != std::string::npos) s.replace(k, label.size(), " ");
  // Intel's "Intel(R) MPI Library 2021.9 for Linux* OS"; a build's detail in parentheses.
  cut_at(s, " for ");
  cut_at(s, " (");
  if (s.size() > 60) s.erase(60);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

}  // namespace metron
