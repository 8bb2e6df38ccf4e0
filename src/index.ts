// The public surface of shellfence. Everything else is internal.

export { createGuard } from "./guard/guard.ts";
export type { CheckOptions, Guard, GuardOptions, ToolCall } from "./guard/guard.ts";
export type { Access, AccessKind, Decision, Reason, Verdict } from "./base/verdict.ts";
export { ACCESS_KINDS, DECISIONS } from "./base/verdict.ts";
export { REASONS } from "./base/reasons.ts";
export type { ReasonCode } from "./base/reasons.ts";
export { ConfigError } from "./policy/config.ts";
export type { AuthorizePath, AuthorizePathRequest } from "./policy/authorize.ts";
export type { LayerInfo, LayerKind } from "./policy/layers.ts";
export type { Approval, ApprovalScope, ApprovalSuggestion, ApproveOptions, RuleTarget } from "./policy/session.ts";
export { GrammarError, GRAMMAR } from "./parse/grammar.ts";
export type { FileSystem, LstatResult } from "./paths/fs.ts";
export type { ExecOptions, ExecResult, SandboxOptions } from "./sandbox/exec.ts";
export { DEFAULT_SANDBOX_MODE, SANDBOX_MODES, SandboxError } from "./sandbox/profile.ts";
export type { Mount, MountMode, SandboxMode, SandboxProfile } from "./sandbox/profile.ts";
export { bwrapArgs, findBwrap, SECCOMP_FD, sandboxAvailability, sandboxedCommandLine,
  TRUSTED_BWRAP } from "./sandbox/bwrap.ts";
export { unixSocketFilter } from "./sandbox/seccomp.ts";
export type { Availability } from "./sandbox/bwrap.ts";
export { claudeSandboxSettings } from "./sandbox/claude.ts";
export type { ClaudeSandboxSettings } from "./sandbox/claude.ts";
