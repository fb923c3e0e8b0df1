// JSON files (see json_file.h).
#include "runtime/output/json_file.h"

#include "runtime/output/safe_open.h"

#include <ctime>
#include <fstream>

namespace metron::out {

namespace fs = std::filesystem;

std::optional<nlohmann::json> read_json_file(const fs::path& path) {
  std::ifstream f(path);
  if (!f) return std::nullopt;
  try {
    return nlohmann::json::parse(f);
  } catch (...) {
    return std::nullopt;
  }
}

bool write_json_file(const fs::path& path, const nlohmann::json& j) {
  return write_json_text(path, j.dump(2) + "\n");
}

bool write_json_text(const fs::path& path, const std::string& text) {
  const fs::path tmp = path.parent_path() / ("." + path.filename().string() + ".tmp");
  {
    // The temporary file is opened without following a link; rename() then replaces the
    // destination's directory entry, so a link planted there is replaced, not written through.
    std::FILE* f = fopen_no_follow(tmp.string(), false);
    if (!f) return false;
    bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    ok = std::fclose(f) == 0 && ok;
    if (!ok) return false;
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  return !ec;
}

std::string utc_now_iso8601() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace metron::out
