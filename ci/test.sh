#!/usr/bin/env bash
# make test: everything CI checks. Each step writes build/test-results/<step>.summary ("N passed, N failed");
# the last line printed is the total over all of them (ci/summarize.py).
set -uo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-/usr/bin/python3}
MAKE=${MAKE:-make}
R=build/test-results
rm -rf "$R" && mkdir -p "$R"

step_build() { # name, make arguments...
	local name=$1; shift
	if $MAKE --no-print-directory all "$@"; then echo "1 passed, 0 failed" > "$R/$name.summary"
	else echo "0 passed, 1 failed" > "$R/$name.summary"; fi
}

$MAKE --no-print-directory host-test
# Mutation testing of the EBEP, snapshot and PC sample models (ci/mutate_model.py, `make mutate`): each comparison
# and boolean operator flipped in turn must fail a host test, or be explained at its line as an equivalent mutant;
# build/test-results/mutate.log. What it cost is printed (about 75 s of CPU, -j2: the host test binary relinked and
# run per mutant; 96 s wall within a make test on a machine busy with other builds).
$MAKE --no-print-directory mutate
$MAKE --no-print-directory host-dt-test
# The ACPI reader (lib/acpi/) on tables built in memory and on QEMU's own virt tables: build/test-results/host-acpi.log.
$MAKE --no-print-directory host-acpi-test
# The census of the device tree reader on the arm64 board trees of Debian's linux-source-6.1 (ci/linux-dts.sh
# compiles them into the cache once, ci/census.py sets what the reader finds against what each tree names):
# build/test-results/census.log.
$MAKE --no-print-directory census
$MAKE --no-print-directory host-access-test
$MAKE --no-print-directory fuzz-regress
step_build build-fvp PLATFORM=fvp-base
step_build build-clang TOOLCHAIN=clang
step_build build-gcc
if $PYTHON -m unittest discover -s ci/tests -q 2> "$R/ci-selftest.log"; then
	echo "1 passed, 0 failed" > "$R/ci-selftest.summary"
else
	cat "$R/ci-selftest.log"; echo "0 passed, 1 failed" > "$R/ci-selftest.summary"
fi
$PYTHON ci/check_selection.py --elf build/qemu-virt/pmucheck.elf > "$R/selection.log"
cat "$R/selection.log"; tail -n 1 "$R/selection.log" > "$R/selection.summary"
$PYTHON ci/check_order.py --elf build/qemu-virt/pmucheck.elf > "$R/order.log"
cat "$R/order.log"; tail -n 1 "$R/order.log" > "$R/order.summary"
if $MAKE --no-print-directory all FAULT_INJECT=1 WATCHDOG_MS=500 > "$R/fault-build.log" 2>&1; then
	$PYTHON ci/check_fault_inject.py --elf build/qemu-virt-fault/pmucheck.elf > "$R/fault-inject.log"
else
	cat "$R/fault-build.log"; echo "0 passed, 1 failed" > "$R/fault-inject.log"
fi
cat "$R/fault-inject.log"; tail -n 1 "$R/fault-inject.log" > "$R/fault-inject.summary"
# pmucheck's own QEMU (ci/build-qemu-pmu.sh, README "pmucheck's own QEMU"), for the configurations on 10.0-pmu:
# built once per patch series into the cache (from nothing about 10 minutes on 2 idle cores; a changed patch
# seconds to minutes), then reused. What it cost is printed; if it does not build, those runs fail.
qemu_pmu_started=$(date +%s)
if bash ci/build-qemu-pmu.sh > "$R/qemu-pmu-build.log" 2>&1 && qemu_pmu=$(tail -n 1 "$R/qemu-pmu-build.log") &&
	[ -x "$qemu_pmu" ]; then
	export PMUCHECK_QEMU_PMU=$qemu_pmu
	echo "pmucheck's own QEMU: $qemu_pmu, $(($(date +%s) - qemu_pmu_started)) s in this run" \
	     "(its build: $(cat "$(dirname "$qemu_pmu")/BUILD-SECONDS"))"
	echo "1 passed, 0 failed" > "$R/qemu-pmu-build.summary"
else
	tail -n 20 "$R/qemu-pmu-build.log"; echo "pmucheck's own QEMU did not build (the log: $R/qemu-pmu-build.log)"
	echo "0 passed, 1 failed" > "$R/qemu-pmu-build.summary"
fi
# QEMU's scripts/checkpatch.pl on each patch of the series (only the missing Signed-off-by allowed).
bash ci/check_qemu_patches.sh > "$R/qemu-patches.log"
cat "$R/qemu-patches.log"; tail -n 1 "$R/qemu-patches.log" > "$R/qemu-patches.summary"
# The faults again on pmucheck's QEMU, whose FEAT_EBEP adds fault.pmu_exception (a PMU Profiling exception nobody
# expects, taken at the orchestrator's own level and contained).
if [ -s build/qemu-virt-fault/pmucheck.elf ]; then
	$PYTHON ci/check_fault_inject.py --elf build/qemu-virt-fault/pmucheck.elf --qemu 10.0-pmu \
		--config el3-max --config el2-max > "$R/fault-inject-pmu.log"
else
	echo "0 passed, 1 failed" > "$R/fault-inject-pmu.log"
fi
cat "$R/fault-inject-pmu.log"; tail -n 1 "$R/fault-inject-pmu.log" > "$R/fault-inject-pmu.summary"
$PYTHON ci/run_qemu.py --elf build/qemu-virt/pmucheck.elf --junit-dir "$R" > "$R/qemu.log"
cat "$R/qemu.log"; tail -n 1 "$R/qemu.log" > "$R/qemu.summary"
# pmucheck.bin away from its link address (QEMU's generic loader, no -kernel): it relocates itself, verdicts as
# el3-max's; outside the compiled-in RAM window it uses nothing compiled in (ci/check_relocated.py).
$PYTHON ci/check_relocated.py --bin build/qemu-virt/pmucheck.bin > "$R/relocated.log" 2>&1
cat "$R/relocated.log"; tail -n 1 "$R/relocated.log" > "$R/relocated.summary"
# pmucheck as TF-A 2.8's BL33 (ci/build-tfa.sh's build in the cache, made by ci/install-deps.sh): entered at
# Non-secure EL2 with the tree in x0, PE 1 through TF-A's PSCI CPU_ON, verdicts as el2-max's (ci/check_tfa.py).
$PYTHON ci/check_tfa.py --elf build/qemu-virt/pmucheck.elf --out "$R" > "$R/tfa.log" 2>&1
cat "$R/tfa.log"; tail -n 1 "$R/tfa.log" > "$R/tfa.summary"
# The image booted from U-Boot (Debian's u-boot-qemu, -bios) as a board user does: booti, go and bootelf, with
# U-Boot at EL2, at EL1 and at EL3; the verdicts of the modules run against the -kernel runs' (ci/check_uboot.py).
$PYTHON ci/check_uboot.py --elf build/qemu-virt/pmucheck.elf > "$R/uboot.log" 2>&1
cat "$R/uboot.log"; tail -n 1 "$R/uboot.log" > "$R/uboot.summary"
$PYTHON ci/check_lava.py --tap "$R/el3-max@qemu-7.2.tap" > "$R/lava.log"
cat "$R/lava.log"; tail -n 1 "$R/lava.log" > "$R/lava.summary"
# The QEMU LAVA job run for real by lava-run (Debian's lava-dispatcher, no LAVA server; about 3 s), LAVA's own
# results checked against the TAP it recorded; its log, console and job copy in $R/lava-run/.
$PYTHON ci/check_lava_run.py --elf build/qemu-virt/pmucheck.elf --out "$R/lava-run" > "$R/lava-run.log"
cat "$R/lava-run.log"; tail -n 1 "$R/lava-run.log" > "$R/lava-run.summary"
echo "the clang-built image, same configurations:"
$PYTHON ci/run_qemu.py --elf build/qemu-virt-clang/pmucheck.elf --junit-dir "$R/clang" > "$R/qemu-clang.log"
cat "$R/qemu-clang.log"; tail -n 1 "$R/qemu-clang.log" > "$R/qemu-clang.summary"
# The image linked against newlib instead of picolibc (make LIBC=newlib: ci/build-newlib.sh's build of Debian's
# newlib-source, made by ci/install-deps.sh, and lib/drivers/console_newlib.c): entered at EL3, EL2 and EL1 and
# with two PEs (semihosting console), and at EL3 with the UART console, on both QEMU versions; the verdicts must
# be the picolibc image's expectations.
echo "the newlib-linked image:"
if $MAKE --no-print-directory all LIBC=newlib > "$R/newlib-build.log" 2>&1; then
	$PYTHON ci/run_qemu.py --elf build/qemu-virt-newlib/pmucheck.elf --config el3-max --config el2-max \
		--config el1-max --config el3-max-smp2 --config el3-max-uart --junit-dir "$R/newlib" > "$R/newlib.log"
else
	cat "$R/newlib-build.log"; echo "0 passed, 1 failed" > "$R/newlib.log"
fi
cat "$R/newlib.log"; tail -n 1 "$R/newlib.log" > "$R/newlib.summary"
# Entered at EL2 from a loader that left a VHE kernel's EL2 (make ENTRY_VHE=1: HCR_EL2.{E2H,TGE} = {1,1} and FP/SIMD
# trapped in CPTR_EL2's E2H = 1 layout, on every PE): pmucheck takes the PE over, the verdicts are el2-max's.
echo "entered at EL2 with HCR_EL2.{E2H,TGE} = {1,1} left by the loader:"
if $MAKE --no-print-directory all ENTRY_VHE=1 > "$R/vhe-entry-build.log" 2>&1; then
	$PYTHON ci/run_qemu.py --elf build/qemu-virt-vhe-entry/pmucheck.elf --config el2-max --config el2-max-smp2 \
		--junit-dir "$R/vhe-entry" > "$R/vhe-entry.log"
else
	cat "$R/vhe-entry-build.log"; echo "0 passed, 1 failed" > "$R/vhe-entry.log"
fi
cat "$R/vhe-entry.log"; tail -n 1 "$R/vhe-entry.log" > "$R/vhe-entry.summary"
# Every AArch64 CPU model of each QEMU version at every entry, expectations derived from each run (ci/matrix.txt,
# ci/derive_expected.py); the gcc image only: the clang image runs the core configurations above.
echo "the CPU-model matrix (gcc image), expectations derived:"
$PYTHON ci/run_matrix.py --elf build/qemu-virt/pmucheck.elf --jobs 2 --out "$R/matrix" > "$R/matrix.log"
cat "$R/matrix.log"; tail -n 1 "$R/matrix.log" > "$R/matrix.summary"
# The HTML report (ci/report.py, `make report`) in headless Chromium: the totals it renders, read back from the
# DOM, equal the TAP's (a sample run, and el3-max on QEMU 10.0 against 7.2); screenshots kept as report-*.png.
$PYTHON ci/check_report.py --out "$R" > "$R/report.log" 2>&1
cat "$R/report.log"; tail -n 1 "$R/report.log" > "$R/report.summary"
# Every step leaves a summary; one that stopped before writing it failed (a missing file is not a pass).
for step in host mutate host-dt host-acpi census host-access fuzz-regress build-fvp build-clang build-gcc ci-selftest selection \
	    order fault-inject qemu-pmu-build qemu-patches fault-inject-pmu qemu qemu-clang newlib vhe-entry matrix tfa uboot lava \
	    lava-run report; do
	[ -s "$R/$step.summary" ] || { echo "$step: no summary (the step did not finish)"; echo "0 passed, 1 failed" > "$R/$step.summary"; }
done
$PYTHON ci/summarize.py "$R"/*.summary
