// Agreeing on an error across a communicator, so that a failure seen by one rank makes every rank
// leave the same way (no rank waits in a collective the others have abandoned).
#pragma once

#include <string>

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

namespace metron::rt {

// Collective over comm. Every rank passes its own message (empty: no error) and gets the message
// of the lowest failing rank, or an empty string when no rank failed.
std::string agree_on_error(MPI_Comm comm, const std::string& mine);

}  // namespace metron::rt
