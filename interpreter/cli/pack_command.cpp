// metron pack: a results folder as one citable bundle, a .tar.gz with RO-Crate 1.1 metadata
// (runtime/bundle/bundle.h, docs/publishing.md). Not an MPI process.
#include "interpreter/cli/commands.h"
#include "runtime/bundle/bundle.h"
#include "runtime/plan/diagnostics.h"

namespace metron {

namespace {

struct PackCli {
  std::string dir;
  std::string out;
  bundle::PackInfo info;
};
void add_pack_options(CLI::App& command, PackCli& o) {
  command.add_option("dir", o.dir, "results folder (metron run, exec or replay)")->required();
  command.add_option("--out", o.out, "the bundle (default DIR.tar.gz)");
  command.add_option("--author", o.info.authors, "an author's name (repeatable)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  command.add_option("--license", o.info.license,
                     "the data's license: an SPDX identifier (CC-BY-4.0) or a URL");
  command.add_option("--name", o.info.name, "the bundle's title (default: the folder's name)");
  command.add_option("--description", o.info.description,
                     "what the bundle holds (default: names the script)");
  command.add_option("--date", o.info.date, "publication date, YYYY-MM-DD (default: today)");
}

int run_pack(PackCli& o, const CommandLine&) {
  std::string error;
  const std::string out = o.out.empty() ? bundle::default_archive(o.dir) : o.out;
  int rc = bundle::pack(o.dir, out, o.info, error);
  if (rc != 0) print_error(error);
  return rc;
}

}  // namespace

CommandEntry pack_command() {
  return make_command("pack",
                      "write a finished results folder as one bundle to publish: DIR.tar.gz with "
                      "RO-Crate 1.1 metadata (a sha256 for every file); metron replay verifies it "
                      "before anything runs",
                      add_pack_options, run_pack);
}

}  // namespace metron
