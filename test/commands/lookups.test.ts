// getent and whois: their operands are keys, not files; getent's shadow databases are the files.

import { table, useSandbox } from "../support/table.ts";

const box = useSandbox();

table("getent and whois", box, [["getent passwd `whoami` | cut -d : -f 5", "allow"], ["getent hosts localhost",
  "allow"], ["getent passwd ../outside/secret.txt", "allow", ["!* $O/secret.txt"]], ["getent shadow root", "ask", [
  "read /etc/shadow",
]], ["sudo getent gshadow", "ask", ["read /etc/gshadow"]], ["getent `uname -n`", "ask", ["#UNRESOLVED_WORD"]], [
  "getent -s files passwd",
  "allow",
], ["getent -s ../../tmp/x passwd", "ask", ["#UNRESOLVED_PATH"]], ['getent -s "$X" passwd', "ask", [
  "#UNRESOLVED_PATH",
]], ["whois $(who | cut -d'(' -f2 | cut -d')' -f1)", "allow"], ["whois -h whois.example.net example.com", "allow"], [
  "whois example.com > ../outside/x",
  "ask",
  ["write $O/x"],
]]);
