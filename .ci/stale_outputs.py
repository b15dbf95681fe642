"""Fail when a notebook's saved outputs no longer have the shape its code now produces.
  python .ci/stale_outputs.py SAVED.ipynb EXECUTED.ipynb
For every code cell that holds saved outputs, or whose fresh run gives a non-stream output (a table, a figure, a value),
the saved and the freshly executed outputs are reduced to their shape —
per output: its type, its MIME types, and for a table (a pandas HTML table) its column header and row labels (digits
left out, in no order); for a figure, one image — and compared as sets, in no order. Values inside tables may change (a rerun measures again); a column, a row or a
figure that appears or disappears is a stale output."""
import json, re, sys
from html import unescape

def table_shape(html:str) -> tuple:
    "Header cells and row labels of each <table> in an HTML output."
    out = []
    for t in re.findall(r'<table.*?</table>', html, re.S):
        head = re.search(r'<thead>(.*?)</thead>', t, re.S)
        cols = tuple(unescape(re.sub(r'<[^>]+>', '', c)).strip() for c in re.findall(r'<th[^>]*>(.*?)</th>', head.group(1), re.S)) if head else ()
        body = re.search(r'<tbody>(.*?)</tbody>', t, re.S)
        rows = tuple(unescape(re.sub(r'<[^>]+>', '', r)).strip() for r in re.findall(r'<tr[^>]*>\s*<th[^>]*>(.*?)</th>', body.group(1), re.S)) if body else ()
        n = len(re.findall(r'<tr', body.group(1))) if body else 0
        # digits left out of row labels (ports, timings, ids) and rows in no order: labels that hold a port sort by it
        out.append((cols, tuple(sorted(re.sub(r'\d+', '#', r) for r in rows)), n))
    return tuple(out)

def shape(outputs:list) -> list:
    "The shape of a cell's outputs, in no order (streams left out: they carry progress and timings; kernels place figures differently)."
    sig = []
    for o in outputs:
        if o['output_type'] == 'stream': continue
        if o['output_type'] == 'error': sig.append(('error', o.get('ename'))); continue
        data = o.get('data', {})
        sig.append((o['output_type'] if o['output_type'] != 'execute_result' else 'display_data', tuple(sorted(data)),
                    table_shape(''.join(data['text/html'])) if 'text/html' in data else ()))
    return sorted(sig, key=repr)

def stale(saved:dict, fresh:dict) -> list[str]:
    "One line per code cell whose saved outputs differ in shape from the fresh ones (cells matched by id)."
    new = {c.get('id'): c for c in fresh['cells'] if c['cell_type'] == 'code'}
    out = []
    for n, c in enumerate(saved['cells']):
        if c['cell_type'] != 'code': continue
        f = new.get(c.get('id'))
        # a cell saved without outputs is compared too when the code now gives a table, a figure or any other
        # non-stream output (a cell that newly shows one must have it saved); stream-only output may still differ
        if not c.get('outputs') and (f is None or not shape(f.get('outputs', []))): continue
        if f is None: out.append(f"cell {n} ({c.get('id')}): not in the executed notebook"); continue
        a, b = shape(c.get('outputs', [])), shape(f.get('outputs', []))
        if a != b:
            first = ''.join(c['source'])[:60].replace('\n', ' ')
            out.append(f"cell {n} ({c.get('id')}, {first!r}): saved outputs {a} but the code now gives {b}")
    return out

if __name__ == '__main__':
    problems = stale(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))
    for p in problems: print('  stale output:', p[:600])
    sys.exit(1 if problems else 0)
