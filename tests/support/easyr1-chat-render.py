"""Renders EasyR1 prompts through a chat template the way EasyR1 and transformers do.

  python3 easyr1-chat-render.py <chat_template.jinja> <cases.jsonl>

Each case: {"id", "prompt": the row's prompt string, "expected": the rendered text}. The
messages are built as EasyR1's RLHFDataset._build_messages builds them for a row with images
(hiyouga/EasyR1@b44b311 verl/utils/dataset.py:163-173: the prompt split on "<image>", an image
part between the pieces, empty pieces dropped, one user turn), then rendered with the Jinja
environment transformers compiles chat templates in (huggingface/transformers@5e43e2e
src/transformers/utils/chat_template_utils.py, _compile_jinja_template: an
ImmutableSandboxedEnvironment with trim_blocks, lstrip_blocks and loopcontrols) and
add_generation_prompt=True, as dataset.py:228 calls apply_chat_template.
Prints a JSON summary on the last line; exits 1 on any mismatch.
"""

import json
import sys

import jinja2.ext
from jinja2.sandbox import ImmutableSandboxedEnvironment


def build_messages(prompt):
    content = []
    for i, piece in enumerate(prompt.split("<image>")):
        if i != 0:
            content.append({"type": "image"})
        if piece:
            content.append({"type": "text", "text": piece})
    return [{"role": "user", "content": content}]


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        source = f.read()
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[jinja2.ext.loopcontrols])
    template = env.from_string(source)
    with open(sys.argv[2], encoding="utf-8") as f:
        cases = [json.loads(line) for line in f if line.strip()]
    failures = 0
    for case in cases:
        got = template.render(messages=build_messages(case["prompt"]), add_generation_prompt=True)
        if got != case["expected"]:
            failures += 1
            print("FAIL %s:\n--- rendered\n%s\n--- expected\n%s" % (case["id"], got, case["expected"]))
    print(json.dumps({"cases": len(cases), "failures": failures}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
