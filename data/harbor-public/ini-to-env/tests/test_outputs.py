from pathlib import Path

def test_env_exists():
    """/app/app.env exists."""
    assert Path("/app/app.env").is_file()

def test_lines():
    """One SECTION_KEY=value line per key, in order."""
    assert Path("/app/app.env").read_text().split() == ["DB_HOST=localhost", "DB_PORT=5432", "WEB_WORKERS=4"]
