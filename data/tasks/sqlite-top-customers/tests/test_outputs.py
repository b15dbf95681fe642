import csv
import sqlite3
from pathlib import Path

OUT = Path("/app/top_customers.csv")


def _expected():
    con = sqlite3.connect("file:/app/shop.db?mode=ro", uri=True)
    rows = con.execute(
        "SELECT c.name, ROUND(SUM(o.amount), 2) AS total FROM orders o JOIN customers c ON c.id = o.customer_id "
        "GROUP BY c.id ORDER BY total DESC LIMIT 3").fetchall()
    con.close()
    return [(name, round(total, 2)) for name, total in rows]


def _rows():
    with OUT.open(newline="") as f:
        return list(csv.reader(f))


def test_header():
    """The CSV starts with the header name,total."""
    assert _rows()[0] == ["name", "total"], f"header is {_rows()[0]}"


def test_top_three():
    """Exactly the three customers with the highest totals, highest first, rounded to 2 decimals."""
    got = [(name, round(float(total), 2)) for name, total in _rows()[1:]]
    assert got == _expected(), f"expected {_expected()}, found {got}"
