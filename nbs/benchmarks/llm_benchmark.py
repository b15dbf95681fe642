"""Benchmark of the model layer (not a test): local tokens/s through the layer vs bare `generate`, cold load
time from the safetensors cache, batched decoding of concurrent requests against the memory-bandwidth floor
(float32 and int8 weights, `models.quantize`), and remote throughput at concurrency 1/8/32 against a
fixed-latency server.

Run: python nbs/benchmarks/llm_benchmark.py [--skip-local] [--only-batched] [--only-grammar] [--only-prefix] [--only-dtype] [--batches 1,4,8] [--quantize none,int8] [--tokens 64] [--repeats 2]
     [--device auto] [--latency 0.25]
Goals: layer ≥ 0.9× bare tokens/s; remote throughput ≥ 90% of concurrency/latency; batched decode tokens/s as
a ratio to the bandwidth floor. The floor: each decode step reads every weight once (b rows share one read), so
floor = b × bandwidth / weight bytes read per step, with the bandwidth measured here by a 512 MB numpy copy
(read + write) just before, and the bytes those of the model's linear layers as loaded (4 per float32 weight,
1 per int8 weight plus its per-channel scale); the embedding lookup reads one row and is left out.
Prefix reuse (`--only-prefix`): a stage's calls share their system prompt and instructions and differ in a
tail (the skills judge's shape), and an agent's next turn repeats its history; each workload runs with the
engine's stored states off and on, against the floor of prefilling only the tokens no earlier call ran.
Weights' dtype (`--only-dtype`): prefill (600 tokens) and greedy decode (64 tokens) with float32 and bfloat16
weights, and how many of 40 greedy tokens the two agree on.
Results with the exact commands and the machine load: nbs/benchmarks/RESULTS.md.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time
from pathlib import Path

from termworld.core import Config, RunStore
from termworld.llm import FakeOpenAIServer, Models, LocalLLM, load_engine

PROMPT = [{'role': 'user', 'content': 'Explain in a few sentences what the Linux command `du -sh` does.'}]

def local(n_tokens:int=64, repeats:int=3) -> dict:
    import torch
    eng = load_engine('smollm2-135m-instruct')
    llm = LocalLLM('smollm2-135m-instruct')
    enc = eng.tok.apply_chat_template(PROMPT, add_generation_prompt=True, return_tensors='pt', return_dict=True)
    def bare():
        t0 = time.perf_counter()
        with torch.inference_mode():
            out = eng.model.generate(**enc, max_new_tokens=n_tokens, do_sample=False, temperature=None, top_p=None, top_k=None,
                                     pad_token_id=eng.tok.pad_token_id)
        return (out.shape[1] - enc['input_ids'].shape[1]) / (time.perf_counter() - t0)
    def layer():
        r = llm.chat(PROMPT, max_tokens=n_tokens)
        return r.usage.completion_tokens / r.usage.seconds
    bare(); layer()                      # warm up
    b, l = [], []
    for _ in range(repeats): b.append(bare()); l.append(layer())
    from pydantic import BaseModel
    class Explain(BaseModel):
        command: str
        explanation: str
    llm.chat(PROMPT, Explain, max_tokens=n_tokens)     # compile the grammar once
    c = []
    for _ in range(repeats):
        r = llm.chat(PROMPT, Explain, max_tokens=n_tokens)
        c.append(r.usage.completion_tokens / r.usage.seconds)
    return dict(bare_tok_s=statistics.median(b), layer_tok_s=statistics.median(l), ratio=statistics.median(l) / statistics.median(b),
                schema_tok_s=statistics.median(c))

def bandwidth_gb_s(mb:int=512, repeats:int=5) -> float:
    "Memory bandwidth of this machine now: a numpy copy (read + write) of `mb` megabytes, best of `repeats`."
    import numpy as np
    src = np.ones(mb * 2**20 // 8); dst = np.empty_like(src)
    best = min(_timed(lambda: np.copyto(dst, src)) for _ in range(repeats))
    return 2 * src.nbytes / best / 1e9

def _timed(fn) -> float:
    t0 = time.perf_counter(); fn(); return time.perf_counter() - t0

QUESTIONS = ['Explain in a few sentences what the Linux command `du -sh` does.', 'What does `grep -r` do?',
             'How do I count the lines of a file in bash?', 'Describe what `chmod 755` means.',
             'What is the difference between `cp` and `mv`?', 'How do I list hidden files?',
             'Explain what a pipe `|` does in a shell.', 'What does `tar -xzf` do?']

def step_bytes(model) -> int:
    "Weight bytes one decode step reads: every linear layer's weights (the tied output head included) as stored."
    import torch
    total = 0
    for m in model.modules():
        if type(m).__name__ == 'Int8Linear': total += sum(b.numel() * b.element_size() for b in m.buffers())   # int8 weight + bf16 scales
        elif isinstance(m, torch.nn.Linear): total += sum(p.numel() * p.element_size() for p in m.parameters())
    return total

def batched(batches=(1, 4, 8), n_tokens:int=64, device:str='auto', repeats:int=2, quantize:str='none') -> list[dict]:
    "Tokens/s of b concurrent requests of one model joined into one generate call, against the bandwidth floor."
    import threading
    llm = LocalLLM('smollm2-135m-instruct', device=device, batch=max(batches), quantize=quantize)
    t0 = time.perf_counter(); eng = llm.engine; load_s = time.perf_counter() - t0
    weight_bytes = step_bytes(eng.model)
    bw = bandwidth_gb_s() if eng.device == 'cpu' else None
    llm.chat([{'role': 'user', 'content': QUESTIONS[0]}], max_tokens=8)          # warm up
    rows = []
    for b in batches:
        best = None
        for _ in range(repeats):
            tokens, threads = [0] * b, []
            def ask(i):
                r = llm.chat([{'role': 'user', 'content': QUESTIONS[i % len(QUESTIONS)] + f' ({i})'}], max_tokens=n_tokens)
                tokens[i] = r.usage.completion_tokens
            calls = eng.calls
            with eng.lock:                      # queue all b requests before the first generate call starts
                for i in range(b): threads.append(threading.Thread(target=ask, args=(i,))); threads[-1].start()
                while len(eng._queue) < b: time.sleep(0.001)
                t0 = time.perf_counter()
            for t in threads: t.join()
            dt = time.perf_counter() - t0
            assert eng.calls - calls == 1, (b, eng.calls - calls)
            run = dict(batch=b, tokens=sum(tokens), seconds=round(dt, 2), tok_s=round(sum(tokens) / dt, 1))
            best = run if best is None or run['tok_s'] > best['tok_s'] else best
        if bw is not None:
            floor = b * bw * 1e9 / weight_bytes
            best.update(floor_tok_s=round(floor, 1), ratio=round(best['tok_s'] / floor, 3))
        rows.append(best)
    base = rows[0]['tok_s']
    for r in rows: r['speedup_vs_b1'] = round(r['tok_s'] / base, 2)
    return dict(device=eng.device, dtype=eng.dtype, quantize=eng.quantize, load_s=round(load_s, 1), weight_mb=round(weight_bytes / 1e6, 1),
                bandwidth_gb_s=round(bw, 1) if bw else None, loadavg=os.getloadavg()[0], rows=rows)

def cold_load() -> dict:
    "A fresh process: import time of termworld.llm + torch + transformers, then the model load from the safetensors copy."
    code = ("import time; t=time.perf_counter(); from termworld.llm import load_engine; import torch, transformers;"
            "from transformers import AutoModelForCausalLM; t1=time.perf_counter();"
            "e=load_engine('smollm2-135m-instruct'); print(t1-t, e.load_seconds, time.perf_counter()-t)")
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True).stdout.split()
    return dict(imports_s=float(out[-3]), load_s=float(out[-2]), total_s=float(out[-1]))

def _serve(latency, conn):
    "Child process: run the fixed-latency fake server until told to stop (so it does not share the client's GIL)."
    with FakeOpenAIServer(lambda req, n: '{"answer": "ok"}', latency=latency) as srv:
        conn.send(srv.url); conn.recv()

def remote(latency:float, concurrencies=(1, 8, 32)) -> list[dict]:
    import multiprocessing as mp
    rows = []
    parent, child = mp.Pipe()
    proc = mp.get_context('fork').Process(target=_serve, args=(latency, child), daemon=True); proc.start()
    url = parent.recv()
    try:
        import openai                                   # the floor: the bare SDK, sequential, same server
        client, n = openai.OpenAI(base_url=url, api_key='x', max_retries=0), 16
        client.chat.completions.create(model='m', messages=[{'role': 'user', 'content': 'warm'}])
        t0 = time.perf_counter()
        for i in range(n): client.chat.completions.create(model='m', messages=[{'role': 'user', 'content': f'q{i}'}])
        dt = time.perf_counter() - t0
        rows.append(dict(concurrency='bare sdk 1', requests=n, req_s=round(n / dt, 2), ideal_req_s=1 / latency, ratio=round((n / dt) * latency, 3)))
        for c in concurrencies:
            n = max(16, 8 * c)
            cfg = Config({'models': {'teacher': f'openai:{url}#m'}, 'llm': {'cache': False, 'concurrency': c}})
            models = Models(cfg, RunStore(tempfile.mkdtemp()))
            reqs = [dict(messages=[{'role': 'user', 'content': f'q{i}'}]) for i in range(n)]
            models['teacher'].map(reqs[:c])                     # open connections
            t0 = time.perf_counter()
            out = models['teacher'].map(reqs, stage='bench')
            dt = time.perf_counter() - t0
            assert not any(isinstance(o, Exception) for o in out)
            rows.append(dict(concurrency=c, requests=n, req_s=round(n / dt, 2), ideal_req_s=c / latency, ratio=round((n / dt) / (c / latency), 3)))
    finally:
        parent.send('stop'); proc.join(5)
    return rows

def grammar_masks(caps=(64, 192, 1024), repeats:int=5) -> list[dict]:
    """xgrammar's token-mask time per token of the local Terminus reply (`bounded_reply_schema(cap)`, strings bounded in
    characters) against the floor, the same reply under `TerminusReply` (no bounds), walking the teacher-style reply."""
    import xgrammar as xgr
    from termworld.agent import TerminusReply, TerminusCommand, bounded_reply_schema, reply_text
    eng = load_engine('smollm2-135m-instruct')
    reply = reply_text(TerminusReply(analysis='Nothing ran; the "input" is named.', plan='Write the output.',   # fits the bounds at cap 64
                                     commands=[TerminusCommand(keystrokes='wc -l < /app/d/x.txt > /app/o/x\n', duration=0.5)]))
    toks = eng.tok(reply, add_special_tokens=False)['input_ids']
    def per_token(schema) -> tuple[float, float]:
        t0 = time.perf_counter(); g = eng.grammar(schema); compile_s = time.perf_counter() - t0
        best = float('inf')
        for _ in range(repeats):
            m, mask = xgr.GrammarMatcher(g), xgr.allocate_token_bitmask(1, g.tokenizer_info.vocab_size)
            t0 = time.perf_counter()
            for t in toks:
                m.fill_next_token_bitmask(mask, 0)
                assert m.accept_token(t), 'the grammar rejects the reference reply'
            best = min(best, (time.perf_counter() - t0) / len(toks))
        return best * 1000, compile_s
    floor, _ = per_token(TerminusReply)
    rows = []
    for cap in caps:
        ms, compile_s = per_token(bounded_reply_schema(cap))
        rows.append(dict(cap=cap, ms_per_token=round(ms, 4), floor_ms_per_token=round(floor, 4), ratio=round(ms / floor, 2), compile_s=round(compile_s, 2)))
    return rows

def prefix_reuse(n:int=8, shared:int=500, tail:int=100, n_tokens:int=16, turns:int=4) -> list[dict]:
    "Calls that share a `shared`-token beginning, and a `turns`-turn conversation, with prefix reuse off and on."
    eng = load_engine('smollm2-135m-instruct')
    llm = LocalLLM('smollm2-135m-instruct', batch=1)
    words = eng.tok.decode(list(range(1000, 1000 + shared)))
    system = {'role': 'system', 'content': 'You review agent skills. ' + words}
    calls = [[system, {'role': 'user', 'content': eng.tok.decode(list(range(3000 + i * tail, 3000 + (i + 1) * tail)))}] for i in range(n)]
    def conversation():
        msgs, out = [system, {'role': 'user', 'content': 'List the files, then count them.'}], []
        for t in range(turns):
            r = llm.chat(msgs, max_tokens=n_tokens, temperature=0.0)
            out.append(r.text); msgs = msgs + [{'role': 'assistant', 'content': r.text}, {'role': 'user', 'content': f'Output of step {t}: ok.'}]
        return out
    import torch
    ids = torch.randint(1000, 20000, (1, shared + tail))
    with torch.inference_mode(): eng.model(ids)                                   # warm up
    t0 = time.perf_counter()
    with torch.inference_mode(): eng.model(ids)
    prefill_tok_s = (shared + tail) / (time.perf_counter() - t0)
    rows = []
    for name, work in (('shared beginning', lambda: [llm.chat(m, max_tokens=n_tokens).text for m in calls]), ('conversation', conversation)):
        got = {}
        for on in (False, True):
            eng.prefixes.clear(); eng.prefix_bytes = (512 << 20) if on else 0
            p0, r0, t0 = eng.prompt_tokens, eng.reused_tokens, time.perf_counter()
            got[on] = work()
            got[f's{on}'], got[f'p{on}'], got[f'r{on}'] = time.perf_counter() - t0, eng.prompt_tokens - p0, eng.reused_tokens - r0
        rows.append(dict(workload=name, prompt_tokens=got['pTrue'], reused=got['rTrue'], seconds_off=round(got['sFalse'], 2),
                         seconds_on=round(got['sTrue'], 2), speedup=round(got['sFalse'] / got['sTrue'], 2),
                         # the floor: the same calls with exactly the reused tokens' prefill taken away
                         floor_s=round(floor := got['sFalse'] - got['rTrue'] / prefill_tok_s, 2), floor_over_on=round(floor / got['sTrue'], 2),
                         same_replies=got[False] == got[True]))
    eng.prefix_bytes = 512 << 20
    return dict(prefill_tok_s=round(prefill_tok_s), rows=rows)

def dtypes(n_tokens:int=64, prompt:int=600) -> list[dict]:
    "Bare transformers prefill and decode rates of the embedded model in float32 and bfloat16 on this machine."
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from termworld.llm import resolve_local
    src = resolve_local('smollm2-135m-instruct')
    tok = AutoTokenizer.from_pretrained(src)
    x = tok.apply_chat_template(PROMPT, add_generation_prompt=True, return_tensors='pt', return_dict=True)['input_ids']
    ids = torch.randint(1000, 20000, (1, prompt))
    rows, texts = [], {}
    for dt in ('float32', 'bfloat16'):
        m = AutoModelForCausalLM.from_pretrained(src, dtype=getattr(torch, dt)).eval()
        with torch.inference_mode():
            m(ids); pre = min(_timed(lambda: m(ids)) for _ in range(3))
            gen = lambda: m.generate(x, max_new_tokens=n_tokens, min_new_tokens=n_tokens, do_sample=False, pad_token_id=tok.pad_token_id)
            gen(); dec = min(_timed(gen) for _ in range(2))
            texts[dt] = m.generate(x, max_new_tokens=40, do_sample=False, pad_token_id=tok.pad_token_id)[0, x.shape[1]:].tolist()
        rows.append(dict(dtype=dt, prefill_tok_s=round(prompt / pre), decode_tok_s=round(n_tokens / dec, 1)))
    a, b = texts['float32'], texts['bfloat16']
    same = next((i for i, (p, q) in enumerate(zip(a, b)) if p != q), min(len(a), len(b)))
    for r in rows: r['greedy_tokens_equal_to_float32'] = same if r['dtype'] == 'bfloat16' else len(a)
    return rows

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--skip-local', action='store_true')
    ap.add_argument('--latency', type=float, default=0.25)
    ap.add_argument('--batches', default='1,4,8', help='batch sizes for the batched decode measurement')
    ap.add_argument('--device', default='auto')
    ap.add_argument('--quantize', default='none,int8', help='models.quantize values to measure batched decode with')
    ap.add_argument('--tokens', type=int, default=64, help='new tokens per request in the batched measurement')
    ap.add_argument('--repeats', type=int, default=2, help='timed repeats per batch size (the best is kept)')
    ap.add_argument('--only-batched', action='store_true')
    ap.add_argument('--only-grammar', action='store_true', help='only the token-mask time of the local Terminus reply grammar')
    ap.add_argument('--only-dtype', action='store_true', help='only bare prefill/decode rates in float32 and bfloat16')
    ap.add_argument('--only-prefix', action='store_true', help='only prefix reuse: shared beginnings and a conversation, reuse off and on')
    a = ap.parse_args()
    res = {}
    if a.only_dtype:
        print('load average before:', os.getloadavg())
        for r in dtypes(): print('dtype:', json.dumps(r))
        print('load average after:', os.getloadavg())
        sys.exit(0)
    if a.only_prefix:
        print('load average before:', os.getloadavg())
        r = prefix_reuse(); print('prefill tokens/s (600-token prompt):', r['prefill_tok_s'])
        for row in r['rows']: print('prefix reuse:', json.dumps(row))
        print('load average after:', os.getloadavg())
        sys.exit(0)
    if a.only_grammar:
        print('load average before:', os.getloadavg())
        for r in grammar_masks(): print('grammar masks:', json.dumps(r))
        sys.exit(0)
    if not a.skip_local:
        if not a.only_batched:
            res['cold_load'] = cold_load(); print('cold load from safetensors cache:', json.dumps(res['cold_load']))
            res['local'] = local(); print('local tokens/s:', json.dumps(res['local']))
        print('load average before:', os.getloadavg())
        for q in a.quantize.split(','):
            res[f'batched_{q}'] = b = batched(tuple(int(b) for b in a.batches.split(',')), device=a.device, quantize=q, n_tokens=a.tokens, repeats=a.repeats)
            print(f'batched decode, quantize={q}:', json.dumps({k: v for k, v in b.items() if k != 'rows'}))
            for r in b['rows']: print('  ', json.dumps(r))
    if a.only_batched: sys.exit(0)
    res['remote'] = remote(a.latency)
    for r in res['remote']: print('remote:', json.dumps(r))
