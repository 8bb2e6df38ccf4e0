// Commands whose output depends on the disk where the guard can look: realpath and readlink
// -f/-e/-m (physical resolution), plain readlink (a link's target), `which NAME` (the first executable on PATH). The caller
// (src/interp/stdin.ts) answers only while the disk is what the command will see: no earlier
// command, and no other segment of its pipeline, may have changed it. And `xargs CMD`, whose
// output is CMD's with the words it reads.

import type { PipeCall, PipeOutput } from "../../spec.ts";
import { scan } from "./options.ts";

/** How much of a path must exist: all of it (-e), all but the last part (-f), none (-m). */
type Need = "all" | "parent" | "none";

/** The physical path `path` names, as `readlink -f`/`realpath` prints it, or null. */
function canonical(call: PipeCall, path: string, need: Need): string | null {
  const r = call.resolve(path);
  if (r === null) return null;
  if (need === "none") return r.path;
  if (need === "all" && !r.exists) return null;
  if (r.missingParent) return null;
  // The parent must be a directory (`f/x` with f a file fails), and so must a path written with a trailing slash.
  const parent = r.path === "/" ? "/" : r.path.slice(0, r.path.lastIndexOf("/")) || "/";
  if (call.lstat(parent) !== "dir") return null;
  if (/\/$/.test(path) && call.lstat(r.path) !== "dir") return null;
  if (r.exists && call.lstat(r.path) === "unreadable") return null;
  return r.path;
}

function canonicalAll(call: PipeCall, operands: readonly string[], need: Need, newline: boolean): string | null {
  if (operands.length === 0) return null;
  const out: string[] = [];
  for (const p of operands) {
    const c = canonical(call, p, need);
    if (c === null) return null;
    out.push(c);
  }
  return out.join("\n") + (newline ? "\n" : "");
}

/** The last of the mode letters given wins, as in GNU's option loop; `fallback` without one. */
function need(set: string, fallback: Need): Need {
  let n = fallback;
  for (const c of set) n = c === "e" ? "all" : c === "f" ? "parent" : c === "m" ? "none" : n;
  return n;
}

/** realpath [-e|-m|-q] PATH…: every part but the last must exist by default. */
export const REALPATH_TEXT: PipeOutput = { t: "text",
  text: (call) => {
    const o = scan(call.texts, "emqE", { "--canonicalize-existing": "e", "--canonicalize-missing": "m",
      "--quiet": "q" }, "", {});
    return o === null ? null : canonicalAll(call, o.operands, need(o.order.replace("E", "f"), "parent"), true);
  } };

/**
 * What plain `readlink PATH` prints (coreutils 9.1 and BusyBox 1.35, run): the target text of
 * the symlink PATH names (the links on the way followed, the last not), as it is stored, and a
 * newline; nothing when PATH is not a symlink or cannot be looked up. The parent is resolved
 * as the kernel would, on the disk as it is (null when that is not sound: `resolve`), and the
 * last component looked at there. A name ending in `/`, `.` or `..` is left unknown, and so is
 * anything under /proc, whose links (`/proc/self/exe`) depend on the process that reads them.
 */
function linkText(call: PipeCall, path: string): string | null {
  const cut = path.lastIndexOf("/");
  const last = path.slice(cut + 1);
  if (last === "" || last === "." || last === "..") return null;
  const parent = cut < 0 ? "." : cut === 0 ? "/" : path.slice(0, cut);
  const r = call.resolve(parent);
  if (r === null || r.path === "/proc" || r.path.startsWith("/proc/")) return null;
  // A parent that is not there, or not a directory: ENOENT, ENOTDIR, and nothing printed.
  const type = r.exists ? call.lstat(r.path) : null;
  if (type === "unreadable") return null;
  if (type !== "dir") return "";
  const at = r.path === "/" ? `/${last}` : `${r.path}/${last}`;
  const self = call.lstat(at);
  if (self === "unreadable") return null;
  if (self !== "symlink") return "";
  const target = call.readlink(at);
  return target === null ? null : target + "\n";
}

/**
 * readlink -f/-e/-m [-n] PATH…: the canonical path; plain `readlink [-n] [-v] PATH`: the
 * link's target (linkText). Plain readlink takes one operand only: with more GNU prints each
 * target and BusyBox refuses, and -q, -s and -z are GNU's alone.
 */
export const READLINK_TEXT: PipeOutput = { t: "text",
  text: (call) => {
    const o = scan(call.texts, "efmnqsvz", { "--canonicalize": "f", "--canonicalize-existing": "e",
      "--canonicalize-missing": "m", "--no-newline": "n", "--quiet": "q", "--silent": "s", "--verbose": "v",
      "--zero": "z" }, "", {});
    if (o === null || o.order.includes("z")) return null;
    if (!/[efm]/.test(o.order)) {
      if (o.operands.length !== 1 || /[qs]/.test(o.order)) return null;
      const t = linkText(call, o.operands[0]!);
      return t === null || !o.order.includes("n") ? t : t.replace(/\n$/, "");
    }
    // -n with more than one path is ignored with a warning on standard error, which `2>&1` or
    // `|&` would mix in: these commands answer only where they print nothing there.
    if (o.order.includes("n") && o.operands.length > 1) return null;
    return canonicalAll(call, o.operands, need(o.order, "parent"), !o.order.includes("n"));
  } };

/** `which NAME…` (without -a): each name's first executable on PATH. */
export const WHICH_TEXT: PipeOutput = { t: "text",
  text: (call) => {
    if (call.name !== "which" || call.texts.length === 0 || call.texts.some((t) => t.startsWith("-"))) return null;
    const out: string[] = [];
    for (const t of call.texts) {
      const found = call.lookPath(t);
      if (found === null) return null;
      out.push(found + "\n");
    }
    return out.join("");
  } };

/**
 * `xargs CMD ARGS…` without options: CMD run once with the words of its input, which is what
 * it prints when the input is short known text without quotes or backslashes (xargs removes
 * them) and holds at least one word (with none GNU xargs runs CMD with no words).
 */
export const XARGS_TEXT: PipeOutput = { t: "text",
  text: (call) => {
    const [cmd, ...rest] = call.args;
    if (call.name !== "xargs" || (cmd && (cmd.text === null || cmd.text.startsWith("-")))) return null;
    const input = cmd ? call.input() : { t: "text" as const, text: call.inputText() };
    if (input.t !== "text" || input.text === null || input.text.length > 4096 || /['"\\\0]/.test(input.text)) {
      return null;
    }
    const words = input.text.split(/[ \t\n]+/).filter((w) => w !== "");
    // Without a command xargs runs echo once on all of them (GNU findutils 4.9: one line, also
    // for no word at all; the input here is far below its command-line limit).
    if (!cmd) return `${words.join(" ")}\n`;
    if (words.length === 0) return null;
    const args = [...rest, ...words.map((w) => ({ ...cmd, text: w, source: w }))];
    // CMD reads what xargs leaves it on standard input: nothing the guard knows.
    const out = call.output(cmd.text!.replace(/^.*\//, ""), args, { t: "unknown" });
    return out.t === "text" ? out.text : null;
  } };
