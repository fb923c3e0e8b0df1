// Running the front end on a thread with a large stack (see large_stack.h).
#include "interpreter/large_stack.h"

#include <pthread.h>

#include <exception>

namespace metron {

void run_with_large_stack(const std::function<void()>& fn) {
  // 512 MiB of address space; only the pages actually touched are committed.
  constexpr std::size_t kStack = 512u << 20;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStack);
  struct Payload {
    const std::function<void()>* fn;
    std::exception_ptr error;
  } payload{&fn, nullptr};
  pthread_t th;
  auto body = [](void* arg) -> void* {
    auto* p = static_cast<Payload*>(arg);
    try {
      (*p->fn)();
    } catch (...) {
      p->error = std::current_exception();
    }
    return nullptr;
  };
  if (pthread_create(&th, &attr, body, &payload) != 0) {
    pthread_attr_destroy(&attr);
    fn();  // no thread: run on the caller's stack
    return;
  }
  pthread_join(th, nullptr);
  pthread_attr_destroy(&attr);
  if (payload.error) std::rethrow_exception(payload.error);
}

}  // namespace metron
