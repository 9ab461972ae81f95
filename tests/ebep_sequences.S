/*
 * ebep_sequences.S - the instruction sequences the EBEP and SEBEP checks need at known addresses (tests/ebep.h).
 * Each is a leaf function that writes no memory and uses no stack, so it also runs at EL0 under
 * HCR_EL2.TGE = 1, where EL0's data accesses are uncached.
 */
#include "arch/asm_macros.h"

/*
 * ebep_raise(mask): RHFTPJ's sequence. A: MSR PMOVSSET_EL0 sets the overflow flags in mask; B: ISB, the
 * Context synchronization event; C: the first instruction after it. An enabled, unmasked PMU Profiling
 * exception is taken before C completes: ELR is ebep_raise_b or ebep_raise_c. Returns 0.
 */
func ebep_raise
	msr	pmovsset_el0, x0
	.global	ebep_raise_b
ebep_raise_b:
	isb
	.global	ebep_raise_c
ebep_raise_c:
	nop
	mov	x0, #0
	ret
endfunc ebep_raise

/* ebep_wait(): ISB and a few instructions, in which a pending, now unmasked PMU exception is taken. Returns 0. */
func ebep_wait
	isb
	nop
	nop
	nop
	nop
	mov	x0, #0
	ret
endfunc ebep_wait

/*
 * sebep_swinc(mask): one MSR PMSWINC_EL0 (at sebep_swinc_insn) increments the counters in mask; for a counter
 * preset to all ones in synchronous mode, that instruction overflows it, sets PSTATE.PPEND and writes its own
 * address to PMIAR_EL1 (RNZLVW), and the exception is taken in place of the next instruction,
 * sebep_swinc_next (ITSHPG). Returns 0.
 */
func sebep_swinc
	isb
	.global	sebep_swinc_insn
sebep_swinc_insn:
	msr	pmswinc_el0, x0
	.global	sebep_swinc_next
sebep_swinc_next:
	nop
	nop
	nop
	nop
	isb
	mov	x0, #0
	ret
endfunc sebep_swinc

/*
 * sebep_window(preset): PMEVCNTR0_EL0 = preset, ISB, then SEBEP_WINDOW_INSNS NOPs from sebep_window_start to
 * sebep_window_end: with counter 0 counting INST_RETIRED from a preset a few counts below the overflow, the
 * overflowing instruction is one of the NOPs. Returns 0.
 */
func sebep_window
	msr	pmevcntr0_el0, x0
	isb
	.global	sebep_window_start
sebep_window_start:
	.rept	64
	nop
	.endr
	.global	sebep_window_end
sebep_window_end:
	isb
	mov	x0, #0
	ret
endfunc sebep_window
