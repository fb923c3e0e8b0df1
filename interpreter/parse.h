// Parsing: script text (and its @include files) -> AST, with syntax diagnostics. This, its pieces
// (nesting_guard, syntax_error_strategy, token_classes) and builder/*.cpp are the only files that
// see ANTLR's generated types.
#pragma once

#include "interpreter/ast.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/source.h"

namespace metron {

inline constexpr int kMaxIncludeDepth = 10;  // SKaMPI's limit
inline constexpr int kMaxNesting = 200;      // brackets, unary chains and blocks, per file
inline constexpr int kMaxChain = 10'000;
inline constexpr int kMaxListItems = 100'000;  // elements of one list literal ([a, b, ...])     //
                                               // binary operators in a row at one bracket level
// The deepest expression tree the builder accepts (a defence behind the two limits above).
inline constexpr int kMaxExprDepth = 20'000;

// Parses the file `main` (already loaded into sm) and every file it includes. Syntax errors are
// reported to diags; the returned AST holds what could be recovered. `from_recording`: see
// BuildOptions::from_recording.
ast::Script parse_script(SourceManager& sm, FileId main, DiagnosticEngine& diags,
                         bool from_recording = false);

}  // namespace metron
