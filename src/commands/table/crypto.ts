// Crypto tools: openssl, gpg, ssh-keygen, ssh-copy-id. Keys, keyrings and certificates are
// files; a library openssl loads as an engine or provider is code.

import { applySpec, parseWords, syntheticArg } from "../apply.ts";
import { type Arg, type Effect, withValue } from "../effects.ts";
import { type Custom, each, flag, hooks, issue, none, optionItems, optionValues, pathList, read, roleAs, runsProgram,
  spanOf, write } from "./common.ts";
import { expandSpec, type TableSpec } from "./expand.ts";
import { sshOptions } from "./network.ts";
import type { Analyser, Call, SpecContext } from "../spec.ts";

/** -passin file:PATH and friends: only the file: form names a file. */
const passFiles = (names: readonly string[]): Custom => (ctx) => {
  for (const v of optionValues(ctx, ...names)) {
    if (v.text === null) ctx.role(v, "generic");
    else if (v.text.startsWith("file:")) roleAs(ctx, v, v.text.slice(5), "read");
  }
};

/** A module named by its file (`/x/evil.so`, `evil.so`) rather than by its name (`legacy`). */
const MODULE_FILE = /\/|\.(so|dylib|dll)$/;

/**
 * Shared libraries openssl loads (openssl(1), OpenSSL 3 provider(7), engine(3)): `-provider`
 * and `-engine` take a name or a library's path; a name is looked up in `-provider-path` or
 * `$OPENSSL_MODULES` when given (else the system's modules directory), and `$OPENSSL_CONF`
 * names a configuration file that can load either.
 */
function opensslModules(ctx: SpecContext): void {
  const searched = optionValues(ctx, "-provider-path").length > 0 || isSet(ctx, "OPENSSL_MODULES");
  for (const it of optionItems(ctx, "-provider", "-engine")) {
    const v = it.value;
    if (!v) continue;
    const file = v.text === null || MODULE_FILE.test(v.text);
    if (v.text !== null && v.text.includes("/")) roleAs(ctx, v, v.text, "exec");
    if (file || (it.name === "-provider" && searched) || (it.name === "-engine" && isSet(ctx, "OPENSSL_ENGINES"))) {
      issue(ctx, "OPAQUE_CODE", `openssl ${it.name} ${v.source} loads a library the guard cannot see into`, v.span);
    }
  }
  const conf = ctx.world.getVar("OPENSSL_CONF");
  if (conf !== undefined && conf.k !== "unset") {
    if (conf.k === "str") ctx.role(syntheticArg(conf.v, spanOf(ctx)), "read");
    issue(ctx, "UNRESOLVED_WORD", "openssl reads $OPENSSL_CONF, a configuration file that can load libraries");
  }
}

function isSet(ctx: SpecContext, name: string): boolean {
  const v = ctx.world.getVar(name);
  return v !== undefined && v.k !== "unset";
}

const OPENSSL: TableSpec = { names: ["openssl"], singleDashLong: true, abbreviations: false,
  long: ["-noout", "-text", "-pubin", "-pubout", "-nodes", "-noenc", "-x509", "-new", "-batch", "-verbose", "-quiet",
    "-brief", "-showcerts", "-CAcreateserial", "-subject", "-issuer", "-dates", "-enddate", "-startdate",
    "-fingerprint", "-hash", "-modulus", "-check", "-pubkey", "-serial", "-email", "-ocspid", "-ocsp_uri", "-purpose",
    "-nocert", "-export", "-legacy", "-nokeys", "-clcerts", "-cacerts", "-info", "-base64", "-a", "-A", "-d", "-e",
    "-p", "-P", "-salt", "-nosalt", "-pbkdf2", "-r", "-c", "-hex", "-binary", "-help", "-version", "-www", "-WWW",
    "-HTTP", "-msg", "-debug", "-state", "-crlf", "-ign_eof", "-no_ign_eof", "-reconnect", "-prexit", "-status",
    "-tls1_2", "-tls1_3", "-dtls", "-ssl3", "-no_ssl3", "-no_tls1", "-trace", "-genkey", "-param_out", "-noiter", "-v",
    "-providers", "-commands", "-digest-commands", "-cipher-commands", "-all-algorithms"],
  options: {
    ...each(read, "-in", "-key", "-cert", "-CAfile", "-CApath", "-CAkey", "-CA", "-config", "-signkey", "-inkey",
      "-certfile", "-extfile", "-sigfile", "-signature", "-sign", "-verify", "-prverify", "-kfile", "-sess_in", "-CRL",
      "-crl", "-cert_chain", "-dcert", "-dkey", "-chainCAfile", "-verifyCAfile", "-keyfile", "-ss_cert", "-spkac",
      "-provider-path", "-untrusted", "-trusted", "-paramfile", "-dhparam", "-peerkey", "-ctlogfile", "-host_key",
      "-recip", "-content"),
    ...each(write, "-out", "-keyout", "-writerand", "-sess_out", "-msgfile", "-keylogfile", "-outdir", "-CAserial",
      "-signer", "-reqout", "-respout", "-genstr"),
    ...each(none, "-passin", "-passout", "-pass", "-newkey", "-rand", "-engine"),
    ...each(none, "-reqexts", "-extensions", "-subj", "-days", "-md", "-hmac", "-provider", "-propquery", "-connect",
      "-servername", "-port", "-accept", "-psk", "-psk_identity", "-alpn", "-starttls", "-proxy", "-name", "-caname",
      "-inform", "-outform", "-keyform", "-certform", "-CAform", "-CAkeyform", "-set_serial", "-sigopt", "-pkeyopt",
      "-iter", "-iv", "-K", "-S", "-k", "-cipher", "-ciphersuites", "-curves", "-groups", "-nameopt", "-certopt",
      "-addext", "-checkhost", "-checkemail", "-checkip", "-purpose", "-verify_hostname", "-verify_depth", "-algorithm",
      "-pkeyopt", "-kdfopt", "-macopt", "-digest", "-keylen", "-out_trusted", "-url", "-host", "-path", "-attime",
      "-policy", "-auth_level", "-numbits", "-generator", "-max_send_frag", "-timeout", "-n", "-macalg", "-salt_len",
      "-keyalg", "-curve", "-scheme"),
  }, operands: { first: "none", rest: "read" },
  custom: hooks(passFiles(["-passin", "-passout", "-pass"]), pathList(["-rand"], "read"), (ctx) => {
    // -newkey rsa:2048 or rsa:PARAMFILE / ec:PARAMFILE.
    for (const v of optionValues(ctx, "-newkey")) {
      const m = v.text === null ? null : /^[a-z0-9-]+:(.+)$/i.exec(v.text);
      if (v.text === null) ctx.role(v, "generic");
      else if (m && !/^[0-9]+$/.test(m[1]!)) roleAs(ctx, v, m[1]!, "read");
    }
    opensslModules(ctx);
  }) };

/**
 * gpg commands that change the keyring or trust database (gpg 2.4 man page). Matched on the
 * option's full name, so a unique prefix (`--quick-gen-k`, which gpg accepts) counts too.
 * --locate-keys and --auto-key-retrieve may fetch keys and import them.
 */
const KEYRING_CHANGES =
  /^--(import|recv-keys?|receive-keys|refresh-keys|fetch-keys|locate-keys|locate-external-keys|auto-key-retrieve|gen-key|full-gen-key|full-generate-key|generate-key|quick-gen(erate)?-key|quick-add-(key|uid|adsk)|quick-(l)?sign-key|quick-set-expire|quick-set-primary-uid|quick-revoke-(uid|sig)|edit-key|key-edit|delete-(secret-and-public-)?keys?|delete-secret-keys|lsign-key|sign-key|nrsign-key|import-ownertrust|update-trustdb|check-trustdb|tofu-policy|change-passphrase|passwd)$/;

const GPG: TableSpec = { names: ["gpg", "gpg2"], flags: "aedsbckKvqniz",
  long: ["--armor", "--armour", "--encrypt", "--decrypt", "--sign", "--clearsign", "--clear-sign", "--detach-sign",
    "--symmetric", "--verify", "--list-keys", "--list-public-keys", "--list-secret-keys", "--list-sigs", "--check-sigs",
    "--fingerprint", "--import", "--export", "--export-secret-keys", "--export-secret-subkeys", "--recv-keys",
    "--send-keys", "--search-keys", "--refresh-keys", "--gen-key", "--full-gen-key", "--full-generate-key",
    "--generate-key", "--quick-generate-key", "--quick-gen-key", "--quick-add-key", "--quick-add-uid", "--edit-key",
    "--delete-keys", "--delete-secret-keys", "--delete-secret-and-public-keys", "--batch", "--yes", "--no", "--no-tty",
    "--with-colons", "--with-fingerprint", "--with-keygrip", "--with-subkey-fingerprint", "--dry-run", "--always-trust",
    "--no-default-keyring", "--no-options", "--quiet", "--verbose", "--card-status", "--change-passphrase", "--passwd",
    "--lsign-key", "--sign-key", "--gen-revoke", "--generate-revocation", "--dearmor", "--enarmor", "--store",
    "--encrypt-files", "--decrypt-files", "--locate-keys", "--show-keys", "--import-ownertrust", "--export-ownertrust",
    "--update-trustdb", "--check-trustdb", "--version", "--help", "--warranty", "--dump-options", "--list-config",
    "--print-md", "--print-mds", "--gen-random", "--throw-keyids", "--no-throw-keyids", "--for-your-eyes-only",
    "--openpgp", "--rfc4880", "--use-agent", "--no-use-agent", "--ignore-time-conflict", "--no-permission-warning",
    "--no-auto-key-locate", "--auto-key-retrieve", "--no-greeting", "--no-secmem-warning", "--show-session-key",
    "--textmode", "--multifile", "--no-verbose", "--fixed-list-mode", "--list-packets", "--expert",
    "--allow-secret-key-import", "--no-symkey-cache", "--unwrap", "--receive-keys", "--fetch-keys",
    "--locate-external-keys", "--quick-sign-key", "--quick-lsign-key", "--quick-set-expire", "--quick-set-primary-uid",
    "--quick-revoke-uid", "--quick-revoke-sig", "--quick-add-adsk", "--key-edit", "--nrsign-key", "--tofu-policy",
    "--desig-revoke", "--generate-designated-revocation"],
  options: { "-o": write, "--output": write, "--homedir": write,
    ...each(read, "--passphrase-file", "--options", "--command-file", "--trustdb-file"),
    ...each(write, "--keyring", "--secret-keyring", "--primary-keyring", "--trustdb-name", "--status-file",
      "--logger-file", "--log-file", "--attribute-file"),
    ...each(none, "-r", "--recipient", "-R", "--hidden-recipient", "-u", "--local-user", "--default-key",
      "--default-recipient", "--sender", "--keyserver", "--keyserver-options", "--passphrase", "--passphrase-fd",
      "--pinentry-mode", "--status-fd", "--logger-fd", "--command-fd", "--attribute-fd", "--trust-model",
      "--cipher-algo", "--digest-algo", "--compress-algo", "--cert-digest-algo", "--s2k-cipher-algo",
      "--s2k-digest-algo", "--s2k-mode", "--s2k-count", "-z", "--compress-level", "--set-filename", "--comment",
      "--export-options", "--import-options", "--list-options", "--verify-options", "--keyid-format",
      "--personal-cipher-preferences", "--personal-digest-preferences", "--personal-compress-preferences",
      "--auto-key-locate", "--faked-system-time", "--debug", "--debug-level", "--default-new-key-algo", "--max-output",
      "--compliance", "--encrypt-to", "--hidden-encrypt-to", "--trusted-key", "--set-notation", "--sig-notation",
      "--cert-notation", "--request-origin", "--agent-socket", "-N", "--display-charset", "--charset", "--weak-digest",
      "--default-cert-expire", "--default-sig-expire", "--ask-cert-level", "--min-cert-level", "--completes-needed",
      "--marginals-needed", "--max-cert-depth", "--ctapi-driver", "--pcsc-driver"),
    ...each({ value: "none", modes: ["program"] }, "--photo-viewer", "--exec-path", "--agent-program",
      "--dirmngr-program", "--keyserver-helper") }, operands: { all: "read" },
  custom: hooks(
    runsProgram(["--photo-viewer", "--exec-path", "--agent-program", "--dirmngr-program", "--keyserver-helper"]),
    (ctx) => {
      // Importing, receiving, generating, signing or deleting keys writes the keyring in the home
      // directory (~/.gnupg, or --homedir), which the guard judges as a write there.
      const changes = ctx.items.some((it) => it.t === "option" && KEYRING_CHANGES.test(it.name));
      if (changes && !optionItems(ctx, "--homedir").length) {
        issue(ctx, "OUTSIDE_EFFECT", `${ctx.name} changes the keyring in the home directory`);
      }
    },
  ) };

const SSH_KEYGEN_SPEC = expandSpec({ names: ["ssh-keygen"], style: "gnu", abbreviations: false, flags: "qvUkhuH",
  options: { "-f": none, ...each({ modes: ["reads"] }, "-y", "-l", "-B", "-e", "-i", "-L", "-Q", "-D"),
    ...each({ modes: ["known-hosts"] }, "-H"), "-F": { value: "none", modes: ["reads", "known-hosts"] },
    "-R": { value: "none", modes: ["known-hosts"] }, "-A": { modes: ["host-keys"] }, "-s": read, "-w": read,
    ...each(none, "-t", "-b", "-C", "-N", "-P", "-m", "-Z", "-a", "-O", "-n", "-V", "-z", "-I", "-r", "-E", "-Y", "-M",
      "-J", "-j", "-S", "-W"), "-G": write, "-T": write, "-K": flag, "-g": flag, "-p": { modes: ["changes"] },
    "-c": { modes: ["changes"] } }, operands: { all: { default: "write", modes: { reads: "read" } } } });

/**
 * ssh-keygen: -f names the key (read with -y/-l/…, written otherwise); without -f a new key
 * goes to ~/.ssh/id_TYPE and -R/-H rewrite ~/.ssh/known_hosts.
 */
function sshKeygen(call: Call): Effect[] {
  const parsed = parseWords(SSH_KEYGEN_SPEC, call.args, call.world, undefined, false);
  const effects = applySpec("ssh-keygen", SSH_KEYGEN_SPEC, call.args, call.world, call.span).effects;
  // -O write-attestation=FILE writes the attestation there.
  for (const it of parsed.items) {
    if (it.t !== "option" || it.name !== "-O" || !it.value) continue;
    const m = it.value.text === null ? null : /^write-attestation=(.+)$/.exec(it.value.text);
    if (it.value.text === null) effects.push({ t: "generic", arg: it.value, operand: false });
    else if (m) effects.push({ t: "path", arg: withValue(it.value, m[1]!, ""), kind: "write" });
  }
  const file = parsed.items.find((i) => i.t === "option" && i.name === "-f");
  const fileArg = file && file.t === "option" ? file.value : null;
  const reads = parsed.modes.has("reads") && !parsed.modes.has("changes") &&
    !parsed.items.some((i) => i.t === "option" && (i.name === "-R" || i.name === "-H"));
  const home = call.world.getVar("HOME");
  const homeDir = home === undefined ? call.home : home.k === "str" ? home.v : null;
  const inHome = (name: string): Arg =>
    withValue(call.nameArg, homeDir === null ? null : `${homeDir}/.ssh/${name}`, "the home directory is not known");
  if (parsed.modes.has("host-keys")) {
    effects.push({ t: "path",
      arg: fileArg ? withValue(fileArg, `${fileArg.text ?? ""}/etc/ssh`, "") : withValue(call.nameArg, "/etc/ssh", ""),
      kind: "write" });
  } else if (fileArg) effects.push({ t: "path", arg: fileArg, kind: reads ? "read" : "write" });
  else if (parsed.modes.has("known-hosts")) {
    effects.push({ t: "path", arg: inHome("known_hosts"), kind: reads ? "read" : "write" });
  } else if (!reads &&
    !parsed.items.some((i) =>
      i.t === "option" && ["-s", "-Y", "-G", "-T", "-M", "-k", "-u", "-Q", "-K"].includes(i.name)
    ))
  {
    const type = parsed.items.find((i) => i.t === "option" && i.name === "-t");
    const t = type && type.t === "option" ? type.value?.text ?? null : "ed25519";
    effects.push({ t: "path", arg: t === null
      ? withValue(call.nameArg, null, "the key type is not known")
      : inHome(`id_${t.replace(/-.*$/, "").replace(/^ecdsa$/, "ecdsa")}`), kind: "write" });
  }
  if (parsed.items.some((i) => i.t === "option" && i.name === "-K")) {
    effects.push({ t: "path", arg: syntheticArg(".", call.span), kind: "write" });
  }
  return effects;
}

const SSH_COPY_ID: TableSpec = { names: ["ssh-copy-id"], abbreviations: false, flags: "fnsxh",
  options: { "-i": read, "-p": none, "-t": none, "-o": none, "-F": read }, operands: { all: "none" },
  custom: sshOptions };

export const CRYPTO_SPECS: readonly TableSpec[] = [OPENSSL, GPG, SSH_COPY_ID];

export const CRYPTO_ANALYSERS: readonly Analyser[] = [{ names: ["ssh-keygen"], analyse: sshKeygen }];
