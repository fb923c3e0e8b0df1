# Reference values for tests/mpi/analysis_samples_test.cpp: the normality note and the
# heterogeneity test that `metron analyze` computes from the launches' samples.
# Run from the repository root: Rscript tools/refvalues/analysis_samples.R
source("tools/refvalues/vectors.R")
g <- function(v) sprintf("%.17g", v)
# Job 0: launch 0 measured base12, launch 1 ties10, launch 2 skew200 (after dropping invalid and
# truncated rows).
p0 <- shapiro.test(base12)$p.value
p1 <- shapiro.test(ties10)$p.value
p2 <- shapiro.test(skew200)$p.value
cat(sprintf("shapiro p per launch: %s %s %s\n", g(p0), g(p1), g(p2)))
cat(sprintf("shapiro_p = median(c(p0, p1, p2)) = %s; normal_launches = %d\n",
            g(median(c(p0, p1, p2))), sum(c(p0, p1, p2) >= 0.05)))
kw <- kruskal.test(list(base12, ties10, skew200))
cat(sprintf("kruskal_p(base12, ties10, skew200) = %s (H = %s)\n", g(kw$p.value), g(kw$statistic)))
# Job 1: two observations per launch, too few for Shapiro-Wilk.
kw <- kruskal.test(list(c(1, 2), c(3, 4), c(5, 6)))
cat(sprintf("kruskal_p(c(1, 2), c(3, 4), c(5, 6)) = %s (H = %s)\n", g(kw$p.value), g(kw$statistic)))
