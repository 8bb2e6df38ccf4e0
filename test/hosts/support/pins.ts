// The host versions the end-to-end tests run, installed by scripts/test-hosts.ts into a cache
// (not devDependencies: together they are about 1 GB, which every `npm ci` would pay).
// Claude Code 2.1.332 and opencode 1.18.33 ship native binaries in per-platform optional
// dependencies; pi runs on Node.js.

export interface Pin {
  readonly name: string;
  readonly pkg: string;
  readonly version: string;
  /** The executable in node_modules/.bin, or null for a library. */
  readonly bin: string | null;
}

export const PINS = {
  claude: { name: "Claude Code", pkg: "@anthropic-ai/claude-code", version: "2.1.332", bin: "claude" },
  opencode: { name: "opencode", pkg: "opencode-ai", version: "1.18.33", bin: "opencode" },
  // opencode installs this SDK into every config directory before it loads a plugin; the
  // tests give it the copy installed here, since the hosts run without a network.
  opencodePlugin: { name: "opencode plugin SDK", pkg: "@opencode-ai/plugin", version: "1.18.33", bin: null },
  pi: { name: "pi", pkg: "@mariozechner/pi-coding-agent", version: "0.73.1", bin: "pi" },
} as const satisfies Record<string, Pin>;

export type PinKey = keyof typeof PINS;

/** Where a pin is installed under the cache. */
export function pinDir(cache: string, pin: Pin): string {
  return `${cache}/${pin.pkg.replace(/[/@]/g, "_")}@${pin.version}`;
}
