// The measurement function table. Signatures follow SKaMPI 5 (measurements/coll.c, pt2pt.c);
// Metron adds defaults, names for named arguments, and Synthetic.
#include "runtime/plan/measure_funcs.h"

#include <algorithm>
#include <cctype>
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
// Ping-pongs: a round trip carries the block both ways (the rate is size / half a round trip).
BufferUse usage_pingpong(const std::vector<Value>& a, int p) {
  BufferUse u = usage_count_dt(a, p);
  u.rate_bytes = sat_mul(u.reported_bytes, 2);
  u.rate_messages = 2;
  return u;
}
BufferUse usage_pingpong_sendrecv_rate(const std::vector<Value>& a, int p) {
  BufferUse u = usage_pingpong_sendrecv(a, p);
  u.rate_bytes = elems(a[0], a[1]) + elems(a[3], a[4]);
  u.rate_messages = 2;
  return u;
}
// One-way latency between ranks 0 and 1: one message of the block per reported time.
BufferUse usage_one_way(const std::vector<Value>& a, int p) {
  BufferUse u = usage_count_dt(a, p);
  u.rate_bytes = u.reported_bytes;
  u.rate_messages = 1;
  return u;
}
// Pairs (r, r + p/2) ping-pong at once (osu_multi_lat): every pair moves a block per time.
BufferUse usage_multi_latency(const std::vector<Value>& a, int p) {
  BufferUse u = usage_count_dt(a, p);
  u.rate_bytes = sat_mul(u.reported_bytes, p / 2);
  u.rate_messages = p / 2;
  return u;
}
// Windowed bandwidth, (count, datatype, window, iterations): the window's receives go to
// distinct blocks (MPI forbids concurrent receives into one buffer), and the 4-byte ack needs a
// slot on both sides. `pairs` pairs, `ways` directions.
BufferUse usage_window(const std::vector<Value>& a, std::int64_t pairs, int ways) {
  const std::int64_t block = elems(a[0], a[1]);
  const std::int64_t window = a[2].as_int();
  BufferUse u{std::max<std::int64_t>(block, 4), std::max<std::int64_t>(sat_mul(block, window), 4),
              block, a[0].as_int()};
  u.rate_bytes = sat_mul(sat_mul(sat_mul(block, window), pairs), ways);
  u.rate_messages = sat_mul(sat_mul(window, pairs), ways);
  return u;
}
BufferUse usage_bw(const std::vector<Value>& a, int) {
  return usage_window(a, 1, 1);
}
BufferUse usage_bibw(const std::vector<Value>& a, int) {
  return usage_window(a, 1, 2);
}
BufferUse usage_multi_bw(const std::vector<Value>& a, int p) {
  return usage_window(a, p / 2, 1);
}
BufferUse usage_multi_bibw(const std::vector<Value>& a, int p) {
  return usage_window(a, p / 2, 2);
}
// IMB's throughputs: PingPing X/t, Sendrecv 2X/t, Exchange 4X/t (X the message size).
BufferUse usage_pingping(const std::vector<Value>& a, int p) {
  return usage_one_way(a, p);
}
BufferUse usage_ring_sendrecv(const std::vector<Value>& a, int p) {
  BufferUse u = usage_count_dt(a, p);
  u.rate_bytes = sat_mul(u.reported_bytes, 2);
  u.rate_messages = 2;
  return u;
}
BufferUse usage_exchange(const std::vector<Value>& a, int p) {
  BufferUse u = usage_count_dt(a, p);
  u.recv_bytes = sat_mul(u.reported_bytes, 2);  // one block from each neighbour
  u.rate_bytes = sat_mul(u.reported_bytes, 4);
  u.rate_messages = 4;
  return u;
}
BufferUse usage_synthetic(const std::vector<Value>& a, int) {
  return {0, 0, elems(a[0], a[2]), a[0].as_int()};  // busy-waits; touches no buffer
}

// "Bcast" -> "bcast", as MPI spells the rest of the name after the prefix.
std::string lower_name(std::string_view v) {
  std::string s(v);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
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

  auto pingpong = [&](std::string name, std::string doc) {
    t.push_back({std::move(name),
                 {p_count, p_dt, p_tag, p_iter},
                 F::PingPong,
                 2,
                 true,
                 -1,
                 std::move(doc),
                 nullptr,
                 usage_pingpong,
                 TimeBasis::RoundTrip});
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
               usage_pingpong_sendrecv_rate,
               TimeBasis::RoundTrip});
  pingpong("Pingpong_Isend_Irecv",
           "MPI_Isend + MPI_Wait / MPI_Irecv + MPI_Wait ping-pong (ReproMPI's Isend/Irecv "
           "ping-pong)");

  // Point-to-point as OSU and IMB measure it (issue 15).
  auto p2p = [&](std::string name, std::vector<Param> ps, auto usage, TimeBasis basis,
                 std::string doc) {
    t.push_back({std::move(name), std::move(ps), F::PointToPoint, 2, false, -1, std::move(doc),
                 nullptr, usage, basis});
  };
  const Param p_window{"window", kInt, Value(64)};
  const std::vector<Param> lat{p_count, p_dt, p_tag, p_iter};
  const std::vector<Param> win{p_count, p_dt, p_window, p_iter};
  const std::vector<Param> ring{p_count, p_dt, p_iter};
  p2p("Latency", lat, usage_one_way, TimeBasis::OneWay,
      "MPI_Send / MPI_Recv ping-pong between ranks 0 and 1 reported as half the round trip "
      "(osu_latency, IMB PingPong)");
  p2p("Multi_latency", lat, usage_multi_latency, TimeBasis::OneWay,
      "pairs (r, r + p/2) ping-pong with MPI_Send / MPI_Recv at once, half the round trip "
      "(osu_multi_lat)");
  p2p("Bandwidth", win, usage_bw, TimeBasis::Window,
      "rank 0 posts `window` MPI_Isend to rank 1, MPI_Waitall, then receives a 4-byte ack; rank 1 "
      "posts `window` MPI_Irecv, MPI_Waitall, sends the ack (osu_bw)");
  p2p("Bibandwidth", win, usage_bibw, TimeBasis::Window,
      "ranks 0 and 1 both post `window` MPI_Irecv and `window` MPI_Isend, then MPI_Waitall "
      "(osu_bibw)");
  p2p("Multi_bandwidth", win, usage_multi_bw, TimeBasis::Window,
      "Bandwidth between the pairs (r, r + p/2) at once; the rates are the sum over pairs "
      "(osu_mbw_mr)");
  p2p("Uniband", win, usage_multi_bw, TimeBasis::Window,
      "IMB-MPI1 Uniband: like Multi_bandwidth, IMB's window of 64 messages per sample");
  p2p("Biband", win, usage_multi_bibw, TimeBasis::Window,
      "IMB-MPI1 Biband: Bibandwidth between the pairs (r, r + p/2) at once");
  p2p("PingPing", lat, usage_pingping, TimeBasis::Iteration,
      "IMB-MPI1 PingPing: ranks 0 and 1 both MPI_Isend to the other, MPI_Recv, MPI_Wait");
  p2p("Sendrecv", ring, usage_ring_sendrecv, TimeBasis::Iteration,
      "IMB-MPI1 Sendrecv: every rank MPI_Sendrecv to its right neighbour and from its left in a "
      "ring over the communicator");
  p2p("Exchange", ring, usage_exchange, TimeBasis::Iteration,
      "IMB-MPI1 Exchange: every rank MPI_Isend to both ring neighbours, MPI_Recv from both, "
      "MPI_Waitall");
  t.push_back({"Empty",
               {},
               F::Synthetic,
               1,
               false,
               -1,
               "nothing between the two timer reads (ReproMPI's Empty): the timer's own cost",
               nullptr,
               usage_none,
               TimeBasis::Call});

  // MPI-3 nonblocking collectives: the blocking entry's signature, posted and completed with
  // MPI_Wait in the timed region (pure time, as OSU's osu_i* and IMB-NBC's _pure).
  std::vector<MeasureFunc> overlap, persistent;
  for (std::string_view base :
       {"Barrier", "Bcast", "Gather", "Gatherv", "Scatter", "Scatterv", "Allgather", "Allgatherv",
        "Alltoall", "Alltoallv", "Reduce", "Allreduce", "Reduce_scatter", "Reduce_scatter_block",
        "Scan", "Exscan"}) {
    auto it =
        std::find_if(t.begin(), t.end(), [&](const MeasureFunc& f) { return f.name == base; });
    MeasureFunc f = *it;
    f.name = "I" + lower_name(base.substr(0, 1)) + std::string(base.substr(1));  // MPI's spelling
    f.family = F::Nonblocking;
    f.doc = "MPI_I" + lower_name(base) + " + MPI_Wait (" + f.doc + ")";
    MeasureFunc o = f;
    t.push_back(std::move(f));
    // Overlap as OSU's osu_i* measure it: a compute between post and wait.
    o.name += "_overlap";
    o.params.push_back(Param{"compute", kDuration, Value(Duration{0})});
    o.params.push_back(Param{"tests", kInt, Value(0)});
    o.doc = "MPI_I" + lower_name(base) +
            ", a busy-wait of `compute` (0 s: the calibrated pure time, as OSU) split by `tests` "
            "MPI_Test calls, MPI_Wait; summary.csv adds the overlap %";
    overlap.push_back(std::move(o));
    // MPI-4 persistent: MPI_<name>_init before the job, Start + Wait timed.
    MeasureFunc p =
        *std::find_if(t.begin(), t.end(), [&](const MeasureFunc& g) { return g.name == base; });
    p.name = std::string(base) + "_init";
    p.family = F::Persistent;
    p.doc = "MPI_Start + MPI_Wait of a persistent MPI_" + std::string(base) +
            "_init request made before the job (" + p.doc + ")";
    persistent.push_back(std::move(p));
  }
  for (MeasureFunc& o : overlap) t.push_back(std::move(o));
  for (MeasureFunc& p : persistent) t.push_back(std::move(p));

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

const char* time_basis_name(TimeBasis t) {
  switch (t) {
    case TimeBasis::Call:
      return "call";
    case TimeBasis::RoundTrip:
      return "round_trip";
    case TimeBasis::OneWay:
      return "one_way";
    case TimeBasis::Window:
      return "window";
    case TimeBasis::Iteration:
      return "iteration";
  }
  return "call";
}

const char* time_basis_text(TimeBasis t) {
  switch (t) {
    case TimeBasis::Call:
      return "one call";
    case TimeBasis::RoundTrip:
      return "a round trip";
    case TimeBasis::OneWay:
      return "half a round trip (one way)";
    case TimeBasis::Window:
      return "one window";
    case TimeBasis::Iteration:
      return "one exchange";
  }
  return "one call";
}

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
