#!/bin/sh
# The Debian guest's test agent (test only, never in the .deb): reads "ID COMMAND" lines from the
# host on /dev/ttyS1, runs each with sh, and answers "ID> line" per output line, then "ID= STATUS".
stty -F /dev/ttyS1 raw -echo 2>/dev/null
exec 3<>/dev/ttyS1
echo "agent: ready" >&3
while IFS= read -r line <&3; do
  id=${line%% *}; cmd=${line#* }
  out=$(sh -c "$cmd" 2>&1 </dev/null); rc=$?
  [ -n "$out" ] && printf '%s\n' "$out" | sed "s/^/$id> /" >&3
  echo "$id= $rc" >&3
done
