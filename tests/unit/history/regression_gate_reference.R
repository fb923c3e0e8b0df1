# Reference values for tests/unit/history/regression_gate_test.cpp: the latest run's launches x
# against the baseline's y, both one-sided rank-sum tests on log values with the margin as the
# shift under H0, and the Hodges-Lehmann ratio with its 95% CI.
# Run: Rscript tests/unit/history/regression_gate_reference.R
options(digits = 17)
gate <- function(x, y, margin = 0.05) {
  slower <- wilcox.test(log(x), log(y), mu = log1p(margin), alternative = "greater")$p.value
  within <- wilcox.test(log(x), log(y), mu = log1p(margin), alternative = "less")$p.value
  hl <- wilcox.test(log(x), log(y), conf.int = TRUE)
  cat(sprintf("p_slower = %.17g, p_within = %.17g, ratio = %.17g [%.17g, %.17g]\n", slower,
              within, exp(hl$estimate), exp(hl$conf.int[1]), exp(hl$conf.int[2])))
}
base <- c(10.0, 10.2, 9.9, 10.1, 10.05, 9.95, 10.15, 9.85, 10.12)
gate(c(12.0, 12.3, 11.9), base)      # 20% slower: a regression
gate(c(10.02, 9.97, 10.08), base)    # the same: no regression
gate(c(10.4, 10.6, 10.3), base)      # 4% slower, near the margin: neither test rejects
