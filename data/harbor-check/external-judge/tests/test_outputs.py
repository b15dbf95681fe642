from pathlib import Path

def test_a_model_grades_the_answer():
    "A hosted model judges whether out.txt is a friendly greeting."
    from openai import OpenAI
    verdict = OpenAI().chat.completions.create(model='gpt-4o', messages=[{'role': 'user', 'content': Path('/app/out.txt').read_text()}])
    assert 'yes' in verdict.choices[0].message.content.lower()
