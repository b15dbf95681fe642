from pathlib import Path

def test_mode_file():
    """/app/mode.txt exists."""
    assert Path("/app/mode.txt").exists()

def test_mode_value():
    """It holds APP_MODE's value."""
    assert Path("/app/mode.txt").read_text() == "production\n"
