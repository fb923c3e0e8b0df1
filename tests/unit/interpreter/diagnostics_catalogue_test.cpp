// The diagnostics catalogue: every id has a golden test (or a stated exemption), and every
// message follows the wording rules (lower-case start, no final period, names in single quotes).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "interpreter/diagnostics.h"

namespace {

// Ids that no golden file can show, and why; each is tested elsewhere.
const std::map<std::string, std::string> kExempt = {
    {"too_many_jobs",
     "needs a plan of more than 1 million jobs; plan_builder_test.cpp triggers it with a small "
     "BuildOptions::max_jobs"},
    {"list_too_long",
     "needs a list literal of more than 100000 elements; tests/e2e/frontend_robustness.sh "
     "generates one"},
    {"file_not_found",
     "a golden runs `metron check` on a file that exists; program_test.cpp and "
     "tests/e2e/frontend_robustness.sh check the missing, unreadable and directory cases"},
};

std::string severity_word(metron::Severity s) {
  switch (s) {
    case metron::Severity::Note:
      return "note";
    case metron::Severity::Warning:
      return "warning";
    case metron::Severity::Error:
      return "error";
    case metron::Severity::Fatal:
      return "fatal error";
  }
  return "";
}

// "unknown variable '{}'" -> a regex for a rendered line "...: error: unknown variable '.*'".
std::regex message_regex(const metron::DiagInfo& info) {
  std::string fmt = info.format, re;
  for (std::size_t i = 0; i < fmt.size(); ++i) {
    if (fmt.compare(i, 2, "{}") == 0) {
      re += ".*";
      ++i;
      continue;
    }
    char c = fmt[i];
    if (std::string("\\^$.|?*+()[]{}").find(c) != std::string::npos) re += '\\';
    re += c;
  }
  return std::regex("(^|: )" + severity_word(info.severity) + ": " + re + "$");
}

std::vector<std::string> golden_lines() {
  std::vector<std::string> lines;
  namespace fs = std::filesystem;
  for (const auto& e : fs::directory_iterator(fs::path(METRON_SOURCE_DIR) / "tests/golden/diag")) {
    if (e.path().extension() != ".err") continue;
    std::ifstream in(e.path());
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  return lines;
}

}  // namespace

TEST_CASE("diagnostics: every catalogue id appears in a golden .err file or is exempted") {
  std::vector<std::string> lines = golden_lines();
  REQUIRE(lines.size() > 100);
  for (std::size_t i = 0; i < metron::diag_count(); ++i) {
    const metron::DiagInfo& info = metron::diag_info(metron::diag_by_index(i));
    if (kExempt.count(info.name)) continue;
    std::regex re = message_regex(info);
    bool found = false;
    for (const auto& l : lines)
      if (std::regex_search(l, re)) {
        found = true;
        break;
      }
    INFO("no golden in tests/golden/diag/ shows '" << info.name << "': " << info.format);
    CHECK(found);
  }
}

TEST_CASE("diagnostics: exemptions name ids that exist") {
  for (const auto& [name, why] : kExempt) {
    bool exists = false;
    for (std::size_t i = 0; i < metron::diag_count(); ++i)
      exists |= name == metron::diag_info(metron::diag_by_index(i)).name;
    INFO(name << " (" << why << ")");
    CHECK(exists);
  }
}

TEST_CASE("diagnostics: messages start lower-case and have no final period") {
  for (std::size_t i = 0; i < metron::diag_count(); ++i) {
    const metron::DiagInfo& info = metron::diag_info(metron::diag_by_index(i));
    std::string f = info.format;
    INFO(info.name << ": " << f);
    REQUIRE_FALSE(f.empty());
    CHECK_FALSE((f[0] >= 'A' && f[0] <= 'Z'));
    CHECK(f.back() != '.');
    CHECK(f.find("n't") == std::string::npos);  // no contractions
  }
}
