// out::dump_with_members and ArrayText give byte for byte what nlohmann's dump(2) gives, so the
// manifest written after every job (ManifestBuilder::text) is the document json() holds.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "runtime/output/json_splice.h"

using metron::out::ArrayText;
using metron::out::dump_with_members;
using metron::out::member_text;
using nlohmann::json;

namespace {
json job(int id) {
  return {{"id", id},
          {"n", 40},
          {"median_ci", {{"coverage", 0.95}, {"ties", 0}}},
          {"warmup", {{"calls", 300}, {"end", "stable"}}},
          {"list", json::array({1, 2, json::object()})},
          {"error", nullptr}};
}
}  // namespace

TEST_CASE("json splice: a manifest-like document renders as dump(2), as jobs are added") {
  json doc = {{"status", "running"},
              {"plan", {{"jobs", json::array({job(0), job(1)})}, {"design", {{"seed", 1}}}}},
              {"script", {{"text", "a \"quoted\"\nscript with metron-splice:jobs in it"}}},
              {"jobs", json::array()},
              {"empty_object", json::object()}};
  const std::string plan_text = member_text(doc["plan"]);
  ArrayText jobs;
  for (int i = 0; i < 4; ++i) {
    std::map<std::string, std::string> cached = {{"plan", plan_text}, {"jobs", jobs.member_text()}};
    CHECK(dump_with_members(doc, cached) == doc.dump(2));
    jobs.append(job(i));
    doc["jobs"].push_back(job(i));
    doc["status"] = i % 2 ? "running" : "interrupted";  // members outside the cache change too
  }
  CHECK(dump_with_members(doc, {{"plan", plan_text}, {"jobs", jobs.member_text()}}) == doc.dump(2));
}

TEST_CASE("json splice: the cached text wins over the document's (stale) member") {
  json doc = {{"a", 1}, {"jobs", json::array({1})}};
  ArrayText jobs;
  jobs.append(1);
  jobs.append(2);
  CHECK(dump_with_members(doc, {{"jobs", jobs.member_text()}}) ==
        json({{"a", 1}, {"jobs", json::array({1, 2})}}).dump(2));
  CHECK(ArrayText().member_text() == "[]");
}
