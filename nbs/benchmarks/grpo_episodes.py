"""Multi-turn GRPO throughput: episodes per minute of trl's GRPOTrainer with the flywheel's episode rollout function,
against the time of generation alone (the floor).

Run: flock /tmp/tw-heavy.lock python nbs/benchmarks/grpo_episodes.py [--steps 3] [--group 2] [--latency 0.05] [--turn-tokens 48]

The embedded SmolLM2-135M-Instruct (float32, CPU) plays the refund scenario's late-delivery task against a fixed-latency
fake environment: the simulated user answers after `--latency` seconds, tools return the state. GRPO runs `--steps`
steps with groups of `--group` episodes (LoRA r=32, max_completion_length 160). The floor replays the same episodes'
shape with generation alone: for every student turn the GRPO run logged, the base model generates exactly that many
tokens from the same prompt length (min_new_tokens = max_new_tokens), with no environment and no training. The ratio
GRPO time / floor time is what the trainer (loss, backward, reference-free update) and the environment add.
"""
import argparse, json, statistics, sys, tempfile, time
from pathlib import Path


def fake_env(latency:float):
    "The refund task on the late path, a fixed-latency fake user and state-read tools."
    from termworld.llm import ScriptedLLM
    from termworld.flywheel import (load_scenario, linear_tree, add_branch, NewBranch, rubric_for_path, FlywheelTask, STOP)
    refund = load_scenario('refund')
    tree, _ = add_branch(linear_tree(refund), NewBranch(at='b0', condition='delivered more than 30 days ago', action='refuse',
                                                         check='days_since_delivery > 30', then=['tool_call: issue_voucher'], outcome='credit offered'))
    path = ['b0', 'b3', 'b4']
    state = {**refund.state, 'days_since_delivery': 45}
    task = FlywheelTask(flywheel='agentic', scenario='refund', path=path, state=state, user_instruction='Get a refund for O1001.',
                        sop=['Refunds only within 30 days of delivery.', 'Outside the window offer store credit.'], tools=refund.tools,
                        rubric=rubric_for_path(tree, path, refund, state))
    def user(messages, schema):   # fake user with a fixed latency
        time.sleep(latency)
        return 'I need a refund for order O1001, it broke.' if len(messages) <= 2 else f'Please just refund it. {STOP}'
    return task, refund, ScriptedLLM(user)


def grpo(steps:int, group:int, latency:float, turn_tokens:int) -> dict:
    from termworld.flywheel import episode_rows, episode_factory, episode_rollout_func, episode_reward, episode_format_reward
    from termworld.train import GRPOSettings, train_grpo, base_model_path
    task, scn, user = fake_env(latency)
    rows, by_prompt = episode_rows([task], user)
    log = []
    make = episode_factory(by_prompt, {'refund': scn}, user, max_turns=4)
    g = GRPOSettings(max_steps=steps, num_generations=group, per_device_train_batch_size=group, max_completion_length=160,
                     learning_rate=1e-5, save_strategy='no', beta=0.0, disable_tqdm=True)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        res = train_grpo(rows * steps, base_model_path('local:smollm2-135m-instruct'), d, [episode_reward, episode_format_reward], g,
                         device='cpu', rollout_func=episode_rollout_func(make, turn_tokens, log=log))
    seconds = time.perf_counter() - start
    return dict(seconds=seconds, train_seconds=res['metrics']['seconds'], episodes=len(log), log=log)


def floor(log:list[dict]) -> float:
    "Seconds to generate, with the base model alone, every student turn the GRPO run logged (same lengths, same prompt sizes)."
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer
    from termworld.train import base_model_path
    base = base_model_path('local:smollm2-135m-instruct')
    tok = AutoTokenizer.from_pretrained(base, local_files_only=True)
    model = AutoModelForCausalLM.from_pretrained(base, local_files_only=True).eval()
    total = 0.0
    for e in log:
        context = e['prompt_tokens']
        for n in e['turn_tokens']:
            x = torch.full((1, context), tok.eos_token_id - 1 if tok.eos_token_id else 1, dtype=torch.long)
            t = time.perf_counter()
            with torch.no_grad(): model.generate(input_ids=x, attention_mask=torch.ones_like(x), max_new_tokens=n, min_new_tokens=n, do_sample=True,
                                                 pad_token_id=tok.pad_token_id or tok.eos_token_id)
            total += time.perf_counter() - t
            context += n + 30    # the feedback between turns (~30 tokens) lengthens the next turn's context
    return total


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--steps', type=int, default=3)
    ap.add_argument('--group', type=int, default=2)
    ap.add_argument('--latency', type=float, default=0.05)
    ap.add_argument('--turn-tokens', type=int, default=48)
    a = ap.parse_args()
    import os
    os.environ.setdefault('TRL_EXPERIMENTAL_SILENCE', '1')
    r = grpo(a.steps, a.group, a.latency, a.turn_tokens)
    f = floor(r['log'])
    eps = r['episodes']
    out = dict(steps=a.steps, group=a.group, latency_s=a.latency, episodes=eps, grpo_s=round(r['train_seconds'], 1),
               episodes_per_min=round(60 * eps / r['train_seconds'], 2), floor_generation_s=round(f, 1),
               floor_episodes_per_min=round(60 * eps / f, 2) if f else None, ratio=round(r['train_seconds'] / f, 2) if f else None,
               student_tokens=sum(e['student_tokens'] for e in r['log']), turns=sum(e['turns'] for e in r['log']),
               load_avg=os.getloadavg()[0])
    print(json.dumps(out))
