// Script bundle broadcast (see script_bundle.h).
#include "runtime/exec/script_bundle.h"

#include <cstdint>
#include <cstring>
#include <tuple>
#include <vector>

namespace metron::rt {

namespace {

// Bundle wire format: repeated [u64 name length][name][u8 use][u64 text length][text]
// [u8 found][u8 private][u8 refused][u64 why length][why].
void put(std::string& out, const std::string& s) {
  std::uint64_t n = s.size();
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  out.append(s);
}
std::string get(const std::string& in, std::size_t& pos) {
  std::uint64_t n = 0;
  std::memcpy(&n, in.data() + pos, sizeof n);
  pos += sizeof n;
  std::string s = in.substr(pos, n);
  pos += n;
  return s;
}

void bcast_string(std::string& s, MPI_Comm comm) {
  std::uint64_t n = s.size();
  MPI_Bcast(&n, 1, MPI_UINT64_T, 0, comm);
  s.resize(n);
  // Large scripts go in chunks: MPI counts are int.
  constexpr std::uint64_t kChunk = 1u << 30;
  for (std::uint64_t off = 0; off < n; off += kChunk)
    MPI_Bcast(s.data() + off, static_cast<int>(std::min(kChunk, n - off)), MPI_CHAR, 0, comm);
}

struct FileRecord {
  std::string name;
  FileUse use = FileUse::Script;
  FileRead read;
};

std::string encode(const std::vector<FileRecord>& records, std::size_t first) {
  std::string out;
  for (std::size_t i = first; i < records.size(); ++i) {
    const auto& [name, use, r] = records[i];
    put(out, name);
    out.push_back(static_cast<char>(use));
    put(out, r.text.value_or(""));
    out.push_back(r.text ? 1 : 0);
    out.push_back(r.is_private ? 1 : 0);
    out.push_back(r.refused ? 1 : 0);
    put(out, r.why);
  }
  return out;
}

void decode_into(const std::string& bundle,
                 std::map<std::pair<std::string, FileUse>, FileRead>& known) {
  for (std::size_t pos = 0; pos < bundle.size();) {
    std::string name = get(bundle, pos);
    const auto use = static_cast<FileUse>(bundle[pos++]);
    FileRead r;
    std::string text = get(bundle, pos);
    if (bundle[pos++] != 0) r.text = std::move(text);
    r.is_private = bundle[pos++] != 0;
    r.refused = bundle[pos++] != 0;
    r.why = get(bundle, pos);
    known[{name, use}] = std::move(r);
  }
}

}  // namespace

// Rank 0 sends the script before it parses it, so that every rank parses at once (one rank
// after the other was a parse's time more of every launch's start, and a rank polling in the
// broadcast beside the one parsing); the files the parse finds (includes, published values, a
// settings file) follow in a second message, and a rank whose parse asked for one of them, not
// having it yet, loads again with all of them.
std::unique_ptr<LoadedScript> load_program_spmd(const ScriptLoader& load, const std::string& path,
                                                const BuildOptions& options, MPI_Comm comm,
                                                std::map<std::string, std::string>* files,
                                                FileReader disk) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  // Rank 0: every read, including failed ones, so that the other ranks fail the same way.
  std::vector<FileRecord> reads;
  if (rank == 0) reads.push_back({path, FileUse::Script, disk(path, FileUse::Script)});
  std::string bundle = rank == 0 ? encode(reads, 0) : std::string();
  bcast_string(bundle, comm);
  if (rank == 0) {
    auto reader = [&](const std::string& p, FileUse use) {
      if (p == path && use == FileUse::Script) return reads.front().read;
      FileRead r = disk(p, use);
      reads.push_back({p, use, r});
      return r;
    };
    auto program = load(path, options, reader);
    std::string rest = encode(reads, 1);
    bcast_string(rest, comm);
    if (files)
      for (const auto& [name, use, r] : reads)
        if (r.text) (*files)[name] = *r.text;
    return program;
  }
  std::map<std::pair<std::string, FileUse>, FileRead> known;
  decode_into(bundle, known);
  bool missed = false;
  auto reader = [&known, &missed](const std::string& p, FileUse use) -> FileRead {
    auto it = known.find({p, use});
    if (it != known.end()) return it->second;
    missed = true;
    return FileRead{};
  };
  auto program = load(path, options, reader);
  std::string rest;
  bcast_string(rest, comm);
  if (!missed) return program;
  decode_into(rest, known);
  missed = false;
  return load(path, options, reader);
}

}  // namespace metron::rt
