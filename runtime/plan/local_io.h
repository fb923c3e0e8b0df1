// SKaMPI's local IO functions (localio.c; docs/io.md "Local IO"): the api argument, the
// argument checks of the front end and the buffer use.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "runtime/plan/op_args.h"
#include "runtime/plan/op_checks.h"
#include "runtime/plan/value.h"

namespace metron {

enum class LocalIoApi { Posix, Mpi };

// "POSIX" / "posix" or "MPI" / "mpi" (SKaMPI compares with the lower-case names).
std::optional<LocalIoApi> local_io_api_named(std::string_view name);

// O_DIRECT: buffer, size and offset aligned to this (Linux's smallest logical block).
inline constexpr std::int64_t kLocalIoDirectAlign = 512;
// The large-file functions read or write 2^power bytes with one MPI call of MPI_BYTE, whose
// count is an int: 2^30 is the largest power of two it holds.
inline constexpr std::int64_t kLocalIoMaxPower = 30;

// Bytes the function moves: size, or 2^power (0 when power is out of range: the check reports it).
std::int64_t local_io_bytes(const OpArgs& a);

// api, size > 0 and power in 0 .. kLocalIoMaxPower; nullopt for the other functions.
std::optional<OpProblem> check_local_io_args(const MeasureFunc& f, const std::vector<Value>& args);

}  // namespace metron
