/// How a picture is fitted onto a frame of another size, as SwiftUI's `resizable()` with
/// `scaledToFill()`, `scaledToFit()` or neither.
///
/// Resampling is on the CPU, per axis: bilinear where the picture is enlarged, an area
/// average (box filter) where it is reduced, so a picture of the frame's size comes back
/// unchanged. Colours stay premultiplied.
public enum FitMode: String, Sendable, CaseIterable {
    /// Scaled uniformly to cover the whole frame, centred; what overflows is cropped.
    case fill
    /// Scaled uniformly to fit inside the frame, centred; the bands left over (letterbox or
    /// pillarbox) are transparent, with anti-aliased edges.
    case fit
    /// Scaled on each axis separately to the frame's size, changing the aspect ratio.
    case stretch

    /// `image` fitted onto a `width` x `height` frame; `image` itself when the sizes agree.
    /// - Parameters:
    ///   - image: the picture to fit.
    ///   - width: the frame's width in pixels, at least 1.
    ///   - height: the frame's height in pixels, at least 1.
    public func fitting(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        precondition(width > 0 && height > 0, "a frame has at least one pixel")
        if image.width == width && image.height == height { return image }
        let sx = Double(width) / Double(image.width), sy = Double(height) / Double(image.height)
        let scale: SIMD2<Double>
        switch self {
        case .fill: scale = SIMD2(repeating: max(sx, sy))
        case .fit: scale = SIMD2(repeating: min(sx, sy))
        case .stretch: scale = SIMD2(sx, sy)
        }
        let offset = (SIMD2(Double(width), Double(height)) - SIMD2(Double(image.width), Double(image.height)) * scale) / 2
        let columns = Self.weights(output: width, input: image.width, scale: scale.x, offset: offset.x)
        let rows = Self.weights(output: height, input: image.height, scale: scale.y, offset: offset.y)

        // Horizontal pass: every source row resampled to the new width.
        var wide = [Float](repeating: 0, count: width * image.height * 4)
        for y in 0..<image.height {
            for x in 0..<width {
                var sum = SIMD4<Float>.zero
                for (index, weight) in columns[x] { sum += image[index, y] * weight }
                let i = (y * width + x) * 4
                wide[i] = sum.x; wide[i + 1] = sum.y; wide[i + 2] = sum.z; wide[i + 3] = sum.w
            }
        }
        // Vertical pass.
        var out = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var sum = SIMD4<Float>.zero
                for (index, weight) in rows[y] {
                    let i = (index * width + x) * 4
                    sum += SIMD4(wide[i], wide[i + 1], wide[i + 2], wide[i + 3]) * weight
                }
                out[x, y] = sum
            }
        }
        return out
    }

    /// For each output pixel along one axis, the source pixels it averages and their weights.
    /// The picture covers output pixels `offset ..< offset + input * scale`; weights are scaled
    /// by how much of the output pixel it covers, so pixels beyond it are transparent.
    static func weights(output: Int, input: Int, scale: Double, offset: Double) -> [[(Int, Float)]] {
        (0..<output).map { i -> [(Int, Float)] in
            let start = Double(i), end = Double(i + 1)
            let covered = max(0, min(end, offset + Double(input) * scale) - max(start, offset))
            guard covered > 0 else { return [] }
            if scale >= 1 {
                // Bilinear at the output pixel's centre, clamped to the edge.
                let c = (start + 0.5 - offset) / scale - 0.5
                let j = c.rounded(.down), f = c - j
                let j0 = min(max(Int(j), 0), input - 1), j1 = min(max(Int(j) + 1, 0), input - 1)
                if f == 0 || j0 == j1 { return [(j0, Float(covered))] }
                return [(j0, Float((1 - f) * covered)), (j1, Float(f * covered))]
            }
            // Area average over the source span the output pixel covers.
            let low = (max(start, offset) - offset) / scale, high = (min(end, offset + Double(input) * scale) - offset) / scale
            var result: [(Int, Float)] = []
            var j = Int(low.rounded(.down))
            while Double(j) < high && j < input {
                let overlap = min(high, Double(j + 1)) - max(low, Double(j))
                if overlap > 0 { result.append((max(j, 0), Float(overlap * scale))) }
                j += 1
            }
            return result
        }
    }
}
