// The only ANTLR wiring: validate bytes, lex, bound nesting, parse with Metron's error strategy,
// build the AST, then resolve @include and published statements recursively. The pieces live
// beside it: script_bytes (the bytes' checks), nesting_guard, syntax_error_strategy and
// token_classes (the tokens as messages name them).
#include "interpreter/parse.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>

#include "interpreter/builder/builder.h"
#include "interpreter/nesting_guard.h"
#include "interpreter/published_file.h"
#include "interpreter/script_bytes.h"
#include "interpreter/stdlib_path.h"
#include "interpreter/syntax_error_strategy.h"

namespace metron {

using bench_grammar::BenchLexer;
using bench_grammar::BenchParser;
using front::Builder;
using front::OffsetMap;

namespace {

struct ParseContext {
  SourceManager& sm;
  DiagnosticEngine& diags;
  bool from_recording = false;  // BuildOptions::from_recording
  std::vector<FileId> stack;    // files being parsed, outermost first, for cycle detection
  std::vector<SourceRange> include_sites;  // include_sites[i]: where stack[i + 1] is included
};

ast::Block parse_file(ParseContext& pc, FileId id);

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
  front::NestingGuard guard(builder, diags);
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
  if (!front::script_bytes_valid(pc.sm, id, pc.diags) ||
      !front::script_lines_within_limit(pc.sm, id, pc.diags))
    return {};
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
  parser.setErrorHandler(front::make_syntax_error_strategy(builder, pc.diags, lex_errors));
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
  parser.setErrorHandler(front::make_syntax_error_strategy(builder, pc.diags, lex_errors));
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
  if (!front::script_bytes_valid(pc.sm, *id, pc.diags)) return;
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

}  // namespace metron
