#!/bin/bash
python3 - <<'PY'
import csv
from tabulate import tabulate
rows = list(csv.reader(open("/app/scores.csv")))
open("/app/report.txt", "w").write(tabulate(rows[1:], headers=rows[0], tablefmt="github") + "\n")
PY
