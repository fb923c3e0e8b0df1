// Launcher template expansion (see launch_command.h).
#include "runtime/launcher/launch_command.h"
#include "runtime/plan/diagnostics.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace metron::launcher {

const std::vector<std::string>& launcher_placeholders() {
  static const std::vector<std::string> names = {"np",        "metron", "script", "dir", "launch",
                                                 "replicate", "levels", "seed",   "env"};
  return names;
}

namespace {

// Replaces every {name} in `word`; false with `error` set on an unknown or unclosed one.
bool substitute(const std::string& word, const std::map<std::string, std::string>& values,
                std::string& out, std::string& error) {
  out.clear();
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (word[i] != '{') {
      out.push_back(word[i]);
      continue;
    }
    std::size_t close = word.find('}', i);
    if (close == std::string::npos) {
      error = message_text(DiagId::launcher_unclosed_brace, word);
      return false;
    }
    std::string name = word.substr(i + 1, close - i - 1);
    const auto& known = launcher_placeholders();
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      error = message_text(DiagId::unknown_placeholder, name);
      return false;
    }
    auto it = values.find(name);
    if (it != values.end()) out += it->second;
    i = close;
  }
  return true;
}

// A word that is exactly {env:FLAG}: FLAG NAME for each name in the comma-separated `names`.
// false when `word` is not of that form.
bool expand_env_flags(const std::string& word, const std::string& names,
                      std::vector<std::string>& argv) {
  constexpr std::string_view kOpen = "{env:";
  if (word.size() <= kOpen.size() + 1 || word.compare(0, kOpen.size(), kOpen) != 0 ||
      word.back() != '}')
    return false;
  const std::string flag = word.substr(kOpen.size(), word.size() - kOpen.size() - 1);
  if (flag.find_first_of("{}") != std::string::npos) return false;
  std::size_t start = 0;
  while (start < names.size()) {
    std::size_t comma = names.find(',', start);
    if (comma == std::string::npos) comma = names.size();
    if (comma > start) {
      argv.push_back(flag);
      argv.push_back(names.substr(start, comma - start));
    }
    start = comma + 1;
  }
  return true;
}

}  // namespace

std::vector<std::string> expand_launcher(const std::string& tmpl,
                                         const std::map<std::string, std::string>& values,
                                         std::string& error) {
  // Words first, on the template text only: values are inserted afterwards, so a value with a
  // blank or a quote can never become two arguments.
  std::vector<std::string> words;
  std::string cur;
  bool in_word = false;
  char quote = 0;
  for (char c : tmpl) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        cur.push_back(c);
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(cur);
      cur.clear();
      in_word = false;
    } else {
      cur.push_back(c);
      in_word = true;
    }
  }
  if (quote) {
    error = message_text(DiagId::launcher_unclosed_quote);
    return {};
  }
  if (in_word) words.push_back(cur);
  if (words.empty()) {
    error = message_text(DiagId::launcher_empty);
    return {};
  }
  std::vector<std::string> argv;
  const auto env = values.find("env");
  for (const auto& w : words) {
    if (expand_env_flags(w, env == values.end() ? "" : env->second, argv)) continue;
    std::string out;
    if (!substitute(w, values, out, error)) return {};
    argv.push_back(std::move(out));
  }
  return argv;
}

bool is_default_launcher(const std::string& tmpl) {
  if (tmpl.empty()) return true;
  std::string err;
  const std::vector<std::string> words = expand_launcher(tmpl, {}, err);
  if (words.size() < 3) return false;
  const std::string& program = words[0];
  const std::string base = program.substr(program.rfind('/') + 1);
  constexpr std::array<std::string_view, 9> kLaunchers = {
      "mpiexec",         "mpirun",         "mpiexec.mpich", "mpirun.mpich", "mpiexec.hydra",
      "mpiexec.openmpi", "mpirun.openmpi", "orterun",       "prterun"};
  if (std::find(kLaunchers.begin(), kLaunchers.end(), base) == kLaunchers.end()) return false;
  // The rest as a default template writes it, with or without Open MPI's {env:-x}.
  const std::size_t after = tmpl.find(' ', tmpl.find_first_not_of(" ") + program.size());
  if (after == std::string::npos) return false;
  const std::string rest = tmpl.substr(after);
  const std::string tail =
      " {metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} "
      "--quiet";
  return rest == " -n {np}" + tail || rest == " -n {np} {env:-x}" + tail;
}

}  // namespace metron::launcher
