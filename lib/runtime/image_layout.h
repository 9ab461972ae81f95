/*
 * The image's sections as linker/pmucheck.ld.S lays them out (addresses only: take them with &, never read
 * through these declarations as data):
 *   [__text_start, __text_end)   code, mapped read-only and executable (lib/mmu/mmu.c)
 *   [__text_end, __rodata_end)   read-only data
 *   [__rodata_end, __image_end)  data, BSS, stacks and translation tables
 */
#ifndef PMUCHECK_RUNTIME_IMAGE_LAYOUT_H
#define PMUCHECK_RUNTIME_IMAGE_LAYOUT_H

extern char __text_start[], __text_end[], __rodata_end[], __image_end[];

#endif
