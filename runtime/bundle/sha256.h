// SHA-256 of bytes fed in pieces (OpenSSL's EVP), as lower-case hex: what a bundle's metadata
// records for every file and what its verification recomputes.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

namespace metron::bundle {

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

std::string sha256_of(const std::string& bytes);

}  // namespace metron::bundle
