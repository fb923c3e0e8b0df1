// `metron pack`: the files of a results folder and the .tar.gz that holds them (see bundle.h).
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <utility>

#include <fmt/format.h>

#include "runtime/bundle/bundle.h"
#include "runtime/bundle/libarchive_library.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/confined_path.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/plan/regular_file.h"
#include "runtime/plan/sha256.h"

namespace metron::bundle {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// The folder must be a finished results folder: a manifest that says so, and summaries.
std::optional<std::string> not_finished(const fs::path& dir) {
  auto m = out::read_json_file(dir / "manifest.json");
  if (!m || !m->is_object()) return message_text(DiagId::pack_no_manifest);
  const std::string status = m->value("status", std::string());
  if (status != "complete" && status != "failed" && status != "timeout")
    return message_text(DiagId::pack_unfinished, status);
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(dir / "summary.csv", ec)))
    return message_text(DiagId::pack_no_summary);
  return std::nullopt;
}

// An exec folder holds its script only inside manifest.json: the bundle gets it as files too.
// The message when a recorded name does not make a path inside the bundle, else "".
std::string add_manifest_scripts(const fs::path& dir, std::vector<FileEntry>& files) {
  for (const auto& f : files)
    if (f.path.rfind("script/", 0) == 0) return "";  // a run's copy is there already
  auto m = out::read_json_file(dir / "manifest.json");
  if (!m || !m->contains("script") || !(*m)["script"].is_object()) return "";
  for (const auto& f : (*m)["script"].value("files", json::array())) {
    if (!f.is_object() || !f.contains("name") || !f.contains("text")) continue;
    if (!f["name"].is_string() || !f["text"].is_string()) continue;
    const std::string name = f["name"].get<std::string>();
    std::string why;
    const auto path = confined_name("script/" + fs::path(name).filename().string(), why);
    if (!path || !path->starts_with("script/"))
      return message_text(DiagId::manifest_name_outside, "script.files", name,
                          why.empty() ? message_text(DiagId::path_empty) : why);
    FileEntry e;
    e.path = *path;
    e.content = f["text"].get<std::string>();
    e.size = static_cast<std::int64_t>(e.content->size());
    e.sha256 = sha256_hex(*e.content);
    files.push_back(std::move(e));
  }
  return "";
}

using ArchivePtr = std::unique_ptr<struct archive, int (*)(struct archive*)>;

bool write_entry(struct archive* a, const std::string& name, std::int64_t size,
                 const std::function<bool(std::string&)>& next_chunk) {
  std::unique_ptr<archive_entry, void (*)(archive_entry*)> e(libarchive().archive_entry_new(),
                                                             libarchive().archive_entry_free);
  libarchive().archive_entry_set_pathname(e.get(), name.c_str());
  libarchive().archive_entry_set_size(e.get(), size);
  libarchive().archive_entry_set_filetype(e.get(), AE_IFREG);
  libarchive().archive_entry_set_perm(e.get(), 0644);
  if (libarchive().archive_write_header(a, e.get()) != ARCHIVE_OK) return false;
  std::string chunk;
  while (next_chunk(chunk))
    if (libarchive().archive_write_data(a, chunk.data(), chunk.size()) < 0) return false;
  return true;
}

}  // namespace

std::string file_sha256(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  Sha256 h;
  std::vector<char> buf(1 << 16);
  while (in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    if (in.gcount() > 0) h.update(buf.data(), static_cast<std::size_t>(in.gcount()));
  }
  return in.bad() ? "" : h.hex();
}

std::optional<std::vector<FileEntry>> folder_files(const std::string& dir_text,
                                                   std::string& error) {
  const fs::path dir(dir_text);
  if (auto why = not_finished(dir)) {
    error = message_text(DiagId::pack_not_results, dir_text, *why);
    return std::nullopt;
  }
  std::vector<FileEntry> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    const fs::file_status st = it->symlink_status(ec);
    if (fs::is_directory(st)) continue;
    const std::string rel = it->path().lexically_relative(dir).generic_string();
    if (rel == kMetadataFile || it->path().filename() == ".metron.lock") continue;
    if (!fs::is_regular_file(st)) {
      error = message_text(DiagId::pack_special_file, rel);
      return std::nullopt;
    }
    FileEntry e;
    e.path = rel;
    e.size = static_cast<std::int64_t>(fs::file_size(it->path(), ec));
    e.sha256 = file_sha256(it->path().string());
    if (e.sha256.empty()) {
      error = message_text(DiagId::cannot_read_file, it->path().string());
      return std::nullopt;
    }
    files.push_back(std::move(e));
  }
  if (ec) {
    error = message_text(DiagId::cannot_read_file_why, dir_text, ec.message());
    return std::nullopt;
  }
  if (std::string outside = add_manifest_scripts(dir, files); !outside.empty()) {
    error = message_text(DiagId::pack_not_results, dir_text, outside);
    return std::nullopt;
  }
  std::sort(files.begin(), files.end(),
            [](const FileEntry& a, const FileEntry& b) { return a.path < b.path; });
  return files;
}

std::string default_archive(const std::string& dir) {
  std::string base = fs::path(dir).lexically_normal().string();
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  return base + ".tar.gz";
}

namespace {

// The archive's entries into the open file `fd`: the metadata first, then every file below `top`.
// False with `error` set.
bool write_bundle(int fd, const std::string& dir, const std::vector<FileEntry>& files,
                  const std::string& meta, const std::string& top, std::string& error) {
  ArchivePtr a(libarchive().archive_write_new(), libarchive().archive_write_free);
  auto failed = [&]() {
    error = libarchive().archive_error_string(a.get()) ? libarchive().archive_error_string(a.get())
                                                       : "";
    return false;
  };
  if (libarchive().archive_write_add_filter_gzip(a.get()) != ARCHIVE_OK ||
      libarchive().archive_write_set_format_pax_restricted(a.get()) != ARCHIVE_OK ||
      libarchive().archive_write_open_fd(a.get(), fd) != ARCHIVE_OK)
    return failed();
  bool done = false;
  if (!write_entry(a.get(), top + "/" + kMetadataFile, static_cast<std::int64_t>(meta.size()),
                   [&](std::string& c) { return !std::exchange(done, true) && (c = meta, true); }))
    return failed();
  for (const FileEntry& f : files) {
    std::ifstream in;
    bool sent = false;
    if (!f.content) in.open(fs::path(dir) / f.path, std::ios::binary);
    auto chunk = [&](std::string& c) {
      if (f.content) return !std::exchange(sent, true) && (c = *f.content, true);
      c.resize(1 << 16);
      in.read(c.data(), static_cast<std::streamsize>(c.size()));
      c.resize(static_cast<std::size_t>(in.gcount()));
      return !c.empty();
    };
    if (!write_entry(a.get(), top + "/" + f.path, f.size, chunk)) return failed();
  }
  return libarchive().archive_write_close(a.get()) == ARCHIVE_OK || failed();
}

}  // namespace

int pack(const std::string& dir, const std::string& archive_path, const PackInfo& info,
         std::string& error) {
  std::error_code ec;
  if (fs::exists(fs::symlink_status(archive_path, ec))) {
    error = message_text(DiagId::pack_archive_exists, archive_path);
    return kExitUsage;
  }
  auto files = folder_files(dir, error);
  if (!files) return kExitUsage;
  if (!libarchive_loaded(error)) return kExitRuntime;
  const std::string meta = crate_metadata(dir, *files, info).dump(1) + "\n";
  std::string top = fs::path(dir).lexically_normal().filename().string();
  if (top.empty() || top == ".") top = "results";
  // Written beside the archive into a new file of this process's own (never one that was there,
  // which would be overwritten and removed) and renamed at the end: no half archive under its name.
  std::string tmp = archive_path + ".partial-XXXXXX";
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) {
    error = message_text(DiagId::pack_archive_failed, archive_path, errno_text(errno));
    return kExitIo;
  }
  std::string why;
  const bool written = write_bundle(fd, dir, *files, meta, top, why);
  ::close(fd);                     // archive_write_open_fd leaves it open
  const mode_t mask = ::umask(0);  // mkstemp makes it 0600: as an ordinary new file instead
  ::umask(mask);
  ::chmod(tmp.c_str(), 0666 & ~mask);
  const int e = written ? rename_no_replace(tmp, archive_path) : 0;
  if (!written || e != 0) {
    fs::remove(tmp, ec);  // created above
    error = e == EEXIST ? message_text(DiagId::pack_archive_exists, archive_path)
                        : message_text(DiagId::pack_archive_failed, archive_path,
                                       written ? errno_text(e) : why);
    return e == EEXIST ? kExitUsage : kExitIo;
  }
  std::int64_t bytes = static_cast<std::int64_t>(fs::file_size(archive_path, ec));
  print_message(DiagId::pack_written, archive_path, files->size() + 1, bytes,
                top + "/" + kMetadataFile);
  if (info.license.empty()) print_message(DiagId::pack_no_license);
  return 0;
}

}  // namespace metron::bundle
