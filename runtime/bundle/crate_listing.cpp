// The files a bundle's metadata lists (see crate_listing.h).
#include "runtime/bundle/crate_listing.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "runtime/bundle/bundle.h"
#include "runtime/plan/confined_path.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/json_depth.h"

namespace metron::bundle {

namespace {

using json = nlohmann::json;

bool is_file(const json& e) {
  const json& type = e.at("@type");
  return type == "File" ||
         (type.is_array() && std::find(type.begin(), type.end(), "File") != type.end());
}

// A contentSize as pack writes it (a string of decimal digits), or a whole JSON number; -1 else.
std::int64_t strict_size(const json& v) {
  if (v.is_number_unsigned())
    return v.get<std::uint64_t>() < (std::uint64_t{1} << 62)
               ? static_cast<std::int64_t>(v.get<std::uint64_t>())
               : -1;
  if (!v.is_string()) return -1;
  const std::string& s = v.get_ref<const std::string&>();
  if (s.empty() || s.size() > 18) return -1;
  std::int64_t n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

bool hex_digest(const json& v) {
  if (!v.is_string() || v.get_ref<const std::string&>().size() != 64) return false;
  const std::string& s = v.get_ref<const std::string&>();
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// One File entry into `out`; the message when it is not as pack writes it.
std::optional<std::string> add_entry(const json& e, std::map<std::string, Listed>& out) {
  const std::string id = e.at("@id").get<std::string>();
  auto bad = [](const std::string& detail) {
    return message_text(DiagId::bundle_bad_metadata, kMetadataFile, detail);
  };
  std::string why;
  const auto name = confined_name(id, why);
  if (!name) return message_text(DiagId::bundle_listed_outside, id, why);
  Listed l;
  l.size = strict_size(e.at("contentSize"));
  if (l.size < 0) {
    const json& v = e.at("contentSize");
    return bad(message_text(DiagId::metadata_bad_size, id,
                            v.is_string() ? v.get<std::string>() : v.dump()));
  }
  if (!hex_digest(e.at("sha256"))) return bad(message_text(DiagId::metadata_bad_sha256, id));
  l.sha256 = e.at("sha256").get<std::string>();
  if (!out.emplace(*name, l).second) return message_text(DiagId::bundle_listed_twice, *name);
  return std::nullopt;
}

}  // namespace

std::optional<std::map<std::string, Listed>> listed_files(std::string_view text, std::string& why) {
  auto bad = [&](const std::string& detail) {
    why = message_text(DiagId::bundle_bad_metadata, kMetadataFile, detail);
    return std::nullopt;
  };
  if (text.size() > kMaxMetadataBytes)
    return bad(message_text(DiagId::metadata_too_large, kMaxMetadataBytes));
  if (!json_depth_within(text)) return bad(message_text(DiagId::json_too_deep, kMaxJsonDepth));
  std::map<std::string, Listed> out;
  try {
    const json j = json::parse(text);
    for (const auto& e : j.at("@graph")) {
      if (!is_file(e)) continue;
      if (auto wrong = add_entry(e, out)) {
        why = *wrong;
        return std::nullopt;
      }
    }
  } catch (const std::exception& e) {
    return bad(e.what());
  }
  return out;
}

}  // namespace metron::bundle
