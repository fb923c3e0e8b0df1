// The grammar's tokens as the syntax messages and the nesting guard see them: how a token is
// named in a message, and which tokens open, close, start or join expressions and statements.
#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "interpreter/builder/builder.h"

namespace metron::front {

// A token type as a message names it ("a number", "'od'", "end of file").
std::string token_display(const antlr4::dfa::Vocabulary& voc, std::size_t type);
// The opening keyword or bracket of a closing one ("do" for "od"), or nullptr.
const char* opener_of(std::size_t closer);
// The token that was found, quoted and shortened for a message.
std::string found_display(antlr4::Token* t);
bool is_closer(std::size_t t);
const std::set<std::size_t>& expr_starts();
const std::set<std::size_t>& stmt_starts();
const std::set<std::size_t>& binary_ops();
// A token that can end an operand (a literal, a name, a closing bracket).
bool is_operand_end(std::size_t t);
// "a, b or c".
std::string join_alternatives(const std::vector<std::string>& items);

}  // namespace metron::front
