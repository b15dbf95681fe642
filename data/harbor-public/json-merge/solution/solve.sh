#!/bin/bash
set -e
python3 -c 'import json,glob; m={}; [m.update(json.load(open(p))) for p in sorted(glob.glob("/app/parts/*.json"))]; json.dump(m, open("/app/merged.json","w"))'
