// Script bundle broadcast (see script_bundle.h).
#include "runtime/exec/script_bundle.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace metron::rt {

namespace {

// Bundle wire format: repeated [u64 name length][name][u64 text length][text][u8 found].
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
    std::vector<std::pair<std::string, std::optional<std::string>>> reads;
    auto reader = [&](const std::string& p) {
      auto text = disk(p);
      reads.emplace_back(p, text);
      return text;
    };
    program = load(path, options, reader);
    for (const auto& [name, text] : reads) {
      put(bundle, name);
      put(bundle, text.value_or(""));
      bundle.push_back(text ? 1 : 0);
      if (files && text) (*files)[name] = *text;
    }
  }
  bcast_string(bundle, comm);
  if (rank == 0) return program;
  std::map<std::string, std::optional<std::string>> known;
  for (std::size_t pos = 0; pos < bundle.size();) {
    std::string name = get(bundle, pos);
    std::string text = get(bundle, pos);
    bool found = bundle[pos++] != 0;
    known[name] = found ? std::optional<std::string>(text) : std::nullopt;
  }
  auto reader = [known](const std::string& p) -> std::optional<std::string> {
    auto it = known.find(p);
    return it == known.end() ? std::nullopt : it->second;
  };
  return load(path, options, reader);
}

}  // namespace metron::rt
