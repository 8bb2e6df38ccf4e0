// The names inline perl may not use (src/commands/inline/perl.ts). PERLFUNC is every builtin
// of perlfunc, as Pod::Functions lists them for perl 5.36; SAFE compute, read standard input and
// the command's own operands (`eof`), or print. Every other builtin (files, processes, sockets,
// modules, eval, `do`, `sub`, `glob`, …) is refused, and so are the names that reach the
// interpreter's machinery (`CORE::`, `%SIG`, `@INC`, …). A name that is no builtin is a bareword
// (a filehandle, a hash key, a label) or a call of a subroutine the code cannot define.

const PERLFUNC = ["__FILE__", "__LINE__", "__PACKAGE__", "__SUB__", "abs", "accept", "alarm", "atan2", "bind",
  "binmode", "bless", "break", "caller", "chdir", "chmod", "chomp", "chop", "chown", "chr", "chroot", "close",
  "closedir", "connect", "continue", "cos", "crypt", "dbmclose", "dbmopen", "defined", "delete", "die", "do", "dump",
  "each", "endgrent", "endhostent", "endnetent", "endprotoent", "endpwent", "endservent", "eof", "eval", "evalbytes",
  "exec", "exists", "exit", "exp", "fc", "fcntl", "fileno", "flock", "fork", "format", "formline", "getc", "getgrent",
  "getgrgid", "getgrnam", "gethostbyaddr", "gethostbyname", "gethostent", "getlogin", "getnetbyaddr", "getnetbyname",
  "getnetent", "getpeername", "getpgrp", "getppid", "getpriority", "getprotobyname", "getprotobynumber", "getprotoent",
  "getpwent", "getpwnam", "getpwuid", "getservbyname", "getservbyport", "getservent", "getsockname", "getsockopt",
  "glob", "gmtime", "goto", "grep", "hex", "import", "index", "int", "ioctl", "join", "keys", "kill", "last", "lc",
  "lcfirst", "length", "link", "listen", "local", "localtime", "lock", "log", "lstat", "map", "mkdir", "msgctl",
  "msgget", "msgrcv", "msgsnd", "my", "next", "no", "oct", "open", "opendir", "ord", "our", "pack", "package", "pipe",
  "pop", "pos", "print", "printf", "prototype", "push", "quotemeta", "rand", "read", "readdir", "readline", "readlink",
  "readpipe", "recv", "redo", "ref", "rename", "require", "reset", "return", "reverse", "rewinddir", "rindex", "rmdir",
  "say", "scalar", "seek", "seekdir", "select", "semctl", "semget", "semop", "send", "setgrent", "sethostent",
  "setnetent", "setpgrp", "setpriority", "setprotoent", "setpwent", "setservent", "setsockopt", "shift", "shmctl",
  "shmget", "shmread", "shmwrite", "shutdown", "sin", "sleep", "socket", "socketpair", "sort", "splice", "split",
  "sprintf", "sqrt", "srand", "stat", "state", "study", "sub", "substr", "symlink", "syscall", "sysopen", "sysread",
  "sysseek", "system", "syswrite", "tell", "telldir", "tie", "tied", "time", "times", "truncate", "uc", "ucfirst",
  "umask", "undef", "unlink", "unpack", "unshift", "untie", "use", "utime", "values", "vec", "wait", "waitpid",
  "wantarray", "warn", "write"];

/** Builtins that compute, print, or read what the program was given. */
const SAFE = new Set(["abs", "atan2", "chomp", "chop", "chr", "cos", "crypt", "defined", "delete", "die", "each", "eof",
  "exists", "exit", "exp", "fc", "gmtime", "grep", "hex", "index", "int", "join", "keys", "last", "lc", "lcfirst",
  "length", "local", "localtime", "lock", "log", "map", "my", "next", "oct", "ord", "our", "pop", "pos", "print",
  "printf", "push", "quotemeta", "rand", "redo", "ref", "return", "reverse", "rindex", "say", "scalar", "shift", "sin",
  "sleep", "sort", "splice", "split", "sprintf", "sqrt", "srand", "state", "study", "substr", "time", "times", "uc",
  "ucfirst", "undef", "unshift", "values", "vec", "wantarray", "warn"]);

/** The interpreter's own names: its packages, special handles and hooks. */
const MACHINERY = [
  "qx",
  "CORE",
  "GLOBAL",
  "SIG",
  "INC",
  "ARGVOUT",
  "AUTOLOAD",
  "DESTROY",
  "UNIVERSAL",
  "DB",
  "class",
  "method",
  "field",
  "ADJUST",
  "CHECK",
  "INIT",
  "UNITCHECK",
  // Packages perl has at start: DynaLoader::boot_DynaLoader defines dl_load_file and its kin.
  "DynaLoader",
  "XSLoader",
  "Internals",
  "PerlIO",
  "Carp",
  "Exporter",
  "Regexp",
  "Tie",
  "IO",
  "mro",
  "builtin",
];

/** Refused wherever they appear in the code, even inside a string. */
export const REFUSED_WORDS: ReadonlySet<string> = new Set([...PERLFUNC.filter((f) => !SAFE.has(f)), ...MACHINERY]);
