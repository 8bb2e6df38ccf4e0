// Soundness by construction (issue 11): code bash runs inside a word is analysed wherever the
// word sits, whatever the guard knows of the variables around it; values bash gives its own
// variables are known, never a silent empty string; and anything the interpreter does not
// account for asks with UNMODELLED_SYNTAX. Each row was run under bash 5.2 with strace: the
// probe `cat ../outside/secret.txt` ran in every row that expects its access.

import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();
const S = "$(cat ../outside/secret.txt)";
const READ = "* $O/secret.txt";

// Class 1: the operand of a parameter expansion. Bash expands it when the operator needs it,
// which depends on the value; when the value is not known, the guard analyses it as if it ran.
table("code in the operand of a parameter expansion runs", box, [
  [`echo \${x:-${S}}`, "ask", [READ]],
  [`echo \${x-${S}}`, "ask", [READ]],
  [`echo \${x:=${S}}`, "ask", [READ]],
  [`echo \${x=${S}}`, "ask", [READ]],
  [`echo \${x:?${S}}`, "ask", [READ]],
  [`echo \${x?${S}}`, "ask", [READ]],
  [`echo \${x:+${S}}`, "ask", [READ]],
  [`echo \${x+${S}}`, "ask", [READ]],
  [`echo \${x#${S}}`, "ask", [READ]],
  [`echo \${x##${S}}`, "ask", [READ]],
  [`echo \${x%${S}}`, "ask", [READ]],
  [`echo \${x%%${S}}`, "ask", [READ]],
  [`echo \${x/${S}}`, "ask", [READ]],
  [`echo \${x/a/${S}}`, "ask", [READ]],
  [`echo \${x//${S}/b}`, "ask", [READ]],
  [`echo \${x/#${S}}`, "ask", [READ]],
  [`echo \${x/%a/${S}}`, "ask", [READ]],
  [`echo \${x^${S}}`, "ask", [READ]],
  [`echo \${x^^${S}}`, "ask", [READ]],
  [`echo \${x,${S}}`, "ask", [READ]],
  [`echo \${x,,${S}}`, "ask", [READ]],
  [`echo \${HOME%${S}}`, "ask", [READ]],
  [`echo \${PATH//${S}}`, "ask", [READ]],
  [`echo \${x:-\`cat ../outside/secret.txt\`}`, "ask", [READ]],
  [`echo \${x:-\${y:-${S}}}`, "ask", [READ]],
  [`echo \${x:-<(cat ../outside/secret.txt)}`, "ask", [READ]],
  [`echo \${x:-$(( $(cat ../outside/secret.txt) ))}`, "ask", [READ]],
  [`echo "\${x:-${S}}"`, "ask", [READ]],
  [`echo "\${x%${S}}"`, "ask", [READ]],
  // A known value decides: these operands are not expanded by bash.
  [`x=1; echo \${x:-${S}}`, "allow"],
  [`x=; echo \${x:+${S}}`, "allow"],
  [`unset x; echo \${x%${S}}`, "allow"],
  // Known values that need the operand: analysed.
  [`x=1; echo \${x:+${S}}`, "ask", [READ]],
  [`x=; echo \${x:-${S}}`, "ask", [READ]],
  [`x=abc; echo \${x%${S}}`, "ask", [READ]],
  [`x=; echo \${x:?${S}}`, "ask", [READ]],
]);

table("the operand's code runs in every place a word is expanded", box, [
  [`y=\${x:-${S}}`, "ask", [READ]],
  [`export y=\${x:-${S}}`, "ask", [READ]],
  [`local y=\${x:-${S}} 2>/dev/null`, "ask", [READ]],
  [`f() { local y=\${x:-${S}}; }; f`, "ask", [READ]],
  [`cat <<< \${x:-${S}}`, "ask", [READ]],
  [`cat <<EOF\n\${x:-${S}}\nEOF`, "ask", [READ]],
  [`cat <<EOF\n\${x:-\`cat ../outside/secret.txt\`}\nEOF`, "ask", [READ]],
  [`case \${x:-${S}} in *) ;; esac`, "ask", [READ]],
  [`case a in \${x:-${S}}) ;; esac`, "ask", [READ]],
  [`for i in \${x/a/${S}}; do :; done`, "ask", [READ]],
  [`[[ \${x:-${S}} ]]`, "ask", [READ]],
  [`(( \${x:-${S}} ))`, "ask", [READ]],
  [`echo > \${x:-${S}}`, "ask", [READ]],
  [`x=\${y:-${S}} true`, "ask", [READ]],
  [`a=(\${x:-${S}})`, "ask", [READ]],
  [`eval 'echo \${x:-${S}}'`, "ask", [READ]],
  [`bash -c 'echo \${x:-${S}}'`, "ask", [READ]],
  [`sh -c 'echo \${x:-${S}}'`, "ask", [READ]],
  [`sudo bash -c 'echo \${x:+${S}}'`, "ask", [READ]],
  [`if true; then echo \${x:-${S}}; fi`, "ask", [READ]],
  [`while read l; do echo \${l:+${S}}; done < README.md`, "ask", [READ]],
  [`f() { echo \${1:-${S}}; }; f`, "ask", [READ]],
  [`f() { echo \${1:-${S}}; }; f a`, "allow"],
  // Operands the grammar keeps as one token, inside [ ], (( )) and for (( )): found by the census.
  [`[ -n /etc\${HOME##*${S}} ]`, "ask", [READ]],
  [`[ -n "$v\${HOME,,${S}}" ]`, "ask", [READ]],
  [`(( \${HOME%${S}} ))`, "ask", [READ]],
  [`arr=(a b); for ((i=0; i<\${#arr[@\${HOME,,${S}}]}; i++)); do :; done`, "ask", [READ]],
  [`[[ \${HOME/#${S}} == x ]]`, "ask", [READ]],
  ["[ -n /etc${HOME##*x} ]", "allow"],
]);

// Class 2: bash sets IFS to space, tab and newline when it starts, whatever the environment says.
table("$IFS is space, tab and newline unless the command sets it", box, [
  ["cat a$IFS../outside/secret.txt", "ask", [READ]],
  ["cat a${IFS}../outside/secret.txt", "ask", [READ]],
  ["cat a${IFS:0:1}../outside/secret.txt", "ask", [READ]],
  ["x=$IFS; cat a${x}../outside/secret.txt", "ask", [READ]],
  ['printf -v x %s "$IFS"; cat a${x}../outside/secret.txt', "ask", [READ]],
  ['eval "cat a${IFS}../outside/secret.txt"', "ask", [READ]],
  ['eval "true${IFS:2:1}cat ../outside/secret.txt"', "ask", [READ]],
  ["bash -c 'cat a${IFS}../outside/secret.txt'", "ask", [READ]],
  ["IFS=/; bash -c 'cat a${IFS}../outside/secret.txt'", "ask", [READ]],
  // Quoted, IFS is text: one argument that names nothing outside.
  ['cat "a${IFS}../outside/secret.txt"', "allow"],
  ["IFS=:; cat a${IFS}../outside/secret.txt", "ask", [READ]],
  ["unset IFS; cat a${IFS}../outside/secret.txt", "allow"],
  ["cat README.md$IFS", "allow", ["* $P/README.md"]],
  // Found by the probe campaign: find looks a stray word of its expression up on disk.
  ["find . -perm 766$IFS../outside/secret.txt", "ask", ["list $O/secret.txt"]],
  ["find . -atime +7 -o${IFS:0:1}../outside/secret.txt -print", "ask", ["list $O/secret.txt"]],
  ["find . -name x ../outside/secret.txt", "ask", ["list $O/secret.txt"]],
]);

// Class 3: the subscript of an assignment is expanded (and, for an indexed array, evaluated).
table("code in the subscript of an assignment runs", box, [
  [`a[${S}]=1`, "ask", [READ]],
  [`a[${S}]+=1`, "ask", [READ]],
  [`declare -A a; a[${S}]=1`, "ask", [READ]],
  [`declare -A a; a[${S}]+=x`, "ask", [READ]],
  [`a[\${x:-${S}}]=1`, "ask", [READ]],
  [`a[i+${S}]=1`, "ask", [READ]],
  [`a[\`cat ../outside/secret.txt\`]=1`, "ask", [READ]],
  // Before a command, bash refuses a subscripted name without expanding it.
  [`a[${S}]=1 true`, "allow"],
  [`a[${S}]=1 cat ../outside/secret.txt`, "ask", [READ]],
  [`f() { a[${S}]=1; }; f`, "ask", [READ]],
  // A function defined and not called is analysed: a later command in the same shell may call it.
  [`f() { a[${S}]=1; }`, "ask", [READ]],
  [`for i in 1; do a[${S}]=1; done`, "ask", [READ]],
  [`if true; then a[${S}]=1; fi`, "ask", [READ]],
  [`bash -c 'a[${S}]=1'`, "ask", [READ]],
  [`eval 'a[${S}]=1'`, "ask", [READ]],
  [`a[1]=x; cat README.md`, "allow", ["* $P/README.md"]],
]);

// The history file: bash 5.2 under strace writes $HISTFILE, or $HOME/.history when HISTFILE is
// unset (as it is in a script); a HISTFILE the command did not set is the host's.
table("history reads and writes the history file", box, [["history -w", "ask", ["#UNRESOLVED_WORD"]], ["history -r",
  "ask", ["#UNRESOLVED_WORD"]], ["unset HISTFILE; history -w", "ask", ["write $H/.history"]], [
  "unset HISTFILE; set -o history; history -a",
  "ask",
  ["write $H/.history"],
], ["HISTFILE=../outside/h; history -w", "ask", ["write $O/h"]], ["HISTFILE=h.txt; history -w", "allow", [
  "write $P/h.txt",
]], ["history -w h.txt", "allow", ["write $P/h.txt"]], ["history -r ../outside/secret.txt", "ask", [
  "read $O/secret.txt",
]], ["history -c; history -s 'cat ../outside/secret.txt'", "allow"], ["history -d 1", "allow"]]);

// Found by the probe campaign (seed 8): an unknown word may expand to nothing, so `cd ../x $y`
// may be `cd ../x` (bash 5.2 under strace: chdir("../x")).
table("cd with a word that may vanish", box, [["cd ../outside $X; cat secret.txt", "ask", ["cwd $O"]], [
  "cd $X ../outside; cat secret.txt",
  "ask",
  ["cwd $O"],
], ["cd -P $X ../outside; cat secret.txt", "ask", ["cwd $O"]], ["cd src $X; cat main.ts", "ask", ["#UNRESOLVED_CWD"]], [
  "cd${IFS:0:1}../outside $X && find .",
  "ask",
  ["cwd $O"],
], ["cd src extra 2>/dev/null; cat README.md", "allow", ["* $P/README.md"]]]);

// Outputs of a known shape used in a path (issue 12): `date +FORMAT` whose format holds only
// directives that print digits (GNU date 9.1, LC_ALL=C and C.UTF-8) and plain text prints one
// path segment, never `.` or `..`, or nothing when date fails. A word whose only unknown is
// such a segment names an entry of its directory: the entries it could name, a new name
// there and the word without the segment are judged.
table("outputs of a known shape used in a path", box, [
  ["touch filename_`/bin/date +%Y%m%d%H%M%S`.txt", "allow", ["write $P/filename_0.txt"]],
  ['mkdir -p logs && mv README.md logs/$(date -d "today" +"%Y%m%d%H%M").log', "allow", ["write $P/logs/0.log"]],
  ['cp README.md{,."$(date +%Y%m%d-%H%M%S)"}', "allow", ["write $P/README.md.0"]],
  ["tar -cvf `date '+%d%m%Y'_archive.tar` README.md", "allow", ["write $P/0"]],
  ["echo hi > logs-$(date +%F_%T).txt", "allow", ["write $P/logs-0.txt"]],
  ['x=$(date +%Y%m%d_x); touch "$x.log"', "allow", ["write $P/0.log"]],
  ['cd src && touch "$(date -u +%s_%N)"', "allow", ["write $P/src/0"]],
  ["touch $(date +%Y_x 2>/dev/null)", "allow", ["write $P/0"]],
  // A format that may print `/`, `..`, blanks or the locale's words; options that read or set.
  ["touch x$(date +%Y/../../x)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(date +../%s)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(date +%Y..x)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(date +%c)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(date +%D)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(date +%a_%Y)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(date +%_d_x)", "ask", ["#UNRESOLVED_WORD"]],
  // %e pads with a blank (` 2`): unquoted, two words, not a number.
  ["touch a$(date +%e)", "ask", ["#UNRESOLVED_WORD"]],
  ["cat $(date -f ../outside/secret.txt +%Y_x)", "ask", ["read $O/secret.txt"]],
  ["touch $(date -s 2020-01-01 +%Y_x)", "ask", ["#UNRESOLVED_WORD"]],
  // TZ names a file glibc reads (TZ="…" in a date string too); the locale changes names.
  ["TZ=UTC; touch $(date +%Y_x)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(TZ=UTC date +%Y_x)", "ask", ["#UNRESOLVED_WORD"]],
  ["export LC_ALL=C; touch $(date +%Y_x)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(date -d 'TZ=\"../outside/secret.txt\" now' +%Y_x)", "ask", ["#UNRESOLVED_WORD"]],
  ["date() { echo ../x; }; touch $(date +%Y_x)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(date +%Y_x > /dev/null)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(date +%Y_x 2>&1)", "ask", ["#UNRESOLVED_WORD"]],
  // The directory leads out, or an entry the word may name does, or an empty output makes `..`.
  ["touch link-out/$(date +%Y_x)", "ask", ["write $O/0"]],
  ["cat src/secret$(date +-%Y)link", "ask", ["read $O/secret.txt"]],
  ["cat .$(date -d bogus +%Y_x)./outside/secret.txt", "ask", ["read $O/secret.txt"]],
  // IFS may cut it into fields that are not entries it names whole (IFS=0: a2 and 26.12).
  ["IFS=0; touch a$(date +%Y.%m_x)", "ask", ["#UNRESOLVED_WORD"]],
  ["IFS=0; touch a$(date +%s)", "ask", ["#UNRESOLVED_WORD"]],
  ["IFS=:; touch a$(date +%s_x)", "ask", ["#UNRESOLVED_WORD"]],
  ["IFS=:; touch a$(date +%s)", "allow", ["write $P/a0"]],
  // Text cut from it or joined to it is not a segment; a replacement can make anything of a
  // number too (bash under strace reads ../outside/secret.txt: was allowed).
  ["x=$(date +%Y.); touch ${x#*[0-9]}", "ask", ["#UNRESOLVED_WORD"]],
  ["x=a$(date +%Y_x); touch $x", "ask", ["#UNRESOLVED_WORD"]],
  ["x=$(date +%Y_x); cat ${x/[0-9]*/..\\/outside}/secret.txt", "ask", ["#UNRESOLVED_WORD"]],
  ["x=$(wc -l < README.md); cat ${x/[0-9]*/..\\/outside}/secret.txt", "ask", ["#UNRESOLVED_WORD"]],
  // uname -m and -s print names the kernel's source fixes; the release, the node name (any
  // bytes to sethostname) and combinations (blanks) do not have that shape.
  ["touch build-$(uname -m).log", "allow", ["write $P/build-0.log"]],
  ['touch "$(/bin/uname -s)"', "allow", ["write $P/0"]],
  ["touch link-out/$(uname -m)", "ask", ["write $O/0"]],
  ["touch build-$(uname -r).log", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(uname -n)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(hostname)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(whoami)", "ask", ["#UNRESOLVED_WORD"]],
  ["touch $(uname -sm)", "ask", ["#UNRESOLVED_WORD"]],
]);

// TZ names a zone file every program using glibc's time functions opens before it reads the
// value as a rule: absolute (after an optional `:`), or under $TZDIR or /usr/share/zoneinfo,
// `../` and all (strace of date 9.1 and ls -l).
table("TZ names a file a started program reads", box, [
  ["TZ=$O/secret.txt date", "ask", ["read $O/secret.txt"]],
  ["TZ=:$O/secret.txt date", "ask", ["read $O/secret.txt"]],
  ["export TZ=$O/secret.txt; ls -l", "ask", ["read $O/secret.txt"]],
  ["TZ=../../../..$O/secret.txt date", "ask", ["read $O/secret.txt"]],
  ["TZDIR=../outside TZ=secret.txt date", "ask", ["read $O/secret.txt"]],
  // Go's time package and Python's zoneinfo look a name up under other directories too
  // (TZ=../x kubectl opened /etc/zoneinfo/../x, the program probe under strace).
  ["TZ=../probe kubectl get pods", "ask", ["read /etc/probe", "read /usr/share/probe"]],
  ["TZDIR=/usr/share/zoneinfo TZ=../probe kubectl get pods", "ask", ["read /etc/probe"]],
  ["ZONEINFO=../outside/z TZ=../secret.txt kubectl get pods", "ask", ["read $O/secret.txt"]],
  ["ZONEINFO=$X TZ=../secret.txt kubectl get pods", "ask", ["#UNRESOLVED_WORD"]],
  ["TZ=$X date", "ask", ["#UNRESOLVED_WORD"]],
  ["TZ=UTC date", "allow"],
  ["TZ=Europe/Paris ls -l", "allow"],
  ["TZ= date", "allow"],
]);

// A redirection after a list is the last command's, and digits against it are its descriptor
// (found by the fuzzer): the grammar read `true && exec 0>&-` as `(true && exec 0) >&-`, a
// program `0` that replaced the shell, so nothing after it was analysed.
table("a descriptor number against a redirection after a list", box, [
  ["true && exec 0>&-; cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["true && exec 0<&-; cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["true || exec 3>&-; cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["true | exec 2>/dev/null; cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["cd src && exec {fd}>&-; cat ../../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["cd src && exec 0>&-; cat main.ts", "allow", ["read $P/src/main.ts"]],
  // Glued to the word before it, the digits are text of that word: a program that never returns.
  ["true && exec x0>&-; cat ../outside/secret.txt", "allow"],
]);

// Backquoted substitutions side by side (found by the probe fuzz): to bash `a``b` and `a` `b`
// are two substitutions, each run; the grammar reads one, with a "``" token inside it, and the
// second command became words of the first (`echo \`echo a\` \`cat ../x\`` was allowed). The
// lowering splits the node where bash does (the first backquote no backslash escapes, quotes
// or $( … ) notwithstanding) and reads each body again; what it cannot split asks.
table("two backquoted substitutions the grammar reads as one", box, [
  ["echo `echo a``cat ../outside/secret.txt`", "ask", ["read $O/secret.txt"]],
  ["echo `echo a` `cat ../outside/secret.txt`", "ask", ["read $O/secret.txt"]],
  ["echo `echo a`\t `cat ../outside/secret.txt`", "ask", ["read $O/secret.txt"]],
  ["echo `echo a` `echo b` `cat ../outside/secret.txt`", "ask", ["read $O/secret.txt"]],
  ["set -- a b; shift `expr $# - 1``cat ../outside/secret.txt`", "ask", ["read $O/secret.txt"]],
  ['echo "`echo a` `cat ../outside/secret.txt`"', "ask", ["read $O/secret.txt"]],
  ['echo "x `echo a`, `cat ../outside/secret.txt`"', "ask", ["read $O/secret.txt"]],
  ["echo `echo \\`echo a\\`` `cat ../outside/secret.txt`", "ask", ["read $O/secret.txt"]],
  ["echo `echo a` `echo \\`cat ../outside/secret.txt\\``", "ask", ["read $O/secret.txt"]],
  ["echo `echo $(echo a)` `cat $(echo ../outside/secret.txt)`", "ask", ["read $O/secret.txt"]],
  ['echo `date +"%a %x"` `cat ../outside/secret.txt`', "ask", ["read $O/secret.txt"]],
  // Inside "…" a backslash also escapes " in the body: bash reads ../outside/secret.txt (strace).
  ['echo "`cat \\"../outside/secret.txt\\"`"', "ask", ["read $O/secret.txt"]],
  ['echo `cat \\"../outside/secret.txt\\"`', "allow", ['read $P/"../outside/secret.txt"']],
  // …also where a backslash in the text has it parsed again (found by the probe fuzz)
  ["echo `seq 1 2``cat \\\\../outside/secret.txt`", "ask", ["read $O/secret.txt"]],
  ["echo `echo \\$x``cat ../outside/secret.txt`", "ask", ["read $O/secret.txt"]],
  // `$` before a backquote is text; the substitution after it runs as bash reads it (probe fuzz)
  ['echo "a$`cat \\"../outside/secret.txt\\"`"', "ask", ["read $O/secret.txt"]],
  ['[ "a$`cat \\"../outside/secret.txt\\"`" = b ]', "ask", ["read $O/secret.txt"]],
  ["echo a$`echo \\$x``cat ../outside/secret.txt`", "ask", ["read $O/secret.txt"]],
  ['echo "a$`echo hi`"', "allow"],
  // Where the words cannot be told apart here, or a newline between them ends the command.
  ["x=`echo a` `cat ../outside/secret.txt`", "ask", ["#UNMODELLED_SYNTAX"]],
  ["echo x`echo a` `cat ../outside/secret.txt`", "ask", ["#UNMODELLED_SYNTAX"]],
  ["echo `echo a`\n`cat ../outside/secret.txt`", "ask", ["#UNMODELLED_SYNTAX"]],
  // One substitution, and escaped backquotes inside one, stay readable; so do several inside.
  ["echo `echo a`", "allow"],
  ["echo `echo \\`echo a\\``", "allow"],
  ["echo a``b", "allow"],
  ["echo `date` `hostname`", "allow"],
  ["echo `echo a``echo b` x", "allow"],
  ["echo `echo a` x `echo b`", "allow"],
  ['echo `date +"%a %x %X"` `hostname`', "allow"],
  ['echo "`date` `hostname`"', "allow"],
]);

// Inside "…", bash removes a backslash before " in backquoted text before it parses it, as it
// does before ` $ and \ anywhere: "`cat \"../x\"`" runs cat "../x" (strace shows the open).
// Read without that step, the word was a file named "..", inside, and the line was allowed.
table("backslashes in backquoted text inside double quotes", box, [
  ['echo "`cat \\"../outside/secret.txt\\"`"', "ask", ["read $O/secret.txt"]],
  ['echo "`cat \\"..\\"/outside/secret.txt`"', "ask", ["read $O/secret.txt"]],
  ['x="`cat \\"../outside/secret.txt\\"`"', "ask", ["read $O/secret.txt"]],
  // Outside "…" the backslash stays: the name holds the quotes.
  ['echo `cat \\"../outside/secret.txt\\"`', "allow"],
]);

// A backquoted command with escapes is parsed as bash will parse it, and what it prints is
// known as for $(…): a listing's names under the project, a known text.
table("what a backquoted command with escapes prints", box, [
  ["wc -l `find names/plain -name \\*.txt`", "allow", ["read $P/names/plain"]],
  ["rm `find . -name \\*.pyc`", "ask", ["unknown $O"]],
  ["cat `find ../outside -name \\*.txt`", "ask", ["* $O"]],
  ["cat `echo \\$HOME/x`", "ask", ["read $H/x"]],
  ["cat `echo ..\\/outside/secret.txt`", "ask", ["read $O/secret.txt"]],
  // …in a test command too, whose substitutions are gathered apart (found by the probe fuzz)
  ['[ "$TERM`echo \\`cat ../outside/secret.txt\\``" == "screen" ]', "ask", ["read $O/secret.txt"]],
  ['[[ "`echo \\`cat ../outside/secret.txt\\``" == a ]]', "ask", ["read $O/secret.txt"]],
  ['[[ `cat \\"../outside/secret.txt\\"` == a ]]', "allow"],
  ['[[ "`cat \\"../outside/secret.txt\\"`" == a ]]', "ask", ["read $O/secret.txt"]],
  ["(( `echo 1``cat ../outside/secret.txt` ))", "ask", ["read $O/secret.txt"]],
  ["[[ `echo \\$x``cat ../outside/secret.txt` == a ]]", "ask", ["read $O/secret.txt"]],
]);

// Bash expands an arithmetic expression as if it were in double quotes: a single quote in it is
// text, and the code between two runs before the expression fails (strace of bash 5.2: every
// `ask` row below opened ../outside/secret.txt). The grammar reads a raw string there, which
// held no code to the guard (`(( 'a[$(cat ../x)]' ))` was allowed; found by the probe fuzz).
table("single quotes in arithmetic are text: the code between them runs", box, [
  [`echo $(( '${S}' ))`, "ask", [READ]],
  [`echo "$(( '${S}' ))"`, "ask", [READ]],
  [`echo $(( '\`cat ../outside/secret.txt\`' + 1 ))`, "ask", [READ]],
  [`echo $[ '${S}' ]`, "ask", [READ]],
  [`(( '${S}' ))`, "ask", [READ]],
  [`(( 'a[${S}]' ))`, "ask", [READ]],
  [`echo $(( \${x:-'${S}'} ))`, "ask", [READ]],
  [`[[ $(( '${S}' )) == 1 ]]`, "ask", [READ]],
  // Quotes or backslashes inside them: not read.
  [`echo $(( '"${S}"' ))`, "ask", ["#UNMODELLED_SYNTAX"]],
  // In [[ ]] single quotes are quotes (bash did not open the file).
  [`[[ '${S}' == a ]]`, "allow"],
  [`echo "$(( '$x' ))"`, "allow"],
]);

// Bash removes a line continuation before it reads anything else, so a `$` or `~` before one
// begins an expansion with what follows it (strace: `echo "$\⏎(cat ../x)"` opens ../x, `cat
// "$\⏎{HOME}/.bashrc"` and `cat ~\⏎/.bashrc` open ~/.bashrc). The grammar read the `$` or `~`
// as text, and each of these was allowed (found by the probe fuzz, here-documents included).
// The text is read again with the continuation before the `$` or `~`, which bash reads alike.
table("a line continuation after $ or ~", box, [
  ['echo "$\\\n(cat ../outside/secret.txt)"', "ask", [READ]],
  ['echo "$\\\n\\\n(cat ../outside/secret.txt)"', "ask", [READ]],
  ['echo "a$\\\n{x:-$(cat ../outside/secret.txt)}"', "ask", [READ]],
  ["echo $\\\n(cat ../outside/secret.txt)", "ask", [READ]],
  ['cat "$\\\n{HOME}/.bashrc"', "ask", ["read $H/.bashrc"]],
  ["cat ~\\\n/.bashrc", "ask", ["read $H/.bashrc"]],
  ["cat <<E\n$\\\n(cat ../outside/secret.txt)\nE", "ask", [READ]],
  ["cat \\\\$\\\n(cat ../outside/secret.txt)", "ask", [READ]],
  // Where moving it could change bash's reading (single quotes, a comment, after a backslash),
  // it stays, and the guard asks.
  ["echo '$\\\nx' \"$\\\n(cat ../outside/secret.txt)\"", "ask", [READ, "#UNMODELLED_SYNTAX"]],
  ["echo \\$\\\n(cat ../outside/secret.txt)", "ask", ["#UNMODELLED_SYNTAX"]],
  ["echo a # $\\\ncat ../outside/secret.txt", "ask", [READ, "#UNMODELLED_SYNTAX"]],
  // Continuations elsewhere are read as bash reads them.
  ['echo "a \\\nb"', "allow"],
  ["ls \\\n  src", "allow"],
  ['echo "$(\\\necho a)" "~\\\n/x"', "allow"],
  ["echo $(cat \\\n../outside/secret.txt)", "ask", [READ]],
]);
