// What a command line sees of its process: the streams, whether stdout is a terminal, and the
// environment. Every command line (`check`, `hook`, `scan`, `exec`) takes one, so tests can run
// them without a process; it lives below them so that none has to import another for it.

export interface Io {
  readonly stdout: (s: string) => void;
  readonly stderr: (s: string) => void;
  readonly stdin: () => AsyncIterable<string>;
  readonly isTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}
