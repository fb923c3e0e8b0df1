// The one-sided constants' names and values (see rma_constants.h).
#include "runtime/plan/rma_constants.h"

namespace metron::rma {

namespace {

struct Named {
  const char* name;
  std::int64_t value;
};
constexpr Named kConstants[] = {
    {"MPI_MODE_NOCHECK", kModeNoCheck},     {"MPI_MODE_NOSTORE", kModeNoStore},
    {"MPI_MODE_NOPUT", kModeNoPut},         {"MPI_MODE_NOPRECEDE", kModeNoPrecede},
    {"MPI_MODE_NOSUCCEED", kModeNoSucceed}, {"MPI_LOCK_EXCLUSIVE", kLockExclusive},
    {"MPI_LOCK_SHARED", kLockShared},
};

}  // namespace

std::optional<std::int64_t> constant_by_name(std::string_view name) {
  for (const Named& c : kConstants)
    if (name == c.name) return c.value;
  return std::nullopt;
}

std::vector<std::string> constant_names() {
  std::vector<std::string> out;
  for (const Named& c : kConstants) out.emplace_back(c.name);
  return out;
}

std::string assertion_text(std::int64_t flags) {
  std::string out;
  for (const Named& c : kConstants) {
    if (c.value == kLockExclusive || c.value == kLockShared || !(flags & c.value)) continue;
    if (!out.empty()) out += " + ";
    out += c.name;
  }
  return out.empty() ? "0" : out;
}

}  // namespace metron::rma
