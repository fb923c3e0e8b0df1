// Tests for runtime/stats/edivisive (E-Divisive means, Matteson and James, JASA 2014) and
// runtime/stats/hunter_change_points (Hunter, ICPE 2023) against values from R:
// tests/unit/stats/edivisive_reference.R computes them from the papers' formulas (its divergence
// checked against the energy package's edist) and prints the series below (set.seed(20261201)).
#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <vector>

#include "runtime/stats/edivisive.h"
#include "runtime/stats/hunter_change_points.h"

namespace {

namespace st = metron::stats;

// a: a change at 12; b: changes at 15 and 30; f: none; r: 14 runs of 3 launches, a change at run
// 8 (value 24); l: changes at 40 and 80.
const std::vector<double> k_a = {
    10.3238215159403879, 10.1552231060988092, 10.6733794271100013, 9.9681896683874527,
    10.5759375586885724, 11.5297472989262300, 10.4906612528547267, 8.8996492551760902,
    11.7878457273152009, 10.6291271074477116, 8.7664097934977505,  10.6213193564525294,
    13.7868897252349498, 15.0869494155057122, 14.5518918078246493, 14.4891850740350971,
    14.9161695059926025, 13.6843168743720387, 14.0275051000292432, 11.8420963825363579,
    14.7197147514985822, 13.0215645224273828};
const std::vector<double> k_b = {
    5.4479040247017592, 5.0722151168206633, 5.6177070700558334, 5.1593147413034757,
    5.1996134054281651, 4.7673710320879765, 5.8372348274750836, 5.1429361322349303,
    5.1762142981045987, 4.5984244484207668, 5.2233216514599006, 5.2092002910523281,
    5.1164110000880418, 5.2151928285472655, 4.4853395235049582, 7.8401685024578835,
    8.5965475202575643, 7.4820977250258913, 6.9932388877618816, 7.5574663852360855,
    7.5522809295601387, 7.6568768635030322, 8.4577324488620693, 7.3476072219304083,
    8.6551754296660341, 8.0023967979676556, 7.8106552266040730, 8.7950699999928830,
    7.5022126576757504, 7.4061616663342829, 6.3819045457509338, 5.7985364533474364,
    6.1748303465399079, 5.4431380590598364, 6.2625473166633263, 4.9051823328728839,
    6.8442277288475148, 6.6405417197415737, 6.4455200777972816, 6.0245818268211782,
    6.4577579654567714, 6.9164272599114636, 5.9609970394024439, 6.4120423644771520,
    6.4807938744981266};
const std::vector<double> k_f = {
    4.95997989233757242, 3.81040848452271907, 1.41550214086585813, 3.62136743712814013,
    5.13939254168320758, 3.04700544981069177, 2.75494973342593585, 1.61179748073469087,
    3.05450313609970037, 3.61848359571823375, 2.31590391309248655, 2.50126340251271939,
    1.62531649116672616, 3.65927157020933702, 3.40353793388298609, 4.36733209201348771,
    3.77549623470320794, 4.14142787683986136, 1.71987313913421369, 0.95483380559975028,
    4.13461335694564092, 4.31682566742605989, 1.83269627881117736, 1.15364725579820870,
    3.61427560491900479};
const std::vector<double> k_r = {
    99.449889304966817,  99.679141410447755,  100.860686959333336, 99.870086602189957,
    100.308583849796506, 99.959627653337620,  99.725612211147265,  100.096138296395651,
    100.069647088807812, 100.476008793419368, 100.503440513028011, 100.437978700316108,
    99.727710842197169,  100.676049725389333, 100.164945902722394, 99.939311952631186,
    100.616382008256593, 99.192079733835499,  99.510709029517201,  100.404309310261326,
    100.611481444371520, 100.574724489562016, 100.224146154365840, 99.769838731114959,
    103.444357265440033, 103.955525348419300, 102.724436483243139, 102.780234413386751,
    103.101783904653885, 102.711700660816845, 103.139407886241571, 103.112282856143707,
    103.844372557570125, 103.159084071532220, 102.571136406477265, 103.775390046654792,
    103.435208451179136, 103.351176363836046, 104.126636367883549, 102.861985832353696,
    103.612558634571698, 103.271241531678768};
const std::vector<double> k_l = {
    7.0028718949686173,  9.0867006835750459,  8.8761493482222988,  10.0631863659056187,
    11.4622260499421227, 10.2847721689996501, 9.5318609814321782,  9.2875147826834077,
    8.1417543884148653,  8.0045511273757999,  11.3299969791583841, 11.7733078353827754,
    11.8176543158359664, 9.8548372569128873,  8.8245887509646188,  10.0439157416911176,
    9.5101298790928048,  9.7687415059472826,  8.2353320707485320,  10.9022649848131969,
    10.2223894336332677, 11.0736351106769444, 10.0155386019474566, 8.9875900670270479,
    10.2740161067009783, 8.7880516168890068,  8.3975431672829561,  9.4589801241486402,
    9.5803956787548366,  8.9794439972608604,  10.9778578484093572, 11.8381947954116065,
    10.6866990840569542, 10.0313462716087898, 9.0859544774967897,  10.6312964382445330,
    9.5138476623834372,  10.6097581620883492, 9.0421529154151479,  9.2218826377103884,
    11.6005538743685417, 12.4492678311646650, 10.6471355386670048, 13.5234373667835932,
    12.1402602739313625, 10.8330244899669967, 11.7000400039891268, 12.8704090056947607,
    11.0937934589856457, 11.1854652770499374, 12.6159531875598407, 11.9685667529361908,
    11.2690033875042239, 11.7020535989576988, 13.3715734093341556, 12.7899026676108996,
    12.7827665015276857, 13.7939875289440028, 10.7396725867721230, 11.8332682174611481,
    13.3034205669673149, 11.5472210992344788, 10.3156620118717957, 13.1617944218831422,
    12.7076183266019260, 14.0280019562408249, 11.2298963189477483, 13.6694081952664650,
    12.8502285332796689, 9.6492881916412063,  11.8652633808906334, 12.0429021248707659,
    11.3235846680353287, 10.5133693269291193, 12.7741522348319663, 10.9260142726325142,
    11.3168389523417741, 11.8818498469461229, 13.1862539294448240, 12.1648091763232813,
    11.3045048054644361, 11.6184937726840349, 9.7261257175611426,  11.5686935351092330,
    10.5295042325223989, 10.8455604943733732, 8.7292846591467566,  9.6878605607086552,
    10.6254093879922955, 9.9036874398816508,  9.6581036890443261,  9.7275755516729543,
    9.9505781430749707,  11.0312829163240558, 11.1088396398277638, 9.9558557835560944,
    9.9384069939433655,  10.8277712354206770, 10.1502165985745130, 9.4356178796867738,
    10.5904510649866790, 8.9746800244485829,  11.9327658783159141, 8.8833297542507825,
    10.5415680116541601, 10.2971983827218683, 10.0110925582190333, 9.9265825412396556,
    10.7102922201660515, 9.9762177217144199,  9.4443172878186505,  9.9069587187877968,
    12.5276335136300272, 9.6134965858606343,  9.3228798290035222,  10.2436452429097695,
    10.7833484443425114, 12.2799518885574592, 10.7914372486682364, 9.9458884781970713};

std::vector<std::size_t> run_starts(std::size_t n, std::size_t per_run) {
  std::vector<std::size_t> cuts;
  for (std::size_t i = per_run; i < n; i += per_run) cuts.push_back(i);
  return cuts;
}

std::vector<std::size_t> indexes(const std::vector<st::HunterChange>& cs) {
  std::vector<std::size_t> out;
  for (const auto& c : cs) out.push_back(c.index);
  return out;
}

}  // namespace

TEST_SUITE("edivisive") {
  TEST_CASE("edivisive: the divergence Q matches R's from the paper's formulas") {
    // energy_q(a, 0, 12, 22, 1) = 28.25808468785662 ... (edivisive_reference.R)
    CHECK(st::energy_q(k_a, 0, 12, 22, 1.0) == doctest::Approx(28.25808468785662).epsilon(1e-12));
    CHECK(st::energy_q(k_a, 0, 5, 22, 1.0) == doctest::Approx(8.7866523033946748).epsilon(1e-12));
    CHECK(st::energy_q(k_a, 3, 12, 20, 0.5) == doctest::Approx(7.524815025148583).epsilon(1e-12));
    CHECK(st::energy_q(k_b, 0, 15, 45, 1.5) == doctest::Approx(40.395488418424961).epsilon(1e-12));
    // X of one value: its within-sample term is an empty sum (0).
    const std::vector<double> single = {1, 4, 6};
    CHECK(st::energy_q(single, 0, 1, 3, 1.0) == doctest::Approx(4.0).epsilon(1e-15));
  }

  TEST_CASE("edivisive: an empty side or an end past the series is undefined") {
    CHECK(std::isnan(st::energy_q(k_a, 3, 3, 10, 1.0)));
    CHECK(std::isnan(st::energy_q(k_a, 0, 10, 10, 1.0)));
    CHECK(std::isnan(st::energy_q(k_a, 0, 10, 23, 1.0)));
  }

  TEST_CASE("edivisive: the best split (tau, kappa) matches R's exhaustive search") {
    st::SplitCandidate c = st::best_split(k_a, 0, k_a.size(), {}, 1.0, 1);
    CHECK(c.tau == 12);
    CHECK(c.kappa == 22);
    CHECK(c.q == doctest::Approx(28.25808468785662).epsilon(1e-10));
    // b: (15, 30), Q = 32.859082438493402; inside [15, 45): (30, 45), Q = 15.448504964274093
    c = st::best_split(k_b, 0, k_b.size(), {}, 1.0, 1);
    CHECK(c.tau == 15);
    CHECK(c.kappa == 30);
    CHECK(c.q == doctest::Approx(32.859082438493402).epsilon(1e-10));
    c = st::best_split(k_b, 15, k_b.size(), {}, 1.0, 1);
    CHECK(c.tau == 30);
    CHECK(c.kappa == 45);
    CHECK(c.q == doctest::Approx(15.448504964274093).epsilon(1e-10));
    // Only at run boundaries (runs of three values): (24, 42), Q = 54.141602776605943
    const auto cuts = run_starts(k_r.size(), 3);
    c = st::best_split(k_r, 0, k_r.size(), cuts, 1.0, 1);
    CHECK(c.tau == 24);
    CHECK(c.kappa == 42);
    CHECK(c.q == doctest::Approx(54.141602776605943).epsilon(1e-10));
    // With sides of at least 5 values, the same split for a
    c = st::best_split(k_a, 0, k_a.size(), {}, 1.0, 5);
    CHECK(c.tau == 12);
  }

  TEST_CASE("edivisive: a segment too short for a split has none") {
    CHECK(std::isnan(st::best_split(k_a, 4, 5, {}, 1.0, 1).q));
    CHECK(std::isnan(st::best_split(k_a, 0, 6, {}, 1.0, 4).q));
    const std::vector<std::size_t> cuts = {10};
    CHECK(std::isnan(st::best_split(k_a, 0, 8, cuts, 1.0, 1).q));
  }

  TEST_CASE("edivisive: the bisection finds R's changes in R's order") {
    // bisect(b, 2) = 15 30; with significance 1 every split is kept: the bisection alone
    st::EDivisiveOptions o;
    o.significance = 1.0;
    o.max_changes = 2;
    o.permutations = 9;
    auto found = st::edivisive_permutation(k_b, {}, o);
    REQUIRE(found.size() == 2);
    CHECK(found[0].index == 15);
    CHECK(found[1].index == 30);
  }

  TEST_CASE("edivisive: the permutation test keeps clear changes and stops at noise") {
    st::EDivisiveOptions o;  // 199 permutations, significance 0.05
    auto found = st::edivisive_permutation(k_b, {}, o);
    REQUIRE(found.size() == 2);
    CHECK(found[0].index == 15);
    CHECK(found[1].index == 30);
    // No permuted Q reaches a clear change's: p = 1 / (R + 1), the smallest there is
    CHECK(found[0].p_value == doctest::Approx(1.0 / 200).epsilon(1e-15));
    CHECK(st::edivisive_permutation(k_f, {}, o).empty());
  }

  TEST_CASE("edivisive: the same seed gives the same p-values") {
    st::EDivisiveOptions o;
    o.significance = 1.0;
    o.max_changes = 3;
    o.seed = 7;
    auto one = st::edivisive_permutation(k_f, {}, o);
    auto two = st::edivisive_permutation(k_f, {}, o);
    REQUIRE(one.size() == 3);
    REQUIRE(two.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
      CHECK(one[i].index == two[i].index);
      CHECK(one[i].p_value == two[i].p_value);
    }
    // noise: the first split is not significant
    CHECK(one[0].p_value > 0.05);
  }

  TEST_CASE("edivisive: changes only at run boundaries") {
    st::EDivisiveOptions o;
    const auto cuts = run_starts(k_r.size(), 3);
    auto found = st::edivisive_permutation(k_r, cuts, o);
    REQUIRE(found.size() >= 1);
    CHECK(found[0].index == 24);
    for (const auto& c : found) CHECK(c.index % 3 == 0);
  }

  TEST_CASE("edivisive: segments between changes") {
    const std::vector<std::size_t> changes = {3, 7};
    auto s = st::segments_between(changes, 10);
    REQUIRE(s.size() == 3);
    CHECK(s[0] == std::pair<std::size_t, std::size_t>{0, 3});
    CHECK(s[2] == std::pair<std::size_t, std::size_t>{7, 10});
    CHECK(st::segments_between({}, 0).empty());
  }
}

TEST_SUITE("hunter_change_points") {
  TEST_CASE("hunter: changes, p-values and means match R's transcription of the procedure") {
    // hunter(a): 12, p = 1.4549045434367334e-08, means 10.368442588991289 -> 14.012628315945662
    auto cs = st::hunter_change_points(k_a, {}, {});
    REQUIRE(cs.size() == 1);
    CHECK(cs[0].index == 12);
    CHECK(cs[0].p_value == doctest::Approx(1.4549045434367334e-08).epsilon(1e-9));
    CHECK(cs[0].mean_before == doctest::Approx(10.368442588991289).epsilon(1e-13));
    CHECK(cs[0].mean_after == doctest::Approx(14.012628315945662).epsilon(1e-13));
    // hunter(b): 15 30, p = 1.0206381461827225e-15 4.4543710908780339e-09
    cs = st::hunter_change_points(k_b, {}, {});
    REQUIRE(cs.size() == 2);
    CHECK(indexes(cs) == std::vector<std::size_t>{15, 30});
    CHECK(cs[0].p_value == doctest::Approx(1.0206381461827225e-15).epsilon(1e-8));
    CHECK(cs[1].p_value == doctest::Approx(4.4543710908780339e-09).epsilon(1e-9));
    CHECK(st::hunter_change_points(k_f, {}, {}).empty());
  }

  TEST_CASE("hunter: runs of launches change only at their boundaries") {
    // hunter(r, cuts_r): 24, p = 2.2268769434792868e-24, means 100.11868877947546 ->
    // 103.27658439344903
    const auto cuts = run_starts(k_r.size(), 3);
    auto cs = st::hunter_change_points(k_r, cuts, {});
    REQUIRE(cs.size() == 1);
    CHECK(cs[0].index == 24);
    CHECK(cs[0].p_value == doctest::Approx(2.2268769434792868e-24).epsilon(1e-8));
    CHECK(cs[0].mean_after == doctest::Approx(103.27658439344903).epsilon(1e-13));
  }

  TEST_CASE("hunter: windows") {
    st::HunterOptions o;
    o.window = 10;
    // hunter(b, NULL, 10): 15 30
    CHECK(indexes(st::hunter_change_points(k_b, {}, o)) == std::vector<std::size_t>{15, 30});
    // hunter(l, NULL, 30): 40 82, p = 2.2431613834319897e-14 6.2886133221091476e-12
    o.window = 30;
    auto cs = st::hunter_change_points(k_l, {}, o);
    CHECK(indexes(cs) == std::vector<std::size_t>{40, 82});
    REQUIRE(cs.size() == 2);
    CHECK(cs[0].p_value == doctest::Approx(2.2431613834319897e-14).epsilon(1e-8));
    CHECK(cs[1].p_value == doctest::Approx(6.2886133221091476e-12).epsilon(1e-8));
    // hunter(l, NULL, 30, 0.001, 0.5): the merge removes changes smaller than 50%
    o.min_magnitude = 0.5;
    CHECK(st::hunter_change_points(k_l, {}, o).empty());
  }

  TEST_CASE("hunter: short and constant series have no change") {
    CHECK(st::hunter_change_points(std::vector<double>{}, {}, {}).empty());
    CHECK(st::hunter_change_points(std::vector<double>{1.0}, {}, {}).empty());
    CHECK(st::hunter_change_points(std::vector<double>(20, 3.0), {}, {}).empty());
  }

  TEST_CASE("hunter: a constant series that steps has a change with p = 0") {
    std::vector<double> z(10, 1.0);
    z.insert(z.end(), 10, 2.0);
    auto cs = st::hunter_change_points(z, {}, {});
    REQUIRE(cs.size() == 1);
    CHECK(cs[0].index == 10);
    CHECK(cs[0].p_value == 0.0);
    CHECK(cs[0].magnitude() == doctest::Approx(1.0));
  }
}
