// Converters, one file into another: text (envsubst, iconv), images (ImageMagick), audio and
// video (ffmpeg), documents (pandoc).

import { type Arg, type Effect, withValue } from "../effects.ts";
import type { Analyser, Call, OptionSpec, SpecContext } from "../spec.ts";
import { each, flag, generic, hooks, issue, localRole, none, optionalNone, optionItems, optionValues, pathList, read,
  roleAs, write } from "./common.ts";
import type { TableSpec } from "./expand.ts";

const ENVSUBST: TableSpec = { names: ["envsubst"], flags: "vh", long: ["--variables", "--help", "--version"],
  operands: { all: "none" }, unknownOptions: "none" };

const ICONV: TableSpec = {
  names: ["iconv"],
  flags: "csl",
  long: ["--silent", "--list", "--verbose", "--help", "--version"],
  options: { "-f": none, "--from-code": none, "-t": none, "--to-code": none, "-o": write, "--output": write },
  operands: { all: "read" },
  // glibc's iconv opens a code name holding a slash as a charmap file, relative to the cwd
  // (strace: openat "ASCII//TRANSLIT"); a name it cannot read may hold one.
  custom: (ctx) => {
    for (const v of optionValues(ctx, "-f", "--from-code", "-t", "--to-code")) {
      if (v.text === null || v.text.includes("/")) ctx.role(v, "read");
    }
  },
};

/**
 * ImageMagick file words: `FMT:file`, `@list`, `label:@file`, `msl:script`. A name that starts
 * with `|` is a pipe to a shell command (upstream's default policy allows it; a distribution's
 * policy.xml may not, and the guard cannot see which policy applies).
 */
function magickFile(ctx: SpecContext, a: Arg, role: "read" | "write"): void {
  const t = a.text;
  if (t === null) {
    ctx.role(a, role);
    return;
  }
  if (t === "-" || /^[a-z0-9]{2,10}:-$/i.test(t)) return;
  const m = /^([a-z0-9]{2,10}):(.*)$/i.exec(t);
  if (m && /^(msl|mvg)$/i.test(m[1]!)) issue(ctx, "OPAQUE_CODE", `${ctx.name} ${m[1]}: runs a drawing script`, a.span);
  const rest = m ? m[2]! : t;
  if (rest.startsWith("|")) {
    issue(ctx, "OPAQUE_CODE", `${ctx.name} pipes ${JSON.stringify(t.slice(0, 60))} through a shell command`, a.span);
    return;
  }
  if (m &&
    /^(label|caption|xc|canvas|gradient|radial-gradient|pattern|plasma|fractal|logo|rose|wizard|granite|netscape|null|rgb|hald)$/i
      .test(m[1]!) &&
    !rest.startsWith("@")) return;
  if (rest.startsWith("@")) {
    roleAs(ctx, a, rest.slice(1), "read");
    if (!m) issue(ctx, "UNRESOLVED_WORD", `${ctx.name} reads the file names listed in ${rest.slice(1)}`, a.span);
    return;
  }
  // ephemeral: (and tmp:) delete the file once read.
  roleAs(ctx, a, rest.replace(/\[[^\]]*\]$/, ""), m && /^(ephemeral|tmp)$/i.test(m[1]!) ? "write" : role);
}

/**
 * A -draw primitive list (MVG): `image OP X,Y W,H FILE` and `font FILE` read files, and so does
 * an `@FILE` (an MVG file whose primitives the guard does not see).
 */
function magickDraw(ctx: SpecContext, v: Arg): void {
  const t = v.text;
  if (t === null) {
    ctx.role(v, "generic");
    return;
  }
  if (t.startsWith("@")) {
    roleAs(ctx, v, t.slice(1), "read");
    issue(ctx, "UNRESOLVED_WORD", `${ctx.name} -draw runs the primitives in ${t.slice(1)}, which may name other files`,
      v.span);
    return;
  }
  const token = String.raw`(?:'([^']*)'|"([^"]*)"|(\S+))`;
  const files = new RegExp(String.raw`\b(?:image\s+\S+\s+\S+\s+\S+|font)\s+` + token, "gi");
  for (const f of t.matchAll(files)) magickFile(ctx, withValue(v, f[1] ?? f[2] ?? f[3]!, ""), "read");
  // Primitives the guard does not take apart but that name resources (url(), use, href).
  if (/\b(url\s*\(|use\b|href\b|push\s+pattern)|(^|[\s'"])@/i.test(t.replace(files, ""))) {
    issue(ctx, "UNRESOLVED_WORD", `${ctx.name} -draw ${JSON.stringify(t.slice(0, 60))} may name other files`, v.span);
  }
}

// Values that ImageMagick reads as text and expands: `@FILE` reads FILE, and a value the guard
// cannot see may be one.
const MAGICK_TEXT = ["-label", "-comment", "-caption", "-format", "-print", "-kernel", "-fx", "-title", "-annotate",
  "-set", "-morphology", "-distort", "-sparse-color"];
const MAGICK_FILES = ["-profile", "-cdl", "-texture", "-tile-pattern", "-mask", "-clip-mask", "-font", "-read-mask",
  "-write-mask", "-write", "-tile"];

// ImageMagick settings and operators that take one value; everything else the table does not
// list is judged as unknown together with the word after it, so a flag it does not know
// never hides the output file.
const MAGICK_OPTIONS: Record<string, OptionSpec> = {
  // Files, judged by the hook (`FMT:file`, `|cmd`).
  ...each(none, ...MAGICK_FILES),
  ...each(none, "-resize", "-quality", "-density", "-rotate", "-crop", "-geometry", "-gravity", "-background", "-fill",
    "-stroke", "-strokewidth", "-pointsize", "-size", "-depth", "-colorspace", "-type", "-format", "-thumbnail",
    "-scale", "-sample", "-extent", "-border", "-bordercolor", "-blur", "-sharpen", "-unsharp", "-level", "-modulate",
    "-colors", "-dither", "-delay", "-loop", "-dispose", "-layers", "-channel", "-alpha", "-compose", "-compress",
    "-define", "-draw", "-interpolate", "-filter", "-fuzz", "-transparent", "-opaque", "-threshold", "-gamma",
    "-brightness-contrast", "-contrast-stretch", "-fx", "-virtual-pixel", "-page", "-units", "-interlace",
    "-sampling-factor", "-label", "-title", "-frame", "-shadow", "-mode", "-quantize", "-chop", "-shave", "-splice",
    "-roll", "-kernel", "-metric", "-highlight-color", "-lowlight-color", "-path", "-adaptive-resize",
    "-liquid-rescale", "-orient", "-attenuate", "-repage", "-clone", "-delete", "-insert", "-swap", "-duplicate",
    "-print", "-precision", "-debug", "-log", "-colorize", "-tint", "-posterize", "-solarize", "-deskew", "-features",
    "-channel-fx", "-color-matrix", "-affine", "-region", "-sepia-tone", "-charcoal", "-edge", "-emboss", "-implode",
    "-swirl", "-spread", "-paint", "-vignette", "-grayscale", "-auto-threshold", "-median", "-despeckle-radius",
    "-quiet-level", "-comment", "-caption"),
  ...each(flag, "-flip", "-flop", "-strip", "-negate", "-normalize", "-equalize", "-despeckle", "-enhance",
    "-monochrome", "-flatten", "-mosaic", "-coalesce", "-append", "-combine", "-separate", "-auto-orient", "-trim",
    "-ping", "-verbose", "-identify", "-regard-warnings", "-respect-parentheses", "-auto-level", "-auto-gamma",
    "-transpose", "-transverse", "-antialias", "-monitor", "-clip", "-clut", "-hald-clut", "-transform", "-contrast",
    "-version", "-quiet", "-magnify", "-minify", "-deconstruct", "-reverse", "-unique-colors", "-compare", "-composite",
    "-screen", "-silent", "-descend", "-frame-flag", "-render", "-matte", "+matte"),
  // magick -script FILE: a file of options and files, each of which may read or write anything.
  "-script": read,
};

/** What the option values of an ImageMagick command name. */
function magickValues(ctx: SpecContext, tool: string): void {
  for (const it of ctx.items) {
    if (it.t !== "option" || !it.value) continue;
    const v = it.value;
    if (it.name === "-draw") magickDraw(ctx, v);
    else if (it.name === "-tile") {
      // montage -tile is a geometry (4x3); elsewhere it is an image that fills.
      if (tool !== "montage") magickFile(ctx, v, "read");
    } else if (MAGICK_FILES.includes(it.name)) magickFile(ctx, v, it.name === "-write" ? "write" : "read");
    else if (v.text === null && MAGICK_TEXT.includes(it.name)) ctx.role(v, "generic");
    else if (v.text !== null && v.text.startsWith("@") && v.text !== "@") roleAs(ctx, v, v.text.slice(1), "read");
  }
}

const CONVERT: TableSpec = {
  names: ["convert", "magick", "composite", "montage", "compare", "import", "stream", "conjure", "animate", "display",
    "identify", "mogrify"],
  naming: { fact: "keeps", names: ["convert", "magick", "mogrify"] },
  singleDashLong: true,
  abbreviations: false,
  options: MAGICK_OPTIONS,
  operands: { all: "none" },
  custom: (ctx) => {
    let ops = ctx.operands;
    let tool = ctx.name;
    if (tool === "magick" && ops[0]?.text &&
      /^(convert|mogrify|identify|composite|montage|compare|stream|animate|display|import|conjure)$/.test(ops[0].text))
    {
      tool = ops[0].text;
      ops = ops.slice(1);
    }
    // Options with `+` (`+repage`) are operands to the parser; they are not files.
    ops = ops.filter((a) => !(a.text !== null && /^\+[a-z]/.test(a.text)));
    if (tool === "conjure") issue(ctx, "OPAQUE_CODE", "conjure runs Magick Scripting Language scripts");
    if (optionItems(ctx, "-script").length) {
      issue(ctx, "OPAQUE_CODE", `${ctx.name} -script runs the options in a file, which may read or write any file`);
    }
    magickValues(ctx, tool);
    const pathOpt = optionValues(ctx, "-path")[0];
    if (tool === "identify" || tool === "display" || tool === "animate") {
      for (const a of ops) magickFile(ctx, a, "read");
    } else if (tool === "mogrify") {
      // mogrify rewrites its files, or writes the results into -path DIR.
      if (pathOpt) ctx.role(pathOpt, "write");
      for (const a of ops) magickFile(ctx, a, pathOpt ? "read" : "write");
    } else {
      ops.forEach((a, i) =>
        magickFile(ctx, a,
          i === ops.length - 1 && ops.length > 1 ? "write" : tool === "import" && ops.length === 1 ? "write" : "read")
      );
    }
  },
};

/** ffmpeg options that take no value (anything else takes one). */
const FFMPEG_FLAGS = new Set(["-y", "-n", "-an", "-vn", "-sn", "-dn", "-hide_banner", "-nostdin", "-nostats", "-stats",
  "-shortest", "-re", "-copyts", "-start_at_zero", "-benchmark", "-benchmark_all", "-h", "-help", "--help", "-version",
  "-formats", "-codecs", "-encoders", "-decoders", "-filters", "-pix_fmts", "-layouts", "-sample_fmts", "-protocols",
  "-devices", "-muxers", "-demuxers", "-bsfs", "-hwaccels", "-buildconf", "-license", "-L", "-report", "-accurate_seek",
  "-noaccurate_seek", "-autorotate", "-noautorotate", "-dump", "-hex", "-ignore_unknown", "-copyinkf", "-xerror",
  "-debug_ts", "-apad", "-stream_loop", "-vstats", "-print_graphs", "-nostdin", "-autoscale", "-noautoscale", "-stdin",
  "-show_format", "-show_streams", "-show_entries", "-show_frames", "-show_packets", "-show_chapters", "-show_programs",
  "-show_error", "-show_data", "-count_frames", "-count_packets", "-pretty", "-bitexact", "-fs", "-nodisp", "-autoexit",
  "-exitonkeydown", "-exitonmousedown", "-noborder", "-alwaysontop", "-loop", "-fast", "-genpts"]);
const FFMPEG_WRITES = new Set(["-passlogfile", "-vstats_file", "-sdp_file", "-progress", "-dump_attachment",
  "-stats_enc_pre", "-stats_enc_post", "-stats_mux_pre"]);
const FFMPEG_READS = new Set(["-i", "-attach"]);
/** Options whose value is a filter graph, and options whose value is a file holding one. */
const FFMPEG_GRAPH = /^-(filter_complex|lavfi|vf|af|filter)$/;
const FFMPEG_GRAPH_FILE = /^-(filter_script|filter_complex_script)$/;

/** Protocols that reach the network (FFmpeg 4–7 "Protocols" documentation), not a local file. */
const FFMPEG_REMOTE =
  /^(https?|rtmp[a-z]*|ffrtmp[a-z]*|rtp|rtsp[su]?|srtp|udp|udplite|tcp|tls|srt|rist|librist|sctp|ftp|sftp|smb|gopher|gophers|mmsh|mmst|icecast|ipfs|ipns|amqp|zmq|httpproxy|data)$/i;

/**
 * Filter options whose value names a file (FFmpeg 4–7 "Filters" documentation): drawtext
 * fontfile/textfile, curves psfile, sofalizer sofa, subtitles/ass filename and fontsdir, lut1d/
 * lut3d file, sendcmd filename, metadata file, signature filename, arnndn model, vmaf
 * model_path/log_path, psnr/ssim stats_file, vidstabdetect result, vidstabtransform input,
 * cover_rect cover, find_rect object, firequalizer dumpfile, ocr datapath, libplacebo
 * custom_shader_path. Written ones are judged as written, the rest as either.
 */
const FILTER_FILE_KEYS = new Set(["filename", "f", "file", "fontfile", "textfile", "psfile", "sofa", "fontsdir",
  "fonts_dir", "model", "model_path", "m", "path", "datapath", "cover", "object", "custom_shader_path", "shader",
  "db_path", "hmm", "dict", "lm", "lmctl", "result", "input", "stats_file", "log_path", "dumpfile"]);
const FILTER_WRITE_KEYS = new Set(["result", "stats_file", "log_path", "dumpfile"]);
/** Filters whose first positional option is a file (its kind by FILTER_WRITE_KEYS of its name). */
const FILTER_FIRST_FILE: Readonly<Record<string, string>> = { movie: "filename", amovie: "filename",
  subtitles: "filename", ass: "filename", removelogo: "filename", lut3d: "file", lut1d: "file", sofalizer: "sofa",
  vidstabdetect: "result", vidstabtransform: "input", cover_rect: "cover", find_rect: "object", arnndn: "model",
  drawtext: "fontfile" };
/** Filters that load a plugin or run shader code the guard does not see. */
const FILTER_CODE = /^(frei0r|frei0r_src|ladspa|lv2|program_opencl|openclsrc|vapoursynth)$/;
/** Filters driven by commands at run time (which may reinit a filter with a file option). */
const FILTER_COMMANDS = /^(sendcmd|asendcmd|zmq|azmq)$/;

/** Splits at top-level separators, honouring `\` escapes and '…' quotes. */
function splitLevel(text: string, seps: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) {
      cur += c + text[++i]!;
      continue;
    }
    if (c === "'") quoted = !quoted;
    if (!quoted && seps.includes(c)) {
      out.push(cur);
      cur = "";
      continue;
    }
    cur += c;
  }
  out.push(cur);
  return out;
}

/** One level of filter-graph quoting removed: '…' and `\x`. */
function unquote(text: string): string {
  return text.replace(/\\(.)|'/g, (_m, c: string | undefined) => c ?? "").trim();
}

/**
 * ffmpeg [options] [-i INPUT]… OUTPUT…: inputs are read, every other operand is an output. An
 * option the table does not know is assumed to take the next word, which is then judged as a
 * path of unknown kind.
 */
function ffmpeg(call: Call): Effect[] {
  const effects: Effect[] = [];
  const probe = call.name !== "ffmpeg";
  const unresolved = (a: Arg, message: string) =>
    effects.push({ t: "issue", code: "UNRESOLVED_WORD", message, span: a.span });
  // A URL as libavformat opens it: `proto[,opts]:rest`; nested protocols (`md5:`, `tee:`,
  // `cache:`, `crypto+file:`) open their inner URL; a local path is a file.
  const url = (a: Arg, kind: "read" | "write" | "unknown", depth = 0): void => {
    const t = a.text;
    if (t === null) {
      effects.push({ t: "path", arg: a, kind });
      return;
    }
    if (t === "-" || /^(pipe|fd)(:[0-9]*)?$/i.test(t)) return;
    const m = /^([a-z][a-z0-9.-]*)(\+[a-z0-9+.-]+)?((?:,[^:]*)?):([\s\S]*)$/i.exec(t);
    if (!m || depth > 8) {
      effects.push({ t: "path", arg: a, kind });
      return;
    }
    const scheme = m[1]!.toLowerCase();
    const inner = (text: string, k: "read" | "write" | "unknown") => url(withValue(a, text, ""), k, depth + 1);
    // `crypto+file:x`, `hls+http://…`: the part after `+` is the inner protocol.
    if (m[2]) return inner(m[2].slice(1) + ":" + m[4]!, kind);
    const rest = m[4]!;
    if (scheme === "file") effects.push({ t: "path", arg: withValue(a, rest.replace(/^\/\/(?=\/)/, ""), ""), kind });
    else if (FFMPEG_REMOTE.test(scheme)) return;
    else if (scheme === "md5") {
      if (rest) inner(rest, "write");
    } else if (scheme === "tee" || scheme === "concat") {
      for (const piece of rest.split("|")) inner(piece, scheme === "concat" ? "read" : kind);
    } else if (scheme === "concatf") {
      inner(rest, "read");
      unresolved(a, `${call.name} reads the files listed in ${rest}`);
    } else inner(rest, kind);
  };
  const graph = (a: Arg, what: string) => {
    const t = a.text;
    if (t === null) {
      unresolved(a, `${call.name} ${what} names a filter graph the guard cannot read`);
      return;
    }
    for (const chain of splitLevel(t, ";")) {
      for (let filter of splitLevel(chain, ",")) {
        filter = filter.trim().replace(/^(\s*\[[^\]]*\])+/, "").replace(/(\[[^\]]*\]\s*)+$/, "").trim();
        const eq = splitLevel(filter, "=");
        const name = unquote(eq[0]!).replace(/@.*$/, "").toLowerCase();
        const args = filter.slice(eq[0]!.length + 1);
        if (FILTER_CODE.test(name)) {
          effects.push({ t: "issue", code: "OPAQUE_CODE",
            message: `${call.name} filter ${name} loads code the guard does not see`, span: a.span });
        }
        if (FILTER_COMMANDS.test(name)) {
          unresolved(a, `${call.name} filter ${name} changes other filters' options at run time`);
        }
        if (eq.length < 2) continue;
        splitLevel(args, ":").forEach((opt, i) => {
          const kv = splitLevel(opt, "=");
          const key = kv.length > 1 ? unquote(kv[0]!).toLowerCase() : i === 0 ? FILTER_FIRST_FILE[name] : undefined;
          if (key === undefined || !FILTER_FILE_KEYS.has(key)) return;
          const value = unquote(kv.length > 1 ? opt.slice(kv[0]!.length + 1) : opt);
          if (value) {
            url(withValue(a, value, ""),
              FILTER_WRITE_KEYS.has(key) ? "write" : key === "file" || key === "filename" ? "unknown" : "read");
          }
        });
      }
    }
  };
  let format: string | null = null;
  // Own rules, not leadingOptions: ffmpeg options apply to the next input or output, anywhere.
  for (let i = 0; i < call.args.length; i++) {
    const a = call.args[i]!;
    const t = a.text;
    if (t === null) {
      effects.push({ t: "generic", arg: a, operand: true });
      continue;
    }
    if (!t.startsWith("-") || t === "-") {
      url(a, probe ? "read" : "write");
      // The tee muxer writes each `|`-separated output ([options]path).
      if (!probe && t.includes("|")) {
        for (const out of t.split("|")) url(withValue(a, out.replace(/^\[[^\]]*\]/, ""), ""), "write");
      }
      format = null;
      continue;
    }
    const name = t.replace(/:.*$/, "");
    if (FFMPEG_FLAGS.has(name)) continue;
    const v = call.args[++i];
    if (!v) break;
    if (name.startsWith("-/")) {
      // ffmpeg 7: `-/OPT FILE` takes OPT's value from FILE, which the guard does not see.
      url(v, "read");
      unresolved(v, `${call.name} ${name} takes its value from ${v.source}`);
    } else if (name === "-i") {
      if (format === "lavfi") graph(v, "-f lavfi -i");
      else if (format === "?") unresolved(v, `${call.name} reads ${v.source} in a format the guard cannot read`);
      else if (format === "vapoursynth" || format === "avisynth") {
        effects.push({ t: "issue", code: "OPAQUE_CODE",
          message: `${call.name} -f ${format} runs the script ${v.source}`, span: v.span });
      }
      if (format !== "lavfi") url(v, "read");
      if (format === "concat") unresolved(v, "ffmpeg -f concat reads the files listed in its input");
      format = null;
    } else if (FFMPEG_READS.has(name)) url(v, "read");
    else if (FFMPEG_WRITES.has(name)) url(v, "write");
    else if (FFMPEG_GRAPH_FILE.test(name)) {
      url(v, "read");
      unresolved(v, `${call.name} ${name} reads a filter graph from ${v.source}, which may name files`);
    } else if (name === "-f") format = v.text === null ? "?" : v.text.toLowerCase();
    else if (FFMPEG_GRAPH.test(name)) graph(v, name);
    else if (!KNOWN_FFMPEG_VALUE.test(name)) effects.push({ t: "generic", arg: v, operand: true });
  }
  if (!probe) effects.push({ t: "changes", fs: true, links: false });
  return effects;
}

/** ffmpeg options known to take a value that is not a path. */
const KNOWN_FFMPEG_VALUE =
  /^-(c|codec|vcodec|acodec|scodec|b|ab|vb|r|s|aspect|ar|ac|af|vf|filter|filter_complex|lavfi|f|t|to|ss|sseof|itsoffset|map|map_metadata|map_chapters|metadata|preset|crf|qp|q|qscale|pix_fmt|profile|level|tune|g|bf|threads|loglevel|v|movflags|fps_mode|vsync|frames|vframes|aframes|dframes|tag|disposition|bsf|strict|max_muxing_queue_size|hwaccel|hwaccel_device|hwaccel_output_format|x264-params|x265-params|maxrate|bufsize|minrate|color_primaries|color_trc|colorspace|color_range|sample_fmt|channel_layout|ch_layout|shortest_buf_duration|timecode|analyzeduration|probesize|fflags|avoid_negative_ts|segment_time|segment_format|hls_time|hls_list_size|hls_playlist_type|rtsp_transport|user_agent|headers|seek_timestamp|timestamp|framerate|video_size|pixel_format|input_format|thread_queue_size|err_detect|flags|sws_flags|cpu-used|deadline|row-mt|tile-columns|speed|compression_level|async|vtag|atag|stats_period|print_format|of|select_streams|show_entries|read_intervals|x|y|window_title|volume|seek_interval|fs|ss|t|loglevel)$/;

/** Metadata and variables that name files pandoc reads (citeproc, HTML/EPUB writers). */
const PANDOC_FILE_KEYS =
  /^(bibliography|csl|citation-abbreviations|css|cover-image|epub-cover-image|logo|stylesheet|reference-doc|template|abbreviations|include-before-body|include-after-body|include-in-header)$/;

const PANDOC: TableSpec = { names: ["pandoc"], abbreviations: true, flags: "sNpvhD",
  long: ["--standalone", "--toc", "--table-of-contents", "--number-sections", "--self-contained", "--embed-resources",
    "--sandbox", "--file-scope", "--trace", "--verbose", "--quiet", "--fail-if-warnings", "--mathml", "--gladtex",
    "--html-q-tags", "--ascii", "--reference-links", "--preserve-tabs", "--strip-comments", "--no-highlight",
    "--listings", "--incremental", "--section-divs", "--citeproc", "--natbib", "--biblatex", "--version", "--help",
    "--list-input-formats", "--list-output-formats", "--list-extensions", "--list-highlight-languages",
    "--list-highlight-styles", "--strip-empty-paragraphs", "--no-check-certificate", "--epub-title-page",
    "--link-images"],
  options: {
    "-o": write,
    "--output": write,
    "--extract-media": write,
    "--log": write,
    ...each(read, "-d", "--defaults", "--data-dir", "--template", "-H", "--include-in-header", "-B",
      "--include-before-body", "-A", "--include-after-body", "--reference-doc", "-L", "--lua-filter", "--bibliography",
      "--csl", "--citation-abbreviations", "--abbreviations", "--syntax-definition", "--epub-cover-image",
      "--epub-metadata", "--epub-embed-font", "--metadata-file"),
    "--resource-path": none,
    "-F": none,
    "--filter": none,
    "--pdf-engine": none,
    "--highlight-style": generic,
    // Options handed to the PDF engine: `--output-directory=DIR`, `-shell-escape` (hook).
    "--pdf-engine-opt": generic,
    // Judged by the hook: KEY=VALUE where some keys name files; CSS may be a URL.
    ...each(none, "-V", "--variable", "-M", "--metadata", "-c", "--css"),
    ...each(none, "-f", "-r", "--from", "--read", "-t", "-w", "--to", "--write", "--columns", "--wrap",
      "--shift-heading-level-by", "--top-level-division", "--toc-depth", "--dpi", "--eol", "--tab-stop",
      "--track-changes", "--number-offset", "--id-prefix", "-T", "--title-prefix", "--ipynb-output",
      "--markdown-headings", "--reference-location", "--slide-level", "--email-obfuscation", "--indented-code-classes",
      "--default-image-extension", "--request-header", "--chunk-template", "--epub-subdirectory",
      "--print-default-template", "--print-default-data-file", "--print-highlight-style"),
    ...each(optionalNone, "--mathjax", "--katex", "--webtex"),
  }, operands: { all: "read" },
  custom: hooks(pathList(["--resource-path"], "read"), (ctx) => {
    // Filters and the PDF engine are programs: named ones are looked up, paths are project code.
    for (const v of optionValues(ctx, "-F", "--filter", "--pdf-engine")) {
      ctx.emit({ t: "run", argv: [v], inProcess: false, bypassFunctions: true, label: `pandoc ${v.source}` });
    }
    // A defaults file is a list of options (output-file, filters, …) the guard does not see.
    for (const v of optionValues(ctx, "-d", "--defaults")) {
      issue(ctx, "UNRESOLVED_WORD", `pandoc ${v.source} sets options (output file, filters) the guard does not see`,
        v.span);
    }
    for (const v of optionValues(ctx, "-c", "--css")) localRole(ctx, v, "read");
    for (const v of optionValues(ctx, "--pdf-engine-opt")) {
      if (v.text === null || /shell-escape|^-?-?enable-write18/.test(v.text)) {
        issue(ctx, "OPAQUE_CODE", `pandoc --pdf-engine-opt ${v.source} lets the document run commands`, v.span);
      }
    }
    // -M KEY=VALUE / -V KEY:VALUE: bibliography, csl and the like are files pandoc reads.
    for (const v of optionValues(ctx, "-M", "--metadata", "-V", "--variable")) {
      if (v.text === null) {
        ctx.role(v, "generic");
        continue;
      }
      const m = /^([^=:]+)[=:]([\s\S]*)$/.exec(v.text);
      if (m && PANDOC_FILE_KEYS.test(m[1]!) && m[2]) localRole(ctx, withValue(v, m[2], ""), "read");
    }
  }) };

export const CONVERTER_SPECS: readonly TableSpec[] = [ENVSUBST, ICONV, CONVERT, PANDOC];

export const CONVERTER_ANALYSERS: readonly Analyser[] = [{ names: ["ffmpeg", "ffprobe", "ffplay"], analyse: ffmpeg,
  naming: { fact: "keeps", names: ["ffmpeg"] } }];
