#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Mean SSIM (Wang, Bovik, Sheikh, Simoncelli 2004) on the luma of premultiplied colours.
///
/// Windows are 11x11 circular-symmetric Gaussians with sigma 1.5, constants
/// C1 = (0.01 L)² and C2 = (0.03 L)² with L = 1 (luma in 0...1). Every pixel position gets a
/// window; near the borders the window is cut at the image edge and its weights renormalised
/// (so differences at the border count too, and tiny images work). The local statistics come
/// from separable filtering (a horizontal then a vertical 11-tap pass) streamed through a ring
/// of 11 rows, so memory stays at a few rows per band of 128 rows (bands run on all cores and
/// only their 10 rows of margin are filtered twice). Sums are in single precision (SIMD4),
/// row totals in double: the mean is good to about 1e-4.
enum SSIMKernel {
    static let radius = 5
    static let sigma: Float = 1.5
    static let c1: Float = 0.01 * 0.01
    static let c2: Float = 0.03 * 0.03

    /// The normalised 11 Gaussian weights.
    static let weights: [Float] = {
        let r = SSIMKernel.radius
        var w = (0...(2 * r)).map { k -> Double in
            let d = Double(k - r)
            return exp(-d * d / (2 * Double(SSIMKernel.sigma) * Double(SSIMKernel.sigma)))
        }
        let sum = w.reduce(0, +)
        for k in w.indices { w[k] /= sum }
        return w.map { Float($0) }
    }()

    /// For each position 0..<n, 1 / (sum of the weights whose taps fall inside 0..<n).
    static func inverseWeightSums(_ n: Int) -> [Float] {
        let r = radius
        let g = weights
        return (0..<n).map { p in
            var s: Float = 0
            for k in 0...(2 * r) where p + k - r >= 0 && p + k - r < n { s += g[k] }
            return 1 / s
        }
    }

    /// The mean SSIM of the two premultiplied images' luma, computed in bands of rows on all
    /// cores.
    static func mean(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, width w: Int, height h: Int
    ) -> Double {
        let invWx = inverseWeightSums(w)
        let invWy = inverseWeightSums(h)
        let sums = invWx.withUnsafeBufferPointer { invWx in
            invWy.withUnsafeBufferPointer { invWy in
                ComparisonBands.map(height: h, rowsPerBand: ComparisonBands.ssimRows) { rows in
                    sum(a, b, width: w, height: h, rows: rows,
                        invWx: invWx.baseAddress!, invWy: invWy.baseAddress!)
                }
            }
        }
        return sums.reduce(0, +) / Double(w * h)
    }

    @inline(__always)
    private static func load(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
    }

    /// The sum of the SSIM values of the windows centred on the rows `rows`.
    static func sum(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, width w: Int, height h: Int,
        rows outputRows: Range<Int>, invWx: UnsafePointer<Float>, invWy: UnsafePointer<Float>
    ) -> Double {
        let r = radius, taps = 2 * r + 1
        let g = weights
        let g0 = g[5], g1 = g[4], g2 = g[3], g3 = g[2], g4 = g[1], g5 = g[0]
        let c1 = SSIMKernel.c1, c2 = SSIMKernel.c2

        // Five padded input rows: luma a, luma b, a², b², ab. The pads stay 0.
        let pw = w + 2 * r
        let input = UnsafeMutablePointer<Float>.allocate(capacity: 5 * pw)
        input.initialize(repeating: 0, count: 5 * pw)
        // Ring of horizontally filtered rows: 5 quantities x 11 rows x w.
        let ring = UnsafeMutablePointer<Float>.allocate(capacity: 5 * taps * w)
        ring.initialize(repeating: 0, count: 5 * taps * w)
        let zeroRow = UnsafeMutablePointer<Float>.allocate(capacity: w)
        zeroRow.initialize(repeating: 0, count: w)
        // Vertically filtered row of the five quantities.
        let local = UnsafeMutablePointer<Float>.allocate(capacity: 5 * w)
        local.initialize(repeating: 0, count: 5 * w)
        defer {
            input.deallocate()
            ring.deallocate()
            zeroRow.deallocate()
            local.deallocate()
        }
        let rows = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(capacity: taps)
        defer { rows.deallocate() }

        var total: Double = 0
        for yIn in (outputRows.lowerBound - r)..<(outputRows.upperBound + r) {
            if yIn >= 0 && yIn < h {
                // Luma rows and their products.
                let la = input + r, lb = input + pw + r
                let laa = input + 2 * pw + r, lbb = input + 3 * pw + r, lab = input + 4 * pw + r
                let rowA = a + yIn * w * 4, rowB = b + yIn * w * 4
                for x in 0..<w {
                    let pa = rowA + x &* 4, pb = rowB + x &* 4
                    let ya = PixelDelta.yR * pa[0] + PixelDelta.yG * pa[1] + PixelDelta.yB * pa[2]
                    let yb = PixelDelta.yR * pb[0] + PixelDelta.yG * pb[1] + PixelDelta.yB * pb[2]
                    let va = pa[3] > 0 ? ya : 0
                    let vb = pb[3] > 0 ? yb : 0
                    la[x] = va; lb[x] = vb
                    laa[x] = va * va; lbb[x] = vb * vb; lab[x] = va * vb
                }
                // Horizontal 11-tap pass, symmetric weights.
                let slot = yIn % taps
                for quantity in 0..<5 {
                    let src = UnsafePointer(input + quantity * pw + r)
                    let dst = ring + (quantity * taps + slot) * w
                    for x in 0..<w {
                        let s = src + x
                        var acc = g0 * s[0]
                        acc += g1 * (s[-1] + s[1])
                        acc += g2 * (s[-2] + s[2])
                        acc += g3 * (s[-3] + s[3])
                        acc += g4 * (s[-4] + s[4])
                        acc += g5 * (s[-5] + s[5])
                        dst[x] = acc
                    }
                }
            }
            let yOut = yIn - r
            guard yOut >= outputRows.lowerBound else { continue }
            // Vertical 11-tap pass over rows yOut-5...yOut+5 (zero rows outside the image).
            for quantity in 0..<5 {
                for k in 0..<taps {
                    let y = yOut + k - r
                    rows[k] = (y >= 0 && y < h)
                        ? UnsafePointer(ring + (quantity * taps + y % taps) * w)
                        : UnsafePointer(zeroRow)
                }
                let p0 = rows[5], m1 = rows[4], p1 = rows[6], m2 = rows[3], p2 = rows[7]
                let m3 = rows[2], p3 = rows[8], m4 = rows[1], p4 = rows[9]
                let m5 = rows[0], p5 = rows[10]
                let dst = local + quantity * w
                for x in 0..<w {
                    var acc = g0 * p0[x]
                    acc += g1 * (m1[x] + p1[x])
                    acc += g2 * (m2[x] + p2[x])
                    acc += g3 * (m3[x] + p3[x])
                    acc += g4 * (m4[x] + p4[x])
                    acc += g5 * (m5[x] + p5[x])
                    dst[x] = acc
                }
            }
            // SSIM of each window of the row.
            let sa = local, sb = local + w
            let saa = local + 2 * w, sbb = local + 3 * w, sab = local + 4 * w
            let iy = invWy[yOut]
            // Four windows at a time; the last group of a row repeats the last column in
            // its unused lanes and leaves them out of the sum.
            var sums = SIMD4<Float>.zero
            var x = 0
            while x < w {
                let valid = min(4, w - x)
                var n = SIMD4<Float>(), va = SIMD4<Float>(), vb = SIMD4<Float>()
                var vaa = SIMD4<Float>(), vbb = SIMD4<Float>(), vab = SIMD4<Float>()
                if valid == 4 {
                    n = load(invWx + x) * iy
                    va = load(sa + x); vb = load(sb + x)
                    vaa = load(saa + x); vbb = load(sbb + x); vab = load(sab + x)
                } else {
                    for lane in 0..<4 {
                        let xi = x + min(lane, valid - 1)
                        n[lane] = invWx[xi] * iy
                        va[lane] = sa[xi]; vb[lane] = sb[xi]
                        vaa[lane] = saa[xi]; vbb[lane] = sbb[xi]; vab[lane] = sab[xi]
                    }
                }
                let mu1 = va * n, mu2 = vb * n
                let mu11 = mu1 * mu1, mu22 = mu2 * mu2, mu12 = mu1 * mu2
                let s11 = vaa * n - mu11
                let s22 = vbb * n - mu22
                let s12 = vab * n - mu12
                let num = (2 * mu12 + c1) * (2 * s12 + c2)
                let den = (mu11 + mu22 + c1) * (s11 + s22 + c2)
                var value = num / den
                if valid < 4 {
                    for lane in valid..<4 { value[lane] = 0 }
                }
                sums += value
                x += 4
            }
            let rowSum = sums.sum()
            total += Double(rowSum)
        }
        return total
    }
}
