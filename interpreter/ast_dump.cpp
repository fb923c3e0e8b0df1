// A stable, indented text dump of the AST, for tests and `metron ast`.
#include <fmt/format.h>

#include "interpreter/ast.h"

namespace metron::ast {

namespace {

// ORDER BINOP
const char* binop_spelling(BinOp op) {
  static const char* const names[] = {"+",  "-",  "*",  "/", "%", "<",   "<=", ">",
                                      ">=", "==", "!=", "&", "|", "and", "or", "within"};
  return names[static_cast<int>(op)];
}
const char* unop_spelling(UnOp op) {
  static const char* const names[] = {"-", "+", "not ", "~"};
  return names[static_cast<int>(op)];
}

std::string expr_text(const Expr& e) {
  return std::visit(
      [](const auto& n) -> std::string {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, IntLit>)
          return std::to_string(n.value);
        else if constexpr (std::is_same_v<T, DoubleLit>)
          return fmt::format("{}", n.value);
        else if constexpr (std::is_same_v<T, TimeLit>)
          return fmt::format("{}s", n.seconds);
        else if constexpr (std::is_same_v<T, PercentLit>)
          return fmt::format("{}%", n.fraction * 100);
        else if constexpr (std::is_same_v<T, StringLit>)
          return "\"" + n.value + "\"";
        else if constexpr (std::is_same_v<T, NameRef>)
          return n.name;
        else if constexpr (std::is_same_v<T, Call>) {
          std::string out = n.callee + "(";
          for (std::size_t i = 0; i < n.args.size(); ++i) {
            if (i) out += ", ";
            if (!n.args[i].name.empty()) out += n.args[i].name + " = ";
            out += expr_text(*n.args[i].value);
          }
          return out + ")";
        } else if constexpr (std::is_same_v<T, ListLit>) {
          std::string out = n.braces ? "{" : "[";
          for (std::size_t i = 0; i < n.items.size(); ++i)
            out += (i ? ", " : "") + expr_text(*n.items[i]);
          return out + (n.braces ? "}" : "]");
        } else if constexpr (std::is_same_v<T, Unary>) {
          return std::string(unop_spelling(n.op)) + expr_text(*n.operand);
        } else {
          return "(" + expr_text(*n.lhs) + " " + binop_spelling(n.op) + " " + expr_text(*n.rhs) +
                 ")";
        }
      },
      e.node);
}

void dump_block(std::string& out, const Block& b, int indent);

std::string filter_text(const ClaimFilter& f) {
  return f.field + " " + binop_spelling(f.op) + " " + expr_text(*f.value);
}

std::string claim_term_text(const ClaimTerm& t) {
  std::string inner;
  if (!t.op.empty()) {
    inner = t.op + "[";
    for (std::size_t i = 0; i < t.filters.size(); ++i)
      inner += (i ? ", " : "") + filter_text(t.filters[i]);
    inner += "]";
  } else if (t.value) {
    inner = expr_text(*t.value);
  }
  return t.statistic.empty() ? inner : t.statistic + "(" + inner + ")";
}

std::string claim_text(const ClaimStmt& c) {
  std::string out = "claim " + (c.id ? "\"" + *c.id + "\" " : "") + ": " + claim_term_text(c.lhs) +
                    " " + binop_spelling(c.relation) + " " + claim_term_text(c.rhs);
  if (c.by) out += " by " + expr_text(*c.by);
  if (c.within) out += " within " + expr_text(*c.within);
  if (!c.quantifier.empty()) out += " for " + c.quantifier;
  if (c.range_filter) out += " " + filter_text(*c.range_filter);
  return out;
}

// The statements of one line, and the first line of the others: the text after the indentation.
std::string stmt_line(const Assign& n) {
  return n.name + " = " + expr_text(*n.value);
}
std::string stmt_line(const CallStmt& n) {
  return "call " + expr_text(*n.call);
}
std::string stmt_line(const SetStmt& n) {
  return "set " + n.name + " = " + expr_text(*n.value);
}
std::string stmt_line(const StopStmt& n) {
  return "stop when " + expr_text(*n.condition);
}
std::string stmt_line(const ReplicateStmt& n) {
  return "replicate " + expr_text(*n.count);
}
std::string stmt_line(const FactorStmt& n) {
  return "factor " + n.name + " in " + expr_text(*n.levels) +
         (n.env_var ? " as env \"" + *n.env_var + "\"" : "");
}
std::string stmt_line(const ShuffleStmt& n) {
  return std::string("shuffle") + (n.seed ? " seed " + expr_text(*n.seed) : "");
}
std::string stmt_line(const PrintStmt& n) {
  std::string out = n.all ? "print_all" : "print";
  for (std::size_t i = 0; i < n.items.size(); ++i) out += (i ? ", " : " ") + expr_text(*n.items[i]);
  return out;
}
std::string stmt_line(const FlushStmt&) {
  return "flush";
}
std::string stmt_line(const MeasureStmt& n) {
  return "measure " + expr_text(*n.comm) + " : " + expr_text(*n.call);
}
std::string stmt_line(const ExpectStmt& n) {
  return "expect " + (n.id.empty() ? "" : "\"" + n.id + "\" ") + expr_text(*n.comm) + " : " +
         expr_text(*n.lhs) + " <= " + (n.factor ? expr_text(*n.factor) + " * " : "") +
         expr_text(*n.rhs);
}
std::string stmt_line(const ClaimStmt& n) {
  return claim_text(n);
}
std::string stmt_line(const RangeLoop& n) {
  std::string out = (n.autorefine ? "autorefine " : "for ") + n.var + " = " + expr_text(*n.from) +
                    " to " + (n.to ? expr_text(*n.to) : "...");
  if (n.step) out += std::string(" step ") + (n.multiplicative ? "*" : "") + expr_text(*n.step);
  if (n.multiple_of) out += " multipleof " + expr_text(*n.multiple_of);
  return out;
}

void dump_stmt(std::string& out, const Stmt& s, int indent) {
  std::string pad(indent * 2, ' ');
  std::visit(
      [&](const auto& n) {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, Measurement>) {
          out += pad + "measurement \"" + n.name + "\"\n";
          dump_block(out, n.body, indent + 1);
        } else if constexpr (std::is_same_v<T, RangeLoop>) {
          out += pad + stmt_line(n) + "\n";
          dump_block(out, n.body, indent + 1);
        } else if constexpr (std::is_same_v<T, ListLoop>) {
          out += pad + "for " + n.var + " in " + expr_text(*n.items) + "\n";
          dump_block(out, n.body, indent + 1);
        } else if constexpr (std::is_same_v<T, If>) {
          out += pad + "if " + expr_text(*n.condition) + "\n";
          dump_block(out, n.then_body, indent + 1);
          if (!n.else_body.empty()) {
            out += pad + "else\n";
            dump_block(out, n.else_body, indent + 1);
          }
        } else if constexpr (std::is_same_v<T, Include>) {
          out += pad + "include \"" + n.path + "\"\n";
          dump_block(out, n.body, indent + 1);
        } else if constexpr (std::is_same_v<T, Published>) {
          out += pad + "published \"" + n.path + "\"\n";
          for (const auto& row : n.rows)
            out += pad + "  " + (row.selection ? claim_term_text(*row.selection) : "?") + "\n";
        } else {
          out += pad + stmt_line(n) + "\n";
        }
      },
      s.node);
}

void dump_block(std::string& out, const Block& b, int indent) {
  for (const auto& s : b) dump_stmt(out, *s, indent);
}

}  // namespace

std::string dump(const Script& script) {
  std::string out;
  dump_block(out, script.body, 0);
  return out;
}

std::string dump(const Expr& expr) {
  return expr_text(expr);
}

}  // namespace metron::ast
