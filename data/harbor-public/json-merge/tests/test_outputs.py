import json
from pathlib import Path

def test_merged_exists():
    """/app/merged.json holds one JSON object."""
    assert isinstance(json.loads(Path("/app/merged.json").read_text()), dict)

def test_later_files_win():
    """Keys of later files override earlier ones."""
    assert json.loads(Path("/app/merged.json").read_text()) == {"a": 1, "b": 3, "c": 4}
