// PATH set in the command to directories of the project: a name it finds there is that file
// (src/interp/path-lookup.ts), judged as `./bin/NAME` is.

import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

table("a name PATH finds among the project's files is that file", box, [
  ["PATH=$P/scripts build.sh", "allow", ["list $P/src", "#SCRIPT_INTERPRETED"]],
  ["PATH=$P/scripts escape.sh", "ask", ["read $O/secret.txt"]],
  ["PATH=scripts:/usr/bin escape.sh", "ask", ["read $O/secret.txt"]],
  ["export PATH=$P/scripts; escape.sh", "ask", ["read $O/secret.txt"]],
  ["PATH=$P/scripts env escape.sh", "ask", ["read $O/secret.txt"]],
  // A file written earlier in the command is not what the disk shows now.
  ["cp scripts/build.sh scripts/lint.sh; PATH=$P/scripts lint.sh", "ask", ["#OPAQUE_CODE"]],
  // A name the entries inside the project do not hold: the tool it says.
  ["PATH=$P/scripts cat README.md", "allow", ["read $P/README.md"]],
  // The host's PATH is not known, nor then where a name leads.
  ["PATH=$P/scripts:$PATH build.sh", "ask", ["#UNRESOLVED_WORD"]],
]);
