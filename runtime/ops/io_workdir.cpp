// The run's temporary folder for MPI-IO files, and what the manifest says about MPI-IO.
#include "runtime/ops/io_workdir.h"

#include <sys/stat.h>

#include <filesystem>
#include <set>
#include <system_error>

#include "runtime/plan/measure_funcs.h"

namespace metron::rt {

namespace {
std::string g_folder;
bool g_keep = false;
}  // namespace

const std::string& io_run_folder() {
  return g_folder;
}

nlohmann::json io_run_begin(const Plan& plan, const std::string& out_dir, MPI_Comm world) {
  bool any = false, uses_run_folder = false;
  std::set<std::string> dirs, caches;
  g_keep = false;
  for (const Job& j : plan.jobs) {
    if (!j.op.func || j.op.func->family != OpFamily::Io) continue;
    any = true;
    const IoSettings& io = j.settings->io;
    if (io.working_dir.empty())
      uses_run_folder = true;
    else
      dirs.insert(io.working_dir);
    caches.insert(io_cache_name(io.cache));
    if (io.keep_files && io.working_dir.empty()) g_keep = true;
  }
  if (!any) return nullptr;
  int me = 0;
  MPI_Comm_rank(world, &me);
  if (uses_run_folder) {
    g_folder = out_dir + "/io-files";
    if (me == 0) ::mkdir(g_folder.c_str(), 0755);  // a failure shows at the first job's check
    MPI_Barrier(world);
    dirs.insert(g_folder);
  }
  nlohmann::json out;
  out["working_dirs"] = dirs;
  out["page_cache"] = caches;
  out["page_cache_note"] =
      "keep: file data may be served from the OS page cache (as SKaMPI and IMB-IO measure); "
      "drop: posix_fadvise(POSIX_FADV_DONTNEED) after each synced write and before each read, "
      "outside the timed region";
  out["files_kept"] = g_keep;
  return out;
}

void io_run_end() {
  if (g_folder.empty() || g_keep) return;
  std::error_code ec;  // best effort: a folder that cannot be removed is left, not an error
  std::filesystem::remove_all(g_folder, ec);
}

}  // namespace metron::rt
