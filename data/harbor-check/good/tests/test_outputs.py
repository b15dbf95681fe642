from pathlib import Path

def test_out_says_hello():
    "out.txt holds the word hello."
    assert Path('/app/out.txt').read_text().strip() == 'hello'
