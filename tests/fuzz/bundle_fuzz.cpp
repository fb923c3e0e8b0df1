// Mutation fuzzer for what a stranger's bundle or folder can make Metron do (docs/security.md):
// `replay` of a bundle (verify, unpack, read the recording, write its script copy into a new
// folder) and `run --resume` of a folder (its script copies checked and restored), in process,
// for a fixed number of seeded cases. The corpus is made here: an exec folder and a run folder
// (from tests/fuzz/results_corpus) packed with `metron pack`'s own code. Each case mutates one
// of them: entry names (`..`, absolute, control characters, another top folder, long), entry
// types (links to the user's files, hard links, FIFOs, devices, folders), duplicate entries,
// sizes and contents, the metadata (nesting, @id outside, contentSize, sha256, entries twice),
// the manifest's names (script.files, settings_override, launches[].dir) and the archive's
// bytes; half of the mutated files get metadata that matches them, so that the readers behind
// the bundle checks are reached too. A case fails on a crash, on taking longer than the
// per-input limit, and on any write or deletion outside the case's work folder: the folder
// `outside/` beside it, a folder and an `X.partial/` that existed before the unpack, and files
// named like the planted ones anywhere above. The failing case's archive is kept as
// bundle-fuzz-failure.tar.gz.
//
//   bundle_fuzz [--cases N] [--seed N] [--per-input-limit S] [--plant] CORPUS_DIR
// (--plant: an escape is simulated after the first case; the run must then fail.)
#include <archive.h>
#include <archive_entry.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "runtime/bundle/bundle.h"
#include "runtime/launcher/replay.h"
#include "runtime/launcher/resume_checks.h"
#include "runtime/launcher/run_manifest_check.h"
#include "runtime/launcher/script_copy.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/sha256.h"

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

fs::path g_base;                              // the fuzzer's folder: work/, outside/
fs::path g_archive;                           // the input being read
const char* const kPlanted = "fuzz-planted";  // the file name every escaping mutation aims at
int g_unpacked = 0, g_recordings = 0;  // how far the inputs got: unpacked, read as a recording

extern "C" void on_fatal(int sig) {
  std::error_code ec;
  fs::copy_file(g_archive, "bundle-fuzz-failure.tar.gz", fs::copy_options::overwrite_existing, ec);
  std::fprintf(stderr, "bundle_fuzz: %s; input kept as bundle-fuzz-failure.tar.gz\n",
               sig == SIGALRM ? "input took longer than the per-input limit" : "crash");
  std::signal(sig == SIGALRM ? SIGABRT : sig, SIG_DFL);
  std::raise(sig == SIGALRM ? SIGABRT : sig);
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_text(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// One entry of a tar archive.
struct Entry {
  std::string name;
  mode_t type = AE_IFREG;  // AE_IFREG, AE_IFDIR, AE_IFLNK, AE_IFIFO, AE_IFCHR, AE_IFBLK
  std::string data;
  std::string link;       // a symbolic link's target
  bool hardlink = false;  // `link` names another entry
};

std::vector<Entry> read_archive(const fs::path& path) {
  std::vector<Entry> out;
  std::unique_ptr<archive, int (*)(archive*)> a(archive_read_new(), archive_read_free);
  archive_read_support_filter_gzip(a.get());
  archive_read_support_format_tar(a.get());
  archive_read_open_filename(a.get(), path.c_str(), 1 << 16);
  archive_entry* e = nullptr;
  while (archive_read_next_header(a.get(), &e) == ARCHIVE_OK) {
    Entry x;
    x.name = archive_entry_pathname(e);
    x.type = archive_entry_filetype(e);
    std::vector<char> buf(1 << 16);
    for (la_ssize_t n; (n = archive_read_data(a.get(), buf.data(), buf.size())) > 0;)
      x.data.append(buf.data(), static_cast<std::size_t>(n));
    out.push_back(std::move(x));
  }
  return out;
}

void write_archive(const fs::path& path, const std::vector<Entry>& entries) {
  std::unique_ptr<archive, int (*)(archive*)> a(archive_write_new(), archive_write_free);
  archive_write_add_filter_gzip(a.get());
  archive_write_set_format_pax_restricted(a.get());
  archive_write_open_filename(a.get(), path.c_str());
  for (const Entry& x : entries) {
    std::unique_ptr<archive_entry, void (*)(archive_entry*)> e(archive_entry_new(),
                                                               archive_entry_free);
    archive_entry_set_pathname(e.get(), x.name.c_str());
    archive_entry_set_filetype(e.get(), x.type);
    archive_entry_set_perm(e.get(), 0644);
    if (x.hardlink) archive_entry_set_hardlink(e.get(), x.link.c_str());
    if (x.type == AE_IFLNK) archive_entry_set_symlink(e.get(), x.link.c_str());
    const bool data = x.type == AE_IFREG && !x.hardlink;
    archive_entry_set_size(e.get(), data ? static_cast<la_int64_t>(x.data.size()) : 0);
    archive_write_header(a.get(), e.get());
    if (data) archive_write_data(a.get(), x.data.data(), x.data.size());
  }
  archive_write_close(a.get());
}

// --- the corpus: an exec folder and a run folder, packed -----------------------------------------

void make_folders(const fs::path& corpus, const fs::path& dir) {
  auto c = [&](const char* name) { return read_text(corpus / name); };
  write_text(dir / "ex/manifest.json", c("exec_manifest.json"));
  write_text(dir / "ex/summary.csv", c("exec_summary.csv"));
  write_text(dir / "ex/raw.csv", c("exec_raw.csv"));
  const json run = json::parse(c("run_manifest.json"));
  write_text(dir / "run/manifest.json", run.dump(2));
  write_text(dir / "run/summary.csv", c("run_summary.csv"));
  write_text(dir / "run/raw.csv", c("run_raw.csv"));
  const auto& f = run["script"]["files"][0];
  write_text(dir / "run/script" / f["name"].get<std::string>(), f["text"].get<std::string>());
  for (int i = 0; i < 4; ++i) {
    const fs::path l = dir / "run/launches" / std::to_string(i);
    write_text(l / "manifest.json", c("exec_manifest.json"));
    write_text(l / "summary.csv", c("launch_summary.csv"));
    write_text(l / "raw.csv", c("launch_raw.csv"));
  }
}

// --- mutations
// ------------------------------------------------------------------------------------

struct Mutator {
  std::mt19937_64 rng;
  std::string top;   // the bundle's top folder
  fs::path outside;  // an absolute path the mutations aim at
  std::size_t pick(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(rng() % n); }

  // A name that leaves the bundle, or is not a plain path.
  std::string hostile_name() {
    const std::string ups[] = {"../", "../../", "../../../", "../../../../"};
    switch (pick(9)) {
      case 0:
        return ups[pick(4)] + "outside/" + kPlanted;
      case 1:
        return (outside / kPlanted).string();
      case 2:
        return top + "/" + ups[pick(4)] + "outside/" + kPlanted;
      case 3:
        return top + "/a\x1b]0;title\x07/" + kPlanted;
      case 4:
        return "other/" + std::string(kPlanted);
      case 5:
        return top + "/" + std::string(5000, 'a');
      case 6:
        return top + "/./x//y/" + kPlanted;
      case 7:
        return "";
      default:
        return top + "/script/" + ups[pick(4)] + ups[pick(4)] + kPlanted;
    }
  }

  void mutate_entries(std::vector<Entry>& es) {
    Entry& e = es[pick(es.size())];
    switch (pick(8)) {
      case 0:
        e.name = hostile_name();
        break;
      case 1:  // a link to the user's file, under an entry's name or beside it
        e.type = AE_IFLNK;
        e.link = pick(2) ? (outside / "victim.txt").string() : "../../outside/victim.txt";
        break;
      case 2:
        e.hardlink = true;
        e.link = pick(2) ? es[0].name : (outside / "victim.txt").string();
        break;
      case 3:
        e.type = std::array<mode_t, 4>{AE_IFIFO, AE_IFCHR, AE_IFBLK, AE_IFDIR}[pick(4)];
        break;
      case 4:
        es.push_back(e);
        es.back().data += "x";
        break;  // the same name twice
      case 5:
        e.data.resize(pick(e.data.size() + 2));
        break;
      case 6:
        e.data += std::string(pick(4096), 'z');
        break;
      default:
        es.push_back({top + "/" + hostile_name(), AE_IFREG, "planted", "", false});
        break;
    }
  }

  std::string mutate_metadata(const std::string& text) {
    json j = json::parse(text, nullptr, false);
    if (!j.is_object() || !j.contains("@graph") || !j["@graph"].is_array() || j["@graph"].empty())
      return text;
    auto& g = j["@graph"];
    json& f = g[pick(g.size())];
    switch (pick(7)) {
      case 0:
        return std::string(1 + pick(200000), '[');
      case 1:
        f["@id"] = pick(2) ? "/etc/passwd" : "../../outside/victim.txt";
        break;
      case 2:
        f["contentSize"] =
            std::array<const char*, 4>{"247abc", "-1", "", "99999999999999999999"}[pick(4)];
        break;
      case 3:
        f["sha256"] = "xyz";
        break;
      case 4:
        g.push_back(f);
        break;
      case 5:
        f["@type"] = "File";
        f["@id"] = (outside / "victim.txt").string();
        f["contentSize"] = "4";
        break;
      default:
        return text.substr(0, pick(text.size()));
    }
    return j.dump(1);
  }

  // The manifest's names: what replay and --resume use as paths.
  std::string mutate_manifest(const std::string& text) {
    json j = json::parse(text, nullptr, false);
    if (!j.is_object() || !j.contains("script")) return text;
    auto& files = j["script"]["files"];
    switch (pick(5)) {
      case 0:  // an absolute main and a name that climbs
        j["script"]["path"] = "/x/main.bench";
        files[0]["name"] = "/x/main.bench";
        files.push_back({{"name", "../../../../outside/" + std::string(kPlanted)},
                         {"text", "planted"},
                         {"sha256", metron::sha256_hex("planted")}});
        break;
      case 1:
        files[0]["name"] = hostile_name();
        j["script"]["path"] = files[0]["name"];
        break;
      case 2:
        j["settings_override"] = {{"path", hostile_name()},
                                  {"text", "set reps = 3\n"},
                                  {"copy", "settings/" + std::string(kPlanted)}};
        break;
      case 3:
        if (j.contains("launches") && j["launches"].is_array() && !j["launches"].empty())
          j["launches"][0]["dir"] = pick(2) ? "../../outside" : outside.string();
        break;
      default:
        j["script"]["copy"] = hostile_name();
        break;
    }
    return j.dump(1);
  }
};

// Gives the listed files of `es` the sha256 and size they now have (so the bundle checks pass
// and the readers behind them are reached).
void refresh_metadata(std::vector<Entry>& es, const std::string& top) {
  Entry* meta = nullptr;
  std::map<std::string, const Entry*> by_name;
  for (Entry& e : es) {
    if (e.name == top + "/ro-crate-metadata.json") meta = &e;
    by_name[e.name] = &e;
  }
  json j = meta ? json::parse(meta->data, nullptr, false) : json();
  if (!j.is_object() || !j.contains("@graph")) return;
  for (auto& f : j["@graph"]) {
    auto it =
        f.contains("@id") ? by_name.find(top + "/" + f["@id"].get<std::string>()) : by_name.end();
    if (it == by_name.end() || f.value("@type", json()) != "File") continue;
    f["sha256"] = metron::sha256_hex(it->second->data);
    f["contentSize"] = std::to_string(it->second->data.size());
  }
  meta->data = j.dump(1);
}

// --- the checks
// -----------------------------------------------------------------------------------

// Every file below `dir`, with its size and contents' digest.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    const auto st = it->symlink_status(ec);
    out[it->path().string()] =
        fs::is_regular_file(st) ? metron::sha256_hex(read_text(it->path())) : "other";
  }
  return out;
}

// What a replay and a resume do with the input, up to the first launch.
void read_input(const fs::path& work, int n) {
  namespace ln = metron::launcher;
  std::string dest, error;
  if (metron::bundle::unpack(g_archive.string(), dest, error) != 0) return;
  ++g_unpacked;
  metron::bundle::verify_folder(dest);
  int code = 0;
  if (auto rec = ln::read_recording(dest, error, &code); rec && ++g_recordings)
    ln::write_script_copy(rec->files, (work / ("replay-" + std::to_string(n)) / "script").string(),
                          error);
  if (auto m = metron::out::read_json_file(fs::path(dest) / "manifest.json"))
    if (ln::run_manifest_damage(*m).empty()) ln::checked_script_copies(dest, *m, error);
}

// A folder from someone else, as --resume and replay meet it: links planted where Metron
// writes, and names in its manifest.
void mutate_folder(const fs::path& dir, Mutator& m) {
  std::error_code ec;
  switch (m.pick(4)) {
    case 0:
      fs::remove_all(dir / "script", ec);
      fs::create_directory_symlink(m.outside, dir / "script", ec);
      break;
    case 1:
      fs::remove_all(dir / "script", ec);
      fs::create_directories(dir / "script", ec);
      fs::create_symlink(m.outside / "victim.txt", dir / "script" / "corp.bench", ec);
      break;
    case 2:
      write_text(dir / "ro-crate-metadata.json",
                 m.mutate_metadata(read_text(dir / "ro-crate-metadata.json")));
      break;
    default:
      write_text(dir / "manifest.json", m.mutate_manifest(read_text(dir / "manifest.json")));
      break;
  }
}

// One input: a mutated bundle (or, for kind 4, folder) read as replay and resume read it.
void run_case(int n, std::uint64_t seed, const std::vector<Entry>& ex,
              const std::vector<Entry>& run, const fs::path& work, const fs::path& src) {
  Mutator m{std::mt19937_64(seed * 1000003 + static_cast<std::uint64_t>(n)), "",
            g_base / "outside"};
  const bool is_run = m.pick(2) == 1;
  std::vector<Entry> es = is_run ? run : ex;
  m.top = is_run ? "run" : "ex";
  const int kind = n % 5;
  if (kind == 4) {  // a folder: replayed and resumed as it is
    const fs::path dir = work / ("folder-" + std::to_string(n));
    fs::copy(src / m.top, dir, fs::copy_options::recursive);
    mutate_folder(dir, m);
    std::string error;
    metron::bundle::verify_folder(dir.string());
    int code = 0;
    if (auto rec = metron::launcher::read_recording(dir.string(), error, &code))
      metron::launcher::write_script_copy(rec->files, (dir / "replay/script").string(), error);
    if (auto j = metron::out::read_json_file(dir / "manifest.json"))
      if (metron::launcher::run_manifest_damage(*j).empty())
        metron::launcher::checked_script_copies(dir, *j, error);
    return;
  }
  for (Entry& e : es) {
    if (kind == 1 && e.name == m.top + "/ro-crate-metadata.json")
      e.data = m.mutate_metadata(e.data);
    if (kind == 2 && e.name == m.top + "/manifest.json") e.data = m.mutate_manifest(e.data);
  }
  if (kind == 0) m.mutate_entries(es);
  if (n == 0)
    es.push_back(
        {m.top + "/big.csv", AE_IFREG, std::string(std::size_t{80} << 20, '0'), "", false});
  if (kind != 1 && m.pick(2)) refresh_metadata(es, m.top);
  write_archive(g_archive, es);
  if (kind == 3) {  // the archive's bytes: flipped or cut
    std::string bytes = read_text(g_archive);
    if (m.pick(2))
      for (int i = 0; i < 4; ++i) bytes[m.pick(bytes.size())] ^= static_cast<char>(1 + m.pick(255));
    else
      bytes.resize(m.pick(bytes.size()));
    write_text(g_archive, bytes);
  }
  read_input(work, n);
}

// The failures of one case: anything outside its work folder changed, or a planted file.
int check_case(int n, const std::map<std::string, std::string>& before, const fs::path& work) {
  int bad = 0;
  if (snapshot(g_base / "outside") != before) {
    std::fprintf(stderr, "bundle_fuzz: case %d changed outside/\n", n);
    ++bad;
  }
  for (const char* canary : {"ex/canary", "ex.partial/canary", ".ex.partial/canary", "run/canary"})
    if (read_text(work / canary) != "canary") {
      std::fprintf(stderr, "bundle_fuzz: case %d changed or removed work/%s\n", n, canary);
      ++bad;
    }
  for (fs::path a = g_base; !a.empty(); a = a.parent_path()) {
    for (const fs::path& p : {a / kPlanted, a / "outside" / kPlanted}) {
      std::error_code ec;
      if (fs::exists(fs::symlink_status(p, ec))) {
        std::fprintf(stderr, "bundle_fuzz: case %d wrote %s\n", n, p.c_str());
        fs::remove(p, ec);
        ++bad;
      }
    }
    if (a == a.parent_path()) break;
  }
  return bad;
}

// The folders a case must not touch: one named like each bundle's top folder, and X.partial.
void plant_canaries(const fs::path& work) {
  for (const char* canary : {"ex/canary", "ex.partial/canary", ".ex.partial/canary", "run/canary"})
    write_text(work / canary, "canary");
}

void clean_work(const fs::path& work) {
  for (const auto& e : fs::directory_iterator(work)) {
    const std::string name = e.path().filename().string();
    if (name != "ex" && name != "ex.partial" && name != ".ex.partial" && name != "run")
      fs::remove_all(e.path());
  }
}

int run_fuzz(const std::string& corpus, int cases, std::uint64_t seed, unsigned limit_s,
             bool plant) {
  std::string tmpl = (fs::current_path() / "bundle-fuzz-XXXXXX").string();
  if (!::mkdtemp(tmpl.data())) return 74;
  g_base = tmpl;
  write_text(g_base / "outside/victim.txt", "mine");
  write_text(g_base / "outside/sub/victim.txt", "mine too");
  const fs::path src = g_base / "src", work = g_base / "work";
  make_folders(corpus, src);
  std::string error;
  for (const char* f : {"ex", "run"})
    if (metron::bundle::pack((src / f).string(), (g_base / (std::string(f) + ".tar.gz")).string(),
                             {}, error) != 0) {
      std::fprintf(stderr, "bundle_fuzz: the corpus does not pack: %s\n", error.c_str());
      return 1;
    }
  const std::vector<Entry> ex = read_archive(g_base / "ex.tar.gz");
  const std::vector<Entry> run = read_archive(g_base / "run.tar.gz");
  // The folders as a bundle unpacks them (with their metadata): the corpus of folder cases.
  for (const char* f : {"ex", "run"}) {
    std::string dest;
    fs::create_directories(g_base / "unpacked");
    fs::copy_file(g_base / (std::string(f) + ".tar.gz"), g_base / "unpacked" / "b.tar.gz");
    if (metron::bundle::unpack((g_base / "unpacked/b.tar.gz").string(), dest, error) != 0) {
      std::fprintf(stderr, "bundle_fuzz: the corpus does not unpack: %s\n", error.c_str());
      return 1;
    }
    fs::remove(g_base / "unpacked/b.tar.gz");
  }
  plant_canaries(work);
  const auto before = snapshot(g_base / "outside");
  g_archive = work / "input.bundle";  // not named .tar.gz: a bundle is known by its content
  for (int sig : {SIGSEGV, SIGABRT, SIGFPE, SIGBUS, SIGILL, SIGALRM}) std::signal(sig, on_fatal);
  int failures = 0;
  for (int n = 0; n < cases; ++n) {
    alarm(limit_s);
    run_case(n, seed, ex, run, work, g_base / "unpacked");
    alarm(0);
    if (plant && n == 0) {  // --plant: what an escape leaves, so that the checks are seen to work
      write_text(g_base / "outside" / kPlanted, "planted");
      fs::remove_all(work / "ex.partial");
    }
    failures += check_case(n, before, work);
    clean_work(work);
  }
  std::printf("bundle_fuzz: %d cases (%d unpacked, %d of them read as recordings), %d failures\n",
              cases, g_unpacked, g_recordings, failures);
  if (failures == 0 || plant) fs::remove_all(g_base);  // a real failure keeps its folder
  return failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  int cases = 400;
  std::uint64_t seed = 1;
  unsigned limit_s = 20;
  std::string corpus;
  bool plant = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--plant")
      plant = true;
    else if (a == "--cases" && i + 1 < argc)
      cases = std::atoi(argv[++i]);
    else if (a == "--seed" && i + 1 < argc)
      seed = std::stoull(argv[++i]);
    else if (a == "--per-input-limit" && i + 1 < argc)
      limit_s = static_cast<unsigned>(std::atoi(argv[++i]));
    else
      corpus = a;
  }
  if (corpus.empty()) {
    std::fprintf(
        stderr,
        "usage: bundle_fuzz [--cases N] [--seed N] [--per-input-limit S] [--plant] CORPUS\n");
    return 64;
  }
  return run_fuzz(corpus, cases, seed, limit_s, plant);
}
