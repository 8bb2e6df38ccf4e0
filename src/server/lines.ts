// A hook input already read into memory, handed to the CLI as the lines its stdin would have
// given: the same readline splitting, so the answer cannot depend on which process reads it.

import { createInterface } from "node:readline";
import { Readable } from "node:stream";

export function stdinLines(text: string): AsyncIterable<string> {
  return createInterface({ input: Readable.from([text]), crlfDelay: Infinity });
}
