// The builtins of inline Python (python.ts): those it may use, and those refused wherever they
// appear, even where the code binds their names (Python falls back to the builtin before the
// binding runs); and the attribute names that reach the interpreter's machinery.

/** Builtins inline code may use: pure functions, types and exceptions. */
export const SAFE_BUILTINS: ReadonlySet<string> = new Set([
  "abs",
  "all",
  "any",
  "ascii",
  "bin",
  "bool",
  "bytearray",
  "bytes",
  "callable",
  "chr",
  "classmethod",
  "complex",
  "dict",
  "dir",
  "divmod",
  "enumerate",
  "exit",
  "filter",
  "float",
  "format",
  "frozenset",
  "hash",
  "hex",
  "id",
  "int",
  "isinstance",
  "issubclass",
  "iter",
  "len",
  "list",
  "map",
  "max",
  "min",
  "next",
  "object",
  "oct",
  "ord",
  "pow",
  "print",
  "property",
  "quit",
  "range",
  "repr",
  "reversed",
  "round",
  "set",
  "slice",
  "sorted",
  "staticmethod",
  "str",
  "sum",
  "super",
  "tuple",
  "type",
  "zip",
  "True",
  "False",
  "None",
  "NotImplemented",
  "Ellipsis",
  "ArithmeticError",
  "AssertionError",
  "AttributeError",
  "BaseException",
  "EOFError",
  "Exception",
  "FileNotFoundError",
  "IndexError",
  "KeyError",
  "LookupError",
  "NameError",
  "NotImplementedError",
  "OSError",
  "IOError",
  "OverflowError",
  "RuntimeError",
  "StopIteration",
  "SystemExit",
  "TypeError",
  "UnicodeDecodeError",
  "UnicodeEncodeError",
  "UnicodeError",
  "ValueError",
  "ZeroDivisionError",
  "KeyboardInterrupt",
  "BrokenPipeError",
  // Python 2 names that are pure (a `python` that is Python 2 runs the code too).
  "xrange",
  "unicode",
  "long",
  "basestring",
  "unichr",
  "raw_input",
]);

/**
 * Every other builtin of CPython 3.11 and Python 2 that could reach outside or name an
 * attribute by a string: refused wherever it appears. (`input` is `eval(raw_input())` in
 * Python 2; `license` and `help` read files and run a pager.)
 */
export const REFUSED_BUILTINS: ReadonlySet<string> = new Set(["eval", "exec", "compile", "open", "getattr", "setattr",
  "delattr", "hasattr", "globals", "locals", "vars", "breakpoint", "help", "input", "license", "credits", "copyright",
  "memoryview", "aiter", "anext", "execfile", "file", "reload", "apply", "intern", "buffer", "coerce", "reduce",
  "cmp"]);

/** Attribute names that reach the interpreter's machinery without a leading underscore. */
export const MACHINERY = /^(_|(gi|cr|ag|f|tb|co)_|func_|im_)/;

/** The keywords `open` takes that the analysis follows. */
export const OPEN_KEYWORDS: ReadonlySet<string> = new Set(["mode", "encoding", "errors", "newline", "buffering",
  "file"]);

/** Dunder attributes of a module that are data: `np.__version__`, `mypkg.__file__`. */
export const OPAQUE_DATA: ReadonlySet<string> = new Set(["__version__", "__file__", "__name__", "__doc__", "__all__",
  "__path__", "__package__"]);
