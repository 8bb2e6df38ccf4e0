// Closing IPC while the network stays shared: a seccomp filter, handed to bwrap (--seccomp FD),
// that refuses to make a Unix-domain socket (socket(AF_UNIX, …) fails with EACCES).
//
// Why a filter and not a mount: abstract Unix sockets (`@/tmp/.X11-unix/X0`, a D-Bus bus, some
// agents') have no file to hide; they belong to the network namespace, and a new one would cut
// the network too (that is `--no-network`). A filter cannot read the address a connect() names
// (a pointer), so it refuses the socket itself: path sockets go with abstract ones (the session
// bus, docker, ssh-agent, X11, tmux, shellfence's own server), which the mounts hide anyway.
// socketpair() stays allowed: it makes a connected pair that reaches nothing outside, and
// libuv (Node's child stdio and IPC) and Python need it.
//
// The program is classic BPF over `struct seccomp_data` ({ int nr; u32 arch; u64 ip; u64 args[6] }),
// little-endian on both architectures built here. A call in another ABI of the same machine
// (i386 or x32 on x86-64, arm32 on arm64) that can make a socket is refused outright: its
// socket calls cannot all be read (i386 multiplexes them through socketcall).

const BPF_LD_W_ABS = 0x20;
const BPF_JEQ_K = 0x15;
const BPF_RET_K = 0x06;
const SECCOMP_RET_ALLOW = 0x7fff0000;
const SECCOMP_RET_ERRNO = 0x00050000;
const EACCES = 13;
const AF_UNIX = 1;
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
/** args[0], its low 32 bits (little-endian): the address family of socket(). */
const OFFSET_ARG0 = 16;

interface Abi {
  readonly arch: number;
  /** socket()'s number in the native ABI. */
  readonly socket: number;
  /** Another ABI the kernel runs on this machine, and its calls that make sockets. */
  readonly compat: { readonly arch: number; readonly calls: readonly number[] };
  /** x32: the native arch with this bit set in the call number; its socket(). */
  readonly x32Socket?: number;
}

const ABIS: Readonly<Record<string, Abi>> = {
  // AUDIT_ARCH_X86_64; i386 is AUDIT_ARCH_I386 with socketcall (102) and socket (359).
  x64: { arch: 0xc000003e, socket: 41, compat: { arch: 0x40000003, calls: [102, 359] }, x32Socket: 0x40000000 | 41 },
  // AUDIT_ARCH_AARCH64; arm32 is AUDIT_ARCH_ARM with socket (281).
  arm64: { arch: 0xc00000b7, socket: 198, compat: { arch: 0x40000028, calls: [281] } },
};

type Insn = readonly [code: number, jt: number, jf: number, k: number];

/**
 * The filter for this machine, or null where shellfence does not know its system calls (the
 * sandbox is then unavailable, never made without the filter).
 */
export function unixSocketFilter(arch: string = process.arch): Buffer | null {
  const abi = ABIS[arch];
  if (abi === undefined) return null;
  const deny: Insn = [BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | EACCES];
  const allow: Insn = [BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW];
  const native: Insn[] = [
    [BPF_LD_W_ABS, 0, 0, OFFSET_NR],
    // socket, or x32's socket: read the family; anything else is allowed.
    [BPF_JEQ_K, abi.x32Socket === undefined ? 1 : 2, 0, abi.socket],
    ...(abi.x32Socket === undefined ? [] : [[BPF_JEQ_K, 1, 0, abi.x32Socket] as Insn]),
    allow,
    [BPF_LD_W_ABS, 0, 0, OFFSET_ARG0],
    [BPF_JEQ_K, 0, 1, AF_UNIX],
    deny,
    allow,
  ];
  const compat: Insn[] = [[BPF_LD_W_ABS, 0, 0, OFFSET_NR],
    ...abi.compat.calls.map((nr, i): Insn => [BPF_JEQ_K, abi.compat.calls.length - i, 0, nr]), allow, deny];
  const program: Insn[] = [
    [BPF_LD_W_ABS, 0, 0, OFFSET_ARCH],
    [BPF_JEQ_K, 0, native.length, abi.arch],
    ...native,
    [BPF_JEQ_K, 0, compat.length, abi.compat.arch],
    ...compat,
    // An ABI of neither kind: nothing of it is known, so nothing of it runs.
    [BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | EACCES],
  ];
  const out = Buffer.alloc(program.length * 8);
  program.forEach(([code, jt, jf, k], i) => {
    out.writeUInt16LE(code, i * 8);
    out.writeUInt8(jt, i * 8 + 2);
    out.writeUInt8(jf, i * 8 + 3);
    out.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return out;
}

/** The filter as a bash `printf` format (every byte `\xHH`), for a command line without a file. */
export function filterAsPrintf(filter: Buffer): string {
  return [...filter].map((b) => `\\x${b.toString(16).padStart(2, "0")}`).join("");
}
