#!/usr/bin/env python3
"""How re-recorded reference pictures differ from the committed ones: for every PNG that differs
from git revision BASE (default HEAD), the pixels that changed, their largest change in 8-bit
levels of premultiplied
RGBA, and the same two figures for the pixels in flat areas only, where the old picture is
constant over the (2R+1)² window around the pixel (R = 3 by default: wider than any anti-aliased
edge). A change confined to edge coverage has 0 changed pixels in flat areas.

    python3 scripts/picture-changes.py [--base REV] [--radius R] [--out DIR] PATH...
    python3 scripts/picture-changes.py --pair [--radius R] [--out DIR] OLD.png NEW.png

PATH: PNG files or folders (searched for PNGs); with --pair, two files compared directly. With --out, writes for each changed picture
DIR/<name>.png: the old picture, the new one, and the difference (×8, flat-area changes in red)
side by side, to look at. Exits 1 when a changed pixel lies in a flat area.
Reads PNGs with zlib alone (8-bit greyscale, RGB, RGBA, grey+alpha; not interlaced)."""
import argparse, os, struct, subprocess, sys, zlib
import numpy as np


def decode(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and interlace == 0, "8-bit, not interlaced"
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    raw = zlib.decompress(idat)
    stride = width * channels
    out = np.zeros((height, stride), dtype=np.int32)
    prev = np.zeros(stride, dtype=np.int32)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = np.frombuffer(raw, dtype=np.uint8, count=stride, offset=y * (stride + 1) + 1).astype(np.int32)
        if kind == 0:
            cur = line
        elif kind == 2:
            cur = (line + prev) & 255
        else:
            cur = np.zeros(stride, dtype=np.int32)
            for i in range(stride):
                a = cur[i - channels] if i >= channels else 0
                b = prev[i]
                c = prev[i - channels] if i >= channels else 0
                if kind == 1:
                    p = a
                elif kind == 3:
                    p = (a + b) // 2
                else:
                    pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                    p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[i] = (line[i] + p) & 255
        out[y] = cur
        prev = cur
    image = out.reshape(height, width, channels)
    if channels == 1:
        image = np.concatenate([image] * 3 + [np.full_like(image, 255)], axis=2)
    elif channels == 2:
        image = np.concatenate([image[..., :1]] * 3 + [image[..., 1:]], axis=2)
    elif channels == 3:
        image = np.concatenate([image, np.full_like(image[..., :1], 255)], axis=2)
    return image


def encode(image):
    height, width, _ = image.shape
    rows = b"".join(b"\x00" + image[y].astype(np.uint8).tobytes() for y in range(height))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


def premultiplied(image):
    """8-bit levels of premultiplied colour (the colour of a nearly transparent pixel is noise)."""
    out = image.copy()
    out[..., :3] = (image[..., :3] * image[..., 3:] + 127) // 255
    return out


def flat(image, radius):
    """True where every channel is constant over the window around the pixel."""
    h, w, _ = image.shape
    padded = np.pad(image, ((radius, radius), (radius, radius), (0, 0)), mode="edge")
    low, high = image.copy(), image.copy()
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            window = padded[radius + dy:radius + dy + h, radius + dx:radius + dx + w]
            low = np.minimum(low, window)
            high = np.maximum(high, window)
    return (high - low).max(axis=2) == 0


def pngs(paths):
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in sorted(os.walk(path)):
                for name in sorted(names):
                    if name.endswith(".png"):
                        yield os.path.join(folder, name)
        else:
            yield path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="HEAD")
    parser.add_argument("--radius", type=int, default=3)
    parser.add_argument("--out")
    parser.add_argument("--pair", action="store_true")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    failed = False
    print(f"{'picture':64} {'size':>9} {'changed':>8} {'max':>4} {'flat chg':>8} {'flat max':>8}")
    if args.pair:
        with open(args.paths[0], "rb") as f:
            pairs = [(args.paths[1], f.read())]
    else:
        pairs = []
        for path in pngs(args.paths):
            try:
                pairs.append((path, subprocess.run(["git", "show", f"{args.base}:./{path}"], capture_output=True, check=True).stdout))
            except subprocess.CalledProcessError:
                print(f"{path:64} new file")
    for path, old_bytes in pairs:
        with open(path, "rb") as f:
            new_bytes = f.read()
        if old_bytes == new_bytes:
            continue
        old, new = decode(old_bytes), decode(new_bytes)
        if old.shape != new.shape:
            print(f"{path:64} size changed {old.shape} -> {new.shape}")
            failed = True
            continue
        diff = np.abs(premultiplied(old) - premultiplied(new)).max(axis=2)
        changed = diff > 0
        in_flat = changed & flat(old, args.radius)
        flat_max = int(diff[in_flat].max()) if in_flat.any() else 0
        size = f"{old.shape[1]}x{old.shape[0]}"
        print(f"{path:64} {size:>9} {int(changed.sum()):8d} {int(diff.max()):4d} {int(in_flat.sum()):8d} {flat_max:8d}")
        failed = failed or bool(in_flat.any())
        if args.out:
            os.makedirs(args.out, exist_ok=True)
            shown = np.zeros_like(old)
            shown[..., 0] = shown[..., 1] = shown[..., 2] = np.minimum(diff * 8, 255)
            shown[in_flat] = [255, 0, 0, 255]
            shown[..., 3] = 255
            gap = np.full((old.shape[0], 4, 4), [255, 0, 255, 255])
            side = np.concatenate([old, gap, new, gap, shown], axis=1)
            name = path.strip("/").replace("/", "_")
            with open(os.path.join(args.out, name), "wb") as f:
                f.write(encode(side))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
