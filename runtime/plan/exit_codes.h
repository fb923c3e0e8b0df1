// Exit codes shared by every command (docs/cli.md, Exit codes), after BSD's sysexits.h.
#pragma once

namespace metron {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 64;
inline constexpr int kExitScript = 65;
inline constexpr int kExitRuntime = 70;
inline constexpr int kExitIo = 74;

}  // namespace metron
