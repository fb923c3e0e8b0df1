// Value comparison and display.
#include "runtime/plan/value.h"

#include <fmt/format.h>

namespace metron {

bool Value::operator==(const Value& o) const {
  if (type() != o.type()) return false;
  switch (type()) {
    case Type::List:
      return as_list() == o.as_list();
    case Type::Comm:
      return as_comm() == o.as_comm();
    case Type::Spec:
      return to_display(*this) == to_display(o);
    case Type::Duration:
      return as_seconds() == o.as_seconds();
    case Type::Percent:
      return as_fraction() == o.as_fraction();
    case Type::Op:
      return as_op().name == o.as_op().name;
    default:
      return v_ == o.v_;
  }
}

Datatype Value::as_datatype() const {
  const TypeDesc& t = std::get<TypeDesc>(v_);
  if (!t.is_basic()) throw std::bad_variant_access();
  return t.basic();
}

std::string type_name(Value::Type t) {
  switch (t) {
    case Value::Type::None:
      return "nothing";
    case Value::Type::Int:
      return "integer";
    case Value::Type::Double:
      return "double";
    case Value::Type::String:
      return "string";
    case Value::Type::Duration:
      return "time";
    case Value::Type::Percent:
      return "percentage";
    case Value::Type::List:
      return "list";
    case Value::Type::Datatype:
      return "datatype";
    case Value::Type::ReduceOp:
      return "reduction operation";
    case Value::Type::Comm:
      return "communicator";
    case Value::Type::Op:
      return "measurement function";
    case Value::Type::Spec:
      return "option";
  }
  return "value";
}

namespace {
std::string format_double(double d) {
  // Shortest representation that reads back to the same double.
  std::string s = fmt::format("{}", d);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
  return s;
}
// 12 significant digits: enough for any time a script writes, and 1.5 * 100us shows as 150us
// rather than 150.00000000000003us.
std::string format_seconds(double s) {
  double a = s < 0 ? -s : s;
  if (a != 0 && a < 1e-6) return fmt::format("{:.12g}ns", s * 1e9);
  if (a != 0 && a < 1e-3) return fmt::format("{:.12g}us", s * 1e6);
  if (a != 0 && a < 1) return fmt::format("{:.12g}ms", s * 1e3);
  return fmt::format("{:.12g}s", s);
}
std::string display(const Value& v, bool quote) {
  switch (v.type()) {
    case Value::Type::None:
      return "nothing";
    case Value::Type::Int:
      return std::to_string(v.as_int());
    case Value::Type::Double:
      return format_double(v.as_double());
    case Value::Type::String:
      return quote ? "\"" + v.as_string() + "\"" : v.as_string();
    case Value::Type::Duration:
      return format_seconds(v.as_seconds());
    case Value::Type::Percent:
      return fmt::format("{:.12g}%", v.as_fraction() * 100.0);
    case Value::Type::List: {
      std::string out = "[";
      for (std::size_t i = 0; i < v.as_list().size(); ++i) {
        if (i) out += ", ";
        out += display(v.as_list()[i], true);
      }
      return out + "]";
    }
    case Value::Type::Datatype:
      return v.as_type().display();
    case Value::Type::ReduceOp:
      return std::string(reduce_op_name(v.as_reduce_op()));
    case Value::Type::Comm:
      return v.as_comm().label;
    case Value::Type::Op:
      return v.as_op().name;
    case Value::Type::Spec: {
      const Spec& s = v.as_spec();
      if (s.args.empty()) return s.name;
      std::string out = s.name + "(";
      for (std::size_t i = 0; i < s.args.size(); ++i) {
        if (i) out += ", ";
        if (!s.args[i].first.empty()) out += s.args[i].first + " = ";
        out += display(s.args[i].second, true);
      }
      return out + ")";
    }
  }
  return "?";
}
}  // namespace

std::string to_display(const Value& v) {
  return display(v, true);
}
std::string to_cell(const Value& v) {
  return display(v, false);
}

}  // namespace metron
