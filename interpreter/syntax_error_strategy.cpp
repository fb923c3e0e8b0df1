// The parser's error strategy (see syntax_error_strategy.h).
#include "interpreter/syntax_error_strategy.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "interpreter/token_classes.h"

namespace metron::front {

using bench_grammar::BenchParser;

namespace {

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

}  // namespace

std::shared_ptr<antlr4::ANTLRErrorStrategy> make_syntax_error_strategy(
    Builder& builder, DiagnosticEngine& diags, std::set<std::size_t> lex_errors) {
  return std::make_shared<MetronErrorStrategy>(builder, diags, std::move(lex_errors));
}

}  // namespace metron::front
