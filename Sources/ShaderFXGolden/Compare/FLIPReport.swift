import Foundation
import ShaderFXCore

/// What ꟻLIP says of two pictures: the mean error (the number the paper ranks by), the largest
/// and where, and the distribution, for `compare --metric flip` and its JSON.
public struct FLIPReport: Sendable, Equatable, Encodable {
    /// The mean of the per-pixel error, 0...1.
    public var mean: Double
    /// The largest per-pixel error and its pixel.
    public var max: Double
    public var maxAt: PixelPosition?
    /// The error at the 25th, 50th, 75th, 95th and 99th percentiles, keyed by `"p25"`...
    public var percentiles: [String: Double]
    /// The viewing condition the errors are for.
    public var pixelsPerDegree: Double

    /// The percentiles the report gives.
    public static let percentilePoints = [25, 50, 75, 95, 99]
}

extension FLIPEvaluator.Picture {
    /// The colours of a premultiplied picture as FLIP compares them: composited over black (the
    /// premultiplied colour itself), each channel clamped to 0...1.
    public init(_ image: RGBAImage) {
        var rgb = [SIMD3<Float>](repeating: .zero, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { p in
            for i in rgb.indices {
                rgb[i] = SIMD3(Swift.min(Swift.max(p[4 * i], 0), 1), Swift.min(Swift.max(p[4 * i + 1], 0), 1), Swift.min(Swift.max(p[4 * i + 2], 0), 1))
            }
        }
        self.init(width: image.width, height: image.height, rgb: rgb)
    }
}

extension FLIPEvaluator {
    /// The report and the per-pixel error of `test` against `reference`.
    /// - Throws: `ComparisonError.sizeMismatch` when the sizes differ.
    public func compare(reference: RGBAImage, test: RGBAImage) throws(ComparisonError) -> (report: FLIPReport, map: [Float]) {
        guard reference.width == test.width, reference.height == test.height else {
            throw .sizeMismatch(expected: ImageSize(width: reference.width, height: reference.height),
                                actual: ImageSize(width: test.width, height: test.height))
        }
        guard reference.width > 0, reference.height > 0 else {
            return (FLIPReport(mean: 0, max: 0, maxAt: nil, percentiles: [:], pixelsPerDegree: pixelsPerDegree), [])
        }
        let map = errorMap(reference: Picture(reference), test: Picture(test))
        var worst = 0, sum = 0.0
        for (i, e) in map.enumerated() {
            sum += Double(e)
            if e > map[worst] { worst = i }
        }
        let sorted = map.sorted()
        var percentiles: [String: Double] = [:]
        for p in FLIPReport.percentilePoints {
            // The nearest-rank percentile: the smallest error at least p % of the pixels do not exceed.
            let rank = Swift.max(Int((Double(p) / 100 * Double(sorted.count)).rounded(.up)) - 1, 0)
            percentiles["p\(p)"] = Double(sorted[rank])
        }
        let report = FLIPReport(mean: sum / Double(map.count), max: Double(map[worst]),
                                maxAt: map[worst] > 0 ? PixelPosition(x: worst % reference.width, y: worst / reference.width) : nil,
                                percentiles: percentiles, pixelsPerDegree: pixelsPerDegree)
        return (report, map)
    }

    /// The error map as a picture in the magma colour map the paper draws its maps in (black
    /// violet for no error through orange to pale yellow for 1), opaque.
    public static func errorPicture(_ map: [Float], width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = SIMD4(magma(map[y * width + x]), 1) }
        }
        return image
    }

    /// Matplotlib's magma colour map (CC0), sampled at 17 even stops and interpolated between them.
    static func magma(_ value: Float) -> SIMD3<Float> {
        let t = Swift.min(Swift.max(value, 0), 1) * Float(magmaStops.count - 1)
        let i = Swift.min(Int(t), magmaStops.count - 2)
        let f = t - Float(i)
        return magmaStops[i] * (1 - f) + magmaStops[i + 1] * f
    }

    static let magmaStops: [SIMD3<Float>] = [
        SIMD3(0.0015, 0.0005, 0.0139), SIMD3(0.0396, 0.0311, 0.1335), SIMD3(0.1131, 0.0655, 0.2768),
        SIMD3(0.2117, 0.0620, 0.4186), SIMD3(0.3167, 0.0717, 0.4854), SIMD3(0.4147, 0.1104, 0.5047),
        SIMD3(0.5128, 0.1482, 0.5076), SIMD3(0.6136, 0.1818, 0.4985), SIMD3(0.7164, 0.2150, 0.4753),
        SIMD3(0.8169, 0.2559, 0.4365), SIMD3(0.9043, 0.3196, 0.3881), SIMD3(0.9609, 0.4183, 0.3596),
        SIMD3(0.9867, 0.5356, 0.3822), SIMD3(0.9961, 0.6537, 0.4462), SIMD3(0.9969, 0.7696, 0.5349),
        SIMD3(0.9924, 0.8843, 0.6401), SIMD3(0.9871, 0.9914, 0.7495),
    ]
}
