/*
 * fdt_platform.c - see fdt_platform.h. Only libfdt's read-only calls; cell values are big-endian
 * (fdt32_to_cpu). Node and property names are those of the bindings cited in the header.
 */
#include <libfdt.h>
#include <stdio.h>
#include <string.h>

#include "dt/fdt_platform.h"

bool fdt_platform_valid(const void *fdt, uint32_t max_size)
{
	return fdt_check_header(fdt) == 0 && fdt_totalsize(fdt) <= max_size;
}

/* A status property that leaves its node usable: "okay" or "ok", or no status at all (NULL). */
static bool fdt_status_okay(const char *status)
{
	return !status || strcmp(status, "okay") == 0 || strcmp(status, "ok") == 0;
}

/* A node is usable unless its status says otherwise (fdt_status_okay). */
static bool fdt_node_enabled(const void *fdt, int node)
{
	return fdt_status_okay(fdt_getprop(fdt, node, "status", NULL));
}

/* Read `cells` (1 or 2) big-endian cells at p as one number. */
static uint64_t fdt_cells(const fdt32_t *p, int cells)
{
	return cells == 2 ? ((uint64_t)fdt32_to_cpu(p[0]) << 32) | fdt32_to_cpu(p[1]) : fdt32_to_cpu(p[0]);
}

/*
 * Entry i of `node`'s reg (address and size cells from its parent, the node at offset `parent`). Returns 0, or
 * -FDT_ERR_NOTFOUND when there is no such entry, -FDT_ERR_BADNCELLS for cell counts other than 1 or 2.
 */
static int fdt_reg(const void *fdt, int parent, int node, int i, struct plat_range *r)
{
	int ac = fdt_address_cells(fdt, parent), sc = fdt_size_cells(fdt, parent), len;
	const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);

	if (ac < 1 || ac > 2 || sc < 0 || sc > 2)
		return -FDT_ERR_BADNCELLS;
	if (!reg || len < (i + 1) * (ac + sc) * 4)
		return -FDT_ERR_NOTFOUND;
	reg += i * (ac + sc);
	r->base = fdt_cells(reg, ac);
	r->size = sc ? fdt_cells(reg + ac, sc) : 0;
	return 0;
}

/* INTID of interrupt specifier i of `node` (GIC binding: <type number flags>, type 0 SPI, 1 PPI); 0: none. */
static unsigned fdt_gic_intid(const void *fdt, int node, int i)
{
	int len;
	const fdt32_t *irq = fdt_getprop(fdt, node, "interrupts", &len);

	if (!irq || len < (i + 1) * 12)
		return 0;
	irq += 3 * i;
	return (fdt32_to_cpu(irq[0]) == 1 ? 16 : 32) + fdt32_to_cpu(irq[1]);
}

/* A /memory node (a child of the root whose device_type "memory" and status the walk has checked): its reg
 * ranges into d->mem. */
static void fdt_read_memory(const void *fdt, int node, struct plat_desc *d, unsigned *count)
{
	struct plat_range r;
	int i;

	for (i = 0; *count < PLAT_MAX_MEM && fdt_reg(fdt, 0, node, i, &r) == 0; i++) {
		if (r.size)
			d->mem[(*count)++] = r;
	}
}

#define FDT_MAX_DEPTH 16 /* nodes deeper than this are not looked at (the bindings read are at depth 1 or 2) */

/*
 * Whether a node's name matches the path component comp (len bytes) as fdt_path_offset() matches one: the
 * whole name, or the name without its unit address when comp has none ("chosen" matches "chosen@0").
 */
static bool fdt_name_eq(const char *name, const char *comp, size_t len)
{
	return name && strncmp(name, comp, len) == 0 &&
	       (name[len] == '\0' || (name[len] == '@' && !memchr(comp, '@', len)));
}

/* Whether a node's name is `base` (no unit address in it), with or without a unit address. */
static bool fdt_name_is(const char *name, const char *base)
{
	return fdt_name_eq(name, base, strlen(base));
}

#define FDT_MAX_UARTS 8 /* arm,pl011 nodes whose parent the walk keeps for the stdout-path lookup */

/*
 * The nodes fdt_platform_read() reads, found in one walk of the tree: each libfdt lookup by path, compatible
 * string or parent walks the tree from its start, and fourteen of them were most of boot's instructions on
 * QEMU (make bench); the stdout-path node's parent and the CoreSight scan's start come from it too. Offsets
 * are negative when absent.
 */
struct fdt_found {
	int chosen, cpus, psci; /* /chosen, /cpus, /psci */
	int gic, gic_parent;    /* the first GIC pmucheck supports (fdt_gics) and its parent */
	unsigned gic_version;   /* its architecture version: 2 or 3 */
	const char *gic_compat; /* the compatible string it matched */
	const char *intc_compat; /* the first interrupt-controller node's first compatible string */
	int pmu, core_pmu;      /* the first arm,armv8-pmuv3; the first "arm,<core>-pmu" */
	int timer;              /* the first arm,armv8-timer */
	int debug;              /* the first arm,coresight-cpu-debug */
	int uart[FDT_MAX_UARTS], uart_parent[FDT_MAX_UARTS]; /* arm,pl011 nodes and their parents */
	int uart_path[FDT_MAX_UARTS][FDT_MAX_DEPTH];         /* each one's ancestors: [k] at depth k + 1 ... */
	unsigned uart_depth[FDT_MAX_UARTS];                  /* ... down to itself at [uart_depth - 1] */
	unsigned uarts;         /* how many arm,pl011 nodes the walk saw (more than it keeps: FDT_MAX_UARTS) */
};

/*
 * Whether the absolute path (len bytes; repeated '/' allowed, as fdt_path_offset() allows them) names the node
 * whose ancestors from depth 1 down to itself are the `depth` nodes at anc[]: one fdt_get_name() a level
 * instead of fdt_path_offset_namelen()'s scan of every sibling on the way (on QEMU's tree that scan was 18%
 * of the reader's instructions, counted with callgrind on the host).
 */
static bool fdt_path_names(const void *fdt, const char *path, int len, const int *anc, unsigned depth)
{
	const char *end = path + len, *comp;
	unsigned k = 0;

	while (path < end) {
		while (path < end && *path == '/')
			path++;
		if (path == end)
			break;
		comp = path;
		while (path < end && *path != '/')
			path++;
		if (k == depth || !fdt_name_eq(fdt_get_name(fdt, anc[k], NULL), comp, (size_t)(path - comp)))
			return false;
		k++;
	}
	return k == depth;
}

/* /chosen/stdout-path: "alias" or "/path", either with ":options"; its parent as the walk found it. */
static void fdt_read_console(const void *fdt, const struct fdt_found *f, struct plat_desc *d)
{
	int len, node, parent = -1;
	const char *path = f->chosen >= 0 ? fdt_getprop(fdt, f->chosen, "stdout-path", &len) : NULL;
	const char *colon;
	struct plat_range r;
	unsigned i;

	if (!path)
		return;
	colon = strchr(path, ':');
	len = colon ? (int)(colon - path) : (int)strlen(path);
	if (path[0] != '/') {
		path = fdt_get_alias_namelen(fdt, path, len);
		if (!path)
			return;
		len = (int)strlen(path);
	}
	node = -1;
	for (i = 0; i < f->uarts && i < FDT_MAX_UARTS && parent < 0; i++) {
		if (fdt_path_names(fdt, path, len, f->uart_path[i], f->uart_depth[i])) {
			node = f->uart[i];
			parent = f->uart_parent[i];
		}
	}
	if (parent < 0 && f->uarts > FDT_MAX_UARTS) { /* one the walk did not keep */
		node = fdt_path_offset_namelen(fdt, path, len);
		if (node >= 0 && fdt_node_check_compatible(fdt, node, "arm,pl011") == 0)
			parent = fdt_parent_offset(fdt, node);
	}
	if (parent >= 0 && fdt_reg(fdt, parent, node, 0, &r) == 0) {
		d->uart_base = r.base;
		d->from_tree |= PLAT_FROM_TREE_CONSOLE;
	}
}

/* A per-core PMU binding: a compatible string "arm,<core>-pmu". */
static bool fdt_core_pmu(const char *compat, int len)
{
	int off;
	size_t n;

	for (off = 0; compat && off < len; off += (int)n + 1) {
		n = strlen(compat + off);
		if (strncmp(compat + off, "arm,", 4) == 0 && n > 8 && strcmp(compat + off + n - 4, "-pmu") == 0)
			return true;
	}
	return false;
}

/*
 * The properties of one node the walk looks at, read in one pass over them (fdt_getprop scans a node's
 * properties from its first on every call, and most nodes lack most of these). NULL: absent. A name given twice
 * (a malformed tree) counts at its first, as fdt_getprop() finds it.
 */
struct fdt_node_props {
	const char *compat, *device_type, *status;
	int compat_len;
	bool intc; /* an interrupt-controller property (devicetree specification 2.4.2) */
};

static void fdt_node_props(const void *fdt, int node, struct fdt_node_props *p)
{
	const char *name, *value;
	int prop, len;

	*p = (struct fdt_node_props){ 0 };
	fdt_for_each_property_offset(prop, fdt, node) {
		value = fdt_getprop_by_offset(fdt, prop, &name, &len);
		if (!value || !name)
			continue;
		if (!p->compat && strcmp(name, "compatible") == 0) {
			p->compat = value;
			p->compat_len = len;
		} else if (!p->device_type && strcmp(name, "device_type") == 0) {
			p->device_type = value;
		} else if (!p->status && strcmp(name, "status") == 0) {
			p->status = value;
		} else if (strcmp(name, "interrupt-controller") == 0) {
			p->intc = true;
		}
	}
}

/*
 * The GICs pmucheck drives, by compatible string: arm,gic-v3 (Documentation/devicetree/bindings/
 * interrupt-controller/arm,gic-v3.yaml; a GICv4 is arm,gic-v3 too) and the GICv2 implementations of arm,gic.yaml
 * (GIC-400, the GIC of Cortex-A15 and Cortex-A7 clusters, Qualcomm's QGIC2). Its other compatibles are GICv1
 * implementations (arm,pl390, arm,cortex-a9-gic, ...), which gicv2.c does not cover (no GICC_AIAR, and groups
 * only with the Security Extensions), or a secondary GIC without PPIs (nvidia,tegra210-agic).
 */
static const struct {
	const char *compat;
	unsigned version;
} fdt_gics[] = {
	{ "arm,gic-v3", 3 }, { "arm,gic-400", 2 }, { "arm,cortex-a15-gic", 2 }, { "arm,cortex-a7-gic", 2 },
	{ "qcom,msm-qgic2", 2 },
};

/* Whether compat (len bytes) names a GIC of fdt_gics; records the node, its parent, version and string in f. */
static bool fdt_match_gic(const char *compat, int len, int node, int parent, struct fdt_found *f)
{
	unsigned i;

	for (i = 0; i < sizeof(fdt_gics) / sizeof(fdt_gics[0]); i++) {
		if (fdt_stringlist_contains(compat, len, fdt_gics[i].compat)) {
			f->gic = node;
			f->gic_parent = parent;
			f->gic_version = fdt_gics[i].version;
			f->gic_compat = fdt_gics[i].compat;
			return true;
		}
	}
	return false;
}

/* Walk the tree once: fill f, and d->mem from the /memory nodes. */
static void fdt_walk(const void *fdt, struct fdt_found *f, struct plat_desc *d)
{
	int node, depth = -1, len, parent[FDT_MAX_DEPTH]; /* the root comes first, at depth 0 */
	unsigned mem_count = 0;
	struct fdt_node_props p;
	const char *compat, *name;

	*f = (struct fdt_found){ .chosen = -1, .cpus = -1, .psci = -1, .gic = -1, .gic_parent = -1, .pmu = -1,
				 .core_pmu = -1, .timer = -1, .debug = -1 };
	for (node = fdt_next_node(fdt, -1, &depth); node >= 0; node = fdt_next_node(fdt, node, &depth)) {
		if (depth >= FDT_MAX_DEPTH)
			continue;
		parent[depth] = node;
		if (depth == 0)
			continue;
		fdt_node_props(fdt, node, &p);
		if (depth == 1) {
			name = fdt_get_name(fdt, node, NULL);
			if (fdt_name_is(name, "chosen"))
				f->chosen = node;
			else if (fdt_name_is(name, "cpus"))
				f->cpus = node;
			else if (fdt_name_is(name, "psci"))
				f->psci = node;
			if (p.device_type && strcmp(p.device_type, "memory") == 0 && fdt_status_okay(p.status))
				fdt_read_memory(fdt, node, d, &mem_count);
		}
		compat = p.compat;
		len = p.compat_len;
		if (!compat)
			continue;
		if (f->gic < 0)
			fdt_match_gic(compat, len, node, parent[depth - 1], f);
		if (!f->intc_compat && p.intc)
			f->intc_compat = compat;
		if (f->pmu < 0 && fdt_stringlist_contains(compat, len, "arm,armv8-pmuv3"))
			f->pmu = node;
		if (f->core_pmu < 0 && fdt_core_pmu(compat, len))
			f->core_pmu = node;
		if (f->timer < 0 && fdt_stringlist_contains(compat, len, "arm,armv8-timer"))
			f->timer = node;
		if (f->debug < 0 && fdt_stringlist_contains(compat, len, "arm,coresight-cpu-debug"))
			f->debug = node;
		if (fdt_stringlist_contains(compat, len, "arm,pl011")) {
			if (f->uarts < FDT_MAX_UARTS) {
				f->uart[f->uarts] = node;
				f->uart_parent[f->uarts] = parent[depth - 1];
				f->uart_depth[f->uarts] = (unsigned)depth;
				memcpy(f->uart_path[f->uarts], &parent[1], (size_t)depth * sizeof(parent[0]));
			}
			f->uarts++;
		}
	}
	if (mem_count) {
		d->mem_count = mem_count;
		d->from_tree |= PLAT_FROM_TREE_MEM;
	}
}

static void fdt_read_interrupts(const void *fdt, const struct fdt_found *f, struct plat_desc *d)
{
	int pmu = f->pmu >= 0 ? f->pmu : f->core_pmu; /* arm,armv8-pmuv3, else a per-core binding */
	struct plat_range r, r1;
	unsigned i;
	const char *compat = f->gic >= 0 ? f->gic_compat : f->intc_compat;

	/* a tree replaces the compiled-in GIC whole: with none it supports, pmucheck has none */
	d->gic_version = 0;
	d->gicd_base = d->gicc_base = d->gicc_size = 0;
	d->gicr = (struct plat_range){ 0, 0 };
	snprintf(d->gic_compatible, sizeof(d->gic_compatible), "%s", compat ? compat : "");
	if (f->gic >= 0 && fdt_reg(fdt, f->gic_parent, f->gic, 0, &r) == 0 &&
	    fdt_reg(fdt, f->gic_parent, f->gic, 1, &r1) == 0) {
		d->gic_version = f->gic_version;
		d->gicd_base = r.base;
		if (f->gic_version == 2) { /* arm,gic.yaml: reg[1] the CPU interface */
			d->gicc_base = r1.base;
			d->gicc_size = r1.size;
		} else { /* arm,gic-v3.yaml: reg[1] the first redistributor region */
			d->gicr = r1;
		}
		d->from_tree |= PLAT_FROM_TREE_GIC;
	}
	if (pmu >= 0 && fdt_gic_intid(fdt, pmu, 0)) {
		d->pmu_intid = fdt_gic_intid(fdt, pmu, 0);
		d->from_tree |= PLAT_FROM_TREE_PMU;
	}
	for (i = 0; f->timer >= 0 && i < 4; i++) {
		if (fdt_gic_intid(fdt, f->timer, (int)i)) {
			d->timer_intid[i] = fdt_gic_intid(fdt, f->timer, (int)i);
			d->from_tree |= PLAT_FROM_TREE_TIMER;
		}
	}
}

/*
 * The external debug registers of each PE (the CoreSight "arm,coresight-cpu-debug" binding): reg is the 4KB
 * debug block, cpu the phandle of the cpu node it belongs to (matched by that node's reg, the MPIDR). ac: the
 * /cpus #address-cells. The search starts at the first such node the walk saw (first), none: nothing to do.
 */
static void fdt_read_debug(const void *fdt, struct plat_desc *d, int ac, int first)
{
	int node, cpu, len;
	const fdt32_t *phandle, *reg;
	struct plat_range r;
	unsigned i;

	for (node = first; node >= 0; node = fdt_node_offset_by_compatible(fdt, node, "arm,coresight-cpu-debug")) {
		phandle = fdt_getprop(fdt, node, "cpu", &len);
		if (!phandle || len < 4 || fdt_reg(fdt, fdt_parent_offset(fdt, node), node, 0, &r) != 0 ||
		    !fdt_node_enabled(fdt, node))
			continue;
		cpu = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(*phandle));
		reg = cpu >= 0 ? fdt_getprop(fdt, cpu, "reg", &len) : NULL;
		if (!reg || len < ac * 4)
			continue;
		for (i = 0; i < d->pe_count; i++)
			if (d->pe_mpidr[i] == fdt_cells(reg, ac))
				d->pe_debug_base[i] = r.base;
	}
}

/*
 * A cpu node's release address when its enable-method is "spin-table" (Linux Documentation/devicetree/bindings/
 * arm/cpus.yaml: cpu-release-addr, a 64-bit address in two cells; Documentation/arch/arm64/booting.rst,
 * "spin-table"), else 0.
 */
static uint64_t fdt_spin_table_addr(const void *fdt, int node)
{
	const char *method = fdt_getprop(fdt, node, "enable-method", NULL);
	const fdt32_t *addr;
	int len;

	if (!method || strcmp(method, "spin-table") != 0)
		return 0;
	addr = fdt_getprop(fdt, node, "cpu-release-addr", &len);
	return addr && len == 8 ? fdt_cells(addr, 2) : 0;
}

static void fdt_read_cpus(const void *fdt, const struct fdt_found *f, struct plat_desc *d)
{
	int cpus = f->cpus, psci = f->psci, node, ac, len;
	const char *method, *type;
	const fdt32_t *reg;
	unsigned count = 0, seen = 0;

	method = psci >= 0 ? fdt_getprop(fdt, psci, "method", NULL) : NULL;
	d->psci = !method ? PLAT_PSCI_NONE : strcmp(method, "hvc") == 0 ? PLAT_PSCI_HVC
					 : strcmp(method, "smc") == 0 ? PLAT_PSCI_SMC : PLAT_PSCI_NONE;
	if (d->psci != PLAT_PSCI_NONE)
		d->from_tree |= PLAT_FROM_TREE_PSCI;
	if (cpus < 0)
		return;
	ac = fdt_address_cells(fdt, cpus);
	fdt_for_each_subnode(node, fdt, cpus) {
		type = fdt_getprop(fdt, node, "device_type", NULL);
		reg = fdt_getprop(fdt, node, "reg", &len);
		if (!type || strcmp(type, "cpu") != 0 || !reg || (ac != 1 && ac != 2) || len < ac * 4 ||
		    !fdt_node_enabled(fdt, node))
			continue;
		seen++;
		if (count < PLAT_MAX_PES) {
			d->pe_release_addr[count] = fdt_spin_table_addr(fdt, node);
			d->pe_mpidr[count++] = fdt_cells(reg, ac);
		}
	}
	if (count) {
		d->pe_count = count;
		d->pe_count_in_tree = seen;
		d->from_tree |= PLAT_FROM_TREE_CPUS;
	}
	fdt_read_debug(fdt, d, ac, f->debug);
}

static void fdt_read_strings(const void *fdt, int chosen, struct plat_desc *d)
{
	const char *s = chosen >= 0 ? fdt_getprop(fdt, chosen, "bootargs", NULL) : NULL;

	if (s)
		strncpy(d->bootargs, s, sizeof(d->bootargs) - 1);
	s = fdt_getprop(fdt, 0, "model", NULL);
	if (s)
		strncpy(d->model, s, sizeof(d->model) - 1);
}

int fdt_platform_read(const void *fdt, struct plat_desc *d)
{
	struct fdt_found f;
	int rc = fdt_check_header(fdt);

	if (rc)
		return rc;
	fdt_walk(fdt, &f, d);
	fdt_read_console(fdt, &f, d);
	fdt_read_interrupts(fdt, &f, d);
	fdt_read_cpus(fdt, &f, d);
	fdt_read_strings(fdt, f.chosen, d);
	d->from_fdt = true;
	d->fdt_addr = (uint64_t)(uintptr_t)fdt;
	d->fdt_size = fdt_totalsize(fdt);
	return 0;
}
