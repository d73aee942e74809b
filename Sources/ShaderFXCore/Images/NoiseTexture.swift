/// Noise pictures drawn in code, deterministic for a seed (background-warp's `NoiseTexture`).
public enum NoiseTexture {
    /// The noise background-warp uses when no file is given: 256 x 256, seed 0.
    public static let standard = smoothValueNoise()

    /// Smooth value noise that tiles: red, green and blue are independent noise fields, alpha is 1.
    ///
    /// Each channel sums `octaves` layers of value noise, layer o on a lattice of `cells * 2^o`
    /// cells across the picture with weight 1/2^o, divided by the sum of the weights so values stay
    /// in 0 ..< 1 (most near 0.5). A layer hashes its lattice points to values in 0 ..< 1 and blends
    /// them with the quintic fade 6t⁵ − 15t⁴ + 10t³ (smooth to the second derivative). Lattice
    /// indices wrap around the picture, so its right edge continues into its left and its bottom
    /// into its top: sampled with repeat, it has no seams.
    /// - Parameters:
    ///   - size: width and height in pixels, at least 1 (default 256).
    ///   - seed: picks the noise; equal seeds give equal pictures (default 0).
    ///   - cells: lattice cells across the picture in the coarsest layer, at least 1 (default 4).
    ///   - octaves: layers, at least 1 (default 3: the finest layer's cells are 16 pixels across at
    ///     256, smooth enough that the seed's domain warping flows rather than frays).
    /// - Returns: an opaque picture.
    public static func smoothValueNoise(size: Int = 256, seed: UInt64 = 0, cells: Int = 4, octaves: Int = 3) -> RGBAImage {
        precondition(size >= 1 && cells >= 1 && octaves >= 1, "size, cells and octaves are at least 1")
        var image = RGBAImage(width: size, height: size, fill: SIMD4(0, 0, 0, 1))
        var totalWeight = 0.0
        for octave in 0..<octaves { totalWeight += 1 / Double(1 << octave) }
        for channel in 0..<3 {
            var field = [Double](repeating: 0, count: size * size)
            for octave in 0..<octaves {
                let period = cells << octave
                let weight = 1 / Double(1 << octave) / totalWeight
                let lattice = (0..<(period * period)).map { index in
                    unitValue(seed: seed, channel: channel, octave: octave, x: index % period, y: index / period)
                }
                func at(_ x: Int, _ y: Int) -> Double { lattice[(y % period) * period + (x % period)] }
                for y in 0..<size {
                    // Pixel centres, in lattice cells.
                    let v = (Double(y) + 0.5) / Double(size) * Double(period)
                    let y0 = Int(v.rounded(.down)), fy = fade(v - Double(y0))
                    for x in 0..<size {
                        let u = (Double(x) + 0.5) / Double(size) * Double(period)
                        let x0 = Int(u.rounded(.down)), fx = fade(u - Double(x0))
                        let top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx
                        let bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx
                        field[y * size + x] += weight * (top + (bottom - top) * fy)
                    }
                }
            }
            for i in 0..<(size * size) { image.pixels[i * 4 + channel] = Float(field[i]) }
        }
        return image
    }

    /// 6t⁵ − 15t⁴ + 10t³: 0 at 0, 1 at 1, first and second derivatives 0 at both ends.
    private static func fade(_ t: Double) -> Double {
        t * t * t * (t * (t * 6 - 15) + 10)
    }

    /// A value in 0 ..< 1 for one lattice point, from a 64-bit mix (SplitMix64's finaliser) of its key.
    private static func unitValue(seed: UInt64, channel: Int, octave: Int, x: Int, y: Int) -> Double {
        var h = seed &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(x) | UInt64(y) << 20 | UInt64(octave) << 40 | UInt64(channel) << 48
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 31
        return Double(h >> 11) / Double(1 << 53 as UInt64)
    }
}
