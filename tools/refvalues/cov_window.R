# Reference values for tests/unit/stats/cov_window_test.cpp: ReproMPI's cov_mean(w),
# cov_median(w) and filtered rse, written from their definition (cov_window.h).
# Run from the repository root: Rscript tools/refvalues/cov_window.R
source("tools/refvalues/vectors.R")
tukey_keep <- function(x) {
  q <- quantile(x, c(0.25, 0.75), type = 7, names = FALSE)
  x[x >= q[1] - 1.5 * (q[2] - q[1]) & x <= q[2] + 1.5 * (q[2] - q[1])]
}
win_est <- function(x, w, f) sapply(0:(w - 1), function(i) f(x[1:(length(x) - i)]))
cov_mean <- function(x, w) {
  m <- win_est(x, w, function(p) mean(if (length(p) > 10) tukey_keep(p) else p))
  sd(m) / mean(m)
}
cov_median <- function(x, w) { m <- win_est(x, w, median); sd(m) / mean(m) }
rse_f <- function(x) { k <- if (length(x) > 10) tukey_keep(x) else x; sd(k) / sqrt(length(k)) / mean(k) }
outl <- c(base12, 30, -20, 25)
for (case in list(list("base12", base12, 2), list("base12", base12, 5), list("base12", base12, 12),
                  list("outl", outl, 3), list("outl", outl, 6), list("ties10", ties10, 4),
                  list("large2000", large2000, 10), list("large2000", large2000, 50),
                  list("skew200", skew200, 20))) {
  x <- case[[2]]; w <- case[[3]]
  cat(sprintf("    {\"%s\", %d, %s, %s},  // cov_mean(%s, %d), cov_median(%s, %d)\n", case[[1]], w,
              sprintf("%.17g", cov_mean(x, w)), sprintf("%.17g", cov_median(x, w)), case[[1]], w,
              case[[1]], w))
}
for (nm in c("base12", "outl", "ties10", "large2000", "skew200")) {
  cat(sprintf("rse_f(%s) = %s\n", nm, sprintf("%.17g", rse_f(get(nm)))))
}
cat(sprintf("rse_f(base12[1:10]) = %s (no filter at n <= 10)\n", sprintf("%.17g", rse_f(base12[1:10]))))
