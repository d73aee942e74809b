extension ImageComparison {
    /// Side length in pixels of the checkerboard cells drawn behind each image.
    static let checkerboardCell = 8
    /// The two greys of the checkerboard behind each image.
    static let checkerboardColors: (light: Float, dark: Float) = (0.8, 0.6)
    /// The grey of the gaps between the images and of the area below a shorter image.
    static let sheetBackground: Float = 0.25

    /// One opaque picture of `expected | actual | diff`, left to right and top-aligned, with
    /// `gap` pixels of dark grey between them. Each image is drawn over a light checkerboard
    /// (8-pixel cells) so its transparent parts show; the area below a shorter image is dark
    /// grey like the gaps.
    /// - Parameters:
    ///   - expected: the reference image.
    ///   - actual: the image under test.
    ///   - diff: the difference picture (any image; usually from
    ///     ``diffImage(expected:actual:options:)``).
    ///   - gap: pixels between two neighbouring images (default 4).
    /// - Returns: an opaque image `expected.width + actual.width + diff.width + 2 * gap`
    ///   wide and as tall as the tallest of the three.
    public static func sideBySide(
        expected: RGBAImage, actual: RGBAImage, diff: RGBAImage, gap: Int = 4
    ) -> RGBAImage {
        let gap = max(0, gap)
        let width = expected.width + actual.width + diff.width + 2 * gap
        let height = max(expected.height, actual.height, diff.height)
        let bg = sheetBackground
        var sheet = RGBAImage(width: width, height: height, fill: SIMD4(bg, bg, bg, 1))
        var left = 0
        sheet.pixels.withUnsafeMutableBufferPointer { out in
            for image in [expected, actual, diff] {
                draw(image, into: out.baseAddress!, sheetWidth: width, left: left)
                left += image.width + gap
            }
        }
        return sheet
    }

    /// Composites `image` (premultiplied) over the checkerboard at column `left`, row 0.
    private static func draw(
        _ image: RGBAImage, into out: UnsafeMutablePointer<Float>, sheetWidth: Int, left: Int
    ) {
        let cell = checkerboardCell
        let (light, dark) = checkerboardColors
        image.pixels.withUnsafeBufferPointer { src in
            let s = src.baseAddress!
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = s + (y * image.width + x) * 4
                    let board = ((x / cell) + (y / cell)) % 2 == 0 ? light : dark
                    let a = min(max(p[3], 0), 1)
                    let o = out + (y * sheetWidth + left + x) * 4
                    let keep = 1 - a
                    o[0] = a > 0 ? p[0] + keep * board : board
                    o[1] = a > 0 ? p[1] + keep * board : board
                    o[2] = a > 0 ? p[2] + keep * board : board
                    o[3] = 1
                }
            }
        }
    }
}
