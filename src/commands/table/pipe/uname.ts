// What `uname -m` and `uname -s` print: names the kernel's source fixes (UTS_MACHINE, "Linux";
// `x86_64`, `aarch64`, `i686` under `setarch linux32`), one plain path segment. Not `uname -r`
// (the release is whatever the kernel's build was given, unchecked), `-n` or `hostname` (the
// kernel takes any bytes: sethostname("a/../b c") succeeds in a new UTS namespace), nor the
// combinations, which join names with blanks.

import type { PipeOutput } from "../../spec.ts";

const ONE_NAME = new Set(["-m", "--machine", "-s", "--kernel-name"]);

export const UNAME_SEGMENT: PipeOutput = { t: "segment",
  segment: (name, args) => (name === "uname" && args.length === 1 && ONE_NAME.has(args[0]!) ? "[A-Za-z0-9_]+" : null) };
