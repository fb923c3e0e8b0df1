// SHA-256 against the FIPS 180-2 examples, and the streamed digest equal to the one-shot one.
#include "runtime/plan/sha256.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

using namespace metron;

TEST_CASE("sha256: the FIPS 180-2 examples") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST_CASE("sha256: bytes fed in pieces hash as the whole") {
  const std::string text(10000, 'x');
  Sha256 h;
  for (std::size_t i = 0; i < text.size(); i += 333)
    h.update(text.data() + i, std::min<std::size_t>(333, text.size() - i));
  CHECK(h.hex() == sha256_hex(text));
}
