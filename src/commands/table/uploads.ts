// Sending a local file to another host (DESTRUCTIVE, docs/reasons.md): once it has left, it
// cannot be called back. The file itself is judged as a read where the tool's entry names it
// (network.ts); this says that it leaves, and for where. A transfer to this machine
// (`localhost`, `127.0.0.1`, a `file://` URL) sends nothing anywhere.

import { fileUrlPath } from "../apply.ts";
import type { Arg } from "../effects.ts";
import type { SpecContext } from "../spec.ts";
import { type Custom, issue, locate, optionItems, optionValues } from "./common.ts";
import { LOCAL_HOSTS } from "./shells.ts";

/**
 * The host a URL names (curl and wget take one without a scheme as http), or null when it cannot
 * be told (an unknown word, curl's `{a,b}` or `[1-3]` in the host); "" for a `file:` URL.
 */
function urlHost(text: string | null): string | null {
  if (text === null) return null;
  if (fileUrlPath(text) !== null) return "";
  const rest = text.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//, "");
  const authority = /^[^/?#]*/.exec(rest)![0].replace(/^.*@/, "");
  const host = authority.startsWith("[") ? authority.replace(/\].*$/, "]") : authority.replace(/:[^:]*$/, "");
  return /[{}[\]]/.test(host.replace(/^\[|\]$/g, "")) || host === "" ? null : host;
}

/** Whether a host is this machine. */
function isLocal(host: string): boolean {
  return host === "" || LOCAL_HOSTS.test(host);
}

/** The first host among these that is not this machine (null: one that is not known), or undefined when all are. */
function elsewhere(hosts: readonly (string | null)[]): string | null | undefined {
  if (hosts.length === 0) return null;
  for (const h of hosts) if (h === null || !isLocal(h)) return h;
  return undefined;
}

/** An option with its value as written: `-d @f`, or the one word `--body-file=f`, `-d@f`. */
function spelled(it: { readonly name: string; readonly word: Arg; readonly value: Arg | null }): string {
  const glued = it.value !== null && it.value.span.start === it.word.span.start;
  return glued || it.value === null ? it.word.source : `${it.name} ${it.value.source}`;
}

function sent(ctx: SpecContext, what: string, file: string, to: string | null, at: Arg): void {
  const where = to ?? "a host the guard does not know";
  issue(ctx, "DESTRUCTIVE", `${ctx.name}${what ? ` ${what}` : ""} sends ${file} to ${where}`, at.span);
}

/** The file a curl option's value sends, if it names one (`@FILE`, `name@FILE`, `name=<FILE`, the -T file). */
function curlFile(name: string, v: Arg): string | null {
  const t = v.text;
  if (t === null) return null;
  switch (name) {
    case "-T":
    case "--upload-file":
      // `-` and `.` are standard input.
      return t === "-" || t === "." ? null : t;
    case "--data-urlencode":
    case "--url-query": {
      const at = t.indexOf("@");
      const eq = t.indexOf("=");
      const file = at >= 0 && (eq < 0 || at < eq) ? t.slice(at + 1) : null;
      return file === "-" || file === "" ? null : file;
    }
    case "-F":
    case "--form": {
      const m = /^[^=]*=[@<]([^;]*)/.exec(t);
      const file = m ? m[1]!.replace(/^"|"$/g, "") : null;
      return file === "-" || file === "" ? null : file;
    }
    default:
      return t.startsWith("@") && t !== "@-" && t !== "@" ? t.slice(1) : null;
  }
}

const CURL_SENDS = ["-d", "--data", "--data-ascii", "--data-binary", "--json", "--data-urlencode", "--url-query", "-F",
  "--form", "-T", "--upload-file"];

/** curl -d @FILE, --data-binary @FILE, --json @FILE, --data-urlencode name@FILE, -F name=@FILE, -T FILE to a host not this one. */
export const curlSends: Custom = (ctx) => {
  const to = elsewhere([...ctx.operands, ...optionValues(ctx, "--url")].map((u) => urlHost(u.text)));
  if (to === undefined) return;
  for (const it of optionItems(ctx, ...CURL_SENDS)) {
    const file = it.value ? curlFile(it.name, it.value) : null;
    if (file !== null) sent(ctx, spelled(it), file, to, it.value!);
  }
};

/** wget --post-file FILE, --body-file FILE to a host not this one (-i: the URLs are in a file, hosts unknown). */
export const wgetSends: Custom = (ctx) => {
  const fromFile = optionItems(ctx, "-i", "--input-file").length > 0;
  const to = elsewhere([...ctx.operands.map((u) => urlHost(u.text)), ...(fromFile ? [null] : [])]);
  if (to === undefined) return;
  for (const it of optionItems(ctx, "--post-file", "--body-file")) {
    if (it.value && it.value.text !== null) sent(ctx, spelled(it), it.value.text, to, it.value);
  }
};

/** The host of a remote scp or rsync word (`user@host:path`, `host::module`, `scp://host/p`, `[::1]:p`). */
function remoteHost(text: string): string | null {
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(text)) return urlHost(text);
  const m = /^(?:[^@/]*@)?(\[[^\]]*\]|[^:/]*):/.exec(text);
  return m ? m[1]! : null;
}

/**
 * scp and rsync SOURCE… DEST with DEST on another host: each local source is sent there. (A
 * copy from a remote host, or between two local paths, sends nothing away.)
 */
export const transferSends = (rsync: boolean): Custom => (ctx) => {
  const ops = ctx.operands;
  if (ops.length < 2) return;
  const dest = ops[ops.length - 1]!;
  if (dest.text === null || locate(dest.text, { rsyncModules: rsync }).t !== "remote") return;
  const to = elsewhere([remoteHost(dest.text)]);
  if (to === undefined) return;
  for (const s of ops.slice(0, -1)) {
    if (s.text !== null && locate(s.text, { rsyncModules: rsync }).t === "remote") continue;
    sent(ctx, "", s.source, to, s);
  }
};
