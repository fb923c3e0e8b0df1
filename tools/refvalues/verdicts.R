# Reference values for the verdict statistics: hodges_lehmann_test.cpp, signed_rank_test.cpp,
# p_adjust_test.cpp, equivalence_test.cpp, launch_planner_test.cpp, root_find_test.cpp and
# tests/mpi/analysis_folders_test.cpp.
# Run from the repository root: Rscript tools/refvalues/verdicts.R
source("tools/refvalues/vectors.R")
g <- function(v) sprintf("%.17g", v)
a <- c(1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30)  # no ties within or across
b <- c(0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29)  # ties within b
cc <- c(2.1, 2.9, 3.3, 4.0, 4.4)
large_a <- large2000[1:60]; large_b <- large2000[61:130]
# Per-launch medians (seconds) of two runs 3% apart, 6 launches each, no ties.
ma <- c(101.3, 100.2, 99.7, 100.9, 100.4, 99.9) * 1e-6
mb <- c(103.1, 103.6, 102.8, 103.3, 104.0, 102.9) * 1e-6
hl <- function(label, x, y, ...) {
  for (alt in c("two.sided", "less", "greater")) {
    r <- suppressWarnings(wilcox.test(x, y, alternative = alt, conf.int = TRUE, ...))
    cat(sprintf("wilcox.test(%s, alternative = \"%s\", conf.int = TRUE): est = %s, ci = {%s}, level = %s, p = %s\n",
                label, alt, g(r$estimate), fmt(r$conf.int), g(attr(r$conf.int, "conf.level")), g(r$p.value)))
  }
}
cat("# Hodges-Lehmann shift (two samples)\n")
hl("a, cc", a, cc)
hl("a, cc, conf.level = 0.9", a, cc, conf.level = 0.9)
hl("a, cc, conf.level = 0.999", a, cc, conf.level = 0.999)
hl("a, b", a, b)
hl("a, b, correct = FALSE", a, b, correct = FALSE)
hl("a, cc, exact = FALSE", a, cc, exact = FALSE)
hl("large_a, large_b", large_a, large_b)
hl("ties10, base12", ties10, base12)
hl("c(1, 2, 3), c(4, 5, 6)", c(1, 2, 3), c(4, 5, 6))
hl("mb, ma", mb, ma)
cat("# Hodges-Lehmann ratio: exp of the shift of the logs\n")
hl("log(mb), log(ma)", log(mb), log(ma))
hl("log(a), log(cc)", log(a), log(cc))
hl("log(ties10), log(base12)", log(ties10), log(base12))
cat("# signed-rank (one sample of differences; paired)\n")
sr <- function(label, x, ...) {
  for (alt in c("two.sided", "less", "greater")) {
    r <- suppressWarnings(wilcox.test(x, alternative = alt, conf.int = TRUE, ...))
    cat(sprintf("wilcox.test(%s, alternative = \"%s\", conf.int = TRUE): V = %s, p = %s, est = %s, ci = {%s}, level = %s\n",
                label, alt, g(r$statistic), g(r$p.value), g(r$estimate), fmt(r$conf.int),
                g(attr(r$conf.int, "conf.level"))))
  }
}
sr("a - b", a - b)
sr("a - b, mu = 0.2", a - b, mu = 0.2)
sr("base12[1:10] - 5", base12[1:10] - 5)
sr("ties10 - 4", ties10 - 4)
sr("ties10 - 4, correct = FALSE", ties10 - 4, correct = FALSE)
sr("large_a - large_b[1:60]", large_a - large_b[1:60])
sr("c(1, 2, 3)", c(1, 2, 3))
sr("a - b, conf.level = 0.8", a - b, conf.level = 0.8)
sr("log(mb) - log(ma)", log(mb) - log(ma))
cat("# p.adjust\n")
p <- c(0.01, 0.04, 0.03, 0.005, 0.5, 0.04, NA, 0.2)
cat(sprintf("p.adjust(p, \"holm\") = {%s}\n", fmt(p.adjust(p, "holm"))))
cat(sprintf("p.adjust(p, \"BH\") = {%s}\n", fmt(p.adjust(p, "BH"))))
p2 <- c(0.9, 0.0001, 0.02, 0.02, 0.3)
cat(sprintf("p.adjust(p2, \"holm\") = {%s}\n", fmt(p.adjust(p2, "holm"))))
cat(sprintf("p.adjust(p2, \"BH\") = {%s}\n", fmt(p.adjust(p2, "BH"))))
cat("# TOST on log values, margin 5%\n")
tost <- function(label, x, y, m, paired = FALSE) {
  lo <- suppressWarnings(wilcox.test(log(x), log(y), mu = log(1 - m), alternative = "greater", paired = paired))$p.value
  hi <- suppressWarnings(wilcox.test(log(x), log(y), mu = log(1 + m), alternative = "less", paired = paired))$p.value
  cat(sprintf("tost(%s, margin = %s, paired = %s): p_lower = %s, p_upper = %s, p = %s\n", label, m, paired, g(lo), g(hi), g(max(lo, hi))))
}
tost("mb, ma", mb, ma, 0.05)
tost("mb, ma", mb, ma, 0.02)
tost("ma * 1.001, ma", ma * 1.001, ma, 0.05)
tost("cc, a", cc, a, 0.5)
tost("large_b[1:60], large_a", large_b[1:60], large_a, 0.05)
tost("mb, ma", mb, ma, 0.05, paired = TRUE)
tost("large_b[1:60], large_a", large_b[1:60], large_a, 0.05, paired = TRUE)
cat("# launch planner: normal approximation on log scale (launch_planner.h)\n")
plan_detect <- function(s, delta, alpha, power, paired) {
  k <- if (paired) 1 else 2
  floor_n <- 1; repeat { pmin <- if (paired) 0.5^floor_n else 1 / choose(2 * floor_n, floor_n); if (2 * pmin <= alpha) break; floor_n <- floor_n + 1 }
  e <- abs(log1p(delta)); z <- qnorm(alpha / 2, lower.tail = FALSE)
  for (n in floor_n:100000) { se <- s * sqrt(k / n) * sqrt(pi / 3)
    if (pnorm(e / se - z) + pnorm(-e / se - z) >= power) return(n) }
}
plan_equiv <- function(s, m, theta, alpha, power, paired) {
  k <- if (paired) 1 else 2
  floor_n <- 1; repeat { pmin <- if (paired) 0.5^floor_n else 1 / choose(2 * floor_n, floor_n); if (pmin <= alpha) break; floor_n <- floor_n + 1 }
  lo <- log1p(-m); hi <- log1p(m); z <- qnorm(alpha, lower.tail = FALSE)
  for (n in floor_n:100000) { se <- s * sqrt(k / n) * sqrt(pi / 3)
    if (max(0, pnorm((hi - theta) / se - z) + pnorm((theta - lo) / se - z) - 1) >= power) return(n) }
}
cat(sprintf("plan_detect(s = 0.03, delta = 0.02, alpha = 0.05, power = 0.8) = %d\n", plan_detect(0.03, 0.02, 0.05, 0.8, FALSE)))
cat(sprintf("plan_detect(s = 0.03, delta = -0.02, alpha = 0.05, power = 0.8) = %d\n", plan_detect(0.03, -0.02, 0.05, 0.8, FALSE)))
cat(sprintf("plan_detect(s = 0.03, delta = 0.02, alpha = 0.05, power = 0.8, paired) = %d\n", plan_detect(0.03, 0.02, 0.05, 0.8, TRUE)))
cat(sprintf("plan_detect(s = 0.01, delta = 0.05, alpha = 0.001, power = 0.9) = %d\n", plan_detect(0.01, 0.05, 0.001, 0.9, FALSE)))
cat(sprintf("plan_detect(s = 0.03, delta = 0.03, alpha = 0.05, power = 0.8) = %d\n", plan_detect(0.03, 0.03, 0.05, 0.8, FALSE)))
cat(sprintf("plan_detect(s = 0.001, delta = 0.03, alpha = 0.05, power = 0.8) = %d\n", plan_detect(0.001, 0.03, 0.05, 0.8, FALSE)))
cat(sprintf("plan_equiv(s = 0.03, m = 0.05, theta = 0, alpha = 0.05, power = 0.8) = %d\n", plan_equiv(0.03, 0.05, 0, 0.05, 0.8, FALSE)))
cat(sprintf("plan_equiv(s = 0.03, m = 0.05, theta = 0.02, alpha = 0.05, power = 0.8) = %d\n", plan_equiv(0.03, 0.05, 0.02, 0.05, 0.8, FALSE)))
cat(sprintf("plan_equiv(s = 0.03, m = 0.05, theta = -0.02, alpha = 0.05, power = 0.9, paired) = %d\n", plan_equiv(0.03, 0.05, -0.02, 0.05, 0.9, TRUE)))
cat(sprintf("plan_equiv(s = 0.005, m = 0.05, theta = 0.001, alpha = 0.05, power = 0.8) = %d\n", plan_equiv(0.005, 0.05, 0.001, 0.05, 0.8, FALSE)))
s_pooled <- sqrt(((length(ma) - 1) * var(log(ma)) + (length(mb) - 1) * var(log(mb))) / (length(ma) + length(mb) - 2))
cat(sprintf("pooled sd of log(ma), log(mb) = %s\n", g(s_pooled)))
cat(sprintf("sd(log(mb) - log(ma)) = %s\n", g(sd(log(mb) - log(ma)))))
cat(sprintf("qwilcox(0.025, 9, 5) = %s, qwilcox(0.975, 9, 5) = %s, qwilcox(0.05, 3, 3) = %s, pwilcox(0, 3, 3) = %s\n",
            qwilcox(0.025, 9, 5), qwilcox(0.975, 9, 5), qwilcox(0.05, 3, 3), g(pwilcox(0, 3, 3))))
cat("# tests/mpi/analysis_folders_test.cpp: hand-made folders (per-launch medians in us)\n")
fa <- c(100.2, 100.1, 100.4, 100.3, 100.0); fb <- c(110.1, 110.4, 110.0, 110.3, 110.2)
ka <- c(50, 51, 52, 53, 54); kb <- c(50.5, 51.5, 52.5, 53.5, 54.5)
for (v in list(list("log(fb), log(fa)", fb, fa), list("log(kb), log(ka)", kb, ka))) {
  r <- wilcox.test(log(v[[2]]), log(v[[3]]), conf.int = TRUE)
  cat(sprintf("exp(wilcox.test(%s, conf.int = TRUE)): ratio = %s, ci = {%s}, p = %s\n", v[[1]],
              g(exp(r$estimate)), fmt(exp(r$conf.int)), g(r$p.value)))
}
p2 <- c(wilcox.test(fa, fb)$p.value, wilcox.test(ka, kb)$p.value)
cat(sprintf("p.adjust(two-sided p of (fa, fb), (ka, kb), \"holm\") = {%s}\n", fmt(p.adjust(p2, "holm"))))
lo <- suppressWarnings(wilcox.test(log(kb), log(ka), mu = log(0.95), alternative = "greater"))$p.value
hi <- suppressWarnings(wilcox.test(log(kb), log(ka), mu = log(1.05), alternative = "less"))$p.value
cat(sprintf("tost(kb, ka, margin = 0.05) = %s\n", g(max(lo, hi))))
for (v in list(list("fa, fa", fa), list("ka, ka", ka))) {
  lo <- suppressWarnings(wilcox.test(log(v[[2]]), log(v[[2]]), mu = log(0.95), alternative = "greater"))$p.value
  hi <- suppressWarnings(wilcox.test(log(v[[2]]), log(v[[2]]), mu = log(1.05), alternative = "less"))$p.value
  cat(sprintf("tost(%s, margin = 0.05) = %s\n", v[[1]], g(max(lo, hi))))
}
cat("# root_find_test.cpp: R's uniroot\n")
u <- uniroot(function(x) x^2 - 2, c(0, 2), tol = 1e-4)
cat(sprintf("uniroot(x^2 - 2, c(0, 2), tol = 1e-4): root = %s, iter = %d\n", g(u$root), u$iter))
u <- uniroot(function(x) cos(x) - x, c(-1, 3), tol = 1e-10)
cat(sprintf("uniroot(cos(x) - x, c(-1, 3), tol = 1e-10): root = %s, iter = %d\n", g(u$root), u$iter))
u <- uniroot(function(x) ifelse(x < 0.3, 1, -1), c(0, 1), tol = 1e-4)
cat(sprintf("uniroot(step at 0.3, c(0, 1), tol = 1e-4): root = %s, iter = %d\n", g(u$root), u$iter))
