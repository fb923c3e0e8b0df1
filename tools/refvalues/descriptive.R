# Reference values for tests/unit/stats/descriptive_test.cpp (printed as C++ table rows).
# Run from the repository root: Rscript tools/refvalues/descriptive.R
source("tools/refvalues/vectors.R")
rse <- function(x) sd(x) / sqrt(length(x)) / mean(x)
cat("    // n, mean, var, sd, median, min, max, rse, cov: for x = base12[1:n]\n")
cat("    // c(mean(x), var(x), sd(x), median(x), min(x), max(x), sd(x)/sqrt(n)/mean(x), sd(x)/mean(x))\n")
for (n in 1:12) {
  x <- base12[1:n]
  v <- c(mean(x), var(x), sd(x), median(x), min(x), max(x), rse(x), sd(x) / mean(x))
  v[is.na(v)] <- NaN
  cat(sprintf("    {%d, {%s}},\n", n, gsub("NaN", "kNaN", fmt(v))))
}
for (nm in c("ties10", "large2000", "skew200")) {
  x <- get(nm)
  v <- c(mean(x), var(x), sd(x), median(x), min(x), max(x), rse(x), sd(x) / mean(x))
  cat(sprintf("%s: {%s}\n", nm, fmt(v)))
}
# Hoefler & Belli SC15 §3.1.1 HPL example: 100 Gflop per run, times 10, 100, 40 s.
t <- c(10, 100, 40); rates <- 100 / t; rel <- rates / 10
cat(sprintf("HPL mean(t)=%s 100/mean(t)=%s mean(rates)=%s hm(rates)=%s gm(rel)=%s\n", fmt(mean(t)),
            fmt(100 / mean(t)), fmt(mean(rates)), fmt(1 / mean(1 / rates)), fmt(exp(mean(log(rel))))))
