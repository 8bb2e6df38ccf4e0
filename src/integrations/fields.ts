// Reading hosts' JSON without trusting its shape: a field is the type it should be, absent,
// or an error that says which field was wrong.

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A string field, or undefined when absent; anything else is the host's mistake, not a path. */
export function stringField(obj: Record<string, unknown>, key: string): string | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw new TypeError(`${key} is ${Array.isArray(v) ? "an array" : typeof v}, not a string`);
  return v;
}
