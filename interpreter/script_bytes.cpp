// The checks of a script's bytes (see script_bytes.h).
#include "interpreter/script_bytes.h"

#include <fmt/format.h>

#include <optional>
#include <string>

namespace metron::front {

namespace {

// Returns the offset of the first byte that is not valid UTF-8 (or a NUL), if any.
std::optional<std::size_t> first_bad_byte(const std::string& s, bool& is_nul) {
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == '\0') {
      is_nul = true;
      return i;
    }
    std::size_t len = utf8_char_length(s, i);
    if (len == 0) return i;
    i += len;
  }
  return std::nullopt;
}

// The offset of the first line longer than kMaxScriptLineBytes (its start), or nullopt.
std::optional<std::size_t> first_long_line(const std::string& s) {
  std::size_t start = 0;
  while (start < s.size()) {
    std::size_t end = s.find('\n', start);
    if (end == std::string::npos) end = s.size();
    if (end - start > kMaxScriptLineBytes) return start;
    start = end + 1;
  }
  return std::nullopt;
}

}  // namespace

bool script_bytes_valid(const SourceManager& sm, FileId id, DiagnosticEngine& diags) {
  const std::string& text = sm.file(id).text();
  bool is_nul = false;
  auto bad = first_bad_byte(text, is_nul);
  if (!bad) return true;
  SourceRange r{{id, static_cast<std::uint32_t>(*bad)}, {id, static_cast<std::uint32_t>(*bad)}};
  if (is_nul)
    diags.report(DiagId::nul_byte, r);
  else
    diags.report(DiagId::invalid_utf8, r,
                 fmt::format("{:02x}", static_cast<unsigned char>(text[*bad])));
  return false;
}

bool script_lines_within_limit(const SourceManager& sm, FileId id, DiagnosticEngine& diags) {
  auto at = first_long_line(sm.file(id).text());
  if (!at) return true;
  const auto o = static_cast<std::uint32_t>(*at);
  diags.report(DiagId::line_too_long, SourceRange{{id, o}, {id, o}}, kMaxScriptLineBytes >> 20);
  return false;
}

}  // namespace metron::front
