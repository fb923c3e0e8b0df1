// Argument lookup by parameter name.
#include "runtime/plan/op_args.h"

#include <stdexcept>
#include <string>

namespace metron {

const Value& OpArgs::value(std::string_view name) const {
  const int i = f_->param_index(name);
  if (i < 0 || static_cast<std::size_t>(i) >= values_->size())
    throw std::logic_error("'" + f_->name + "' has no argument '" + std::string(name) + "'");
  return (*values_)[static_cast<std::size_t>(i)];
}

}  // namespace metron
