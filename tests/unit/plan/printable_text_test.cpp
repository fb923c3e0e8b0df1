// Text from someone else's file, made safe to show: control characters escaped as \xNN.
#include "runtime/plan/printable_text.h"

#include <doctest/doctest.h>

#include <string>

#include "runtime/plan/diagnostics.h"

using namespace metron;

TEST_CASE("printable_text: control characters and bytes that are not UTF-8 are escaped") {
  CHECK(printable_text("plain text, caf\xc3\xa9") == "plain text, caf\xc3\xa9");
  CHECK(printable_text("a\x1b[2J\x1b]0;title\x07z") == "a\\x1b[2J\\x1b]0;title\\x07z");
  CHECK(printable_text("cr\rlf\ntab\tdel\x7f") == "cr\\x0dlf\\x0atab\\x09del\\x7f");
  CHECK(printable_text(std::string("nul\0!", 5)) == "nul\\x00!");
  CHECK(printable_text("csi\xc2\x9b"
                       "2J") == "csi\\xc2\\x9b2J");  // C1 control, two bytes
  CHECK(printable_text("bad\xff\xfe") == "bad\\xff\\xfe");
  CHECK(printable_text("a\\x1b") ==
        "a\\x1b");  // a backslash stays: escaping twice is escaping once
  CHECK(printable_text(printable_text("\x1b")) == printable_text("\x1b"));
}

TEST_CASE("printable_text: with keep_newlines, line breaks and tabs stay") {
  CHECK(printable_text("line 1\n\tline 2\x1b[0m\r\n", true) == "line 1\n\tline 2\\x1b[0m\\x0d\n");
}

TEST_CASE("printable_text: every message argument passes through it") {
  CHECK(message_text(DiagId::bundle_outside, "evil\x1b]0;pwned\x07/x") ==
        "'evil\\x1b]0;pwned\\x07/x' lies outside the bundle's one top folder");
  CHECK(message_line(DiagId::bundle_missing_file, std::string("a\nb")) ==
        "metron: error: 'a\\x0ab' is listed in the metadata but missing");
}
