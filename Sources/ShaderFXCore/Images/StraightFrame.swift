/// A frame read back as straight (not premultiplied) 8-bit RGBA, top row first: what a PNG
/// encoder or a video encoder takes.
public struct StraightFrame: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A, with colour un-premultiplied.
    public var bytes: [UInt8]
    /// The pool `bytes` came from, which `release()` gives them back to; nil for a frame that
    /// owns its bytes outright. Not part of the frame's value (`==` ignores it).
    public let pool: FrameBufferPool?

    /// A premultiplied image as straight 8-bit RGBA, rounded as a PNG file of it holds it
    /// (alpha-0 pixels are 0, 0, 0, 0).
    /// - Parameter image: the premultiplied image.
    public init(image: RGBAImage) {
        self.init(width: image.width, height: image.height, bytes: PNG.straight8(image).rgba)
    }

    /// A frame of `width * height * 4` straight RGBA bytes, top row first.
    /// - Parameters:
    ///   - pool: the pool the bytes were taken from (`FrameBufferPool.take`), for `release()`
    ///     to give them back to; nil (the default) when the frame owns them outright.
    public init(width: Int, height: Int, bytes: [UInt8], pool: FrameBufferPool? = nil) {
        precondition(bytes.count == width * height * 4, "a StraightFrame holds width * height * 4 bytes")
        self.width = width
        self.height = height
        self.bytes = bytes
        self.pool = pool
    }

    /// Gives the bytes back to the pool they came from, once the frame is written and no
    /// longer needed; does nothing for a frame without a pool. A copy still held elsewhere
    /// stays valid, but the next frame to take the buffer then copies all of it before writing
    /// (33 MB at 4K, every page fresh): the last holder should give it back, with
    /// `(consume frame).release()` where the frame is a variable of its own.
    public consuming func release() {
        pool?.recycle(bytes)
    }

    public static func == (a: StraightFrame, b: StraightFrame) -> Bool {
        a.width == b.width && a.height == b.height && a.bytes == b.bytes
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
