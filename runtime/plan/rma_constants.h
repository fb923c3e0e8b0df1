// The named integer constants of SKaMPI's one-sided scripts: assertion flags (MPI_MODE_NOCHECK,
// ...) and lock types (MPI_LOCK_EXCLUSIVE, MPI_LOCK_SHARED). The front end has no MPI: the
// values are MPICH's (so plans and outputs read as with SKaMPI on MPICH); the runtime maps them
// to its own mpi.h constants (runtime/ops/onesided_window.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace metron::rma {

inline constexpr std::int64_t kModeNoCheck = 1024;
inline constexpr std::int64_t kModeNoStore = 2048;
inline constexpr std::int64_t kModeNoPut = 4096;
inline constexpr std::int64_t kModeNoPrecede = 8192;
inline constexpr std::int64_t kModeNoSucceed = 16384;
inline constexpr std::int64_t kAllModes =
    kModeNoCheck | kModeNoStore | kModeNoPut | kModeNoPrecede | kModeNoSucceed;
inline constexpr std::int64_t kLockExclusive = 234;
inline constexpr std::int64_t kLockShared = 235;

// The value of a constant's name, or nullopt.
std::optional<std::int64_t> constant_by_name(std::string_view name);
// Every name, for completion and "did you mean".
std::vector<std::string> constant_names();
// "MPI_MODE_NOCHECK + MPI_MODE_NOSTORE" for a valid sum of flags, "0" for none.
std::string assertion_text(std::int64_t flags);

}  // namespace metron::rma
