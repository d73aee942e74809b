#!/usr/bin/env python3
"""The oracle of ShaderFX's FLIPTests: NVIDIA's own ꟻLIP (PyPI's flip-evaluator) on the test's
picture pairs, each made from a region of a committed picture by a change exact in 8 bits.

    python3 -m venv /tmp/flip && /tmp/flip/bin/pip install flip-evaluator numpy pillow
    /tmp/flip/bin/python scripts/flip-oracle.py

prints the mean error of each pair, as FLIPTests.nvidiaMeans records them."""
import numpy as np
import flip_evaluator as flip
from PIL import Image

def load(path):
    # The 160×120 region from (200, 240): an edge-rich part of each picture, small enough for
    # the test's debug build.
    return np.asarray(Image.open(path).convert("RGB")).astype(np.int32)[240:360, 200:360]

def shifted(a):      # one pixel to the right, the last column wrapping round
    return np.roll(a, 1, axis=1)

def tinted(a):       # red kept, green × 0.9, blue × 1.1, to the nearest level
    return np.clip(np.floor(a * np.array([1.0, 0.9, 1.1]) + 0.5), 0, 255).astype(np.int32)

def boxed(a):        # 3×3 box blur, edges extended, to the nearest level
    p = np.pad(a, ((1, 1), (1, 1), (0, 0)), mode="edge")
    s = sum(p[1 + dy:1 + dy + a.shape[0], 1 + dx:1 + dx + a.shape[1]] for dy in (-1, 0, 1) for dx in (-1, 0, 1))
    return (s * 2 + 9) // 18

for name in ["CoverArt", "PalmTreeBeach"]:
    ref = load(f"examples/views/{name}.png")
    for change, f in [("shifted", shifted), ("tinted", tinted), ("boxed", boxed)]:
        for ppd in (67, 30):
            _, mean, _ = flip.evaluate(ref.astype(np.float32) / 255, f(ref).astype(np.float32) / 255, "LDR",
                                       applyMagma=False, parameters={"ppd": ppd})
            print(f'("{name}", "{change}", {ppd}, {mean:.6f}),')

# Shader renders against each other: golden references of the suite, whole pictures (opaque).
def whole(path):
    return np.asarray(Image.open(path).convert("RGB")).astype(np.float32) / 255

for a, b in [("shimmer/t0.5", "shimmer/t1.5"), ("ripple/t0.05", "shimmer/t0.5")]:
    for ppd in (67, 30):
        _, mean, _ = flip.evaluate(whole(f"examples/golden-suite/{a}.png"), whole(f"examples/golden-suite/{b}.png"), "LDR",
                                   applyMagma=False, parameters={"ppd": ppd})
        print(f'("{a}", "{b}", {ppd}, {mean:.6f}),')
