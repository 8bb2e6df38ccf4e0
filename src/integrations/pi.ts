// The pi coding agent extension. Its tool_call handler blocks a deny with the reason, and for
// an ask uses pi's own confirmation dialog; without a UI (print and JSON modes) nobody can be
// asked, so an ask blocks.
//
// Extension API: pi-mono packages/coding-agent/docs/extensions.md (ExtensionAPI.on("tool_call"),
// ctx.hasUI, ctx.ui.confirm, the { block, reason } result); built-in tools' inputs from
// packages/coding-agent/src/core/tools.

import { explainVerdict } from "./explain.ts";
import { type Call, checkCall, createHost, type FileTool, type Host } from "./host.ts";
import { isRecord, stringField } from "./fields.ts";

/** The part of pi's tool_call event the extension reads. */
export interface PiToolCallEvent {
  readonly toolName: string;
  readonly input: unknown;
}

/** The part of pi's ExtensionContext the extension uses. */
export interface PiContext {
  readonly cwd: string;
  readonly hasUI: boolean;
  readonly ui: { confirm(title: string, message: string): Promise<boolean> };
}

export type PiToolCallResult = { readonly block: true; readonly reason: string } | undefined;

/** The part of pi's ExtensionAPI the extension uses. */
export interface PiApi {
  on(event: "tool_call", handler: (event: PiToolCallEvent, ctx: PiContext) => Promise<PiToolCallResult>): void;
}

/** pi's file tools: the input field naming the path, and how the policy judges them. */
const FILE_TOOLS: Readonly<Record<string, { readonly tool: FileTool; readonly optional: boolean }>> = {
  read: { tool: "read", optional: false },
  write: { tool: "write", optional: false },
  edit: { tool: "edit", optional: false },
  find: { tool: "find", optional: true },
  grep: { tool: "grep", optional: true },
  ls: { tool: "ls", optional: true },
};

export const CONFIRM_TITLE = "shellfence: allow this?";

export default function shellfence(pi: PiApi): void {
  // One guard per project directory: a session that moves (/resume elsewhere) gets its own.
  const hosts = new Map<string, Promise<Host>>();
  const hostFor = (cwd: string): Promise<Host> => {
    let h = hosts.get(cwd);
    if (!h) {
      h = createHost({ root: cwd });
      hosts.set(cwd, h);
      // A failure is reported on this call and retried on the next, not remembered.
      h.catch(() => hosts.delete(cwd));
    }
    return h;
  };

  pi.on("tool_call", async (event, ctx) => {
    let call: Call | null;
    try {
      call = piCall(event.toolName, event.input, ctx.cwd);
    } catch (e) {
      return { block: true, reason: `shellfence cannot check this ${event.toolName} call: ${(e as Error).message}` };
    }
    if (call === null) return undefined;
    let host: Host;
    try {
      host = await hostFor(ctx.cwd);
    } catch (e) {
      return { block: true, reason: `shellfence could not start, so nothing runs unchecked: ${(e as Error).message}` };
    }
    const verdict = checkCall(host, call);
    if (verdict.decision === "allow") return undefined;
    const reason = explainVerdict(verdict, call.kind === "tool" ? { actor: event.toolName } : {});
    if (verdict.decision === "deny") return { block: true, reason };
    if (!ctx.hasUI) return { block: true, reason: `${reason} (Blocked: there is no UI to ask.)` };
    const ok = await ctx.ui.confirm(CONFIRM_TITLE, reason);
    return ok ? undefined : { block: true, reason: `${reason} (Declined by the user.)` };
  });
}

/** The call to judge, or null for a tool shellfence has no opinion on. */
function piCall(toolName: string, input: unknown, cwd: string): Call | null {
  if (toolName !== "bash" && !Object.hasOwn(FILE_TOOLS, toolName)) return null;
  if (!isRecord(input)) throw new Error("its input is not an object");
  if (toolName === "bash") {
    const command = stringField(input, "command");
    if (command === undefined) throw new Error("it has no command");
    return { kind: "bash", command, cwd };
  }
  const spec = FILE_TOOLS[toolName]!;
  // pi strips a leading @ (the model writes paths as mentions); reading it the same way is
  // also the stricter reading, since "@/etc/x" then means /etc/x.
  const raw = stringField(input, "path");
  const path = raw?.startsWith("@") ? raw.slice(1) : raw;
  if (path === undefined && !spec.optional) throw new Error("it has no path");
  const pattern = spec.tool === "find" ? stringField(input, "pattern") : undefined;
  return { kind: "tool", tool: spec.tool, input: { ...(path !== undefined ? { path } : {}), ...(pattern !== undefined ? { pattern } : {}) }, cwd, actor: toolName };
}
