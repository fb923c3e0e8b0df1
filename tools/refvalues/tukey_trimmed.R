# Reference values for tests/unit/stats/tukey_test.cpp and trimmed_mean_test.cpp.
# Run from the repository root: Rscript tools/refvalues/tukey_trimmed.R
source("tools/refvalues/vectors.R")
tukey <- function(x, k) {
  q <- quantile(x, c(0.25, 0.75), type = 7, names = FALSE)
  lo <- q[1] - k * (q[2] - q[1]); hi <- q[2] + k * (q[2] - q[1])
  c(q, lo, hi, sum(x < lo | x > hi))
}
outl <- c(base12, 30, -20, 25)
for (case in list(list("base12", base12, 1.5), list("outl", outl, 1.5), list("outl", outl, 3),
                  list("skew200", skew200, 1.5), list("skew200", skew200, 3),
                  list("ties10", ties10, 1.5), list("large2000", large2000, 1.5))) {
  cat(sprintf("tukey(%s, k = %g) [q1, q3, lower, upper, removed]: {%s}\n", case[[1]], case[[3]],
              fmt(tukey(case[[2]], case[[3]]))))
}
# SKaMPI interquartile trimmed mean: drop floor(n/4) from each end of the sorted sample.
trimmed <- function(x) {
  n <- length(x); d <- n %/% 4; k <- sort(x)[(d + 1):(n - d)]; m <- length(k)
  c(mean(k), sqrt(abs(sum(k^2) - sum(k)^2 / m) / (m * (m - 1))), m, d)
}
for (n in 1:12) cat(sprintf("trimmed(base12[1:%d]) [mean, se, kept, dropped]: {%s}\n", n,
                            gsub("NaN", "kNaN", fmt(trimmed(base12[1:n])))))
for (nm in c("ties10", "outl", "large2000", "skew200")) {
  cat(sprintf("trimmed(%s): {%s}\n", nm, fmt(trimmed(get(nm)))))
}
