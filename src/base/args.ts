// Reading command-line words: flags, and options whose value is glued on (`--opt=value`) or
// is the next word. Shared by every subcommand's parser.

/** A usage mistake in a command line: reported with the usage text, exit 2. */
export class ArgError extends Error {
  override readonly name = "ArgError";
}

export class Args {
  private i = -1;

  constructor(private readonly argv: readonly string[]) {}

  /** The next word, or undefined at the end. */
  next(): string | undefined {
    return this.argv[++this.i];
  }

  /** Every word after the current one (what follows `--`); the reader is then at the end. */
  rest(): string[] {
    const r = this.argv.slice(this.i + 1);
    this.i = this.argv.length;
    return r;
  }

  /** Whether `word` is the option `name`, alone or with a glued value. */
  static is(word: string, name: string): boolean {
    return word === name || word.startsWith(name + "=");
  }

  /** The value of the option in `word`: after its `=`, or the next word. */
  value(word: string, name: string): string {
    const eq = word.indexOf("=");
    if (eq > 0) return word.slice(eq + 1);
    const v = this.argv[++this.i];
    if (v === undefined) throw new ArgError(`${name} needs a value`);
    return v;
  }
}
