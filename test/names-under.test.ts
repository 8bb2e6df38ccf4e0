// The walk a listing relies on (src/interp/names-under.ts): it fails closed where it
// cannot look. As root a real mode-000 directory does not bite, so the disk here is made up.

import { describe, expect, test } from "bun:test";
import type { FileSystem, LstatResult } from "../src/index.ts";
import { namesUnder } from "../src/interp/names-under.ts";

function disk(types: Record<string, LstatResult>, dirs: Record<string, string[] | null>): FileSystem {
  return { lstat: (p: string) => types[p] ?? null, readdir: (p: string) => dirs[p] ?? null } as unknown as FileSystem;
}

describe("the names under a listed directory", () => {
  test("plain names, walked deep", () => {
    const fs = disk({ "/d": "dir", "/d/a": "dir", "/d/a/b.txt": "file" }, { "/d": ["a"], "/d/a": ["b.txt"] });
    expect(namesUnder(fs, "/d", true, "d", 100)).toEqual({ odd: "" });
  });
  test("a name that is not plain is reported by its characters", () => {
    const fs = disk({ "/d": "dir", "/d/a b": "file" }, { "/d": ["a b"] });
    expect(namesUnder(fs, "/d", true, "d", 100)).toEqual({ odd: " " });
  });
  test("a directory it cannot look into is a reason, not an empty tree", () => {
    const fs = disk({ "/d": "dir", "/d/locked": "unreadable" }, { "/d": ["locked"] });
    expect(namesUnder(fs, "/d", true, "d", 100)).toBe("/d/locked cannot be looked at");
  });
  test("one it cannot list is a reason too", () => {
    const fs = disk({ "/d": "dir", "/d/a": "dir" }, { "/d": ["a"], "/d/a": null });
    expect(namesUnder(fs, "/d", true, "d", 100)).toBe("/d/a cannot be listed");
  });
  test("past the bound", () => {
    const fs = disk({ "/d": "dir" }, { "/d": ["a", "b", "c"] });
    expect(namesUnder(fs, "/d", false, "d", 2)).toBe("d holds more than 2 entries");
  });
});
