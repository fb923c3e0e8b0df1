// SHA-256 with GNU Nettle (see sha256.h). Nettle needs no library-wide initialization, which
// OpenSSL 3 does on its first digest (its configuration and providers: about 5 M instructions of
// every launch's start, docs/measurements.md).
#include "runtime/plan/sha256.h"

#include <fmt/format.h>
#include <nettle/sha2.h>

namespace metron {

struct Sha256::Ctx {
  sha256_ctx state;
};

Sha256::Sha256() : ctx_(std::make_unique<Ctx>()) {
  sha256_init(&ctx_->state);
}

Sha256::~Sha256() = default;

void Sha256::update(const void* data, std::size_t size) {
  sha256_update(&ctx_->state, size, static_cast<const std::uint8_t*>(data));
}

std::string Sha256::hex() {
  std::uint8_t md[SHA256_DIGEST_SIZE];
  sha256_digest(&ctx_->state, SHA256_DIGEST_SIZE, md);
  std::string out;
  for (std::uint8_t byte : md) out += fmt::format("{:02x}", byte);
  return out;
}

std::string sha256_hex(const std::string& bytes) {
  Sha256 h;
  h.update(bytes.data(), bytes.size());
  return h.hex();
}

}  // namespace metron
