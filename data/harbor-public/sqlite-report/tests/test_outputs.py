from pathlib import Path

def test_report_exists():
    """/app/report.csv exists."""
    assert Path("/app/report.csv").exists()

def test_totals_sorted():
    """Totals per customer, largest first."""
    rows = [l.split(",") for l in Path("/app/report.csv").read_text().split()]
    assert [(c, float(t)) for c, t in rows] == [("bo", 30.0), ("al", 15.5), ("cy", 2.0)]
