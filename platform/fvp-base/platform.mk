# Arm FVP Base RevC (Fixed Virtual Platform) memory map: DRAM0, PL011 UART0, GICv3.
# FVP is not installed in CI: this platform must build, and is run by hand or in a board farm.
PLAT_RAM_BASE   := 0x80000000
PLAT_RAM_SIZE   := 0x08000000
PLAT_UART_BASE  := 0x1C090000
PLAT_GICD_BASE  := 0x2F000000
PLAT_GICR_BASE  := 0x2F100000
PLAT_PMU_INTID  := 23
# Compiled-in fallbacks for what a device tree would say: DRAM0 (2 GiB), the redistributors of the
# first cluster; no fallback tree address (the tree comes in x0 from the stage before, if any).
# The root compatible that names this platform (Linux arch/arm64/boot/dts/arm/fvp-base-revc.dts, the root node's
# compatible): the values of this file apply only where the device tree has it, or where no tree is found and
# the image runs in PLAT_MEM_BASE..+SIZE (lib/platform/platform_desc.c platform_discover).
PLAT_COMPATIBLE := arm,fvp-base-revc
PLAT_MEM_BASE   := 0x80000000
PLAT_MEM_SIZE   := 0x80000000
PLAT_GICR_SIZE  := 0x100000
PLAT_SEMIHOSTING := 1
FVP             ?= FVP_Base_RevC-2xAEMvA
# The model resets at EL3 at the ELF entry; semihosting gives the exit status, UART0 goes to stdout.
PLAT_RUN = $(FVP) -C bp.secure_memory=0 -C cluster0.NUM_CORES=1 -C cluster1.NUM_CORES=0 \
           -C bp.terminal_0.start_telnet=0 -C bp.vis.disable_visualisation=1 -C bp.pl011_uart0.out_file=- \
           -C cluster0.cpu0.semihosting-enable=1 -C pctl.startup=0.0.0.0 $(FVP_PARAMS) -a cluster0.cpu0=$(1)
# Extra model parameters (README, "The Armv9 PMU features on FVP"): the architecture version alone,
# FVP_PARAMS="$$(cat platform/fvp-base/armv9.4.params)", or with the PMU features public sources name,
# FVP_PARAMS="$$(cat platform/fvp-base/armv9-pmu.params)".
FVP_PARAMS ?=
