// Values of the .bench language: numbers, strings, lists, MPI names, communicator specs,
// operation references and option specs (window(size = 1ms), tukey(1.5), rdtscp, ...).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "runtime/plan/mpi_names.h"
#include "runtime/plan/type_desc.h"

namespace metron {

// The longest string a script can make (by concatenation): far above any name or label, and
// far below what a doubling loop would reach before the machine runs out of memory.
inline constexpr std::size_t kMaxStringBytes = std::size_t{16} << 20;

class Value;
using ValueList = std::vector<Value>;

// A communicator as the script describes it; ranks are resolved against the run's size when the
// plan is built (kinds resolved at run time keep `ranks` empty and know only their size).
struct CommSpec {
  enum class Kind {
    World,
    First,
    Ranks,
    FromTo,
    FirstHalf,
    SecondHalf,
    Random,
    MaxLatencyPair,
    Null,
    Cartesian,  // MPI_Cart_create on `base` (SKaMPI's topology_cartesian)
    Graph,      // MPI_Graph_create on `base` (topology_graph, topology_graph2)
    Mapped      // comm_map(p, q, n): the first n ranks of IMB's -map PxQ order; dims = {p, q}
  };
  Kind kind = Kind::World;
  // World ranks in communicator order; empty if resolved at run time. For a topology, the plan
  // assumes MPI keeps the base order (reorder = 0 does); the runtime reports the order MPI chose.
  std::vector<int> ranks;
  int size = 0;
  std::uint64_t seed = 0;  // Random: the recorded seed that chose the ranks
  std::string label;       // as written: comm(4), comm2(0, 1), MPI_COMM_WORLD
  // Cartesian and Graph: the world ranks of the communicator the topology is created on, and
  // the arguments of MPI_Cart_create (dims, periods) or MPI_Graph_create (index, edges).
  std::vector<int> base, dims, periods, index, edges;
  bool reorder = false;
  bool operator==(const CommSpec& o) const {
    return kind == o.kind && ranks == o.ranks && size == o.size && seed == o.seed &&
           base == o.base && dims == o.dims && periods == o.periods && index == o.index &&
           edges == o.edges && reorder == o.reorder;
  }
};

// A named option with arguments: `window(size = 1ms)`, `tukey(1.5)`, or a bare name `rdtscp`.
struct Spec {
  std::string name;
  std::vector<std::pair<std::string, Value>> args;  // name is empty for positional arguments
};

struct OpRef {
  std::string name;  // a measurement function, e.g. Bcast
  bool operator==(const OpRef&) const = default;
};

struct Duration {
  double seconds;
  bool operator==(const Duration&) const = default;
};
struct Percent {
  double fraction;
  bool operator==(const Percent&) const = default;
};

class Value {
 public:
  using Storage = std::variant<std::monostate, std::int64_t, double, std::string, Duration, Percent,
                               std::shared_ptr<const ValueList>, TypeDesc, ReduceOp,
                               std::shared_ptr<const CommSpec>, OpRef, std::shared_ptr<const Spec>>;
  enum class Type {
    None,
    Int,
    Double,
    String,
    Duration,
    Percent,
    List,
    Datatype,  // predefined or derived (TypeDesc)
    ReduceOp,
    Comm,
    Op,
    Spec
  };

  Value() = default;
  Value(std::int64_t v) : v_(v) {}
  Value(int v) : v_(static_cast<std::int64_t>(v)) {}
  Value(double v) : v_(v) {}
  Value(std::string v) : v_(std::move(v)) {}
  Value(const char* v) : v_(std::string(v)) {}
  Value(Duration v) : v_(v) {}
  Value(Percent v) : v_(v) {}
  Value(ValueList v) : v_(std::make_shared<const ValueList>(std::move(v))) {}
  Value(Datatype v) : v_(TypeDesc(v)) {}
  Value(TypeDesc v) : v_(std::move(v)) {}
  Value(ReduceOp v) : v_(v) {}
  Value(CommSpec v) : v_(std::make_shared<const CommSpec>(std::move(v))) {}
  Value(OpRef v) : v_(std::move(v)) {}
  Value(Spec v) : v_(std::make_shared<const Spec>(std::move(v))) {}

  Type type() const { return static_cast<Type>(v_.index()); }
  bool is(Type t) const { return type() == t; }
  bool is_number() const { return is(Type::Int) || is(Type::Double); }

  std::int64_t as_int() const { return std::get<std::int64_t>(v_); }
  double as_double() const { return std::get<double>(v_); }
  double as_number() const { return is(Type::Int) ? static_cast<double>(as_int()) : as_double(); }
  const std::string& as_string() const { return std::get<std::string>(v_); }
  double as_seconds() const { return std::get<Duration>(v_).seconds; }
  double as_fraction() const { return std::get<Percent>(v_).fraction; }
  const ValueList& as_list() const { return *std::get<std::shared_ptr<const ValueList>>(v_); }
  // A predefined datatype; throws std::bad_variant_access for a derived one (use as_type()).
  Datatype as_datatype() const;
  const TypeDesc& as_type() const { return std::get<TypeDesc>(v_); }
  ReduceOp as_reduce_op() const { return std::get<ReduceOp>(v_); }
  const CommSpec& as_comm() const { return *std::get<std::shared_ptr<const CommSpec>>(v_); }
  const OpRef& as_op() const { return std::get<OpRef>(v_); }
  const Spec& as_spec() const { return *std::get<std::shared_ptr<const Spec>>(v_); }

  bool operator==(const Value& o) const;
  const Storage& storage() const { return v_; }

 private:
  Storage v_;
};

// "integer", "double", "string", ... as used in messages.
std::string type_name(Value::Type t);
// The value as a user reads it: 42, 1.5, "text", MPI_INT, comm(2), 1ms, 5%, [1, 2].
std::string to_display(const Value& v);
// The value as a CSV cell or plan column: like to_display but strings are unquoted.
std::string to_cell(const Value& v);

}  // namespace metron
