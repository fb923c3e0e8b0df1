# Reference values for tests/unit/stats/quantile_test.cpp (printed as C++ table rows).
# Run from the repository root: Rscript tools/refvalues/quantile.R
source("tools/refvalues/vectors.R")
ps <- c(0, 0.1, 0.25, 0.5, 0.75, 0.9, 1)
cat("// ps = c(0, 0.1, 0.25, 0.5, 0.75, 0.9, 1)\n")
for (n in 1:12) {
  for (type in 1:9) {
    cat(sprintf("    // quantile(base12[1:%d], ps, type = %d)\n    {%d, %d, {%s}},\n", n, type,
                n, type, fmt(quantile(base12[1:n], ps, type = type, names = FALSE))))
  }
}
for (type in c(1, 6, 7)) {
  cat(sprintf("    // quantile(ties10, ps, type = %d)\n    {%d, {%s}},\n", type, type,
              fmt(quantile(ties10, ps, type = type, names = FALSE))))
}
cat(sprintf("large2000 type 7 (.01,.25,.5,.75,.99): {%s}\n", fmt(quantile(large2000, c(.01, .25, .5, .75, .99), type = 7, names = FALSE))))
cat(sprintf("large2000 type 6 (.01,.5,.99): {%s}\n", fmt(quantile(large2000, c(.01, .5, .99), type = 6, names = FALSE))))
cat(sprintf("large2000 type 1 (.01,.5,.99): {%s}\n", fmt(quantile(large2000, c(.01, .5, .99), type = 1, names = FALSE))))
cat(sprintf("1:30 p = 0.1 types 1..9: {%s}\n", fmt(sapply(1:9, function(t) quantile(1:30, 0.1, type = t, names = FALSE)))))
