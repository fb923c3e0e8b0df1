// The only ANTLR wiring: validate bytes, lex, bound nesting, parse with Metron's error strategy,
// build the AST, then resolve @include statements recursively.
#include "interpreter/parse.h"

#include <fmt/format.h>
#include <pthread.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>

#include "interpreter/builder/builder.h"
#include "interpreter/published_file.h"
#include "interpreter/stdlib_path.h"

namespace metron {

using bench_grammar::BenchLexer;
using bench_grammar::BenchParser;
using front::Builder;
using front::OffsetMap;

namespace {

// --- byte-level checks --------------------------------------------------------------------------

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

// --- describing tokens for messages --------------------------------------------------------------

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

// The error strategy: ANTLR's recovery, Metron's messages (see diagnostics.def).
class MetronErrorStrategy : public antlr4::DefaultErrorStrategy {
 public:
  // lex_errors: indices of the tokens that had a lexical error, so that the syntax error they
  // cause right after them is not reported again.
  MetronErrorStrategy(Builder& b, DiagnosticEngine& d, std::set<std::size_t> lex_errors)
      : builder_(b), diags_(d), lex_errors_(std::move(lex_errors)) {}

 protected:
  void reportNoViableAlternative(antlr4::Parser* p,
                                 const antlr4::NoViableAltException& e) override {
    report(p, e.getOffendingToken(), p->getExpectedTokens());
  }
  void reportInputMismatch(antlr4::Parser* p, const antlr4::InputMismatchException& e) override {
    report(p, e.getOffendingToken(), e.getExpectedTokens());
  }
  void reportFailedPredicate(antlr4::Parser* p,
                             const antlr4::FailedPredicateException& e) override {
    report(p, e.getOffendingToken(), p->getExpectedTokens());
  }
  void reportUnwantedToken(antlr4::Parser* p) override {
    if (inErrorRecoveryMode(p)) return;
    beginErrorCondition(p);
    report(p, p->getCurrentToken(), getExpectedTokens(p));
  }
  void reportMissingToken(antlr4::Parser* p) override {
    if (inErrorRecoveryMode(p)) return;
    beginErrorCondition(p);
    report(p, p->getCurrentToken(), getExpectedTokens(p));
  }

 private:
  void report(antlr4::Parser* p, antlr4::Token* found, const antlr4::misc::IntervalSet& expected) {
    SourceRange where = builder_.range(found);
    LineCol lc = diags_.sources().line_col(where.begin);
    // One error per line: later ones on the same line are usually a cascade of the first.
    if (!error_lines_.insert(lc.line).second) return;

    std::size_t type = found ? found->getType() : antlr4::Token::EOF;
    antlr4::TokenStream* stream = p->getTokenStream();
    antlr4::Token* before = nullptr;
    if (found && found->getTokenIndex() > 0 && found->getTokenIndex() != INVALID_INDEX) {
      std::size_t prev = found->getTokenIndex() - 1;
      if (lex_errors_.count(prev)) return;  // the lexical error explains this one
      before = stream->get(prev);
    }
    if (type == BenchParser::BAD_CHAR) {
      diags_.report(DiagId::illegal_char, where, printable_line(found->getText()));
      return;
    }
    if (type == BenchParser::UNTERMINATED_STRING) {
      diags_.report(DiagId::unterminated_string, where);
      return;
    }
    const auto& voc = p->getVocabulary();
    std::vector<std::size_t> closers;
    for (std::size_t t : expected.toList())
      if (is_closer(t)) closers.push_back(t);

    if (!closers.empty() && (type == antlr4::Token::EOF || is_closer(type))) {
      std::size_t want = closers.front();
      std::string want_name = token_display(voc, want);
      if (type == antlr4::Token::EOF)
        diags_.report(DiagId::missing_close, where, want_name);
      else
        diags_.report(DiagId::expected_but_found, where, want_name, found_display(found));
      note_opener(p, want);
      return;
    }
    if (is_closer(type) && closers.empty()) {
      // A closer with nothing open: say what it lacks rather than list what could come.
      diags_.report(DiagId::unmatched_closer, where, token_display(voc, type), opener_of(type));
      return;
    }
    diags_.report(DiagId::expected_but_found, where, describe(voc, expected), found_display(found));
    // `x = (1 + 2` and the next line's `y = ...`: the '(' is still open; say where it opened.
    for (std::size_t c : closers)
      if (c == BenchParser::RPAREN || c == BenchParser::RBRACK || c == BenchParser::RBRACE) {
        note_opener(p, c, lc.line);
        break;
      }
    if (before && before->getType() == BenchParser::PERCENT && type != antlr4::Token::EOF) {
      // `5% 3`: a percentage where a remainder was meant (5%3 without the space is one).
      std::string pct = before->getText();
      diags_.note(DiagId::note_percent_literal, builder_.range(before), pct,
                  pct.substr(0, pct.size() - 1));
    }
  }

  std::string describe(const antlr4::dfa::Vocabulary& voc, const antlr4::misc::IntervalSet& set) {
    std::vector<std::size_t> types;
    for (std::size_t t : set.toList()) types.push_back(t);
    auto count_in = [&](const std::set<std::size_t>& s) {
      std::size_t n = 0;
      for (auto t : types) n += s.count(t);
      return n;
    };
    std::vector<std::string> items;
    // Names and contextual keywords start both; only real statement keywords mean "statement",
    // and only a literal means "expression" (after `x = 1` a name may start the next statement,
    // but a number may not).
    bool statement = false, expression = false;
    for (auto t : types) {
      statement |= t == BenchParser::FOR || t == BenchParser::MEASURE || t == BenchParser::BEGIN ||
                   t == BenchParser::IF || t == BenchParser::PRINT;
      expression |= t == BenchParser::INT;
    }
    bool ops = count_in(binary_ops()) >= 5;
    std::vector<std::size_t> rest;
    for (auto t : types) {
      if (statement && stmt_starts().count(t)) continue;
      if (expression && expr_starts().count(t)) continue;
      if (binary_ops().count(t)) continue;
      rest.push_back(t);
    }
    for (auto t : rest) items.push_back(token_display(voc, t));
    if (expression) items.insert(items.begin(), "an expression");
    if (statement) items.insert(items.begin(), "a statement");
    if (ops && !expression) items.insert(items.begin(), "an operator");
    if (items.empty())
      for (auto t : types) items.push_back(token_display(voc, t));
    if (items.size() > 5) {
      items.resize(5);
      items.push_back("...");
    }
    return join_alternatives(items);
  }

  // Notes where the construct that `closer` would close was opened; with before_line, only if
  // that was on an earlier line (on the same line the caret already shows it).
  void note_opener(antlr4::Parser* p, std::size_t closer, std::uint32_t before_line = UINT32_MAX) {
    for (auto* ctx = p->getContext(); ctx;
         ctx = dynamic_cast<antlr4::ParserRuleContext*>(ctx->parent)) {
      antlr4::Token* open = nullptr;
      std::string what;
      if (closer == BenchParser::OD) {
        if (auto* c = dynamic_cast<BenchParser::RangeLoopStmtContext*>(ctx)) {
          open = c->getStart();
          what = c->forHead() && c->forHead()->AUTOREFINE() ? "'autorefine' loop" : "'for' loop";
        } else if (auto* l = dynamic_cast<BenchParser::ListLoopStmtContext*>(ctx)) {
          open = l->getStart();
          what = "'for' loop";
        }
      } else if (closer == BenchParser::FI) {
        if (auto* c = dynamic_cast<BenchParser::IfStmtContext*>(ctx)) {
          open = c->getStart();
          what = "'if'";
        }
      } else if (closer == BenchParser::END) {
        if (auto* c = dynamic_cast<BenchParser::MeasurementStmtContext*>(ctx)) {
          open = c->getStart();
          what = "measurement block";
        }
      } else if (closer == BenchParser::RPAREN) {
        if (auto* c = dynamic_cast<BenchParser::CallContext*>(ctx); c && c->LPAREN()) {
          open = c->LPAREN()->getSymbol();
          what = "'('";
        } else if (auto* pe = dynamic_cast<BenchParser::ParenExprContext*>(ctx)) {
          open = pe->getStart();
          what = "'('";
        }
      } else if (closer == BenchParser::RBRACK) {
        if (auto* c = dynamic_cast<BenchParser::ListLitContext*>(ctx)) {
          open = c->getStart();
          what = "'['";
        }
      } else if (closer == BenchParser::RBRACE) {
        if (auto* c = dynamic_cast<BenchParser::ArrayLitContext*>(ctx)) {
          open = c->getStart();
          what = "'{'";
        }
      }
      if (open) {
        SourceRange r = builder_.range(open);
        if (diags_.sources().line_col(r.begin).line < before_line)
          diags_.note(DiagId::note_opened_here, r, what);
        return;
      }
    }
  }

  Builder& builder_;
  DiagnosticEngine& diags_;
  std::set<std::uint32_t> error_lines_;  // lines with a syntax error: one per line
  std::set<std::size_t> lex_errors_;
};

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
  bool accept(antlr4::Token* t) {
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
    bool prefix =
        is_prefix_op(type) &&
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

struct ParseContext {
  SourceManager& sm;
  DiagnosticEngine& diags;
  bool from_recording = false;  // BuildOptions::from_recording
  std::vector<FileId> stack;    // files being parsed, outermost first, for cycle detection
  std::vector<SourceRange> include_sites;  // include_sites[i]: where stack[i + 1] is included
};

ast::Block parse_file(ParseContext& pc, FileId id);

// Whether the file is UTF-8 without NUL bytes; reports the first bad byte otherwise.
bool valid_bytes(ParseContext& pc, FileId id) {
  const std::string& text = pc.sm.file(id).text();
  bool is_nul = false;
  auto bad = first_bad_byte(text, is_nul);
  if (!bad) return true;
  SourceRange r{{id, static_cast<std::uint32_t>(*bad)}, {id, static_cast<std::uint32_t>(*bad)}};
  if (is_nul)
    pc.diags.report(DiagId::nul_byte, r);
  else
    pc.diags.report(DiagId::invalid_utf8, r,
                    fmt::format("{:02x}", static_cast<unsigned char>(text[*bad])));
  return false;
}

// Whether every line is within kMaxScriptLineBytes; reports where the first longer one starts.
bool lines_within_limit(ParseContext& pc, FileId id) {
  auto at = first_long_line(pc.sm.file(id).text());
  if (!at) return true;
  const auto o = static_cast<std::uint32_t>(*at);
  pc.diags.report(DiagId::line_too_long, SourceRange{{id, o}, {id, o}}, kMaxScriptLineBytes >> 20);
  return false;
}

// SKaMPI resolves an include against the main file's directory; Metron first against the
// including file's, so that suites in subfolders work, then falls back to SKaMPI's rule, and
// last to the stdlib folder, so that any script can include the stdlib's .inc files.
std::vector<std::string> include_candidates(const ParseContext& pc, const std::string& path,
                                            FileId from) {
  namespace fs = std::filesystem;
  fs::path p = path;
  if (p.is_absolute()) return {p.lexically_normal().string()};
  std::vector<std::string> out;
  auto add = [&](const fs::path& dir) {
    std::string c = (dir / p).lexically_normal().string();
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  };
  for (FileId base : {from, pc.stack.empty() ? from : pc.stack.front()})
    add(fs::path(pc.sm.file(base).name()).parent_path());
  if (!stdlib_dir().empty()) add(stdlib_dir());
  return out;
}

// The first candidate that can be read, as `use` allows (runtime/plan/file_policy.h). A file
// the policy refuses ends the search: the script meant that one. nullopt after `not_found` is
// reported with the candidate and the reason (the first candidate's, or the refused one's).
std::optional<FileId> load_candidate(ParseContext& pc, const std::string& path, FileId from,
                                     FileUse use, SourceRange at, DiagId not_found) {
  std::vector<std::string> candidates = include_candidates(pc, path, from);
  std::string first_why;
  for (const auto& c : candidates) {
    if (auto id = pc.sm.load(c, use)) return id;
    const FileRead& r = pc.sm.last_read();
    if (r.refused) {
      pc.diags.report(not_found, at, c, r.why);
      return std::nullopt;
    }
    if (&c == &candidates.front()) first_why = r.why;
  }
  pc.diags.report(not_found, at, candidates.front(), first_why);
  return std::nullopt;
}

// In a script from a recording, a file named by an absolute path would be this machine's file
// of that name in the launches, which run the recorded copies: refused (docs/security.md).
bool absolute_in_recording(ParseContext& pc, const std::string& path, SourceRange at,
                           DiagId refused) {
  if (!pc.from_recording || !std::filesystem::path(path).is_absolute()) return false;
  pc.diags.report(refused, at, path);
  return true;
}

void resolve_include(ParseContext& pc, const ast::Stmt& st, ast::Include& node, FileId from) {
  if (pc.stack.size() >= static_cast<std::size_t>(kMaxIncludeDepth)) {
    pc.diags.report(DiagId::include_too_deep, st.range, kMaxIncludeDepth);
    return;
  }
  if (absolute_in_recording(pc, node.path, st.range, DiagId::include_absolute_recorded)) return;
  const std::optional<FileId> id =
      load_candidate(pc, node.path, from, FileUse::Include, st.range, DiagId::include_not_found);
  if (!id) return;
  for (std::size_t i = 0; i < pc.stack.size(); ++i)
    if (pc.stack[i] == *id) {
      pc.diags.report(DiagId::include_cycle, st.range, pc.sm.file(*id).name());
      // The chain back to the first inclusion of the file, innermost first.
      for (std::size_t j = pc.stack.size(); j-- > i + 1;)
        pc.diags.note(DiagId::note_included_from, pc.include_sites[j - 1],
                      pc.sm.file(pc.stack[j]).name());
      return;
    }
  node.file = *id;
  pc.include_sites.push_back(st.range);
  node.body = parse_file(pc, *id);
  pc.include_sites.pop_back();
}

// A text and its lexer, which must outlive the parse: tokens read their text through them.
struct Lexed {
  antlr4::ANTLRInputStream input;
  BenchLexer lexer{&input};
  std::vector<std::unique_ptr<antlr4::Token>> tokens;
  explicit Lexed(const std::string& text) : input(text) {
    lexer.removeErrorListeners();  // the lexer cannot fail: BAD_CHAR catches every other byte
  }
};

// Lexes under the nesting guard; false (after reporting) when a limit is passed.
bool lex_tokens(Lexed& lx, Builder& builder, DiagnosticEngine& diags) {
  NestingGuard guard(builder, diags);
  for (;;) {
    std::unique_ptr<antlr4::Token> t = lx.lexer.nextToken();
    bool eof = t->getType() == antlr4::Token::EOF;
    bool ok = guard.accept(t.get());
    lx.tokens.push_back(std::move(t));
    if (!ok) return false;
    if (eof) return true;
  }
}

// Lexical errors are reported here, and the bad tokens repaired or hidden, so the parser sees
// a sensible stream and does not report them again as syntax errors. Returns their indices.
std::set<std::size_t> repair_lexical_errors(antlr4::CommonTokenStream& tokens, Builder& builder,
                                            DiagnosticEngine& diags) {
  std::set<std::size_t> lex_errors;
  for (antlr4::Token* t : tokens.getTokens()) {
    auto* ct = dynamic_cast<antlr4::CommonToken*>(t);
    if (!ct) continue;
    std::size_t type = t->getType();
    if (type != BenchParser::BAD_CHAR && type != BenchParser::UNTERMINATED_STRING &&
        type != BenchParser::BAD_NUMBER)
      continue;
    SourceRange r = builder.range(t);
    if (type == BenchParser::BAD_CHAR) {
      diags.report(DiagId::illegal_char, r, printable_line(t->getText()));
      ct->setChannel(antlr4::Token::HIDDEN_CHANNEL);
    } else if (type == BenchParser::UNTERMINATED_STRING) {
      diags.report(DiagId::unterminated_string, r);
      ct->setType(BenchParser::STRING);
      ct->setText(t->getText() + "\"");
    } else {
      std::string text = t->getText();
      diags.report(DiagId::bad_number, r, text);
      if (text.size() < 2 || (text[1] != 'x' && text[1] != 'X')) diags.note(DiagId::note_units, r);
      ct->setType(BenchParser::INT);  // parse on as if it were a number
      ct->setText("0");
    }
    lex_errors.insert(t->getTokenIndex());
  }
  return lex_errors;
}

void resolve_includes(ParseContext& pc, ast::Block& block, FileId from);

ast::Block parse_file(ParseContext& pc, FileId id) {
  const std::string& text = pc.sm.file(id).text();
  if (!valid_bytes(pc, id) || !lines_within_limit(pc, id)) return {};
  OffsetMap offsets(text);
  Builder builder(id, offsets, pc.diags);
  Lexed lx(text);
  if (!lex_tokens(lx, builder, pc.diags)) return {};
  antlr4::ListTokenSource source(std::move(lx.tokens));
  antlr4::CommonTokenStream tokens(&source);
  tokens.fill();
  std::size_t first_diag = pc.diags.all().size();
  std::set<std::size_t> lex_errors = repair_lexical_errors(tokens, builder, pc.diags);
  BenchParser parser(&tokens);
  parser.removeErrorListeners();
  parser.setErrorHandler(std::make_shared<MetronErrorStrategy>(builder, pc.diags, lex_errors));
  BenchParser::ScriptContext* tree = parser.script();
  pc.diags.sort_from(first_diag);
  ast::Block block = builder.build_script(tree);
  pc.stack.push_back(id);
  resolve_includes(pc, block, id);
  pc.stack.pop_back();
  return block;
}

// The selection cell of a published-values file, parsed as one side of a claim; its ranges
// point into the file through the cell's byte offsets. Empty after a reported error.
std::optional<ast::ClaimTerm> parse_selection_cell(ParseContext& pc, FileId file,
                                                   const CsvCell& cell) {
  OffsetMap offsets(cell.text, cell.at);
  Builder builder(file, offsets, pc.diags);
  const std::size_t first_diag = pc.diags.all().size();
  Lexed lx(cell.text);
  if (!lex_tokens(lx, builder, pc.diags)) return std::nullopt;
  antlr4::ListTokenSource source(std::move(lx.tokens));
  antlr4::CommonTokenStream tokens(&source);
  tokens.fill();
  std::set<std::size_t> lex_errors = repair_lexical_errors(tokens, builder, pc.diags);
  BenchParser parser(&tokens);
  parser.removeErrorListeners();
  parser.setErrorHandler(std::make_shared<MetronErrorStrategy>(builder, pc.diags, lex_errors));
  BenchParser::PublishedSelectionContext* tree = parser.publishedSelection();
  pc.diags.sort_from(first_diag);
  if (pc.diags.all().size() != first_diag) return std::nullopt;
  return builder.build_published_selection(tree);
}

// published "file.csv": the file is found as an include is, read into the SourceManager (so it
// is one of the script's files in the manifest and travels with the script), and split.
void resolve_published(ParseContext& pc, const ast::Stmt& st, ast::Published& node, FileId from) {
  if (absolute_in_recording(pc, node.path, st.range, DiagId::published_absolute_recorded)) return;
  const std::optional<FileId> id = load_candidate(pc, node.path, from, FileUse::Published, st.range,
                                                  DiagId::published_not_found);
  if (!id) return;
  node.file = *id;
  if (!valid_bytes(pc, *id)) return;
  read_published_file(pc.sm, pc.diags, node,
                      [&](const CsvCell& cell) { return parse_selection_cell(pc, *id, cell); });
}

void resolve_includes(ParseContext& pc, ast::Block& block, FileId from) {
  for (auto& st : block) {
    std::visit(
        [&](auto& node) {
          using T = std::decay_t<decltype(node)>;
          if constexpr (std::is_same_v<T, ast::Include>) {
            resolve_include(pc, *st, node, from);
          } else if constexpr (std::is_same_v<T, ast::Published>) {
            resolve_published(pc, *st, node, from);
          } else if constexpr (std::is_same_v<T, ast::Measurement> ||
                               std::is_same_v<T, ast::RangeLoop> ||
                               std::is_same_v<T, ast::ListLoop>) {
            resolve_includes(pc, node.body, from);
          } else if constexpr (std::is_same_v<T, ast::If>) {
            resolve_includes(pc, node.then_body, from);
            resolve_includes(pc, node.else_body, from);
          }
        },
        st->node);
  }
}

}  // namespace

ast::Script parse_script(SourceManager& sm, FileId main, DiagnosticEngine& diags,
                         bool from_recording) {
  ast::Script script;
  script.main_file = main;
  ParseContext pc{sm, diags, from_recording, {}, {}};
  try {
    script.body = parse_file(pc, main);
  } catch (const TooManyErrors&) {
  }
  return script;
}

void run_with_large_stack(const std::function<void()>& fn) {
  // 512 MiB of address space; only the pages actually touched are committed.
  constexpr std::size_t kStack = 512u << 20;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStack);
  struct Payload {
    const std::function<void()>* fn;
    std::exception_ptr error;
  } payload{&fn, nullptr};
  pthread_t th;
  auto body = [](void* arg) -> void* {
    auto* p = static_cast<Payload*>(arg);
    try {
      (*p->fn)();
    } catch (...) {
      p->error = std::current_exception();
    }
    return nullptr;
  };
  if (pthread_create(&th, &attr, body, &payload) != 0) {
    pthread_attr_destroy(&attr);
    fn();  // no thread: run on the caller's stack
    return;
  }
  pthread_join(th, nullptr);
  pthread_attr_destroy(&attr);
  if (payload.error) std::rethrow_exception(payload.error);
}

}  // namespace metron
