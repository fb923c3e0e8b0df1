// SHA-256 as lower-case hex (GNU Nettle): what manifests record for scripts and settings files,
// what a bundle's metadata records for every file, and what replay and verification recompute.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

namespace metron {

class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  void update(const void* data, std::size_t size);
  std::string hex();  // finishes the digest

 private:
  struct Ctx;
  std::unique_ptr<Ctx> ctx_;
};

// The digest of bytes held in memory.
std::string sha256_hex(const std::string& bytes);

}  // namespace metron
