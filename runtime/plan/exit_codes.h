// Exit codes shared by every command (docs/cli.md, Exit codes), after BSD's sysexits.h.
#pragma once

namespace metron {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 64;
inline constexpr int kExitScript = 65;
inline constexpr int kExitRuntime = 70;
inline constexpr int kExitIo = 74;

// `metron replay`, by what leads (docs/cli.md, "Exit codes"): 0 as recorded; 1 a finding did not
// reproduce, or a job differs beyond the margin; 2 none of that, but some are inconclusive.
inline constexpr int kExitReplayDiffers = 1;
inline constexpr int kExitReplayUndecided = 2;

}  // namespace metron
