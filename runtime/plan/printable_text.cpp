// Text made safe to show (see printable_text.h).
#include "runtime/plan/printable_text.h"

#include "runtime/plan/source.h"

namespace metron {

namespace {

void escape_byte(std::string& out, unsigned char c) {
  constexpr char kHex[] = "0123456789abcdef";
  out += "\\x";
  out += kHex[c >> 4];
  out += kHex[c & 0xf];
}

}  // namespace

std::string printable_text(std::string_view s, bool keep_newlines) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t len = utf8_char_length(s, i);
    if (len == 1) {
      const bool kept = keep_newlines && (c == '\n' || c == '\t');
      if ((c < 0x20 || c == 0x7f) && !kept)
        escape_byte(out, c);
      else
        out += static_cast<char>(c);
      ++i;
    } else if (len == 0) {
      escape_byte(out, c);  // not UTF-8
      ++i;
    } else if (c == 0xc2 && static_cast<unsigned char>(s[i + 1]) < 0xa0) {
      escape_byte(out, c);  // a C1 control character, both of its bytes
      escape_byte(out, static_cast<unsigned char>(s[i + 1]));
      i += 2;
    } else {
      out.append(s.substr(i, len));
      i += len;
    }
  }
  return out;
}

}  // namespace metron
