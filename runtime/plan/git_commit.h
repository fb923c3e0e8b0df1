// The git commit Metron was configured from (manifest.json, `metron --version`). Defined in a
// file CMake generates (cmake/git_commit.cpp.in), so a new commit recompiles that file only, not
// every file that a compile definition would reach.
#pragma once

namespace metron {
const char* git_commit();
}
