#!/bin/bash
set -e
python3 - <<'PY'
import re, collections
words = re.findall(r"[a-z]+", open("/app/corpus.txt").read().lower())
top = sorted(collections.Counter(words).items(), key=lambda kv: (-kv[1], kv[0]))[:3]
open("/app/top3.txt", "w").write("".join(f"{w} {n}\n" for w, n in top))
PY
