// Programs the table does not describe that print a secret they hold: a token, a key, a password
// from a credential file or the user's keyring. They are judged as any unknown program is
// (analyse.ts: every word a path, the disk may change), and what they print is the file's
// content, so a verb that discloses it is also a read of that file (issue 30.7): `gh auth token`
// reads ~/.config/gh/hosts.yml as `cat` would. Verbs that only say whether one is logged in, or
// print a masked value, add nothing. (git, npm and pip, which the table describes, say so in
// their entries.)

import type { Span } from "../base/span.ts";
import type { World } from "../shell/state.ts";
import { type Arg, type Effect, withValue } from "./effects.ts";

/** What a disclosure is worked out from: the program's name and words, and where HOME is. */
interface Call {
  readonly name: string;
  readonly nameArg: Arg;
  readonly args: readonly Arg[];
  readonly world: World;
  readonly span: Span;
  readonly home: string | null;
}

interface Discloser {
  readonly names: readonly string[];
  readonly analyse: (call: Call) => Effect[];
}

/** A read of FILE under the home directory, as the command's HOME says (or the guard's). */
function discloses(call: Call, file: string): Effect {
  const v = call.world.getVar("HOME");
  const home = v === undefined ? call.home : v.k === "str" ? v.v : null;
  return { t: "path",
    arg: withValue(call.nameArg, home === null ? null : `${home}/${file}`, "the home directory is not known"),
    kind: "read" };
}

/** A secret from the user's keyring or a password store: no file to name, a place outside the project. */
function keyring(call: Call, what: string): Effect {
  return { t: "issue", code: "OUTSIDE_EFFECT",
    message: `${call.name} ${what} prints a secret from the user's keyring or password store`, span: call.span };
}

const words = (call: Call): string[] => call.args.map((a) => a.text ?? "\u0000");

/** Whether the words hold this sequence of verbs, in order, among the operands. */
function verbs(call: Call, ...want: string[]): boolean {
  const ops = words(call).filter((w) => !w.startsWith("-"));
  return want.every((v, i) => ops[i] === v);
}

const has = (call: Call, ...flags: string[]) =>
  words(call).some((w) => flags.includes(w) || flags.some((f) => w.startsWith(`${f}=`)));

const DISCLOSERS: readonly Discloser[] = [{ names: ["gh"],
  analyse: (
    call,
  ) => (verbs(call, "auth", "token") || (verbs(call, "auth", "status") && has(call, "-t", "--show-token"))
    ? [discloses(call, ".config/gh/hosts.yml")] :
    []) }, {
  // `aws configure list` masks the keys; get and export-credentials print them.
  names: ["aws"],
  analyse: (
    call,
  ) => (verbs(call, "configure", "get") || verbs(call, "configure", "export-credentials")
    ? [discloses(call, ".aws/credentials"), discloses(call, ".aws/config")] :
    []),
}, { names: ["gcloud"],
  analyse: (
    call,
  ) => (verbs(call, "auth", "print-access-token") || verbs(call, "auth", "print-identity-token") ||
      verbs(call, "auth", "application-default", "print-access-token")
    ? [discloses(call, ".config/gcloud")] :
    []) }, { names: ["az"],
  analyse: (call) => (verbs(call, "account", "get-access-token") ? [discloses(call, ".azure")] : []) }, {
  names: ["heroku"],
  analyse: (
    call,
  ) => (verbs(call, "auth:token") || verbs(call, "authorizations:create") ? [discloses(call, ".netrc")] : []),
}, {
  // The helpers Docker runs: `get` prints the secret for a server, `list` the servers.
  names: ["desktop", "osxkeychain", "pass", "secretservice", "wincred", "ecr-login", "gcloud", "acr-env"].map((h) =>
    `docker-credential-${h}`
  ),
  analyse: (call) => [discloses(call, ".docker/config.json"), keyring(call, words(call)[0] ?? "")],
}, { names: ["security"],
  analyse: (call) =>
    (/^find-(generic|internet)-password$/.test(words(call)[0] ?? "") && has(call, "-w", "-g")) ||
      words(call)[0] === "dump-keychain"
      ? [keyring(call, words(call)[0]!)] :
      [] }, { names: ["secret-tool"],
  analyse: (call) => (words(call)[0] === "lookup" ? [keyring(call, "lookup")] : []) }, { names: ["pass", "gopass"],
  analyse: (call) => {
    const verb = words(call)[0];
    // `pass NAME` is `pass show NAME`; ls, find, grep (which prints matching lines!) read it too.
    if (verb === undefined || ["ls", "list", "init", "help", "version", "--help", "--version"].includes(verb)) {
      return [];
    }
    return [discloses(call, ".password-store"), keyring(call, verb)];
  } }, { names: ["op"],
  analyse: (
    call,
  ) => (["read", "inject", "run"].includes(words(call)[0] ?? "") || verbs(call, "item", "get")
    ? [keyring(call, words(call)[0]!)]
    : []) }];

const BY_NAME: ReadonlyMap<string, Discloser> = new Map(DISCLOSERS.flatMap((d) => d.names.map((n) => [n, d] as const)));

/** What an unknown program discloses of a credential file or keyring, by its name and words. */
export function disclosureEffects(call: Call): Effect[] {
  return BY_NAME.get(call.name)?.analyse(call) ?? [];
}
