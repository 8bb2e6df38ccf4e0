// Text cut out of a file (a workflow's run: block, unindented, unescaped, folded) together with
// where each piece came from, so a span the guard reports maps back to the file's line:col.

interface Segment {
  /** Offset in the text where this piece starts. */
  readonly at: number;
  /** 1-based line and column (UTF-16 code units) in the source file. */
  readonly line: number;
  readonly col: number;
}

export interface MappedText {
  readonly text: string;
  readonly segments: readonly Segment[];
}

interface Position {
  readonly line: number;
  readonly col: number;
}

/** Builds mapped text piece by piece; pieces that continue the previous one share its segment. */
export class MappedBuilder {
  private text = "";
  private readonly segments: Segment[] = [];

  get length(): number {
    return this.text.length;
  }

  push(piece: string, line: number, col: number): void {
    if (piece === "") return;
    const last = this.segments[this.segments.length - 1];
    const continues = last !== undefined && last.line === line && last.col + (this.text.length - last.at) === col;
    if (!continues) this.segments.push({ at: this.text.length, line, col });
    this.text += piece;
  }

  append(m: MappedText): void {
    for (let i = 0; i < m.segments.length; i++) {
      const s = m.segments[i]!;
      const end = i + 1 < m.segments.length ? m.segments[i + 1]!.at : m.text.length;
      this.push(m.text.slice(s.at, end), s.line, s.col);
    }
  }

  build(): MappedText {
    return { text: this.text, segments: [...this.segments] };
  }
}

/** The source position of a text offset (the last segment at or before it). */
export function locate(m: MappedText, offset: number): Position {
  let lo = 0;
  let hi = m.segments.length - 1;
  if (hi < 0) return { line: 1, col: 1 };
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (m.segments[mid]!.at <= offset) lo = mid;
    else hi = mid - 1;
  }
  const s = m.segments[lo]!;
  return { line: s.line, col: s.col + Math.max(0, offset - s.at) };
}

/** A whole file as mapped text: every offset maps to its own line and column. */
export function mapFile(text: string): MappedText {
  const segments: Segment[] = [];
  let at = 0;
  text.split("\n").forEach((line, i) => {
    segments.push({ at, line: i + 1, col: 1 });
    at += line.length + 1;
  });
  return { text, segments };
}

/** Replaces spans of the text; each replacement maps to where the span it replaces began. */
export function rewrite(m: MappedText,
  edits: readonly { readonly start: number; readonly end: number; readonly text: string }[]): MappedText
{
  const b = new MappedBuilder();
  let pos = 0;
  const copy = (from: number, to: number) => {
    let i = from;
    while (i < to) {
      const p = locate(m, i);
      const next = nextSegmentStart(m, i);
      const stop = Math.min(to, next);
      b.push(m.text.slice(i, stop), p.line, p.col);
      i = stop;
    }
  };
  for (const e of [...edits].sort((x, y) => x.start - y.start)) {
    copy(pos, e.start);
    const p = locate(m, e.start);
    b.push(e.text, p.line, p.col);
    pos = e.end;
  }
  copy(pos, m.text.length);
  return b.build();
}

function nextSegmentStart(m: MappedText, offset: number): number {
  for (const s of m.segments) if (s.at > offset) return s.at;
  return m.text.length;
}
