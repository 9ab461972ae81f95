/*
 * console_newlib.c - newlib's glue to console.h (make LIBC=newlib; compiled instead of console_picolibc.c,
 * which is picolibc's FILE): the system calls newlib's libc.a leaves to the program when it is built with
 * --disable-newlib-supplied-syscalls (ci/build-newlib.sh; the Arm GNU Toolchain's aarch64-none-elf newlib is
 * built so too). newlib's stdio calls them through its reentrant wrappers (libc/reent/: _write_r -> _write,
 * ...), which move the errno set here into the calling struct _reent.
 *
 *  _write   stdout and stderr (any descriptor): every byte to console_putc() (console.c: the PL011, or
 *           buffered for semihosting SYS_WRITE0, which console_semihost_write0() below makes).
 *  _exit    with PLAT_SEMIHOSTING: SYS_EXIT with ADP_Stopped_ApplicationExit and the status as subcode, which
 *           QEMU makes its own exit status (without it lib/platform/platform_exit.c's WFI loop is _exit).
 *  _sbrk    no heap: fails with ENOMEM. The only allocation the image makes is stdio's buffer for stdout
 *           (__smakebuf_r, on the first printf); when malloc fails there newlib makes the stream unbuffered
 *           (libc/stdio/makebuf.c), so that every printf is formatted into a buffer on the stack (__sbprintf,
 *           BUFSIZ = 1024 bytes) and written with one _write: newlib keeps nothing when printf returns, as
 *           picolibc does not (console.c then keeps semihosting output as console.h says).
 *  _fstat, _isatty   a character device, a terminal; _read (no input: end of file), _close, _lseek, _kill,
 *           _getpid: what newlib's libc.a refers to; none is called by pmucheck's own code.
 * No locks (newlib is built with --disable-newlib-multithread): one PE runs the suite at a time, no threads.
 *
 * Semihosting (Arm, "Semihosting for AArch32 and AArch64", https://github.com/ARM-software/abi-aa/blob/main/
 * semihosting/semihosting.rst): on AArch64 the call is HLT #0xF000 with the operation number in W0 and its
 * parameter in X1; the result comes back in X0 ("The semihosting interface"). SYS_WRITE0 (0x04): X1 = address
 * of a NUL-terminated string. SYS_EXIT (0x18): on AArch64 X1 = address of a two-field (64-bit) block:
 * the reason (ADP_Stopped_ApplicationExit, 0x20026) and the subcode (the exit status). picolibc's libsemihost
 * is picolibc's own (its _exit, sys_semihost_write0): newlib gets these two calls here.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "drivers/console.h"
#include "platform/platform.h"

#define SEMIHOSTING_SYS_WRITE0         0x04
#define SEMIHOSTING_SYS_EXIT           0x18
#define ADP_STOPPED_APPLICATION_EXIT   0x20026

#if PLAT_SEMIHOSTING
/* One semihosting call (above): operation in W0, parameter in X1, result in X0. */
static uint64_t semihosting_call(uint32_t operation, const void *parameter)
{
	register uint64_t x0 __asm__("x0") = operation;
	register uint64_t x1 __asm__("x1") = (uint64_t)(uintptr_t)parameter;

	__asm__ volatile("hlt #0xf000" : "+r"(x0) : "r"(x1) : "memory");
	return x0;
}

void console_semihost_write0(const char *text)
{
	semihosting_call(SEMIHOSTING_SYS_WRITE0, text);
}
#endif

int _write(int fd, const void *buf, size_t count)
{
	const char *text = buf;
	size_t i;

	(void)fd;
	for (i = 0; i < count; i++)
		console_putc(text[i]);
	return (int)count;
}

#if PLAT_SEMIHOSTING
void __attribute__((noreturn)) _exit(int status)
{
	const uint64_t block[2] = { ADP_STOPPED_APPLICATION_EXIT, (uint64_t)(int64_t)status };

	console_flush();
	semihosting_call(SEMIHOSTING_SYS_EXIT, block);
	for (;;) /* a debugger that does not stop here */
		__asm__ volatile("wfi");
}
#endif

void *_sbrk(ptrdiff_t increment)
{
	(void)increment;
	errno = ENOMEM;
	return (void *)-1;
}

int _read(int fd, void *buf, size_t count)
{
	(void)fd;
	(void)buf;
	(void)count;
	return 0;
}

int _close(int fd)
{
	(void)fd;
	errno = EBADF;
	return -1;
}

off_t _lseek(int fd, off_t offset, int whence)
{
	(void)fd;
	(void)offset;
	(void)whence;
	errno = ESPIPE;
	return -1;
}

int _fstat(int fd, struct stat *st)
{
	(void)fd;
	st->st_mode = S_IFCHR;
	return 0;
}

int _isatty(int fd)
{
	(void)fd;
	return 1;
}
