import Foundation

/// A two-dimensional gradient over a grid of coloured vertices (SwiftUI's `MeshGradient`):
/// `width × height` vertices, row by row from the top, at `points` in the unit square of the
/// filled shape's bounds ((0, 0) its top-left corner, (1, 1) its bottom-right); each cell of the
/// grid is a bicubic patch through its four corner vertices, and `background` fills what the
/// patches leave uncovered.
///
/// Apple does not publish how it builds the patches between the vertices. ShaderFX uses a
/// bicubic Hermite (Ferguson) patch per cell, in the patch's parameters u, v in 0...1:
/// - each vertex's tangent along a row (and along a column) is the central difference of its
///   two neighbours, half of `next − previous` (Catmull–Rom tangents), and the one-sided
///   difference on the mesh's edges;
/// - each vertex's twist (the mixed derivative) is the same difference of its neighbours'
///   row tangents along the column.
/// These reproduce any bilinear grid exactly: a 2 × 2 mesh with straight edges is the bilinear
/// interpolation of its corners, and evenly spaced vertices give straight edges.
///
/// `smoothsColors` interpolates the colours with the same bicubic patches (tangents from the
/// neighbouring vertices' colours); otherwise each patch interpolates its four corner colours
/// bilinearly in u, v. Colours are interpolated as gradients are (gamma-encoded sRGB, straight
/// alpha, then premultiplied), matching the `.device` colour space that SwiftUI documents as
/// the mesh's default.
public struct MeshGradient: ShapeStyle, Hashable {
    /// Vertices a row.
    public var width: Int
    /// Rows of vertices.
    public var height: Int
    /// The vertices' positions in unit space, `width × height`, row by row from the top.
    public var points: [SIMD2<Float>]
    /// The vertices' colours, one for each point.
    public var colors: [Color]
    /// The colour outside the mesh.
    public var background: Color
    /// Whether colours follow cubic curves through the vertices (true) or straight lines.
    public var smoothsColors: Bool

    /// A mesh gradient of `width × height` vertices.
    /// - Parameters:
    ///   - width: vertices a row, at least 2.
    ///   - height: rows, at least 2.
    ///   - points: `width × height` positions in the unit square, row by row from the top.
    ///   - colors: one colour for each point.
    ///   - background: the colour outside the mesh; `.clear` by default.
    ///   - smoothsColors: cubic colour interpolation (the default) or linear.
    /// A mesh whose counts do not agree is drawn by no one: `PaintPipeline.fill` throws
    /// `PaintError.invalidMesh` naming what is wrong.
    public init(width: Int, height: Int, points: [SIMD2<Float>], colors: [Color], background: Color = .clear, smoothsColors: Bool = true) {
        (self.width, self.height, self.points, self.colors, self.background, self.smoothsColors) =
            (width, height, points, colors, background, smoothsColors)
    }
}

extension MeshGradient: PaintStyle {
    package func paint(in bounds: CGRect) -> ResolvedPaint {
        .mesh(ResolvedMesh(width: width, height: height, points: points, colors: colors.map(\.resolved),
                           background: background.resolved, smoothsColors: smoothsColors), rect: bounds)
    }
}

/// A mesh gradient ready to rasterise: its vertices, straight sRGB-encoded colours and flags.
package struct ResolvedMesh: Sendable, Hashable {
    package var width: Int
    package var height: Int
    package var points: [SIMD2<Float>]
    package var colors: [SIMD4<Float>]
    package var background: SIMD4<Float>
    package var smoothsColors: Bool

    package init(width: Int, height: Int, points: [SIMD2<Float>], colors: [SIMD4<Float>], background: SIMD4<Float>, smoothsColors: Bool) {
        (self.width, self.height, self.points, self.colors, self.background, self.smoothsColors) =
            (width, height, points, colors, background, smoothsColors)
    }

    /// Why this mesh cannot be drawn, or nil when it can.
    package var problem: String? {
        if width < 2 || height < 2 { return "a mesh gradient needs at least 2 × 2 vertices, got \(width) × \(height)" }
        if points.count != width * height { return "a \(width) × \(height) mesh gradient needs \(width * height) points, got \(points.count)" }
        if colors.count != width * height { return "a \(width) × \(height) mesh gradient needs \(width * height) colours, got \(colors.count)" }
        if points.contains(where: { !$0.x.isFinite || !$0.y.isFinite }) { return "a mesh gradient's points must be finite" }
        return nil
    }

    /// The patches' Hermite data: for each cell (row by row), the four corners' values, u
    /// tangents, v tangents and twists, in the corner order (0,0), (1,0), (0,1), (1,1).
    package struct Patch<Value> {
        package var values: [Value], du: [Value], dv: [Value], twist: [Value]
    }

    /// Hermite data of every cell for a grid of `values` (`width × height`, row by row), with
    /// Catmull–Rom tangents and twists as `MeshGradient` describes.
    package func patches<V: SIMD>(of values: [V]) -> [Patch<V>] where V.Scalar == Double {
        let w = width, h = height
        func at(_ i: Int, _ j: Int) -> V { values[j * w + i] }
        func difference(_ f: (Int) -> V, _ k: Int, _ n: Int) -> V {
            if k == 0 { return f(1) - f(0) }
            if k == n - 1 { return f(n - 1) - f(n - 2) }
            return (f(k + 1) - f(k - 1)) * 0.5
        }
        func du(_ i: Int, _ j: Int) -> V { difference({ at($0, j) }, i, w) }
        func dv(_ i: Int, _ j: Int) -> V { difference({ at(i, $0) }, j, h) }
        func twist(_ i: Int, _ j: Int) -> V { difference({ du(i, $0) }, j, h) }
        var result: [Patch<V>] = []
        for j in 0..<(h - 1) {
            for i in 0..<(w - 1) {
                let corners = [(i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)]
                result.append(Patch(values: corners.map { at($0.0, $0.1) }, du: corners.map { du($0.0, $0.1) },
                                    dv: corners.map { dv($0.0, $0.1) }, twist: corners.map { twist($0.0, $0.1) }))
            }
        }
        return result
    }
}

extension ResolvedMesh.Patch where Value: SIMD, Value.Scalar == Double {
    /// The bicubic Hermite patch at (`u`, `v`).
    package func evaluate(u: Double, v: Double) -> Value {
        func basis(_ t: Double) -> (Double, Double, Double, Double) {
            let t2 = t * t, t3 = t2 * t
            return (2 * t3 - 3 * t2 + 1, -2 * t3 + 3 * t2, t3 - 2 * t2 + t, t3 - t2)
        }
        let bu = basis(u), bv = basis(v)
        let valueU = [bu.0, bu.1], slopeU = [bu.2, bu.3], valueV = [bv.0, bv.1], slopeV = [bv.2, bv.3]
        var sum = Value()
        for b in 0..<2 {
            for a in 0..<2 {
                let k = b * 2 + a
                let w0: Double = valueU[a] * valueV[b], w1: Double = slopeU[a] * valueV[b]
                let w2: Double = valueU[a] * slopeV[b], w3: Double = slopeU[a] * slopeV[b]
                sum += values[k] * w0
                sum += du[k] * w1
                sum += dv[k] * w2
                sum += twist[k] * w3
            }
        }
        return sum
    }
}
