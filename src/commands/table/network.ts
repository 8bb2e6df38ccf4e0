// Network clients. URLs and remote `host:path` words are not local paths (a `file://` URL is);
// what these tools save, upload, log or read their settings from is.

import { fileUrlPath, syntheticArg } from "../apply.ts";
import { knownPrefix } from "../../shell/words/env.ts";
import { type Arg, type Effect, withValue } from "../effects.ts";
import type { Analyser, Call, OptionSpec, SpecContext } from "../spec.ts";
import { assignmentOptions, baseOfArg, each, flag, hooks, issue, linkedGitDir, locate, none, optionalNone, optionItems,
  optionValues, read, roleAs, runsProgram, write } from "./common.ts";
import type { TableSpec } from "./expand.ts";
import { SSH_CODE_KEYS, sshOptionFiles, sshOptionWords } from "./shells.ts";
import { curlSends, transferSends, wgetSends } from "./uploads.ts";

// ---------------------------------------------------------------------------------------
// curl

const CURL: TableSpec = { names: ["curl"], abbreviations: false, flags: "sSLfiIkvNgG460123laJRZnpqBMV#j",
  long: ["--silent", "--show-error", "--location", "--fail", "--fail-with-body", "--fail-early", "--include", "--head",
    "--insecure", "--verbose", "--progress-bar", "--no-buffer", "--globoff", "--get", "--ipv4", "--ipv6", "--http1.0",
    "--http1.1", "--http2", "--http2-prior-knowledge", "--http3", "--http3-only", "--list-only", "--append",
    "--junk-session-cookies", "--remote-header-name", "--remote-time", "--parallel", "--parallel-immediate", "--netrc",
    "--netrc-optional", "--proxytunnel", "--disable-epsv", "--disable", "--use-ascii", "--manual", "--version",
    "--compressed", "--compressed-ssh", "--create-dirs", "--digest", "--basic", "--ntlm", "--negotiate", "--anyauth",
    "--location-trusted", "--post301", "--post302", "--post303", "--raw", "--tr-encoding", "--tcp-nodelay",
    "--tcp-fastopen", "--no-keepalive", "--no-sessionid", "--no-alpn", "--no-npn", "--ssl", "--ssl-reqd", "--tlsv1",
    "--tlsv1.0", "--tlsv1.1", "--tlsv1.2", "--tlsv1.3", "--sslv2", "--sslv3", "--cert-status", "--false-start",
    "--path-as-is", "--retry-connrefused", "--retry-all-errors", "--styled-output", "--suppress-connect-headers",
    "--xattr", "--skip-existing", "--ca-native", "--doh-insecure", "--proxy-insecure", "--ssl-no-revoke",
    "--ssl-allow-beast", "--ssl-auto-client-cert", "--ftp-pasv", "--ftp-skip-pasv-ip", "--ftp-create-dirs",
    "--ftp-ssl-control", "--ftp-pret", "--no-progress-meter", "--no-clobber", "--remove-on-error", "--crlf",
    "--proxy-basic", "--proxy-digest", "--proxy-ntlm", "--proxy-negotiate", "--proxy-anyauth", "--socks5-gssapi-nec",
    "--no-fail", "--no-location", "--no-silent", "--no-show-error", "--no-verbose", "--no-include", "--no-insecure",
    "--no-compressed", "--no-progress-bar", "--mptcp", "--trace-time", "--trace-ids", "--http0.9",
    "--ignore-content-length", "--help"],
  options: { "-o": write, "--output": write, "--output-dir": write, "-O": { modes: ["remote-name"] },
    "--remote-name": { modes: ["remote-name"] }, "--remote-name-all": { modes: ["remote-name"] }, "-T": read,
    "--upload-file": read,
    ...each(none, "-d", "--data", "--data-ascii", "--data-binary", "--data-urlencode", "--json", "-F", "--form", "-H",
      "--header", "--proxy-header", "-w", "--write-out", "--variable", "-b", "--cookie"), "--data-raw": none,
    "--form-string": none, "-K": read, "--config": read,
    ...each(write, "-c", "--cookie-jar", "-D", "--dump-header", "--trace", "--trace-ascii", "--stderr", "--libcurl",
      "--etag-save", "--hsts", "--alt-svc"),
    ...each(read, "--cacert", "--capath", "--crlfile", "--proxy-cacert", "--proxy-capath", "--proxy-crlfile",
      "--netrc-file", "--etag-compare", "--random-file", "--egd-file", "--unix-socket", "--abstract-unix-socket"),
    ...each(none, "-E", "--cert", "--key", "--proxy-cert", "--proxy-key", "--pinnedpubkey", "--proxy-pinnedpubkey",
      "-z", "--time-cond"), "--url": { value: "url" },
    ...each(none, "-H", "-A", "--user-agent", "-e", "--referer", "-u", "--user", "-U", "--proxy-user", "-X",
      "--request", "-x", "--proxy", "--resolve", "--connect-to", "-m", "--max-time", "--connect-timeout", "--retry",
      "--retry-delay", "--retry-max-time", "-r", "--range", "-C", "--continue-at", "--limit-rate", "-Y",
      "--speed-limit", "-y", "--speed-time", "-Q", "--quote", "--mail-from", "--mail-rcpt", "--mail-auth", "-P",
      "--ftp-port", "--oauth2-bearer", "--aws-sigv4", "--cert-type", "--key-type", "--proxy-cert-type",
      "--proxy-key-type", "--ciphers", "--curves", "--tls13-ciphers", "--proxy-ciphers", "--proxy-tls13-ciphers",
      "--create-file-mode", "--dns-interface", "--dns-ipv4-addr", "--dns-ipv6-addr", "--dns-servers", "--doh-url",
      "--engine", "--expect100-timeout", "--ftp-account", "--ftp-alternative-to-user", "--ftp-method",
      "--ftp-ssl-ccc-mode", "--happy-eyeballs-timeout-ms", "--hostpubmd5", "--hostpubsha256", "--interface",
      "--keepalive-time", "--krb", "--local-port", "--login-options", "--max-filesize", "--max-redirs", "--noproxy",
      "--parallel-max", "--pass", "--proto", "--proto-default", "--proto-redir", "--proxy-pass", "--proxy-service-name",
      "--proxy-tlsauthtype", "--proxy-tlspassword", "--proxy-tlsuser", "--proxy1.0", "--rate", "--request-target",
      "--sasl-authzid", "--service-name", "--socks4", "--socks4a", "--socks5", "--socks5-gssapi-service",
      "--socks5-hostname", "-t", "--telnet-option", "--tftp-blksize", "--tlsauthtype", "--tlspassword", "--tlsuser",
      "--url-query", "--preproxy", "--delegation", "--ip-tos", "--vlan-priority", "--haproxy-clientip", "--ech",
      "--ipfs-gateway", "--trace-config"), "--pubkey": read, "--sasl-ir": flag, "-h": optionalNone },
  operands: { all: "url" }, custom: hooks(curlHook, curlSends) };

/**
 * The known start of a value that rules a file out (`-H "Authorization: Bearer $TOKEN"` is text):
 * a first character other than `@`; for --data-urlencode, `NAME=` before any `@`; for -F, `NAME=`
 * and a first character other than `@` or `<`.
 */
const KNOWN_TEXT = /^[^@]/, KNOWN_CONTENT = /^[^@=]*=/, KNOWN_FORM_TEXT = /^[^=]*=[^@<]/;

/** What curl reads and writes through option values that only sometimes name files. */
function curlHook(ctx: SpecContext): void {
  // -d @FILE, --data-urlencode name@FILE, -F name=@FILE or name=<FILE, -H @FILE, -w @FILE.
  for (const v of optionValues(ctx, "-d", "--data", "--data-ascii", "--data-binary", "--json", "-H", "--header",
    "--proxy-header"))
  {
    if (v.text === null) {
      if (!KNOWN_TEXT.test(knownPrefix(v))) ctx.role(v, "read");
    } else if (v.text.startsWith("@") && v.text !== "@-") roleAs(ctx, v, v.text.slice(1), "read");
  }
  for (const v of optionValues(ctx, "--data-urlencode", "--variable")) {
    if (v.text === null) {
      if (!KNOWN_CONTENT.test(knownPrefix(v))) ctx.role(v, "read");
    } else {
      const at = v.text.indexOf("@");
      const eq = v.text.indexOf("=");
      if (at >= 0 && (eq < 0 || at < eq) && v.text.slice(at + 1) !== "-") roleAs(ctx, v, v.text.slice(at + 1), "read");
    }
  }
  for (const v of optionValues(ctx, "-F", "--form")) {
    if (v.text === null) {
      if (!KNOWN_FORM_TEXT.test(knownPrefix(v))) ctx.role(v, "read");
    } else {
      const m = /^[^=]*=([@<])([^;]*)/.exec(v.text);
      if (m && m[2] !== "-") roleAs(ctx, v, m[2]!.replace(/^"|"$/g, ""), "read");
    }
  }
  // -b NAME=VALUE is cookie data; a word without `=` is a cookie file.
  for (const v of optionValues(ctx, "-b", "--cookie")) {
    if (v.text === null || !v.text.includes("=")) ctx.role(v, "read");
  }
  // -E/--cert CERT[:PASSWORD], --key FILE, --pinnedpubkey FILE or sha256//HASH.
  for (const v of optionValues(ctx, "-E", "--cert", "--key", "--proxy-cert", "--proxy-key")) {
    if (v.text === null) ctx.role(v, "read");
    else if (!/^pkcs11:/.test(v.text)) roleAs(ctx, v, v.text.replace(/(?<!\\):[^/]*$/, ""), "read");
  }
  // --url-query @FILE and NAME@FILE send a file's contents, as --data-urlencode does.
  for (const v of optionValues(ctx, "--url-query")) {
    const m = v.text === null ? null : /^(?:[^=@]*)@(.+)$/.exec(v.text);
    if (v.text === null) ctx.role(v, "generic");
    else if (m && m[1] !== "-") roleAs(ctx, v, m[1]!, "read");
  }
  for (const v of optionValues(ctx, "--pinnedpubkey", "--proxy-pinnedpubkey")) {
    if (v.text === null || !v.text.startsWith("sha256//")) ctx.role(v, "read");
  }
  // -z DATE or a file whose time is used.
  for (const v of optionValues(ctx, "-z", "--time-cond")) ctx.role(v, "generic");
  // -w '%output{FILE}' (and %output{>>FILE}) sends the rest of the output to FILE; -w @FILE reads it.
  for (const v of optionValues(ctx, "-w", "--write-out")) {
    if (v.text === null) ctx.role(v, "generic");
    else {
      if (v.text.startsWith("@") && v.text !== "@-") roleAs(ctx, v, v.text.slice(1), "read");
      for (const m of v.text.matchAll(/%output\{(?:>>)?([^}]*)\}/g)) roleAs(ctx, v, m[1]!, "write");
    }
  }
  // -K FILE reads more options from FILE, which may say where to write.
  for (const v of optionValues(ctx, "-K", "--config")) {
    if (v.text !== "-") {
      issue(ctx, "UNRESOLVED_WORD", `curl reads more options from ${v.source}, which the guard does not read`, v.span);
    }
  }
  curlUrls(ctx);
  // -O saves under the remote file name, in --output-dir or the working directory.
  if (ctx.modes.has("remote-name") && !optionItems(ctx, "--output-dir").length) {
    ctx.role(syntheticArg(".", spanOf(ctx)), "write");
  }
}

/** More than this many alternatives from curl's URL globbing is not followed. */
const MAX_CURL_GLOB = 64;

/**
 * URLs that reach local files other than as `file://…`: curl expands `{a,b}` and `[1-3]` in
 * URLs and in -T (unless -g), so `fil{e,x}://…` is a file URL; `--proto-default file` makes a
 * URL without a scheme a file; `--expand-OPTION` fills `{{VAR}}` from --variable, which may
 * import the environment or a file.
 */
function curlUrls(ctx: SpecContext): void {
  const globoff = ctx.items.some((it) => it.t === "option" && (it.name === "-g" || it.name === "--globoff"));
  const fileDefault = optionValues(ctx, "--proto-default").some((v) =>
    v.text === null || v.text.toLowerCase() === "file"
  );
  const urls = [...ctx.operands, ...optionValues(ctx, "--url")];
  for (const u of urls) {
    if (u.text === null) continue;
    const alternatives = globoff ? [u.text] : curlGlob(u.text);
    if (alternatives === null) {
      issue(ctx, "UNRESOLVED_WORD", `curl expands the pattern in ${u.source}, which may name a local file`, u.span);
      continue;
    }
    for (const a of alternatives) {
      const file = fileUrlPath(a);
      if (file !== null) roleAs(ctx, u, file, "read");
      else if (fileDefault && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(a)) roleAs(ctx, u, a, "read");
    }
  }
  for (const v of optionValues(ctx, "-T", "--upload-file")) {
    if (v.text === null || globoff || !/[{[]/.test(v.text)) continue;
    const alternatives = curlGlob(v.text);
    if (alternatives === null) {
      issue(ctx, "UNRESOLVED_WORD", `curl expands the pattern in ${v.source}, which may name other files`, v.span);
    } else for (const a of alternatives) roleAs(ctx, v, a, "read");
  }
  for (const it of ctx.items) {
    const name = it.t === "option" ? it.name : it.t === "unknown-option" ? it.word.text : null;
    if (name?.startsWith("--expand-")) {
      issue(ctx, "UNRESOLVED_WORD", `curl ${name} fills in variables, which may come from the environment or a file`,
        it.word.span);
    }
  }
}

/** curl's URL globbing: `{a,b}` lists and `[1-3]`/`[a-c]` ranges; null past the bound or when unreadable. */
function curlGlob(text: string): string[] | null {
  let out = [""];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) {
      out = out.map((o) => o + text[++i]!);
      continue;
    }
    if (c !== "{" && c !== "[") {
      out = out.map((o) => o + c);
      continue;
    }
    const close = text.indexOf(c === "{" ? "}" : "]", i);
    if (close < 0) return null;
    const body = text.slice(i + 1, close);
    let items: string[];
    if (c === "{") items = body.split(",");
    else {
      const m = /^([0-9]+)-([0-9]+)(?::[0-9]+)?$|^([a-zA-Z])-([a-zA-Z])(?::[0-9]+)?$/.exec(body);
      if (!m) return null;
      // A range only stands for its own kind of text (digits or letters): its ends are enough
      // to know whether a scheme or a `..` can come out of it, but not all of it.
      items = m[1] !== undefined ? [m[1], m[2]!] : [m[3]!, m[4]!];
      // Letters before the scheme's `:` could spell any scheme.
      if (m[3] !== undefined && !text.slice(0, i).includes(":")) return null;
    }
    if (out.length * items.length > MAX_CURL_GLOB) return null;
    out = out.flatMap((o) => items.map((x) => o + x));
    i = close;
  }
  return out;
}

function spanOf(ctx: SpecContext) {
  return ctx.items[0]?.word.span ?? { start: 0, end: 0 };
}

// ---------------------------------------------------------------------------------------
// wget

const WGET: TableSpec = { names: ["wget", "wget2"], flags: "VhbqvnNcSrkKEpmFxH46",
  long: ["--version", "--help", "--background", "--quiet", "--verbose", "--no-verbose", "--debug", "--force-html",
    "--no-clobber", "--continue", "--timestamping", "--no-use-server-timestamps", "--server-response", "--recursive",
    "--convert-links", "--backup-converted", "--adjust-extension", "--page-requisites", "--mirror", "--no-parent",
    "--no-directories", "--no-host-directories", "--force-directories", "--protocol-directories",
    "--no-check-certificate", "--https-only", "--ignore-case", "--inet4-only", "--inet6-only", "--no-cookies",
    "--keep-session-cookies", "--ignore-length", "--no-cache", "--no-dns-cache", "--no-proxy", "--delete-after",
    "--content-disposition", "--trust-server-names", "--auth-no-challenge", "--no-http-keep-alive", "--no-iri",
    "--span-hosts", "--relative", "--no-remove-listing", "--no-glob", "--no-passive-ftp", "--retr-symlinks",
    "--random-wait", "--ask-password", "--no-netrc", "--show-progress", "--no-config", "--strict-comments", "--unlink",
    "--xattr", "--no-hsts", "--no-if-modified-since", "--rejected-log", "--convert-file-only"],
  options: { "-O": { value: "write", modes: ["output"] }, "--output-document": { value: "write", modes: ["output"] },
    "-P": { value: "write", modes: ["output"] }, "--directory-prefix": { value: "write", modes: ["output"] },
    ...each(write, "-o", "--output-file", "-a", "--append-output", "--save-cookies", "--warc-file", "--hsts-file",
      "--rejected-log"),
    ...each(read, "--load-cookies", "--post-file", "--body-file", "--ca-certificate", "--certificate", "--private-key",
      "--ca-directory", "--crl-file", "--config"), "-i": { value: "read", modes: ["input"] },
    "--input-file": { value: "read", modes: ["input"] }, "--spider": { modes: ["spider"] }, "-e": none,
    "--execute": none, "--use-askpass": { value: "none", modes: ["program"] },
    ...each(none, "-B", "--base", "-t", "--tries", "-T", "--timeout", "-w", "--wait", "-Q", "--quota", "--limit-rate",
      "-l", "--level", "-A", "--accept", "-R", "--reject", "-D", "--domains", "--exclude-domains", "-I",
      "--include-directories", "-X", "--exclude-directories", "--cut-dirs", "-U", "--user-agent", "--header", "--user",
      "--password", "--http-user", "--http-password", "--proxy-user", "--proxy-password", "--referer", "--post-data",
      "--body-data", "--method", "--default-page", "--restrict-file-names", "--dns-timeout", "--connect-timeout",
      "--read-timeout", "--waitretry", "--bind-address", "--prefer-family", "--local-encoding", "--remote-encoding",
      "--progress", "--secure-protocol", "--certificate-type", "--private-key-type", "--regex-type", "--accept-regex",
      "--reject-regex", "--max-redirect", "--report-speed", "--retry-on-http-error", "--ftp-user", "--ftp-password",
      "--warc-header", "--warc-max-size", "--compression", "--max-threads"), "--pinnedpubkey": { value: "generic" },
    "--backups": optionalNone }, operands: { all: "url" },
  custom: hooks(runsProgram(["--use-askpass"]), assignmentOptions(["-e", "--execute"]), (ctx) => {
    // Without -O or -P the download lands in the working directory (with -r, a tree under it).
    if (!ctx.modes.has("output") && !ctx.modes.has("spider") && (ctx.operands.length || ctx.modes.has("input"))) {
      ctx.role(syntheticArg(".", spanOf(ctx)), "write");
    }
    for (const v of optionValues(ctx, "--config")) {
      issue(ctx, "UNRESOLVED_WORD", `wget reads more settings from ${v.source}`, v.span);
    }
  }, wgetSends) };

// ---------------------------------------------------------------------------------------
// scp and rsync: `[user@]host:path`, `host::module`, `scp://` and `rsync://` are remote.

function isRemote(a: Arg, rsync: boolean): boolean {
  return a.text !== null && locate(a.text, { rsyncModules: rsync }).t === "remote";
}

/** SOURCE… DEST: local sources are read, a local destination written; remote ends are not local accesses. */
function transfer(ctx: SpecContext, rsync: boolean, follow: boolean): Arg | null {
  const ops = ctx.operands;
  const dest = ops.length > 1 ? ops[ops.length - 1]! : null;
  const sources = dest ? ops.slice(0, -1) : ops;
  for (const s of sources) {
    if (isRemote(s, rsync)) continue;
    ctx.role(s, ctx.modes.has("remove-source") ? "write" : "read");
    if (follow && ctx.modes.has("recursive") && s.text !== null) {
      const base = baseOfArg(ctx, s);
      ctx.emit({ t: "scan", arg: s, kind: "read", ...(base !== undefined ? { base } : {}) });
    }
  }
  if (dest && !isRemote(dest, rsync)) {
    ctx.role(dest, "write");
    return dest;
  }
  return null;
}

const sshStyle: Record<string, OptionSpec> = { "-F": read, "-i": read, "-J": none, "-o": none, "-c": none, "-l": none,
  "-P": none, "-X": none, "-S": { value: "none", modes: ["program"] }, "-D": { value: "none", modes: ["program"] } };

/** ssh -o options that run commands or name files, as scp, sftp and ssh-copy-id pass them to ssh. */
export const sshOptions = (ctx: SpecContext): void => {
  for (const v of optionValues(ctx, "-o")) {
    if (v.text === null || SSH_CODE_KEYS.test(v.text)) {
      issue(ctx, "OPAQUE_CODE", `${ctx.name} -o ${v.source} makes ssh run a command or load a library`, v.span);
    }
    if (v.text === null) continue;
    // A `~` ssh would expand is not known here: unresolved.
    for (const [file, kind] of sshOptionFiles(v.text, null)) {
      if (file === null) ctx.role(withValue(v, null, "a home directory ssh expands"), kind);
      else roleAs(ctx, v, file, kind);
    }
  }
};

const SCP: TableSpec = {
  names: ["scp"],
  abbreviations: false,
  flags: "346ABCOpqRsTv",
  options: { ...sshStyle, "-r": { modes: ["recursive"] } },
  operands: { all: "none" },
  changes: { fs: true, links: false },
  // scp -r follows symlinks it meets in the source tree.
  custom: hooks(runsProgram(["-S", "-D"]), sshOptions, (ctx) => void transfer(ctx, false, true), transferSends(false)),
};

const RSYNC: TableSpec = { names: ["rsync"], abbreviations: false, flags: "vqcbuldpoDgtSnWxyCzhiPRHAXUNJOs8Ek",
  long: ["--verbose", "--quiet", "--no-motd", "--checksum", "--archive", "--no-recursive", "--relative",
    "--no-implied-dirs", "--backup", "--update", "--inplace", "--append", "--append-verify", "--dirs", "--mkpath",
    "--links", "--safe-links", "--munge-links", "--hard-links", "--perms", "--executability", "--acls", "--xattrs",
    "--owner", "--group", "--devices", "--specials", "--times", "--atimes", "--open-noatime", "--crtimes",
    "--omit-dir-times", "--omit-link-times", "--super", "--fake-super", "--sparse", "--preallocate", "--dry-run",
    "--whole-file", "--one-file-system", "--existing", "--ignore-existing", "--ignore-errors", "--force",
    "--delete-missing-args", "--partial", "--delay-updates", "--prune-empty-dirs", "--numeric-ids", "--ignore-times",
    "--size-only", "--fuzzy", "--compress", "--cvs-exclude", "--from0", "--protect-args", "--secluded-args",
    "--trust-sender", "--blocking-io", "--stats", "--8-bit-output", "--human-readable", "--progress",
    "--itemize-changes", "--list-only", "--ipv4", "--ipv6", "--version", "--help", "--no-whole-file", "--no-compress",
    "--no-perms", "--no-owner", "--no-group", "--no-times", "--no-links", "--copy-devices", "--write-devices",
    "--old-args", "--old-dirs", "--no-inc-recursive", "--no-i-r", "--msgs2stderr", "--no-msgs2stderr",
    "--force-change"],
  options: { "-r": { modes: ["recursive"] }, "--recursive": { modes: ["recursive"] }, "-a": { modes: ["recursive"] },
    "-L": { modes: ["follow"] }, "--copy-links": { modes: ["follow"] }, "--copy-unsafe-links": { modes: ["follow"] },
    "-k": { modes: ["follow"] }, "--copy-dirlinks": { modes: ["follow"] }, "-K": { modes: ["dest-follow"] },
    "--keep-dirlinks": { modes: ["dest-follow"] },
    ...each({ modes: ["delete"] }, "--delete", "--del", "--delete-before", "--delete-during", "--delete-delay",
      "--delete-after", "--delete-excluded", "--remove-sent-files"),
    ...each(none, "-f", "--filter", "-M", "--remote-option"), "--remove-source-files": { modes: ["remove-source"] },
    "--files-from": { value: "read", modes: ["names"] },
    ...each(read, "--exclude-from", "--include-from", "--password-file", "--read-batch", "--early-input", "--config"),
    ...each(write, "--log-file", "--write-batch", "--only-write-batch"),
    ...each(none, "--backup-dir", "-T", "--temp-dir", "--partial-dir", "--link-dest", "--compare-dest", "--copy-dest"),
    "-e": { value: "none", modes: ["rsh"] }, "--rsh": { value: "none", modes: ["rsh"] },
    ...each(none, "--rsync-path", "--exclude", "--include", "--chmod", "--chown", "--usermap", "--groupmap",
      "--max-size", "--min-size", "--max-delete", "--bwlimit", "--timeout", "--contimeout", "--port", "--sockopts",
      "-B", "--block-size", "--compress-level", "--compress-choice", "--zc", "--zl", "--skip-compress",
      "--modify-window", "--iconv", "--protocol", "--checksum-choice", "--cc", "--checksum-seed", "--info", "--debug",
      "--address", "--outbuf", "--stop-after", "--stop-at", "--max-alloc", "--suffix", "--copy-as", "--log-file-format",
      "--out-format", "--dparam", "--time-limit", "--groupmap") }, operands: { all: "none" },
  changes: { fs: true, links: true },
  custom: (ctx) => {
    // Filter rules `merge FILE`, `. FILE`, `dir-merge NAME` read rule files.
    for (const v of optionValues(ctx, "-f", "--filter")) {
      const m = v.text === null ? null : /^\s*(merge|\.|dir-merge|:)[,+\-a-z]*\s+(.+)$/.exec(v.text);
      if (v.text === null) ctx.role(v, "generic");
      else if (m) roleAs(ctx, v, m[2]!.trim(), "read");
    }
    // -M/--remote-option passes options to the other side, which a local copy forks here.
    for (const v of optionValues(ctx, "-M", "--remote-option")) {
      if (v.text === null ||
        /^--?(log-file|write-batch|temp-dir|backup-dir|partial-dir|files-from|exclude-from|include-from|config|rsync-path)|^-[^-]*[Tf]/
          .test(v.text))
      {
        issue(ctx, "UNRESOLVED_WORD", `rsync ${v.source} passes an option the guard does not follow`, v.span);
      }
    }
    const follow = ctx.modes.has("follow");
    const dest = transfer(ctx, true, follow);
    // -a and -l copy symlinks as they are: what lands in DEST (DEST/NAME, or DEST itself for
    // `SRC/`) may be a link that means something else there (src/shell/zones.ts). A local
    // source with no link in it copies none.
    if (dest && optionItems(ctx, "-a", "--archive", "-l", "--links").length) {
      const base = baseOfArg(ctx, dest);
      for (const s of ctx.operands.slice(0, -1)) {
        const entry = s.text === null ? null : /\/$/.test(s.text) ? "." : s.text;
        ctx.emit({ t: "links", arg: dest, entry, ...(isRemote(s, true) ? {} : { source: s }),
          ...(base !== undefined ? { base } : {}) });
      }
    }
    if (dest && (ctx.modes.has("delete") || ctx.modes.has("dest-follow"))) {
      // --delete removes what the source lacks under the destination; -K writes through links there.
      if (ctx.modes.has("dest-follow")) {
        ctx.emit({ t: "scan", arg: dest, kind: "write",
          ...(baseOfArg(ctx, dest) !== undefined ? { base: baseOfArg(ctx, dest) } : {}) });
      }
    }
    // These directories are relative to the destination when they are relative.
    for (const it of optionItems(ctx, "--backup-dir", "-T", "--temp-dir", "--partial-dir", "--link-dest",
      "--compare-dest", "--copy-dest"))
    {
      const v = it.value;
      if (!v) continue;
      // --link-dest hard-links what is unchanged there into the destination: written through it, as `ln` is.
      const kind = it.name === "--link-dest" ? "unknown" : /dest$/.test(it.name) ? "read" : "write";
      ctx.role(v, kind, it.base);
      if (it.name === "--link-dest") linkedGitDir(ctx, v, it.base);
      if (dest && dest.text !== null && v.text !== null && !v.text.startsWith("/")) {
        const base = baseOfArg(ctx, dest);
        const from = dest.text.startsWith("/")
          ? dest.text
          : base === null
          ? null
          : `${base ?? ctx.world.cwd ?? ""}/${dest.text}`;
        if (from !== null && (base !== undefined || ctx.world.cwd !== null)) {
          ctx.role(withValue(v, `${from.replace(/\/+$/, "")}/${v.text}`, ""), kind, it.base);
        }
      }
    }
    if (ctx.modes.has("names")) {
      issue(ctx, "UNRESOLVED_WORD", "rsync --files-from copies the files listed in a file the guard does not read");
    }
    for (const it of optionItems(ctx, "-e", "--rsh")) if (it.value) remoteShell(ctx, it.value);
    transferSends(true)(ctx);
  } };

/**
 * rsync -e COMMAND: rsync splits COMMAND into words itself (quotes group, no shell; rsync 3.2
 * main.c do_cmd) and adds the host and `rsync --server …`. Only ssh is followed, with its own
 * options judged as ssh's (`-F CONFIG`, `-E LOG`, `-i KEY`, `-o ProxyCommand=…`); another
 * program, a shell metacharacter or a word after the options (it would become the host) is opaque.
 */
function remoteShell(ctx: SpecContext, v: Arg): void {
  const words = v.text === null ? null : rshWords(v.text);
  const opaque = () =>
    issue(ctx, "OPAQUE_CODE", `rsync -e ${v.source} runs a program the guard does not interpret`, v.span);
  if (words === null || !/^(ssh|\/usr\/bin\/ssh)$/.test(words[0] ?? "") || /[;&|`$()<>\\]/.test(v.text ?? "")) {
    return opaque();
  }
  const effects: Effect[] = [];
  // ssh expands a leading `~` in some values itself (-i), and the guard's home is not known
  // here: a word with one, glued to its option or not, is unknown, as for scp -o.
  const args = words.slice(1).map((w) =>
    withValue(v, /^(-[^-=]*)?~/.test(w) ? null : w, "a home directory ssh expands")
  );
  const end = sshOptionWords(args, effects, null);
  if (end < args.length) return opaque();
  for (const e of effects) ctx.emit(e);
}

/** The words of an rsync -e value: whitespace separates, single and double quotes group; null when a quote is open. */
function rshWords(text: string): string[] | null {
  if (!/^\s*(?:(?:[^\s'"]+|'[^']*'|"[^"]*")+\s*)*$/.test(text)) return null;
  return [...text.matchAll(/(?:[^\s'"]+|'[^']*'|"[^"]*")+/g)].map((m) => m[0].replace(/'([^']*)'|"([^"]*)"/g, "$1$2"));
}

// ---------------------------------------------------------------------------------------
// Raw sockets

const NC: TableSpec = { names: ["nc", "ncat", "netcat", "nc.openbsd", "nc.traditional"], abbreviations: false,
  flags: "46bCdDFhklnNrStuvzZ",
  long: ["--listen", "--keep-open", "--udp", "--sctp", "--verbose", "--nodns", "--send-only", "--recv-only",
    "--no-shutdown", "--ssl", "--crlf", "--telnet", "--allow", "--version", "--help", "--idle-timeout"],
  options: { "-e": { value: "none", modes: ["program"] }, "--exec": { value: "none", modes: ["program"] },
    "-c": { value: "none" }, "--sh-exec": { value: "none" }, "--lua-exec": { value: "read", modes: ["program"] },
    "-o": write, "--output": write, "-x": { value: "generic" }, "--hex-dump": write, "-U": { modes: ["unix"] },
    "--unixsock": { modes: ["unix"] },
    ...each(none, "-p", "--source-port", "-s", "--source", "-w", "--wait", "-i", "--interval", "-q", "-W", "-X",
      "--proxy", "--proxy-type", "--proxy-auth", "-m", "--max-conns", "-T", "-V", "-I", "-O", "-M", "--ssl-verify",
      "--ssl-ciphers", "--ssl-alpn", "-g", "-G", "--deny"),
    ...each(read, "--ssl-cert", "--ssl-key", "--ssl-trustfile", "--allowfile", "--denyfile") },
  operands: { all: "none" },
  custom: hooks(runsProgram(["-e", "--exec", "--lua-exec"]), (ctx) => {
    // ncat -c runs its command through /bin/sh for each connection.
    for (const it of optionItems(ctx, "-c", "--sh-exec")) {
      if (it.value) {
        ctx.emit({ t: "code", text: it.value.text, span: it.value.span, label: `${ctx.name} -c`, inProcess: false });
      }
    }
    if (ctx.modes.has("unix") && ctx.operands[0]) ctx.role(ctx.operands[0], "write");
  }) };

/** socat address types that name a local file or socket. */
const SOCAT_PATHS =
  /^(FILE|OPEN|CREATE|CREAT|GOPEN|PIPE|NAMED|UNIX-CONNECT|UNIX-LISTEN|UNIX-SENDTO|UNIX-RECVFROM|UNIX-RECV|UNIX-CLIENT|UNIX|LOCAL)$/i;
const SOCAT_CODE = /^(EXEC|SYSTEM|SHELL)$/i;
/**
 * The generic socket addresses (`SOCKET-CONNECT:1:0:x2f746d70…`) carry a raw sockaddr, which
 * may be any Unix socket's path in hex (socat 1.7.4 man page, "SOCKET-CONNECT").
 */
const SOCAT_RAW = /^(SOCKET-CONNECT|SOCKET-LISTEN|SOCKET-SENDTO|SOCKET-RECVFROM|SOCKET-RECV|SOCKET-DATAGRAM)$/i;
/**
 * socat address options whose value is a local path: `bind=` names the socket file a UNIX
 * address creates for its own end, `tun-device=` the device opened (socat 1.7.4 man page).
 */
const SOCAT_PATH_OPTIONS =
  /^(link|history|cert|certificate|key|cafile|capath|dhparams|dhparam|egd|lockfile|waitlock|chroot|chroot-early|symbolic-link|unlink-close|bind|tun-device|openssl-certificate|openssl-key|openssl-cafile|openssl-capath|openssl-dhparam|openssl-egd)$/i;

/**
 * One socat address. A dual address `A!!B` reads from A and writes to B, and socat 1.8 chains
 * addresses with `|`: each piece is an address of its own.
 */
function socatAddress(a: Arg, effects: Effect[]): void {
  const t = a.text;
  if (t === null) {
    effects.push({ t: "issue", code: "OPAQUE_CODE", message: `socat address ${a.source} is not known`, span: a.span });
    return;
  }
  const pieces = t.split(/!!|\|/);
  if (pieces.length > 1) {
    for (const p of pieces) socatAddress(withValue(a, p, ""), effects);
    return;
  }
  const colon = t.indexOf(":");
  const head = colon < 0 ? t.split(",")[0]! : t.slice(0, colon);
  if (SOCAT_CODE.test(head)) {
    effects.push({ t: "issue", code: "OPAQUE_CODE",
      message: `socat ${head}: runs a program the guard does not interpret`, span: a.span });
    return;
  }
  if (SOCAT_RAW.test(head)) {
    effects.push({ t: "issue", code: "UNRESOLVED_WORD",
      message: `socat ${head}: a raw socket address, which may name any Unix socket`, span: a.span });
    return;
  }
  let params = colon < 0 ? "" : t.slice(colon + 1);
  if (SOCAT_PATHS.test(head)) {
    const comma = params.indexOf(",");
    const path = comma < 0 ? params : params.slice(0, comma);
    if (path) effects.push({ t: "path", arg: withValue(a, path, ""), kind: "write" });
    params = comma < 0 ? "" : params.slice(comma + 1);
  } else if (colon < 0 && head.includes("/")) {
    // A bare file name is GOPEN.
    effects.push({ t: "path", arg: withValue(a, head, ""), kind: "write" });
  }
  for (const opt of (colon < 0 ? t.split(",").slice(1) : params.split(","))) {
    const eq = opt.indexOf("=");
    if (eq <= 0) continue;
    // A hex value (`x2f746d70…`) is raw bytes, a sockaddr for bind= on a generic socket.
    if (/^x[0-9a-f]+$/i.test(opt.slice(eq + 1))) {
      effects.push({ t: "issue", code: "UNRESOLVED_WORD",
        message: `socat ${opt.slice(0, eq)}= with raw bytes, which may name any file or socket`, span: a.span });
    }
    if (SOCAT_PATH_OPTIONS.test(opt.slice(0, eq))) {
      effects.push({ t: "path", arg: withValue(a, opt.slice(eq + 1), ""), kind: "write" });
    }
  }
}

/** socat [options] ADDRESS ADDRESS: each address may be a file, a socket path or a program. */
function socat(call: Call): Effect[] {
  const effects: Effect[] = [];
  const addresses: Arg[] = [];
  // Own rules, not leadingOptions: several of socat's options name files, judged as they are read.
  for (let i = 0; i < call.args.length; i++) {
    const a = call.args[i]!;
    const t = a.text;
    if (t !== null && t.startsWith("-") && t !== "-" && addresses.length === 0) {
      if (/^-(lf|L|W)$/.test(t)) {
        const v = call.args[++i];
        if (v) effects.push({ t: "path", arg: v, kind: "write" });
      } else if (/^-(b|s|t|T|lp|lm|ly|lh|d{1,4}|D|v|x|u|U|g|h|V|4|6|lu|ls|S|r|R)$/.test(t)) {
        if (/^-(b|t|T|lp|r|R)$/.test(t)) {
          const v = call.args[++i];
          if (v && /^-(r|R)$/.test(t)) effects.push({ t: "path", arg: v, kind: "write" });
        }
      } else effects.push({ t: "generic", arg: a, operand: false });
      continue;
    }
    addresses.push(a);
  }
  for (const a of addresses) socatAddress(a, effects);
  effects.push({ t: "changes", fs: true, links: true });
  return effects;
}

// ---------------------------------------------------------------------------------------
// Interactive file transfer

const SFTP: TableSpec = { names: ["sftp"], abbreviations: false, flags: "46AaCfNpqrv",
  options: { ...sshStyle, "-b": { value: "read", modes: ["batch"] }, "-B": none, "-R": none,
    "-s": { value: "none", modes: ["program"] } }, operands: { all: "none" }, changes: { fs: true, links: true },
  custom: hooks(runsProgram(["-S", "-D"]), sshOptions, (ctx) => {
    const [host, local] = ctx.operands;
    // sftp host:file [localdir] fetches without a session.
    if (host && local && isRemote(host, false)) {
      ctx.role(local, "write");
      return;
    }
    if (host && isRemote(host, false) && !ctx.modes.has("batch")) {
      ctx.role(syntheticArg(".", spanOf(ctx)), "write");
      return;
    }
    const b = optionValues(ctx, "-b")[0];
    issue(ctx, "OPAQUE_CODE",
      b
        ? `sftp runs the commands in ${b.source}, which can read and write local files`
        : "sftp reads its commands from standard input, which can read and write local files");
  }) };

const FTP: TableSpec = { names: ["ftp", "lftp", "tftp", "ncftp", "pftp"], operands: { all: "none" },
  unknownOptions: "none", changes: { fs: true, links: true },
  custom: (ctx) =>
    issue(ctx, "OPAQUE_CODE", `${ctx.name} runs transfer commands that can read and write local files`) };

export const NETWORK_SPECS: readonly TableSpec[] = [CURL, WGET, SCP, RSYNC, NC, SFTP, FTP];
export const NETWORK_ANALYSERS: readonly Analyser[] = [{ names: ["socat"], analyse: socat }];
