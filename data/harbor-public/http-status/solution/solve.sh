#!/bin/bash
set -e
python3 -c 'import json,collections; c=collections.Counter(l.split()[8] for l in open("/app/requests.log") if l.strip()); json.dump(dict(c), open("/app/status.json","w"))'
