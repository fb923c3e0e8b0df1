// The grace for MPI_Finalize after an acknowledged launch (see finalize_grace.h).
#include "runtime/exec/finalize_grace.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "runtime/output/json_file.h"
#include "runtime/plan/diagnostics.h"

namespace metron::rt {

namespace {

std::atomic<bool> g_end_acknowledged{false};
std::string g_final_manifest;  // world rank 0: the launch's final manifest

// 0 armed (or never armed), 1 MPI_Finalize returned, 2 the grace passed and the process ends.
std::atomic<int> g_finalize_state{0};

// The marker is written whole before it gets its name, so that the launcher never reads half.
void write_marker(const std::string& path, const std::string& status) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
  if (fd < 0) return;  // the launcher then waits for the launch's own end, as before
  const std::string text = status + "\n";
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  if (written) ::rename(tmp.c_str(), path.c_str());
}

// Rank 0: the manifest says that MPI_Finalize did not return and the grace ended the launch.
void record_in_manifest(double grace_s) {
  if (g_final_manifest.empty()) return;
  auto m = out::read_json_file(g_final_manifest);
  if (!m || !m->is_object()) return;
  (*m)["finalize"] = {{"returned", false}, {"grace_s", grace_s}, {"ended_by", "exec"}};
  out::write_json_file(g_final_manifest, *m);
}

[[noreturn]] void end_after_grace(double grace_s, int world_rank, int exit_code) {
  if (world_rank == 0) {
    record_in_manifest(grace_s);
    print_message(DiagId::finalize_grace_passed, grace_s);
  }
  std::fflush(nullptr);
  ::_exit(exit_code);
}

}  // namespace

double finalize_grace_s(double base_s, int np) {
  const double levels = std::ceil(std::log2(static_cast<double>(std::max(2, np))));
  return base_s * std::max(1.0, levels);
}

void note_launch_acknowledged(const std::string& manifest_path, const std::string& status) {
  g_end_acknowledged.store(true);
  if (manifest_path.empty()) return;
  g_final_manifest = manifest_path;
  if (const char* marker = std::getenv(kLaunchDoneEnv); marker && *marker)
    write_marker(marker, status);
}

void arm_finalize_grace(double grace_s, int world_rank, int exit_code) {
  if (!(grace_s > 0) || !g_end_acknowledged.load()) return;
  // A plain thread: it makes no MPI call (MPI_THREAD_SINGLE still holds) and only ends the
  // process; the main thread is inside MPI_Finalize, which holds no lock this thread takes.
  const double wait_s = grace_s + (world_rank == 0 ? 0 : kFinalizeRootFirstS);
  std::thread([grace_s, wait_s, world_rank, exit_code] {
    std::this_thread::sleep_for(std::chrono::duration<double>(wait_s));
    int armed = 0;
    if (!g_finalize_state.compare_exchange_strong(armed, 2)) return;  // MPI_Finalize returned
    end_after_grace(grace_s, world_rank, exit_code);
  }).detach();
}

void finalize_returned() {
  int armed = 0;
  if (g_finalize_state.compare_exchange_strong(armed, 1)) return;
  // The grace passed just now and the other thread is ending the process: let it.
  for (;;) ::pause();
}

}  // namespace metron::rt
