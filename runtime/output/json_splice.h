// Rendering a large, growing JSON document without re-rendering what has not changed. The
// manifest is rewritten after every job; dumping its plan and its job list each time made a run
// of n jobs cost O(n^2) (2000 one-observation jobs: 162 ms per job at the end, 4 MB per dump).
// The pieces here give, byte for byte, what nlohmann::json::dump(2) gives for the whole.
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace metron::out {

// The text of `value` as dump(2) renders it as a member of a top-level object (after `"key": `).
std::string member_text(const nlohmann::json& value);

// A top-level array rendered one item at a time: append() renders only the new item.
class ArrayText {
 public:
  void append(const nlohmann::json& item);
  bool empty() const { return body_.empty(); }
  std::string member_text() const;  // as member_text(the whole array) would render it

 private:
  std::string body_;  // the items, indented, joined by ",\n"
};

// top.dump(2), with the members named in `cached` taken from there (their member_text) instead
// of from `top`, where they may be absent or stale.
std::string dump_with_members(const nlohmann::json& top,
                              const std::map<std::string, std::string>& cached);

}  // namespace metron::out
