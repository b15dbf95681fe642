"""Training throughput of the demo QLoRA configuration on this machine: padded batches vs padding-free vs packing.

Run: python nbs/benchmarks/train_throughput.py [--steps 4] [--rows 32] [--batch 4] [--max-length 1024]

It trains the embedded SmolLM2-135M-Instruct with the `qlora` recipe (NF4, LoRA r=32 on all linear layers) on
unrolled rows of constructed multi-turn terminal conversations whose lengths vary as real trajectories do,
for the same number of steps in three modes, and reports real (non-padding) tokens per second after a
warm-up step, the ratio to the padded default, and whether padding-free gives the same first-step loss as
padding (it must: otherwise sequences would attend across each other). The DESIGN.md floor for a QLoRA step
(batch 4, short rows, CPU) is ~2 s.
"""
import argparse, json, random, statistics, sys, tempfile, time
from pathlib import Path


def rows(n:int, seed:int=0) -> list[dict]:
    "Unrolled prompt-completion rows of constructed terminal conversations (1–6 turns, observations 1–40 lines)."
    from termworld.train import unroll
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        msgs = [{'role': 'system', 'content': 'You are a terminal agent. Reply with JSON: analysis, plan, commands, task_complete.'},
                {'role': 'user', 'content': f"Task description:\nCount the rows of /app/data{rng.randint(0, 99)}.csv and write the number to /app/answer.txt."}]
        for turn in range(rng.randint(1, 6)):
            cmd = rng.choice(['ls -la /app', 'head -n 5 /app/data.csv', 'wc -l /app/data.csv', 'python3 count.py', 'cat /app/answer.txt'])
            msgs.append({'role': 'assistant', 'content': json.dumps(dict(analysis=f'Step {turn}: inspect the output.', plan=f'Run {cmd}.',
                                                                        commands=[dict(keystrokes=cmd + '\n', duration=1.0)], task_complete=False))})
            lines = '\n'.join(f"{rng.randint(0, 10**6)},{rng.choice(['alpha', 'beta', 'gamma'])},{rng.random():.4f}" for _ in range(rng.randint(1, 40)))
            msgs.append({'role': 'user', 'content': f"New Terminal Output:\n$ {cmd}\n{lines}"})
        for prompt, completion in unroll(msgs[:-1]): out.append(dict(prompt=prompt, completion=completion))
    return out[:n]


def run(mode:str, data:list[dict], base:str, steps:int, batch:int, max_length:int, dropout:float=0.05) -> dict:
    from datasets import Dataset
    from transformers import TrainerCallback
    from trl import SFTTrainer
    from termworld.train import load_recipe, load_for_training, lora_config, sft_config
    recipe = load_recipe('qlora', lora_dropout=dropout,
                         sft=dict(max_steps=steps, per_device_train_batch_size=batch, max_length=max_length, warmup_steps=0,
                                  packing=mode == 'packing', padding_free=mode == 'padding_free', gradient_checkpointing=False,
                                  save_steps=10**6))
    tok, model = load_for_training(base, recipe, 'cpu')
    times = []
    class Clock(TrainerCallback):
        def on_step_end(self, args, state, control, **kw): times.append(time.perf_counter())
    out_dir = tempfile.mkdtemp()
    args = sft_config(recipe, out_dir, 'cpu')
    args.disable_tqdm = True
    trainer = SFTTrainer(model=model, args=args, train_dataset=Dataset.from_list(data), processing_class=tok,
                         peft_config=lora_config(recipe), callbacks=[Clock()])
    start = time.perf_counter()
    trainer.train()
    logs = [h for h in trainer.state.log_history if 'loss' in h]
    tokens = [h['num_tokens'] for h in logs]          # cumulative real tokens trl counted
    step_tokens = [tokens[0]] + [b - a for a, b in zip(tokens, tokens[1:])]
    step_s = [times[0] - start] + [b - a for a, b in zip(times, times[1:])]
    warm = slice(1, None) if len(step_s) > 1 else slice(None)   # skip the warm-up step when there are more
    tps = sum(step_tokens[warm]) / sum(step_s[warm])
    return dict(mode=mode, steps=len(step_s), tokens_per_step=statistics.mean(step_tokens), median_step_s=statistics.median(step_s[warm]),
                tokens_per_s=tps, first_loss=logs[0]['loss'])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--steps', type=int, default=4)
    ap.add_argument('--rows', type=int, default=32)
    ap.add_argument('--batch', type=int, default=4)
    ap.add_argument('--max-length', type=int, default=1024)
    a = ap.parse_args()
    from termworld.train import base_model_path
    base = base_model_path('local:smollm2-135m-instruct')
    from transformers import AutoTokenizer
    from termworld.train import token_counter
    count = token_counter(AutoTokenizer.from_pretrained(base))
    # only rows that fit, so that every mode trains on exactly the same tokens (nothing truncated or dropped)
    data = [r for r in rows(4 * a.rows) if count(r['prompt'] + r['completion']) <= a.max_length][:a.rows]
    results = []
    for m in ('padded', 'padding_free', 'packing'):
        results.append(run(m, data, base, a.steps, a.batch, a.max_length))
        print('RESULT', json.dumps(results[-1]), flush=True)
    # correctness: without dropout, padded and padding-free first steps see the same rows and must give the same loss
    check = [run(m, data[:a.batch], base, 1, a.batch, a.max_length, dropout=0.0)['first_loss'] for m in ('padded', 'padding_free')]
    ref = results[0]['tokens_per_s']
    print(f"\nQLoRA (NF4, r=32, all-linear) on SmolLM2-135M, CPU, batch {a.batch}, {a.steps} steps, {len(data)} unrolled rows "
          f"(mean {statistics.mean(count(r['prompt'] + r['completion']) for r in data):.0f} tokens)\n")
    print('| mode | real tokens / step | median s / step | real tokens / s | × padded |\n|---|---|---|---|---|')
    for r in results:
        print(f"| {r['mode']} | {r['tokens_per_step']:.0f} | {r['median_step_s']:.2f} | {r['tokens_per_s']:.0f} | {r['tokens_per_s'] / ref:.2f} |")
    print(f"\nfirst-step loss without dropout: padded {check[0]:.4f}, padding-free {check[1]:.4f} "
          f"({'equal: sequences stay separate' if abs(check[0] - check[1]) < 1e-2 else 'DIFFERENT: padding-free mixes sequences here'})")
    print(f"floor (DESIGN.md §5): ~2 s per QLoRA step of batch 4 short rows; padded median here {results[0]['median_step_s']:.2f} s "
          f"(× {results[0]['median_step_s'] / 2:.2f} of the floor)")


if __name__ == '__main__':
    sys.exit(main())
