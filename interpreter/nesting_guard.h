// The nesting guard of the lexer (see the class).
#pragma once

#include <cstddef>
#include <vector>

#include "interpreter/builder/builder.h"

namespace metron::front {

// Bounds nesting and operator chains while the lexer runs, so that neither ANTLR's recursive
// descent nor the builder and evaluator (which recurse on the tree) can overflow the stack, and
// so that a pathological input is refused after its first few thousand tokens instead of being
// lexed whole:
//  - brackets, runs of prefix operators and open blocks: at most kMaxNesting deep;
//  - binary operators in a row at one bracket level (1+1+...+1): at most kMaxChain;
//  - elements of one list literal: at most kMaxListItems (each costs about 1 KB of parse tree).
class NestingGuard {
 public:
  NestingGuard(Builder& b, DiagnosticEngine& diags) : b_(b), diags_(diags) {}

  // Takes the next token; false (after reporting) when a limit is passed.
  bool accept(antlr4::Token* t);

 private:
  static bool is_prefix_op(std::size_t t) {
    return t == BenchParser::MINUS || t == BenchParser::PLUS || t == BenchParser::NOT ||
           t == BenchParser::TILDE;
  }

  Builder& b_;
  DiagnosticEngine& diags_;
  int depth_ = 0;
  int unary_run_ = 0;
  std::vector<int> chain_ = std::vector<int>(1, 0);        // operators in a row, per bracket level
  std::vector<int> list_items_ = std::vector<int>(1, -1);  // elements so far; -1: not a list
  std::size_t prev_ = antlr4::Token::INVALID_TYPE;
};
}  // namespace metron::front
