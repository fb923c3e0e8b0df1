// The JSON nesting pre-scan: linear, brackets in strings ignored.
#include "runtime/plan/json_depth.h"

#include <doctest/doctest.h>

#include <string>

using namespace metron;

TEST_CASE("json_depth_within: counts nested arrays and objects, not brackets in strings") {
  CHECK(json_depth_within("{}", 1));
  CHECK_FALSE(json_depth_within("[[]]", 1));
  CHECK(json_depth_within("[[]]", 2));
  CHECK(json_depth_within(R"({"a": "[[[[", "b": [1, {"c": "\"[["}]})", 3));
  CHECK_FALSE(json_depth_within(R"({"a": [{"b": []}]})", 3));
  CHECK(json_depth_within("]]]]}}", 0));  // unbalanced: for the parser to refuse
}

TEST_CASE("json_depth_within: 60 million '[' are refused at the first one too deep") {
  const std::string deep(std::size_t{60} << 20, '[');
  CHECK_FALSE(json_depth_within(deep));
  CHECK(json_depth_within(std::string(kMaxJsonDepth, '[')));
  CHECK_FALSE(json_depth_within(std::string(kMaxJsonDepth + 1, '[')));
}
