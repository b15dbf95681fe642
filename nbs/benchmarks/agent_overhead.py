"""Harness overhead per agent step vs the bwrap terminal floor.

An agent step = one model call + the commands on the terminal + the harness around them (parsing, exit-code
markers, observation assembly, context bookkeeping, the record). With an instant fake model (`ScriptedLLM`, a
fake) and a trivial command, what is left outside the model and the terminal is the harness's own cost.

    python nbs/benchmarks/agent_overhead.py [--steps 40] [--floor 40]

Floor: `Terminal.send('true\\n')` in a live bwrap sandbox (tmux send-keys, wait for the prompt, capture), the
cheapest possible agent action; DESIGN.md §5 lists bare bwrap create+run+teardown at ~5 ms for reference.
"""
import argparse, json, statistics, time

from termworld.agent import Agent, Shell, TrajectoriesSection
from termworld.llm import ScriptedLLM
from termworld.sandbox import Sandbox, image_ready


def floor(n:int) -> list[float]:
    "Seconds per bare terminal round trip of a finished command."
    with Sandbox('bwrap', image=None if image_ready() else 'host') as sb:
        term = sb.terminal()
        term.send('true\n', duration=5)
        out = []
        for _ in range(n):
            t0 = time.perf_counter(); term.send('true\n', duration=5); out.append(time.perf_counter() - t0)
        term.close()
    return out


def agent_steps(n:int) -> dict:
    "Run n agent steps of `true` with an instant fake model; split the time into model, terminal and harness."
    reply = json.dumps({'analysis': 'a' * 200, 'plan': 'p' * 200, 'commands': [{'keystrokes': 'true\n', 'duration': 5}],
                        'task_complete': False})
    with Sandbox('bwrap', image=None if image_ready() else 'host') as sb:
        term = sb.terminal()
        shell = Shell(term); shell.start()
        fake = ScriptedLLM(lambda messages, schema: reply)
        agent = Agent(fake, shell, 'system prompt ' * 100, 'task', TrajectoriesSection(max_steps=n, wall_s=3600))
        t0 = time.perf_counter(); steps = agent.run(); total = time.perf_counter() - t0
        term.close()
    harness = total - agent.model_seconds - shell.command_seconds
    return dict(steps=len(steps), total=total, model=agent.model_seconds, terminal=shell.command_seconds, harness=harness,
                per_step=[s.seconds for s in steps])


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--steps', type=int, default=40)
    ap.add_argument('--floor', type=int, default=40)
    args = ap.parse_args()
    f = floor(args.floor)
    r = agent_steps(args.steps)
    fmed = statistics.median(f)
    step_med = statistics.median(r['per_step'])
    per_harness = r['harness'] / r['steps']
    print(f"terminal floor (send 'true', bwrap): median {fmed*1e3:.1f} ms over {len(f)}")
    print(f"agent step with an instant fake model: median {step_med*1e3:.1f} ms over {r['steps']} steps "
          f"({step_med/fmed:.2f}x the floor)")
    print(f"  split of {r['total']:.2f} s: model {r['model']*1e3:.0f} ms, terminal {r['terminal']:.2f} s, "
          f"harness {r['harness']*1e3:.0f} ms")
    print(f"harness overhead per step: {per_harness*1e3:.2f} ms = {per_harness/fmed:.3f}x the terminal floor")
