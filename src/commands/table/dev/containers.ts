// Containers: docker and podman, their compose, and the host paths a container is given (bind
// mounts, sockets, devices, capabilities).

import { syntheticArg } from "../../apply.ts";
import type { OptionSpec, RoleSpec, SpecContext } from "../../spec.ts";
import { chdir, writesUserConfig, type Custom, each, flag, hooks, issue, localRole, locate, none, optionItems,
  optionValues, read, roleAs, runsProgram, spanOf, write } from "../common.ts";
import type { TableSpec } from "../expand.ts";
import { runsOperands } from "./node.ts";

/** The host side of a bind mount, and whether it is read-only. */
function bindSource(text: string): { readonly path: string; readonly readOnly: boolean } | null {
  const parts = text.split(":");
  if (parts.length < 2) return null;
  const src = parts[0]!;
  // A name without a slash is a named volume, not a host path.
  if (!(src.startsWith("/") || src.startsWith(".") || src.startsWith("~"))) return null;
  const opts = parts.slice(2).join(":");
  return { path: src, readOnly: /(^|,)(ro|readonly)(,|$)/.test(opts) };
}

/** --mount type=bind,source=/x,target=/y[,readonly]: the source of a bind is a host path. */
function mountSource(text: string): { readonly path: string; readonly readOnly: boolean } | null {
  const fields = new Map<string, string>();
  for (const f of text.split(",")) {
    const eq = f.indexOf("=");
    fields.set((eq < 0 ? f : f.slice(0, eq)).toLowerCase(), eq < 0 ? "true" : f.slice(eq + 1));
  }
  const ro = ["readonly", "ro"].some((k) => fields.has(k) && !/^(false|0)$/.test(fields.get(k)!));
  const device = [...fields.entries()].find(([k, v]) => k === "volume-opt" && v.startsWith("device="));
  if (device) return { path: device[1].slice(7), readOnly: ro };
  const type = fields.get("type") ?? "volume";
  const src = fields.get("source") ?? fields.get("src");
  if (!src) return null;
  // A volume's or image's source is a name; every other type with a source mounts a host path
  // (bind, and podman's glob, which binds every match of a pattern: podman-run(1)).
  if (/^(volume|tmpfs|image|artifact|npipe)$/i.test(type) && !/^[./~]/.test(src)) return null;
  return { path: src, readOnly: ro };
}

/** Capabilities that reach past the container's files (capabilities(7); "shocker" for DAC_READ_SEARCH). */
const HOST_CAPS = /^(CAP_)?(ALL|SYS_ADMIN|SYS_MODULE|SYS_PTRACE|SYS_RAWIO|DAC_READ_SEARCH)$/i;
/** Devices that give nothing of the host away. */
const HARMLESS_DEVICES = /^\/dev\/(null|zero|full|random|urandom)(:|$)/;
/** A bind of the container runtime's socket lets the container start others with the host's `/` mounted. */
const RUNTIME_SOCKET = /(^|\/)(docker|podman|containerd)\.sock$/;

/**
 * Options that give the container the host (docker run reference, "Runtime privilege and Linux
 * capabilities"; podman-run(1)): --privileged, --pid=host, --cap-add of a capability that
 * escapes, a device, the runtime's socket. What runs inside can then reach any host file, so
 * the guard judges an access of `/` of unknown kind.
 */
function hostAccess(ctx: SpecContext, sockets: readonly string[]): void {
  const hands = optionItems(ctx, "--privileged").length > 0
    || optionValues(ctx, "--pid").some((v) => v.text === null || v.text === "host")
    || optionValues(ctx, "--cap-add").some((v) =>
      v.text === null || v.text.split(",").some((c) => HOST_CAPS.test(c.trim()))
    )
    || optionValues(ctx, "--device").some((v) => v.text === null || !HARMLESS_DEVICES.test(v.text))
    || sockets.some((p) => RUNTIME_SOCKET.test(p.replace(/\/+$/, "")));
  if (hands) ctx.role(syntheticArg("/", spanOf(ctx)), "unknown");
}
const hostOptions: Custom = (ctx) => hostAccess(ctx, []);

const containerMounts: Custom = (ctx) => {
  const sources: string[] = [];
  for (const v of optionValues(ctx, "-v", "--volume")) {
    if (v.text === null) ctx.role(v, "generic");
    else {
      const b = bindSource(v.text);
      if (b) roleAs(ctx, v, b.path, b.readOnly ? "read" : "write");
      if (b) sources.push(b.path);
    }
  }
  for (const v of optionValues(ctx, "--mount")) {
    if (v.text === null) ctx.role(v, "generic");
    else {
      const m = mountSource(v.text);
      if (m) roleAs(ctx, v, m.path, m.readOnly ? "read" : "write");
      if (m) sources.push(m.path);
    }
  }
  for (const v of optionValues(ctx, "--device", "--blkio-weight-device", "--device-read-bps", "--device-write-bps",
    "--device-read-iops", "--device-write-iops"))
  {
    if (v.text === null) ctx.role(v, "generic");
    else roleAs(ctx, v, v.text.split(":")[0]!, "write");
  }
  for (const v of optionValues(ctx, "--security-opt")) {
    const m = v.text === null ? null : /^seccomp[=:](.+)$/.exec(v.text);
    if (m && m[1] !== "unconfined") roleAs(ctx, v, m[1]!, "read");
  }
  hostAccess(ctx, sources);
  // An option the table does not know may have taken a word as its value: the image and
  // command are then not where the parser thinks, so every word is judged.
  if (ctx.items.some((i) => i.t === "unknown-option")) { for (const a of ctx.operands) ctx.role(a, "generic"); }
};

const RUN_OPTIONS: Record<string, OptionSpec> = {
  ...each(none, "-v", "--volume", "--mount", "--device", "--security-opt", "--blkio-weight-device", "--device-read-bps",
    "--device-write-bps", "--device-read-iops", "--device-write-iops"),
  ...each(read, "--env-file", "--label-file", "--authfile", "--cert-dir", "--decryption-key", "--seccomp-profile"),
  ...each(write, "--cidfile", "--pidfile", "--conmon-pidfile", "--chrootdirs"),
  "--rootfs": { modes: ["rootfs"] },
  ...each(none, "-e", "--env", "-w", "--workdir", "--name", "-p", "--publish", "--network", "--net", "-u", "--user",
    "--entrypoint", "-l", "--label", "-h", "--hostname", "--add-host", "--restart", "-m", "--memory", "--memory-swap",
    "--memory-reservation", "--memory-swappiness", "--cpus", "-c", "--cpu-shares", "--cpuset-cpus", "--cpuset-mems",
    "--cpu-period", "--cpu-quota", "--ulimit", "--cap-add", "--cap-drop", "--pid", "--ipc", "--uts", "--userns",
    "--cgroupns", "--log-driver", "--log-opt", "--platform", "--pull", "--stop-signal", "--stop-timeout",
    "--health-cmd", "--health-interval", "--health-retries", "--health-timeout", "--health-start-period", "--dns",
    "--dns-search", "--dns-option", "--volumes-from", "--link", "--mac-address", "--ip", "--ip6", "--shm-size",
    "--runtime", "--isolation", "-a", "--attach", "--group-add", "--domainname", "--expose", "--sysctl",
    "--storage-opt", "--blkio-weight", "--cgroup-parent", "--detach-keys", "--oom-score-adj", "--annotation",
    "--pids-limit", "--gpus", "--tmpfs", "--device-cgroup-rule", "--network-alias", "--link-local-ip",
    "--kernel-memory", "--pod", "--secret", "--creds", "--arch", "--os", "--variant", "--timezone", "--tz", "--umask",
    "--uidmap", "--gidmap", "--subuidname", "--subgidname", "--sdnotify", "--systemd", "--requires", "--hostuser",
    "--personality", "--passwd-entry", "--preserve-fds", "--image-volume", "--seccomp-policy", "--cgroups",
    "--cgroup-conf", "--infra-name", "--userns-uid-map", "--health-on-failure", "--log-level", "--cpu-rt-period",
    "--cpu-rt-runtime", "--chroot-dirs", "--retry", "--retry-delay"),
  ...each(flag, "-i", "--interactive", "-t", "--tty", "-d", "--detach", "--rm", "-P", "--publish-all", "--privileged",
    "--init", "--read-only", "--sig-proxy", "--oom-kill-disable", "--no-healthcheck", "-q", "--quiet",
    "--use-api-socket", "--env-host", "--http-proxy", "--replace", "--read-only-tmpfs", "--no-hosts", "--no-hostname",
    "--rmi"),
};

const EXEC_OPTIONS: Record<string, OptionSpec> = {
  ...each(none, "-u", "--user", "-w", "--workdir", "-e", "--env", "--detach-keys", "--preserve-fds"),
  "--env-file": read,
  ...each(flag, "-d", "--detach", "-i", "--interactive", "-t", "--tty", "--privileged", "-l", "--latest"),
};

/** cp between the host and a container: `CONTAINER:PATH` is inside the container. */
export function containerCopy(remote: RegExp): Custom {
  return (ctx) => {
    const ops = ctx.operands;
    ops.forEach((a, i) => {
      if (a.text === "-") return;
      if (a.text !== null && !a.text.startsWith("/") && !a.text.startsWith(".") && remote.test(a.text)) return;
      ctx.role(a, i === ops.length - 1 && ops.length > 1 ? "write" : "read");
    });
    ctx.emit({ t: "changes", fs: true, links: true });
    // What is copied out of a container may be (or hold) symlinks: DEST, or DEST/NAME.
    const dest = ops.length > 1 ? ops[ops.length - 1]! : null;
    const source = ops[0];
    if (dest && source &&
      !(dest.text !== null && !dest.text.startsWith("/") && !dest.text.startsWith(".") && remote.test(dest.text)))
    {
      const entry = source.text === null ? null : source.text.replace(remote, "").replace(/\/\.?$/, "/.") || null;
      ctx.emit({ t: "links", arg: dest, entry });
    }
  };
}

/** `key=value,dest=DIR` forms of docker build --output, --cache-to, --secret. */
function fieldPath(text: string, keys: readonly string[]): string | null {
  for (const f of text.split(",")) {
    const eq = f.indexOf("=");
    if (eq > 0 && keys.includes(f.slice(0, eq))) return f.slice(eq + 1);
  }
  return null;
}

const BUILD: TableSpec = { names: [], abbreviations: false,
  options: { ...each(read, "-f", "--file"),
    ...each(none, "-o", "--output", "--cache-to", "--cache-from", "--secret", "--ssh", "--build-context"),
    ...each(write, "--iidfile", "--metadata-file"),
    ...each(none, "--build-arg", "-t", "--tag", "--target", "--platform", "--label", "--network", "--progress",
      "--add-host", "--shm-size", "--ulimit", "--cgroup-parent", "--isolation", "-m", "--memory", "--memory-swap",
      "--cpu-shares", "--cpu-period", "--cpu-quota", "--cpuset-cpus", "--cpuset-mems", "--security-opt", "--annotation",
      "--attest", "--sbom", "--provenance", "--call", "--allow", "--builder", "--policy", "--layers", "--format",
      "--build-contexts"),
    ...each(flag, "--no-cache", "--pull", "-q", "--quiet", "--load", "--push", "--squash", "--rm", "--force-rm",
      "--check", "--compress") }, operands: { all: "none" },
  custom: (ctx) => {
    for (const a of ctx.operands) if (a.text !== "-") localRole(ctx, a, "read");
    for (const v of optionValues(ctx, "-o", "--output", "--cache-to")) {
      if (v.text === null) ctx.role(v, "generic");
      else if (v.text !== "-") {
        const p = v.text.includes("=") ? fieldPath(v.text, ["dest"]) : v.text;
        if (p) roleAs(ctx, v, p, "write");
      }
    }
    for (const v of optionValues(ctx, "--cache-from", "--secret", "--ssh")) {
      if (v.text === null) ctx.role(v, "generic");
      else {
        // --ssh ID=KEY[,KEY] forwards key files (default= or any id); --secret id=x,src=PATH.
        const p = fieldPath(v.text, ["src", "source"]) ??
          (/^[\w.-]+=/.test(v.text) ? v.text.slice(v.text.indexOf("=") + 1) : null);
        if (p) { for (const key of p.split(",")) roleAs(ctx, v, key, "read"); }
      }
    }
    for (const v of optionValues(ctx, "--build-context")) {
      if (v.text === null) ctx.role(v, "generic");
      else {
        const p = v.text.slice(v.text.indexOf("=") + 1);
        if (locate(p).t === "local" && !p.startsWith("docker-image:") && !p.startsWith("target:") &&
          !p.startsWith("oci-layout:")) roleAs(ctx, v, p, "read");
      }
    }
  } };

const COMPOSE_GLOBAL: Record<string, OptionSpec> = { ...each(read, "-f", "--file", "--env-file"),
  "--project-directory": chdir,
  ...each(none, "-p", "--project-name", "--profile", "--ansi", "--parallel", "--progress"),
  ...each(flag, "--compatibility", "--dry-run", "--all-resources", "-v", "--version") };
export const COMPOSE: TableSpec = {
  names: ["docker-compose", "podman-compose"],
  abbreviations: false,
  options: COMPOSE_GLOBAL,
  operands: { all: "none" },
  subcommands: {
    cp: { names: [],
      options: { ...COMPOSE_GLOBAL, ...each(flag, "-a", "--archive", "-L", "--follow-link", "--all"), "--index": none },
      operands: { all: "none" }, custom: containerCopy(/^[^/]*:/) },
    config: { names: [], options: { ...COMPOSE_GLOBAL, "-o": write, "--output": write }, operands: { all: "none" },
      unknownOptions: "none" },
    // A bind given on the command line is not the project's configuration: judged as docker run's.
    ...Object.fromEntries(
      ["run", "create"].map((
        n,
      ) => [n,
        { names: [], style: "posix",
          options: { ...COMPOSE_GLOBAL,
            ...each(none, "-v", "--volume", "--mount", "-e", "--env", "-w", "--workdir", "-u", "--user", "-p",
              "--publish", "--name", "--entrypoint", "-l", "--label"), "--env-file": read }, operands: { all: "none" },
          unknownOptions: "none", custom: containerMounts } satisfies TableSpec]
      ),
    ),
  },
  // Compose runs what the project's compose file says: its binds are project configuration.
  unknownSubcommand: "none",
  changes: { fs: true, links: true },
};

function containerSubs(): Record<string, TableSpec> {
  const run: TableSpec = { names: [], style: "posix", abbreviations: false, options: RUN_OPTIONS,
    operands: { all: "none" }, custom: hooks(containerMounts, (ctx) => {
      // podman run --rootfs DIR: the "image" is a host directory the container writes.
      if (ctx.modes.has("rootfs") && ctx.operands[0]) ctx.role(ctx.operands[0], "write");
    }), changes: { fs: true, links: true } };
  const exec: TableSpec = { names: [], style: "posix", abbreviations: false, options: EXEC_OPTIONS,
    operands: { all: "none" }, custom: hostOptions };
  const cp: TableSpec = { names: [], abbreviations: false,
    options: each(flag, "-a", "--archive", "-L", "--follow-link", "-q", "--quiet", "--overwrite"),
    operands: { all: "none" }, custom: containerCopy(/^[^/]*:/) };
  const save: TableSpec = { names: [], abbreviations: false,
    options: { "-o": write, "--output": write, ...each(none, "--format", "--platform"),
      ...each(flag, "-q", "--quiet", "-m", "--multi-image-archive", "--compress", "--uncompressed") },
    operands: { all: "none" } };
  const load: TableSpec = { names: [], abbreviations: false,
    options: { "-i": read, "--input": read, ...each(none, "--platform"), ...each(flag, "-q", "--quiet") },
    operands: { all: "none" } };
  const importSub: TableSpec = { names: [], abbreviations: false,
    options: { ...each(none, "-c", "--change", "-m", "--message", "--platform", "--arch", "--os", "--variant"),
      ...each(flag, "-q", "--quiet") }, operands: { all: "none" }, custom: (ctx) => {
      const src = ctx.operands[0];
      if (src && src.text !== "-") localRole(ctx, src, "read");
    } };
  const fileArg = (index: number, role: RoleSpec): TableSpec => ({ names: [], abbreviations: false,
    options: { "-c": read, "--compose-file": read, "-f": read, "--file": read }, operands: { all: "none" },
    custom: (ctx) => {
      const a = ctx.operands[index];
      if (a && a.text !== "-") ctx.role(a, role);
    } });
  const inert: TableSpec = { names: [], abbreviations: false, operands: { all: "none" }, unknownOptions: "none" };
  const volume: TableSpec = { names: [], abbreviations: false,
    options: { "-o": { value: "none" }, "--opt": { value: "none" }, "-d": { value: "none" },
      "--driver": { value: "none" }, "--label": { value: "none" } }, operands: { all: "none" }, custom: (ctx) => {
      // A local volume with device=/host/path is a bind mount of that path.
      for (const v of optionValues(ctx, "-o", "--opt")) {
        if (v.text !== null && v.text.startsWith("device=")) roleAs(ctx, v, v.text.slice(7), "write");
      }
    } };
  // login/logout store credentials in ~/.docker/config.json (podman: $XDG_RUNTIME_DIR/containers/auth.json, or --authfile).
  const login: TableSpec = { ...inert, options: { "--authfile": none },
    custom: (ctx) => writesUserConfig(ctx, "stores registry credentials in the user's configuration", ["--authfile"]) };
  // docker context create/update/rm/use write ~/.docker/contexts and config.json: a context's
  // endpoint decides which daemon every later docker command talks to.
  const contextWrite: TableSpec = { ...inert,
    custom: (ctx) => writesUserConfig(ctx, "changes the user's docker contexts") };
  const container: Record<string, TableSpec> = { run, create: run, exec, cp, export: save, commit: inert };
  const image: Record<string, TableSpec> = { build: BUILD, save, load, import: importSub };
  return { ...container, ...image,
    container: { names: [], operands: { all: "none" }, subcommands: container, unknownSubcommand: "none" },
    image: { names: [], operands: { all: "none" }, subcommands: image, unknownSubcommand: "none" },
    buildx: { names: [], operands: { all: "none" }, subcommands: { build: BUILD, b: BUILD, bake: fileArg(99, "none") },
      unknownSubcommand: "none" },
    builder: { names: [], operands: { all: "none" }, subcommands: { build: BUILD }, unknownSubcommand: "none" },
    compose: { ...COMPOSE, names: [] },
    volume: { names: [], operands: { all: "none" }, subcommands: { create: volume }, unknownSubcommand: "none" },
    secret: { names: [], operands: { all: "none" }, subcommands: { create: fileArg(1, "read") },
      unknownSubcommand: "none" },
    config: { names: [], operands: { all: "none" }, subcommands: { create: fileArg(1, "read") },
      unknownSubcommand: "none" },
    stack: { names: [], operands: { all: "none" },
      subcommands: { deploy: fileArg(99, "none"), up: fileArg(99, "none") }, unknownSubcommand: "none" },
    context: { names: [], operands: { all: "none" },
      subcommands: {
        import: { ...fileArg(1, "read"),
          custom: hooks(fileArg(1, "read").custom!,
            (ctx) => writesUserConfig(ctx, "changes the user's docker contexts")) },
        export: fileArg(1, "write"),
        ...Object.fromEntries(["create", "update", "rm", "remove", "use"].map((n) => [n, contextWrite])),
      }, unknownSubcommand: "none" }, login: login, logout: login,
    kube: { names: [], operands: { all: "none" },
      subcommands: { play: fileArg(0, "read"), down: fileArg(0, "read"),
        generate: { names: [], options: { "-f": write, "--filename": write }, operands: { all: "none" },
          unknownOptions: "none" } }, unknownSubcommand: "none" },
    play: { names: [], operands: { all: "none" }, subcommands: { kube: fileArg(0, "read") },
      unknownSubcommand: "none" },
    generate: { names: [], operands: { all: "none" },
      subcommands: {
        kube: { names: [], options: { "-f": write, "--filename": write }, operands: { all: "none" },
          unknownOptions: "none" },
      }, unknownSubcommand: "none" },
    unshare: { names: [], style: "posix", operands: { all: "none" }, custom: runsOperands("podman unshare", 0, false) },
    ...Object.fromEntries(
      ["logs", "ps", "images", "pull", "push", "rm", "rmi", "stop", "start", "restart", "kill", "inspect", "tag",
        "network", "system", "info", "version", "top", "stats", "port", "pause", "unpause", "rename", "wait", "events",
        "history", "search", "attach", "diff", "update", "manifest", "plugin", "swarm", "node", "service", "trust",
        "machine", "pod", "healthcheck", "mount", "umount", "unmount", "init", "scout", "sbom", "debug", "farm",
        "artifact", "quadlet", "auto-update"].map((n) => [n, inert]),
    ) };
}

const DOCKER_GLOBAL: Record<string, OptionSpec> = {
  "--config": read,
  ...each(read, "--tlscacert", "--tlscert", "--tlskey", "--identity", "--hooks-dir", "--module"),
  ...each(write, "--root", "--runroot", "--tmpdir"),
  ...each(none, "-H", "--host", "-c", "--context", "-l", "--log-level", "--storage-driver", "--cgroup-manager",
    "--connection", "--url", "--ssh", "--events-backend", "--namespace", "--cdi-spec-dir", "--db-backend"),
  // (--storage-opt overlay.mount_program=PROG names a program: judged below.)
  "--storage-opt": none,
  ...each(write, "--imagestore", "--volumepath", "--root", "--runroot", "--tmpdir"),
  ...each({ value: "none", modes: ["program"] }, "--runtime", "--conmon", "--network-cmd-path"),
  ...each(flag, "-D", "--debug", "--tls", "--tlsverify", "-v", "--version", "-h", "--help", "-r", "--remote",
    "--syslog", "--no-trunc"),
};

export const DOCKER: TableSpec = { names: ["docker", "podman", "nerdctl"], abbreviations: false, options: DOCKER_GLOBAL,
  operands: { all: "none" }, subcommands: containerSubs(), unknownSubcommand: "generic",
  custom: hooks(runsProgram(["--runtime", "--conmon", "--network-cmd-path"]), (ctx) => {
    for (const v of optionValues(ctx, "--storage-opt")) {
      if (v.text === null || /mount_program=/.test(v.text)) {
        issue(ctx, "OPAQUE_CODE", `podman --storage-opt ${v.source} runs a program`, v.span);
      }
    }
  }) };
