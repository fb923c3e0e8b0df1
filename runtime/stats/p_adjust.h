// Adjusting p-values for multiple comparisons, as R's p.adjust(p, method = "holm" | "BH").
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace metron::stats {

enum class PAdjust { None, Holm, BenjaminiHochberg };

// Holm (1979), "A simple sequentially rejective multiple test procedure": with the m p-values
// sorted ascending, p_(i) becomes max over j <= i of min(1, (m - j + 1) p_(j)). Controls the
// family-wise error rate (the chance of any false "differs") at alpha, with no assumption on
// the dependence between the tests.
// Benjamini & Hochberg (1995), "Controlling the false discovery rate": sorted descending,
// p_(i) becomes min over j >= i of min(1, m / j p_(j)). Controls the expected share of false
// "differs" among those reported; more powerful when many jobs really differ.
// NaN entries stay NaN and do not count in m (R's default n = sum(!is.na(p))). Same order as p.
std::vector<double> p_adjust(std::span<const double> p, PAdjust method);

// "holm", "bh" (also "BH", "fdr") and "none"; empty for anything else.
std::optional<PAdjust> parse_p_adjust(const std::string& s);
const char* p_adjust_name(PAdjust m);  // "holm", "bh", "none"

}  // namespace metron::stats
