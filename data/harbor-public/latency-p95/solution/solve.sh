#!/bin/bash
set -e
python3 - <<'PY'
import math
xs = sorted(int(l.split()[-1]) for l in open("/app/access.log") if l.strip())
open("/app/p95.txt", "w").write(f"{xs[math.ceil(0.95 * len(xs)) - 1]}\n")
PY
