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
PackCli g_pack;
CLI::App* g_cmd = nullptr;

}  // namespace

void register_pack_command(CLI::App& app) {
  g_cmd = app.add_subcommand(
      "pack",
      "write a finished results folder as one bundle to publish: DIR.tar.gz with RO-Crate 1.1 "
      "metadata (a sha256 for every file); metron replay verifies it before anything runs");
  g_cmd->add_option("dir", g_pack.dir, "results folder (metron run, exec or replay)")->required();
  g_cmd->add_option("--out", g_pack.out, "the bundle (default DIR.tar.gz)");
  g_cmd->add_option("--author", g_pack.info.authors, "an author's name (repeatable)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  g_cmd->add_option("--license", g_pack.info.license,
                    "the data's license: an SPDX identifier (CC-BY-4.0) or a URL");
  g_cmd->add_option("--name", g_pack.info.name, "the bundle's title (default: the folder's name)");
  g_cmd->add_option("--description", g_pack.info.description,
                    "what the bundle holds (default: names the script)");
  g_cmd->add_option("--date", g_pack.info.date, "publication date, YYYY-MM-DD (default: today)");
}

bool pack_command_parsed() {
  return g_cmd && g_cmd->parsed();
}

int cmd_pack() {
  std::string error;
  const std::string out = g_pack.out.empty() ? bundle::default_archive(g_pack.dir) : g_pack.out;
  int rc = bundle::pack(g_pack.dir, out, g_pack.info, error);
  if (rc != 0) print_error(error);
  return rc;
}

}  // namespace metron
