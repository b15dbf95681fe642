from pathlib import Path

def test_exists():
    """/app/p95.txt exists."""
    assert Path("/app/p95.txt").exists()

def test_value():
    """The nearest-rank 95th percentile of the latencies."""
    assert Path("/app/p95.txt").read_text().strip() == "190"
