#!/usr/bin/python3
"""The census of the device tree reader on the arm64 board trees Linux ships (`make census`, a step of make test).

For every board tree ci/linux-dts.sh compiled (the arm64 .dts of Debian's linux-source-6.1; overlays, which are
not boards, left out), two views side by side:
  - what the reader found: tests/host-dt/dt_census (lib/dt/fdt_platform.c's fdt_platform_read() on the .dtb),
    one JSON line a tree;
  - what the tree itself names, computed here from the .dtb with Debian's python3-libfdt (only to walk the
    blob: every rule below is this script's own, none of the reader's):
      console: /chosen/stdout-path (or linux,stdout-path), up to its ':', an alias of /aliases or a path;
               without either property, /aliases/serial0; a node whose status is not okay is no usable console
               (Linux probes no driver for it). Its compatible list, and reg[0] translated to a CPU
               address through each ancestor bus's `ranges` (Devicetree Specification v0.4, 2.3.8: no
               `ranges` on a bus: not translatable; empty: identity; else the entry whose child range holds
               the address);
      interrupt controller: the GIC the root's interrupt-parent leads to (followed through other interrupt
               controllers' own interrupt-parent), else the first GIC node in the tree: GICv3 (arm,gic-v3:
               reg[0] distributor, reg[1] redistributors) or GICv2 (arm,gic-400, arm,cortex-a15-gic,
               arm,cortex-a9-gic, arm,cortex-a7-gic: reg[0] distributor, reg[1] CPU interface), translated too;
      the PMU (arm,armv8-pmuv3 or arm,<core>-pmu) and its first interrupt, /psci's method, /cpus' cpu nodes.
The console families pmucheck has drivers for are CONSOLE_FAMILIES below.

Verdicts (one test point a board, and the threshold):
  - a board whose tree names a console node whose status is not okay fails when the reader uses it;
  - a board whose tree names a usable console of a supported family fails when the reader's console kind is not that
    family's, its base is missing or differs from the translated reg[0], or (16550 family) its reg-shift or
    reg-io-width differs from the tree's (the binding's defaults 0 and 1 when absent, or the values the driver
    of that compatible implies: DRIVER_IMPLIED);
  - a board whose tree has a GICv2 or GICv3 fails when the reader's GIC version differs, or its distributor,
    its redistributor base (v3) or CPU interface (v2) is missing or differs from the translated reg;
  - a board with neither is a SKIP (its line still says what the reader found);
  - threshold: of the boards whose tree names a usable console, of any family, and a GICv2/v3, the share where the
    reader found both (the kind and addresses above; a console of no supported family is not found) must be at
    least --threshold percent. The report lists every such board not found, by console family, with the reason
    (NO_DRIVER_WHY says why a family has no driver).
With --threshold-only the board points are reported but only the threshold counts.
Writes <out>/census.log (the report), census.json (both views of every board) and census.summary; prints
the census line and the summary. Exits 1 when a counted check failed.
"""
import argparse
import fnmatch
import json
import os
import re
import subprocess
import sys
import time

import libfdt

# Console families pmucheck supports: (kind, the names the reader's plat_console_kind_name() may give for it
# (compared lowercase, letters and digits only), compatible strings (fnmatch patterns), the binding).
CONSOLE_FAMILIES = [
    ("pl011", ("pl011", "sbsa", "sbsauart", "pl011sbsa"), ("arm,pl011", "arm,sbsa-uart"),
     "serial/pl011.yaml, arm,sbsa-uart.yaml (SBSA generic UART)"),
    ("16550", ("16550", "ns16550", "ns16550a", "8250", "uart8250"),
     ("ns8250", "ns16450", "ns16550", "ns16550a", "ns16750", "ns16850", "snps,dw-apb-uart", "fsl,ns16550",
      "fsl,16550-FIFO64", "nvidia,tegra*-uart", "mediatek,mt*-uart", "brcm,bcm2835-aux-uart",
      "nuvoton,npcm*-uart", "ti,am654-uart", "ti,omap*-uart", "marvell,armada-38x-uart",
      "ralink,rt2880-uart", "socionext,uniphier-uart"),
     "serial/8250.yaml, snps-dw-apb-uart.yaml, and SoC UARTs Linux drives as 8250s (8250_of, 8250_mtk, "
     "8250_bcm2835aux, 8250_omap, 8250_uniphier: its FCR, LCR and MCR sit elsewhere, THR and LSR do not)"),
    ("imx", ("imx", "imxuart"), ("fsl,imx*-uart",), "serial/fsl-imx-uart.yaml"),
    ("lpuart", ("lpuart", "lpuart32", "imxlpuart", "fsllpuart"), ("fsl,*-lpuart",), "serial/fsl-lpuart.yaml"),
    ("cadence", ("cadence", "cadenceuart", "cdns", "cdnsuart", "xuartps"), ("cdns,uart-r1p8", "cdns,uart-r1p12", "xlnx,xuartps",
                                                             "xlnx,zynqmp-uart"),
     "serial/cdns,uart.yaml"),
    ("meson", ("meson", "mesonuart", "amlogic"), ("amlogic,meson*-uart",), "serial/amlogic,meson-uart.yaml"),
    ("geni", ("geni", "geniuart", "qcomgeni", "genidebuguart"), ("qcom,geni-debug-uart", "qcom,geni-uart"),
     "serial/qcom,serial-geni-qcom.yaml"),
    # before scif, whose patterns take renesas,scif-* too: the RZ/G2L's (and RZ/A2's) SCIF, whose registers
    # sh-sci.c places otherwise (SCIx_RZ_SCIFA_REGTYPE)
    ("rzscif", ("rzscif",), ("renesas,scif-r9a07g044", "renesas,scif-r7s9210"),
     "serial/renesas,scif.yaml (RZ/G2L family, RZ/A2)"),
    ("scif", ("scif", "hscif", "renesasscif"), ("renesas,scif", "renesas,hscif", "renesas,*-scif",
                                               "renesas,*-hscif", "renesas,scif-*", "renesas,hscif-*"),
     "serial/renesas,scif.yaml, renesas,hscif.yaml"),
    ("samsung", ("samsung", "s5l", "apple", "exynos", "samsunguart", "s3c6400uart", "exynosuart",
                 "apples5luart"),
     ("samsung,*-uart", "apple,s5l-uart", "axis,artpec8-uart", "google,gs101-uart"),
     "serial/samsung_uart.yaml"),
    ("msm", ("msmuartdm", "uartdm", "msmserial"), ("qcom,msm-uartdm", "qcom,msm-uartdm-v1.*"),
     "serial/qcom,msm-uartdm.yaml"),
    ("armada3700", ("armada3700uart", "armada3700", "mvebuuart", "ar3700uart"), ("marvell,armada-3700-uart",),
     "serial/mvebu-uart.txt (the standard UART; not marvell,armada-3700-uart-ext)"),
    ("bcm63xx", ("bcm63xxuart", "bcm63xx", "bcm6345uart"), ("brcm,bcm6345-uart",), "serial/brcm,bcm6345-uart.yaml"),
    ("owl", ("owluart", "owl", "actionsowl"), ("actions,owl-uart", "actions,s*-uart"), "serial/actions,owl-uart.txt"),
    ("sprd", ("sprduart", "sprd", "unisocuart"), ("sprd,sc*-uart",), "serial/sprd-uart.yaml"),
    ("linflex", ("linflexduart", "linflexuart", "linflex"), ("fsl,s32v234-linflexuart", "nxp,s32g2-linflexuart"),
     "serial/fsl,s32-linflexuart.yaml"),
    ("em", ("emuart", "emmauart", "em"), ("renesas,em-uart",), "serial/renesas,em-uart.yaml"),
]

# Consoles of no supported family: why pmucheck has no driver (the report's list of boards not found says it).
NO_DRIVER_WHY = {
    "nvidia,tegra194-tcu": "the Tegra Combined UART is a mailbox to another processor, not a UART: "
                           "serial/nvidia,tegra194-tcu.yaml gives mboxes and no reg",
}

# 16550-family compatibles whose Linux driver sets the register shift and access width itself (the tree gives no
# reg-shift, reg-io-width): compatible -> (reg-shift, reg-io-width in bytes). Others: the binding's defaults 0, 1.
DRIVER_IMPLIED = {
    "brcm,bcm2835-aux-uart": (2, 1),  # drivers/tty/serial/8250/8250_bcm2835aux.c: regshift = 2, UPIO_MEM
    "mediatek,mt6577-uart": (2, 4),   # 8250_mtk.c: regshift = 2, UPIO_MEM32
    "ti,am654-uart": (2, 1),          # 8250_omap.c: regshift = OMAP_UART_REGSHIFT (2), UPIO_MEM
    "socionext,uniphier-uart": (2, 4),  # 8250_uniphier.c: regshift = UNIPHIER_UART_REGSHIFT (2), UPIO_MEM32
}

GICV3 = ("arm,gic-v3",)
# GICv2 as the binding (interrupt-controller/arm,gic.yaml) names it; arm,cortex-a9-gic and arm,arm11mp-gic are
# GICv1, which pmucheck does not drive: a tree with only those names no GICv2/v3
GICV2 = ("arm,gic-400", "arm,cortex-a15-gic", "arm,cortex-a7-gic", "qcom,msm-qgic2")
CORE_PMU = re.compile(r"^arm,(armv8-pmuv3|cortex-[ax]\d+[a-z]*-pmu|neoverse-[a-z0-9]+-pmu|[a-z0-9-]+-pmu)$")
NOT_CORE_PMU = ("arm,dsu-pmu", "arm,cmn-600-pmu", "arm,ci-700-pmu")


class Node:
    """One node: its name, full path, parent, properties (name -> bytes) and children, in tree order."""
    __slots__ = ("name", "path", "parent", "props", "children")

    def __init__(self, name, parent):
        self.name, self.parent, self.props, self.children = name, parent, {}, []
        self.path = "/" if parent is None else (parent.path.rstrip("/") + "/" + name)

    def str(self, prop):
        v = self.props.get(prop)
        return None if v is None else v.split(b"\0")[0].decode("utf-8", "replace")

    def strings(self, prop):
        v = self.props.get(prop)
        return [] if not v else [s.decode("utf-8", "replace") for s in v.rstrip(b"\0").split(b"\0")]

    def cells(self, prop):
        v = self.props.get(prop)
        return None if v is None else [int.from_bytes(v[i:i + 4], "big") for i in range(0, len(v) - 3, 4)]

    def cell(self, prop, default):
        c = self.cells(prop)
        return c[0] if c else default

    def enabled(self):
        return self.str("status") in (None, "okay", "ok")


def load(path):
    """The tree in a .dtb as Nodes (libfdt walks the blob); returns the root and {phandle: node}."""
    with open(path, "rb") as f:
        fdt = libfdt.FdtRo(f.read())
    root, stack, phandles = None, [], {}
    off, depth = 0, 0
    while True:
        name = fdt.get_name(off)
        del stack[depth:]
        node = Node(name, stack[-1] if stack else None)
        if node.parent:
            node.parent.children.append(node)
        else:
            root = node
        stack.append(node)
        prop = fdt.first_property_offset(off, (libfdt.NOTFOUND,))
        while prop >= 0:
            p = fdt.get_property_by_offset(prop)
            node.props.setdefault(p.name, bytes(p))
            prop = fdt.next_property_offset(prop, (libfdt.NOTFOUND,))
        ph = node.cell("phandle", 0) or node.cell("linux,phandle", 0)
        if ph:
            phandles[ph] = node
        r = fdt.next_node(off, depth, (libfdt.NOTFOUND,))
        if isinstance(r, int) or r[0] < 0 or r[1] < 1:  # [offset, depth], an error number past the last node
            break
        off, depth = r
    return root, phandles


def walk(node):
    yield node
    for c in node.children:
        yield from walk(c)


def find_path(root, path):
    """The node a path names: each component the whole name, or the name without its unit address when the
    component has none (Devicetree Specification 2.2.3); None when no node has that path."""
    node = root
    for comp in [c for c in path.split("/") if c]:
        node = next((c for c in node.children if c.name == comp or ("@" not in comp and c.name.split("@")[0] == comp)),
                    None)
        if node is None:
            return None
    return node


def child(root, name):
    return next((c for c in root.children if c.name.split("@")[0] == name), None)


def number(cells):
    """Cells as one number; a 3-cell (PCI) address as its low 64 bits (the first cell holds flags)."""
    if len(cells) == 3:
        cells = cells[1:]
    v = 0
    for c in cells:
        v = (v << 32) | c
    return v


def reg_entries(node):
    """The node's reg as [(address, size)] in its parent's address space."""
    p = node.parent
    ac, sc = p.cell("#address-cells", 2), p.cell("#size-cells", 1)
    reg = node.cells("reg") or []
    if ac + sc == 0:
        return []
    return [(number(reg[i:i + ac]), number(reg[i + ac:i + ac + sc]) if sc else 0)
            for i in range(0, len(reg) - ac - sc + 1, ac + sc)]


def translate(node, addr):
    """addr (in node's parent's address space) as a CPU address, through every ancestor bus's ranges.
    Returns (address, None) or (None, why not)."""
    bus = node.parent
    while bus.parent is not None:
        if "ranges" not in bus.props:
            return None, f"{bus.path} has no ranges"
        cac, sc = bus.cell("#address-cells", 2), bus.cell("#size-cells", 1)
        pac = bus.parent.cell("#address-cells", 2)
        r = bus.cells("ranges") or []
        if r:
            n = cac + pac + sc
            for i in range(0, len(r) - n + 1, n):
                c, p, s = number(r[i:i + cac]), number(r[i + cac:i + cac + pac]), number(r[i + cac + pac:i + n])
                if c <= addr < c + s:
                    addr = addr - c + p
                    break
            else:
                return None, f"0x{addr:x} is outside {bus.path}'s ranges"
        bus = bus.parent
    return addr, None


def translated_reg(node, i):
    """(CPU address of reg[i], None) or (None, why not)."""
    regs = reg_entries(node)
    if len(regs) <= i:
        return None, f"{node.path} has no reg[{i}]"
    return translate(node, regs[i][0])


def console_family(compats):
    for kind, names, patterns, _ in CONSOLE_FAMILIES:
        if any(fnmatch.fnmatchcase(c, p) for c in compats for p in patterns):
            return kind
    return None


def usable_console(t):
    """The console the tree view t names, when its node is usable (status okay or absent); else None."""
    c = t["console"]
    return c if c is not None and c["enabled"] else None


def norm(s):
    return re.sub(r"[^a-z0-9]", "", (s or "").lower())


def tree_view(root, phandles):
    """What the tree names (the dict written to census.json as "tree")."""
    t = {"model": root.str("model"), "console": None, "console_why": None, "console_key": None, "gic": None,
         "gic_why": None}
    chosen, aliases = child(root, "chosen"), child(root, "aliases")
    # console
    prop = next((p for p in ("stdout-path", "linux,stdout-path") if chosen and p in chosen.props), None)
    if prop:
        spec = chosen.str(prop).split(":")[0]
        src = f"/chosen/{prop} \"{chosen.str(prop)}\""
        path = spec if spec.startswith("/") else (aliases.str(spec) if aliases and spec in aliases.props else None)
        if path is None:
            t["console_why"] = f"{src}: no alias \"{spec}\""
            t["console_key"] = f"/chosen/{prop} names an alias /aliases lacks"
    elif aliases and "serial0" in aliases.props:
        path, src = aliases.str("serial0"), "aliases/serial0 (no stdout-path)"
    else:
        path = None
        t["console_why"] = t["console_key"] = "no stdout-path and no aliases/serial0"
    node = find_path(root, path) if path else None
    if path and node is None:
        t["console_why"] = f"{src}: {path} names no node"
        t["console_key"] = f"{src.split(' ')[0]} names no node"
    if node is not None:
        compats = node.strings("compatible")
        base, why = translated_reg(node, 0)
        props = {k: node.cell(k, None) for k in ("reg-shift", "reg-io-width")}
        t["console"] = {"path": node.path, "from": src, "compatible": compats, "family": console_family(compats),
                        "enabled": node.enabled(), "base": base, "base_why": why,
                        "reg_shift": props["reg-shift"], "reg_io_width": props["reg-io-width"]}
        if not node.enabled():  # no driver probes it (Linux: of_device_is_available()): no usable console
            t["console_why"] = f"{src}: {node.path} has status \"{node.str('status')}\""
            t["console_key"] = "the console node's status is not okay"
    # interrupt controller: the root's interrupt-parent chain, else the first GIC
    gic, seen, n = None, set(), root
    while n is not None and id(n) not in seen:
        seen.add(id(n))
        n = phandles.get(n.cell("interrupt-parent", 0))
        if n is not None and any(c in GICV3 + GICV2 for c in n.strings("compatible")):
            gic = n
            break
    if gic is None:
        gic = next((n for n in walk(root) if any(c in GICV3 + GICV2 for c in n.strings("compatible"))), None)
    if gic is None:
        ip = phandles.get(root.cell("interrupt-parent", 0))
        t["gic_why"] = "GIC: none in tree" + (f" (the root's interrupt-parent: {', '.join(ip.strings('compatible'))})"
                                              if ip else "")
    else:
        compats = gic.strings("compatible")
        v = 3 if any(c in GICV3 for c in compats) else 2
        d, dwhy = translated_reg(gic, 0)
        second, swhy = translated_reg(gic, 1)
        t["gic"] = {"path": gic.path, "compatible": compats, "version": v, "gicd": d, "gicd_why": dwhy,
                    "gicr" if v == 3 else "gicc": second, "second_why": swhy}
    # PMU, PSCI, CPUs
    pmu = next((n for n in walk(root) if any(CORE_PMU.match(c) and c not in NOT_CORE_PMU
                                             for c in n.strings("compatible"))), None)
    t["pmu"] = None
    if pmu is not None:
        irq = pmu.cells("interrupts") or []
        t["pmu"] = {"compatible": pmu.strings("compatible")[0],
                    "intid": (16 if irq[0] == 1 else 32) + irq[1] if len(irq) >= 3 else None}
    psci = child(root, "psci")
    t["psci"] = (psci.str("method") or "none") if psci else None
    cpus = child(root, "cpus")
    t["cpus"] = sum(1 for c in cpus.children if c.str("device_type") == "cpu") if cpus else 0
    return t


def is_overlay(root):
    return child(root, "__fixups__") is not None or any(
        c.name.startswith("fragment") and child(c, "__overlay__") for c in root.children)


def hexs(x):
    return "none" if x is None else f"0x{x:x}"


def judge(t, r):
    """Compare the tree's view t with the reader's r: (console line, console ok or None when not checked,
    gic line, gic ok or None, both found, why not found: "" when found). "found" is the threshold's notion: the
    usable console and the GIC the tree names, at the tree's addresses. A console node whose status is not okay
    is unusable: the check is that the reader refused it too."""
    rc, rg = r["console"], r["gic"]
    rbase, rgicd = int(rc["base"], 0), int(rg["gicd"], 0)
    reader_c = f"reader {rc['kind']}" + (f" at 0x{rbase:x}" if rc["kind"] != "none" else "")
    c, c_ok, c_found, c_problems = t["console"], None, False, []
    if c is None:
        cline = f"console: {t['console_why']}; {reader_c}"
    else:
        compat = c["compatible"][0] if c["compatible"] else "(no compatible)"
        where = f"{compat} at {hexs(c['base'])}" + (f" ({c['base_why']})" if c["base"] is None else "")
        problems = []
        if not c["enabled"]:
            if rc["kind"] != "none":
                problems.append(f"{reader_c}, a node whose status is not okay")
        elif rc["kind"] == "none" or not rbase:
            reason = next((NO_DRIVER_WHY[x] for x in c["compatible"] if x in NO_DRIVER_WHY), None)
            problems.append(f"{c['family']} family, not found" if c["family"] is not None else
                            f"no driver for {', '.join(c['compatible']) or '(no compatible)'}" +
                            (f" ({reason})" if reason else ""))
        else:
            fam = next(f for f in CONSOLE_FAMILIES if f[0] == c["family"]) if c["family"] else None
            if fam and norm(rc["kind"]) not in fam[1]:
                problems.append(f"wrong kind {rc['kind']}")
            if c["base"] is not None and rbase != c["base"]:
                problems.append(f"base 0x{rbase:x} != tree's {hexs(c['base'])}")
            if c["family"] == "16550":
                implied = next((DRIVER_IMPLIED[x] for x in c["compatible"] if x in DRIVER_IMPLIED), (0, 1))
                want_shift = c["reg_shift"] if c["reg_shift"] is not None else implied[0]
                want_width = c["reg_io_width"] if c["reg_io_width"] is not None else implied[1]
                if rc["reg_shift"] != want_shift or rc["reg_io_width"] != want_width:
                    problems.append(f"reg-shift/reg-io-width {rc['reg_shift']}/{rc['reg_io_width']} != tree's "
                                    f"{want_shift}/{want_width}")
        if not c["enabled"]:
            where += " (status not okay: unusable)"
        cline = f"console: {where} ({c['from']}): " + (", ".join(problems) if problems else reader_c)
        if c["enabled"]:
            c_found = not problems
            c_problems = problems
            if c["family"] is not None:
                c_ok = c_found
        else:
            c_ok = not problems
    g, g_ok, g_found, g_problems = t["gic"], None, False, []
    if g is None:
        gline = f"{t['gic_why']}; reader GICv{rg['version']}" if rg["version"] else t["gic_why"]
    else:
        v = g["version"]
        second_key, second_name = ("gicr", "redistributors") if v == 3 else ("gicc", "CPU interface")
        rsecond = int(rg["gicr"][0], 0) if v == 3 else int(rg["gicc"], 0)
        problems = []
        if rg["version"] != v:
            problems.append(f"GICv{v} not found" if not rg["version"] else f"GICv{v}: reader GICv{rg['version']}")
        else:
            if g["gicd"] is not None and rgicd != g["gicd"]:
                problems.append(f"distributor 0x{rgicd:x} != tree's {hexs(g['gicd'])}")
            if g[second_key] is not None and rsecond != g[second_key]:
                problems.append(f"{second_name} 0x{rsecond:x} != tree's {hexs(g[second_key])}")
        gline = (f"GICv{v} {g['compatible'][0]} distributor {hexs(g['gicd'])}, {second_name} {hexs(g[second_key])}: "
                 + (", ".join(problems) if problems else "reader found it"))
        g_ok = g_found = not problems
        g_problems = problems
    why = "; ".join(p for p in (", ".join(c_problems), ", ".join(g_problems)) if p)
    return cline, c_ok, gline, g_ok, c_found and g_found, why


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trees", required=True, help="ci/linux-dts.sh's folder (compile.tsv, dtb/)")
    ap.add_argument("--reader", required=True, help="the dt_census binary")
    ap.add_argument("--out", default="build/test-results")
    ap.add_argument("--threshold", type=float, default=95.0, help="percent (default 95)")
    ap.add_argument("--threshold-only", action="store_true", help="count only the threshold check")
    args = ap.parse_args()
    start = time.monotonic()
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.trees, "compile.tsv"), encoding="utf-8") as f:
        compiled = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    version = open(os.path.join(args.trees, "COMPLETE"), encoding="utf-8").read().strip()
    ok_dts = [c[0] for c in compiled if c[1] == "ok"]
    boards, overlays = [], 0
    trees = {}
    for dts in ok_dts:
        dtb = os.path.join(args.trees, "dtb", dts[:-4] + ".dtb")
        root, phandles = load(dtb)
        if is_overlay(root):
            overlays += 1
            continue
        boards.append((dts[:-4], dtb))
        trees[dtb] = tree_view(root, phandles)
    out = subprocess.run([args.reader] + [b[1] for b in boards], capture_output=True, text=True, check=False)
    reader = {}
    for line in out.stdout.splitlines():
        d = json.loads(line)
        reader[d["dtb"]] = d
    lines, record = [], []
    passed = failed = skipped = 0
    named = found = named_any = found_any = 0
    fam_count, why_count, missing = {}, {}, {}
    for i, (name, dtb) in enumerate(boards, 1):
        t, r = trees[dtb], reader.get(dtb)
        if r is None or r["rc"] != 0:
            lines.append(f"not ok {i} - {name}: the reader did not read the tree ({r and r['rc']}: {out.stderr[:200]})")
            failed += not args.threshold_only
            continue
        cline, c_ok, gline, g_ok, both, why = judge(t, r)
        c = usable_console(t)
        if c is not None and t["gic"] is not None:
            named_any += 1
            found_any += both
            if c["family"] is not None:
                named += 1
                found += both
            if not both:
                key = c["family"] or f"no driver: {', '.join(c['compatible']) or '(no compatible)'}"
                missing.setdefault(key, []).append(f"{name}: {why}")
        fam = ((c["family"] or "unsupported") if c else "console node not usable (status)" if t["console"]
               else "no console named")
        fam_count[fam] = fam_count.get(fam, 0) + 1
        for key in (t["console_key"], t["gic_why"]):
            if key:
                why_count[key] = why_count.get(key, 0) + 1
        extra = (f"PMU {t['pmu']['compatible']} INTID {t['pmu']['intid']} (reader {r['pmu_intid']})" if t["pmu"]
                 else f"PMU: none in tree (reader {r['pmu_intid']})")
        extra += f"; PSCI {t['psci'] or 'none'} (reader {r['psci']}); cpus {t['cpus']} (reader {r['pes_in_tree']})"
        checked = [x for x in (c_ok, g_ok) if x is not None]
        if not checked:
            status, directive = "ok", " # SKIP the tree names no console of a supported family and no GICv2/v3"
            skipped += not args.threshold_only
        elif all(checked):
            status, directive = "ok", ""
            passed += not args.threshold_only
        else:
            status, directive = "not ok", ""
            failed += not args.threshold_only
        lines.append(f"{status} {i} - {name}: {cline}; {gline}; {extra}{directive}")
        record.append({"board": name, "dtb": dtb, "tree": t, "reader": r, "console_ok": c_ok, "gic_ok": g_ok})
    pct = 100.0 * found_any / named_any if named_any else 0.0
    census = (f"census: {found_any} of {named_any} boards with console + interrupt controller found, of those whose "
              f"tree names them (a usable console of any family, a GICv2/v3) ({pct:.1f}%)")
    thr_ok = pct >= args.threshold
    passed += thr_ok
    failed += not thr_ok
    n_ok = len(ok_dts)
    with open(os.path.join(args.out, "census.log"), "w", encoding="utf-8") as f:
        f.write(f"# census of the device tree reader (lib/dt/fdt_platform.c through {args.reader}) on the arm64 "
                f"trees of linux-source-6.1 {version}\n")
        f.write(f"# {n_ok} of {len(compiled)} .dts compiled ({args.trees}); {overlays} overlays left out; "
                f"{len(boards)} boards\n")
        for c in compiled:
            if c[1] != "ok":
                f.write(f"# did not compile: {c[0]}: {c[2] if len(c) > 2 else ''}\n")
        f.write("\n".join(lines) + "\n")
        f.write("# consoles the trees name, by family (supported: " +
                ", ".join(fam[0] for fam in CONSOLE_FAMILIES) + "):\n")
        for k, v in sorted(fam_count.items(), key=lambda kv: -kv[1]):
            f.write(f"#   {v:4d} {k}\n")
        unsup = {}
        for rec in record:
            c = usable_console(rec["tree"])
            if c and c["family"] is None:
                key = ", ".join(c["compatible"]) or "(no compatible)"
                unsup[key] = unsup.get(key, 0) + 1
        for k, v in sorted(unsup.items(), key=lambda kv: -kv[1]):
            f.write(f"#        {v:4d} unsupported: {k}\n")
        f.write("# what the trees do not name:\n")
        for k, v in sorted(why_count.items(), key=lambda kv: -kv[1]):
            f.write(f"#   {v:4d} {k}\n")
        f.write(f"# boards counted (a usable console, a GICv2/v3) and not found, by console family "
                f"({named_any - found_any}):\n")
        for k, v in sorted(missing.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            f.write(f"#   {len(v):4d} {k}\n")
            for board in v:
                f.write(f"#          {board}\n")
        f.write(f"# of those whose console is of a supported family: {found} of {named} "
                f"({100.0 * found / named if named else 0.0:.1f}%)\n")
        f.write(census + "\n")
        f.write(f"{'ok' if thr_ok else 'not ok'} {len(boards) + 1} - threshold: {pct:.1f}% "
                f"{'>=' if thr_ok else '<'} {args.threshold:g}%\n")
        f.write(f"1..{len(boards) + 1}\n")
        f.write(f"# {time.monotonic() - start:.1f} s\n")
        summary = f"{passed} passed, {failed} failed, {skipped} skipped"
        f.write(summary + "\n")
    with open(os.path.join(args.out, "census.json"), "w", encoding="utf-8") as f:
        json.dump(record, f, indent=1)
    with open(os.path.join(args.out, "census.summary"), "w", encoding="utf-8") as f:
        f.write(summary + "\n")
    print(census)
    print(summary)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
