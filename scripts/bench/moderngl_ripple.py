#!/usr/bin/env python3
"""The job `shaderfx render ripple` does, written as a user would with moderngl and Pillow.

Reads a PNG, draws the WWDC ripple over it on a headless EGL context (the same maths as
Shaders/Layer/ripple.glsl: a tap at the centre, 0.2 s after it), reads the pixels back and
writes a PNG. It is the alternative ShaderFX's cold single render is timed against in
`make bench`.

    python3 scripts/bench/moderngl_ripple.py INPUT.png OUTPUT.png
"""
import sys

import moderngl
import numpy as np
from PIL import Image

FRAGMENT = """
#version 330
uniform sampler2D layer;
uniform vec2 size;
uniform vec2 origin;
uniform float time;
uniform float amplitude;
uniform float frequency;
uniform float decay;
uniform float speed;
out vec4 color;
void main() {
    vec2 position = vec2(gl_FragCoord.x, size.y - gl_FragCoord.y);
    float distance = length(position - origin);
    float t = max(0.0, time - distance / speed);
    float amount = amplitude * sin(frequency * t) * exp(-decay * t);
    vec2 n = distance > 0.0 ? (position - origin) / distance : vec2(0.0);
    vec2 p = clamp(position + amount * n, vec2(0.0), size);
    vec4 c = texture(layer, vec2(p.x, size.y - p.y) / size);
    c.rgb += 0.3 * (amount / amplitude) * c.a;
    color = c;
}
"""

VERTEX = """
#version 330
in vec2 corner;
void main() { gl_Position = vec4(corner, 0.0, 1.0); }
"""


def main(source, target):
    picture = Image.open(source).convert("RGBA")
    width, height = picture.size
    ctx = moderngl.create_standalone_context(backend="egl")
    texture = ctx.texture((width, height), 4, picture.transpose(Image.FLIP_TOP_BOTTOM).tobytes())
    texture.filter = (moderngl.LINEAR, moderngl.LINEAR)
    program = ctx.program(vertex_shader=VERTEX, fragment_shader=FRAGMENT)
    program["size"] = (width, height)
    program["origin"] = (width / 2, height / 2)
    program["time"] = 0.2
    program["amplitude"] = 12.0
    program["frequency"] = 15.0
    program["decay"] = 8.0
    program["speed"] = 1200.0
    corners = ctx.buffer(np.array([-1, -1, 3, -1, -1, 3], dtype="f4").tobytes())
    triangle = ctx.vertex_array(program, [(corners, "2f", "corner")])
    target_fbo = ctx.simple_framebuffer((width, height), components=4)
    target_fbo.use()
    texture.use(0)
    triangle.render(moderngl.TRIANGLES)
    pixels = target_fbo.read(components=4)
    Image.frombytes("RGBA", (width, height), pixels).transpose(Image.FLIP_TOP_BOTTOM).save(target)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
