// ThreadTeam: the T threads of a rank that measure a threaded operation (IMB-MT, osu_latency_mt).
// The caller is member 0; T - 1 workers wait for a task, run it with their member index and report
// back. Inside a task the members meet at barrier(). No MPI here: the task makes the MPI calls.
#pragma once

#include <barrier>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace metron::rt {

class ThreadTeam {
 public:
  // Starts size - 1 worker threads (size >= 1).
  explicit ThreadTeam(int size);
  ~ThreadTeam();  // stops and joins the workers
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;

  int size() const { return size_; }
  // Runs task(t) on every member t (0 on the calling thread) and returns when all have returned.
  // Rethrows the first exception a member threw.
  void run(const std::function<void(int)>& task);
  // Inside a task: waits until every member has arrived.
  void barrier() { meet_.arrive_and_wait(); }

 private:
  void work(int member);

  int size_;
  std::barrier<> meet_;
  std::mutex m_;
  std::condition_variable start_cv_, done_cv_;
  const std::function<void(int)>* task_ = nullptr;
  std::uint64_t generation_ = 0;  // tasks started; a worker runs each once
  int running_ = 0;               // workers still in the current task
  bool stop_ = false;
  std::exception_ptr failure_;
  std::vector<std::thread> workers_;
};

}  // namespace metron::rt
