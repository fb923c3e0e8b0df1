// docs/language.md stays in step with the code: its tables of builtins, settings and measurement
// functions are generated here from builtins(), setting_table() and measure_funcs(), and this test
// fails when the file differs. To rewrite the tables after a change:
//   METRON_UPDATE_DOCS=1 build/metron_front_tests -ts=language_doc
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "interpreter/builtins.h"
#include "runtime/plan/default_settings.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/setting_table.h"

namespace {

const std::string kDoc = std::string(METRON_SOURCE_DIR) + "/docs/language.md";

std::string cell(std::string s) {
  std::string out;
  for (char c : s) {
    if (c == '|')
      out += "\\|";
    else
      out += c;
  }
  return out;
}

std::string builtins_table() {
  std::string out = "| Function | Returns | What it does |\n|---|---|---|\n";
  for (const auto& b : metron::builtins())
    out += "| `" + cell(metron::signature(b)) + "` | " + cell(b.returns) + " | " + cell(b.doc) +
           " |\n";
  return out;
}

std::string settings_table() {
  // A .bench script's defaults; the .ski ones are stated in the Meaning column.
  const metron::Settings defaults = metron::default_settings(metron::ScriptDialect::Bench);
  std::string out =
      "| Setting | Values | Default | Meaning | SKaMPI's setters |\n|---|---|---|---|---|\n";
  for (const auto& s : metron::setting_table()) {
    std::string setters;
    for (const auto& f : s.skampi)
      setters += (setters.empty() ? "`" : ", `") + std::string(f.name) + "`";
    out += std::string("| `") + s.key + "` | " + cell(s.values) + " | `" +
           cell(metron::setting_value_text(defaults, s.key)) + "` | " + cell(s.doc) + " | " +
           setters + " |\n";
  }
  return out;
}

std::string family_name(metron::OpFamily f) {
  switch (f) {
    case metron::OpFamily::Collective:
      return "collective";
    case metron::OpFamily::PingPong:
      return "ping-pong";
    case metron::OpFamily::HandMade:
      return "hand-made";
    case metron::OpFamily::Synthetic:
      return "synthetic";
    case metron::OpFamily::PointToPoint:
      return "point-to-point";
    case metron::OpFamily::Nonblocking:
      return "nonblocking collective";
    case metron::OpFamily::Persistent:
      return "persistent collective";
    case metron::OpFamily::Neighbourhood:
      return "neighbourhood collective";
    case metron::OpFamily::OneSided:
      return "one-sided";
    case metron::OpFamily::Io:
      return "MPI-IO";
    case metron::OpFamily::Threaded:
      return "threaded";
  }
  return "";
}

std::string measure_table() {
  std::string out = "| Function | Kind | Time of | What it measures |\n|---|---|---|---|\n";
  for (const auto& f : metron::measure_funcs())
    out += "| `" + cell(metron::signature(f)) + "` | " + family_name(f.family) + " | " +
           metron::time_of_text(f.time_of) + " | " + cell(f.doc) + " |\n";
  return out;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Replaces the text between the markers of `name` with `body`; false if the markers are missing.
bool splice(std::string& doc, const std::string& name, const std::string& body) {
  const std::string begin = "<!-- generated: " + name + " -->\n";
  const std::string end = "<!-- end generated: " + name + " -->";
  std::size_t b = doc.find(begin), e = doc.find(end);
  if (b == std::string::npos || e == std::string::npos || e < b) return false;
  doc.replace(b + begin.size(), e - b - begin.size(), body);
  return true;
}

}  // namespace

TEST_SUITE("language_doc") {
  TEST_CASE("language_doc: the generated tables in docs/language.md are up to date") {
    std::string doc = read(kDoc);
    REQUIRE_FALSE(doc.empty());
    std::string want = doc;
    REQUIRE(splice(want, "builtins", builtins_table()));
    REQUIRE(splice(want, "settings", settings_table()));
    REQUIRE(splice(want, "measurement functions", measure_table()));
    if (want != doc && std::getenv("METRON_UPDATE_DOCS")) {
      std::ofstream(kDoc) << want;
      doc = want;
    }
    INFO(
        "docs/language.md is out of date; run METRON_UPDATE_DOCS=1 metron_front_tests "
        "-ts=language_doc and review the diff");
    CHECK(doc == want);
  }

  TEST_CASE("language_doc: every builtin, setting and measurement function is named") {
    std::string doc = read(kDoc);
    for (const auto& b : metron::builtins())
      CHECK(doc.find("`" + b.name + "(") != std::string::npos);
    for (const auto& s : metron::setting_table())
      CHECK(doc.find(std::string("`") + s.key + "`") != std::string::npos);
    for (const auto& f : metron::measure_funcs())
      CHECK(doc.find("`" + f.name + "(") != std::string::npos);
  }

  TEST_CASE("language_doc: the grammar summary names every token of grammar/Bench.g4") {
    // Token rules with one literal (BEGIN : 'begin' ;) must appear quoted in the EBNF of
    // docs/language.md, so that a new keyword or operator cannot be left out of it. SKaMPI's
    // reserved but unused words are the exception.
    std::string doc = read(kDoc);
    std::size_t from = doc.find("## Grammar"), to = doc.find("## Statements");
    REQUIRE(from != std::string::npos);
    REQUIRE(to != std::string::npos);
    std::string ebnf = doc.substr(from, to - from);
    std::ifstream g(std::string(METRON_SOURCE_DIR) + "/grammar/Bench.g4");
    std::string line;
    int tokens = 0;
    while (std::getline(g, line)) {
      // One or more `NAME : 'literal' ;` per line.
      for (std::size_t pos = 0; (pos = line.find(": '", pos)) != std::string::npos;) {
        std::size_t end = line.find("' ;", pos + 3);
        if (end == std::string::npos) break;
        std::string lit = line.substr(pos + 3, end - pos - 3);
        pos = end;
        if (lit.find('\'') != std::string::npos) continue;  // a rule with several literals
        if (lit == "method" || lit == "diagram" || lit == "result") continue;
        ++tokens;
        INFO("token '" << lit << "' of Bench.g4 is missing from the grammar in docs/language.md");
        CHECK(ebnf.find("'" + lit + "'") != std::string::npos);
      }
    }
    CHECK(tokens > 50);
  }
}
