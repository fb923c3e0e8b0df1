# Reference values for tests/unit/stats/edivisive_test.cpp and two_sample_t_test.cpp, written
# from the formulas of the papers, not from Metron's code:
#   Matteson and James, "A Nonparametric Approach for Multiple Change Point Analysis of
#   Multivariate Data" (JASA 2014): the divergence Q (equations 4 and 5), the split (tau, kappa)
#   that maximizes it (section 2.2) and the hierarchical bisection (section 2.3);
#   Fleming et al., "Hunter: Using Change Point Detection to Hunt for Performance Regressions"
#   (ICPE 2023): the Student t-test as significance test, windows and the merge step.
# The V-statistic form of the divergence is checked against the energy package's edist (Szekely
# and Rizzo's e-distance), which shares the between-sample term and the weight n m / (n + m).
# Run: Rscript tests/unit/stats/edivisive_reference.R   (Debian: r-base-core, r-cran-energy)
suppressMessages(library(energy))
options(digits = 17)

# Q with the U-statistic within-sample terms (the paper's C(n,2)^-1 sums); 1-based, X = z[s..t-1],
# Y = z[t..k-1] in 0-based [s, t), [t, k) terms: pass 0-based s, t, k.
qhat <- function(z, s, t, k, alpha = 1) {
  x <- z[(s + 1):t]; y <- z[(t + 1):k]
  n <- length(x); m <- length(y)
  between <- sum(abs(outer(x, y, "-"))^alpha)
  wx <- if (n > 1) sum(abs(outer(x, x, "-"))^alpha) / 2 / choose(n, 2) else 0
  wy <- if (m > 1) sum(abs(outer(y, y, "-"))^alpha) / 2 / choose(m, 2) else 0
  n * m / (n + m) * (2 * between / (n * m) - wx - wy)
}
# The same with V-statistic within terms (means over all n^2 pairs), which is energy's edist.
qhat_v <- function(z, s, t, k, alpha = 1) {
  x <- z[(s + 1):t]; y <- z[(t + 1):k]
  n <- length(x); m <- length(y)
  n * m / (n + m) * (2 * mean(abs(outer(x, y, "-"))^alpha) - mean(abs(outer(x, x, "-"))^alpha) -
                     mean(abs(outer(y, y, "-"))^alpha))
}
check_edist <- function(z, s, t, k, alpha) {
  e <- as.numeric(edist(matrix(z[(s + 1):k]), sizes = c(t - s, k - t), alpha = alpha))
  stopifnot(isTRUE(all.equal(e, qhat_v(z, s, t, k, alpha), tolerance = 1e-12)))
}

# Best (tau, kappa) in [s, e): tau, kappa among cuts (all positions when NULL) and e, sides of at
# least min_size values; the first maximum in (tau, kappa) order.
best_split <- function(z, s, e, cuts = NULL, alpha = 1, min_size = 1) {
  inner <- if (is.null(cuts)) seq_len(e - s - 1) + s else cuts[cuts > s & cuts < e]
  if (e - s < 2) inner <- integer(0)
  best <- c(NA, NA, NA)
  for (tau in inner) {
    if (tau - s < min_size) next
    for (kappa in c(inner[inner > tau], e)) {
      if (kappa - tau < min_size) next
      q <- qhat(z, s, tau, kappa, alpha)
      if (is.na(best[3]) || q > best[3]) best <- c(tau, kappa, q)
    }
  }
  best
}

# Hierarchical bisection without a test: the first k changes (the permutation test only decides
# when to stop).
bisect <- function(z, k, cuts = NULL, alpha = 1, min_size = 2) {
  found <- integer(0)
  for (i in seq_len(k)) {
    b <- sort(found); starts <- c(0, b); ends <- c(b, length(z))
    best <- c(NA, NA, NA)
    for (j in seq_along(starts)) {
      c1 <- best_split(z, starts[j], ends[j], cuts, alpha, min_size)
      if (!is.na(c1[3]) && (is.na(best[3]) || c1[3] > best[3])) best <- c1
    }
    if (is.na(best[3])) break
    found <- c(found, best[1])
  }
  found
}

ttest_p <- function(x, y) t.test(x, y, var.equal = TRUE)$p.value

# Hunter: windows of `window` groups, t-test at the weak level, then the merge (hunter_change_points.h).
hunter <- function(z, cuts = NULL, window = 50, max_p = 0.001, min_magnitude = 0) {
  starts <- if (is.null(cuts)) 0:(length(z) - 1) else c(0, cuts[cuts > 0 & cuts < length(z)])
  groups <- length(starts); starts <- c(starts, length(z))
  level <- if (max_p < 0.05) max_p * 10 else if (max_p < 0.5) max_p * 2 else max_p
  test <- function(s, i, e) {
    x <- z[(s + 1):i]; y <- z[(i + 1):e]
    p <- if (length(x) + length(y) > 2) t.test(x, y, var.equal = TRUE)$p.value else NA
    c(p, mean(x), mean(y))
  }
  changes <- integer(0); g <- 0; step <- window %/% 2
  while (g < groups) {
    end <- min(g + window, groups); segs <- list(c(starts[g + 1], starts[end + 1])); last <- 0
    repeat {
      best <- c(NA, NA, NA); at <- 0
      for (j in seq_along(segs)) {
        c1 <- best_split(z, segs[[j]][1], segs[[j]][2], cuts)
        if (!is.na(c1[3]) && (is.na(best[3]) || c1[3] > best[3])) { best <- c1; at <- j }
      }
      if (is.na(best[3])) break
      s <- segs[[at]][1]; e <- segs[[at]][2]
      p <- test(s, best[1], e)[1]
      if (is.na(p) || p > level) break
      segs <- append(segs[-at], list(c(s, best[1]), c(best[1], e)), after = at - 1)
      if (!(best[1] %in% changes)) changes <- c(changes, best[1])
      last <- max(last, match(best[1], starts) - 1)
    }
    g <- max(last, g + step)
  }
  changes <- sort(changes)
  stats_of <- function(ch) {
    t(sapply(seq_along(ch), function(i) {
      s <- if (i == 1) 0 else ch[i - 1]; e <- if (i == length(ch)) length(z) else ch[i + 1]
      test(s, ch[i], e)
    }))
  }
  magnitude <- function(st) pmax(abs(st[, 3] / st[, 2] - 1), abs(st[, 2] / st[, 3] - 1))
  while (length(changes) > 0) {
    st <- stats_of(changes); p <- ifelse(is.na(st[, 1]), 1, st[, 1])
    w <- which.max(p)
    if (p[w] < max_p) {
      w <- which.min(magnitude(st))
      if (magnitude(st)[w] > min_magnitude) break
    }
    changes <- changes[-w]
  }
  if (length(changes) == 0) return(list(index = integer(0), p = numeric(0)))
  st <- stats_of(changes)
  list(index = changes, p = st[, 1], before = st[, 2], after = st[, 3])
}

cpp <- function(name, v) cat(name, " = {", paste(format(v, digits = 17), collapse = ", "), "}\n",
                             sep = "")

# --- the series (printed for the C++ test) ---------------------------------------------------
set.seed(20261201)
a <- c(rnorm(12, 10, 1), rnorm(10, 14, 1))                  # one change at 12
b <- c(rnorm(15, 5, 0.5), rnorm(15, 8, 0.5), rnorm(15, 6, 0.5))  # changes at 15 and 30
f <- rnorm(25, 3, 1)                                        # no change
# runs of three launches: 8 runs at 100, then 6 runs 3% slower (a change at run 8 = value 24)
r <- c(rnorm(24, 100, 0.5), rnorm(18, 103, 0.5))
# a longer series, for several windows: changes at 40 and 80
l <- c(rnorm(40, 10, 1), rnorm(40, 12, 1), rnorm(40, 10.5, 1))
cpp("a", a); cpp("b", b); cpp("f", f); cpp("r", r); cpp("l", l)

cat("\n# energy_q (U form), with the V form checked against energy::edist\n")
for (args in list(c(0, 12, 22, 1), c(0, 5, 22, 1), c(3, 12, 20, 0.5), c(0, 15, 45, 1.5))) {
  z <- if (args[3] == 45) b else a
  check_edist(z, args[1], args[2], args[3], args[4])
  cat(sprintf("energy_q(%s, %d, %d, %d, %g) = %.17g\n", if (args[3] == 45) "b" else "a",
              args[1], args[2], args[3], args[4], qhat(z, args[1], args[2], args[3], args[4])))
}
cat(sprintf("energy_q(single, 0, 1, 3, 1) = %.17g   # z = c(1, 4, 6)\n", qhat(c(1, 4, 6), 0, 1, 3)))

cat("\n# best_split\n")
print(best_split(a, 0, length(a)))
print(best_split(b, 0, length(b)))
print(best_split(b, 15, length(b)))
cuts_r <- seq(3, length(r) - 1, by = 3)
print(best_split(r, 0, length(r), cuts_r))
print(best_split(a, 0, length(a), NULL, 1, 5))

cat("\n# bisection: the first changes\n")
print(bisect(b, 2))
print(bisect(a, 1))

cat("\n# Student t-test p-values\n")
cat(sprintf("t(a[1:12], a[13:22]) p = %.17g t = %.17g\n", ttest_p(a[1:12], a[13:22]),
            t.test(a[1:12], a[13:22], var.equal = TRUE)$statistic))
cat(sprintf("t(f[1:10], f[11:25]) p = %.17g t = %.17g\n", ttest_p(f[1:10], f[11:25]),
            t.test(f[1:10], f[11:25], var.equal = TRUE)$statistic))
cat(sprintf("t(c(1,2), c(3)) p = %.17g\n", ttest_p(c(1, 2), c(3))))
r5 <- t.test(1:5, 3:9, var.equal = TRUE)
cat(sprintf("t(1:5, 3:9) t = %.17g df = %g p = %.17g\n", r5$statistic, r5$parameter, r5$p.value))

cat("\n# Hunter\n")
print(hunter(a))
print(hunter(b))
print(hunter(f))
print(hunter(r, cuts_r))
print(hunter(b, NULL, 10))
print(hunter(l, NULL, 30))
print(hunter(l, NULL, 30, 0.001, 0.5))
