from pathlib import Path

def test_line_count():
    "out.txt holds the number of lines of data.txt."
    assert Path('/app/out.txt').read_text().strip() == '3'
