#!/bin/sh
# Checks every file of the new-reader experiment (issue 45); run from the repository root:
#   sh benchmarks/new_reader/check_all.sh
n=0; ok=0
for f in benchmarks/new_reader/files/*.risk; do
    n=$((n + 1))
    if PYTHONPATH=. python cli.py check "$f" >/dev/null 2>&1; then ok=$((ok + 1)); echo "ok   $f"; else echo "FAIL $f"; fi
done
echo "$ok of $n check"
