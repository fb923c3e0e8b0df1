// Running the front end on a thread with a large stack.
#pragma once

#include <functional>

namespace metron {

// Runs fn on a thread with a large stack, so that deep (but legal) nesting cannot overflow it.
void run_with_large_stack(const std::function<void()>& fn);

}  // namespace metron
