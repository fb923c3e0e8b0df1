// Verification's messages are assembled from catalogue parts (messages.def: job_verify_mismatch,
// verify_in_*, verify_found_*): each place and each finding, as a user reads it.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/op_impl.h"

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

using namespace metron;
using metron::rt::Mismatch;
using metron::rt::VerifyPlace;

namespace {

std::string shown(const VerifyPlace& where, const Mismatch& m) {
  rt::BoundOp b;
  b.name = "Gather";
  b.rank = 1;
  return rt::ops::verify_message(b, where, m);
}

}  // namespace

TEST_CASE("verify messages: every place, with the numbers it names") {
  const Mismatch m{17, "0x3a", "0xc5"};
  const std::vector<std::pair<VerifyPlace, std::string>> cases = {
      {DiagId::verify_in_buffer, "buffer byte 17"},
      {DiagId::verify_in_send_buffer, "send buffer byte 17"},
      {DiagId::verify_in_send_scattered, "send buffer (the scattered part) byte 17"},
      {DiagId::verify_in_receive_buffer, "receive buffer byte 17"},
      {{DiagId::verify_in_receive_block, 3}, "receive buffer (block from rank 3) byte 17"},
      {{DiagId::verify_in_round_block, 2, 5},
       "receive buffer (round 2, block from rank 5) byte 17"},
      {{DiagId::verify_in_neighbour_block, 1, 4},
       "receive buffer (block from neighbour 1, rank 4) byte 17"},
      {DiagId::verify_in_left_block, "receive buffer (from the left neighbour) byte 17"},
      {DiagId::verify_in_right_block, "receive buffer (from the right neighbour) byte 17"},
      {{DiagId::verify_in_last_message, 6},
       "receive buffer (the last message, from rank 6) byte 17"},
      {DiagId::verify_in_origin_buffer, "origin buffer byte 17"},
      {DiagId::verify_in_target_window, "target window byte 17"},
      {DiagId::verify_in_window, "window byte 17"},
      {DiagId::verify_in_file, "file byte 17"},
  };
  for (const auto& [where, text] : cases)
    CHECK(shown(where, m) ==
          "verification of 'Gather' failed on rank 1: " + text + ": expected 0x3a, got 0xc5");
}

TEST_CASE("verify messages: every finding of a wrong byte") {
  const VerifyPlace at = DiagId::verify_in_receive_buffer;
  CHECK(shown(at, {5, "0xff", "0x00", DiagId::verify_found_hole_written}) ==
        "verification of 'Gather' failed on rank 1: receive buffer byte 5: a hole of the datatype "
        "was written: expected 0xff, got 0x00");
  CHECK(shown(DiagId::verify_in_origin_buffer,
              {2, "0x00", "0x41", DiagId::verify_found_old_value_changed}) ==
        "verification of 'Gather' failed on rank 1: origin buffer byte 2: expected 0x00 (the "
        "target's old value), got 0x41");
  CHECK(shown(DiagId::verify_in_window, {7, "0xef", "0x00", DiagId::verify_found_flag}) ==
        "verification of 'Gather' failed on rank 1: window byte 7: expected 0xef (of the flag "
        "0xdeadbeef), got 0x00");
}

TEST_CASE("verify messages: the file checks of the MPI-IO operations") {
  // As io_job.cpp, io_imb.cpp, io_local.cpp and io_skampi_file_ops.cpp compose them.
  auto file = [](std::int64_t byte, const std::string& found) {
    return message_text(DiagId::job_verify_mismatch, "MPI_IO_write_once", 0,
                        message_text(DiagId::verify_in_file), byte, found);
  };
  const std::string head = "verification of 'MPI_IO_write_once' failed on rank 0: file byte ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {file(0, message_text(DiagId::verify_found_file_unopenable, "No such file or directory")),
       "0: cannot open the file: No such file or directory"},
      {file(9, message_text(DiagId::verify_found_file_ends)), "9: the file ends before it"},
      {file(4, message_text(DiagId::verify_found_file_short_blocks)),
       "4: the file is shorter than the blocks written"},
      {file(0, message_text(DiagId::verify_found_file_short_bytes)),
       "0: the file is shorter than the bytes written"},
      {file(8, message_text(DiagId::verify_found_block_in_no_slot)),
       "8: the rank's block is in none of the position's slots"},
      {file(8, message_text(DiagId::verify_found_block_differs)),
       "8: the block differs from what was written"},
      {file(3, message_text(DiagId::verify_found_byte_differs)),
       "3: the byte differs from what was written"},
      {file(3, message_text(DiagId::verify_found_not_file_byte)), "3: not the file's byte"},
      {file(0, message_text(DiagId::verify_found_memtype_hole_written)),
       "0: a hole of the memtype was written"},
      {file(0, message_text(DiagId::verify_found_no_file_handle)),
       "0: MPI_File_open gave no file handle"},
      {file(0, message_text(DiagId::verify_found_handle_not_null)),
       "0: the file handle is not MPI_FILE_NULL"},
      {file(0, message_text(DiagId::verify_found_delete_on_close_kept)),
       "0: the file opened with MPI_MODE_DELETE_ON_CLOSE still exists"},
      {file(0, message_text(DiagId::verify_found_byte_not_in_file)),
       "0: the byte written is not in the file"},
      {file(0, message_text(DiagId::verify_found_file_kept)), "0: the file still exists"},
      {file(0, message_text(DiagId::verify_found_file_size, 10, 64)),
       "0: the file has 10 bytes, not 64"},
      {file(0, message_text(DiagId::verify_found_file_pointer, 12, 16)),
       "0: the file pointer is at 12, not 16"},
  };
  for (const auto& [got, tail] : cases) CHECK(got == head + tail);
}
