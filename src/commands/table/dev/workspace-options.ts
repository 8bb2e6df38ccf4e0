// The options of npm, pnpm and yarn that run a command in other packages of a workspace
// (`pnpm -F web build`, `pnpm -r test`, `npm test -w api`, `yarn workspace web build`, `yarn
// workspaces foreach -A run lint`). The entries' hooks emit what those options select
// (`workspace-select`), and `inWorkspace` re-aims the entry's other effects at the selected
// packages: a script becomes that script in each package (skipped where there is none), a
// command run in each package runs there, an install installs there too. Which packages they
// are is the interpreter's to find (src/interp/workspaces.ts), from the disk.

import { syntheticArg } from "../../apply.ts";
import type { Span } from "../../../base/span.ts";
import type { Effect, WorkspaceSelection, WorkspaceTool } from "../../effects.ts";
import { type Custom, issue, optionItems, spanOf } from "../common.ts";

/** Options that select packages, per tool. */
const PNPM_FILTERS = ["--filter", "-F", "--filter-prod"];
const NPM_FILTERS = ["-w", "--workspace"];

/**
 * What pnpm's or npm's workspace options select, as an effect for `inWorkspace`; nothing when
 * there are none. pnpm: `--filter`/`-F`/`--filter-prod` selectors, `-r` every package, `-w`
 * the root's own, `--include-workspace-root` lets a run reach the root (pnpm leaves it out of
 * run, exec, add and test otherwise). npm: `-w NAME|DIR`, `--workspaces` every package, the
 * root only with `--include-workspace-root`.
 */
export function workspaceSelect(tool: "pnpm" | "npm"): Custom {
  return (ctx) => {
    const values = (names: readonly string[]) =>
      optionItems(ctx, ...names).map((it) => it.value).filter((v) => v !== null);
    const includeRoot = optionItems(ctx, "--include-workspace-root").length > 0;
    if (tool === "pnpm") {
      const filters = values(PNPM_FILTERS);
      const all = optionItems(ctx, "-r", "--recursive").length > 0;
      const workspaceRoot = optionItems(ctx, "-w", "--workspace-root").length > 0;
      if (!filters.length && !all && !workspaceRoot) return;
      ctx.emit({ t: "workspace-select", tool, filters, all, span: spanOf(ctx),
        root: workspaceRoot ? "yes" : includeRoot ? "if-selected" : "not-for-runs" });
      return;
    }
    const filters = values(NPM_FILTERS);
    const all = optionItems(ctx, "--workspaces", "-ws").length > 0;
    if (!filters.length && !all) return;
    ctx.emit({ t: "workspace-select", tool, filters, all, span: spanOf(ctx), root: includeRoot ? "yes" : "no" });
  };
}

/**
 * An install of a whole project (`pnpm install`, `npm ci`, `yarn`): in a workspace it installs
 * every package and runs each one's install and prepare scripts, as the root's
 * (projectEvents). Nothing when it names packages or is given --ignore-scripts.
 */
export function everyWorkspacePackage(tool: WorkspaceTool): Custom {
  return (ctx) => {
    if (ctx.operands.some((a) => a.text !== ".") || optionItems(ctx, "--ignore-scripts").length) return;
    ctx.emit({ t: "workspace-select", tool, filters: [], all: true, root: "no", span: spanOf(ctx), optional: true });
  };
}

/** Commands that run in each selected package (a `run` effect with one of these labels). */
const PER_PACKAGE_RUNS = new Set(["pnpm exec", "npm exec", "npx", "yarn workspace", "yarn workspaces foreach"]);

/**
 * The entry's effects with its workspace selection applied: nothing changes without one. With
 * one, a script the entry runs (a `package-script` that is not a lifecycle event) runs in each
 * selected package instead of the one the command starts in; a lifecycle event and an install
 * happen in each package as well as where they did (a superset of what the tool runs); a command
 * a per-package runner starts (`pnpm exec`, `yarn workspace NAME CMD`) runs in each package
 * instead. Other effects (the options' own paths, a `pnpm dlx` that ignores the selection) stay.
 */
export function inWorkspace(effects: readonly Effect[]): Effect[] {
  const marks = effects.filter((e): e is Extract<Effect, { t: "workspace-select" }> => e.t === "workspace-select");
  if (!marks.length) return [...effects];
  const tool: WorkspaceTool = marks[0]!.tool;
  const filters = marks.flatMap((m) => m.filters);
  const all = marks.some((m) => m.all);
  const roots = marks.map((m) => m.root);
  // Only the installs of every package (everyWorkspacePackage): scripts and commands stay where they run.
  const optional = marks.every((m) => m.optional);
  const select = (runs: boolean): WorkspaceSelection => ({ tool, filters, all,
    root: roots.includes("yes")
      ? "yes"
      : roots.includes("if-selected") || (!runs && roots.includes("not-for-runs"))
      ? "if-selected"
      : "no", ...(optional ? { optional } : {}) });
  const out: Effect[] = [];
  // Lifecycle events and installs: one effect for all of them, after the others.
  const events: string[] = [];
  let installs = false;
  let at: { span: Span; label: string; base?: string | null } | null = null;
  for (const e of effects) {
    switch (e.t) {
      case "workspace-select":
        break;
      case "package-script":
        if (e.event) {
          out.push(e);
          events.push(e.name);
          at ??= { span: e.span, label: e.label.slice(0, e.label.length - e.name.length).trimEnd(),
            ...(e.base !== undefined ? { base: e.base } : {}) };
        } else if (optional) out.push(e);
        else {
          out.push({ t: "workspace", select: select(true), action: { t: "script", name: e.name, args: e.args },
            span: e.span, label: e.label, ...(e.base !== undefined ? { base: e.base } : {}) });
        }
        break;
      case "run":
        if (optional || !PER_PACKAGE_RUNS.has(e.label)) out.push(e);
        else {
          out.push({ t: "workspace", select: select(true), action: { t: "run", argv: e.argv, label: e.label },
            span: e.argv[0]?.span ?? marks[0]!.span, label: e.label,
            ...(e.base !== undefined ? { base: e.base } : {}) });
        }
        break;
      case "links":
        out.push(e);
        // An install's node_modules (nodeInstall): each selected package's is written too.
        if (e.tree && e.arg.text !== null && /(^|\/)node_modules$/.test(e.arg.text)) {
          installs = true;
          // (Its base: the package it installs in, where the tool looks for the workspace from.)
          const dir = e.arg.text.replace(/\/?node_modules$/, "");
          at ??= { span: e.arg.span, label: `${tool} install`,
            ...(dir !== "" ? { base: dir } : e.base !== undefined ? { base: e.base } : {}) };
        }
        break;
      default:
        out.push(e);
    }
  }
  if (at !== null) {
    out.push({ t: "workspace", select: select(false), action: { t: "events", events, installs }, span: at.span,
      label: at.label, ...(at.base !== undefined ? { base: at.base } : {}) });
  }
  return out;
}

/**
 * `yarn workspace NAME CMD…`: CMD, a yarn command, run in the package NAME (`yarn workspace web
 * build` is `cd WEB && yarn build`).
 */
export const yarnWorkspace: Custom = (ctx) => {
  const [name, ...command] = ctx.operands;
  if (!name || !command.length) return;
  ctx.emit({ t: "workspace-select", tool: "yarn", filters: [name], all: false, root: "if-selected",
    span: spanOf(ctx) });
  ctx.emit({ t: "run", argv: [syntheticArg("yarn", name.span), ...command], inProcess: false, bypassFunctions: true,
    label: "yarn workspace" });
};

/** yarn's `workspaces foreach` options (yarn 4's docs): flags, and options that take a value. */
const FOREACH_FLAGS =
  /^(-[ARWvpitn]+|--all|--recursive|--worktree|--verbose|--parallel|--interlaced|--topological|--topological-dev|--no-private|--dry-run)$/;
const FOREACH_VALUES = /^(-j|--jobs|--from|--include|--exclude)$/;

/**
 * `yarn workspaces foreach [OPTIONS] CMD…` runs CMD in every package it selects (taken as every
 * package, the root's too: its --include, --exclude, --from and --since choose among them), and
 * skips a package without the script for `run NAME`; `yarn workspaces run NAME` (yarn 1) runs
 * the script in every package but the root. `info`, `list` and `focus` run none.
 */
export const yarnWorkspaces: Custom = (ctx) => {
  const [verb, ...rest] = ctx.operands;
  if (!verb || verb.text === "info" || verb.text === "list") return;
  const span = spanOf(ctx);
  if (verb.text === "run" && rest[0]?.text) {
    ctx.emit({ t: "workspace-select", tool: "yarn", filters: [], all: true, root: "no", span });
    ctx.emit({ t: "package-script", name: rest[0].text, args: rest.slice(1), span, label: `yarn run ${rest[0].text}` });
    return;
  }
  if (verb.text !== "foreach") {
    issue(ctx, "OPAQUE_CODE", "yarn workspaces runs commands in the workspace packages, which the guard does not read");
    return;
  }
  let i = 0;
  for (; i < rest.length; i++) {
    const t = rest[i]!.text;
    if (t === null) break;
    if (!t.startsWith("-")) break;
    if (FOREACH_FLAGS.test(t) || /^--(jobs|from|include|exclude|since)=/.test(t) || /^-j[0-9]+$/.test(t)) continue;
    if (FOREACH_VALUES.test(t)) {
      i++;
      continue;
    }
    // A bare --since takes the next word as its revision or not (clipanion's optional value):
    // which word starts the command is not known, as for an option not listed.
    if (t === "--since" && (rest[i + 1]?.text ?? "-").startsWith("-")) continue;
    issue(ctx, "OPAQUE_CODE", `yarn workspaces foreach ${t}: which of its words is the command is not known`,
      rest[i]!.span);
    return;
  }
  const command = rest.slice(i);
  if (!command.length) return;
  if (command[0]!.text === null) {
    issue(ctx, "OPAQUE_CODE", "yarn workspaces foreach runs a command that is not known", command[0]!.span);
    return;
  }
  ctx.emit({ t: "workspace-select", tool: "yarn", filters: [], all: true, root: "if-selected", span });
  if (command[0]!.text === "run" && command[1]?.text) {
    ctx.emit({ t: "package-script", name: command[1].text, args: command.slice(2), span,
      label: `yarn run ${command[1].text}` });
  } else {
    ctx.emit({ t: "run", argv: [syntheticArg("yarn", command[0]!.span), ...command], inProcess: false,
      bypassFunctions: true, label: "yarn workspaces foreach" });
  }
};
