# pmucheck - bare-metal PMUv3 conformance checks.
#
#   make                 build build/<platform>/pmucheck.elf and .bin (PLATFORM=qemu-virt by default)
#   make run             install what is missing, build, boot the suite on QEMU; exit status from the firmware
#   make test            everything CI checks: host model tests, gcc and clang builds, QEMU configurations
#   make bench           image size, run time against the floor, checks/s, -icount ticks (never in `make test`);
#                        BENCH_BASELINE=<elf>: an earlier image timed in the same run (before/after);
#                        BENCH_CONFIGS=<name,...>: only those configurations
#   make report          build/report/index.html, one self-contained page of a run's results
#                        (A=<tap>: that run instead of build/test-results/el3-max@qemu-10.0.tap;
#                        A=<tap> B=<tap>: B's results and what changed from A)
#   make run TESTS=enable            only the test points of one module (comma-separated list; MODULES= too)
#   make TOOLCHAIN=clang             build with clang --target=aarch64-none-elf (lld links)
#   make LIBC=newlib                 link newlib instead of picolibc (build/<platform>-newlib/; ci/build-newlib.sh)
#   make run FAULT_INJECT=1          add deliberate faults at every context first (build/<platform>-fault/)
#   make ENTRY_VHE=1                 a PE entered at EL2 first takes the state a VHE loader leaves (HCR_EL2.{E2H,TGE}
#                                    = {1,1}, FP/SIMD trapped in CPTR_EL2's E2H layout): the takeover test
#                                    (build/<platform>-vhe-entry/)
#   make WATCHDOG_MS=500             the per-call watchdog's limit (default 2000 ms, lib/runtime/watchdog.h)
#   make mutate                      mutation testing of the EBEP, snapshot and PC sample models against the host tests
#   make host-acpi-test              the ACPI reader (lib/acpi/) on built tables and QEMU's own (a step of `make test`)
#   make fuzz-acpi                   fuzz the ACPI reader for FUZZ_SECONDS (tests/fuzz/corpus/acpi/ keeps what is new)
#   make census                      the device tree reader on Linux's arm64 board trees (a step of `make test`;
#                                    CENSUS_ARGS=--threshold-only counts the threshold alone)
#   make coverage                    spec coverage of the last run's TAP (COVERAGE_TAP=...) into build/coverage/
#   make soak                        a long randomized sweep on QEMU (SOAK_COUNT, SOAK_SEED; never part of `make test`)
#   make run FORCE_GATES=1           run the ebep, sebep and snapshot modules where the ID registers say absent
#   make PLATFORM=fvp-base           build for Arm's FVP Base model (run it with `make run` where FVP is)
#   make qemu-pmu                    build QEMU 10.0.2 with the patches in qemu/patches/ into the cache (minutes)
#   make kvm-run                     the suite as a KVM guest: Debian's arm64 Linux (KERNELS="6.1 6.12", bookworm and
#                                    backports) in MODES="vhe nvhe" on pmucheck's QEMU, Debian's arm64 QEMU as its
#                                    VMM (ci/kvm/run-kvm-guest.sh; KVM_TESTS=enable for one module; not `make test`'s)

PLATFORM  ?= qemu-virt
# Where ci/install-deps.sh unpacks what is not a Debian package install (QEMU 10.0).
PMUCHECK_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/pmucheck
TOOLCHAIN ?= gcc
# The C library: picolibc (Debian's picolibc-aarch64-linux-gnu) or newlib (see NEWLIB below).
LIBC      ?= picolibc
MODULES   ?=
# TESTS: test points to run (comma-separated names or leading parts: enable, access.pmcr_el0); MODULES is its old name.
TESTS     ?= $(MODULES)
include platform/$(PLATFORM)/platform.mk

.DEFAULT_GOAL := all

# aarch64-none-elf- (Arm GNU Toolchain) when on PATH, else Debian's aarch64-linux-gnu-.
CROSS_COMPILE ?= $(if $(shell command -v aarch64-none-elf-gcc 2>/dev/null),aarch64-none-elf-,aarch64-linux-gnu-)
PICOLIBC      ?= /usr/lib/picolibc/aarch64-linux-gnu
PYTHON        ?= /usr/bin/python3
HOSTCC        ?= cc

BUILD := build/$(PLATFORM)$(if $(filter clang,$(TOOLCHAIN)),-clang)$(if $(filter newlib,$(LIBC)),-newlib)$(if $(filter 1,$(FAULT_INJECT)),-fault)$(if $(filter 1,$(ENTRY_VHE)),-vhe-entry)
ELF   := $(BUILD)/pmucheck.elf
include mk/libfdt.mk

# The spec model (lib/model/): every file is built into the firmware; all but the access model into the host test.
MODEL_SRCS := $(sort $(wildcard lib/model/*.c))
HOST_MODEL_SRCS := $(MODEL_SRCS) lib/runtime/profiling_exception.c

# The console (console.c) and its C library's glue: picolibc's stdio FILE (console_picolibc.c), or newlib's
# system calls (console_newlib.c).
CONSOLE_SRC := lib/drivers/console.c lib/drivers/$(if $(filter newlib,$(LIBC)),console_newlib.c,console_picolibc.c)
# The console UART drivers (lib/drivers/uart/: the list and matching in uart.c, one file per family).
UART_SRCS := $(sort $(wildcard lib/drivers/uart/*.c))
SRCS := boot/entry.S boot/boot_main.c boot/uefi/efi_entry.S boot/uefi/efi_main.c \
        el3/smc_service.c el2/hvc_service.c el1/svc_service.c \
        lib/arch/id_regs.c \
        lib/runtime/baseline.c lib/runtime/context.c lib/runtime/context_lower.S lib/runtime/exception.c lib/runtime/profiling_exception.c lib/runtime/watchdog.c lib/runtime/vectors.S \
        lib/runtime/aarch32.c lib/runtime/aarch32_agent_blob.S \
        $(CONSOLE_SRC) lib/drivers/console_early.S $(UART_SRCS) lib/drivers/gic/gic.c lib/drivers/gic/gicv2.c lib/drivers/gic/gicv3.c lib/mmu/page_tables.c lib/mmu/mmu.c lib/mmu/stage2.c lib/mmu/stage2_hole.S \
        lib/smp/psci.c lib/smp/pe_start.c $(DT_SRCS) lib/acpi/acpi_platform.c \
        lib/platform/platform_exit.c lib/platform/pe_memory.c $(MODEL_SRCS) \
        lib/test/test.c lib/test/selection.c \
        tests/modules.c tests/pe_class.c tests/isolation.c tests/pmu_util.c tests/enable.c tests/prohibit.c tests/filter.c tests/guest_view.c tests/overflow.c tests/interrupt.c tests/pmu_irq.c tests/freeze.c tests/pmcr.c tests/access.c tests/access_a32.c tests/ebep.c tests/ebep_sequences.S tests/sebep.c tests/snapshot.c tests/snapshot_sequences.S tests/pc_sample.c tests/icntr.c tests/threshold.c tests/regbits.c tests/fault_inject.c tests/sweep.c tests/exc_events.c tests/mt.c \
        platform/$(PLATFORM)/xfail.c
OBJS := $(patsubst %,$(BUILD)/%.o,$(basename $(SRCS)))

PLAT_DEFS := -DPLAT_RAM_BASE=$(PLAT_RAM_BASE) -DPLAT_RAM_SIZE=$(PLAT_RAM_SIZE) \
             -DPLAT_UART_BASE=$(PLAT_UART_BASE) -DPLAT_GICD_BASE=$(PLAT_GICD_BASE) \
             -DPLAT_GICR_BASE=$(PLAT_GICR_BASE) -DPLAT_PMU_INTID=$(PLAT_PMU_INTID) \
             -DPLAT_SEMIHOSTING=$(PLAT_SEMIHOSTING) -DPMUCHECK_TESTS='"$(TESTS)"' \
             -DPLAT_COMPATIBLE='"$(PLAT_COMPATIBLE)"' \
             -DPLAT_MEM_BASE=$(PLAT_MEM_BASE) -DPLAT_MEM_SIZE=$(PLAT_MEM_SIZE) -DPLAT_GICR_SIZE=$(PLAT_GICR_SIZE) \
             $(if $(PLAT_FDT_FALLBACK),-DPLAT_FDT_FALLBACK=$(PLAT_FDT_FALLBACK)) \
             $(if $(filter 1,$(FORCE_GATES)),-DPMUCHECK_FORCE_GATES=1) $(if $(filter 1,$(FAULT_INJECT)),-DPMUCHECK_FAULT_INJECT=1) \
             $(if $(filter 1,$(ENTRY_VHE)),-DPMUCHECK_ENTRY_VHE=1) $(if $(WATCHDOG_MS),-DWATCHDOG_MS=$(WATCHDOG_MS)u)
INCLUDES  := -I. -Ilib -Itests $(LIBFDT_INC)
# No FP/SIMD registers in our code: the exception handlers save only the general-purpose registers.
# -mstrict-align only where code runs with the MMU off (MMU_OFF_OBJS below), where every data access is to
# Device memory and an unaligned one is an Alignment fault; everywhere else RAM is Normal memory (lib/mmu/).
# -Os -fomit-frame-pointer and link-time optimization: the image's size target (under 128 KiB of .text + .rodata,
# make bench; LTO alone took 4.3 KB off); on QEMU it runs as fast as -O2 did (the suite's time is in exceptions
# and register writes, not in its own code). MMU_OFF_OBJS stay out of LTO: their -mstrict-align must not meet
# code from elsewhere in one function. LTO_LDFLAGS: the code generation options again at the link.
LTO_LDFLAGS = $(LTO) -Os -fomit-frame-pointer -mgeneral-regs-only -fpie
CFLAGS    := -std=c11 -ffreestanding -Os -fomit-frame-pointer -flto -g -Wall -Wextra -Werror -mgeneral-regs-only \
             -fpie -include lib/runtime/hidden.h -fno-stack-protector -ffunction-sections -fdata-sections -MMD -MP \
             $(INCLUDES) $(PLAT_DEFS)
ASFLAGS   := -g -MMD -MP $(INCLUDES) $(PLAT_DEFS)
# Position independent (boot/entry.S pie_relocate, linker/pmucheck.ld.S): -fpie code, linked -pie without a
# dynamic linker (no .interp; a static PIE, what gcc's -static-pie passes to ld), no text relocations (-z text:
# the linker refuses a relocation in a read-only section). ci/check_pie.py then checks the ELF (PIE_CHECK).
PIE_LDFLAGS := -Wl,-pie,--no-dynamic-linker,-z,text
PIE_CHECK    = $(PYTHON) ci/check_pie.py --readelf $(READELF) $@ || { rm -f $@; exit 1; }
LIBGCC     = $(shell $(CROSS_COMPILE)gcc -print-libgcc-file-name)
SEMIHOST_LIB := $(if $(filter 1,$(PLAT_SEMIHOSTING)),semihost)
# picolibc's integer-only printf and scanf (what its specs do for -DPICOLIBC_INTEGER_PRINTF_SCANF): pmucheck
# prints no floating point, and the default (double) printf was 6 KiB of the image's text.
PRINTF_LINK  := -Wl,--defsym=vfprintf=__i_vfprintf -Wl,--defsym=vfscanf=__i_vfscanf

ifeq ($(LIBC),newlib)
# newlib: with Debian's aarch64-linux-gnu-gcc, ci/build-newlib.sh's build of Debian's newlib-source (its libc.a
# and headers in the cache: the compiler's own, glibc's, headers are left out with -nostdinc, gcc's stddef.h,
# stdarg.h, limits.h and stdint-gcc.h kept); with the Arm GNU Toolchain (CROSS_COMPILE=aarch64-none-elf-) the
# newlib it ships (NEWLIB empty: the compiler's own headers and libc.a). Either way no crt0 (boot/entry.S
# starts the image), no libgloss, no TLS (newlib's errno is in struct _reent, _impure_ptr), the system calls
# from lib/drivers/console_newlib.c, and newlib's own integer-only printf (no PRINTF_LINK: picolibc's names).
# newlib's AArch64 memset, memchr, strchr and strrchr are assembly on the SIMD&FP registers (picolibc's are not;
# both libraries' setjmp/longjmp save d8-d15 and printf's variadic entry saves q0-q7): FP/SIMD is enabled at
# every EL (boot/entry.S, lib/runtime/baseline.c), and no exception handler that returns to the interrupted code
# calls them (the services and the PMU interrupt hook reach none of them but longjmp), so the handlers' saving
# only the general-purpose registers stays enough.
ifneq ($(TOOLCHAIN),gcc)
$(error LIBC=newlib builds with gcc only (TOOLCHAIN=gcc))
endif
NEWLIB      ?= $(if $(filter aarch64-none-elf-,$(CROSS_COMPILE)),,$(PMUCHECK_CACHE)/newlib-3.3.0)
NEWLIB_LIBS  = $(if $(NEWLIB),$(NEWLIB)/lib/libc.a,-lc)
PRINTF_LINK :=
CC       := $(CROSS_COMPILE)gcc
LTO      := -flto=auto
CFLAGS   += -mno-outline-atomics -DPMUCHECK_LIBC_NEWLIB=1
ASFLAGS  += -DPMUCHECK_LIBC_NEWLIB=1
LD_CMD    = $(CC) $(LTO_LDFLAGS) -nostdlib -static $(PIE_LDFLAGS) -Wl,--gc-sections -Wl,--build-id=none -T $(BUILD)/pmucheck.ld $(OBJS) \
            -Wl,--start-group $(LIBFDT_A) $(NEWLIB_LIBS) $(LIBGCC) -Wl,--end-group -o $@
ifneq ($(NEWLIB),)
NEWLIB_INC := -nostdinc -isystem $(NEWLIB)/include -isystem $(shell $(CROSS_COMPILE)gcc -print-file-name=include)
CFLAGS   += $(NEWLIB_INC)
ASFLAGS  += $(NEWLIB_INC)
# Built when missing (ci/install-deps.sh builds it, or brings it up to date, before make test).
$(NEWLIB)/lib/libc.a:
	@bash ci/build-newlib.sh >/dev/null
$(ELF): $(NEWLIB)/lib/libc.a
$(OBJS) $(LIBFDT_A): | $(NEWLIB)/lib/libc.a
endif
else ifeq ($(TOOLCHAIN),clang)
CC       := clang --target=aarch64-none-elf
LTO      := -flto
CFLAGS   += -isystem $(PICOLIBC)/include -ftls-model=local-exec
ASFLAGS  += -isystem $(PICOLIBC)/include
LD_CMD    = $(CC) $(LTO_LDFLAGS) -fuse-ld=lld -nostdlib -static $(PIE_LDFLAGS) -Wl,--gc-sections -Wl,-T,$(BUILD)/pmucheck.ld $(OBJS) \
            -Wl,--start-group $(LIBFDT_A) $(PICOLIBC)/lib/libc.a $(if $(SEMIHOST_LIB),$(PICOLIBC)/lib/lib$(SEMIHOST_LIB).a) \
            $(LIBGCC) -Wl,--end-group $(PRINTF_LINK) -o $@
else
CC       := $(CROSS_COMPILE)gcc --specs=$(PICOLIBC)/picolibc.specs
LTO      := -flto=auto # LTRANS jobs as make runs them (plain -flto warns that it compiles serially)
CFLAGS   += -mno-outline-atomics
LD_CMD    = $(CC) $(LTO_LDFLAGS) -nostartfiles -static $(PIE_LDFLAGS) -T $(BUILD)/pmucheck.ld $(OBJS) $(LIBFDT_A) \
            $(if $(SEMIHOST_LIB),--oslib=$(SEMIHOST_LIB)) $(PRINTF_LINK) -o $@
endif
# Code that runs before the MMU is on: boot_main() up to mmu_boot(), and lib/mmu/ itself.
MMU_OFF_OBJS := $(BUILD)/boot/boot_main.o $(BUILD)/lib/smp/pe_start.o $(BUILD)/lib/mmu/mmu.o $(BUILD)/lib/mmu/page_tables.o
$(MMU_OFF_OBJS): CFLAGS += -mstrict-align -fno-lto # plain objects: nothing of theirs is inlined elsewhere
OBJCOPY := $(CROSS_COMPILE)objcopy
# V=1 shows the full commands.
Q := $(if $(V),,@)
SIZE    := $(CROSS_COMPILE)size
READELF := $(CROSS_COMPILE)readelf

.PHONY: all run run-deps soak test bench report coverage deps host-test host-dt-test mutate host-access-test fuzz fuzz-regress fuzz-acpi host-acpi-test census clean qemu-pmu kvm-run
all: $(ELF) $(BUILD)/pmucheck.bin $(BUILD)/pmucheck.efi

# Rebuild everything when the flags change (TESTS, TOOLCHAIN, platform values).
$(BUILD)/flags: FORCE
	@mkdir -p $(@D)
	@echo '$(CC) $(CFLAGS) $(PRINTF_LINK) $(LTO_LDFLAGS) $(LIBC)' | cmp -s - $@ || \
		echo '$(CC) $(CFLAGS) $(PRINTF_LINK) $(LTO_LDFLAGS) $(LIBC)' > $@
FORCE:

$(BUILD)/%.o: %.c $(BUILD)/flags | $(LIBFDT_A)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) -c $< -o $@
$(BUILD)/%.o: %.S $(BUILD)/flags
	@mkdir -p $(@D)
	@$(if $(Q),echo "  AS      $<")
	$(Q)$(CC) $(ASFLAGS) -c $< -o $@
# The A32 agent the AArch32 contexts run (lib/runtime/aarch32_agent.S): A32 code, so not the AArch64 compiler's.
# gcc builds assemble it with GNU as for arm-none-eabi (Debian's binutils-arm-none-eabi: the agent is assembly only,
# no A32 compiler or C library is needed), clang builds with clang's own assembler for armv8a; either way into a
# flat binary with no relocation (position independent), which aarch32_agent_blob.S includes.
A32_CROSS_COMPILE ?= arm-none-eabi-
A32_SRC := lib/runtime/aarch32_agent.S
A32_OBJ := $(BUILD)/lib/runtime/aarch32_agent.a32.o
A32_BIN := $(BUILD)/lib/runtime/aarch32_agent.bin
ifeq ($(TOOLCHAIN),clang)
A32_ASSEMBLE = clang --target=armv8a-none-eabi -c -D__ASSEMBLER__ -Ilib $(A32_SRC) -o $(A32_OBJ)
A32_OBJCOPY := llvm-objcopy
A32_READELF := llvm-readelf
else
A32_ASSEMBLE = $(CROSS_COMPILE)gcc -E -P -x assembler-with-cpp -D__ASSEMBLER__ -Ilib $(A32_SRC) | \
               $(A32_CROSS_COMPILE)as -o $(A32_OBJ)
A32_OBJCOPY := $(A32_CROSS_COMPILE)objcopy
A32_READELF := $(A32_CROSS_COMPILE)readelf
endif
$(A32_BIN): $(A32_SRC) lib/arch/aarch32_pmu_regs.h lib/runtime/context.h $(BUILD)/flags
	@mkdir -p $(@D)
	@$(if $(Q),echo "  AS32    $(A32_SRC)")
	$(Q)$(A32_ASSEMBLE)
	$(Q)if $(A32_READELF) -r $(A32_OBJ) | grep -q "R_ARM"; then \
	   echo "$(A32_SRC): relocations in the A32 agent: it must be position independent"; exit 1; fi
	$(Q)$(A32_OBJCOPY) -O binary -j .text $(A32_OBJ) $@
$(BUILD)/lib/runtime/aarch32_agent_blob.o: $(A32_BIN)
$(BUILD)/lib/runtime/aarch32_agent_blob.o: ASFLAGS += -DAARCH32_AGENT_BIN='"$(A32_BIN)"'

$(BUILD)/pmucheck.ld: linker/pmucheck.ld.S $(BUILD)/flags
	@mkdir -p $(@D)
	$(Q)$(CROSS_COMPILE)gcc -E -P -x c -D__ASSEMBLER__ -Ilib $(PLAT_DEFS) $< -o $@
$(ELF): $(OBJS) $(LIBFDT_A) $(BUILD)/pmucheck.ld
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(LD_CMD)
	$(Q)$(PIE_CHECK)
$(BUILD)/pmucheck.bin: $(ELF)
	$(Q)$(OBJCOPY) -O binary $< $@
# pmucheck.efi: the same ELF as a UEFI application (PE32+ for AArch64, subsystem EFI application), by binutils'
# objcopy (its pei-aarch64-little target, binutils >= 2.38), for gcc and clang builds alike. ImageBase is 64 KiB
# below the link address, so the first section is at RVA 0x10000, above the headers; the entry point is efi_entry
# (boot/uefi/efi_entry.S); the sections only the ELF's dynamic linking view needs are left out (.rela.dyn stays:
# pie_relocate reads it); the .reloc block (empty) keeps the image relocatable by the firmware's loader.
EFI_IMAGE_BASE = $(shell printf '0x%x' $$(($(PLAT_RAM_BASE) - 0x10000)))
$(BUILD)/pmucheck.efi: $(ELF)
	@$(if $(Q),echo "  EFI     $@")
	$(Q)$(OBJCOPY) -O pei-aarch64-little --subsystem efi-app --image-base $(EFI_IMAGE_BASE) \
	 --file-alignment 0x200 --section-alignment 0x1000 --strip-debug \
	 -R .dynsym -R .dynstr -R .hash -R .gnu.hash -R .dynamic \
	 --set-start 0x$$($(CROSS_COMPILE)nm $< | awk '$$3 == "efi_entry" { print $$1 }') $< $@

deps:
	@bash ci/install-deps.sh

# What building and booting needs, not the test tools (ci/install-deps.sh run).
run-deps:
	@bash ci/install-deps.sh run
	$(if $(filter 10.0-pmu,$(QEMU_VERSION)),@bash ci/build-qemu-pmu.sh > /dev/null)

# The run's output is kept in $(LAST_RUN) (tee), for `make coverage` and `make report`; QEMU's exit status (the
# verdict, by semihosting SYS_EXIT) stays make's.
LAST_RUN := build/last-run.tap
run: run-deps
	@$(MAKE) --no-print-directory all
	@mkdir -p $(dir $(LAST_RUN))
	@{ $(call PLAT_RUN,$(ELF)); echo $$? > $(LAST_RUN).status; } | tee $(LAST_RUN); exit $$(cat $(LAST_RUN).status)

# pmucheck's own QEMU: 10.0.2 with the series in qemu/patches/, built into $(PMUCHECK_CACHE)/qemu-pmu/ (a fresh
# build took 17.6 minutes on 2 busy cores, about 10 idle; a changed patch seconds to 4 minutes: README "pmucheck's
# own QEMU"). `make test` builds it; `make run QEMU_VERSION=10.0-pmu` builds it if needed and boots it.
qemu-pmu:
	@bash ci/build-qemu-pmu.sh

# pmucheck as a KVM guest (ci/kvm/run-kvm-guest.sh says how; its logs go to build/kvm/logs/).
kvm-run: all qemu-pmu
	@bash ci/kvm/run-kvm-guest.sh

# The sweep module (tests/sweep.c) alone, for SOAK_COUNT random configurations from SOAK_SEED (decimal or 0x hex):
# boot arguments pmucheck.tests=sweep pmucheck.sweep=<count>:<seed>, plus BOOTARGS. Outside `make test`.
SOAK_COUNT ?= 100000
SOAK_SEED  ?= 0x50a4
soak:
	@$(MAKE) --no-print-directory run BOOTARGS="pmucheck.tests=sweep pmucheck.sweep=$(SOAK_COUNT):$(SOAK_SEED)$(if $(BOOTARGS), $(BOOTARGS))"

# Host unit tests of the spec model (lib/pmu_model.c against tables rebuilt from the pseudocode).
HOST_TEST := build/host/test_model
HOST_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -Ilib
HOST_TEST_SRCS := $(HOST_MODEL_SRCS) $(wildcard tests/host/*.c)
$(HOST_TEST): $(HOST_MODEL_SRCS) $(wildcard lib/model/*.h) lib/arch/arch_regs.h $(wildcard tests/host/*.c tests/host/*.h)
	@mkdir -p $(@D)
	$(HOSTCC) $(HOST_CFLAGS) $(HOST_TEST_SRCS) -o $@
host-test: $(HOST_TEST)
	@mkdir -p build/test-results
	@$(HOST_TEST) > build/test-results/host.log; rc=$$?; tail -n 1 build/test-results/host.log; \
	 tail -n 1 build/test-results/host.log > build/test-results/host.summary; exit $$rc

# Mutation testing of the model files whose every comparison and boolean operator the host tests pin
# (ci/mutate_model.py: each ==/!=, </>=, >/<=, &&/||, !, true/false and ?: flipped in turn must fail a host test,
# or be explained at its line as an equivalent mutant). Only the host test binary is rebuilt per mutant, -j2; at
# -O1 (a fifth less CPU than -O2: 70 s against 89 s for the three files), without -g and -Werror.
MUTATE_FILES ?= lib/model/pmu_ebep.c lib/model/pmu_snapshot.c lib/model/pc_sample.c
mutate:
	@mkdir -p build/test-results
	@$(PYTHON) ci/mutate_model.py --jobs 2 --cc "$(HOSTCC)" \
	 --cflags "$(subst -O2,-O1,$(filter-out -Werror -g,$(HOST_CFLAGS)))" \
	 --srcs "$(HOST_TEST_SRCS)" --summary build/test-results/mutate.summary $(MUTATE_FILES) \
	 > build/test-results/mutate.log; rc=$$?; \
	 cat build/test-results/mutate.log; exit $$rc

# Host test of the access model (lib/model/pmu_access.c) against the accessor pseudocode text itself.
SPEC_DIR ?= ../shared/spec
# The run selection parser under libFuzzer (clang, AddressSanitizer, UndefinedBehaviorSanitizer):
# `make fuzz` fuzzes for FUZZ_SECONDS and adds what it finds new to the kept corpus; `make fuzz-regress`
# (part of `make test`) replays the kept corpus once.
FUZZ_BIN     := build/host/fuzz_selection
FUZZ_CORPUS  := tests/fuzz/corpus/selection
FUZZ_SECONDS ?= 300
$(FUZZ_BIN): lib/test/selection.c lib/test/selection.h lib/platform/platform_desc.h tests/fuzz/fuzz_selection.c \
		tests/module_list.h
	@mkdir -p $(@D)
	clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Ilib -Itests \
	 lib/test/selection.c tests/fuzz/fuzz_selection.c -o $@
# The ACPI reader (lib/acpi/) under libFuzzer the same way: inputs are physical memory images
# (tests/fuzz/acpi_image.h), seeded from QEMU's tables by tests/fuzz/make_acpi_corpus.py; `make fuzz-acpi`.
FUZZ_ACPI_BIN    := build/host/fuzz_acpi
FUZZ_ACPI_CORPUS := tests/fuzz/corpus/acpi
$(FUZZ_ACPI_BIN): lib/acpi/acpi_platform.c lib/acpi/acpi_platform.h lib/acpi/acpi_tables.h lib/platform/platform_desc.h \
		tests/fuzz/fuzz_acpi.c tests/fuzz/acpi_image.h
	@mkdir -p $(@D)
	clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Ilib -Itests/fuzz \
	 lib/acpi/acpi_platform.c tests/fuzz/fuzz_acpi.c -o $@
# Both corpora replayed once; one summary (each corpus one pass or one failure).
fuzz-regress: $(FUZZ_BIN) $(FUZZ_ACPI_BIN)
	@mkdir -p build/test-results
	@passed=0; failed=0; : > build/test-results/fuzz-regress.log; \
	 for t in "$(FUZZ_BIN) $(FUZZ_CORPUS)" "$(FUZZ_ACPI_BIN) $(FUZZ_ACPI_CORPUS)"; do set -- $$t; \
	   n=$$(ls $$2 | wc -l); \
	   if $$1 -runs=0 -artifact_prefix=build/fuzz- $$2 >> build/test-results/fuzz-regress.log 2>&1; then \
	     echo "fuzz-regress: $$n corpus inputs of $$2 replayed"; passed=$$((passed + n)); \
	   else tail -n 20 build/test-results/fuzz-regress.log; echo "fuzz-regress: $$2 failed"; failed=$$((failed + 1)); fi; \
	 done; echo "$$passed passed, $$failed failed" > build/test-results/fuzz-regress.summary; [ $$failed = 0 ]
fuzz: $(FUZZ_BIN)
	@mkdir -p build/fuzz-new
	$(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) -max_len=512 -artifact_prefix=build/fuzz- build/fuzz-new $(FUZZ_CORPUS)
	$(FUZZ_BIN) -merge=1 $(FUZZ_CORPUS) build/fuzz-new
fuzz-acpi: $(FUZZ_ACPI_BIN)
	@mkdir -p build/fuzz-acpi-new
	$(FUZZ_ACPI_BIN) -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -artifact_prefix=build/fuzz-acpi- \
	 build/fuzz-acpi-new $(FUZZ_ACPI_CORPUS)
	$(FUZZ_ACPI_BIN) -merge=1 $(FUZZ_ACPI_CORPUS) build/fuzz-acpi-new

# Host test of the ACPI reader (lib/acpi/): tables built in memory, every field and every refusal, and QEMU's own
# tables of the virt board (the seeds of tests/fuzz/corpus/acpi/). Last line "N passed, N failed".
HOST_ACPI_TEST := build/host/test_acpi_platform
$(HOST_ACPI_TEST): lib/acpi/acpi_platform.c lib/acpi/acpi_platform.h lib/acpi/acpi_tables.h \
		lib/platform/platform_desc.h tests/host-acpi/test_acpi_platform.c tests/fuzz/acpi_image.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HOST_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all -Itests/fuzz \
	 lib/acpi/acpi_platform.c tests/host-acpi/test_acpi_platform.c -o $@
host-acpi-test: $(HOST_ACPI_TEST)
	@mkdir -p build/test-results
	@$(HOST_ACPI_TEST) $(FUZZ_ACPI_CORPUS) > build/test-results/host-acpi.log; rc=$$?; \
	 grep '^not ok\|^#' build/test-results/host-acpi.log | head -40; tail -n 1 build/test-results/host-acpi.log; \
	 tail -n 1 build/test-results/host-acpi.log > build/test-results/host-acpi.summary; exit $$rc

HOST_ACCESS_DUMP := build/host/access_dump
$(HOST_ACCESS_DUMP): $(MODEL_SRCS) $(wildcard lib/model/*.h) tests/host-access/access_dump.c
	@mkdir -p $(@D)
	$(HOSTCC) -std=c11 -O2 -g -Wall -Wextra -Werror -Ilib $(MODEL_SRCS) tests/host-access/access_dump.c -o $@
host-access-test: $(HOST_ACCESS_DUMP)
	@mkdir -p build/test-results
	@if [ ! -f $(SPEC_DIR)/pseudocode/PMU_sysreg_access.asl ] && [ "$$CI" != true ]; then \
	 echo "host-access-test: SKIP: no $(SPEC_DIR)/pseudocode/PMU_sysreg_access.asl (the spec extract beside the clone; SPEC_DIR=...)"; \
	 echo "0 passed, 0 failed, 1 skipped" > build/test-results/host-access.summary; exit 0; fi; \
	 $(HOST_ACCESS_DUMP) > build/host/access_dump.txt && \
	 $(PYTHON) tests/host-access/check_access.py $(SPEC_DIR)/pseudocode/PMU_sysreg_access.asl build/host/access_dump.txt \
	 > build/test-results/host-access.log; rc=$$?; grep '^not ok\|^#' build/test-results/host-access.log | head -20; \
	 tail -n 1 build/test-results/host-access.log; \
	 tail -n 1 build/test-results/host-access.log > build/test-results/host-access.summary; exit $$rc

# Everything CI checks (ci/test.sh); the last line is the total "N passed, N failed, N skipped".
# Which rules, tables (../shared/spec/00[0-4]_*.txt) and register fields (registers/FIELDS.md) the test points
# of the last run check: reads COVERAGE_TAP (files or directories), else the newer of build/test-results/*.tap
# (make test) and build/last-run.tap (make run).
COVERAGE_TAP ?=
coverage:
	$(PYTHON) ci/coverage.py --spec $(SPEC_DIR) --out build/coverage $(COVERAGE_TAP)

test: deps
	@MAKE="$(MAKE)" PYTHON="$(PYTHON)" bash ci/test.sh

bench: all
	@$(PYTHON) ci/bench.py --elf $(ELF) --size-tool $(SIZE) $(if $(BENCH_RUNS),--runs $(BENCH_RUNS)) \
	 $(if $(BENCH_BASELINE),--baseline $(BENCH_BASELINE)) $(if $(BENCH_CONFIGS),--configs $(BENCH_CONFIGS))

# One HTML page (inline CSS, no script) from a run's TAP: totals, platform, test points by context, rule coverage
# (build/coverage/coverage.json when `make coverage` wrote it), and with A and B what changed (ci/report.py).
# Without A: the newer of build/last-run.tap (make run) and make test's el3-max@qemu-10.0.tap.
A ?=
B ?=
report:
	@$(PYTHON) ci/report.py --out build/report/index.html $(A) $(B)

clean:
	rm -rf build

-include $(OBJS:.o=.d)
