// The writers format records and launch facts without MPI (runtime/results, runtime/output):
// what the manifest and the CSV files say comes from the facts they are handed, e.g. whether the
// launch was simulated, not from how this binary was built.
#include <doctest/doctest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "runtime/output/manifest.h"
#include "runtime/output/results_files.h"
#include "runtime/plan/sha256.h"

using namespace metron;

namespace {

class EmptyScript : public LoadedScript {
 public:
  EmptyScript()
      : LoadedScript([](const std::string&, metron::FileUse) { return metron::FileRead{}; }) {}
  Plan replan(const BuildOptions&, DiagnosticEngine&) const override { return {}; }
};

rt::LaunchFacts facts_of(bool simulated) {
  rt::LaunchFacts f;
  f.np = 4;
  f.system = {{"hostname", "node7"}, {"ranks", nlohmann::json::array()}};
  f.timers = nlohmann::json::array({{{"name", "wtime"}, {"quantum_s", 1e-6}}});
  f.simulated = simulated;
  if (simulated) f.simulation = {{"simulator", "SimGrid"}};
  return f;
}

std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

}  // namespace

TEST_CASE("manifest: the system, timers and rank count are the facts handed in") {
  EmptyScript script;
  rt::ExecOptions opt;
  opt.script_path = "a.bench";
  opt.files = {{"a.bench", "measure Synthetic()"}};
  const out::ManifestBuilder m(script, opt, facts_of(false));
  CHECK(m.json()["np"] == 4);
  CHECK(m.json()["system"]["hostname"] == "node7");
  CHECK(m.json()["timers"][0]["quantum_s"] == 1e-6);
  CHECK_FALSE(m.json().contains("simulated"));
  CHECK(m.json()["script"]["files"][0]["sha256"] == sha256_hex("measure Synthetic()"));
}

TEST_CASE("manifest: a simulated launch says so, with its simulation") {
  EmptyScript script;
  const out::ManifestBuilder m(script, rt::ExecOptions{}, facts_of(true));
  CHECK(m.json()["simulated"] == true);
  CHECK(m.json()["simulation"]["simulator"] == "SimGrid");
}

TEST_CASE("manifest: off world rank 0 (facts without a system) the builder stays empty") {
  EmptyScript script;
  rt::LaunchFacts f;
  const out::ManifestBuilder m(script, rt::ExecOptions{}, f);
  CHECK(m.json().is_null());
}

TEST_CASE("results files: the simulated column follows the facts") {
  const auto dir =
      std::filesystem::temp_directory_path() / ("metron_writers_" + std::to_string(::getpid()));
  for (bool simulated : {false, true}) {
    std::filesystem::remove_all(dir);
    out::ResultsFiles files;
    std::string error;
    REQUIRE(files.open(dir.string(), Plan{}, false, simulated, error));
    CHECK(error.empty());
    const std::string header = first_line((dir / "raw.csv").string());
    CHECK((header.find(",simulated") != std::string::npos) == simulated);
    CHECK((first_line((dir / "summary.csv").string()).find(",simulated") != std::string::npos) ==
          simulated);
  }
  std::filesystem::remove_all(dir);
}
