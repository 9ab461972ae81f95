#!/usr/bin/env bash
# Host test of the device tree reader (lib/dt/fdt_platform.c) against trees QEMU itself writes
# (-machine dumpdtb=, QEMU 7.2 and 10.0) and against board.dts (compiled with dtc). Every expected value
# comes from the QEMU command line or from board.dts, written out below, never from the reader.
#   tests/host-dt/run.sh <test binary> <work dir>
# Prints one line per check and, last, "N passed, N failed".
set -uo pipefail
BIN=$1 WORK=$2
CACHE=${PMUCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmucheck}
mkdir -p "$WORK"
passed=0 failed=0

# check <name> <dtb> key=value...: runs the reader on the tree and counts its ok/not ok lines
check() {
	local name=$1 dtb=$2; shift 2
	local out
	out=$("$BIN" "$dtb" "$@" 2>&1)
	echo "$out" | sed "s#^\(ok\|not ok\) - #\1 - $name: #"
	passed=$((passed + $(echo "$out" | grep -c '^ok')))
	failed=$((failed + $(echo "$out" | grep -c '^not ok')))
	[ -n "$out" ] || { echo "not ok - $name: no output"; failed=$((failed + 1)); }
}

# dump <qemu> <file> <machine> <extra args...>
dump() {
	local qemu=$1 file=$2 machine=$3; shift 3
	"$qemu" -M "$machine,dumpdtb=$file" -cpu max -nographic -nic none "$@" >/dev/null 2>&1
	[ -s "$file" ] || echo "not ok - dumpdtb failed: $qemu -M $machine $*"
}

# A bare-metal ELF as -kernel (QEMU treats anything else as a Linux Image, which changes the tree: with an
# ELF entered at EL3, hw/arm/boot.c turns QEMU's own PSCI off and /psci disappears): one branch-to-self.
printf '\t.global _start\n_start:\tb _start\n' | aarch64-linux-gnu-as -o "$WORK/spin.o" - &&
	aarch64-linux-gnu-ld -Ttext=0x40200000 -o "$WORK/spin.elf" "$WORK/spin.o"

QEMU_virt='linux,dummy-virt'
QEMU_BASE=(uart=0x9000000 pmu=23 timer=29,30,27,26 model=$QEMU_virt)
# hw/arm/virt.c's memory map: VIRT_GIC_DIST 0x08000000, VIRT_GIC_CPU 0x08010000 (0x10000 bytes), VIRT_GIC_REDIST
# 0x080A0000 (0xF60000 bytes); the GICv2 node is "arm,cortex-a15-gic", the GICv3 one "arm,gic-v3"
QEMU_GICV3=(gic_version=3 gic_compatible=arm,gic-v3 gicd=0x8000000 gicr=0x80a0000,0xf60000 gicc=0,0)
QEMU_GICV2=(gic_version=2 gic_compatible=arm,cortex-a15-gic gicd=0x8000000 gicc=0x8010000,0x10000 gicr=0,0)
QEMU_COMMON=("${QEMU_BASE[@]}" "${QEMU_GICV3[@]}")
for version in 7.2 10.0; do
	if [ "$version" = 7.2 ]; then qemu=qemu-system-aarch64; else qemu=$CACHE/qemu-10.0/qemu-system-aarch64; fi
	if ! command -v "$qemu" >/dev/null 2>&1; then
		echo "not ok - QEMU $version not found ($qemu): run ci/install-deps.sh"; failed=$((failed + 1)); continue
	fi
	d=$WORK/qemu$version
	# EL3 with EL2: no /psci (QEMU provides none with secure=on), 2 PEs, 1 GiB, bootargs from -append
	dump "$qemu" "$d-el3.dtb" virt,secure=on,virtualization=on,gic-version=3 -smp 2 -m 1G \
		-kernel "$WORK/spin.elf" -append "pmucheck.qemu=$version console=x"
	check "qemu-$version el3 smp2 1G" "$d-el3.dtb" "${QEMU_COMMON[@]}" mem0=0x40000000,0x40000000 mem_count=1 \
		psci=none pes=2 pes_in_tree=2 mpidr0=0 mpidr1=1 "bootargs=pmucheck.qemu=$version console=x"
	# EL3 alone: no /psci either, 1 PE, 512 MiB, no -append: no bootargs
	dump "$qemu" "$d-el3-smp1.dtb" virt,secure=on,gic-version=3 -smp 1 -m 512M -kernel "$WORK/spin.elf"
	check "qemu-$version el3 smp1 512M" "$d-el3-smp1.dtb" "${QEMU_COMMON[@]}" mem0=0x40000000,0x20000000 \
		mem_count=1 psci=none pes=1 pes_in_tree=1 mpidr0=0 bootargs=
	# EL2: PSCI through SMC, 4 PEs, 4 GiB
	dump "$qemu" "$d-el2.dtb" virt,virtualization=on,gic-version=3 -smp 4 -m 4G -kernel "$WORK/spin.elf"
	check "qemu-$version el2 smp4 4G" "$d-el2.dtb" "${QEMU_COMMON[@]}" mem0=0x40000000,0x100000000 psci=smc \
		pes=4 mpidr3=3 bootargs=
	# EL1: PSCI through HVC; 12 PEs, read as the firmware reads them: room for one, then for all
	dump "$qemu" "$d-el1.dtb" virt,gic-version=3 -smp 12 -m 512M -kernel "$WORK/spin.elf"
	check "qemu-$version el1 smp12 512M" "$d-el1.dtb" "${QEMU_COMMON[@]}" mem0=0x40000000,0x20000000 psci=hvc \
		pes=12 pes_in_tree=12 mpidr7=7 mpidr11=11 gicr_count=1
	# 512 PEs, QEMU's limit with a GICv3: hw/arm/virt.c gives the redistributors of the first 123 (0xf60000 bytes
	# of 128 KiB frames) VIRT_GIC_REDIST and puts the rest in a second region, VIRT_HIGH_GIC_REDIST2 (64 MiB, the
	# first of the high memory map at 256 GiB): #redistributor-regions = 2
	dump "$qemu" "$d-el1-smp512.dtb" virt,gic-version=3 -smp 512 -m 2G -kernel "$WORK/spin.elf"
	check "qemu-$version el1 smp512 2G" "$d-el1-smp512.dtb" "${QEMU_COMMON[@]}" mem0=0x40000000,0x80000000 psci=hvc \
		pes=512 pes_in_tree=512 mpidr0=0 mpidr15=15 mpidr16=0x100 mpidr511=0x1f0f gicr_count=2 \
		gicr0=0x80a0000,0xf60000 gicr1=0x4000000000,0x4000000
	# GICv2 at EL3 (with the Security Extensions) and at EL2: the distributor and the CPU interface, no
	# redistributor left over from the compiled-in GICv3
	dump "$qemu" "$d-el3-gicv2.dtb" virt,secure=on,virtualization=on,gic-version=2 -smp 2 -m 1G \
		-kernel "$WORK/spin.elf"
	check "qemu-$version el3 gicv2" "$d-el3-gicv2.dtb" "${QEMU_BASE[@]}" "${QEMU_GICV2[@]}" psci=none pes=2
	dump "$qemu" "$d-el2-gicv2.dtb" virt,virtualization=on,gic-version=2 -smp 1 -m 1G -kernel "$WORK/spin.elf"
	check "qemu-$version el2 gicv2" "$d-el2-gicv2.dtb" "${QEMU_BASE[@]}" "${QEMU_GICV2[@]}" psci=smc pes=1
done

# A board's tree: aliases, two-cell cpu reg, a per-core PMU compatible, several and disabled memory nodes
dtc -q -I dts -O dtb -o "$WORK/board.dtb" "$(dirname "$0")/board.dts"
check board "$WORK/board.dtb" mem_count=2 mem0=0x80000000,0x7f000000 mem1=0x880000000,0x180000000 \
	uart=0x1c090000 console=PL011 compat=arm,pl011 from=stdout-path gicd=0x2f000000 gicr=0x2f100000,0x200000 pmu=21 timer=29,30,27,26 psci=hvc pes=4 \
	mpidr0=0 mpidr1=0x100 mpidr2=0x10000 mpidr3=0x100000000 "bootargs=console=ttyAMA0 pmucheck.qemu=none" \
	"model=pmucheck test board" debug0=0 debug1=0x22010000 debug2=0 debug3=0x22110000
# stdout-path spellings that fdt_path_offset() accepts, and paths that name no UART (no console then, and why)
PL011_BOARD=(console=PL011 uart=0x1c090000 compat=arm,pl011 from=stdout-path why= from_tree_console=1)
for sp in "/soc/serial@1c090000" "//soc/serial:115200n8" "/soc/serial/" "serial0" "serial0:115200n8" \
	  "/soc/serial@1c090001=it names no node" "/soc=it has no compatible" \
	  "/soc/serial@1c090000/uart=it names no node" "/serial@1c090000=it names no node" \
	  "serial1:115200=it names an alias /aliases lacks" "=it names an alias /aliases lacks"; do
	path=${sp%%=*}
	sed "s|stdout-path = \"serial0:115200n8\"|stdout-path = \"$path\"|" "$(dirname "$0")/board.dts" |
		dtc -q -I dts -O dtb -o "$WORK/board-path.dtb" -
	if [ "$path" = "$sp" ]; then
		check "board, stdout-path \"$path\"" "$WORK/board-path.dtb" "${PL011_BOARD[@]}"
	else
		check "board, stdout-path \"$path\"" "$WORK/board-path.dtb" console=none uart=0 from=stdout-path \
			"why=${sp#*=}" from_tree_console=0
	fi
done
# PEs started through a spin-table (a Raspberry Pi's firmware leaves them so): no /psci, each cpu node's
# cpu-release-addr (two cells); a PSCI PE and a spin-table without its address read as 0
dtc -q -I dts -O dtb -o "$WORK/spin-table.dtb" "$(dirname "$0")/spin-table.dts"
check "spin-table" "$WORK/spin-table.dtb" psci=none pes=4 mpidr2=2 release0=0xd8 release1=0xe0 release2=0 \
	release3=0

# The interrupt controller: a GIC-400 (GICv2: reg[1] the CPU interface, 8 KiB), a GICv1 pmucheck does not
# drive (named by its compatible, nothing kept of the compiled-in GIC), no interrupt controller at all
board_gic() { # <name> <compatible> <reg> <file>
	sed -e "s|compatible = \"arm,gic-v3\";|compatible = \"$2\"; interrupt-controller;|" \
	    -e "s|reg = <0x2f000000 0x10000>, <0x2f100000 0x200000>;|reg = $3;|" "$(dirname "$0")/board.dts" |
		dtc -q -I dts -O dtb -o "$4" -
}
board_gic gic400 arm,gic-400 "<0x2c010000 0x1000>, <0x2c02f000 0x2000>" "$WORK/board-gic400.dtb"
check "board, GIC-400" "$WORK/board-gic400.dtb" gic_version=2 gic_compatible=arm,gic-400 gicd=0x2c010000 \
	gicc=0x2c02f000,0x2000 gicr=0,0
board_gic gicv1 arm,cortex-a9-gic "<0x1e001000 0x1000>, <0x1e000100 0x100>" "$WORK/board-gicv1.dtb"
check "board, GICv1" "$WORK/board-gicv1.dtb" gic_version=0 gic_compatible=arm,cortex-a9-gic gicd=0 gicc=0,0 gicr=0,0
sed '/interrupt-controller@2f000000 {/,/};/d' "$(dirname "$0")/board.dts" |
	dtc -q -I dts -O dtb -o "$WORK/board-nogic.dtb" -
check "board, no interrupt controller" "$WORK/board-nogic.dtb" gic_version=0 gic_compatible= gicd=0 gicc=0,0 \
	gicr=0,0

# The older linux,stdout-path; no stdout-path at all: aliases/serial0; neither, nor serial0: no console
sed 's|stdout-path = |linux,stdout-path = |' "$(dirname "$0")/board.dts" | dtc -q -I dts -O dtb -o "$WORK/b.dtb" -
check "board, linux,stdout-path" "$WORK/b.dtb" console=PL011 uart=0x1c090000 from=linux,stdout-path \
	from_tree_console=1
sed '/stdout-path = /d' "$(dirname "$0")/board.dts" | dtc -q -I dts -O dtb -o "$WORK/b.dtb" -
check "board, no stdout-path: aliases/serial0" "$WORK/b.dtb" console=PL011 uart=0x1c090000 from=serial0 \
	compat=arm,pl011 from_tree_console=1
sed '/stdout-path = /d; /serial0 = /d' "$(dirname "$0")/board.dts" | dtc -q -I dts -O dtb -o "$WORK/b.dtb" -
check "board, no stdout-path, no serial0" "$WORK/b.dtb" console=none uart=0 from=tree-none compat= \
	from_tree_console=0

# Every family, chosen through /chosen/stdout-path on consoles.dts: <stdout-path>|<expected keys>. /soc maps
# 0x7e000000-0x7f7fffff to 0xfe000000 and 0x7c000000-0x7dffffff to 0xfc000000 (as a Raspberry Pi 4's does).
# span, regs, tx (test_fdt_platform.c): the driver's putc on a page of host memory, its status registers set to
# "room for a byte" with every other bit set where it waits while a bit is set: the offset and width of the data
# register written (each family's Linux driver, cited in its file).
consoles() {
	cat <<'LIST'
serial0|console=PL011 uart=0xfe201000 compat=arm,pl011 reg_shift=0 reg_io_width=4 from=stdout-path
/soc/serial@7e201000:115200n8|console=PL011 uart=0xfe201000 compat=arm,pl011
/soc/serial@7e215040|console=16550 uart=0xfe215040 compat=ns16550a reg_shift=0 reg_io_width=1 reg_offset=0
serial1:1500000n8|console=16550 uart=0xfe300000 compat=rockchip,rk3588-uart reg_shift=2 reg_io_width=4
/soc/serial@7e310000|console=16550 uart=0xfe310000 compat=pmucheck,soc-uart reg_shift=0 reg_io_width=4 reg_offset=0x40
/soc/serial@7e320000|console=SBSA UART uart=0xfe320000 compat=arm,sbsa-uart reg_io_width=4
/soc/serial@7e330000|console=i.MX UART uart=0xfe330000 compat=fsl,imx8mp-uart reg_io_width=4
/soc/serial@7e340000|console=LPUART32 uart=0xfe340000 compat=fsl,imx8ulp-lpuart reg_offset=0x10 big_endian=0
/soc/serial@7e350000|console=LPUART32 uart=0xfe350000 compat=fsl,ls1021a-lpuart reg_offset=0 big_endian=1
/soc/serial@7e360000|console=LPUART uart=0xfe360000 compat=fsl,vf610-lpuart reg_io_width=1
/soc/serial@7e370000|console=Cadence UART uart=0xfe370000 compat=xlnx,zynqmp-uart
/soc/serial@7e3804c0|console=Meson UART uart=0xfe3804c0 compat=amlogic,meson-gx-uart
/soc/serial@7e390000|console=GENI UART uart=0xfe390000 compat=qcom,geni-debug-uart
/soc/serial@7e3a0000|console=SCIF uart=0xfe3a0000 compat=renesas,scif-r8a7795
/soc/serial@7e3b0000|console=SCIF uart=0xfe3b0000 compat=renesas,hscif-r8a7795
/soc/serial@7e3c0000|console=Exynos UART uart=0xfe3c0000 compat=samsung,exynos4210-uart reg_io_width=1
/soc/serial@7e3d0000|console=S3C6400 UART uart=0xfe3d0000 compat=samsung,s3c6400-uart
/soc/serial@7e3e0000|console=Apple S5L UART uart=0xfe3e0000 compat=apple,s5l-uart reg_io_width=4
/soc/serial@7e450000|console=MSM UARTDM uart=0xfe450000 compat=qcom,msm-uartdm-v1.4 reg_shift=0 reg_io_width=4
/soc/serial@7e450000|span=0x74 regs=0x08:0x0c,0x14:0 tx=0x70,4
/soc/serial@7e460000|console=Armada 3700 UART uart=0xfe460000 compat=marvell,armada-3700-uart reg_shift=0 reg_io_width=4
/soc/serial@7e460000|span=0x10 regs=0x0c:0xfffff7ff tx=0x04,4
/soc/serial@7e470000|console=16550 uart=0xfe470000 compat=socionext,uniphier-uart reg_shift=2 reg_io_width=4
/soc/serial@7e470000|span=0x18 regs=0x14:0x20 tx=0x00,4
/soc/serial@7e480000|console=BCM63xx UART uart=0xfe480000 compat=brcm,bcm6345-uart reg_shift=0 reg_io_width=4
/soc/serial@7e480000|span=0x18 regs=0x10:0x20 tx=0x14,4
/soc/serial@7e490000|console=Exynos UART uart=0xfe490000 compat=samsung,exynosautov9-uart reg_shift=0 reg_io_width=1
/soc/serial@7e490000|span=0x24 regs=0x08:1,0x18:0xfeffffff tx=0x20,1
/soc/serial@7e4a0000|console=RZ SCIF uart=0xfe4a0000 compat=renesas,scif-r9a07g043 reg_shift=0 reg_io_width=2
/soc/serial@7e4a0000|span=0x0a regs=0x08:0x20 tx=0x06,1
/soc/serial@7e4b0000|console=Owl UART uart=0xfe4b0000 compat=actions,s900-uart reg_shift=0 reg_io_width=4
/soc/serial@7e4b0000|span=0x10 regs=0x0c:0xffffffbf tx=0x08,4
/soc/serial@7e4c0000|console=SPRD UART uart=0xfe4c0000 compat=sprd,sc9863a-uart reg_shift=0 reg_io_width=4
/soc/serial@7e4c0000|span=0x10 regs=0x0c:0xffff00ff tx=0x00,4
/soc/serial@7e4d0000|console=LINFlexD UART uart=0xfe4d0000 compat=nxp,s32g2-linflexuart reg_shift=0 reg_io_width=4
/soc/serial@7e4d0000|span=0x3c regs=0x10:0x100,0x14:0xfffffffd tx=0x38,1
/soc/serial@7e4d0000|regs=0x10:0,0x14:0x2 tx=0x38,1
/soc/serial@7e4e0000|console=EM UART uart=0xfe4e0000 compat=renesas,r9a09g011-uart reg_shift=0 reg_io_width=4
/soc/serial@7e4e0000|span=0x1c regs=0x18:0x20 tx=0x00,1
/soc/serial@7e4f0002|console=none compat=renesas,em-uart why=its registers are not aligned to their width
/soc/serial@7d000000|console=16550 uart=0xfd000000
fvp|console=PL011 uart=0x1c090000 compat=arm,pl011 from_tree_console=1
/identity-bus/serial@2000|console=16550 uart=0x2000
serial2|console=none uart=0 compat=pmucheck,mystery-uart why=no console driver knows its compatible from_tree_console=0
/soc/serial@7e400000|console=none why=its status is not okay
/soc/serial@7e410000|console=none why=reg-io-width other than 1 or 4
/soc/serial@7e430000|console=none why=reg-io-width other than 1 or 4
/soc/serial@7e440000|console=none why=reg-offset of 4 KiB or more
/soc/serial@7e420001|console=none why=its registers are not aligned to their width
/soc/serial@7f800000|console=none why=its address does not translate
/nobus/serial@1000|console=none compat=ns16550a why=its address does not translate
LIST
}
while IFS='|' read -r path keys; do
	sed "s|\"STDOUT\"|\"$path\"|" "$(dirname "$0")/consoles.dts" | dtc -q -I dts -O dtb -o "$WORK/c.dtb" -
	# keys are space-separated key=value, a value may hold spaces up to the next key=
	mapfile -t args < <(echo "$keys" | sed 's/ \([a-z_]*=\)/\n\1/g')
	check "consoles, stdout-path \"$path\"" "$WORK/c.dtb" "${args[@]}"
done < <(consoles)
# The other readers get the translation too: the GIC under /soc
check "consoles, GIC through /soc ranges" "$WORK/c.dtb" gicd=0xff000000 gicr=0xff080000,0x200000 \
	mem0=0x0,0x3b400000

# QEMU's npcm845-evb (its UART0, a 16550 behind the APB bus's ranges), as booted in doc/boot-protocol.md
dtc -q -I dts -O dtb -o "$WORK/npcm.dtb" "$(dirname "$0")/npcm845-evb.dts"
check "npcm845-evb" "$WORK/npcm.dtb" console=16550 uart=0xf0000000 reg_shift=2 reg_io_width=4 \
	compat=nuvoton,npcm845-uart from=stdout-path mem0=0x0,0x80000000 "bootargs=pmucheck.tests=enable"

# Not a tree: the read fails and leaves every default
head -c 4096 /dev/zero > "$WORK/zero.dtb"
check "not a tree" "$WORK/zero.dtb" error=1
head -c 100 "$WORK/board.dtb" > "$WORK/truncated.dtb"
check "truncated tree" "$WORK/truncated.dtb" error=1

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
