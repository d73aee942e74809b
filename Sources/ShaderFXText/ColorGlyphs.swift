/// Colour glyphs (emoji) come as bitmaps at a font's fixed strike (Noto Color Emoji's is 109
/// pixels per em); text asks for any size, so they are resampled here.
extension GlyphBitmap {
    /// The bitmap scaled by `factor`, each output pixel the exact-area average of the source
    /// pixels under it (a box filter along rows, then along columns), which is right for
    /// premultiplied colour and coverage alike. Its offsets from the pen scale with it.
    func resampled(by factor: Double) -> GlyphBitmap {
        guard factor > 0, factor.isFinite, width > 0, height > 0, factor != 1 else { return self }
        let outWidth = max(1, Int((Double(width) * factor).rounded()))
        let outHeight = max(1, Int((Double(height) * factor).rounded()))
        let c = channels
        let source = coverage.map(Double.init)
        // Along rows: pixel (x, y) channel k is at (y * w + x) * c + k.
        let columnWeights = Self.areaWeights(from: width, to: outWidth)
        var across = [Double](repeating: 0, count: outWidth * height * c)
        for y in 0..<height {
            for (x, weights) in columnWeights.enumerated() {
                for (sx, w) in weights {
                    for k in 0..<c { across[(y * outWidth + x) * c + k] += source[(y * width + sx) * c + k] * w }
                }
            }
        }
        let rowWeights = Self.areaWeights(from: height, to: outHeight)
        var down = [Double](repeating: 0, count: outWidth * outHeight * c)
        for (y, weights) in rowWeights.enumerated() {
            for (sy, w) in weights {
                for i in 0..<(outWidth * c) { down[y * outWidth * c + i] += across[sy * outWidth * c + i] * w }
            }
        }
        return GlyphBitmap(width: outWidth, height: outHeight, left: Int((Double(left) * factor).rounded()),
                           top: Int((Double(top) * factor).rounded()),
                           coverage: down.map { UInt8(min(max($0, 0), 255).rounded()) }, channels: c)
    }

    /// For each of `newCount` output samples, the source samples under it and the share of
    /// the output sample each covers (summing to 1).
    private static func areaWeights(from count: Int, to newCount: Int) -> [[(Int, Double)]] {
        let span = Double(count) / Double(newCount)
        return (0..<newCount).map { sample in
            let from = Double(sample) * span, to = from + span
            var weights: [(Int, Double)] = []
            var s = Int(from.rounded(.down))
            while s < count && Double(s) < to {
                let covered = min(to, Double(s + 1)) - max(from, Double(s))
                if covered > 0 { weights.append((s, covered / span)) }
                s += 1
            }
            return weights
        }
    }
}
