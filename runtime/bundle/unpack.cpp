// Verifying a bundle, or a folder unpacked from one, before anything runs (see bundle.h). The
// archive is read twice: once to check every entry against the metadata (nothing is written),
// once to unpack into a folder this process creates, renamed into place at the end. Everything
// in the archive is someone else's data: names pass the path policy (confined_path.h), sizes and
// counts are bounded, and nothing that existed before is removed or written into.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

#include "runtime/bundle/bundle.h"
#include "runtime/bundle/crate_listing.h"
#include "runtime/bundle/libarchive_library.h"
#include "runtime/plan/confined_path.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/plan/regular_file.h"
#include "runtime/plan/sha256.h"

namespace metron::bundle {

namespace {

namespace fs = std::filesystem;

using ArchivePtr = std::unique_ptr<struct archive, int (*)(struct archive*)>;

ArchivePtr open_archive(const std::string& path) {
  ArchivePtr a(libarchive().archive_read_new(), libarchive().archive_read_free);
  libarchive().archive_read_support_filter_gzip(a.get());
  libarchive().archive_read_support_format_tar(a.get());
  libarchive().archive_read_open_filename(a.get(), path.c_str(),
                                          1 << 16);  // a failure shows at the header
  return a;
}

// Why libarchive failed: its message, which it may not have (then the errno's text, if any).
std::string archive_why(struct archive* a) {
  if (const char* e = libarchive().archive_error_string(a)) return e;
  return libarchive().archive_errno(a) != 0 ? errno_text(libarchive().archive_errno(a)) : "";
}

// What the archive may unpack to: kMaxUnpackRatio times its size, at least kMinUnpackBytes,
// at most kMaxUnpackBytes.
std::int64_t unpack_limit(std::int64_t archive_bytes) {
  const std::int64_t by_ratio = archive_bytes > kMaxUnpackBytes / kMaxUnpackRatio
                                    ? kMaxUnpackBytes
                                    : archive_bytes * kMaxUnpackRatio;
  return std::min(kMaxUnpackBytes, std::max(kMinUnpackBytes, by_ratio));
}

struct Scan {
  std::string top;
  std::map<std::string, Listed> found;  // rel path -> sha256 and size
  std::string metadata;
  std::int64_t archive_bytes = 0;
  std::int64_t bytes = 0;    // unpacked so far
  std::int64_t entries = 0;  // entries so far, folders too
};

// The entry's path below the bundle's one top folder ("" for the top folder itself), or the
// message that refuses its name.
std::optional<std::string> entry_path(const std::string& name, Scan& s, std::string& refused) {
  std::string why;
  const auto rel = confined_name(name, why);
  if (!rel) {
    refused = message_text(DiagId::bundle_entry_outside, name, why);
    return std::nullopt;
  }
  const std::size_t slash = rel->find('/');
  const std::string first = rel->substr(0, slash);
  if (s.top.empty()) s.top = first;
  if (first != s.top) {
    refused = message_text(DiagId::bundle_outside, name);
    return std::nullopt;
  }
  return slash == std::string::npos ? std::string() : rel->substr(slash + 1);
}

// The data of the current entry: its sha256 and size, bounded; the metadata file is kept.
std::optional<std::string> read_entry(struct archive* a, const std::string& rel, Scan& s) {
  std::vector<char> buf(1 << 16);
  Sha256 sha;
  std::int64_t size = 0;
  const std::int64_t limit = unpack_limit(s.archive_bytes);
  for (;;) {
    const la_ssize_t n = libarchive().archive_read_data(a, buf.data(), buf.size());
    if (n < 0) return message_text(DiagId::bundle_unreadable, archive_why(a));
    if (n == 0) break;
    size += n;
    s.bytes += n;
    if (s.bytes > limit)
      return message_text(DiagId::bundle_too_large, limit, s.archive_bytes, kMaxUnpackRatio,
                          kMaxUnpackBytes);
    sha.update(buf.data(), static_cast<std::size_t>(n));
    if (rel == kMetadataFile) {
      if (s.metadata.size() + static_cast<std::size_t>(n) > kMaxMetadataBytes)
        return message_text(DiagId::bundle_bad_metadata, kMetadataFile,
                            message_text(DiagId::metadata_too_large, kMaxMetadataBytes));
      s.metadata.append(buf.data(), static_cast<std::size_t>(n));
    }
  }
  s.found[rel] = {sha.hex(), size};
  return std::nullopt;
}

// Pass 1: every entry's type, place, size and sha256; the reason when it is unacceptable.
std::optional<std::string> scan(const std::string& path, Scan& s) {
  ArchivePtr a = open_archive(path);
  archive_entry* e = nullptr;
  for (;;) {
    const int r = libarchive().archive_read_next_header(a.get(), &e);
    if (r == ARCHIVE_EOF) break;
    if (r < ARCHIVE_WARN) return message_text(DiagId::bundle_unreadable, archive_why(a.get()));
    if (++s.entries > kMaxBundleEntries)
      return message_text(DiagId::bundle_too_many_entries, kMaxBundleEntries);
    const std::string name =
        libarchive().archive_entry_pathname(e) ? libarchive().archive_entry_pathname(e) : "";
    const auto type = libarchive().archive_entry_filetype(e);
    std::string refused;
    const auto rel = entry_path(name, s, refused);
    if (!rel) return refused;
    if (type == AE_IFDIR) continue;
    if (rel->empty()) return message_text(DiagId::bundle_outside, name);
    if (type != AE_IFREG || libarchive().archive_entry_hardlink(e))
      return message_text(DiagId::bundle_not_regular, name);
    if (s.found.count(*rel)) return message_text(DiagId::bundle_duplicate_entry, name);
    if (auto bad = read_entry(a.get(), *rel, s)) return bad;
  }
  // A file and a folder of the same name: one of them would be lost when unpacked.
  for (const auto& [rel, f] : s.found)
    for (std::size_t at = rel.find('/'); at != std::string::npos; at = rel.find('/', at + 1))
      if (s.found.count(rel.substr(0, at)))
        return message_text(DiagId::bundle_duplicate_entry, s.top + "/" + rel.substr(0, at));
  return std::nullopt;
}

// The found files against the listed ones, both ways.
std::optional<std::string> compare(const std::map<std::string, Listed>& listed,
                                   const std::map<std::string, Listed>& found) {
  for (const auto& [path, l] : listed) {
    auto it = found.find(path);
    if (it == found.end()) return message_text(DiagId::bundle_missing_file, path);
    if (it->second.size != l.size)
      return message_text(DiagId::bundle_bad_size, path, it->second.size, l.size);
    if (it->second.sha256 != l.sha256) return message_text(DiagId::bundle_bad_sha256, path);
  }
  for (const auto& [path, f] : found)
    if (path != kMetadataFile && !listed.count(path))
      return message_text(DiagId::bundle_unlisted_file, path);
  return std::nullopt;
}

// Writes the current entry's data into a new file at `out` (which must not exist: O_EXCL, and
// no link followed); false with `why` set. The bytes are hashed again as they are written.
bool write_entry(struct archive* a, const fs::path& out, const Listed& want, std::string& why) {
  const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    why = message_text(DiagId::cannot_write_file_why, out.string(), errno_text(errno));
    return false;
  }
  std::vector<char> buf(1 << 16);
  Sha256 sha;
  std::int64_t size = 0;
  bool ok = true;
  for (la_ssize_t n; ok && (n = libarchive().archive_read_data(a, buf.data(), buf.size())) != 0;) {
    ok = n > 0 && ::write(fd, buf.data(), static_cast<std::size_t>(n)) == n;
    if (ok) sha.update(buf.data(), static_cast<std::size_t>(n));
    size += ok ? n : 0;
  }
  ok = ::close(fd) == 0 && ok;
  if (!ok) {
    why = message_text(DiagId::cannot_write_file, out.string());
    return false;
  }
  // The archive was read once already: the second read must give the same bytes.
  if (size != want.size || sha.hex() != want.sha256) {
    why = message_text(DiagId::bundle_changed_while_read, out.string());
    return false;
  }
  return true;
}

// Pass 2: the files into `dest`, a folder this process just created.
bool extract(const std::string& path, const Scan& s, const fs::path& dest, std::string& why) {
  ArchivePtr a = open_archive(path);
  archive_entry* e = nullptr;
  Scan again;
  again.top = s.top;
  std::string refused;
  std::size_t written = 0;
  for (int r; (r = libarchive().archive_read_next_header(a.get(), &e)) == ARCHIVE_OK ||
              r == ARCHIVE_WARN;) {
    if (libarchive().archive_entry_filetype(e) != AE_IFREG) continue;
    const char* name = libarchive().archive_entry_pathname(e);
    const auto rel = entry_path(name ? name : "", again, refused);
    const auto want = rel ? s.found.find(*rel) : s.found.end();
    const auto out = want != s.found.end() ? confined_path(dest, *rel, refused) : std::nullopt;
    if (!out) {
      why = message_text(DiagId::bundle_changed_while_read, path);
      return false;
    }
    std::error_code ec;
    fs::create_directories(out->parent_path(), ec);
    if (!write_entry(a.get(), *out, want->second, why)) return false;
    ++written;
  }
  if (written == s.found.size()) return true;
  why = message_text(DiagId::bundle_changed_while_read, path);
  return false;
}

// Moves `from` to the first of dir/top, dir/top-2, dir/top-3, ... that does not exist, without
// replacing anything (RENAME_NOREPLACE). The folder's path, or empty with `why` set.
std::string rename_unique(const fs::path& from, const fs::path& dir, const std::string& top,
                          std::string& why) {
  for (int k = 1; k < 10000; ++k) {
    const fs::path to = dir / (k == 1 ? top : top + "-" + std::to_string(k));
    const int e = rename_no_replace(from.string(), to.string());
    if (e == 0) return to.string();
    if (e != EEXIST && e != ENOTEMPTY) {
      why = message_text(DiagId::cannot_write_file_why, to.string(), errno_text(e));
      return "";
    }
  }
  why = message_text(DiagId::cannot_write_file, (dir / top).string());
  return "";
}

// The bundle's files into a new folder beside it, named after its top folder.
int unpack_checked(const std::string& archive, const Scan& s, std::string& dest,
                   std::string& error) {
  const fs::path dir = fs::path(archive).parent_path();
  // A fresh folder of our own (mkdtemp): never one that was there before, so nothing of the
  // user's is written into or removed, even one named like ours.
  std::string tmpl = (dir / ("." + s.top + ".partial-XXXXXX")).string();
  if (!::mkdtemp(tmpl.data())) {
    error = message_text(DiagId::cannot_create_folder, tmpl, errno_text(errno));
    return kExitIo;
  }
  const fs::path tmp = tmpl;
  const mode_t mask = ::umask(0);  // mkdtemp makes it 0700: as an ordinary new folder instead
  ::umask(mask);
  ::chmod(tmp.c_str(), 0777 & ~mask);
  std::string why;
  if (extract(archive, s, tmp, why)) dest = rename_unique(tmp, dir, s.top, why);
  if (dest.empty()) {
    std::error_code ec;
    fs::remove_all(tmp, ec);  // created by this process, above
    error = why;
    return kExitIo;
  }
  return 0;
}

}  // namespace

bool is_bundle(const std::string& path) {
  std::string why;
  const int fd = open_regular_file(path, why);
  if (fd < 0) return false;
  unsigned char head[262] = {};
  const ssize_t n = ::read(fd, head, sizeof head);
  ::close(fd);
  const bool gzip = n >= 2 && head[0] == 0x1f && head[1] == 0x8b;
  const bool tar = n >= 262 && std::memcmp(head + 257, "ustar", 5) == 0;
  return gzip || tar;
}

int unpack(const std::string& archive, std::string& dest, std::string& error) {
  Scan s;
  auto damaged = [&](const std::string& why) {
    error = message_text(DiagId::bundle_damaged, archive, why);
    return kExitUsage;
  };
  if (!libarchive_loaded(error)) return kExitRuntime;
  std::error_code ec;
  s.archive_bytes = static_cast<std::int64_t>(fs::file_size(archive, ec));
  if (auto why = scan(archive, s)) return damaged(*why);
  if (!s.found.count(kMetadataFile))
    return damaged(message_text(DiagId::bundle_no_metadata, kMetadataFile));
  std::string why;
  auto listed = listed_files(s.metadata, why);
  if (!listed) return damaged(why);
  if (auto bad = compare(*listed, s.found)) return damaged(*bad);
  return unpack_checked(archive, s, dest, error);
}

std::optional<std::string> verify_folder(const std::string& dir) {
  const fs::path meta = fs::path(dir) / kMetadataFile;
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(meta, ec))) return std::nullopt;
  auto wrong = [&](const std::string& why) {
    return message_text(DiagId::folder_damaged, dir, why);
  };
  if (!fs::is_regular_file(fs::symlink_status(meta, ec)))
    return wrong(message_text(DiagId::bundle_metadata_not_file, kMetadataFile));
  std::string why;
  auto text = read_regular_file(meta.string(), kMaxMetadataBytes, why);
  if (!text) return wrong(message_text(DiagId::bundle_bad_metadata, kMetadataFile, why));
  auto listed = listed_files(*text, why);
  if (!listed) return wrong(why);
  for (const auto& [path, l] : *listed) {
    // Never asked of a path outside the folder: its existence or size would be revealed.
    const auto p = confined_path(dir, path, why);
    if (!p) return wrong(message_text(DiagId::bundle_listed_outside, path, why));
    const auto st = fs::symlink_status(*p, ec);
    if (!fs::exists(st)) return wrong(message_text(DiagId::bundle_missing_file, path));
    if (!fs::is_regular_file(st)) return wrong(message_text(DiagId::bundle_not_regular, path));
    const auto size = static_cast<std::int64_t>(fs::file_size(*p, ec));
    if (size != l.size) return wrong(message_text(DiagId::bundle_bad_size, path, size, l.size));
    if (file_sha256(p->string()) != l.sha256)
      return wrong(message_text(DiagId::bundle_bad_sha256, path));
  }
  return std::nullopt;
}

}  // namespace metron::bundle
