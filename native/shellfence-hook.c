/*
 * shellfence-hook: the Claude Code hook's native client. `shellfence-hook claude-code [options]`
 * is `shellfence hook claude-code [options]`; bin/shellfence-hook runs this program where the
 * package carries one for the machine (dist/native/PLATFORM/, built by scripts/build-native.ts).
 *
 * It does what the Node.js hook client does (src/start/client.ts) without starting Node.js,
 * which was about 96 % of a call the resident checker answered: it reads the hook input, finds
 * the socket of this package's build (src/server/protocol.ts: runtimeDir, fingerprint,
 * socketPath), uses it only if the directory is a real directory of this user's closed to
 * everyone else and the socket is this user's own socket closed to everyone else, and, past
 * what Node.js can ask, only if the process at the other end runs as this user. It sends the one
 * request and prints the reply only if it is a well-formed answer of this protocol, build and
 * user, within the time allowed.
 *
 * Whenever it cannot (no socket, a socket or directory it does not trust, no answer in time, a
 * reply it cannot read, not for this build and user, or a refusal; input it cannot pass on as
 * Node.js would) it hands the call over to the Node.js bin, `node bin/shellfence.js hook ARGS`,
 * with the same arguments and the same stdin bytes. That checks the call, in its own process if
 * need be, and starts the server when none is running. This program never makes up an answer,
 * and never exits 0 without the server's: what it cannot hand over (no Node.js to run) exits 2,
 * which Claude Code takes as "block the call" and shows the reason.
 *
 * The protocol's constants come from the build (-D, read from protocol.ts), so the two cannot
 * drift apart. No dependencies but the C library; on Linux it is linked statically, so it runs
 * on any libc (glibc or musl) and pays no dynamic loader at start.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#if defined(__APPLE__)
#include <mach-o/dyld.h>
#endif

#if !defined(SF_PROTOCOL) || !defined(SF_MAX_MESSAGE) || !defined(SF_DEFAULT_TIMEOUT_MS) || !defined(SF_REQUEST_ENV) || \
    !defined(SF_CODE_ENV_NAMES) || !defined(SF_CODE_ENV_PREFIXES) || !defined(SF_SERVE_OPTIONS)
#error "build with scripts/build-native.ts: it passes the constants of src/server/protocol.ts"
#endif

/* protocol.ts REQUEST_ENV: the environment the answer depends on, sent with the request. */
static const char *const REQUEST_ENV[] = {SF_REQUEST_ENV, NULL};

/* ---------------------------------------------------------------------------------------------
 * Growable byte strings; an allocation that fails is a doubt like any other (hand the call over).
 */

struct buf {
  char *p;
  size_t n, cap;
};

static int buf_reserve(struct buf *b, size_t more) {
  if (more > SIZE_MAX / 2 - b->n) return 0;
  size_t need = b->n + more + 1;
  if (need <= b->cap) return 1;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < need) cap *= 2;
  char *p = realloc(b->p, cap);
  if (p == NULL) return 0;
  b->p = p;
  b->cap = cap;
  return 1;
}

static int buf_add(struct buf *b, const void *s, size_t len) {
  if (!buf_reserve(b, len)) return 0;
  if (len > 0) memcpy(b->p + b->n, s, len);
  b->n += len;
  b->p[b->n] = '\0';
  return 1;
}

static int buf_str(struct buf *b, const char *s) { return buf_add(b, s, strlen(s)); }

static int buf_char(struct buf *b, char c) { return buf_add(b, &c, 1); }

/* ---------------------------------------------------------------------------------------------
 * The call, and the two ways out that are not an answer.
 */

struct call {
  char **args; /* after the program's name: claude-code [options] */
  int nargs;
  char *root; /* the package directory, resolved as Node.js resolves it (realpath) */
  int debug;  /* SHELLFENCE_RESIDENT_DEBUG=1 */
  long timeout_ms;
  int input_read; /* stdin was read into `input` (else it is untouched) */
  struct buf input;
};

/* Claude Code blocks a call whose hook exits 2, and shows it the reason on stderr. */
static _Noreturn void cannot(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("shellfence: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputs("\n", stderr);
  va_end(ap);
  exit(2);
}

/* Puts the hook input already read on fd 0 for the process this one becomes: a memory file
 * (Linux), else an unlinked temporary file of this user's. Either is read to its end at once, so
 * the Node.js bin sees exactly the bytes this program read, whatever their size. */
static int input_to_stdin(const struct buf *in) {
  int fd = -1;
#if defined(__linux__) && defined(MFD_CLOEXEC)
  fd = memfd_create("shellfence-hook-input", MFD_CLOEXEC);
#endif
  if (fd < 0) {
    const char *tmp = getenv("TMPDIR");
    struct buf name = {0};
    if (!buf_str(&name, tmp && tmp[0] ? tmp : "/tmp") || !buf_str(&name, "/shellfence-hook-XXXXXX")) return 0;
    fd = mkstemp(name.p);
    if (fd >= 0) unlink(name.p);
    free(name.p);
    if (fd < 0) return 0;
  }
  for (size_t off = 0; off < in->n;) {
    ssize_t k = write(fd, in->p + off, in->n - off);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return 0;
    off += (size_t)k;
  }
  if (lseek(fd, 0, SEEK_SET) != 0) return 0;
  if (fd != 0) {
    if (dup2(fd, 0) != 0) return 0;
    close(fd);
  }
  return 1;
}

/* Whether `path` (physically) is `dir` or below it; a path that cannot be resolved is not. */
static int inside_dir(const char *path, const char *dir) {
  char *p = realpath(path, NULL);
  if (p == NULL) return 0;
  size_t n = strlen(dir);
  int in = strncmp(p, dir, n) == 0 && (p[n] == '\0' || p[n] == '/' || (n == 1 && dir[0] == '/'));
  free(p);
  return in;
}

/*
 * The node to hand over to. SHELLFENCE_NODE, when set, must be an absolute path. Otherwise
 * PATH's entries in order, but none that the agent can write without being asked: a relative
 * one (empty, `.`, `bin`: resolved against the project, where the hook runs) or one inside the
 * project (CLAUDE_PROJECT_DIR), where a `node` the agent put would run in place of the guard.
 */
static const char *find_node(void) {
  const char *named = getenv("SHELLFENCE_NODE");
  if (named != NULL && named[0] != '\0') {
    if (named[0] != '/') cannot("SHELLFENCE_NODE must be an absolute path, not \"%s\": cannot check this call", named);
    return named;
  }
  const char *path = getenv("PATH");
  const char *project = getenv("CLAUDE_PROJECT_DIR");
  char *projectReal = project != NULL && project[0] != '\0' ? realpath(project, NULL) : NULL;
  static char found[4096];
  for (const char *p = path != NULL ? path : ""; *p != '\0';) {
    const char *end = strchr(p, ':');
    size_t n = end != NULL ? (size_t)(end - p) : strlen(p);
    if (n > 0 && p[0] == '/' && n + 6 < sizeof found) {
      memcpy(found, p, n);
      memcpy(found + n, "/node", 6);
      struct stat st;
      found[n] = '\0';
      int ours = projectReal != NULL && inside_dir(found, projectReal);
      found[n] = '/';
      if (!ours && stat(found, &st) == 0 && S_ISREG(st.st_mode) && access(found, X_OK) == 0) {
        free(projectReal);
        return found;
      }
    }
    p += n;
    if (*p == ':') p++;
  }
  free(projectReal);
  return NULL;
}

/*
 * Hands the call to the Node.js bin: `node ROOT/bin/shellfence.js hook ARGS`, this process
 * replaced by it. `one_shot` (after the server was asked and failed: no answer in time, a reply
 * not to be trusted) sets SHELLFENCE_RESIDENT=0 so that the bin checks in its own process at
 * once instead of asking the same server and waiting again, as the Node.js client does after the
 * same failures. Without it (no server yet, a refused connection) the bin's client starts one.
 */
static _Noreturn void hand_over(struct call *c, int one_shot, const char *fmt, ...) {
  if (c->debug) {
    va_list ap;
    va_start(ap, fmt);
    fputs("shellfence: native client: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("; handing the call to the Node.js bin\n", stderr);
    va_end(ap);
  }
  struct buf script = {0};
  if (!buf_str(&script, c->root) || !buf_str(&script, "/bin/shellfence.js")) cannot("out of memory");
  /* A script that is not there would make Node.js exit 1, which Claude Code ignores. */
  if (access(script.p, R_OK) != 0) cannot("%s: %s: cannot check this call", script.p, strerror(errno));
  if (c->input_read && !input_to_stdin(&c->input)) {
    cannot("cannot hand the hook input to the Node.js bin (%s)", strerror(errno));
  }
  if (one_shot && setenv("SHELLFENCE_RESIDENT", "0", 1) != 0) cannot("out of memory");
  char **argv = calloc((size_t)c->nargs + 4, sizeof *argv);
  if (argv == NULL) cannot("out of memory");
  argv[0] = "node";
  argv[1] = script.p;
  argv[2] = "hook";
  for (int i = 0; i < c->nargs; i++) argv[3 + i] = c->args[i];
  const char *node = find_node();
  if (node == NULL) {
    cannot("cannot run node to check this call: no node on the hook's PATH outside the project (or set SHELLFENCE_NODE)");
  }
  signal(SIGPIPE, SIG_DFL); /* an ignored signal stays ignored across exec */
  execv(node, argv);
  cannot("cannot run node to check this call (%s: %s)", node, strerror(errno));
}

/* ---------------------------------------------------------------------------------------------
 * Which package, which build: what protocol.ts's packageRoot, codeFile and fingerprint compute.
 */

/* The package directory: this program is ROOT/dist/native/PLATFORM/shellfence-hook. Resolved
 * (realpath), as Node.js resolves the bin it runs, so that the code file's path, which is in the
 * fingerprint, is the same string. NULL when this program is not where the package puts it. */
static char *package_root(const char *argv0) {
  char *exe = NULL;
#if defined(__linux__)
  exe = realpath("/proc/self/exe", NULL);
#elif defined(__APPLE__)
  uint32_t size = 0;
  _NSGetExecutablePath(NULL, &size);
  char *path = malloc(size + 1);
  if (path != NULL && _NSGetExecutablePath(path, &size) == 0) exe = realpath(path, NULL);
  free(path);
#endif
  if (exe == NULL && argv0 != NULL && strchr(argv0, '/') != NULL) exe = realpath(argv0, NULL);
  if (exe == NULL) return NULL;
  static const char *const layout[] = {NULL, NULL, "native", "dist"};
  for (int i = 0; i < 4; i++) {
    char *slash = strrchr(exe, '/');
    if (slash == NULL || (layout[i] != NULL && strcmp(slash + 1, layout[i]) != 0)) return NULL;
    *slash = '\0';
  }
  return exe; /* "" for a package at / */
}

/* Up to `max` bytes of a file's start; -1 when it cannot be read. */
static ssize_t read_head(const char *path, char *out, size_t max) {
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return -1;
  struct stat st;
  ssize_t got = -1;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    got = 0;
    while ((size_t)got < max) {
      ssize_t k = read(fd, out + got, max - (size_t)got);
      if (k < 0 && errno == EINTR) continue;
      if (k < 0) {
        got = -1;
        break;
      }
      if (k == 0) break;
      got += k;
    }
  }
  close(fd);
  return got;
}

static int hex16(const char *s) {
  for (int i = 0; i < 16; i++) {
    if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return 0;
  }
  return 1;
}

/* protocol.ts BUNDLE_HEADER: /^\/\/ shellfence build ([0-9a-f]{16})\n/ on the bundle's start. */
static int bundle_id(const char *file, char id[17]) {
  static const char head[] = "// shellfence build ";
  char text[64];
  ssize_t n = read_head(file, text, sizeof text);
  size_t h = sizeof head - 1;
  if (n < (ssize_t)(h + 17) || memcmp(text, head, h) != 0 || !hex16(text + h) || text[h + 16] != '\n') return 0;
  memcpy(id, text + h, 16);
  id[16] = '\0';
  return 1;
}

/* protocol.ts COMPILED_ID: /^export const BUILD_ID = "([0-9a-f]{16})";$/m in dist/base/build-id.js,
 * the first such line (a line ends at \n or \r, as a JavaScript regular expression's do). */
static int compiled_id(const char *file, char id[17]) {
  static const char head[] = "export const BUILD_ID = \"";
  size_t h = sizeof head - 1;
  size_t max = 1 << 16; /* the build writes a few hundred bytes; a larger file is handed over */
  char *text = malloc(max);
  if (text == NULL) return 0;
  ssize_t n = read_head(file, text, max);
  int found = 0;
  for (ssize_t i = 0; n >= 0 && i < n && !found; i++) {
    if (i > 0 && text[i - 1] != '\n' && text[i - 1] != '\r') continue;
    size_t left = (size_t)(n - i);
    if (left < h + 18 || memcmp(text + i, head, h) != 0 || !hex16(text + i + h)) continue;
    const char *end = text + i + h + 16;
    if (end[0] != '"' || end[1] != ';') continue;
    if (left > h + 18 && end[2] != '\n' && end[2] != '\r') continue;
    memcpy(id, text + i + h, 16);
    id[16] = '\0';
    found = 1;
  }
  free(text);
  return found;
}

/* protocol.ts fnv1a64: FNV-1a, 64 bits, over the UTF-8 bytes of the parts joined by NUL. */
static void fnv1a64(uint64_t *h, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    *h ^= (unsigned char)s[i];
    *h *= 0x100000001b3ULL;
  }
}

/* protocol.ts fingerprint for the bundle under Node.js: [PROTOCOL, "node", file, build id]. */
static void fingerprint(const char *file, const char *id, char out[17]) {
  uint64_t h = 0xcbf29ce484222325ULL;
  char protocol[24];
  int n = snprintf(protocol, sizeof protocol, "%d", SF_PROTOCOL);
  fnv1a64(&h, protocol, (size_t)n);
  fnv1a64(&h, "\0node\0", 6);
  fnv1a64(&h, file, strlen(file));
  fnv1a64(&h, "\0", 1);
  fnv1a64(&h, id, strlen(id));
  snprintf(out, 17, "%016llx", (unsigned long long)h);
}

/* ---------------------------------------------------------------------------------------------
 * Where the socket is: protocol.ts runtimeDir and socketPath, with Node.js's path.join (which
 * normalises: `//`, `.` and `..` are resolved in the text) and os.tmpdir.
 */

/* Node.js's path.posix.normalize, byte for byte (only '/' and '.' are special, and no byte of a
 * multi-byte UTF-8 character is either). */
static int normalize(const char *path, struct buf *out) {
  size_t len = strlen(path);
  if (len == 0) return buf_str(out, ".");
  int absolute = path[0] == '/';
  int trailing = path[len - 1] == '/';
  struct buf res = {0};
  if (!buf_str(&res, "")) return 0;
  size_t last_segment = 0;
  long last_slash = -1;
  int dots = 0;
  char code = 0;
  for (size_t i = 0; i <= len; i++) {
    if (i < len) code = path[i];
    else if (code == '/') break;
    else code = '/';
    if (code == '/') {
      if (last_slash == (long)i - 1 || dots == 1) {
        /* nothing */
      } else if (dots == 2) {
        if (res.n < 2 || last_segment != 2 || res.p[res.n - 1] != '.' || res.p[res.n - 2] != '.') {
          if (res.n > 2) {
            char *s = strrchr(res.p, '/');
            if (s == NULL) {
              res.n = 0;
              last_segment = 0;
            } else {
              res.n = (size_t)(s - res.p);
              size_t t = res.n;
              while (t > 0 && res.p[t - 1] != '/') t--;
              /* res.length - 1 - res.lastIndexOf("/"), with lastIndexOf -1 when there is none */
              last_segment = t == 0 ? res.n : res.n - t;
            }
            res.p[res.n] = '\0';
            last_slash = (long)i;
            dots = 0;
            continue;
          } else if (res.n != 0) {
            res.n = 0;
            res.p[0] = '\0';
            last_segment = 0;
            last_slash = (long)i;
            dots = 0;
            continue;
          }
        }
        if (!absolute) {
          if (!buf_str(&res, res.n > 0 ? "/.." : "..")) return 0;
          last_segment = 2;
        }
      } else {
        if (res.n > 0 && !buf_char(&res, '/')) return 0;
        if (!buf_add(&res, path + last_slash + 1, i - (size_t)(last_slash + 1))) return 0;
        last_segment = i - (size_t)last_slash - 1;
      }
      last_slash = (long)i;
      dots = 0;
    } else if (code == '.' && dots != -1) {
      dots++;
    } else {
      dots = -1;
    }
  }
  int ok;
  if (res.n == 0) ok = buf_str(out, absolute ? "/" : trailing ? "./" : ".");
  else ok = (!absolute || buf_char(out, '/')) && buf_add(out, res.p, res.n) && (!trailing || buf_char(out, '/'));
  free(res.p);
  return ok;
}

/* path.join(a, b), both non-empty. */
static int join2(const char *a, const char *b, struct buf *out) {
  struct buf joined = {0};
  int ok = buf_str(&joined, a) && buf_char(&joined, '/') && buf_str(&joined, b) && normalize(joined.p, out);
  free(joined.p);
  return ok;
}

/* os.tmpdir(): TMPDIR, TMP or TEMP (the first that is set and not empty), else /tmp, without a
 * trailing slash. */
static const char *tmpdir(struct buf *scratch) {
  const char *names[] = {"TMPDIR", "TMP", "TEMP"};
  const char *t = "/tmp";
  for (int i = 0; i < 3; i++) {
    const char *v = getenv(names[i]);
    if (v != NULL && v[0] != '\0') {
      t = v;
      break;
    }
  }
  size_t n = strlen(t);
  if (n > 1 && t[n - 1] == '/') n--;
  if (!buf_add(scratch, t, n)) return NULL;
  return scratch->p;
}

/* protocol.ts runtimeDir: $XDG_RUNTIME_DIR/shellfence when it is absolute, else TMPDIR/shellfence-UID. */
static int runtime_dir(uid_t uid, struct buf *out) {
  const char *xdg = getenv("XDG_RUNTIME_DIR");
  if (xdg != NULL && xdg[0] == '/') return join2(xdg, "shellfence", out);
  struct buf scratch = {0};
  char name[40];
  snprintf(name, sizeof name, "shellfence-%lu", (unsigned long)uid);
  const char *t = tmpdir(&scratch);
  int ok = t != NULL && join2(t, name, out);
  free(scratch.p);
  return ok;
}

/* protocol.ts notPrivate: NULL when `path` is a `kind` (a directory, a socket) of `uid`'s own,
 * not a symlink, with no permission bits for group or others; else why not. */
static const char *not_private(const char *path, uid_t uid, mode_t kind, char *why, size_t size) {
  struct stat st;
  if (lstat(path, &st) != 0) {
    snprintf(why, size, "%s: %s", path, strerror(errno));
    return why;
  }
  if ((st.st_mode & S_IFMT) != kind) {
    snprintf(why, size, "%s is not a %s", path, kind == S_IFDIR ? "directory" : "socket");
    return why;
  }
  if (st.st_uid != uid) {
    snprintf(why, size, "%s belongs to uid %lu, not %lu", path, (unsigned long)st.st_uid, (unsigned long)uid);
    return why;
  }
  if ((st.st_mode & 077) != 0) {
    snprintf(why, size, "%s is open to others (mode %o)", path, (unsigned)(st.st_mode & 0777));
    return why;
  }
  return NULL;
}

/* ---------------------------------------------------------------------------------------------
 * Text as Node.js would read it: UTF-8, and JSON strings.
 */

/* Whether `s` is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF):
 * what Node.js decodes without replacing anything. Input that is not is handed over, so that
 * Node.js makes of it what it always makes. */
static int utf8_ok(const unsigned char *s, size_t n) {
  for (size_t i = 0; i < n;) {
    unsigned c = s[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    size_t len;
    uint32_t cp, min;
    if (c >= 0xc2 && c <= 0xdf) len = 2, cp = c & 0x1f, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef) len = 3, cp = c & 0x0f, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4) len = 4, cp = c & 0x07, min = 0x10000;
    else return 0;
    if (n - i < len) return 0;
    for (size_t k = 1; k < len; k++) {
      if ((s[i + k] & 0xc0) != 0x80) return 0;
      cp = (cp << 6) | (s[i + k] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    i += len;
  }
  return 1;
}

static int json_string(struct buf *b, const char *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  if (!buf_char(b, '"')) return 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    const char *esc = NULL;
    char u[7];
    switch (c) {
    case '"': esc = "\\\""; break;
    case '\\': esc = "\\\\"; break;
    case '\b': esc = "\\b"; break;
    case '\f': esc = "\\f"; break;
    case '\n': esc = "\\n"; break;
    case '\r': esc = "\\r"; break;
    case '\t': esc = "\\t"; break;
    default:
      if (c < 0x20) {
        u[0] = '\\', u[1] = 'u', u[2] = '0', u[3] = '0', u[4] = hex[c >> 4], u[5] = hex[c & 15], u[6] = '\0';
        esc = u;
      }
    }
    if (esc != NULL ? !buf_str(b, esc) : !buf_char(b, (char)c)) return 0;
  }
  return buf_char(b, '"');
}

/* ---------------------------------------------------------------------------------------------
 * The reply: JSON as JSON.parse reads it (a duplicate key's last value counts), checked as
 * protocol.ts readReply checks it. Anything this parser does not take is handed over.
 */

enum kind { ABSENT, STRING, NUMBER, OTHER };

struct field {
  enum kind kind;
  struct buf text; /* STRING: the decoded UTF-8 */
  double number;
};

struct json {
  const unsigned char *s;
  size_t n, i;
};

static void skip_ws(struct json *j) {
  while (j->i < j->n && (j->s[j->i] == ' ' || j->s[j->i] == '\t' || j->s[j->i] == '\n' || j->s[j->i] == '\r')) j->i++;
}

static int hex4(struct json *j, uint32_t *out) {
  if (j->n - j->i < 4) return 0;
  uint32_t v = 0;
  for (int k = 0; k < 4; k++) {
    unsigned char c = j->s[j->i + k];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= c - '0';
    else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
    else return 0;
  }
  j->i += 4;
  *out = v;
  return 1;
}

static int put_utf8(struct buf *b, uint32_t cp) {
  char u[4];
  size_t n;
  if (cp < 0x80) u[0] = (char)cp, n = 1;
  else if (cp < 0x800) u[0] = (char)(0xc0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3f)), n = 2;
  else if (cp < 0x10000) {
    u[0] = (char)(0xe0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3f)), u[2] = (char)(0x80 | (cp & 0x3f));
    n = 3;
  } else {
    u[0] = (char)(0xf0 | cp >> 18), u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    u[2] = (char)(0x80 | ((cp >> 6) & 0x3f)), u[3] = (char)(0x80 | (cp & 0x3f));
    n = 4;
  }
  return buf_add(b, u, n);
}

/* A string at j->i, decoded into `out` (NULL: only read past it). A lone surrogate escape
 * becomes U+FFFD, as Node.js writes one to stdout; raw bytes must be well-formed UTF-8. */
static int json_read_string(struct json *j, struct buf *out) {
  if (j->i >= j->n || j->s[j->i] != '"') return 0;
  j->i++;
  if (out != NULL) {
    out->n = 0;
    if (!buf_str(out, "")) return 0;
  }
  while (j->i < j->n) {
    unsigned char c = j->s[j->i];
    if (c == '"') {
      j->i++;
      return 1;
    }
    if (c < 0x20) return 0;
    if (c == '\\') {
      if (++j->i >= j->n) return 0;
      unsigned char e = j->s[j->i++];
      uint32_t cp;
      switch (e) {
      case '"': cp = '"'; break;
      case '\\': cp = '\\'; break;
      case '/': cp = '/'; break;
      case 'b': cp = '\b'; break;
      case 'f': cp = '\f'; break;
      case 'n': cp = '\n'; break;
      case 'r': cp = '\r'; break;
      case 't': cp = '\t'; break;
      case 'u': {
        if (!hex4(j, &cp)) return 0;
        if (cp >= 0xd800 && cp <= 0xdbff && j->n - j->i >= 6 && j->s[j->i] == '\\' && j->s[j->i + 1] == 'u') {
          size_t back = j->i;
          uint32_t low;
          j->i += 2;
          if (hex4(j, &low) && low >= 0xdc00 && low <= 0xdfff) cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          else j->i = back;
        }
        if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
        break;
      }
      default: return 0;
      }
      if (out != NULL && !put_utf8(out, cp)) return 0;
      continue;
    }
    size_t len = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    if (j->n - j->i < len || !utf8_ok(j->s + j->i, len)) return 0;
    if (out != NULL && !buf_add(out, j->s + j->i, len)) return 0;
    j->i += len;
  }
  return 0;
}

static int digits(struct json *j) {
  size_t start = j->i;
  while (j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9') j->i++;
  return j->i > start;
}

/* A number at j->i, by JSON's grammar, read with strtod (this program never sets a locale). */
static int json_read_number(struct json *j, double *out) {
  size_t start = j->i;
  if (j->i < j->n && j->s[j->i] == '-') j->i++;
  if (j->i < j->n && j->s[j->i] == '0') j->i++;
  else if (!digits(j)) return 0;
  if (j->i < j->n && j->s[j->i] == '.') {
    j->i++;
    if (!digits(j)) return 0;
  }
  if (j->i < j->n && (j->s[j->i] == 'e' || j->s[j->i] == 'E')) {
    j->i++;
    if (j->i < j->n && (j->s[j->i] == '+' || j->s[j->i] == '-')) j->i++;
    if (!digits(j)) return 0;
  }
  struct buf token = {0};
  if (!buf_add(&token, j->s + start, j->i - start)) return 0;
  *out = strtod(token.p, NULL);
  free(token.p);
  return 1;
}

static int json_skip_value(struct json *j, int depth);

static int json_skip_container(struct json *j, int depth, char close, int keyed) {
  if (depth > 64) return 0; /* a reply nested this deep is not one the server writes */
  j->i++;
  skip_ws(j);
  if (j->i < j->n && j->s[j->i] == (unsigned char)close) {
    j->i++;
    return 1;
  }
  for (;;) {
    if (keyed) {
      if (!json_read_string(j, NULL)) return 0;
      skip_ws(j);
      if (j->i >= j->n || j->s[j->i] != ':') return 0;
      j->i++;
      skip_ws(j);
    }
    if (!json_skip_value(j, depth + 1)) return 0;
    skip_ws(j);
    if (j->i >= j->n) return 0;
    if (j->s[j->i] == (unsigned char)close) {
      j->i++;
      return 1;
    }
    if (j->s[j->i] != ',') return 0;
    j->i++;
    skip_ws(j);
  }
}

static int json_literal(struct json *j, const char *word) {
  size_t n = strlen(word);
  if (j->n - j->i < n || memcmp(j->s + j->i, word, n) != 0) return 0;
  j->i += n;
  return 1;
}

static int json_skip_value(struct json *j, int depth) {
  if (j->i >= j->n) return 0;
  double ignored;
  switch (j->s[j->i]) {
  case '{': return json_skip_container(j, depth, '}', 1);
  case '[': return json_skip_container(j, depth, ']', 0);
  case '"': return json_read_string(j, NULL);
  case 't': return json_literal(j, "true");
  case 'f': return json_literal(j, "false");
  case 'n': return json_literal(j, "null");
  default: return json_read_number(j, &ignored);
  }
}

static int json_read_field(struct json *j, struct field *f) {
  if (j->i < j->n && j->s[j->i] == '"') {
    f->kind = STRING;
    return json_read_string(j, &f->text);
  }
  if (j->i < j->n && (j->s[j->i] == '-' || (j->s[j->i] >= '0' && j->s[j->i] <= '9'))) {
    f->kind = NUMBER;
    return json_read_number(j, &f->number);
  }
  f->kind = OTHER;
  return json_skip_value(j, 1);
}

enum { F_PROTOCOL, F_FINGERPRINT, F_UID, F_CODE, F_STDOUT, F_STDERR, F_ERROR, F_COUNT };
static const char *const FIELD_NAMES[F_COUNT] = {"protocol", "fingerprint", "uid", "code", "stdout", "stderr", "error"};

/* The reply's top-level object into `fields`; 0 when it is not one JSON object and nothing else. */
static int json_read_reply(const char *text, size_t n, struct field fields[F_COUNT]) {
  struct json j = {(const unsigned char *)text, n, 0};
  struct buf key = {0};
  skip_ws(&j);
  if (j.i >= j.n || j.s[j.i] != '{') return 0;
  j.i++;
  skip_ws(&j);
  if (j.i < j.n && j.s[j.i] == '}') j.i++;
  else {
    for (;;) {
      if (!json_read_string(&j, &key)) return 0;
      skip_ws(&j);
      if (j.i >= j.n || j.s[j.i] != ':') return 0;
      j.i++;
      skip_ws(&j);
      int which = -1;
      for (int k = 0; k < F_COUNT; k++) {
        if (strlen(FIELD_NAMES[k]) == key.n && memcmp(FIELD_NAMES[k], key.p, key.n) == 0) which = k;
      }
      if (which >= 0 ? !json_read_field(&j, &fields[which]) : !json_skip_value(&j, 1)) return 0;
      skip_ws(&j);
      if (j.i >= j.n) return 0;
      if (j.s[j.i] == '}') {
        j.i++;
        break;
      }
      if (j.s[j.i] != ',') return 0;
      j.i++;
      skip_ws(&j);
    }
  }
  free(key.p);
  skip_ws(&j);
  return j.i == j.n;
}

/* ---------------------------------------------------------------------------------------------
 * Time and I/O within it.
 */

static int64_t now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Waits for `events` on `fd` until `deadline`: 1 ready, 0 out of time, -1 an error. */
static int wait_for(int fd, short events, int64_t deadline) {
  for (;;) {
    int64_t left = deadline - now_ms();
    if (left <= 0) return 0;
    struct pollfd p = {fd, events, 0};
    int r = poll(&p, 1, left > 60000 ? 60000 : (int)left);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return -1;
    if (r > 0) return 1;
  }
}

/* SHELLFENCE_RESIDENT_TIMEOUT_MS as the Node.js client reads it (Number(), used when above 0;
 * setTimeout takes a delay under 1 ms or past 2^31 - 1 as 1 ms). */
static long timeout_ms(void) {
  const char *v = getenv("SHELLFENCE_RESIDENT_TIMEOUT_MS");
  if (v == NULL) return SF_DEFAULT_TIMEOUT_MS;
  char *end;
  double d = strtod(v, &end);
  while (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r') end++;
  if (end == v || *end != '\0' || !(d > 0)) return SF_DEFAULT_TIMEOUT_MS;
  return d >= 1 && d <= 2147483647.0 ? (long)d : 1;
}

/* Reads stdin to its end, within the timeout and the message bound; 0 with `why` set if not. */
static int read_input(struct call *c, char *why, size_t size) {
  int64_t deadline = now_ms() + c->timeout_ms;
  c->input_read = 1;
  if (!buf_str(&c->input, "")) return snprintf(why, size, "out of memory"), 0;
  for (;;) {
    if (c->input.n > SF_MAX_MESSAGE) {
      snprintf(why, size, "the hook input is larger than %ld bytes", (long)SF_MAX_MESSAGE);
      return 0;
    }
    int r = wait_for(0, POLLIN, deadline);
    if (r == 0) return snprintf(why, size, "the hook input did not end within %ld ms", c->timeout_ms), 0;
    if (r < 0) return snprintf(why, size, "reading the hook input: %s", strerror(errno)), 0;
    if (!buf_reserve(&c->input, 65536)) return snprintf(why, size, "out of memory"), 0;
    ssize_t k = read(0, c->input.p + c->input.n, 65536);
    if (k < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (k < 0) return snprintf(why, size, "reading the hook input: %s", strerror(errno)), 0;
    if (k == 0) return 1;
    c->input.n += (size_t)k;
    c->input.p[c->input.n] = '\0';
  }
}

static int write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0 && errno == EAGAIN) {
      struct pollfd w = {fd, POLLOUT, 0};
      poll(&w, 1, 1000);
      continue;
    }
    if (k <= 0) return 0;
    p += k;
    n -= (size_t)k;
  }
  return 1;
}

/* ---------------------------------------------------------------------------------------------
 * Asking the server.
 */

/* How a failure to get an answer is handed over: with the server left to the bin's client (it
 * starts one), or straight to a check in the bin's own process. */
enum after { START_SERVER, ONE_SHOT };

struct failure {
  enum after after;
  char why[1200];
};

static int fail(struct failure *f, enum after after, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  f->after = after;
  vsnprintf(f->why, sizeof f->why, fmt, ap);
  va_end(ap);
  return 0;
}

/* The process at the other end runs as this user: the kernel's word, which a file's owner and
 * mode cannot give. Its pid where the system says it (Linux: the process that listens), else 0. */
static int peer_is(int fd, uid_t uid, pid_t *pid) {
  *pid = 0;
#if defined(SO_PEERCRED)
  struct ucred cred;
  socklen_t len = sizeof cred;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || len != sizeof cred || cred.uid != uid) return 0;
  *pid = cred.pid;
  return 1;
#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
  uid_t euid;
  gid_t egid;
  return getpeereid(fd, &euid, &egid) == 0 && euid == uid;
#else
  (void)fd, (void)uid;
  return 0;
#endif
}

#if defined(__linux__)
/* protocol.ts CODE_ENV_NAMES, CODE_ENV_PREFIXES, SERVE_OPTIONS. */
static const char *const CODE_ENV_NAMES[] = {SF_CODE_ENV_NAMES, NULL};
static const char *const CODE_ENV_PREFIXES[] = {SF_CODE_ENV_PREFIXES, NULL};
static const char *const SERVE_OPTIONS[] = {SF_SERVE_OPTIONS, NULL};

/* A /proc file whole (their size says 0), up to `max` bytes; 0 when it cannot be read or is larger. */
static int read_proc(const char *path, struct buf *out, size_t max) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  int ok = buf_str(out, "");
  while (ok) {
    if (out->n > max || !buf_reserve(out, 4096)) {
      ok = 0;
      break;
    }
    ssize_t k = read(fd, out->p + out->n, 4096);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) ok = 0;
    if (k <= 0) break;
    out->n += (size_t)k;
    out->p[out->n] = '\0';
  }
  close(fd);
  return ok;
}

static int one_of(const char *s, size_t n, const char *const *list) {
  for (int i = 0; list[i] != NULL; i++) {
    if (strlen(list[i]) == n && memcmp(list[i], s, n) == 0) return 1;
  }
  return 0;
}

/* protocol.ts loadsCode, on the name of a NAME=VALUE entry of `n` bytes. */
static int loads_code(const char *entry, size_t n) {
  const char *eq = memchr(entry, '=', n);
  size_t name = eq != NULL ? (size_t)(eq - entry) : n;
  if (one_of(entry, name, CODE_ENV_NAMES)) return 1;
  for (int i = 0; CODE_ENV_PREFIXES[i] != NULL; i++) {
    size_t k = strlen(CODE_ENV_PREFIXES[i]);
    if (name >= k && memcmp(entry, CODE_ENV_PREFIXES[i], k) == 0) return 1;
  }
  return 0;
}

/*
 * Why the process `pid` that listens on the socket is not a server the Node.js bin would have
 * started (NULL when it is), as src/server/peer.ts processProblem asks it: it runs the node this
 * program hands calls to (the same file, resolved), its command line is exactly
 * `NODE ROOT/bin/shellfence.js serve` with only serve's own options after it, and its environment
 * holds nothing that loads other code. A same-user process answering in the server's place with
 * a script of its own, a preload, or another node is refused. (Its user: SO_PEERCRED, above.)
 */
static const char *server_problem(pid_t pid, const char *root, char *why, size_t size) {
  char path[64];
  const char *node = find_node();
  if (node == NULL) return snprintf(why, size, "no node on the hook's PATH outside the project to compare it with"), why;
  char *want = realpath(node, NULL);
  snprintf(path, sizeof path, "/proc/%ld/exe", (long)pid);
  char *exe = realpath(path, NULL);
  int same = want != NULL && exe != NULL && strcmp(want, exe) == 0;
  if (!same) snprintf(why, size, "process %ld runs %s, not %s", (long)pid, exe ? exe : "(unknown)", want ? want : node);
  free(want);
  free(exe);
  if (!same) return why;

  struct buf args = {0}, script = {0};
  snprintf(path, sizeof path, "/proc/%ld/cmdline", (long)pid);
  if (!read_proc(path, &args, 1 << 20) || !buf_str(&script, root) || !buf_str(&script, "/bin/shellfence.js")) {
    free(args.p), free(script.p);
    return snprintf(why, size, "cannot read the command line of process %ld", (long)pid), why;
  }
  /* The NUL-separated arguments: [argv0, script, "serve", (option value)*]. */
  const char *bad = NULL;
  size_t i = 0, k = 0;
  while (i < args.n && bad == NULL) {
    const char *a = args.p + i;
    size_t n = strnlen(a, args.n - i);
    if (k == 1 && (n != script.n || memcmp(a, script.p, n) != 0)) bad = "is not the package's bin";
    if (k == 2 && !(n == 5 && memcmp(a, "serve", 5) == 0)) bad = "is not serve";
    if (k >= 3 && k % 2 == 1 && !one_of(a, n, SERVE_OPTIONS)) bad = "runs serve with other arguments than it is started with";
    i += n + 1;
    k++;
  }
  if (bad == NULL && (k < 3 || k % 2 == 0)) bad = "is not the package's bin running serve with its own options";
  free(script.p);
  free(args.p);
  if (bad != NULL) return snprintf(why, size, "process %ld %s (%s/bin/shellfence.js serve)", (long)pid, bad, root), why;

  struct buf env = {0};
  snprintf(path, sizeof path, "/proc/%ld/environ", (long)pid);
  if (!read_proc(path, &env, 8 << 20)) {
    free(env.p);
    return snprintf(why, size, "cannot read the environment of process %ld", (long)pid), why;
  }
  for (i = 0; i < env.n && bad == NULL;) {
    size_t n = strnlen(env.p + i, env.n - i);
    if (loads_code(env.p + i, n)) {
      const char *eq = memchr(env.p + i, '=', n);
      snprintf(why, size, "process %ld was started with %.*s in its environment", (long)pid,
               (int)(eq != NULL ? (size_t)(eq - (env.p + i)) : n), env.p + i);
      bad = why;
    }
    i += n + 1;
  }
  free(env.p);
  return bad;
}
#endif

/* Sends `request` to the socket at `path` and reads the reply line into `reply`, all within
 * the timeout (counted from the connection, as the Node.js client counts it). */
static int exchange(const char *path, uid_t uid, const char *root, const struct buf *request, long timeout,
                    struct buf *reply, struct failure *f) {
  int64_t deadline = now_ms() + timeout;
  struct sockaddr_un addr;
  memset(&addr, 0, sizeof addr);
  addr.sun_family = AF_UNIX;
  if (strlen(path) >= sizeof addr.sun_path) return fail(f, ONE_SHOT, "%s: the socket's name is too long", path);
  memcpy(addr.sun_path, path, strlen(path) + 1);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return fail(f, ONE_SHOT, "socket: %s", strerror(errno));
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
    int e = errno;
    if (e == EINPROGRESS) {
      socklen_t len = sizeof e;
      if (wait_for(fd, POLLOUT, deadline) != 1) e = ETIMEDOUT;
      else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &len) != 0) e = errno;
    }
    if (e != 0) {
      close(fd);
      /* No server behind the name (gone, or never there): the bin's client starts one. */
      if (e == ECONNREFUSED || e == ENOENT) return fail(f, START_SERVER, "the server: %s", strerror(e));
      return fail(f, ONE_SHOT, "the server: %s", strerror(e));
    }
  }
  pid_t pid;
  if (!peer_is(fd, uid, &pid)) {
    close(fd);
    return fail(f, ONE_SHOT, "the process behind %s does not run as uid %lu", path, (unsigned long)uid);
  }
#if defined(__linux__)
  /* Who listens, before anything is sent. A server that is not the guard's is not asked; the bin's
   * client, handed the call without SHELLFENCE_RESIDENT=0, asks who listens in its own way: it
   * too refuses a stranger (and checks in its own process, starting no server over its socket),
   * and trusts a real server that this program does not recognise only because the node on PATH
   * is a version manager's shim of the node that started it. */
  char who[1000];
  if (pid <= 0) {
    close(fd);
    return fail(f, START_SERVER, "the server is not the guard's: the kernel gives no pid for it");
  }
  if (server_problem(pid, root, who, sizeof who) != NULL) {
    close(fd);
    return fail(f, START_SERVER, "the server is not the guard's: %s", who);
  }
#else
  (void)root; /* No /proc: only the uid is checked here (docs/integrations.md, "The native client"). */
#endif
  for (size_t off = 0; off < request->n;) {
    int r = wait_for(fd, POLLOUT, deadline);
    if (r == 0) break;
    ssize_t k = r < 0 ? -1 : send(fd, request->p + off, request->n - off, 0);
    if (k < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (k < 0) {
      int e = errno;
      close(fd);
      return fail(f, ONE_SHOT, "the server: %s", strerror(e));
    }
    off += (size_t)k;
  }
  /* The request is never ended (no shutdown): the server takes an end as the client gone. */
  for (;;) {
    int r = wait_for(fd, POLLIN, deadline);
    if (r == 0) {
      close(fd);
      return fail(f, ONE_SHOT, "no answer within %ld ms", timeout);
    }
    if (!buf_reserve(reply, 65536)) {
      close(fd);
      return fail(f, ONE_SHOT, "out of memory");
    }
    ssize_t k = r < 0 ? -1 : read(fd, reply->p + reply->n, 65536);
    if (k < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (k < 0) {
      int e = errno;
      close(fd);
      return fail(f, ONE_SHOT, "the server: %s", strerror(e));
    }
    if (k == 0) {
      close(fd);
      return fail(f, ONE_SHOT, "the server closed the connection without an answer");
    }
    char *nl = memchr(reply->p + reply->n, '\n', (size_t)k);
    reply->n += (size_t)k;
    if (reply->n > SF_MAX_MESSAGE) {
      close(fd);
      return fail(f, ONE_SHOT, "the server's reply is too large");
    }
    if (nl != NULL) {
      reply->n = (size_t)(nl - reply->p);
      reply->p[reply->n] = '\0';
      close(fd);
      return 1;
    }
  }
}

/* The request: protocol.ts HookRequest as JSON, one line. */
static int build_request(const struct call *c, const char *print, uid_t uid, const char *cwd, struct buf *out) {
  char number[32];
  snprintf(number, sizeof number, "%d", SF_PROTOCOL);
  if (!buf_str(out, "{\"protocol\":") || !buf_str(out, number) || !buf_str(out, ",\"fingerprint\":") ||
      !json_string(out, print, strlen(print)))
    return 0;
  snprintf(number, sizeof number, "%lu", (unsigned long)uid);
  if (!buf_str(out, ",\"uid\":") || !buf_str(out, number) || !buf_str(out, ",\"argv\":[\"hook\"")) return 0;
  for (int i = 0; i < c->nargs; i++) {
    if (!buf_char(out, ',') || !json_string(out, c->args[i], strlen(c->args[i]))) return 0;
  }
  if (!buf_str(out, "],\"cwd\":") || !json_string(out, cwd, strlen(cwd)) || !buf_str(out, ",\"env\":{")) return 0;
  int first = 1;
  for (int i = 0; REQUEST_ENV[i] != NULL; i++) {
    const char *v = getenv(REQUEST_ENV[i]);
    if (v == NULL) continue;
    if ((!first && !buf_char(out, ',')) || !json_string(out, REQUEST_ENV[i], strlen(REQUEST_ENV[i])) ||
        !buf_char(out, ':') || !json_string(out, v, strlen(v)))
      return 0;
    first = 0;
  }
  return buf_str(out, "},\"stdin\":") && json_string(out, c->input.p, c->input.n) && buf_str(out, "}\n");
}

static char *current_dir(void) {
  for (size_t size = 4096; size <= (1 << 20); size *= 2) {
    char *p = malloc(size);
    if (p == NULL) return NULL;
    if (getcwd(p, size) != NULL) return p;
    free(p);
    if (errno != ERANGE) return NULL;
  }
  return NULL;
}

int main(int argc, char **argv) {
  struct call c;
  memset(&c, 0, sizeof c);
  c.args = argv + 1;
  c.nargs = argc > 0 ? argc - 1 : 0;
  const char *debug = getenv("SHELLFENCE_RESIDENT_DEBUG");
  c.debug = debug != NULL && strcmp(debug, "1") == 0;
  c.timeout_ms = timeout_ms();
  signal(SIGPIPE, SIG_IGN);
  c.root = package_root(argc > 0 ? argv[0] : NULL);
  if (c.root == NULL) cannot("shellfence-hook is not where the package puts it (dist/native/PLATFORM/): cannot check this call");

  /* Only a call to judge, as bin/shellfence.js decides: usage and help are the bin's to print,
   * without waiting for stdin; SHELLFENCE_RESIDENT=0 checks every call in its own process. */
  int call = c.nargs >= 1 && strcmp(c.args[0], "claude-code") == 0;
  for (int i = 0; i < c.nargs; i++) {
    if (strcmp(c.args[i], "-h") == 0 || strcmp(c.args[i], "--help") == 0) call = 0;
  }
  if (!call) hand_over(&c, 0, "not a hook call");
  const char *resident = getenv("SHELLFENCE_RESIDENT");
  if (resident != NULL && strcmp(resident, "0") == 0) hand_over(&c, 0, "SHELLFENCE_RESIDENT=0");

  /* Read first, as the Node.js client reads it first, but within the timeout: a host that never
   * closes stdin would hold the Node.js client until Claude Code gives up on the hook and runs the
   * tool unchecked. From here on every hand-over passes these bytes on. */
  char why[1200];
  if (!read_input(&c, why, sizeof why)) hand_over(&c, 0, "%s", why);

  /* The bundle answers only when it and the compiled modules name the same build (codeFile);
   * otherwise the resident checker is not on by default, and the bin decides. */
  struct buf file = {0}, compiled = {0};
  char id[17], other[17], print[17];
  if (!buf_str(&file, c.root) || !buf_str(&file, "/dist/bundle/shellfence.cjs") || !buf_str(&compiled, c.root) ||
      !buf_str(&compiled, "/dist/base/build-id.js"))
    hand_over(&c, 0, "out of memory");
  if (!bundle_id(file.p, id) || !compiled_id(compiled.p, other) || strcmp(id, other) != 0) {
    hand_over(&c, 0, "the bundle is not this build's code (protocol.ts codeFile)");
  }
  fingerprint(file.p, id, print);

  uid_t uid = getuid();
  struct buf dir = {0}, socket_path = {0};
  if (!runtime_dir(uid, &dir) || !buf_add(&socket_path, dir.p, dir.n) || !buf_str(&socket_path, "/hook-") ||
      !buf_str(&socket_path, print) || !buf_str(&socket_path, ".sock"))
    hand_over(&c, 0, "out of memory");
  /* A missing or untrusted socket: the bin's client checks again and starts a server if it may. */
  if (not_private(dir.p, uid, S_IFDIR, why, sizeof why) != NULL) hand_over(&c, 0, "%s", why);
  if (not_private(socket_path.p, uid, S_IFSOCK, why, sizeof why) != NULL) hand_over(&c, 0, "%s", why);

  char *cwd = current_dir();
  if (cwd == NULL) hand_over(&c, 0, "the working directory: %s", strerror(errno));
  /* Node.js reads these as UTF-8, replacing what is not: send only what it would read unchanged. */
  int text_ok = utf8_ok((const unsigned char *)c.input.p, c.input.n) &&
                utf8_ok((const unsigned char *)cwd, strlen(cwd));
  for (int i = 0; i < c.nargs; i++) text_ok = text_ok && utf8_ok((const unsigned char *)c.args[i], strlen(c.args[i]));
  for (int i = 0; REQUEST_ENV[i] != NULL; i++) {
    const char *v = getenv(REQUEST_ENV[i]);
    if (v != NULL) text_ok = text_ok && utf8_ok((const unsigned char *)v, strlen(v));
  }
  if (!text_ok) hand_over(&c, 0, "the hook input, arguments or environment are not UTF-8");

  struct buf request = {0}, reply = {0};
  if (!build_request(&c, print, uid, cwd, &request)) hand_over(&c, 0, "out of memory");
  if (request.n > SF_MAX_MESSAGE) hand_over(&c, 1, "the request is larger than the server takes");
  struct failure f;
  if (!exchange(socket_path.p, uid, c.root, &request, c.timeout_ms, &reply, &f)) hand_over(&c, f.after == ONE_SHOT, "%s", f.why);

  struct field fields[F_COUNT];
  memset(fields, 0, sizeof fields);
  int parsed = json_read_reply(reply.p, reply.n, fields);
  struct field *p = &fields[F_PROTOCOL], *fp = &fields[F_FINGERPRINT], *u = &fields[F_UID], *code = &fields[F_CODE];
  struct field *out = &fields[F_STDOUT], *err = &fields[F_STDERR], *error = &fields[F_ERROR];
  if (!parsed || p->kind != NUMBER || p->number != SF_PROTOCOL || fp->kind != STRING || fp->text.n != 16 ||
      memcmp(fp->text.p, print, 16) != 0 || u->kind != NUMBER || u->number != (double)uid) {
    hand_over(&c, 1, "the server's reply is not a valid answer for this build and user");
  }
  if (error->kind == STRING) hand_over(&c, 1, "the server refused: %s", error->text.p);
  /* An exit status is an integer; the server's are 0 and 2, and one past 255 is not one. */
  if (code->kind != NUMBER || out->kind != STRING || err->kind != STRING || !(code->number >= 0) ||
      code->number > 255 || code->number != (double)(int)code->number) {
    hand_over(&c, 1, "the server's reply is not a valid answer for this build and user");
  }
  if (c.debug) fputs("shellfence: answered by the resident checker (native client)\n", stderr);
  if (!write_all(1, out->text.p, out->text.n)) cannot("cannot write the answer: %s", strerror(errno));
  if (err->text.n > 0) write_all(2, err->text.p, err->text.n);
  return (int)code->number;
}
