// MPI_Type_create_darray's distribution, without MPI (MPI 4.0 §5.1.4): which elements of a
// C-order global array one process of a process grid owns, in type-map order, so the front end
// knows the type's size, bounds and map (type_desc.cpp) and checks its arguments as MPI would.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace metron {

struct TypeError;

// The distribution constants a script names (SKaMPI defines them too). The values are MPICH's,
// for readable plans; the runtime passes its MPI's own constants.
inline constexpr std::int64_t kDistributeBlock = 121;
inline constexpr std::int64_t kDistributeCyclic = 122;
inline constexpr std::int64_t kDistributeNone = 123;
inline constexpr std::int64_t kDistributeDfltDarg = -49767;
std::optional<std::int64_t> darray_constant_by_name(std::string_view name);
const std::vector<std::string_view>& darray_constant_names();

struct DarrayArgs {
  std::int64_t size = 1, rank = 0;
  std::vector<std::int64_t> gsizes, distribs, dargs, psizes;
};

// The rejection MPI would make, naming the 0-based argument of
// mpi_type_create_darray(size, rank, gsizes, distribs, dargs, psizes, oldtype); nullopt if valid.
std::optional<TypeError> check_darray(const DarrayArgs& a);

// Calls emit(first element, element count) for each run of consecutive elements the process
// owns, in type-map order (row-major over the owned indices), elements counted in the global
// array's C order. Stops and returns false when emit does. Needs valid arguments.
bool darray_runs(const DarrayArgs& a,
                 const std::function<bool(std::int64_t first, std::int64_t count)>& emit);

}  // namespace metron
