// Argument lookup by parameter name.
#include "runtime/plan/op_args.h"

#include <stdexcept>
#include <string>

#include "runtime/plan/message_error.h"

namespace metron {

const Value& OpArgs::value(std::string_view name) const {
  const int i = f_->param_index(name);
  if (i < 0 || static_cast<std::size_t>(i) >= values_->size())
    throw_message(DiagId::bug_no_such_argument, f_->name, name);
  return (*values_)[static_cast<std::size_t>(i)];
}

}  // namespace metron
