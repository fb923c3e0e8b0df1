// IMB's rank placement (-map PxQ) and its groups that measure at once (-multi), as rank lists
// that the plan builder (comm_map) and the executor (`set multi = on`) share. Pure: no MPI.
#pragma once

#include <vector>

#include "runtime/plan/value.h"

namespace metron {

// IMB's -map PxQ: the world ranks 0 .. np-1 in the order of IMB's mapped communicator. IMB
// splits MPI_COMM_WORLD with the key (q * r) mod (p * q - 1) for world rank r (r itself where
// that is 0, or where p or q is 1), so ranks sort by key, ties by r. With p ranks per node on q
// nodes filled node by node, mapped ranks 0 .. q-1 are one per node ("inter-node first").
// Needs p, q >= 1.
std::vector<int> imb_map_order(int p, int q, int np);

// `set multi = on` (IMB's -multi): the world ranks of the groups that measure a job on `comm` at
// once, group after group: floor(np / n) groups of n consecutive ranks of the order `comm` takes
// its ranks from (the world's for comm(n) and MPI_COMM_WORLD, IMB's map for comm_map(p, q, n)),
// n = comm.size. Empty for a communicator of any other kind.
std::vector<int> multi_group_ranks(const CommSpec& comm, int np);
// Whether `set multi = on` can measure on `comm` (comm(n), comm_map(p, q, n), MPI_COMM_WORLD).
bool multi_accepts(const CommSpec& comm);

}  // namespace metron
