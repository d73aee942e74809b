// A distortion transition of your own in GLSL for `shaderfx transition --shader`: the
// incoming picture drops in from above. A distortion only says where each pixel reads the
// incoming picture; ShaderFX draws the outgoing picture behind what it leaves (whole when the
// incoming picture is opaque, else fading out).
//
//   shaderfx transition --shader examples/transitions/drop.glsl --arg bounds=bounds -p 0.5 -o drop.png

vec2 drop(vec2 position, vec4 bounds, float progress) {
    // Progress 0: the picture is one height above the frame; 1: in place. Ease out.
    float e = 1.0 - (1.0 - progress) * (1.0 - progress);
    return position + vec2(0.0, (1.0 - e) * bounds.w);
}
