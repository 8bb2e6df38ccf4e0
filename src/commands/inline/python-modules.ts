// Generated from CPython 3.11's modules (dir() without names starting with `_`, without
// attributes that are modules themselves), then checked by hand: an allowlist of the names
// inline Python may take from each module it imports. A name missing here keeps the code
// INLINE_CODE; a module missing here cannot be imported. `sys`, `os` and `os.path` are chosen
// by hand (no `sys.modules`, `os.system`, `os.path.exists`; no `os.environ`, whose writes reach
// the interpreter: PYTHONINSPECT set while the program runs makes it read more code from
// standard input when it ends — `os.getenv` reads); operator.attrgetter and
// methodcaller are left out, and so is string.Formatter (its get_field returns the object a
// string like "0.gi_frame" names: they reach attributes named by a string); `platform` is left
// out (platform.architecture runs `file`). A value that is a submodule is named `mod.sub`.

export const PYTHON_MODULES: ReadonlyMap<string, ReadonlySet<string>> = new Map<string, ReadonlySet<string>>([
  ["json", new Set(["JSONDecodeError", "JSONDecoder", "JSONEncoder", "detect_encoding", "dump", "dumps", "load", "loads"])],
  ["sys", new Set(["api_version", "argv", "byteorder", "copyright", "executable", "exit", "float_info", "float_repr_style", "getdefaultencoding", "getfilesystemencoding", "getrecursionlimit", "getsizeof", "hexversion", "implementation", "int_info", "maxsize", "maxunicode", "platform", "setrecursionlimit", "stderr", "stdin", "stdout", "version", "version_info"])],
  ["math", new Set(["acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil", "comb", "copysign", "cos", "cosh", "degrees", "dist", "e", "erf", "erfc", "exp", "exp2", "expm1", "fabs", "factorial", "floor", "fmod", "frexp", "fsum", "gamma", "gcd", "hypot", "inf", "isclose", "isfinite", "isinf", "isnan", "isqrt", "lcm", "ldexp", "lgamma", "log", "log10", "log1p", "log2", "modf", "nan", "nextafter", "perm", "pi", "pow", "prod", "radians", "remainder", "sin", "sinh", "sqrt", "tan", "tanh", "tau", "trunc", "ulp"])],
  ["re", new Set(["A", "ASCII", "DEBUG", "DOTALL", "I", "IGNORECASE", "L", "LOCALE", "M", "MULTILINE", "Match", "NOFLAG", "Pattern", "RegexFlag", "S", "Scanner", "T", "TEMPLATE", "U", "UNICODE", "VERBOSE", "X", "compile", "error", "escape", "findall", "finditer", "fullmatch", "match", "purge", "search", "split", "sub", "subn", "template"])],
  ["collections", new Set(["ChainMap", "Counter", "OrderedDict", "UserDict", "UserList", "UserString", "defaultdict", "deque", "namedtuple"])],
  ["itertools", new Set(["accumulate", "chain", "combinations", "combinations_with_replacement", "compress", "count", "cycle", "dropwhile", "filterfalse", "groupby", "islice", "pairwise", "permutations", "product", "repeat", "starmap", "takewhile", "tee", "zip_longest"])],
  ["functools", new Set(["GenericAlias", "RLock", "WRAPPER_ASSIGNMENTS", "WRAPPER_UPDATES", "cache", "cached_property", "cmp_to_key", "get_cache_token", "lru_cache", "namedtuple", "partial", "partialmethod", "recursive_repr", "reduce", "singledispatch", "singledispatchmethod", "total_ordering", "update_wrapper", "wraps"])],
  ["datetime", new Set(["MAXYEAR", "MINYEAR", "UTC", "date", "datetime", "datetime_CAPI", "time", "timedelta", "timezone", "tzinfo"])],
  ["string", new Set(["Template", "ascii_letters", "ascii_lowercase", "ascii_uppercase", "capwords", "digits", "hexdigits", "octdigits", "printable", "punctuation", "whitespace"])],
  ["textwrap", new Set(["TextWrapper", "dedent", "fill", "indent", "shorten", "wrap"])],
  ["statistics", new Set(["Counter", "Decimal", "Fraction", "LinearRegression", "NormalDist", "StatisticsError", "bisect_left", "bisect_right", "correlation", "covariance", "defaultdict", "erf", "exp", "fabs", "fmean", "fsum", "geometric_mean", "groupby", "harmonic_mean", "hypot", "linear_regression", "log", "mean", "median", "median_grouped", "median_high", "median_low", "mode", "mul", "multimode", "namedtuple", "pstdev", "pvariance", "quantiles", "reduce", "repeat", "sqrt", "stdev", "tau", "variance"])],
  ["random", new Set(["BPF", "LOG4", "NV_MAGICCONST", "RECIP_BPF", "Random", "SG_MAGICCONST", "SystemRandom", "TWOPI", "betavariate", "choice", "choices", "expovariate", "gammavariate", "gauss", "getrandbits", "getstate", "lognormvariate", "normalvariate", "paretovariate", "randbytes", "randint", "random", "randrange", "sample", "seed", "setstate", "shuffle", "triangular", "uniform", "vonmisesvariate", "weibullvariate"])],
  ["decimal", new Set(["BasicContext", "Clamped", "Context", "ConversionSyntax", "Decimal", "DecimalException", "DecimalTuple", "DefaultContext", "DivisionByZero", "DivisionImpossible", "DivisionUndefined", "ExtendedContext", "FloatOperation", "HAVE_CONTEXTVAR", "HAVE_THREADS", "Inexact", "InvalidContext", "InvalidOperation", "MAX_EMAX", "MAX_PREC", "MIN_EMIN", "MIN_ETINY", "Overflow", "ROUND_05UP", "ROUND_CEILING", "ROUND_DOWN", "ROUND_FLOOR", "ROUND_HALF_DOWN", "ROUND_HALF_EVEN", "ROUND_HALF_UP", "ROUND_UP", "Rounded", "Subnormal", "Underflow", "getcontext", "localcontext", "setcontext"])],
  ["fractions", new Set(["Decimal", "Fraction"])],
  ["operator", new Set(["abs", "add", "and_", "call", "concat", "contains", "countOf", "delitem", "eq", "floordiv", "ge", "getitem", "gt", "iadd", "iand", "iconcat", "ifloordiv", "ilshift", "imatmul", "imod", "imul", "index", "indexOf", "inv", "invert", "ior", "ipow", "irshift", "is_", "is_not", "isub", "itemgetter", "itruediv", "ixor", "le", "length_hint", "lshift", "lt", "matmul", "mod", "mul", "ne", "neg", "not_", "or_", "pos", "pow", "rshift", "setitem", "sub", "truediv", "truth", "xor"])],
  ["heapq", new Set(["heapify", "heappop", "heappush", "heappushpop", "heapreplace", "merge", "nlargest", "nsmallest"])],
  ["bisect", new Set(["bisect", "bisect_left", "bisect_right", "insort", "insort_left", "insort_right"])],
  ["base64", new Set(["MAXBINSIZE", "MAXLINESIZE", "a85decode", "a85encode", "b16decode", "b16encode", "b32decode", "b32encode", "b32hexdecode", "b32hexencode", "b64decode", "b64encode", "b85decode", "b85encode", "bytes_types", "decode", "decodebytes", "encode", "encodebytes", "main", "standard_b64decode", "standard_b64encode", "test", "urlsafe_b64decode", "urlsafe_b64encode"])],
  ["hashlib", new Set(["algorithms_available", "algorithms_guaranteed", "blake2b", "blake2s", "file_digest", "md5", "new", "pbkdf2_hmac", "scrypt", "sha1", "sha224", "sha256", "sha384", "sha3_224", "sha3_256", "sha3_384", "sha3_512", "sha512", "shake_128", "shake_256"])],
  ["binascii", new Set(["Error", "Incomplete", "a2b_base64", "a2b_hex", "a2b_qp", "a2b_uu", "b2a_base64", "b2a_hex", "b2a_qp", "b2a_uu", "crc32", "crc_hqx", "hexlify", "unhexlify"])],
  ["struct", new Set(["Struct", "calcsize", "error", "iter_unpack", "pack", "pack_into", "unpack", "unpack_from"])],
  ["copy", new Set(["Error", "copy", "deepcopy", "dispatch_table", "error"])],
  ["pprint", new Set(["PrettyPrinter", "isreadable", "isrecursive", "pformat", "pp", "pprint", "saferepr"])],
  ["unicodedata", new Set(["UCD", "bidirectional", "category", "combining", "decimal", "decomposition", "digit", "east_asian_width", "is_normalized", "lookup", "mirrored", "name", "normalize", "numeric", "ucd_3_2_0", "unidata_version"])],
  ["time", new Set(["CLOCK_BOOTTIME", "CLOCK_MONOTONIC", "CLOCK_MONOTONIC_RAW", "CLOCK_PROCESS_CPUTIME_ID", "CLOCK_REALTIME", "CLOCK_TAI", "CLOCK_THREAD_CPUTIME_ID", "altzone", "asctime", "clock_getres", "clock_gettime", "clock_gettime_ns", "clock_settime", "clock_settime_ns", "ctime", "daylight", "get_clock_info", "gmtime", "localtime", "mktime", "monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns", "process_time", "process_time_ns", "pthread_getcpuclockid", "sleep", "strftime", "strptime", "struct_time", "thread_time", "thread_time_ns", "time", "time_ns", "timezone", "tzname", "tzset"])],
  ["zlib", new Set(["DEFLATED", "DEF_BUF_SIZE", "DEF_MEM_LEVEL", "MAX_WBITS", "ZLIB_RUNTIME_VERSION", "ZLIB_VERSION", "Z_BEST_COMPRESSION", "Z_BEST_SPEED", "Z_BLOCK", "Z_DEFAULT_COMPRESSION", "Z_DEFAULT_STRATEGY", "Z_FILTERED", "Z_FINISH", "Z_FIXED", "Z_FULL_FLUSH", "Z_HUFFMAN_ONLY", "Z_NO_COMPRESSION", "Z_NO_FLUSH", "Z_PARTIAL_FLUSH", "Z_RLE", "Z_SYNC_FLUSH", "Z_TREES", "adler32", "compress", "compressobj", "crc32", "decompress", "decompressobj", "error"])],
  ["difflib", new Set(["Differ", "GenericAlias", "HtmlDiff", "IS_CHARACTER_JUNK", "IS_LINE_JUNK", "Match", "SequenceMatcher", "context_diff", "diff_bytes", "get_close_matches", "ndiff", "restore", "unified_diff"])],
  ["html", new Set(["escape", "unescape"])],
  ["urllib.parse", new Set(["DefragResult", "DefragResultBytes", "ParseResult", "ParseResultBytes", "ResultBase", "SplitResult", "SplitResultBytes", "clear_cache", "namedtuple", "non_hierarchical", "parse_qs", "parse_qsl", "quote", "quote_from_bytes", "quote_plus", "scheme_chars", "splitattr", "splithost", "splitnport", "splitpasswd", "splitport", "splitquery", "splittag", "splittype", "splituser", "splitvalue", "to_bytes", "unquote", "unquote_plus", "unquote_to_bytes", "unwrap", "urldefrag", "urlencode", "urljoin", "urlparse", "urlsplit", "urlunparse", "urlunsplit", "uses_fragment", "uses_netloc", "uses_params", "uses_query", "uses_relative"])],
  ["cmath", new Set(["acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "e", "exp", "inf", "infj", "isclose", "isfinite", "isinf", "isnan", "log", "log10", "nan", "nanj", "phase", "pi", "polar", "rect", "sin", "sinh", "sqrt", "tan", "tanh", "tau"])],
  ["numbers", new Set(["ABCMeta", "Complex", "Integral", "Number", "Rational", "Real", "abstractmethod"])],
  ["calendar", new Set(["Calendar", "EPOCH", "FRIDAY", "February", "HTMLCalendar", "IllegalMonthError", "IllegalWeekdayError", "January", "LocaleHTMLCalendar", "LocaleTextCalendar", "MONDAY", "SATURDAY", "SUNDAY", "THURSDAY", "TUESDAY", "TextCalendar", "WEDNESDAY", "c", "calendar", "day_abbr", "day_name", "different_locale", "error", "firstweekday", "format", "formatstring", "isleap", "leapdays", "main", "mdays", "month", "month_abbr", "month_name", "monthcalendar", "monthrange", "prcal", "prmonth", "prweek", "repeat", "setfirstweekday", "timegm", "week", "weekday", "weekheader"])],
  ["enum", new Set(["CONFORM", "CONTINUOUS", "DynamicClassAttribute", "EJECT", "Enum", "EnumCheck", "EnumMeta", "EnumType", "Flag", "FlagBoundary", "IntEnum", "IntFlag", "KEEP", "MappingProxyType", "NAMED_FLAGS", "ReprEnum", "STRICT", "StrEnum", "UNIQUE", "auto", "bin", "global_enum", "global_enum_repr", "global_flag_repr", "global_str", "member", "nonmember", "pickle_by_enum_name", "pickle_by_global_name", "property", "reduce", "show_flag_values", "unique", "verify"])],
  ["csv", new Set(["Dialect", "DictReader", "DictWriter", "Error", "QUOTE_ALL", "QUOTE_MINIMAL", "QUOTE_NONE", "QUOTE_NONNUMERIC", "Sniffer", "StringIO", "excel", "excel_tab", "field_size_limit", "get_dialect", "list_dialects", "reader", "register_dialect", "unix_dialect", "unregister_dialect", "writer"])],
  ["shlex", new Set(["StringIO", "deque", "join", "quote", "shlex", "split"])],
  ["os", new Set(["altsep", "cpu_count", "curdir", "devnull", "extsep", "getcwd", "getenv", "getpid", "linesep", "name", "pardir", "path", "pathsep", "sep"])],
  ["os.path", new Set(["altsep", "basename", "commonpath", "commonprefix", "curdir", "dirname", "extsep", "isabs", "join", "normcase", "normpath", "pardir", "pathsep", "sep", "split", "splitext"])],
]);

/**
 * The standard library's modules (CPython 3.11's sys.stdlib_module_names, and Python 2's that
 * were renamed or removed): one of them that is not known to be pure (subprocess, socket, shutil)
 * reaches outside; only a module outside the standard library is project or installed code.
 */
export const PYTHON_STDLIB: ReadonlySet<string> = new Set([
  "ConfigParser", "Cookie", "HTMLParser", "Queue", "SocketServer", "StringIO", "__builtin__", "__future__",
  "__main__", "_abc", "_aix_support", "_ast", "_asyncio", "_bisect", "_blake2", "_bootsubprocess", "_bz2", "_codecs",
  "_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr", "_codecs_tw", "_collections",
  "_collections_abc", "_compat_pickle", "_compression", "_contextvars", "_crypt", "_csv", "_ctypes", "_curses",
  "_curses_panel", "_datetime", "_dbm", "_decimal", "_elementtree", "_frozen_importlib",
  "_frozen_importlib_external", "_functools", "_gdbm", "_hashlib", "_heapq", "_imp", "_io", "_json", "_locale",
  "_lsprof", "_lzma", "_markupbase", "_md5", "_msi", "_multibytecodec", "_multiprocessing", "_opcode", "_operator",
  "_osx_support", "_overlapped", "_pickle", "_posixshmem", "_posixsubprocess", "_py_abc", "_pydecimal", "_pyio",
  "_queue", "_random", "_scproxy", "_sha1", "_sha256", "_sha3", "_sha512", "_signal", "_sitebuiltins", "_socket",
  "_sqlite3", "_sre", "_ssl", "_stat", "_statistics", "_string", "_strptime", "_struct", "_symtable", "_thread",
  "_threading_local", "_tkinter", "_tokenize", "_tracemalloc", "_typing", "_uuid", "_warnings", "_weakref",
  "_weakrefset", "_winapi", "_zoneinfo", "abc", "aifc", "antigravity", "anydbm", "argparse", "array", "ast",
  "asynchat", "asyncio", "asyncore", "atexit", "audioop", "base64", "bdb", "binascii", "bisect", "builtins", "bz2",
  "cPickle", "cProfile", "cStringIO", "calendar", "cgi", "cgitb", "chunk", "cmath", "cmd", "code", "codecs",
  "codeop", "collections", "colorsys", "commands", "compileall", "concurrent", "configparser", "contextlib",
  "contextvars", "cookielib", "copy", "copyreg", "crypt", "csv", "ctypes", "curses", "dataclasses", "datetime",
  "dbhash", "dbm", "decimal", "difflib", "dis", "distutils", "doctest", "dumbdbm", "dummy_thread", "email",
  "encodings", "ensurepip", "enum", "errno", "exceptions", "faulthandler", "fcntl", "filecmp", "fileinput",
  "fnmatch", "fractions", "ftplib", "functools", "gc", "gdbm", "genericpath", "getopt", "getpass", "gettext", "glob",
  "graphlib", "grp", "gzip", "hashlib", "heapq", "hmac", "html", "http", "httplib", "idlelib", "imaplib", "imghdr",
  "imp", "importlib", "inspect", "io", "ipaddress", "itertools", "json", "keyword", "lib2to3", "linecache", "locale",
  "logging", "lzma", "mailbox", "mailcap", "marshal", "math", "md5", "mimetypes", "mmap", "modulefinder", "msilib",
  "msvcrt", "multiprocessing", "netrc", "new", "nis", "nntplib", "nt", "ntpath", "nturl2path", "numbers", "opcode",
  "operator", "optparse", "os", "ossaudiodev", "pathlib", "pdb", "pickle", "pickletools", "pipes", "pkgutil",
  "platform", "plistlib", "popen2", "poplib", "posix", "posixpath", "pprint", "profile", "pstats", "pty", "pwd",
  "py_compile", "pyclbr", "pydoc", "pydoc_data", "pyexpat", "queue", "quopri", "random", "re", "readline", "reprlib",
  "resource", "rlcompleter", "runpy", "sched", "secrets", "select", "selectors", "sets", "sha", "shelve", "shlex",
  "shutil", "signal", "site", "smtpd", "smtplib", "sndhdr", "socket", "socketserver", "spwd", "sqlite3",
  "sre_compile", "sre_constants", "sre_parse", "ssl", "stat", "statistics", "string", "stringprep", "struct",
  "subprocess", "sunau", "symtable", "sys", "sysconfig", "syslog", "tabnanny", "tarfile", "telnetlib", "tempfile",
  "termios", "textwrap", "this", "thread", "threading", "time", "timeit", "tkinter", "token", "tokenize", "tomllib",
  "trace", "traceback", "tracemalloc", "tty", "turtle", "turtledemo", "types", "typing", "unicodedata", "unittest",
  "urllib", "urllib2", "user", "uu", "uuid", "venv", "warnings", "wave", "weakref", "webbrowser", "winreg",
  "winsound", "wsgiref", "xdrlib", "xml", "xmlrpc", "xmlrpclib", "zipapp", "zipfile", "zipimport", "zlib",
  "zoneinfo",
]);
