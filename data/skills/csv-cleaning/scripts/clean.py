import csv, re, sys
src, dst = sys.argv[1], sys.argv[2]
with open(src, newline='', encoding='utf-8-sig') as f: rows = list(csv.reader(f))
header = [re.sub(r'\W+', '_', h.strip().lower()).strip('_') for h in rows[0]]
out = [header] + [[c.strip() for c in r] for r in rows[1:] if any(c.strip() for c in r) and [c.strip().lower() for c in r] != [h.strip().lower() for h in rows[0]]]
with open(dst, 'w', newline='') as f: csv.writer(f).writerows(out)
