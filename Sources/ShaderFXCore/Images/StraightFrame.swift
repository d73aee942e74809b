/// A frame read back as straight (not premultiplied) 8-bit RGBA, top row first: what a PNG
/// encoder or a video encoder takes.
public struct StraightFrame: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A, with colour un-premultiplied.
    public var bytes: [UInt8]

    /// A premultiplied image as straight 8-bit RGBA, rounded as a PNG file of it holds it
    /// (alpha-0 pixels are 0, 0, 0, 0).
    /// - Parameter image: the premultiplied image.
    public init(image: RGBAImage) {
        self.init(width: image.width, height: image.height, bytes: PNG.straight8(image).rgba)
    }

    /// A frame of `width * height * 4` straight RGBA bytes, top row first.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "a StraightFrame holds width * height * 4 bytes")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The frame as a premultiplied image (for contact sheets and comparisons).
    public var premultipliedImage: RGBAImage {
        var pixels = [Float](repeating: 0, count: bytes.count)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let a = Float(bytes[i + 3]) / 255
            pixels[i] = Float(bytes[i]) / 255 * a
            pixels[i + 1] = Float(bytes[i + 1]) / 255 * a
            pixels[i + 2] = Float(bytes[i + 2]) / 255 * a
            pixels[i + 3] = a
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// True when every alpha byte is 255.
    public var isOpaque: Bool {
        var i = 3
        while i < bytes.count {
            if bytes[i] != 255 { return false }
            i += 4
        }
        return true
    }
}
