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

}  // namespace

std::unique_ptr<LoadedScript> load_program_spmd(const ScriptLoader& load, const std::string& path,
                                                const BuildOptions& options, MPI_Comm comm,
                                                std::map<std::string, std::string>* files,
                                                FileReader disk) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::string bundle;
  std::unique_ptr<LoadedScript> program;
  if (rank == 0) {
    // Record every read, including failed ones, so the other ranks fail the same way.
    std::vector<std::tuple<std::string, FileUse, FileRead>> reads;
    auto reader = [&](const std::string& p, FileUse use) {
      FileRead r = disk(p, use);
      reads.emplace_back(p, use, r);
      return r;
    };
    program = load(path, options, reader);
    for (const auto& [name, use, r] : reads) {
      put(bundle, name);
      bundle.push_back(static_cast<char>(use));
      put(bundle, r.text.value_or(""));
      bundle.push_back(r.text ? 1 : 0);
      bundle.push_back(r.is_private ? 1 : 0);
      bundle.push_back(r.refused ? 1 : 0);
      put(bundle, r.why);
      if (files && r.text) (*files)[name] = *r.text;
    }
  }
  bcast_string(bundle, comm);
  if (rank == 0) return program;
  std::map<std::pair<std::string, FileUse>, FileRead> known;
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
  auto reader = [known](const std::string& p, FileUse use) -> FileRead {
    auto it = known.find({p, use});
    return it == known.end() ? FileRead{} : it->second;
  };
  return load(path, options, reader);
}

}  // namespace metron::rt
