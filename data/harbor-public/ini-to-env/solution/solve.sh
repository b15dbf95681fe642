#!/bin/bash
set -e
python3 - <<'PY'
import configparser
c = configparser.ConfigParser(); c.read("/app/app.ini")
open("/app/app.env", "w").write("".join(f"{s.upper()}_{k.upper()}={v}\n" for s in c.sections() for k, v in c[s].items()))
PY
