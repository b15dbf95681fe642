import json
from pathlib import Path

def test_exists():
    """/app/status.json exists."""
    assert Path("/app/status.json").exists()

def test_counts():
    """Counts per status code."""
    assert json.loads(Path("/app/status.json").read_text()) == {"200": 2, "404": 1, "500": 1}
