// Diagnostic catalogue lookup, formatting and rendering with source line and caret.
#include "runtime/plan/diagnostics.h"

#include <fmt/args.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>

namespace metron {

namespace {
constexpr DiagInfo kDiagTable[] = {
#define DIAG(id, sev, fmt) {#id, Severity::sev, fmt},
#include "runtime/plan/diagnostics.def"
#include "runtime/plan/messages.def"
#undef DIAG
};

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Note:
      return "note";
    case Severity::Warning:
      return "warning";
    case Severity::Error:
      return "error";
    case Severity::Fatal:
      return "fatal error";
    case Severity::Status:
      return "";
  }
  return "error";
}

// Lines longer than this are shown as a window around the caret.
constexpr std::size_t kMaxShownLine = 160;
}  // namespace

const DiagInfo& diag_info(DiagId id) {
  return kDiagTable[static_cast<std::size_t>(id)];
}
std::size_t diag_count() {
  return std::size(kDiagTable);
}
DiagId diag_by_index(std::size_t i) {
  return static_cast<DiagId>(i);
}

std::string format_message(DiagId id, const std::vector<std::string>& args) {
  fmt::dynamic_format_arg_store<fmt::format_context> store;
  for (const auto& a : args) store.push_back(a);
  try {
    return fmt::vformat(diag_info(id).format, store);
  } catch (const fmt::format_error&) {
    return std::string(diag_info(id).format);  // a catalogue bug; still print something
  }
}

std::string vformat_message(DiagId id, const MessageArgs& args) {
  try {
    return fmt::vformat(diag_info(id).format, args);
  } catch (const fmt::format_error&) {
    return std::string(diag_info(id).format);  // a catalogue bug; still print something
  }
}

std::string message_line_of(Severity severity, const std::string& text) {
  if (severity == Severity::Status) return "metron: " + text;
  return fmt::format("metron: {}: {}", severity_name(severity), text);
}

void print_line(const std::string& line) {
  std::fprintf(stderr, "%s\n", printable_text(line, true).c_str());
}

void print_error(const std::string& text) {
  print_line(message_line_of(Severity::Error, text));
}

void print_warning(const std::string& text) {
  print_line(message_line_of(Severity::Warning, text));
}

std::string render_at(const SourceManager& sm, Severity severity, SourceRange range,
                      const std::string& text) {
  const DiagnosticEngine engine(sm);
  // Rendering reads the severity, the range and the text; the id is not shown.
  return engine.render(Diagnostic{DiagId{}, severity, range, text, {}});
}

std::string DiagnosticEngine::to_arg(std::string_view s) {
  if (s.size() <= kMaxArgBytes) return printable_text(s);
  // Cut at a character boundary so the message stays valid UTF-8.
  std::size_t cut = kMaxArgBytes - 3;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xc0) == 0x80) --cut;
  return printable_text(s.substr(0, cut)) + "...";
}

void DiagnosticEngine::add(DiagId id, SourceRange range, std::vector<std::string> args) {
  Severity sev = diag_info(id).severity;
  dropping_notes_ = false;
  if (range.begin.valid() && !seen_.emplace(id, range.begin.file, range.begin.offset).second) {
    dropping_notes_ = true;
    return;
  }
  diags_.push_back({id, sev, range, format_message(id, args), {}});
  if (sev == Severity::Error || sev == Severity::Fatal) ++errors_;
  if (sev == Severity::Error && errors_ >= max_errors_) {
    diags_.push_back({DiagId::too_many_errors,
                      Severity::Fatal,
                      range,
                      format_message(DiagId::too_many_errors, {}),
                      {}});
    throw TooManyErrors{};
  }
}

void DiagnosticEngine::add_note(DiagId id, SourceRange range, std::vector<std::string> args) {
  if (diags_.empty() || dropping_notes_) return;
  diags_.back().notes.push_back({id, Severity::Note, range, format_message(id, args), {}});
}

void DiagnosticEngine::sort_from(std::size_t first) {
  if (first >= diags_.size()) return;
  std::stable_sort(diags_.begin() + static_cast<std::ptrdiff_t>(first), diags_.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     if (a.range.begin.file != b.range.begin.file)
                       return a.range.begin.file < b.range.begin.file;
                     return a.range.begin.offset < b.range.begin.offset;
                   });
}

std::string printable_line(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  std::size_t i = 0;
  while (i < line.size()) {
    auto c = static_cast<unsigned char>(line[i]);
    std::size_t len = utf8_char_length(line, i);
    if (len == 1) {
      out.push_back((c < 0x20 && c != '\t') || c == 0x7f ? '?' : static_cast<char>(c));
    } else if (len == 0 || (c == 0xc2 && static_cast<unsigned char>(line[i + 1]) < 0xa0)) {
      out.push_back('?');  // invalid, or a C1 control character (U+0080..U+009F)
      len = len == 0 ? 1 : len;
    } else {
      out.append(line.substr(i, len));
    }
    i += len;
  }
  return out;
}

void DiagnosticEngine::render_one(std::string& out, const Diagnostic& d) const {
  if (!d.range.begin.valid()) {
    out += message_line_of(d.severity, d.message) + "\n";
    return;
  }
  const SourceFile& f = sm_.file(d.range.begin.file);
  const std::string name = printable_text(f.name());  // a recorded name, perhaps someone else's
  LineCol lc = f.line_col(d.range.begin.offset);
  if (f.is_private()) {  // where, not what (a note there adds nothing without the text)
    if (d.severity != Severity::Note)
      out += fmt::format("{}:{}:{}: {}: {}\n", name, lc.line, lc.col, severity_name(d.severity),
                         diag_info(DiagId::private_file).format);
    return;
  }
  out += fmt::format("{}:{}:{}: {}: {}\n", name, lc.line, lc.col, severity_name(d.severity),
                     d.message);
  std::string_view line = f.line_text(lc.line);
  // Underline to the end of the range when it stays on this line, else a single caret.
  std::size_t col0 = lc.col - 1;
  std::size_t width = 1;
  if (d.range.end.valid() && d.range.end.file == d.range.begin.file &&
      d.range.end.offset > d.range.begin.offset) {
    LineCol le = f.line_col(d.range.end.offset);
    if (le.line == lc.line)
      width = le.col - lc.col;
    else
      width = line.size() > col0 ? line.size() - col0 : 1;
  }
  std::size_t shown_from = 0;
  std::string prefix;
  if (line.size() > kMaxShownLine) {
    shown_from = col0 > kMaxShownLine / 2 ? col0 - kMaxShownLine / 2 : 0;
    prefix = shown_from > 0 ? "..." : "";
    line = line.substr(shown_from, kMaxShownLine);
    width = std::min(width, kMaxShownLine / 2);
  }
  std::string text = prefix + printable_line(line);
  std::string gutter = fmt::format("{:>5}", lc.line);
  out += fmt::format("{} | {}\n", gutter, text);
  std::string marker(gutter.size(), ' ');
  marker += " | ";
  // Keep tabs so the caret lines up with the source as the terminal shows it.
  std::size_t caret_col = prefix.size() + (col0 - shown_from);
  std::string shown_prefix =
      prefix + std::string(line.substr(0, std::min(line.size(), col0 - shown_from)));
  for (std::size_t i = 0; i < caret_col; ++i)
    marker.push_back(i < shown_prefix.size() && shown_prefix[i] == '\t' ? '\t' : ' ');
  marker.push_back('^');
  if (width > 1) marker.append(width - 1, '~');
  out += marker + "\n";
}

std::string DiagnosticEngine::render(const Diagnostic& d) const {
  std::string out;
  render_one(out, d);
  for (const auto& n : d.notes) render_one(out, n);
  return out;
}

std::string DiagnosticEngine::render() const {
  std::string out;
  std::vector<FileId> private_shown;  // one line per private file: the first place is enough
  for (const auto& d : diags_) {
    const FileId file = d.range.begin.file;
    if (d.range.begin.valid() && sm_.file(file).is_private()) {
      if (std::find(private_shown.begin(), private_shown.end(), file) != private_shown.end())
        continue;
      private_shown.push_back(file);
    }
    out += render(d);
  }
  return out;
}

std::string closest_match(const std::string& name, const std::vector<std::string>& candidates) {
  auto lower = [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
  auto distance = [&](const std::string& a, const std::string& b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      cur[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j) {
        std::size_t sub = prev[j - 1] + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
        cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
      }
      std::swap(prev, cur);
    }
    return prev[b.size()];
  };
  // Names longer than any plausible identifier get no suggestion (the distance is quadratic).
  constexpr std::size_t kMaxSuggestLength = 64;
  if (name.size() > kMaxSuggestLength) return {};
  std::string best;
  std::size_t best_d = std::max<std::size_t>(1, name.size() / 3) + 1;  // allow ~1 edit per 3 chars
  for (const auto& c : candidates) {
    if (c == name) continue;
    // The distance is at least the difference in length: skip hopeless candidates cheaply.
    std::size_t diff = c.size() > name.size() ? c.size() - name.size() : name.size() - c.size();
    if (diff >= best_d) continue;
    std::size_t d = distance(name, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return best;
}

}  // namespace metron
