// The AST of a .bench script: plain structs with std::variant, each node with its SourceRange.
// Built from the ANTLR parse tree by builder/*.cpp; nothing downstream sees ANTLR types.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "runtime/plan/source.h"

namespace metron::ast {

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;
struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

// ORDER BINOP: keep binop_spelling() in ast_dump.cpp in step.
enum class BinOp {
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  Lt,
  Le,
  Gt,
  Ge,
  Eq,
  Ne,
  BitAnd,
  BitOr,
  And,
  Or,
  Within
};
enum class UnOp { Neg, Plus, Not, BitNot };

struct IntLit {
  std::int64_t value;
  bool is_size;  // written with a size unit (64kb): still an integer number of bytes
};
struct DoubleLit {
  double value;
};
struct TimeLit {
  double seconds;
};
struct PercentLit {
  double fraction;  // 5% -> 0.05
};
struct StringLit {
  std::string value;
};
struct NameRef {
  std::string name;
};
struct Arg {
  std::string name;  // empty for a positional argument
  SourceRange name_range;
  ExprPtr value;
};
struct Call {
  std::string callee;
  SourceRange callee_range;
  std::vector<Arg> args;
};
struct ListLit {
  std::vector<ExprPtr> items;
  bool braces;  // SKaMPI's {a, b} array literal rather than [a, b]
};
struct Unary {
  UnOp op;
  ExprPtr operand;
};
struct Binary {
  BinOp op;
  ExprPtr lhs;
  ExprPtr rhs;
  SourceRange op_range;
};

struct Expr {
  SourceRange range;
  std::variant<IntLit, DoubleLit, TimeLit, PercentLit, StringLit, NameRef, Call, ListLit, Unary,
               Binary>
      node;
};

// --- statements ---------------------------------------------------------------------------------

struct Measurement {  // begin measurement "name" ... end measurement
  std::string name;
  Block body;
};
struct Assign {  // name = expr
  std::string name;
  SourceRange name_range;
  ExprPtr value;
};
struct CallStmt {  // f(args)
  ExprPtr call;    // an Expr holding a Call
};
struct SetStmt {  // set name = expr
  std::string name;
  SourceRange name_range;
  ExprPtr value;
};
struct StopStmt {  // stop when expr
  ExprPtr condition;
};
struct ReplicateStmt {  // replicate expr
  ExprPtr count;
};
struct FactorStmt {  // factor name in expr [as env "VAR"]
  std::string name;
  SourceRange name_range;
  ExprPtr levels;
  std::optional<std::string> env_var;
};
struct ShuffleStmt {  // shuffle [seed expr]
  ExprPtr seed;       // null: shuffle with the run's seed
};
struct PrintStmt {  // print a, b | print_all a, b
  bool all;
  std::vector<ExprPtr> items;
};
struct FlushStmt {};
struct MeasureStmt {  // measure comm : call
  ExprPtr comm;
  ExprPtr call;  // an Expr holding a Call
};
// expect ["id"] comm : lhs <= [factor *] rhs (a performance guideline, docs/guidelines.md)
struct ExpectStmt {
  std::string id;  // empty: none given
  ExprPtr comm;
  ExprPtr lhs;     // an Expr holding a Call
  ExprPtr factor;  // null: 1
  ExprPtr rhs;     // an Expr holding a Call
};
// claim ["id"] : lhs (< | > | ==) rhs [by e] [within e] [for every|some [filter]]: a finding,
// checked on the results (docs/claims.md).
struct ClaimFilter {  // field op value, inside [...] or after `for every`
  std::string field;
  SourceRange field_range;
  BinOp op;  // Eq (for '=' and '=='), Ne, Lt, Le, Gt, Ge
  ExprPtr value;
  SourceRange range;
};
struct ClaimTerm {
  SourceRange range;
  std::string statistic;  // median(...), launch_spread(...), ...; empty: none written
  SourceRange statistic_range;
  std::string op;  // the measurement function of a selection Op[...]; empty for a value
  SourceRange op_range;
  std::vector<ClaimFilter> filters;
  ExprPtr value;  // a reference value, or a bare name the front end resolves; null for Op[...]
};
struct ClaimStmt {
  std::optional<std::string> id;  // nullopt: none given ("" is given, and refused)
  SourceRange id_range;
  ClaimTerm lhs;
  BinOp relation;  // Lt, Gt or Eq
  SourceRange relation_range;
  ClaimTerm rhs;
  ExprPtr by;              // null: none
  ExprPtr within;          // null: none
  std::string quantifier;  // "every", "some" (checked by the front end); empty: none
  SourceRange quantifier_range;
  std::optional<ClaimFilter> range_filter;
};
struct RangeLoop {  // for|autorefine v = a to b|... [step [*]s [multipleof j]] do ... od
  bool autorefine;
  std::string var;
  SourceRange var_range;
  ExprPtr from;
  ExprPtr to;  // null for '...'
  SourceRange to_range;
  ExprPtr step;  // null: step 1
  bool multiplicative;
  ExprPtr multiple_of;  // null if absent
  Block body;
};
struct ListLoop {  // for v in expr do ... od
  std::string var;
  SourceRange var_range;
  ExprPtr items;
  Block body;
};
struct If {
  ExprPtr condition;
  Block then_body;
  Block else_body;
};
struct Include {  // @include "file": the included file's statements, already parsed
  std::string path;
  FileId file = kNoFile;  // kNoFile if it could not be loaded
  Block body;
};

// published "file.csv": a paper's values for jobs of this script (docs/claims.md, "Published
// values"). The parser reads the file (resolved as @include resolves), splits it into cells and
// parses each selection cell; the ranges point into the file.
struct PublishedCell {
  std::string text;  // without the quotes of a quoted cell
  SourceRange range;
};
struct PublishedRow {
  SourceRange range;                   // the row's first cell
  std::vector<PublishedCell> cells;    // in the header's order
  std::optional<ClaimTerm> selection;  // the selection cell parsed; empty after an error
};
struct Published {
  std::string path;
  SourceRange path_range;
  FileId file = kNoFile;  // kNoFile if it could not be read
  std::vector<PublishedCell> header;
  std::vector<PublishedRow> rows;
  // The cell of `column` in `row`, or null when the header has no such column.
  const PublishedCell* cell(const PublishedRow& row, std::string_view column) const {
    for (std::size_t i = 0; i < header.size() && i < row.cells.size(); ++i)
      if (header[i].text == column) return &row.cells[i];
    return nullptr;
  }
};

struct Stmt {
  SourceRange range;
  std::variant<Measurement, Assign, CallStmt, SetStmt, StopStmt, ReplicateStmt, FactorStmt,
               ShuffleStmt, PrintStmt, FlushStmt, MeasureStmt, ExpectStmt, ClaimStmt, RangeLoop,
               ListLoop, If, Include, Published>
      node;
};

struct Script {
  FileId main_file = kNoFile;
  Block body;
};

// A stable, indented text dump of the AST (for tests and `metron ast`).
std::string dump(const Script& script);
std::string dump(const Expr& expr);

}  // namespace metron::ast
