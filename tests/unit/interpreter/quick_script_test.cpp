// quick_script: the script `metron quick` generates, and the requests it refuses.
#include "interpreter/quick_script.h"

#include <doctest/doctest.h>

#include "interpreter/osu_names.h"

using metron::quick_script;
using metron::QuickError;
using metron::QuickRequest;

namespace {
std::string script(QuickRequest r) {
  QuickError error;
  auto s = quick_script(r, error);
  REQUIRE_MESSAGE(s, error.text);
  return *s;
}
std::string error_of(QuickRequest r) {
  QuickError error;
  CHECK_FALSE(quick_script(r, error));
  return error.text;
}
std::string suggestion_for(QuickRequest r) {
  QuickError error;
  CHECK_FALSE(quick_script(r, error));
  return error.did_you_mean;
}
bool has(const std::string& s, const std::string& what) {
  return s.find(what) != std::string::npos;
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
          "unknown measurement function 'Bcastt' (docs/language.md lists them; OSU program names "
          "such as 'osu_bw' work too)");
    CHECK(error_of({"Synthetic"}) ==
          "'Synthetic' needs its 'time' argument: write a script (metron exec -e '...')");
    for (const char* bad : {"8:1", "1.5KiB", "x", "", ":", "1:2:3", "1kbit", "9999999999999999"})
      CHECK(error_of({"Bcast", bad, true}) ==
            std::string("bad --sizes '") + bad +
                "' (expected MIN:MAX or MAX with MIN <= MAX, e.g. 0:1MiB)");
  }

  TEST_CASE("quick_script: a sweep past what an MPI count holds is a bad --sizes") {
    // The size is the count of MPI_CHAR, an int: 2^31 - 1 at most. The largest size of the sweep
    // counts, not MAX: 3:2GiB runs 3, 6, ..., 3 * 2^29 = 1.5 GiB.
    CHECK(error_of({"Bcast", "1:1TiB", true}) ==
          "bad --sizes '1:1TiB': its largest size, 1099511627776 bytes, is more than an MPI count "
          "holds (at most 2147483647)");
    CHECK(error_of({"Bcast", "2GiB", true}) ==
          "bad --sizes '2GiB': its largest size, 2147483648 bytes, is more than an MPI count holds "
          "(at most 2147483647)");
    CHECK(has(script({"Bcast", "3:2GiB", true}), "for size = 3 to 2GiB step *2"));
    CHECK(has(script({"Bcast", "0:2147483647", true}), "for size = 0 to 2147483647 step *2"));
    CHECK(has(script({"Bcast", "0:0", true}), "for size = 0 to 0 step *2"));
  }

  TEST_CASE("quick_script: names in any case and OSU program names") {
    CHECK(has(script({"latency"}), "# 'latency' is measured by Latency\n"));
    CHECK(has(script({"latency"}), "measure comm(get_np()) : Latency(size, MPI_CHAR)"));
    CHECK(has(script({"BCAST"}), "Bcast(size, MPI_CHAR)"));
    CHECK(has(script({"osu_latency"}), ": Latency(size, MPI_CHAR)"));
    CHECK(has(script({"osu_bw"}), ": Bandwidth(size, MPI_CHAR)"));
    CHECK(has(script({"osu_bibw"}), ": Bibandwidth(size, MPI_CHAR)"));
    CHECK(has(script({"osu_allreduce"}), ": Allreduce(size, MPI_CHAR)"));
    CHECK(has(script({"osu_iallreduce"}), ": Iallreduce_overlap(size, MPI_CHAR)"));
    CHECK(has(script({"osu_bcast_persistent"}), ": Bcast_init(size, MPI_CHAR)"));
    CHECK(has(script({"osu_barrier"}), ": Barrier()"));
    CHECK(has(script({"osu_put_latency"}), ": Put_latency(size, MPI_CHAR)"));
    CHECK(has(script({"osu_latency_mt"}), ": Latency_mt(size, MPI_CHAR)"));
    // Threaded ones need MPI_THREAD_MULTIPLE, which quick asks for.
    CHECK(metron::quick_needs_threads("osu_latency_mt"));
    CHECK(metron::quick_needs_threads("PingPongMT"));
    CHECK_FALSE(metron::quick_needs_threads("osu_latency"));
    CHECK_FALSE(metron::quick_needs_threads("no_such_op"));
    // The exact name wins and is not annotated.
    CHECK_FALSE(has(script({"Bcast"}), "is measured by"));
  }

  TEST_CASE("quick_script: an unknown name gets the closest one, as check suggests names") {
    CHECK(suggestion_for({"Latencyy"}) == "Latency");
    CHECK(suggestion_for({"osu_bww"}) == "osu_bw");
    CHECK(suggestion_for({"osu_alreduce"}) == "osu_allreduce");
    CHECK(suggestion_for({"qqqqqqqqqqqqq"}).empty());
  }

  TEST_CASE("quick_script: the buffer holds the largest size on any number of ranks") {
    // Bcast 1 MiB needs 1 MiB: the 4 MiB default holds it, no line.
    CHECK_FALSE(has(script({"Bcast"}), "set buffer"));
    // osu_bw: a window of 64 messages of 4 MiB, sent and received (with the default buffer
    // the sweep would stop at 32 KiB).
    CHECK(has(script({"Bandwidth", "1:4MiB", true}), "\nset buffer = 260MiB\n"));
    // Allgather: a send block and get_np() receive blocks.
    CHECK(has(script({"Allgather", "0:4MiB", true}),
              "\nset buffer = max_int(4MiB, 4MiB + 4MiB * get_np())\n"));
    CHECK(has(script({"Alltoall", "0:1MiB", true}),
              "\nset buffer = max_int(4MiB, 2MiB * get_np())\n"));
  }

  TEST_CASE("osu_names: every listed program maps to a function") {
    for (const auto& name : metron::osu_program_names())
      CHECK_MESSAGE(metron::osu_measure_func(name) != nullptr, name);
    CHECK(metron::osu_measure_func("osu_allreduce_using_reduce_bcast") == nullptr);
    CHECK(metron::osu_measure_func("bw") == nullptr);
  }
}
