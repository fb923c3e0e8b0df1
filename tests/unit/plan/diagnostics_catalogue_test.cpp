// The diagnostics catalogue: every id has a golden test (or a stated exemption), and every
// message follows the wording rules (lower-case start, no final period, names in single quotes).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/plan/diagnostics.h"

namespace {

// Ids that no golden file can show, and why; each is tested elsewhere.
const std::map<std::string, std::string> kExempt = {
    {"stop_rule_malformed",
     "a guard: compile_stop_rule builds only rules that adapt::validate accepts (each malformed "
     "rule has its own id before it: stop_rule_variants.err)"},
    {"bad_info",
     "the front end's type check refuses a value that is not an info object first (only "
     "MPI_INFO_NULL and info_create make one); ops_onesided_test.cpp shows it for a job made by "
     "hand"},
    {"too_many_jobs",
     "needs a plan of more than 1 million jobs; plan_builder_test.cpp triggers it with a small "
     "BuildOptions::max_jobs"},
    {"list_too_long",
     "needs a list literal of more than 100000 elements; tests/e2e/frontend_robustness.sh "
     "generates one"},
    {"bad_tag",
     "MPI_TAG_UB is known at run time only, so the front end leaves tags to the runtime's "
     "bind_op; ops_catalog_test checks the message"},
    {"line_too_long", "needs a line of more than 1 MiB; tests/e2e/reader_bounds.sh generates one"},
    {"bad_arg_subarray_overflow",
     "a guard: the subarray's rows never outnumber the array's elements, whose overflow "
     "(bad_arg_array_overflow) is found first"},
    {"private_file",
     "needs a file others may not read, which git does not store; tests/e2e/small_items.sh "
     "makes one with chmod"},
    {"mpi_library_lacks_operation",
     "needs a build whose MPI library lacks a call family (MPICH 4 lacks none); "
     "plan_builder_test.cpp sets BuildOptions::mpi_lacks, tests/e2e/mpi_libraries.sh runs the "
     "Open MPI build"},
    {"skipped_mpi_library_lacks_operation", "as mpi_library_lacks_operation"},
    {"include_absolute_recorded",
     "needs a script from a recording (replay, run --resume); tests/e2e/stranger_bundle.sh shows "
     "it and recorded_sources_test.cpp checks it"},
    {"published_absolute_recorded",
     "needs a script from a recording (replay, run --resume); recorded_sources_test.cpp checks "
     "its text"},
    {"file_not_found",
     "a golden runs `metron check` on a file that exists; program_test.cpp and "
     "tests/e2e/frontend_robustness.sh check the missing, unreadable and directory cases"},
};

std::string severity_word(metron::Severity s) {
  switch (s) {
    case metron::Severity::Note:
      return "note";
    case metron::Severity::Warning:
      return "warning";
    case metron::Severity::Error:
      return "error";
    case metron::Severity::Fatal:
      return "fatal error";
    case metron::Severity::Status:
      return "";
  }
  return "";
}

// "unknown variable '{}'" -> a regex for the message text "unknown variable '.*'" (a placeholder
// with a format spec, "{:g}", matches anything too; "{{" is a literal brace).
std::string text_regex(const std::string& fmt) {
  std::string re;
  for (std::size_t i = 0; i < fmt.size(); ++i) {
    if (fmt.compare(i, 2, "{{") == 0 || fmt.compare(i, 2, "}}") == 0) {
      re += std::string("\\") + fmt[i];
      ++i;
      continue;
    }
    if (fmt[i] == '{') {
      re += ".*";
      i = fmt.find('}', i);
      continue;
    }
    char c = fmt[i];
    if (std::string("\\^$.|?*+()[]{}").find(c) != std::string::npos) re += '\\';
    re += c;
  }
  return re;
}

// A regex for a rendered line "...: error: unknown variable '.*'".
std::regex message_regex(const metron::DiagInfo& info) {
  return std::regex("(^|: )" + severity_word(info.severity) + ": " + text_regex(info.format) + "$");
}

std::vector<std::string> golden_lines() {
  std::vector<std::string> lines;
  namespace fs = std::filesystem;
  for (const auto& e : fs::directory_iterator(fs::path(METRON_SOURCE_DIR) / "tests/golden/diag")) {
    if (e.path().extension() != ".err") continue;
    std::ifstream in(e.path());
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  return lines;
}

}  // namespace

TEST_CASE("diagnostics: every catalogue id appears in a golden .err file or is exempted") {
  std::vector<std::string> lines = golden_lines();
  REQUIRE(lines.size() > 100);
  for (std::size_t i = 0; i < metron::kScriptDiagCount; ++i) {
    const metron::DiagInfo& info = metron::diag_info(metron::diag_by_index(i));
    if (kExempt.count(info.name)) continue;
    std::regex re = message_regex(info);
    bool found = false;
    for (const auto& l : lines)
      if (std::regex_search(l, re)) {
        found = true;
        break;
      }
    INFO("no golden in tests/golden/diag/ shows '" << std::string(info.name)
                                                   << "': " << std::string(info.format));
    CHECK(found);
  }
}

namespace {

// Text literals that reach a catalogue message through a call in interpreter/ but need no golden
// of their own, and why.
const std::map<std::string, std::string> kExemptText = {
    {"{:02x}", "formats the byte of invalid_utf8, which invalid_utf8.bench shows"},
    {"comm2_max_latency_with_root()",
     "names the communicator of comm_too_large on a 1-rank run; `metron check` plans for 2 "
     "ranks, and communicators.bench shows the message"},
    {"the rule is not well formed",
     "a guard: compile_stop_rule already rejects every rule that adapt::validate refuses, with "
     "the messages stop_rule_variants.bench shows"},
};

// The calls through which a message's variable part is a text literal: a catalogue id passed
// to fail/report/note/warn, and the helpers of setting_table.cpp (bad_why and the value
// checkers, whose literal is the field name that starts the message) and builtins.cpp (bad_arg).
const char* const kMessageCalls[] = {"DiagId::", "bad_why(",      "bad_arg(",
                                     "seconds(", "positive_int(", "fraction("};

// The string literals of every such call (up to its ';') in the interpreter's sources.
std::vector<std::pair<std::string, std::string>> message_literals() {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, std::string>> out;  // (file, literal)
  // The front end's sources and the settings table's parsers, whose reasons it reports.
  std::vector<fs::path> files;
  for (const auto& e :
       fs::recursive_directory_iterator(fs::path(METRON_SOURCE_DIR) / "interpreter"))
    if (e.path().extension() == ".cpp") files.push_back(e.path());
  files.push_back(fs::path(METRON_SOURCE_DIR) / "runtime/plan/setting_table.cpp");
  for (const fs::path& path : files) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    for (const char* call : kMessageCalls) {
      for (std::size_t at = text.find(call); at != std::string::npos;
           at = text.find(call, at + 1)) {
        const std::size_t end = text.find(';', at);
        for (std::size_t i = at; i < end; ++i) {
          if (text[i] != '"') continue;
          std::string lit;
          for (++i; i < end && text[i] != '"'; ++i) {
            if (text[i] == '\\' && i + 1 < end) ++i;
            lit += text[i];
          }
          if (lit.size() >= 3)
            out.emplace_back(
                (path.parent_path().filename() == "cli" ? "cli/" : "") + path.filename().string(),
                lit);
        }
        at = end;
      }
    }
  }
  return out;
}

}  // namespace

namespace {
std::vector<std::string> test_texts();  // below
}  // namespace

TEST_CASE("diagnostics: every variant of a message (its literal text) appears in a golden") {
  // A literal argument that reaches a message (a reason, a name) is a variant of that message:
  // each needs its own golden line. The CLI's
  // messages (interpreter/cli/) are about no script: an end-to-end test shows them.
  const std::vector<std::string> lines = golden_lines();
  const std::vector<std::string> tests = test_texts();
  const auto literals = message_literals();
  // 85 when written, 57 once each reason of bad_arg and bad_why became an id of its own, 36
  // once no English argument was left: the scan still finds them.
  REQUIRE(literals.size() > 25);
  for (const auto& [file, lit] : literals) {
    if (kExemptText.count(lit)) continue;
    bool found = false;
    for (const auto& l : file.rfind("cli/", 0) == 0 ? tests : lines)
      found |= l.find(lit) != std::string::npos;
    INFO(file << ": no golden in tests/golden/diag/ shows the message text '" << lit << "'");
    CHECK(found);
  }
}

namespace {

// Messages of messages.def that no test shows whole, and why (what shows a part of them).
const std::map<std::string, std::string> kExemptMessage = {
    {"internal_error", "reached only through a bug (an exception that escapes a command)"},
    {"no_script_files",
     "a guard: a script has at least its own file, and --resume refuses a manifest that lists "
     "none as damaged first (cli_errors.sh)"},
    {"launch_noise",
     "needs more ranks than cores; noisy_machine.sh checks the finding in summary.csv and the "
     "manifest"},
    {"all_observations_invalid",
     "needs clocks that drift apart; roundtime_sync.sh shows its start at the measure statement"},
    {"run_interrupted", "run_resume.sh interrupts a run and checks the manifest's status"},
    {"auto_adding_launches",
     "printed by run --replicates auto unless --quiet; verdicts_synthetic.sh runs it quietly and "
     "checks the rounds in the manifest"},
    {"auto_stopped", "as auto_adding_launches: verdicts_synthetic.sh checks the stop reason"},
    {"auto_cannot_extend", "needs the run manifest to become unwritable between two rounds"},
    {"no_paired_jobs", "compare_pair.sh shows its start"},
    {"cannot_read_file_why", "needs a manifest.json that exists but cannot be parsed as read"},
    {"cannot_write_file_why", "needs a file system error after the folder was made"},
    {"report_no_temp_folder", "needs a temporary folder that cannot be made"},
    {"report_gnuplot_failed", "needs a gnuplot that fails on the generated script"},
    {"launch_srun_singletons_unplanned", "needs Slurm; launch_size.sh and slurm_run.sh show it"},
    {"job_needs_unified_windows",
     "needs an MPI whose windows are MPI_WIN_SEPARATE; MPICH's are unified (docs/onesided.md)"},
    {"launch_env_size_differs", "needs a process manager that disagrees with MPI"},
    {"cannot_open_lock", "needs a lock file that cannot be opened in a writable folder"},
    {"cannot_lock", "needs flock to fail with an error other than 'in use'"},
    {"cannot_write_into_folder", "needs a folder that can be made but not written"},
    {"cannot_remove", "needs exec --force on a results file that cannot be removed"},
    {"job_rdtscp_unavailable", "needs a CPU without RDTSCP"},
    {"job_sync_failed", "needs an MPI error inside a process sync"},
    {"job_loop_barrier_failed", "needs an MPI error inside the loop barrier"},
    {"job_global_needs_per_call",
     "a guard: the front end refuses runtime = global with a loop scheme first"},
    {"job_offset_only_hca3", "a guard: the front end refuses offset_only with jk, hca, hca2 first"},
    {"job_negative_buffer", "a guard: the front end refuses negative sizes first (negative_size)"},
    {"job_buffer_too_small",
     "the front end refuses the plan first (size_too_large); ops_catalog_test.cpp checks the "
     "runtime's guard"},
    {"job_verify_mpi_error", "needs an MPI error in a verification call"},
    {"clock_sync_at_least",
     "a guard: clock-check's options and the script's settings refuse these values first"},
    {"clock_check_at_least", "a guard: clock-check's --rounds option refuses 0 first"},
    {"clock_sync_negative",
     "a guard: no option or setting gives the clock sync a negative warm-up"},
    {"job_failed_elsewhere",
     "a guard for a stop without an error text; a failing rank always sends its text "
     "(exec_errors.sh, messages.sh)"},
    {"bundle_too_many_entries",
     "needs a bundle of more than 200 000 entries; the bound is a guard against crafted archives, "
     "as the byte bound that tests/e2e/stranger_bundle.sh shows (bundle_too_large)"},
    {"bundle_changed_while_read",
     "needs an archive that changes between the check and the unpack; the fuzzer (fuzz/bundle) "
     "reads every archive twice"},
    {"metadata_too_large",
     "needs a metadata file of more than 64 MiB; tests/e2e/stranger_bundle.sh shows the nesting "
     "bound of the same file"},
    {"job_directio_refused",
     "needs a file system that refuses O_DIRECT (tmpfs before Linux 6.6); "
     "ops_local_io_test.cpp checks the message where it runs on one"},
    {"job_no_implementation",
     "a guard: ops_catalog_test.cpp checks that every measurement function has an "
     "implementation (unimplemented_measure_funcs)"},
    {"job_counts_exceed_mpi_int",
     "a guard: the front end refuses count * ranks * ratio above the largest MPI count first "
     "(bad_arg_ratio_count)"},
    {"job_cart_create_failed", "needs MPI_Cart_create to fail on a valid communicator"},
    {"mpi_error_code", "needs MPI_Error_string to fail"},
    {"job_calibration_mpi_error", "needs an MPI error in the overlap calibration"},
    {"derived_type_mpi_error", "needs MPI to refuse a datatype the front end accepted"},
    {"job_io_too_large",
     "needs a local MPI-IO file of more than 2 GiB, which the buffer refuses first in a test "
     "(size_too_large)"},
    {"job_io_memtype_no_part",
     "a guard: the front end refuses a subarray without a part for every rank first "
     "(io_subarray_no_room)"},
    {"job_io_shared_pointer_pattern",
     "a guard: the front end refuses the class first (io_daccess_not_allowed, "
     "ops_io_test.cpp)"},
    {"job_io_sequential_daccess",
     "a guard: the front end refuses the class first (io_daccess_not_allowed, "
     "ops_io_test.cpp)"},
    {"job_io_pairs_daccess",
     "a guard: the front end refuses the class first (io_daccess_not_allowed)"},
    {"job_io_even_ranks",
     "needs MPI_IO_write_and_read on an odd number of ranks; the front end's needs_two_ranks "
     "and the MPI tests' 2 ranks do not reach it"},
    {"bug_uncommitted_type", "a bug if seen: a bind function passed a derived type uncommitted"},
    {"bug_unknown_datatype", "a bug if seen: code named a datatype that does not exist"},
    {"bug_unknown_reduction", "a bug if seen: code named a reduction that does not exist"},
    {"bug_threaded_without_base", "a bug if seen: operations.def names no base operation"},
    {"bug_no_such_argument", "a bug if seen: a bind function read a parameter it does not have"},
    {"bug_durations_differ", "a bug if seen: a scheme gathered stamps of different lengths"},
    {"bug_no_job_comm", "a bug if seen: the executor runs a job on ranks outside it"},
    {"bug_sync_not_provided", "a bug if seen: the executor gives every clock-based sync"},
    {"bug_sync_not_set_up", "a bug if seen: the executor gives every clock-based sync"},
    {"launch_manifest_disagrees",
     "needs a launcher that exits 0 without a complete launch; run_hang.sh and exec_kill.sh show "
     "the manifest's status"},
};

// The text of every test: end-to-end scripts (with the shell's escapes \` and \" undone),
// goldens, and the unit and MPI tests' sources (adjacent string literals joined).
std::vector<std::string> test_texts() {
  namespace fs = std::filesystem;
  std::vector<std::string> texts;
  for (const char* dir : {"tests/e2e", "tests/golden", "tests/unit", "tests/mpi"}) {
    for (const auto& e : fs::recursive_directory_iterator(fs::path(METRON_SOURCE_DIR) / dir)) {
      if (!e.is_regular_file()) continue;
      // This file names every message in its exemptions.
      if (e.path().filename() == "diagnostics_catalogue_test.cpp") continue;
      std::ifstream in(e.path());
      std::stringstream ss;
      ss << in.rdbuf();
      std::string t = ss.str(), out;
      // A C++ test's long expected text is split into adjacent literals ("a " <newline> "b"):
      // join them, as the compiler does.
      const std::string ext = e.path().extension().string();
      if (ext == ".cpp" || ext == ".h")
        t = std::regex_replace(t, std::regex("\"[ \t]*\n[ \t]*\""), "");
      for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '\\' && i + 1 < t.size() && (t[i + 1] == '`' || t[i + 1] == '"')) continue;
        out += t[i];
      }
      texts.push_back(std::move(out));
    }
  }
  return texts;
}

}  // namespace

TEST_CASE("messages: every id of messages.def is shown whole by a test or exempted") {
  // A test shows a message when one of its lines holds the whole message text, placeholders
  // matching anything on that line. The "metron: error: " prefix comes from message_line_of,
  // checked below.
  const std::vector<std::string> texts = test_texts();
  REQUIRE(texts.size() > 30);
  for (std::size_t i = metron::kScriptDiagCount; i < metron::diag_count(); ++i) {
    const metron::DiagInfo& info = metron::diag_info(metron::diag_by_index(i));
    if (kExemptMessage.count(info.name)) continue;
    const std::regex re(text_regex(info.format));
    bool found = false;
    for (const auto& t : texts)
      if (std::regex_search(t, re)) {
        found = true;
        break;
      }
    INFO("no test in tests/ shows '" << std::string(info.name)
                                     << "' whole: " << std::string(info.format));
    CHECK(found);
  }
}

TEST_CASE("messages: a message that is all placeholder passes on a text made elsewhere") {
  // Such a message matches any test line, so each must be named here with where its text comes
  // from; everything else has at least a few words of its own.
  const std::map<std::string, std::string> pass_through = {
      {"job_call_refused",
       "an operation's name and a message of diagnostics.def (the front end's check of the call, "
       "for a job made by hand); the MessageError carries that message's id"},
  };
  for (std::size_t i = metron::kScriptDiagCount; i < metron::diag_count(); ++i) {
    const metron::DiagInfo& info = metron::diag_info(metron::diag_by_index(i));
    // Parts of other messages, shown within them: verification's places (job_verify_mismatch,
    // verify_message_test), a launch's whereabouts and how its process ended.
    const std::string name = info.name;
    if (name.rfind("verify_in_", 0) == 0 || name.rfind("launch_where_", 0) == 0 ||
        name.rfind("launch_ended_", 0) == 0)
      continue;
    const std::string fixed = std::regex_replace(info.format, std::regex("\\{[^}]*\\}"), "");
    INFO(std::string(info.name) << ": " << std::string(info.format));
    CHECK((fixed.size() >= 8) != (pass_through.count(info.name) == 1));
  }
}

TEST_CASE("messages: the exemptions name ids of messages.def") {
  for (const auto& [name, why] : kExemptMessage) {
    bool exists = false;
    for (std::size_t i = metron::kScriptDiagCount; i < metron::diag_count(); ++i)
      exists |= name == metron::diag_info(metron::diag_by_index(i)).name;
    INFO(name << " (" << why << ")");
    CHECK(exists);
  }
}

TEST_CASE("messages: a status line has no severity word, an error and a warning have theirs") {
  CHECK(metron::message_line(metron::DiagId::launches_failed, 1, 2, "r/manifest.json") ==
        "metron: 1 of 2 launches failed (see r/manifest.json)");
  CHECK(metron::message_line(metron::DiagId::cli_bad_pair, "x") ==
        "metron: error: bad --pair 'x' (expected OP_A=OP_B)");
  CHECK(metron::message_line(metron::DiagId::environments_differ, "MPI") ==
        "metron: warning: environments differ: MPI");
  // Arguments keep their type: "{:g}" formats a double, and nothing is cut.
  CHECK(metron::message_text(metron::DiagId::launch_timed_out, 2.5, " before its first job") ==
        "the launch timed out: still running after 2.5 s (--timeout) before its first job");
  const std::string long_path(300, 'a');
  CHECK(metron::message_text(metron::DiagId::cannot_read_file, long_path) ==
        "cannot read '" + long_path + "'");
  CHECK(metron::message_text(metron::DiagId::unknown_placeholder, "x") ==
        "unknown placeholder '{x}' in the launcher template");
}

TEST_CASE("messages: a run-time error about a job is rendered at its source range") {
  metron::SourceManager sm;
  const metron::FileId f = sm.add("b.bench", "set reps = 5\n  measure comm(2) : Barrier()\n");
  const metron::SourceRange measure{{f, 15}, {f, 42}};  // "measure ... Barrier()"
  CHECK(metron::render_at(sm, metron::Severity::Error, measure,
                          metron::message_text(metron::DiagId::job_failed_elsewhere)) ==
        "b.bench:2:3: error: an MPI operation failed on another rank\n"
        "    2 |   measure comm(2) : Barrier()\n"
        "      |   ^~~~~~~~~~~~~~~~~~~~~~~~~~~\n");
}

TEST_CASE("diagnostics: exemptions name ids that exist") {
  for (const auto& [name, why] : kExempt) {
    bool exists = false;
    for (std::size_t i = 0; i < metron::diag_count(); ++i)
      exists |= name == metron::diag_info(metron::diag_by_index(i)).name;
    INFO(name << " (" << why << ")");
    CHECK(exists);
  }
}

TEST_CASE("diagnostics: messages start lower-case and have no final period") {
  for (std::size_t i = 0; i < metron::diag_count(); ++i) {
    const metron::DiagInfo& info = metron::diag_info(metron::diag_by_index(i));
    std::string f = info.format;
    INFO(info.name << ": " << f);
    REQUIRE_FALSE(f.empty());
    // "MPI" and MPI's functions are names, not the start of a sentence.
    if (f.rfind("MPI ", 0) != 0 && f.rfind("MPI_", 0) != 0)
      CHECK_FALSE((f[0] >= 'A' && f[0] <= 'Z'));
    CHECK(f.back() != '.');
    CHECK(f.find("n't") == std::string::npos);  // no contractions
  }
}
