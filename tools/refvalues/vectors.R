# Fixed test vectors shared by the reference scripts; tests/unit/stats/ref_vectors.h holds the
# same vectors for the C++ tests. No RNG: everything is a literal or a closed formula, so R and
# C++ (both calling the C library's sin/exp) produce the same doubles.
base12 <- c(5.3, 1.7, 8.2, 3.3, 9.9, 2.4, 7.1, 4.6, 6.8, 0.5, 5.3, 3.3)
ties10 <- c(1, 2, 2, 3, 3, 3, 4, 7, 7, 10)
# 2000 values, smooth plus a sawtooth: large_i = 100 + 10 sin(0.37 i) + 0.5 (i mod 17) + 0.001 i
large2000 <- sapply(1:2000, function(i) 100 + 10 * sin(0.37 * i) + 0.5 * (i %% 17) + 0.001 * i)
# Right-skewed (log-normal-like) series: skew_i = exp(1.5 sin(1.3 i)), i = 1..200
skew200 <- sapply(1:200, function(i) exp(1.5 * sin(1.3 * i)))
# 50 normal scores in a scrambled order: qnorm((k - 0.5) / 50), k = (7 i mod 50) + 1
normal50 <- sapply(0:49, function(i) qnorm(((7 * i) %% 50 + 1 - 0.5) / 50))
fmt <- function(v) paste(sprintf("%.17g", v), collapse = ", ")
