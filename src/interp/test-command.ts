// `[[ … ]]` and `[ … ]` as the grammar gives them (a test_command): what they evaluate (the
// arithmetic and the names their operators read), the files their tests look at, and, in a scan
// of a checkout, whether a file is a symlink (Accesses.linkInCheckout).

import type { Stmt } from "../shell/syntax.ts";
import { nameRisk, textRisk } from "../shell/arithmetic.ts";
import { STATUS_UNKNOWN, unknown, type World } from "../shell/state.ts";
import { expandWord } from "../shell/words/expand.ts";
import { fieldText } from "../shell/words/env.ts";
import { substituteEvaluated } from "../shell/words/variables.ts";
import { evaluated, evaluatedText, onlyNumbers } from "./assign.ts";
import type { Shell } from "./context.ts";
import { subshell } from "./nested.ts";
import { argOf } from "./simple.ts";
import { withStatus } from "./worlds.ts";

/** `[[ … ]]`: what it evaluates, and the files its tests look at. */
export function execTest(it: Shell, s: Extract<Stmt, { t: "test" }>, ws: World[]): World[] {
  return ws.map((w) => {
    if (s.arith) substituteEvaluated(s.inner, w, it, s.span);
    else for (const i of s.inner) subshell(it, i, w);
    evaluated(it, s.names, w, s.span);
    for (const word of s.exprs) {
      const texts = expandWord(word, w, it, { noGlob: true, noSplit: true }).fields.map((f) =>
        fieldText(f) ?? (onlyNumbers(f) ? "0" : null)
      );
      evaluatedText(it, texts, w, word.span, textRisk);
    }
    for (const word of s.varNames) {
      evaluatedText(it, expandWord(word, w, it, { noGlob: true, noSplit: true }).fields.map(fieldText), w, word.span,
        nameRisk);
    }
    for (const v of s.assigned) w.setVar(v, unknown(`$${v} is set by arithmetic`, true));
    for (const word of s.words) {
      for (const f of expandWord(word, w, it, { noGlob: true, noSplit: true }).fields) {
        it.paths.access(w, argOf(f, word), "read", "[[");
      }
    }
    // `[ -h FILE ]` on a file of a checkout the scanner judges: git decided (Accesses.linkInCheckout).
    if (s.link) {
      const fields = expandWord(s.link.word, w, it, { noGlob: true, noSplit: true }).fields;
      const text = fields.length === 1 ? fieldText(fields[0]!) : null;
      const link = text === null || text === "" ? null : it.paths.linkInCheckout(w, text);
      if (link !== null) return withStatus(w, link !== s.link.negated ? 0 : 1);
    }
    return withStatus(w, STATUS_UNKNOWN);
  });
}
