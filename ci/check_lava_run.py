#!/usr/bin/python3
"""Run the QEMU LAVA job (lava/qemu-pmucheck.yaml) for real with Debian's lava-dispatcher (`lava-run`, which runs
one job without a LAVA server) against the built image, and check LAVA's own results: the job completes, the
test monitor finds its start and end strings, the console LAVA recorded is a whole TAP run whose counts line
agrees with its test points and whose points are the expected ones of the CI configuration the job boots, and
LAVA recorded one test case per TAP test point, in order, named after it, with the result of the point's TAP
status (check_lava.LAVA_RESULT: ok/skip/xpass -> pass, fail/todo -> fail).

lava-run takes a device configuration, which lava-server normally renders from the device type's template
with the job's context: ci/lava/qemu-device.yaml is that rendering, written by hand. The first checks require
its QEMU options to be the job context's, and every value in it to be what LAVA's own qemu.jinja2 renders for
the job's context (lava-server's templates of lava-dispatcher's version, which ci/install-deps.sh unpacks into
$PMUCHECK_CACHE/lava-server; rendered with jinja2 as lava-server does: sandboxed, trim_blocks). The job is
run from a copy whose kernel url is file:// to --elf. lava-run must run as root (it checks os.geteuid() == 0);
as another user the checks of the run are skipped and say so. Its log (one YAML mapping a line: dt, lvl,
msg; `results` lines carry LAVA's test results) is kept as <out>/lava-run.log, the console it recorded as
<out>/console.tap, the job copy as <out>/job.yaml. Prints one line per check and `N passed, N failed`.

Usage: check_lava_run.py --elf build/qemu-virt/pmucheck.elf --out build/test-results/lava-run
                         [--job lava/qemu-pmucheck.yaml] [--device ci/lava/qemu-device.yaml]"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_lava  # noqa: E402
import run_qemu  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT_S = 600  # above the job's own 10-minute timeout: lava-run stops itself first


def device_matches_context(device, context):
    """Problems with the device configuration's qemu boot method against the job's context, as qemu.jinja2
    renders it: `-cpu {{ cpu }}`, `-machine {{ machine }}` among the options, extra = extra_options, and the
    context's arch among available_architectures. [] when it matches."""
    params = device["actions"]["boot"]["methods"]["qemu"]["parameters"]
    problems = []
    for option in (f"-cpu {context.get('cpu')}", f"-machine {context.get('machine')}"):
        if option not in params.get("options", []):
            problems.append(f"options lack {option!r}")
    if list(params.get("extra") or []) != list(context.get("extra_options") or []):
        problems.append(f"extra {params.get('extra')} is not the context's extra_options "
                        f"{context.get('extra_options')}")
    if context.get("arch") not in device.get("available_architectures", []):
        problems.append(f"arch {context.get('arch')} is not in available_architectures")
    return problems


def lava_templates():
    """The device-type templates ci/install-deps.sh unpacks from lava-server's package."""
    cache = os.environ.get("PMUCHECK_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pmucheck")
    return os.path.join(cache, "lava-server", "root", "usr", "share", "lava-server", "device-types")


def render_device(template_dir, device_type, context):
    """What lava-server hands the worker for a device of `device_type` whose device dictionary sets nothing
    (`{% extends '<type>.jinja2' %}`), for a job with this context: lava_scheduler_app/models.py,
    Device.load_configuration renders the device dictionary with **job_ctx in a JinjaSandboxEnv with
    autoescape=False, trim_blocks=True (lava_scheduler_app/environment.py)."""
    import jinja2.sandbox  # Debian python3-jinja2, a dependency of lava-dispatcher
    env = jinja2.sandbox.SandboxedEnvironment(loader=jinja2.FileSystemLoader(template_dir), autoescape=False,
                                              trim_blocks=True)
    text = env.from_string("{%% extends '%s.jinja2' %%}" % device_type).render(**context)
    return yaml.safe_load(text)


def not_rendered(hand, rendered, path=""):
    """Where the hand-written configuration says something the rendering does not: a mapping's keys must be
    the rendering's with the same values (the rendering may have more keys), lists must be equal, except
    available_architectures, whose entries must be the rendering's. [path: difference]"""
    if isinstance(hand, dict) and isinstance(rendered, dict):
        out = []
        for key, value in hand.items():
            if key not in rendered:
                out.append(f"{path}{key}: not in the rendering")
            else:
                out += not_rendered(value, rendered[key], f"{path}{key}.")
        return out
    if path == "available_architectures." and isinstance(hand, list) and isinstance(rendered, list):
        return [f"{path[:-1]}: {a} not in the rendering" for a in hand if a not in rendered]
    if hand != rendered:
        return [f"{path[:-1]}: {hand!r} here, {rendered!r} rendered"]
    return []


def read_log(path):
    """lava-run's log: [{dt, lvl, msg}], one YAML flow mapping a line (lava_common.log.YAMLLogger)."""
    entries = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.strip():
                entries.append(yaml.load(line, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
    return entries


def expected_for(context):
    """(path, {name: status}) of the CI configuration the job's context boots: the ci/configs.txt entry with
    the same machine and cpu and no extra arguments, and the QEMU version of -append pmucheck.qemu=<v>."""
    version = None
    for option in context.get("extra_options") or []:
        m = re.search(r"pmucheck\.qemu=(\S+)", option)
        version = m.group(1) if m else version
    configs = run_qemu.load_configs(os.path.join(ROOT, "ci", "configs.txt"))
    for config in configs:
        if (config.machine, config.cpu, config.extra) == (context.get("machine"), context.get("cpu"), []) \
                and version in config.versions:
            path = run_qemu.expected_path(os.path.join(ROOT, "ci", "expected"), config, version)
            return path, run_qemu.load_expected(path)
    return None, None


class Checks:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0

    def check(self, ok, text, details=()):
        print(f"{'ok' if ok else 'not ok'} - {text}")
        for line in () if ok else details:
            print(f"#   {line}")
        self.passed += bool(ok)
        self.failed += not ok

    def skip(self, text, reason):
        print(f"ok - {text} # SKIP {reason}")
        self.skipped += 1

    def summary(self):
        print(f"{self.passed} passed, {self.failed} failed" + (f", {self.skipped} skipped" if self.skipped else ""))
        return 1 if self.failed else 0


RUN_CHECKS = ("the job completes (lava-run exit status 0, LAVA's job result pass)",
              "LAVA's test monitor found its start and end strings",
              "the console LAVA recorded is a whole TAP run, counts line = test points",
              "the run's test points are the expected ones of the configuration the job boots",
              "LAVA's test cases: one per TAP test point, same name and order, result from the TAP status")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--elf", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--job", default=os.path.join(ROOT, "lava", "qemu-pmucheck.yaml"))
    ap.add_argument("--device", default=os.path.join(ROOT, "ci", "lava", "qemu-device.yaml"))
    args = ap.parse_args(argv)
    checks = Checks()
    with open(args.job, encoding="utf-8") as f:
        job = yaml.safe_load(f)
    with open(args.device, encoding="utf-8") as f:
        device = yaml.safe_load(f)
    job_name = os.path.relpath(os.path.abspath(args.job), ROOT)
    context = job.get("context", {})

    problems = device_matches_context(device, context)
    checks.check(not problems, f"{os.path.relpath(os.path.abspath(args.device), ROOT)}: its QEMU options are "
                 f"{job_name}'s context (cpu, machine, extra_options, arch)", problems)

    device_name = os.path.relpath(os.path.abspath(args.device), ROOT)
    template_dir = lava_templates()
    device_type = job.get("device_type")
    if not os.path.exists(os.path.join(template_dir, f"{device_type}.jinja2")):
        checks.check(False, f"{device_name}: LAVA's {device_type}.jinja2 renders it for the job's context",
                     [f"no {device_type}.jinja2 in {template_dir}: run ci/install-deps.sh"])
    else:
        differences = not_rendered(device, render_device(template_dir, device_type, context))
        checks.check(not differences, f"{device_name}: LAVA's {device_type}.jinja2 renders it for the job's "
                     f"context (every value in it is the rendering's)", differences[:5])

    lava_run = shutil.which("lava-run")
    if os.geteuid() != 0:
        for text in RUN_CHECKS:
            checks.skip(f"{job_name}: {text}", "not root: lava-run runs jobs as root only")
        return checks.summary()
    if lava_run is None:
        checks.check(False, f"{job_name}: lava-run found", ["install Debian's lava-dispatcher (ci/install-deps.sh)"])
        return checks.summary()

    # the job copy: the kernel from --elf
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(args.out)
    for action in job["actions"]:
        for image in action.get("deploy", {}).get("images", {}).values():
            image["url"] = "file://" + os.path.abspath(args.elf)
    job_copy = os.path.join(args.out, "job.yaml")
    with open(job_copy, "w", encoding="utf-8") as f:
        yaml.safe_dump(job, f, sort_keys=False)
    log_path = os.path.join(args.out, "lava-run.log")
    output_dir = os.path.join(args.out, "output")
    # the job id names lava-run's scratch folder /var/lib/lava/dispatcher/tmp/<id>: our pid keeps two runs apart
    cmd = [lava_run, "--job-id", str(os.getpid()), "--output-dir", output_dir, "--device", args.device, job_copy]
    started = time.monotonic()
    with open(log_path, "wb") as log:
        try:
            returncode = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, timeout=TIMEOUT_S).returncode
        except subprocess.TimeoutExpired:
            returncode = None
    elapsed = time.monotonic() - started
    entries = read_log(log_path)
    results = [e["msg"] for e in entries if e.get("lvl") == "results" and isinstance(e.get("msg"), dict)]
    lava_results = {r.get("case"): r for r in results if r.get("definition") == "lava"}

    # 1. the job completes
    job_result = lava_results.get("job", {})
    try:
        with open(os.path.join(output_dir, "result.yaml"), encoding="utf-8") as f:
            result_file = yaml.safe_load(f) or {}
    except OSError:
        result_file = {}
    checks.check(returncode == 0 and job_result.get("result") == "pass" and result_file.get("result") == "pass",
                 f"{job_name}: {RUN_CHECKS[0]}: {len(entries)} log lines in {elapsed:.1f} s",
                 [f"exit status {returncode}" if returncode is not None else f"killed after {TIMEOUT_S} s",
                  f"LAVA: {job_result.get('error_type')}: {str(job_result.get('error_msg')).strip()}",
                  f"log: {log_path}"])

    # 2. the monitor saw its start and its end (otherwise it stopped at a timeout or the end of the console)
    monitor = lava_results.get("lava-test-monitor", {})
    checks.check((monitor.get("extra") or {}).get("status") == "passed", f"{job_name}: {RUN_CHECKS[1]}",
                 [f"lava-test-monitor: {monitor or 'no result'}"])

    # 3. the console as LAVA recorded it (its `target` lines) is a whole TAP run: up to LAVA's finalize action,
    # which types `poweroff` on the console (echoed as a target line) after the test
    finalize = next((i for i, e in enumerate(entries) if re.match(r"start: \d+ finalize\b", str(e.get("msg")))),
                    len(entries))
    console = "\n".join(str(e["msg"]) for e in entries[:finalize] if e.get("lvl") == "target") + "\n"
    with open(os.path.join(args.out, "console.tap"), "w", encoding="utf-8") as f:
        f.write(console)
    points, summary, bail = run_qemu.parse_tap(console)
    counted = tuple(sum(p["status"] == s for p in points) for s in ("ok", "fail", "skip"))
    checks.check(summary is not None and summary == counted and not bail and points,
                 f"{job_name}: {RUN_CHECKS[2]} ({len(points)} test points; the counts line says "
                 f"{'%d passed, %d failed, %d skipped' % summary if summary else 'nothing'})",
                 [f"Bail out! {bail}" if bail else f"test points: {counted[0]} ok, {counted[1]} not ok, "
                  f"{counted[2]} skipped"])

    # 4. the run gives what CI expects of the same configuration (ci/run_qemu.py's comparison)
    expected_path, expected = expected_for(context)
    if expected is None:
        checks.check(False, f"{job_name}: {RUN_CHECKS[3]}",
                     [f"no configuration in ci/configs.txt with machine {context.get('machine')}, cpu "
                      f"{context.get('cpu')} and the job's QEMU version, or no expectation file"])
    else:
        outcomes = run_qemu.compare(points, expected)
        wrong = [o for o in outcomes if not o.ok]
        checks.check(not wrong, f"{job_name}: {RUN_CHECKS[3]} ({os.path.relpath(expected_path, ROOT)}: "
                     f"{len(outcomes) - len(wrong)} of {len(outcomes)} as expected)",
                     [f"{o.name}: expected {o.expected}, seen {o.seen}" for o in wrong[:5]])

    # 5. LAVA's test cases against the TAP test points
    suite = [m.get("name", "").replace(" ", "-").lower()
             for a in job["actions"] for m in a.get("test", {}).get("monitors", [])]
    cases = [((r.get("extra") or {}).get("test_case_id"), r.get("result"))
             for r in results if r.get("definition") in suite]
    want = [(p["name"], check_lava.LAVA_RESULT[p["status"]]) for p in points]
    differences = [f"#{i + 1}: LAVA {seen}, TAP {wanted}"
                   for i, (seen, wanted) in enumerate(zip(cases, want)) if seen != wanted][:5]
    if len(cases) != len(want):
        differences.append(f"LAVA recorded {len(cases)} test cases, the TAP has {len(want)} test points")
    tally = {r: sum(c[1] == r for c in cases) for r in ("pass", "fail")}
    checks.check(points and cases == want,
                 f"{job_name}: {RUN_CHECKS[4]} ({len(cases)} LAVA test cases: {tally['pass']} pass, "
                 f"{tally['fail']} fail)", differences)
    return checks.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
