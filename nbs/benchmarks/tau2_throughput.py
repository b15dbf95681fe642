"""τ2-bench episodes per minute with a fixed-latency fake model, at several concurrencies, as a fraction of the ideal.

An episode is a real τ2 telecom task (`termworld.bench`): the environment opens (domain database, initial actions), the
tool-calling agent (`termworld.toolagent.ToolAgent`) asks an OpenAI-compatible fake server (`FakeOpenAIServer`, a fake
with a fixed latency per request) for `--calls - 1` tool calls and then a stop, each call runs against the domain, the
scripted user answers, and τ2's own evaluator scores the episode. The model is the only thing that waits, so the ideal
rate at concurrency c is c × 60 / (calls × latency) episodes per minute; the fraction of it that is reached shows what
the harness (environment, evaluator, HTTP client, threads) costs.

    python nbs/benchmarks/tau2_throughput.py [--latency 0.2] [--calls 5] [--concurrency 1 8 32] [--rounds 3] [--ray 2]
    python nbs/benchmarks/tau2_throughput.py --cost 40

`--cost N` runs N episodes one after another on this thread under cProfile (timer: this thread's CPU time) against the
fake with no latency, and splits each episode's CPU into τ2's own code (every call from outside the `tau2` package into
it: the environment, its tools, the user's state, the evaluator) and the rest: our harness (agent, kind, records) and the
model client (`openai`, `httpx`), whose server runs on another thread and is not counted.

With `--ray P` each concurrency c also runs on termworld's Ray executor (`executor.kind=ray`): P worker processes
(a local instance with P CPUs), each running c / P episodes at once on threads (`executor.threads_per_worker`), so the
harness is no longer one interpreter. The floor is min(ideal, cores × the single-core rate), the single-core rate being
episodes per minute at concurrency 1 against a fake model with no latency (all of that time is CPU).
"""
import argparse, functools, json, os, time
from concurrent.futures import ThreadPoolExecutor

from termworld.bench import import_tau2
from termworld.llm import FakeOpenAIServer, get_llm
from termworld.toolagent import ToolAgent, run_tool_episode


def cost(envs, url:str, episodes:int) -> dict:
    "CPU seconds per episode: all of it, τ2's own, the model client's, and the ratio of the rest to τ2's."
    import cProfile, pstats
    llm = get_llm(f'openai:{url}#fake-model', retries=0)
    run_tool_episode(ToolAgent(llm), envs[0])
    prof = cProfile.Profile(time.thread_time)
    t0 = time.thread_time()
    prof.enable()
    for i in range(episodes): run_tool_episode(ToolAgent(llm), envs[i % len(envs)])
    prof.disable()
    total = time.thread_time() - t0
    stats = pstats.Stats(prof).stats     # (file, line, name) → (calls, primitive calls, tottime, cumtime, callers)
    def inside(key, parts): return any(f'{os.sep}{p}{os.sep}' in key[0] for p in parts)
    def entered(parts):
        "CPU spent in calls from outside `parts` into them (each call edge's cumulative time)."
        return sum(edge[3] for key, (_, _, _, _, callers) in stats.items() if inside(key, parts)
                   for caller, edge in callers.items() if not inside(caller, parts))
    tau2, client = entered(['tau2']), entered(['openai', 'httpx', 'httpcore'])
    per = lambda x: x / episodes * 1e3
    return dict(episodes=episodes, total_ms=per(total), tau2_ms=per(tau2), client_ms=per(client),
                harness_ms=per(total - tau2 - client), ratio=total / tau2, ratio_without_client=(total - client) / tau2)


def handler(calls:int):
    "Fake model: `calls - 1` calls of the first offered tool, then the stop word."
    def answer(req, n):
        done = sum(m.get('role') == 'tool' for m in req['messages'])
        if done >= calls - 1: return '###STOP###'
        tool = req['tools'][0]['function']['name']
        call = {'id': f'c{done}', 'type': 'function', 'function': {'name': tool, 'arguments': json.dumps({'customer_id': 'C1001'})}}
        return {'id': 'x', 'object': 'chat.completion', 'created': 0, 'model': req['model'],
                'usage': {'prompt_tokens': 100, 'completion_tokens': 10, 'total_tokens': 110},
                'choices': [{'index': 0, 'message': {'role': 'assistant', 'content': None, 'tool_calls': [call]}, 'finish_reason': 'tool_calls'}]}
    return answer


def measure(envs, url:str, concurrency:int, episodes:int) -> tuple[float, int]:
    "Seconds to run `episodes` episodes with `concurrency` threads; returns (seconds, model requests per episode)."
    llm = get_llm(f'openai:{url}#fake-model', retries=0, concurrency=concurrency)
    jobs = [envs[i % len(envs)] for i in range(episodes)]
    t0 = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool: trajs = list(pool.map(lambda env: run_tool_episode(ToolAgent(llm), env), jobs))
    seconds = time.perf_counter() - t0
    return seconds, round(sum(len(t.steps) for t in trajs) / len(trajs))


_CLIENTS: dict = {}   # url → this process's client of the fake model (one per Ray worker process)

def ray_episode(url:str, env) -> int:
    "One episode in a Ray worker; returns its model requests."
    llm = _CLIENTS.get(url) or _CLIENTS.setdefault(url, get_llm(f'openai:{url}#fake-model', retries=0, concurrency=256))
    return len(run_tool_episode(ToolAgent(llm), env).steps)

def measure_ray(envs, url:str, workers:int, concurrency:int, episodes:int) -> float:
    "Seconds to run `episodes` episodes on the Ray executor: `workers` processes × concurrency / workers threads."
    from termworld.core import get_executor, load_config
    cfg = load_config(None, sets=['executor.kind=ray', f'executor.workers={workers}', 'executor.num_cpus=1',
                                  f'executor.threads_per_worker={max(1, concurrency // workers)}'])
    ex = get_executor(cfg); ex.progress = False
    list(ex.map(functools.partial(ray_episode, url), envs[:workers * 2]))    # warm: every worker imports τ2 and opens the domain
    jobs = [envs[i % len(envs)] for i in range(episodes)]
    t0 = time.perf_counter()
    list(ex.map(functools.partial(ray_episode, url), jobs))
    return time.perf_counter() - t0


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--latency', type=float, default=0.2)
    ap.add_argument('--calls', type=int, default=5, help='model requests per episode')
    ap.add_argument('--concurrency', type=int, nargs='+', default=[1, 8, 32])
    ap.add_argument('--rounds', type=int, default=3, help='episodes per thread')
    ap.add_argument('--ray', type=int, default=0, help='also run on the Ray executor with this many worker processes')
    ap.add_argument('--cost', type=int, default=0, help='only split the CPU of this many sequential episodes (see above)')
    args = ap.parse_args()
    envs = [env for _, env in import_tau2('telecom', 'base', limit=32)]
    if args.cost:
        with FakeOpenAIServer(handler(args.calls), latency=0.0) as fast:
            r = cost(envs, fast.url, args.cost)
        print(f"τ2 telecom, {r['episodes']} episodes, load {os.getloadavg()[0]:.2f}: CPU per episode {r['total_ms']:.1f} ms = "
              f"τ2's own {r['tau2_ms']:.1f} + model client {r['client_ms']:.1f} + harness {r['harness_ms']:.1f}; "
              f"all / τ2's own = {r['ratio']:.2f}x, without the client {r['ratio_without_client']:.2f}x")
        raise SystemExit
    with FakeOpenAIServer(handler(args.calls), latency=args.latency) as srv:
        run_tool_episode(ToolAgent(get_llm(f'openai:{srv.url}#fake-model', retries=0)), envs[0])   # warm imports and the domain
        print(f"τ2 telecom, fake model {args.latency * 1e3:.0f} ms per request, {args.calls} requests per episode; load {os.getloadavg()[0]:.2f}")
    with FakeOpenAIServer(handler(args.calls), latency=0.0) as fast:
        seconds, _ = measure(envs, fast.url, 1, 20)
        single = 20 / seconds * 60
        print(f"  single-core rate (no latency, concurrency 1): {single:.1f} episodes/min; cores {os.cpu_count()}")
    with FakeOpenAIServer(handler(args.calls), latency=args.latency) as srv:
        for c in args.concurrency:
            n = c * args.rounds
            seconds, per_episode = measure(envs, srv.url, c, n)
            rate = n / seconds * 60
            ideal = c * 60 / (per_episode * args.latency)
            floor = min(ideal, os.cpu_count() * single)
            print(f"  concurrency {c:>3}: {n:>4} episodes in {seconds:6.1f} s = {rate:7.1f} episodes/min; "
                  f"ideal {ideal:7.1f} -> {rate / ideal:.2f} of ideal, {rate / floor:.2f} of the floor {floor:.1f} "
                  f"(max in flight at the server: {srv.max_in_flight})")
            if args.ray and c >= args.ray:
                seconds = measure_ray(envs, srv.url, args.ray, c, n)
                rate = n / seconds * 60
                print(f"    on Ray, {args.ray} processes x {c // args.ray} threads: {n:>4} episodes in {seconds:6.1f} s = {rate:7.1f} episodes/min; "
                      f"{rate / ideal:.2f} of ideal, {rate / floor:.2f} of the floor; load {os.getloadavg()[0]:.2f}")
