# Reference values of Metron's across-launch value (runtime/analysis/analysis.cpp): the
# Hodges-Lehmann location of the per-launch medians and its signed-rank CI, as R's wilcox.test
# gives them, and the exact coverage of that interval.
# Rscript tests/unit/analysis/analysis_ci_reference.R
show <- function(v) { r <- wilcox.test(v, conf.int = TRUE); print(c(r$estimate, r$conf.int), digits = 10) }
show(c(10, 12, 11, 30, 10.5, 11.5, 12.5, 10.2, 11.8, 10.8))  # analysis_folders_test: 11.3 10.5 20.1
print(1 - 2 * psignrank(qsignrank(0.025, 10) - 1, 10), digits = 10)  # its coverage: 0.951171875
show(c(3, 1, 5, 2, 4))                        # 3 1 5 ([min, max] of 5 values)
print(1 - 2 * psignrank(0, 5))                # coverage of [min, max] of 5: 0.9375
show(c(3, 1, 5, 2, 4, 50))                    # one wild launch: 3.5 1 50 (mean 10.83)
# Two launch modes, 4 then 6 of 10 launches fast: 0.645 then 0.640 (medians 0.745, 0.545)
show(c(0.50, 0.52, 0.53, 0.51, 0.74, 0.76, 0.78, 0.75, 0.77, 0.79))
show(c(0.50, 0.52, 0.53, 0.51, 0.54, 0.55, 0.78, 0.75, 0.77, 0.79))
