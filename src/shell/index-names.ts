// Names a listing took from git's index (src/paths/git-index.ts; Listing.indexed in listing.ts): the only
// symlinks a consumer of them can be given are among them, so the walk for links that lead out
// of the listing's directories (`git ls-files | xargs cat`) looks at those alone, not at an
// untracked link beside them (a virtual environment's `.venv/bin/python`).

/** Git's index names, as the interpreter read them: relative to the working directory, and from the top. */
export interface IndexedNames {
  readonly names: ReadonlySet<string>;
  /** The characters outside the plain set the names hold (a Next.js route's `[]()`), or "". */
  readonly odd: string;
}

/**
 * Which symlinks, by their path as the walk of a listing's `reach` shows it (`./src/l`), a
 * consumer of the listing may be given: undefined for any.
 */
export function linksMet(
  l: { readonly indexed?: ReadonlySet<string> },
): ((name: string, path: string) => boolean) | undefined {
  const names = l.indexed;
  return names === undefined ? undefined : (_name, path) => names.has(path.replace(/^(\.\/)+/, ""));
}
