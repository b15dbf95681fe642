"""τ2-bench episodes per minute with a fixed-latency fake model, at several concurrencies, as a fraction of the ideal.

An episode is a real τ2 telecom task (`termworld.bench`): the environment opens (domain database, initial actions), the
tool-calling agent (`termworld.toolagent.ToolAgent`) asks an OpenAI-compatible fake server (`FakeOpenAIServer`, a fake
with a fixed latency per request) for `--calls - 1` tool calls and then a stop, each call runs against the domain, the
scripted user answers, and τ2's own evaluator scores the episode. The model is the only thing that waits, so the ideal
rate at concurrency c is c × 60 / (calls × latency) episodes per minute; the fraction of it that is reached shows what
the harness (environment, evaluator, HTTP client, threads) costs.

    python nbs/benchmarks/tau2_throughput.py [--latency 0.2] [--calls 5] [--concurrency 1 8 32] [--rounds 3]
"""
import argparse, json, time
from concurrent.futures import ThreadPoolExecutor

from termworld.bench import import_tau2
from termworld.llm import FakeOpenAIServer, get_llm
from termworld.toolagent import ToolAgent, run_tool_episode


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


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--latency', type=float, default=0.2)
    ap.add_argument('--calls', type=int, default=5, help='model requests per episode')
    ap.add_argument('--concurrency', type=int, nargs='+', default=[1, 8, 32])
    ap.add_argument('--rounds', type=int, default=3, help='episodes per thread')
    args = ap.parse_args()
    envs = [env for _, env in import_tau2('telecom', 'base', limit=32)]
    with FakeOpenAIServer(handler(args.calls), latency=args.latency) as srv:
        run_tool_episode(ToolAgent(get_llm(f'openai:{srv.url}#fake-model', retries=0)), envs[0])   # warm imports and the domain
        print(f"τ2 telecom, fake model {args.latency * 1e3:.0f} ms per request, {args.calls} requests per episode")
        for c in args.concurrency:
            n = c * args.rounds
            seconds, per_episode = measure(envs, srv.url, c, n)
            rate = n / seconds * 60
            ideal = c * 60 / (per_episode * args.latency)
            print(f"  concurrency {c:>3}: {n:>4} episodes in {seconds:6.1f} s = {rate:7.1f} episodes/min; "
                  f"ideal {ideal:7.1f} -> {rate / ideal:.2f} of ideal (max in flight at the server: {srv.max_in_flight})")
