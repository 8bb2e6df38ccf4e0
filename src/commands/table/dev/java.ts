// Java: javac, java, and the build tools mvn and gradle.

import { assignmentOptions, chdir, each, embeddedPaths, generic, hooks, issue, none, optionalNone, optionValues,
  pathList, read, roleAs, write } from "../common.ts";
import type { TableSpec } from "../expand.ts";
import { projectCode } from "./code-options.ts";

const JAVA_PATHS = ["-cp", "-classpath", "--class-path", "-p", "--module-path", "-sourcepath", "--source-path",
  "-processorpath", "--processor-path", "--processor-module-path", "-bootclasspath", "-extdirs", "-endorseddirs",
  "--upgrade-module-path"];

export const JAVAC: TableSpec = {
  names: ["javac"],
  singleDashLong: true,
  abbreviations: false,
  long: ["-nowarn", "-verbose", "-deprecation", "-Werror", "-parameters", "-proc:none", "-proc:only", "-proc:full",
    "--enable-preview", "-version", "--version", "-help", "--help", "-g"],
  options: { ...each(write, "-d", "-s", "-h", "--output-directory"), ...each(none, ...JAVA_PATHS),
    "--system": { value: "generic" },
    ...each(none, "-encoding", "-source", "--source", "-target", "--target", "--release", "-implicit", "--add-modules",
      "--limit-modules", "-m", "--module", "--add-exports", "--add-reads", "-J", "--default-module-for-created-files"),
    ...each(optionalNone, "-X", "-A", "-g:"), "--patch-module": generic, "--module-source-path": generic },
  operands: { all: "read" },
  // -J passes an option to the JVM javac runs in: `-J-javaagent:agent.jar` loads code.
  custom: hooks(pathList(JAVA_PATHS, "read"), embeddedPaths(["-J"]), (ctx) => {
    for (const a of ctx.operands) {
      if (a.text?.startsWith("@")) {
        issue(ctx, "UNRESOLVED_WORD", `javac reads more options from ${a.source.slice(1)}`, a.span);
      }
    }
  }),
};

export const JAVA: TableSpec = {
  names: ["java"],
  style: "posix",
  singleDashLong: true,
  abbreviations: false,
  long: ["-server", "-client", "-version", "--version", "-showversion", "--show-version", "-h", "-help", "--help", "-?",
    "--enable-preview", "-ea", "-da", "-esa", "-dsa", "-enableassertions", "-disableassertions", "--dry-run",
    "--validate-modules"],
  options: { ...each(none, ...JAVA_PATHS), "-jar": { value: "read", modes: ["jar"], ends: true },
    "-m": { value: "none", modes: ["jar"], ends: true }, "--module": { value: "none", modes: ["jar"], ends: true },
    ...each(none, "--add-modules", "--add-opens", "--add-exports", "--add-reads", "--limit-modules", "--source",
      "--enable-native-access", "--illegal-access"), "-D": { value: "none", optional: true },
    ...each(optionalNone, "-verbose", "-agentlib"), "-X": optionalNone },
  // java MAINCLASS ARGS…, or java FILE.java ARGS… (source-file mode).
  operands: { first: "none", unlessModes: ["jar"], rest: "generic" },
  changes: projectCode,
  custom: hooks(pathList(JAVA_PATHS, "read"), assignmentOptions(["-D"]), (ctx) => {
    const first = ctx.operands[0];
    if (!ctx.modes.has("jar") && first && (first.text === null || first.text.endsWith(".java"))) {
      ctx.role(first, "exec");
    }
    for (const it of ctx.items) {
      const t = it.word.text;
      if (it.t !== "operand" && t !== null && /^-XX:(OnError|OnOutOfMemoryError)=/.test(t)) {
        issue(ctx, "OPAQUE_CODE", `java ${t.slice(0, 40)} runs a shell command`, it.word.span);
      }
    }
    // -Xloggc:FILE, -Xlog:gc:file=F, -XX:HeapDumpPath=F, -Xbootclasspath/a:JAR.
    embeddedPaths(["-X"])(ctx);
    // java @argfile: more options, read from the file.
    const argfile = ctx.operands[0];
    if (argfile?.text?.startsWith("@")) {
      roleAs(ctx, argfile, argfile.text.slice(1), "read");
      issue(ctx, "UNRESOLVED_WORD", `java reads more options from ${argfile.text.slice(1)}`, argfile.span);
    }
    // -javaagent:JAR, -agentpath:LIB, -splash:IMG: loaded from a file.
    for (const it of ctx.items) {
      const t = it.word.text;
      const m = t === null || it.t === "operand" ? null : /^-(javaagent|agentpath|splash):([^=]*)/.exec(t);
      if (m) roleAs(ctx, it.word, m[2]!, "read");
    }
  }),
};

export const MVN: TableSpec = { names: ["mvn", "mvnw", "maven"], singleDashLong: true, abbreviations: false,
  flags: "oqXeBUNcCV",
  long: ["-am", "-amd", "-ff", "-fae", "-fn", "-llr", "-npu", "-cpu", "-up", "-ntp", "--no-transfer-progress",
    "--offline", "--quiet", "--debug", "--errors", "--batch-mode", "--update-snapshots", "--non-recursive",
    "--strict-checksums", "--lax-checksums", "--show-version", "--version", "--help", "-h", "-v", "--also-make",
    "--also-make-dependents", "--fail-fast", "--fail-at-end", "--fail-never"],
  options: {
    ...each(read, "-f", "--file", "-s", "--settings", "-gs", "--global-settings", "-t", "--toolchains", "-gt",
      "--global-toolchains"),
    "-l": write,
    "--log-file": write,
    "-D": none,
    "--define": none,
    ...each(none, "-P", "--activate-profiles", "-pl", "--projects", "-rf", "--resume-from", "-T", "--threads", "-b",
      "--builder", "--color", "-emp", "--encrypt-master-password", "-ep", "--encrypt-password"),
  }, operands: { all: "none" }, changes: projectCode,
  custom: hooks(assignmentOptions(["-D", "--define"]), (ctx) => {
    // -pl a,!b,../c: each item is [groupId]:artifactId or a module's directory, whose pom.xml
    // is read (strace: `--projects ../x` opens ../x).
    for (const v of optionValues(ctx, "-pl", "--projects")) {
      if (v.text === null) ctx.role(v, "read");
      else {
        for (const item of v.text.split(",")) {
          if (item !== "" && !item.includes(":")) roleAs(ctx, v, item.replace(/^[!+-]/, ""), "read");
        }
      }
    }
  }) };

export const GRADLE: TableSpec = { names: ["gradle", "gradlew"], abbreviations: false, flags: "qidwsSmtaVhv",
  long: ["--offline", "--daemon", "--no-daemon", "--stop", "--status", "--quiet", "--info", "--debug", "--warn",
    "--stacktrace", "--full-stacktrace", "--scan", "--no-scan", "--parallel", "--no-parallel", "--continue",
    "--dry-run", "--refresh-dependencies", "--build-cache", "--no-build-cache", "--configure-on-demand",
    "--rerun-tasks", "--profile", "--write-locks", "--configuration-cache", "--no-configuration-cache", "--continuous",
    "--foreground", "--version", "--help", "--no-rebuild", "--export-keys", "--rerun", "--no-watch-fs", "--watch-fs"],
  options: { "-p": chdir, "--project-dir": chdir,
    ...each(read, "-b", "--build-file", "-c", "--settings-file", "-I", "--init-script", "--include-build"),
    ...each(write, "-g", "--gradle-user-home", "--project-cache-dir"),
    ...each(none, "-D", "--system-prop", "-P", "--project-prop"),
    ...each(none, "-x", "--exclude-task", "--max-workers", "--console", "--warning-mode", "--update-locks",
      "--priority", "--dependency-verification", "-M", "--write-verification-metadata", "--task", "--tests") },
  operands: { all: "none" }, changes: projectCode,
  custom: assignmentOptions(["-D", "--system-prop", "-P", "--project-prop"]) };
