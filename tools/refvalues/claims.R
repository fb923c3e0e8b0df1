# Reference values for the claim checks: tests/unit/analysis/claims_test.cpp.
# Run from the repository root: Rscript tools/refvalues/claims.R
g <- function(v) sprintf("%.17g", v)
# Per-launch medians (seconds) of two sides, 6 launches each, no ties: B about 25% slower.
a <- c(100.4, 101.9, 99.8, 100.9, 102.3, 100.1) * 1e-6
b <- c(126.0, 124.2, 127.9, 125.1, 123.8, 129.6) * 1e-6
la <- log(a); lb <- log(b)
p <- function(label, r) cat(sprintf("%s: p = %s\n", label, g(r$p.value)))
cat("# A < B by 10%, independent launches (rank-sum on logs, mu = log(0.9))\n")
p("holds", wilcox.test(la, lb, mu = log(0.9), alternative = "less"))
p("fails", wilcox.test(la, lb, mu = log(0.9), alternative = "greater"))
r <- wilcox.test(la, lb, conf.int = TRUE, conf.level = 0.95)
cat(sprintf("effect = %s, ci = %s %s, level = %s\n", g(exp(r$estimate)), g(exp(r$conf.int[1])),
            g(exp(r$conf.int[2])), g(attr(r$conf.int, "conf.level"))))
cat("# A < B by 10%, paired by launch (signed-rank on log(a) - log(b))\n")
d <- la - lb
p("holds", wilcox.test(d, mu = log(0.9), alternative = "less"))
p("fails", wilcox.test(d, mu = log(0.9), alternative = "greater"))
r <- wilcox.test(d, conf.int = TRUE, conf.level = 0.95)
cat(sprintf("effect = %s, ci = %s %s, level = %s\n", g(exp(r$estimate)), g(exp(r$conf.int[1])),
            g(exp(r$conf.int[2])), g(attr(r$conf.int, "conf.level"))))
cat("# A == 101us within [-5%, 10%] (signed-rank on log(a) - log(101e-6))\n")
d <- la - log(101e-6)
hl <- max(wilcox.test(d, mu = log(0.95), alternative = "greater")$p.value,
          wilcox.test(d, mu = log(1.10), alternative = "less")$p.value)
fl <- min(1, 2 * min(wilcox.test(d, mu = log(0.95), alternative = "less")$p.value,
                     wilcox.test(d, mu = log(1.10), alternative = "greater")$p.value))
cat(sprintf("holds: p = %s\nfails: p = %s\n", g(hl), g(fl)))
cat("# Holm over the holds p-values of the three claims\n")
ph <- c(wilcox.test(la, lb, mu = log(0.9), alternative = "less")$p.value,
        wilcox.test(la - lb, mu = log(0.9), alternative = "less")$p.value, hl)
cat(sprintf("holm = %s\n", paste(g(p.adjust(ph, "holm")), collapse = " ")))
