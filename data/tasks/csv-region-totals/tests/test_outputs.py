import json
from pathlib import Path

OUT = Path("/app/totals.json")
EXPECTED = {"north": 130.0, "south": 12.75, "east": 43.0, "west": 3.33}


def _totals():
    return json.loads(OUT.read_text())


def test_totals_file_exists():
    """/app/totals.json exists and holds a JSON object."""
    assert OUT.exists(), "expected /app/totals.json to exist"
    assert isinstance(_totals(), dict), "expected a JSON object"


def test_every_region_once():
    """Every region of the CSV appears exactly once."""
    assert sorted(_totals()) == sorted(EXPECTED), f"regions {sorted(_totals())}, expected {sorted(EXPECTED)}"


def test_sums_rounded():
    """Each region maps to the sum of its amounts rounded to 2 decimals."""
    totals = _totals()
    for region, value in EXPECTED.items():
        assert round(float(totals[region]), 2) == value, f"{region}: expected {value}, found {totals[region]}"
