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

    /// The pixels as 8-bit premultiplied RGBA when that loses nothing: every pixel opaque and
    /// every channel a whole 8-bit level (a picture read from an opaque 8-bit PNG); else nil.
    package var exactOpaqueBytes: [UInt8]? {
        let count = pixels.count
        guard count > 0 else { return nil }
        return pixels.withUnsafeBufferPointer { source -> [UInt8]? in
            var bytes = [UInt8](repeating: 0, count: count)
            let exact = bytes.withUnsafeMutableBufferPointer { out -> Bool in
                var i = 0
                while i < count {
                    if source[i + 3] != 1 { return false }
                    for c in 0..<3 {
                        // Truncating + 0.5 rounds (the value is checked to be in range first);
                        // cheaper than a call to roundf per channel.
                        let scaled = source[i + c] * 255
                        guard scaled >= -0.001, scaled <= 255.001 else { return false }
                        let level = Int32(scaled + 0.5)
                        guard abs(scaled - Float(level)) < 1e-3 else { return false }
                        out[i + c] = UInt8(truncatingIfNeeded: level)
                    }
                    out[i + 3] = 255
                    i += 4
                }
                return true
            }
            return exact ? bytes : nil
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
