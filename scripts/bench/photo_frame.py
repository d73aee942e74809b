#!/usr/bin/env python3
"""Writes a photographic test picture for `make bench`: a real photo scaled to SIZE (N for N x N,
or WxH) when one is given, otherwise a made-up one with a photo's statistics (detail at every scale, falling
off as 1/f, colour that varies with it, sensor grain, a burnt-out highlight), the same every run.

    python3 scripts/bench/photo_frame.py OUT.png SIZE [PHOTO]
"""
import sys

import numpy as np
from PIL import Image


def made_up(size):
    rng = np.random.default_rng(24)
    field = np.zeros((size, size, 3))
    # Octaves of smooth noise: a random grid of `cells` cells, scaled up bicubically.
    cells, weight = 4, 1.0
    while cells <= size:
        grid = rng.standard_normal((cells + 1, cells + 1, 3))
        grid[..., 1:] = 0.6 * grid[..., :1] + 0.4 * grid[..., 1:]  # colour follows brightness
        layer = np.stack([np.asarray(Image.fromarray(grid[..., c].astype(np.float32), "F")
                                     .resize((size, size), Image.BICUBIC)) for c in range(3)], axis=-1)
        field += weight * layer
        cells, weight = cells * 2, weight * 0.55
    field = 128 + 56 * field / field.std()  # the brightest parts clip to white
    field += rng.normal(0, 2.5, field.shape)  # grain
    return np.clip(field, 0, 255).astype(np.uint8)


def main(out, size, photo=None):
    width, height = (int(v) for v in (size.split("x") if "x" in size else (size, size)))
    if photo:
        image = Image.open(photo).convert("RGB").resize((width, height), Image.LANCZOS)
    else:
        image = Image.fromarray(made_up(max(width, height))[:height, :width], "RGB")
    image.save(out)


if __name__ == "__main__":
    main(*sys.argv[1:4])
