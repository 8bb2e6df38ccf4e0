// A scripted model on 127.0.0.1: it answers the Anthropic Messages API (for Claude Code) and
// OpenAI-compatible chat completions (for opencode and pi), both streamed as SSE, by playing a
// fixed list of tool calls. Which step to play is read from the conversation itself (how many
// assistant turns with tool calls it already holds), so side requests a host makes (a title,
// a summary) neither advance nor break the script. Every request is recorded with its arrival
// time, so a test can say what reached the model and how long the host took between calls.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One tool call, in the host's own vocabulary (tool name and input as its tool schema has them). */
export interface Step {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
}

export interface Recorded {
  readonly path: string;
  readonly body: string;
  /** performance.now() when the request arrived. */
  readonly at: number;
  /** performance.now() when the answer was fully written; null for a request not answered. */
  answeredAt: number | null;
  /** The step this request was answered with (its index), "text" for the closing text, or "side" for a request that is not the main loop. */
  kind: number | "text" | "side" | "other";
}

export interface ModelServer {
  readonly url: string;
  readonly requests: readonly Recorded[];
  /** Every request body, joined: what reached the model. */
  seen(): string;
  close(): Promise<void>;
}

/** The server closes itself after this long even if a test forgets to, so no run leaves it behind. */
const MAX_LIFETIME_MS = 15 * 60 * 1000;
const MAX_BODY = 64 * 1024 * 1024;
export const FINAL_TEXT = "scripted model: done";

export async function startModelServer(steps: readonly Step[]): Promise<ModelServer> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(e));
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = performance.now();
    const body = await readBody(req);
    const rec: Recorded = { path: req.url ?? "", body, at, answeredAt: null, kind: "other" };
    requests.push(rec);
    const path = (req.url ?? "").split("?")[0]!;
    if (req.method === "POST" && path.endsWith("/messages/count_tokens")) {
      return json(res, rec, { input_tokens: 100 });
    }
    if (req.method === "POST" && path.endsWith("/messages")) return anthropic(res, rec, parse(body), steps);
    if (req.method === "POST" && path.endsWith("/chat/completions")) return openai(res, rec, parse(body), steps);
    res.writeHead(404, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        error: { type: "not_found", message: `the scripted model does not serve ${req.method} ${path}` },
      }),
    );
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const lifetime = setTimeout(() => server.close(), MAX_LIFETIME_MS);
  lifetime.unref();
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, seen: () => requests.map((r) => r.body).join("\n"),
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(lifetime);
        server.closeAllConnections();
        server.close(() => resolve());
      }) };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy(new Error("request body too large"));
      else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

type Json = Record<string, unknown>;

function parse(body: string): Json {
  const v: unknown = JSON.parse(body);
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error("request body is not a JSON object");
  return v as Json;
}

function json(res: ServerResponse, rec: Recorded, value: unknown): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
  rec.answeredAt = performance.now();
}

/** The tool names a request offers the model. */
function toolNames(req: Json): string[] {
  const tools = Array.isArray(req.tools) ? (req.tools as unknown[]) : [];
  return tools.map((t) => {
    if (typeof t !== "object" || t === null) return "";
    const o = t as Json;
    const fn = o.function as Json | undefined;
    return typeof o.name === "string" ? o.name : typeof fn?.name === "string" ? fn.name : "";
  });
}

/** Which step the conversation is at: one per assistant turn that already called a tool. */
function nextStep(req: Json, steps: readonly Step[], calledTool: (m: Json) => boolean): Recorded["kind"] {
  const messages = Array.isArray(req.messages) ? (req.messages as Json[]) : [];
  const done = messages.filter((m) => m.role === "assistant" && calledTool(m)).length;
  const offered = toolNames(req);
  const step = steps[done];
  if (step === undefined) return "text";
  // A request that does not offer the step's tool is a side request (title, summary).
  return offered.includes(step.tool) ? done : "side";
}

function sse(res: ServerResponse, rec: Recorded, events: readonly string[]): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  for (const e of events) res.write(e);
  res.end();
  rec.answeredAt = performance.now();
}

function anthropic(res: ServerResponse, rec: Recorded, req: Json, steps: readonly Step[]): void {
  const kind = nextStep(req, steps,
    (m) => Array.isArray(m.content) && (m.content as Json[]).some((b) => b.type === "tool_use"));
  rec.kind = kind;
  const model = typeof req.model === "string" ? req.model : "scripted";
  const id = `msg_${rec.at.toFixed(0)}_${Math.random().toString(36).slice(2, 8)}`;
  const step = typeof kind === "number" ? steps[kind]! : null;
  const toolId = `toolu_${String(kind)}_${Math.random().toString(36).slice(2, 10)}`;
  const text = kind === "side" ? "Scripted session" : FINAL_TEXT;
  const usage = { input_tokens: 100, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  if (req.stream !== true) {
    const content = step
      ? [{ type: "tool_use", id: toolId, name: step.tool, input: step.input }]
      : [{ type: "text", text }];
    return json(res, rec, { id, type: "message", role: "assistant", model, content,
      stop_reason: step ? "tool_use" : "end_turn", stop_sequence: null, usage });
  }
  const ev = (type: string, data: Json) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const block = step
    ? [
      ev("content_block_start", { index: 0,
        content_block: { type: "tool_use", id: toolId, name: step.tool, input: {} } }),
      ev("content_block_delta", { index: 0,
        delta: { type: "input_json_delta", partial_json: JSON.stringify(step.input) } }),
    ]
    : [ev("content_block_start", { index: 0, content_block: { type: "text", text: "" } }),
      ev("content_block_delta", { index: 0, delta: { type: "text_delta", text } })];
  sse(res, rec, [
    ev("message_start", {
      message: { id, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null,
        usage: { ...usage, output_tokens: 1 } },
    }),
    ...block,
    ev("content_block_stop", { index: 0 }),
    ev("message_delta", { delta: { stop_reason: step ? "tool_use" : "end_turn", stop_sequence: null },
      usage: { output_tokens: 10 } }),
    ev("message_stop", {}),
  ]);
}

function openai(res: ServerResponse, rec: Recorded, req: Json, steps: readonly Step[]): void {
  const kind = nextStep(req, steps, (m) => Array.isArray(m.tool_calls) && (m.tool_calls as unknown[]).length > 0);
  rec.kind = kind;
  const model = typeof req.model === "string" ? req.model : "scripted";
  const id = `chatcmpl_${rec.at.toFixed(0)}`;
  const step = typeof kind === "number" ? steps[kind]! : null;
  const text = kind === "side" ? "Scripted session" : FINAL_TEXT;
  const call = step
    ? { index: 0, id: `call_${String(kind)}_${Math.random().toString(36).slice(2, 10)}`, type: "function",
      function: { name: step.tool, arguments: JSON.stringify(step.input) } }
    : null;
  const usage = { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 };
  const finish = step ? "tool_calls" : "stop";
  if (req.stream !== true) {
    const message = step
      ? { role: "assistant", content: null, tool_calls: [call] }
      : { role: "assistant", content: text };
    return json(res, rec, { id, object: "chat.completion", created: 0, model,
      choices: [{ index: 0, message, finish_reason: finish }], usage });
  }
  const chunk = (choices: unknown[], extra: Json = {}) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model, choices, ...extra })}\n\n`;
  const delta = step ? { role: "assistant", content: null, tool_calls: [call] } : { role: "assistant", content: text };
  sse(res, rec, [chunk([{ index: 0, delta, finish_reason: null }]),
    chunk([{ index: 0, delta: {}, finish_reason: finish }]), chunk([], { usage }), "data: [DONE]\n\n"]);
}
