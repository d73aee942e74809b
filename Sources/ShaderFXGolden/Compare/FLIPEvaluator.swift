import Foundation
import ShaderFXCore

/// ꟻLIP for low-dynamic-range images (Andersson, Nilsson, Akenine-Möller, Oskarsson, Åström and
/// Fairchild, "FLIP: A Difference Evaluator for Alternating Images", HPG 2020): the difference a
/// viewer sees when flipping between a reference and a test picture, per pixel, in 0...1.
///
/// Two pipelines, each on the pictures' sRGB colour:
/// - **colour**: both pictures go to the linear opponent space YCxCz, are filtered by the
///   contrast sensitivity of each channel (what the eye cannot resolve at the viewing distance is
///   blurred away), come back to CIELAB with the Hunt effect (chroma scaled by lightness), and
///   their HyAB distance, raised to 0.7, is mapped onto 0...1 so that the largest distance
///   between two colours, green against blue, is 1 and the first 40 % of it take 95 % of the range;
/// - **features**: edges and points (first and second Gaussian derivatives of luminance, at the
///   size the eye resolves) that one picture has and the other lacks.
/// The error is the colour error raised to one minus the feature error, so a missing edge lifts a
/// small colour difference.
public struct FLIPEvaluator: Sendable {
    /// Pixels per degree of visual angle: 67 is the paper's default (a 0.7 m wide 4K monitor seen
    /// from 0.7 m).
    public var pixelsPerDegree: Double

    public init(pixelsPerDegree: Double = 67) {
        self.pixelsPerDegree = pixelsPerDegree
    }

    /// A picture of `width` × `height` sRGB colours (each channel in 0...1), rows from the top.
    public struct Picture: Sendable {
        public var width: Int, height: Int
        public var rgb: [SIMD3<Float>]
        public init(width: Int, height: Int, rgb: [SIMD3<Float>]) {
            precondition(rgb.count == width * height, "a picture has width × height colours")
            self.width = width
            self.height = height
            self.rgb = rgb
        }
    }

    /// The error of each pixel, 0...1, rows from the top.
    public func errorMap(reference: Picture, test: Picture) -> [Float] {
        precondition(reference.width == test.width && reference.height == test.height, "FLIP compares pictures of one size")
        let w = reference.width, h = reference.height
        let csf = Self.csfKernels(pixelsPerDegree: pixelsPerDegree)
        let features = Self.featureKernels(pixelsPerDegree: pixelsPerDegree)
        let refOpponent = reference.rgb.map(Self.ycxcz)
        let testOpponent = test.rgb.map(Self.ycxcz)
        let refLab = Self.filteredLab(refOpponent, width: w, height: h, kernels: csf)
        let testLab = Self.filteredLab(testOpponent, width: w, height: h, kernels: csf)
        let refFeatures = Self.features(refOpponent, width: w, height: h, kernels: features)
        let testFeatures = Self.features(testOpponent, width: w, height: h, kernels: features)
        let cmax = Self.maxColourDistance
        var map = [Float](repeating: 0, count: w * h)
        for i in 0..<(w * h) {
            let colour = Self.remap(pow(Self.hyab(refLab[i], testLab[i]), Self.qc), cmax: cmax)
            let edge = abs(refFeatures.edge[i] - testFeatures.edge[i])
            let point = abs(refFeatures.point[i] - testFeatures.point[i])
            let feature = pow(max(edge, point) / 2.0.squareRoot(), Self.qf)
            map[i] = Float(pow(colour, 1 - feature))
        }
        return map
    }

    // MARK: The paper's constants

    /// The exponent of the colour distance and of the feature difference.
    static let qc = 0.7, qf = 0.5
    /// The colour error's remapping: the fraction `pc` of the largest distance takes `pt` of 0...1.
    static let pc = 0.4, pt = 0.95
    /// The width of a feature the eye resolves, in degrees.
    static let featureWidth = 0.082

    /// One channel's contrast sensitivity as the sum of two Gaussians in the spatial domain,
    /// `a·√(π/b)·exp(−π²r²/b)` with r in degrees: (a1, b1, a2, b2) for the achromatic, red-green
    /// and blue-yellow channels.
    static let csfParameters: [(a1: Double, b1: Double, a2: Double, b2: Double)] = [
        (1, 0.0047, 0, 1e-5), (1, 0.0053, 0, 1e-5), (34.1, 0.04, 13.5, 0.025),
    ]

    // MARK: Colour spaces

    /// Linear sRGB to CIE XYZ (D65).
    static func xyz(_ c: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(0.4124564 * c.x + 0.3575761 * c.y + 0.1804375 * c.z,
              0.2126729 * c.x + 0.7151522 * c.y + 0.0721750 * c.z,
              0.0193339 * c.x + 0.1191920 * c.y + 0.9503041 * c.z)
    }

    /// CIE XYZ (D65) to linear sRGB.
    static func linearRGB(_ c: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(3.2404542 * c.x - 1.5371385 * c.y - 0.4985314 * c.z,
              -0.9692660 * c.x + 1.8760108 * c.y + 0.0415560 * c.z,
              0.0556434 * c.x - 0.2040259 * c.y + 1.0572252 * c.z)
    }

    /// The white the opponent and CIELAB spaces are relative to: XYZ of linear sRGB white.
    static let white = xyz(SIMD3(1, 1, 1))

    /// The sRGB transfer function undone.
    static func linear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// sRGB to YCxCz, the linear opponent space the filters work in.
    static func ycxcz(_ srgb: SIMD3<Float>) -> SIMD3<Double> {
        let c = xyz(SIMD3(linear(Double(srgb.x)), linear(Double(srgb.y)), linear(Double(srgb.z)))) / white
        return SIMD3(116 * c.y - 16, 500 * (c.x - c.y), 200 * (c.y - c.z))
    }

    /// YCxCz back to linear sRGB.
    static func linearRGB(ycxcz v: SIMD3<Double>) -> SIMD3<Double> {
        let y = (v.x + 16) / 116
        return linearRGB(SIMD3(y + v.y / 500, y, y - v.z / 200) * white)
    }

    /// Linear sRGB to CIELAB.
    static func lab(linear c: SIMD3<Double>) -> SIMD3<Double> {
        let t = xyz(c) / white
        func f(_ v: Double) -> Double {
            let delta = 6.0 / 29
            return v > delta * delta * delta ? cbrt(v) : v / (3 * delta * delta) + 4.0 / 29
        }
        let fx = f(t.x), fy = f(t.y), fz = f(t.z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// The Hunt effect: chroma seen in proportion to lightness.
    static func hunt(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(lab.x, 0.01 * lab.x * lab.y, 0.01 * lab.x * lab.z)
    }

    /// HyAB: lightness difference plus the Euclidean distance in a, b.
    static func hyab(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return abs(d.x) + (d.y * d.y + d.z * d.z).squareRoot()
    }

    /// The largest colour distance, green against blue, raised to `qc`.
    static let maxColourDistance: Double = {
        let green = hunt(lab(linear: SIMD3(0, 1, 0))), blue = hunt(lab(linear: SIMD3(0, 0, 1)))
        return pow(hyab(green, blue), qc)
    }()

    /// The colour error onto 0...1: linear to `pt` at `pc · cmax`, then linear to 1 at `cmax`.
    static func remap(_ e: Double, cmax: Double) -> Double {
        let knee = pc * cmax
        return e < knee ? pt / knee * e : pt + (e - knee) / (cmax - knee) * (1 - pt)
    }

    // MARK: Filters

    /// A separable term of a 2-D kernel: `weight · row(x) · row(y)`, both rows of `2·radius + 1`.
    struct SeparableTerm {
        var weight: Double
        var across: [Double], down: [Double]
    }

    /// Each opponent channel's contrast-sensitivity kernel as the sum of its two Gaussian terms,
    /// normalised to sum to one, all of the radius the widest Gaussian needs (three deviations).
    static func csfKernels(pixelsPerDegree ppd: Double) -> [[SeparableTerm]] {
        let widest = csfParameters.map { max($0.b1, $0.b2) }.max()!
        let radius = Int((3 * (widest / (2 * Double.pi * Double.pi)).squareRoot() * ppd).rounded(.up))
        return csfParameters.map { p in
            var terms: [SeparableTerm] = []
            for (a, b) in [(p.a1, p.b1), (p.a2, p.b2)] where a != 0 {
                let row = (-radius...radius).map { exp(-Double.pi * Double.pi * Double($0 * $0) / (ppd * ppd) / b) }
                terms.append(SeparableTerm(weight: a * (Double.pi / b).squareRoot(), across: row, down: row))
            }
            let total = terms.reduce(0) { $0 + $1.weight * $1.across.reduce(0, +) * $1.down.reduce(0, +) }
            return terms.map { SeparableTerm(weight: $0.weight / total, across: $0.across, down: $0.down) }
        }
    }

    /// The edge and point detectors: the first and second derivatives of a Gaussian whose
    /// deviation is half the resolvable feature width, each with its positive weights summing to
    /// one and its negative weights to minus one, across x (their transposes across y).
    static func featureKernels(pixelsPerDegree ppd: Double) -> (edge: SeparableTerm, point: SeparableTerm) {
        let sigma = 0.5 * featureWidth * ppd
        let radius = Int((3 * sigma).rounded(.up))
        let offsets = (-radius...radius).map(Double.init)
        let gauss = offsets.map { exp(-$0 * $0 / (2 * sigma * sigma)) }
        let gaussSum = gauss.reduce(0, +)
        func balanced(_ row: [Double]) -> [Double] {
            let positive = row.filter { $0 > 0 }.reduce(0, +), negative = -row.filter { $0 < 0 }.reduce(0, +)
            return row.map { $0 > 0 ? $0 / positive : ($0 < 0 ? $0 / negative : 0) }
        }
        let first = balanced(zip(offsets, gauss).map { -$0 * $1 })
        let second = balanced(zip(offsets, gauss).map { ($0 * $0 / (sigma * sigma) - 1) * $1 })
        let smooth = gauss.map { $0 / gaussSum }
        return (SeparableTerm(weight: 1, across: first, down: smooth), SeparableTerm(weight: 1, across: second, down: smooth))
    }

    /// `values` (one channel, rows from the top) convolved with `term`, edges extended.
    static func convolve(_ values: [Double], width w: Int, height h: Int, _ term: SeparableTerm, transposed: Bool = false) -> [Double] {
        let across = transposed ? term.down : term.across, down = transposed ? term.across : term.down
        let r = across.count / 2
        var rows = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            let base = y * w
            for x in 0..<w {
                var sum = 0.0
                for k in 0..<across.count {
                    let sx = min(max(x + k - r, 0), w - 1)
                    sum += across[k] * values[base + sx]
                }
                rows[base + x] = sum
            }
        }
        var out = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in 0..<down.count {
                    let sy = min(max(y + k - r, 0), h - 1)
                    sum += down[k] * rows[sy * w + x]
                }
                out[y * w + x] = sum * term.weight
            }
        }
        return out
    }

    /// The opponent colours filtered by each channel's kernel, back in CIELAB with the Hunt effect.
    static func filteredLab(_ opponent: [SIMD3<Double>], width w: Int, height h: Int, kernels: [[SeparableTerm]]) -> [SIMD3<Double>] {
        var channels: [[Double]] = []
        for c in 0..<3 {
            let plane = opponent.map { $0[c] }
            var sum = [Double](repeating: 0, count: w * h)
            for term in kernels[c] {
                let filtered = convolve(plane, width: w, height: h, term)
                for i in sum.indices { sum[i] += filtered[i] }
            }
            channels.append(sum)
        }
        return (0..<(w * h)).map { i in
            let rgb = linearRGB(ycxcz: SIMD3(channels[0][i], channels[1][i], channels[2][i]))
            let clamped = SIMD3(min(max(rgb.x, 0), 1), min(max(rgb.y, 0), 1), min(max(rgb.z, 0), 1))
            return hunt(lab(linear: clamped))
        }
    }

    /// The edge and point strength of each pixel, on luminance normalised to 0...1.
    static func features(_ opponent: [SIMD3<Double>], width w: Int, height h: Int,
                         kernels: (edge: SeparableTerm, point: SeparableTerm)) -> (edge: [Double], point: [Double]) {
        let luminance = opponent.map { ($0.x + 16) / 116 }
        func magnitude(_ term: SeparableTerm) -> [Double] {
            let gx = convolve(luminance, width: w, height: h, term)
            let gy = convolve(luminance, width: w, height: h, term, transposed: true)
            return zip(gx, gy).map { ($0 * $0 + $1 * $1).squareRoot() }
        }
        return (magnitude(kernels.edge), magnitude(kernels.point))
    }
}
