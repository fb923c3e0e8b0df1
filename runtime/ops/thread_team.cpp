// The threads of a threaded operation: a fixed team that runs one task at a time.
#include "runtime/ops/thread_team.h"

namespace metron::rt {

ThreadTeam::ThreadTeam(int size) : size_(size < 1 ? 1 : size), meet_(size < 1 ? 1 : size) {
  workers_.reserve(static_cast<std::size_t>(size_ - 1));
  for (int t = 1; t < size_; ++t) workers_.emplace_back([this, t] { work(t); });
}

ThreadTeam::~ThreadTeam() {
  {
    std::lock_guard<std::mutex> lock(m_);
    stop_ = true;
  }
  start_cv_.notify_all();
  for (std::thread& w : workers_) w.join();
}

void ThreadTeam::work(int member) {
  std::uint64_t seen = 0;
  for (;;) {
    const std::function<void(int)>* task = nullptr;
    {
      std::unique_lock<std::mutex> lock(m_);
      start_cv_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      task = task_;
    }
    std::exception_ptr failed;
    try {
      (*task)(member);
    } catch (...) {
      failed = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(m_);
    if (failed && !failure_) failure_ = failed;
    if (--running_ == 0) done_cv_.notify_one();
  }
}

void ThreadTeam::run(const std::function<void(int)>& task) {
  {
    std::lock_guard<std::mutex> lock(m_);
    task_ = &task;
    running_ = size_ - 1;
    failure_ = nullptr;
    ++generation_;
  }
  start_cv_.notify_all();
  std::exception_ptr failed;
  try {
    task(0);
  } catch (...) {
    failed = std::current_exception();
  }
  std::unique_lock<std::mutex> lock(m_);
  done_cv_.wait(lock, [&] { return running_ == 0; });
  task_ = nullptr;
  if (!failed) failed = failure_;
  lock.unlock();
  if (failed) std::rethrow_exception(failed);
}

}  // namespace metron::rt
