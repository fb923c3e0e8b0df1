# Reference values for tests/unit/stats/mean_ci_test.cpp and median_ci_test.cpp.
# Run from the repository root: Rscript tools/refvalues/ci.R
source("tools/refvalues/vectors.R")
cat("# t.test(x, conf.level = L)$conf.int\n")
for (n in 2:12) cat(sprintf("t.test(base12[1:%d])$conf.int: {%s}\n", n, fmt(t.test(base12[1:n])$conf.int)))
cat(sprintf("t.test(ties10, conf.level = 0.9)$conf.int: {%s}\n", fmt(t.test(ties10, conf.level = 0.9)$conf.int)))
cat(sprintf("t.test(ties10, conf.level = 0.99)$conf.int: {%s}\n", fmt(t.test(ties10, conf.level = 0.99)$conf.int)))
cat(sprintf("t.test(large2000)$conf.int: {%s}\n", fmt(t.test(large2000)$conf.int)))
for (L in c(0.9, 0.95, 0.99)) {
  cat(sprintf("qt(1 - (1 - %g) / 2, c(1, 4, 9, 19, 29, 99, 999)): {%s}\n", L,
              fmt(qt(1 - (1 - L) / 2, c(1, 4, 9, 19, 29, 99, 999)))))
}
cat(sprintf("qnorm(c(0.95, 0.975, 0.995)): {%s}\n", fmt(qnorm(c(0.95, 0.975, 0.995)))))

# Order-statistic CIs. Le Boudec: l = floor(nq - z sqrt(nq(1-q))), u = ceil(1 + nq + z sqrt(nq(1-q))).
leboudec <- function(n, q, L) {
  z <- qnorm(1 - (1 - L) / 2); s <- z * sqrt(n * q * (1 - q))
  c(floor(n * q - s), ceiling(1 + n * q + s))
}
# Exact equal-tailed ranks: l = max{l : P(B <= l-1) <= a/2}, u = min{u : P(B >= u) <= a/2}.
exact <- function(n, q, L) {
  a <- (1 - L) / 2; k <- 0:(n - 1)
  lk <- k[pbinom(k, n, q) <= a]; uk <- k[pbinom(k, n, q, lower.tail = FALSE) <= a]
  c(if (length(lk)) max(lk) + 1 else NA, if (length(uk)) min(uk) + 1 else NA)
}
coverage <- function(n, q, r) pbinom(r[2] - 1, n, q) - pbinom(r[1] - 1, n, q)
cat("# Hoefler & Belli SC15 §3.1.3 table, recomputed: n, Le Boudec ranks at 90/95/99 %, coverage at 95 %\n")
for (n in c(6, 7, 8, 10, 11, 20, 30, 50, 100, 200, 1000, 10000, 1e6)) {
  r <- sapply(c(0.9, 0.95, 0.99), function(L) leboudec(n, 0.5, L))
  cv <- if (n <= 10000) coverage(n, 0.5, r[, 2]) else NaN
  cat(sprintf("{%d, {%d, %d}, {%d, %d}, {%d, %d}, %s},\n", n, r[1, 1], r[2, 1], r[1, 2], r[2, 2],
              r[1, 3], r[2, 3], sprintf("%.17g", cv)))
}
cat("# exact ranks for the median: n, l, u at 95 %, coverage\n")
for (n in c(5, 6, 7, 8, 9, 10, 11, 12, 20, 50, 100)) {
  r <- exact(n, 0.5, 0.95)
  cat(sprintf("{%d, %s, %s, %s},  // exact(%d, 0.5, 0.95)\n", n, r[1], r[2],
              if (any(is.na(r))) "kNaN" else sprintf("%.17g", coverage(n, 0.5, r)), n))
}
cat("# exact ranks at 90 / 99 % and other quantiles\n")
for (case in list(c(100, 0.5, 0.9), c(100, 0.5, 0.99), c(30, 0.9, 0.95), c(200, 0.95, 0.95),
                  c(2000, 0.99, 0.95), c(20, 0.25, 0.9), c(59, 0.95, 0.95), c(58, 0.95, 0.95))) {
  r <- exact(case[1], case[2], case[3])
  cat(sprintf("exact(%g, %g, %g) = {%s, %s} coverage %s\n", case[1], case[2], case[3], r[1], r[2],
              if (any(is.na(r))) "NA" else sprintf("%.17g", coverage(case[1], case[2], r))))
}
s12 <- sort(base12)
cat(sprintf("sort(base12): {%s}\n", fmt(s12)))
s <- sort(large2000)
for (q in c(0.5, 0.9, 0.99)) {
  n <- 2000
  r <- if (n <= 100 || n * q * (1 - q) <= 25) exact(n, q, 0.95) else leboudec(n, q, 0.95)
  cat(sprintf("large2000 q=%g: ranks {%d, %d}, bounds {%s}, estimate %s, coverage %s\n", q, r[1], r[2],
              fmt(s[r]), sprintf("%.17g", quantile(large2000, q, names = FALSE)),
              sprintf("%.17g", coverage(n, q, r))))
}
