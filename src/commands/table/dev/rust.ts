// Rust: cargo, rustc, rustup.

import type { OptionSpec } from "../../spec.ts";
import { chdir, writesUserConfig, type Custom, each, flag, generic, hooks, issue, none, optionalNone, optionValues,
  read, roleAs, tomlValuePaths, write } from "../common.ts";
import type { TableSpec } from "../expand.ts";
import { projectCode } from "./code-options.ts";

/** Config keys whose value names a program cargo runs (cargo book, "Configuration"). */
const CARGO_PROGRAM_KEYS =
  /(runner|wrapper|linker|rustc|rustdoc|credential-provider|global-credential-providers|browser|^alias\b|^env\b)/i;
/**
 * Config keys whose value is a path (cargo book, "Configuration": build.target-dir,
 * build.build-dir, build.dep-info-basedir, build.target (a target spec file), install.root,
 * paths, patch.*.path, source.*.directory/local-registry, http.cainfo, include, …).
 */
const CARGO_PATH_KEYS = /(dir|directory|root|path|paths|target|registry|cainfo|include|index|file)$/i;
/**
 * cargo --config KEY=VALUE (a TOML key and value, or an inline table that may hold more keys):
 * a key that names a program runs one the guard does not see; a value that names a path
 * (target-dir, install.root, patch paths, …) is judged. A value without `=` is a file.
 */
const cargoConfig: Custom = (ctx) => {
  for (const v of optionValues(ctx, "--config")) {
    if (v.text === null) ctx.role(v, "generic");
    else if (!v.text.includes("=")) ctx.role(v, "read");
    else {
      const key = v.text.slice(0, v.text.indexOf("=")).trim();
      const value = v.text.slice(v.text.indexOf("=") + 1);
      // Inline tables name their own keys: `target={x={runner="…"}}`.
      const keys = [key, ...[...value.matchAll(/([\w.-]+)\s*=/g)].map((m) => m[1]!)];
      if (keys.some((k) => CARGO_PROGRAM_KEYS.test(k))) {
        issue(ctx, "OPAQUE_CODE", `cargo --config ${v.source} makes cargo run a program the guard does not see`,
          v.span);
        continue;
      }
      tomlValuePaths(ctx, v, value, keys.some((k) => CARGO_PATH_KEYS.test(k)));
    }
  }
};

/** --manifest-path FILE: the manifest is read, and cargo works in its directory. */
const manifestDir: Custom = (ctx) => {
  for (const v of optionValues(ctx, "--manifest-path")) {
    if (v.text === null || !v.text.includes("/")) continue;
    roleAs(ctx, v, v.text.slice(0, v.text.lastIndexOf("/")) || "/", "chdir");
  }
};

const CARGO_COMMON: Record<string, OptionSpec> = {
  "--manifest-path": read,
  "--target-dir": write,
  "--artifact-dir": write,
  "--out-dir": write,
  "--lockfile-path": write,
  "--config": none,
  ...each(none, "-Z", "--color", "--message-format", "-j", "--jobs", "-p", "--package", "--exclude", "-F", "--features",
    "--profile", "--bin", "--example", "--test", "--bench", "--explain", "--registry", "--index", "--git", "--branch",
    "--tag", "--rev", "--rename", "--vers", "--version", "--name", "--vcs", "--edition", "--depth", "--prefix", "-e",
    "--edges", "-i", "--invert", "--format", "--charset", "--limit", "--crate-type", "--print", "--token", "--host"),
  ...each(optionalNone, "--timings", "--fix"),
  "--path": read,
  "--root": write,
  "--sync": read,
  // A target triple, or a target spec file given by path.
  "--target": { value: "generic" },
  ...each(flag, "--locked", "--frozen", "--offline", "-q", "--quiet", "-v", "-vv", "--verbose", "-h", "--help", "-V",
    "--list", "--workspace", "--all", "--lib", "--bins", "--examples", "--tests", "--benches", "--all-targets",
    "--all-features", "--no-default-features", "-r", "--release", "--ignore-rust-version", "--unit-graph",
    "--future-incompat-report", "--build-plan", "--no-run", "--no-fail-fast", "--doc", "--open", "--no-deps",
    "--document-private-items", "--allow-dirty", "--allow-staged", "--allow-no-vcs", "--broken-code",
    "--edition-idioms", "--keep-going", "--dev", "--build", "--optional", "--no-optional", "--dry-run", "-n", "--force",
    "-f", "--debug", "--no-track", "--all-targets", "--check", "--offline", "--no-verify", "--duplicates", "-d",
    "--no-dedupe", "--no-default-registry", "--respect-source-config", "--versioned-dirs", "--no-delete",
    "--aggressive", "--precise", "--recursive", "--breaking", "--message-format-json"),
};
const cargoSub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false,
  options: CARGO_COMMON, operands: { all: "none" }, custom: hooks(cargoConfig, manifestDir), ...extra });
const cargoRun = cargoSub({ operands: { all: "generic" } });

export const CARGO: TableSpec = { names: ["cargo"], abbreviations: false, options: { ...CARGO_COMMON, "-C": chdir },
  operands: { all: "none" },
  subcommands: {
    ...Object.fromEntries(
      ["build", "b", "check", "c", "doc", "d", "clippy", "fix", "clean", "update", "tree", "metadata", "add", "remove",
        "rm", "publish", "package", "search", "generate-lockfile", "fetch", "locate-project", "pkgid", "verify-project",
        "version", "yank", "owner", "report", "help", "info", "fmt", "rustdoc"].map((n) => [n, cargoSub()]),
    ),
    ...Object.fromEntries(
      ["run", "r", "test", "t", "bench", "rustc", "miri", "nextest", "llvm-cov"].map((n) => [n, cargoRun]),
    ),
    // login/logout write the token to $CARGO_HOME/credentials.toml (~/.cargo: cargo book, "cargo login").
    ...Object.fromEntries(
      ["login", "logout"].map((
        n,
      ) => [n,
        cargoSub({
          custom: hooks(cargoConfig, manifestDir,
            (ctx) => writesUserConfig(ctx, "writes the registry token in ~/.cargo/credentials.toml")),
        })]
      ),
    ),
    // install/uninstall put programs in --root DIR, else $CARGO_HOME/bin (~/.cargo/bin).
    ...Object.fromEntries(
      ["install", "uninstall"].map((
        n,
      ) => [n,
        cargoSub({ options: { ...CARGO_COMMON, "--root": write },
          custom: hooks(cargoConfig, manifestDir,
            (ctx) => writesUserConfig(ctx, `${n}s programs in ~/.cargo/bin, outside the project`, ["--root"])) })]
      ),
    ),
    new: cargoSub({ operands: { all: "write" } }),
    init: cargoSub({ operands: { all: "write", defaultOperand: "." } }),
    vendor: cargoSub({ operands: { all: "write", defaultOperand: "vendor" } }),
  }, changes: projectCode, custom: hooks(cargoConfig, manifestDir) };

export const RUSTC: TableSpec = { names: ["rustc"], abbreviations: false,
  options: {
    "-o": write,
    "--out-dir": write,
    "--sysroot": read,
    "-L": { value: "none" },
    "-C": { value: "none" },
    "--codegen": { value: "none" },
    ...each(none, "-l", "--crate-type", "--crate-name", "--edition", "--cfg", "--check-cfg", "-W", "--warn", "-A",
      "--allow", "-D", "--deny", "-F", "--forbid", "--cap-lints", "--explain", "--error-format", "--json", "--color",
      "--remap-path-prefix", "--diagnostic-width", "-Z", "--force-warn"),
    "--emit": generic,
    "--extern": generic,
    "--target": generic,
    // --print KIND[=PATH] (rustc 1.79+) writes the information to PATH.
    "--print": none,
    ...each(flag, "-g", "-O", "--test", "-V", "--version", "-v", "--verbose", "-h", "--help"),
  }, operands: { all: "read" },
  custom: (ctx) => {
    // -L [KIND=]DIR: a directory searched for libraries.
    for (const v of optionValues(ctx, "-L")) {
      roleAs(ctx, v, v.text === null ? "" : v.text.replace(/^(dependency|crate|native|framework|all)=/, ""), "read");
    }
    for (const v of optionValues(ctx, "-C", "--codegen")) {
      if (v.text === null ||
        /^(linker|link-arg|link-args|llvm-args|passes|profile-generate|profile-use|incremental|split-debuginfo)=/.test(
          v.text,
        )) ctx.role(v, "generic");
    }
    for (const v of optionValues(ctx, "-C", "--codegen")) {
      if (v.text !== null && /^linker=/.test(v.text)) {
        issue(ctx, "OPAQUE_CODE", `rustc ${v.source} runs a linker the guard does not see`, v.span);
      }
    }
    for (const a of ctx.operands) {
      if (a.text?.startsWith("@")) {
        issue(ctx, "UNRESOLVED_WORD", `rustc reads more options from ${a.source.slice(1)}`, a.span);
      }
    }
    for (const v of optionValues(ctx, "--print")) {
      if (v.text === null) ctx.role(v, "generic");
      else if (v.text.includes("=")) roleAs(ctx, v, v.text.slice(v.text.indexOf("=") + 1), "write");
    }
  } };

export const RUSTUP: TableSpec = { names: ["rustup"], style: "posix", abbreviations: false,
  options: { ...each(flag, "-v", "--verbose", "-q", "--quiet", "-h", "--help", "-V", "--version") },
  operands: { all: "none" },
  custom: (ctx) => {
    // rustup run TOOLCHAIN COMMAND…
    if (ctx.operands[0]?.text === "run" && ctx.operands.length > 2) {
      ctx.emit({ t: "run", argv: ctx.operands.slice(2), inProcess: false, bypassFunctions: true, label: "rustup run" });
    } else if (ctx.operands[0]?.text === "run" || ctx.operands.some((a) => a.text === null)) {
      for (const a of ctx.operands.slice(1)) ctx.role(a, "generic");
    }
  } };
