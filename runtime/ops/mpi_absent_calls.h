// The MPI-4 calls that an MPI 3.1 library (Open MPI 4.1, SimGrid SMPI) does not declare, as
// stand-ins that fail, so that the persistent and neighbourhood files compile against it. The
// build found them missing when it was configured (cmake/MetronMpiFeatures.cmake), and the
// operations that need them are refused when the plan is built (runtime/plan/mpi_features.h;
// in the simulated build also runtime/plan/simulation_support.cpp): no stand-in is ever called,
// and if one were, the job would fail with an MPI error rather than time something else.
#pragma once

#if !METRON_MPI_HAS_PERSISTENT_COLLECTIVES
// Through op_impl.h: the plan's MPI names must come before <mpi.h>, whose SMPI version
// defines them as macros.
#include "runtime/ops/op_impl.h"

#define METRON_MPI_ABSENT(name)         \
  template <class... Args>              \
  inline int name(Args&&...) noexcept { \
    return MPI_ERR_OTHER;               \
  }

METRON_MPI_ABSENT(MPI_Barrier_init)
METRON_MPI_ABSENT(MPI_Bcast_init)
METRON_MPI_ABSENT(MPI_Gather_init)
METRON_MPI_ABSENT(MPI_Gatherv_init)
METRON_MPI_ABSENT(MPI_Scatter_init)
METRON_MPI_ABSENT(MPI_Scatterv_init)
METRON_MPI_ABSENT(MPI_Allgather_init)
METRON_MPI_ABSENT(MPI_Allgatherv_init)
METRON_MPI_ABSENT(MPI_Alltoall_init)
METRON_MPI_ABSENT(MPI_Alltoallv_init)
METRON_MPI_ABSENT(MPI_Alltoallw_init)
METRON_MPI_ABSENT(MPI_Reduce_init)
METRON_MPI_ABSENT(MPI_Allreduce_init)
METRON_MPI_ABSENT(MPI_Reduce_scatter_init)
METRON_MPI_ABSENT(MPI_Reduce_scatter_block_init)
METRON_MPI_ABSENT(MPI_Scan_init)
METRON_MPI_ABSENT(MPI_Exscan_init)
METRON_MPI_ABSENT(MPI_Neighbor_allgather_init)
METRON_MPI_ABSENT(MPI_Neighbor_allgatherv_init)
METRON_MPI_ABSENT(MPI_Neighbor_alltoall_init)
METRON_MPI_ABSENT(MPI_Neighbor_alltoallv_init)
METRON_MPI_ABSENT(MPI_Neighbor_alltoallw_init)

#undef METRON_MPI_ABSENT
#endif
