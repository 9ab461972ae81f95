/*
 * The image's sections as linker/pmucheck.ld.S lays them out (addresses only: take them with &, never read
 * through these declarations as data):
 *   [__text_start, __text_end)   code, mapped read-only and executable (lib/mmu/mmu.c)
 *   [__text_end, __rodata_end)   read-only data
 *   [__rodata_end, __image_end)  data, BSS, stacks and translation tables
 */
#ifndef PMUCHECK_RUNTIME_IMAGE_LAYOUT_H
#define PMUCHECK_RUNTIME_IMAGE_LAYOUT_H

/*
 * The alignment the image needs where it is loaded (bytes): the largest of its sections' (the 64 KiB stack
 * slots, lib/runtime/stacks.h STACK_SLOT_SIZE; then the 4 KiB translation granule, the 2 KiB vector tables).
 * boot/entry.S stops with a Bail out! when the image runs at an address that is not a multiple of it; the
 * linker script checks that no section needs more.
 */
#define PIE_LOAD_ALIGN 0x10000

#ifndef __ASSEMBLER__
extern char __text_start[], __text_end[], __rodata_end[], __image_end[];
#endif

#endif
