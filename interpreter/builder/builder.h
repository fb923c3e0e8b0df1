// Parse tree -> AST: one typed function per grammar rule. Internal to the front end: only
// parse.cpp and builder/*.cpp include this header (it pulls in ANTLR's generated types).
#pragma once

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wall"
#pragma GCC diagnostic ignored "-Wextra"
#pragma GCC diagnostic ignored "-Wattributes"
#endif
#include "BenchLexer.h"
#include "BenchParser.h"
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#include <functional>
#include <vector>

#include "interpreter/ast.h"
#include "runtime/plan/diagnostics.h"

namespace metron::front {

using bench_grammar::BenchParser;

// Maps ANTLR's code-point indices to byte offsets (identity for ASCII-only files).
class OffsetMap {
 public:
  explicit OffsetMap(const std::string& utf8);
  // A text cut out of a file (a CSV cell): byte i of utf8 stands at file offset at[i], and
  // at[utf8.size()] just after it.
  OffsetMap(const std::string& utf8, const std::vector<std::uint32_t>& at);
  std::uint32_t byte(std::size_t cp_index) const {
    if (cp_to_byte_.empty()) return static_cast<std::uint32_t>(std::min(cp_index, size_));
    return cp_index < cp_to_byte_.size() ? cp_to_byte_[cp_index]
                                         : static_cast<std::uint32_t>(size_);
  }

 private:
  std::size_t size_;
  std::vector<std::uint32_t> cp_to_byte_;  // empty when the text is ASCII
};

class Builder {
 public:
  Builder(FileId file, const OffsetMap& offsets, DiagnosticEngine& diags)
      : file_(file), offsets_(offsets), diags_(diags) {}

  ast::Block build_script(BenchParser::ScriptContext* ctx);
  // publishedSelection : claimTerm EOF (the selection cell of a published-values file)
  ast::ClaimTerm build_published_selection(BenchParser::PublishedSelectionContext* ctx);

  SourceRange range(antlr4::ParserRuleContext* ctx) const;
  SourceRange range(antlr4::Token* tok) const;
  SourceRange range(antlr4::tree::TerminalNode* node) const;

 private:
  ast::Block build_block(BenchParser::BlockContext* ctx);
  ast::StmtPtr build_statement(BenchParser::StatementContext* ctx);
  ast::StmtPtr build_range_loop(SourceRange r, BenchParser::RangeLoopStmtContext* ctx);
  // set, stop when, replicate, factor, shuffle: the settings and the launch design; null for
  // any other statement.
  ast::StmtPtr build_design_statement(SourceRange r, BenchParser::StatementContext* ctx);
  ast::ExprPtr build_expr(BenchParser::ExprContext* ctx);
  ast::ExprPtr build_primary(BenchParser::PrimaryContext* ctx);
  ast::ExprPtr build_number(BenchParser::PrimaryContext* ctx, SourceRange r);
  ast::ExprPtr build_call(BenchParser::CallContext* ctx);
  std::vector<ast::ExprPtr> build_expr_list(BenchParser::ExprListContext* ctx);
  std::string build_name(BenchParser::NameContext* ctx) const;
  ast::StmtPtr build_claim(SourceRange r, BenchParser::ClaimStmtContext* ctx);
  ast::ClaimTerm build_claim_term(BenchParser::ClaimTermContext* ctx);
  ast::ClaimFilter build_claim_filter(BenchParser::ClaimFilterContext* ctx);
  std::string string_value(antlr4::tree::TerminalNode* node);

  ast::ExprPtr make(SourceRange r, auto node) {
    return std::make_unique<ast::Expr>(ast::Expr{r, std::move(node)});
  }
  ast::ExprPtr placeholder(SourceRange r) { return make(r, ast::IntLit{0, false}); }

  FileId file_;
  const OffsetMap& offsets_;
  DiagnosticEngine& diags_;
  int depth_ = 0;  // expression depth, to refuse pathological nesting without recursing into it
};

}  // namespace metron::front
