// The state of one MPI-IO job (docs/io.md): its file, view, the blocks this rank reads or
// writes and in which order the ranks access a shared file pointer, plus the per-observation
// steps outside the timed region (open, preallocate, drop the page cache, close). The bind
// functions (io_skampi_*.cpp, io_imb.cpp, io_local.cpp) fill it; io_job.cpp runs it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/ops/bound_op.h"
#include "runtime/plan/io_settings.h"

namespace metron::rt {

// One access: `count` memory elements at `offset` etypes of the view, from / into the buffer
// at `buf_bytes` (element index * the memtype's extent).
struct IoBlock {
  std::int64_t offset = 0;
  std::int64_t count = 0;
  std::int64_t buf_bytes = 0;
};

// One step of a shared-file-pointer pattern, the same list on every rank: the owner accesses
// its block; seek: the shared pointer must first be moved (MPI_File_seek_shared, collective).
struct IoSharedStep {
  int owner = 0;
  IoBlock block;
  bool seek = false;
};

// MPI_BYTE as a description (the name MPI_BYTE is mpi.h's macro here).
inline const TypeDesc kIoByte = *datatype_by_name("MPI_BYTE");

struct IoJob {
  IoSettings cfg;
  std::string folder;  // where the file goes (checked at bind)
  std::string path;    // this rank's file (named at prepare)
  enum class Group { Job, Self, Pairs, Readers } group = Group::Job;  // who opens the file
  int readers = 0;                     // Group::Readers: the first `readers` ranks
  MPI_Comm file_comm = MPI_COMM_NULL;  // the group that opens it (job, self, pair)
  bool own_file_comm = false;
  MPI_Info info = MPI_INFO_NULL;
  MPI_File fh = MPI_FILE_NULL;
  int amode = 0;  // for the data accesses; the open/close functions set their own
  bool write = true;
  std::int64_t daccess = 0x112;
  MPI_Datatype memtype = MPI_BYTE;
  MPI_Datatype etype = MPI_BYTE;
  MPI_Datatype filetype = MPI_BYTE;  // a type this file made (IMB's views) is freed at release
  bool own_filetype = false;
  // The types as descriptions (runtime/plan/io_view.h): this rank's memtype and filetype (a
  // subarray moved to this rank's part) and the script's filetype (rank 0's part); MPI_BYTE
  // unless the function has types (skampi_io_start in io_skampi_binding.cpp sets them).
  TypeDesc mem_dt = kIoByte;
  TypeDesc file_dt = kIoByte;
  TypeDesc file_dt_arg = kIoByte;
  std::int64_t elem_bytes = 1;       // size of one memory element (the data it holds)
  std::int64_t mem_extent = 1;       // extent of one memory element (where the next one starts)
  std::int64_t etype_bytes = 1;      // size of one etype
  MPI_Offset view_disp = 0;          // bytes: this rank's displacement, rank * disp_step
  std::int64_t disp_step = 0;        // rank r's view starts at r * disp_step bytes
  std::vector<IoBlock> blocks;       // this rank's accesses, in order
  int rounds = 0;                    // collective classes: calls every rank makes (max blocks)
  std::vector<IoSharedStep> shared;  // shared file pointer classes: the global order
  bool sync_all = false;        // MPI_File_sync on readers too (write_and_read: it is collective)
  bool open_timed = false;      // read_file, read_and_distribute: open and close are timed too
  bool delete_per_obs = false;  // writes: a new file for every observation (SKaMPI)
  std::int64_t file_bytes = 0;  // the largest file this rank's group makes, for the disk check
  bool participates = true;     // false: this rank has no file (IMB's single transfer)
  int owner_rank = 0;           // rank in file_comm that creates / deletes the file
  // Created with content at prepare (read patterns): the bytes to write, per rank's file.
  std::int64_t content_bytes = 0;
  bool creator = false;  // this rank writes the content (owner of its file)
  // Cycling state for seek and IMB patterns.
  std::int64_t position = 0;
  std::int64_t positions = 1;
  std::int64_t seek_round = 0;
  bool keep = false;  // the file stays between jobs? (never: each job makes and deletes its own)
  int tag = 0;
  // IMB-IO's nonblocking I* variants (io_imb.cpp): the CPU busy-wait between the start of the
  // access and its completion, in ns; -1 for the blocking patterns.
  std::int64_t overlap_ns = -1;
  // IMB-IO's blocking writes: the accesses of one call at successive positions, and IMB's
  // aggregate mode (one MPI_File_sync after them all; non-aggregate: one after each).
  int transfers = 1;
  bool aggregate = false;
  // SKaMPI's local IO (io_local.cpp): POSIX open/read/write instead of MPI-IO, with O_DIRECT.
  bool posix = false;
  bool direct = false;
  int fd = -1;
};

// The file type of a job rank's view (the script's subarray moved to its part, io_view.h).
TypeDesc io_file_type_of(const IoJob& j, int job_rank);

// The byte of every file at byte offset k (the content read patterns find and write patterns
// leave): depends on the offset only, so a block at the wrong place is seen.
std::uint8_t io_file_byte(std::int64_t k);

// The folder the files go in: the job's io_dir, or the run's temporary folder (set by the
// executor, io_workdir.h). Checked: it exists and is writable; the sizes fit its free space.
// Throws MessageError (io_dir_missing, io_dir_unusable, io_disk_full); op names the operation.
std::string io_folder(const IoSettings& cfg, const std::string& op);
void io_check_space(const std::string& folder, std::int64_t bytes, const std::string& op);
// A name unique to this job and group: <folder>/metron_io_<world rank of owner>_<n>.
std::string io_file_name(const std::string& folder, MPI_Comm group, int tag);

// Starts b's IO job: the settings' IO part, the direction and the checked folder. The steps
// between observations need scheme = per_call; bind_error otherwise, or for a bad folder.
IoJob& io_start_job(BoundOp& b, bool write);
// Once file_comm is set: the file's path for the group, whether this rank creates it, the info.
void io_name_file(IoJob& j);

// The MPI_Info of set_file_info's hints (MPI_INFO_NULL without).
MPI_Info io_make_info(const IoSettings& cfg);

// A read's check of the memtype's holes: every byte of the receive buffer `buf` that no data
// piece marked in `data` still holds the sentinel it was filled with.
std::optional<std::string> io_check_holes(const BoundOp& b, const char* buf,
                                          const std::vector<bool>& data);

// Steps outside the timed region (note MPI errors on b).
void io_open(BoundOp& b, int amode);
void io_set_view(BoundOp& b);
void io_preallocate(BoundOp& b, MPI_Offset bytes);
void io_close(BoundOp& b);
void io_drop_cache(const IoJob& j);  // posix_fadvise DONTNEED on the file (io_cache = drop)
void io_create_content(BoundOp& b);  // the creator writes content_bytes of io_file_byte
void io_delete(BoundOp& b);          // the owner deletes the file, the group waits

// The timed accesses of the pattern in the job's data access class, then MPI_File_sync after
// writes (io_file_sync); io_access_blocks: the accesses alone, into / from buf.
void io_run_blocks(BoundOp& b) noexcept;
void io_access_blocks(BoundOp& b, char* buf) noexcept;

// Verification: this rank's blocks hold io_file_byte in the file (writes) or in the buffer
// (reads); nullopt when they do. Writes read the file back with POSIX pread.
std::optional<std::string> io_check_written(const BoundOp& b);
std::optional<std::string> io_check_read(const BoundOp& b);
// The send buffer's blocks get the bytes they must leave in the file.
void io_fill_for_write(BoundOp& b);

// The common release: close, delete, free the group, info and types.
void io_release(BoundOp& b);

}  // namespace metron::rt
