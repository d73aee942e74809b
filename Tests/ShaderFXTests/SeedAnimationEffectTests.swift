import Foundation
import Testing
import ShaderFXTestSupport
@testable import ShaderFX
@testable import ShaderFXCore
import ShaderFXUI

// MARK: - The seeds' formulas, computed on the CPU in Double

/// Seed 001's RippleShaderEffectDistortion: the (clamped) sample position and the light it adds.
func seedRippleWave(position p: SIMD2<Double>, origin: SIMD2<Double>, radius: Double, strength: Double,
                    amplitude: Double, wavelength: Double, size: SIMD2<Double>) -> (source: SIMD2<Double>, light: Double) {
    let offset = p - origin
    let fromOrigin = (offset * offset).sum().squareRoot()
    let outward = fromOrigin > 0 ? offset / fromOrigin : .zero
    let phase = (fromOrigin - radius) / wavelength
    let window = exp(-4 * phase * phase) * strength
    let height = cos(6.2831853 * phase) * window
    let slope = sin(6.2831853 * phase) * window
    let source = p - outward * slope * amplitude
    let clamped = SIMD2(min(max(source.x, 1), size.x - 1), min(max(source.y, 1), size.y - 1))
    return (clamped, 0.12 * height)
}

/// Seed 002's `ripple`: where the pixel at `p` samples the layer.
func seedRippleRefraction(position p: SIMD2<Double>, size: SIMD2<Double>, time: Double, ripples: [Float]) -> SIMD2<Double> {
    let (life, reach, thick, amp) = (2.6, 0.75, 500.0, 0.05)
    let uv = p / size
    let aspect = size.x / size.y
    var offset = SIMD2<Double>.zero
    var i = 0
    while i + 3 < ripples.count {
        defer { i += 4 }
        let strength = Double(ripples[i + 3])
        let age = time - Double(ripples[i + 2])
        if strength <= 0 || age < 0 || age > life { continue }
        let d = (uv - SIMD2(Double(ripples[i]), Double(ripples[i + 1]))) * SIMD2(aspect, 1)
        let dist = (d * d).sum().squareRoot()
        if dist < 1e-5 { continue }
        let t = age / life
        let band = dist - reach * pow(t, 0.7)
        let envelope = exp(-band * band * thick)
        let lens = band * envelope * (2 * thick).squareRoot() / 0.606
        func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
            let s = min(max((x - e0) / (e1 - e0), 0), 1)
            return s * s * (3 - 2 * s)
        }
        let force = lens * pow(1 - t, 1.1) * strength * (1 / (1 + dist * 0.5))
            * smoothstep(0, 0.08, t) * smoothstep(0, 0.06, dist)
        offset += d / dist / SIMD2(aspect, 1) * force * amp
    }
    let q = p + offset * size
    return SIMD2(min(max(q.x, 0), size.x), min(max(q.y, 0), size.y))
}

/// A texture sample with repeat addressing and bilinear filtering, `uv` in 0...1 per tile.
func cpuRepeatBilinear(_ image: RGBAImage, _ uv: SIMD2<Double>) -> SIMD4<Double> {
    let u = uv.x * Double(image.width) - 0.5, v = uv.y * Double(image.height) - 0.5
    let x0 = u.rounded(.down), y0 = v.rounded(.down)
    let fx = u - x0, fy = v - y0
    func texel(_ x: Double, _ y: Double) -> SIMD4<Double> {
        let w = image.width, h = image.height
        let ix = ((Int(x) % w) + w) % w, iy = ((Int(y) % h) + h) % h
        let c = image[ix, iy]
        return SIMD4(Double(c.x), Double(c.y), Double(c.z), Double(c.w))
    }
    let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
    let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
    return top * (1 - fy) + bottom * fy
}

/// Seed 004's backgroundWarp with time: where the pixel at `p` samples the layer.
func seedBackgroundWarp(position p: SIMD2<Double>, size: SIMD2<Double>, noise: RGBAImage, time: Double) -> SIMD2<Double> {
    let uv = p / size + time * 0.1
    var n = cpuRepeatBilinear(noise, uv)
    let q = SIMD2(n.x, n.y)
    n = cpuRepeatBilinear(noise, uv + q)
    let offset = (SIMD2(n.x, n.y) - 0.5) * 200
    return p + offset
}

/// A Gaussian blur of `layer` (standard deviation `sigma` pixels, cut at ceil(3 sigma), normalised),
/// along x then y, reading clamped to the layer's edge as the GPU's clamped samples do.
func cpuGaussianBlur(_ layer: RGBAImage, sigma: Double) -> RGBAImage {
    let reach = Int((3 * sigma).rounded(.up))
    let weights = (-reach...reach).map { exp(-0.5 * Double($0 * $0) / (sigma * sigma)) }
    let total = Float(weights.reduce(0, +))
    func pass(_ source: RGBAImage, dx: Int, dy: Int) -> RGBAImage {
        var out = RGBAImage(width: source.width, height: source.height)
        for y in 0..<source.height {
            for x in 0..<source.width {
                var sum = SIMD4<Float>.zero
                for (index, k) in (-reach...reach).enumerated() {
                    let sx = min(max(x + k * dx, 0), source.width - 1), sy = min(max(y + k * dy, 0), source.height - 1)
                    sum += Float(weights[index]) * source[sx, sy]
                }
                out[x, y] = sum / total
            }
        }
        return out
    }
    return pass(pass(layer, dx: 1, dy: 0), dx: 0, dy: 1)
}

@Suite(.serialized) struct SeedAnimationEffectTests {
    // MARK: ripple-wave

    @Test(arguments: zip([0.0, 60, 150, 95], [1.0, 1, 0.5, 0.8]))
    func rippleWaveMatchesTheSeedFormula(radius: Double, strength: Double) throws {
        let image = try BuiltInPicture.pool.draw(width: 200, height: 150, on: TestGPU.get())
        let origin = SIMD2<Double>(80, 60)
        let wave = RippleWave { $0.origin = SIMD2(80, 60); $0.radius = Float(radius); $0.strength = Float(strength) }
        let out = try TestGPU.get().render(image, effects: [wave.effect])
        let layer = cpuLayer(image, margin: 10, scale: 1)
        var worst: Float = 0, moved = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                let (source, light) = seedRippleWave(position: p, origin: origin, radius: radius, strength: strength,
                                                     amplitude: 10, wavelength: 110, size: SIMD2(200, 150))
                var expected = cpuSampleLayer(layer, margin: 10, scale: 1, SIMD2(Float(source.x), Float(source.y)))
                let add = Float(light) * expected.w
                expected = SIMD4(max(expected.x + add, 0), max(expected.y + add, 0), max(expected.z + add, 0), expected.w)
                worst = max(worst, distance(out[x, y], expected))
                if ((source - p) * (source - p)).sum() > 0.25 { moved += 1 }
            }
        }
        // llvmpipe filters in float; a GPU's texture unit keeps 8 fractional bits of the bilinear
        // weights, which docs/GPU.md measured at up to one 8-bit level against llvmpipe.
        let allowed: Float = try TestGPU.get().context.info.isSoftware ? 4e-3 : 4e-3 + 1.0 / 255
        #expect(worst < allowed, "largest difference from the seed formula: \(worst)")
        #expect(radius == 0 || moved > 1000, "the wave should move many pixels; it moved \(moved)")
    }

    @Test func reachAndTravelTimeMatchHandComputedValues() {
        // From the corner (0, 0) of 30 x 40 the farthest corner is 50 away (3-4-5).
        #expect(RippleWave.reach(from: SIMD2(0, 0), in: SIMD2(30, 40), wavelength: 0) == 50)
        #expect(RippleWave.reach(from: SIMD2(30, 40), in: SIMD2(30, 40), wavelength: 10) == 60)
        // (30, 40) in 200 x 100: farthest 170 across, 60 down; sqrt(170² + 60²) = sqrt(32500).
        #expect(abs(RippleWave.reach(from: SIMD2(30, 40), in: SIMD2(200, 100), wavelength: 110) - (32500.0.squareRoot() + 110)) < 1e-12)
        // A negative wavelength adds nothing; an origin outside the view measures from there: hypot(110, 50).
        #expect(RippleWave.reach(from: SIMD2(-10, 50), in: SIMD2(100, 100), wavelength: -5) == 14600.0.squareRoot())
        #expect(RippleWave.travelTime(reach: 50, speed: 100) == 0.5)
        #expect(RippleWave.travelTime(reach: 650, speed: 650) == 1)
        // Shorter than a frame, a speed that cannot move, or an infinite reach: one frame.
        #expect(RippleWave.travelTime(reach: 5, speed: 650) == 1.0 / 60)
        #expect(RippleWave.travelTime(reach: 50, speed: 0) == 1.0 / 60)
        #expect(RippleWave.travelTime(reach: 50, speed: -3) == 1.0 / 60)
        #expect(RippleWave.travelTime(reach: .infinity, speed: 650) == 1.0 / 60)
    }

    @Test func rippleWaveKeyframesFollowTheSeedsTracks() {
        // Origin at the centre of 240 x 180: reach = hypot(120, 90) + 110 = 260, travel = 0.4 s at 650.
        let origin = SIMD2<Double>(120, 90), size = SIMD2<Double>(240, 180)
        let travel = 0.4, reach = 260.0
        func wave(_ t: Double) -> RippleWave.Wave { RippleWave().wave(at: t, origin: origin, size: size) }
        #expect(abs(RippleWave().timeline(origin: origin, size: size).duration - travel) < 1e-12)
        #expect(wave(0) == RippleWave.Wave(radius: 0, strength: 1))
        // Radius: linear from 0 to the reach over the travel time, then held.
        for t in [0.05, 0.1, 0.2, 0.3, 0.39] { #expect(abs(wave(t).radius - reach * t / travel) < 1e-9, "radius at \(t)") }
        #expect(wave(travel).radius == reach)
        #expect(wave(1.5).radius == reach)
        // Strength: 1 until 35 % of the travel time...
        for t in [0.0, 0.05, 0.1, 0.139, 0.14] { #expect(abs(wave(t).strength - 1) < 1e-12, "strength at \(t)") }
        // ...then a cubic with zero velocity at both ends (after a constant, before the end): 1 - (3s² - 2s³).
        var previous = 1.0
        for step in 1...20 {
            let s = Double(step) / 20
            let t = travel * (0.35 + 0.65 * s)
            let expected = 1 - (3 * s * s - 2 * s * s * s)
            #expect(abs(wave(t).strength - expected) < 1e-9, "strength at \(t)")
            #expect(wave(t).strength < previous)
            previous = wave(t).strength
        }
        #expect(abs(wave(travel).strength) < 1e-12)
        #expect(wave(2).strength == 0)
        #expect(!RippleWave(wave: wave(2), origin: .zero).effect.isEnabled)
    }

    @Test func rippleWaveFollowsTheLatestTapOfAScript() {
        let size = SIMD2<Double>(240, 180)
        let taps = [EventScript.Touch(time: 1, x: 200, y: 30), EventScript.Touch(time: 0.25, x: 40, y: 50)]
        // Before the first tap: the seed's initial wave, strength 0, so the effect is off.
        let before = RippleWave().animated(at: 0.2, taps: taps, size: size)
        #expect(before.strength == 0 && !before.effect.isEnabled)
        let first = RippleWave().animated(at: 0.35, taps: taps, size: size)
        let expected = RippleWave().wave(at: 0.35 - 0.25, origin: SIMD2(40, 50), size: size)
        #expect(first.origin == SIMD2(40, 50))
        #expect(first.radius == Float(expected.radius) && first.strength == Float(expected.strength))
        let second = RippleWave().with(\.speed, 300).animated(at: 1.05, taps: taps, size: size)
        let expectedSecond = RippleWave().with(\.speed, 300).wave(at: 1.05 - 1, origin: SIMD2(200, 30), size: size)
        #expect(second.origin == SIMD2(200, 30))
        #expect(second.radius == Float(expectedSecond.radius) && second.strength == Float(expectedSecond.strength))
        #expect(second.effect.isEnabled)
    }

    @Test(arguments: [0.0, 40])
    func reducedMotionOnlyLightsAndMovesNothing(radius: Float) throws {
        let image = try BuiltInPicture.pool.draw(width: 160, height: 120, on: TestGPU.get())
        let wave = RippleWave { $0.origin = SIMD2(70, 50); $0.radius = radius; $0.strength = 0.7; $0.reduceMotion = true }
        #expect(wave.effect.maxSampleOffset == SIMD2(10, 10))
        let out = try TestGPU.get().render(image, effects: [wave.effect])
        var lit = 0
        for y in 1..<(image.height - 1) {
            for x in 1..<(image.width - 1) {
                // Radius 0 and amplitude 0 whatever was asked: the pixel's own colour, lit by 0.12 * height.
                let offset = SIMD2(Double(x) + 0.5 - 70, Double(y) + 0.5 - 50)
                let phase = (offset * offset).sum().squareRoot() / 110
                let height = cos(6.2831853 * phase) * exp(-4 * phase * phase) * 0.7
                let c = image[x, y]
                let add = Float(0.12 * height) * c.w
                let expected = SIMD4(max(c.x + add, 0), max(c.y + add, 0), max(c.z + add, 0), c.w)
                #expect(distance(out[x, y], expected) < 1e-5, "pixel \(x),\(y)")
                if distance(out[x, y], c) > 1.0 / 255 { lit += 1 }
            }
        }
        #expect(lit > 1000, "the light should show around the origin")
        // Strength 0: disabled, the picture as it was.
        let gone = RippleWave { $0.origin = SIMD2(70, 50); $0.radius = radius; $0.strength = 0; $0.reduceMotion = true }
        #expect(!gone.effect.isEnabled)
        #expect(maxDifference(try TestGPU.get().render(image, effects: [gone.effect]), image) == 0)
    }

    @Test func rippleWaveArgumentsAndSampleOffset() throws {
        #expect(RippleWave().with(\.amplitude, -7).effect.maxSampleOffset == SIMD2(7, 7))
        #expect(RippleWave().with(\.amplitude, 12).with(\.reduceMotion, true).effect.maxSampleOffset == SIMD2(12, 12))
        #expect(RippleWave().with(\.strength, 0).effect.isEnabled == false)
        let arguments = RippleWave { $0.origin = SIMD2(3, 4); $0.radius = 5; $0.strength = 0.5; $0.amplitude = 6; $0.wavelength = 0.25 }.effect.shader.arguments
        #expect(arguments == [.boundingRect, .float2(3, 4), .float(5), .float(0.5), .float(6), .float(1)])
        let still = RippleWave { $0.radius = 5; $0.amplitude = 6; $0.reduceMotion = true }.effect.shader.arguments
        #expect(still[2] == .float(0) && still[4] == .float(0))
        let parsed = try RippleWave(values: ParameterValues(["origin": "10,20", "reduce-motion": "true", "wavelength": "80"]))
        #expect(parsed.origin == SIMD2(10, 20) && parsed.reduceMotion && parsed.wavelength == 80 && parsed.speed == 650)
        #expect(throws: ParameterError.self) { try RippleWave(values: ParameterValues(["reduce-motion": "maybe"])) }
        #expect(RippleWave.Wave(radius: 30, strength: 0.4).still == RippleWave.Wave(radius: 0, strength: 0.4))
    }

    // MARK: ripple-refraction

    static let ripples: [Float] = [
        0.3, 0.4, 0.0, 1.0,
        0.7, 0.6, 0.3, 0.8,
        0.5, 0.5, 1.0, 1.0,
        0.9, 0.1, -3.0, 1.0,  // long dead
    ]

    @Test(arguments: [0.35, 0.7, 1.3, 2.2])
    func rippleRefractionMatchesTheSeedFormula(time: Double) throws {
        let image = try BuiltInPicture.pool.draw(width: 200, height: 150, on: TestGPU.get())
        let effect = RippleRefraction(time: Float(time), packed: Self.ripples)
        #expect(effect.packed.count == 48)
        let out = try TestGPU.get().render(image, effects: [effect.effect])
        let layer = cpuLayer(image, margin: 60, scale: 1)
        var worst: Float = 0, moved = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                let source = seedRippleRefraction(position: p, size: SIMD2(200, 150), time: time, ripples: effect.packed)
                let expected = cpuSampleLayer(layer, margin: 60, scale: 1, SIMD2(Float(source.x), Float(source.y)))
                worst = max(worst, distance(out[x, y], expected))
                if ((source - p) * (source - p)).sum() > 0.25 { moved += 1 }
            }
        }
        // llvmpipe filters in float; a GPU's texture unit keeps 8 fractional bits of the bilinear
        // weights, which docs/GPU.md measured at up to one 8-bit level against llvmpipe.
        let allowed: Float = try TestGPU.get().context.info.isSoftware ? 4e-3 : 4e-3 + 1.0 / 255
        #expect(worst < allowed, "largest difference from the seed formula: \(worst)")
        #expect(moved > 300, "the rings should move many pixels; they moved \(moved)")
    }

    @Test(arguments: [
        [Float](),
        [0.5, 0.5, 5.0, 1.0],                    // not born yet
        [0.5, 0.5, -2.7, 1.0, 0.2, 0.2, -9, 1],  // dead (age > 2.6)
        [0.5, 0.5, 0.0, 0.0, 0.3, 0.6, 0.1, -1], // no strength
    ])
    func rippleRefractionWithoutLiveRipplesLeavesThePicture(packed: [Float]) throws {
        let image = try BuiltInPicture.pool.draw(width: 120, height: 90, on: TestGPU.get())
        let out = try TestGPU.get().render(image, effects: [RippleRefraction(time: 0.1, packed: packed).effect])
        // Every pixel samples its own centre (up to the float rounding of a texture coordinate).
        #expect(maxDifference(out, image) < 1e-5)
    }

    @Test func rippleRefractionFromARingAndTheCommandLine() throws {
        var ring = RippleRing()
        ring.add(at: CGPoint(x: 50, y: 30), in: CGSize(width: 200, height: 100), birthTime: 0.2, strength: 0.8)
        ring.add(at: CGPoint(x: 150, y: 60), in: CGSize(width: 200, height: 100), birthTime: 0.9)
        let early = RippleRefraction(ring: ring, time: 0.5)
        #expect(early.time == 0.5)
        #expect(early.packed == ring.packed(at: 0.5))
        #expect(Array(early.packed[0..<8]) == [0.25, 0.3, 0.2, 0.8, 0, 0, 0, 0])
        #expect(RippleRefraction(ring: ring, time: 1).packed == ring.packed)
        #expect(RippleRefraction(time: 1, ripples: [SIMD4(0.1, 0.2, 0.3, 1)]).packed.prefix(4) == [0.1, 0.2, 0.3, 1])

        let parsed = try RippleRefraction(values: ParameterValues(["ripples": "0.5,0.5,0,1; 0.2,0.3,0.1,0.8", "time": "0.4"]))
        #expect(parsed.time == 0.4)
        #expect(Array(parsed.packed.prefix(9)) == [0.5, 0.5, 0, 1, 0.2, 0.3, 0.1, 0.8, 0])
        #expect(parsed.effect.maxSampleOffset == SIMD2(60, 60))
        #expect(parsed.effect.shader.arguments.first == .boundingRect)
        let thirteen = Array(repeating: "0.5,0.5,0,1", count: 13).joined(separator: ";")
        for (text, message) in [("0.5,0.5,0", "each ripple is 4 numbers"), ("a,b,c,d", "expected numbers"), (thirteen, "at most 12")] {
            let error = #expect(throws: ParameterError.self) { try RippleRefraction(values: ParameterValues(["ripples": text])) }
            #expect(error?.parameter == "ripples")
            #expect(error?.reason.contains(message) == true, "\(error?.reason ?? "")")
        }
    }

    // MARK: blur

    @Test(arguments: [(1, 3.0), (2, 3.0), (1, 1.3)])
    func blurMatchesAGaussianWithSigmaEqualToTheRadius(scale: Int, radius: Double) throws {
        let image = try BuiltInPicture.pool.draw(width: 48, height: 36, on: TestGPU.get())
        let blur = Blur(radius: Float(radius))
        let margin = Int(blur.maxSampleOffset.x)
        #expect(Double(margin) == (3 * radius).rounded(.up))
        let out = try TestGPU.get().render(image, effects: blur.passes, scale: scale)
        let expected = cpuGaussianBlur(cpuLayer(image, margin: margin, scale: scale), sigma: radius * Double(scale))
        var worst: Float = 0
        for y in 0..<out.height {
            for x in 0..<out.width {
                worst = max(worst, distance(out[x, y], expected[x + margin * scale, y + margin * scale]))
            }
        }
        #expect(worst < 3e-3, "largest difference from the Gaussian: \(worst)")
        // It did blur: the tile edges are softened.
        #expect(maxDifference(out, scale == 1 ? image : cpuLayer(image, margin: 0, scale: scale)) > 0.1)
    }

    @Test func blurOfAUniformPictureStaysUniformInsideAndFadesAtTheEdges() throws {
        let colour = SIMD4<Float>(0.2, 0.5, 0.7, 1)
        let image = RGBAImage(width: 80, height: 60, fill: colour)
        let blur = Blur(radius: 4)
        let out = try TestGPU.get().render(image, effects: blur.passes)
        for y in 12..<48 {
            for x in 12..<68 {
                #expect(distance(out[x, y], colour) < 1e-5, "pixel \(x),\(y): \(out[x, y])")
            }
        }
        // At the edge half the kernel reads the transparency around the picture.
        #expect(abs(out[0, 30].w - 0.55) < 0.06, "edge alpha \(out[0, 30].w)")
        #expect(out[0, 0].w < out[0, 30].w)
        // Premultiplied: the colour fades with the alpha.
        #expect(abs(out[0, 30].y / out[0, 30].w - 0.5) < 1e-3)
    }

    @Test func blurOfRadiusZeroLeavesThePicture() throws {
        let image = try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get())
        let blur = Blur(radius: 0)
        #expect(blur.passes.count == 2 && blur.passes.allSatisfy { !$0.isEnabled && $0.maxSampleOffset == .zero })
        #expect(maxDifference(try TestGPU.get().render(image, effects: blur.passes), image) == 0)
        // The shader itself also returns the layer for radius 0.
        let forced = blur.passes.map { var pass = $0; pass.isEnabled = true; return pass }
        #expect(maxDifference(try TestGPU.get().render(image, effects: forced), image) < 1e-5)
        #expect(Blur(radius: 30).maxSampleOffset == SIMD2(90, 90))
        #expect(Blur(radius: .nan).passes.allSatisfy { !$0.isEnabled && $0.maxSampleOffset == .zero })
        #expect(throws: ParameterError.self) { try Blur(values: ParameterValues(["radius": "-1"])) }
    }

    // MARK: background-warp

    @Test(arguments: [0.0, 0.7, 3.3])
    func backgroundWarpMatchesTheSeedFormula(time: Double) throws {
        let image = gradientImage(width: 160, height: 120)
        let warp = BackgroundWarp().with(\.time, Float(time))
        #expect(warp.effect.maxSampleOffset == .zero)
        let out = try TestGPU.get().render(image, effects: [warp.effect])
        let layer = cpuLayer(image, margin: 0, scale: 1)
        var worst: Float = 0, moved = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                let source = seedBackgroundWarp(position: p, size: SIMD2(160, 120), noise: warp.noise, time: time)
                let expected = cpuSampleLayer(layer, margin: 0, scale: 1, SIMD2(Float(source.x), Float(source.y)))
                worst = max(worst, distance(out[x, y], expected))
                if ((source - p) * (source - p)).sum() > 4 { moved += 1 }
            }
        }
        #expect(worst < 3e-3, "largest difference from the seed formula: \(worst)")
        #expect(moved > image.width * image.height / 2, "the warp should move most pixels; it moved \(moved)")
    }

    @Test func builtInNoiseIsSmoothDeterministicAndTiles() {
        let noise = NoiseTexture.standard
        #expect(noise.width == 256 && noise.height == 256)
        #expect(noise == NoiseTexture.smoothValueNoise(size: 256, seed: 0))
        #expect(noise != NoiseTexture.smoothValueNoise(size: 256, seed: 1))
        var lowest: Float = 1, highest: Float = 0, steepest: Float = 0, seam: Float = 0
        for y in 0..<256 {
            for x in 0..<256 {
                let c = noise[x, y]
                #expect(c.w == 1)
                lowest = min(lowest, c.x, c.y, c.z)
                highest = max(highest, c.x, c.y, c.z)
                // Steps to the right and down; those across the wrap (column 255 to 0, row 255 to 0)
                // must be no larger than the others.
                let across = distance(c, noise[(x + 1) % 256, y]), down = distance(c, noise[x, (y + 1) % 256])
                if x == 255 { seam = max(seam, across) } else { steepest = max(steepest, across) }
                if y == 255 { seam = max(seam, down) } else { steepest = max(steepest, down) }
            }
        }
        #expect(lowest >= 0 && highest < 1)
        #expect(highest - lowest > 0.5, "the noise should span much of 0...1: \(lowest)...\(highest)")
        #expect(steepest < 0.05, "smooth: neighbouring pixels differ by at most \(steepest)")
        #expect(seam <= steepest, "no seam where the tile wraps: \(seam) vs \(steepest)")
        // Red and green are independent fields.
        #expect(noise.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) !=
                noise.pixels.enumerated().filter { $0.offset % 4 == 1 }.map(\.element))
    }

    @Test func seedPipelineIsTheBlurThenTheWarp() throws {
        let image = try BuiltInPicture.pool.draw(width: 96, height: 72, on: TestGPU.get())
        let pipeline = BackgroundWarp.seedPipeline(time: 1.5)
        #expect(pipeline == Blur(radius: 30).passes + [BackgroundWarp().with(\.time, 1.5).effect])
        let renderer = try TestGPU.get()
        let chained = try renderer.render(image, effects: pipeline)
        let blurred = try renderer.render(image, effects: Blur(radius: 30).passes)
        let stepwise = try renderer.render(blurred, effects: [BackgroundWarp().with(\.time, 1.5).effect])
        #expect(maxDifference(chained, stepwise) < 1e-6)
    }

    @Test func backgroundWarpReadsItsNoiseFile() throws {
        try withTemporaryFolder { (folder) throws in
            let dir = folder.url
            let path = dir.appendingPathComponent("noise.png").path
            let small = NoiseTexture.smoothValueNoise(size: 32, seed: 7)
            try PNG.write(small, to: path)
            let warp = try BackgroundWarp(values: ParameterValues(["noise": path, "time": "2"]))
            #expect(warp.noise.width == 32 && warp.time == 2)
            #expect(maxDifference(warp.noise, small) <= 0.5 / 255 + 1e-6)
            #expect(try BackgroundWarp(values: ParameterValues()).noise == NoiseTexture.standard)
            let error = #expect(throws: ParameterError.self) {
                try BackgroundWarp(values: ParameterValues(["noise": dir.appendingPathComponent("missing.png").path]))
            }
            #expect(error?.parameter == "noise")
        }
    }

    @Test func registryAndAnimationKinds() {
        #expect(BuiltInEffects.named("ripple-wave") is RippleWave.Type)
        #expect(BuiltInEffects.named("ripple-refraction") is RippleRefraction.Type)
        #expect(BuiltInEffects.named("background-warp") is BackgroundWarp.Type)
        #expect(BuiltInEffects.named("blur") is Blur.Type)
        #expect(RippleWave.animation == .gesture && RippleRefraction.animation == .gesture)
        #expect(BackgroundWarp.animation == .time(parameter: "time", duration: nil))
        #expect(Blur.animation == .still)
        // The bounding rect is the renderer's to give, not an option.
        #expect(!RippleWave.options.contains { $0.name == "bounds" })
        #expect(RippleWave.parameters.first?.glsl?.name == "bounds")
        #expect(BackgroundWarp.options.map(\.name) == ["noise", "time"])
    }

    @Test func freshImageArgumentsLeaveTheLayerAndEachOtherInPlace() throws {
        // Uploading an image on its first use binds a new texture; the layer and the other images
        // must still be where the shader reads them.
        let library = ShaderLibrary(source: """
            vec4 pick(vec2 position, Layer layer, sampler2D a, sampler2D b) {
                if (position.y < 4.0) return sampleLayer(layer, position) * texture(a, vec2(0.5)).a;
                return position.x < 10.0 ? texture(a, vec2(0.5)) : texture(b, vec2(0.5));
            }
            """)
        let image = gradientImage(width: 20, height: 8)
        let red = RGBAImage(width: 3, height: 2, fill: SIMD4(1, 0, 0, 1)), blue = RGBAImage(width: 3, height: 2, fill: SIMD4(0, 0, 1, 1))
        let out = try TestGPU.get().render(image, effects: [.layerEffect(library.pick(.image(red), .image(blue)), maxSampleOffset: .zero)])
        for x in 0..<20 {
            #expect(distance(out[x, 1], image[x, 1]) < 1e-5, "layer at \(x)")
            #expect(out[x, 6] == (x < 10 ? SIMD4(1, 0, 0, 1) : SIMD4(0, 0, 1, 1)), "image at \(x)")
        }
    }

    // MARK: reference pictures

    @Test func referenceRippleWaveOverThePool() throws {
        let size = SIMD2<Double>(240, 180)
        let wave = RippleWave().wave(at: 0.12, origin: SIMD2(90, 80), size: size)
        let image = try BuiltInPicture.pool.draw(width: 240, height: 180, on: TestGPU.get())
        let out = try TestGPU.get().render(image, effects: [RippleWave(wave: wave, origin: SIMD2(90, 80)).effect])
        try expectImage(out, matches: "Seeds/ripple-wave-t0.12")
        let still = RippleWave(wave: wave, origin: SIMD2(90, 80)).with(\.reduceMotion, true)
        try expectImage(try TestGPU.get().render(image, effects: [still.effect]), matches: "Seeds/ripple-wave-reduce-motion")
    }

    @Test func referenceRippleRefractionOverThePool() throws {
        let image = try BuiltInPicture.pool.draw(width: 240, height: 180, on: TestGPU.get())
        let out = try TestGPU.get().render(image, effects: [RippleRefraction(time: 0.9, packed: Self.ripples).effect])
        try expectImage(out, matches: "Seeds/ripple-refraction-t0.9")
    }

    @Test func referenceBlur() throws {
        let out = try TestGPU.get().render(try BuiltInPicture.pool.draw(width: 160, height: 120, on: TestGPU.get()), effects: Blur(radius: 6).passes)
        try expectImage(out, matches: "Seeds/blur-r6")
        let disc = try TestGPU.get().render(try BuiltInPicture.circle.draw(width: 120, height: 120, on: TestGPU.get()), effects: Blur(radius: 4).passes)
        try expectImage(disc, matches: "Seeds/blur-r4-disc")
    }

    @Test func referenceBackgroundWarp() throws {
        let image = try BuiltInPicture.pool.draw(width: 240, height: 180, on: TestGPU.get())
        try expectImage(try TestGPU.get().render(image, effects: [BackgroundWarp().with(\.time, 2).effect]), matches: "Seeds/background-warp-t2")
        try expectImage(try TestGPU.get().render(image, effects: BackgroundWarp.seedPipeline(time: 2)),
                        matches: "Seeds/background-warp-pipeline-t2")
        try expectImage(NoiseTexture.smoothValueNoise(size: 128), matches: "Seeds/noise-128")
    }
}
