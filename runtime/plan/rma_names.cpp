// The names of the one-sided choices, in the order of their enums.
#include "runtime/plan/rma_names.h"

#include <array>

namespace metron {

namespace {

constexpr std::array<const char*, 4> kWindowKinds = {"create", "allocate", "shared", "dynamic"};
constexpr std::array<const char*, 6> kSyncs = {"fence",    "pscw",  "lock",
                                               "lock_all", "flush", "flush_local"};
constexpr std::array<const char*, 2> kLocks = {"shared", "exclusive"};

template <class E, std::size_t N>
std::optional<E> named(const std::array<const char*, N>& names, std::string_view name) {
  for (std::size_t i = 0; i < N; ++i)
    if (name == names[i]) return static_cast<E>(i);
  return std::nullopt;
}

template <std::size_t N>
std::string joined(const std::array<const char*, N>& names) {
  std::string s;
  for (const char* n : names) s += (s.empty() ? "" : " | ") + std::string(n);
  return s;
}

}  // namespace

std::optional<RmaWindowKind> rma_window_kind_named(std::string_view name) {
  return named<RmaWindowKind>(kWindowKinds, name);
}
std::optional<RmaSync> rma_sync_named(std::string_view name) {
  return named<RmaSync>(kSyncs, name);
}
std::optional<RmaLock> rma_lock_named(std::string_view name) {
  return named<RmaLock>(kLocks, name);
}
const char* rma_window_kind_name(RmaWindowKind k) {
  return kWindowKinds[static_cast<std::size_t>(k)];
}
const char* rma_sync_name(RmaSync s) {
  return kSyncs[static_cast<std::size_t>(s)];
}
const char* rma_lock_name(RmaLock l) {
  return kLocks[static_cast<std::size_t>(l)];
}
std::string rma_window_kind_names() {
  return joined(kWindowKinds);
}
std::string rma_sync_names() {
  return joined(kSyncs);
}
std::string rma_lock_names() {
  return joined(kLocks);
}

}  // namespace metron
