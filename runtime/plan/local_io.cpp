// SKaMPI's local IO functions: names, checks and buffer use (local_io.h).
#include "runtime/plan/local_io.h"

#include <string>

#include "runtime/plan/op_args.h"

namespace metron {

std::optional<LocalIoApi> local_io_api_named(std::string_view name) {
  if (name == "POSIX" || name == "posix") return LocalIoApi::Posix;
  if (name == "MPI" || name == "mpi") return LocalIoApi::Mpi;
  return std::nullopt;
}

std::int64_t local_io_bytes(const OpArgs& a) {
  if (a.has("size")) return a.integer("size");
  const std::int64_t power = a.integer("power");
  return power < 0 || power > kLocalIoMaxPower ? 0 : std::int64_t{1} << power;
}

std::optional<OpProblem> check_local_io_args(const MeasureFunc& f, const std::vector<Value>& args) {
  const int isize = f.param_index("size"), iapi = f.param_index("api"),
            ipower = f.param_index("power");
  auto bad = [&](int at, std::string why) {
    return OpProblem{
        DiagId::bad_argument_value, at, {std::to_string(at + 1), f.name, std::move(why)}};
  };
  auto arg = [&](int i) -> const Value* {
    return i >= 0 && static_cast<std::size_t>(i) < args.size() ? &args[static_cast<std::size_t>(i)]
                                                               : nullptr;
  };
  if (const Value* v = arg(iapi); v && !local_io_api_named(v->as_string()))
    return bad(iapi, "api must be \"POSIX\" or \"MPI\", got \"" + v->as_string() + "\"");
  if (iapi >= 0)
    if (const Value* v = arg(isize); v && v->as_int() < 1)
      return bad(isize, "size must be positive, got " + std::to_string(v->as_int()));
  // O_DIRECT (POSIX only) moves whole blocks: the size must be one (docs/io.md).
  const int idirect = f.param_index("directio_flag");
  if (const Value* d = arg(idirect), *s = arg(isize), *api = arg(iapi);
      d && s && api && d->as_int() != 0 &&
      local_io_api_named(api->as_string()) == LocalIoApi::Posix &&
      s->as_int() % kLocalIoDirectAlign != 0)
    return bad(isize, "directio_flag needs a size that is a multiple of " +
                          std::to_string(kLocalIoDirectAlign) + " bytes, got " +
                          std::to_string(s->as_int()));
  if (const Value* v = arg(ipower); v && (v->as_int() < 0 || v->as_int() > kLocalIoMaxPower))
    return bad(ipower, "power must be 0 .. " + std::to_string(kLocalIoMaxPower) + ", got " +
                           std::to_string(v->as_int()));
  return std::nullopt;
}

}  // namespace metron
