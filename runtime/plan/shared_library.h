// A system library loaded when a command first needs it, not when Metron starts. Every rank of
// every launch runs this executable, and the dynamic linker's work for libraries that only
// `metron pack` and `metron history` use (libarchive, libsqlite3, libpq with GnuTLS and Kerberos
// behind it) cost each launch about 4 ms (docs/measurements.md, "The cost of a launch"). A
// library's functions are declared by its own header; its table (one struct of function pointers
// whose types come from those declarations) is filled from the library by name. No MPI.
#pragma once

#include <string>

namespace metron {

class SharedLibrary {
 public:
  // Loads `soname` (the name the library's package installs, e.g. "libpq.so.5"). Throws
  // MessageError library_unavailable, naming `needed_for`, when it cannot be loaded or lacks a
  // function. The library stays loaded until the process ends.
  SharedLibrary(const char* soname, const char* needed_for);

  // The function called `name`, as a pointer of the type its header declares.
  template <typename Function>
  Function function(const char* name) const {
    return reinterpret_cast<Function>(address(name));
  }

 private:
  void* address(const char* name) const;

  void* handle_ = nullptr;
  std::string soname_;
  std::string needed_for_;
};

}  // namespace metron
