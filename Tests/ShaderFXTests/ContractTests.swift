import Testing
@testable import ShaderFX
@testable import ShaderFXCore

/// A small picture whose every pixel differs: r = x/(w-1), g = y/(h-1), b = 0.25, opaque.
func gradientImage(width: Int = 16, height: Int = 12) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            image[x, y] = SIMD4(Float(x) / Float(width - 1), Float(y) / Float(height - 1), 0.25, 1)
        }
    }
    return image
}

/// The renderer every GPU test shares (one llvmpipe context for the whole test run).
enum TestGPU {
    static let renderer = Result { try Renderer(options: GPUOptions(backend: .surfaceless)) }
    static func get() throws -> Renderer { try renderer.get() }
}

/// Largest per-channel difference between two colours.
func distance(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
    let d = a - b
    return max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))
}

/// Largest per-channel difference between two images of equal size.
func maxDifference(_ a: RGBAImage, _ b: RGBAImage) -> Float {
    precondition(a.width == b.width && a.height == b.height)
    return zip(a.pixels, b.pixels).map { abs($0 - $1) }.max() ?? 0
}

/// CPU model of a bilinear texture sample with clamp-to-edge, `uv` in texels (centres at +0.5).
func cpuBilinear(_ image: RGBAImage, _ u: Float, _ v: Float) -> SIMD4<Float> {
    let x0 = Int((u - 0.5).rounded(.down)), y0 = Int((v - 0.5).rounded(.down))
    let fx = u - 0.5 - Float(x0), fy = v - 0.5 - Float(y0)
    func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        image[min(max(x, 0), image.width - 1), min(max(y, 0), image.height - 1)]
    }
    let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
    let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
    return top * (1 - fy) + bottom * fy
}

/// CPU model of the rasterised layer: `image` (1 pixel per point) drawn at `scale` pixels per
/// point into a canvas grown by `margin` points, transparent outside the image.
func cpuLayer(_ image: RGBAImage, margin: Int, scale: Int) -> RGBAImage {
    let w = (image.width + 2 * margin) * scale, h = (image.height + 2 * margin) * scale
    var layer = RGBAImage(width: w, height: h)
    for y in 0..<h {
        for x in 0..<w {
            let q = SIMD2(Float(x) + 0.5, Float(y) + 0.5) / Float(scale) - Float(margin)
            guard q.x >= 0, q.y >= 0, q.x <= Float(image.width), q.y <= Float(image.height) else { continue }
            layer[x, y] = cpuBilinear(image, q.x, q.y)
        }
    }
    return layer
}

/// CPU model of `sampleLayer(layer, p)`: the position clamped to the grown layer, then bilinear.
func cpuSampleLayer(_ layer: RGBAImage, margin: Int, scale: Int, _ p: SIMD2<Float>) -> SIMD4<Float> {
    let size = SIMD2(Float(layer.width), Float(layer.height)) / Float(scale)
    var q = p + Float(margin)
    q.x = min(max(q.x, 0), size.x)
    q.y = min(max(q.y, 0), size.y)
    return cpuBilinear(layer, q.x * Float(scale), q.y * Float(scale))
}

/// `sampleLayer` on `image` grown by `margin` points at scale 1.
func cpuSampleLayer(_ image: RGBAImage, margin: Int, _ p: SIMD2<Float>) -> SIMD4<Float> {
    cpuSampleLayer(cpuLayer(image, margin: margin, scale: 1), margin: margin, scale: 1, p)
}

@Suite(.serialized) struct ContractTests {
    @Test(arguments: [1, 2]) func colorEffectSwapsChannels(scale: Int) throws {
        let library = ShaderLibrary(source: "vec4 swap(vec2 position, vec4 color) { return color.bgra; }")
        let image = gradientImage()
        let out = try TestGPU.get().render(image, effects: [.colorEffect(library.swap())], scale: scale)
        #expect(out.width == image.width * scale && out.height == image.height * scale)
        for y in 0..<out.height {
            for x in 0..<out.width {
                // At scale 2 each point is 2x2 pixels; the layer is the image upsampled bilinearly,
                // so compare against the scale-1 swap of the same upsampled layer.
                let p = scale == 1 ? image[x, y] : cpuLayer(image, margin: 0, scale: scale)[x, y]
                let expected = SIMD4(p.z, p.y, p.x, p.w)
                let error = distance(out[x, y], expected)
                #expect(error <= (scale == 1 ? 0 : 1e-3), "pixel \(x),\(y): \(out[x, y]) vs \(expected)")
            }
        }
    }

    @Test(arguments: [1, 2]) func positionIsInPointsFromTheTopLeftAtPixelCentres(scale: Int) throws {
        let library = ShaderLibrary(source: """
            vec4 where_(vec2 position, vec4 color) { return vec4(position / 100.0, 0.0, 1.0); }
            """)
        let out = try TestGPU.get().render(gradientImage(), effects: [.colorEffect(library.where_())], scale: scale)
        for y in 0..<out.height {
            for x in 0..<out.width {
                let expected = SIMD2(Float(x) + 0.5, Float(y) + 0.5) / Float(scale) / 100
                #expect(abs(out[x, y].x - expected.x) < 1e-6 && abs(out[x, y].y - expected.y) < 1e-6,
                        "pixel \(x),\(y) saw position \(out[x, y] * 100)")
            }
        }
    }

    @Test func distortionShiftsByTenPointsAndClampsToTheEdgeWithoutOffset() throws {
        let library = ShaderLibrary(source: "vec2 shift(vec2 position) { return position + vec2(10.0, 0.0); }")
        let image = gradientImage(width: 24, height: 8)
        let out = try TestGPU.get().render(image, effects: [.distortionEffect(library.shift(), maxSampleOffset: .zero)])
        for y in 0..<image.height {
            for x in 0..<image.width {
                // Beyond the frame the sample clamps to the edge column.
                #expect(out[x, y] == image[min(x + 10, image.width - 1), y], "pixel \(x),\(y)")
            }
        }
    }

    @Test func distortionSamplesTransparencyBeyondTheFrameWithAnOffset() throws {
        let library = ShaderLibrary(source: "vec2 shift(vec2 position) { return position + vec2(10.0, 0.0); }")
        let image = gradientImage(width: 24, height: 8)
        let out = try TestGPU.get().render(image, effects: [.distortionEffect(library.shift(), maxSampleOffset: SIMD2(1, 1))])
        for y in 0..<image.height {
            for x in 0..<image.width {
                #expect(out[x, y] == (x + 10 < image.width ? image[x + 10, y] : .zero), "pixel \(x),\(y)")
            }
        }
    }

    @Test(arguments: [1, 2]) func distortionShiftAtScaleTwoShiftsTwentyPixels(scale: Int) throws {
        let library = ShaderLibrary(source: "vec2 shift(vec2 position) { return position + vec2(0.0, 3.0); }")
        let image = gradientImage(width: 8, height: 10)
        let one = try TestGPU.get().render(image, effects: [.distortionEffect(library.shift(), maxSampleOffset: SIMD2(4, 4))])
        let out = try TestGPU.get().render(image, effects: [.distortionEffect(library.shift(), maxSampleOffset: SIMD2(4, 4))], scale: scale)
        // Each output pixel sees the position (p + 0.5) / scale and samples the layer rasterised at that scale.
        let layer = cpuLayer(image, margin: 4, scale: scale)
        for y in 0..<out.height {
            for x in 0..<out.width {
                let p = SIMD2(Float(x) + 0.5, Float(y) + 0.5) / Float(scale) + SIMD2(0, 3)
                let expected = cpuSampleLayer(layer, margin: 4, scale: scale, p)
                #expect(distance(out[x, y], expected) < 2e-3, "pixel \(x),\(y): \(out[x, y]) vs \(expected)")
            }
        }
        #expect(scale != 1 || one == out)
    }

    @Test func layerEffectAveragesTwoSamples() throws {
        let library = ShaderLibrary(source: """
            vec4 average(vec2 position, Layer layer) {
                return 0.5 * (sampleLayer(layer, position - vec2(1.0, 0.0)) + sampleLayer(layer, position + vec2(0.5, 2.0)));
            }
            """)
        let image = gradientImage()
        let out = try TestGPU.get().render(image, effects: [.layerEffect(library.average(), maxSampleOffset: SIMD2(2, 2))])
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = SIMD2(Float(x) + 0.5, Float(y) + 0.5)
                let expected = 0.5 * (cpuSampleLayer(image, margin: 2, p - SIMD2(1, 0)) + cpuSampleLayer(image, margin: 2, p + SIMD2(0.5, 2)))
                #expect(distance(out[x, y], expected) < 2e-3, "pixel \(x),\(y): \(out[x, y]) vs \(expected)")
            }
        }
    }

    @Test func colorsArePremultipliedInAndOut() throws {
        // Straight (1, 0.5, 0) at alpha 0.5 is premultiplied (0.5, 0.25, 0, 0.5).
        var image = RGBAImage(width: 4, height: 4, fill: SIMD4(0.5, 0.25, 0, 0.5))
        image[0, 0] = .zero
        let identity = ShaderLibrary(source: "vec4 same(vec2 position, vec4 color) { return color; }")
        #expect(try TestGPU.get().render(image, effects: [.colorEffect(identity.same())]) == image)
        let seen = ShaderLibrary(source: "vec4 seen(vec2 position, vec4 color) { return vec4(color.r, color.g, color.a, 1.0); }")
        let out = try TestGPU.get().render(image, effects: [.colorEffect(seen.seen())])
        #expect(out[1, 1] == SIMD4(0.5, 0.25, 0.5, 1))
        // A colour argument arrives premultiplied too.
        let tint = ShaderLibrary(source: "vec4 tint(vec2 position, vec4 color, vec4 c) { return c; }")
        let tinted = try TestGPU.get().render(image, effects: [.colorEffect(tint.tint(.color(RGBA(r: 1, g: 0.5, b: 0, a: 0.5))))])
        #expect(tinted[2, 2] == SIMD4(0.5, 0.25, 0, 0.5))
    }

    @Test func disabledEffectDrawsTheLayerUnchanged() throws {
        let library = ShaderLibrary(source: "vec4 black(vec2 position, Layer layer) { return vec4(0.0, 0.0, 0.0, 1.0); }")
        let image = gradientImage()
        let out = try TestGPU.get().render(image, effects: [.layerEffect(library.black(), maxSampleOffset: SIMD2(3, 3), isEnabled: false)])
        #expect(out == image)
    }

    @Test func fillColoursTheLayersCoverage() throws {
        let library = ShaderLibrary(source: "vec4 paint(vec2 position) { return vec4(0.0, 1.0, 0.0, 1.0); }")
        var image = RGBAImage(width: 3, height: 1)
        image[0, 0] = SIMD4(1, 1, 1, 1)
        image[1, 0] = SIMD4(0.25, 0, 0, 0.25)
        let out = try TestGPU.get().render(image, effects: [.fill(library.paint())])
        #expect(out[0, 0] == SIMD4(0, 1, 0, 1))
        #expect(out[1, 0] == SIMD4(0, 0.25, 0, 0.25))
        #expect(out[2, 0] == .zero)
    }

    @Test func arraysImagesAndBoundsReachTheShader() throws {
        let library = ShaderLibrary(source: """
            #pragma shaderfx sampler(pattern, address: repeat, filter: nearest)
            vec4 probe(vec2 position, vec4 color, FloatArray values, ColorArray colors, sampler2D pattern, vec4 bounds) {
                int i = int(position.x);
                if (position.y < 1.0) return vec4(at(values, i), float(values.count), float(colors.count), 1.0);
                if (position.y < 2.0) return at(colors, i);
                if (position.y < 3.0) return texture(pattern, vec2(position.x / 2.0 + 0.25, 0.5));
                return bounds / 100.0;
            }
            """)
        let values = (0..<1500).map { Float($0) / 2000 }
        var pattern = RGBAImage(width: 2, height: 1)
        pattern[0, 0] = SIMD4(1, 0, 0, 1)
        pattern[1, 0] = SIMD4(0, 0, 1, 1)
        let image = RGBAImage(width: 6, height: 4, fill: SIMD4(0, 0, 0, 1))
        let colors = [RGBA(r: 1, g: 0, b: 0, a: 0.5), RGBA(r: 0, g: 1, b: 0)]
        let out = try TestGPU.get().render(image, effects: [.colorEffect(library.probe(
            .floatArray(values), .colorArray(colors), .image(pattern), .boundingRect))])
        for x in 0..<6 {
            #expect(out[x, 0] == SIMD4(x < values.count ? values[x] : 0, 1500, 2, 1))
        }
        #expect(out[0, 1] == SIMD4(0.5, 0, 0, 0.5))
        #expect(out[1, 1] == SIMD4(0, 1, 0, 1))
        #expect(out[2, 1] == .zero)
        // Repeat + nearest: u = (x + 0.5) / 2 + 0.25 is 0.5, 1.0, 1.5: texel 1, then wrapped to 0, then 1.
        #expect(out[0, 2] == SIMD4(0, 0, 1, 1))
        #expect(out[1, 2] == SIMD4(1, 0, 0, 1))
        #expect(out[2, 2] == SIMD4(0, 0, 1, 1))
        #expect(out[0, 3] == SIMD4(0, 0, 0.06, 0.04))
    }

    @Test func effectsChainEachReadingThePreviousOutput() throws {
        let library = ShaderLibrary(source: """
            vec2 shift(vec2 position) { return position + vec2(1.0, 0.0); }
            vec4 half_(vec2 position, vec4 color) { return color * 0.5; }
            """)
        let image = gradientImage()
        let out = try TestGPU.get().render(image, effects: [
            .distortionEffect(library.shift(), maxSampleOffset: .zero), .colorEffect(library.half_()),
        ])
        for y in 0..<image.height {
            for x in 0..<image.width {
                #expect(out[x, y] == image[min(x + 1, image.width - 1), y] * 0.5)
            }
        }
    }

    @Test func grownRegionIncludesTheMargin() throws {
        let library = ShaderLibrary(source: "vec4 same(vec2 position, Layer layer) { return sampleLayer(layer, position); }")
        let image = gradientImage()
        let out = try TestGPU.get().render(image, effects: [.layerEffect(library.same(), maxSampleOffset: SIMD2(3, 2))], region: .grown)
        #expect(out.width == image.width + 6 && out.height == image.height + 4)
        #expect(out[0, 0] == .zero)
        #expect(out[3, 2] == image[0, 0])
    }
}

@Suite struct ShaderErrorTests {
    @Test func compileErrorsNameTheUsersFileAndLine() throws {
        let library = ShaderLibrary(source: """
            // line 1
            vec4 broken(vec2 position, vec4 color) {
                return colour;
            }
            """, name: "my.glsl")
        #expect {
            try TestGPU.get().render(gradientImage(), effects: [.colorEffect(library.broken())])
        } throws: { error in
            guard case let ShaderError.compileFailed(file, log) = error else { return false }
            return file == "my.glsl" && log.contains("my.glsl:3")
        }
    }

    @Test func driverLogsOfBothFormatsMapToTheUsersFile() {
        // Mesa: "S:L(C): message"; NVIDIA: "S(L) : message". Line ranges, not source numbers, decide.
        #expect(Stitcher.describe(log: "0:3(9): error: `colr' undeclared", file: "x.glsl") == "x.glsl:3:9: error: `colr' undeclared")
        #expect(Stitcher.describe(log: "1(12) : error C1008: undefined variable \"colr\"", file: "x.glsl")
                == "x.glsl:12: error C1008: undefined variable \"colr\"")
        #expect(Stitcher.describe(log: "2:100003(5): error: bad", file: "x.glsl") == "<ShaderFX generated main>:3:5: error: bad")
        #expect(Stitcher.describe(log: "0:200010(1): warning: w", file: "x.glsl") == "<ShaderFX prelude>:10:1: warning: w")
        #expect(Stitcher.describe(log: "plain text", file: "x.glsl") == "plain text")
    }

    @Test func signatureMustMatchTheKind() throws {
        let library = ShaderLibrary(source: "vec4 f(vec2 position, vec4 color) { return color; }", name: "k.glsl")
        #expect(throws: ShaderError.self) {
            try TestGPU.get().render(gradientImage(), effects: [.layerEffect(library.f(), maxSampleOffset: .zero)])
        }
        let error = #expect(throws: ShaderError.self) {
            try TestGPU.get().render(gradientImage(), effects: [.colorEffect(library.g())])
        }
        #expect(error?.description == "k.glsl: no function named 'g' (functions defined: f)")
    }

    @Test func argumentsMustMatchTheParameters() throws {
        let library = ShaderLibrary(source: "vec4 f(vec2 position, vec4 color, float amount) { return color * amount; }")
        let missing = #expect(throws: ShaderError.self) {
            try TestGPU.get().render(gradientImage(), effects: [.colorEffect(library.f())])
        }
        #expect(missing?.description.contains("takes 1 argument") == true)
        let wrong = #expect(throws: ShaderError.self) {
            try TestGPU.get().render(gradientImage(), effects: [.colorEffect(library.f(.float2(1, 2)))])
        }
        #expect(wrong?.description.contains("parameter 'amount' is a float, but a .float2 argument was given") == true)
    }

    @Test func signatureParsing() throws {
        let signature = try ShaderSignature.parse(function: "ripple", in: """
            /* a comment with vec4 fake(vec2 p) { */
            float helper(float x) { return x; }
            vec4 ripple(vec2 position, Layer layer,
                        in highp vec2 origin, // the tap
                        float time) { return sampleLayer(layer, position); }
            """, file: "r.glsl")
        #expect(signature.line == 3)
        #expect(signature.parameters.map(\.name) == ["position", "layer", "origin", "time"])
        #expect(signature.arguments(for: .layer).map(\.type) == [.vec2, .float])
    }
}

@Suite(.serialized) struct RendererCacheTests {
    /// Passes repeated from one call to the next are taken from the previous call; the frames
    /// must equal those of a renderer with no history.
    @Test func repeatedLeadingPassesGiveTheSameFrames() throws {
        let library = ShaderLibrary(source: """
            vec4 spread(vec2 position, Layer layer) {
                return 0.5 * (sampleLayer(layer, position - vec2(2.0, 0.0)) + sampleLayer(layer, position + vec2(0.0, 2.0)));
            }
            vec4 tint(vec2 position, vec4 color, float amount) { return vec4(color.rgb * amount, color.a); }
            """)
        let image = gradientImage(width: 20, height: 14)
        let shared = try Renderer(context: TestGPU.get().context)
        for amount in [0.2, 0.5, 0.9, 0.5] as [Float] {
            let effects: [Effect] = [
                .layerEffect(library.spread(), maxSampleOffset: SIMD2(2, 2)),
                .layerEffect(library.spread(), maxSampleOffset: SIMD2(2, 2)),
                .colorEffect(library.tint(.float(amount))),
            ]
            let fresh = try Renderer(context: shared.context)
            #expect(try shared.render(image, effects: effects) == fresh.render(image, effects: effects), "amount \(amount)")
        }
        // The cache did hit: a prefix is kept once two calls in a row ran it, so the third and
        // fourth calls took their two spread passes from the call before.
        #expect(shared.statistics.reusedPasses == 2 * 2, "reused \(shared.statistics.reusedPasses) passes")
        // A different first pass must not reuse the cached output.
        let other: [Effect] = [.colorEffect(library.tint(.float(0.1))), .colorEffect(library.tint(.float(0.5)))]
        #expect(try shared.render(image, effects: other) == Renderer(context: shared.context).render(image, effects: other))
    }
}
