import Foundation
import Testing
@testable import ShaderFX
@testable import ShaderFXCore
import ShaderFXUI

/// The built-in distortion and layer effects of the catalogue: wave, relative-wave, water,
/// bubble, color-planes, emboss, simple-loupe, warping-loupe, variable-blur.
@Suite(.serialized) struct DistortionLayerEffectTests {
    static let names = ["wave", "relative-wave", "water", "bubble", "color-planes", "emboss",
                        "simple-loupe", "warping-loupe", "variable-blur"]

    /// Values that make each effect act visibly on a picture about 160 x 120 points.
    static func lively(_ name: String, touch: String = "80,60") -> ParameterValues {
        switch name {
        case "wave", "relative-wave", "water": return ParameterValues(["time": "0.7"])
        case "bubble", "simple-loupe", "warping-loupe": return ParameterValues(["touch": touch])
        default: return ParameterValues()
        }
    }

    /// Renders every pass of `value` over `image`.
    static func render(_ value: some BuiltInEffect, _ image: RGBAImage, scale: Int = 1) throws -> RGBAImage {
        try TestGPU.get().render(image, effects: value.passes, scale: scale)
    }

    /// Renders the effect named `name` with `values`.
    static func render(_ name: String, _ values: ParameterValues, _ image: RGBAImage) throws -> RGBAImage {
        let type = try #require(BuiltInEffects.named(name))
        return try TestGPU.get().render(image, effects: type.init(values: values).passes)
    }

    /// How far a colour may move and still count as unchanged. A layer grown by a margin is
    /// sampled at pixel centres with bilinear weights that are not always exactly 0 (llvmpipe
    /// computes them in float), which moves a colour by about 1e-6.
    static let sameColour: Float = 1e-5

    /// Number of pixels whose colour changed by more than one 8-bit level.
    static func changedPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where distance(a[x, y], b[x, y]) > 1.0 / 255 { count += 1 }
        }
        return count
    }

    /// True when every channel is finite, within 0...1, and no colour channel exceeds alpha.
    static func isValidPremultiplied(_ c: SIMD4<Float>) -> Bool {
        let eps: Float = 1e-5
        for i in 0..<4 where !c[i].isFinite || c[i] < -eps || c[i] > 1 + eps { return false }
        return c.x <= c.w + eps && c.y <= c.w + eps && c.z <= c.w + eps
    }

    // MARK: - Every effect

    @Test func registeredInTheirGroupsWithKebabCaseNames() {
        #expect(BuiltInEffects.distortionEffects.map { $0.name } == ["wave", "relative-wave", "water"])
        #expect(BuiltInEffects.layerEffects.map { $0.name }
            == ["bubble", "color-planes", "emboss", "simple-loupe", "warping-loupe", "variable-blur"])
        for type in BuiltInEffects.distortionEffects { #expect(type.kind == .distortion, "\(type.name)") }
        for type in BuiltInEffects.layerEffects { #expect(type.kind == .layer, "\(type.name)") }
        for name in Self.names { #expect(BuiltInEffects.named(name) != nil, "\(name) is registered") }
    }

    @Test(arguments: names)
    func rendersOverThePoolWithValidPremultipliedOutputAndChangesIt(name: String) throws {
        let image = try BuiltInPicture.pool.draw(width: 160, height: 120, on: TestGPU.get())
        let out = try Self.render(name, Self.lively(name), image)
        #expect(out.width == image.width && out.height == image.height)
        var invalid = 0
        for y in 0..<out.height {
            for x in 0..<out.width where !Self.isValidPremultiplied(out[x, y]) { invalid += 1 }
        }
        #expect(invalid == 0, "\(name): \(invalid) pixels are NaN, out of range or have colour above alpha")
        #expect(Self.changedPixels(out, image) > image.width * image.height / 50, "\(name) should change the picture")
    }

    @Test(arguments: names)
    func keepsPremultipliedColoursValidOverTransparency(name: String) throws {
        // The disc's anti-aliased rim and transparent surroundings catch colour above alpha.
        let image = try BuiltInPicture.circle.draw(width: 120, height: 100, on: TestGPU.get())
        let out = try Self.render(name, Self.lively(name, touch: "30,30"), image)
        var invalid = 0
        for y in 0..<out.height {
            for x in 0..<out.width where !Self.isValidPremultiplied(out[x, y]) { invalid += 1 }
        }
        #expect(invalid == 0, "\(name): \(invalid) invalid premultiplied pixels")
    }

    @Test(arguments: names)
    func atScaleTwoWorksInPoints(name: String) throws {
        // At @2x the same effect in points: each 2 x 2 block averages to about the @1x pixel.
        let type = try #require(BuiltInEffects.named(name))
        // Emboss at strength 10 would amplify the @2x layer's smoother (bilinearly upsampled) edges tenfold.
        let values = name == "emboss" ? ParameterValues(["strength": "1"]) : Self.lively(name, touch: "40,30")
        let value = try type.init(values: values)
        let image = try BuiltInPicture.pool.draw(width: 80, height: 60, on: TestGPU.get())
        let one = try Self.render(value, image)
        let two = try Self.render(value, image, scale: 2)
        #expect(two.width == 160 && two.height == 120)
        var total: Float = 0, invalid = 0
        for y in 0..<60 {
            for x in 0..<80 {
                var block = SIMD4<Float>.zero
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let c = two[2 * x + dx, 2 * y + dy]
                    if !Self.isValidPremultiplied(c) { invalid += 1 }
                    block += c / 4
                }
                total += distance(block, one[x, y])
            }
        }
        #expect(invalid == 0, "\(name) @2x: \(invalid) invalid pixels")
        let mean = total / Float(80 * 60)
        #expect(mean < 0.02, "\(name): @2x differs from @1x by \(mean) on average")
    }

    @Test func neutralSettingsLeaveThePictureExactlyAsItIs() throws {
        let image = try BuiltInPicture.pool.draw(width: 96, height: 72, on: TestGPU.get())
        let neutral: [any BuiltInEffect] = [
            Wave().with(\.time, 1).with(\.strength, 0), RelativeWave().with(\.time, 1).with(\.strength, 0), Water().with(\.time, 1).with(\.strength, 0),
            Bubble().with(\.touch, SIMD2(40, 30)).with(\.radius, 0), ColorPlanes().with(\.offset, .zero), Emboss().with(\.strength, 0),
            SimpleLoupe().with(\.touch, SIMD2(40, 30)).with(\.maxDistance, 0), WarpingLoupe().with(\.touch, SIMD2(40, 30)).with(\.maxDistance, 0),
            VariableBlur().with(\.radius, 0), VariableBlur().with(\.mask, RGBAImage(width: 2, height: 2)),
        ]
        for value in neutral {
            let out = try TestGPU.get().render(image, effects: value.passes)
            let change = maxDifference(out, image)
            #expect(change <= Self.sameColour, "\(type(of: value).name) with neutral settings: largest change \(change)")
        }
    }

    @Test func parametersHaveTheCatalogueDefaultsAndTheirOffsets() throws {
        let wave = try Wave(values: ParameterValues())
        #expect((wave.speed, wave.smoothing, wave.strength) == (5, 10, 5))
        #expect(wave.effect.maxSampleOffset == SIMD2(0, 5))
        let relative = try RelativeWave(values: ParameterValues())
        #expect((relative.speed, relative.smoothing, relative.strength) == (5, 20, 5))
        #expect(relative.effect.maxSampleOffset == SIMD2(0, 5))
        let water = try Water(values: ParameterValues())
        #expect((water.speed, water.strength, water.frequency) == (3, 3, 10))
        #expect(water.effect.maxSampleOffset == SIMD2(3, 3))
        let bubble = try Bubble(values: ParameterValues())
        #expect(bubble.radius == 45 && bubble.touch == SIMD2(100, 100))
        #expect(abs(bubble.effect.maxSampleOffset.x - 0.211 * 45) < 1e-4)
        #expect(try ColorPlanes(values: ParameterValues(["offset": "-3,7"])).effect.maxSampleOffset == SIMD2(3, 7))
        #expect(try Emboss(values: ParameterValues()).strength == 10)
        #expect(Emboss().effect.maxSampleOffset == SIMD2(1, 1))
        let simple = try SimpleLoupe(values: ParameterValues()), warping = try WarpingLoupe(values: ParameterValues())
        #expect((simple.maxDistance, simple.zoom, warping.maxDistance, warping.zoom) == (0.05, 2, 0.05, 2))
        #expect(simple.effect.maxSampleOffset == .zero && warping.effect.maxSampleOffset == .zero)
        let blur = try VariableBlur(values: ParameterValues(["radius": "12"]))
        #expect(blur.maxSamples == 15 && blur.mask == VariableBlur.defaultMask)
        #expect(blur.passes.map(\.maxSampleOffset) == [SIMD2(12, 12), SIMD2(12, 12)])

        #expect(Wave.animation == .time(parameter: "time", duration: nil))
        #expect(RelativeWave.animation == .time(parameter: "time", duration: nil))
        #expect(Water.animation == .time(parameter: "time", duration: nil))
        #expect(Bubble.animation == .touch(parameter: "touch"))
        #expect(SimpleLoupe.animation == .touch(parameter: "touch"))
        #expect(WarpingLoupe.animation == .touch(parameter: "touch"))
        #expect(Emboss.animation == .still && VariableBlur.animation == .still && ColorPlanes.animation == .still)
        // The animated parameters exist.
        for type in [Wave.self, RelativeWave.self, Water.self] as [any BuiltInEffect.Type] {
            #expect(type.parameters.contains { $0.name == "time" && $0.type == .float })
        }
        for type in [Bubble.self, SimpleLoupe.self, WarpingLoupe.self] as [any BuiltInEffect.Type] {
            #expect(type.parameters.contains { $0.name == "touch" && $0.type == .point })
        }
    }

    @Test func badValuesAreParameterErrors() throws {
        let bounds = #expect(throws: ParameterError.self) { try Water(values: ParameterValues(["bounds": "0,0,10,10"])) }
        #expect(bounds?.parameter == "bounds")
        #expect(throws: ParameterError(parameter: "smoothing", reason: "must be between 0.001 and 1000000.0, got 0")) {
            try Wave(values: ParameterValues(["smoothing": "0"]))
        }
        #expect(throws: ParameterError.self) { try SimpleLoupe(values: ParameterValues(["zoom": "0.5"])) }
        #expect(throws: ParameterError.self) { try Bubble(values: ParameterValues(["radius": "-1"])) }
        #expect(throws: ParameterError.self) { try Bubble(values: ParameterValues(["touch": "here"])) }
        #expect(throws: ParameterError.self) { try VariableBlur(values: ParameterValues(["max-samples": "65"])) }
        #expect(throws: ParameterError.self) { try VariableBlur(values: ParameterValues(["max-samples": "2.5"])) }
        let missing = #expect(throws: ParameterError.self) {
            try VariableBlur(values: ParameterValues(["mask": "/nonexistent/mask.png"]))
        }
        #expect(missing?.parameter == "mask")
    }

    // MARK: - Distortions against their formulas

    /// Compares `out` with `source(p)` sampled from `image`'s layer grown by `margin`, at every pixel.
    static func expectDistortion(_ out: RGBAImage, of image: RGBAImage, margin: Int,
                                 _ source: (SIMD2<Double>) -> SIMD2<Double>,
                                 sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        let layer = cpuLayer(image, margin: margin, scale: 1)
        var worst: Float = 0, worstAt = (0, 0), changed = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let s = source(SIMD2(Double(x) + 0.5, Double(y) + 0.5))
                let expected = cpuSampleLayer(layer, margin: margin, scale: 1, SIMD2(Float(s.x), Float(s.y)))
                let d = distance(out[x, y], expected)
                if d > worst { worst = d; worstAt = (x, y) }
                if distance(out[x, y], image[x, y]) > 1.0 / 255 { changed += 1 }
            }
        }
        // Bilinear weights on a GPU are quantised (llvmpipe: 8 bits), hence the small tolerance.
        #expect(worst < 4e-3, "largest difference from the formula \(worst) at \(worstAt)", sourceLocation: sourceLocation)
        return changed
    }

    @Test(arguments: [0.0, 0.37, 1.9])
    func waveMatchesItsFormulaAtEveryPixel(time: Double) throws {
        let image = try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get())
        let wave = Wave().with(\.time, Float(time))
        let out = try TestGPU.get().render(image, effects: [wave.effect])
        let changed = Self.expectDistortion(out, of: image, margin: 5) { p in
            p + SIMD2(0, 5 * sin(time * 5 + p.x / 10))
        }
        #expect(changed > 100)
    }

    @Test(arguments: [0.25, 1.3])
    func relativeWaveMatchesItsFormulaAndIsStillAtTheLeftEdge(time: Double) throws {
        let image = try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get())
        let wave = RelativeWave().with(\.time, Float(time)).with(\.strength, 8)
        let out = try TestGPU.get().render(image, effects: [wave.effect])
        _ = Self.expectDistortion(out, of: image, margin: 8) { p in
            p + SIMD2(0, 8 * (p.x / 64) * sin(time * 5 + p.x / 20))
        }
        // uv.x = 0.5 / 64 in the first column: 1/128 of the right edge's displacement.
        var left: Float = 0, right: Float = 0
        for y in 0..<image.height {
            left = max(left, distance(out[0, y], image[0, y]))
            right = max(right, distance(out[63, y], image[63, y]))
        }
        #expect(left < right / 8, "left column changed by \(left), right column by \(right)")
    }

    @Test(arguments: [0.0, 0.8, 2.5])
    func waterMatchesItsFormulaAtEveryPixel(time: Double) throws {
        let image = try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get())
        let water = Water().with(\.time, Float(time))
        let out = try TestGPU.get().render(image, effects: [water.effect])
        let changed = Self.expectDistortion(out, of: image, margin: 3) { p in
            let uv = p / SIMD2(64, 48)
            return p + 3 * SIMD2(sin(10 * uv.y + 3 * time), cos(10 * uv.x + 3 * time))
        }
        #expect(changed > 100)
    }

    // MARK: - Layer effects against their formulas

    @Test func embossMatchesItsFormula() throws {
        let image = try BuiltInPicture.pool.draw(width: 64, height: 48, on: TestGPU.get())
        let out = try TestGPU.get().render(image, effects: [Emboss().with(\.strength, 3).effect])
        let layer = cpuLayer(image, margin: 1, scale: 1)
        var worst: Float = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = SIMD2(Float(x) + 0.5, Float(y) + 0.5)
                let c = cpuSampleLayer(layer, margin: 1, scale: 1, p)
                let upLeft = cpuSampleLayer(layer, margin: 1, scale: 1, p - 1)
                let downRight = cpuSampleLayer(layer, margin: 1, scale: 1, p + 1)
                var e = c + 3 * (downRight - upLeft)
                for i in 0..<3 { e[i] = min(max(e[i], 0), c.w) }
                e.w = c.w
                worst = max(worst, distance(out[x, y], e))
            }
        }
        #expect(worst < 1e-4)
        // Flat inside a tile: unchanged.
        #expect(distance(out[23, 23], image[23, 23]) <= Self.sameColour)
    }

    @Test func colorPlanesTakeRedAndBlueFromOppositeOffsets() throws {
        let image = try BuiltInPicture.circle.draw(width: 64, height: 48, on: TestGPU.get())
        let planes = ColorPlanes().with(\.offset, SIMD2(4, -2))
        let out = try TestGPU.get().render(image, effects: [planes.effect])
        let layer = cpuLayer(image, margin: 4, scale: 1)
        var worst: Float = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = SIMD2(Float(x) + 0.5, Float(y) + 0.5)
                let r = cpuSampleLayer(layer, margin: 4, scale: 1, p - SIMD2(4, -2))
                let g = image[x, y]
                let b = cpuSampleLayer(layer, margin: 4, scale: 1, p + SIMD2(4, -2))
                let expected = SIMD4(r.x, g.y, b.z, max(r.w, g.w, b.w))
                worst = max(worst, distance(out[x, y], expected))
            }
        }
        #expect(worst < 1e-4)
    }

    /// A pixel centre's distance from `touch`.
    static func distanceFrom(_ touch: SIMD2<Float>, _ x: Int, _ y: Int) -> Float {
        let d = SIMD2(Float(x) + 0.5, Float(y) + 0.5) - touch
        return (d * d).sum().squareRoot()
    }

    @Test func simpleLoupeMagnifiesInsideAndLeavesTheRestAlone() throws {
        let image = try BuiltInPicture.pool.draw(width: 160, height: 120, on: TestGPU.get())
        let touch = SIMD2<Float>(70, 55)
        let out = try TestGPU.get().render(image, effects: [SimpleLoupe { $0.touch = touch; $0.maxDistance = 0.05; $0.zoom = 3 }.effect])
        let radius = Float(0.05).squareRoot() * 160
        let layer = cpuLayer(image, margin: 0, scale: 1)
        var worst: Float = 0, inside = 0, movedOutside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let r = Self.distanceFrom(touch, x, y)
                if r >= radius + 0.5 {
                    if out[x, y] != image[x, y] { movedOutside += 1 }
                } else if r <= radius - 0.5 {
                    let p = SIMD2(Float(x) + 0.5, Float(y) + 0.5)
                    let expected = cpuSampleLayer(layer, margin: 0, scale: 1, touch + (p - touch) / 3)
                    worst = max(worst, distance(out[x, y], expected))
                    inside += 1
                }
            }
        }
        #expect(movedOutside == 0, "\(movedOutside) pixels outside the loupe changed")
        #expect(inside > 3000)
        #expect(worst < 4e-3, "largest difference from centre + d / zoom: \(worst)")
    }

    @Test func warpingLoupeIsSeamlessAndLeavesTheRestAlone() throws {
        let image = try BuiltInPicture.pool.draw(width: 160, height: 120, on: TestGPU.get())
        let touch = SIMD2<Float>(70, 55)
        let out = try TestGPU.get().render(image, effects: [WarpingLoupe().with(\.touch, touch).effect])
        let radius = Float(0.05).squareRoot() * 160
        let layer = cpuLayer(image, margin: 0, scale: 1)
        var worst: Float = 0, movedOutside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let r = Self.distanceFrom(touch, x, y)
                let p = SIMD2(Float(x) + 0.5, Float(y) + 0.5)
                if r >= radius {
                    if out[x, y] != image[x, y] { movedOutside += 1 }
                    continue
                }
                let s = Double(r / radius)
                let smooth = s * s * (3 - 2 * s)
                let z = Float(2 + (1 - 2) * smooth)
                let expected = cpuSampleLayer(layer, margin: 0, scale: 1, touch + (p - touch) / z)
                worst = max(worst, distance(out[x, y], expected))
            }
        }
        #expect(movedOutside == 0, "\(movedOutside) pixels outside the loupe changed")
        #expect(worst < 4e-3, "largest difference from centre + d / z: \(worst)")
    }

    @Test func loupesKeepTheirCentreInsideTheView() throws {
        let image = gradientImage(width: 96, height: 72)
        for make in [{ SimpleLoupe().with(\.touch, $0).effect }, { WarpingLoupe().with(\.touch, $0).effect }] as [(SIMD2<Float>) -> Effect] {
            let outside = try TestGPU.get().render(image, effects: [make(SIMD2(-40, 200))])
            let corner = try TestGPU.get().render(image, effects: [make(SIMD2(0, 72))])
            #expect(outside == corner)
            #expect(Self.changedPixels(corner, image) > 100)
        }
    }

    @Test(arguments: [SIMD2<Float>(60.5, 50.5), SIMD2<Float>(60, 50), SIMD2<Float>(-10, 30)])
    func bubbleChangesOnlyItsDiscAndHasNoNaNAtTheTouch(touch: SIMD2<Float>) throws {
        let image = try BuiltInPicture.pool.draw(width: 140, height: 110, on: TestGPU.get())
        let bubble = Bubble().with(\.touch, touch).with(\.radius, 30)
        let out = try TestGPU.get().render(image, effects: [bubble.effect])
        var inside = 0, invalid = 0, movedOutside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                if !Self.isValidPremultiplied(out[x, y]) { invalid += 1 }
                if Self.distanceFrom(touch, x, y) >= 30 {
                    if distance(out[x, y], image[x, y]) > Self.sameColour { movedOutside += 1 }
                } else if distance(out[x, y], image[x, y]) > 1.0 / 255 {
                    inside += 1
                }
            }
        }
        #expect(invalid == 0, "\(invalid) pixels are NaN or invalid")
        #expect(movedOutside == 0, "\(movedOutside) pixels outside the bubble changed")
        #expect(inside > 400, "only \(inside) pixels inside the bubble changed")
        if touch == SIMD2(60.5, 50.5) {
            // At the touch the sample is the touch itself; the highlight adds under 1 %.
            #expect(distance(out[60, 50], image[60, 50]) < 0.01)
        }
    }

    @Test func bubbleSamplesStayWithinItsMaxSampleOffset() {
        // The shader's mapping, on the CPU: a pixel at r samples at (2/π) asin(r / R) R.
        let radius: Double = 45
        var reach = 0.0
        for i in 0...100_000 {
            let r = radius * Double(i) / 100_000
            reach = max(reach, r - radius * (2 / Double.pi) * asin(r / radius))
        }
        let offset = Double(Bubble().with(\.radius, Float(radius)).maxSampleOffset.x)
        #expect(reach <= offset && offset - reach < 0.01 * radius, "reach \(reach), maxSampleOffset \(offset)")
    }

    // MARK: - Variable blur

    /// CPU model of one blur pass at `p` over `layer` (grown by `margin`).
    static func cpuBlurPass(_ layer: RGBAImage, margin: Int, p: SIMD2<Float>, axis: SIMD2<Float>, radius: Float,
                            samples: Int, mask: RGBAImage, size: SIMD2<Float>) -> SIMD4<Float> {
        let uv = p / size
        let r = radius * cpuBilinear(mask, uv.x * Float(mask.width), uv.y * Float(mask.height)).w
        let own = cpuSampleLayer(layer, margin: margin, scale: 1, p)
        guard r > 0 else { return own }
        var sum = own, total: Float = 1
        for i in 1...samples {
            let x = Float(i) / Float(samples)
            let w = exp(-4.5 * x * x)
            let step = axis * (r * x)
            sum += w * (cpuSampleLayer(layer, margin: margin, scale: 1, p - step)
                + cpuSampleLayer(layer, margin: margin, scale: 1, p + step))
            total += 2 * w
        }
        return sum / total
    }

    @Test func variableBlurMatchesACPUGaussianInTwoPasses() throws {
        let image = try BuiltInPicture.pool.draw(width: 60, height: 40, on: TestGPU.get())
        // Alpha 0, 0.4, 1 across x: no blur on the left, full radius on the right.
        var mask = RGBAImage(width: 3, height: 1)
        mask[1, 0] = SIMD4(0.4, 0.4, 0.4, 0.4)
        mask[2, 0] = SIMD4(1, 1, 1, 1)
        let blur = VariableBlur { $0.radius = 6; $0.maxSamples = 5; $0.mask = mask }
        let out = try TestGPU.get().render(image, effects: blur.passes)
        let margin = 6, size = SIMD2<Float>(60, 40)
        let layer = cpuLayer(image, margin: margin, scale: 1)
        var horizontal = RGBAImage(width: layer.width, height: layer.height)
        for y in 0..<layer.height {
            for x in 0..<layer.width {
                let p = SIMD2(Float(x - margin) + 0.5, Float(y - margin) + 0.5)
                horizontal[x, y] = Self.cpuBlurPass(layer, margin: margin, p: p, axis: SIMD2(1, 0), radius: 6,
                                                    samples: 5, mask: mask, size: size)
            }
        }
        var worst: Float = 0, worstAt = (0, 0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = SIMD2(Float(x) + 0.5, Float(y) + 0.5)
                let expected = Self.cpuBlurPass(horizontal, margin: margin, p: p, axis: SIMD2(0, 1), radius: 6,
                                                samples: 5, mask: mask, size: size)
                let d = distance(out[x, y], expected)
                if d > worst { worst = d; worstAt = (x, y) }
            }
        }
        #expect(worst < 5e-3, "largest difference from the CPU Gaussian \(worst) at \(worstAt)")
        // A few pixels by hand: the weights at i / n = 0.2 ... 1 are exp(-4.5 x²).
        let weights = (1...5).map { exp(-4.5 * pow(Float($0) / 5, 2)) }
        #expect(abs(weights[4] - 0.011109) < 1e-5 && abs(weights[0] - 0.83527) < 1e-4)
        // Left third: the mask is clear, nothing moves; right edge: blurred.
        #expect(distance(out[3, 20], image[3, 20]) <= Self.sameColour)
        #expect(Self.changedPixels(out, image) > 300)
    }

    @Test func variableBlurKeepsAUniformColourUniform() throws {
        let colour = SIMD4<Float>(0.12, 0.3, 0.45, 0.6)
        let image = RGBAImage(width: 48, height: 40, fill: colour)
        let blur = VariableBlur { $0.radius = 7; $0.maxSamples = 9; $0.mask = RGBAImage(width: 1, height: 1, fill: SIMD4(1, 1, 1, 1)) }
        let out = try TestGPU.get().render(image, effects: blur.passes)
        var worstInside: Float = 0, badEdge = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                if x >= 7 && y >= 7 && x < 41 && y < 33 {
                    worstInside = max(worstInside, distance(out[x, y], colour))
                } else if !(out[x, y].w < colour.w && distance(out[x, y] / out[x, y].w, colour / colour.w) < 1e-5) {
                    // Near the edges the blur reaches the transparent surroundings: same colour, less alpha.
                    badEdge += 1
                }
            }
        }
        #expect(worstInside < 2e-6, "inside, the colour moved by \(worstInside)")
        #expect(badEdge == 0, "\(badEdge) edge pixels are not the colour faded")
    }

    @Test func variableBlurLeavesPixelsWhereTheMaskIsClearUnchanged() throws {
        let image = try BuiltInPicture.pool.draw(width: 96, height: 64, on: TestGPU.get())
        // Alpha 0, 0, 1, 1 across x: clear wherever uv.x <= 3/8 (x < 36 points).
        var mask = RGBAImage(width: 4, height: 1)
        mask[2, 0] = SIMD4(1, 1, 1, 1)
        mask[3, 0] = SIMD4(1, 1, 1, 1)
        let out = try TestGPU.get().render(image, effects: VariableBlur().with(\.radius, 10).with(\.mask, mask).passes)
        var moved = 0
        for y in 0..<image.height {
            for x in 0..<35 where distance(out[x, y], image[x, y]) > Self.sameColour { moved += 1 }
        }
        #expect(moved == 0, "\(moved) pixels where the mask is clear changed")
        #expect(Self.changedPixels(out, image) > 1000)
    }

    @Test func variableBlurReadsItsMaskFromAPNGAndDefaultsToAVerticalGradient() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shaderfx-mask-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var mask = RGBAImage(width: 2, height: 2)
        mask[1, 1] = SIMD4(1, 1, 1, 1)
        let path = directory.appendingPathComponent("mask.png").path
        try PNG.write(mask, to: path)
        #expect(try VariableBlur(values: ParameterValues(["mask": path])).mask == mask)

        let gradient = VariableBlur.defaultMask
        #expect(gradient[0, 0].w == 0 && gradient[0, gradient.height - 1].w == 1)
        // Default: the top rows stay sharp, the bottom rows blur.
        let image = try BuiltInPicture.pool.draw(width: 96, height: 96, on: TestGPU.get())
        let out = try TestGPU.get().render(image, effects: VariableBlur().passes)
        var top = 0, bottom = 0
        for x in 0..<96 {
            if distance(out[x, 0], image[x, 0]) > 2.0 / 255 { top += 1 }
            if distance(out[x, 90], image[x, 90]) > 2.0 / 255 { bottom += 1 }
        }
        #expect(top == 0 && bottom > 20, "changed in the top row \(top), in row 90 \(bottom)")
    }

    @Test func variableBlurRunsHorizontalThenVerticalOverTheSameArguments() throws {
        let blur = VariableBlur()
        #expect(blur.passes.count == 2)
        #expect(blur.passes.map(\.shader.function.name) == ["variableBlur", "variableBlurVertical"])
        #expect(blur.passes[0].shader.arguments == blur.passes[1].shader.arguments)
        // A single bright column spreads only sideways in the first pass, only up and down in the second.
        var image = RGBAImage(width: 41, height: 41, fill: SIMD4(0, 0, 0, 1))
        for y in 0..<41 { image[20, y] = SIMD4(1, 1, 1, 1) }
        let one = RGBAImage(width: 1, height: 1, fill: SIMD4(1, 1, 1, 1))
        let value = VariableBlur().with(\.radius, 5).with(\.mask, one)
        let first = try TestGPU.get().render(image, effects: [value.passes[0]])
        let second = try TestGPU.get().render(image, effects: [value.passes[1]])
        #expect(first[18, 20].x > 0.1 && second[18, 20].x == 0)
        #expect(distance(second[20, 20], image[20, 20]) <= Self.sameColour)
    }

    @Test func imageArgumentsDisplaceNeitherTheLayerNorEachOther() throws {
        // Textures for image arguments are made on first use; that must not rebind unit 0 (the layer)
        // or an earlier image's unit. Fresh images each time so no texture is cached yet.
        let library = ShaderLibrary(source: """
            vec4 probe(vec2 position, Layer layer, sampler2D a, sampler2D b) {
                if (position.x < 4.0) return sampleLayer(layer, position);
                if (position.x < 8.0) return texture(a, vec2(0.5));
                return texture(b, vec2(0.5));
            }
            """)
        let image = gradientImage(width: 12, height: 4)
        let a = RGBAImage(width: 1, height: 1, fill: SIMD4(0.25, 0, 0, 0.5))
        let b = RGBAImage(width: 1, height: 1, fill: SIMD4(0, 0.125, 0, 0.25))
        let out = try TestGPU.get().render(image, effects: [.layerEffect(library.probe(.image(a), .image(b)), maxSampleOffset: .zero)])
        for y in 0..<4 {
            for x in 0..<4 { #expect(out[x, y] == image[x, y], "pixel \(x),\(y) should be the layer") }
            #expect(out[5, y] == a[0, 0] && out[9, y] == b[0, 0], "row \(y)")
        }
    }

    // MARK: - Reference images

    @Test(arguments: names)
    func referenceImageOverThePool(name: String) throws {
        let type = try #require(BuiltInEffects.named(name))
        let image = try BuiltInPicture.pool.draw(width: 240, height: 180, on: TestGPU.get())
        let out = try TestGPU.get().render(image, effects: type.init(values: Self.lively(name, touch: "120,90")).passes)
        let folder = type.kind == .distortion ? "Distortion" : "Layer"
        try expectImage(out, matches: "\(folder)/\(type.shaderFile.split(separator: "/").last!)")
    }
}
