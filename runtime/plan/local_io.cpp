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
  // "bad argument #N to 'f' (...)", with the reason's own arguments.
  auto bad = [&](int at, DiagId id, std::vector<std::string> more) {
    std::vector<std::string> a{std::to_string(at + 1), f.name};
    a.insert(a.end(), more.begin(), more.end());
    return OpProblem{id, at, std::move(a)};
  };
  auto arg = [&](int i) -> const Value* {
    return i >= 0 && static_cast<std::size_t>(i) < args.size() ? &args[static_cast<std::size_t>(i)]
                                                               : nullptr;
  };
  if (const Value* v = arg(iapi); v && !local_io_api_named(v->as_string()))
    return bad(iapi, DiagId::bad_arg_local_io_api, {v->as_string()});
  if (iapi >= 0)
    if (const Value* v = arg(isize); v && v->as_int() < 1)
      return bad(isize, DiagId::bad_arg_not_positive, {"size", std::to_string(v->as_int())});
  // O_DIRECT (POSIX only) moves whole blocks: the size must be one (docs/io.md).
  const int idirect = f.param_index("directio_flag");
  if (const Value* d = arg(idirect), *s = arg(isize), *api = arg(iapi);
      d && s && api && d->as_int() != 0 &&
      local_io_api_named(api->as_string()) == LocalIoApi::Posix &&
      s->as_int() % kLocalIoDirectAlign != 0)
    return bad(isize, DiagId::bad_arg_directio_size,
               {std::to_string(kLocalIoDirectAlign), std::to_string(s->as_int())});
  if (const Value* v = arg(ipower); v && (v->as_int() < 0 || v->as_int() > kLocalIoMaxPower))
    return bad(ipower, DiagId::bad_arg_power,
               {std::to_string(kLocalIoMaxPower), std::to_string(v->as_int())});
  return std::nullopt;
}

}  // namespace metron
