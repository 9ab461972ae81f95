# QEMU virt board (hw/arm/virt.c memory map): image in Non-secure RAM, which Secure state also sees.
# PLAT_RAM_BASE/SIZE: where the image and its stacks live (not all of RAM).
# QEMU puts its device tree at the start of RAM (0x40000000, 1 MiB): the image goes 2 MiB above.
PLAT_RAM_BASE   := 0x40200000
PLAT_RAM_SIZE   := 0x08000000
PLAT_UART_BASE  := 0x09000000
PLAT_GICD_BASE  := 0x08000000
PLAT_GICR_BASE  := 0x080A0000
PLAT_PMU_INTID  := 23
# Compiled-in fallbacks for what the device tree normally says (lib/platform/platform_desc.c):
# RAM from 0x40000000 (hw/arm/virt.c VIRT_MEM; 256 MiB assumed), the redistributor region (VIRT_GIC_REDIST),
# and where QEMU puts the tree when it does not pass it in x0: the base of RAM (doc/boot-protocol.md).
# The root compatible that names this platform (hw/arm/virt.c: the root node's compatible): the values of this
# file apply only where the device tree has it, or where no tree is found and the image runs in
# PLAT_MEM_BASE..+SIZE (lib/platform/platform_desc.c platform_discover).
PLAT_COMPATIBLE := linux,dummy-virt
PLAT_MEM_BASE   := 0x40000000
PLAT_MEM_SIZE   := 0x10000000
PLAT_GICR_SIZE  := 0xF60000
PLAT_FDT_FALLBACK := 0x40000000
# The firmware ends with a semihosting SYS_EXIT so QEMU's exit status is the verdict.
PLAT_SEMIHOSTING := 1
# `make run` boots QEMU 10.0 (bookworm-backports, unpacked by ci/install-deps.sh; with the MMU off it faults on
# unaligned accesses as silicon does: README "QEMU deviations") unless QEMU_VERSION=7.2 picks Debian's own, or
# QEMU_VERSION=10.0-pmu pmucheck's own (built first by ci/build-qemu-pmu.sh: `make run-deps`).
QEMU_VERSION    ?= 10.0
QEMU            ?= $(if $(filter 7.2,$(QEMU_VERSION)),qemu-system-aarch64,$(if $(filter 10.0-pmu,$(QEMU_VERSION)),\
                   $(PMUCHECK_CACHE)/qemu-pmu/current/qemu-system-aarch64,\
                   $(PMUCHECK_CACHE)/qemu-$(QEMU_VERSION)/qemu-system-aarch64))
# Default machine: entered at EL3, with EL2 and FEAT_SEL2 (-cpu max). ci/configs.txt lists the others. With
# UEFI=1 the firmware runs at EL2 (EDK2's ArmVirtQemu does not run at EL3): no secure=on.
QEMU_MACHINE_EL3 := virt,secure=on,virtualization=on,gic-version=3
QEMU_MACHINE_EL2 := virt,virtualization=on,gic-version=3
QEMU_MACHINE    ?= $(if $(filter 1,$(UEFI)),$(QEMU_MACHINE_EL2),$(QEMU_MACHINE_EL3))
QEMU_CPU        ?= max
QEMU_EXTRA      ?=
# How to boot an image: -kernel with an ELF starts every PE at its entry, at the highest implemented
# Exception level (EL3 with secure=on, EL2 with only virtualization=on, else EL1), and writes the device
# tree at the base of RAM; -append puts the QEMU version into /chosen/bootargs (doc/boot-protocol.md).
# The console: the firmware writes its output with semihosting SYS_WRITE0 (pmucheck.console=semihosting,
# lib/drivers/console.h) into the serial port's chardev (one ordered stream; userspace=on: EL0 prints too);
# CONSOLE=uart keeps the PL011 for everything, CONSOLE=pl011,mmio32,0x9000000 names it as Linux's earlycon=
# does; a pmucheck.console in BOOTARGS replaces CONSOLE's. Ctrl-a x quits, Ctrl-a c is QEMU's monitor.
CONSOLE ?= semihosting
PLAT_RUN = $(QEMU) -M $(QEMU_MACHINE) -cpu $(QEMU_CPU) -m 1G -display none -nic none \
           -chardev stdio,id=console,mux=on -serial chardev:console -mon chardev=console \
           -semihosting-config enable=on,target=native,userspace=on,chardev=console $(QEMU_EXTRA) \
           -kernel $(1) -append "pmucheck.qemu=$(QEMU_VERSION)$(if $(findstring pmucheck.console=,$(BOOTARGS)),, \
           pmucheck.console=$(CONSOLE))$(if $(BOOTARGS), $(BOOTARGS))"
# UEFI=1: pmucheck.efi started from the UEFI Shell of Debian's UEFI firmware for QEMU (qemu-efi-aarch64, -bios)
# as on a server: a FAT disk image (build/<platform>/uefi/run.img, dosfstools' mkfs.vfat and mtools' mcopy) holds
# it and a startup.nsh whose command line carries the boot arguments; the shell runs it after its 5 s countdown.
# With QEMU_MACHINE's ACPI on (the default) the platform comes from ACPI, with ,acpi=off from the device tree
# (README "On a server").
ifeq ($(UEFI),1)
UEFI_FIRMWARE ?= /usr/share/qemu-efi-aarch64/QEMU_EFI.fd
UEFI_IMG = $(dir $(1))uefi/run.img
PLAT_RUN = mkdir -p $(dir $(1))uefi && rm -f $(UEFI_IMG) && /usr/sbin/mkfs.vfat -C -n PMUCHECK $(UEFI_IMG) 16384 \
           >/dev/null && printf 'fs0:\r\npmucheck.efi %s\r\n' "pmucheck.qemu=$(QEMU_VERSION)$(if $(findstring \
           pmucheck.console=,$(BOOTARGS)),, pmucheck.console=$(CONSOLE))$(if $(BOOTARGS), $(BOOTARGS))" > \
           $(dir $(1))uefi/run.nsh && mcopy -i $(UEFI_IMG) $(basename $(1)).efi ::/pmucheck.efi && \
           mcopy -i $(UEFI_IMG) $(dir $(1))uefi/run.nsh ::/startup.nsh && \
           $(QEMU) -M $(QEMU_MACHINE) -cpu $(QEMU_CPU) -m 1G -display none -nic none \
           -chardev stdio,id=console,mux=on -serial chardev:console -mon chardev=console \
           -semihosting-config enable=on,target=native,userspace=on,chardev=console $(QEMU_EXTRA) \
           -bios $(UEFI_FIRMWARE) -drive file=$(UEFI_IMG),format=raw,if=virtio
endif
# BOOTARGS: more boot arguments, e.g. BOOTARGS="pmucheck.tests=enable pmucheck.pes=0" (lib/test/selection.h).
