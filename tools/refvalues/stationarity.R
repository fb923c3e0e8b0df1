# Reference values for tests/unit/stats/mser_test.cpp and mann_kendall_test.cpp, and the
# non-finite edge cases of cov_window_test.cpp, shapiro_wilk_test.cpp and wilcoxon_test.cpp.
# MSER-m is written from its definition (White 1997; runtime/stats/mser.h); the Mann-Kendall
# test is R's Kendall test against the time index.
# Run from the repository root: Rscript tools/refvalues/stationarity.R
mser <- function(x, m = 5, f = mean) {
  k <- length(x) %/% m
  z <- apply(matrix(x[1:(k * m)], nrow = m), 2, f)
  stat <- sapply(0:(k - 2), function(d) { kept <- z[(d + 1):k]; sum((kept - mean(kept))^2) / (k - d)^2 })
  d_all <- which.min(stat) - 1
  d <- which.min(stat[1:(k %/% 2 + 1)]) - 1              # argmin over the first half
  c(k = k, d = d, truncate = d * m, stat = stat[d + 1], settled = as.integer(2 * d_all <= k))
}
trans <- c(rep(10, 20), 1 + (1:80 %% 7) / 10)            # 20 slow, then a steady pattern
steady <- 1 + ((1:60 * 37) %% 11) / 10                    # no transient
late <- c(1 + (1:40 %% 3) / 10, rep(5, 20))               # shifts late: not settled
# spiky: 20 slow, then steady with single huge values late (a descheduled call)
spiky <- c(rep(10, 20), 1 + (1:80 %% 7) / 10); spiky[c(61, 83)] <- 200
for (nm in c("trans", "steady", "late", "spiky")) {
  for (f in c("mean", "median")) {
    r <- mser(get(nm), 5, get(f))
    cat(sprintf("mser(%s, %s): k = %d, d = %d, truncate = %d, stat = %.17g, settled = %d\n", nm, f,
                r[["k"]], r[["d"]], r[["truncate"]], r[["stat"]], r[["settled"]]))
  }
}
mk <- function(x) cor.test(x, seq_along(x), method = "kendall", exact = FALSE, continuity = TRUE)
a <- c(5, 3, 8, 1, 9, 2, 7)
rising <- (1:30) + ((1:30 * 7) %% 5)                      # trend with ties
falling <- 100 - (1:50) * 0.5 + ((1:50 * 13) %% 9)        # trend down, with ties
flat <- (1:40 * 17) %% 13                                 # no trend, many ties
for (nm in c("a", "rising", "falling", "flat")) {
  t <- mk(get(nm))
  cat(sprintf("mk(%s): z = %.17g, p = %.17g\n", nm, t$statistic, t$p.value))
}
# cov_mean / cov_median with an infinite value (tukey_keep and the windows as cov_window.R).
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
minf <- c(-Inf, 1 + (1:19 %% 5) / 10)
cat(sprintf("cov_mean(minf, 4) = %.17g, cov_median(minf, 4) = %.17g\n", cov_mean(minf, 4), cov_median(minf, 4)))
pinf <- c(1 + (1:19 %% 5) / 10, Inf)
cat(sprintf("cov_mean(pinf, 3) = %.17g, cov_median(pinf, 3) = %.17g\n", cov_mean(pinf, 3), cov_median(pinf, 3)))
print(shapiro.test(c(1, 2, 3, 4, Inf))$statistic)          # W = NaN, p NA
print(tryCatch(wilcox.test(c(1, 2, 3), mu = NaN), error = function(e) conditionMessage(e)))
print(tryCatch(wilcox.test(c(1, 2, 3), mu = Inf), error = function(e) conditionMessage(e)))
print(wilcox.test(c(1, 2, 3, Inf), c(4, 5, 6))$p.value)   # 0.4
