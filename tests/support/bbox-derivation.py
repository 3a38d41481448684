"""The number a framework trains on against the number the shipped reward compares, row by row.

  python3 bbox-derivation.py <reward.py> <cases.jsonl>

Each case is one grounding row of a snapshot:
  {"id", "mode": "objects" | "literal", "truth": <ground truth JSON>, ...}
  objects   ms-swift's grounding format: "bbox" (objects.bbox, screenshot pixels), "image" (the
            file ms-swift opens), "norm_bbox" (what the launch README passes: norm1000 | none),
            "min_pixels" / "max_pixels" (the README's MIN_PIXELS / MAX_PIXELS, for none).
            The trained numbers are derived here as ms-swift derives them
            (modelscope/ms-swift@3602360 swift/template/base.py:299-319): the image's own size
            from the file (_get_height_width, base.py:290-297), then
            int(round(x / width * norm_width)) per coordinate, where norm_width is 1000 under
            norm1000 and, under none, the width of the image qwen-vl-utils' fetch_image resized
            it to (qwen.py replace_tag; the smart resize ported below from
            QwenLM/Qwen2.5-VL@f0af299 qwen-vl-utils/src/qwen_vl_utils/vision_process.py:60-85).
  literal   every other profile: the trained numbers are the answer text itself ("answer").
For each row: the trained numbers must equal the ground truth's answer, the reward's own
re-derivation from the pixel box must equal it too, and the trained answer must score full
marks. Coordinates whose exact value is a half (a rounding rule decides them) are counted.
Prints a JSON summary on the last line; exits 1 on any mismatch.
"""

import importlib.util
import json
import math
import struct
import sys
from fractions import Fraction


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s is not a PNG" % path)
    return struct.unpack(">II", head[16:24])


def smart_resize(height, width, factor, min_pixels, max_pixels):
    h_bar = max(factor, round(height / factor) * factor)
    w_bar = max(factor, round(width / factor) * factor)
    if h_bar * w_bar > max_pixels:
        beta = math.sqrt((height * width) / max_pixels)
        h_bar = math.floor(height / beta / factor) * factor
        w_bar = math.floor(width / beta / factor) * factor
    elif h_bar * w_bar < min_pixels:
        beta = math.sqrt(min_pixels / (height * width))
        h_bar = math.ceil(height * beta / factor) * factor
        w_bar = math.ceil(width * beta / factor) * factor
    return h_bar, w_bar


def swift_derived(case):
    width, height = png_size(case["image"])
    if case["norm_bbox"] == "norm1000":
        norm_width, norm_height = 1000, 1000
    else:
        norm_height, norm_width = smart_resize(height, width, 28, case["min_pixels"], case["max_pixels"])
    out = []
    for bbox in case["bbox"]:
        values = list(bbox)
        for i, (x, y) in enumerate(zip(values[::2], values[1::2])):
            values[2 * i] = int(round(x / width * norm_width))
            values[2 * i + 1] = int(round(y / height * norm_height))
        out.append(values)
    return out, (norm_width, norm_height), (width, height)


def main():
    reward_path, cases_path = sys.argv[1], sys.argv[2]
    spec = importlib.util.spec_from_file_location("verity_reward", reward_path)
    reward = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reward)
    with open(cases_path, encoding="utf-8") as f:
        cases = [json.loads(line) for line in f if line.strip()]
    failures, coordinates, halfway = 0, 0, 0

    def fail(case, message):
        nonlocal failures
        failures += 1
        print("FAIL %s (%s): %s" % (case["id"], case["mode"], message))

    for case in cases:
        truth = case["truth"]
        if truth["refusal"]:
            continue
        image = truth["image"]
        extent = (1000, 1000) if truth["convention"] == "rel1000" else tuple(truth["resized"])
        if case["mode"] == "objects":
            derived, norm, size = swift_derived(case)
            if list(size) != image:
                fail(case, "the file is %s, the ground truth says %s" % (list(size), image))
            if list(norm) != list(extent):
                fail(case, "ms-swift normalises to %s, the ground truth's grid is %s" % (list(norm), list(extent)))
            trained = derived[0]
            pixels = case["bbox"][0]
        else:
            trained = json.loads(case["answer"])
            box_px = truth["box_px"]
            pixels = box_px if len(trained) == 4 else [(box_px[0] + box_px[2]) / 2, (box_px[1] + box_px[3]) / 2]
        for i, px in enumerate(pixels):
            coordinates += 1
            exact = Fraction(px) * extent[i % 2] / image[i % 2]
            if exact.denominator == 2:
                halfway += 1
        if trained != truth["answer"]:
            fail(case, "trained on %s, the ground truth's answer is %s" % (trained, truth["answer"]))
        rounding = {"rounding": truth["rounding"]} if "rounding" in truth else {}
        rederived = [reward.to_convention(v, "x" if i % 2 == 0 else "y", truth["convention"], image, truth.get("resized"), **rounding) for i, v in enumerate(pixels)]
        if rederived != truth["answer"]:
            fail(case, "the reward re-derives %s, the ground truth's answer is %s" % (rederived, truth["answer"]))
        if reward.box_to_convention(truth["box_px"], truth) != truth["box"]:
            fail(case, "the reward re-derives the box %s, the ground truth's box is %s" % (reward.box_to_convention(truth["box_px"], truth), truth["box"]))
        score = reward.score(json.dumps(trained, separators=(",", ":")), truth)["overall"]
        if score != 2.0:
            fail(case, "the trained answer %s scores %s, not full marks" % (trained, score))
    print(json.dumps({"rows": len(cases), "coordinates": coordinates, "halfway": halfway, "failures": failures}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
