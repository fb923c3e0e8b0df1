// The nesting guard of the lexer (see nesting_guard.h).
#include "interpreter/nesting_guard.h"

#include "interpreter/parse.h"
#include "interpreter/token_classes.h"

namespace metron::front {

using bench_grammar::BenchParser;

bool NestingGuard::accept(antlr4::Token* t) {
  if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL) return true;
  std::size_t type = t->getType();
  bool bracket_open =
      type == BenchParser::LPAREN || type == BenchParser::LBRACK || type == BenchParser::LBRACE;
  bool bracket_close =
      type == BenchParser::RPAREN || type == BenchParser::RBRACK || type == BenchParser::RBRACE;
  if (bracket_open || type == BenchParser::DO || type == BenchParser::THEN ||
      type == BenchParser::BEGIN)
    ++depth_;
  if ((bracket_close || type == BenchParser::OD || type == BenchParser::FI ||
       type == BenchParser::END) &&
      depth_ > 0)
    --depth_;
  bool prefix = is_prefix_op(type) &&
                (is_prefix_op(prev_) || binary_ops().count(prev_) || prev_ == BenchParser::LPAREN ||
                 prev_ == BenchParser::ASSIGN || prev_ == BenchParser::COMMA);
  unary_run_ = prefix ? unary_run_ + 1 : 0;
  if (depth_ + unary_run_ > kMaxNesting) {
    diags_.report(DiagId::too_deep, b_.range(t), kMaxNesting);
    return false;
  }
  if (bracket_open) {
    chain_.push_back(0);
    list_items_.push_back(type == BenchParser::LBRACK ? 1 : -1);
  } else if (bracket_close) {
    if (chain_.size() > 1) chain_.pop_back();
    if (list_items_.size() > 1) list_items_.pop_back();
  } else if (type == BenchParser::COMMA && list_items_.back() >= 0 &&
             ++list_items_.back() > kMaxListItems) {
    diags_.report(DiagId::list_too_long, b_.range(t), kMaxListItems);
    return false;
  } else if (binary_ops().count(type) && is_operand_end(prev_)) {
    if (++chain_.back() > kMaxChain) {
      diags_.report(DiagId::expr_too_long, b_.range(t), kMaxChain);
      return false;
    }
  } else if (!binary_ops().count(type) && !prefix && !is_operand_end(type)) {
    chain_.back() = 0;  // a keyword, '=', ',' or ':' ends the expression
  } else if (is_operand_end(type) && is_operand_end(prev_)) {
    chain_.back() = 0;  // two operands in a row: a new statement began
  }
  prev_ = type;
  return true;
}

}  // namespace metron::front
