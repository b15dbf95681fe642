#!/bin/bash
set -euo pipefail
python3 - <<'PY'
import csv, sqlite3
con = sqlite3.connect("/app/shop.db")
rows = con.execute("SELECT c.name, ROUND(SUM(o.amount), 2) AS total FROM orders o JOIN customers c ON c.id = o.customer_id "
                   "GROUP BY c.id ORDER BY total DESC LIMIT 3").fetchall()
with open("/app/top_customers.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["name", "total"])
    w.writerows((name, f"{total:.2f}") for name, total in rows)
PY
