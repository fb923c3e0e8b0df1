// agree_on_error (see error_agreement.h): an MPI_MIN over the failing ranks, then that rank's
// message by broadcast.
#include "runtime/ops/error_agreement.h"

#include <climits>

namespace metron::rt {

std::string agree_on_error(MPI_Comm comm, const std::string& mine) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  int first = mine.empty() ? INT_MAX : rank;
  MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, comm);
  if (first == INT_MAX) return {};
  std::string msg = rank == first ? mine : std::string();
  int len = static_cast<int>(msg.size());
  MPI_Bcast(&len, 1, MPI_INT, first, comm);
  msg.resize(static_cast<std::size_t>(len));
  MPI_Bcast(msg.data(), len, MPI_CHAR, first, comm);
  return msg;
}

}  // namespace metron::rt
