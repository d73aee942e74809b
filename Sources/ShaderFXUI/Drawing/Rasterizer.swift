import Foundation

/// Exact-area coverage of filled paths in device pixels: what shapes are painted through.
///
/// The path is mapped into device pixels (pixel (x, y) covers [x, x+1] × [y, y+1]) and flattened,
/// curves into chords within `tolerance` device pixels of them (Wang's bound, so at most that far
/// inside a convex curve). Each pixel's coverage is then the exact area of the flattened polygon
/// inside it, under the fill rule, for any polygon: self-intersecting, overlapping subpaths, holes.
///
/// How: the polygon's edges are swept one pixel row at a time. Each row is cut into slabs at every
/// vertex and every crossing of two edges inside it, so that within a slab the edges span it top
/// to bottom and keep their left-to-right order. Walking a slab's edges left to right with the
/// winding number splits it into trapezoids that are inside or outside by the fill rule; each
/// inside trapezoid adds its left edge with +1 and its right edge with −1 into a row of cells,
/// each edge the exact area it leaves to its right in each pixel (the antiderivative of a clamped
/// line, as font rasterisers accumulate signed area). A running sum across the row turns the cells
/// into coverage; between cells an edge touched, it is constant, so those runs are filled without
/// summing. Since the trapezoids are disjoint, the sum is the exact area, clamped only against
/// rounding, and rounded to the nearest of 256 levels. A path of one convex contour (rectangles,
/// circles, ellipses, rounded rectangles, capsules: most of what is filled) winds 0 or ±1
/// everywhere, so there the plain sum of all its edges' signed areas is already exact and the
/// slabs are skipped.
///
/// Bounds: the mask is the polygon's bounds within `clip` (when given) and always within
/// `deviceBounds`; edges beyond the clip's left or right side are moved onto it (which leaves the
/// winding inside unchanged) and cut at its top and bottom, and curves wholly beyond one side are
/// not subdivided, so huge coordinates cost neither memory nor time. Non-finite points are dropped.
package enum PathRasterizer {
    /// The flattening tolerance in device pixels: every chord lies within this distance of its
    /// curve, so a pixel's coverage is within about 1.5 × this of the curve's exact area (a curve
    /// of large radius runs through a pixel for at most about √2 pixels).
    package static let tolerance: Double = 1.0 / 2048

    /// The largest region a mask may cover: 16384 device pixels either side of the origin, the
    /// largest texture a GL implementation commonly allows. A mask is at most this (256 MiB),
    /// whatever the path's coordinates.
    package static let deviceBounds = CGRect(x: -16384, y: -16384, width: 32768, height: 32768)

    /// Coordinates are clamped to ±this before clipping, far outside `deviceBounds`, so that the
    /// clipping arithmetic cannot overflow.
    static let coordinateLimit = 1e12

    /// The coverage of `path` filled by the non-zero rule (or the even-odd rule with `eoFill`),
    /// mapped by `transform` into device pixels and clipped to `clip` (device pixels).
    /// - Parameters:
    ///   - path: the path, in its own units.
    ///   - transform: from the path's units to device pixels.
    ///   - eoFill: the even-odd rule instead of non-zero.
    ///   - clip: the device rectangle outside which nothing is covered (nil: `deviceBounds`).
    /// - Returns: the coverage over the covered pixels' bounds; `.empty` when nothing is covered.
    package static func coverage(of path: Path, transform: CGAffineTransform, fillRule eoFill: Bool,
                                 clip: CGRect? = nil) -> CoverageMask {
        var bounds = deviceBounds
        if let clip {
            guard clip.minX.isFinite, clip.minY.isFinite, clip.maxX.isFinite, clip.maxY.isFinite else { return .empty }
            bounds = clip.standardized.intersection(deviceBounds)
            guard !bounds.isNull, bounds.width > 0, bounds.height > 0 else { return .empty }
        }
        var edges = EdgeList(bounds: bounds)
        let limit = coordinateLimit
        let subpaths = path.flattened(tolerance: tolerance, transform: transform, cull: bounds)
        for subpath in subpaths {
            var first: CGPoint?, previous: CGPoint?
            for p in subpath.points where p.x.isFinite && p.y.isFinite {
                let q = CGPoint(x: max(-limit, min(limit, p.x)), y: max(-limit, min(limit, p.y)))
                if let previous { edges.add(previous, q) } else { first = q }
                previous = q
            }
            if let first, let previous { edges.add(previous, first) }
        }
        let simple = subpaths.count == 1 && isConvex(subpaths[0].points)
        return edges.sweep(evenOdd: eoFill, simple: simple)
    }

    /// Whether the closed polygon through `points` is convex: every turn the same way (turns
    /// within rounding of straight aside, no U-turns) and one turn in all (its edges' vertical
    /// direction changes sign twice, once at the top and once at the bottom), so it winds once
    /// and does not cross itself. Its winding number is then 0 or ±1 everywhere, and summing all
    /// its edges' signed areas is already exact, with no need to cut rows into slabs.
    static func isConvex(_ p: [CGPoint]) -> Bool {
        guard p.count >= 3 else { return false }
        var sign = 0.0, flips = 0, lastVertical = 0.0
        var previous = (x: p[0].x - p[p.count - 1].x, y: p[0].y - p[p.count - 1].y)
        for i in 0..<p.count {
            let a = p[i], b = p[i + 1 == p.count ? 0 : i + 1]
            guard a.x.isFinite, a.y.isFinite else { return false }
            let d = (x: b.x - a.x, y: b.y - a.y)
            if d.x == 0 && d.y == 0 { continue }
            if d.y != 0 {
                let vertical: Double = d.y > 0 ? 1 : -1
                if vertical != lastVertical { flips += 1; lastVertical = vertical }
            }
            if previous.x == 0 && previous.y == 0 { previous = d; continue }
            let cross = previous.x * d.y - previous.y * d.x, dot = previous.x * d.x + previous.y * d.y
            let scale = (previous.x * previous.x + previous.y * previous.y) * (d.x * d.x + d.y * d.y)
            if cross * cross > 1e-18 * scale {
                let turn: Double = cross > 0 ? 1 : -1
                if sign == 0 { sign = turn } else if turn != sign { return false }
            } else if dot < 0 {
                return false  // a U-turn
            }
            previous = d
        }
        // Counting from the first edge, a polygon turning once changes vertical direction twice
        // (the count includes the first direction seen, and may close on it again).
        return sign != 0 && flips <= 3
    }
}

/// The polygon's edges, clipped, each stored top to bottom with its winding direction.
private struct EdgeList {
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var slope: Double  // dx/dy
        var direction: Int32  // +1 downwards, −1 upwards
        @inline(__always) func x(at y: Double) -> Double {
            y == y1 ? x1 : x0 + slope * (y - y0)
        }
    }

    let bounds: CGRect
    var edges: [Edge] = []
    var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity

    init(bounds: CGRect) { self.bounds = bounds }

    /// Adds the edge from `a` to `b`, cut to the bounds' rows and moved onto its left or right
    /// side where it lies beyond them.
    mutating func add(_ a: CGPoint, _ b: CGPoint) {
        guard a.y != b.y else { return }
        let direction: Int32 = b.y > a.y ? 1 : -1
        var (x0, y0, x1, y1) = direction > 0 ? (a.x, a.y, b.x, b.y) : (b.x, b.y, a.x, a.y)
        let top = bounds.minY, bottom = bounds.maxY, left = bounds.minX, right = bounds.maxX
        guard y1 > top, y0 < bottom else { return }
        let slope = (x1 - x0) / (y1 - y0)
        if y0 < top { x0 += slope * (top - y0); y0 = top }
        if y1 > bottom { x1 = x0 + slope * (bottom - y0); y1 = bottom }
        guard y1 > y0 else { return }
        // Cut where the edge crosses the left and right sides; pieces beyond move onto them.
        var c1 = y1, c2 = y1
        if (x0 - left) * (x1 - left) < 0 { c1 = y0 + (left - x0) / slope }
        if (x0 - right) * (x1 - right) < 0 { c2 = y0 + (right - x0) / slope }
        if c1 > c2 { swap(&c1, &c2) }
        var ya = y0, xa = x0
        for yb in [c1, c2, y1] where yb > ya {
            var xb = yb == y1 ? x1 : x0 + slope * (yb - y0)
            var pa = xa
            let mid = (xa + xb) / 2
            if mid <= left { pa = left; xb = left } else if mid >= right { pa = right; xb = right }
            pa = max(left, min(right, pa)); xb = max(left, min(right, xb))
            append(Edge(x0: pa, y0: ya, x1: xb, y1: yb, slope: (xb - pa) / (yb - ya), direction: direction))
            ya = yb
            xa = yb == y1 ? x1 : x0 + slope * (yb - y0)
            if ya >= y1 { break }
        }
    }

    private mutating func append(_ e: Edge) {
        edges.append(e)
        minX = min(minX, e.x0, e.x1); maxX = max(maxX, e.x0, e.x1)
        minY = min(minY, e.y0); maxY = max(maxY, e.y1)
    }

    /// The mask: every row swept, slab by slab.
    func sweep(evenOdd: Bool, simple: Bool) -> CoverageMask {
        guard !edges.isEmpty else { return .empty }
        let originX = Int(minX.rounded(.down)), originY = Int(minY.rounded(.down))
        let width = Int(maxX.rounded(.up)) - originX, height = Int(maxY.rounded(.up)) - originY
        guard width > 0, height > 0 else { return .empty }
        let sorted = edges.sorted { $0.y0 < $1.y0 }
        var mask = [UInt8](repeating: 0, count: width * height)
        var row = RowAccumulator(width: width, originX: Double(originX))
        var active: [Int] = []
        var next = 0
        var breaks: [Double] = []
        var spans: [Span] = []
        mask.withUnsafeMutableBufferPointer { maskBuffer in
            for y in 0..<height {
                let top = Double(originY + y), bottom = top + 1
                while next < sorted.count, sorted[next].y0 < bottom { active.append(next); next += 1 }
                active.removeAll { sorted[$0].y1 <= top }
                if active.isEmpty { continue }
                if simple {
                    // One convex contour: every edge's signed area, summed, is the exact coverage.
                    for i in active {
                        let e = sorted[i]
                        let ya = max(e.y0, top), yb = min(e.y1, bottom)
                        if yb > ya { row.add(e.x(at: ya), e.x(at: yb), height: yb - ya, sign: Double(e.direction)) }
                    }
                    row.emit(into: UnsafeMutableBufferPointer(rebasing: maskBuffer[(y * width)..<((y + 1) * width)]))
                    continue
                }
                breaks.removeAll(keepingCapacity: true)
                breaks.append(top); breaks.append(bottom)
                for i in active {
                    let e = sorted[i]
                    if e.y0 > top { breaks.append(e.y0) }
                    if e.y1 < bottom { breaks.append(e.y1) }
                }
                if breaks.count > 2 { breaks.sort() }
                var lower = breaks[0]
                for upper in breaks.dropFirst() where upper > lower {
                    slab(lower, upper, sorted, active, &spans, &row, evenOdd: evenOdd, split: true)
                    lower = upper
                }
                row.emit(into: UnsafeMutableBufferPointer(rebasing: maskBuffer[(y * width)..<((y + 1) * width)]))
            }
        }
        return CoverageMask(originX: originX, originY: originY, width: width, height: height, coverage: mask)
    }

    struct Span {
        var key: Double, xa: Double, xb: Double, direction: Int32
    }

    /// One slab [ya, yb] of a row: the edges spanning it, in order, walked by winding number.
    private func slab(_ ya: Double, _ yb: Double, _ sorted: [Edge], _ active: [Int], _ spans: inout [Span],
                      _ row: inout RowAccumulator, evenOdd: Bool, split: Bool) {
        spans.removeAll(keepingCapacity: true)
        for i in active {
            let e = sorted[i]
            guard e.y0 <= ya, e.y1 >= yb else { continue }
            let xa = e.x(at: ya), xb = e.x(at: yb)
            spans.append(Span(key: xa + xb, xa: xa, xb: xb, direction: e.direction))
        }
        guard spans.count > 1 else { return }
        if spans.count == 2 {
            if spans[0].key > spans[1].key { spans.swapAt(0, 1) }
        } else {
            spans.sort { $0.key < $1.key }
        }
        // Edges that cross inside the slab leave the order at its top or bottom out of step.
        var crossed = false
        for i in 1..<spans.count where spans[i].xa < spans[i - 1].xa || spans[i].xb < spans[i - 1].xb {
            crossed = true
            break
        }
        if crossed, split {
            var cuts: [Double] = []
            for i in 0..<spans.count {
                for j in (i + 1)..<spans.count {
                    let da = spans[i].xa - spans[j].xa, db = spans[i].xb - spans[j].xb
                    if da * db < 0 {
                        let y = ya + (yb - ya) * da / (da - db)
                        if y > ya, y < yb { cuts.append(y) }
                    }
                }
            }
            if !cuts.isEmpty {
                cuts.sort()
                var lower = ya
                var local: [Span] = []
                for upper in cuts + [yb] where upper > lower {
                    slab(lower, upper, sorted, active, &local, &row, evenOdd: evenOdd, split: false)
                    lower = upper
                }
                return
            }
        }
        var winding: Int32 = 0
        for span in spans {
            let before = evenOdd ? winding & 1 != 0 : winding != 0
            winding += span.direction
            let after = evenOdd ? winding & 1 != 0 : winding != 0
            if before != after {
                row.add(span.xa, span.xb, height: yb - ya, sign: after ? 1 : -1)
            }
        }
    }
}

/// One row of cells: each holds the change in coverage from the pixel before, so a running sum
/// gives each pixel's coverage.
private struct RowAccumulator {
    var cells: [Double]
    var touched: [(Int, Int)] = []
    let width: Int
    let originX: Double

    init(width: Int, originX: Double) {
        self.width = width
        self.originX = originX
        cells = [Double](repeating: 0, count: width + 2)
    }

    /// ∫₀ᵗ clamp(s, 0, 1) ds.
    @inline(__always) private static func ramp(_ t: Double) -> Double {
        t <= 0 ? 0 : (t < 1 ? 0.5 * t * t : t - 0.5)
    }

    /// Adds a line from x = `xa` at a slab's top to `xb` at its bottom, `height` tall: in each
    /// pixel the area of the slab to its right, times `sign`.
    mutating func add(_ xa: Double, _ xb: Double, height h: Double, sign: Double) {
        let a = min(xa, xb) - originX, b = max(xa, xb) - originX
        let lo = max(0, min(width, Int(a.rounded(.down))))
        if b - a < 1e-9 || Int(b.rounded(.down)) <= lo {
            // Within one pixel: the area right of the line in pixel lo is h·(lo + 1 − mean x).
            let inside = h * max(0, min(1, Double(lo + 1) - (a + b) / 2))
            cells[lo] += sign * inside
            cells[lo + 1] += sign * (h - inside)
            touched.append((lo, lo + 1))
            return
        }
        let hi = max(lo, min(width, Int(b.rounded(.down))))
        // g(x) = h/(b − a) · (R(x + 1 − a) − R(x + 1 − b)), R the ramp's antiderivative.
        let scale = h / (b - a)
        var previous = 0.0
        for x in lo...hi {
            let edge = Double(x + 1)
            let g = scale * (Self.ramp(edge - a) - Self.ramp(edge - b))
            cells[x] += sign * (g - previous)
            previous = g
        }
        cells[hi + 1] += sign * (h - previous)
        touched.append((lo, hi + 1))
    }

    /// Writes the row's coverage into `out` and clears the cells.
    mutating func emit(into out: UnsafeMutableBufferPointer<UInt8>) {
        guard !touched.isEmpty else { return }
        if touched.count > 1 { touched.sort { $0.0 < $1.0 } }
        var running = 0.0
        var x = 0
        @inline(__always) func level(_ v: Double) -> UInt8 { UInt8(min(1, abs(v)) * 255 + 0.5) }
        var i = 0
        while i < touched.count {
            var (lo, hi) = touched[i]
            i += 1
            while i < touched.count, touched[i].0 <= hi + 1 { hi = max(hi, touched[i].1); i += 1 }
            if lo > x {
                let byte = level(running)
                if byte != 0 { out.baseAddress!.advanced(by: x).update(repeating: byte, count: min(lo, width) - x) }
            }
            for c in max(lo, x)...hi {
                running += cells[c]
                cells[c] = 0
                if c < width { out[c] = level(running) }
            }
            x = min(width, hi + 1)
        }
        if x < width {
            let byte = level(running)
            if byte != 0 { out.baseAddress!.advanced(by: x).update(repeating: byte, count: width - x) }
        }
        touched.removeAll(keepingCapacity: true)
    }
}
