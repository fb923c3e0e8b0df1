// Text the report writes: HTML escaping, gnuplot string literals and numbers, message sizes for
// people ("16 KiB"). No MPI.
#pragma once

#include <string>

namespace metron::report {

std::string html_escape(const std::string& s);
// A single-quoted gnuplot string: quotes doubled, nothing else is special inside.
std::string gp_quote(const std::string& s);
// A number for a gnuplot data block: shortest round-trip form; "NaN" for NaN and infinities
// (gnuplot skips such points).
std::string gp_number(double v);
// "1 B", "512 B", "1 KiB", "1.5 KiB", "64 MiB": binary prefixes, as Metron's sizes are binary.
std::string size_label(double bytes);

}  // namespace metron::report
