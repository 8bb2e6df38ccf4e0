// What a command line sees of its process: the streams, whether stdout is a terminal, and the
// environment. Every command line (`check`, `hook`, `scan`, `exec`) takes one, so tests can run
// them without a process; it lives below them so that none has to import another for it.

export interface Io {
  readonly stdout: (s: string) => void;
  readonly stderr: (s: string) => void;
  readonly stdin: () => AsyncIterable<string>;
  readonly isTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Ends the process now, for a watchdog that has answered while work it cannot cancel is
   * still pending (a stdin that never ends). Absent where there is no process of its own to
   * end (the resident server answering a request).
   */
  readonly exit?: (code: number) => void;
}
