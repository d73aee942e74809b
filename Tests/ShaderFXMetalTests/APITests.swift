import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import ShaderFXTestSupport
@testable import ShaderFXMetal
import ShaderFXContract

/// Several files, directories, file errors, the line map, and a big mixed input through glslangValidator.
@Suite struct APITests {
    @Test func severalFilesFormOneLibrary() throws {
        let a = MetalSourceFile(path: "a.metal", text: header + "float helper(float x) { return x * 0.5; }\n")
        let b = MetalSourceFile(path: "b.metal", text: header + "float helper(float x);\n[[ stitchable ]] half4 f(float2 position, half4 color) { return color * helper(position.x); }\n")
        let r = try MetalTranslator().translate([a, b])
        #expect(r.glsl.contains("float helper(float x) {"))
        #expect(r.functions.map(\.name) == ["f"])
        #expect(r.functions[0].location.file == "b.metal")
        #expect(glslangErrors(r.glsl) == nil)
    }

    @Test func sameNameInTwoFilesIsAnError() {
        let a = MetalSourceFile(path: "a.metal", text: header + "[[ stitchable ]] half4 f(float2 position, half4 color) { return color; }\n")
        let b = MetalSourceFile(path: "b.metal", text: header + "\n[[ stitchable ]] half4 f(float2 position, half4 color) { return color * 2; }\n")
        do {
            _ = try MetalTranslator().translate([a, b])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("redefinition of function 'f'"))
            // Where the first one is: clang's note, not the message.
            #expect(error.notes.map(\.description) == ["a.metal:4:24: note: previous definition is here"])
            #expect(error.kind == .redefinition)
            #expect(error.location.file == "b.metal")
            #expect(error.location.line == 5)
        }
    }

    @Test func sharedHeaderIncludedByTwoFiles() throws {
        try withTemporaryFolder { (folder) throws in
            let dir = folder.url
            try "#pragma once\nstruct P { float a; };\ninline float twice(float x) { return 2 * x; }\n".write(to: dir.appendingPathComponent("common.h"), atomically: true, encoding: .utf8)
            try (header + "#include \"common.h\"\n[[ stitchable ]] half4 a(float2 position, half4 color) { P p = {1}; return color * twice(p.a); }\n")
                .write(to: dir.appendingPathComponent("a.metal"), atomically: true, encoding: .utf8)
            try (header + "#include \"common.h\"\n[[ stitchable ]] float2 b(float2 position) { return position * twice(1); }\n")
                .write(to: dir.appendingPathComponent("b.metal"), atomically: true, encoding: .utf8)
            try "not metal".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
            let r = try MetalTranslator().translate(directory: dir.path)
            #expect(r.functions.map(\.name) == ["a", "b"])
            #expect(r.glsl.components(separatedBy: "float twice(float x) {").count == 2)
            #expect(glslangErrors(r.glsl) == nil)
        }
    }

    @Test func aFolderIsEveryMetalFileUnderIt() throws {
        // Xcode compiles every .metal file of a target, in any subfolder, into the default library;
        // hidden folders (.git) are not the target's, nor a documentation catalog's code files
        // (`Lib.docc/Resources`, kept as documentation: a tutorial's steps repeat one function).
        try withTemporaryFolder { (folder) throws in
            let dir = folder.url
            for sub in ["Effects/Water", "Shaders", ".git", "Lib.docc/Resources"] {
                try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
            }
            func write(_ path: String, _ name: String) throws {
                try (header + "[[ stitchable ]] half4 \(name)(float2 position, half4 color) { return color; }\n")
                    .write(to: dir.appendingPathComponent(path), atomically: true, encoding: .utf8)
            }
            try write("Effects/Water/ripple.metal", "ripple")
            try write("Shaders/tint.metal", "tint")
            try write("top.metal", "top")
            try write(".git/stale.metal", "stale")
            try write("Lib.docc/Resources/step-1.metal", "ripple")
            #expect(try MetalTranslator.metalFiles(in: dir.path) == ["Effects/Water/ripple.metal", "Shaders/tint.metal", "top.metal"])
            let r = try MetalTranslator().translate(directory: dir.path)
            #expect(r.functions.map(\.name) == ["ripple", "tint", "top"])
            #expect(glslangErrors(r.glsl) == nil)
            let empty = dir.appendingPathComponent("Empty")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            do { _ = try MetalTranslator().translate(directory: empty.path); Issue.record("expected error") } catch let error as MetalError {
                #expect(error.message.contains("no .metal files in directory"))
            }
        }
    }

    @Test func fileErrors() throws {
        try withTemporaryFolder { folder in
            let dir = folder.url
            let bad = dir.appendingPathComponent("bad.metal")
            try Data([0x66, 0xff, 0xfe, 0x00]).write(to: bad)
            do { _ = try MetalTranslator().translate(file: bad.path); Issue.record("expected error") } catch let error as MetalError {
                #expect(error.message.contains("not valid UTF-8"))
            }
            do { _ = try MetalTranslator().translate(file: dir.path); Issue.record("expected error") } catch let error as MetalError {
                #expect(error.message.contains("is a directory"))
            }
            // A file past the 16 MiB a source may be is refused before it is read (a sparse file:
            // nothing is written).
            let huge = dir.appendingPathComponent("huge.metal")
            FileManager.default.createFile(atPath: huge.path, contents: nil)
            #expect(truncate(huge.path, (16 << 20) + 1) == 0)
            do { _ = try MetalTranslator().translate(file: huge.path); Issue.record("expected error") } catch let error as MetalError {
                #expect(error.message.contains("more than a Metal source file may be (16 MiB)"), "\(error.message)")
            }
            do { _ = try MetalTranslator().translate(file: dir.appendingPathComponent("none.metal").path); Issue.record("expected error") } catch let error as MetalError {
                #expect(error.message.contains("file not found"))
            }
            do { _ = try MetalTranslator().translate(directory: bad.path); Issue.record("expected error") } catch let error as MetalError {
                #expect(error.message.contains("not a directory"))
            }
            let fifo = dir.appendingPathComponent("pipe.metal").path
            if mkfifo(fifo, 0o644) == 0 {
                do { _ = try MetalTranslator().translate(file: fifo); Issue.record("expected error") } catch let error as MetalError {
                    #expect(error.message.contains("not a regular file"))
                }
            }
        }
    }

    /// Each stitchable function comes with its whole GLSL signature against the contract: GLSL
    /// names (a reserved Metal name renamed), every parameter with the leading ones, each texture's
    /// sampler as its pragma says, and the line of its definition in the GLSL.
    @Test func stitchableFunctionsCarryTheirTypedSignature() throws {
        let r = translate("""
        constexpr sampler tiles(filter::linear, address::repeat);
        float twice(float x) { return 2.0 * x; }
        [[ stitchable ]] half4 f(float2 position, SwiftUI::Layer layer, float input, texture2d<half> tex,
                                 device const float *values, int count) {
            return layer.sample(position) * half(twice(input) + values[0]) + tex.sample(tiles, position);
        }
        [[ stitchable ]] float2 g(float2 position) { return position; }
        """)
        let f = try #require(r.function(named: "f")?.signature)
        #expect(f.function == "f" && f.returnType == "vec4")
        #expect(f.parameters == [.init(name: "position", type: .vec2), .init(name: "layer", type: .layer),
                                 .init(name: "m_input", type: .float), .init(name: "tex", type: .image),
                                 .init(name: "values", type: .floatArray)])
        #expect(f.samplers == [SamplerPragma(parameter: "tex", address: .repeat, filter: .linear)])
        let lines = r.glsl.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[f.line - 1].hasPrefix("vec4 f(vec2 position, Layer layer, float m_input, sampler2D tex, FloatArray values) {"))
        #expect(lines[f.line - 2] == Substring(f.samplers[0].text))
        let g = try #require(r.function(named: "g")?.signature)
        #expect(g.parameters == [.init(name: "position", type: .vec2)] && g.returnType == "vec2" && g.samplers.isEmpty)
        #expect(lines[g.line - 1].hasPrefix("vec2 g(vec2 position) {"))
    }

    @Test func lineMapPointsBackToMetal() {
        let r = translate("""
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            float x = fmod(position.x, 2.0);
            return color * x;
        }
        """)
        let lines = r.glsl.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(r.lineMap.count == lines.count - 1)
        let helper = lines.firstIndex { $0.hasPrefix("float mtl_fmod") }!
        #expect(r.lineMap[helper] == nil)
        let decl = lines.firstIndex { $0.contains("float x = mtl_fmod") }!
        #expect(r.lineMap[decl] == MetalSourceLocation(file: "test.metal", line: 5, column: 11))
        #expect(r.metalLocation(ofGLSLLine: decl + 1)?.line == 5)
        let header = lines.firstIndex { $0.hasPrefix("vec4 f(") }!
        #expect(r.lineMap[header]?.line == 4)
    }

    @Test func bigMixedInputCompilesWithGlslang() throws {
        let r = try MetalTranslator().translate([MetalSourceFile(path: "big.metal", text: bigMixedSource), MetalSourceFile(path: "more.metal", text: moreSource)])
        #expect(r.functions.count == 6)
        let errors = glslangErrors(r.glsl)
        #expect(errors == nil, "\(errors ?? "")")
    }
}

let bigMixedSource = """
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

#define OCTAVES 4
#define LERP(a, b, t) ((a) + ((b) - (a)) * (t))

constant float3 LUMA = float3(0.299, 0.587, 0.114);
constexpr sampler repeatLinear(address::repeat, filter::linear);
constant float KERNEL[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};

struct Ripple { float2 center; float speed; float phase[2]; };

float hash(float2 p) {
    uint h = as_type<uint>(p.x) * 1597334677u ^ as_type<uint>(p.y) * 3812015801u;
    h = (h ^ (h >> 16)) * 2246822519u;
    return float(h & 0xFFFFu) / 65535.0;
}

float noise(float2 p) {
    float2 i = floor(p), f = fract(p);
    float2 u = f * f * (3 - 2 * f);
    return mix(mix(hash(i), hash(i + float2(1, 0)), u.x), mix(hash(i + float2(0, 1)), hash(i + 1), u.x), u.y);
}

float fbm(float2 p, int octaves = OCTAVES) {
    float sum = 0, amp = 0.5;
    for (int k = 0; k < octaves; ++k) { sum += amp * noise(p); p *= 2.02; amp *= 0.5; }
    return sum;
}

void polar(float2 p, thread float &r, thread float *a) { r = length(p); *a = atan2(p.y, p.x); }

half3 toGray(half3 c) { return half3(dot(float3(c), LUMA)); }
float3 toGray(float3 c) { return float3(dot(c, LUMA)); }

[[ stitchable ]] half4 filmic(float2 position, half4 color, float time, float amount, device const float *curve, int count, half4 tint) {
    half3 c = color.rgb;
    float n = fbm(position / 40 + time);
    c = mix(c, toGray(c), amount);
    int idx = clamp(int(n * count), 0, count - 1);
    c *= curve[idx];
    c += (n - 0.5) * 0.1h;
    float r, a;
    polar(position - 100, r, &a);
    switch (int(fmod(abs(a) * 4, 4.0))) {
        case 0: c.r += 0.05; break;
        case 1: c.g += 0.05;
        case 2: c.b += 0.05; break;
        default: break;
    }
    float k = 0;
    for (int y = 0; y < 3; y++) for (int x = 0; x < 3; x++) k += KERNEL[y][x];
    c = select(c, tint.rgb, c > 0.95h);
    return half4(saturate(c * k / 16), color.a) * (r > 0 ? 1 : 0);
}

[[ stitchable ]] float2 ripple(float2 position, float time, float4 bounds) {
    Ripple rp = {bounds.zw / 2, 3, {0, M_PI_F}};
    float2 d = position - rp.center;
    float dist = length(d);
    float w = sin(dist / 8 - time * rp.speed + rp.phase[1]) * exp(-dist / 200);
    return position + (dist > 0 ? d / dist : float2(0)) * w * 6;
}

[[ stitchable ]] half4 glass(float2 position, SwiftUI::Layer layer, float strength, texture2d<half> normals) {
    half4 nm = normals.sample(repeatLinear, position / 256);
    float2 off = (float2(nm.xy) * 2 - 1) * strength;
    half4 c = layer.sample(position + off);
    uint w = normals.get_width();
    if (w == 0) return c;
    return half4(LERP(c.rgb, half3(1), 0.1h), c.a);
}
"""

let moreSource = """
#include <metal_stdlib>
using namespace metal;

float fbm(float2 p, int octaves);

[[ stitchable ]] half4 clouds(float2 position, float scale, device const half4 *colors, int count) {
    float v = fbm(position / scale, 5);
    int i = int(v * float(count)) % max(count, 1);
    half4 c = colors[i];
    do { v *= 0.5; } while (v > 1);
    bool b = v;
    return b ? c : half4(round(v), rint(v), fmod(-v, 0.3), 1);
}

[[ stitchable ]] half4 checker(float2 position, float size, half4 a, half4 b) {
    int2 cell = int2(floor(position / size));
    return ((cell.x + cell.y) & 1) ? a : b;
}

[[ stitchable ]] half4 bits(float2 position, half4 color) {
    uint x = uint(position.x), y = uint(position.y);
    uint m = (x ^ y) % 9u;
    float s, c;
    s = sincos(float(m), c);
    float2x2 rot = float2x2(c, -s, s, c);
    float2 q = rot * position;
    return half4(half2(fract(q / 10)), half(min3(s, c, 0.5)), 1) * color;
}
"""
