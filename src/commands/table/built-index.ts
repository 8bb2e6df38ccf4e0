// The command table's index (every name to its group, every option variable to its readers)
// as the bundle's build computed it from these same sources: scripts/build-bundle.ts puts it
// in place of the null below, so that the bundle knows the names without loading a group.
// Elsewhere the index loads every group and computes it (src/commands/table/index.ts).

import type { GroupName } from "./groups.ts";

export interface BuiltIndex {
  readonly names: readonly (readonly [name: string, group: GroupName])[];
  readonly variables: readonly (readonly [variable: string, readers: readonly string[]])[];
}

export const BUILT_INDEX: BuiltIndex | null = null;
