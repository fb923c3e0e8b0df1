// The name -> implementation table of the operation catalog.
#include "runtime/ops/catalog.h"

#include <stdexcept>

#include "runtime/plan/measure_funcs.h"
#include "runtime/ops/op_impl.h"

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
    {"Gather_using_Reduce", ops::bind_gather_reduce},
    {"Allgather_using_Alltoall", ops::bind_allgather_alltoall},
    {"Allgather_using_Allreduce", ops::bind_allgather_allreduce},
    {"Scatter_using_Bcast", ops::bind_scatter_bcast},
    {"Reduce_scatter_using_Allreduce", ops::bind_reduce_scatter_allreduce},
    {"Bcast_using_Scatter_Allgather", ops::bind_bcast_scatter_allgather},
    {"Allgather_using_Gather_Bcast", ops::bind_allgather_gather_bcast},
    {"Allreduce_using_Reduce_scatter_block_Allgather", ops::bind_allreduce_rsb_allgather},
    {"Reduce_using_Reduce_scatter_block_Gather", ops::bind_reduce_rsb_gather},
    {"Reduce_scatter_block_using_Reduce_Scatter", ops::bind_rsb_reduce_scatter},
    {"Scan_using_Exscan_Reduce_local", ops::bind_scan_exscan_reduce_local},
    {"Reduce_scatter_using_Reduce_Scatterv", ops::bind_reduce_scatter_reduce_scatterv},
    {"Pingpong_Send_Recv", ops::bind_pingpong_send_recv},
    {"Pingpong_Isend_Recv", ops::bind_pingpong_isend_recv},
    {"Pingpong_Send_Irecv", ops::bind_pingpong_send_irecv},
    {"Pingpong_Ssend_Recv", ops::bind_pingpong_ssend_recv},
    {"Pingpong_Issend_Recv", ops::bind_pingpong_issend_recv},
    {"Pingpong_Send_Recv_AT", ops::bind_pingpong_send_recv_at},
    {"Pingpong_Send_Iprobe_Recv", ops::bind_pingpong_send_iprobe_recv},
    {"Pingpong_Sendrecv", ops::bind_pingpong_sendrecv},
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
