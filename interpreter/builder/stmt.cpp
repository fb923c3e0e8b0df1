// Parse tree -> AST for statements and blocks; source ranges from tokens.
#include "interpreter/builder/builder.h"

namespace metron::front {

OffsetMap::OffsetMap(const std::string& utf8) : size_(utf8.size()) {
  bool ascii = true;
  for (unsigned char c : utf8)
    if (c >= 0x80) {
      ascii = false;
      break;
    }
  if (ascii) return;
  cp_to_byte_.reserve(utf8.size() + 1);
  for (std::size_t i = 0; i < utf8.size(); ++i)
    if ((static_cast<unsigned char>(utf8[i]) & 0xc0) != 0x80)
      cp_to_byte_.push_back(static_cast<std::uint32_t>(i));
  cp_to_byte_.push_back(static_cast<std::uint32_t>(utf8.size()));
}

OffsetMap::OffsetMap(const std::string& utf8, const std::vector<std::uint32_t>& at)
    : size_(at.empty() ? 0 : at.back()) {
  for (std::size_t i = 0; i < utf8.size() && i < at.size(); ++i)
    if ((static_cast<unsigned char>(utf8[i]) & 0xc0) != 0x80) cp_to_byte_.push_back(at[i]);
  cp_to_byte_.push_back(static_cast<std::uint32_t>(size_));
}

SourceRange Builder::range(antlr4::Token* tok) const {
  if (!tok) return {{file_, 0}, {file_, 0}};
  std::size_t start = tok->getStartIndex();
  std::size_t stop = tok->getStopIndex();
  if (tok->getType() == antlr4::Token::EOF || stop < start || start == INVALID_INDEX) {
    std::uint32_t b = offsets_.byte(start == INVALID_INDEX ? 0 : start);
    return {{file_, b}, {file_, b}};
  }
  return {{file_, offsets_.byte(start)}, {file_, offsets_.byte(stop + 1)}};
}

SourceRange Builder::range(antlr4::tree::TerminalNode* node) const {
  return range(node ? node->getSymbol() : nullptr);
}

SourceRange Builder::range(antlr4::ParserRuleContext* ctx) const {
  if (!ctx) return range(static_cast<antlr4::Token*>(nullptr));
  SourceRange b = range(ctx->getStart());
  antlr4::Token* stop = ctx->getStop();
  if (!stop || stop->getTokenIndex() < ctx->getStart()->getTokenIndex()) return b;
  return {b.begin, range(stop).end};
}

// script : statement* EOF
ast::Block Builder::build_script(BenchParser::ScriptContext* ctx) {
  ast::Block out;
  if (!ctx) return out;
  for (auto* s : ctx->statement())
    if (auto st = build_statement(s)) out.push_back(std::move(st));
  return out;
}

// block : statement*
ast::Block Builder::build_block(BenchParser::BlockContext* ctx) {
  ast::Block out;
  if (!ctx) return out;
  for (auto* s : ctx->statement())
    if (auto st = build_statement(s)) out.push_back(std::move(st));
  return out;
}

namespace {

ast::StmtPtr make_stmt(SourceRange r, auto node) {
  return std::make_unique<ast::Stmt>(ast::Stmt{r, std::move(node)});
}

}  // namespace

ast::StmtPtr Builder::build_statement(BenchParser::StatementContext* ctx) {
  if (!ctx) return nullptr;
  SourceRange r = range(ctx);
  // BEGIN MEASUREMENT STRING block END MEASUREMENT
  if (auto* c = dynamic_cast<BenchParser::MeasurementStmtContext*>(ctx))
    return make_stmt(r, ast::Measurement{string_value(c->STRING()), build_block(c->block())});
  // INCLUDE STRING
  if (auto* c = dynamic_cast<BenchParser::IncludeStmtContext*>(ctx))
    return make_stmt(r, ast::Include{string_value(c->STRING()), kNoFile, {}});
  if (auto* c = dynamic_cast<BenchParser::RangeLoopStmtContext*>(ctx))
    return build_range_loop(r, c);
  // FOR name IN expr DO block OD
  if (auto* c = dynamic_cast<BenchParser::ListLoopStmtContext*>(ctx))
    return make_stmt(r, ast::ListLoop{build_name(c->name()), range(c->name()),
                                      build_expr(c->expr()), build_block(c->block())});
  // IF expr THEN block (ELSE block)? FI
  if (auto* c = dynamic_cast<BenchParser::IfStmtContext*>(ctx))
    return make_stmt(r, ast::If{build_expr(c->expr()), build_block(c->thenBody),
                                c->elseBody ? build_block(c->elseBody) : ast::Block{}});
  // MEASURE expr ':' call
  if (auto* c = dynamic_cast<BenchParser::MeasureStmtContext*>(ctx))
    return make_stmt(r, ast::MeasureStmt{build_expr(c->expr()), build_call(c->call())});
  // EXPECT STRING? expr ':' call '<=' (primary '*')? call
  if (auto* c = dynamic_cast<BenchParser::ExpectStmtContext*>(ctx))
    return make_stmt(
        r, ast::ExpectStmt{c->STRING() ? string_value(c->STRING()) : std::string(),
                           build_expr(c->expr()), build_call(c->lhs),
                           c->factor ? build_primary(c->factor) : nullptr, build_call(c->rhs)});
  if (auto* c = dynamic_cast<BenchParser::ClaimStmtContext*>(ctx)) return build_claim(r, c);
  // PUBLISHED STRING: the file is read by the parser (parse.cpp), like an include
  if (auto* c = dynamic_cast<BenchParser::PublishedStmtContext*>(ctx)) {
    ast::Published p;
    p.path = string_value(c->STRING());
    p.path_range = range(c->STRING());
    return make_stmt(r, std::move(p));
  }
  // PRINT exprList | PRINT_ALL exprList
  if (auto* c = dynamic_cast<BenchParser::PrintStmtContext*>(ctx))
    return make_stmt(r, ast::PrintStmt{false, build_expr_list(c->exprList())});
  if (auto* c = dynamic_cast<BenchParser::PrintAllStmtContext*>(ctx))
    return make_stmt(r, ast::PrintStmt{true, build_expr_list(c->exprList())});
  if (dynamic_cast<BenchParser::FlushStmtContext*>(ctx)) return make_stmt(r, ast::FlushStmt{});
  if (auto design = build_design_statement(r, ctx)) return design;
  // name '=' expr
  if (auto* c = dynamic_cast<BenchParser::AssignStmtContext*>(ctx))
    return make_stmt(r,
                     ast::Assign{build_name(c->name()), range(c->name()), build_expr(c->expr())});
  // call
  if (auto* c = dynamic_cast<BenchParser::CallStmtContext*>(ctx))
    return make_stmt(r, ast::CallStmt{build_call(c->call())});
  return nullptr;
}

// forHead name '=' from TO (to | ...) (STEP '*'? step (MULTIPLEOF mult)?)? DO block OD
ast::StmtPtr Builder::build_range_loop(SourceRange r, BenchParser::RangeLoopStmtContext* c) {
  ast::RangeLoop loop;
  loop.autorefine = c->forHead() && c->forHead()->AUTOREFINE() != nullptr;
  loop.var = build_name(c->name());
  loop.var_range = range(c->name());
  loop.from = build_expr(c->from);
  if (c->to) {
    loop.to = build_expr(c->to);
    loop.to_range = range(c->to);
  } else {
    loop.to_range = range(c->ELLIPSIS());
  }
  loop.step = c->step ? build_expr(c->step) : nullptr;
  loop.multiplicative = c->star != nullptr;
  loop.multiple_of = c->mult ? build_expr(c->mult) : nullptr;
  loop.body = build_block(c->block());
  return make_stmt(r, std::move(loop));
}

ast::StmtPtr Builder::build_design_statement(SourceRange r, BenchParser::StatementContext* ctx) {
  // SET name '=' expr
  if (auto* c = dynamic_cast<BenchParser::SetStmtContext*>(ctx))
    return make_stmt(r,
                     ast::SetStmt{build_name(c->name()), range(c->name()), build_expr(c->expr())});
  // STOP WHEN expr
  if (auto* c = dynamic_cast<BenchParser::StopStmtContext*>(ctx))
    return make_stmt(r, ast::StopStmt{build_expr(c->expr())});
  // REPLICATE expr
  if (auto* c = dynamic_cast<BenchParser::ReplicateStmtContext*>(ctx))
    return make_stmt(r, ast::ReplicateStmt{build_expr(c->expr())});
  // FACTOR name IN expr (AS ENV STRING)?
  if (auto* c = dynamic_cast<BenchParser::FactorStmtContext*>(ctx)) {
    std::optional<std::string> env;
    if (c->STRING()) env = string_value(c->STRING());
    return make_stmt(
        r, ast::FactorStmt{build_name(c->name()), range(c->name()), build_expr(c->expr()), env});
  }
  // SHUFFLE (SEED expr)?
  if (auto* c = dynamic_cast<BenchParser::ShuffleStmtContext*>(ctx))
    return make_stmt(r, ast::ShuffleStmt{c->expr() ? build_expr(c->expr()) : nullptr});
  return nullptr;
}

// CLAIM STRING? ':' claimTerm ('<' | '>' | '==') claimTerm (BY expr)? (WITHIN expr)?
//   (FOR name claimFilter?)?
ast::StmtPtr Builder::build_claim(SourceRange r, BenchParser::ClaimStmtContext* c) {
  ast::ClaimStmt claim;
  if (c->id) {
    claim.id = string_value(c->STRING());
    claim.id_range = range(c->id);
  }
  claim.lhs = build_claim_term(c->lhs);
  claim.rhs = build_claim_term(c->rhs);
  claim.relation_range = range(c->rel);
  const std::string rel = c->rel ? c->rel->getText() : "<";
  claim.relation = rel == "<" ? ast::BinOp::Lt : rel == ">" ? ast::BinOp::Gt : ast::BinOp::Eq;
  claim.by = c->by ? build_expr(c->by) : nullptr;
  claim.within = c->within ? build_expr(c->within) : nullptr;
  if (c->quant) {
    claim.quantifier = build_name(c->quant);
    claim.quantifier_range = range(c->quant);
  }
  if (c->range) claim.range_filter = build_claim_filter(c->range);
  return std::make_unique<ast::Stmt>(ast::Stmt{r, std::move(claim)});
}

// claimTerm : name '(' claimTerm ')' | name '[' claimFilter (',' claimFilter)* ']' | primary
ast::ClaimTerm Builder::build_claim_term(BenchParser::ClaimTermContext* ctx) {
  ast::ClaimTerm t;
  t.range = range(ctx);
  if (auto* s = dynamic_cast<BenchParser::ClaimStatTermContext*>(ctx)) {
    ast::ClaimTerm inner = build_claim_term(s->inner);
    // A statistic of a statistic has no meaning; the front end reports the inner one.
    t = std::move(inner);
    if (t.statistic.empty()) {
      t.statistic = build_name(s->stat);
      t.statistic_range = range(s->stat);
    } else {
      t.statistic = "(" + build_name(s->stat) + ")";  // nested: refused by the front end
    }
    t.range = range(ctx);
  } else if (auto* s = dynamic_cast<BenchParser::ClaimSelectTermContext*>(ctx)) {
    t.op = build_name(s->sel);
    t.op_range = range(s->sel);
    for (auto* f : s->claimFilter()) t.filters.push_back(build_claim_filter(f));
  } else if (auto* s = dynamic_cast<BenchParser::ClaimValueTermContext*>(ctx)) {
    t.value = build_primary(s->primary());
  } else {
    t.value = placeholder(t.range);  // a parse error, reported already
  }
  return t;
}

// publishedSelection : claimTerm EOF
ast::ClaimTerm Builder::build_published_selection(BenchParser::PublishedSelectionContext* ctx) {
  if (!ctx || !ctx->claimTerm()) {
    ast::ClaimTerm t;
    t.range = range(ctx);
    t.value = placeholder(t.range);
    return t;
  }
  return build_claim_term(ctx->claimTerm());
}

// claimFilter : name ('=' | '==' | '!=' | '<' | '<=' | '>' | '>=') expr
ast::ClaimFilter Builder::build_claim_filter(BenchParser::ClaimFilterContext* ctx) {
  ast::ClaimFilter f;
  f.range = range(ctx);
  f.field = build_name(ctx->field);
  f.field_range = range(ctx->field);
  const std::string op = ctx->op ? ctx->op->getText() : "=";
  f.op = op == "!="   ? ast::BinOp::Ne
         : op == "<"  ? ast::BinOp::Lt
         : op == "<=" ? ast::BinOp::Le
         : op == ">"  ? ast::BinOp::Gt
         : op == ">=" ? ast::BinOp::Ge
                      : ast::BinOp::Eq;
  f.value = ctx->value ? build_expr(ctx->value) : placeholder(f.range);
  return f;
}

}  // namespace metron::front
