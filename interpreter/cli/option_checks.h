// Validators for command-line values that CLI11 would otherwise accept silently: `--seed -1`
// wrapping to 2^64-1, `--alpha nan` passing a range check, an empty `--launcher`. CLI11 prints
// the catalogue text after the option's name ("--seed: ...").
#pragma once

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdint>
#include <string>

#include "runtime/plan/diagnostics.h"

namespace metron {

// A run seed: decimal digits only, at most 2^64-1.
inline CLI::Validator seed_check() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
          return message_text(DiagId::cli_bad_seed, s);
        std::uint64_t v = 0;
        for (char c : s)
          if (__builtin_mul_overflow(v, std::uint64_t{10}, &v) ||
              __builtin_add_overflow(v, static_cast<std::uint64_t>(c - '0'), &v))
            return message_text(DiagId::cli_seed_too_large, s, UINT64_MAX);
        return "";
      },
      "SEED");
}

// The whole text as a number, NaN when it is not one ("0.5x", "", "abc").
inline double number_or_nan(const std::string& s) {
  try {
    std::size_t used = 0;
    const double v = std::stod(s, &used);
    return used == s.size() ? v : NAN;
  } catch (...) {
    return NAN;
  }
}

// A significance level: a finite number strictly between 0 and 1.
inline CLI::Validator alpha_check() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        const double v = number_or_nan(s);
        if (!(v > 0 && v < 1)) return message_text(DiagId::cli_bad_alpha, s);
        return "";
      },
      "ALPHA");
}

// A bound such as --peak-bandwidth: a finite number above 0 (CLI::PositiveNumber lets NaN and
// infinity through).
inline CLI::Validator positive_finite_check() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        const double v = number_or_nan(s);
        return v > 0 && std::isfinite(v) ? "" : message_text(DiagId::cli_bad_peak, s);
      },
      "NUMBER");
}

inline CLI::Validator non_empty_check() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        return s.empty() ? message_text(DiagId::cli_empty_value) : "";
      },
      "TEXT");
}

}  // namespace metron
