from pathlib import Path

OUT = Path("/app/error_counts.txt")


def _lines():
    return [line for line in OUT.read_text().splitlines() if line.strip()]


def test_output_exists():
    """/app/error_counts.txt exists and is not empty."""
    assert OUT.exists() and OUT.read_text().strip(), "expected a non-empty /app/error_counts.txt"


def test_counts_and_order():
    """Services with errors, counted, highest count first, ties by name."""
    assert _lines() == ["api 3", "billing 3", "worker 1"], f"found {_lines()}"


def test_level_not_message():
    """Only the level field counts: a message mentioning ERROR is not an error line."""
    assert not any(line.startswith("search") for line in _lines()), "search has no ERROR-level lines"
