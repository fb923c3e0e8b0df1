// The measurement function table. Signatures follow SKaMPI 5 (measurements/coll.c, pt2pt.c);
// Metron adds defaults, names for named arguments, and Synthetic.
#include "runtime/plan/measure_funcs.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace metron {

namespace {

// Byte counts saturate instead of wrapping: the plan builder rejects counts above MPI's int
// range first, but a huge communicator size could still push a product past 64 bits.
std::int64_t sat_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<std::int64_t>::max() : r;
}
std::int64_t elems(const Value& count, const Value& dt) {
  return sat_mul(count.as_int(), datatype_size(dt.as_datatype()));
}

// (count, datatype, ...) with one buffer of count elements on each side.
BufferUse usage_count_dt(const std::vector<Value>& a, int) {
  std::int64_t b = elems(a[0], a[1]);
  return {b, b, b, a[0].as_int()};
}
BufferUse usage_bcast(const std::vector<Value>& a, int) {
  std::int64_t b = elems(a[0], a[1]);
  return {b, 0, b, a[0].as_int()};  // in place: the root sends from, the others receive into it
}
BufferUse usage_none(const std::vector<Value>&, int) {
  return {0, 0, 0, 0};
}
// (send_count, send_dt, recv_count, recv_dt, ...): Gather-like: root receives p blocks.
BufferUse usage_gather(const std::vector<Value>& a, int p) {
  return {elems(a[0], a[1]), sat_mul(elems(a[2], a[3]), p), elems(a[0], a[1]), a[0].as_int()};
}
BufferUse usage_scatter(const std::vector<Value>& a, int p) {
  return {sat_mul(elems(a[0], a[1]), p), elems(a[2], a[3]), elems(a[2], a[3]), a[2].as_int()};
}
BufferUse usage_alltoall(const std::vector<Value>& a, int p) {
  return {sat_mul(elems(a[0], a[1]), p), sat_mul(elems(a[2], a[3]), p), elems(a[0], a[1]),
          a[0].as_int()};
}
// Reduce_scatter: every rank contributes count*p elements and receives count.
BufferUse usage_reduce_scatter(const std::vector<Value>& a, int p) {
  std::int64_t b = elems(a[0], a[1]);
  return {sat_mul(b, p), b, b, a[0].as_int()};
}
// Rank 0 sends the send side and receives the receive side; rank 1 mirrors it, so each buffer
// must hold the larger of the two on some rank.
BufferUse usage_pingpong_sendrecv(const std::vector<Value>& a, int) {
  const std::int64_t b = std::max(elems(a[0], a[1]), elems(a[3], a[4]));
  return {b, b, elems(a[0], a[1]), a[0].as_int()};
}
// Mock-ups that split a vector of count elements into p blocks of ceil(count / p): the buffers
// are padded to p such blocks.
std::int64_t padded(const Value& count, int p) {
  const std::int64_t n = count.as_int(), ranks = std::max(p, 1);
  return sat_mul((n + ranks - 1) / ranks, ranks);
}
BufferUse usage_bcast_padded(const std::vector<Value>& a, int p) {
  std::int64_t b = sat_mul(padded(a[0], p), datatype_size(a[1].as_datatype()));
  return {b, 0, elems(a[0], a[1]), a[0].as_int()};
}
BufferUse usage_count_dt_padded(const std::vector<Value>& a, int p) {
  std::int64_t b = sat_mul(padded(a[0], p), datatype_size(a[1].as_datatype()));
  return {b, b, elems(a[0], a[1]), a[0].as_int()};
}
BufferUse usage_synthetic(const std::vector<Value>& a, int) {
  return {0, 0, elems(a[0], a[2]), a[0].as_int()};  // busy-waits; touches no buffer
}

void normalize_two_sided(std::vector<Value>& a) {
  // recv_count and recv_dt default to the send side (SKaMPI scripts always pass them).
  if (a[2].is(Value::Type::None)) a[2] = a[0];
  if (a[3].is(Value::Type::None)) a[3] = a[1];
}
void normalize_sendrecv(std::vector<Value>& a) {
  if (a[3].is(Value::Type::None)) a[3] = a[0];
  if (a[4].is(Value::Type::None)) a[4] = a[1];
}

Param p_count{"count", kInt, std::nullopt};
Param p_dt{"datatype", kDatatype, Value(Datatype::MPI_CHAR)};
Param p_root{"root", kInt, Value(0)};
Param p_op{"op", kReduceOp, Value(ReduceOp::MPI_SUM)};
Param p_scount{"send_count", kInt, std::nullopt};
Param p_sdt{"send_dt", kDatatype, Value(Datatype::MPI_CHAR)};
Param p_rcount{"recv_count", kInt, Value()};
Param p_rdt{"recv_dt", kDatatype, Value()};
Param p_tag{"tag", kInt, Value(0)};
Param p_iter{"iterations", kInt, Value(1)};

std::vector<MeasureFunc> make_table() {
  using F = OpFamily;
  std::vector<MeasureFunc> t;
  auto coll = [&](std::string name, std::vector<Param> ps, auto usage, std::string doc,
                  int root = -1, void (*norm)(std::vector<Value>&) = nullptr,
                  F fam = F::Collective) {
    t.push_back({std::move(name), std::move(ps), fam, 1, false, root, std::move(doc), norm, usage});
  };
  auto two = std::vector<Param>{p_scount, p_sdt, p_rcount, p_rdt};
  auto two_root = std::vector<Param>{p_scount, p_sdt, p_rcount, p_rdt, p_root};

  // ORDER OPS: runtime/ops/catalog.cpp implements each of these by name.
  coll("Barrier", {}, usage_none, "MPI_Barrier");
  coll("Bcast", {p_count, p_dt, p_root}, usage_bcast, "MPI_Bcast of count elements from root", 2);
  coll("Reduce", {p_count, p_dt, p_op, p_root}, usage_count_dt, "MPI_Reduce to root", 3);
  coll("Allreduce", {p_count, p_dt, p_op}, usage_count_dt, "MPI_Allreduce");
  coll("Reduce_scatter", {p_count, p_dt, p_op, p_root}, usage_reduce_scatter,
       "MPI_Reduce_scatter; every rank receives count elements (root is accepted for SKaMPI "
       "compatibility and ignored)");
  coll("Reduce_scatter_block", {p_count, p_dt, p_op}, usage_reduce_scatter,
       "MPI_Reduce_scatter_block; every rank receives count elements");
  coll("Scan", {p_count, p_dt, p_op}, usage_count_dt, "MPI_Scan");
  coll("Exscan", {p_count, p_dt, p_op}, usage_count_dt, "MPI_Exscan");
  coll("Gather", two_root, usage_gather, "MPI_Gather to root", 4, normalize_two_sided);
  coll("Gatherv", two_root, usage_gather, "MPI_Gatherv with equal counts", 4, normalize_two_sided);
  coll("Allgather", two, usage_gather, "MPI_Allgather", -1, normalize_two_sided);
  coll("Allgatherv", two, usage_gather, "MPI_Allgatherv with equal counts", -1,
       normalize_two_sided);
  coll("Scatter", two_root, usage_scatter, "MPI_Scatter from root", 4, normalize_two_sided);
  coll("Scatterv", two_root, usage_scatter, "MPI_Scatterv with equal counts", 4,
       normalize_two_sided);
  coll("Alltoall", two, usage_alltoall, "MPI_Alltoall", -1, normalize_two_sided);
  coll("Alltoallv", two, usage_alltoall, "MPI_Alltoallv with equal counts", -1,
       normalize_two_sided);
  // SKaMPI's hand-made versions, to compare against the library's collectives.
  coll("Bcast_using_Send_Recv", {p_count, p_dt, p_root}, usage_bcast,
       "broadcast as a loop of MPI_Send from root and MPI_Recv elsewhere", 2, nullptr, F::HandMade);
  coll("Allreduce_using_Reduce_Bcast", {p_count, p_dt, p_op, p_root}, usage_count_dt,
       "MPI_Reduce to root followed by MPI_Bcast", 3, nullptr, F::HandMade);
  coll("Alltoall_using_Isend_Irecv", two, usage_alltoall,
       "all-to-all as MPI_Irecv and MPI_Isend to every rank, then MPI_Waitall", -1,
       normalize_two_sided, F::HandMade);
  coll("Gather_using_Send_Recv", two_root, usage_gather,
       "gather as MPI_Send to root and a loop of MPI_Recv at root", 4, normalize_two_sided,
       F::HandMade);
  // PGMPI's mock-ups (docs/guidelines.md): the original's parameters and meaning of the count,
  // its result, and the composite timed as one operation.
  coll("Gather_using_Reduce", two_root, usage_gather,
       "PGMPI GL4: each rank's block at its offset in a zeroed vector of p blocks, MPI_Reduce "
       "with MPI_BOR on the bytes to root (same count and datatype on both sides)",
       4, normalize_two_sided, F::HandMade);
  coll("Allgather_using_Alltoall", two, usage_alltoall,
       "PGMPI GL5: the own block copied p times, then MPI_Alltoall", -1, normalize_two_sided,
       F::HandMade);
  coll("Allgather_using_Allreduce", two, usage_gather,
       "PGMPI GL6: as Gather_using_Reduce, with MPI_Allreduce", -1, normalize_two_sided,
       F::HandMade);
  coll("Scatter_using_Bcast", two_root, usage_scatter,
       "PGMPI GL7: MPI_Bcast of all p blocks from root, each rank copies its block (same count "
       "and datatype on both sides)",
       4, normalize_two_sided, F::HandMade);
  coll("Reduce_scatter_using_Allreduce", {p_count, p_dt, p_op, p_root}, usage_reduce_scatter,
       "PGMPI GL9: MPI_Allreduce of all p blocks, each rank copies its block (root ignored)", -1,
       nullptr, F::HandMade);
  coll("Bcast_using_Scatter_Allgather", {p_count, p_dt, p_root}, usage_bcast_padded,
       "PGMPI GL10: MPI_Scatter of blocks of ceil(count / p) from root, then MPI_Allgather", 2,
       nullptr, F::HandMade);
  coll("Allgather_using_Gather_Bcast", two, usage_gather,
       "PGMPI GL11: MPI_Gather to rank 0, then MPI_Bcast of the p blocks", -1, normalize_two_sided,
       F::HandMade);
  coll("Allreduce_using_Reduce_scatter_block_Allgather", {p_count, p_dt, p_op},
       usage_count_dt_padded,
       "PGMPI GL13: MPI_Reduce_scatter_block into blocks of ceil(count / p), then MPI_Allgather",
       -1, nullptr, F::HandMade);
  coll("Reduce_using_Reduce_scatter_block_Gather", {p_count, p_dt, p_op, p_root},
       usage_count_dt_padded,
       "PGMPI GL14: MPI_Reduce_scatter_block into blocks of ceil(count / p), then MPI_Gather to "
       "root",
       3, nullptr, F::HandMade);
  coll("Reduce_scatter_block_using_Reduce_Scatter", {p_count, p_dt, p_op}, usage_reduce_scatter,
       "PGMPI GL15: MPI_Reduce of all p blocks to rank 0, then MPI_Scatter", -1, nullptr,
       F::HandMade);
  coll("Scan_using_Exscan_Reduce_local", {p_count, p_dt, p_op}, usage_count_dt,
       "PGMPI GL16: MPI_Exscan, then MPI_Reduce_local with the own contribution (rank 0 copies "
       "it)",
       -1, nullptr, F::HandMade);
  coll("Reduce_scatter_using_Reduce_Scatterv", {p_count, p_dt, p_op, p_root}, usage_reduce_scatter,
       "PGMPI GL17: MPI_Reduce of all p blocks to root, then MPI_Scatterv of one block each", 3,
       nullptr, F::HandMade);

  auto pingpong = [&](std::string name, std::string doc) {
    t.push_back({std::move(name),
                 {p_count, p_dt, p_tag, p_iter},
                 F::PingPong,
                 2,
                 true,
                 -1,
                 std::move(doc),
                 nullptr,
                 usage_count_dt});
  };
  pingpong("Pingpong_Send_Recv", "MPI_Send / MPI_Recv ping-pong between ranks 0 and 1");
  pingpong("Pingpong_Isend_Recv", "MPI_Isend + MPI_Wait / MPI_Recv ping-pong");
  pingpong("Pingpong_Send_Irecv", "MPI_Send / MPI_Irecv + MPI_Wait ping-pong");
  pingpong("Pingpong_Ssend_Recv", "MPI_Ssend / MPI_Recv ping-pong");
  pingpong("Pingpong_Issend_Recv", "MPI_Issend + MPI_Wait / MPI_Recv ping-pong");
  pingpong("Pingpong_Send_Recv_AT", "MPI_Send / MPI_Recv with MPI_ANY_TAG ping-pong");
  pingpong("Pingpong_Send_Iprobe_Recv", "MPI_Send / MPI_Iprobe loop + MPI_Recv ping-pong");
  t.push_back({"Pingpong_Sendrecv",
               {p_scount, p_sdt, Param{"send_tag", kInt, Value(0)}, p_rcount, p_rdt,
                Param{"recv_tag", kInt, Value(0)}, p_iter},
               F::PingPong,
               2,
               true,
               -1,
               "MPI_Sendrecv exchange between ranks 0 and 1",
               normalize_sendrecv,
               usage_pingpong_sendrecv});

  t.push_back({"Synthetic",
               {p_count, Param{"time", kDuration, std::nullopt},
                Param{"datatype", kDatatype, Value(Datatype::MPI_BYTE)},
                Param{"imbalance", kPercent, Value(Percent{0})},
                Param{"noise", kPercent, Value(Percent{0})}, Param{"seed", kInt, Value(1)},
                Param{"delay_rank", kInt, Value(-1)}, Param{"delay", kDuration, Value(Duration{0})},
                Param{"delay_every", kInt, Value(1)}, Param{"transient", kInt, Value(0)},
                Param{"transient_factor", kNumber, Value(1.0)}},
               F::Synthetic,
               1,
               false,
               -1,
               "busy-waits `time` on every rank (no communication); rank r of p waits "
               "time * (1 + imbalance * r / (p - 1)); noise adds a seeded uniform extra of up to "
               "noise * time; delay_rank additionally waits `delay` on every delay_every-th "
               "repetition; the first `transient` observations of Synthetic in the launch (per "
               "rank, warm-up included) take transient_factor times as long (a programmed warm-up "
               "transient)",
               nullptr,
               usage_synthetic});
  return t;
}

}  // namespace

std::string param_type_name(std::uint32_t mask) {
  static const std::pair<std::uint32_t, const char*> names[] = {
      {kInt, "integer"},        {kDouble, "double"},
      {kString, "string"},      {kDuration, "time"},
      {kPercent, "percentage"}, {kList, "list"},
      {kDatatype, "datatype"},  {kReduceOp, "reduction operation"},
      {kComm, "communicator"},  {kOp, "measurement function"},
      {kSpec, "option"}};
  if (mask == kNumber) return "number";
  if (mask == kAny) return "value";
  std::string out;
  for (auto [bit, name] : names)
    if (mask & bit) out += (out.empty() ? "" : " or ") + std::string(name);
  return out;
}

bool value_matches(const Value& v, std::uint32_t mask) {
  switch (v.type()) {
    case Value::Type::Int:
      return mask & (kInt | kDouble);  // integers widen to doubles
    case Value::Type::Double:
      return mask & kDouble;
    case Value::Type::String:
      return mask & kString;
    case Value::Type::Duration:
      return mask & kDuration;
    case Value::Type::Percent:
      return mask & kPercent;
    case Value::Type::List:
      return mask & kList;
    case Value::Type::Datatype:
      return mask & kDatatype;
    case Value::Type::ReduceOp:
      return mask & kReduceOp;
    case Value::Type::Comm:
      return mask & kComm;
    case Value::Type::Op:
      return mask & kOp;
    case Value::Type::Spec:
      return mask & kSpec;
    case Value::Type::None:
      return false;
  }
  return false;
}

const std::vector<MeasureFunc>& measure_funcs() {
  static const std::vector<MeasureFunc> table = make_table();
  return table;
}

const MeasureFunc* find_measure_func(std::string_view name) {
  // Looked up for every `measure` and every name the evaluator resolves: hash it.
  static const std::unordered_map<std::string_view, const MeasureFunc*> index = [] {
    std::unordered_map<std::string_view, const MeasureFunc*> m;
    for (const auto& f : measure_funcs()) m.emplace(f.name, &f);
    return m;
  }();
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

bool is_unsupported_skampi_measure(std::string_view name) {
  static const char* const exact[] = {"Comm_split",
                                      "Comm_dup",
                                      "Reduce_Scatterv",
                                      "Gather_using_Isend_Irecv_Waitall",
                                      "Alltoallv_using_Isend_Irecv",
                                      "myalltoallv",
                                      "Par_Pingpong_Send_Recv",
                                      "Pingpong_Bsend_Recv",
                                      "Pingpong_Sendrecv_replace",
                                      "Wtime",
                                      "delayed_Alltoall",
                                      "delayed_Gather",
                                      "waitpattern_up",
                                      "waitpattern_down",
                                      "onesided_bcast"};
  for (const char* n : exact)
    if (name == n) return true;
  // Families: one-sided (SKaMPI onesided.c), MPI-IO (io.c), OpenSHMEM (SKaMPI 6).
  static const char* const prefixes[] = {"Win_",  "Put",   "Get",       "Accumulate", "MPI_IO_",
                                         "shmem", "Shmem", "onesided_", "Combining_"};
  for (const char* p : prefixes)
    if (name.substr(0, std::string_view(p).size()) == p) return true;
  return false;
}

std::string signature(const MeasureFunc& f) {
  std::string out = f.name + "(";
  for (std::size_t i = 0; i < f.params.size(); ++i) {
    const Param& p = f.params[i];
    if (i) out += ", ";
    out += p.name + ": " + param_type_name(p.type);
    if (p.default_value) {
      if (p.default_value->is(Value::Type::None))
        out += " = (derived)";
      else
        out += " = " + to_display(*p.default_value);
    }
  }
  return out + ")";
}

}  // namespace metron
