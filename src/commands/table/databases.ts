// Database shells and dumps: sqlite3, psql, mysql, mysqldump, pg_dump. SQL and meta-commands
// that read, write or run files are INLINE_CODE.

import type { Arg } from "../effects.ts";
import { each, issue, none, optionalNone, optionItems, optionValues, read, roleAs, runsProgram,
  write } from "./common.ts";
import type { TableSpec } from "./expand.ts";
import type { SpecContext } from "../spec.ts";

/** sqlite3 dot-commands that reach files or the shell (every one not on this list does, or may). */
const SQLITE_DOT_RISK =
  /(^|\n|;)\s*\.(?!(tables|schema|headers?|mode|width|indexes|indices|dump|databases|show|help|quit|exit|timer|changes|nullvalue|separator|print|echo|eqp|stats|dbinfo|lint|bail|prompt|fullschema|expert)\b)[a-z]|(^|\n|;)\s*\.(dump|schema)\b[^\n]*>/i;

/**
 * SQL that reaches files: ATTACH, `VACUUM INTO 'file'`, `PRAGMA temp_store_directory`, and the
 * sqlite3 shell's file functions and table-valued functions (readfile, writefile, edit, fsdir,
 * the zipfile virtual table; load_extension; SQLite 3.40 "CLI" and "fileio.c"/"zipfile.c").
 * Table-valued functions also take their arguments as WHERE constraints (`FROM fsdir WHERE
 * name=…`), so these names are matched wherever they stand, not only before a `(`.
 */
const SQLITE_SQL_RISK =
  /\b(attach|readfile|writefile|load_extension|fts3_tokenizer|fsdir|zipfile|zipfile_cds|temp_store_directory|data_store_directory)\b|\bedit\s*\(|\bvacuum\b(\s+\w+)?\s+into\b/;

/**
 * Whether sqlite3 input may reach files or the shell. SQL is read as SQLite tokenizes it:
 * comments are blanks, string literals are not names, and `"x"`, `[x]` and `` `x` `` are the
 * identifier x, so a quoted or commented function name (`"writefile"/**\/(…)`) is still seen.
 * Text that does not tokenize (an unclosed quote or comment) is a risk.
 */
function sqliteRisk(text: string): boolean {
  if (SQLITE_DOT_RISK.test(text)) return true;
  let sql = "";
  for (let i = 0; i < text.length;) {
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

const SQLITE: TableSpec = { names: ["sqlite3", "sqlite"], singleDashLong: true, abbreviations: false,
  long: ["-bail", "-batch", "-csv", "-json", "-line", "-list", "-html", "-box", "-table", "-markdown", "-column",
    "-quote", "-tabs", "-ascii", "-header", "-noheader", "-echo", "-interactive", "-version", "-help", "-append",
    "-deserialize", "-memtrace", "-nofollow", "-stats", "-zip", "-pcachetrace", "-unsafe-testing", "-no-rowid-in-view",
    "-escape"],
  options: {
    "-readonly": { modes: ["readonly"] },
    "--readonly": { modes: ["readonly"] },
    "-safe": { modes: ["safe"] },
    "--safe": { modes: ["safe"] },
    "-cmd": { value: "none", modes: ["sql"] },
    "--cmd": { value: "none", modes: ["sql"] },
    "-init": { value: "read", modes: ["init"] },
    "--init": { value: "read", modes: ["init"] },
    "-A": { value: "none", optional: true, modes: ["archive"] },
    ...each(none, "-nullvalue", "-separator", "-newline", "-mmap", "-vfs", "-maxsize", "-heap", "-escape", "-nonce"),
    // Two values each: the second is read as its own option below.
    ...each(none, "-lookaside", "-pagecache"),
  }, operands: { all: "none" },
  custom: (ctx) => {
    // -lookaside SIZE N and -pagecache SIZE N: N is the option's, not the database.
    const second = new Set(
      ctx.items.flatMap((it,
        k) => (it.t === "option" && (it.name === "-lookaside" || it.name === "-pagecache") &&
            ctx.items[k + 1]?.t === "operand"
          ? [ctx.items[k + 1]!.word]
          : [])
      ),
    );
    const [db, ...sql] = ctx.operands.filter((a) => !second.has(a));
    const statements = [...sql, ...optionValues(ctx, "-cmd", "--cmd")];
    if (db && db.text !== ":memory:" && db.text !== "") {
      const t = db.text;
      const path = t !== null && /^file:/.test(t) ? t.slice(5).replace(/\?.*$/, "") : t;
      if (path === null) ctx.role(db, "write");
      else roleAs(ctx, db, path, ctx.modes.has("readonly") ? "read" : "write");
    }
    // An option the table does not know may take the next word, and then the database is a
    // later operand (`-nonce x ../db` opened ../db before -nonce was listed).
    if (ctx.items.some((it) => it.t === "unknown-option")) {
      for (const a of sql) ctx.role(a, ctx.modes.has("readonly") ? "read" : "write");
    }
    if (ctx.modes.has("archive")) {
      issue(ctx, "INLINE_CODE", "sqlite3 -A reads and writes files named inside the archive");
    }
    for (const f of optionValues(ctx, "-init", "--init")) {
      if (!ctx.modes.has("safe")) {
        issue(ctx, "INLINE_CODE", `sqlite3 runs the commands in ${f.source}, which can read and write files`, f.span);
      }
    }
    if (ctx.modes.has("safe")) return;
    for (const s of statements) {
      if (s.text === null || sqliteRisk(s.text)) {
        issue(ctx, "INLINE_CODE", "sqlite3 runs SQL or dot-commands that can read and write files", s.span);
      }
    }
    if (sql.length === 0 && !ctx.modes.has("sql")) {
      issue(ctx, "INLINE_CODE", "sqlite3 reads SQL from standard input, which can read and write files");
    }
  } };

/**
 * psql meta-commands that touch local files or run the shell. psql runs backquoted text in any
 * meta-command's arguments through the shell (`\echo `cmd``, `\set x `cmd``; psql 15 manual,
 * "Meta-Commands"), and the prompt's %`cmd` does the same.
 */
const PSQL_RISK =
  /`|\\(!|o\b|out\b|w\b|write\b|i\b|include\b|ir\b|include_relative\b|copy\b|g\b|gx\b|gexec\b|cd\b|setenv\b|lo_import\b|lo_export\b|e\b|edit\b|ef\b|ev\b|s\b)/;

const PSQL: TableSpec = { names: ["psql"], abbreviations: false, flags: "AabeEHlnqsStxXz01",
  long: ["--no-align", "--echo-all", "--echo-errors", "--echo-queries", "--echo-hidden", "--html", "--list",
    "--no-readline", "--quiet", "--single-step", "--single-line", "--tuples-only", "--expanded", "--no-psqlrc",
    "--single-transaction", "--csv", "--no-password", "--password", "-W", "-w"],
  options: { "-c": { value: "none", modes: ["command"] }, "--command": { value: "none", modes: ["command"] },
    "-f": { value: "read", modes: ["command"] }, "--file": { value: "read", modes: ["command"] }, "-o": write,
    "--output": write, "-L": write, "--log-file": write,
    ...each(none, "-d", "--dbname", "-h", "--host", "-p", "--port", "-U", "--username", "-v", "--set", "--variable",
      "-P", "--pset", "-F", "--field-separator", "-R", "--record-separator", "-T", "--table-attr"),
    ...each({ modes: ["info"] }, "-V", "--version", "-?", "--help") }, operands: { all: "none" },
  custom: (ctx) => {
    for (const v of optionValues(ctx, "-c", "--command")) {
      if (v.text === null || PSQL_RISK.test(v.text)) {
        issue(ctx, "INLINE_CODE", "psql runs a meta-command that can read or write files or run the shell", v.span);
      }
    }
    for (const v of optionValues(ctx, "-f", "--file")) {
      if (v.text !== "-") {
        issue(ctx, "OPAQUE_CODE",
          `psql runs the commands in ${v.source}, which can read and write files and run the shell`, v.span);
      } else {
        issue(ctx, "INLINE_CODE",
          "psql -f - reads commands from standard input, which can read and write files and run the shell", v.span);
      }
    }
    // psql [DBNAME [USERNAME]]: the database may be a connection string.
    pgConninfo(ctx, [...optionValues(ctx, "-d", "--dbname"), ...ctx.operands.slice(0, 1)]);
    if (!ctx.modes.has("command") && !ctx.modes.has("info") && !optionItems(ctx, "-l", "--list").length) {
      issue(ctx, "INLINE_CODE",
        "psql reads commands from standard input, which can read and write files and run the shell");
    }
  } };

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
      issue(ctx, "UNRESOLVED_WORD",
        `${ctx.name}: the connection string ${w.source} is not read by the guard, and may name files`, w.span);
      continue;
    }
    for (const [key, value] of pairs) {
      if (!PG_FILE_KEYS.has(key) || value === "" || (key === "sslrootcert" && value === "system")) continue;
      // sslkey=ENGINE:KEY loads an OpenSSL engine, which may be a library named by path.
      if (key === "sslkey" && value.includes(":")) {
        issue(ctx, "OPAQUE_CODE", `${ctx.name}: sslkey=${value} loads an OpenSSL engine`, w.span);
      } else roleAs(ctx, w, value, "read");
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
        out.push([decodeURIComponent(eq < 0 ? kv : kv.slice(0, eq)).toLowerCase(),
          decodeURIComponent(eq < 0 ? "" : kv.slice(eq + 1))]);
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

const MYSQL: TableSpec = { names: ["mysql", "mariadb"], abbreviations: true, flags: "BNstvVEHXfqrAnCc",
  long: ["--batch", "--skip-column-names", "--silent", "--table", "--verbose", "--version", "--vertical", "--html",
    "--xml", "--force", "--quick", "--raw", "--no-auto-rehash", "--unbuffered", "--compress", "--no-defaults", "--help",
    "--ssl", "--skip-ssl", "--binary-mode", "--skip-pager", "--no-tee", "--comments"],
  options: { "-e": { value: "none", modes: ["command"] }, "--execute": { value: "none", modes: ["command"] },
    "--init-command": none,
    ...each(read, "--defaults-file", "--defaults-extra-file", "--ssl-ca", "--ssl-cert", "--ssl-key", "--ssl-capath",
      "--load-data-local-dir"), "--tee": write, "--pager": { value: "none", optional: true, modes: ["pager"] },
    ...each(none, "-h", "--host", "-u", "--user", "-P", "--port", "-D", "--database", "-S", "--socket", "--protocol",
      "--default-character-set", "--connect-timeout", "--max-allowed-packet", "--delimiter", "--prompt", "--ssl-mode",
      "--default-auth", "--local-infile"), "--plugin-dir": { value: "none", modes: ["program"] }, "-p": optionalNone,
    "--password": optionalNone }, operands: { all: "none" },
  custom: (ctx) => {
    runsProgram(["--plugin-dir"])(ctx);
    optionFiles(ctx);
    for (const v of optionValues(ctx, "-e", "--execute", "--init-command")) {
      if (v.text === null || MYSQL_RISK.test(v.text)) {
        issue(ctx, "INLINE_CODE", "mysql runs a client command or SQL that reaches local files or the shell", v.span);
      }
    }
    for (const it of optionItems(ctx, "--pager")) {
      if (it.value) issue(ctx, "OPAQUE_CODE", `mysql --pager runs ${it.value.source}`, it.value.span);
    }
    if (!ctx.modes.has("command") && !optionItems(ctx, "-V", "--version", "--help").length) {
      issue(ctx, "INLINE_CODE", "mysql reads commands from standard input, which can run the shell");
    }
  } };

/** Option files (`--defaults-file`) may set any option, `pager=` and `init-command=` too: like curl -K. */
function optionFiles(ctx: SpecContext): void {
  for (const v of optionValues(ctx, "--defaults-file", "--defaults-extra-file")) {
    issue(ctx, "UNRESOLVED_WORD", `${ctx.name} reads more options from ${v.source}, which the guard does not read`,
      v.span);
  }
}

// mysqldump and pg_dump share letters with different meanings (-T is a directory to one, a
// table pattern to the other; -d, -t, -w are flags in one and take values in the other).
const MYSQLDUMP: TableSpec = { names: ["mysqldump", "mariadb-dump"], abbreviations: true, flags: "ABcCdeEfFknqQRtvxXY",
  options: { "-r": write, "--result-file": write, "-T": write, "--tab": write, "--defaults-file": read,
    "--defaults-extra-file": read, "--ssl-ca": read, "--ssl-cert": read, "--ssl-key": read,
    ...each(none, "-h", "--host", "-u", "--user", "-P", "--port", "-S", "--socket", "-w", "--where", "--ignore-table",
      "--compress", "--default-character-set", "--protocol"), "-p": { value: "none", optional: true },
    "--password": optionalNone }, operands: { all: "none" }, custom: optionFiles };
const PG_DUMP: TableSpec = {
  names: ["pg_dump", "pg_dumpall", "pg_restore"],
  abbreviations: true,
  flags: "acCOsxvwWlLe1",
  options: { "-f": write, "--file": write,
    ...each(none, "-h", "--host", "-U", "--username", "-p", "--port", "-d", "--dbname", "-n", "--schema", "-t",
      "--table", "-F", "--format", "-j", "--jobs", "-T", "--exclude-table", "-N", "--exclude-schema", "-S",
      "--superuser", "-Z", "--compress", "-E", "--encoding", "--role", "-I", "--index", "-P", "--function"), "-L": read,
    "--use-list": read },
  // pg_restore FILE reads an archive; the dumps name databases and tables.
  operands: { all: "none" },
  custom: (ctx) => {
    if (ctx.name === "pg_restore") { for (const a of ctx.operands) ctx.role(a, "read"); }
    // -d and pg_dump's DBNAME may be connection strings that name certificate and key files.
    pgConninfo(ctx, [...optionValues(ctx, "-d", "--dbname"),
      ...(ctx.name === "pg_dump" ? ctx.operands.slice(0, 1) : [])]);
  },
};

export const DATABASE_SPECS: readonly TableSpec[] = [SQLITE, PSQL, MYSQL, MYSQLDUMP, PG_DUMP];
