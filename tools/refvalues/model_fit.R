# Reference values for tests/unit/analysis/model_fit_test.cpp: Hockney fits T = alpha + beta m by
# weighted least squares with weights 1/T^2 (R's lm with weights), one segment and the best
# two-segment split, and the BIC that chooses between them (n log(WSSE/n) + k log n, k = 2 or 5).
# The data: a two-protocol curve (eager: 2 us + 1 ns/B up to 1 KiB; rendezvous: 8 us + 0.5 ns/B
# from 4 KiB), three launches with fixed relative perturbations (no RNG).
m <- c(1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144)
truth <- ifelse(m <= 1024, 2e-6 + 1e-9 * m, 8e-6 + 0.5e-9 * m)
d <- do.call(rbind, lapply(0:2, function(l) {
  i <- seq_along(m)
  data.frame(launch = l, m = m, t = truth * (1 + 0.01 * sin(i + 2 * l)))
}))
fit <- function(x) lm(t ~ m, data = x, weights = 1 / x$t^2)
wsse <- function(f, x) sum(((x$t - fitted(f)) / x$t)^2)
bic <- function(w, n, k) n * log(w / n) + k * log(n)
options(digits = 15)
one <- fit(d)
cat("one segment: alpha", coef(one)[1], "beta", coef(one)[2], "wsse", wsse(one, d),
    "bic", bic(wsse(one, d), nrow(d), 2), "\n")
sizes <- sort(unique(d$m))
best <- Inf
for (k in 3:(length(sizes) - 3)) {
  a <- d[d$m <= sizes[k], ]; b <- d[d$m > sizes[k], ]
  fa <- fit(a); fb <- fit(b)
  w <- wsse(fa, a) + wsse(fb, b)
  if (w < best) { best <- w; split <- sizes[k]; ca <- coef(fa); cb <- coef(fb) }
}
cat("best split after", split, "bytes: wsse", best, "bic", bic(best, nrow(d), 5), "\n")
cat("  low:  alpha", ca[1], "beta", ca[2], "\n")
cat("  high: alpha", cb[1], "beta", cb[2], "\n")
