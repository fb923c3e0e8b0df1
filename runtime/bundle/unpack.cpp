// Verifying a bundle, or a folder unpacked from one, before anything runs (see bundle.h). The
// archive is read twice: once to check every entry against the metadata (nothing is written),
// once to unpack into a temporary folder that is renamed into place at the end.
#include <archive.h>
#include <archive_entry.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "runtime/bundle/bundle.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/plan/sha256.h"

namespace metron::bundle {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// Bounds on what a bundle may unpack to (a crafted archive must not fill the disk).
constexpr std::int64_t kMaxBytes = std::int64_t{64} << 30;
constexpr std::int64_t kMaxFiles = 1'000'000;
constexpr std::size_t kMaxMetadata = std::size_t{64} << 20;

using ArchivePtr = std::unique_ptr<struct archive, int (*)(struct archive*)>;

struct Listed {
  std::string sha256;
  std::int64_t size = -1;
};

ArchivePtr open_archive(const std::string& path) {
  ArchivePtr a(archive_read_new(), archive_read_free);
  archive_read_support_filter_gzip(a.get());
  archive_read_support_format_tar(a.get());
  if (archive_read_open_filename(a.get(), path.c_str(), 1 << 16) != ARCHIVE_OK) return a;
  return a;
}

// The files the metadata lists: @id -> sha256 and size. Empty with `why` when it is not
// metadata as pack writes it.
std::optional<std::map<std::string, Listed>> listed_files(const std::string& text,
                                                          std::string& why) {
  std::map<std::string, Listed> out;
  try {
    json j = json::parse(text);
    for (const auto& e : j.at("@graph")) {
      const json& type = e.at("@type");
      bool file = type == "File" ||
                  (type.is_array() && std::find(type.begin(), type.end(), "File") != type.end());
      if (!file) continue;
      Listed l;
      l.sha256 = e.at("sha256").get<std::string>();
      l.size = std::stoll(e.at("contentSize").get<std::string>());
      out[e.at("@id").get<std::string>()] = l;
    }
  } catch (const std::exception& e) {
    why = e.what();
    return std::nullopt;
  }
  return out;
}

// A relative path inside the bundle's one top folder, or empty when it is not one.
std::string inside(const std::string& name, std::string& top) {
  fs::path p(name);
  if (p.is_absolute() || name.empty()) return "";
  for (const auto& part : p)
    if (part == "..") return "";
  auto first = p.begin();
  if (top.empty()) top = first->string();
  if (first->string() != top) return "";
  fs::path rel;
  for (auto it = std::next(first); it != p.end(); ++it) rel /= *it;
  return rel.generic_string();
}

struct Scan {
  std::string top;
  std::map<std::string, Listed> found;  // rel path -> sha256 and size
  std::string metadata;
};

// Pass 1: every entry's type, place, size and sha256; the reason when it is unacceptable.
std::optional<std::string> scan(const std::string& path, Scan& s) {
  ArchivePtr a = open_archive(path);
  archive_entry* e = nullptr;
  std::int64_t bytes = 0, files = 0;
  std::vector<char> buf(1 << 16);
  for (;;) {
    int r = archive_read_next_header(a.get(), &e);
    if (r == ARCHIVE_EOF) break;
    if (r < ARCHIVE_WARN)
      return message_text(DiagId::bundle_unreadable, archive_error_string(a.get()));
    const std::string name = archive_entry_pathname(e) ? archive_entry_pathname(e) : "";
    const auto type = archive_entry_filetype(e);
    const std::string rel = inside(name, s.top);
    if (rel.empty() && !(type == AE_IFDIR && name == s.top + "/"))
      return message_text(DiagId::bundle_outside, name);
    if (type == AE_IFDIR) continue;
    if (type != AE_IFREG || archive_entry_hardlink(e))
      return message_text(DiagId::bundle_not_regular, name);
    if (++files > kMaxFiles) return message_text(DiagId::bundle_too_large, kMaxBytes, kMaxFiles);
    Sha256 sha;
    std::int64_t size = 0;
    for (;;) {
      la_ssize_t n = archive_read_data(a.get(), buf.data(), buf.size());
      if (n < 0) return message_text(DiagId::bundle_unreadable, archive_error_string(a.get()));
      if (n == 0) break;
      size += n;
      bytes += n;
      if (bytes > kMaxBytes) return message_text(DiagId::bundle_too_large, kMaxBytes, kMaxFiles);
      sha.update(buf.data(), static_cast<std::size_t>(n));
      if (rel == kMetadataFile) {
        if (s.metadata.size() + static_cast<std::size_t>(n) > kMaxMetadata)
          return message_text(DiagId::bundle_too_large, kMaxBytes, kMaxFiles);
        s.metadata.append(buf.data(), static_cast<std::size_t>(n));
      }
    }
    s.found[rel] = {sha.hex(), size};
  }
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

// Pass 2: the files into `dest`.
bool extract(const std::string& path, const Scan& s, const fs::path& dest, std::string& why) {
  ArchivePtr a = open_archive(path);
  archive_entry* e = nullptr;
  std::vector<char> buf(1 << 16);
  std::string top = s.top;
  while (archive_read_next_header(a.get(), &e) == ARCHIVE_OK) {
    if (archive_entry_filetype(e) != AE_IFREG) continue;
    const fs::path out = dest / inside(archive_entry_pathname(e), top);
    std::error_code ec;
    fs::create_directories(out.parent_path(), ec);
    std::ofstream f(out, std::ios::binary);
    for (la_ssize_t n; (n = archive_read_data(a.get(), buf.data(), buf.size())) > 0;)
      f.write(buf.data(), n);
    if (!f) {
      why = out.string();
      return false;
    }
  }
  return true;
}

}  // namespace

std::string unpack_folder(const std::string& archive) {
  fs::path p(archive);
  std::string name = p.filename().string();
  for (const char* ext : {".tar.gz", ".tgz", ".tar"})
    if (name.size() > std::strlen(ext) && name.ends_with(ext)) {
      name.resize(name.size() - std::strlen(ext));
      break;
    }
  return (p.parent_path() / name).string();
}

int unpack(const std::string& archive, const std::string& dest, std::string& error) {
  std::error_code ec;
  if (fs::exists(fs::symlink_status(dest, ec))) {
    error = message_text(DiagId::unpack_exists, dest);
    return kExitUsage;
  }
  Scan s;
  auto damaged = [&](const std::string& why) {
    error = message_text(DiagId::bundle_damaged, archive, why);
    return kExitUsage;
  };
  if (auto why = scan(archive, s)) return damaged(*why);
  if (!s.found.count(kMetadataFile))
    return damaged(message_text(DiagId::bundle_no_metadata, kMetadataFile));
  std::string why;
  auto listed = listed_files(s.metadata, why);
  if (!listed) return damaged(message_text(DiagId::bundle_bad_metadata, kMetadataFile, why));
  if (auto bad = compare(*listed, s.found)) return damaged(*bad);
  const fs::path tmp = fs::path(dest).string() + ".partial";
  fs::remove_all(tmp, ec);
  if (!extract(archive, s, tmp, why) || (fs::rename(tmp, dest, ec), ec)) {
    fs::remove_all(tmp, ec);
    error = message_text(DiagId::cannot_write_file, why.empty() ? dest : why);
    return kExitIo;
  }
  return 0;
}

std::optional<std::string> verify_folder(const std::string& dir) {
  const fs::path meta = fs::path(dir) / kMetadataFile;
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(meta, ec))) return std::nullopt;
  auto wrong = [&](const std::string& why) {
    return message_text(DiagId::folder_damaged, dir, why);
  };
  if (!fs::is_regular_file(fs::symlink_status(meta, ec)) || fs::file_size(meta, ec) > kMaxMetadata)
    return wrong(message_text(DiagId::bundle_metadata_not_file, kMetadataFile));
  std::ifstream in(meta);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string why;
  auto listed = listed_files(text, why);
  if (!listed) return wrong(message_text(DiagId::bundle_bad_metadata, kMetadataFile, why));
  for (const auto& [path, l] : *listed) {
    const fs::path p = fs::path(dir) / path;
    const auto st = fs::symlink_status(p, ec);
    if (!fs::exists(st)) return wrong(message_text(DiagId::bundle_missing_file, path));
    if (!fs::is_regular_file(st)) return wrong(message_text(DiagId::bundle_not_regular, path));
    const auto size = static_cast<std::int64_t>(fs::file_size(p, ec));
    if (size != l.size) return wrong(message_text(DiagId::bundle_bad_size, path, size, l.size));
    if (file_sha256(p.string()) != l.sha256)
      return wrong(message_text(DiagId::bundle_bad_sha256, path));
  }
  return std::nullopt;
}

}  // namespace metron::bundle
