// One writer per results folder: an flock on DIR/.metron.lock, held until the process ends.
// Two `metron exec` singletons started by a bare srun, or a second `metron run --resume`, would
// otherwise write the same files at once and interleave their rows.
#pragma once

#include <string>

namespace metron::out {

inline constexpr const char* kFolderLockName = ".metron.lock";

enum class FolderLock { Locked, InUse, Failed };

// Takes the lock of `dir` (created if missing) for the rest of this process's life; the file
// then holds "pid host". InUse with `error` set when another process holds it ("results folder
// 'DIR' is in use by pid 123 on host 'h'"); Failed with `error` set when the folder or the lock
// file cannot be made. A folder this process has locked already stays Locked (--replicates auto
// resumes its own folder). The descriptor is close-on-exec, so launches started by this process
// do not inherit the lock. On a file system without locks (ENOLCK, EOPNOTSUPP) the folder is
// written unlocked.
FolderLock lock_results_folder(const std::string& dir, std::string& error);

}  // namespace metron::out
