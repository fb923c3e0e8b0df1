# Reference values for the hypothesis tests: wilcoxon_test.cpp, shapiro_wilk_test.cpp,
# kruskal_wallis_test.cpp.
# Run from the repository root: Rscript tools/refvalues/tests.R
source("tools/refvalues/vectors.R")
g <- function(v) sprintf("%.17g", v)
a <- c(1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30)  # no ties within or across
b <- c(0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29)  # ties within b
cc <- c(2.1, 2.9, 3.3, 4.0, 4.4)
large_a <- large2000[1:60]; large_b <- large2000[61:130]
wil <- function(label, x, y, ...) {
  for (alt in c("two.sided", "less", "greater")) {
    r <- suppressWarnings(wilcox.test(x, y, alternative = alt, ...))
    cat(sprintf("wilcox.test(%s, alternative = \"%s\"): W = %s, p = %s\n", label, alt, g(r$statistic), g(r$p.value)))
  }
}
wil("a, cc", a, cc)
wil("a, b", a, b)
wil("a, b, correct = FALSE", a, b, correct = FALSE)
wil("a, cc, exact = FALSE", a, cc, exact = FALSE)
wil("a, cc, mu = 1", a, cc, mu = 1)
wil("large_a, large_b", large_a, large_b)
wil("ties10, base12", ties10, base12)
wil("c(1), c(2)", 1, 2)
wil("c(5,5,5), c(5,5)", c(5, 5, 5), c(5, 5))
wil("1:49, 50:98", 1:49, 50:98)
wil("skew200[1:30], skew200[31:75]", skew200[1:30], skew200[31:75])
sw <- function(label, x) {
  r <- shapiro.test(x)
  cat(sprintf("shapiro.test(%s): W = %s, p = %s\n", label, g(r$statistic), g(r$p.value)))
}
for (n in 3:12) sw(sprintf("base12[1:%d]", n), base12[1:n])
sw("ties10", ties10)
sw("c(1, 2, 4)", c(1, 2, 4))
sw("c(1, 1, 2)", c(1, 1, 2))
sw("c(1, 1, 1, 1, 100)", c(1, 1, 1, 1, 100))
sw("normal50", normal50)
sw("skew200", skew200)
sw("large2000", large2000)
sw("exp(large2000 / 20)", exp(large2000 / 20))
sw("sin(1:5000)", sin(1:5000))
kw <- function(label, l) {
  r <- kruskal.test(l)
  cat(sprintf("kruskal.test(%s): H = %s, df = %s, p = %s\n", label, g(r$statistic), g(r$parameter), g(r$p.value)))
}
kw("list(1:3, 4:6, 7:9)", list(1:3, 4:6, 7:9))
kw("list(a, b, cc)", list(a, b, cc))
kw("list(ties10, base12)", list(ties10, base12))
kw("list(large2000[1:500], large2000[501:1000], large2000[1001:2000])", list(large2000[1:500], large2000[501:1000], large2000[1001:2000]))
kw("list(c(1, 1), c(1, 2), c(2, 2, 2))", list(c(1, 1), c(1, 2), c(2, 2, 2)))
kw("list(c(3, 1, 2), c(2, 3, 1))", list(c(3, 1, 2), c(2, 3, 1)))
