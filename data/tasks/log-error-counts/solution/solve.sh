#!/bin/bash
set -euo pipefail
for f in "$LOG_DIR"/*.log; do
  n=$(awk '$2 == "ERROR"' "$f" | wc -l)
  if [ "$n" -gt 0 ]; then echo "$(basename "$f" .log) $n"; fi
done | sort -k2,2nr -k1,1 > /app/error_counts.txt
