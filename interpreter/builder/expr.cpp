// Parse tree -> AST for expressions and literals.
#include <charconv>
#include <cmath>
#include <limits>

#include "interpreter/builder/builder.h"
#include "interpreter/parse.h"

namespace metron::front {

namespace {

antlr4::Token* sym(antlr4::tree::TerminalNode* n) {
  return n ? n->getSymbol() : nullptr;
}

// Splits "64kb" into digits and unit; the lexer guarantees the digits come first.
std::pair<std::string_view, std::string_view> split_unit(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && ((text[i] >= '0' && text[i] <= '9') || text[i] == '.' ||
                             ((text[i] == 'e' || text[i] == 'E') && i + 1 < text.size() &&
                              (std::isdigit(static_cast<unsigned char>(text[i + 1])) ||
                               text[i + 1] == '+' || text[i + 1] == '-')) ||
                             ((text[i] == '+' || text[i] == '-') && i > 0 &&
                              (text[i - 1] == 'e' || text[i - 1] == 'E'))))
    ++i;
  return {text.substr(0, i), text.substr(i)};
}

std::int64_t size_multiplier(std::string_view unit) {
  // SKaMPI: kb, kB, KB, KiB are all 1024 (binary), and so on; Metron keeps that meaning.
  if (unit == "B") return 1;
  if (unit == "kb" || unit == "kB" || unit == "KB" || unit == "KiB") return 1LL << 10;
  if (unit == "mb" || unit == "MB" || unit == "MiB") return 1LL << 20;
  if (unit == "gb" || unit == "GB" || unit == "GiB") return 1LL << 30;
  return 1LL << 40;  // tb, TB, TiB
}

// Units per second: dividing by it (100 / 1e6) gives the double nearest to the written time,
// where multiplying by 1e-6 would round twice (100us would become 9.999999999999999e-05 s).
double units_per_second(std::string_view unit) {
  if (unit == "ns") return 1e9;
  if (unit == "us") return 1e6;
  if (unit == "ms") return 1e3;
  return 1.0;
}

ast::UnOp unary_op_of(antlr4::Token* t) {
  switch (t->getType()) {
    case BenchParser::MINUS:
      return ast::UnOp::Neg;
    case BenchParser::PLUS:
      return ast::UnOp::Plus;
    case BenchParser::NOT:
      return ast::UnOp::Not;
    default:
      return ast::UnOp::BitNot;
  }
}

ast::BinOp binary_op_of(antlr4::Token* t) {
  switch (t->getType()) {
    case BenchParser::STAR:
      return ast::BinOp::Mul;
    case BenchParser::SLASH:
      return ast::BinOp::Div;
    case BenchParser::PERCENT_OP:
      return ast::BinOp::Mod;
    case BenchParser::PLUS:
      return ast::BinOp::Add;
    case BenchParser::MINUS:
      return ast::BinOp::Sub;
    case BenchParser::LT:
      return ast::BinOp::Lt;
    case BenchParser::LE:
      return ast::BinOp::Le;
    case BenchParser::GT:
      return ast::BinOp::Gt;
    case BenchParser::GE:
      return ast::BinOp::Ge;
    case BenchParser::EQ:
      return ast::BinOp::Eq;
    default:
      return ast::BinOp::Ne;  // != and <>
  }
}

}  // namespace

// primary : INT | HEX | SIZE | DOUBLE | TIME | PERCENT | STRING | call | name | [..] | {..} | (..)
ast::ExprPtr Builder::build_primary(BenchParser::PrimaryContext* ctx) {
  SourceRange r = range(ctx);
  if (!ctx) return placeholder(r);
  if (auto literal = build_number(ctx, r)) return literal;
  if (auto* s = dynamic_cast<BenchParser::StringLitContext*>(ctx))
    return make(r, ast::StringLit{string_value(s->STRING())});
  if (auto* c = dynamic_cast<BenchParser::CallExprContext*>(ctx)) return build_call(c->call());
  if (auto* n = dynamic_cast<BenchParser::NameExprContext*>(ctx))
    return make(r, ast::NameRef{build_name(n->name())});
  if (auto* l = dynamic_cast<BenchParser::ListLitContext*>(ctx))
    return make(r, ast::ListLit{build_expr_list(l->exprList()), false});
  if (auto* a = dynamic_cast<BenchParser::ArrayLitContext*>(ctx))
    return make(r, ast::ListLit{build_expr_list(a->exprList()), true});
  if (auto* p = dynamic_cast<BenchParser::ParenExprContext*>(ctx)) {
    auto inner = build_expr(p->expr());
    inner->range = r;  // the parentheses belong to the expression for underlining
    return inner;
  }
  return placeholder(r);
}

// INT | HEX | SIZE | DOUBLE | TIME | PERCENT; null for any other primary. A number that does
// not fit is reported and read as 0.
ast::ExprPtr Builder::build_number(BenchParser::PrimaryContext* ctx, SourceRange r) {
  std::string text = ctx->getText();
  auto parse_int = [&](std::string_view digits, int base) -> std::optional<std::int64_t> {
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v, base);
    if (ec != std::errc() || p != digits.data() + digits.size()) {
      diags_.report(DiagId::int_overflow, r, text);
      return std::nullopt;
    }
    return v;
  };
  if (dynamic_cast<BenchParser::IntLitContext*>(ctx))
    return make(r, ast::IntLit{parse_int(text, 10).value_or(0), false});
  if (dynamic_cast<BenchParser::HexLitContext*>(ctx))
    return make(r, ast::IntLit{parse_int(std::string_view(text).substr(2), 16).value_or(0), false});
  if (dynamic_cast<BenchParser::SizeLitContext*>(ctx)) {
    auto [digits, unit] = split_unit(text);
    auto v = parse_int(digits, 10);
    std::int64_t m = size_multiplier(unit);
    if (v && *v > std::numeric_limits<std::int64_t>::max() / m) {
      diags_.report(DiagId::int_overflow, r, text);
      v = 0;
    }
    return make(r, ast::IntLit{v.value_or(0) * m, true});
  }
  auto parse_double = [&](std::string_view digits) {
    double v = std::strtod(std::string(digits).c_str(), nullptr);
    if (!std::isfinite(v)) {
      diags_.report(DiagId::bad_number, r, text);
      v = 0;
    }
    return v;
  };
  if (dynamic_cast<BenchParser::DoubleLitContext*>(ctx))
    return make(r, ast::DoubleLit{parse_double(text)});
  if (dynamic_cast<BenchParser::TimeLitContext*>(ctx)) {
    auto [digits, unit] = split_unit(text);
    return make(r, ast::TimeLit{parse_double(digits) / units_per_second(unit)});
  }
  if (dynamic_cast<BenchParser::PercentLitContext*>(ctx)) {
    std::string_view t(text);
    return make(r, ast::PercentLit{parse_double(t.substr(0, t.size() - 1)) / 100.0});
  }
  return nullptr;
}

std::string Builder::string_value(antlr4::tree::TerminalNode* node) {
  if (!node) return {};
  std::string text = node->getText();
  if (text.size() < 2) return {};
  std::string out;
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    char c = text[i];
    if (c != '\\') {
      out.push_back(c);
      continue;
    }
    char e = text[++i];
    switch (e) {
      case 'n':
        out.push_back('\n');
        break;
      case 't':
        out.push_back('\t');
        break;
      case 'r':
        out.push_back('\r');
        break;
      case '\\':
        out.push_back('\\');
        break;
      case '"':
        out.push_back('"');
        break;
      default: {
        SourceRange r = range(node);
        r.begin.offset += static_cast<std::uint32_t>(i - 1);
        r.end.offset = r.begin.offset + 2;
        diags_.report(DiagId::bad_escape, r, std::string(1, e));
      }
    }
  }
  return out;
}

// call : name '(' (arg (',' arg)*)? ')'
ast::ExprPtr Builder::build_call(BenchParser::CallContext* ctx) {
  SourceRange r = range(ctx);
  if (!ctx || !ctx->name()) return placeholder(r);
  ast::Call call;
  call.callee = build_name(ctx->name());
  call.callee_range = range(ctx->name());
  for (auto* a : ctx->arg()) {
    ast::Arg arg;
    if (a->name()) {
      arg.name = build_name(a->name());
      arg.name_range = range(a->name());
    }
    arg.value = build_expr(a->expr());
    call.args.push_back(std::move(arg));
  }
  return make(r, std::move(call));
}

std::vector<ast::ExprPtr> Builder::build_expr_list(BenchParser::ExprListContext* ctx) {
  std::vector<ast::ExprPtr> out;
  if (!ctx) return out;
  for (auto* e : ctx->expr()) out.push_back(build_expr(e));
  return out;
}

std::string Builder::build_name(BenchParser::NameContext* ctx) const {
  return ctx ? ctx->getText() : std::string();
}

// expr : primary | unary expr | expr binop expr (see Bench.g4 for precedence)
ast::ExprPtr Builder::build_expr(BenchParser::ExprContext* ctx) {
  SourceRange r = range(ctx);
  if (!ctx) return placeholder(r);
  if (depth_ > kMaxExprDepth) {
    // The token pre-scan bounds brackets and chains per level; chains on many levels could
    // still add up to a tree too deep to walk recursively.
    diags_.report(DiagId::too_deep, r, kMaxExprDepth);
    throw TooManyErrors{};
  }
  struct DepthGuard {
    int& d;
    explicit DepthGuard(int& x) : d(x) { ++d; }
    ~DepthGuard() { --d; }
  } guard(depth_);

  if (auto* p = dynamic_cast<BenchParser::PrimaryExprContext*>(ctx))
    return build_primary(p->primary());
  if (auto* u = dynamic_cast<BenchParser::UnaryExprContext*>(ctx)) {
    return make(r, ast::Unary{unary_op_of(u->op), build_expr(u->expr())});
  }
  auto binary = [&](ast::BinOp op, BenchParser::ExprContext* lhs, BenchParser::ExprContext* rhs,
                    antlr4::Token* op_tok) {
    return make(r, ast::Binary{op, build_expr(lhs), build_expr(rhs), range(op_tok)});
  };
  if (auto* e = dynamic_cast<BenchParser::MulExprContext*>(ctx))
    return binary(binary_op_of(e->op), e->expr(0), e->expr(1), e->op);
  if (auto* e = dynamic_cast<BenchParser::AddExprContext*>(ctx))
    return binary(binary_op_of(e->op), e->expr(0), e->expr(1), e->op);
  if (auto* e = dynamic_cast<BenchParser::RelExprContext*>(ctx))
    return binary(binary_op_of(e->op), e->expr(0), e->expr(1), e->op);
  if (auto* e = dynamic_cast<BenchParser::EqExprContext*>(ctx))
    return binary(binary_op_of(e->op), e->expr(0), e->expr(1), e->op);
  if (auto* e = dynamic_cast<BenchParser::WithinExprContext*>(ctx))
    return binary(ast::BinOp::Within, e->expr(0), e->expr(1), sym(e->WITHIN()));
  if (auto* e = dynamic_cast<BenchParser::BitAndExprContext*>(ctx))
    return binary(ast::BinOp::BitAnd, e->expr(0), e->expr(1), sym(e->AMP()));
  if (auto* e = dynamic_cast<BenchParser::BitOrExprContext*>(ctx))
    return binary(ast::BinOp::BitOr, e->expr(0), e->expr(1), sym(e->PIPE()));
  if (auto* e = dynamic_cast<BenchParser::AndExprContext*>(ctx))
    return binary(ast::BinOp::And, e->expr(0), e->expr(1), sym(e->AND()));
  if (auto* e = dynamic_cast<BenchParser::OrExprContext*>(ctx))
    return binary(ast::BinOp::Or, e->expr(0), e->expr(1), sym(e->OR()));
  return placeholder(r);
}

}  // namespace metron::front
