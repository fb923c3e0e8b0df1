// The one policy for the files a script reads besides itself, `include` and `published`
// (docs/security.md): a script may come from someone else (a bundle), and what it names must
// not make Metron read, quote or copy into the results a file of the reader's that others may
// not read, nor wait on a FIFO or read a device forever. No MPI.
#pragma once

#include <cstddef>
#include <string>

#include "runtime/plan/source.h"

namespace metron {

// The largest published-values file: a paper's table of a thousand values takes about 40 KiB;
// every row is parsed as a claim's selection (about 15 us and 3.5 KiB of memory a row), so the
// bound keeps a file's cost within a second and 200 MiB.
inline constexpr std::size_t kMaxPublishedBytes = std::size_t{2} << 20;

// Reads `path` for `use` (Include or Published) if the policy allows it:
//  - a regular file (links followed); a folder counts as not there, so that an include looks
//    in its next place; a FIFO, device or socket is refused and never opened for reading;
//  - within kMaxStreamScriptBytes (an include) or kMaxPublishedBytes (published values);
//  - that others may read, or (an include only) that is the user's own: then it is read but
//    private, and no message quotes its text.
// Otherwise `refused` and `why` say why; nothing of the file's text is in the result.
FileRead read_by_file_policy(const std::string& path, FileUse use);

}  // namespace metron
