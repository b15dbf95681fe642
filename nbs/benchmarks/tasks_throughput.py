"""Throughput of the `tasks` stage against a fixed-latency OpenAI-compatible test endpoint.

Each task spec costs four sequential model calls (synthesis, guideline, judge, scenario), so with
`concurrency` specs in flight and a server answering every call after `latency` seconds the ideal rate is
concurrency / (4 × latency) specs per second. The script runs the real stage (real `openai` client,
ledger, executor) with the response cache off and prints measured vs ideal specs/minute. The server runs in
a child process (a real endpoint does not share the client's GIL), and one request before the clock warms
the SDK's imports; `warmup_s` reports that one-time cost (`calls` includes that request).

    python nbs/benchmarks/tasks_throughput.py --concurrency 32 --latency 1.0 --tasks 256
"""
import argparse, json, multiprocessing, tempfile, time
from http.server import ThreadingHTTPServer
from pathlib import Path

from termworld.core import Primitive, RunStore, load_config
from termworld.llm import FakeOpenAIServer
from termworld.tasks import run_tasks, task_funnel

CALLS_PER_SPEC = 4
# The standard library's listen backlog (5) resets connections when 32 clients connect at once; a real
# server (vLLM, SGLang) listens with a deep backlog, so the test server does too.
ThreadingHTTPServer.request_queue_size = 256

def reply(req:dict, n:int) -> str:
    "A valid answer for whichever of the stage's four schemas the request names."
    name = (req.get('response_format') or {}).get('json_schema', {}).get('name', '')
    if name == 'TaskDraft':
        return json.dumps({'fit': 'An operator would summarize logs.', 'coherent': True, 'instruction': f'Summarize the status codes in /app/access.log into /app/report{n}.txt, one count per line.',
                           'files': [{'path': '/app/access.log', 'description': 'nginx log', 'file_type': 'log', 'mode': 'llm_direct'}],
                           'setup_steps': ['Install gawk.'], 'criteria': [f'/app/report{n}.txt exists and lists every status code.']})
    if name == 'GuidelineDraft': return json.dumps({'steps': ['Inspect the log.', 'Count statuses with awk.', 'Write the report.']})
    if name == 'JudgeReply':
        dims = ('instruction_quality', 'solvability', 'blueprint_completeness', 'guideline_quality', 'criteria_quality')
        return json.dumps({d: {'reason': 'Fine.', 'score': 5} for d in dims})
    if name == 'ScenarioReply': return json.dumps({'scenario': f'An operator summarizes web traffic #{n}.'})
    return '{}'

def _serve(latency:float, conn):
    "Child process: the fixed-latency server, apart from the client's GIL as a real endpoint would be."
    with FakeOpenAIServer(reply, latency=latency) as server:
        conn.send(server.url)
        conn.recv()
        conn.send((len(server.requests), server.max_in_flight))

def measure(concurrency:int, latency:float, n_tasks:int) -> dict:
    "Run the stage once over `n_tasks` candidates; returns measured and ideal specs/minute."
    parent, child = multiprocessing.Pipe()
    proc = multiprocessing.get_context('fork').Process(target=_serve, args=(latency, child), daemon=True)
    proc.start()
    url = parent.recv()
    try:
        # One-time process start-up (importing the SDK and its lazily loaded modules, ~2-4 s on a busy
        # 2-core machine) is not throughput: one request warms it before the clock starts.
        warm = time.perf_counter()
        import openai
        openai.OpenAI(base_url=url, api_key='x', max_retries=0).chat.completions.create(model='m', messages=[{'role': 'user', 'content': 'warm'}])
        warm = time.perf_counter() - warm
        with tempfile.TemporaryDirectory() as tmp:
            store = RunStore(Path(tmp)/'run')
            store.extend('primitives', [Primitive(type='single', skill_ids=[f'skill-{i}'], name=f'skill{i}', skill_md=f'# skill{i}\nDo {i}.')
                                        for i in range(n_tasks)])
            spec = f'openai:{url}#bench-model'
            cfg = load_config(None, sets=[f'models.synthesizer={spec}', f'models.judge={spec}', f'executor.workers={concurrency}',
                                          'llm.cache=false', 'llm.retries=0', 'tasks.k=1', 'tasks.dedup_threshold=null'])
            start = time.perf_counter()
            run_tasks(cfg, store)
            seconds = time.perf_counter() - start
            funnel = task_funnel(store)
            failed = [t.error for t in store.read('tasks') if not t.ok]
            if failed: print(f"{len(failed)} candidates not accepted, e.g.: {failed[0]}")
    finally:
        parent.send('stop')
        calls, max_in_flight = parent.recv()
        proc.join(5)
    ok = int(funnel.loc['kept', 'count'])
    measured = ok / seconds * 60
    ideal = concurrency / (CALLS_PER_SPEC * latency) * 60 if latency else float('inf')
    return dict(concurrency=concurrency, latency_s=latency, warmup_s=round(warm, 2), specs=ok, generated=int(funnel.loc['generated', 'count']),
                calls=calls, max_in_flight=max_in_flight, seconds=round(seconds, 2),
                specs_per_min=round(measured, 1), ideal_per_min=round(ideal, 1), ratio=round(measured / ideal, 3))

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--concurrency', type=int, default=32)
    ap.add_argument('--latency', type=float, default=1.0, help='seconds the test server waits before each answer')
    ap.add_argument('--tasks', type=int, default=256, help='task candidates (one per primitive)')
    args = ap.parse_args()
    result = measure(args.concurrency, args.latency, args.tasks)
    print(json.dumps(result, indent=1))
    print(f"specs/minute {result['specs_per_min']} vs ideal {result['ideal_per_min']}: {result['ratio']:.1%} (goal ≥ 90%)")
