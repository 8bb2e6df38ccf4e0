// Arithmetic evaluation runs what a value holds: `x='a[$(cmd)]'; echo $((x))` runs cmd, because
// bash evaluates a variable's value as an expression and expands the subscript in it
// (src/shell/arithmetic.ts). Each "runs" case below was run in bash 5.2 with `touch MARK` in
// place of the command, and the mark appeared; each "does not run" case left no mark.

import type { Case } from "./support/table.ts";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();
const X = "x='a[$(cat ../outside/secret.txt)]'";

table("contexts where bash evaluates a value, and runs the command in it", box, [
  [`${X}; echo $((x))`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; echo $(( x + 1 ))`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; (( x ))`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; let x`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; [[ $x -eq 1 ]]`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; [[ x -eq 1 ]]`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; test -v "$x"`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; [[ -v $x ]]`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; echo \${a[x]}`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; a=(1 2); echo \${a[$x]}`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; echo \${x:x}`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; echo \${x:0:x}`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; echo \${@:x}`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; y=\${!x}`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; declare -i y; y=x`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; for ((i=x; i<1; i++)); do :; done`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; case 1 in $((x))) ;; esac`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; declare "$x"=1`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; printf -v "$x" y`, "ask", ["#OPAQUE_CODE"]],
  [`${X}; read "$x" <<< 1`, "ask", ["#OPAQUE_CODE"]],
  // Through another variable: y's value names x, whose value runs.
  [`${X}; y=x; echo $((y))`, "ask", ["#OPAQUE_CODE"]],
  // Written as the name itself.
  ["read 'a[$(cat ../outside/secret.txt)]' <<< x", "ask", ["#OPAQUE_CODE"]],
  ["printf -v 'a[$(cat ../outside/secret.txt)]' x", "ask", ["#OPAQUE_CODE"]],
  ["declare -n ref='a[$(cat ../outside/secret.txt)]'; echo $ref", "ask", ["#OPAQUE_CODE"]],
  ["x='$(cat ../outside/secret.txt)'; echo ${x@P}", "ask", ["#OPAQUE_CODE"]],
  // A value the command read from a file could hold such a subscript.
  ["x=$(git log -1 --format=%s); echo $((x))", "ask", ["#UNRESOLVED_WORD"]],
  ["n=$(head -1 README.md); echo $((n + 1))", "ask", ["#UNRESOLVED_WORD"]],
  ["git log -1 --format=%s | while read -r n; do echo $((n + 1)); done", "ask", ["#UNRESOLVED_WORD"]],
  ['f() { echo $(( $1 * 2 )); }; f "$(git log -1 --format=%s)"', "ask", ["#UNRESOLVED_WORD"]],
]);

// What a command substitution in the expression prints is part of the text evaluated: bash
// 5.2 ran the subscript of `a[$(touch x)]` read from a file by `echo $(( $(cat f) ))`.
table("a command substitution's output, evaluated as arithmetic", box, [[
  "printf 'a[$(cat ../outside/secret.txt)]' > f; echo $(( $(cat f) ))",
  "ask",
  ["#UNRESOLVED_WORD"],
], ["printf 'a[$(cat ../outside/secret.txt)]' > f; (( $(cat f) ))", "ask", ["#UNRESOLVED_WORD"]], [
  "printf 'a[$(cat ../outside/secret.txt)]' > f; for ((i=0; i<`cat f`; i++)); do :; done",
  "ask",
  ["#UNRESOLVED_WORD"],
], ["printf 'a[$(cat ../outside/secret.txt)]' > f; echo $[ $(cat f) + 1 ]", "ask", ["#UNRESOLVED_WORD"]], [
  "echo $(( $(git rev-list --count HEAD | sed 's/x/y/') ))",
  "ask",
  ["#UNRESOLVED_WORD"],
], ["echo $(( $(echo 'a[$(cat ../outside/secret.txt)]') ))", "ask", ["#OPAQUE_CODE", "read $O/secret.txt"]], [
  "echo $(( $(wc -l < README.md) + 1 ))",
  "allow",
], ["(( $(date +%s) > 0 )) && echo later", "allow"], ["echo $(( $(echo 3) * 2 ))", "allow"], [
  "for ((i=0; i<$(ls | wc -l); i++)); do echo $i; done",
  "allow",
]]);

table("contexts where bash does not evaluate the value", box, [
  // test's -eq takes integers only; shift, mapfile and getopts take the name as it is.
  [`${X}; [ "$x" -eq 1 ]`, "allow"],
  [`${X}; test "$x" -gt 1`, "allow"],
  [`${X}; shift x`, "allow"],
  [`${X}; getopts a "$x"`, "allow"],
  [`${X}; echo "$x"`, "allow"],
]);

table("arithmetic on values that cannot hold a command", box, [
  ["n=$(ls | wc -l); echo $((n+1))", "allow"],
  ["n=$(find . -type f | wc -l); let n--; if [ $n -gt 0 ]; then echo $n; fi", "allow"],
  ["c=$(grep -c foo README.md); [[ $c -gt 0 ]] && echo yes", "allow"],
  ["t=$(date +%s); echo $((t - 100))", "allow"],
  ["for i in $(seq 1 10); do echo $((i*2)); done", "allow"],
  ["for i in {1..10}; do echo $((i*2)); done", "allow"],
  ["i=0; while [ $i -lt 5 ]; do i=$((i+1)); done", "allow"],
  ["i=0; while (( i < 5 )); do (( i++ )); done", "allow"],
  ["(( x = 1 )); let y=2; echo $((x + y))", "allow"],
  ['arr=(a b); for ((i=0; i<${#arr[@]}; i++)); do echo "${arr[$i]}"; done', "allow"],
  ["x=16#ff; y=0x1f; echo $((x + y))", "allow"],
  // A variable the command did not set is the host's, taken on trust like its aliases.
  ["echo $((COLUMNS - 1)) $((RANDOM % 6))", "allow"],
  ['while read -r line; do echo "$line"; done < README.md', "allow"],
  // What a small file inside the project holds is read, as bash would read it: `# project`.
  ["read -r n < README.md; echo $((n + 1))", "allow"],
  // unset evaluates the subscript: a number there runs nothing, whatever it is.
  ["zz=(1 2 3 4); unset zz[$RANDOM%4]", "allow"],
  // … unless a name there starts like the pattern, which it may then match.
  ["sr=(1 2 3 4); unset sr[$RANDOM%4]", "ask", ["#UNRESOLVED_WORD"]],
  ["ln -s ../outside/secret.txt zz1; cat zz[$RANDOM]", "ask", ["#UNRESOLVED_WORD"]],
  ["cat zz[$RANDOM]", "allow"],
  ["unset array[`shuf -i 0-4 -n1`]", "allow"],
  // Quoted, the substitution is part of the subscript, and unset runs it.
  ["unset 'a[$(shuf -i0-3 -n 1)]'", "ask", ["#OPAQUE_CODE"]],
  [`${X}; unset "a[$RANDOM+x]"`, "ask", ["#OPAQUE_CODE"]],
  ["unset a[$(shuf -e ../x -n1)]", "ask", ["#UNRESOLVED_WORD"]],
  ["unset a$RANDOM", "ask", ["#SHELL_STATE"]],
  // What is left of the array is not known; unquoted, the word is a pattern too (bash 5.2:
  // with a file a1 there, `unset a[$RANDOM%4]` unset the variable a1).
  ["a=(src src); unset a[$RANDOM%2]; cat ${a[0]}/../../outside/secret.txt", "ask", ["#UNRESOLVED_WORD"]],
  ["a1=src; touch a1; unset a[$RANDOM]; cat ${a1-..}/../outside/secret.txt", "ask", ["#UNRESOLVED_WORD"]],
  ["a1=src; unset 'a[$RANDOM]'; cat ${a1-..}/x", "allow", ["* $P/src/x"]],
]);

/** Every wrapper and nesting form keeps the ask (the metamorphic relation). */
const wrapped = (
  c: string,
): Case[] => [[`( ${c} )`, "ask", ["#OPAQUE_CODE"]], [`bash -c '${c.replace(/'/g, "'\\''")}'`, "ask", ["#OPAQUE_CODE"]],
  [`eval '${c.replace(/'/g, "'\\''")}'`, "ask", ["#OPAQUE_CODE"]], [`f() { ${c}; }; f`, "ask", ["#OPAQUE_CODE"]], [
  `cd src && ${c.replace("../", "../../")}`,
  "ask",
  ["#OPAQUE_CODE"],
]];
table("wrapped and nested", box, [...wrapped(`${X}; echo $((x))`),
  ...wrapped("read 'a[$(cat ../outside/secret.txt)]' <<< x")]);

// A write into a variable with the integer attribute evaluates what is written, whichever
// builtin or construct writes it; so does any write to RANDOM, SRANDOM, OPTIND and HISTCMD (bash
// 5.2, each checked with `a[$(echo RAN >&2)]` as the value: RAN was printed; SECONDS and LINENO
// printed nothing). `S` is a value that runs the command in its subscript.
const S = "'a[$(cat ../outside/secret.txt)]'";
table("every write into an integer variable evaluates the value", box, [
  [`declare -i n; read n <<< ${S}`, "ask", ["#OPAQUE_CODE", "read $O/secret.txt"]],
  ["printf 'a[$(cat ../outside/secret.txt)]' > f; declare -i n; read n < f", "ask", ["#UNRESOLVED_WORD"]],
  ["mytool | { declare -i n; read n; }", "ask", ["#UNRESOLVED_WORD"]],
  ["declare -i n; read -u 3 n 3< README.md", "ask", ["#UNRESOLVED_WORD"]],
  [`declare -i n; read -a n <<< ${S}`, "ask", ["#OPAQUE_CODE"]],
  ["declare -i n; mapfile n < README.md", "ask", ["#UNRESOLVED_WORD"]],
  ["declare -i n; readarray -t n < README.md", "ask", ["#UNRESOLVED_WORD"]],
  [`typeset -i n; printf -v n '%s' ${S}`, "ask", ["#OPAQUE_CODE"]],
  ["typeset -i n; printf -v n '%s' \"$(git log -1 --format=%s)\"", "ask", ["#UNRESOLVED_WORD"]],
  [`declare -i n; for n in ${S}; do :; done`, "ask", ["#OPAQUE_CODE"]],
  ["declare -i n; for n in $(git log -1 --format=%s); do :; done", "ask", ["#UNRESOLVED_WORD"]],
  [`declare -i n; select n in ${S}; do break; done`, "ask", ["#OPAQUE_CODE"]],
  [`x=${S}; declare -i n; : \${n:=$x}`, "ask", ["#OPAQUE_CODE"]],
  ["declare -i n; : ${n:=$(git log -1 --format=%s)}", "ask", ["#UNRESOLVED_WORD"]],
  [`x=${S}; declare -i n; n+=$x`, "ask", ["#OPAQUE_CODE"]],
  [`x=${S}; declare -i n; declare n=$x`, "ask", ["#OPAQUE_CODE"]],
  [`x=${S}; f() { local -i n; local n=$x; }; f`, "ask", ["#OPAQUE_CODE"]],
  [`x=${S}; declare -i n; export n=$x`, "ask", ["#OPAQUE_CODE"]],
  [`x=${S}; declare -i n; readonly n=$x`, "ask", ["#OPAQUE_CODE"]],
  [`x=${S}; declare -ia n; n=($x)`, "ask", ["#OPAQUE_CODE"]],
  // getopts writes the option letter, which is then evaluated: the variable `a` here.
  [`a=${S}; declare -i n; getopts a n -a`, "ask", ["#OPAQUE_CODE"]],
  ['declare -i n; getopts "$(git log -1 --format=%s)" n', "ask", ["#UNRESOLVED_WORD"]],
  ["f() { local -i n; read -u 3 n; }; f 3< README.md", "ask", ["#UNRESOLVED_WORD"]],
  ["export -i n; mytool | read n", "ask", ["#UNRESOLVED_WORD"]],
  // The guard reads a small project file as bash would: its first line is the text evaluated.
  ["declare -i n; read n < README.md", "allow", ["read $P/README.md"]],
]);

table("writes into the variables bash always evaluates", box, [
  ...["RANDOM", "SRANDOM", "OPTIND", "HISTCMD"].map((v): Case => [`x=${S}; ${v}=$x`, "ask", ["#OPAQUE_CODE"]]),
  ["RANDOM=$(git log -1 --format=%s)", "ask", ["#UNRESOLVED_WORD"]],
  ["OPTIND=$(head -1 README.md)", "ask", ["#UNRESOLVED_WORD"]],
  [`x=${S}; declare OPTIND=$x`, "ask", ["#OPAQUE_CODE"]],
  ["mytool | { read RANDOM; }", "ask", ["#UNRESOLVED_WORD"]],
  [`printf -v HISTCMD %s ${S}`, "ask", ["#OPAQUE_CODE"]],
  [`x=${S}; : \${OPTIND:=$x}`, "allow"],
  // Not evaluated: SECONDS and LINENO take the value as it is; an assignment before a command
  // only goes into its environment; `local` makes a new variable of the function's own.
  [`x=${S}; SECONDS=$x; LINENO=$x`, "allow"],
  [`x=${S}; RANDOM=$x true; RANDOM=$x /bin/true; declare -i n; n=$x true`, "allow"],
]);

table("integer writes of values that cannot hold a command", box, [["declare -i n; n=$(wc -l < README.md)", "allow"], [
  "declare -i n=$(wc -l < README.md)",
  "allow",
], ["declare -i n; n+=$(wc -c < README.md)", "allow"], ["declare -i n; read n <<< 42", "allow"], [
  "declare -i n; for n in 1 2 3; do echo $n; done",
  "allow",
], ["declare -i n; for n in $(seq 3); do echo $n; done", "allow"], ["declare -i n; printf -v n '%d' 5", "allow"], [
  "declare -i n; : ${n:=0}",
  "allow",
], ["declare -i n; getopts ab n -a", "allow"], ["while getopts ab opt; do echo $opt; done", "allow"], [
  'read n < README.md; echo "$n"',
  "allow",
], ['mapfile -t lines < README.md; echo "${#lines[@]}"', "allow"], ["RANDOM=42; OPTIND=1; echo $RANDOM", "allow"], [
  "OPTIND=$(( OPTIND + 1 ))",
  "allow",
]]);

// Counts from tools whose output is only numbers (issue #30: "numbers from jq/git rev-list
// --count must still be allowed"): git 2.39 printed `3`, `0\t0` with --left-right, 15 with
// --objects, and failed on --pretty; jq 1.6's `length` printed 3, 0 (null), 3.5 (-3.5).
table("integer writes of counts from git and jq", box, [
  ["declare -i c=$(git rev-list --count HEAD)", "allow"],
  ["declare -i c; c=$(git -C src rev-list --count --left-right main...HEAD)", "allow"],
  ["declare -i n=$(jq length package.json)", "allow"],
  ["declare -i n; n=$(jq -r '. | length' package.json)", "allow"],
  // Outputs of any shape: what they print is evaluated.
  ["declare -i n=$(jq -r .version package.json)", "ask", ["#UNRESOLVED_WORD"]],
  ["declare -i n=$(jq -f filter.jq length package.json)", "ask", ["#UNRESOLVED_WORD"]],
  ["declare -i n=$(git log -1 --format=%s)", "ask", ["#UNRESOLVED_WORD"]],
  ["declare -i n=$(git rev-list --count --format=%s HEAD)", "ask", ["#UNRESOLVED_WORD"]],
]);
