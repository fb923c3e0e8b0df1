// Test helper: runs the front end on script text held in memory (no files), through the same
// load_program a command uses, with a FileReader that serves the given files.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "interpreter/program.h"

namespace metron::test {

// Files by path; the main script is "main.bench".
inline std::unique_ptr<Program> load_files(std::map<std::string, std::string> files,
                                           BuildOptions options = {}) {
  if (options.np == 1) options.np = 4;
  return load_program("main.bench", options,
                      [files = std::move(files)](const std::string& p, FileUse) -> FileRead {
                        auto it = files.find(p);
                        if (it == files.end())
                          return {std::nullopt, false, false, "no such file or directory"};
                        return {it->second};
                      });
}

inline std::unique_ptr<Program> load_text(const std::string& text, BuildOptions options = {}) {
  return load_files({{"main.bench", text}}, options);
}

// The ids of the diagnostics reported, in order, for compact checks.
inline std::string diag_ids(const Program& p) {
  std::string out;
  for (const auto& d : p.diags.all()) {
    if (!out.empty()) out += " ";
    out += diag_info(d.id).name;
  }
  return out;
}

}  // namespace metron::test
