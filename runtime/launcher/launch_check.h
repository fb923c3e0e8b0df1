// A launch folder of a run, checked before its rows are merged (at the end of `metron run`, and
// by `run --resume` for every launch it will not run again): it belongs to the run, and its
// files are whole. Nothing is merged that another script, another seed or another launch wrote
// (a folder overwritten by `exec --force`), and nothing that is cut short, doubled or edited.
// No MPI.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace metron::launcher {

// What a launch's manifest.json must say for the launch to belong to the run.
struct LaunchIdentity {
  std::int64_t id = 0;  // (exec records no replicate: the launch id implies it)
  int np = 2;
  std::vector<std::pair<std::string, std::size_t>> levels;  // factor -> level index
  std::uint64_t seed = 0;
  std::vector<std::string> script_sha256;  // of every script file of the run, sorted
};

// "" when the launch folder `dir` (status complete) is fit to merge; otherwise the message:
// launch_not_of_run (another identity) or launch_damaged (its manifest, summary.csv or raw.csv
// is not whole: the strict reader's damage, a row count that disagrees with the manifest's
// jobs, a job doubled, raw.csv rows that disagree with summary.csv's n). `identity` may be
// null (the files alone).
std::string check_launch_folder(const std::string& dir, const LaunchIdentity* identity);

// Whether the launch folder's manifest (readable and whole) records another identity than
// `identity`: the launch_not_of_run case of check_launch_folder alone.
bool launch_of_other_identity(const std::string& dir, const LaunchIdentity& identity);

}  // namespace metron::launcher
