// The parser's error strategy: ANTLR's recovery with Metron's messages (diagnostics.def): one
// error per line, a lexical error not reported again as the syntax error it causes.
#pragma once

#include <cstddef>
#include <memory>
#include <set>

#include "interpreter/builder/builder.h"

namespace metron::front {

// lex_errors: indices of the tokens that had a lexical error.
std::shared_ptr<antlr4::ANTLRErrorStrategy> make_syntax_error_strategy(
    Builder& builder, DiagnosticEngine& diags, std::set<std::size_t> lex_errors);

}  // namespace metron::front
