// Reading a published-values file (`published "values.csv"`, docs/claims.md "Published values")
// into its header and rows, with file:line:col errors for the CSV itself, the header and the
// rows. The meaning of the cells (units, values, selections against the plan) is checked by the
// evaluator (published_statement.cpp). Internal to the front end.
#pragma once

#include <functional>
#include <optional>

#include "interpreter/ast.h"
#include "interpreter/csv_cells.h"
#include "runtime/plan/diagnostics.h"

namespace metron {

// Parses one selection cell (ANTLR lives in parse.cpp); empty after a reported syntax error.
using SelectionParser = std::function<std::optional<ast::ClaimTerm>(const CsvCell& cell)>;

// Fills node.header and node.rows from the loaded file node.file.
void read_published_file(const SourceManager& sm, DiagnosticEngine& diags, ast::Published& node,
                         const SelectionParser& parse_selection);

// "id, source, selection, ..." (for messages).
std::string published_column_list();

}  // namespace metron
