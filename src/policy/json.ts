// Where a JSON text first goes wrong, as a line and column: JSON.parse's messages differ
// between engines and some carry no position, so config errors locate the fault themselves.
// Only called after JSON.parse has failed.

interface JsonFault {
  readonly line: number;
  readonly column: number;
  readonly expected: string;
}

class Fault extends Error {
  constructor(readonly at: number, readonly expected: string) {
    super(expected);
  }
}

export function locateJsonFault(text: string): JsonFault | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else throw new Fault(i, "a value");
  };
  const string = () => {
    if (text[i] !== '"') throw new Fault(i, "a string in double quotes");
    i++;
    for (;;) {
      if (i >= text.length) throw new Fault(i, "a closing quote");
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) throw new Fault(i, "no control character inside a string");
      if (c === 0x5c) {
        const e = text[i + 1] ?? "";
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Fault(i, "four hex digits after \\u");
          i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(e) || e === "") throw new Fault(i, "a valid escape");
        i += 2;
        continue;
      }
      i++;
    }
    i++;
  };
  const number = () => {
    const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i));
    if (!m || m[0] === "" || m[0] === "-") throw new Fault(i, "a value");
    i += m[0].length;
  };
  const value = (depth: number): void => {
    if (depth > 512) throw new Fault(i, "less nesting");
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        ws();
        string();
        ws();
        if (text[i] !== ":") throw new Fault(i, '":"');
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return;
        }
        throw new Fault(i, '"," or "}"');
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return;
        }
        throw new Fault(i, '"," or "]"');
      }
    }
    if (c === '"') return string();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    return number();
  };
  try {
    value(0);
    ws();
    if (i < text.length) throw new Fault(i, "the end of the text");
    return null;
  } catch (e) {
    if (!(e instanceof Fault)) throw e;
    const before = text.slice(0, e.at);
    const line = before.split("\n").length;
    const column = e.at - before.lastIndexOf("\n");
    return { line, column, expected: e.at >= text.length ? `${e.expected} before the end of the text` : e.expected };
  }
}

/**
 * The first key an object of a valid JSON text gives twice, with the path of keys to that
 * object, or null. JSON.parse keeps the last, while a person reading the file may stop at the
 * first: `{"~/.ssh/**": "deny", …, "~/.ssh/**": "allow"}` must not read as a deny.
 */
export function findDuplicateKey(text: string): { readonly at: string; readonly key: string } | null {
  // The containers open on the way to here; an object knows its keys and the key it is under.
  const stack: { readonly keys: Set<string> | null; readonly name: string; expectKey: boolean }[] = [];
  let lastKey = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const top = stack[stack.length - 1];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.keys.has(key)) return { at: stack.map((s) => s.name).filter((n) => n !== "").join("."), key };
        top.keys.add(key);
        top.expectKey = false;
        lastKey = key;
      }
      i = j;
    } else if (c === "{" || c === "[") {
      stack.push({ keys: c === "{" ? new Set() : null, name: top?.keys ? lastKey : "", expectKey: c === "{" });
    } else if (c === "}" || c === "]") {
      stack.pop();
    } else if (c === "," && top?.keys) {
      top.expectKey = true;
    }
  }
  return null;
}
