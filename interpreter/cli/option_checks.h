// Validators for command-line values that CLI11 would otherwise accept silently: `--seed -1`
// wrapping to 2^64-1, `--alpha nan` passing a range check, an empty `--launcher`.
#pragma once

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdint>
#include <string>

namespace metron {

// A run seed: decimal digits only, at most 2^64-1.
inline CLI::Validator seed_check() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
          return "a seed is a non-negative decimal integer, got '" + s + "'";
        std::uint64_t v = 0;
        for (char c : s)
          if (__builtin_mul_overflow(v, std::uint64_t{10}, &v) ||
              __builtin_add_overflow(v, static_cast<std::uint64_t>(c - '0'), &v))
            return "seed '" + s + "' does not fit in 64 bits (at most 18446744073709551615)";
        return "";
      },
      "SEED");
}

// A significance level: a finite number strictly between 0 and 1.
inline CLI::Validator alpha_check() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        double v = 0;
        try {
          std::size_t used = 0;
          v = std::stod(s, &used);
          if (used != s.size()) v = NAN;
        } catch (...) {
          v = NAN;
        }
        if (!(v > 0 && v < 1))
          return "must be a number between 0 and 1 (exclusive), got '" + s + "'";
        return "";
      },
      "ALPHA");
}

inline CLI::Validator non_empty_check() {
  return CLI::Validator(
      [](std::string& s) -> std::string { return s.empty() ? "must not be empty" : ""; }, "TEXT");
}

}  // namespace metron
