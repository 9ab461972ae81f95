/*
 * fdt_platform.c - see fdt_platform.h. Only libfdt's read-only calls; cell values are big-endian
 * (fdt32_to_cpu). Node and property names are those of the bindings cited in the header.
 */
#include <libfdt.h>
#include <stdio.h>
#include <string.h>

#include "drivers/uart/uart.h"
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

#define FDT_MAX_DEPTH 16 /* nodes deeper than this are not looked at (the bindings read are at depth 1 or 2) */

/*
 * Translate `addr`, an address in the child address space of the node at offset `bus`, to the root's, through the
 * `ranges` of bus and of each of its ancestors below the root (Devicetree Specification v0.4 section 2.3.8: each
 * entry is <child-bus-address parent-bus-address length>, in bus's #address-cells, its parent's #address-cells and
 * bus's #size-cells; an empty ranges maps 1:1; no ranges: the bus's children are not memory mapped; Linux
 * drivers/of/address.c of_translate_address() walks the same way). Returns 0, or -FDT_ERR_BADVALUE when a bus
 * has no ranges or none of its entries holds the address (the node is not reachable), -FDT_ERR_BADNCELLS for
 * cell counts other than 1 or 2.
 */
static int fdt_translate(const void *fdt, int bus, uint64_t *addr)
{
	int parent, len, cac, pac, sc, depth = 0, n;
	const fdt32_t *ranges;
	uint64_t child = 0, size;

	for (; bus > 0; bus = parent) { /* the root is at offset 0 */
		parent = fdt_parent_offset(fdt, bus);
		if (parent < 0 || ++depth > FDT_MAX_DEPTH)
			return parent < 0 ? parent : -FDT_ERR_BADSTRUCTURE;
		ranges = fdt_getprop(fdt, bus, "ranges", &len);
		if (!ranges)
			return -FDT_ERR_BADVALUE;
		if (len == 0)
			continue;
		cac = fdt_address_cells(fdt, bus);
		pac = fdt_address_cells(fdt, parent);
		sc = fdt_size_cells(fdt, bus);
		if (cac < 1 || cac > 2 || pac < 1 || pac > 2 || sc < 1 || sc > 2)
			return -FDT_ERR_BADNCELLS;
		for (n = len / ((cac + pac + sc) * 4); n > 0; n--, ranges += cac + pac + sc) {
			child = fdt_cells(ranges, cac);
			size = fdt_cells(ranges + cac + pac, sc);
			if (*addr >= child && *addr - child < size)
				break;
		}
		if (n == 0)
			return -FDT_ERR_BADVALUE;
		*addr = *addr - child + fdt_cells(ranges + cac, pac);
	}
	return 0;
}

/*
 * Entry i of `node`'s reg (address and size cells from its parent, the node at offset `parent`), its address
 * translated to the root's through the buses above it (fdt_translate()). Returns 0, or -FDT_ERR_NOTFOUND when
 * there is no such entry, -FDT_ERR_BADNCELLS for cell counts other than 1 or 2, -FDT_ERR_BADVALUE when the
 * address does not translate.
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
	return fdt_translate(fdt, parent, &r->base);
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

#define FDT_MAX_UARTS 8 /* UART nodes (a compatible a driver knows) the walk keeps for the console lookup */

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
	int pmu_ext;            /* the first PE PMU external interface (FDT_PMU_EXT_COMPAT) */
	int uart[FDT_MAX_UARTS], uart_parent[FDT_MAX_UARTS]; /* UART nodes (uart_match()) and their parents */
	int uart_path[FDT_MAX_UARTS][FDT_MAX_DEPTH];         /* each one's ancestors: [k] at depth k + 1 ... */
	unsigned uart_depth[FDT_MAX_UARTS];                  /* ... down to itself at [uart_depth - 1] */
	unsigned uarts;         /* how many UART nodes the walk kept (at most FDT_MAX_UARTS) */
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

/* The console is unusable: kind none, why says why (the TAP header prints it). */
static void fdt_console_unusable(struct plat_console *c, const char *why)
{
	c->kind = PLAT_CONSOLE_NONE;
	c->base = 0;
	c->reg_shift = c->reg_io_width = c->reg_offset = 0;
	c->big_endian = false;
	c->why = why;
}

/* A node's u32 property `name`, or `dflt` without it (a property shorter than a cell counts as absent). */
static uint32_t fdt_u32(const void *fdt, int node, const char *name, uint32_t dflt)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	return p && len >= 4 ? fdt32_to_cpu(*p) : dflt;
}

/*
 * The console node `node` (parent: its parent's offset) into c, kind none with c->why when it cannot be used:
 * disabled, no compatible a driver knows, no reg, an address the buses do not translate, reg-shift above 2,
 * reg-offset of 4 KiB or more, reg-io-width other than 1 or 4 (bindings serial/serial.yaml, serial/8250.yaml: reg-shift default 0,
 * reg-io-width default 1; 8250's reg-offset is added to the base), registers not aligned to their width.
 */
static void fdt_console_node(const void *fdt, int node, int parent, struct plat_console *c)
{
	const struct uart_driver *drv = NULL;
	const struct uart_compat *entry = NULL;
	const char *compat, *why = NULL;
	struct plat_range r;
	int len, rc;

	compat = fdt_getprop(fdt, node, "compatible", &len);
	if (compat && len > 0)
		snprintf(c->compatible, sizeof(c->compatible), "%.*s", len, compat);
	if (!fdt_node_enabled(fdt, node))
		why = "its status is not okay";
	else if (!compat || !(drv = uart_match(compat, len, &entry)))
		why = compat ? "no console driver knows its compatible" : "it has no compatible";
	if (why) {
		fdt_console_unusable(c, why);
		return;
	}
	if (parent < 0)
		parent = fdt_parent_offset(fdt, node);
	rc = parent < 0 ? parent : fdt_reg(fdt, parent, node, 0, &r);
	if (rc < 0) {
		fdt_console_unusable(c, rc == -FDT_ERR_BADVALUE ? "its address does not translate through its buses' "
				     "ranges" : "it has no usable reg");
		return;
	}
	c->kind = drv->kind;
	c->base = r.base;
	c->reg_offset = entry->reg_offset;
	c->big_endian = entry->big_endian;
	c->reg_shift = 0;
	c->reg_io_width = drv->io_width;
	if (!drv->io_width) {
		c->reg_shift = fdt_u32(fdt, node, "reg-shift", entry->reg_shift);
		c->reg_io_width = fdt_u32(fdt, node, "reg-io-width", entry->reg_io_width ? entry->reg_io_width : 1);
		c->reg_offset += fdt_u32(fdt, node, "reg-offset", 0);
	}
	if (c->reg_shift > 2)
		why = "reg-shift above 2";
	else if (c->reg_offset >= 0x1000)
		why = "reg-offset of 4 KiB or more";
	else if (!drv->io_width && c->reg_io_width != 1 && c->reg_io_width != 4) /* 0 included */
		why = "reg-io-width other than 1 or 4";
	else if ((c->base + c->reg_offset) % c->reg_io_width)
		why = "its registers are not aligned to their width";
	if (why)
		fdt_console_unusable(c, why);
	else
		c->why = NULL;
}

/*
 * The console as Linux finds it (drivers/of/base.c of_alias_scan(): /chosen/stdout-path, else
 * /chosen/linux,stdout-path; of_find_node_opts_by_path(): an absolute path, or an alias optionally followed by
 * "/more/path", either ended by ":options"), else the node /aliases/serial0 names. A node the walk kept (a
 * compatible a driver knows) is matched by its path without a lookup; any other is looked up, to report its
 * compatible. None of the three: no UART console (kind none, from PLAT_CONSOLE_FROM_TREE_NONE).
 */
static void fdt_read_console(const void *fdt, const struct fdt_found *f, struct plat_desc *d)
{
	static const char *const prop[2] = { "stdout-path", "linux,stdout-path" };
	struct plat_console c = { .kind = PLAT_CONSOLE_NONE, .from = PLAT_CONSOLE_FROM_TREE_NONE };
	const char *path = NULL, *alias;
	int len = 0, plen, alen, node = -1, parent = -1;
	unsigned i;

	for (i = 0; i < 2 && !path && f->chosen >= 0; i++) {
		path = fdt_getprop(fdt, f->chosen, prop[i], &len);
		c.from = i ? PLAT_CONSOLE_FROM_LINUX_STDOUT_PATH : PLAT_CONSOLE_FROM_STDOUT_PATH;
	}
	if (!path) {
		path = fdt_get_alias(fdt, "serial0");
		len = path ? (int)strlen(path) + 1 : 0;
		c.from = PLAT_CONSOLE_FROM_SERIAL0;
	}
	if (!path || len < 1) {
		c.from = PLAT_CONSOLE_FROM_TREE_NONE;
		d->console = c;
		return;
	}
	for (plen = 0; plen < len && path[plen] && path[plen] != ':'; plen++) /* the path, options dropped */
		;
	if (path[0] != '/') {
		for (alen = 0; alen < plen && path[alen] != '/'; alen++)
			;
		alias = fdt_get_alias_namelen(fdt, path, alen);
		if (alias && alen == plen) { /* the alias alone: its path */
			path = alias;
			plen = (int)strlen(alias);
		} else if (alias) { /* alias/more/path: libfdt resolves both */
			node = fdt_path_offset_namelen(fdt, path, plen);
		}
		if (!alias)
			path = NULL;
	}
	for (i = 0; path && node < 0 && i < f->uarts; i++) {
		if (path[0] == '/' && fdt_path_names(fdt, path, plen, f->uart_path[i], f->uart_depth[i])) {
			node = f->uart[i];
			parent = f->uart_parent[i];
		}
	}
	if (path && node < 0) /* a node no driver knows, or one the walk did not keep */
		node = fdt_path_offset_namelen(fdt, path, plen);
	if (node < 0)
		fdt_console_unusable(&c, path ? "it names no node" : "it names an alias /aliases lacks");
	else
		fdt_console_node(fdt, node, parent, &c);
	d->console = c;
	if (c.kind != PLAT_CONSOLE_NONE)
		d->from_tree |= PLAT_FROM_TREE_CONSOLE;
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
	const struct uart_compat *entry;
	const char *compat, *name;

	*f = (struct fdt_found){ .chosen = -1, .cpus = -1, .psci = -1, .gic = -1, .gic_parent = -1, .pmu = -1,
				 .core_pmu = -1, .timer = -1, .debug = -1, .pmu_ext = -1 };
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
		if (f->pmu_ext < 0 && fdt_stringlist_contains(compat, len, FDT_PMU_EXT_COMPAT))
			f->pmu_ext = node;
		if (f->uarts < FDT_MAX_UARTS && uart_match(compat, len, &entry)) {
			f->uart[f->uarts] = node;
			f->uart_parent[f->uarts] = parent[depth - 1];
			f->uart_depth[f->uarts] = (unsigned)depth;
			memcpy(f->uart_path[f->uarts], &parent[1], (size_t)depth * sizeof(parent[0]));
			f->uarts++;
		}
	}
	if (mem_count) {
		d->mem_count = mem_count;
		d->from_tree |= PLAT_FROM_TREE_MEM;
	}
}

/*
 * The redistributor regions of the arm,gic-v3 node (Documentation/devicetree/bindings/interrupt-controller/
 * arm,gic-v3.yaml): #redistributor-regions of them (1 without the property) from reg[1], each a range of
 * contiguous redistributors; QEMU virt puts the first 123 PEs' in one and the rest in a second (hw/arm/virt.c
 * VIRT_GIC_REDIST, VIRT_HIGH_GIC_REDIST2). A region reg does not hold ends the list. At most PLAT_MAX_GICR are
 * kept; gicr_in_tree says how many the tree names.
 */
static void fdt_read_gicr(const void *fdt, const struct fdt_found *f, struct plat_desc *d)
{
	uint32_t regions = fdt_u32(fdt, f->gic, "#redistributor-regions", 1);
	struct plat_range r;
	unsigned i;

	for (i = 0; i < regions && fdt_reg(fdt, f->gic_parent, f->gic, (int)i + 1, &r) == 0; i++) {
		if (d->gicr_count < PLAT_MAX_GICR)
			d->gicr[d->gicr_count++] = r;
		d->gicr_in_tree++;
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
	memset(d->gicr, 0, sizeof(d->gicr));
	d->gicr_count = d->gicr_in_tree = 0;
	snprintf(d->gic_compatible, sizeof(d->gic_compatible), "%s", compat ? compat : "");
	if (f->gic >= 0 && fdt_reg(fdt, f->gic_parent, f->gic, 0, &r) == 0 &&
	    fdt_reg(fdt, f->gic_parent, f->gic, 1, &r1) == 0) {
		d->gic_version = f->gic_version;
		d->gicd_base = r.base;
		if (f->gic_version == 2) { /* arm,gic.yaml: reg[1] the CPU interface */
			d->gicc_base = r1.base;
			d->gicc_size = r1.size;
		} else { /* arm,gic-v3.yaml: reg[1..#redistributor-regions] the redistributor regions */
			fdt_read_gicr(fdt, f, d);
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
 * A 4KB block per PE named by nodes compatible `compat` with a `cpu` phandle (the CoreSight
 * "arm,coresight-cpu-debug" binding's form): base[i] = the node's reg for the PE whose cpu node's reg (the MPIDR)
 * is pe_mpidr[i]. ac: the /cpus #address-cells. The search starts at the first such node the walk saw (first;
 * none: nothing to do). A node without `cpu`, reg or status okay is skipped. Nodes in /cpus' order cost one
 * comparison each, so a tree of many PEs is read in time linear in its size.
 */
static void fdt_read_per_pe(const void *fdt, struct plat_desc *d, int ac, int first, const char *compat,
			    uint64_t *base)
{
	int node, cpu, len;
	const fdt32_t *phandle, *reg;
	struct plat_range r;
	unsigned i, next = 0;
	uint64_t mpidr;

	for (node = first; node >= 0; node = fdt_node_offset_by_compatible(fdt, node, compat)) {
		phandle = fdt_getprop(fdt, node, "cpu", &len);
		if (!phandle || len < 4 || fdt_reg(fdt, fdt_parent_offset(fdt, node), node, 0, &r) != 0 ||
		    !fdt_node_enabled(fdt, node))
			continue;
		cpu = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(*phandle));
		reg = cpu >= 0 ? fdt_getprop(fdt, cpu, "reg", &len) : NULL;
		if (!reg || len < ac * 4)
			continue;
		mpidr = fdt_cells(reg, ac);
		/* nodes usually follow /cpus' order: try the PE after the last one matched before searching them all */
		if (next < d->pe_count && d->pe_mpidr[next] == mpidr) {
			base[next++] = r.base;
			continue;
		}
		for (i = 0; i < d->pe_count; i++)
			if (d->pe_mpidr[i] == mpidr) {
				base[i] = r.base;
				next = i + 1;
			}
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
		if (count < d->pe_capacity) {
			d->pe_release_addr[count] = fdt_spin_table_addr(fdt, node);
			d->pe_debug_base[count] = d->pe_pmu_ext_base[count] = 0;
			d->pe_mpidr[count++] = fdt_cells(reg, ac);
		}
	}
	if (seen) {
		d->pe_count = count;
		d->pe_count_in_tree = seen;
		d->from_tree |= PLAT_FROM_TREE_CPUS;
	}
	fdt_read_per_pe(fdt, d, ac, f->debug, "arm,coresight-cpu-debug", d->pe_debug_base);
	fdt_read_per_pe(fdt, d, ac, f->pmu_ext, FDT_PMU_EXT_COMPAT, d->pe_pmu_ext_base);
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
