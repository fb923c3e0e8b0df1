// The command line as data (see cli_model.h), and the hidden generators that print it.
#include "interpreter/cli/cli_model.h"

#include <cctype>
#include <cstdio>
#include <cstring>

#include "interpreter/cli/commands.h"
#include "interpreter/program.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/measure_funcs.h"

namespace metron {

namespace {

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// The words of a fixed list of values: CLI11's IsMember adds "{a,b}" to the type's name.
std::vector<std::string> member_words(const std::string& type) {
  std::vector<std::string> words;
  const auto open = type.find(":{");
  const auto close = type.rfind('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return words;
  std::string item;
  for (char c : type.substr(open + 2, close - open - 2)) {
    if (c == ',') {
      words.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  if (!item.empty()) words.push_back(item);
  return words;
}

CliOption option_of(const CLI::Option& opt) {
  CliOption o;
  o.positional = !opt.nonpositional();
  o.required = opt.get_required();
  o.help = opt.get_description();
  o.words = member_words(opt.get_type_name());
  if (o.positional) {
    o.value = upper(opt.get_name(true));
    return o;
  }
  for (const auto& s : opt.get_snames()) o.names.push_back("-" + s);
  for (const auto& l : opt.get_lnames()) o.names.push_back("--" + l);
  if (opt.get_type_size_max() > 0) {
    // CLI11 appends its validators' descriptions after a colon ("INT:INT in [1 - 1048576]").
    std::string type = opt.get_type_name();
    o.value = type.substr(0, type.find(':'));
  }
  return o;
}

}  // namespace

CliModel cli_model(const CLI::App& app) {
  CliModel m;
  m.description = app.get_description();
  for (const CLI::App* sub : app.get_subcommands(std::function<bool(const CLI::App*)>{})) {
    CliCommand c{sub->get_name(), sub->get_description(), {}};
    // Positionals first, as the synopsis lists them; hidden options (no group) are left out.
    for (bool positional : {true, false})
      for (const CLI::Option* opt : sub->get_options()) {
        if (opt->get_group().empty() || opt->nonpositional() == positional) continue;
        c.options.push_back(option_of(*opt));
      }
    if (c.name == "quick")
      for (auto& o : c.options)
        if (o.positional)
          for (const auto& f : measure_funcs()) o.words.push_back(f.name);
    m.commands.push_back(std::move(c));
  }
  return m;
}

const std::vector<std::pair<int, std::string>>& exit_codes() {
  static const std::vector<std::pair<int, std::string>> codes = {
      {kExitOk, "success (warnings may have been printed)"},
      {kExitUsage, "usage: an unknown option, a missing argument, a value out of range"},
      {kExitScript,
       "the script has an error (syntax, names, types, values, communicators, buffers)"},
      {kExitRuntime, "a runtime failure or an internal error"},
      {kExitIo, "I/O: the script cannot be read, or a results folder cannot be written"}};
  return codes;
}

std::optional<int> run_doc_generator(const CLI::App& app, int argc, char** argv) {
  if (argc < 2) return std::nullopt;
  std::string what = argv[1];
  if (what != "--man" && what != "--man-pages" && what != "--completion") return std::nullopt;
  CliModel cli = cli_model(app);
  std::string arg = argc > 2 ? argv[2] : "";
  if (what == "--man") {
    if (arg.empty()) {
      std::fputs(man_page(cli, nullptr).c_str(), stdout);
      return kExitOk;
    }
    for (const auto& c : cli.commands)
      if (c.name == arg) {
        std::fputs(man_page(cli, &c).c_str(), stdout);
        return kExitOk;
      }
    print_message(DiagId::cli_no_subcommand, arg);
    return kExitUsage;
  }
  if (what == "--man-pages") {
    std::string error;
    if (arg.empty()) {
      print_message(DiagId::cli_man_pages_folder);
      return kExitUsage;
    }
    if (!write_man_pages(cli, arg, error)) {
      print_error(error);
      return kExitIo;
    }
    return kExitOk;
  }
  if (arg == "bash" || arg == "zsh") {
    std::fputs((arg == "bash" ? bash_completion(cli) : zsh_completion(cli)).c_str(), stdout);
    return kExitOk;
  }
  print_message(DiagId::cli_completion_shell);
  return kExitUsage;
}

}  // namespace metron
