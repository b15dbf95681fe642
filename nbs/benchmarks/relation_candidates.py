"""Relation classification calls vs all pairs, and recall of planted related pairs.

The primitives stage asks the model about candidate pairs only: each skill's `neighbours` most similar skills
plus its `cross_neighbours` most similar skills from other subcategories (`compose.candidate_pairs`). This
benchmark measures, for n = 100, 1,000 and 10,000 synthetic skills, how many relation calls that makes against
the n(n-1)/2 pairs an exhaustive classifier would need, and which fraction of planted related pairs (producer →
consumer pairs that share an artifact, half within a subcategory, half across) are among the candidates.

Two kinds of synthetic skills:
- `text`: skill texts generated from templates over the shipped taxonomy (subcategory tools from its
  descriptions, ~3,200 artifacts such as "nightly sales records as Parquet files"), embedded with the real
  all-MiniLM-L6-v2 model exactly as the stage does. Planted pairs share an artifact phrase; the consumer's
  text says it reads what the producer writes. Unrelated skills share artifacts by chance, as real ones do.
- `vectors`: a generative stand-in for embeddings, fast enough for any n: a skill's vector is
  normalize(subcategory centroid + 0.9 · artifact vector + 0.8 · noise) in 384 dimensions, random unit
  centroids and artifact vectors; planted pairs share the artifact vector.

Run: python nbs/benchmarks/relation_candidates.py [--sizes 100,1000,10000] [--text-max 1000] [--k 20] [--k-cross 10] [--sweep 1000,10000]
"""
import argparse, random, re, time

import numpy as np

from termworld.compose import candidate_pairs
from termworld.core import home
from termworld.skills import load_taxonomy

DOMAINS = ('sales', 'sensor', 'patient', 'clickstream', 'invoice', 'weather', 'genome', 'server', 'payroll', 'inventory',
           'shipment', 'ticket', 'survey', 'traffic', 'energy', 'stock-price', 'email', 'build', 'deployment', 'audit',
           'customer', 'order', 'transaction', 'satellite', 'experiment', 'student', 'flight', 'hotel', 'crop', 'retail',
           'network', 'firewall', 'backup', 'container', 'sequencing', 'telescope', 'election', 'library', 'museum', 'fleet')
KINDS = ('records', 'logs', 'reports', 'metrics', 'exports', 'snapshots', 'events', 'tables', 'summaries', 'manifests')
FORMATS = ('CSV files', 'JSON Lines', 'Parquet files', 'an SQLite database', 'XML documents', 'YAML files', 'TSV files', 'plain-text logs')
CADENCE = ('nightly', 'hourly', 'weekly', 'monthly', 'ad-hoc', 'quarterly')
PRODUCE = ('Export', 'Generate', 'Collect', 'Extract', 'Dump', 'Fetch', 'Assemble', 'Record')
CONSUME = ('Validate', 'Load', 'Summarize', 'Plot', 'Archive', 'Transform', 'Audit', 'Deduplicate', 'Index', 'Compare')
CONTEXT = ('a team needs it every morning', 'an incident is being investigated', 'data must be handed to another team',
           'a migration is planned', 'numbers for a report are due', 'a pipeline step failed', 'storage is running low')


def tools_of(description):
    "Tool-like words from a subcategory description ('curl, wget, REST and GraphQL clients')."
    parts = re.split(r',| and | or ', description)
    return [p.strip() for p in parts if p.strip()] or [description]


def artifact_pool(rng):
    pool = [f'{c} {d} {k} as {f}' for c in CADENCE for d in DOMAINS for k in KINDS for f in FORMATS]
    rng.shuffle(pool)
    return pool


def plant(n, rng, frac):
    "Disjoint (producer, consumer) index pairs covering `frac` of the skills; half same-subcategory, half cross."
    idx = list(range(n)); rng.shuffle(idx)
    m = int(n * frac) // 2
    return [(idx[2 * i], idx[2 * i + 1], i % 2 == 0) for i in range(m)]


def text_skills(n, seed=0, frac=0.1):
    "Template skill texts, their subcategories and planted pairs."
    rng = random.Random(seed)
    tax = load_taxonomy()
    subs = [(f'{c.name}/{s.name}', tools_of(s.description)) for c in tax.categories for s in c.subcategories]
    pool = artifact_pool(rng)
    sub_of = [rng.randrange(len(subs)) for _ in range(n)]
    art = [rng.choice(pool) for _ in range(n)]
    role = ['any'] * n
    pairs = plant(n, rng, frac)
    for p, c, same in pairs:
        art[c] = art[p]
        role[p], role[c] = 'producer', 'consumer'
        if same: sub_of[c] = sub_of[p]
        else:
            while sub_of[c] == sub_of[p]: sub_of[c] = rng.randrange(len(subs))
    texts = []
    for i in range(n):
        label, tools = subs[sub_of[i]]
        tool = rng.choice(tools)
        if role[i] == 'consumer' or (role[i] == 'any' and rng.random() < 0.5):
            verb = rng.choice(CONSUME)
            what = f'{verb} the {art[i]} produced upstream, using {tool}'
        else:
            verb = rng.choice(PRODUCE)
            what = f'{verb} {art[i]} with {tool} and write them for the next step'
        name = f"{verb.lower()}-{art[i].split(' as ')[0].replace(' ', '-')}"
        texts.append(f'{name}: {what}. Use when {rng.choice(CONTEXT)}.')
    return texts, [subs[s][0] for s in sub_of], [(p, c) for p, c, _ in pairs]


def vector_skills(n, seed=0, frac=0.1, dim=384, n_groups=63, n_artifacts=3200):
    "Generated unit vectors, group labels and planted pairs (see the module docstring)."
    rng = np.random.default_rng(seed)
    unit = lambda x: x / np.linalg.norm(x, axis=-1, keepdims=True)
    centroids, artifacts = unit(rng.normal(size=(n_groups, dim))), unit(rng.normal(size=(n_artifacts, dim)))
    group, art = rng.integers(0, n_groups, n), rng.integers(0, n_artifacts, n)
    pairs = plant(n, random.Random(seed), frac)
    for p, c, same in pairs:
        art[c] = art[p]
        group[c] = group[p] if same else (group[p] + 1 + rng.integers(0, n_groups - 1)) % n_groups
    emb = unit(centroids[group] + 0.9 * artifacts[art] + 0.8 * unit(rng.normal(size=(n, dim))))
    return emb.astype(np.float32), [int(g) for g in group], [(p, c) for p, c, _ in pairs]


def embedded_text_skills(n, seed=0):
    "Text skills embedded with all-MiniLM-L6-v2 (cached under $TERMWORLD_HOME/bench, since 10,000 texts take minutes on 2 cores)."
    from termworld.llm import embed
    texts, groups, planted = text_skills(n, seed)
    path = home()/'bench'/f'relation-candidates-text-{n}-{seed}.npy'
    t0 = time.perf_counter()
    if path.exists(): emb = np.load(path)
    else:
        emb = embed(texts)
        path.parent.mkdir(parents=True, exist_ok=True); np.save(path, emb)
    return emb, groups, planted, time.perf_counter() - t0


def measure(emb, groups, planted, k, k_cross, min_sim=0.0):
    t0 = time.perf_counter()
    pairs, _ = candidate_pairs(emb, k=k, min_sim=min_sim, groups=groups, k_cross=k_cross)
    seconds = time.perf_counter() - t0
    n = len(emb)
    found = set(map(tuple, pairs.tolist()))
    hit = sum(tuple(sorted(p)) in found for p in planted)
    return dict(n=n, calls=len(pairs), all_pairs=n * (n - 1) // 2, ratio=len(pairs) / (n * (n - 1) / 2),
                planted=len(planted), recall=hit / max(1, len(planted)), seconds=seconds)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--sizes', default='100,1000,10000')
    ap.add_argument('--text-max', type=int, default=1000, help='largest n embedded with the real model (slower)')
    ap.add_argument('--k', type=int, default=20)
    ap.add_argument('--k-cross', type=int, default=10)
    ap.add_argument('--min-sim', type=float, default=0.2)
    ap.add_argument('--sweep', default='', help='also sweep k for text skills at these sizes, e.g. 1000,10000')
    args = ap.parse_args()
    rows = []
    for n in map(int, args.sizes.split(',')):
        emb, groups, planted = vector_skills(n)
        rows.append(dict(kind='vectors', **measure(emb, groups, planted, args.k, args.k_cross, args.min_sim)))
        if n <= args.text_max:
            emb, groups, planted, t_embed = embedded_text_skills(n)
            rows.append(dict(kind='text+MiniLM', **measure(emb, groups, planted, args.k, args.k_cross, args.min_sim), embed_s=t_embed))
    print(f'candidates: neighbours={args.k}, cross_neighbours={args.k_cross}, min_similarity={args.min_sim}\n')
    print('| skills | kind | relation calls | all pairs n(n-1)/2 | calls / all | planted pairs | recall | selection s |')
    print('|---|---|---|---|---|---|---|---|')
    for r in rows:
        print(f"| {r['n']:,} | {r['kind']} | {r['calls']:,} | {r['all_pairs']:,} | {r['ratio']:.2%} | {r['planted']} | {r['recall']:.3f} | {r['seconds']:.2f} |")
    for n in [int(x) for x in args.sweep.split(',') if x]:
        emb, groups, planted, _ = embedded_text_skills(n)
        print(f'\nk sweep, n={n:,} text+MiniLM\n\n| neighbours | cross | relation calls | calls / all | recall |\n|---|---|---|---|---|')
        for k, kc in ((2, 1), (5, 2), (10, 5), (20, 10), (40, 20), (80, 40)):
            r = measure(emb, groups, planted, k, kc, args.min_sim)
            print(f'| {k} | {kc} | {r["calls"]:,} | {r["ratio"]:.2%} | {r["recall"]:.3f} |')


if __name__ == '__main__':
    main()
