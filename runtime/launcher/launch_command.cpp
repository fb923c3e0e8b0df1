// Launcher template expansion (see launch_command.h).
#include "runtime/launcher/launch_command.h"
#include "runtime/plan/diagnostics.h"

#include <algorithm>

namespace metron::launcher {

const std::vector<std::string>& launcher_placeholders() {
  static const std::vector<std::string> names = {"np",     "metron",    "script", "dir",
                                                 "launch", "replicate", "levels", "seed"};
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
  for (const auto& w : words) {
    std::string out;
    if (!substitute(w, values, out, error)) return {};
    argv.push_back(std::move(out));
  }
  return argv;
}

}  // namespace metron::launcher
