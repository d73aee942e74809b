import Foundation

/// Pictures drawn in code, used when no input file is given.
public enum BuiltInPicture: String, Sendable, CaseIterable {
    /// The floor of a pool: 46-point rounded tiles whose straight lines show how a wave bends them
    /// (the demo of seed 001). Opaque.
    case pool
    /// A white disc on transparency with 16 points of padding, like the seed 000 `Circle().padding(16)`
    /// that Stripes fills. Its anti-aliased rim shows premultiplied coverage.
    case circle
    /// A colourful square "cover art": a sunset gradient, a sun and the lines of a sea, for the
    /// blurred and warped background of seed 004. Opaque.
    case cover

    /// A one-line description for `--help`.
    public var summary: String {
        switch self {
        case .pool: return "pool floor of 46-point rounded tiles (opaque)"
        case .circle: return "white disc on transparency, 16-point padding"
        case .cover: return "colourful cover art: sunset, sun and sea (opaque)"
        }
    }

    /// Draws the picture at `width` x `height` pixels (= points).
    public func draw(width: Int = 512, height: Int = 384) -> RGBAImage {
        switch self {
        case .pool: return Self.poolFloor(width: width, height: height)
        case .circle: return Self.circle(width: width, height: height)
        case .cover: return Self.cover(width: width, height: height)
        }
    }

    /// SwiftUI's `Color(hue:saturation:brightness:)` in sRGB.
    static func hsb(_ h: Double, _ s: Double, _ v: Double) -> SIMD3<Float> {
        let rgb = hsbToRGB(hue: h, saturation: s, brightness: v)
        return SIMD3(Float(rgb.red), Float(rgb.green), Float(rgb.blue))
    }

    /// Coverage of a pixel centre at signed distance `d` from an edge (negative inside).
    private static func coverage(_ d: Double) -> Float { Float(min(max(0.5 - d, 0), 1)) }

    private static func poolFloor(width: Int, height: Int) -> RGBAImage {
        let side = 46.0
        let background = hsb(0.56, 0.8, 0.42)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let column = Int(px / side), row = Int(py / side)
                let shade = Double((row * 7 + column * 13) % 5) / 4
                let tile = hsb(0.52 + 0.03 * shade, 0.7, 0.72 + 0.2 * shade)
                // Tile inset by 2 points, corner radius 6: signed distance to the rounded rect.
                let cx = (Double(column) + 0.5) * side, cy = (Double(row) + 0.5) * side
                let half = side / 2 - 2, radius = 6.0
                let qx = abs(px - cx) - (half - radius), qy = abs(py - cy) - (half - radius)
                let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                let d = outside + min(max(qx, qy), 0) - radius
                let a = coverage(d)
                let rgb = tile * a + background * (1 - a)
                image[x, y] = SIMD4(rgb, 1)
            }
        }
        return image
    }

    private static func cover(width: Int, height: Int) -> RGBAImage {
        let w = Double(width), h = Double(height), unit = min(w, h)
        let top = SIMD3<Double>(0.16, 0.10, 0.42), bottom = SIMD3<Double>(0.98, 0.46, 0.38)
        let sun = SIMD3<Double>(1.0, 0.86, 0.32), sea = SIMD3<Double>(0.05, 0.32, 0.45)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                var c = top + (bottom - top) * (py / h)
                let d = ((px - w * 0.5) * (px - w * 0.5) + (py - h * 0.42) * (py - h * 0.42)).squareRoot()
                let s = Double(coverage(d - unit * 0.2))
                c = c * (1 - s) + sun * s
                // Three bands of sea across the lower third, each thinner than the last.
                for (i, band) in [0.66, 0.76, 0.86].enumerated() {
                    let half = unit * (0.045 - 0.01 * Double(i))
                    let wave = sin(px / unit * 9 + Double(i) * 1.7) * unit * 0.012
                    let a = Double(coverage(abs(py - h * band - wave) - half))
                    c = c * (1 - a) + sea * a
                }
                image[x, y] = SIMD4(Float(c.x), Float(c.y), Float(c.z), 1)
            }
        }
        return image
    }

    private static func circle(width: Int, height: Int) -> RGBAImage {
        let radius = Double(min(width, height)) / 2 - 16
        let cx = Double(width) / 2, cy = Double(height) / 2
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                let a = coverage((dx * dx + dy * dy).squareRoot() - radius)
                image[x, y] = SIMD4(a, a, a, a)
            }
        }
        return image
    }
}

/// Hue, saturation and brightness (HSV) to red, green and blue, each in 0...1, the hue wrapping
/// around (SwiftUI's `Color(hue:saturation:brightness:)`, the built-in pictures' tiles).
package func hsbToRGB(hue: Double, saturation s: Double, brightness v: Double) -> (red: Double, green: Double, blue: Double) {
    let h6 = (hue - hue.rounded(.down)) * 6
    let sector = min(Int(h6.rounded(.down)), 5)
    let f = h6 - Double(sector)
    let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
    switch sector {
    case 0: return (v, t, p)
    case 1: return (q, v, p)
    case 2: return (p, v, t)
    case 3: return (p, q, v)
    case 4: return (t, p, v)
    default: return (v, p, q)
    }
}
