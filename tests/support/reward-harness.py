"""Calls a snapshot's shipped reward the way each framework does, for the consumer contract tests.

  python3 reward-harness.py <reward.py> <cases.jsonl>

Each case: {"id", "framework": "verl" | "easyr1" | "ms-swift", "completion", "ground_truth",
"data_source", "extra_info", "expected"}. The module is loaded by path as EasyR1 loads it
(hiyouga/EasyR1@b44b311 verl/workers/reward/function.py:117-121; verl's load_extern_object is
the same importlib dance), then called with each framework's own arguments:
  verl      compute_score(data_source=, solution_str=, ground_truth=, extra_info=)
            (volcengine/verl@b178a3c verl/workers/reward_manager/naive.py:85-90); the reward is
            result["score"] (naive.py:92-93)
  EasyR1    easyr1_compute_score([{response, response_length, ground_truth}]), REWARD_TYPE batch
            (function.py:87-95, 129-141); the reward is result["overall"] (function.py:100)
  ms-swift  orms["verity_reward"]()(completions, solution=[...], trainer_state=None), as
            compute_rewards_per_func calls a reward class (modelscope/ms-swift@3602360
            swift/rl_core/grpo_algorithm.py:46-65). ms-swift itself is not installed here, so
            swift.rewards is given as its two names the plugin uses (ORM, orms); the plugin's
            registration then runs exactly as under ms-swift.
Prints a JSON summary on the last line; exits 1 on any mismatch.
"""

import importlib.util
import json
import sys
import types


def main():
    reward_path, cases_path = sys.argv[1], sys.argv[2]
    swift = types.ModuleType("swift")
    rewards = types.ModuleType("swift.rewards")

    class ORM:
        def __init__(self, args=None, **kwargs):
            self.args = args

    rewards.ORM = ORM
    rewards.orms = {}
    swift.rewards = rewards
    sys.modules["swift"] = swift
    sys.modules["swift.rewards"] = rewards

    spec = importlib.util.spec_from_file_location("custom_reward_fn", reward_path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["custom_reward_fn"] = module
    spec.loader.exec_module(module)
    if getattr(module, "REWARD_TYPE", None) != "batch":
        print("FAIL EasyR1 needs REWARD_TYPE batch for a list-taking function")
        return 1
    orm = rewards.orms["verity_reward"]()

    failures = 0
    cases = []
    with open(cases_path, encoding="utf-8") as f:
        cases = [json.loads(line) for line in f if line.strip()]
    for case in cases:
        framework = case["framework"]
        if framework == "verl":
            result = module.compute_score(data_source=case["data_source"], solution_str=case["completion"], ground_truth=case["ground_truth"], extra_info=case.get("extra_info") or {})
            got = result["score"]
        elif framework == "easyr1":
            got = module.easyr1_compute_score([{"response": case["completion"], "response_length": len(case["completion"]), "ground_truth": case["ground_truth"]}])[0]["overall"]
        else:
            got = orm([case["completion"]], solution=[case["ground_truth"]], trainer_state=None)[0]
        if abs(got - case["expected"]) > 1e-9:
            failures += 1
            print("FAIL %s %s %r: %s, expected %s" % (framework, case["id"], case["completion"], got, case["expected"]))
    print(json.dumps({"cases": len(cases), "failures": failures}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
