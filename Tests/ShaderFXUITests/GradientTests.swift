import Foundation
import Testing
@testable import ShaderFXUI

/// A gradient's stops as the test expects them resolved: straight colours at sorted locations.
typealias Stops = [(color: SIMD4<Double>, location: Double)]

/// A gradient's colour at `t` by its definition: the first colour up to the first stop, the
/// last from the last, and between two stops the straight colours mixed linearly, then
/// premultiplied; at a location held by two stops, the later one's colour.
func gradientColor(_ stops: Stops, _ t: Double) -> SIMD4<Double> {
    guard let first = stops.first, t > first.location else { return premultiply(stops[0].color) }
    for (a, b) in zip(stops, stops.dropFirst()) where t >= a.location && t < b.location {
        let f = (t - a.location) / (b.location - a.location)
        return premultiply(a.color + (b.color - a.color) * f)
    }
    return premultiply(stops[stops.count - 1].color)
}

/// Whether `t` is within `margin` of a stop location where the colour jumps (a duplicate).
func nearHardEdge(_ stops: Stops, _ t: Double, margin: Double = 1e-3) -> Bool {
    zip(stops, stops.dropFirst()).contains { $0.location == $1.location && abs(t - $0.location) < margin }
}

/// Gradients: SwiftUI's rules on the CPU (stops, unit points into bounds) and every gradient
/// drawn by the GPU into a float target, each pixel compared with the gradient's formula
/// evaluated here in Double at the pixel centre (the formulas of SWIFTUI-NOTES §3.2 and
/// Apple's AngularGradient text, written out independently of the shaders).
///
/// Tolerance 1e-3: the GPU evaluates in Float, so a parameter t carries an error near 1e-6 ×
/// (distance ≤ 100 points / gradient length ≥ 10) and the colour that times the steepest slope
/// (≤ 10 per unit t): 1e-4 at worst; pixels within 1e-3 of a jump (a hard stop, the angular
/// seam or gap switch) are left out, where Float and Double may fall on different sides.
@Suite struct GradientTests {
    static let red = SIMD4<Double>(1, 0, 0, 1)
    static let green = SIMD4<Double>(0, 1, 0, 0.5)
    static let blue = SIMD4<Double>(0, 0, 1, 1)
    static let white = SIMD4<Double>(1, 1, 1, 0.25)

    static func color(_ c: SIMD4<Double>) -> Color { Color(red: c.x, green: c.y, blue: c.z, opacity: c.w) }

    @Test func colorsAreSpacedEvenly() {
        let gradient = Gradient(colors: [.red, .green, .blue, .white])
        let expected: [CGFloat] = [0, 1.0 / 3, 2.0 / 3, 1]
        #expect(gradient.stops.map(\.location) == expected)
        #expect(Gradient(colors: [.red]).stops.map(\.location) == [0])
        #expect(Gradient(colors: []).stops.isEmpty)
    }

    @Test func stopsAreClampedAndSortedStably() {
        let gradient = Gradient(stops: [
            .init(color: .blue, location: 0.7), .init(color: .red, location: -0.5), .init(color: .green, location: 0.3),
            .init(color: .white, location: 0.7), .init(color: .black, location: 1.5), .init(color: .pink, location: .nan),
        ])
        let resolved = ResolvedGradient(gradient)
        let locations: [Float] = [0, 0.3, 0.7, 0.7, 1]
        #expect(resolved.stops.map(\.location) == locations)
        #expect(resolved.stops.map(\.color) == [Color.red, .green, .blue, .white, .black].map(\.resolved))
        #expect(ResolvedGradient(Gradient(stops: [])).stops == [ResolvedGradient.Stop(color: .zero, location: 0)])
    }

    @Test func unitPointsMapIntoTheFilledBounds() {
        let bounds = CGRect(x: 10, y: 20, width: 100, height: 50)
        guard case let .linear(_, start, end) = LinearGradient(colors: [.red, .blue], startPoint: .topLeading, endPoint: UnitPoint(x: 0.25, y: 0.8)).paint(in: bounds),
              case let .radial(_, center, r0, r1) = RadialGradient(colors: [.red], center: .bottomTrailing, startRadius: 3, endRadius: 9).paint(in: bounds),
              case let .angular(_, angularCenter, a0, a1) = AngularGradient(colors: [.red], center: .top, angle: .degrees(90)).paint(in: bounds),
              case let .elliptical(_, rect, unitCenter, f0, f1) = EllipticalGradient(colors: [.red]).paint(in: bounds)
        else {
            Issue.record("a gradient resolved to the wrong paint")
            return
        }
        #expect(start == CGPoint(x: 10, y: 20) && end == CGPoint(x: 35, y: 60))
        #expect(center == CGPoint(x: 110, y: 70) && r0 == 3 && r1 == 9)   // radii stay in points
        #expect(angularCenter == CGPoint(x: 60, y: 20))
        #expect(abs(a0 - .pi / 2) < 1e-12 && abs(a1 - 2.5 * .pi) < 1e-12)  // a conic gradient turns once
        #expect(rect == bounds && unitCenter == .center && f0 == 0 && f1 == 0.5)
        // The ShapeStyle statics build the same values.
        let style: LinearGradient = .linearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)
        #expect(style == LinearGradient(gradient: Gradient(colors: [.red, .blue]), startPoint: .top, endPoint: .bottom))
        let conic: AngularGradient = .conicGradient(colors: [.red], center: .center)
        #expect(conic.endAngle.radians == 2 * .pi)
    }

    /// Draws `style` filling `bounds` (user space) over the whole target through `t`.
    func draw(_ style: some PaintStyle, bounds: CGRect, width: Int = 64, height: Int = 48,
              transform t: CGAffineTransform = .identity) throws -> RGBAImage {
        try PaintGPU.render(width: width, height: height) { pipeline, target in
            try pipeline.fill(style.paint(in: bounds), rect: CGRect(x: 0, y: 0, width: width, height: height),
                              into: target, userToDevice: t)
        }
    }

    // Stops given unsorted, with a duplicate (a hard edge at 0.6) and one below 0: resolved
    // they are red 0, green 0.3, blue 0.6, white 0.6, red 0.9.
    static let mixedStops: [Gradient.Stop] = [
        .init(color: color(blue), location: 0.6), .init(color: color(green), location: 0.3),
        .init(color: color(red), location: -0.2), .init(color: color(white), location: 0.6),
        .init(color: color(red), location: 0.9),
    ]
    static let mixedResolved: Stops = [(red, 0), (green, 0.3), (blue, 0.6), (white, 0.6), (red, 0.9)]

    @Test func linearGradientFollowsItsAxisInTheBounds() throws {
        let bounds = CGRect(x: 8, y: 4, width: 48, height: 36)
        let style = LinearGradient(stops: Self.mixedStops, startPoint: UnitPoint(x: 0.2, y: 0.1), endPoint: UnitPoint(x: 0.9, y: 0.7))
        let image = try draw(style, bounds: bounds)
        let s = SIMD2(8 + 0.2 * 48, 4 + 0.1 * 36), e = SIMD2(8 + 0.9 * 48, 4 + 0.7 * 36)
        let compared = expectPixels(image, tolerance: 1e-3, "linear") { x, y in
            let axis = e - s
            let t = ((userPoint(x, y) - s) * axis).sum() / (axis * axis).sum()
            return nearHardEdge(Self.mixedResolved, t) ? nil : gradientColor(Self.mixedResolved, t)
        }
        #expect(compared > 64 * 48 * 9 / 10)
        // Row 0 is the top: the top-left pixel is before the start (red), the bottom-right past the end.
        #expect(maxDifference(SIMD4<Double>(image[0, 0]), Self.red) < 1e-3)
        #expect(maxDifference(SIMD4<Double>(image[63, 47]), Self.red) < 1e-3)
    }

    @Test func linearGradientWithCoincidentPointsIsItsLastColour() throws {
        let image = try draw(LinearGradient(colors: [Self.color(Self.red), Self.color(Self.green)], startPoint: .center, endPoint: .center),
                             bounds: CGRect(x: 0, y: 0, width: 8, height: 8), width: 8, height: 8)
        expectPixels(image, tolerance: 1e-6, "coincident") { _, _ in premultiply(Self.green) }
    }

    @Test func radialGradientRadiiAreInPoints() throws {
        // Drawn at scale 2: radii of 4 and 14 points are 8 and 28 device pixels.
        let bounds = CGRect(x: 2, y: 2, width: 28, height: 20)
        let style = RadialGradient(stops: Self.mixedStops, center: UnitPoint(x: 0.25, y: 0.5), startRadius: 4, endRadius: 14)
        let t = CGAffineTransform(scaleX: 2, y: 2)
        let image = try draw(style, bounds: bounds, transform: t)
        let c = SIMD2(2 + 0.25 * 28, 2 + 0.5 * 20)
        expectPixels(image, tolerance: 1e-3, "radial") { x, y in
            let d = userPoint(x, y, t) - c
            let r = ((d * d).sum()).squareRoot()
            let location = (r - 4) / 10
            return nearHardEdge(Self.mixedResolved, location) ? nil : gradientColor(Self.mixedResolved, location)
        }
        // 4 points = 8 pixels right of the centre (device 18, 24) is the start: red.
        #expect(maxDifference(SIMD4<Double>(image[Int(2 * c.x) + 7, Int(2 * c.y)]), Self.red) < 0.05)
    }

    @Test func ellipticalGradientStretchesTheUnitSquare() throws {
        let bounds = CGRect(x: 4, y: 8, width: 56, height: 28)
        let stops: Stops = [(Self.red, 0), (Self.blue, 0.5), (Self.green, 1)]
        let style = EllipticalGradient(colors: [Self.color(Self.red), Self.color(Self.blue), Self.color(Self.green)],
                                       center: UnitPoint(x: 0.5, y: 0.5), startRadiusFraction: 0.1, endRadiusFraction: 0.5)
        let image = try draw(style, bounds: bounds)
        expectPixels(image, tolerance: 1e-3, "elliptical") { x, y in
            let p = userPoint(x, y)
            let u = SIMD2((p.x - 4) / 56 - 0.5, (p.y - 8) / 28 - 0.5)
            return gradientColor(stops, (((u * u).sum()).squareRoot() - 0.1) / 0.4)
        }
        // Fraction 0.5 about the centre reaches the middle of each edge, on a 56 × 28 rectangle:
        // the pixel centres nearest the right and bottom edges (0.009 and 0.018 of the side
        // inside) are nearly the far colour.
        #expect(maxDifference(SIMD4<Double>(image[59, 21]), premultiply(Self.green)) < 0.06)
        #expect(maxDifference(SIMD4<Double>(image[31, 35]), premultiply(Self.green)) < 0.06)
    }

    /// Apple's AngularGradient rule, transcribed: the angle θ of a point (0 at +x, clockwise on
    /// screen) is placed in the turn drawn, [start, start + 2π) when the span is at most a turn,
    /// (end − 2π, end] when more; within the span t = (θ − start) / span, in the gap the colour at
    /// location 1 up to halfway across, then that at 0. Returns nil within `margin` of a jump.
    static func angularLocation(_ theta: Double, start: Double, end: Double, margin: Double = 1e-3) -> Double? {
        let tau = 2 * Double.pi, span = end - start
        func wrap(_ a: Double, from low: Double) -> Double { a - ((a - low) / tau).rounded(.down) * tau }
        if span > tau {
            let a = wrap(theta, from: end - tau)
            if abs(a - (end - tau)) < margin || abs(a - end) < margin { return nil }
            return (a - start) / span
        }
        let a = wrap(theta, from: start)
        if abs(a - start) < margin || abs(a - start - tau) < margin { return nil }
        if a <= end {
            if span < tau, abs(a - end) < margin { return nil }
            return (a - start) / span
        }
        let middle = end + (tau - span) / 2
        if abs(a - middle) < margin || abs(a - end) < margin { return nil }
        return a < middle ? 1 : 0
    }

    static let angularCases: [(start: Double, end: Double)] = [
        (0, 2 * .pi),                        // one full turn from 3 o'clock
        (.pi / 6, 200 * .pi / 180),          // less than a turn: a gap
        (-.pi / 3, .pi / 2),                 // negative start, a wide gap
        (-.pi / 4, 3.3 * .pi),               // more than a turn: the last turn only
        (5 * .pi, 5.5 * .pi),                // large angles
    ]

    @Test(arguments: 0..<GradientTests.angularCases.count)
    func angularGradientFollowsApplesRules(_ index: Int) throws {
        let (start, end) = Self.angularCases[index]
        let bounds = CGRect(x: 0, y: 0, width: 64, height: 48)
        let stops: Stops = [(Self.red, 0), (Self.green, 0.4), (Self.blue, 1)]
        let style = AngularGradient(colors: [Self.color(Self.red)], center: UnitPoint(x: 0.375, y: 0.5), startAngle: .zero, endAngle: .zero)
        var gradient = style
        gradient.gradient = Gradient(stops: stops.map { .init(color: Self.color($0.color), location: $0.location) })
        gradient.startAngle = .radians(start)
        gradient.endAngle = .radians(end)
        let image = try draw(gradient, bounds: bounds)
        let c = SIMD2(24.0, 24.0)
        let compared = expectPixels(image, tolerance: 1e-3, "angular \(start)…\(end)") { x, y in
            let d = userPoint(x, y) - c
            // atan2 with y down: angles grow clockwise on screen.
            guard let t = Self.angularLocation(atan2(d.y, d.x), start: start, end: end) else { return nil }
            return gradientColor(stops, t)
        }
        #expect(compared > 64 * 48 * 9 / 10)
    }

    @Test func angleZeroIsThreeOClockAndAnglesTurnClockwise() throws {
        // From red at 0° to blue at 90°: right of the centre is red, below it (clockwise on a
        // y-down screen) blue, above it in the gap.
        let style = AngularGradient(colors: [.red, .blue], center: .center, startAngle: .zero, endAngle: .degrees(90))
        let image = try draw(style, bounds: CGRect(x: 0, y: 0, width: 40, height: 40), width: 40, height: 40)
        #expect(maxDifference(SIMD4<Double>(image[38, 20]), SIMD4<Double>(Color.red.premultiplied)) < 0.05)
        #expect(maxDifference(SIMD4<Double>(image[20, 38]), SIMD4<Double>(Color.blue.premultiplied)) < 0.05)
        // Half-way across the gap (225°, up and left) the colour switches from location 1 to 0:
        // just before 225° blue, just after red.
        #expect(maxDifference(SIMD4<Double>(image[2, 10]), SIMD4<Double>(Color.blue.premultiplied)) < 1e-3)  // ~209°
        #expect(maxDifference(SIMD4<Double>(image[10, 2]), SIMD4<Double>(Color.red.premultiplied)) < 1e-3)   // ~241°
    }

    @Test func aReversedAngularGradientIsTheMirrorImage() throws {
        // ShaderFX's reading for end < start: counter-clockwise, the mirror image in y of the
        // clockwise gradient from −start to −end.
        let stops = [Color.red, .green, .blue]
        let reversed = AngularGradient(colors: stops, center: .center, startAngle: .degrees(30), endAngle: .degrees(-120))
        let forward = AngularGradient(colors: stops, center: .center, startAngle: .degrees(-30), endAngle: .degrees(120))
        let a = try draw(reversed, bounds: CGRect(x: 0, y: 0, width: 32, height: 32), width: 32, height: 32)
        let b = try draw(forward, bounds: CGRect(x: 0, y: 0, width: 32, height: 32), width: 32, height: 32)
        var worst: Float = 0
        for y in 0..<32 {
            for x in 0..<32 { worst = max(worst, Float(maxDifference(SIMD4<Double>(a[x, y]), SIMD4<Double>(b[x, 31 - y])))) }
        }
        #expect(worst < 1e-3)
    }

    // MARK: Mesh gradients

    static let meshColors: [SIMD4<Double>] = [red, green, blue, white, SIMD4(0.2, 0.8, 0.6, 0.9), SIMD4(0.9, 0.5, 0.1, 0.7),
                                              SIMD4(0.3, 0.3, 0.9, 1), SIMD4(1, 0.9, 0.2, 0.4), SIMD4(0.5, 0.1, 0.7, 0.8)]

    /// Bilinear interpolation of four straight corner colours (00, 10, 01, 11), premultiplied.
    static func bilinear(_ c: [SIMD4<Double>], _ u: Double, _ v: Double) -> SIMD4<Double> {
        premultiply((c[0] * (1 - u) + c[1] * u) * (1 - v) + (c[2] * (1 - u) + c[3] * u) * v)
    }

    @Test(arguments: [false, true])
    func aTwoByTwoMeshWithStraightEdgesIsBilinear(smooth: Bool) throws {
        let corners = Array(Self.meshColors.prefix(4))
        let mesh = MeshGradient(width: 2, height: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]],
                                colors: corners.map(Self.color), smoothsColors: smooth)
        let image = try draw(mesh, bounds: CGRect(x: 0, y: 0, width: 64, height: 48))
        expectPixels(image, tolerance: 1e-4, "2 × 2 mesh, smooth \(smooth)") { x, y in
            Self.bilinear(corners, (Double(x) + 0.5) / 64, (Double(y) + 0.5) / 48)
        }
    }

    @Test(arguments: [false, true])
    func aParallelogramMeshIsBilinearInsideAndBackgroundOutside(smooth: Bool) throws {
        let corners = Array(Self.meshColors.suffix(4))
        let p00 = SIMD2(0.1, 0.05), p10 = SIMD2(0.85, 0.15), p01 = SIMD2(0.05, 0.9)
        let p11 = p10 + p01 - p00
        let background = SIMD4<Double>(0.1, 0.2, 0.3, 0.6)
        let mesh = MeshGradient(width: 2, height: 2, points: [p00, p10, p01, p11].map { SIMD2<Float>($0) },
                                colors: corners.map(Self.color), background: Self.color(background), smoothsColors: smooth)
        let image = try draw(mesh, bounds: CGRect(x: 0, y: 0, width: 64, height: 48))
        let compared = expectPixels(image, tolerance: 1e-4, "parallelogram mesh, smooth \(smooth)") { x, y in
            // Solve p = p00 + u (p10 − p00) + v (p01 − p00) for (u, v) by Cramer's rule.
            let p = SIMD2((Double(x) + 0.5) / 64, (Double(y) + 0.5) / 48) - p00
            let a = p10 - p00, b = p01 - p00
            let det = a.x * b.y - a.y * b.x
            let u = (p.x * b.y - p.y * b.x) / det, v = (a.x * p.y - a.y * p.x) / det
            let margin = 0.02
            if u > margin, u < 1 - margin, v > margin, v < 1 - margin { return Self.bilinear(corners, u, v) }
            if u < -margin || u > 1 + margin || v < -margin || v > 1 + margin { return premultiply(background) }
            return nil
        }
        #expect(compared > 64 * 48 * 8 / 10)
    }

    /// A Catmull–Rom spline through `values` at parameter `s` in 0...count − 1: cubic Hermite
    /// pieces with tangents half the difference of the neighbours (one-sided at the ends).
    static func catmullRom(_ values: [SIMD4<Double>], _ s: Double) -> SIMD4<Double> {
        let n = values.count
        let k = min(Int(s.rounded(.down)), n - 2), t = s - Double(k)
        func tangent(_ i: Int) -> SIMD4<Double> {
            i == 0 ? values[1] - values[0] : i == n - 1 ? values[n - 1] - values[n - 2] : (values[i + 1] - values[i - 1]) * 0.5
        }
        let t2 = t * t, t3 = t2 * t
        return values[k] * (2 * t3 - 3 * t2 + 1) + values[k + 1] * (3 * t2 - 2 * t3)
            + tangent(k) * (t3 - 2 * t2 + t) + tangent(k + 1) * (t3 - t2)
    }

    @Test(arguments: [false, true])
    func anEvenThreeByThreeMeshInterpolatesItsColours(smooth: Bool) throws {
        // Evenly spaced vertices make every patch an affine map, so (u, v) is known at each
        // pixel; smooth colours are the Catmull–Rom spline along each row, then along the column
        // of those results (the tensor-product spline), linear ones bilinear per cell.
        let points = (0..<9).map { SIMD2<Float>(Float($0 % 3) / 2, Float($0 / 3) / 2) }
        let mesh = MeshGradient(width: 3, height: 3, points: points, colors: Self.meshColors.map(Self.color), smoothsColors: smooth)
        let image = try draw(mesh, bounds: CGRect(x: 0, y: 0, width: 64, height: 64), width: 64, height: 64)
        let colors = Self.meshColors
        expectPixels(image, tolerance: 1e-3, "3 × 3 mesh, smooth \(smooth)") { x, y in
            let su = (Double(x) + 0.5) / 32, sv = (Double(y) + 0.5) / 32
            if smooth {
                let column = (0..<3).map { j in Self.catmullRom(Array(colors[(j * 3)..<(j * 3 + 3)]), su) }
                let straight = Self.catmullRom(column, sv)
                let alpha = min(max(straight.w, 0), 1)
                return SIMD4(straight.x * alpha, straight.y * alpha, straight.z * alpha, alpha)
            }
            let i = min(Int(su), 1), j = min(Int(sv), 1)
            let corner = [colors[j * 3 + i], colors[j * 3 + i + 1], colors[(j + 1) * 3 + i], colors[(j + 1) * 3 + i + 1]]
            return Self.bilinear(corner, su - Double(i), sv - Double(j))
        }
    }

    @Test(arguments: [false, true])
    func displacedVerticesTakeTheirColours(smooth: Bool) throws {
        // 3 × 3 and 4 × 4 meshes with curved patches; each interior vertex sits on a pixel centre.
        for (n, size, offsets) in [(3, 65, [SIMD2(-12.0, 8.0)]), (4, 61, [SIMD2(3.0, -2.0), SIMD2(-4.0, 3.0), SIMD2(2.0, 4.0), SIMD2(-3.0, -3.0)])] {
            let step = Double(size - 1) / Double(n - 1)
            var pixels: [SIMD2<Double>] = []
            for j in 0..<n {
                for i in 0..<n { pixels.append(SIMD2(0.5 + Double(i) * step, 0.5 + Double(j) * step)) }
            }
            let interior = (0..<(n * n)).filter { $0 % n != 0 && $0 % n != n - 1 && $0 / n != 0 && $0 / n != n - 1 }
            for (k, index) in interior.enumerated() { pixels[index] += offsets[k] }
            let colors = (0..<(n * n)).map { Self.meshColors[$0 % Self.meshColors.count] }
            let mesh = MeshGradient(width: n, height: n, points: pixels.map { SIMD2<Float>($0 / Double(size)) },
                                    colors: colors.map(Self.color), smoothsColors: smooth)
            let image = try draw(mesh, bounds: CGRect(x: 0, y: 0, width: size, height: size), width: size, height: size)
            for index in interior {
                let p = pixels[index]
                let got = SIMD4<Double>(image[Int(p.x), Int(p.y)])
                #expect(maxDifference(got, premultiply(colors[index])) < 1e-3, "\(n) × \(n) vertex \(index), smooth \(smooth): \(got)")
            }
        }
    }
}
