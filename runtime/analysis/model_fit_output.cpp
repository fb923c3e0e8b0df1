// fits.csv, fit_points.csv and the fit table (see model_fit.h). Only formats.
#include <fmt/format.h>

#include <array>
#include <cmath>
#include <optional>

#include "runtime/analysis/model_fit.h"
#include "runtime/analysis/number_text.h"
#include "runtime/output/csv_writer.h"
#include "runtime/plan/diagnostics.h"

namespace metron::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string factors_text(const std::vector<std::pair<std::string, std::string>>& kv) {
  std::string out;
  for (const auto& [k, v] : kv) out += (out.empty() ? "" : ";") + k + "=" + v;
  return out;
}

double inverse_mb_s(double beta) {
  return beta > 0 ? 1e-6 / beta : kNaN;
}

// The bandwidth and latency the peak is compared with: LogGP's 1/G and L + 2o for a
// point-to-point family, else 1/beta and alpha.
std::pair<double, double> achieved(const ModelFit& f, const Segment& s) {
  if (auto g = loggp_of(f, s)) return {inverse_mb_s(g->G_s_per_byte), g->L_plus_2o_s};
  return {inverse_mb_s(s.fit.beta), s.fit.alpha};
}

std::string us(double s) {
  return number_text(s * 1e6);
}
std::string num(double v) {
  return number_text(v);
}

}  // namespace

namespace {

constexpr std::array kFitsColumns = {"family",
                                     "block",
                                     "op",
                                     "comm_size",
                                     "factors",
                                     "time_is",
                                     "segment",
                                     "segments",
                                     "from_bytes",
                                     "to_bytes",
                                     "sizes",
                                     "points",
                                     "alpha_s",
                                     "alpha_lo_s",
                                     "alpha_hi_s",
                                     "beta_s_per_byte",
                                     "beta_lo",
                                     "beta_hi",
                                     "inverse_beta_mb_s",
                                     "rel_rmse",
                                     "bic_one",
                                     "bic_two",
                                     "loggp_g_s_per_byte",
                                     "loggp_g_lo",
                                     "loggp_g_hi",
                                     "loggp_l_plus_2o_s",
                                     "loggp_l_plus_2o_lo_s",
                                     "loggp_l_plus_2o_hi_s",
                                     "peak_bandwidth_fraction",
                                     "peak_latency_ratio"};

// The achieved fraction of a peak: NaN without a peak or without a positive achieved value.
double fraction_of(double achieved, double peak) {
  return peak > 0 && achieved > 0 && std::isfinite(achieved) ? achieved / peak : kNaN;
}

void fits_row(out::CsvWriter& w, const ModelFit& f, std::size_t i, const PeakBound& peak) {
  const Segment& s = f.segments[i];
  w.field(f.family).field(f.key.block).field(f.key.op).field(f.key.comm_size);
  w.field(factors_text(f.key.factors)).field(f.time_is);
  w.field(static_cast<std::int64_t>(i + 1)).field(static_cast<std::int64_t>(f.segments.size()));
  w.field(s.from_bytes).field(s.to_bytes).field(static_cast<std::int64_t>(s.sizes));
  w.field(static_cast<std::int64_t>(s.points));
  w.field(s.fit.alpha).field(s.alpha_lo).field(s.alpha_hi);
  w.field(s.fit.beta).field(s.beta_lo).field(s.beta_hi).field(inverse_mb_s(s.fit.beta));
  w.field(s.fit.rel_rmse).field(f.bic_one).field(f.bic_two);
  auto g = loggp_of(f, s);
  for (double v :
       {g ? g->G_s_per_byte : kNaN, g ? g->G_lo : kNaN, g ? g->G_hi : kNaN,
        g ? g->L_plus_2o_s : kNaN, g ? g->L_plus_2o_lo : kNaN, g ? g->L_plus_2o_hi : kNaN})
    w.field(v);
  auto [bw, lat] = achieved(f, s);
  w.field(fraction_of(bw, peak.bandwidth_mb_s));
  w.field(peak.latency_s > 0 ? lat / peak.latency_s : kNaN);
  w.end_row();
}

}  // namespace

bool write_fits_csv(const std::string& path, const std::vector<ModelFit>& fits,
                    const PeakBound& peak, std::string& error) {
  out::CsvWriter w;
  if (!w.open(path)) {
    error = message_text(DiagId::cannot_write_file, path);
    return false;
  }
  w.header(std::vector<std::string>(kFitsColumns.begin(), kFitsColumns.end()));
  for (const auto& f : fits)
    for (std::size_t i = 0; i < f.segments.size(); ++i) fits_row(w, f, i, peak);
  w.flush();
  return true;
}

bool write_fit_points_csv(const std::string& path, const std::vector<ModelFit>& fits,
                          std::string& error) {
  out::CsvWriter w;
  if (!w.open(path)) {
    error = message_text(DiagId::cannot_write_file, path);
    return false;
  }
  w.header({"family", "launch", "bytes", "time_s", "segment", "fitted_s", "rel_residual"});
  for (const auto& f : fits)
    for (const auto& p : f.points)
      for (std::size_t i = 0; i < f.segments.size(); ++i) {
        const Segment& s = f.segments[i];
        if (p.bytes < s.from_bytes || p.bytes > s.to_bytes) continue;
        const double fitted = s.fit.alpha + s.fit.beta * p.bytes;
        w.field(f.family).field(p.launch).field(p.bytes).field(p.time_s);
        w.field(static_cast<std::int64_t>(i + 1))
            .field(fitted)
            .field((p.time_s - fitted) / p.time_s);
        w.end_row();
      }
  w.flush();
  return true;
}

namespace {

// "alpha = 2.1 us [2.0, 2.2], beta = 1.0 ns/B [...] (1/beta = 1000 MB/s)", or LogGP's G and L + 2o.
std::string parameters_text(const ModelFit& f, const Segment& s, bool loggp) {
  if (loggp) {
    const LogGP g = *loggp_of(f, s);
    return fmt::format("G = {} ns/B [{}, {}], L + 2o = {} us [{}, {}]", num(g.G_s_per_byte * 1e9),
                       num(g.G_lo * 1e9), num(g.G_hi * 1e9), us(g.L_plus_2o_s), us(g.L_plus_2o_lo),
                       us(g.L_plus_2o_hi));
  }
  return fmt::format("alpha = {} us [{}, {}], beta = {} ns/B [{}, {}] (1/beta = {} MB/s)",
                     us(s.fit.alpha), us(s.alpha_lo), us(s.alpha_hi), num(s.fit.beta * 1e9),
                     num(s.beta_lo * 1e9), num(s.beta_hi * 1e9), num(inverse_mb_s(s.fit.beta)));
}

// The fractions of the peak that the segment achieves; none where it achieves no bandwidth.
std::string peak_text(const ModelFit& f, const Segment& s, const PeakBound& peak) {
  std::string out;
  auto [bw, lat] = achieved(f, s);
  if (const double frac = fraction_of(bw, peak.bandwidth_mb_s); !std::isnan(frac))
    out += ", " + number_text(100 * frac, {3, false}) + "% of the peak bandwidth";
  if (peak.latency_s > 0)
    out += ", " + number_text(lat / peak.latency_s, kRatioStyle) + "x the peak latency";
  return out;
}

// What the segment's line does not say: no bandwidth from a slope that is not positive, no
// latency from a negative intercept (the time a call takes is never below zero).
std::string segment_warnings(const ModelFit& f, const Segment& s, bool loggp) {
  const auto g = loggp ? loggp_of(f, s) : std::nullopt;
  const double slope = g ? g->G_s_per_byte : s.fit.beta;
  const double intercept = g ? g->L_plus_2o_s : s.fit.alpha;
  const std::string from = fmt::format("{:g}", s.from_bytes), to = fmt::format("{:g}", s.to_bytes);
  std::string out;
  if (!(slope > 0))
    out += message_line(DiagId::fit_slope_not_positive, f.family, from, to, g ? "G" : "beta",
                        num(slope * 1e9)) +
           "\n";
  if (intercept < 0)
    out += message_line(DiagId::fit_intercept_negative, f.family, from, to, g ? "L + 2o" : "alpha",
                        us(intercept)) +
           "\n";
  return out;
}

std::string unfitted_line(const UnfittedFamily& u, const FitOptions& o) {
  if (u.sizes_with_time < o.min_sizes)
    return message_line(DiagId::fit_too_few_times, u.family, u.sizes_with_time, u.sizes,
                        o.min_sizes);
  return message_line(DiagId::fit_times_out_of_range, u.family, num(u.min_time_s),
                      num(u.max_time_s));
}

}  // namespace

std::string fits_table(const SweepFits& sweeps, const std::string& model, const PeakBound& peak,
                       const FitOptions& o) {
  if (sweeps.fits.empty() && sweeps.unfitted.empty())
    return "no size sweep to fit (a family needs 3 sizes)\n";
  const bool loggp = model == "loggp";
  std::string out = fmt::format(
      "{} fits: weighted least squares of T = alpha + beta m on the per-launch medians "
      "(weights 1/T^2), one segment or two split where BIC prefers; {:.0f}% CIs from {} "
      "bootstrap resamples of the launches\n",
      loggp ? "LogGP" : "Hockney", o.ci_level * 100, o.resamples);
  for (const auto& f : sweeps.fits) {
    out += "  " + f.family + "\n";
    std::string warnings;
    for (const auto& s : f.segments) {
      out += fmt::format("    {:g} B to {:g} B ({} sizes): ", s.from_bytes, s.to_bytes, s.sizes);
      if (loggp && !loggp_of(f, s)) {
        out += "LogGP needs a point-to-point time (one way or round trip)\n";
        continue;
      }
      out += parameters_text(f, s, loggp) +
             fmt::format(", residual {:.1f}%", s.fit.rel_rmse * 100) + peak_text(f, s, peak) + "\n";
      warnings += segment_warnings(f, s, loggp);
    }
    out += warnings;
  }
  for (const auto& u : sweeps.unfitted) out += unfitted_line(u, o) + "\n";
  return out;
}

}  // namespace metron::analysis
