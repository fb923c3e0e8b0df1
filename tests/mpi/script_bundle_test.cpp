// The SPMD load (runtime/exec/script_bundle.cpp): only world rank 0 reads files; every rank gets
// the same plan; a script that includes nothing is parsed once per rank, all ranks at once.
#include "runtime/ops/mpi_handles.h"  // first: the front end's MPI names before <mpi.h>

#include <doctest/doctest.h>

#include <map>
#include <string>

#include "interpreter/program.h"
#include "runtime/exec/script_bundle.h"

using namespace metron;

namespace {

int world_rank() {
  int me = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  return me;
}

struct SpmdLoad {
  std::unique_ptr<LoadedScript> program;
  int loads = 0;       // parses of the script on this rank
  int disk_reads = 0;  // reads through the disk reader on this rank
  std::map<std::string, std::string> files;
};

// The files by name; any other path is not found.
SpmdLoad load_spmd(const std::map<std::string, std::string>& disk, const std::string& main) {
  SpmdLoad out;
  BuildOptions b;
  b.np = 2;
  ScriptLoader counted = [&out](const std::string& path, const BuildOptions& o, FileReader r) {
    ++out.loads;
    return load_script_for_runtime(path, o, std::move(r));
  };
  FileReader reader = [&](const std::string& path, FileUse) -> FileRead {
    ++out.disk_reads;
    auto it = disk.find(path);
    if (it == disk.end()) return {std::nullopt, false, false, "no such file or directory"};
    return {it->second};
  };
  out.program = rt::load_program_spmd(counted, main, b, MPI_COMM_WORLD, &out.files, reader);
  return out;
}

}  // namespace

TEST_CASE("script bundle: a script without includes is parsed once on every rank") {
  SpmdLoad r = load_spmd(
      {{"main.bench", "set reps = 2\nmeasure comm(2) : Bcast(8, MPI_CHAR, 0)\n"}}, "main.bench");
  REQUIRE(r.program->loaded);
  CHECK(r.program->diags.all().empty());
  CHECK(r.program->plan.jobs.size() == 1);
  CHECK(r.loads == 1);
  if (world_rank() == 0) {
    CHECK(r.disk_reads == 1);
    CHECK(r.files.count("main.bench") == 1);
  } else {
    CHECK(r.disk_reads == 0);  // only rank 0 reads
  }
}

TEST_CASE("script bundle: an include reaches every rank, which loads again with it") {
  SpmdLoad r = load_spmd({{"main.bench", "@include \"inc.bench\"\nmeasure comm(2) : Barrier()\n"},
                          {"inc.bench", "measure comm(2) : Bcast(8, MPI_CHAR, 0)\n"}},
                         "main.bench");
  REQUIRE(r.program->loaded);
  CHECK_MESSAGE(r.program->diags.all().empty(), r.program->diags.render());
  CHECK(r.program->plan.jobs.size() == 2);
  CHECK(r.loads == (world_rank() == 0 ? 1 : 2));
  if (world_rank() == 0) CHECK(r.files.count("inc.bench") == 1);
  if (world_rank() != 0) CHECK(r.disk_reads == 0);
}

TEST_CASE("script bundle: a missing script or include fails alike on every rank") {
  SpmdLoad missing = load_spmd({}, "nothing.bench");
  CHECK(!missing.program->loaded);
  SpmdLoad r = load_spmd({{"main.bench", "@include \"gone.bench\"\n"}}, "main.bench");
  CHECK(r.program->diags.has_errors());
  CHECK(r.program->diags.render().find("gone.bench") != std::string::npos);
  int errors = static_cast<int>(r.program->diags.all().size()), lo = 0, hi = 0;
  MPI_Allreduce(&errors, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&errors, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  CHECK(lo == hi);
}
