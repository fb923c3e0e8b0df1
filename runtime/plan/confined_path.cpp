// The path policy (see confined_path.h).
#include "runtime/plan/confined_path.h"

#include <sys/stat.h>

#include <cerrno>

#include "runtime/plan/diagnostics.h"

namespace metron {

namespace {

// C0 controls, DEL and the C1 controls (U+0080..U+009F, two bytes in UTF-8): a terminal acts on
// them, and no name Metron writes holds one.
bool has_control(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7f) return true;
    if (c == 0xc2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) < 0xa0 &&
        static_cast<unsigned char>(s[i + 1]) >= 0x80)
      return true;
  }
  return false;
}

}  // namespace

std::optional<std::string> confined_name(std::string_view name, std::string& why) {
  if (name.size() > kMaxConfinedNameBytes) {
    why = message_text(DiagId::path_too_long, kMaxConfinedNameBytes);
    return std::nullopt;
  }
  if (has_control(name)) {
    why = message_text(DiagId::path_control);
    return std::nullopt;
  }
  if (!name.empty() && name.front() == '/') {
    why = message_text(DiagId::path_absolute);
    return std::nullopt;
  }
  std::string out;
  std::size_t at = 0;
  while (at <= name.size()) {
    std::size_t end = name.find('/', at);
    if (end == std::string_view::npos) end = name.size();
    const std::string_view part = name.substr(at, end - at);
    at = end + 1;
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      why = message_text(DiagId::path_climbs);
      return std::nullopt;
    }
    if (!out.empty()) out += '/';
    out += part;
  }
  if (out.empty()) {
    why = message_text(DiagId::path_empty);
    return std::nullopt;
  }
  return out;
}

std::optional<std::filesystem::path> confined_path(const std::filesystem::path& root,
                                                   std::string_view name, std::string& why) {
  const auto rel = confined_name(name, why);
  if (!rel) return std::nullopt;
  std::filesystem::path p = root;
  std::string walked;
  std::size_t at = 0;
  while (at < rel->size()) {
    std::size_t end = rel->find('/', at);
    if (end == std::string::npos) end = rel->size();
    const std::string part = rel->substr(at, end - at);
    walked += (walked.empty() ? "" : "/") + part;
    p /= part;
    at = end + 1;
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0) break;  // not there yet: nothing further is either
    if (S_ISLNK(st.st_mode)) {
      why = message_text(DiagId::path_link, walked);
      return std::nullopt;
    }
  }
  return root / *rel;
}

}  // namespace metron
