// Tools that print a secret they hold (src/commands/table/credentials.ts, git config, npm config,
// pip config): what they print is a credential file's content, so the command is a read of that
// file (or, for a keyring, an outside place it cannot name: UNRESOLVED_PATH). Verbs that only
// report a login, or mask what they print, stay allowed.

import { table, useSandbox } from "../support/table.ts";

const box = useSandbox();

table("printing a stored credential is reading it", box, [
  ["gh auth token", "ask", ["read $H/.config/gh/hosts.yml"]],
  ["gh auth status --show-token", "ask", ["read $H/.config/gh/hosts.yml"]],
  ["aws configure get aws_secret_access_key", "ask", ["read $H/.aws/credentials"]],
  ["aws configure export-credentials --format env", "ask", ["read $H/.aws/credentials"]],
  ["gcloud auth print-access-token", "ask", ["read $H/.config/gcloud"]],
  ["az account get-access-token", "ask", ["read $H/.azure"]],
  ["heroku auth:token", "ask", ["read $H/.netrc"]],
  ["echo https://index.docker.io/v1/ | docker-credential-desktop get", "ask", ["read $H/.docker/config.json"]],
  ["security find-generic-password -w -s github", "ask", ["#OUTSIDE_EFFECT"]],
  ["secret-tool lookup service github", "ask", ["#OUTSIDE_EFFECT"]],
  ["pass show github/token", "ask", ["read $H/.password-store"]],
  ["op read op://vault/item/password", "ask", ["#OUTSIDE_EFFECT"]],
  ["printf 'protocol=https\\nhost=github.com\\n' | git credential fill", "ask", ["#OUTSIDE_EFFECT"]],
  ["git credential-store get", "ask", ["#OUTSIDE_EFFECT"]],
  ["git config --global --list", "ask", ["read $H/.gitconfig"]],
  ["git config --list", "ask", ["read $H/.gitconfig"]],
  ["git config --get-regexp '^url'", "ask", ["read $H/.gitconfig"]],
  ["git config --get http.https://github.com/.extraheader", "ask", ["read $H/.gitconfig"]],
  ["npm config get //registry.npmjs.org/:_authToken", "ask", ["read $H/.npmrc"]],
  ["npm get //registry.npmjs.org/:_authToken", "ask", ["read $H/.npmrc"]],
  ["pip config list", "ask", ["#OUTSIDE_EFFECT"]],
  // pnpm 9 and yarn 1 print the credential unmasked, and `config list` every one of them.
  ["pnpm config get //registry.npmjs.org/:_authToken", "ask", ["read $H/.npmrc", "read $H/.config/pnpm/rc"]],
  ["pnpm config list", "ask", ["read $H/.npmrc"]],
  ["yarn config get npmAuthToken", "ask", ["read $H/.yarnrc.yml", "read $H/.yarnrc", "read $H/.npmrc"]],
  ["yarn config list", "ask", ["read $H/.yarnrc"]],
  // kubectl masks the kubeconfig's keys and tokens unless --raw (kubectl 1.29).
  ["kubectl config view --raw", "ask", ["#OUTSIDE_EFFECT"]],
  ["kubectl config view --raw --kubeconfig ../outside/k.yaml", "ask", ["read $O/k.yaml"]],
]);

table("reporting a login without the secret", box, [["gh auth status", "allow"], ["gh pr list", "allow"], [
  "aws configure list",
  "allow",
], ["aws sts get-caller-identity", "allow"], ["gcloud config list", "allow"], ["git config --get user.email", "allow"],
  ["git config user.name", "allow"], ["git config --local --list", "allow"], ["git config -f .gitmodules --list",
  "allow", ["read $P/.gitmodules"]], ["npm config get registry", "allow"], ["pass ls", "allow"], [
  "pnpm config get registry",
  "allow",
], ["yarn config get registry", "allow"], ["kubectl config view", "allow"], [
  "kubectl config view --minify -o jsonpath='{.clusters[0].cluster.server}'",
  "allow",
]]);
