// JSON files (see json_file.h).
#include "runtime/output/json_file.h"

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
  const fs::path tmp = path.parent_path() / ("." + path.filename().string() + ".tmp");
  {
    std::ofstream f(tmp);
    if (!f) return false;
    f << j.dump(2) << "\n";
    if (!f) return false;
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
