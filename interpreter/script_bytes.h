// The checks of a script's bytes before it is lexed: UTF-8 without NUL bytes, and no line past
// kMaxScriptLineBytes (runtime/plan/source.h). Each reports the first offending place.
#pragma once

#include "runtime/plan/diagnostics.h"
#include "runtime/plan/source.h"

namespace metron::front {

// Whether the file is UTF-8 without NUL bytes; reports the first bad byte otherwise.
bool script_bytes_valid(const SourceManager& sm, FileId id, DiagnosticEngine& diags);

// Whether every line is within kMaxScriptLineBytes; reports where the first longer one starts.
bool script_lines_within_limit(const SourceManager& sm, FileId id, DiagnosticEngine& diags);

}  // namespace metron::front
