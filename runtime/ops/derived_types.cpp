// Building MPI datatypes from type descriptions, one MPI constructor per TypeCtor.
#include "runtime/ops/derived_types.h"

#include <vector>

#include "runtime/mpi_library.h"
#include "runtime/plan/darray.h"
#include "runtime/plan/message_error.h"

namespace metron::rt {

namespace {

std::vector<int> ints(const std::vector<std::int64_t>& v) {
  return std::vector<int>(v.begin(), v.end());  // the front end checked they fit an int
}
std::vector<MPI_Aint> aints(const std::vector<std::int64_t>& v) {
  return std::vector<MPI_Aint>(v.begin(), v.end());
}

void check(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw_message(DiagId::derived_type_mpi_error, what, mpi_error_text(rc));
}

// MPI_Type_create_darray with Metron's distribution codes turned into MPI's.
int create_darray(const DerivedType& d, MPI_Datatype base, MPI_Datatype* out) {
  const auto& in = d.ints;
  const auto& ls = d.lists;
  std::vector<int> g = ints(ls[0]), dist = ints(ls[1]), darg = ints(ls[2]), p = ints(ls[3]);
  for (int& x : dist)
    x = x == kDistributeBlock    ? MPI_DISTRIBUTE_BLOCK
        : x == kDistributeCyclic ? MPI_DISTRIBUTE_CYCLIC
                                 : MPI_DISTRIBUTE_NONE;
  for (int& x : darg)
    if (x == kDistributeDfltDarg) x = MPI_DISTRIBUTE_DFLT_DARG;
  return MPI_Type_create_darray(static_cast<int>(in[0]), static_cast<int>(in[1]),
                                static_cast<int>(g.size()), g.data(), dist.data(), darg.data(),
                                p.data(), MPI_ORDER_C, base, out);
}

// The MPI constructor of d over its built bases; MPI's return code.
int construct(const DerivedType& d, std::vector<MPI_Datatype>& bases, MPI_Datatype* out) {
  const auto& in = d.ints;
  const auto& ls = d.lists;
  int rc = MPI_SUCCESS;
  switch (d.ctor) {
    case TypeCtor::Contiguous:
      rc = MPI_Type_contiguous(static_cast<int>(in[0]), bases[0], out);
      break;
    case TypeCtor::Vector:
      rc = MPI_Type_vector(static_cast<int>(in[0]), static_cast<int>(in[1]),
                           static_cast<int>(in[2]), bases[0], out);
      break;
    case TypeCtor::Hvector:
      rc = MPI_Type_create_hvector(static_cast<int>(in[0]), static_cast<int>(in[1]), in[2],
                                   bases[0], out);
      break;
    case TypeCtor::Indexed: {
      std::vector<int> bl = ints(ls[0]), dis = ints(ls[1]);
      rc = MPI_Type_indexed(static_cast<int>(bl.size()), bl.data(), dis.data(), bases[0], out);
      break;
    }
    case TypeCtor::Hindexed: {
      std::vector<int> bl = ints(ls[0]);
      std::vector<MPI_Aint> dis = aints(ls[1]);
      rc = MPI_Type_create_hindexed(static_cast<int>(bl.size()), bl.data(), dis.data(), bases[0],
                                    out);
      break;
    }
    case TypeCtor::IndexedBlock: {
      std::vector<int> dis = ints(ls[0]);
      rc = MPI_Type_create_indexed_block(static_cast<int>(dis.size()), static_cast<int>(in[0]),
                                         dis.data(), bases[0], out);
      break;
    }
    case TypeCtor::Struct: {
      std::vector<int> bl = ints(ls[0]);
      std::vector<MPI_Aint> dis = aints(ls[1]);
      rc = MPI_Type_create_struct(static_cast<int>(bl.size()), bl.data(), dis.data(), bases.data(),
                                  out);
      break;
    }
    case TypeCtor::Resized:
      rc = MPI_Type_create_resized(bases[0], in[0], in[1], out);
      break;
    case TypeCtor::Subarray: {
      std::vector<int> sz = ints(ls[0]), sub = ints(ls[1]), st = ints(ls[2]);
      rc = MPI_Type_create_subarray(static_cast<int>(sz.size()), sz.data(), sub.data(), st.data(),
                                    MPI_ORDER_C, bases[0], out);
      break;
    }
    case TypeCtor::Darray:
      rc = create_darray(d, bases[0], out);
      break;
  }
  return rc;
}

// Uncommitted: a base only needs to exist while its parent is constructed.
MPI_Datatype build(const TypeDesc& t) {
  if (t.is_basic()) return mpi_datatype(t.basic());
  const DerivedType& d = *t.derived();
  std::vector<MPI_Datatype> bases;
  for (const TypeDesc& b : d.bases) bases.push_back(build(b));
  MPI_Datatype out = MPI_DATATYPE_NULL;
  const int rc = construct(d, bases, &out);
  for (std::size_t i = 0; i < bases.size(); ++i)
    if (!d.bases[i].is_basic()) MPI_Type_free(&bases[i]);
  check(rc, d.display.c_str());
  return out;
}

}  // namespace

MPI_Datatype build_mpi_type(const TypeDesc& t) {
  MPI_Datatype out = build(t);
  if (!t.is_basic()) check(MPI_Type_commit(&out), t.display().c_str());
  return out;
}

MPI_Datatype commit_type(BoundOp& b, const TypeDesc& t) {
  MPI_Datatype out = build_mpi_type(t);
  if (t.is_basic()) return out;
  // The buffers are sized from Metron's model of the layout (runtime/plan/type_desc.h), which
  // follows MPICH's rules; a library that lays the type out otherwise (Open MPI 4.1 pads a
  // vector's extent to its alignment, and keeps a resized member's bounds in a struct) would
  // reach past them.
  MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  MPI_Type_get_extent(out, &lb, &extent);
  MPI_Type_get_true_extent(out, &true_lb, &true_extent);
  // An empty type has no true bounds (Open MPI returns arbitrary ones).
  const bool empty = t.size() == 0;
  if (lb != t.lb() || extent != t.extent() ||
      (!empty && (true_lb != t.true_lb() || true_extent != t.true_extent()))) {
    MPI_Type_free(&out);
    throw_message(DiagId::job_type_layout_differs, b.name, mpi_library_name(), t.display(),
                  std::int64_t{lb}, std::int64_t{extent}, std::int64_t{true_extent}, t.lb(),
                  t.extent(), t.true_extent());
  }
  b.owned_types.handles.push_back(out);
  return out;
}

}  // namespace metron::rt
