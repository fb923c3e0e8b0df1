// Script inputs (see script_input.h).
#include "interpreter/script_input.h"

#include <cstdio>
#include <filesystem>

namespace metron {

ScriptInput script_from_file(const std::string& path) {
  return {path, std::nullopt, std::filesystem::path(path).stem().string()};
}

ScriptInput script_from_text(std::string name, std::string text, std::string stem) {
  return {std::move(name), std::move(text), std::move(stem)};
}

std::optional<std::string> read_standard_input() {
  std::string text;
  char buf[65536];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0) {
    text.append(buf, n);
    if (text.size() > kMaxStreamScriptBytes) return std::nullopt;
  }
  if (std::ferror(stdin)) return std::nullopt;
  return text;
}

FileReader script_reader(const ScriptInput& in, FileReader base) {
  if (!in.text) return base;
  return [name = in.name, text = *in.text, base = std::move(base)](const std::string& path,
                                                                   FileUse use) -> FileRead {
    if (path == name && use == FileUse::Script) return {text};
    return base(path, use);
  };
}

}  // namespace metron
