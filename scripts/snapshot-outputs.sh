#!/bin/sh
# Every command's output on the example snapshot, one file per invocation, into DIR: run it on two
# builds and `diff -r` the directories to show a change keeps behaviour (stdout, stderr, exit code).
#   scripts/snapshot-outputs.sh DIR [PLUGIN]   (PLUGIN: default bin/kubectl-vmigrate)
set -u
out=${1:?usage: snapshot-outputs.sh DIR [PLUGIN]}
plugin=${2:-bin/kubectl-vmigrate}
snap=examples/cluster-snapshot
mkdir -p "$out"
run() {
  file=$1; shift
  node "$plugin" "$@" --from "$snap" --color never >"$out/$file.out" 2>"$out/$file.err"
  echo "exit $?" >>"$out/$file.out"
}
# "namespace name" of each object (namespace "-" when cluster-scoped) of a snapshot file (a YAML List)
objects() {
  node -e '
    const y = require("js-yaml"); const f = require("fs");
    for (const o of y.load(f.readFileSync(process.argv[1], "utf8")).items ?? []) console.log(`${o.metadata.namespace ?? "-"} ${o.metadata.name}`);
  ' "$snap/$1"
}
run check-A-table check-migratable -A
run check-A-json check-migratable -A -o json
run list-A-json list -A -o json
run list-A-table list -A
objects nodes.yaml | while read -r _ node; do
  run "check-node-$node" check-migratable --node "$node"
  run "check-node-$node-json" check-migratable --node "$node" -o json
  run "why-node-$node-json" why --node "$node" -o json
done
for f in migrations.yaml vmis.yaml; do
  objects "$f" | while read -r ns obj; do
    run "why-$f-$ns-$obj" why "$obj" -n "$ns"
    run "why-$f-$ns-$obj-json" why "$obj" -n "$ns" -o json
  done
done
