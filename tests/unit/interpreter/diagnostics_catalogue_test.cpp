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

#include "runtime/plan/diagnostics.h"

namespace {

// Ids that no golden file can show, and why; each is tested elsewhere.
const std::map<std::string, std::string> kExempt = {
    {"too_many_jobs",
     "needs a plan of more than 1 million jobs; plan_builder_test.cpp triggers it with a small "
     "BuildOptions::max_jobs"},
    {"list_too_long",
     "needs a list literal of more than 100000 elements; tests/e2e/frontend_robustness.sh "
     "generates one"},
    {"bad_tag",
     "MPI_TAG_UB is known at run time only, so the front end leaves tags to the runtime's "
     "bind_op; ops_catalog_test checks the message"},
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

namespace {

// Text literals that reach a catalogue message through a call in interpreter/ but need no golden
// of their own, and why.
const std::map<std::string, std::string> kExemptText = {
    {"{:02x}", "formats the byte of invalid_utf8, which invalid_utf8.bench shows"},
    {"comm2_max_latency_with_root()",
     "names the communicator of comm_too_large on a 1-rank run; `metron check` plans for 2 "
     "ranks, and communicators.bench shows the message"},
    {"the rule is not well formed",
     "a guard: compile_stop_rule already rejects every rule that adapt::validate refuses, with "
     "the messages stop_rule_variants.bench shows"},
};

// The calls through which a message's variable part is a text literal: a catalogue id passed
// to fail/report/note/warn, and the helpers of setting_table.cpp (bad_why and the value
// checkers, whose literal is the field name that starts the message) and builtins.cpp (bad_arg).
const char* const kMessageCalls[] = {"DiagId::", "bad_why(",      "bad_arg(",
                                     "seconds(", "positive_int(", "fraction("};

// The string literals of every such call (up to its ';') in the interpreter's sources.
std::vector<std::pair<std::string, std::string>> message_literals() {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, std::string>> out;  // (file, literal)
  // The front end's sources and the settings table's parsers, whose reasons it reports.
  std::vector<fs::path> files;
  for (const auto& e :
       fs::recursive_directory_iterator(fs::path(METRON_SOURCE_DIR) / "interpreter"))
    if (e.path().extension() == ".cpp") files.push_back(e.path());
  files.push_back(fs::path(METRON_SOURCE_DIR) / "runtime/plan/setting_table.cpp");
  for (const fs::path& path : files) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    for (const char* call : kMessageCalls) {
      for (std::size_t at = text.find(call); at != std::string::npos;
           at = text.find(call, at + 1)) {
        const std::size_t end = text.find(';', at);
        for (std::size_t i = at; i < end; ++i) {
          if (text[i] != '"') continue;
          std::string lit;
          for (++i; i < end && text[i] != '"'; ++i) {
            if (text[i] == '\\' && i + 1 < end) ++i;
            lit += text[i];
          }
          if (lit.size() >= 3) out.emplace_back(path.filename().string(), lit);
        }
        at = end;
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("diagnostics: every variant of a message (its literal text) appears in a golden") {
  // Catch-all ids such as bad_stop_rule or bad_argument_value carry the whole reason in their
  // argument: each reason is a message of its own and needs its own golden line.
  const std::vector<std::string> lines = golden_lines();
  const auto literals = message_literals();
  REQUIRE(literals.size() > 60);  // 85 when written: the scan finds them
  for (const auto& [file, lit] : literals) {
    if (kExemptText.count(lit)) continue;
    bool found = false;
    for (const auto& l : lines) found |= l.find(lit) != std::string::npos;
    INFO(file << ": no golden in tests/golden/diag/ shows the message text '" << lit << "'");
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
