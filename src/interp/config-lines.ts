// The settings of a package manager's configuration file, read line by line: npm's ini
// (`.npmrc`), yarn 1's `.yarnrc`, and the top-level keys of the YAML files yarn 2+ and pnpm
// read (`.yarnrc.yml`, `pnpm-workspace.yaml`). Pure text work: package-config.ts decides what
// a setting means. No parser of the tools' own is a dependency, so each reader takes the plain
// forms the tools document and marks anything else unreadable (a null value), which the
// judgement of a key that matters turns into an ask.

/** One setting: its key as written, normalised (package-config.ts matches on it), its values. */
interface Setting {
  readonly key: string;
  /** Lower case, without `-` and `_`: `script-shell`, `script_shell` and `scriptShell` are one key. */
  readonly norm: string;
  /** Each value (a list has several); null: a value in a form this reader does not take apart. */
  readonly values: readonly (string | null)[];
}

/** What a file says: its settings, and whether some of it could not be read as settings at all. */
export interface Settings {
  readonly settings: readonly Setting[];
  /** A form that may hide a key (a YAML flow mapping or merge key at the top): the whole file is not known. */
  readonly unreadable: boolean;
}

function normKey(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, "");
}

/**
 * `.npmrc`, as npm's `ini` reads it: `key = value` (a key alone is `true`), `key[] = value` for
 * a list, `;` and `#` lines are comments, an unquoted value ends at an unescaped `;` or `#`, a
 * double-quoted one is JSON; `[section]` headers are skipped (their keys are read as if at the
 * top, which can only add). A value with a backslash escape is not taken apart (null).
 */
export function iniSettings(text: string): Settings {
  const settings: Setting[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith(";") || line.startsWith("#") || /^\[.*\]$/.test(line)) continue;
    const eq = line.indexOf("=");
    const key = (eq < 0 ? line : line.slice(0, eq)).trim().replace(/\[\]$/, "");
    const value = eq < 0 ? "true" : iniValue(line.slice(eq + 1).trim());
    settings.push({ key, norm: normKey(key), values: [value] });
  }
  return { settings, unreadable: false };
}

function iniValue(v: string): string | null {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(v);
      return typeof parsed === "string" ? parsed : null;
    } catch {
      return null;
    }
  }
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1);
  if (v.includes("\\")) return null;
  const end = v.search(/[;#]/);
  return (end < 0 ? v : v.slice(0, end)).trim();
}

/**
 * yarn 1's `.yarnrc`: `key value` or `key "value"` lines, `#` comments; a key may be an option
 * (`--install.frozen-lockfile true`), normalised by its last dotted part.
 */
export function yarnrcSettings(text: string): Settings {
  const settings: Setting[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const m = /^("[^"]*"|\S+)(?:\s+(.*))?$/.exec(line);
    if (!m) continue;
    const key = m[1]!.replace(/^"|"$/g, "");
    const last = key.replace(/^-+/, "").split(".").at(-1) ?? key;
    settings.push({ key, norm: normKey(last), values: [yamlScalar(m[2]?.trim() ?? "true")] });
  }
  return { settings, unreadable: false };
}

/**
 * The top-level keys of a YAML mapping (`.yarnrc.yml`, `pnpm-workspace.yaml`): `key: scalar`,
 * or `key:` followed by an indented block sequence whose items are scalars or mappings with a
 * `path:` (yarn's `plugins`). A block scalar, an anchor, an alias, a tag or a flow collection
 * other than a list of plain scalars is not taken apart (null). A flow mapping, a merge key or
 * a complex key at the top may hide any key: the file is `unreadable`.
 */
export function yamlTopSettings(text: string): Settings {
  const settings: Setting[] = [];
  const lines = text.split(/\r?\n/);
  let unreadable = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "" || /^\s/.test(line) || line.startsWith("#") || line === "---" || line.startsWith("- ")) continue;
    if (/^(\{|<<|\? |\[|&|\*|!)/.test(line) || (line.startsWith("---") && i > 0) || line.startsWith("%")) {
      unreadable = true;
      continue;
    }
    const m = /^("[^"\\]*"|'[^']*'|[^\s:#"'][^:#]*?)\s*:(?:\s+(.*))?$/.exec(line);
    if (!m) {
      unreadable = true;
      continue;
    }
    const key = m[1]!.replace(/^["']|["']$/g, "");
    const rest = stripComment(m[2] ?? "");
    if (rest !== "") {
      settings.push({ key, norm: normKey(key), values: flowList(rest) ?? [yamlScalar(rest)] });
      continue;
    }
    // A block below the key: the items of a sequence (a scalar, or a mapping's `path:`).
    const values: (string | null)[] = [];
    for (; i + 1 < lines.length && (/^\s/.test(lines[i + 1]!) || lines[i + 1] === ""); i++) {
      const inner = lines[i + 1]!.trim();
      if (inner === "" || inner.startsWith("#")) continue;
      const item = /^-\s+(.*)$/.exec(inner);
      const body = stripComment(item ? item[1]! : inner);
      const path = /^path\s*:\s*(.*)$/.exec(body);
      if (path) values.push(yamlScalar(path[1]!));
      else if (item && !/^[A-Za-z0-9_-]+\s*:(\s|$)/.test(body)) values.push(yamlScalar(body));
      else if (!/^(spec|checksum)\s*:/.test(body) && !item) values.push(null);
    }
    settings.push({ key, norm: normKey(key), values: values.length ? values : [null] });
  }
  return { settings, unreadable };
}

function stripComment(v: string): string {
  if (v.startsWith('"') || v.startsWith("'")) return v.trim();
  const hash = v.search(/\s#/);
  return (hash < 0 ? v : v.slice(0, hash)).trim();
}

/** A flow list of plain or quoted scalars (`[a, "b"]`); null when the value is not one. */
function flowList(v: string): (string | null)[] | null {
  if (!v.startsWith("[")) return null;
  if (!v.endsWith("]") || /[[\]{}]/.test(v.slice(1, -1))) return [null];
  return v.slice(1, -1).split(",").map((s) => s.trim()).filter((s) => s !== "").map(yamlScalar);
}

/** A YAML scalar in its plain, single- or double-quoted form without escapes; null otherwise. */
function yamlScalar(v: string): string | null {
  const s = v.trim();
  if (/^'[^']*'$/.test(s) || /^"[^"\\]*"$/.test(s)) return s.slice(1, -1);
  if (s === "" || /^[|>&*!{[@`"']/.test(s)) return null;
  return s;
}
