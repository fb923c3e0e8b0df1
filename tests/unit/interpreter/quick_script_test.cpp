// quick_script: the script `metron quick` generates, and the requests it refuses.
#include "interpreter/quick_script.h"

#include <doctest/doctest.h>

using metron::quick_script;
using metron::QuickRequest;

namespace {
std::string script(QuickRequest r) {
  std::string error;
  auto s = quick_script(r, error);
  REQUIRE_MESSAGE(s, error);
  return *s;
}
std::string error_of(QuickRequest r) {
  std::string error;
  CHECK_FALSE(quick_script(r, error));
  return error;
}
}  // namespace

TEST_SUITE("quick_script") {
  TEST_CASE("quick_script: a collective sweeps 0, 1, 2, 4, ... bytes on every rank") {
    CHECK(script({"Bcast", "0:1MiB", true}) ==
          "# metron quick Bcast --sizes 0:1MiB\n"
          "begin measurement \"Bcast\"\n"
          "   for size = 0 to 1MiB step *2 do\n"
          "      measure comm(get_np()) : Bcast(size, MPI_CHAR)\n"
          "   od\n"
          "end measurement\n");
  }

  TEST_CASE("quick_script: MAX alone starts at 0; the default is 0:1MiB") {
    CHECK(script({"Allreduce", "4KiB", true}).find("for size = 0 to 4KiB step *2") !=
          std::string::npos);
    CHECK(script({"Allreduce"}).find("for size = 0 to 1MiB step *2") != std::string::npos);
  }

  TEST_CASE("quick_script: ping-pongs run on ranks 0 and 1") {
    CHECK(script({"Pingpong_Send_Recv", "1:64", true})
              .find("measure comm(2) : Pingpong_Send_Recv(size, MPI_CHAR)") != std::string::npos);
  }

  TEST_CASE("quick_script: an operation without a size has no loop") {
    CHECK(script({"Barrier"}) ==
          "# metron quick Barrier\n"
          "begin measurement \"Barrier\"\n"
          "   measure comm(get_np()) : Barrier()\n"
          "end measurement\n");
    CHECK(error_of({"Barrier", "0:8", true}) ==
          "'Barrier' takes no message size: leave out --sizes");
  }

  TEST_CASE("quick_script: refused requests say why") {
    CHECK(error_of({"Bcastt"}) ==
          "unknown measurement function 'Bcastt' (docs/language.md lists them)");
    CHECK(error_of({"Synthetic"}) ==
          "'Synthetic' needs its 'time' argument: write a script (metron exec -e '...')");
    for (const char* bad : {"8:1", "1.5KiB", "x", "", ":", "1:2:3", "1kbit", "9999999999999999"})
      CHECK(error_of({"Bcast", bad, true}) ==
            std::string("bad --sizes '") + bad +
                "' (expected MIN:MAX or MAX with MIN <= MAX, e.g. 0:1MiB)");
  }
}
