import Foundation
import ShaderFXCore
import ShaderFXMetal

/// Where Metal's `half` precision changes a picture: the same effect rendered with `half` at
/// float and as Apple's GPUs compute it (binary16), their difference, and the source lines whose
/// `half` values matter most, found by rendering once more per line with that line's `half`
/// operations promoted to float and measuring how far the picture moves.
public struct PrecisionReport: Sendable {
    /// One source line's share of the difference.
    public struct Line: Sendable, Equatable {
        /// The line.
        public var line: ShaderSourceLine
        /// Its text, trimmed (empty when the file cannot be read).
        public var text: String
        /// Mean change over all pixels and channels, in 8-bit levels, when the line computes at float.
        public var meanChange: Double
        /// Largest change of a channel, in 8-bit levels.
        public var maxChange: Int
        /// Share of pixels whose largest change is more than one level.
        public var changedShare: Double
    }

    /// The picture with `half` at float, and as binary16 (premultiplied, as rendered).
    public var floatPicture: RGBAImage
    public var applePicture: RGBAImage
    /// Largest difference of a channel between the two, in 8-bit levels.
    public var maxDifference: Int
    /// Mean difference over all pixels and channels, in 8-bit levels.
    public var meanDifference: Double
    /// Share of pixels more than one level apart on some channel.
    public var differingShare: Double
    /// Where the largest difference is (pixel coordinates).
    public var maxDifferenceAt: SIMD2<Int>
    /// The lines whose `half` values round, most important first (those that change nothing last).
    public var lines: [Line]
    /// Lines where `half` rounds that were not tried (past `maxLines`).
    public var untriedLines: Int

    /// The largest per-channel difference of two same-size pictures in levels, its place, the
    /// mean, and the share of pixels more than one level apart.
    static func compare(_ a: RGBAImage, _ b: RGBAImage) -> (max: Int, at: SIMD2<Int>, mean: Double, share: Double) {
        precondition(a.width == b.width && a.height == b.height, "pictures of one size")
        var worst = 0, at = SIMD2(0, 0), sum = 0, over = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                var pixel = 0
                for k in 0..<4 {
                    let d = abs(level(p[k]) - level(q[k]))
                    sum += d
                    pixel = max(pixel, d)
                }
                if pixel > worst { worst = pixel; at = SIMD2(x, y) }
                if pixel > 1 { over += 1 }
            }
        }
        let pixels = max(1, a.width * a.height)
        return (worst, at, Double(sum) / Double(pixels * 4), Double(over) / Double(pixels))
    }

    /// An 8-bit level as the PNG writer rounds it (clamped to 0...255; NaN is 0).
    static func level(_ v: Float) -> Int {
        guard v.isFinite else { return v > 0 ? 255 : 0 }
        return Int((min(max(v, 0), 1) * 255).rounded())
    }

    /// Renders the report.
    /// - Parameters:
    ///   - renderer: the GL renderer.
    ///   - image: the layer the effect is applied to.
    ///   - scale: pixels per point.
    ///   - maxLines: the most lines tried one at a time (each costs a translation and a render).
    ///   - passes: the effect's passes for a precision and a set of lines kept at float.
    ///   - progress: called after each line tried, with how many are done and how many in all.
    public static func make(renderer: Renderer, image: RGBAImage, scale: Int = 1, maxLines: Int = 64,
                            passes: (ShaderPrecision, Set<ShaderSourceLine>) throws -> (effects: [Effect], roundingLines: [ShaderSourceLine]),
                            progress: (Int, Int) -> Void = { _, _ in }) throws -> PrecisionReport {
        let float = try renderer.render(image, effects: try passes(.float, []).effects, scale: scale)
        let (appleEffects, rounding) = try passes(.apple, [])
        let apple = try renderer.render(image, effects: appleEffects, scale: scale)
        let overall = compare(float, apple)
        let tried = Array(rounding.prefix(maxLines))
        var sources: [String: [Substring]] = [:]
        var lines: [Line] = []
        for (k, line) in tried.enumerated() {
            let promoted = try renderer.render(image, effects: try passes(.apple, [line]).effects, scale: scale)
            let change = compare(apple, promoted)
            if sources[line.file] == nil {
                sources[line.file] = (try? String(contentsOfFile: line.file, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
            }
            let text = sources[line.file].flatMap { line.line <= $0.count ? String($0[line.line - 1]) : nil } ?? ""
            lines.append(Line(line: line, text: text.trimmingCharacters(in: .whitespaces), meanChange: change.mean,
                              maxChange: change.max, changedShare: change.share))
            progress(k + 1, tried.count)
        }
        // Most change first; ties (lines that change nothing) in source order.
        let ranked = lines.enumerated().sorted { a, b in
            (a.element.meanChange, a.element.maxChange, -a.offset) > (b.element.meanChange, b.element.maxChange, -b.offset)
        }.map(\.element)
        return PrecisionReport(floatPicture: float, applePicture: apple, maxDifference: overall.max, meanDifference: overall.mean,
                               differingShare: overall.share, maxDifferenceAt: overall.at, lines: ranked,
                               untriedLines: rounding.count - tried.count)
    }

    /// The difference as a picture: black where equal, then blue, red, yellow and white as the
    /// largest channel difference passes 1, 4, 16 and 64 levels (opaque, straight colour).
    public var differencePicture: RGBAImage {
        var out = RGBAImage(width: floatPicture.width, height: floatPicture.height, fill: SIMD4(0, 0, 0, 1))
        let stops: [(Float, SIMD3<Float>)] = [(0, SIMD3(0, 0, 0)), (1, SIMD3(0.1, 0.2, 0.8)), (4, SIMD3(0.85, 0.1, 0.1)),
                                              (16, SIMD3(1, 0.85, 0)), (64, SIMD3(1, 1, 1))]
        for y in 0..<out.height {
            for x in 0..<out.width {
                let p = floatPicture[x, y], q = applePicture[x, y]
                var d: Float = 0
                for k in 0..<4 { d = max(d, Float(abs(Self.level(p[k]) - Self.level(q[k])))) }
                var colour = stops.last!.1
                for i in 1..<stops.count where d < stops[i].0 {
                    let (d0, c0) = stops[i - 1], (d1, c1) = stops[i]
                    colour = c0 + (c1 - c0) * ((d - d0) / (d1 - d0))
                    break
                }
                out[x, y] = SIMD4(colour, 1)
            }
        }
        return out
    }
}
