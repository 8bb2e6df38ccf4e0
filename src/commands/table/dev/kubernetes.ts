// kubectl: the files its options name.

import { withValue } from "../../effects.ts";
import type { OptionSpec } from "../../spec.ts";
import { writesUserConfig, type Custom, each, flag, hooks, issue, localRole, none, optionItems, optionValues, read,
  roleAs, write } from "../common.ts";
import type { TableSpec } from "../expand.ts";
import { containerCopy } from "./containers.ts";

const KUBECTL_GLOBAL: Record<string, OptionSpec> = { "--kubeconfig": read,
  ...each(read, "--certificate-authority", "--client-certificate", "--client-key"), "--cache-dir": write,
  "--profile-output": write, "--log-file": write,
  ...each(none, "--context", "--cluster", "--user", "-n", "--namespace", "-s", "--server", "--token", "--as",
    "--as-group", "--as-uid", "--request-timeout", "-v", "--profile", "--tls-server-name", "--password", "--username",
    "--log-dir"),
  ...each(flag, "--insecure-skip-tls-verify", "--match-server-version", "--warnings-as-errors", "--disable-compression",
    "-A", "--all-namespaces", "-w", "--watch", "-i", "--stdin", "-t", "--tty", "-R", "--recursive", "--dry-run",
    "--force", "--all", "--wait", "--server-side", "--overwrite", "--show-labels", "--no-headers", "-q", "--quiet",
    "--rm", "--prune", "--validate", "--record", "--grace-period", "--cascade", "--now", "--previous", "--follow"),
  ...each(none, "-l", "--selector", "--field-selector", "-c", "--container", "--timeout", "--for", "--image", "--port",
    "--target-port", "--type", "--replicas", "--tail", "--since", "--since-time", "--limit-bytes", "--sort-by",
    "--field-manager", "--type", "-p", "--patch", "--subresource", "--chunk-size", "--output-watch-events",
    "--show-kind", "--label-columns", "-L", "--restart", "--env", "--labels", "--overrides", "--pod-running-timeout",
    "--address", "--accept-hosts", "--reject-paths", "--api-prefix"), "--template": { value: "generic" }, "-o": none,
  "--output": none,
  ...each(none, "-f", "--filename", "-k", "--kustomize", "--patch-file", "--from-file", "--from-env-file", "--www"),
  "--unix-socket": write };

/** kubectl options whose values are files, URLs or `-`. */
const kubectlFiles: Custom = (ctx) => {
  for (const v of optionValues(ctx, "-f", "--filename", "-k", "--kustomize", "--patch-file", "--from-env-file",
    "--www")) if (v.text !== "-") localRole(ctx, v, "read");
  // --from-file=[key=]source
  for (const v of optionValues(ctx, "--from-file")) {
    localRole(ctx,
      v.text !== null && /^[^/=]+=/.test(v.text) ? withValue(v, v.text.slice(v.text.indexOf("=") + 1), "") : v, "read");
  }
  for (const v of optionValues(ctx, "-o", "--output")) {
    const m = v.text === null ? null : /^(jsonpath-file|go-template-file|template-file)=(.*)$/.exec(v.text);
    if (m) roleAs(ctx, v, m[2]!, "read");
  }
};

const KUBECTL: TableSpec = { names: ["kubectl", "oc", "microk8s.kubectl", "k3s-kubectl"], abbreviations: false,
  options: KUBECTL_GLOBAL, operands: { all: "none" },
  subcommands: {
    cp: { names: [], abbreviations: false, options: { ...KUBECTL_GLOBAL, "--retries": none, "--no-preserve": flag },
      operands: { all: "none" }, custom: hooks(kubectlFiles, containerCopy(/^[^/]*(\/[^/:]*)?:/)) },
    kustomize: { names: [], abbreviations: false, options: { ...KUBECTL_GLOBAL, "-o": write, "--output": write },
      operands: { all: "read" }, custom: kubectlFiles },
    // kubectl config set-*/unset/use-context/delete-*/rename-context write the kubeconfig
    // (--kubeconfig, else $KUBECONFIG, else ~/.kube/config); a user's exec command it sets runs
    // on every later kubectl call.
    config: { names: [], abbreviations: false,
      options: { ...KUBECTL_GLOBAL, ...each(flag, "--raw", "--flatten", "--minify") }, operands: { all: "none" },
      custom: hooks(kubectlFiles, (ctx) => {
        const verb = ctx.operands[0];
        if (verb &&
          (verb.text === null || /^(set|set-.*|unset|use-context|use|delete-.*|rename-context)$/.test(verb.text)))
        {
          writesUserConfig(ctx, `${verb.source} writes the kubeconfig`, ["--kubeconfig"]);
        }
        // `config view` prints the kubeconfig with its keys and tokens REDACTED; `--raw` prints
        // them (kubectl 1.29): a read of that file, as `cat` is (issue #30.7).
        if (verb && (verb.text === null || verb.text === "view") && optionItems(ctx, "--raw").length) {
          const named = optionValues(ctx, "--kubeconfig");
          if (named.length) { for (const v of named) roleAs(ctx, v, v.text ?? "", "read"); }
          else {
            issue(ctx, "OUTSIDE_EFFECT",
              `${ctx.name} config view --raw prints the kubeconfig's credentials ($KUBECONFIG, or ~/.kube/config)`);
          }
        }
      }) },
    edit: { names: [], abbreviations: false, options: KUBECTL_GLOBAL, operands: { all: "none" }, custom: kubectlFiles },
    exec: { names: [], style: "posix", abbreviations: false, options: KUBECTL_GLOBAL, operands: { all: "none" },
      custom: kubectlFiles },
    debug: { names: [], style: "posix", abbreviations: false, options: KUBECTL_GLOBAL, operands: { all: "none" },
      custom: kubectlFiles },
    run: { names: [], style: "posix", abbreviations: false, options: KUBECTL_GLOBAL, operands: { all: "none" },
      custom: kubectlFiles },
  }, unknownSubcommand: "none", custom: kubectlFiles };
// Every other verb reads only the files its options name (`-f`, `-k`, `--from-file`).
const KUBECTL_VERBS = ["apply", "create", "delete", "replace", "diff", "patch", "get", "describe", "logs",
  "port-forward", "proxy", "expose", "scale", "rollout", "label", "annotate", "set", "auth", "config", "top", "cordon",
  "uncordon", "drain", "taint", "certificate", "cluster-info", "api-resources", "api-versions", "explain", "wait",
  "attach", "autoscale", "version", "completion", "events", "alpha", "plugin"];

/** kubectl with every verb: the ones KUBECTL knows, and the rest reading what their options name. */
export const KUBECTL_ALL_VERBS: TableSpec = { ...KUBECTL,
  subcommands: {
    ...Object.fromEntries(
      KUBECTL_VERBS.map((
        v,
      ) => [v,
        { names: [], abbreviations: false, options: KUBECTL_GLOBAL, operands: { all: "none" },
          custom: kubectlFiles } satisfies TableSpec]
      ),
    ),
    ...KUBECTL.subcommands,
  } };
