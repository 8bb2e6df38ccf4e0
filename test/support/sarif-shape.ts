// A structural check of SARIF 2.1.0 logs, written from the OASIS schema (sarif-schema-2.1.0
// .json) for the objects shellfence emits: required properties, their types and ranges, enum
// values, cross-references (ruleIndex → rules[ruleIndex].id), and no properties the schema
// does not define for the object. Returns the problems found; an empty list means it conforms.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const LEVELS = ["none", "note", "warning", "error"];

export function sarifProblems(log: unknown): string[] {
  const problems: string[] = [];
  const fail = (where: string, what: string) => problems.push(`${where}: ${what}`);

  const only = (o: Obj, where: string, allowed: readonly string[]) => {
    for (const k of Object.keys(o)) {
      if (!allowed.includes(k)) fail(where, `property ${JSON.stringify(k)} is not defined by the schema here`);
    }
  };
  const str = (o: Obj, k: string, where: string, required: boolean): string | undefined => {
    const v = o[k];
    if (v === undefined) {
      if (required) fail(where, `missing required ${k}`);
      return undefined;
    }
    if (typeof v !== "string") fail(`${where}.${k}`, "must be a string");
    return typeof v === "string" ? v : undefined;
  };
  const uri = (o: Obj, k: string, where: string, required: boolean, absolute: boolean) => {
    const v = str(o, k, where, required);
    if (v === undefined) return;
    if (absolute) {
      try {
        new URL(v);
      } catch {
        fail(`${where}.${k}`, `${JSON.stringify(v)} is not an absolute URI`);
      }
    } else if (/[\s\\]/.test(v) || v.startsWith("/")) {
      fail(`${where}.${k}`, `${JSON.stringify(v)} is not a relative URI reference`);
    }
  };
  const message = (v: Json | undefined, where: string) => {
    if (!isObj(v)) return fail(where, "must be a message object");
    only(v, where, ["text", "markdown", "id", "arguments", "properties"]);
    if (v.text === undefined && v.id === undefined) fail(where, "a message needs text or id");
    str(v, "text", where, false);
  };

  if (!isObj(log)) return ["log: must be an object"];
  only(log, "log", ["$schema", "version", "runs", "inlineExternalProperties", "properties"]);
  if (log.version !== "2.1.0") fail("log.version", 'must be "2.1.0"');
  uri(log, "$schema", "log", false, true);
  if (!Array.isArray(log.runs)) return [...problems, "log.runs: required array"];

  log.runs.forEach((run, r) => {
    const w = `runs[${r}]`;
    if (!isObj(run)) return fail(w, "must be an object");
    only(run, w, ["tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds",
      "artifacts", "logicalLocations", "graphs", "results", "automationDetails", "runAggregates", "baselineGuid",
      "redactionTokens", "defaultEncoding", "defaultSourceLanguage", "newlineSequences", "columnKind",
      "externalPropertyFileReferences", "threadFlowLocations", "taxonomies", "addresses", "translations", "policies",
      "webRequests", "webResponses", "specialLocations", "properties"]);
    if (run.columnKind !== undefined && run.columnKind !== "utf16CodeUnits" && run.columnKind !== "unicodeCodePoints") {
      fail(`${w}.columnKind`, "bad enum value");
    }
    const tool = run.tool;
    if (!isObj(tool)) return fail(`${w}.tool`, "required object");
    only(tool, `${w}.tool`, ["driver", "extensions", "properties"]);
    const driver = tool.driver;
    if (!isObj(driver)) return fail(`${w}.tool.driver`, "required object");
    const dw = `${w}.tool.driver`;
    only(driver, dw, ["guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription",
      "fullName", "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc", "downloadUri",
      "informationUri", "globalMessageStrings", "notifications", "rules", "taxa", "locations", "language", "contents",
      "isComprehensive", "localizedDataSemanticVersion", "minimumRequiredLocalizedDataSemanticVersion",
      "associatedComponent", "translationMetadata", "supportedTaxonomies", "properties"]);
    if (!str(driver, "name", dw, true)) fail(dw, "name must be non-empty");
    str(driver, "version", dw, false);
    uri(driver, "informationUri", dw, false, true);
    const rules = driver.rules ?? [];
    if (!Array.isArray(rules)) return fail(`${dw}.rules`, "must be an array");
    const ids: string[] = [];
    rules.forEach((rule, i) => {
      const rw = `${dw}.rules[${i}]`;
      if (!isObj(rule)) return fail(rw, "must be an object");
      only(rule, rw, ["id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames", "shortDescription",
        "fullDescription", "messageStrings", "defaultConfiguration", "helpUri", "help", "relationships", "properties"]);
      const id = str(rule, "id", rw, true);
      if (id !== undefined) {
        if (ids.includes(id)) fail(rw, `duplicate rule id ${id}`);
        ids.push(id);
      }
      str(rule, "name", rw, false);
      uri(rule, "helpUri", rw, false, true);
      // multiformatMessageString: text required, markdown optional.
      for (const k of ["shortDescription", "fullDescription", "help"]) {
        const v = rule[k];
        if (v === undefined) continue;
        if (!isObj(v) || typeof v.text !== "string") fail(`${rw}.${k}`, "needs text");
        else {
          only(v, `${rw}.${k}`, ["text", "markdown", "properties"]);
          if (v.markdown !== undefined && typeof v.markdown !== "string") {
            fail(`${rw}.${k}.markdown`, "must be a string");
          }
        }
      }
      if (rule.defaultConfiguration !== undefined) {
        const dc = rule.defaultConfiguration;
        if (!isObj(dc)) fail(`${rw}.defaultConfiguration`, "must be an object");
        else {
          only(dc, `${rw}.defaultConfiguration`, ["enabled", "level", "rank", "parameters", "properties"]);
          if (dc.level !== undefined && !LEVELS.includes(dc.level as string)) {
            fail(`${rw}.defaultConfiguration.level`, "bad enum value");
          }
        }
      }
    });
    const bases = run.originalUriBaseIds;
    if (bases !== undefined) {
      if (!isObj(bases)) fail(`${w}.originalUriBaseIds`, "must be an object");
      else {
        for (const [k, v] of Object.entries(bases)) {
          if (!isObj(v)) {
            fail(`${w}.originalUriBaseIds.${k}`, "must be an artifactLocation");
            continue;
          }
          uri(v, "uri", `${w}.originalUriBaseIds.${k}`, true, true);
          if (typeof v.uri === "string" && !v.uri.endsWith("/")) {
            fail(`${w}.originalUriBaseIds.${k}.uri`, "must end with a slash");
          }
        }
      }
    }
    const invocations = run.invocations ?? [];
    if (!Array.isArray(invocations)) fail(`${w}.invocations`, "must be an array");
    else {
      invocations.forEach((inv, i) => {
        const iw = `${w}.invocations[${i}]`;
        if (!isObj(inv)) return fail(iw, "must be an object");
        if (typeof inv.executionSuccessful !== "boolean") fail(iw, "missing required boolean executionSuccessful");
        const notes = inv.toolExecutionNotifications ?? [];
        if (!Array.isArray(notes)) return fail(`${iw}.toolExecutionNotifications`, "must be an array");
        notes.forEach((n, j) => {
          const nw = `${iw}.toolExecutionNotifications[${j}]`;
          if (!isObj(n)) return fail(nw, "must be an object");
          only(n, nw, ["locations", "message", "level", "threadId", "timeUtc", "exception", "descriptor",
            "associatedRule", "properties"]);
          message(n.message, `${nw}.message`);
          if (n.level !== undefined && !LEVELS.includes(n.level as string)) fail(`${nw}.level`, "bad enum value");
          if (n.locations !== undefined && !Array.isArray(n.locations)) fail(`${nw}.locations`, "must be an array");
        });
      });
    }
    const results = run.results;
    if (results === undefined) return;
    if (!Array.isArray(results)) return fail(`${w}.results`, "must be an array");
    results.forEach((res, i) => {
      const xw = `${w}.results[${i}]`;
      if (!isObj(res)) return fail(xw, "must be an object");
      only(res, xw, ["ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid",
        "correlationGuid", "occurrenceCount", "partialFingerprints", "fingerprints", "stacks", "codeFlows", "graphs",
        "graphTraversals", "relatedLocations", "suppressions", "baselineState", "rank", "attachments",
        "hostedViewerUri", "workItemUris", "provenance", "fixes", "taxa", "webRequest", "webResponse", "properties"]);
      message(res.message, `${xw}.message`);
      const ruleId = str(res, "ruleId", xw, false);
      if (res.ruleIndex !== undefined) {
        if (!isInt(res.ruleIndex) || res.ruleIndex < -1) fail(`${xw}.ruleIndex`, "must be an integer >= -1");
        else if (res.ruleIndex >= 0 && ids[res.ruleIndex] !== ruleId) {
          fail(`${xw}.ruleIndex`, `rules[${res.ruleIndex}] is ${ids[res.ruleIndex]}, not ${ruleId}`);
        }
      }
      if (res.level !== undefined && !LEVELS.includes(res.level as string)) fail(`${xw}.level`, "bad enum value");
      const locations = res.locations ?? [];
      if (!Array.isArray(locations)) return fail(`${xw}.locations`, "must be an array");
      locations.forEach((loc, j) => {
        const lw = `${xw}.locations[${j}]`;
        if (!isObj(loc)) return fail(lw, "must be an object");
        only(loc, lw, ["id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships",
          "properties"]);
        const pl = loc.physicalLocation;
        if (!isObj(pl)) return fail(`${lw}.physicalLocation`, "must be an object");
        only(pl, `${lw}.physicalLocation`, ["address", "artifactLocation", "region", "contextRegion", "properties"]);
        const al = pl.artifactLocation;
        if (!isObj(al)) return fail(`${lw}.physicalLocation.artifactLocation`, "must be an object");
        only(al, `${lw}.physicalLocation.artifactLocation`, ["uri", "uriBaseId", "index", "description", "properties"]);
        uri(al, "uri", `${lw}.physicalLocation.artifactLocation`, true, false);
        if (typeof al.uriBaseId === "string" && (!isObj(bases) || !(al.uriBaseId in bases))) {
          fail(`${lw}.physicalLocation.artifactLocation.uriBaseId`, "not defined in originalUriBaseIds");
        }
        const region = pl.region;
        if (!isObj(region)) return fail(`${lw}.physicalLocation.region`, "must be an object");
        const rw = `${lw}.physicalLocation.region`;
        only(region, rw, ["startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset",
          "byteLength", "snippet", "message", "sourceLanguage", "properties"]);
        for (const k of ["startLine", "startColumn", "endLine", "endColumn"]) {
          const v = region[k];
          if (v !== undefined && (!isInt(v) || v < 1)) fail(`${rw}.${k}`, "must be an integer >= 1");
        }
        if (!isInt(region.startLine)) fail(rw, "a text region needs startLine");
        const sl = region.startLine as number;
        const el = (region.endLine ?? sl) as number;
        if (el < sl) fail(rw, "endLine before startLine");
        if (el === sl && isInt(region.startColumn) && isInt(region.endColumn) &&
          region.endColumn < region.startColumn) fail(rw, "endColumn before startColumn");
      });
    });
  });
  return problems;
}
