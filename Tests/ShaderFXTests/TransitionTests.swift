import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore
import ShaderFXUI

/// The outgoing and incoming pictures of the transition tests: the pool floor, and either its
/// warm recolouring (opaque) or the white disc on transparency.
private enum TransitionPictures {
    static func opaque(width: Int = 96, height: Int = 72) throws -> (from: RGBAImage, to: RGBAImage) {
        try BuiltInTransitions.samplePictures(width: width, height: height, on: TestGPU.get())
    }

    static func withTransparency(width: Int = 96, height: Int = 72) throws -> (from: RGBAImage, to: RGBAImage) {
        (try BuiltInPicture.pool.draw(width: width, height: height, on: TestGPU.get()), try BuiltInPicture.circle.draw(width: width, height: height, on: TestGPU.get()))
    }
}

/// The transition of this name with its default parameters.
private func transition(_ name: String) throws -> any BuiltInTransition {
    let type = try #require(BuiltInTransitions.named(name))
    return try type.init(values: ParameterValues())
}

/// `a * w + b * (1 - w)`, per channel.
private func mix(_ b: SIMD4<Float>, _ a: SIMD4<Float>, _ w: Float) -> SIMD4<Float> { a * w + b * (1 - w) }

@Suite(.serialized) struct TransitionTests {
    static let names = BuiltInTransitions.all.map { $0.name }

    @Test func theRegistryHasTheElevenTransitionsUnderKebabCaseNames() {
        #expect(Self.names == ["circles", "circle-wave", "diamonds", "diamond-wave", "crosswarp-ltr", "crosswarp-rtl",
                               "genie", "pixellate", "radial", "swirl", "wind"])
        #expect(BuiltInTransitions.named("circle-wave") == CircleWaveTransition.self)
        #expect(BuiltInTransitions.named("circleWave") == nil)
        let kinds = Dictionary(uniqueKeysWithValues: BuiltInTransitions.all.map { ($0.name, $0.kind) })
        #expect(kinds["circles"] == .color && kinds["diamond-wave"] == .color)
        #expect(kinds["genie"] == .distortion)
        #expect(kinds["crosswarp-ltr"] == .layer && kinds["wind"] == .layer && kinds["pixellate"] == .layer)
    }

    @Test(arguments: names)
    func swiftParametersAgreeWithTheGLSLSignature(name: String) throws {
        let type = try #require(BuiltInTransitions.named(name))
        let signature = try type.function.signature()
        try signature.validate(as: type.kind, file: type.shaderFile)
        let glsl = signature.arguments(for: type.kind).map { "\($0.type.rawValue) \($0.name)" }
        let swift = ["vec4 bounds", "float progress"]
            + type.parameters.compactMap { $0.glsl }.map { "\($0.type.rawValue) \($0.name)" }
            + (type.kind == .distortion ? [] : ["sampler2D from"])
        #expect(glsl == swift)
        let passes = try transition(name).passes(progress: 0.5, from: gradientImage())
        #expect(passes.first?.kind == type.kind)
        #expect(passes.first?.shader.arguments.count == glsl.count)
        #expect(type.origin.contains("Inferno"))
    }

    @Test(arguments: names)
    func progressZeroIsExactlyFromAndOneExactlyTo(name: String) throws {
        let renderer = try TestGPU.get()
        let value = try transition(name)
        for (from, to) in try [TransitionPictures.opaque(), TransitionPictures.withTransparency(),
                           (TransitionPictures.withTransparency().to, TransitionPictures.withTransparency().from)] {
            #expect(try value.render(renderer, from: from, to: to, progress: 0) == from)
            #expect(try value.render(renderer, from: from, to: to, progress: 1) == to)
            #expect(try value.render(renderer, from: from, to: to, progress: -0.5) == from)
            #expect(try value.render(renderer, from: from, to: to, progress: 1.5) == to)
            // The shaders' own maths, without the shortcut, gives the same pictures bit for bit.
            let zero = try renderer.render(to, effects: value.passes(progress: 0, from: from))
            let one = try renderer.render(to, effects: value.passes(progress: 1, from: from))
            #expect(maxDifference(zero, from) == 0, "\(name) at progress 0 differs from `from` by \(maxDifference(zero, from))")
            #expect(maxDifference(one, to) == 0, "\(name) at progress 1 differs from `to` by \(maxDifference(one, to))")
        }
    }

    @Test(arguments: names)
    func halfWayDiffersFromBothPictures(name: String) throws {
        let (from, to) = try TransitionPictures.opaque()
        let out = try transition(name).render(TestGPU.get(), from: from, to: to, progress: 0.5)
        #expect(out.width == from.width && out.height == from.height)
        // Enough pixels move away from each picture to see (not a pixel or two).
        func changed(_ other: RGBAImage) -> Int {
            (0..<(out.width * out.height)).filter { distance(out[$0 % out.width, $0 / out.width], other[$0 % out.width, $0 / out.width]) > 4 / 255 }.count
        }
        #expect(changed(from) > out.width * out.height / 10, "\(name) at 0.5 is almost `from`")
        #expect(changed(to) > out.width * out.height / 10, "\(name) at 0.5 is almost `to`")
    }

    @Test(arguments: names)
    func halfWayMatchesItsReference(name: String) throws {
        let (from, to) = try TransitionPictures.opaque(width: 240, height: 180)
        let out = try transition(name).render(TestGPU.get(), from: from, to: to, progress: 0.5)
        try expectImage(out, matches: "Transition/\(name)")
    }

    @Test func anImageArgumentUploadedDuringADrawDoesNotReplaceTheLayer() throws {
        // Pictures no other test uses, so their textures are created inside these draws.
        let library = ShaderLibrary(source: """
            vec4 keep(vec2 position, vec4 color, sampler2D other) { return color + texture(other, vec2(0.5)) * 0.0; }
            vec4 keepLayer(vec2 position, Layer layer, sampler2D other) {
                return sampleLayer(layer, position) + texture(other, vec2(0.5)) * 0.0;
            }
            """)
        let image = gradientImage()
        let other = RGBAImage(width: 3, height: 5, fill: SIMD4(0.125, 0.25, 0.375, 0.5))
        let colored = try TestGPU.get().render(image, effects: [.colorEffect(library.keep(.image(other)))])
        #expect(maxDifference(colored, image) == 0)
        let another = RGBAImage(width: 5, height: 3, fill: SIMD4(0.5, 0.25, 0.125, 0.5))
        let layered = try TestGPU.get().render(image, effects: [.layerEffect(library.keepLayer(.image(another)), maxSampleOffset: .zero)])
        #expect(maxDifference(layered, image) == 0)
    }

    // MARK: - What each transition does

    @Test func circlesCoverCellCentresFirstAndCornersLast() throws {
        let (from, to) = try TransitionPictures.opaque()
        let out = try CirclesTransition().render(TestGPU.get(), from: from, to: to, progress: 0.5)
        // Cells of 20 points: (30, 30) is a centre's pixel, (20, 20) a corner's.
        #expect(distance(out[29, 29], to[29, 29]) < 1e-6)
        #expect(distance(out[20, 20], from[20, 20]) < 1e-6)
        // Halfway the radius is -0.5 + 0.5 * (14.14 + 1.5) = 7.32: the pixel at (29.5, 36.5),
        // 6.52 from the centre (30, 30), is fully covered, (29.5, 37.5) at 7.52 is 30 % covered.
        #expect(distance(out[29, 36], to[29, 36]) < 1e-6)
        let d = (0.5 * 0.5 + 7.5 * 7.5 as Float).squareRoot()
        let m = min(max(-0.5 + 0.5 * (20 * 0.70710678 + 1.5) - d + 0.5, 0), 1)
        #expect(distance(out[29, 37], mix(from[29, 37], to[29, 37], m)) < 1e-5)
    }

    /// How much of the incoming picture the circles transition shows at `position` (points),
    /// from the algorithm its shader's header states, in Double.
    static func circlesCoverage(_ position: SIMD2<Double>, progress: Double, cell: Double = 20) -> Double {
        let centre = ((position / cell).rounded(.down) + 0.5) * cell
        let d = ((position - centre) * (position - centre)).sum().squareRoot()
        let radius = -0.5 + progress * (cell * 0.70710678 + 1.5)
        return min(max(radius - d + 0.5, 0), 1)
    }

    @Test(arguments: [1, 2, 3])
    func circlesKeepTheirGeometryInPointsAtAnyScale(scale: Int) throws {
        // 48 x 36 points at `scale` pixels a point, red going out, blue coming in.
        let width = 48 * scale, height = 36 * scale
        let from = RGBAImage(width: width, height: height, fill: SIMD4(1, 0, 0, 1))
        let to = RGBAImage(width: width, height: height, fill: SIMD4(0, 0, 1, 1))
        let out = try CirclesTransition().render(TestGPU.get(), from: from, to: to, progress: 0.45, scale: scale)
        #expect(out.width == width && out.height == height)
        // Each pixel's centre in points: cells of 20 points whatever the scale.
        var worst = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let point = (SIMD2(Double(x), Double(y)) + 0.5) / Double(scale)
                let m = Self.circlesCoverage(point, progress: 0.45)
                let pixel = out[x, y]
                worst = max(worst, abs(Double(pixel.z) - m), abs(Double(pixel.x) - (1 - m)))
            }
        }
        #expect(worst < 1e-4, "largest difference from the formula in points: \(worst)")
    }

    @Test func aTransitionAtAScaleKeepsItsPicturesAtTheEnds() throws {
        let (from, to) = try TransitionPictures.opaque(width: 64, height: 48)
        let start = try CirclesTransition().render(TestGPU.get(), from: from, to: to, progress: 0, scale: 2)
        let end = try CirclesTransition().render(TestGPU.get(), from: from, to: to, progress: 1, scale: 2)
        #expect(maxDifference(start, from) == 0 && maxDifference(end, to) == 0)
        // A picture that is no whole number of points at the scale is refused.
        let odd = RGBAImage(width: 63, height: 48, fill: SIMD4(1, 0, 0, 1))
        #expect(throws: PictureScaleError(width: 63, height: 48, scale: 2)) {
            try CirclesTransition().render(TestGPU.get(), from: odd, to: odd, progress: 0.5, scale: 2)
        }
    }

    @Test func diamondsUseTheirL1Distance() throws {
        let (from, to) = try TransitionPictures.opaque()
        let out = try DiamondsTransition().render(TestGPU.get(), from: from, to: to, progress: 0.4)
        // r = -1 + 0.4 * 22.5 = 8 around the centre (30, 30): (36.5, 29.5) at L1 distance 7 is inside,
        // (35.5, 35.5) at 5.5 + 5.5 outside.
        #expect(distance(out[36, 29], to[36, 29]) < 1e-6)
        #expect(distance(out[35, 35], from[35, 35]) < 1e-6)
        // A circle of that reach would cover the diagonal point: the diamond does not.
        let circles = try CirclesTransition().render(TestGPU.get(), from: from, to: to, progress: 0.6)
        #expect(distance(circles[35, 35], to[35, 35]) < 1e-6)
    }

    @Test(arguments: ["circle-wave", "diamond-wave"])
    func wavesStartAtTheTopLeft(name: String) throws {
        let (from, to) = try TransitionPictures.opaque()
        let out = try transition(name).render(TestGPU.get(), from: from, to: to, progress: 0.3)
        #expect(distance(out[9, 9], to[9, 9]) < 1e-6, "the top-left cell's centre is revealed")
        #expect(distance(out[89, 69], from[89, 69]) < 1e-6, "the bottom-right cell has not started")
        let late = try transition(name).render(TestGPU.get(), from: from, to: to, progress: 0.9)
        #expect(distance(late[89, 69], to[89, 69]) < 1e-6)
    }

    @Test func radialSweepsClockwiseFromTwelve() throws {
        let (from, to) = try TransitionPictures.opaque()
        let out = try RadialTransition().render(TestGPU.get(), from: from, to: to, progress: 0.25)
        // Centre (48, 36); the hand points to three o'clock.
        #expect(distance(out[68, 16], to[68, 16]) < 1e-6, "up-right (45 degrees) is revealed")
        #expect(distance(out[68, 56], from[68, 56]) < 1e-6, "down-right (135 degrees) is not")
        #expect(distance(out[28, 16], from[28, 16]) < 1e-6, "up-left (315 degrees) is not")
        let late = try RadialTransition().render(TestGPU.get(), from: from, to: to, progress: 0.8)
        #expect(distance(late[28, 56], to[28, 56]) < 1e-6, "down-left (225 degrees) by 0.8")
        #expect(distance(late[28, 16], from[28, 16]) < 1e-6, "up-left (315 degrees) still not at 0.8")
    }

    @Test func windUncoversFromTheLeft() throws {
        let (from, to) = try TransitionPictures.opaque()
        let out = try WindTransition().render(TestGPU.get(), from: from, to: to, progress: 0.5)
        for y in 0..<out.height {
            #expect(distance(out[0, y], to[0, y]) < 1e-6, "row \(y): left edge shows `to`")
            #expect(distance(out[95, y], from[95, y]) < 1e-6, "row \(y): right edge shows `from`")
        }
        // Rows differ: the front is ragged, so the columns where rows switch differ from row to row.
        let switches = (0..<out.height).map { y in (0..<out.width).first { distance(out[$0, y], to[$0, y]) > 1e-6 } ?? out.width }
        #expect(Set(switches).count > 5, "switch columns \(switches)")
    }

    @Test(arguments: [("crosswarp-ltr", true), ("crosswarp-rtl", false)])
    func crosswarpSweepsItsWay(name: String, leftFirst: Bool) throws {
        let (from, to) = try TransitionPictures.opaque()
        let out = try transition(name).render(TestGPU.get(), from: from, to: to, progress: 0.25)
        // At progress 0.25, t = smoothstep(0, 1, 0.5 - u) on the leading edge and 0 past u = 0.5.
        let leading = leftFirst ? 0 : 95, trailing = leftFirst ? 95 : 0
        #expect(distance(out[trailing, 36], from[trailing, 36]) < 1e-6)
        #expect(distance(out[leading, 36], from[leading, 36]) > 0.05)
        // Mid-way through a pixel's own sweep both pictures are scaled about the centre.
        let u: Float = 0.5 / 96, t = { (x: Float) in x * x * (3 - 2 * x) }(0.5 - u)
        let x = Float(leading) + 0.5, c = SIMD2<Float>(48, 36), p = SIMD2<Float>(x, 36.5)
        let incoming = cpuBilinear(to, (c + (p - c) * t).x, (c + (p - c) * t).y)
        let outgoing = cpuBilinear(from, (c + (p - c) * (1 - t)).x, (c + (p - c) * (1 - t)).y)
        #expect(distance(out[leading, 36], mix(outgoing, incoming, t)) < 4e-3)
    }

    @Test func pixellateIsBlockyAndCrossFadedHalfWay() throws {
        let (from, to) = try TransitionPictures.opaque(width: 160, height: 120)
        let out = try PixellateTransition().render(TestGPU.get(), from: from, to: to, progress: 0.5)
        // Blocks of 120 / 20 = 6 points on a grid centred at (80, 60): [80, 86) x [60, 66) is one.
        for y in 60..<66 { for x in 80..<86 { #expect(out[x, y] == out[80, 60]) } }
        let expected = mix(cpuBilinear(from, 83, 63), cpuBilinear(to, 83, 63), 0.5)
        #expect(distance(out[80, 60], expected) < 4e-3)
        // At 0.05 the blocks are small: d = 0.05, level = 3/60, blocks 0.6 points, under a pixel.
        let early = try PixellateTransition().render(TestGPU.get(), from: from, to: to, progress: 0.05)
        #expect(distance(early[30, 30], mix(from[30, 30], to[30, 30], 0.05)) < 0.02)
    }

    @Test func swirlTwistsInsideItsDiscAndOnlyFadesOutside() throws {
        let (from, to) = try TransitionPictures.opaque()
        let out = try SwirlTransition().render(TestGPU.get(), from: from, to: to, progress: 0.5)
        // Corners are outside the disc of radius 36: a plain half-and-half dissolve.
        #expect(distance(out[1, 1], mix(from[1, 1], to[1, 1], 0.5)) < 1e-5)
        // Inside, half-way to the rim, the pixel reads both pictures rotated by pi (falloff 1/2).
        let c = SIMD2<Float>(48, 36), v = SIMD2<Float>(66.5, 36.5) - c
        let d = (v * v).sum().squareRoot()
        let angle = 4 * Float.pi * ((36 - d) / 36) * ((36 - d) / 36)
        let p = c + SIMD2(v.x * cos(angle) - v.y * sin(angle), v.x * sin(angle) + v.y * cos(angle))
        let expected = mix(cpuBilinear(from, p.x, p.y), cpuBilinear(to, p.x, p.y), 0.5)
        #expect(distance(out[66, 36], expected) < 4e-3)
        #expect(distance(out[66, 36], mix(from[66, 36], to[66, 36], 0.5)) > 0.02)
    }

    @Test func genieComesOutOfItsTargetOverTheWholeOutgoingPicture() throws {
        let (from, to) = try TransitionPictures.opaque()
        let renderer = try TestGPU.get()
        let out = try GenieTransition().render(renderer, from: from, to: to, progress: 0.5)
        // The top rows are not yet reached: the outgoing picture, whole (the incoming one is opaque).
        for x in stride(from: 0, to: 96, by: 5) {
            #expect(distance(out[x, 0], from[x, 0]) < 1e-5, "pixel \(x),0")
        }
        // The bottom-left corner is far from the funnel's mouth at the bottom-right.
        #expect(distance(out[0, 71], from[0, 71]) < 1e-5)
        // The bottom-right corner is inside it: opaque incoming content.
        #expect(out[94, 70].w > 0.99)
        // Toward the end the picture is almost whole (its sides still pinched by a fraction of a point).
        let late = try GenieTransition().render(renderer, from: from, to: to, progress: 0.97)
        let mean = zip(late.pixels, to.pixels).map { abs($0 - $1) }.reduce(0, +) / Float(late.pixels.count)
        #expect(mean < 0.02, "mean difference from `to` at 0.97: \(mean)")
        // Another target: the top-left corner pulls the picture up instead.
        let up = try GenieTransition().with(\.target, SIMD2(0, 0)).render(renderer, from: from, to: to, progress: 0.5)
        #expect(distance(up[48, 71], from[48, 71]) < 1e-5)
        #expect(up[1, 1].w > 0.99)
    }

    @Test func genieFadesTheOutgoingPictureBehindATranslucentIncomingOne() throws {
        // Behind a translucent incoming picture the outgoing one would still show at the end,
        // so it fades to 1 - progress: at 0.5, half of it where the genie has not reached.
        let (from, to) = try TransitionPictures.withTransparency()
        let out = try GenieTransition().render(TestGPU.get(), from: from, to: to, progress: 0.5)
        for x in stride(from: 0, to: 96, by: 5) {
            #expect(distance(out[x, 0], from[x, 0] * 0.5) < 1e-5, "pixel \(x),0")
        }
    }

    @Test(arguments: names)
    func opaquePicturesGiveOpaqueFrames(name: String) throws {
        let (from, to) = try TransitionPictures.opaque()
        for progress: Float in [0.1, 0.3, 0.5, 0.7, 0.9] {
            let out = try transition(name).render(TestGPU.get(), from: from, to: to, progress: progress)
            let alphas = stride(from: 3, to: out.pixels.count, by: 4).map { out.pixels[$0] }
            #expect(alphas.min()! > 1 - 0.5 / 255, "\(name) at \(progress): alpha down to \(alphas.min()!)")
        }
    }

    @Test func parametersAreValidated() throws {
        #expect(throws: ParameterError.self) { try GenieTransition(values: ParameterValues(["target": "2,0"])) }
        #expect(throws: ParameterError.self) { try GenieTransition(values: ParameterValues(["curvature": "0"])) }
        #expect(throws: ParameterError.self) { try PixellateTransition(values: ParameterValues(["squares": "0"])) }
        #expect(throws: ParameterError.self) { try WindTransition(values: ParameterValues(["wind-size": "0"])) }
        #expect(throws: ParameterError.self) { try CirclesTransition(values: ParameterValues(["circle-size": "-3"])) }
        let genie = try GenieTransition(values: ParameterValues(["target": "0,1", "curvature": "2.5"]))
        #expect(genie.target == SIMD2(0, 1) && genie.curvature == 2.5)
        #expect(try PixellateTransition(values: ParameterValues(["steps": "0"])).steps == 0)
    }

    @Test func picturesOfAnotherSizeAreFittedOntoFrom() throws {
        let from = try BuiltInPicture.pool.draw(width: 80, height: 60, on: TestGPU.get())
        let to = try BuiltInPicture.circle.draw(width: 40, height: 40, on: TestGPU.get())
        for mode in FitMode.allCases {
            let end = try CirclesTransition().render(TestGPU.get(), from: from, to: to, progress: 1, fit: mode)
            #expect(end == mode.fitting(to, width: 80, height: 60))
            let middle = try CirclesTransition().render(TestGPU.get(), from: from, to: to, progress: 0.5, fit: mode)
            #expect(middle.width == 80 && middle.height == 60)
        }
    }

    // MARK: - Timing

    /// y at x on the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1), by bisection on x (independent of UnitCurve).
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func b(_ c1: Double, _ c2: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * c1 + 3 * (1 - s) * s * s * c2 + s * s * s }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if b(x1, x2, mid) < x { low = mid } else { high = mid }
        }
        return b(y1, y2, (low + high) / 2)
    }

    @Test(arguments: [(TransitionCurve.linear, 0.0, 0.0, 1.0, 1.0), (.easeIn, 0.42, 0, 1, 1),
                      (.easeOut, 0, 0, 0.58, 1), (.easeInOut, 0.42, 0, 0.58, 1)])
    func timingCurvesAreSwiftUIsBeziers(curve: TransitionCurve, x1: Double, y1: Double, x2: Double, y2: Double) {
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            let expected = Self.bezier(x1, y1, x2, y2, at: x)
            #expect(abs(curve.unitCurve.value(at: x) - expected) < 1e-9, "\(curve) at \(x)")
        }
        #expect(curve.unitCurve.value(at: 0) == 0 && curve.unitCurve.value(at: 1) == 1)
    }

    @Test func timingCurveValuesAtTheMiddle() {
        #expect(TransitionCurve.linear.unitCurve.value(at: 0.5) == 0.5)
        #expect(abs(TransitionCurve.easeInOut.unitCurve.value(at: 0.5) - 0.5) < 1e-9)
        #expect(abs(TransitionCurve.easeIn.unitCurve.value(at: 0.5) - 0.3153) < 1e-3)
        #expect(abs(TransitionCurve.easeOut.unitCurve.value(at: 0.5) - 0.6847) < 1e-3)
        #expect(TransitionCurve.allCases.map(\.rawValue) == ["linear", "easeIn", "easeOut", "easeInOut"])
    }

    @Test func aSequenceStartsAtFromAndEndsExactlyAtTo() {
        // round(duration * fps) frames, counted as animate counts them; the last is exactly --to.
        let timing = TransitionTiming(duration: 31.0 / 30, fps: 30, curve: .easeInOut)
        #expect(timing.frameCount == 31)
        #expect(timing.progress(ofFrame: 0) == 0)
        #expect(timing.progress(ofFrame: 30) == 1)
        #expect(timing.progress(ofFrame: 15) == 0.5)
        #expect(abs(timing.time(ofFrame: 15) - 0.5) < 1e-12)
        #expect(TransitionTiming(duration: 1, fps: 30).frameCount == 30)
        #expect(timing.progress(ofFrame: 3) < 0.1 / 1.0)  // slow start
        let linear = TransitionTiming(duration: 13.0 / 24, fps: 24, curve: .linear)
        #expect(linear.frameCount == 13)
        #expect(linear.progress(ofFrame: 6) == 0.5)
        #expect(TransitionTiming(duration: 0.01, fps: 10).frameCount == 2)
    }

    // MARK: - Fit modes

    @Test func fitModesGiveTheFramesSizeAndKeepEqualSizesUnchanged() {
        let image = gradientImage(width: 40, height: 20)
        for mode in FitMode.allCases {
            for (w, h) in [(60, 60), (20, 40), (100, 30), (7, 5)] {
                let out = mode.fitting(image, width: w, height: h)
                #expect(out.width == w && out.height == h, "\(mode) to \(w)x\(h)")
            }
            #expect(mode.fitting(image, width: 40, height: 20) == image)
        }
    }

    @Test func fitLetterboxesWithTransparencyFillCropsStretchDistorts() {
        // 40x20 opaque gradient into a 40x40 frame.
        let image = gradientImage(width: 40, height: 20)
        let fit = FitMode.fit.fitting(image, width: 40, height: 40)
        // Scale 1, centred: rows 0..<10 and 30..<40 transparent, rows 10..<30 the picture itself.
        for x in 0..<40 {
            #expect(fit[x, 5] == .zero && fit[x, 35] == .zero)
            #expect(fit[x, 10] == image[x, 0] && fit[x, 29] == image[x, 19])
        }
        let fill = FitMode.fill.fitting(image, width: 40, height: 40)
        // Scale 2, cropped to the middle 20 columns: every pixel opaque, left column near x = 10.
        #expect(fill.isOpaque)
        #expect(abs(fill[0, 20].x - cpuBilinear(image, 10.25, 10.25).x) < 1e-5)
        let stretch = FitMode.stretch.fitting(image, width: 40, height: 40)
        #expect(stretch.isOpaque)
        #expect(stretch[0, 0] == image[0, 0] && stretch[39, 39] == image[39, 19])
        // Reducing averages areas: a 2x1 pair of black and white becomes one grey pixel.
        var pair = RGBAImage(width: 2, height: 1)
        pair[1, 0] = SIMD4(1, 1, 1, 1)
        pair[0, 0] = SIMD4(0, 0, 0, 1)
        #expect(FitMode.stretch.fitting(pair, width: 1, height: 1)[0, 0] == SIMD4(0.5, 0.5, 0.5, 1))
        // A letterbox edge that cuts a pixel in half is half transparent.
        let odd = FitMode.fit.fitting(RGBAImage(width: 4, height: 2, fill: SIMD4(1, 0, 0, 1)), width: 4, height: 3)
        #expect(odd[0, 0] == SIMD4(0.5, 0, 0, 0.5) && odd[0, 1] == SIMD4(1, 0, 0, 1) && odd[0, 2] == SIMD4(0.5, 0, 0, 0.5))
    }
}
