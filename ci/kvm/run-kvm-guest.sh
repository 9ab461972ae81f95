#!/bin/bash
# run-kvm-guest.sh - run pmucheck.bin as a KVM guest inside an emulated arm64 Linux host (`make kvm-run`; not yet
# part of `make test`: KVM's deviations are still to be recorded).
#
# The outer machine is pmucheck's own QEMU (TCG, -M virt,virtualization=on,gic-version=3, OUTER_CPU): Linux boots
# at EL2, so KVM comes up (VHE by default, nVHE with kvm-arm.mode=nvhe). Its initramfs holds busybox, Debian's
# arm64 qemu-system-aarch64 (7.2) with the libraries it needs, and pmucheck.bin; /init starts
#   qemu-system-aarch64 -M virt,gic-version=3 -accel kvm -cpu host ... -kernel /pmucheck.bin
# whose serial output reaches the outer console, then powers the host off.
#
# Everything downloaded is a Debian arm64 package (apt-get download, dpkg-deb -x), cached under
# ~/.cache/pmucheck/kvm/. Nothing is built but the initramfs.
#
# Environment:
#   KERNELS="6.1 6.12"     host kernels to boot (6.1: bookworm; 6.12: bookworm-backports)
#   MODES="vhe nvhe"       KVM host modes (nvhe: kvm-arm.mode=nvhe on the host's command line)
#   KVM_TESTS=all          the guest's pmucheck.tests=<KVM_TESTS> (enable, say); all: every module (not TESTS,
#                          which `make` compiles into the image)
#   GUEST_ARGS=""          more words for the guest's -append (e.g. pmucheck.pes=0)
#   GUEST_SMP=1            the guest's -smp
#   GUEST_TIMEOUT=1500     seconds the inner QEMU may run (inside the host)
#   BOOT_TIMEOUT=1800      seconds one host boot may take, end to end
#   OUTER_QEMU=~/.cache/pmucheck/qemu-pmu/current/qemu-system-aarch64
#   OUTER_CPU=             the host's -cpu; unset: max for 6.12, neoverse-n2 (FEAT_PMUv3p5) for 6.1, whose KVM does
#                          not know PMUv3p9 ("Unknown PMU version 9" at pmu-emul.c:42: its event mask is 0, and the
#                          guest's counters never count; in nVHE the host keeps one counter and gives the guest N = 0)
#   FIRST_OUTPUT_TIMEOUT=120  seconds the host may stay silent after QEMU starts before the boot is declared hung
#   PMUCHECK_BIN=build/qemu-virt/pmucheck.bin (copied to build/kvm/ first)
#   Logs: build/kvm/logs/host-<kernel>-<mode>-<cpu>-<tests>.log, each host's whole console.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HERE=$ROOT/build/kvm
CACHE=${PMUCHECK_KVM_CACHE:-$HOME/.cache/pmucheck/kvm}
OUTER_QEMU=${OUTER_QEMU:-$HOME/.cache/pmucheck/qemu-pmu/current/qemu-system-aarch64}
PMUCHECK_BIN=${PMUCHECK_BIN:-$ROOT/build/qemu-virt/pmucheck.bin}
OUTER_CPU=${OUTER_CPU:-}
FIRST_OUTPUT_TIMEOUT=${FIRST_OUTPUT_TIMEOUT:-120}
KERNELS=${KERNELS:-"6.1 6.12"}
MODES=${MODES:-"vhe nvhe"}
KVM_TESTS=${KVM_TESTS:-all}
GUEST_ARGS=${GUEST_ARGS:-}
GUEST_SMP=${GUEST_SMP:-1}
GUEST_TIMEOUT=${GUEST_TIMEOUT:-1500}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-1800}
LOGS=$HERE/logs
BUILD=$HERE
PY=/usr/bin/python3
START=$SECONDS

log() { printf '[run-kvm-guest %s +%ds] %s\n' "$(date +%H:%M:%S)" $((SECONDS - START)) "$*" >&2; }
die() { log "FAIL: $*"; exit 1; }

# step NAME CMD...: run CMD, print a line every 25 s while it runs, and how long it took.
step() {
	local name=$1 t0=$SECONDS hb rc=0
	shift
	log "step: $name"
	( exec 9>&-; while sleep 25; do log "  ... still at: $name ($((SECONDS - t0)) s)"; done ) &
	hb=$!
	"$@" || rc=$?
	kill "$hb" 2>/dev/null || true
	wait "$hb" 2>/dev/null || true
	if [ "$rc" = 0 ]; then log "done: $name in $((SECONDS - t0)) s"; else log "failed: $name (exit $rc) after $((SECONDS - t0)) s"; fi
	return "$rc"
}

mkdir -p "$CACHE/debs" "$CACHE/pkgs" "$LOGS" "$BUILD"
# one run at a time: two would share build/ and logs/ (and two TCG hosts on 2 cores crawl)
exec 9>"$BUILD/.lock"
flock -n 9 || die "another run-kvm-guest.sh is running (lock $BUILD/.lock)"

# ---------------------------------------------------------------------------------------------------------------
# 1. apt: the arm64 architecture and bookworm-backports
apt_setup() {
	local need_update=0
	if ! dpkg --print-foreign-architectures | grep -qx arm64; then
		log "adding the arm64 architecture to dpkg"
		dpkg --add-architecture arm64
		need_update=1
	fi
	if ! has_backports; then
		log "adding bookworm-backports to /etc/apt/sources.list.d/pmucheck-kvm-backports.list"
		echo "deb http://deb.debian.org/debian bookworm-backports main" > /etc/apt/sources.list.d/pmucheck-kvm-backports.list
		need_update=1
	else
		log "apt: bookworm-backports (deb) already in $(grep -lrs bookworm-backports /etc/apt/sources.list /etc/apt/sources.list.d | tr '\n' ' ')"
	fi
	if ! apt-cache policy qemu-system-arm:arm64 2>/dev/null | grep -q 'Candidate: [0-9]'; then
		need_update=1
	fi
	if [ "$need_update" = 1 ]; then
		log "apt-get update"
		apt-get update 2>&1 | tail -3
	else
		log "apt: arm64 and bookworm-backports already there"
	fi
	apt-cache policy | grep -q 'bookworm-backports/main arm64' || die "bookworm-backports has no arm64 index (apt-get update failed?)"
}

# has_backports: a one-line "deb" entry or a deb822 paragraph of Types deb naming bookworm-backports
has_backports() {
	grep -qsE '^[[:space:]]*deb[[:space:]].*[[:space:]]bookworm-backports([[:space:]]|$)' /etc/apt/sources.list /etc/apt/sources.list.d/*.list && return 0
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk 'BEGIN { RS = ""; ok = 1 }
		     /(^|\n)Types:([^\n]* )?deb( |\n|$)/ && /(^|\n)Suites:[^\n]*bookworm-backports/ && !/(^|\n)Enabled: *no/ { ok = 0 }
		     END { exit ok }' "$f" && return 0
	done
	return 1
}

# kernel_pkg 6.1|6.12: "<package>=<version>" of the unsigned arm64 image behind the linux-image-arm64 metapackage
kernel_pkg() {
	local want=$1 ver dep
	if [ "$want" = 6.12 ]; then
		ver=$(apt-cache madison linux-image-arm64:arm64 | awk -F' *[|] *' '$3 ~ /bookworm-backports/ && $2 ~ /^6\.12\./ {print $2; exit}')
	else
		ver=$(apt-cache madison linux-image-arm64:arm64 | awk -F' *[|] *' '$3 !~ /backports/ && $2 ~ /^6\.1\./ {print $2; exit}')
	fi
	[ -n "$ver" ] || die "no linux-image-arm64 $want in the apt indexes"
	dep=$(apt-cache show "linux-image-arm64:arm64=$ver" | sed -n 's/^Depends: \(linux-image-[^ ,]*\).*/\1/p' | head -1)
	[ -n "$dep" ] || die "linux-image-arm64 $ver names no image package"
	if apt-cache show "$dep-unsigned:arm64=$ver" >/dev/null 2>&1; then dep=$dep-unsigned; fi
	echo "$dep=$ver"
}

# fetch PKG[=VER]: apt-get download into $CACHE/debs (once); echo the .deb's path
fetch() {
	local spec=$1 pkg ver file
	pkg=${spec%%=*}
	if [ "$spec" = "$pkg" ]; then
		ver=$(apt-cache policy "$pkg:arm64" | sed -n 's/^ *Candidate: //p')
	else
		ver=${spec#*=}
	fi
	file=$CACHE/debs/${pkg}_${ver//:/%3a}_arm64.deb
	if [ ! -s "$file" ]; then
		(cd "$CACHE/debs" && apt-get download -q -o APT::Sandbox::User=root "$pkg:arm64=$ver" >&2) || die "apt-get download $pkg:arm64=$ver"
		log "  downloaded $(basename "$file") ($(stat -c %s "$file") bytes)"
	fi
	echo "$file"
}

# kernel_image 6.1|6.12 FILE: a raw arm64 Image for -kernel, in $CACHE/kernel-<pkg-version>/; its path into FILE
kernel_image() {
	local spec deb dir vmlinuz
	spec=$(kernel_pkg "$1") || return 1
	deb=$(fetch "$spec") || return 1
	dir=$CACHE/kernel-${spec##*=}
	if [ ! -s "$dir/Image" ]; then
		rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
		dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir.tmp" --wildcards './boot/*'
		vmlinuz=$(ls "$dir.tmp"/boot/vmlinuz-*)
		log "  $(basename "$vmlinuz"): $(file -b "$vmlinuz" | cut -c1-90)"
		case "$(file -b "$vmlinuz")" in
		gzip*) gzip -dc "$vmlinuz" > "$dir.tmp/Image" ;;
		*"MS-DOS executable"*|*PE32*)
			# EFI zboot: "zimg" at 4, payload offset/size at 8/12, compression type at 24
			$PY - "$vmlinuz" "$dir.tmp/Image" <<'EOF'
import struct, sys, gzip, zlib
d = open(sys.argv[1], 'rb').read()
if d[4:8] == b'zimg':
    off, size = struct.unpack_from('<II', d, 8)
    comp = d[24:32].rstrip(b'\0').decode()
    payload = d[off:off + size]
    if comp == 'gzip':
        out = gzip.decompress(payload)
    else:
        sys.exit('zboot payload compressed with %s: not handled' % comp)
else:
    out = d  # a plain Image with a PE/COFF header (EFI stub)
open(sys.argv[2], 'wb').write(out)
EOF
			;;
		*) ln "$vmlinuz" "$dir.tmp/Image" ;;  # Debian ships a plain Image: -kernel takes it as is
		esac
		log "  Image: $(file -b "$dir.tmp/Image" | cut -c1-70), $(stat -c %s "$dir.tmp/Image") bytes"
		rm -rf "$dir" && mv "$dir.tmp" "$dir"
	else
		log "  cached: $dir/Image"
	fi
	echo "$dir/Image" > "$2"
}

# ---------------------------------------------------------------------------------------------------------------
# 2. the initramfs
# libs_closure: download qemu-system-arm:arm64, busybox-static:arm64, libc6:arm64 and, following the NEEDED
# entries of qemu-system-aarch64 and of every library it pulls, the library packages that hold them (the
# Depends of the package whose ELF needs a soname not yet found). Writes "<path in initramfs> <source file>" lines.
libs_closure() {
	CACHE=$CACHE $PY - "$1" <<'EOF'
import os, re, subprocess, sys
cache = os.environ['CACHE']
out_list = sys.argv[1]
debs, pkgs = os.path.join(cache, 'debs'), os.path.join(cache, 'pkgs')
LIBDIRS = ['lib/aarch64-linux-gnu', 'usr/lib/aarch64-linux-gnu', 'lib', 'usr/lib']

def say(msg):
    print('[run-kvm-guest]   ' + msg, flush=True)

def candidate(pkg):
    pol = subprocess.run(['apt-cache', 'policy', pkg + ':arm64'], capture_output=True, text=True).stdout
    m = re.search(r'Candidate: (\S+)', pol)
    if not m or m.group(1) == '(none)':
        sys.exit('no arm64 candidate for ' + pkg)
    return m.group(1)

got = {}  # package -> version
def get(pkg):
    if pkg in got:
        return
    ver = candidate(pkg)
    deb = os.path.join(debs, '%s_%s_arm64.deb' % (pkg, ver.replace(':', '%3a')))
    if not os.path.exists(deb):
        subprocess.run(['apt-get', 'download', '-q', '-o', 'APT::Sandbox::User=root', '%s:arm64=%s' % (pkg, ver)], cwd=debs, check=True,
                       stdout=subprocess.DEVNULL)
        say('downloaded %s (%d bytes)' % (os.path.basename(deb), os.path.getsize(deb)))
    root = os.path.join(pkgs, '%s_%s' % (pkg, ver.replace(':', '%3a')))
    if not os.path.isdir(root):
        subprocess.run(['dpkg-deb', '-x', deb, root + '.tmp'], check=True)
        os.rename(root + '.tmp', root)
    got[pkg] = (ver, root)

def depends(pkg):
    txt = subprocess.run(['apt-cache', 'show', '%s:arm64=%s' % (pkg, got[pkg][0])], capture_output=True,
                         text=True).stdout
    m = re.search(r'^(?:Pre-)?Depends: (.*)$', txt, re.M)
    res = []
    for line in re.findall(r'^(?:Pre-Depends|Depends): (.*)$', txt, re.M):
        for alt in line.split(','):
            name = alt.split('|')[0].strip().split(' ')[0].split(':')[0]
            if re.match(r'^(lib|zlib1g)', name) and not re.search(r'-(data|common|bin)$', name):
                res.append(name)
    return res

def resolve(root, path):
    """path inside root, following symlinks inside the same package root; None if absent"""
    for _ in range(20):
        full = os.path.join(root, path.lstrip('/'))
        if os.path.islink(full):
            t = os.readlink(full)
            path = t if t.startswith('/') else os.path.join(os.path.dirname(path), t)
            path = os.path.normpath(path)
            continue
        return full if os.path.isfile(full) else None
    return None

def find_soname(so):
    for pkg, (ver, root) in got.items():
        for d in LIBDIRS:
            p = '/' + d + '/' + so
            src = resolve(root, p)
            if src:
                return p, src, pkg
    return None

def elf_info(path):
    dyn = subprocess.run(['readelf', '-d', path], capture_output=True, text=True).stdout
    needed = re.findall(r'\(NEEDED\)\s+Shared library: \[([^\]]+)\]', dyn)
    hdr = subprocess.run(['readelf', '-l', path], capture_output=True, text=True).stdout
    m = re.search(r'Requesting program interpreter: ([^\]]+)\]', hdr)
    return needed, (m.group(1) if m else None)

for p in ['qemu-system-arm', 'libc6', 'busybox-static']:
    get(p)
files = {}  # initramfs path -> source
qemu_root = got['qemu-system-arm'][1]
files['/usr/bin/qemu-system-aarch64'] = os.path.join(qemu_root, 'usr/bin/qemu-system-aarch64')
files['/bin/busybox'] = os.path.join(got['busybox-static'][1], 'bin/busybox')
work = [('/usr/bin/qemu-system-aarch64', 'qemu-system-arm')]
expanded = set()
while work:
    path, owner = work.pop()
    needed, interp = elf_info(files[path])
    if interp and interp not in files:
        src = resolve(got['libc6'][1], interp)
        if not src:
            sys.exit('interpreter %s not in libc6' % interp)
        files[interp] = src
    for so in needed:
        hit = find_soname(so)
        while not hit:
            if owner in expanded:
                sys.exit('%s needs %s, which no Depends of %s provides' % (path, so, owner))
            expanded.add(owner)
            new = [d for d in depends(owner) if d not in got]
            say('%s needs %s: fetching the Depends of %s: %s' % (os.path.basename(path), so, owner, ' '.join(new) or '-'))
            for d in new:
                get(d)
            hit = find_soname(so)
        p, src, pkg = hit
        if p not in files:
            files[p] = src
            work.append((p, pkg))
used = sorted({pkg for pkg in got})
with open(out_list, 'w') as f:
    for p, src in sorted(files.items()):
        f.write('%s %s\n' % (p, src))
with open(out_list + '.pkgs', 'w') as f:
    for pkg in used:
        f.write('%s %s %d\n' % (pkg, got[pkg][0], os.path.getsize(os.path.join(
            debs, '%s_%s_arm64.deb' % (pkg, got[pkg][0].replace(':', '%3a'))))))
say('%d files from %d packages' % (len(files), len(used)))
EOF
}

write_init() {
	cat > "$1" <<'EOF'
#!/bin/busybox sh
/bin/busybox mkdir -p /proc /sys /dev /tmp /usr/sbin /sbin /usr/bin
/bin/busybox --install -s
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null || mknod /dev/kvm c 10 232
mount -t tmpfs tmpfs /tmp
up() { cut -d' ' -f1 /proc/uptime; }
echo "PMUCHECK-KVM: /init running at uptime $(up) s on $(uname -r) ($(cat /proc/cmdline))"
echo "PMUCHECK-KVM: dmesg, KVM, hypervisor, PMU and GIC lines:"
dmesg | grep -iE 'kvm|hyp|vhe|pmu|gic|its|CPU features|Linux version|psci' | sed 's/^/PMUCHECK-KVM-DMESG: /'
set -- $(cat /proc/cmdline)
GUEST_APPEND= GUEST_SMP=1 GUEST_TIMEOUT=1500
for w; do
	case "$w" in
	pmucheck_kvm.append=*) GUEST_APPEND=$(echo "${w#pmucheck_kvm.append=}" | tr '+' ' ');;
	pmucheck_kvm.smp=*) GUEST_SMP=${w#pmucheck_kvm.smp=};;
	pmucheck_kvm.timeout=*) GUEST_TIMEOUT=${w#pmucheck_kvm.timeout=};;
	esac
done
if [ ! -c /dev/kvm ]; then
	echo "PMUCHECK-KVM: FAIL: /dev/kvm is absent: KVM did not initialise in this host"
	ls -l /dev | head -40
	poweroff -f
fi
echo "PMUCHECK-KVM: /dev/kvm present: $(ls -l /dev/kvm)"
echo "PMUCHECK-KVM: guest start at uptime $(up) s: qemu-system-aarch64 ... -smp $GUEST_SMP -append \"$GUEST_APPEND\""
T0=$(up)
mkfifo /tmp/out
qemu-system-aarch64 -M virt,gic-version=3 -accel kvm -cpu host -m 256M -smp "$GUEST_SMP" -nographic -nic none \
	-kernel /pmucheck.bin -append "$GUEST_APPEND" </dev/null >/tmp/out 2>&1 &
QPID=$!
( sleep "$GUEST_TIMEOUT"; echo "PMUCHECK-KVM: guest timeout after $GUEST_TIMEOUT s: killing QEMU" >/dev/console; kill $QPID ) &
WPID=$!
DONE=0
AFTER=0
while IFS= read -r line; do
	if [ "$DONE" != 0 ]; then
		# after its verdict pmucheck powers the guest off (pmucheck.semihosting=0: PSCI SYSTEM_OFF); a Bail out!
		# reports every later exception again: keep a few lines
		AFTER=$((AFTER + 1))
		[ "$AFTER" -gt 6 ] || echo "$line"
		continue
	fi
	echo "$line"
	case "$line" in
	*" passed, "*" failed, "*" skipped"*)
		DONE=1
		( sleep 1; kill $QPID 2>/dev/null ) &
		echo "PMUCHECK-KVM: summary line seen: stopping QEMU in 1 s unless the guest powers itself off first";;
	"Bail out!"*)
		# pmucheck gave up (an unexpected exception): it reports every later exception again, for ever
		DONE=2
		( sleep 1; kill $QPID 2>/dev/null ) &
		echo "PMUCHECK-KVM: pmucheck bailed out: stopping QEMU in 1 s";;
	esac
done </tmp/out
wait $QPID; RC=$?
kill $WPID 2>/dev/null
echo "PMUCHECK-KVM: guest end at uptime $(up) s (ran $(echo "$(up) $T0" | awk '{printf "%.1f", $1 - $2}') s), QEMU exit $RC, summary seen $DONE"
echo "PMUCHECK-KVM: dmesg after the guest (kvm lines):"
dmesg | grep -iE 'kvm' | tail -20 | sed 's/^/PMUCHECK-KVM-DMESG: /'
echo "PMUCHECK-KVM: powering off"
poweroff -f
EOF
	chmod +x "$1"
}

build_initramfs() {
	local out=$1 root=$BUILD/initramfs list=$BUILD/files.txt key
	key=$(cat "${BASH_SOURCE[0]}" "$HERE/pmucheck.bin" | sha256sum | cut -c1-16)
	if [ -s "$out" ] && [ "$(cat "$out.key" 2>/dev/null)" = "$key" ]; then
		log "  initramfs up to date (this script and pmucheck.bin unchanged): $out"
		return 0
	fi
	rm -rf "$root"
	mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,etc}
	libs_closure "$list"
	while read -r dst src; do
		mkdir -p "$root$(dirname "$dst")"
		cp -L "$src" "$root$dst"
	done < "$list"
	cp "$HERE/pmucheck.bin" "$root/pmucheck.bin"
	write_init "$root/init"
	(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0 | gzip -6 > "$out.tmp")
	mv "$out.tmp" "$out"
	echo "$key" > "$out.key"
	log "  initramfs: $(stat -c %s "$out") bytes, $(wc -l < "$list") ELF files; packages: $(awk '{printf "%s=%s ", $1, $2}' "$list.pkgs")"
}

# ---------------------------------------------------------------------------------------------------------------
# 3. boot the host
# console_filter LOG: copy the console to LOG and stdout, print milestones with their times, and a line every
# 25 s of silence
console_filter() {
	# the script goes in a file: python's stdin is the console
	cat > "$BUILD/console_filter.py" <<'EOF'
import os, select, sys, time
log = open(sys.argv[1], 'wb')
t0 = last = time.monotonic()
first_timeout, pidfile, got_any = float(sys.argv[2]), sys.argv[3], False
marks = [(b'Booting Linux', 'kernel started'), (b'PMUCHECK-KVM: /init running', '/init (a shell) running'),
         (b'PMUCHECK-KVM: guest start', 'guest started'), (b'PMUCHECK-KVM: guest end', 'guest ended'),
         (b'reboot: Power down', 'host powered off')]
seen, buf = set(), b''
fd = sys.stdin.fileno()
while True:
    r, _, _ = select.select([fd], [], [], 25)
    now = time.monotonic()
    if not r and not got_any and now - t0 > first_timeout:
        print('[run-kvm-guest] FAIL: no console output %d s after QEMU started: the kernel hangs before its console '
              '(an UNDEF at EL2 before it has vectors, say: -d int,unimp shows it): stopping QEMU'
              % (now - t0), flush=True)
        try:
            os.kill(int(open(pidfile).read()), 15)
        except (OSError, ValueError) as e:
            print('[run-kvm-guest]   could not stop QEMU: %s' % e, flush=True)
        got_any = True  # once
        continue
    if not r:
        print('[run-kvm-guest]   ... console silent for %d s (%d s since the host started)' % (now - last, now - t0),
              flush=True)
        continue
    data = os.read(fd, 65536)
    if not data:
        break
    got_any = True
    log.write(data); log.flush()
    sys.stdout.buffer.write(data); sys.stdout.flush()
    last = now
    buf = (buf + data)[-4096:]
    for pat, name in marks:
        if name not in seen and pat in buf:
            seen.add(name)
            print('\n[run-kvm-guest] +%.1f s: %s' % (now - t0, name), flush=True)
EOF
	$PY -u "$BUILD/console_filter.py" "$1" "$FIRST_OUTPUT_TIMEOUT" "$2"
}

boot_host() {
	local kver=$1 mode=$2 image=$3 initrd=$4 logf extra="" append rc=0 cpu=$OUTER_CPU
	if [ -z "$cpu" ]; then # the header comment: why 6.1 runs on neoverse-n2
		if [ "$kver" = 6.1 ]; then cpu=neoverse-n2; else cpu=max; fi
	fi
	logf=$LOGS/host-$kver-$mode-$cpu-$KVM_TESTS.log
	[ "$mode" = nvhe ] && extra=kvm-arm.mode=nvhe
	append="pmucheck.console=pl011,mmio32,0x9000000 pmucheck.semihosting=0"
	[ "$KVM_TESTS" = all ] || append="$append pmucheck.tests=$KVM_TESTS"
	[ -z "$GUEST_ARGS" ] || append="$append $GUEST_ARGS"
	log "booting Linux $kver ($mode) on $OUTER_QEMU -cpu $cpu; guest -append \"$append\"; console log: $logf"
	set +e
	timeout "$BOOT_TIMEOUT" "$OUTER_QEMU" -M virt,virtualization=on,gic-version=3 -cpu "$cpu" -m 2G -smp 2 -nographic \
		-nic none -pidfile "$BUILD/outer-qemu.pid" -kernel "$image" -initrd "$initrd" \
		-append "console=ttyAMA0 rdinit=/init panic=-1 $extra pmucheck_kvm.append=${append// /+} pmucheck_kvm.smp=$GUEST_SMP pmucheck_kvm.timeout=$GUEST_TIMEOUT" \
		</dev/null 2>&1 | console_filter "$logf" "$BUILD/outer-qemu.pid"
	rc=${PIPESTATUS[0]}
	set -e
	[ "$rc" = 124 ] && log "FAIL: Linux $kver ($mode): the host did not power off within $BOOT_TIMEOUT s"
	grep -q 'PMUCHECK-KVM: /init running' "$logf" || { log "FAIL: Linux $kver ($mode): the host never reached /init"; return 1; }
	grep -q 'PMUCHECK-KVM: FAIL: /dev/kvm is absent' "$logf" && { log "FAIL: Linux $kver ($mode): /dev/kvm absent"; return 1; }
	log "Linux $kver ($mode): $(grep -aoE 'kvm \[1\]: (VHE|nVHE|Hyp|Protected)[^\r]*' "$logf" | head -1)"
	local sum
	sum=$(grep -aoE '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' "$logf" | tail -1 || true)
	if [ -z "$sum" ]; then
		log "FAIL: Linux $kver ($mode): no pmucheck summary line (QEMU exit $rc); last TAP line: $(grep -aE '^(not )?ok ' "$logf" | tail -1 | cut -c1-100); $(grep -a -m1 -A2 '^Bail out!' "$logf" | tr -d '\r' | tr '\n' ' ')"
		return 1
	fi
	log "Linux $kver ($mode): pmucheck: $sum; $(grep -aoE 'guest end at .*' "$logf" | tr -d '\r')"
}

main() {
	local images=() k m failed=0
	step "apt: arm64 architecture, bookworm-backports" apt_setup || die "apt setup"
	[ -x "$OUTER_QEMU" ] || die "$OUTER_QEMU is missing (pmucheck's QEMU is built by ci/build-qemu-pmu.sh)"
	cp "$PMUCHECK_BIN" "$HERE/pmucheck.bin"
	for k in $KERNELS; do
		step "kernel $k: $(kernel_pkg "$k")" kernel_image "$k" "$BUILD/image-$k.path" || die "kernel $k"
	done
	step "initramfs (busybox, qemu-system-aarch64 and its libraries, pmucheck.bin)" build_initramfs "$BUILD/initramfs.cpio.gz" || die "initramfs"
	for k in $KERNELS; do
		for m in $MODES; do
			step "boot Linux $k, KVM $m, pmucheck.tests=$KVM_TESTS" boot_host "$k" "$m" "$(cat "$BUILD/image-$k.path")" \
				"$BUILD/initramfs.cpio.gz" || failed=1
		done
	done
	log "total $((SECONDS - START)) s"
	return $failed
}

main "$@"
