// Desktop tools: screenshots and screen recordings (grim, slurp, maim, wf-recorder, screenkey),
// the clipboard (xclip), the MIME database (xdg-mime) and window automation (xdotool). Their option values are geometries, window
// ids and MIME types, often from `$(slurp)` or `$(xdotool …)`; the files are the output.

import { syntheticArg } from "../apply.ts";
import { each, issue, none, optionItems, spanOf, write, writesUserConfig } from "./common.ts";
import type { TableSpec } from "./expand.ts";

/** grim [options] [FILE]: without FILE it writes into $GRIM_DEFAULT_DIR or the pictures directory. */
const GRIM: TableSpec = { names: ["grim"], flags: "ch",
  options: { ...each(none, "-g", "-o", "-t", "-q", "-l", "-s", "-T") }, operands: { all: "write" },
  custom: (ctx) => {
    if (ctx.operands.length === 0) {
      issue(ctx, "OUTSIDE_EFFECT", "grim writes the screenshot in $GRIM_DEFAULT_DIR or the user's pictures directory");
    }
  } };

const SLURP: TableSpec = { names: ["slurp"], flags: "hdporv",
  options: { ...each(none, "-b", "-c", "-s", "-B", "-F", "-w", "-f", "-a") }, operands: { all: "none" } };

/** maim [options] [FILE]: without FILE the image goes to standard output. */
const MAIM: TableSpec = { names: ["maim"], flags: "suqBokl",
  long: ["--select", "--hidecursor", "--quiet", "--capturebackground", "--nokeyboard", "--highlight", "--help",
    "--version"],
  options: {
    ...each(none, "-g", "--geometry", "-w", "--window", "-i", "-f", "--format", "-d", "--delay", "-x", "--xdisplay",
      "-m", "--quality", "-b", "--bordersize", "-p", "--padding", "-t", "--tolerance", "-c", "--color", "-r",
      "--shader"),
  }, operands: { all: "write" } };

/** wf-recorder writes recording.mp4 in the working directory unless -f names the file. */
const WF_RECORDER: TableSpec = { names: ["wf-recorder"], flags: "lthvyD",
  long: ["--log", "--force-yuv", "--help", "--version", "--overwrite", "--no-damage"],
  options: { "-f": write, "--file": write,
    ...each(none, "-g", "--geometry", "-o", "--output", "-c", "--codec", "-r", "--framerate", "-x", "--pixel-format",
      "-d", "--device", "-m", "--muxer", "-p", "--codec-param", "-F", "--filter", "-b", "--bframes", "-B", "--buffrate",
      "-C", "--audio-codec", "-P", "--audio-codec-param", "-R", "--sample-rate", "-X", "--sample-format"),
    "-a": { value: "none", optional: true }, "--audio": { value: "none", optional: true } }, operands: { all: "none" },
  custom: (ctx) => {
    if (optionItems(ctx, "-f", "--file").length === 0) ctx.role(syntheticArg("recording.mp4", spanOf(ctx)), "write");
  } };

const XCLIP: TableSpec = { names: ["xclip"], singleDashLong: true,
  long: ["-i", "-in", "-o", "-out", "-f", "-filter", "-r", "-rmlastnl", "-noutf8", "-silent", "-quiet", "-verbose",
    "-version", "-h", "-help"],
  options: { ...each(none, "-selection", "-sel", "-target", "-t", "-l", "-loops", "-d", "-display") },
  operands: { all: "read" } };

/** xdg-mime: `query filetype FILE` reads FILE; `default` and `install` change the user's MIME database. */
const XDG_MIME: TableSpec = { names: ["xdg-mime"], operands: { all: "generic" },
  subcommands: { query: { names: [], operands: { all: "none" }, custom: (ctx) => {
    if (ctx.operands[0]?.text === "filetype") { for (const a of ctx.operands.slice(1)) ctx.role(a, "read"); }
  } },
    default: { names: [], operands: { all: "none" },
      custom: (ctx) => writesUserConfig(ctx, "default writes the user's MIME associations") },
    install: { names: [], long: ["--novendor"], options: { "--mode": none }, operands: { all: "read" },
      custom: (ctx) => writesUserConfig(ctx, "install changes the user's MIME database") },
    uninstall: { names: [], options: { "--mode": none }, operands: { all: "read" },
      custom: (ctx) => writesUserConfig(ctx, "uninstall changes the user's MIME database") } } };

/**
 * xdotool chains commands in one call (`search --name x windowactivate`). Queries and window
 * moves are inert; `exec` and `behave` run commands, `type` and `key` send keystrokes to
 * whatever window has the focus (a terminal too), and a first word that is no command is a
 * script file (or `-`, standard input).
 */
const XDOTOOL_INERT = new Set(["getactivewindow", "getwindowfocus", "getwindowname", "getwindowpid",
  "getwindowgeometry", "getwindowclassname", "getdisplaygeometry", "getmouselocation", "search", "selectwindow",
  "windowactivate", "windowfocus", "windowmap", "windowunmap", "windowraise", "windowminimize", "windowmove",
  "windowsize", "windowstate", "set_window", "mousemove", "mousemove_relative", "click", "mousedown", "mouseup",
  "sleep", "set_desktop", "get_desktop", "set_num_desktops", "get_num_desktops", "set_desktop_for_window",
  "get_desktop_for_window", "set_desktop_viewport", "get_desktop_viewport", "version", "help"]);
const XDOTOOL_ACTIVE = new Set(["exec", "behave", "behave_screen_edge", "type", "key", "keydown", "keyup", "windowkill",
  "windowclose", "windowquit"]);
const XDOTOOL: TableSpec = { names: ["xdotool"], style: "posix", operands: { all: "none" }, unknownOptions: "none",
  custom: (ctx) => {
    const first = ctx.operands[0];
    if (first !== undefined && (first.text === null || !XDOTOOL_INERT.has(first.text))) {
      if (first.text === null || !XDOTOOL_ACTIVE.has(first.text)) {
        return issue(ctx, "OPAQUE_CODE",
          `xdotool ${first.source} runs a script of xdotool commands the guard does not read`, first.span);
      }
    }
    for (const a of ctx.items) {
      if (a.word.text !== null && XDOTOOL_ACTIVE.has(a.word.text)) {
        return issue(ctx, "OPAQUE_CODE", `xdotool ${a.word.source} runs a command or sends keystrokes to a window`,
          a.word.span);
      }
    }
  } };

const SCREENKEY: TableSpec = { names: ["screenkey"], flags: "mMh",
  long: ["--mods-only", "--multiline", "--vis-shift", "--vis-space", "--no-whitespace", "--start-disabled", "--persist",
    "--mouse", "--no-systray", "--window", "--version", "--help", "--debug", "--show-settings"],
  options: {
    ...each(none, "-t", "--timeout", "-p", "--position", "-s", "--font-size", "-g", "--geometry", "--key-mode",
      "--bak-mode", "--mods-mode", "--scr", "-f", "--font", "--font-color", "--bg-color", "--opacity", "--ignore",
      "--compr-cnt", "--mouse-fade"),
  }, operands: { all: "none" } };

export const DESKTOP_SPECS: readonly TableSpec[] = [GRIM, SLURP, MAIM, WF_RECORDER, XCLIP, XDG_MIME, XDOTOOL,
  SCREENKEY];
