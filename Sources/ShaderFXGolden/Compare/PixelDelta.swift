// The per-pixel pass: colour deltas, anti-aliasing detection, error sums and the diff picture.
// Everything works on raw pointers into the premultiplied Float arrays; nothing allocates per
// pixel.

/// Per-pixel colour measures (pixelmatch's YIQ metric on premultiplied colours).
enum PixelDelta {
    // pixelmatch's RGB -> YIQ coefficients.
    static let yR: Float = 0.29889531, yG: Float = 0.58662247, yB: Float = 0.11448223
    static let iR: Float = 0.59597799, iG: Float = -0.27417610, iB: Float = -0.32180189
    static let qR: Float = 0.21147017, qG: Float = -0.52261711, qB: Float = 0.31114694
    /// Weights of the squared Y, I and Q differences.
    static let wY: Float = 0.5053, wI: Float = 0.299, wQ: Float = 0.1957
    /// pixelmatch's largest possible weighted YIQ difference, 35215 in 8-bit units, here for
    /// channels in 0...1.
    static let maxYIQ: Float = 35215.0 / 65025.0
    /// Weight of the alpha term in the brightness used by anti-aliasing detection.
    static let alphaBrightness: Float = 0.5

    /// The brightness anti-aliasing detection orders pixels by: luma of the premultiplied
    /// colour plus half the alpha. It is linear in premultiplied RGBA, so any coverage blend
    /// of two colours lies between them, and it tells a shape from a transparent
    /// background whatever the shape's colour (black included).
    @inline(__always)
    static func brightness(_ p: UnsafePointer<Float>) -> Float {
        let a = p[3]
        return a > 0 ? yR * p[0] + yG * p[1] + yB * p[2] + alphaBrightness * a : 0
    }

    /// Whether two pixels are the same colour as counted (a pixel with alpha 0 or less is
    /// (0, 0, 0, 0)).
    @inline(__always)
    static func samePixel(_ p: UnsafePointer<Float>, _ q: UnsafePointer<Float>) -> Bool {
        if p[3] <= 0 || q[3] <= 0 { return p[3] <= 0 && q[3] <= 0 }
        return p[0] == q[0] && p[1] == q[1] && p[2] == q[2] && p[3] == q[3]
    }
}

/// pixelmatch's anti-aliasing detection, run only for pixels above the threshold.
///
/// Brightness values are computed lazily, five rows at a time (the pixel's row and two
/// above and below, as far as `hasManySiblings` of a neighbour reaches), and kept in a small
/// ring, so a picture full of differences does not recompute them 30 times per pixel, and a
/// picture with few differences computes almost none. For rows y-1...y+1 the detector also
/// counts, in one vectorisable loop per row, how many of each pixel's eight neighbours have
/// its brightness: fewer than three means `hasManySiblings` is false without looking further.
struct AntialiasingDetector: ~Copyable {
    let a: UnsafePointer<Float>
    let b: UnsafePointer<Float>
    let width: Int
    let height: Int
    /// Brightness rows: image a in slots 0..<5, image b in slots 5..<10.
    private let ring: UnsafeMutablePointer<Float>
    /// The image row each of the five slots holds, or -1.
    private let slotRow: UnsafeMutablePointer<Int>
    /// Rows y-2...y+2 of the current row, for a then b (only rows inside the image are set).
    private let rows: UnsafeMutablePointer<UnsafePointer<Float>>
    /// Equal-brightness neighbour counts: image a in slots 0..<3, image b in 3..<6; 8 for
    /// pixels on the image border (they take the exact path).
    private let counts: UnsafeMutablePointer<UInt8>
    /// The image row each of the three count slots holds, or -1.
    private let countSlotRow: UnsafeMutablePointer<Int>
    /// Count rows y-1...y+1 of the current row, for a then b.
    private let countRows: UnsafeMutablePointer<UnsafePointer<UInt8>>
    private var preparedRow = -1

    init(a: UnsafePointer<Float>, b: UnsafePointer<Float>, width: Int, height: Int) {
        self.a = a
        self.b = b
        self.width = width
        self.height = height
        ring = .allocate(capacity: 10 * width)
        slotRow = .allocate(capacity: 5)
        slotRow.initialize(repeating: -1, count: 5)
        rows = .allocate(capacity: 10)
        rows.initialize(repeating: UnsafePointer(ring), count: 10)
        counts = .allocate(capacity: 6 * width)
        countSlotRow = .allocate(capacity: 3)
        countSlotRow.initialize(repeating: -1, count: 3)
        countRows = .allocate(capacity: 6)
        countRows.initialize(repeating: UnsafePointer(counts), count: 6)
    }

    deinit {
        ring.deallocate()
        slotRow.deallocate()
        rows.deallocate()
        counts.deallocate()
        countSlotRow.deallocate()
        countRows.deallocate()
    }

    /// Makes the brightness of rows y-2...y+2 of both images available.
    private mutating func prepare(row y: Int) {
        if preparedRow == y { return }
        for k in 0..<5 {
            let yy = y + k - 2
            guard yy >= 0 && yy < height else { continue }
            let slot = yy % 5
            let la = ring + slot * width, lb = ring + (5 + slot) * width
            if slotRow[slot] != yy {
                let pa = a + yy * width * 4, pb = b + yy * width * 4
                for x in 0..<width {
                    la[x] = PixelDelta.brightness(pa + x &* 4)
                    lb[x] = PixelDelta.brightness(pb + x &* 4)
                }
                slotRow[slot] = yy
            }
            rows[k] = UnsafePointer(la)
            rows[5 + k] = UnsafePointer(lb)
        }
        for k in 0..<3 {
            let yy = y + k - 1
            guard yy >= 0 && yy < height else { continue }
            let slot = yy % 3
            let ca = counts + slot * width, cb = counts + (3 + slot) * width
            if countSlotRow[slot] != yy {
                countEqualNeighbours(into: ca, rows: k + 1, y: yy)
                countEqualNeighbours(into: cb, rows: 5 + k + 1, y: yy)
                countSlotRow[slot] = yy
            }
            countRows[k] = UnsafePointer(ca)
            countRows[3 + k] = UnsafePointer(cb)
        }
        preparedRow = y
    }

    /// Fills `out` with, for each pixel of image row `y` (brightness row `rows[index]`), the
    /// number of its eight neighbours of equal brightness; 8 on the image border.
    private func countEqualNeighbours(
        into out: UnsafeMutablePointer<UInt8>, rows index: Int, y: Int
    ) {
        guard y > 0 && y < height - 1 && width > 2 else {
            out.initialize(repeating: 8, count: width)
            return
        }
        let up = rows[index - 1], mid = rows[index], down = rows[index + 1]
        out[0] = 8
        out[width - 1] = 8
        for x in 1..<(width - 1) {
            let c = mid[x]
            var n: UInt8 = 0
            n &+= up[x - 1] == c ? 1 : 0
            n &+= up[x] == c ? 1 : 0
            n &+= up[x + 1] == c ? 1 : 0
            n &+= mid[x - 1] == c ? 1 : 0
            n &+= mid[x + 1] == c ? 1 : 0
            n &+= down[x - 1] == c ? 1 : 0
            n &+= down[x] == c ? 1 : 0
            n &+= down[x + 1] == c ? 1 : 0
            out[x] = n
        }
    }

    /// Whether the pixel at (`x`, `y`) looks anti-aliased in either image.
    mutating func isAntialiased(x: Int, y: Int) -> Bool {
        prepare(row: y)
        return antialiased(first: true, x1: x, y1: y) || antialiased(first: false, x1: x, y1: y)
    }

    /// pixelmatch's `antialiased` for image a (`first`) or b, `y1` being the prepared row.
    ///
    /// The neighbours are visited in pixelmatch's order (column by column) and the darkest
    /// and brightest are kept with selects rather than branches: on noisy pictures those
    /// comparisons are unpredictable and branching on them costs more than the rest.
    private func antialiased(first: Bool, x1: Int, y1: Int) -> Bool {
        let base = first ? 2 : 7
        var n: AntialiasingNeighbours
        if x1 > 0 && x1 < width - 1 && y1 > 0 && y1 < height - 1 {
            let up = rows[base - 1], mid = rows[base], down = rows[base + 1]
            let c = mid[x1]
            let xl = x1 - 1, xr = x1 + 1, yu = y1 - 1, yd = y1 + 1
            n = AntialiasingNeighbours(zeroes: 0)
            n.add(c - up[xl], xl, yu)
            n.add(c - mid[xl], xl, y1)
            n.add(c - down[xl], xl, yd)
            n.add(c - up[x1], x1, yu)
            n.add(c - down[x1], x1, yd)
            n.add(c - up[xr], xr, yu)
            n.add(c - mid[xr], xr, y1)
            n.add(c - down[xr], xr, yd)
        } else {
            // on the border, which counts as one equal neighbour
            let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
            let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
            let c = rows[base][x1]
            n = AntialiasingNeighbours(zeroes: 1)
            var x = x0
            while x <= x2 {
                var y = y0
                while y <= y2 {
                    if x != x1 || y != y1 { n.add(c - rows[base + y - y1][x], x, y) }
                    y += 1
                }
                x += 1
            }
        }
        // more than two equal neighbours: not an edge; and it needs both a darker and a
        // brighter neighbour
        if n.zeroes > 2 || n.minDelta == 0 || n.maxDelta == 0 { return false }
        return (hasManySiblings(first: first, x1: n.minX, y1: n.minY, row: y1)
            && hasManySiblings(first: !first, x1: n.minX, y1: n.minY, row: y1))
            || (hasManySiblings(first: first, x1: n.maxX, y1: n.maxY, row: y1)
                && hasManySiblings(first: !first, x1: n.maxX, y1: n.maxY, row: y1))
    }

    /// pixelmatch's `hasManySiblings`: whether the pixel has three or more neighbours of
    /// exactly its colour (an image border counts as one). Equal colours have equal
    /// brightness, so the precomputed brightness count is looked at first, and colours are
    /// compared only when that count allows a yes.
    private func hasManySiblings(first: Bool, x1: Int, y1: Int, row: Int) -> Bool {
        // equal colours have equal brightness: too few equal brightnesses settle it
        if countRows[(first ? 1 : 4) + y1 - row][x1] < 3 { return false }
        let base = (first ? 2 : 7) + y1 - row
        let border = (x1 == 0 || x1 == width - 1 || y1 == 0 || y1 == height - 1) ? 1 : 0
        let image = first ? a : b
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let center = image + (y1 * width + x1) * 4
        let centerBrightness = rows[base][x1]
        var zeroes = border
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if (x != x1 || y != y1)
                    && rows[base + y - y1][x] == centerBrightness
                    && PixelDelta.samePixel(center, image + (y * width + x) * 4)
                {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
                y += 1
            }
            x += 1
        }
        return false
    }
}

/// Running tally of a pixel's neighbours for `antialiased`: equal ones, and the most
/// negative and most positive brightness delta (first one wins on ties, as in pixelmatch).
struct AntialiasingNeighbours {
    var zeroes: Int
    var minDelta: Float = 0, maxDelta: Float = 0
    var minX = 0, minY = 0, maxX = 0, maxY = 0

    @inline(__always)
    mutating func add(_ delta: Float, _ x: Int, _ y: Int) {
        zeroes &+= delta == 0 ? 1 : 0
        let lower = delta < minDelta
        minDelta = lower ? delta : minDelta
        minX = lower ? x : minX
        minY = lower ? y : minY
        let higher = delta > maxDelta
        maxDelta = higher ? delta : maxDelta
        maxX = higher ? x : maxX
        maxY = higher ? y : maxY
    }
}

/// What the per-pixel pass found.
struct PixelPassStatistics {
    var differentPixels = 0
    var antialiasedPixels = 0
    var shiftedPixels = 0
    var ignoredPixels = 0
    /// Largest squared normalised delta (unclamped).
    var maxDelta2: Float = 0
    /// Pixel index of `maxDelta2`, or -1.
    var maxDeltaIndex = -1
    /// Largest absolute channel difference, 0...1 scale.
    var maxChannelDifference: Float = 0
    /// Sum of squared channel differences over all four channels, 0...1 scale.
    var sumOfSquares: Double = 0
}

enum PixelPass {
    /// The faded-grey look of pixelmatch's diff output: `alpha` is pixelmatch's default 0.1.
    static let fade: Float = 0.1
    /// Colour of a differing pixel in the diff image.
    static let differentColor = SIMD4<Float>(1, 0, 0, 1)
    /// Colour of an anti-aliased pixel in the diff image.
    static let antialiasedColor = SIMD4<Float>(1, 1, 0, 1)
    /// Colour of a pixel excused by the shift tolerance in the diff image.
    static let shiftedColor = SIMD4<Float>(0, 0.8, 1, 1)
    /// Colour of an ignored pixel (mask or region) in the diff image.
    static let ignoredColor = SIMD4<Float>(0.55, 0.45, 0.85, 1)

    /// Grey value of an unchanged pixel in the diff image: pixelmatch's
    /// `255 + (Y - 255) * alpha * a / 255` on a premultiplied colour, `1 + fade * (Y - a)`.
    @inline(__always)
    static func fadedGrey(_ p: UnsafePointer<Float>) -> Float {
        let a = p[3]
        guard a > 0 else { return 1 }
        let y = PixelDelta.yR * p[0] + PixelDelta.yG * p[1] + PixelDelta.yB * p[2]
        return 1 + fade * (y - a)
    }

    /// Runs the per-pixel pass over two images of `width` x `height`, in bands of rows on
    /// all cores.
    /// - Parameters:
    ///   - diff: when not nil, `width * height * 4` floats receive the diff picture.
    static func run(
        expected a: UnsafePointer<Float>, actual b: UnsafePointer<Float>,
        width: Int, height: Int, options: ComparisonOptions,
        diff: UnsafeMutablePointer<Float>?
    ) -> PixelPassStatistics {
        let parts = ComparisonBands.map(
            height: height, rowsPerBand: ComparisonBands.pixelRows
        ) { rows in
            runBand(expected: a, actual: b, width: width, height: height, rows: rows,
                    options: options, diff: diff)
        }
        // Merged in row order, so the result does not depend on scheduling.
        var stats = PixelPassStatistics()
        for part in parts {
            stats.differentPixels += part.differentPixels
            stats.antialiasedPixels += part.antialiasedPixels
            stats.shiftedPixels += part.shiftedPixels
            stats.ignoredPixels += part.ignoredPixels
            if part.maxDelta2 > stats.maxDelta2 {
                stats.maxDelta2 = part.maxDelta2
                stats.maxDeltaIndex = part.maxDeltaIndex
            }
            stats.maxChannelDifference = max(stats.maxChannelDifference, part.maxChannelDifference)
            stats.sumOfSquares += part.sumOfSquares
        }
        return stats
    }

    /// The per-pixel pass over the rows `rows`.
    static func runBand(
        expected a: UnsafePointer<Float>, actual b: UnsafePointer<Float>,
        width: Int, height: Int, rows: Range<Int>, options: ComparisonOptions,
        diff: UnsafeMutablePointer<Float>?
    ) -> PixelPassStatistics {
        var stats = PixelPassStatistics()
        let t = Float(max(0, min(options.threshold, 1)))
        let threshold2 = t * t
        let detectAA = options.ignoreAntialiasing
        var maxDelta2: Float = 0
        var maxIndex = -1
        var maxChannel = SIMD4<Float>.zero
        var detector = AntialiasingDetector(a: a, b: b, width: width, height: height)
        // Columns of the RGB -> (Y, I, Q, 0) matrix and the normalised YIQ weights.
        let toYIQr = SIMD4<Float>(PixelDelta.yR, PixelDelta.iR, PixelDelta.qR, 0)
        let toYIQg = SIMD4<Float>(PixelDelta.yG, PixelDelta.iG, PixelDelta.qG, 0)
        let toYIQb = SIMD4<Float>(PixelDelta.yB, PixelDelta.iB, PixelDelta.qB, 0)
        let weights = SIMD4<Float>(PixelDelta.wY, PixelDelta.wI, PixelDelta.wQ, 0)
            * (1 / PixelDelta.maxYIQ)
        let rawA = UnsafeRawPointer(a), rawB = UnsafeRawPointer(b)
        let ignores = options.ignoresPixels
        let hasRegions = !options.regions.isEmpty
        let shift = max(0, options.shiftTolerance)
        /// The squared delta of two pixels, as below.
        func delta2(_ i: Int, _ j: Int) -> Float {
            let pa = rawA.loadUnaligned(fromByteOffset: i &* 16, as: SIMD4<Float>.self)
            let pb = rawB.loadUnaligned(fromByteOffset: j &* 16, as: SIMD4<Float>.self)
            let d = (pa.w > 0 ? pa : .zero) - (pb.w > 0 ? pb : .zero)
            let yiq = d.x * toYIQr + d.y * toYIQg + d.z * toYIQb
            return (yiq * yiq * weights).sum() + d.w * d.w
        }
        /// Whether each image's pixel at (x, y) has a match within `shift` pixels in the other.
        func matchesNearby(x: Int, y: Int) -> Bool {
            let index = y * width + x
            var expectedFound = false, actualFound = false
            for sy in max(0, y - shift)...min(height - 1, y + shift) {
                for sx in max(0, x - shift)...min(width - 1, x + shift) {
                    let other = sy * width + sx
                    if !expectedFound, min(delta2(index, other), 1) <= threshold2 { expectedFound = true }
                    if !actualFound, min(delta2(other, index), 1) <= threshold2 { actualFound = true }
                    if expectedFound && actualFound { return true }
                }
            }
            return false
        }
        for y in rows {
            var rowSquares = SIMD4<Float>.zero
            let rowStart = y * width
            for x in 0..<width {
                let index = rowStart &+ x
                let offset = index &* 16
                let va = rawA.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                let vb = rawB.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                if let diff {
                    let g = fadedGrey(a + index &* 4)
                    let o = diff + index &* 4
                    o[0] = g; o[1] = g; o[2] = g; o[3] = 1
                }
                if ignores && options.isIgnored(x: x, y: y) {
                    stats.ignoredPixels += 1
                    if let diff { storeColor(ignoredColor, diff + index &* 4) }
                    continue
                }
                // fast skip of equal pixels
                if va == vb { continue }
                // a pixel with alpha <= 0 counts as (0, 0, 0, 0)
                let ea = va.w > 0 ? va : .zero
                let eb = vb.w > 0 ? vb : .zero
                let d = ea - eb
                let ad = d.replacing(with: -d, where: d .< 0)
                maxChannel.replace(with: ad, where: ad .> maxChannel)
                rowSquares += d * d
                let yiq = d.x * toYIQr + d.y * toYIQg + d.z * toYIQb
                let delta2 = (yiq * yiq * weights).sum() + d.w * d.w
                if delta2 > maxDelta2 {
                    maxDelta2 = delta2
                    maxIndex = index
                }
                let pixelThreshold2 = hasRegions ? options.threshold2(x: x, y: y) : threshold2
                if min(delta2, 1) > pixelThreshold2 {
                    if detectAA && detector.isAntialiased(x: x, y: y) {
                        stats.antialiasedPixels += 1
                        if let diff { storeColor(antialiasedColor, diff + index &* 4) }
                    } else if shift > 0 && matchesNearby(x: x, y: y) {
                        stats.shiftedPixels += 1
                        if let diff { storeColor(shiftedColor, diff + index &* 4) }
                    } else {
                        stats.differentPixels += 1
                        if let diff { storeColor(differentColor, diff + index &* 4) }
                    }
                }
            }
            stats.sumOfSquares += Double(rowSquares.sum())
        }
        stats.maxDelta2 = maxDelta2
        stats.maxDeltaIndex = maxIndex
        stats.maxChannelDifference = maxChannel.max()
        return stats
    }

    /// Writes the faded-grey picture of `a` alone (for identical images).
    static func fadedCopy(
        _ a: UnsafePointer<Float>, count pixels: Int, into diff: UnsafeMutablePointer<Float>
    ) {
        for index in 0..<pixels {
            let g = fadedGrey(a + index &* 4)
            let o = diff + index &* 4
            o[0] = g; o[1] = g; o[2] = g; o[3] = 1
        }
    }

    @inline(__always)
    static func storeColor(_ c: SIMD4<Float>, _ o: UnsafeMutablePointer<Float>) {
        o[0] = c.x; o[1] = c.y; o[2] = c.z; o[3] = c.w
    }
}
