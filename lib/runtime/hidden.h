/*
 * hidden.h - included first in every C file of the image (Makefile CFLAGS, -include): every symbol declared
 * after it has hidden visibility (GCC manual, "Visibility Pragmas"; clang takes the same pragma). The image is
 * one static PIE (linker/pmucheck.ld.S) that no other module binds to, so no symbol can be preempted: with
 * -fpie and default visibility the compiler loads the address of every extern object from the GOT (an ADRP and
 * an LDR, and a GOT entry to relocate); hidden, it forms the address PC-relative (ADRP and ADD).
 */
#pragma GCC visibility push(hidden)
