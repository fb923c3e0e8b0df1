// Boost.Math distributions with Metron's error policy: bad arguments give NaN, never an exception.
#pragma once

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

namespace metron::stats {

// Every distribution function in stats/ goes through these aliases (no hand-written
// approximations). The callers validate their inputs first; the policy only makes sure that a
// case we missed turns into NaN (reported as "undefined") instead of an exception thrown through
// the measurement loop. Computing in double rather than Boost's default long double costs about
// one ulp and makes the inverse functions ~10x faster (t quantile: ~1 us instead of ~10 us),
// which matters for a stopping rule evaluated after every batch.
using BoostPolicy = boost::math::policies::policy<
    boost::math::policies::promote_float<false>, boost::math::policies::promote_double<false>,
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::pole_error<boost::math::policies::ignore_error>,
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>>;

using NormalDist = boost::math::normal_distribution<double, BoostPolicy>;
using StudentsTDist = boost::math::students_t_distribution<double, BoostPolicy>;
using BinomialDist = boost::math::binomial_distribution<double, BoostPolicy>;
using ChiSquaredDist = boost::math::chi_squared_distribution<double, BoostPolicy>;

}  // namespace metron::stats
