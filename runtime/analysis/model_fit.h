// Latency/bandwidth models fitted to a size sweep (docs/statistics.md, "Model fits"): Hockney's
// T(m) = alpha + beta m, by weighted least squares on the per-launch medians (weights 1/T^2: the
// sum of squared relative residuals, so that small and large messages count alike), in one
// segment or two with a breakpoint where the protocol changes (chosen by BIC), with percentile
// bootstrap CIs over launches; LogGP's G and L + 2o follow from the same fit for a ping-pong.
// Pure logic; no MPI.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/analysis/results_data.h"

namespace metron::analysis {

struct SweepPoint {
  double bytes = 0;
  double time_s = 0;
  std::int64_t launch = 0;
};

// Weighted least squares of t = a + b m with weights 1/t^2. Empty with fewer than two distinct
// sizes or a non-positive time. Computed on the times scaled by a power of two near the largest
// (exact, and the same fit), so that times of any magnitude a double holds fit alike.
struct LineFit {
  double alpha = 0, beta = 0;
  double rel_rmse = 0;  // root mean squared relative residual
  double wsse = 0;      // the minimized weighted sum of squares
  std::size_t n = 0;
};
std::optional<LineFit> fit_line(const std::vector<SweepPoint>& p);

struct Segment {
  double from_bytes = 0, to_bytes = 0;  // the sizes it covers
  std::size_t sizes = 0, points = 0;
  LineFit fit;
  double alpha_lo = 0, alpha_hi = 0, beta_lo = 0, beta_hi = 0;  // bootstrap CIs (NaN: none)
  double one_byte_lo = 0, one_byte_hi = 0;  // CI of alpha + beta, the time of one byte
};

struct ModelFit {
  std::string family;               // "block: op, p ranks, factors"
  JobKey key;                       // of the family's first job (bytes and vars not meaningful)
  std::vector<Segment> segments;    // one, or two split at the breakpoint
  double bic_one = 0, bic_two = 0;  // NaN when two segments could not be fitted
  std::string time_is;              // summary.csv's time_is: round_trip, one_way, call, ...
  std::vector<SweepPoint> points;   // per-launch medians
};

struct FitOptions {
  double ci_level = 0.95;
  int resamples = 2000;       // bootstrap over launches
  std::uint64_t seed = 2024;  // the same data always give the same CIs
  std::size_t min_sizes = 3;  // per segment
  // Two segments only where one line misses by more than this (its root mean squared relative
  // residual): on a quiet machine BIC alone splits a straight line at a 0.05% wiggle.
  double min_split_rmse = 0.01;
};

// A family whose sweep has min_sizes sizes or more but no fit, and why: too few of its sizes have
// a positive, finite time (all-zero times, failed launches), or its times are beyond what the fit
// computes with.
struct UnfittedFamily {
  std::string family;
  std::size_t sizes = 0;                  // sizes of the sweep
  std::size_t sizes_with_time = 0;        // sizes with a positive, finite median in some launch
  double min_time_s = 0, max_time_s = 0;  // of those medians (NaN: none)
};

struct SweepFits {
  std::vector<ModelFit> fits;
  std::vector<UnfittedFamily> unfitted;
};

// The families of a folder: jobs of one block and operation on one communicator size, with the
// same launch-factor levels and the same text-valued loop variables (numeric loop variables are
// the sweep). Families with fewer than min_sizes sizes are no sweep and left out; a sweep without
// a fit is listed in `unfitted`.
SweepFits fit_sweeps(const ResultsData& d, const FitOptions& o);

// LogGP from a point-to-point fit (Alexandrov et al., "LogGP: Incorporating Long Messages into
// the LogP Model"): a one-way time of m bytes is L + 2o + (m - 1) G, so G is the slope and L + 2o
// the one-way time of one byte; a round trip is twice a one-way time. L and o apart need a
// measurement of the send overhead, which a size sweep does not give. Empty for other families.
struct LogGP {
  double G_s_per_byte = 0, G_lo = 0, G_hi = 0;
  double L_plus_2o_s = 0, L_plus_2o_lo = 0, L_plus_2o_hi = 0;
};
std::optional<LogGP> loggp_of(const ModelFit& f, const Segment& s);

// One family's fit (exposed for tests): one segment, or two when BIC prefers them.
ModelFit fit_family(std::vector<SweepPoint> points, const FitOptions& o);

// A link's peak, given by the user: the fits say what fraction of it a family achieves (Hoefler
// and Belli's rule 11: relate a measurement to an upper bound). 0: not given.
struct PeakBound {
  double bandwidth_mb_s = 0;  // MB/s, MB = 10^6 bytes
  double latency_s = 0;
};

// fits.csv (docs/output.md) and fit_points.csv (each per-launch median with its fitted value and
// relative residual); false with `error` when a file cannot be written.
bool write_fits_csv(const std::string& path, const std::vector<ModelFit>& fits,
                    const PeakBound& peak, std::string& error);
bool write_fit_points_csv(const std::string& path, const std::vector<ModelFit>& fits,
                          std::string& error);
// The terminal table: per family and segment the model's parameters with their CIs ("hockney":
// alpha, beta and 1/beta; "loggp": G and L + 2o for point-to-point families), the residual and,
// with a peak, the achieved fraction; a warning under a segment whose slope is not positive (no
// bandwidth follows) or whose intercept is negative (no latency), and one per unfitted family.
std::string fits_table(const SweepFits& sweeps, const std::string& model, const PeakBound& peak,
                       const FitOptions& o);

}  // namespace metron::analysis
