// Reading a published-values file (see published_file.h).
#include "interpreter/published_file.h"

#include <set>

#include "runtime/plan/published.h"

namespace metron {

namespace {

SourceRange at(FileId f, std::uint32_t begin, std::uint32_t end) {
  return {{f, begin}, {f, end}};
}

SourceRange cell_range(FileId f, const CsvCell& c) {
  return at(f, c.begin, c.end);
}

bool known_column(std::string_view name) {
  for (const auto& c : published_columns())
    if (c.name == name) return true;
  return false;
}

// The header: known columns, each once, every required one present. False after an error.
bool read_header(DiagnosticEngine& diags, FileId f, const CsvLine& line, ast::Published& node) {
  bool ok = true;
  std::set<std::string> seen;
  std::vector<std::string> names;
  for (const auto& c : published_columns()) names.emplace_back(c.name);
  for (const CsvCell& c : line.cells) {
    node.header.push_back({c.text, cell_range(f, c)});
    if (!known_column(c.text)) {
      diags.report(DiagId::published_unknown_column, cell_range(f, c), c.text,
                   published_column_list());
      if (std::string best = closest_match(c.text, names); !best.empty())
        diags.note(DiagId::did_you_mean, cell_range(f, c), best);
      ok = false;
    } else if (!seen.insert(c.text).second) {
      diags.report(DiagId::published_duplicate_column, cell_range(f, c), c.text);
      ok = false;
    }
  }
  for (const auto& c : published_columns())
    if (c.required && !seen.count(std::string(c.name)) && ok) {
      diags.report(DiagId::published_missing_column, cell_range(f, line.cells.front()), c.name,
                   published_column_list());
      ok = false;
    }
  return ok;
}

void read_row(DiagnosticEngine& diags, FileId f, const CsvLine& line, ast::Published& node,
              const SelectionParser& parse_selection) {
  if (line.cells.size() != node.header.size()) {
    diags.report(DiagId::published_cell_count, cell_range(f, line.cells.front()), line.cells.size(),
                 node.header.size());
    return;
  }
  ast::PublishedRow row;
  row.range = cell_range(f, line.cells.front());
  bool ok = true;
  for (std::size_t i = 0; i < line.cells.size(); ++i) {
    const CsvCell& c = line.cells[i];
    const std::string& column = node.header[i].text;
    row.cells.push_back({c.text, cell_range(f, c)});
    const bool required = column == "id" || column == "source" || column == "selection";
    if (required && c.text.empty()) {
      diags.report(DiagId::published_empty_cell, cell_range(f, c), column);
      ok = false;
    } else if (column == "selection") {
      row.selection = parse_selection(c);
      ok = ok && row.selection.has_value();
    }
  }
  if (ok) node.rows.push_back(std::move(row));
}

}  // namespace

std::string published_column_list() {
  std::string out;
  for (const auto& c : published_columns()) out += (out.empty() ? "" : ", ") + std::string(c.name);
  return out;
}

void read_published_file(const SourceManager& sm, DiagnosticEngine& diags, ast::Published& node,
                         const SelectionParser& parse_selection) {
  const FileId f = node.file;
  const CsvCells cells = split_csv(sm.file(f).text());
  if (cells.error != CsvError::None) {
    diags.report(cells.error == CsvError::UnterminatedQuote ? DiagId::published_unterminated_quote
                                                            : DiagId::published_text_after_quote,
                 at(f, cells.error_at, cells.error_at + 1));
    return;
  }
  if (cells.lines.empty()) {
    diags.report(DiagId::published_empty_file, node.path_range, node.path, published_column_list());
    return;
  }
  if (!read_header(diags, f, cells.lines.front(), node)) return;
  for (std::size_t i = 1; i < cells.lines.size(); ++i)
    read_row(diags, f, cells.lines[i], node, parse_selection);
}

}  // namespace metron
