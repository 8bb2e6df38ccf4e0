// The public surface of shellfence. Everything else is internal.

export { createGuard } from "./guard.ts";
export type { CheckOptions, Guard, GuardOptions } from "./guard.ts";
export type { Access, AccessKind, Decision, Reason, Verdict } from "./verdict.ts";
export { ACCESS_KINDS, DECISIONS } from "./verdict.ts";
export { REASONS } from "./reasons.ts";
export type { ReasonCode } from "./reasons.ts";
export { ConfigError } from "./policy/config.ts";
export { GrammarError, GRAMMAR } from "./parse/grammar.ts";
export type { FileSystem, LstatResult } from "./paths/fs.ts";
