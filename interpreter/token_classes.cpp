// The grammar's tokens for messages and the nesting guard (see token_classes.h).
#include "interpreter/token_classes.h"

#include "runtime/plan/diagnostics.h"

namespace metron::front {

using bench_grammar::BenchParser;

std::string token_display(const antlr4::dfa::Vocabulary& voc, std::size_t type) {
  if (type == antlr4::Token::EOF) return "end of file";
  switch (type) {
    case BenchParser::INT:
    case BenchParser::HEX:
    case BenchParser::DOUBLE:
      return "a number";
    case BenchParser::SIZE:
      return "a size";
    case BenchParser::TIME:
      return "a time";
    case BenchParser::PERCENT:
      return "a percentage";
    case BenchParser::STRING:
      return "a string";
    case BenchParser::IDENT:
      return "a name";
  }
  if (type == BenchParser::END) return "'end measurement'";
  std::string lit = voc.getLiteralName(type);  // quoted, e.g. 'od'
  return lit.empty() ? voc.getSymbolicName(type) : lit;
}

// The opener that a closing token pairs with, for "'od' without a matching 'do'".
const char* opener_of(std::size_t closer) {
  switch (closer) {
    case BenchParser::OD:
      return "'do'";
    case BenchParser::FI:
      return "'if'";
    case BenchParser::END:
      return "'begin measurement'";
    case BenchParser::RPAREN:
      return "'('";
    case BenchParser::RBRACK:
      return "'['";
    default:
      return "'{'";
  }
}

std::string found_display(antlr4::Token* t) {
  if (!t || t->getType() == antlr4::Token::EOF) return "end of file";
  std::string text = t->getText();
  if (t->getType() == BenchParser::STRING) {
    if (text.size() > 24) text = text.substr(0, 20) + "...\"";
    return "string " + printable_line(text);
  }
  if (text.size() > 24) text = text.substr(0, 20) + "...";
  return "'" + printable_line(text) + "'";
}

bool is_closer(std::size_t t) {
  return t == BenchParser::OD || t == BenchParser::FI || t == BenchParser::END ||
         t == BenchParser::RPAREN || t == BenchParser::RBRACK || t == BenchParser::RBRACE;
}

const std::set<std::size_t>& expr_starts() {
  static const std::set<std::size_t> s = {
      BenchParser::INT,      BenchParser::HEX,     BenchParser::SIZE,      BenchParser::DOUBLE,
      BenchParser::TIME,     BenchParser::PERCENT, BenchParser::STRING,    BenchParser::IDENT,
      BenchParser::LPAREN,   BenchParser::LBRACK,  BenchParser::LBRACE,    BenchParser::MINUS,
      BenchParser::PLUS,     BenchParser::NOT,     BenchParser::TILDE,     BenchParser::SET,
      BenchParser::STOP,     BenchParser::WHEN,    BenchParser::REPLICATE, BenchParser::FACTOR,
      BenchParser::AS,       BenchParser::ENV,     BenchParser::SHUFFLE,   BenchParser::SEED,
      BenchParser::WITHIN,   BenchParser::EXPECT,  BenchParser::CLAIM,     BenchParser::BY,
      BenchParser::PUBLISHED};
  return s;
}
const std::set<std::size_t>& stmt_starts() {
  static const std::set<std::size_t> s = {
      BenchParser::BEGIN,  BenchParser::INCLUDE, BenchParser::FOR,   BenchParser::AUTOREFINE,
      BenchParser::IF,     BenchParser::MEASURE, BenchParser::PRINT, BenchParser::PRINT_ALL,
      BenchParser::FLUSH,  BenchParser::SET,     BenchParser::STOP,  BenchParser::REPLICATE,
      BenchParser::FACTOR, BenchParser::SHUFFLE, BenchParser::IDENT, BenchParser::AS,
      BenchParser::ENV,    BenchParser::SEED,    BenchParser::WHEN,  BenchParser::WITHIN,
      BenchParser::EXPECT, BenchParser::CLAIM,   BenchParser::BY,    BenchParser::PUBLISHED};
  return s;
}
const std::set<std::size_t>& binary_ops() {
  static const std::set<std::size_t> s = {
      BenchParser::STAR,  BenchParser::SLASH, BenchParser::PERCENT_OP, BenchParser::PLUS,
      BenchParser::MINUS, BenchParser::LT,    BenchParser::LE,         BenchParser::GT,
      BenchParser::GE,    BenchParser::EQ,    BenchParser::NE,         BenchParser::LTGT,
      BenchParser::AMP,   BenchParser::PIPE,  BenchParser::AND,        BenchParser::OR,
      BenchParser::WITHIN};
  return s;
}

std::string join_alternatives(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " or " : ", ";
    out += items[i];
  }
  return out;
}

bool is_operand_end(std::size_t t) {
  switch (t) {
    case BenchParser::INT:
    case BenchParser::HEX:
    case BenchParser::SIZE:
    case BenchParser::DOUBLE:
    case BenchParser::TIME:
    case BenchParser::PERCENT:
    case BenchParser::STRING:
    case BenchParser::IDENT:
    case BenchParser::RPAREN:
    case BenchParser::RBRACK:
    case BenchParser::RBRACE:
    case BenchParser::BAD_NUMBER:
    case BenchParser::UNTERMINATED_STRING:
      return true;
  }
  return false;
}

}  // namespace metron::front
