// Clock models as MPI messages (pairs of doubles).
#include "runtime/clocksync/model_messages.h"

namespace metron::rt::clocksync {

namespace {

constexpr int kTagModels = 10;

std::vector<double> pack(std::span<const ClockModel> models) {
  std::vector<double> flat;
  flat.reserve(models.size() * 2);
  for (const ClockModel& m : models) {
    flat.push_back(m.slope);
    flat.push_back(m.intercept);
  }
  return flat;
}

void unpack(const std::vector<double>& flat, std::span<ClockModel> models) {
  for (std::size_t i = 0; i < models.size(); ++i) models[i] = {flat[2 * i], flat[2 * i + 1]};
}

}  // namespace

void send_models(MPI_Comm comm, int dest, std::span<const ClockModel> models) {
  const std::vector<double> flat = pack(models);
  MPI_Send(flat.data(), static_cast<int>(flat.size()), MPI_DOUBLE, dest, kTagModels, comm);
}

void recv_models(MPI_Comm comm, int source, std::span<ClockModel> models) {
  std::vector<double> flat(models.size() * 2);
  MPI_Recv(flat.data(), static_cast<int>(flat.size()), MPI_DOUBLE, source, kTagModels, comm,
           MPI_STATUS_IGNORE);
  unpack(flat, models);
}

ClockModel scatter_models(MPI_Comm comm, std::span<const ClockModel> table) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const std::vector<double> flat = rank == 0 ? pack(table) : std::vector<double>{};
  double mine[2] = {0.0, 0.0};
  MPI_Scatter(flat.data(), 2, MPI_DOUBLE, mine, 2, MPI_DOUBLE, 0, comm);
  return ClockModel{mine[0], mine[1]};
}

std::vector<ClockModel> gather_models(MPI_Comm comm, const ClockModel& mine) {
  int rank = 0, size = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const double flat_mine[2] = {mine.slope, mine.intercept};
  std::vector<double> flat(rank == 0 ? 2 * static_cast<std::size_t>(size) : 0);
  MPI_Gather(flat_mine, 2, MPI_DOUBLE, flat.data(), 2, MPI_DOUBLE, 0, comm);
  std::vector<ClockModel> models(rank == 0 ? static_cast<std::size_t>(size) : 0);
  unpack(flat, models);
  return models;
}

}  // namespace metron::rt::clocksync
