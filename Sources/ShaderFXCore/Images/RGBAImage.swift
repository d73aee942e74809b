/// A picture in premultiplied RGBA with one `Float` per channel, top row first.
///
/// This is the one image type of ShaderFX: PNG files decode into it, textures upload from it,
/// frames read back into it, and comparisons work on it. Colours are premultiplied by alpha
/// (as SwiftUI's are), in the PNG's own encoding (no gamma conversion), nominally in 0...1.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` premultiplied channel values, row-major, top row first.
    public var pixels: [Float]

    /// Wraps existing premultiplied pixels.
    /// - Parameters:
    ///   - width: width in pixels, at least 1.
    ///   - height: height in pixels, at least 1.
    ///   - pixels: `width * height * 4` premultiplied values, top row first.
    public init(width: Int, height: Int, pixels: [Float]) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        precondition(pixels.count == width * height * 4, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one premultiplied colour (transparent by default).
    /// - Parameters:
    ///   - width: width in pixels, at least 1.
    ///   - height: height in pixels, at least 1.
    ///   - fill: the premultiplied colour of every pixel.
    public init(width: Int, height: Int, fill: SIMD4<Float> = .zero) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        self.width = width
        self.height = height
        var pixels = [Float](repeating: 0, count: width * height * 4)
        if fill != .zero {
            for i in 0..<(width * height) {
                pixels[i * 4] = fill.x
                pixels[i * 4 + 1] = fill.y
                pixels[i * 4 + 2] = fill.z
                pixels[i * 4 + 3] = fill.w
            }
        }
        self.pixels = pixels
    }

    /// The premultiplied colour at column `x`, row `y` (row 0 is the top).
    public subscript(x: Int, y: Int) -> SIMD4<Float> {
        get {
            let i = (y * width + x) * 4
            return SIMD4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.x
            pixels[i + 1] = newValue.y
            pixels[i + 2] = newValue.z
            pixels[i + 3] = newValue.w
        }
    }

    /// True when every pixel has alpha 1 (within half an 8-bit level).
    public var isOpaque: Bool {
        var i = 3
        while i < pixels.count {
            if pixels[i] < 1 - 0.5 / 255 { return false }
            i += 4
        }
        return true
    }
}
