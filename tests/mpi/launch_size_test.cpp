// Whether a launch started the ranks of one MPI job of this binary's library: the launcher's
// environment against MPI's size (runtime/exec/launch_size.h), and a launcher template's program
// against the binary's library (runtime/launcher/launcher_library.h). The environments are what
// Debian 12's launchers set: MPICH 4.0.2's Hydra and Open MPI 4.1.4's mpirun. Pure logic; here
// because it lives in the MPI library.
#include "runtime/ops/mpi_handles.h"  // first: the front end's MPI names before <mpi.h>

#include <doctest/doctest.h>

#include <map>
#include <string>

#include "runtime/exec/launch_size.h"
#include "runtime/launcher/launch_command.h"
#include "runtime/launcher/launcher_library.h"

using namespace metron;

namespace {

std::function<const char*(const char*)> env(const std::map<std::string, std::string>& vars) {
  return [vars](const char* name) -> const char* {
    auto it = vars.find(name);
    return it == vars.end() ? nullptr : it->second.c_str();
  };
}

const std::map<std::string, std::string> kHydraRank1 = {{"PMI_RANK", "1"},
                                                        {"PMI_SIZE", "2"},
                                                        {"PMI_FD", "8"},
                                                        {"HYDI_CONTROL_FD", "7"},
                                                        {"MPI_LOCALNRANKS", "2"}};
const std::map<std::string, std::string> kOrterunRank0 = {
    {"OMPI_COMM_WORLD_RANK", "0"}, {"OMPI_COMM_WORLD_SIZE", "2"}, {"PMIX_RANK", "0"}};

}  // namespace

TEST_CASE("launch size: a launcher of another library is refused, naming both") {
  const rt::BinaryLibrary ompi{MpiFamily::OpenMpi, "Open MPI 4.1.4", "/usr/bin/mpirun.openmpi"};
  const rt::BinaryLibrary mpich{MpiFamily::Mpich, "MPICH 4.0.2", "/usr/bin/mpiexec.mpich"};
  CHECK(rt::launcher_family(env(kHydraRank1)) == MpiFamily::Mpich);
  CHECK(rt::launcher_family(env(kOrterunRank0)) == MpiFamily::OpenMpi);
  CHECK(rt::launcher_family(env({{"PMI_SIZE", "2"}, {"SLURM_STEP_ID", "0"}})) ==
        MpiFamily::Unknown);  // Slurm's PMI serves either library
  CHECK(rt::launcher_family(env({{"PMIX_RANK", "0"}})) == MpiFamily::Unknown);

  // Each process of the Open MPI binary under Hydra is a singleton; only the launcher's rank 0
  // prints, planned or not.
  for (int planned : {0, 2}) {
    rt::LaunchSizeCheck c = rt::check_launch_size(planned, 1, env(kHydraRank1), ompi);
    CHECK(c.error ==
          "this metron is built with Open MPI 4.1.4; the launcher started 2 MPICH processes that "
          "each see 1 rank (PMI_SIZE = 2): start it with Open MPI's launcher "
          "('/usr/bin/mpirun.openmpi', the default of metron run)");
    CHECK_FALSE(c.print);
  }
  rt::LaunchSizeCheck c = rt::check_launch_size(0, 1, env(kOrterunRank0), mpich);
  CHECK(c.error.rfind(
            "this metron is built with MPICH 4.0.2; the launcher started 2 Open MPI processes",
            0) == 0);
  CHECK(c.print);
  // The launcher of the binary's own library, and one whose library is unknown: no mismatch.
  CHECK(rt::check_launch_size(2, 2, env(kHydraRank1), mpich).error.empty());
  CHECK(rt::check_launch_size(0, 1, env({{"PMI_SIZE", "2"}}), ompi).error.empty());
  CHECK(rt::check_launch_size(0, 1, env({{"PMI_SIZE", "2"}}), ompi).warning ==
        "the launcher's environment says 2 ranks (PMI_SIZE), MPI sees 1");
  // A binary of an unknown library is not judged.
  CHECK(rt::check_launch_size(0, 1, env(kHydraRank1), {}).error.empty());
}

TEST_CASE("launcher library: a launcher's library by the file its program resolves to") {
  using launcher::launcher_family_of_file;
  CHECK(launcher_family_of_file("orterun") == MpiFamily::OpenMpi);
  CHECK(launcher_family_of_file("prterun") == MpiFamily::OpenMpi);
  CHECK(launcher_family_of_file("mpirun.openmpi") == MpiFamily::OpenMpi);
  CHECK(launcher_family_of_file("mpiexec.hydra") == MpiFamily::Mpich);
  CHECK(launcher_family_of_file("mpiexec.mpich") == MpiFamily::Mpich);
  // A plain mpiexec file (an MPI installed in its own prefix) says nothing.
  CHECK(launcher_family_of_file("mpiexec") == MpiFamily::Unknown);
  CHECK(launcher_family_of_file("srun") == MpiFamily::Unknown);
  // The program word of a template: the first that names a launcher.
  std::string word;
  CHECK(launcher::launcher_program_of("srun -n {np} {metron} exec {script}", &word).empty());
  CHECK(launcher::launcher_program_of("/no/such/dir/mpirun.openmpi -n {np} {metron}", &word) ==
        "/no/such/dir/mpirun.openmpi");
  CHECK(word == "/no/such/dir/mpirun.openmpi");
  CHECK(launcher::launcher_program_of("bash wrap.sh {launch} /x/mpiexec -n {np}", &word) ==
        "/x/mpiexec");
  // The default launcher is this binary's own library's.
  CHECK(launcher::launcher_library_mismatch(launcher::default_launcher()).empty());
}
