// Everything else agents run: crypto tools, database shells, editors, patch, media converters,
// document converters, linters, formatters and test runners.

import type { Analyser, Call } from "../analyse.ts";
import { applySpec, parseWords, type SpecContext, syntheticArg } from "../apply.ts";
import { type Arg, type Effect, withValue } from "../effects.ts";
import type { CommandSpec, OptionSpec, RoleSpec } from "../spec.ts";
import { chdir, type Custom, each, flag, generic, hooks, issue, localRole, none, optionalNone, optionItems, optionValues, pathList, read, roleAs, runsProgram, spanOf, tomlValuePaths, write } from "./common.ts";
import { expandSpec, type TableSpec } from "./expand.ts";
import { sshOptions } from "./network.ts";


// ---------------------------------------------------------------------------------------
// Crypto

/** -passin file:PATH and friends: only the file: form names a file. */
const passFiles = (names: readonly string[]): Custom => (ctx) => {
  for (const v of optionValues(ctx, ...names)) {
    if (v.text === null) ctx.role(v, "generic");
    else if (v.text.startsWith("file:")) roleAs(ctx, v, v.text.slice(5), "read");
  }
};

/** A module named by its file (`/x/evil.so`, `evil.so`) rather than by its name (`legacy`). */
const MODULE_FILE = /\/|\.(so|dylib|dll)$/;

/**
 * Shared libraries openssl loads (openssl(1), OpenSSL 3 provider(7), engine(3)): `-provider`
 * and `-engine` take a name or a library's path; a name is looked up in `-provider-path` or
 * `$OPENSSL_MODULES` when given (else the system's modules directory), and `$OPENSSL_CONF`
 * names a configuration file that can load either.
 */
function opensslModules(ctx: SpecContext): void {
  const searched = optionValues(ctx, "-provider-path").length > 0 || isSet(ctx, "OPENSSL_MODULES");
  for (const it of optionItems(ctx, "-provider", "-engine")) {
    const v = it.value;
    if (!v) continue;
    const file = v.text === null || MODULE_FILE.test(v.text);
    if (v.text !== null && v.text.includes("/")) roleAs(ctx, v, v.text, "exec");
    if (file || (it.name === "-provider" && searched) || (it.name === "-engine" && isSet(ctx, "OPENSSL_ENGINES"))) {
      issue(ctx, "OPAQUE_CODE", `openssl ${it.name} ${v.source} loads a library the guard cannot see into`, v.span);
    }
  }
  const conf = ctx.world.getVar("OPENSSL_CONF");
  if (conf !== undefined && conf.k !== "unset") {
    if (conf.k === "str") ctx.role(syntheticArg(conf.v, spanOf(ctx)), "read");
    issue(ctx, "UNRESOLVED_WORD", "openssl reads $OPENSSL_CONF, a configuration file that can load libraries");
  }
}

function isSet(ctx: SpecContext, name: string): boolean {
  const v = ctx.world.getVar(name);
  return v !== undefined && v.k !== "unset";
}

const OPENSSL: TableSpec = {
  names: ["openssl"],
  singleDashLong: true,
  abbreviations: false,
  long: ["-noout", "-text", "-pubin", "-pubout", "-nodes", "-noenc", "-x509", "-new", "-batch", "-verbose", "-quiet", "-brief", "-showcerts", "-CAcreateserial", "-subject", "-issuer", "-dates", "-enddate", "-startdate", "-fingerprint", "-hash", "-modulus", "-check", "-pubkey", "-serial", "-email", "-ocspid", "-ocsp_uri", "-purpose", "-nocert", "-export", "-legacy", "-nokeys", "-clcerts", "-cacerts", "-info", "-base64", "-a", "-A", "-d", "-e", "-p", "-P", "-salt", "-nosalt", "-pbkdf2", "-r", "-c", "-hex", "-binary", "-help", "-version", "-www", "-WWW", "-HTTP", "-msg", "-debug", "-state", "-crlf", "-ign_eof", "-no_ign_eof", "-reconnect", "-prexit", "-status", "-tls1_2", "-tls1_3", "-dtls", "-ssl3", "-no_ssl3", "-no_tls1", "-trace", "-genkey", "-param_out", "-noiter", "-v", "-providers", "-commands", "-digest-commands", "-cipher-commands", "-all-algorithms"],
  options: {
    ...each(read, "-in", "-key", "-cert", "-CAfile", "-CApath", "-CAkey", "-CA", "-config", "-signkey", "-inkey", "-certfile", "-extfile", "-sigfile", "-signature", "-sign", "-verify", "-prverify", "-kfile", "-sess_in", "-CRL", "-crl", "-cert_chain", "-dcert", "-dkey", "-chainCAfile", "-verifyCAfile", "-keyfile", "-ss_cert", "-spkac", "-provider-path", "-untrusted", "-trusted", "-paramfile", "-dhparam", "-peerkey", "-ctlogfile", "-host_key", "-recip", "-content"),
    ...each(write, "-out", "-keyout", "-writerand", "-sess_out", "-msgfile", "-keylogfile", "-outdir", "-CAserial", "-signer", "-reqout", "-respout", "-genstr"),
    ...each(none, "-passin", "-passout", "-pass", "-newkey", "-rand", "-engine"),
    ...each(none, "-reqexts", "-extensions", "-subj", "-days", "-md", "-hmac", "-provider", "-propquery", "-connect", "-servername", "-port", "-accept", "-psk", "-psk_identity", "-alpn", "-starttls", "-proxy", "-name", "-caname", "-inform", "-outform", "-keyform", "-certform", "-CAform", "-CAkeyform", "-set_serial", "-sigopt", "-pkeyopt", "-iter", "-iv", "-K", "-S", "-k", "-cipher", "-ciphersuites", "-curves", "-groups", "-nameopt", "-certopt", "-addext", "-checkhost", "-checkemail", "-checkip", "-purpose", "-verify_hostname", "-verify_depth", "-algorithm", "-pkeyopt", "-kdfopt", "-macopt", "-digest", "-keylen", "-out_trusted", "-url", "-host", "-path", "-attime", "-policy", "-auth_level", "-numbits", "-generator", "-max_send_frag", "-timeout", "-n", "-macalg", "-salt_len", "-keyalg", "-curve", "-scheme"),
  },
  operands: { first: "none", rest: "read" },
  custom: hooks(passFiles(["-passin", "-passout", "-pass"]), pathList(["-rand"], "read"), (ctx) => {
    // -newkey rsa:2048 or rsa:PARAMFILE / ec:PARAMFILE.
    for (const v of optionValues(ctx, "-newkey")) {
      const m = v.text === null ? null : /^[a-z0-9-]+:(.+)$/i.exec(v.text);
      if (v.text === null) ctx.role(v, "generic");
      else if (m && !/^[0-9]+$/.test(m[1]!)) roleAs(ctx, v, m[1]!, "read");
    }
    opensslModules(ctx);
  }),
};

/**
 * gpg commands that change the keyring or trust database (gpg 2.4 man page). Matched on the
 * option's full name, so a unique prefix (`--quick-gen-k`, which gpg accepts) counts too.
 * --locate-keys and --auto-key-retrieve may fetch keys and import them.
 */
const KEYRING_CHANGES = /^--(import|recv-keys?|receive-keys|refresh-keys|fetch-keys|locate-keys|locate-external-keys|auto-key-retrieve|gen-key|full-gen-key|full-generate-key|generate-key|quick-gen(erate)?-key|quick-add-(key|uid|adsk)|quick-(l)?sign-key|quick-set-expire|quick-set-primary-uid|quick-revoke-(uid|sig)|edit-key|key-edit|delete-(secret-and-public-)?keys?|delete-secret-keys|lsign-key|sign-key|nrsign-key|import-ownertrust|update-trustdb|check-trustdb|tofu-policy|change-passphrase|passwd)$/;

const GPG: TableSpec = {
  names: ["gpg", "gpg2"],
  flags: "aedsbckKvqniz",
  long: ["--armor", "--armour", "--encrypt", "--decrypt", "--sign", "--clearsign", "--clear-sign", "--detach-sign", "--symmetric", "--verify", "--list-keys", "--list-public-keys", "--list-secret-keys", "--list-sigs", "--check-sigs", "--fingerprint", "--import", "--export", "--export-secret-keys", "--export-secret-subkeys", "--recv-keys", "--send-keys", "--search-keys", "--refresh-keys", "--gen-key", "--full-gen-key", "--full-generate-key", "--generate-key", "--quick-generate-key", "--quick-gen-key", "--quick-add-key", "--quick-add-uid", "--edit-key", "--delete-keys", "--delete-secret-keys", "--delete-secret-and-public-keys", "--batch", "--yes", "--no", "--no-tty", "--with-colons", "--with-fingerprint", "--with-keygrip", "--with-subkey-fingerprint", "--dry-run", "--always-trust", "--no-default-keyring", "--no-options", "--quiet", "--verbose", "--card-status", "--change-passphrase", "--passwd", "--lsign-key", "--sign-key", "--gen-revoke", "--generate-revocation", "--dearmor", "--enarmor", "--store", "--encrypt-files", "--decrypt-files", "--locate-keys", "--show-keys", "--import-ownertrust", "--export-ownertrust", "--update-trustdb", "--check-trustdb", "--version", "--help", "--warranty", "--dump-options", "--list-config", "--print-md", "--print-mds", "--gen-random", "--throw-keyids", "--no-throw-keyids", "--for-your-eyes-only", "--openpgp", "--rfc4880", "--use-agent", "--no-use-agent", "--ignore-time-conflict", "--no-permission-warning", "--no-auto-key-locate", "--auto-key-retrieve", "--no-greeting", "--no-secmem-warning", "--show-session-key", "--textmode", "--multifile", "--no-verbose", "--fixed-list-mode", "--list-packets", "--expert", "--allow-secret-key-import", "--no-symkey-cache", "--unwrap",
    "--receive-keys", "--fetch-keys", "--locate-external-keys", "--quick-sign-key", "--quick-lsign-key", "--quick-set-expire", "--quick-set-primary-uid", "--quick-revoke-uid", "--quick-revoke-sig", "--quick-add-adsk", "--key-edit", "--nrsign-key", "--tofu-policy", "--desig-revoke", "--generate-designated-revocation"],
  options: {
    "-o": write, "--output": write, "--homedir": write,
    ...each(read, "--passphrase-file", "--options", "--command-file", "--trustdb-file"),
    ...each(write, "--keyring", "--secret-keyring", "--primary-keyring", "--trustdb-name", "--status-file", "--logger-file", "--log-file", "--attribute-file"),
    ...each(none, "-r", "--recipient", "-R", "--hidden-recipient", "-u", "--local-user", "--default-key", "--default-recipient", "--sender", "--keyserver", "--keyserver-options", "--passphrase", "--passphrase-fd", "--pinentry-mode", "--status-fd", "--logger-fd", "--command-fd", "--attribute-fd", "--trust-model", "--cipher-algo", "--digest-algo", "--compress-algo", "--cert-digest-algo", "--s2k-cipher-algo", "--s2k-digest-algo", "--s2k-mode", "--s2k-count", "-z", "--compress-level", "--set-filename", "--comment", "--export-options", "--import-options", "--list-options", "--verify-options", "--keyid-format", "--personal-cipher-preferences", "--personal-digest-preferences", "--personal-compress-preferences", "--auto-key-locate", "--faked-system-time", "--debug", "--debug-level", "--default-new-key-algo", "--max-output", "--compliance", "--encrypt-to", "--hidden-encrypt-to", "--trusted-key", "--set-notation", "--sig-notation", "--cert-notation", "--request-origin", "--agent-socket", "-N", "--display-charset", "--charset", "--weak-digest", "--default-cert-expire", "--default-sig-expire", "--ask-cert-level", "--min-cert-level", "--completes-needed", "--marginals-needed", "--max-cert-depth", "--ctapi-driver", "--pcsc-driver"),
    ...each({ value: "none", modes: ["program"] }, "--photo-viewer", "--exec-path", "--agent-program", "--dirmngr-program", "--keyserver-helper"),
  },
  operands: { all: "read" },
  custom: hooks(runsProgram(["--photo-viewer", "--exec-path", "--agent-program", "--dirmngr-program", "--keyserver-helper"]), (ctx) => {
    // Importing, receiving, generating, signing or deleting keys writes the keyring in the home
    // directory (~/.gnupg, or --homedir), which the guard judges as a write there.
    const changes = ctx.items.some((it) => it.t === "option" && KEYRING_CHANGES.test(it.name));
    if (changes && !optionItems(ctx, "--homedir").length) issue(ctx, "UNRESOLVED_PATH", `${ctx.name} changes the keyring in the home directory`);
  }),
};

const SSH_KEYGEN_SPEC = expandSpec({
  names: ["ssh-keygen"],
  style: "gnu",
  abbreviations: false,
  flags: "qvUkhuH",
  options: {
    "-f": none,
    ...each({ modes: ["reads"] }, "-y", "-l", "-B", "-e", "-i", "-L", "-Q", "-D"),
    ...each({ modes: ["known-hosts"] }, "-H"),
    "-F": { value: "none", modes: ["reads", "known-hosts"] }, "-R": { value: "none", modes: ["known-hosts"] },
    "-A": { modes: ["host-keys"] },
    "-s": read, "-w": read,
    ...each(none, "-t", "-b", "-C", "-N", "-P", "-m", "-Z", "-a", "-O", "-n", "-V", "-z", "-I", "-r", "-E", "-Y", "-M", "-J", "-j", "-S", "-W"),
    "-G": write, "-T": write, "-K": flag, "-g": flag,
    "-p": { modes: ["changes"] }, "-c": { modes: ["changes"] },
  },
  operands: { all: { default: "write", modes: { reads: "read" } } },
});

/**
 * ssh-keygen: -f names the key (read with -y/-l/…, written otherwise); without -f a new key
 * goes to ~/.ssh/id_TYPE and -R/-H rewrite ~/.ssh/known_hosts.
 */
function sshKeygen(call: Call): Effect[] {
  const parsed = parseWords(SSH_KEYGEN_SPEC, call.args, call.world, undefined, false);
  const effects = applySpec("ssh-keygen", SSH_KEYGEN_SPEC, call.args, call.world, call.span).effects;
  // -O write-attestation=FILE writes the attestation there.
  for (const it of parsed.items) {
    if (it.t !== "option" || it.name !== "-O" || !it.value) continue;
    const m = it.value.text === null ? null : /^write-attestation=(.+)$/.exec(it.value.text);
    if (it.value.text === null) effects.push({ t: "generic", arg: it.value, operand: false });
    else if (m) effects.push({ t: "path", arg: withValue(it.value, m[1]!, ""), kind: "write" });
  }
  const file = parsed.items.find((i) => i.t === "option" && i.name === "-f");
  const fileArg = file && file.t === "option" ? file.value : null;
  const reads = parsed.modes.has("reads") && !parsed.modes.has("changes") && !parsed.items.some((i) => i.t === "option" && (i.name === "-R" || i.name === "-H"));
  const home = call.world.getVar("HOME");
  const homeDir = home === undefined ? call.home : home.k === "str" ? home.v : null;
  const inHome = (name: string): Arg => withValue(call.nameArg, homeDir === null ? null : `${homeDir}/.ssh/${name}`, "the home directory is not known");
  if (parsed.modes.has("host-keys")) {
    effects.push({ t: "path", arg: fileArg ? withValue(fileArg, `${fileArg.text ?? ""}/etc/ssh`, "") : withValue(call.nameArg, "/etc/ssh", ""), kind: "write" });
  } else if (fileArg) effects.push({ t: "path", arg: fileArg, kind: reads ? "read" : "write" });
  else if (parsed.modes.has("known-hosts")) effects.push({ t: "path", arg: inHome("known_hosts"), kind: reads ? "read" : "write" });
  else if (!reads && !parsed.items.some((i) => i.t === "option" && ["-s", "-Y", "-G", "-T", "-M", "-k", "-u", "-Q", "-K"].includes(i.name))) {
    const type = parsed.items.find((i) => i.t === "option" && i.name === "-t");
    const t = type && type.t === "option" ? type.value?.text ?? null : "ed25519";
    effects.push({ t: "path", arg: t === null ? withValue(call.nameArg, null, "the key type is not known") : inHome(`id_${t.replace(/-.*$/, "").replace(/^ecdsa$/, "ecdsa")}`), kind: "write" });
  }
  if (parsed.items.some((i) => i.t === "option" && i.name === "-K")) effects.push({ t: "path", arg: syntheticArg(".", call.span), kind: "write" });
  return effects;
}

const SSH_COPY_ID: TableSpec = {
  names: ["ssh-copy-id"],
  abbreviations: false,
  flags: "fnsxh",
  options: { "-i": read, "-p": none, "-t": none, "-o": none, "-F": read },
  operands: { all: "none" },
  custom: sshOptions,
};

// ---------------------------------------------------------------------------------------
// Database shells

/** sqlite3 dot-commands that reach files or the shell (every one not on this list does, or may). */
const SQLITE_DOT_RISK = /(^|\n|;)\s*\.(?!(tables|schema|headers?|mode|width|indexes|indices|dump|databases|show|help|quit|exit|timer|changes|nullvalue|separator|print|echo|eqp|stats|dbinfo|lint|bail|prompt|fullschema|expert)\b)[a-z]|(^|\n|;)\s*\.(dump|schema)\b[^\n]*>/i;

/**
 * SQL that reaches files: ATTACH, `VACUUM INTO 'file'`, `PRAGMA temp_store_directory`, and the
 * sqlite3 shell's file functions and table-valued functions (readfile, writefile, edit, fsdir,
 * the zipfile virtual table; load_extension; SQLite 3.40 "CLI" and "fileio.c"/"zipfile.c").
 * Table-valued functions also take their arguments as WHERE constraints (`FROM fsdir WHERE
 * name=…`), so these names are matched wherever they stand, not only before a `(`.
 */
const SQLITE_SQL_RISK = /\b(attach|readfile|writefile|load_extension|fts3_tokenizer|fsdir|zipfile|zipfile_cds|temp_store_directory|data_store_directory)\b|\bedit\s*\(|\bvacuum\b(\s+\w+)?\s+into\b/;

/**
 * Whether sqlite3 input may reach files or the shell. SQL is read as SQLite tokenizes it:
 * comments are blanks, string literals are not names, and `"x"`, `[x]` and `` `x` `` are the
 * identifier x, so a quoted or commented function name (`"writefile"/**\/(…)`) is still seen.
 * Text that does not tokenize (an unclosed quote or comment) is a risk.
 */
function sqliteRisk(text: string): boolean {
  if (SQLITE_DOT_RISK.test(text)) return true;
  let sql = "";
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    const close = c === "'" ? "'" : c === '"' ? '"' : c === "[" ? "]" : c === "`" ? "`" : null;
    if (close !== null) {
      let j = i + 1;
      let body = "";
      for (;;) {
        const k = text.indexOf(close, j);
        if (k < 0) return true;
        body += text.slice(j, k);
        // A doubled quote is the quote itself (not in brackets).
        if (close !== "]" && text[k + 1] === close) {
          body += close;
          j = k + 2;
          continue;
        }
        j = k + 1;
        break;
      }
      sql += c === "'" ? " '' " : ` ${body} `;
      i = j;
    } else if (text.startsWith("--", i)) {
      const k = text.indexOf("\n", i);
      sql += " ";
      i = k < 0 ? text.length : k;
    } else if (text.startsWith("/*", i)) {
      const k = text.indexOf("*/", i + 2);
      sql += " ";
      i = k < 0 ? text.length : k + 2;
    } else {
      sql += c;
      i++;
    }
  }
  return SQLITE_SQL_RISK.test(sql.toLowerCase());
}

const SQLITE: TableSpec = {
  names: ["sqlite3", "sqlite"],
  singleDashLong: true,
  abbreviations: false,
  long: ["-bail", "-batch", "-csv", "-json", "-line", "-list", "-html", "-box", "-table", "-markdown", "-column", "-quote", "-tabs", "-ascii", "-header", "-noheader", "-echo", "-interactive", "-version", "-help", "-append", "-deserialize", "-memtrace", "-nofollow", "-stats", "-zip", "-pcachetrace", "-unsafe-testing", "-no-rowid-in-view", "-escape"],
  options: {
    "-readonly": { modes: ["readonly"] }, "--readonly": { modes: ["readonly"] },
    "-safe": { modes: ["safe"] }, "--safe": { modes: ["safe"] },
    "-cmd": { value: "none", modes: ["sql"] }, "--cmd": { value: "none", modes: ["sql"] },
    "-init": { value: "read", modes: ["init"] }, "--init": { value: "read", modes: ["init"] },
    "-A": { value: "none", optional: true, modes: ["archive"] },
    ...each(none, "-nullvalue", "-separator", "-newline", "-mmap", "-vfs", "-maxsize", "-heap", "-escape"),
    // Two values each: the second is read as its own option below.
    ...each(none, "-lookaside", "-pagecache"),
  },
  operands: { all: "none" },
  custom: (ctx) => {
    // -lookaside SIZE N and -pagecache SIZE N: N is the option's, not the database.
    const second = new Set(ctx.items.flatMap((it, k) => (it.t === "option" && (it.name === "-lookaside" || it.name === "-pagecache") && ctx.items[k + 1]?.t === "operand" ? [ctx.items[k + 1]!.word] : [])));
    const [db, ...sql] = ctx.operands.filter((a) => !second.has(a));
    const statements = [...sql, ...optionValues(ctx, "-cmd", "--cmd")];
    if (db && db.text !== ":memory:" && db.text !== "") {
      const t = db.text;
      const path = t !== null && /^file:/.test(t) ? t.slice(5).replace(/\?.*$/, "") : t;
      if (path === null) ctx.role(db, "write");
      else roleAs(ctx, db, path, ctx.modes.has("readonly") ? "read" : "write");
    }
    if (ctx.modes.has("archive")) issue(ctx, "INLINE_CODE", "sqlite3 -A reads and writes files named inside the archive");
    for (const f of optionValues(ctx, "-init", "--init")) if (!ctx.modes.has("safe")) issue(ctx, "INLINE_CODE", `sqlite3 runs the commands in ${f.source}, which can read and write files`, f.span);
    if (ctx.modes.has("safe")) return;
    for (const s of statements) if (s.text === null || sqliteRisk(s.text)) issue(ctx, "INLINE_CODE", "sqlite3 runs SQL or dot-commands that can read and write files", s.span);
    if (sql.length === 0 && !ctx.modes.has("sql")) issue(ctx, "INLINE_CODE", "sqlite3 reads SQL from standard input, which can read and write files");
  },
};

/**
 * psql meta-commands that touch local files or run the shell. psql runs backquoted text in any
 * meta-command's arguments through the shell (`\echo `cmd``, `\set x `cmd``; psql 15 manual,
 * "Meta-Commands"), and the prompt's %`cmd` does the same.
 */
const PSQL_RISK = /`|\\(!|o\b|out\b|w\b|write\b|i\b|include\b|ir\b|include_relative\b|copy\b|g\b|gx\b|gexec\b|cd\b|setenv\b|lo_import\b|lo_export\b|e\b|edit\b|ef\b|ev\b|s\b)/;

const PSQL: TableSpec = {
  names: ["psql"],
  abbreviations: false,
  flags: "AabeEHlnqsStxXz01",
  long: ["--no-align", "--echo-all", "--echo-errors", "--echo-queries", "--echo-hidden", "--html", "--list", "--no-readline", "--quiet", "--single-step", "--single-line", "--tuples-only", "--expanded", "--no-psqlrc", "--single-transaction", "--csv", "--no-password", "--password", "-W", "-w"],
  options: {
    "-c": { value: "none", modes: ["command"] }, "--command": { value: "none", modes: ["command"] },
    "-f": { value: "read", modes: ["command"] }, "--file": { value: "read", modes: ["command"] },
    "-o": write, "--output": write, "-L": write, "--log-file": write,
    ...each(none, "-d", "--dbname", "-h", "--host", "-p", "--port", "-U", "--username", "-v", "--set", "--variable", "-P", "--pset", "-F", "--field-separator", "-R", "--record-separator", "-T", "--table-attr"),
    ...each({ modes: ["info"] }, "-V", "--version", "-?", "--help"),
  },
  operands: { all: "none" },
  custom: (ctx) => {
    for (const v of optionValues(ctx, "-c", "--command")) if (v.text === null || PSQL_RISK.test(v.text)) issue(ctx, "INLINE_CODE", "psql runs a meta-command that can read or write files or run the shell", v.span);
    for (const v of optionValues(ctx, "-f", "--file")) {
      if (v.text !== "-") issue(ctx, "OPAQUE_CODE", `psql runs the commands in ${v.source}, which can read and write files and run the shell`, v.span);
      else issue(ctx, "INLINE_CODE", "psql -f - reads commands from standard input, which can read and write files and run the shell", v.span);
    }
    // psql [DBNAME [USERNAME]]: the database may be a connection string.
    pgConninfo(ctx, [...optionValues(ctx, "-d", "--dbname"), ...ctx.operands.slice(0, 1)]);
    if (!ctx.modes.has("command") && !ctx.modes.has("info") && !optionItems(ctx, "-l", "--list").length) issue(ctx, "INLINE_CODE", "psql reads commands from standard input, which can read and write files and run the shell");
  },
};

/** libpq connection parameters that name files libpq reads (PostgreSQL 18 manual, 32.1.2). */
const PG_FILE_KEYS = new Set(["sslrootcert", "sslcert", "sslkey", "sslcrl", "sslcrldir", "passfile", "servicefile"]);

/**
 * The files a libpq connection string names: `key=value …` (values may be single-quoted, with
 * backslash escapes) or a `postgresql://…?key=value&…` URI. A word with neither `=` nor the URI
 * prefix is a database name.
 */
function pgConninfo(ctx: SpecContext, words: readonly Arg[]): void {
  for (const w of words) {
    const t = w.text;
    if (t === null) {
      ctx.role(w, "generic");
      continue;
    }
    const pairs = pgConninfoPairs(t);
    if (pairs === null) {
      issue(ctx, "UNRESOLVED_WORD", `${ctx.name}: the connection string ${w.source} is not read by the guard, and may name files`, w.span);
      continue;
    }
    for (const [key, value] of pairs) {
      if (!PG_FILE_KEYS.has(key) || value === "" || (key === "sslrootcert" && value === "system")) continue;
      // sslkey=ENGINE:KEY loads an OpenSSL engine, which may be a library named by path.
      if (key === "sslkey" && value.includes(":")) issue(ctx, "OPAQUE_CODE", `${ctx.name}: sslkey=${value} loads an OpenSSL engine`, w.span);
      else roleAs(ctx, w, value, "read");
    }
  }
}

/** `[key, value]` pairs of a libpq connection string; [] for a plain name, null when unreadable. */
function pgConninfoPairs(t: string): [string, string][] | null {
  const uri = /^postgres(?:ql)?:\/\/[^?]*(?:\?(.*))?$/s.exec(t);
  if (uri) {
    const out: [string, string][] = [];
    for (const kv of (uri[1] ?? "").split("&")) {
      if (kv === "") continue;
      const eq = kv.indexOf("=");
      try {
        out.push([decodeURIComponent(eq < 0 ? kv : kv.slice(0, eq)).toLowerCase(), decodeURIComponent(eq < 0 ? "" : kv.slice(eq + 1))]);
      } catch {
        return null;
      }
    }
    return out;
  }
  if (!t.includes("=")) return [];
  const out: [string, string][] = [];
  const re = /\s*([A-Za-z_0-9]+)\s*=\s*(?:'((?:[^'\\]|\\[\s\S])*)'|((?:[^\s'\\]|\\[\s\S])*))\s*/y;
  let i = 0;
  while (i < t.length) {
    re.lastIndex = i;
    const m = re.exec(t);
    if (!m || m[0] === "") return null;
    out.push([m[1]!.toLowerCase(), (m[2] ?? m[3] ?? "").replace(/\\([\s\S])/g, "$1")]);
    i = re.lastIndex;
  }
  return out;
}

/** mysql client commands and SQL that reach the local machine. */
// `LOAD {DATA|XML} [LOW_PRIORITY|CONCURRENT] [LOCAL] INFILE` (MySQL 8.0 reference, 15.2.9 and
// 15.2.10): with LOCAL the client uploads a file of its own. Comments, including versioned
// `/*!50000 LOCAL */` ones, may stand between the words, so LOCAL anywhere between LOAD and
// INFILE counts.
const MYSQL_RISK = /\\[!.TPe]|(^|;|\n)\s*(system|source|tee|pager|edit)\b|\bload\b[\s\S]*?\blocal\b[\s\S]*?\binfile\b/i;

const MYSQL: TableSpec = {
  names: ["mysql", "mariadb"],
  abbreviations: true,
  flags: "BNstvVEHXfqrAnCc",
  long: ["--batch", "--skip-column-names", "--silent", "--table", "--verbose", "--version", "--vertical", "--html", "--xml", "--force", "--quick", "--raw", "--no-auto-rehash", "--unbuffered", "--compress", "--no-defaults", "--help", "--ssl", "--skip-ssl", "--binary-mode", "--skip-pager", "--no-tee", "--comments"],
  options: {
    "-e": { value: "none", modes: ["command"] }, "--execute": { value: "none", modes: ["command"] },
    "--init-command": none,
    ...each(read, "--defaults-file", "--defaults-extra-file", "--ssl-ca", "--ssl-cert", "--ssl-key", "--ssl-capath", "--load-data-local-dir"),
    "--tee": write,
    "--pager": { value: "none", optional: true, modes: ["pager"] },
    ...each(none, "-h", "--host", "-u", "--user", "-P", "--port", "-D", "--database", "-S", "--socket", "--protocol", "--default-character-set", "--connect-timeout", "--max-allowed-packet", "--delimiter", "--prompt", "--ssl-mode", "--default-auth", "--local-infile"),
    "--plugin-dir": { value: "none", modes: ["program"] },
    "-p": optionalNone, "--password": optionalNone,
  },
  operands: { all: "none" },
  custom: (ctx) => {
    runsProgram(["--plugin-dir"])(ctx);
    optionFiles(ctx);
    for (const v of optionValues(ctx, "-e", "--execute", "--init-command")) if (v.text === null || MYSQL_RISK.test(v.text)) issue(ctx, "INLINE_CODE", "mysql runs a client command or SQL that reaches local files or the shell", v.span);
    for (const it of optionItems(ctx, "--pager")) if (it.value) issue(ctx, "OPAQUE_CODE", `mysql --pager runs ${it.value.source}`, it.value.span);
    if (!ctx.modes.has("command") && !optionItems(ctx, "-V", "--version", "--help").length) issue(ctx, "INLINE_CODE", "mysql reads commands from standard input, which can run the shell");
  },
};

/** Option files (`--defaults-file`) may set any option, `pager=` and `init-command=` too: like curl -K. */
function optionFiles(ctx: SpecContext): void {
  for (const v of optionValues(ctx, "--defaults-file", "--defaults-extra-file")) issue(ctx, "UNRESOLVED_WORD", `${ctx.name} reads more options from ${v.source}, which the guard does not read`, v.span);
}

// mysqldump and pg_dump share letters with different meanings (-T is a directory to one, a
// table pattern to the other; -d, -t, -w are flags in one and take values in the other).
const MYSQLDUMP: TableSpec = {
  names: ["mysqldump", "mariadb-dump"],
  abbreviations: true,
  flags: "ABcCdeEfFknqQRtvxXY",
  options: {
    "-r": write, "--result-file": write, "-T": write, "--tab": write, "--defaults-file": read, "--defaults-extra-file": read, "--ssl-ca": read, "--ssl-cert": read, "--ssl-key": read,
    ...each(none, "-h", "--host", "-u", "--user", "-P", "--port", "-S", "--socket", "-w", "--where", "--ignore-table", "--compress", "--default-character-set", "--protocol"),
    "-p": { value: "none", optional: true }, "--password": optionalNone,
  },
  operands: { all: "none" },
  custom: optionFiles,
};
const PG_DUMP: TableSpec = {
  names: ["pg_dump", "pg_dumpall", "pg_restore"],
  abbreviations: true,
  flags: "acCOsxvwWlLe1",
  options: {
    "-f": write, "--file": write,
    ...each(none, "-h", "--host", "-U", "--username", "-p", "--port", "-d", "--dbname", "-n", "--schema", "-t", "--table", "-F", "--format", "-j", "--jobs", "-T", "--exclude-table", "-N", "--exclude-schema", "-S", "--superuser", "-Z", "--compress", "-E", "--encoding", "--role", "-I", "--index", "-P", "--function"),
    "-L": read, "--use-list": read,
  },
  // pg_restore FILE reads an archive; the dumps name databases and tables.
  operands: { all: "none" },
  custom: (ctx) => {
    if (ctx.name === "pg_restore") for (const a of ctx.operands) ctx.role(a, "read");
    // -d and pg_dump's DBNAME may be connection strings that name certificate and key files.
    pgConninfo(ctx, [...optionValues(ctx, "-d", "--dbname"), ...(ctx.name === "pg_dump" ? ctx.operands.slice(0, 1) : [])]);
  },
};

const CRONTAB: TableSpec = {
  names: ["crontab"],
  abbreviations: false,
  flags: "lrisT",
  options: { "-e": { modes: ["edit"] }, "-u": none, "-n": none, "-c": flag },
  operands: { all: "read" },
  custom: (ctx) => {
    // Installing a crontab schedules commands the guard never sees, run later from $HOME.
    if (ctx.modes.has("edit") || ctx.operands.length || !optionItems(ctx, "-l", "-r", "-T", "-n", "-c").length) {
      issue(ctx, "OPAQUE_CODE", "crontab installs commands that run later, outside the guard's view");
    }
  },
};

// ---------------------------------------------------------------------------------------
// Editors: every file operand may be written; commands run at startup are code.

/** `+NUM` and `+/pattern` only move the cursor; any other `+command` runs an editor command. */
function plusCommands(ctx: SpecContext): void {
  for (const a of ctx.operands) {
    if (a.text !== null && a.text.startsWith("+") && !/^\+([0-9]*(:[0-9]+)?|\/[^|]*)$/.test(a.text)) issue(ctx, "INLINE_CODE", `${ctx.name} ${a.source} runs an editor command`, a.span);
  }
}

const editorFiles: RoleSpec = { default: "write", modes: { readonly: "read" } };

/** Editor operands: files, except `+LINE` cursor positions. */
const editorOperands: Custom = (ctx) => {
  for (const a of ctx.operands) if (!(a.text !== null && a.text.startsWith("+")) && a.text !== "-") ctx.role(a, editorFiles);
};

const VIM: TableSpec = {
  names: ["vim", "vi", "view", "nvim", "gvim", "vimdiff", "nvi", "ex", "rvim", "evim", "mvim"],
  abbreviations: false,
  singleDashLong: true,
  flags: "bdghLmMnNrxXyZAHFfD",
  long: ["--clean", "--noplugin", "--not-a-term", "--ttyfail", "--nofork", "--literal", "--help", "--version", "--headless", "--embed", "--api-info", "-h", "-v", "--remote", "--remote-silent", "--remote-wait", "--remote-wait-silent", "--remote-tab", "--serverlist"],
  options: {
    "-R": { modes: ["readonly"] },
    ...each({ value: "none", modes: ["code"] }, "-c", "--cmd", "-S", "-l", "--remote-send", "--remote-expr"),
    ...each({ modes: ["code", "ex"] }, "-es", "-Es"),
    "-s": { modes: ["code"] }, "-e": { modes: ["ex"] }, "-E": { modes: ["ex"] },
    "-u": none, "-U": none, "-i": write, "-w": none, "-W": write, "--startuptime": write, "--log": write,
    "-T": none, "-t": none, "-q": read, "--servername": none, "--listen": none, "-V": optionalNone,
    ...each(optionalNone, "-o", "-O", "-p"),
  },
  operands: { all: "none" },
  custom: hooks(editorOperands, plusCommands, (ctx) => {
    for (const it of optionItems(ctx, "-c", "--cmd", "-S", "-l", "--remote-send", "--remote-expr", "-es", "-Es", "-s")) {
      // Vim's -l is lisp mode, a flag: the word after it is a file to edit. Nvim's runs a Lua script.
      if (it.name === "-l" && ctx.name !== "nvim") {
        if (it.value) ctx.role(it.value, editorFiles);
        continue;
      }
      if ((it.name === "-S" || it.name === "-l") && it.value) ctx.role(it.value, "read");
      issue(ctx, "INLINE_CODE", `${ctx.name} ${it.name} runs editor commands the guard cannot see into`, it.value?.span ?? it.word.span);
    }
    // -V[N]FILE writes verbose messages to FILE.
    for (const v of optionValues(ctx, "-V")) {
      const file = v.text === null ? null : v.text.replace(/^[0-9]*/, "");
      if (v.text === null) ctx.role(v, "generic");
      else if (file) roleAs(ctx, v, file, "write");
    }
    // A vimrc other than NONE/NORC/DEFAULTS is code run at startup.
    for (const v of optionValues(ctx, "-u", "-U")) {
      if (v.text !== null && /^(NONE|NORC|DEFAULTS)$/.test(v.text)) continue;
      ctx.role(v, "read");
      issue(ctx, "INLINE_CODE", `${ctx.name} runs the startup commands in ${v.source}`, v.span);
    }
    // nvim --listen ADDRESS: a socket path it creates, unless host:port.
    for (const v of optionValues(ctx, "--listen")) localRole(ctx, v, "write");
    // -w {scriptout} appends typed keys to a file; -wNUMBER sets the window height.
    for (const v of optionValues(ctx, "-w")) if (v.text === null || !/^[0-9]+$/.test(v.text)) ctx.role(v, "write");
  }),
};

const VIM_SPEC = expandSpec(VIM);

/**
 * Vim reads editor commands on standard input in Ex mode (`ex`, `-e`, `-E`, `-es`) and, when it
 * is not a terminal, reads it as typed keys in Normal mode too (`:!cmd` runs one; vim(1) "Input
 * is not from a terminal"): unless it is the shell's own input, that input is code. Outside Ex
 * mode, Nvim and `vim -` read it as the text to edit instead.
 */
function vim(call: Call): Effect[] {
  const effects = applySpec(call.name, VIM_SPEC, call.args, call.world, call.span, undefined, call.disk).effects;
  const parsed = parseWords(VIM_SPEC, call.args, call.world, undefined, false);
  const ex = parsed.modes.has("ex") || call.name === "ex";
  const textIn = parsed.items.some((i) => i.t === "operand" && i.word.text === "-");
  if (!ex && (call.name === "nvim" || textIn)) return effects;
  const stdin = call.stdin;
  if ((stdin.t === "unknown" && stdin.inherited) || (stdin.t === "text" && stdin.text.trim() === "")) return effects;
  const what = ex ? "Ex commands" : "keys typed in Normal mode";
  effects.push(stdin.t === "text"
    ? { t: "issue", code: "INLINE_CODE", message: `${call.name} runs the ${what} on its standard input`, span: call.span }
    : { t: "issue", code: "OPAQUE_CODE", message: `${call.name} runs ${what} from standard input, which the guard cannot see`, span: call.span });
  return effects;
}

const NANO: TableSpec = {
  names: ["nano", "pico", "rnano"],
  abbreviations: true,
  flags: "ABDEFGHIJKLMNOPRSUWZabcdeghijklmnpqtuwxyz$%_!0",
  long: ["--backup", "--boldtext", "--multibuffer", "--locking", "--historylog", "--ignorercfiles", "--nohelp", "--nowrap", "--view", "--smooth", "--autoindent", "--cutfromcursor", "--linenumbers", "--mouse", "--noconvert", "--positionlog", "--quickblank", "--restricted", "--softwrap", "--tabstospaces", "--unix", "--wordbounds", "--zap", "--help", "--version", "--modernbindings", "--minibar", "--stateflags", "--indicator", "--saveonexit", "--breaklonglines", "--trimblanks", "--constantshow", "--atblanks", "--emptyline", "--jumpyscrolling", "--showcursor", "--bookstyle", "--colonparsing", "--magic", "--listsyntaxes"],
  options: {
    "-v": { modes: ["readonly"] }, "--view": { modes: ["readonly"] },
    "-C": write, "--backupdir": write, "-f": read, "--rcfile": read,
    // -E is --tabstospaces, a flag; -J is --guidestripe (nano(1), nano 7).
    ...each(none, "-o", "--operatingdir", "-Y", "--syntax", "-T", "--tabsize", "-r", "--fill", "-Q", "--quotestr", "-X", "--wordchars", "--guidestripe", "-J"),
    "-s": { value: "none", modes: ["program"] }, "--speller": { value: "none", modes: ["program"] },
  },
  operands: { all: "none" },
  custom: hooks(editorOperands, runsProgram(["-s", "--speller"])),
};

const EMACS: TableSpec = {
  names: ["emacs", "emacs-nox", "xemacs"],
  abbreviations: true,
  singleDashLong: true,
  long: ["-nw", "--no-window-system", "-Q", "--quick", "-q", "--no-init-file", "--no-site-file", "--no-splash", "--debug-init", "--batch", "-batch", "--kill", "-kill", "--version", "--help", "--fg-daemon", "--no-site-lisp", "--no-x-resources", "--no-loadup", "--no-desktop", "--no-build-details", "--no-blinking-cursor", "--fullscreen", "--maximized", "--fullheight", "--fullwidth", "-nbc", "-iconic", "--iconic", "-mm", "-fs", "-rv", "--reverse-video"],
  options: {
    ...each({ value: "none", modes: ["code"] }, "--eval", "-eval", "--execute", "-execute", "-f", "--funcall", "-funcall", "-l", "--load", "-load", "--script", "-script", "-x"),
    "--chdir": chdir, "-chdir": chdir,
    ...each(read, "-L", "--directory", "-directory", "--insert", "-insert"),
    ...each(none, "-u", "--user", "-user", "-t", "--terminal", "-d", "--display", "--name", "-T", "--title", "-g", "--geometry", "-fn", "--font", "-bg", "--background-color", "-fg", "--foreground-color", "-bd", "-bw", "-lsp", "-ib", "--border-width", "--cursor-color", "--color"),
    "--daemon": optionalNone, "--bg-daemon": optionalNone,
  },
  operands: { all: "none" },
  custom: hooks(editorOperands, plusCommands, (ctx) => {
    for (const it of optionItems(ctx, "--eval", "-eval", "--execute", "-execute", "-f", "--funcall", "-funcall", "-l", "--load", "-load", "--script", "-script", "-x")) {
      if (it.value && /^-(l|-?load|-?script)$/.test(it.name)) ctx.role(it.value, "read");
      issue(ctx, "INLINE_CODE", `${ctx.name} ${it.name} runs Lisp code the guard cannot see into`, it.value?.span ?? it.word.span);
    }
  }),
};

const EMACSCLIENT: TableSpec = {
  names: ["emacsclient"],
  abbreviations: true,
  flags: "cntqurwV",
  long: ["--create-frame", "--no-wait", "--tty", "--nw", "--quiet", "--suppress-output", "--reuse-frame", "--version", "--help"],
  options: {
    "-e": { modes: ["code"] }, "--eval": { modes: ["code"] },
    "-s": none, "--socket-name": none, "-f": read, "--server-file": read, "-d": none, "--display": none, "-T": none, "--tramp": none, "-F": none, "--frame-parameters": none, "-w": none, "--timeout": none,
    "-a": { value: "none", modes: ["program"] }, "--alternate-editor": { value: "none", modes: ["program"] },
  },
  operands: { all: "none" },
  custom: hooks(runsProgram(["-a", "--alternate-editor"]), (ctx) => {
    if (ctx.modes.has("code")) issue(ctx, "INLINE_CODE", "emacsclient --eval runs Lisp code the guard cannot see into");
    else editorOperands(ctx);
  }),
};

const VSCODE: TableSpec = {
  names: ["code", "code-insiders", "codium", "vscodium", "cursor", "windsurf", "code-oss"],
  abbreviations: false,
  flags: "nrwvh",
  long: ["--new-window", "--reuse-window", "--wait", "--list-extensions", "--show-versions", "--pre-release", "--disable-extensions", "--inspect-extensions", "--verbose", "--status", "--prof-startup", "--disable-gpu", "--version", "--help", "--disable-workspace-trust", "--disable-chromium-sandbox", "--telemetry", "--update-extensions", "--force", "--transient"],
  options: {
    "-d": { modes: ["diff"] }, "--diff": { modes: ["diff"] }, "-m": { modes: ["merge"] }, "--merge": { modes: ["merge"] },
    "-g": none, "--goto": none, "-a": read, "--add": read, "--remove": read,
    "--user-data-dir": write, "--extensions-dir": write,
    "--install-extension": none,
    ...each(none, "--locale", "--profile", "--uninstall-extension", "--category", "--disable-extension", "--sync", "--log", "--enable-proposed-api", "--inspect-brk-extensions", "--inspect", "--inspect-brk"),
  },
  operands: { all: "none" },
  custom: (ctx) => {
    const ops = ctx.operands;
    if (ops[0]?.text === "tunnel" || ops[0]?.text === "serve-web") return;
    ops.forEach((a, i) => {
      if (a.text === "-") return;
      // --diff A B reads; --merge A B BASE RESULT writes RESULT.
      const role = ctx.modes.has("diff") ? "read" : ctx.modes.has("merge") ? (i === ops.length - 1 ? "write" : "read") : "write";
      ctx.role(a, role);
    });
    for (const v of optionValues(ctx, "-g", "--goto")) roleAs(ctx, v, v.text === null ? "" : v.text.replace(/(:[0-9]+){1,2}$/, ""), "write");
    for (const v of optionValues(ctx, "--install-extension")) if (v.text === null || /\.vsix$/i.test(v.text)) localRole(ctx, v, "read");
  },
};

const SUBL: TableSpec = {
  names: ["subl", "sublime_text", "smerge", "gedit", "kate", "kwrite", "mousepad", "xed", "pluma", "leafpad", "geany", "micro", "hx", "helix", "kak", "joe", "jed", "mcedit", "ne", "zed", "atom", "mate", "bbedit"],
  abbreviations: false,
  flags: "nawbsh",
  long: ["--new-window", "--add", "--wait", "--background", "--stay", "--safe-mode", "--launch-or-new-window", "--standalone", "--version", "--help", "--new-document"],
  options: { "--project": read, "--command": { value: "none", modes: ["program"] }, "-c": read, "--config": read, "--encoding": none, "-e": none, "-E": none },
  operands: { all: "none" },
  // kak -e/-E runs editor commands (and %sh{…} the shell).
  custom: hooks(editorOperands, runsProgram(["--command"]), (ctx) => {
    if (ctx.name === "kak") for (const it of optionItems(ctx, "-e", "-E")) issue(ctx, "INLINE_CODE", `kak ${it.name} runs editor commands`, it.word.span);
  }),
};

// ---------------------------------------------------------------------------------------
// patch

const PATCH_SPEC = expandSpec({
  names: ["patch"],
  flags: "bcefElnNRsStuZT",
  long: ["--backup", "--context", "--ed", "--force", "--remove-empty-files", "--ignore-whitespace", "--normal", "--forward", "--reverse", "--silent", "--quiet", "--batch", "--unified", "--set-utc", "--set-time", "--binary", "--posix", "--verbose", "--follow-symlinks", "--backup-if-mismatch", "--no-backup-if-mismatch", "--version", "--help"],
  options: {
    "-p": none, "--strip": none,
    "-i": { value: "read", modes: ["input"] }, "--input": { value: "read", modes: ["input"] },
    "-o": { value: "write", modes: ["output"] }, "--output": { value: "write", modes: ["output"] },
    "-d": chdir, "--directory": chdir,
    "-r": write, "--reject-file": write,
    // Backup names: -B PREFIX is prepended to the file's name, -Y PREFIX to its basename (in
    // the file's directory), so either may lead elsewhere (`-Y ../x/`: GNU patch 2.7 manual);
    // -z SUFFIX is appended, which leaves only through a `/` in it.
    ...each(generic, "-B", "--prefix", "-Y", "--basename-prefix"),
    ...each(none, "-z", "--suffix", "-V", "--version-control", "-D", "--ifdef", "-F", "--fuzz", "-g", "--get", "-x", "--debug", "--read-only", "--quoting-style", "--reject-format"),
    "--dry-run": { modes: ["dry"] }, "-C": { modes: ["dry"] }, "--check": { modes: ["dry"] },
    "--merge": optionalNone,
  },
  // patch [ORIGINAL [PATCHFILE]]
  operands: { positional: [{ default: "write", modes: { output: "read", dry: "read" } }, "read"] },
  changes: { fs: true, links: true },
  // A git-style diff may create symlinks (`new file mode 120000`), under names the guard does
  // not read: later paths below the directory patch works in that are not there now are not known.
  custom: (ctx) => {
    for (const v of optionValues(ctx, "-z", "--suffix")) if (v.text === null || v.text.includes("/")) ctx.role(v, "generic");
    if (ctx.modes.has("dry")) return;
    const dir = optionItems(ctx, "-d", "--directory").pop();
    if (dir) {
      if (dir.value) ctx.emit({ t: "links", arg: dir.value, tree: true, ...(dir.base !== undefined ? { base: dir.base } : {}) });
    } else ctx.emit({ t: "links", arg: syntheticArg(".", ctx.items[0]?.word.span ?? { start: 0, end: 0 }), tree: true, ...(ctx.start !== undefined ? { base: ctx.start } : {}) });
  },
});

/** The files a unified or context diff names, each with every `-p` strip level applied. */
function patchTargets(text: string, strip: number | null): string[] {
  const out = new Set<string>();
  for (const line of text.split("\n")) {
    const m = /^(?:\+\+\+|---|\*\*\*) ([^\t\n]+)/.exec(line) ?? /^Index: (.+)$/.exec(line) ?? /^diff --git (?:"?a\/)?(\S+) (?:"?b\/)?(\S+)/.exec(line);
    if (!m) continue;
    for (const raw of m.slice(1)) {
      const name = raw.trim().replace(/^"|"$/g, "");
      if (!name || name === "/dev/null") continue;
      const parts = name.split("/");
      const levels = strip === null ? parts.map((_, i) => i) : [Math.min(strip, parts.length - 1)];
      for (const k of levels) out.add(parts.slice(k).join("/") || name);
    }
  }
  return [...out];
}

/**
 * patch: the files written are named inside the patch (relative to -d or the working
 * directory). When the patch text is visible (a here-document) those names are judged;
 * otherwise it is an issue, unless the output goes to -o.
 */
function patch(call: Call): Effect[] {
  const effects = applySpec("patch", PATCH_SPEC, call.args, call.world, call.span).effects;
  const parsed = parseWords(PATCH_SPEC, call.args, call.world, undefined, false);
  if (parsed.modes.has("output") || parsed.modes.has("dry")) return effects;
  const operands = parsed.items.filter((i) => i.t === "operand");
  if (operands.length >= 1) return effects;
  const stripItem = parsed.items.find((i) => i.t === "option" && (i.name === "-p" || i.name === "--strip"));
  const stripText = stripItem && stripItem.t === "option" ? stripItem.value?.text ?? null : null;
  const strip = stripText !== null && /^[0-9]+$/.test(stripText) ? Number(stripText) : stripItem ? null : null;
  const dir = [...parsed.items].reverse().find((i) => i.t === "option" && (i.name === "-d" || i.name === "--directory"));
  const base = dir && dir.t === "option" && dir.value ? (dir.value.text === null ? null : dir.value.text.startsWith("/") ? dir.value.text : call.world.cwd === null ? null : `${call.world.cwd}/${dir.value.text}`) : undefined;
  const stdin = parsed.modes.has("input") ? { t: "unknown" as const } : call.stdin;
  if (stdin.t === "text") {
    for (const f of patchTargets(stdin.text, strip)) effects.push({ t: "path", arg: withValue(call.nameArg, f, ""), kind: "write", ...(base !== undefined ? { base } : {}) });
    return effects;
  }
  effects.push({ t: "issue", code: "UNRESOLVED_WORD", message: "patch writes the files named inside the patch, which the guard cannot see here", span: call.span });
  return effects;
}

// ---------------------------------------------------------------------------------------
// Small text tools

const ENVSUBST: TableSpec = { names: ["envsubst"], flags: "vh", long: ["--variables", "--help", "--version"], operands: { all: "none" }, unknownOptions: "none" };

const ICONV: TableSpec = {
  names: ["iconv"],
  flags: "csl",
  long: ["--silent", "--list", "--verbose", "--help", "--version"],
  options: { "-f": none, "--from-code": none, "-t": none, "--to-code": none, "-o": write, "--output": write },
  operands: { all: "read" },
};

// ---------------------------------------------------------------------------------------
// Media and documents

/**
 * ImageMagick file words: `FMT:file`, `@list`, `label:@file`, `msl:script`. A name that starts
 * with `|` is a pipe to a shell command (upstream's default policy allows it; a distribution's
 * policy.xml may not, and the guard cannot see which policy applies).
 */
function magickFile(ctx: SpecContext, a: Arg, role: "read" | "write"): void {
  const t = a.text;
  if (t === null) {
    ctx.role(a, role);
    return;
  }
  if (t === "-" || /^[a-z0-9]{2,10}:-$/i.test(t)) return;
  const m = /^([a-z0-9]{2,10}):(.*)$/i.exec(t);
  if (m && /^(msl|mvg)$/i.test(m[1]!)) issue(ctx, "OPAQUE_CODE", `${ctx.name} ${m[1]}: runs a drawing script`, a.span);
  const rest = m ? m[2]! : t;
  if (rest.startsWith("|")) {
    issue(ctx, "OPAQUE_CODE", `${ctx.name} pipes ${JSON.stringify(t.slice(0, 60))} through a shell command`, a.span);
    return;
  }
  if (m && /^(label|caption|xc|canvas|gradient|radial-gradient|pattern|plasma|fractal|logo|rose|wizard|granite|netscape|null|rgb|hald)$/i.test(m[1]!) && !rest.startsWith("@")) return;
  if (rest.startsWith("@")) {
    roleAs(ctx, a, rest.slice(1), "read");
    if (!m) issue(ctx, "UNRESOLVED_WORD", `${ctx.name} reads the file names listed in ${rest.slice(1)}`, a.span);
    return;
  }
  // ephemeral: (and tmp:) delete the file once read.
  roleAs(ctx, a, rest.replace(/\[[^\]]*\]$/, ""), m && /^(ephemeral|tmp)$/i.test(m[1]!) ? "write" : role);
}

/**
 * A -draw primitive list (MVG): `image OP X,Y W,H FILE` and `font FILE` read files, and so does
 * an `@FILE` (an MVG file whose primitives the guard does not see).
 */
function magickDraw(ctx: SpecContext, v: Arg): void {
  const t = v.text;
  if (t === null) {
    ctx.role(v, "generic");
    return;
  }
  if (t.startsWith("@")) {
    roleAs(ctx, v, t.slice(1), "read");
    issue(ctx, "UNRESOLVED_WORD", `${ctx.name} -draw runs the primitives in ${t.slice(1)}, which may name other files`, v.span);
    return;
  }
  const token = String.raw`(?:'([^']*)'|"([^"]*)"|(\S+))`;
  const files = new RegExp(String.raw`\b(?:image\s+\S+\s+\S+\s+\S+|font)\s+` + token, "gi");
  for (const f of t.matchAll(files)) magickFile(ctx, withValue(v, f[1] ?? f[2] ?? f[3]!, ""), "read");
  // Primitives the guard does not take apart but that name resources (url(), use, href).
  if (/\b(url\s*\(|use\b|href\b|push\s+pattern)|(^|[\s'"])@/i.test(t.replace(files, ""))) issue(ctx, "UNRESOLVED_WORD", `${ctx.name} -draw ${JSON.stringify(t.slice(0, 60))} may name other files`, v.span);
}

// Values that ImageMagick reads as text and expands: `@FILE` reads FILE, and a value the guard
// cannot see may be one.
const MAGICK_TEXT = ["-label", "-comment", "-caption", "-format", "-print", "-kernel", "-fx", "-title", "-annotate", "-set", "-morphology", "-distort", "-sparse-color"];
const MAGICK_FILES = ["-profile", "-cdl", "-texture", "-tile-pattern", "-mask", "-clip-mask", "-font", "-read-mask", "-write-mask", "-write", "-tile"];

// ImageMagick settings and operators that take one value; everything else the table does not
// list is judged as unknown together with the word after it, so a flag it does not know
// never hides the output file.
const MAGICK_OPTIONS: Record<string, OptionSpec> = {
  // Files, judged by the hook (`FMT:file`, `|cmd`).
  ...each(none, ...MAGICK_FILES),
  ...each(none, "-resize", "-quality", "-density", "-rotate", "-crop", "-geometry", "-gravity", "-background", "-fill", "-stroke", "-strokewidth", "-pointsize", "-size",
    "-depth", "-colorspace", "-type", "-format", "-thumbnail", "-scale", "-sample", "-extent", "-border", "-bordercolor", "-blur", "-sharpen", "-unsharp", "-level", "-modulate",
    "-colors", "-dither", "-delay", "-loop", "-dispose", "-layers", "-channel", "-alpha", "-compose", "-compress", "-define", "-draw", "-interpolate", "-filter", "-fuzz",
    "-transparent", "-opaque", "-threshold", "-gamma", "-brightness-contrast", "-contrast-stretch", "-fx", "-virtual-pixel", "-page", "-units", "-interlace", "-sampling-factor",
    "-label", "-title", "-frame", "-shadow", "-mode", "-quantize", "-chop", "-shave", "-splice", "-roll", "-kernel", "-metric", "-highlight-color", "-lowlight-color",
    "-path", "-adaptive-resize", "-liquid-rescale", "-orient", "-attenuate", "-repage", "-clone", "-delete", "-insert", "-swap", "-duplicate", "-print", "-precision", "-debug",
    "-log", "-colorize", "-tint", "-posterize", "-solarize", "-deskew", "-features", "-channel-fx", "-color-matrix", "-affine", "-region", "-sepia-tone",
    "-charcoal", "-edge", "-emboss", "-implode", "-swirl", "-spread", "-paint", "-vignette", "-grayscale", "-auto-threshold", "-median", "-despeckle-radius", "-quiet-level",
    "-comment", "-caption"),
  ...each(flag, "-flip", "-flop", "-strip", "-negate", "-normalize", "-equalize", "-despeckle", "-enhance", "-monochrome", "-flatten", "-mosaic", "-coalesce", "-append",
    "-combine", "-separate", "-auto-orient", "-trim", "-ping", "-verbose", "-identify", "-regard-warnings", "-respect-parentheses", "-auto-level", "-auto-gamma", "-transpose",
    "-transverse", "-antialias", "-monitor", "-clip", "-clut", "-hald-clut", "-transform", "-contrast", "-version", "-quiet", "-magnify", "-minify", "-deconstruct", "-reverse",
    "-unique-colors", "-compare", "-composite", "-screen", "-silent", "-descend", "-frame-flag", "-render", "-matte", "+matte"),
  // magick -script FILE: a file of options and files, each of which may read or write anything.
  "-script": read,
};

/** What the option values of an ImageMagick command name. */
function magickValues(ctx: SpecContext, tool: string): void {
  for (const it of ctx.items) {
    if (it.t !== "option" || !it.value) continue;
    const v = it.value;
    if (it.name === "-draw") magickDraw(ctx, v);
    else if (it.name === "-tile") {
      // montage -tile is a geometry (4x3); elsewhere it is an image that fills.
      if (tool !== "montage") magickFile(ctx, v, "read");
    } else if (MAGICK_FILES.includes(it.name)) magickFile(ctx, v, it.name === "-write" ? "write" : "read");
    else if (v.text === null && MAGICK_TEXT.includes(it.name)) ctx.role(v, "generic");
    else if (v.text !== null && v.text.startsWith("@") && v.text !== "@") roleAs(ctx, v, v.text.slice(1), "read");
  }
}

const CONVERT: TableSpec = {
  names: ["convert", "magick", "composite", "montage", "compare", "import", "stream", "conjure", "animate", "display", "identify", "mogrify"],
  singleDashLong: true,
  abbreviations: false,
  options: MAGICK_OPTIONS,
  operands: { all: "none" },
  custom: (ctx) => {
    let ops = ctx.operands;
    let tool = ctx.name;
    if (tool === "magick" && ops[0]?.text && /^(convert|mogrify|identify|composite|montage|compare|stream|animate|display|import|conjure)$/.test(ops[0].text)) {
      tool = ops[0].text;
      ops = ops.slice(1);
    }
    // Options with `+` (`+repage`) are operands to the parser; they are not files.
    ops = ops.filter((a) => !(a.text !== null && /^\+[a-z]/.test(a.text)));
    if (tool === "conjure") issue(ctx, "OPAQUE_CODE", "conjure runs Magick Scripting Language scripts");
    if (optionItems(ctx, "-script").length) issue(ctx, "OPAQUE_CODE", `${ctx.name} -script runs the options in a file, which may read or write any file`);
    magickValues(ctx, tool);
    const pathOpt = optionValues(ctx, "-path")[0];
    if (tool === "identify" || tool === "display" || tool === "animate") for (const a of ops) magickFile(ctx, a, "read");
    else if (tool === "mogrify") {
      // mogrify rewrites its files, or writes the results into -path DIR.
      if (pathOpt) ctx.role(pathOpt, "write");
      for (const a of ops) magickFile(ctx, a, pathOpt ? "read" : "write");
    } else ops.forEach((a, i) => magickFile(ctx, a, i === ops.length - 1 && ops.length > 1 ? "write" : tool === "import" && ops.length === 1 ? "write" : "read"));
  },
};

/** ffmpeg options that take no value (anything else takes one). */
const FFMPEG_FLAGS = new Set([
  "-y", "-n", "-an", "-vn", "-sn", "-dn", "-hide_banner", "-nostdin", "-nostats", "-stats", "-shortest", "-re", "-copyts", "-start_at_zero", "-benchmark", "-benchmark_all",
  "-h", "-help", "--help", "-version", "-formats", "-codecs", "-encoders", "-decoders", "-filters", "-pix_fmts", "-layouts", "-sample_fmts", "-protocols", "-devices", "-muxers",
  "-demuxers", "-bsfs", "-hwaccels", "-buildconf", "-license", "-L", "-report", "-accurate_seek", "-noaccurate_seek", "-autorotate", "-noautorotate", "-dump", "-hex",
  "-ignore_unknown", "-copyinkf", "-xerror", "-debug_ts", "-apad", "-stream_loop", "-vstats", "-print_graphs", "-nostdin", "-autoscale", "-noautoscale", "-stdin",
  "-show_format", "-show_streams", "-show_entries", "-show_frames", "-show_packets", "-show_chapters", "-show_programs", "-show_error", "-show_data", "-count_frames",
  "-count_packets", "-pretty", "-bitexact", "-fs", "-nodisp", "-autoexit", "-exitonkeydown", "-exitonmousedown", "-noborder", "-alwaysontop", "-loop", "-fast", "-genpts",
]);
const FFMPEG_WRITES = new Set(["-passlogfile", "-vstats_file", "-sdp_file", "-progress", "-dump_attachment", "-stats_enc_pre", "-stats_enc_post", "-stats_mux_pre"]);
const FFMPEG_READS = new Set(["-i", "-attach"]);
/** Options whose value is a filter graph, and options whose value is a file holding one. */
const FFMPEG_GRAPH = /^-(filter_complex|lavfi|vf|af|filter)$/;
const FFMPEG_GRAPH_FILE = /^-(filter_script|filter_complex_script)$/;

/** Protocols that reach the network (FFmpeg 4–7 "Protocols" documentation), not a local file. */
const FFMPEG_REMOTE = /^(https?|rtmp[a-z]*|ffrtmp[a-z]*|rtp|rtsp[su]?|srtp|udp|udplite|tcp|tls|srt|rist|librist|sctp|ftp|sftp|smb|gopher|gophers|mmsh|mmst|icecast|ipfs|ipns|amqp|zmq|httpproxy|data)$/i;

/**
 * Filter options whose value names a file (FFmpeg 4–7 "Filters" documentation): drawtext
 * fontfile/textfile, curves psfile, sofalizer sofa, subtitles/ass filename and fontsdir, lut1d/
 * lut3d file, sendcmd filename, metadata file, signature filename, arnndn model, vmaf
 * model_path/log_path, psnr/ssim stats_file, vidstabdetect result, vidstabtransform input,
 * cover_rect cover, find_rect object, firequalizer dumpfile, ocr datapath, libplacebo
 * custom_shader_path. Written ones are judged as written, the rest as either.
 */
const FILTER_FILE_KEYS = new Set(["filename", "f", "file", "fontfile", "textfile", "psfile", "sofa", "fontsdir", "fonts_dir", "model", "model_path", "m", "path", "datapath",
  "cover", "object", "custom_shader_path", "shader", "db_path", "hmm", "dict", "lm", "lmctl", "result", "input", "stats_file", "log_path", "dumpfile"]);
const FILTER_WRITE_KEYS = new Set(["result", "stats_file", "log_path", "dumpfile"]);
/** Filters whose first positional option is a file (its kind by FILTER_WRITE_KEYS of its name). */
const FILTER_FIRST_FILE: Readonly<Record<string, string>> = {
  movie: "filename", amovie: "filename", subtitles: "filename", ass: "filename", removelogo: "filename", lut3d: "file", lut1d: "file", sofalizer: "sofa",
  vidstabdetect: "result", vidstabtransform: "input", cover_rect: "cover", find_rect: "object", arnndn: "model", drawtext: "fontfile",
};
/** Filters that load a plugin or run shader code the guard does not see. */
const FILTER_CODE = /^(frei0r|frei0r_src|ladspa|lv2|program_opencl|openclsrc|vapoursynth)$/;
/** Filters driven by commands at run time (which may reinit a filter with a file option). */
const FILTER_COMMANDS = /^(sendcmd|asendcmd|zmq|azmq)$/;

/** Splits at top-level separators, honouring `\` escapes and '…' quotes. */
function splitLevel(text: string, seps: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) {
      cur += c + text[++i]!;
      continue;
    }
    if (c === "'") quoted = !quoted;
    if (!quoted && seps.includes(c)) {
      out.push(cur);
      cur = "";
      continue;
    }
    cur += c;
  }
  out.push(cur);
  return out;
}

/** One level of filter-graph quoting removed: '…' and `\x`. */
function unquote(text: string): string {
  return text.replace(/\\(.)|'/g, (_m, c: string | undefined) => c ?? "").trim();
}

/**
 * ffmpeg [options] [-i INPUT]… OUTPUT…: inputs are read, every other operand is an output. An
 * option the table does not know is assumed to take the next word, which is then judged as a
 * path of unknown kind.
 */
function ffmpeg(call: Call): Effect[] {
  const effects: Effect[] = [];
  const probe = call.name !== "ffmpeg";
  const unresolved = (a: Arg, message: string) => effects.push({ t: "issue", code: "UNRESOLVED_WORD", message, span: a.span });
  // A URL as libavformat opens it: `proto[,opts]:rest`; nested protocols (`md5:`, `tee:`,
  // `cache:`, `crypto+file:`) open their inner URL; a local path is a file.
  const url = (a: Arg, kind: "read" | "write" | "unknown", depth = 0): void => {
    const t = a.text;
    if (t === null) {
      effects.push({ t: "path", arg: a, kind });
      return;
    }
    if (t === "-" || /^(pipe|fd)(:[0-9]*)?$/i.test(t)) return;
    const m = /^([a-z][a-z0-9.-]*)(\+[a-z0-9+.-]+)?((?:,[^:]*)?):([\s\S]*)$/i.exec(t);
    if (!m || depth > 8) {
      effects.push({ t: "path", arg: a, kind });
      return;
    }
    const scheme = m[1]!.toLowerCase();
    const inner = (text: string, k: "read" | "write" | "unknown") => url(withValue(a, text, ""), k, depth + 1);
    // `crypto+file:x`, `hls+http://…`: the part after `+` is the inner protocol.
    if (m[2]) return inner(m[2].slice(1) + ":" + m[4]!, kind);
    const rest = m[4]!;
    if (scheme === "file") effects.push({ t: "path", arg: withValue(a, rest.replace(/^\/\/(?=\/)/, ""), ""), kind });
    else if (FFMPEG_REMOTE.test(scheme)) return;
    else if (scheme === "md5") {
      if (rest) inner(rest, "write");
    } else if (scheme === "tee" || scheme === "concat") for (const piece of rest.split("|")) inner(piece, scheme === "concat" ? "read" : kind);
    else if (scheme === "concatf") {
      inner(rest, "read");
      unresolved(a, `${call.name} reads the files listed in ${rest}`);
    } else inner(rest, kind);
  };
  const graph = (a: Arg, what: string) => {
    const t = a.text;
    if (t === null) {
      unresolved(a, `${call.name} ${what} names a filter graph the guard cannot read`);
      return;
    }
    for (const chain of splitLevel(t, ";")) {
      for (let filter of splitLevel(chain, ",")) {
        filter = filter.trim().replace(/^(\s*\[[^\]]*\])+/, "").replace(/(\[[^\]]*\]\s*)+$/, "").trim();
        const eq = splitLevel(filter, "=");
        const name = unquote(eq[0]!).replace(/@.*$/, "").toLowerCase();
        const args = filter.slice(eq[0]!.length + 1);
        if (FILTER_CODE.test(name)) effects.push({ t: "issue", code: "OPAQUE_CODE", message: `${call.name} filter ${name} loads code the guard does not see`, span: a.span });
        if (FILTER_COMMANDS.test(name)) unresolved(a, `${call.name} filter ${name} changes other filters' options at run time`);
        if (eq.length < 2) continue;
        splitLevel(args, ":").forEach((opt, i) => {
          const kv = splitLevel(opt, "=");
          const key = kv.length > 1 ? unquote(kv[0]!).toLowerCase() : i === 0 ? FILTER_FIRST_FILE[name] : undefined;
          if (key === undefined || !FILTER_FILE_KEYS.has(key)) return;
          const value = unquote(kv.length > 1 ? opt.slice(kv[0]!.length + 1) : opt);
          if (value) url(withValue(a, value, ""), FILTER_WRITE_KEYS.has(key) ? "write" : key === "file" || key === "filename" ? "unknown" : "read");
        });
      }
    }
  };
  let format: string | null = null;
  for (let i = 0; i < call.args.length; i++) {
    const a = call.args[i]!;
    const t = a.text;
    if (t === null) {
      effects.push({ t: "generic", arg: a, operand: true });
      continue;
    }
    if (!t.startsWith("-") || t === "-") {
      url(a, probe ? "read" : "write");
      // The tee muxer writes each `|`-separated output ([options]path).
      if (!probe && t.includes("|")) for (const out of t.split("|")) url(withValue(a, out.replace(/^\[[^\]]*\]/, ""), ""), "write");
      format = null;
      continue;
    }
    const name = t.replace(/:.*$/, "");
    if (FFMPEG_FLAGS.has(name)) continue;
    const v = call.args[++i];
    if (!v) break;
    if (name.startsWith("-/")) {
      // ffmpeg 7: `-/OPT FILE` takes OPT's value from FILE, which the guard does not see.
      url(v, "read");
      unresolved(v, `${call.name} ${name} takes its value from ${v.source}`);
    } else if (name === "-i") {
      if (format === "lavfi") graph(v, "-f lavfi -i");
      else if (format === "?") unresolved(v, `${call.name} reads ${v.source} in a format the guard cannot read`);
      else if (format === "vapoursynth" || format === "avisynth") effects.push({ t: "issue", code: "OPAQUE_CODE", message: `${call.name} -f ${format} runs the script ${v.source}`, span: v.span });
      if (format !== "lavfi") url(v, "read");
      if (format === "concat") unresolved(v, "ffmpeg -f concat reads the files listed in its input");
      format = null;
    } else if (FFMPEG_READS.has(name)) url(v, "read");
    else if (FFMPEG_WRITES.has(name)) url(v, "write");
    else if (FFMPEG_GRAPH_FILE.test(name)) {
      url(v, "read");
      unresolved(v, `${call.name} ${name} reads a filter graph from ${v.source}, which may name files`);
    } else if (name === "-f") format = v.text === null ? "?" : v.text.toLowerCase();
    else if (FFMPEG_GRAPH.test(name)) graph(v, name);
    else if (!KNOWN_FFMPEG_VALUE.test(name)) effects.push({ t: "generic", arg: v, operand: true });
  }
  if (!probe) effects.push({ t: "changes", fs: true, links: false });
  return effects;
}

/** ffmpeg options known to take a value that is not a path. */
const KNOWN_FFMPEG_VALUE = /^-(c|codec|vcodec|acodec|scodec|b|ab|vb|r|s|aspect|ar|ac|af|vf|filter|filter_complex|lavfi|f|t|to|ss|sseof|itsoffset|map|map_metadata|map_chapters|metadata|preset|crf|qp|q|qscale|pix_fmt|profile|level|tune|g|bf|threads|loglevel|v|movflags|fps_mode|vsync|frames|vframes|aframes|dframes|tag|disposition|bsf|strict|max_muxing_queue_size|hwaccel|hwaccel_device|hwaccel_output_format|x264-params|x265-params|maxrate|bufsize|minrate|color_primaries|color_trc|colorspace|color_range|sample_fmt|channel_layout|ch_layout|shortest_buf_duration|timecode|analyzeduration|probesize|fflags|avoid_negative_ts|segment_time|segment_format|hls_time|hls_list_size|hls_playlist_type|rtsp_transport|user_agent|headers|seek_timestamp|timestamp|framerate|video_size|pixel_format|input_format|thread_queue_size|err_detect|flags|sws_flags|cpu-used|deadline|row-mt|tile-columns|speed|compression_level|async|vtag|atag|stats_period|print_format|of|select_streams|show_entries|read_intervals|x|y|window_title|volume|seek_interval|fs|ss|t|loglevel)$/;

/** Metadata and variables that name files pandoc reads (citeproc, HTML/EPUB writers). */
const PANDOC_FILE_KEYS = /^(bibliography|csl|citation-abbreviations|css|cover-image|epub-cover-image|logo|stylesheet|reference-doc|template|abbreviations|include-before-body|include-after-body|include-in-header)$/;

const PANDOC: TableSpec = {
  names: ["pandoc"],
  abbreviations: true,
  flags: "sNpvhD",
  long: ["--standalone", "--toc", "--table-of-contents", "--number-sections", "--self-contained", "--embed-resources", "--sandbox", "--file-scope", "--trace", "--verbose", "--quiet", "--fail-if-warnings", "--mathml", "--gladtex", "--html-q-tags", "--ascii", "--reference-links", "--preserve-tabs", "--strip-comments", "--no-highlight", "--listings", "--incremental", "--section-divs", "--citeproc", "--natbib", "--biblatex", "--version", "--help", "--list-input-formats", "--list-output-formats", "--list-extensions", "--list-highlight-languages", "--list-highlight-styles", "--strip-empty-paragraphs", "--no-check-certificate", "--epub-title-page", "--link-images"],
  options: {
    "-o": write, "--output": write, "--extract-media": write, "--log": write,
    ...each(read, "-d", "--defaults", "--data-dir", "--template", "-H", "--include-in-header", "-B", "--include-before-body", "-A", "--include-after-body", "--reference-doc", "-L", "--lua-filter", "--bibliography", "--csl", "--citation-abbreviations", "--abbreviations", "--syntax-definition", "--epub-cover-image", "--epub-metadata", "--epub-embed-font", "--metadata-file"),
    "--resource-path": none,
    "-F": none, "--filter": none, "--pdf-engine": none,
    "--highlight-style": generic,
    // Options handed to the PDF engine: `--output-directory=DIR`, `-shell-escape` (hook).
    "--pdf-engine-opt": generic,
    // Judged by the hook: KEY=VALUE where some keys name files; CSS may be a URL.
    ...each(none, "-V", "--variable", "-M", "--metadata", "-c", "--css"),
    ...each(none, "-f", "-r", "--from", "--read", "-t", "-w", "--to", "--write", "--columns", "--wrap", "--shift-heading-level-by", "--top-level-division", "--toc-depth", "--dpi", "--eol", "--tab-stop", "--track-changes", "--number-offset", "--id-prefix", "-T", "--title-prefix", "--ipynb-output", "--markdown-headings", "--reference-location", "--slide-level", "--email-obfuscation", "--indented-code-classes", "--default-image-extension", "--request-header", "--chunk-template", "--epub-subdirectory", "--print-default-template", "--print-default-data-file", "--print-highlight-style"),
    ...each(optionalNone, "--mathjax", "--katex", "--webtex"),
  },
  operands: { all: "read" },
  custom: hooks(pathList(["--resource-path"], "read"), (ctx) => {
    // Filters and the PDF engine are programs: named ones are looked up, paths are project code.
    for (const v of optionValues(ctx, "-F", "--filter", "--pdf-engine")) ctx.emit({ t: "run", argv: [v], inProcess: false, bypassFunctions: true, label: `pandoc ${v.source}` });
    // A defaults file is a list of options (output-file, filters, …) the guard does not see.
    for (const v of optionValues(ctx, "-d", "--defaults")) issue(ctx, "UNRESOLVED_WORD", `pandoc ${v.source} sets options (output file, filters) the guard does not see`, v.span);
    for (const v of optionValues(ctx, "-c", "--css")) localRole(ctx, v, "read");
    for (const v of optionValues(ctx, "--pdf-engine-opt")) {
      if (v.text === null || /shell-escape|^-?-?enable-write18/.test(v.text)) issue(ctx, "OPAQUE_CODE", `pandoc --pdf-engine-opt ${v.source} lets the document run commands`, v.span);
    }
    // -M KEY=VALUE / -V KEY:VALUE: bibliography, csl and the like are files pandoc reads.
    for (const v of optionValues(ctx, "-M", "--metadata", "-V", "--variable")) {
      if (v.text === null) {
        ctx.role(v, "generic");
        continue;
      }
      const m = /^([^=:]+)[=:]([\s\S]*)$/.exec(v.text);
      if (m && PANDOC_FILE_KEYS.test(m[1]!) && m[2]) localRole(ctx, withValue(v, m[2], ""), "read");
    }
  }),
};

// ---------------------------------------------------------------------------------------
// Linters, formatters, test runners

const SHELLCHECK: TableSpec = {
  names: ["shellcheck"],
  flags: "axVh",
  long: ["--check-sourced", "--external-sources", "--norc", "--list-optional", "--version", "--help"],
  options: { "-P": none, "--source-path": none, "--rcfile": read, ...each(none, "-e", "--exclude", "-i", "--include", "-o", "--enable", "-f", "--format", "-s", "--shell", "-S", "--severity", "-W", "--wiki-link-count"), "-C": optionalNone, "--color": optionalNone },
  operands: { all: "read" },
  custom: pathList(["-P", "--source-path"], "read"),
};

const PRETTIER: TableSpec = {
  names: ["prettier"],
  abbreviations: false,
  flags: "uvh",
  long: ["--check", "--list-different", "--no-config", "--no-editorconfig", "--no-error-on-unmatched-pattern", "--with-node-modules", "--cache", "--use-tabs", "--no-semi", "--single-quote", "--jsx-single-quote", "--no-bracket-spacing", "--bracket-same-line", "--single-attribute-per-line", "--vue-indent-script-and-style", "--experimental-ternaries", "--insert-pragma", "--require-pragma", "--support-info", "--ignore-unknown", "--version", "--help", "--debug-check", "--no-color", "--color"],
  options: {
    "-w": { modes: ["write"] }, "--write": { modes: ["write"] }, "-c": flag, "-l": flag,
    ...each(read, "--config", "--ignore-path", "--find-config-path", "--file-info"),
    "--cache-location": write, "--plugin": none,
    ...each(none, "--stdin-filepath", "--log-level", "--config-precedence", "--cache-strategy", "--parser", "--print-width", "--tab-width", "--quote-props", "--trailing-comma", "--arrow-parens", "--prose-wrap", "--end-of-line", "--embedded-language-formatting", "--html-whitespace-sensitivity", "--object-wrap", "--range-start", "--range-end", "--cursor-offset", "--experimental-operator-position"),
  },
  operands: { all: { default: "read", modes: { write: "write" } } },
  custom: (ctx) => {
    for (const v of optionValues(ctx, "--plugin")) if (v.text === null || /^(\.{1,2}\/|\/)/.test(v.text)) ctx.role(v, "read");
  },
};

const ESLINT: TableSpec = {
  names: ["eslint", "biome", "oxlint", "standard", "xo", "stylelint", "markdownlint", "tslint"],
  abbreviations: false,
  long: ["--no-eslintrc", "--no-config-lookup", "--quiet", "--fix-dry-run", "--stdin", "--debug", "--init", "--cache", "--no-ignore", "--report-unused-disable-directives", "--no-inline-config", "--color", "--no-color", "--no-error-on-unmatched-pattern", "--exit-on-fatal-error", "--inspect-config", "--pass-on-no-patterns", "--version", "--help", "-h", "-v", "--apply", "--apply-unsafe", "--staged", "--changed", "--no-warn-ignored", "--pass-on-unpruned-suppressions", "--suppress-all", "--prune-suppressions"],
  options: {
    "--fix": { modes: ["fix"] }, "--write": { modes: ["fix"] },
    ...each(read, "-c", "--config", "--ignore-path", "--rulesdir", "--resolve-plugins-relative-to", "--print-config", "--config-path", "--suppressions-location"),
    ...each(write, "-o", "--output-file", "--cache-location"),
    "-f": none, "--format": none,
    ...each(none, "--ext", "--rule", "--global", "--parser", "--parser-options", "--plugin", "--env", "--max-warnings", "--fix-type", "--stdin-filename", "--ignore-pattern", "--cache-strategy", "--flag", "--concurrency", "--max-diagnostics", "--reporter", "--diagnostic-level", "--formatter"),
  },
  operands: { all: { default: "read", modes: { fix: "write" } } },
  custom: (ctx) => {
    // biome check/format/lint: the first word is a verb.
    if (ctx.name === "biome" && ctx.operands[0]) ctx.role(ctx.operands[0], "none");
    // A parser, plugin, formatter or reporter named by path is a module the linter loads
    // (eslintrc mode resolves --parser ../p.js with require); a bare name is a package.
    for (const v of optionValues(ctx, "-f", "--format", "--parser", "--plugin", "--formatter", "--reporter")) {
      if (v.text === null) ctx.role(v, "read");
      else for (const piece of v.text.split(",")) if (/\/|^\.|^~/.test(piece)) roleAs(ctx, v, piece, "read");
    }
  },
};

// Each formatter parses its own options: a letter one takes a value another takes as a flag
// (yapf -p is --parallel, autopep8 -p N is --pep8-passes; black -c CODE, autoflake -c --check).
const BLACK: TableSpec = {
  names: ["black"],
  flags: "SCqvh",
  long: ["--skip-string-normalization", "--skip-magic-trailing-comma", "--preview", "--unstable", "--quiet", "--verbose", "--fast", "--safe", "--ipynb", "--pyi", "--color", "--no-color", "--version", "--help"],
  options: {
    ...each({ modes: ["check"] }, "--check", "--diff"),
    "--config": read,
    ...each(none, "-l", "--line-length", "-t", "--target-version", "--include", "--exclude", "--extend-exclude", "--force-exclude", "--required-version", "--stdin-filename", "-W", "--workers", "--python-cell-magics", "--line-ranges", "--enable-unstable-feature"),
    "-c": { value: "none", modes: ["check"] }, "--code": { value: "none", modes: ["check"] },
  },
  operands: { all: { default: "write", modes: { check: "read" } } },
};

/** autopep8, yapf, autoflake, docformatter: print the result unless -i rewrites the files. */
const inPlace = { "-i": { modes: ["inplace"] }, "--in-place": { modes: ["inplace"] } } as const;
const inPlaceOperands = { all: { default: "read", modes: { inplace: "write" } } } as const;

const AUTOPEP8: TableSpec = {
  names: ["autopep8"],
  flags: "drahv",
  long: ["--diff", "--recursive", "--aggressive", "--experimental", "--exit-code", "--list-fixes", "--hang-closing", "--ignore-local-config", "--verbose", "--version", "--help"],
  options: { ...inPlace, "--global-config": read, ...each(none, "-j", "--jobs", "-p", "--pep8-passes", "--select", "--ignore", "--exclude", "--max-line-length", "--indent-size", "--line-range", "--range") },
  operands: inPlaceOperands,
};

const YAPF: TableSpec = {
  names: ["yapf"],
  flags: "drpqmvh",
  long: ["--diff", "--recursive", "--parallel", "--quiet", "--print-modified", "--no-local-style", "--style-help", "--version", "--help", "--verbose", "-vv"],
  // --style is a style name, a file, or an inline {key: value} dict.
  options: { ...inPlace, "--style": generic, ...each(none, "-l", "--lines", "-e", "--exclude") },
  operands: inPlaceOperands,
};

const AUTOFLAKE: TableSpec = {
  names: ["autoflake"],
  flags: "crsqvh",
  long: ["--check", "--check-diff", "-cd", "--recursive", "--stdout", "--quiet", "--verbose", "--expand-star-imports", "--remove-all-unused-imports", "--ignore-init-module-imports", "--remove-duplicate-keys", "--remove-unused-variables", "--remove-rhs-for-unused-variables", "--ignore-pass-statements", "--ignore-pass-after-docstring", "--version", "--help"],
  options: { ...inPlace, "--config": read, ...each(none, "-j", "--jobs", "--exclude", "--imports", "--stdin-display-name") },
  operands: inPlaceOperands,
};

const DOCFORMATTER: TableSpec = {
  names: ["docformatter"],
  flags: "cdrnsh",
  long: ["--check", "--diff", "--recursive", "--non-cap", "--force-wrap", "--blank", "--pre-summary-newline", "--pre-summary-space", "--make-summary-multi-line", "--close-quotes-on-newline", "--non-strict", "--black", "--version", "--help"],
  options: { ...inPlace, "--config": read, ...each(none, "--style", "--rest-section-adorns", "--wrap-summaries", "--wrap-descriptions", "--tab-width") },
  operands: inPlaceOperands,
  // -e/--exclude, --range and --docstring-length take several words: not listed, so judged.
};

/** pyupgrade rewrites every file it is given. */
const PYUPGRADE: TableSpec = {
  names: ["pyupgrade"],
  long: ["--exit-zero-even-if-changed", "--keep-percent-format", "--keep-mock", "--keep-runtime-typing", "--py3-plus", "--py36-plus", "--py37-plus", "--py38-plus", "--py39-plus", "--py310-plus", "--py311-plus", "--py312-plus", "--py313-plus", "--py314-plus", "--help", "--version"],
  operands: { all: "write" },
};

const ISORT: TableSpec = {
  names: ["isort"],
  flags: "qvhda",
  long: ["--atomic", "--float-to-top", "--filter-files", "--quiet", "--verbose", "--version", "--help", "--profile-black", "--show-config", "--show-files", "--stdout", "--only-modified", "--combine-as", "--force-single-line-imports", "--skip-gitignore", "--color", "--overwrite-in-place"],
  options: {
    ...each({ modes: ["check"] }, "-c", "--check-only", "--check", "--diff", "--df", "--show-files", "--stdout"),
    ...each(read, "--settings-path", "--sp", "--settings-file", "--settings", "--virtual-env", "--conda-env"),
    ...each(none, "-l", "--line-length", "--line-width", "--profile", "-p", "--project", "-o", "--thirdparty", "-a", "--add-import", "-s", "--skip", "--skip-glob", "--extend-skip", "--extend-skip-glob", "-j", "--jobs", "--src", "--src-path", "-m", "--multi-line", "--py", "--python-version", "--known-local-folder", "-b", "--known-standard-library", "--filter", "--ext", "--extension", "--supported-extension"),
  },
  operands: { all: { default: "write", modes: { check: "read" } } },
};

const RUFF_OPTIONS: Record<string, OptionSpec> = {
  ...each({ modes: ["fix"] }, "--fix", "--unsafe-fixes", "--add-noqa"), "--no-fix": { clears: ["fix"] },
  ...each({ modes: ["check"] }, "--check", "--diff"),
  "--config": none, "-o": write, "--output-file": write, "--cache-dir": write,
  ...each(none, "--select", "--ignore", "--extend-select", "--extend-ignore", "--per-file-ignores", "--extend-per-file-ignores", "--fixable", "--unfixable", "--extend-fixable", "--exclude", "--extend-exclude", "--target-version", "--line-length", "--output-format", "--stdin-filename", "--format", "--range", "--preview", "--python"),
  ...each(flag, "-n", "--no-cache", "-e", "--exit-zero", "--exit-non-zero-on-fix", "--statistics", "--show-fixes", "--no-show-fixes", "-w", "--watch", "--no-preview", "--respect-gitignore", "--no-respect-gitignore", "--force-exclude", "--no-force-exclude", "--isolated", "-q", "--quiet", "-v", "--verbose", "-s", "--silent", "--show-files", "--show-settings", "--all", "--json", "-h", "--help", "-V", "--version"),
};
/**
 * ruff --config FILE, or an inline `KEY = VALUE` TOML setting (ruff's CLI docs): cache-dir,
 * extend, src and namespace-packages name paths, and any string that looks like a path is judged.
 */
const ruffConfig: Custom = (ctx) => {
  for (const v of optionValues(ctx, "--config")) {
    if (v.text === null || !v.text.includes("=")) ctx.role(v, "read");
    else {
      const key = v.text.slice(0, v.text.indexOf("=")).trim();
      tomlValuePaths(ctx, v, v.text.slice(v.text.indexOf("=") + 1), /(^|\.)(cache-dir|extend|src|namespace-packages)$/.test(key) || v.text.includes("{"));
    }
  }
};
const RUFF: TableSpec = {
  names: ["ruff"],
  abbreviations: false,
  options: RUFF_OPTIONS,
  operands: { all: "none" },
  subcommands: {
    check: { names: [], abbreviations: false, options: RUFF_OPTIONS, operands: { all: { default: "read", modes: { fix: "write" } }, defaultOperand: "." }, custom: ruffConfig },
    format: { names: [], abbreviations: false, options: RUFF_OPTIONS, operands: { all: { default: "write", modes: { check: "read" } }, defaultOperand: "." }, custom: ruffConfig },
    ...Object.fromEntries(["rule", "config", "linter", "version", "help", "clean", "server", "analyze", "generate-shell-completion"].map((n) => [n, { names: [], abbreviations: false, options: RUFF_OPTIONS, operands: { all: "none" }, custom: ruffConfig } satisfies TableSpec])),
  },
  // Older ruff: `ruff PATH…` checks the paths.
  unknownSubcommand: "generic",
  custom: (ctx) => {
    ruffConfig(ctx);
    const first = ctx.operands[0];
    if (first && !(first.text !== null && RUFF.subcommands && first.text in RUFF.subcommands)) ctx.role(first, "read");
  },
};

/** ini keys whose value is a path or a list of paths (pytest 8 "Configuration Options"). */
const PYTEST_PATH_KEYS = new Set(["cache_dir", "log_file", "testpaths", "pythonpath", "confcutdir", "junit_xml", "rootdir", "basetemp"]);
const PYTEST: TableSpec = {
  names: ["pytest", "py.test"],
  abbreviations: true,
  flags: "xqvslh",
  long: ["--exitfirst", "--quiet", "--verbose", "--showlocals", "--full-trace", "--lf", "--last-failed", "--ff", "--failed-first", "--nf", "--new-first", "--sw", "--stepwise", "--cache-clear", "--pdb", "--co", "--collect-only", "--noconftest", "--doctest-modules", "--strict-markers", "--strict-config", "--runxfail", "--setup-show", "--setup-only", "--setup-plan", "--fixtures", "--markers", "--version", "--help", "--trace-config", "--disable-warnings", "--no-header", "--no-summary", "--cov-append", "--no-cov", "--lfnf", "--trace", "--pyargs"],
  options: {
    "--pyargs": { modes: ["modules"] },
    "--split-level": none,
    ...each(none, "-k", "-m", "--tb", "-p", "-r", "-n", "--numprocesses", "--dist", "--maxfail", "--durations", "--durations-min", "-W", "--pythonwarnings", "-o", "--override-ini", "--deselect", "--ignore-glob", "--import-mode", "--capture", "--color", "--doctest-glob", "--log-level", "--log-cli-level", "--log-format", "--timeout", "--reruns", "--show-capture", "--junit-prefix", "--cov-fail-under", "--randomly-seed", "--benchmark-sort", "--asyncio-mode", "--rootdir-relative"),
    ...each(read, "-c", "--config-file", "--rootdir", "--confcutdir", "--ignore", "--cov-config"),
    ...each(write, "--basetemp", "--junitxml", "--junit-xml", "--html", "--log-file", "--result-log", "--json-report-file"),
    "--cov": { value: "none", optional: true }, "--cov-report": none, "--debug": { value: "write", optional: true },
  },
  operands: { all: { default: "read", modes: { modules: "none" } } },
  changes: { fs: true, links: true },
  custom: (ctx) => {
    // -o KEY=VALUE overrides an ini key (pytest 8 "Configuration"): addopts holds more options,
    // which pytest parses as if given here; PYTEST_PATH_KEYS hold paths (pythonpath puts code on
    // sys.path); any other value is judged when it is written as a path.
    for (const v of optionValues(ctx, "-o", "--override-ini")) {
      const m = v.text === null ? null : /^([\w.-]+)=(.*)$/s.exec(v.text);
      if (v.text === null) ctx.role(v, "generic");
      else if (!m) continue;
      else if (m[1] === "addopts") {
        // pytest splits the value with shlex; quotes, escapes and expansions are not modelled.
        if (/["'\\$`]/.test(m[2]!)) issue(ctx, "UNRESOLVED_WORD", `pytest ${v.source}: options the guard cannot split`, v.span);
        else {
          const words = m[2]!.split(/\s+/).filter(Boolean);
          if (words.length) ctx.emit({ t: "run", argv: [syntheticArg(ctx.name, v.span), ...words.map((w) => withValue(v, w, ""))], inProcess: false, bypassFunctions: true, label: `${ctx.name} -o addopts` });
        }
      } else if (PYTEST_PATH_KEYS.has(m[1]!)) for (const p of m[2]!.split(/\s+/).filter(Boolean)) roleAs(ctx, v, p, "generic");
      else if (/\/|^~|^\.\.?$/.test(m[2]!)) roleAs(ctx, v, m[2]!, "generic");
    }
    // Node ids name a file: tests/test_a.py::TestX::test_y.
    for (const a of ctx.operands) if (a.text !== null && a.text.includes("::")) roleAs(ctx, a, a.text.slice(0, a.text.indexOf("::")), "read");
    for (const it of optionItems(ctx, "--cov")) if (it.value) ctx.role(it.value, "read", it.base);
    // --cov-report TYPE:PATH writes PATH.
    for (const v of optionValues(ctx, "--cov-report")) {
      const m = v.text === null ? null : /^[a-z-]+:(.+)$/.exec(v.text);
      if (v.text === null) ctx.role(v, "generic");
      else if (m) roleAs(ctx, v, m[1]!, "write");
    }
  },
};

const JEST: TableSpec = {
  names: ["jest", "vitest", "ava", "karma", "playwright", "cypress"],
  abbreviations: false,
  flags: "uioewh",
  long: ["--watch", "--watchAll", "--ci", "--coverage", "--runInBand", "--silent", "--verbose", "--json", "--listTests", "--detectOpenHandles", "--forceExit", "--passWithNoTests", "--onlyChanged", "--updateSnapshot", "--update", "--run", "--ui", "--open", "--globals", "--dom", "--clearCache", "--no-cache", "--noStackTrace", "--errorOnDeprecated", "--lastCommit", "--debug", "--showConfig", "--version", "--help", "--headed", "--headless", "--recursive", "--exit", "--parallel", "--allowOnly", "--no-watch", "--typecheck", "--no-file-parallelism"],
  options: {
    ...each(read, "-c", "--config", "--rootDir", "--root", "-r", "--dir", "--setupFiles", "--require", "--spec", "--project-dir"),
    ...each(write, "--outputFile", "--coverageDirectory", "--output", "--screenshots-folder"),
    "--findRelatedTests": { modes: ["files"] }, "--related": { modes: ["files"] },
    ...each(none, "--testPathPattern", "--testPathPatterns", "-t", "--testNamePattern", "--maxWorkers", "--bail", "--changedSince", "--selectProjects", "--shard", "--testTimeout", "--env", "--environment", "--reporter", "--reporters", "--pool", "--project", "--retry", "--grep", "-g", "--timeout", "--browser", "--workers", "--repeat-each", "--trace", "--seed", "--sequence.shuffle", "--testMatch", "--testRegex"),
    // (A reporter, environment or project given by path is a module the runner loads: judged below.)
  },
  // Test name filters, not paths (except with --findRelatedTests).
  operands: { all: { default: "none", modes: { files: "read" } } },
  changes: { fs: true, links: true },
  custom: (ctx) => {
    // --reporter=./r.js, --environment=../env.js, cypress --project DIR: code the runner loads
    // when it is named by path (a bare name is a package).
    for (const v of optionValues(ctx, "--reporter", "--reporters", "--env", "--environment", "--project", "--browser")) {
      if (v.text === null) ctx.role(v, "generic");
      else for (const piece of v.text.split(",")) if (/\/|^~|^\.\.?$/.test(piece)) roleAs(ctx, v, piece, "read");
    }
    // jest --config '{"rootDir":"../x"}': JSON config whose keys (rootDir, roots, setupFiles,
    // transform, …) name paths and modules (jest CLI docs).
    for (const v of optionValues(ctx, "-c", "--config")) if (v.text !== null && /^\s*[{[]/.test(v.text)) issue(ctx, "UNRESOLVED_WORD", `${ctx.name} --config is inline JSON whose paths the guard does not read`, v.span);
    // karma start CONFIG: the config file is code karma runs.
    if (ctx.name === "karma") for (const a of ctx.operands.slice(1)) ctx.role(a, "read");
    // vitest related FILE…
    if (ctx.operands[0]?.text === "related") for (const a of ctx.operands.slice(1)) ctx.role(a, "read");
  },
};

/**
 * mocha and jasmine load and run the spec files, directories and globs they are given (mocha
 * docs, "spec"; jasmine CLI docs): operands are read, unlike jest's filters.
 */
const MOCHA: TableSpec = {
  names: ["mocha", "_mocha"],
  abbreviations: false,
  flags: "bcCwSAh",
  long: ["--bail", "--color", "--colors", "--no-color", "--no-colors", "--watch", "--sort", "--recursive", "--exit", "--no-exit", "--parallel", "--forbid-only", "--forbid-pending", "--full-trace", "--inline-diffs", "--invert", "--list-interfaces", "--list-reporters", "--no-diff", "--diff", "--allow-uncaught", "--async-only", "--check-leaks", "--delay", "--dry-run", "--fail-zero", "--pass-on-failing-test-suite", "--no-timeouts", "--no-config", "--no-package", "--version", "--help", "-V"],
  options: {
    ...each(read, "--config", "--package", "--spec", "--file", "-r", "--require", "--watch-files"),
    ...each(none, "-g", "--grep", "-f", "--fgrep", "-R", "--reporter", "-O", "--reporter-option", "--reporter-options", "-u", "--ui", "-t", "--timeout", "-s", "--slow", "--retries", "-j", "--jobs", "--extension", "--ignore", "--exclude", "--watch-ignore"),
  },
  operands: { all: "read" },
  changes: { fs: true, links: true },
  // A reporter or interface named by path is a module mocha loads.
  custom: (ctx) => {
    for (const v of optionValues(ctx, "-R", "--reporter", "-u", "--ui")) if (v.text === null || /\/|^\.|^~/.test(v.text)) ctx.role(v, "read");
  },
};

const JASMINE: TableSpec = {
  names: ["jasmine"],
  abbreviations: false,
  long: ["--no-color", "--color", "--random", "--fail-fast", "--verbose", "--help", "-h", "--version", "-v"],
  options: {
    ...each({ value: "read", optional: true }, "--config", "--helper", "--require", "--reporter"),
    // jasmine takes values only as --name=VALUE.
    ...each(optionalNone, "--filter", "--seed", "--parallel", "--random"),
  },
  operands: { all: "read" },
  changes: { fs: true, links: true },
  custom: (ctx) => {
    // jasmine init / examples: a verb, not a spec.
    if (ctx.operands[0]?.text === "init" || ctx.operands[0]?.text === "examples") ctx.role(ctx.operands[0], "none");
  },
};

// ---------------------------------------------------------------------------------------
// rename: Perl's (Debian's `rename`, `prename`, `file-rename`) and util-linux's

/**
 * A substitution that cannot leave the directory of a name without a slash: `s/PAT/REPL/` or
 * `y/…/…/` with a replacement free of `/` and of escapes other than `\.`, `\-`, `\_` (`\x2f` is
 * a slash), and no `e` flag (which evaluates code).
 */
const SAFE_SUBSTITUTION = /^(s|y|tr)\/[^/]*\/([^/\\]|\\[.\-_ ])*\/[gixms]*$/;
/** util-linux's `rename FROM TO`: plain text. */
const PLAIN_TEXT = /^[A-Za-z0-9_ .,+=@%-]*$/;

/**
 * The first operand is Perl code for Perl's rename (any expression can run programs) and the
 * text to replace for util-linux's; the files are renamed to names computed from it. The new
 * names are known to stay beside the old ones only when the expression is a plain
 * substitution, every file is named without a slash (joined dots could make `..`), and the
 * files are on the command line rather than read from standard input.
 */
const RENAME: TableSpec = {
  names: ["rename", "prename", "file-rename", "perl-rename"],
  flags: "vnfsailo0", long: ["--verbose", "--no-act", "--nono", "--force", "--symlink", "--all", "--last", "--no-overwrite", "--interactive", "--null", "--fullpath", "--path", "--filename", "--nopath", "--nofullpath"],
  options: { "-e": { value: "none", modes: ["code"] }, "-E": { value: "none", modes: ["code"] }, "-u": optionalNone, "--unicode": optionalNone },
  operands: { all: "none" },
  custom: (ctx) => {
    const exprs = optionValues(ctx, "-e", "-E");
    const ops = ctx.operands;
    const [first, second] = ops;
    const perl = exprs.length > 0 || (first?.text != null && SAFE_SUBSTITUTION.test(first.text));
    const code = exprs.length ? exprs : first ? [first] : [];
    const files = exprs.length ? ops : perl ? ops.slice(1) : ops.slice(2);
    const safe = perl ? code.every((e) => e.text !== null && SAFE_SUBSTITUTION.test(e.text)) : first?.text != null && second?.text != null && PLAIN_TEXT.test(first.text) && PLAIN_TEXT.test(second.text) && !second.text.includes("..");
    if (!safe && code.some((e) => e.text === null || !PLAIN_TEXT.test(e.text))) issue(ctx, "INLINE_CODE", `${ctx.name} runs ${code[0]?.source ?? "an expression"} as Perl code for each name`, code[0]?.span);
    if (files.length === 0) {
      issue(ctx, "UNRESOLVED_PATH", `${ctx.name} renames files named on standard input, to names the guard cannot compute`);
      return;
    }
    for (const f of files) {
      ctx.role(f, "write");
      if (!safe || f.text === null || f.text.includes("/")) ctx.role(withValue(f, null, `the name ${ctx.name} gives ${f.source} is not known`), "write");
    }
  },
};

export const MISC_SPECS: readonly TableSpec[] = [
  RENAME,
  OPENSSL, GPG, SSH_COPY_ID, SQLITE, PSQL, MYSQL, MYSQLDUMP, PG_DUMP, CRONTAB,
  NANO, EMACS, EMACSCLIENT, VSCODE, SUBL,
  ENVSUBST, ICONV, CONVERT, PANDOC,
  SHELLCHECK, PRETTIER, ESLINT, BLACK, AUTOPEP8, YAPF, AUTOFLAKE, DOCFORMATTER, PYUPGRADE, ISORT, RUFF, PYTEST, JEST, MOCHA, JASMINE,
];

export const MISC_ANALYSERS: readonly Analyser[] = [
  { names: ["ssh-keygen"], analyse: sshKeygen },
  { names: ["patch", "gpatch"], analyse: patch },
  { names: VIM.names, analyse: vim },
  { names: ["ffmpeg", "ffprobe", "ffplay"], analyse: ffmpeg },
];
