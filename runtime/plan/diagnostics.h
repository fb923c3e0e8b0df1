// Diagnostics: ids from diagnostics.def, a sink that collects them, and the text renderer
// (file:line:col: severity: message, the source line, a caret or underline, then notes).
#pragma once

#include <fmt/args.h>
#include <fmt/format.h>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "runtime/plan/printable_text.h"
#include "runtime/plan/source.h"

namespace metron {

// Status: a line about progress or an outcome, printed as "metron: text" (no severity word).
enum class Severity { Note, Warning, Error, Fatal, Status };

// One catalogue: the messages about a script (diagnostics.def) and the messages of the runtime,
// launcher, analysis, report and CLI (messages.def) share one id type and one formatter.
enum class DiagId : std::uint16_t {
#define DIAG(id, sev, fmt) id,
#include "runtime/plan/diagnostics.def"
#include "runtime/plan/messages.def"
#undef DIAG
};

// The ids of diagnostics.def come first: messages about a place in a script.
inline constexpr std::size_t kScriptDiagCount = 0
#define DIAG(id, sev, fmt) +1
#include "runtime/plan/diagnostics.def"
#undef DIAG
    ;

struct DiagInfo {
  const char* name;
  Severity severity;
  const char* format;
};
const DiagInfo& diag_info(DiagId id);
std::size_t diag_count();  // number of ids in the catalogue
DiagId diag_by_index(std::size_t i);

struct Diagnostic {
  DiagId id;
  Severity severity;
  SourceRange range;
  std::string message;  // already formatted from the catalogue
  std::vector<Diagnostic> notes;
};

// Thrown by DiagnosticEngine::report when the error limit is reached, to unwind out of a pass.
struct TooManyErrors {};

class DiagnosticEngine {
 public:
  explicit DiagnosticEngine(const SourceManager& sm, int max_errors = 20)
      : sm_(sm), max_errors_(max_errors) {}

  // Formats the catalogue message with args and records it. Throws TooManyErrors after
  // recording a fatal "too many errors" when the limit is passed. A repeat of a diagnostic
  // already reported at the same place is dropped, and so are the notes that follow it.
  template <typename... Args>
  void report(DiagId id, SourceRange range, const Args&... args) {
    add(id, range, {to_arg(args)...});
  }
  // The same with the arguments already formatted (shared checks that return an OpProblem).
  void report_args(DiagId id, SourceRange range, std::vector<std::string> args) {
    add(id, range, std::move(args));
  }
  // Appends a note to the most recent diagnostic.
  template <typename... Args>
  void note(DiagId id, SourceRange range, const Args&... args) {
    add_note(id, range, {to_arg(args)...});
  }

  bool has_errors() const { return errors_ > 0; }
  int error_count() const { return errors_; }
  const std::vector<Diagnostic>& all() const { return diags_; }
  // Renders every diagnostic, in the order reported, as the text users see.
  std::string render() const;
  std::string render(const Diagnostic& d) const;
  const SourceManager& sources() const { return sm_; }
  // Orders the diagnostics reported since `first` by position (lexical and syntax errors of one
  // file are found in two passes but read best in source order).
  void sort_from(std::size_t first);

 private:
  // Arguments are cut to kMaxArgBytes: a 10 MB identifier must not become a 10 MB message.
  static constexpr std::size_t kMaxArgBytes = 80;
  static std::string to_arg(std::string_view s);
  static std::string to_arg(const std::string& s) { return to_arg(std::string_view(s)); }
  static std::string to_arg(const char* s) { return to_arg(std::string_view(s)); }
  template <typename T>
  static std::string to_arg(const T& v) {
    return std::to_string(v);
  }
  void add(DiagId id, SourceRange range, std::vector<std::string> args);
  void add_note(DiagId id, SourceRange range, std::vector<std::string> args);
  void render_one(std::string& out, const Diagnostic& d) const;

  const SourceManager& sm_;
  int max_errors_;
  // A diagnostic reported again at the same place (a loop body runs many times) is dropped,
  // with its notes; the set holds (id, file, offset).
  std::set<std::tuple<DiagId, FileId, std::uint32_t>> seen_;
  bool dropping_notes_ = false;
  int errors_ = 0;
  std::vector<Diagnostic> diags_;
};

std::string format_message(DiagId id, const std::vector<std::string>& args);

// --- messages about no place in a script (messages.def) ----------------------------------------
using MessageArgs = fmt::dynamic_format_arg_store<fmt::format_context>;
std::string vformat_message(DiagId id, const MessageArgs& args);

// A message's arguments as they are formatted: text through printable_text (a name or value
// from someone else's file never reaches the terminal raw), everything else as it is.
inline std::string message_arg(const std::string& s) {
  return printable_text(s);
}
inline std::string message_arg(std::string_view s) {
  return printable_text(s);
}
inline std::string message_arg(const char* s) {
  return printable_text(s);
}
inline std::string message_arg(const MultilineText& s) {
  return printable_text(s.text, true);
}
template <typename T>
const T& message_arg(const T& v) {
  return v;
}

// The text of a catalogue message with its arguments (uncut, typed: "{:g}" takes a double).
template <typename... Args>
std::string message_text(DiagId id, const Args&... args) {
  MessageArgs store;
  (store.push_back(message_arg(args)), ...);
  return vformat_message(id, store);
}
// A message as printed: "metron: error: text" ("metron: text" for Status), no newline.
std::string message_line_of(Severity severity, const std::string& text);
template <typename... Args>
std::string message_line(DiagId id, const Args&... args) {
  return message_line_of(diag_info(id).severity, message_text(id, args...));
}
// Writes message_line and a newline to stderr (through printable_text, line breaks kept).
void print_line(const std::string& line);
template <typename... Args>
void print_message(DiagId id, const Args&... args) {
  print_line(message_line(id, args...));
}
// A text made by message_text elsewhere (a function that reports through an error string),
// printed with the given severity's prefix.
void print_error(const std::string& text);
void print_warning(const std::string& text);

// A message about a place in a script found at run time (a failed job: its `measure` statement),
// rendered like a front-end diagnostic: file:line:col, the source line and a caret. text is the
// catalogue message, formatted (on the rank that found it: a job's error travels as text).
std::string render_at(const SourceManager& sm, Severity severity, SourceRange range,
                      const std::string& text);

// Text of a source line made safe to print: control bytes and invalid UTF-8 become '?'.
std::string printable_line(std::string_view line);

// "did you mean" helper: the candidate closest to name by edit distance, if close enough.
std::string closest_match(const std::string& name, const std::vector<std::string>& candidates);

}  // namespace metron
