// Go: go and gofmt.

import { withValue } from "../../effects.ts";
import type { OptionSpec, RoleSpec } from "../../spec.ts";
import { chdir, type Custom, each, flag, generic, hooks, issue, none, optionalNone, optionValues, read, roleAs,
  runsProgram, write } from "../common.ts";
import type { TableSpec } from "../expand.ts";
import { projectCode } from "./code-options.ts";

const GO_BUILD: Record<string, OptionSpec> = { "-C": chdir, "-o": write, "-modfile": write, "-overlay": read,
  "-pkgdir": write, "-pgo": generic, "-buildvcs": optionalNone,
  ...each(none, "-p", "-covermode", "-coverpkg", "-asmflags", "-buildmode", "-compiler", "-gccgoflags", "-gcflags",
    "-installsuffix", "-ldflags", "-mod", "-tags", "-run", "-bench", "-benchtime", "-count", "-cpu", "-parallel",
    "-timeout", "-shuffle", "-list", "-skip", "-fuzz", "-fuzztime", "-fuzzminimizetime", "-vet", "-memprofilerate",
    "-blockprofilerate", "-mutexprofilefraction", "-f", "-go", "-compat", "-require", "-droprequire", "-exclude",
    "-dropexclude", "-retract", "-dropretract", "-module", "-godebug", "-dropgodebug", "-toolchain", "-droptoolchain",
    "-use", "-dropuse"),
  ...each(write, "-coverprofile", "-cpuprofile", "-memprofile", "-blockprofile", "-mutexprofile", "-trace",
    "-outputdir"), ...each({ value: "none", modes: ["program"] }, "-toolexec", "-exec", "-vettool"), "-replace": none,
  "-dropreplace": none,
  ...each(flag, "-a", "-n", "-race", "-msan", "-asan", "-cover", "-v", "-work", "-x", "-linkshared", "-modcacherw",
    "-trimpath", "-json", "-short", "-failfast", "-benchmem", "-c", "-i", "-m", "-u", "-e", "-deps", "-test", "-export",
    "-find", "-compiled", "-fmt", "-print", "-r", "-cache", "-testcache", "-modcache", "-fuzzcache", "-w", "-d", "-s",
    "-l", "-t", "-insecure", "-fix", "-all"), "-args": { modes: ["args"], ends: true } };
/** go mod edit -replace=OLD=NEW: NEW may be a directory. */
const goReplace: Custom = (ctx) => {
  for (const v of optionValues(ctx, "-replace")) {
    const eq = v.text === null ? -1 : v.text.indexOf("=");
    if (v.text === null) ctx.role(v, "generic");
    else if (eq >= 0) roleAs(ctx, v, v.text.slice(eq + 1), "generic");
  }
};
/** -ldflags/-gcflags/-asmflags values name tools and files (-extld=PROG, -o, -extldflags). */
const goFlags: Custom = (ctx) => {
  for (const v of optionValues(ctx, "-ldflags", "-gcflags", "-asmflags", "-gccgoflags")) {
    if (v.text === null) ctx.role(v, "generic");
    else if (/-(extld|linker)(=|\s)|-extar/.test(v.text)) {
      issue(ctx, "OPAQUE_CODE", `go ${v.source} runs an external linker the guard does not see`, v.span);
    } else for (const w of v.text.split(/\s+/)) if (/\//.test(w)) ctx.role(withValue(v, w, ""), "generic");
  }
};
/**
 * go test … -args WORDS: the words go to the test binary, whose -test.* flags (Go's testing
 * package, flag syntax) write profiles, logs and coverage data; flags the test itself defines
 * may name any path, so every `-name=VALUE` value is judged.
 */
const TEST_BINARY_FILES =
  /^-{1,2}test\.(coverprofile|cpuprofile|memprofile|blockprofile|mutexprofile|trace|outputdir|testlogfile|gocoverdir|fuzzcachedir)$/;
const goTestArgs: Custom = (ctx) => {
  const at = ctx.items.findIndex((it) => it.t === "option" && it.name === "-args");
  if (at < 0) return;
  const rest = ctx.items.slice(at + 1);
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!.word.text;
    if (t === null || !t.startsWith("-")) continue;
    const eq = t.indexOf("=");
    const name = eq > 0 ? t.slice(0, eq) : t;
    const next = rest[i + 1]?.word;
    if (eq > 0) roleAs(ctx, rest[i]!.word, t.slice(eq + 1), TEST_BINARY_FILES.test(name) ? "write" : "generic");
    else if (TEST_BINARY_FILES.test(name) && next) ctx.role(next, "write");
  }
};
const goSub = (operands: RoleSpec, extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], goFlags: true,
  abbreviations: false, options: GO_BUILD, operands: { all: operands },
  custom: hooks(runsProgram(["-toolexec", "-exec", "-vettool"]), goReplace, goFlags, goTestArgs), ...extra });

export const GO: TableSpec = { names: ["go"], abbreviations: false, goFlags: true, options: { "-C": chdir },
  operands: { all: "none" },
  subcommands: {
    // go install puts the programs in $GOBIN, else $GOPATH/bin (~/go/bin): outside the project.
    build: goSub("read"),
    install: goSub("read", {
      custom: hooks(runsProgram(["-toolexec", "-exec", "-vettool"]), goReplace, goFlags, goTestArgs,
        (ctx) => issue(ctx, "OUTSIDE_EFFECT", "go install puts programs in $GOBIN or ~/go/bin, outside the project")),
    }),
    vet: goSub("read"),
    list: goSub("read"),
    test: goSub("read"),
    run: goSub("generic"),
    tool: goSub("generic"),
    generate: goSub("read"),
    fix: goSub("write"),
    fmt: goSub("write"),
    get: goSub("none"),
    doc: goSub("none"),
    // go env -w writes $GOENV in the user's configuration; go clean -cache/-modcache remove the
    // caches under the home directory: both change state outside the project.
    env: goSub("none", { custom: (ctx) => {
      if (ctx.items.some((it) => it.t === "option" && (it.name === "-w" || it.name === "-u"))) {
        issue(ctx, "OPAQUE_CODE", "go env -w changes go's configuration for every later build");
      }
    } }),
    clean: goSub("none", { custom: (ctx) => {
      for (const it of ctx.items) {
        if (it.t === "option" && /^-(cache|modcache|testcache|fuzzcache)$/.test(it.name)) {
          issue(ctx, "OUTSIDE_EFFECT", `go clean ${it.name} removes a cache outside the project`, it.word.span);
        }
      }
    } }),
    bug: goSub("none"),
    version: goSub("read"),
    help: goSub("none"),
    telemetry: goSub("none"),
    mod: goSub("none", { custom: (ctx) => {
      goReplace(ctx);
      // go mod edit [FILE]: the go.mod file is rewritten; vendor -o DIR writes.
      if (ctx.operands[0]?.text === "edit") { for (const a of ctx.operands.slice(1)) ctx.role(a, "write"); }
    } }),
    work: goSub("none", { custom: (ctx) => {
      if (ctx.operands[0]?.text === "init" || ctx.operands[0]?.text === "use") {
        for (const a of ctx.operands.slice(1)) ctx.role(a, "read");
      }
    } }),
  }, changes: projectCode };

export const GOFMT: TableSpec = { names: ["gofmt"], goFlags: true, abbreviations: false,
  options: { "-w": { modes: ["write"] }, ...each(flag, "-l", "-d", "-e", "-s"), "-r": none, "-cpuprofile": write },
  operands: { all: { default: "read", modes: { write: "write" } } } };
