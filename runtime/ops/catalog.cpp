// The name -> implementation table of the operation catalog.
#include "runtime/ops/catalog.h"

#include <stdexcept>

#include "runtime/ops/op_impl.h"
#include "runtime/plan/measure_funcs.h"

namespace metron::rt {

namespace {

struct OpEntry {
  std::string_view name;
  ops::BindFn bind;
};

// ORDER OPS: the registry in runtime/plan/measure_funcs.cpp lists the same names.
constexpr OpEntry kCatalog[] = {
    {"Barrier", ops::bind_barrier},
    {"Bcast", ops::bind_bcast},
    {"Reduce", ops::bind_reduce},
    {"Allreduce", ops::bind_allreduce},
    {"Reduce_scatter", ops::bind_reduce_scatter},
    {"Reduce_scatter_block", ops::bind_reduce_scatter_block},
    {"Scan", ops::bind_scan},
    {"Exscan", ops::bind_exscan},
    {"Gather", ops::bind_gather},
    {"Gatherv", ops::bind_gatherv},
    {"Allgather", ops::bind_allgather},
    {"Allgatherv", ops::bind_allgatherv},
    {"Scatter", ops::bind_scatter},
    {"Scatterv", ops::bind_scatterv},
    {"Alltoall", ops::bind_alltoall},
    {"Alltoallv", ops::bind_alltoallv},
    {"Bcast_using_Send_Recv", ops::bind_bcast_send_recv},
    {"Allreduce_using_Reduce_Bcast", ops::bind_allreduce_reduce_bcast},
    {"Alltoall_using_Isend_Irecv", ops::bind_alltoall_isend_irecv},
    {"Gather_using_Send_Recv", ops::bind_gather_send_recv},
    {"Pingpong_Send_Recv", ops::bind_pingpong_send_recv},
    {"Pingpong_Isend_Recv", ops::bind_pingpong_isend_recv},
    {"Pingpong_Send_Irecv", ops::bind_pingpong_send_irecv},
    {"Pingpong_Ssend_Recv", ops::bind_pingpong_ssend_recv},
    {"Pingpong_Issend_Recv", ops::bind_pingpong_issend_recv},
    {"Pingpong_Send_Recv_AT", ops::bind_pingpong_send_recv_at},
    {"Pingpong_Send_Iprobe_Recv", ops::bind_pingpong_send_iprobe_recv},
    {"Pingpong_Sendrecv", ops::bind_pingpong_sendrecv},
    {"Pingpong_Isend_Irecv", ops::bind_pingpong_isend_irecv},
    {"Latency", ops::bind_latency},
    {"Multi_latency", ops::bind_multi_latency},
    {"Bandwidth", ops::bind_bandwidth},
    {"Bibandwidth", ops::bind_bibandwidth},
    {"Multi_bandwidth", ops::bind_multi_bandwidth},
    {"Uniband", ops::bind_multi_bandwidth},
    {"Biband", ops::bind_multi_bibandwidth},
    {"PingPing", ops::bind_pingping},
    {"Sendrecv", ops::bind_ring_sendrecv},
    {"Exchange", ops::bind_exchange},
    {"Empty", ops::bind_empty},
    {"Ibarrier", ops::bind_ibarrier},
    {"Ibcast", ops::bind_ibcast},
    {"Igather", ops::bind_igather},
    {"Igatherv", ops::bind_igatherv},
    {"Iscatter", ops::bind_iscatter},
    {"Iscatterv", ops::bind_iscatterv},
    {"Iallgather", ops::bind_iallgather},
    {"Iallgatherv", ops::bind_iallgatherv},
    {"Ialltoall", ops::bind_ialltoall},
    {"Ialltoallv", ops::bind_ialltoallv},
    {"Ireduce", ops::bind_ireduce},
    {"Iallreduce", ops::bind_iallreduce},
    {"Ireduce_scatter", ops::bind_ireduce_scatter},
    {"Ireduce_scatter_block", ops::bind_ireduce_scatter_block},
    {"Iscan", ops::bind_iscan},
    {"Iexscan", ops::bind_iexscan},
    {"Ibarrier_overlap", ops::bind_ibarrier_overlap},
    {"Ibcast_overlap", ops::bind_ibcast_overlap},
    {"Igather_overlap", ops::bind_igather_overlap},
    {"Igatherv_overlap", ops::bind_igatherv_overlap},
    {"Iscatter_overlap", ops::bind_iscatter_overlap},
    {"Iscatterv_overlap", ops::bind_iscatterv_overlap},
    {"Iallgather_overlap", ops::bind_iallgather_overlap},
    {"Iallgatherv_overlap", ops::bind_iallgatherv_overlap},
    {"Ialltoall_overlap", ops::bind_ialltoall_overlap},
    {"Ialltoallv_overlap", ops::bind_ialltoallv_overlap},
    {"Ireduce_overlap", ops::bind_ireduce_overlap},
    {"Iallreduce_overlap", ops::bind_iallreduce_overlap},
    {"Ireduce_scatter_overlap", ops::bind_ireduce_scatter_overlap},
    {"Ireduce_scatter_block_overlap", ops::bind_ireduce_scatter_block_overlap},
    {"Iscan_overlap", ops::bind_iscan_overlap},
    {"Iexscan_overlap", ops::bind_iexscan_overlap},
    {"Barrier_init", ops::bind_barrier_init},
    {"Bcast_init", ops::bind_bcast_init},
    {"Gather_init", ops::bind_gather_init},
    {"Gatherv_init", ops::bind_gatherv_init},
    {"Scatter_init", ops::bind_scatter_init},
    {"Scatterv_init", ops::bind_scatterv_init},
    {"Allgather_init", ops::bind_allgather_init},
    {"Allgatherv_init", ops::bind_allgatherv_init},
    {"Alltoall_init", ops::bind_alltoall_init},
    {"Alltoallv_init", ops::bind_alltoallv_init},
    {"Reduce_init", ops::bind_reduce_init},
    {"Allreduce_init", ops::bind_allreduce_init},
    {"Reduce_scatter_init", ops::bind_reduce_scatter_init},
    {"Reduce_scatter_block_init", ops::bind_reduce_scatter_block_init},
    {"Scan_init", ops::bind_scan_init},
    {"Exscan_init", ops::bind_exscan_init},
    {"Synthetic", ops::bind_synthetic},
};

}  // namespace

namespace ops {
BindFn find_bind(std::string_view name) {
  for (const OpEntry& e : kCatalog)
    if (e.name == name) return e.bind;
  return nullptr;
}
}  // namespace ops

bool has_op_impl(std::string_view name) {
  return ops::find_bind(name) != nullptr;
}

std::vector<std::string> unimplemented_measure_funcs() {
  std::vector<std::string> missing;
  for (const MeasureFunc& f : measure_funcs())
    if (!has_op_impl(f.name)) missing.push_back(f.name);
  return missing;
}

OpCall make_op_call(std::string_view name, std::vector<Value> args) {
  const MeasureFunc* f = find_measure_func(name);
  if (!f) throw std::invalid_argument("unknown measurement function '" + std::string(name) + "'");
  if (args.size() > f->params.size())
    throw std::invalid_argument("too many arguments to '" + f->name + "'");
  for (std::size_t i = args.size(); i < f->params.size(); ++i) {
    const Param& p = f->params[i];
    if (!p.default_value)
      throw std::invalid_argument("missing argument '" + p.name + "' to '" + f->name + "'");
    args.push_back(*p.default_value);
  }
  if (f->normalize) f->normalize(args);
  return OpCall{f, std::move(args)};
}

}  // namespace metron::rt
