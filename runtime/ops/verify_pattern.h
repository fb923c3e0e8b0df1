// Verification helpers for operations that move data: a byte pattern that depends on the
// sending rank and the byte's index, written and checked over the significant bytes of each
// element in type-map order (padding in pair types and long double is skipped, since MPI need
// not move it; a derived type's holes are skipped too and must keep the receiver's sentinel).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names
#include "runtime/plan/diagnostics.h"

namespace metron::rt {

// Where a check failed: byte offset from the start of the checked buffer, and what was there.
// `found` is a catalogue part (messages.def, verify_found_*) filled with expected and got.
struct Mismatch {
  std::int64_t offset = 0;
  std::string expected;  // "0x3a"
  std::string got;       // "0xc5"
  DiagId found = DiagId::verify_found_value;
};
// Where a check failed: a catalogue part (messages.def, verify_in_*) and the numbers it names.
struct VerifyPlace {
  VerifyPlace(DiagId part, std::int64_t a = 0, std::int64_t b = 0)
      : id(part), first(a), second(b) {}
  DiagId id;
  std::int64_t first, second;
};

// The layout of one element: its extent in memory and the byte ranges MPI transfers.
struct ElemLayout {
  std::int64_t extent = 0;
  int sig_bytes = 0;  // significant bytes per element
  int segments = 0;
  int seg_begin[2] = {0, 0};
  int seg_end[2] = {0, 0};
};
ElemLayout elem_layout(Datatype d);

// Byte number `index` of the significant-byte stream that `rank` sends.
std::uint8_t pattern_byte(int rank, std::int64_t index);
// A byte as verification messages show it: "0x3a".
std::string hex_byte(unsigned v);

// Writes rank's stream from `first_index` on into count elements of dt at buf; for a derived
// type the holes of the count * extent bytes get the sentinel first.
void fill_pattern(char* buf, const TypeDesc& dt, std::int64_t count, int rank,
                  std::int64_t first_index);
// Checks that count elements of dt at buf hold rank's stream from first_index on, and for a
// derived type that the holes in the count * extent bytes still hold the sentinel.
std::optional<Mismatch> check_pattern(const char* buf, const TypeDesc& dt, std::int64_t count,
                                      int rank, std::int64_t first_index);
// A value unlikely to match the pattern, for buffers that should be overwritten.
void fill_sentinel(char* buf, std::int64_t bytes);

// Significant bytes in count elements of dt (the index space of the pattern).
std::int64_t pattern_bytes(const TypeDesc& dt, std::int64_t count);

}  // namespace metron::rt
