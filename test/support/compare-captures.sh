#!/usr/bin/env bash
# Compares two VMIGRATE_CAPTURE_OUTPUTS directories (before and after a change). Outputs of runs
# against the fake API server use the wall clock, so their numbers differ between any two runs:
# with --ignore-numbers, lines that differ only in digits count as equal.
# Usage: test/support/compare-captures.sh BEFORE AFTER [--ignore-numbers]
set -uo pipefail
before=$(cd "$1" && pwd) after=$(cd "$2" && pwd) mask=${3:-}
status=0
while IFS= read -r rel; do
  a="$before/$rel" b="$after/$rel"
  if [ ! -f "$a" ] || [ ! -f "$b" ]; then echo "only in one: $rel"; status=1; continue; fi
  if [ "$mask" = --ignore-numbers ]; then
    cmp -s <(sed -E 's/[0-9]+/N/g' "$a") <(sed -E 's/[0-9]+/N/g' "$b") || { echo "differs: $rel"; status=1; }
  else
    cmp -s "$a" "$b" || { echo "differs: $rel"; status=1; }
  fi
done < <( (cd "$before" && find . -type f; cd "$after" && find . -type f) | sort -u)
exit $status
