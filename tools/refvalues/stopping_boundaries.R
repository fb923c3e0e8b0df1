# Reference values for tests/unit/adapt/stopping_boundary_test.cpp (small-n mean CIs of a stop
# rule and the exact median ranks it relies on). Run from the repository root:
#   Rscript tools/refvalues/stopping_boundaries.R
p <- function(label, v) cat(sprintf("%s: {%s}\n", label, paste(sprintf("%.15g", v), collapse = ", ")))
p("t.test(c(1, 2, 3, 4, 5))$conf.int", t.test(c(1, 2, 3, 4, 5))$conf.int)
p("t.test(c(2.1, 2.5, 2.2, 3.9, 2.4, 2.3), conf.level = 0.9)$conf.int",
  t.test(c(2.1, 2.5, 2.2, 3.9, 2.4, 2.3), conf.level = 0.9)$conf.int)
# Exact 95 % ranks of the median for n = 11: the largest l with P(X < l) <= 0.025 and its mirror.
p("exact median ranks n = 11 (lower, upper)", c(qbinom(0.025, 11, 0.5), 11 + 1 - qbinom(0.025, 11, 0.5)))
# tests/unit/stats/wilcoxon_boundary_test.cpp: exact below 50 values per sample, normal from 50.
x <- 1:50; y <- (1:50) + 25.5
p("wilcox.test(1:50, (1:50) + 25.5)$p.value (normal)", wilcox.test(x, y)$p.value)
p("wilcox.test(1:49, (1:49) + 25.5)$p.value (exact)", wilcox.test(x[1:49], y[1:49])$p.value)
