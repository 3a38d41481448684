"""Reward for the rows of a Verity pool snapshot (written by Verity; Python 3.8+, standard library only).

Each row's ground truth is a JSON object (verl: reward_model.ground_truth, EasyR1: answer,
ms-swift: solution, Hugging Face datasets: ground_truth). This file scores a model's completion
against it:

  grounding   overall = format_weight * format + accuracy_weight * accuracy
              format    1 when the completion is exactly one list [x,y] or [x1,y1,x2,y2]
              accuracy  refusal rows ([-1,-1]): 1 only for the refusal [-1,-1];
                        other rows: 1 when the predicted point (a box's centre) lies in the
                        target box, bounds inclusive (the point-in-box rule of ScreenSpot-Pro)
  navigation  overall = format_weight * format + type_weight * type + value_weight * (type and value)
              format    the completion parses as one action of the row's action syntax
              type      the action type matches
              value     the point lies in the target element's box when it is known, else within
                        `tolerance` of the true point; texts, keys, apps and directions match
                        after case folding and whitespace collapsing

Coordinates are in the row's convention (rel1000, qwen25-abs or norm1), rounded half up:
floor(v + 0.5) on the integer grids, floor(v * 10000 + 0.5) / 10000 on norm1; except where the
ground truth says "rounding": "half-even" (ms-swift's objects rows, whose numbers ms-swift
derives itself as int(round(px / W * N)), swift/template/base.py:318-319 at 3602360): there the
reward's numbers come from ms-swift's own expression. to_convention() re-derives a target from
its pixel box exactly as the exporter does; the self-test checks every row it is given against it.

Entry points:
  verl       custom_reward_function.path=<this file> custom_reward_function.name=compute_score
  EasyR1     worker.reward.reward_function=<this file>:easyr1_compute_score   (REWARD_TYPE batch)
  ms-swift   --external_plugins <this file> --reward_funcs verity_reward
  self-test  python3 verity_reward.py --self-test [cases.jsonl]
"""

import json
import math
import re
import sys

REWARD_NAME = "verity_reward"
REWARD_TYPE = "batch"

_NUMBER = r"-?\d+(?:\.\d+)?"
_LIST = re.compile(r"\[\s*(" + _NUMBER + r")\s*,\s*(" + _NUMBER + r")\s*(?:,\s*(" + _NUMBER + r")\s*,\s*(" + _NUMBER + r")\s*)?\]")


# ---------------------------------------------------------------- conventions


def to_convention(px, axis, convention, image, resized=None, rounding="half-up"):
    """One pixel coordinate in the convention, with the exporter's operations in its order."""
    size = image[0] if axis == "x" else image[1]
    if rounding == "half-even":
        # ms-swift's normalize_bbox: divide, multiply, Python's round() (halves to even).
        if convention == "rel1000":
            return int(round(px / size * 1000))
        if convention == "qwen25-abs":
            return int(round(px / size * (resized[0] if axis == "x" else resized[1])))
        raise ValueError("half-even rounding applies to rel1000 and qwen25-abs only")
    if convention == "rel1000":
        return math.floor(px * 1000 / size + 0.5)
    if convention == "qwen25-abs":
        extent = resized[0] if axis == "x" else resized[1]
        return math.floor(px * extent / size + 0.5)
    if convention == "norm1":
        return math.floor(px / size * 10000 + 0.5) / 10000
    raise ValueError("unknown convention %r" % (convention,))


def box_to_convention(box_px, truth):
    conv, image, resized, rounding = truth["convention"], truth["image"], truth.get("resized"), truth.get("rounding", "half-up")
    return [
        to_convention(box_px[0], "x", conv, image, resized, rounding),
        to_convention(box_px[1], "y", conv, image, resized, rounding),
        to_convention(box_px[2], "x", conv, image, resized, rounding),
        to_convention(box_px[3], "y", conv, image, resized, rounding),
    ]


def point_in_box(point, box):
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _number(text):
    return float(text) if "." in text else int(text)


# ---------------------------------------------------------------- grounding


def parse_grounding(completion):
    """(is_exact_format, kind, values): kind is 'refusal', 'point' or None when no list is found."""
    text = (completion or "").strip()
    match = _LIST.search(text)
    if not match:
        return False, None, None
    values = [_number(g) for g in match.groups() if g is not None]
    exact = match.group(0) == text
    if values == [-1, -1]:
        return exact, "refusal", values
    if len(values) == 4:
        return exact, "point", [(values[0] + values[2]) / 2, (values[1] + values[3]) / 2]
    return exact, "point", values


def score_grounding(completion, truth, format_weight=1.0, accuracy_weight=1.0):
    exact, kind, values = parse_grounding(completion)
    fmt = 1.0 if exact else 0.0
    if truth.get("refusal"):
        accuracy = 1.0 if kind == "refusal" else 0.0
    else:
        accuracy = 1.0 if kind == "point" and point_in_box(values, truth["box"]) else 0.0
    return {"overall": format_weight * fmt + accuracy_weight * accuracy, "format": fmt, "accuracy": accuracy}


# ---------------------------------------------------------------- navigation

_UI_VENUS_NAMES = {
    "click": "click", "doubleclick": "double_click", "longpress": "long_press", "hover": "hover",
    "drag": "drag", "scroll": "scroll", "type": "type", "hotkey": "hotkey", "launch": "open_app",
    "pressback": "back", "presshome": "home", "pressenter": "enter", "pressrecent": "recent",
    "wait": "wait", "finished": "finish", "calluser": "call_user",
}


def _split_args(text):
    parts, current, quote, depth = [], "", None, 0
    for char in text:
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
            continue
        current += char
    if current.strip():
        parts.append(current.strip())
    return parts


def _pair(text):
    match = re.fullmatch(r"\(\s*(" + _NUMBER + r")\s*,\s*(" + _NUMBER + r")\s*\)", text.strip())
    return [_number(match.group(1)), _number(match.group(2))] if match else None


def _unquote(text):
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def parse_ui_venus(completion):
    text = (completion or "").strip()
    inner = re.search(r"<action>(.*?)</action>", text, re.DOTALL)
    if inner:
        text = inner.group(1).strip()
    match = re.fullmatch(r"(\w+)\((.*)\)", text, re.DOTALL)
    if not match or match.group(1).lower() not in _UI_VENUS_NAMES:
        return None
    kind = _UI_VENUS_NAMES[match.group(1).lower()]
    args = {}
    for part in _split_args(match.group(2)):
        if "=" not in part:
            return None
        key, value = part.split("=", 1)
        args[key.strip()] = value.strip()
    action = {"type": kind}
    if kind in ("click", "double_click", "long_press", "hover"):
        point = _pair(args.get("box", ""))
        if point is None:
            return None
        action["point"] = point
    elif kind in ("drag", "scroll"):
        start, end = _pair(args.get("start", "")), _pair(args.get("end", ""))
        if start is not None and end is not None:
            action["from"], action["to"] = start, end
        elif kind == "scroll" and "direction" in args:
            action["direction"] = _unquote(args["direction"])
        else:
            return None
    elif kind in ("type", "finish", "call_user"):
        action["text"] = _unquote(args.get("content", ""))
    elif kind == "hotkey":
        keys = re.findall(r"'([^']*)'|\"([^\"]*)\"", args.get("keys", ""))
        action["keys"] = [a or b for a, b in keys]
    elif kind == "open_app":
        if "app" in args and _unquote(args["app"]):
            action["app"] = _unquote(args["app"])
        elif "url" in args:
            action["url"] = _unquote(args["url"])
        else:
            return None
    return action


_BUTTONS = {"back": "back", "home": "home", "enter": "enter", "menu": "recent"}


def parse_mobile_use(completion):
    text = (completion or "").strip()
    inner = re.search(r"<tool_call>(.*?)</tool_call>", text, re.DOTALL)
    body = inner.group(1).strip() if inner else text
    try:
        call = json.loads(body)
        args = call["arguments"]
        name = args["action"]
    except (ValueError, KeyError, TypeError):
        return None
    if call.get("name") != "mobile_use":
        return None
    try:
        if name in ("click", "long_press"):
            return {"type": name, "point": [args["coordinate"][0], args["coordinate"][1]]}
        if name == "swipe":
            return {"type": "swipe", "from": list(args["coordinate"][:2]), "to": list(args["coordinate2"][:2])}
        if name == "type":
            return {"type": "type", "text": args["text"]}
        if name == "open":
            return {"type": "open_app", "app": args["text"]}
        if name == "system_button":
            return {"type": _BUTTONS[str(args["button"]).lower()]}
        if name == "wait":
            return {"type": "wait"}
        if name == "terminate":
            return {"type": "finish"}
    except (KeyError, IndexError, TypeError):
        return None
    return None


def _norm(text):
    return " ".join(str(text or "").split()).casefold()


def _near(a, b, tolerance):
    return math.hypot(a[0] - b[0], a[1] - b[1]) <= tolerance


def _value_matches(pred, gt, tolerance):
    kind = gt["type"]
    if kind in ("click", "double_click", "long_press", "hover"):
        if "point" not in pred:
            return False
        if gt.get("element") is not None:
            return point_in_box(pred["point"], gt["element"])
        return _near(pred["point"], gt["point"], tolerance)
    if kind in ("drag", "scroll"):
        if "from" in gt and "to" in gt:
            return "from" in pred and "to" in pred and _near(pred["from"], gt["from"], tolerance) and _near(pred["to"], gt["to"], tolerance)
        return "direction" in pred and _norm(pred["direction"]) == _norm(gt.get("direction"))
    if kind in ("type", "call_user"):
        return _norm(pred.get("text")) == _norm(gt.get("text"))
    if kind == "finish":
        return not gt.get("text") or _norm(pred.get("text")) == _norm(gt.get("text"))
    if kind == "hotkey":
        return [_norm(k) for k in pred.get("keys", [])] == [_norm(k) for k in gt.get("keys", [])]
    if kind == "open_app":
        if gt.get("app") is not None:
            return _norm(pred.get("app")) == _norm(gt["app"])
        return _norm(pred.get("url")) == _norm(gt.get("url"))
    return True


def score_navigation(completion, truth, format_weight=1.0, type_weight=1.0, value_weight=1.0):
    syntax = truth.get("syntax", "ui-venus")
    pred = parse_ui_venus(completion) if syntax == "ui-venus" else parse_mobile_use(completion)
    gt = truth["action"]
    if pred is None:
        return {"overall": 0.0, "format": 0.0, "type": 0.0, "accuracy": 0.0}
    gt_type = gt["type"]
    if syntax == "qwen-mobile-use" and gt_type in ("drag", "scroll"):
        gt_type = "swipe"
    same_type = 1.0 if pred["type"] == gt_type else 0.0
    value = 1.0 if same_type and _value_matches(pred, gt, truth.get("tolerance", 0)) else 0.0
    overall = format_weight * 1.0 + type_weight * same_type + value_weight * value
    return {"overall": overall, "format": 1.0, "type": same_type, "accuracy": value}


# ---------------------------------------------------------------- dispatch and entry points


def _truth(ground_truth):
    return json.loads(ground_truth) if isinstance(ground_truth, str) else ground_truth


def score(completion, ground_truth, **weights):
    truth = _truth(ground_truth)
    if truth.get("task") == "navigation":
        return score_navigation(completion, truth, **{k: v for k, v in weights.items() if k in ("format_weight", "type_weight", "value_weight")})
    return score_grounding(completion, truth, **{k: v for k, v in weights.items() if k in ("format_weight", "accuracy_weight")})


def compute_score(data_source=None, solution_str=None, ground_truth=None, extra_info=None, **kwargs):
    """verl: NaiveRewardManager calls compute_score(data_source=, solution_str=, ground_truth=, extra_info=)."""
    result = score(solution_str, ground_truth, **kwargs)
    return {"score": result["overall"], "format": result["format"], "accuracy": result["accuracy"]}


def easyr1_compute_score(reward_inputs, **kwargs):
    """EasyR1 (REWARD_TYPE batch): a list of {response, response_length, ground_truth}."""
    return [score(item["response"], item["ground_truth"], **kwargs) for item in reward_inputs]


try:  # ms-swift registers reward classes by name; without it this file is still a plain module.
    from swift.rewards import ORM, orms  # type: ignore

    class VerityReward(ORM):
        def __call__(self, completions, solution, **kwargs):
            return [score(c if isinstance(c, str) else str(c), s)["overall"] for c, s in zip(completions, solution)]

    orms["verity_reward"] = VerityReward
except ImportError:
    pass


# ---------------------------------------------------------------- self-test


def _builtin_cases():
    rel = {"task": "grounding", "convention": "rel1000", "target": "point", "refusal": False, "box": [100, 200, 300, 400], "image": [2000, 1000], "resized": None}
    refusal = {"task": "grounding", "convention": "rel1000", "target": "point", "refusal": True, "box": None, "image": [2000, 1000], "resized": None}
    nav = {"task": "navigation", "syntax": "ui-venus", "convention": "rel1000", "tolerance": 40, "action": {"type": "click", "point": [500, 500], "element": [450, 450, 550, 550]}}
    return [
        (rel, "[200,300]", 2.0), (rel, "[100,200]", 2.0), (rel, "[300,400]", 2.0), (rel, "[301,300]", 1.0),
        (rel, "The answer is [200,300]", 1.0), (rel, "[-1,-1]", 1.0), (rel, "no idea", 0.0), (rel, "[150,250,250,350]", 2.0),
        (refusal, "[-1,-1]", 2.0), (refusal, "[10,10]", 1.0),
        (nav, "<action>Click(box=(549,451))</action>", 3.0), (nav, "<action>Click(box=(560,500))</action>", 2.0),
        (nav, "<action>LongPress(box=(500,500))</action>", 1.0), (nav, "Tap there", 0.0),
    ]


def self_test(cases_path=None):
    failures = []
    # Rounding: half up, never half to even (Python's round(0.5) is 0, round(2.5) is 2).
    for px, size, expected in ((1, 2000, 1), (3, 2000, 2), (5, 2000, 3), (1279, 1280, 999), (1280, 1280, 1000)):
        got = to_convention(px, "x", "rel1000", [size, 1])
        if got != expected:
            failures.append("rel1000 %s of %s: %s != %s" % (px, size, got, expected))
    if to_convention(1, "x", "norm1", [8, 1]) != 0.125 or to_convention(1, "x", "norm1", [20000, 1]) != 0.0001:
        failures.append("norm1 rounding")
    # ms-swift's objects rows: 928 of 2560 is 362.5, which ms-swift trains as 362 (even), not 363.
    for px, expected in ((928, 362), (32, 12), (96, 38)):
        got = to_convention(px, "x", "rel1000", [2560, 1440], rounding="half-even")
        if got != expected:
            failures.append("half-even rel1000 %s of 2560: %s != %s" % (px, got, expected))
    for truth, completion, expected in _builtin_cases():
        got = score(completion, truth)["overall"]
        if got != expected:
            failures.append("built-in %r: %s != %s" % (completion, got, expected))
    rows = 0
    if cases_path:
        with open(cases_path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                case = json.loads(line)
                truth = _truth(case["ground_truth"])
                rows += 1
                if truth.get("task") == "grounding" and truth.get("box_px") is not None and box_to_convention(truth["box_px"], truth) != truth["box"]:
                    failures.append("line %d: box %s is not box_px %s in %s" % (number, truth["box"], truth["box_px"], truth["convention"]))
                for completion, expected in case["expect"]:
                    got = score(completion, truth)["overall"]
                    if abs(got - expected) > 1e-9:
                        failures.append("line %d: %r scored %s, expected %s" % (number, completion, got, expected))
    for failure in failures:
        print("FAIL " + failure)
    print("verity_reward self-test: %d built-in cases, %d rows, %d failures" % (len(_builtin_cases()), rows, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "--self-test":
        sys.exit(self_test(sys.argv[2] if len(sys.argv) > 2 else None))
    print(__doc__)
