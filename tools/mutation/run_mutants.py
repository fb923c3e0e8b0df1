#!/usr/bin/env python3
"""Mutation check: apply one-line mutants to the core logic, rebuild, run the tests, report.

Each mutant in mutants.txt names a file, a snippet that must occur exactly once in it, and its
replacement (see the header of mutants.txt). Mutants are applied to a private copy of the source
tree (<work>/src), never to the checkout, so a crash or Ctrl-C cannot leave a mutant behind; the
copy is refreshed from the checkout at every start and the mutated file is restored after each
mutant (also on SIGINT/SIGTERM).

For each mutant: rebuild incrementally (<work>/src/build), run the fast tests first (the mutant's
`first` regex if it has one, else the unit tests of the mutated library and the goldens), and
only when they all pass, the rest of the suite. A mutant is `killed` when a test fails (or a stage exceeds its time limit:
a hang is a failure too), `survived` when the whole suite passes, `stale` when its snippet is not
found exactly once (the code moved on: fix the mutant), `build-error` when the mutated code does
not compile (a mutant must compile to count).

Usage:
  tools/mutation/run_mutants.py [--work DIR] [--only ID[,ID...]] [--area AREA] [--issue]
                                [--list] [--check] [--jobs N] [--stage-timeout S]
                                [--distrust REGEX]
  --check   only verify that every snippet occurs exactly once (no build), exit 1 if any is stale
Exit code: 0 if the kill rate over non-stale mutants is >= --min-rate (default 0.9) and no mutant
is stale, 1 otherwise.
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
FIELDS = ("mutant", "area", "file", "desc", "from", "to", "first", "targets", "issue")
# The default first stage by the mutated file's library: its unit tests (and the goldens for the
# front end), with only what they need built. A mutant's `first`/`targets` override these.
DEFAULT_FIRST = [
    (r"^runtime/(stats|adapt)/", "^unit/stats$", ["metron_stats_tests"]),
    (r"^(interpreter|runtime/plan)/", "^(unit/front|golden/)", ["metron_front_tests", "metron"]),
    (r"", "^(unit|golden)/", ["metron_stats_tests", "metron_front_tests", "metron"]),
]


def first_stage(m):
    for pattern, regex, targets in DEFAULT_FIRST:
        if re.search(pattern, m["file"]):
            break
    regex = m.get("first", regex)
    targets = m["targets"].split() if m.get("targets") else targets
    return regex, targets


def parse_mutants(path):
    """Blocks of `key value` lines separated by blank lines; '#' lines are comments."""
    mutants, cur = [], {}
    for lineno, raw in enumerate(path.read_text().splitlines() + [""], 1):
        if raw.startswith("#"):
            continue
        if not raw.strip():
            if cur:
                missing = [k for k in ("mutant", "area", "file", "desc", "from", "to") if k not in cur]
                if missing:
                    sys.exit(f"{path}:{cur['_line']}: mutant lacks {', '.join(missing)}")
                mutants.append(cur)
                cur = {}
            continue
        key, _, value = raw.partition(" ")
        if key not in FIELDS:
            sys.exit(f"{path}:{lineno}: unknown key '{key}'")
        # The value starts after the run of spaces that pads the key (keys are padded to 7).
        value = value.lstrip(" ")
        value = value.replace("\\n", "\n")
        if not cur:
            cur["_line"] = lineno
        cur[key] = value
    ids = [m["mutant"] for m in mutants]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        sys.exit(f"duplicate mutant ids: {', '.join(sorted(dup))}")
    return mutants


def tracked_files():
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO,
                         check=True, capture_output=True).stdout
    return [f for f in out.decode().split("\0") if f]


def sync_copy(src_copy):
    """Make src_copy equal to the checkout, copying only what differs: unchanged files keep
    their mtimes, so the copy's build stays incremental, and a copied file gets a fresh mtime,
    so that make rebuilds what depends on it (the checkout's older mtime could predate the
    copy's objects)."""
    files = tracked_files()
    for rel in files:
        a, b = REPO / rel, src_copy / rel
        if not a.is_file():
            continue
        if b.is_file() and b.stat().st_size == a.stat().st_size and b.read_bytes() == a.read_bytes():
            continue
        b.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(a, b)
        shutil.copymode(a, b)


def occurrences(text, snippet):
    return text.count(snippet)


CHILD = {"proc": None}  # the running build or ctest, ended with us on SIGINT/SIGTERM


def run(cmd, cwd, timeout, log):
    """Runs cmd in its own process group; returns (rc, output); rc None on timeout."""
    with open(log, "w") as f:
        p = subprocess.Popen(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT,
                             start_new_session=True)
        CHILD["proc"] = p
        try:
            rc = p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            rc = None
        CHILD["proc"] = None
    return rc, Path(log).read_text(errors="replace")


FAILED_RE = re.compile(r"Test\s+#\d+: (\S+) \.+\s*(\*\*\*Failed|\*\*\*Timeout|\*\*\*Exception|Exit code|Child aborted|\*\*\*Not Run)")


def first_failure(output):
    m = FAILED_RE.search(output)
    return m.group(1) if m else None


def ctest(build, args, timeout, log):
    cmd = ["ctest", "--test-dir", str(build), "--stop-on-failure", "--timeout", "120"] + args
    rc, out = run(cmd, build, timeout, log)
    if rc is None:
        name = None
        started = re.findall(r"Start\s+\d+: (\S+)", out)
        if started:
            name = started[-1]
        return "timeout", name or "(stage time limit)"
    if rc == 0:
        if re.search(r"No tests were found", out):
            return "none", None
        return "pass", None
    return "fail", first_failure(out) or "(ctest failed)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", default=str(REPO / "build-mutation"),
                    help="folder for the source copy and its build (default: build-mutation)")
    ap.add_argument("--mutants", default=str(HERE / "mutants.txt"))
    ap.add_argument("--only", default="", help="comma-separated mutant ids")
    ap.add_argument("--area", default="", help="only mutants of this area")
    ap.add_argument("--issue", action="store_true", help="only the mutants marked `issue`")
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--check", action="store_true", help="only check the snippets (no build)")
    ap.add_argument("--jobs", type=int, default=2, help="build parallelism")
    ap.add_argument("--stage-timeout", type=int, default=600,
                    help="seconds a test stage may run; beyond, the mutant counts as killed")
    ap.add_argument("--min-rate", type=float, default=0.9)
    ap.add_argument("--distrust", default="",
                    help="ctest regex of tests not to run in the second stage: timing tests "
                         "that fail on a loaded machine would count as kills")
    a = ap.parse_args()

    mutants = parse_mutants(Path(a.mutants))
    if a.only:
        want = set(a.only.split(","))
        unknown = want - {m["mutant"] for m in mutants}
        if unknown:
            sys.exit(f"unknown mutant ids: {', '.join(sorted(unknown))}")
        mutants = [m for m in mutants if m["mutant"] in want]
    if a.area:
        mutants = [m for m in mutants if m["area"] == a.area]
    if a.issue:
        mutants = [m for m in mutants if "issue" in m]
    if a.list:
        for m in mutants:
            print(f"{m['mutant']:28} {m['area']:12} {m['file']}: {m['desc']}")
        return 0

    # Stale check against the checkout first (cheap, and what --check reports).
    stale = []
    for m in mutants:
        path = REPO / m["file"]
        n = occurrences(path.read_text(), m["from"]) if path.is_file() else 0
        if n != 1:
            m["status"], m["by"] = "stale", f"snippet found {n} times"
            stale.append(m)
    if a.check:
        for m in stale:
            print(f"stale: {m['mutant']} ({m['file']}: {m['by']})")
        print(f"{len(mutants) - len(stale)} of {len(mutants)} mutants apply")
        return 1 if stale else 0

    work = Path(a.work).resolve()
    # The build sits inside the copy as build/, as in a checkout, so that ccache (base_dir) sees
    # the same relative paths as the checkout's build and the first build is mostly cache hits.
    src, build = work / "src", work / "src" / "build"
    src.mkdir(parents=True, exist_ok=True)
    sync_copy(src)  # also undoes a mutant left by a killed earlier run
    if not (build / "CMakeCache.txt").exists():
        cfg = ["cmake", "-S", str(src), "-B", str(build), "-DCMAKE_BUILD_TYPE=RelWithDebInfo"]
        if shutil.which("ccache"):
            cfg.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        subprocess.run(cfg, check=True, stdout=subprocess.DEVNULL)
    build_cmd = ["cmake", "--build", str(build), "-j", str(a.jobs)]
    print("building the unmutated copy ...", flush=True)
    rc, out = run(build_cmd, build, None, work / "build.log")
    if rc != 0:
        sys.exit(f"the unmutated tree does not build; see {work / 'build.log'}")
    # The deterministic tests must pass without a mutant, or every mutant would look killed.
    res, by = ctest(build, ["-L", "unit|golden"], a.stage_timeout, work / "baseline.log")
    if res != "pass":
        sys.exit(f"the unmutated tree fails {by}; see {work / 'baseline.log'}")

    current = {"path": None, "text": None}

    def restore(*_):
        if current["path"] is not None:
            current["path"].write_text(current["text"])
            current["path"] = None

    def on_signal(signum, _frame):
        if CHILD["proc"] is not None and CHILD["proc"].poll() is None:
            os.killpg(CHILD["proc"].pid, signal.SIGTERM)
        restore()
        sys.exit(128 + signum)

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    t_all = time.time()
    try:
        for i, m in enumerate(mutants, 1):
            if m.get("status") == "stale":
                print(f"[{i}/{len(mutants)}] {m['mutant']}: stale ({m['by']})", flush=True)
                continue
            t0 = time.time()
            path = src / m["file"]
            text = path.read_text()
            current["path"], current["text"] = path, text
            path.write_text(text.replace(m["from"], m["to"], 1))
            log = work / f"{m['mutant']}"
            first, targets = first_stage(m)
            rc, _ = run(build_cmd + ["--target"] + targets, build, None, f"{log}.build.log")
            if rc != 0:
                m["status"], m["by"] = "build-error", f"see {log}.build.log"
            else:
                res, by = ctest(build, ["-R", first], a.stage_timeout, f"{log}.fast.log")
                if res == "none":
                    print(f"warning: {m['mutant']}: no test matches '{first}'", flush=True)
                if res in ("fail", "timeout"):
                    m["status"], m["by"] = "killed", by + (" (timeout)" if res == "timeout" else "")
                else:
                    # The rest of the suite: everything the first stage did not run.
                    rc, _ = run(build_cmd, build, None, f"{log}.build.log")
                    rest = ["-E", first + ("|" + a.distrust if a.distrust else "")]
                    res, by = ("build", "") if rc != 0 else ctest(build, rest, a.stage_timeout,
                                                                  f"{log}.rest.log")
                    if res == "build":
                        m["status"], m["by"] = "build-error", f"see {log}.build.log"
                    elif res in ("fail", "timeout"):
                        m["status"] = "killed"
                        m["by"] = by + (" (timeout)" if res == "timeout" else "")
                    else:
                        m["status"], m["by"] = "survived", ""
            restore()
            print(f"[{i}/{len(mutants)}] {m['mutant']}: {m['status']} {m['by']} "
                  f"({time.time() - t0:.0f} s)", flush=True)
    finally:
        restore()

    counted = [m for m in mutants if m["status"] in ("killed", "survived")]
    killed = [m for m in counted if m["status"] == "killed"]
    issue = [m for m in counted if "issue" in m]
    print()
    print("| mutant | area | result | killed by |")
    print("|---|---|---|---|")
    for m in mutants:
        print(f"| {m['mutant']} | {m['area']} | {m['status']} | {m['by']} |")
    print()
    areas = sorted({m["area"] for m in counted})
    for ar in areas:
        c = [m for m in counted if m["area"] == ar]
        k = [m for m in c if m["status"] == "killed"]
        print(f"{ar:14} {len(k)}/{len(c)} killed")
    rate = len(killed) / len(counted) if counted else 0.0
    print(f"kill rate: {len(killed)}/{len(counted)} = {100 * rate:.1f} %"
          f"  (issue mutants: {sum(m['status'] == 'killed' for m in issue)}/{len(issue)};"
          f" stale: {sum(m['status'] == 'stale' for m in mutants)};"
          f" build errors: {sum(m['status'] == 'build-error' for m in mutants)};"
          f" {time.time() - t_all:.0f} s)")
    for m in mutants:
        if m["status"] == "survived":
            print(f"survived: {m['mutant']} ({m['file']}): {m['desc']}")
    bad = any(m["status"] in ("stale", "build-error") for m in mutants)
    return 0 if rate >= a.min_rate and not bad else 1


if __name__ == "__main__":
    sys.exit(main())
