// crontab: installing a crontab schedules commands the guard never sees.

import { withValue } from "../effects.ts";
import { flag, issue, none, optionItems } from "./common.ts";
import type { TableSpec } from "./expand.ts";

const CRONTAB: TableSpec = { names: ["crontab"], abbreviations: false, flags: "lrisT",
  options: { "-e": { modes: ["edit"] }, "-u": none, "-n": none, "-c": flag }, operands: { all: "read" },
  custom: (ctx) => {
    // Installing a crontab schedules commands the guard never sees, run later from $HOME.
    if (ctx.modes.has("edit") || ctx.operands.length || !optionItems(ctx, "-l", "-r", "-T", "-n", "-c").length) {
      issue(ctx, "OPAQUE_CODE", "crontab installs commands that run later, outside the guard's view");
    }
    // -l prints, and -r removes, the user's crontab: a file of the system's spool
    // (/var/spool/cron/crontabs/USER on Debian, crontabs owned by the user), outside the project.
    const l = optionItems(ctx, "-l")[0];
    if (l) ctx.role(withValue(l.word, "/var/spool/cron/crontabs", ""), "read");
    const r = optionItems(ctx, "-r")[0];
    if (r) ctx.role(withValue(r.word, "/var/spool/cron/crontabs", ""), "write");
  } };

export const CRONTAB_SPECS: readonly TableSpec[] = [CRONTAB];
