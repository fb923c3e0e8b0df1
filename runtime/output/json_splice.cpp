// JSON rendering by pieces (see json_splice.h).
#include "runtime/output/json_splice.h"

namespace metron::out {

namespace {
// Every line but the first one `by` spaces further in.
std::string indent_rest(const std::string& text, std::size_t by) {
  std::string out;
  out.reserve(text.size() + text.size() / 16);
  const std::string pad(by, ' ');
  for (char c : text) {
    out.push_back(c);
    if (c == '\n') out += pad;
  }
  return out;
}

// A placeholder no real member value can render as: JSON text never holds a raw newline inside a
// string, so `\n  "key": "<placeholder>"` only occurs where we put it.
std::string placeholder(const std::string& key) {
  return "metron-splice:" + key;
}
}  // namespace

std::string member_text(const nlohmann::json& value) {
  return indent_rest(value.dump(2), 2);
}

void ArrayText::append(const nlohmann::json& item) {
  if (!body_.empty()) body_ += ",\n";
  body_ += "    " + indent_rest(item.dump(2), 4);
}

std::string ArrayText::member_text() const {
  return body_.empty() ? "[]" : "[\n" + body_ + "\n  ]";
}

std::string dump_with_members(const nlohmann::json& top,
                              const std::map<std::string, std::string>& cached) {
  nlohmann::json shell = nlohmann::json::object();
  for (const auto& [key, value] : top.items())
    if (!cached.count(key)) shell[key] = value;
  for (const auto& [key, text] : cached) shell[key] = placeholder(key);
  std::string out = shell.dump(2);
  for (const auto& [key, text] : cached) {
    const std::string marker =
        "\n  " + nlohmann::json(key).dump() + ": " + nlohmann::json(placeholder(key)).dump();
    const std::size_t at = out.find(marker);
    if (at == std::string::npos) continue;  // cannot happen: the member is in the shell
    const std::size_t value_at =
        at + marker.size() - nlohmann::json(placeholder(key)).dump().size();
    out.replace(value_at, marker.size() - (value_at - at), text);
  }
  return out;
}

}  // namespace metron::out
