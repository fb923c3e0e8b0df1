// fits.csv, fit_points.csv and the fit table (see model_fit.h). Only formats.
#include <fmt/format.h>

#include <cmath>

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

bool write_fits_csv(const std::string& path, const std::vector<ModelFit>& fits,
                    const PeakBound& peak, std::string& error) {
  out::CsvWriter w;
  if (!w.open(path)) {
    error = message_text(DiagId::cannot_write_file, path);
    return false;
  }
  w.header({"family",
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
            "peak_latency_ratio"});
  for (const auto& f : fits)
    for (std::size_t i = 0; i < f.segments.size(); ++i) {
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
      w.field(peak.bandwidth_mb_s > 0 ? bw / peak.bandwidth_mb_s : kNaN);
      w.field(peak.latency_s > 0 ? lat / peak.latency_s : kNaN);
      w.end_row();
    }
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

std::string fits_table(const std::vector<ModelFit>& fits, const std::string& model,
                       const PeakBound& peak, const FitOptions& o) {
  if (fits.empty()) return "no size sweep to fit (a family needs 3 sizes)\n";
  const bool loggp = model == "loggp";
  std::string out = fmt::format(
      "{} fits: weighted least squares of T = alpha + beta m on the per-launch medians "
      "(weights 1/T^2), one segment or two split where BIC prefers; {:.0f}% CIs from {} "
      "bootstrap resamples of the launches\n",
      loggp ? "LogGP" : "Hockney", o.ci_level * 100, o.resamples);
  for (const auto& f : fits) {
    out += "  " + f.family + "\n";
    for (const auto& s : f.segments) {
      out += fmt::format("    {:g} B to {:g} B ({} sizes): ", s.from_bytes, s.to_bytes, s.sizes);
      auto g = loggp_of(f, s);
      if (loggp && !g) {
        out += "LogGP needs a point-to-point time (one way or round trip)\n";
        continue;
      }
      if (loggp)
        out += fmt::format("G = {} ns/B [{}, {}], L + 2o = {} us [{}, {}]",
                           num(g->G_s_per_byte * 1e9), num(g->G_lo * 1e9), num(g->G_hi * 1e9),
                           us(g->L_plus_2o_s), us(g->L_plus_2o_lo), us(g->L_plus_2o_hi));
      else
        out +=
            fmt::format("alpha = {} us [{}, {}], beta = {} ns/B [{}, {}] (1/beta = {} MB/s)",
                        us(s.fit.alpha), us(s.alpha_lo), us(s.alpha_hi), num(s.fit.beta * 1e9),
                        num(s.beta_lo * 1e9), num(s.beta_hi * 1e9), num(inverse_mb_s(s.fit.beta)));
      out += fmt::format(", residual {:.1f}%", s.fit.rel_rmse * 100);
      auto [bw, lat] = achieved(f, s);
      if (peak.bandwidth_mb_s > 0)
        out += fmt::format(", {:.0f}% of the peak bandwidth", 100 * bw / peak.bandwidth_mb_s);
      if (peak.latency_s > 0)
        out += fmt::format(", {:.2f}x the peak latency", lat / peak.latency_s);
      out += "\n";
    }
  }
  return out;
}

}  // namespace metron::analysis
