// Loading a library on first use (see shared_library.h).
#include "runtime/plan/shared_library.h"

#include <dlfcn.h>

#include "runtime/plan/message_error.h"
#include "runtime/test_hooks.h"

namespace metron {

namespace {

std::string last_dl_error() {
  const char* why = dlerror();
  return why ? std::string(why) : message_text(DiagId::library_no_reason);
}

}  // namespace

SharedLibrary::SharedLibrary(const char* soname, const char* needed_for)
    : soname_(soname), needed_for_(needed_for) {
  // A test makes a library missing by asking for it in a folder that does not exist: the
  // dynamic linker's own error, without uninstalling anything.
  const bool missing = rt::test_hook_text(rt::TestHook::LibraryMissing) == soname_;
  const std::string name = missing ? "/nonexistent/" + soname_ : soname_;
  dlerror();
  handle_ = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) throw_message(DiagId::library_unavailable, soname_, needed_for_, last_dl_error());
}

void* SharedLibrary::address(const char* name) const {
  dlerror();
  void* f = dlsym(handle_, name);
  if (!f) throw_message(DiagId::library_unavailable, soname_, needed_for_, last_dl_error());
  return f;
}

}  // namespace metron
