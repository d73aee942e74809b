import Foundation

/// How much of each device pixel a shape or a run of text covers: what a paint (a colour, a
/// gradient, an image, a shader) is drawn through. Made by the path rasteriser for shapes and
/// from the text engine's `TextMask` for text; the compositor uploads it as a texture.
public struct CoverageMask: Sendable, Equatable {
    /// The mask's top-left pixel in the device grid it was rasterised on (may be negative).
    public var originX: Int
    public var originY: Int
    /// The mask's size in pixels.
    public var width: Int
    public var height: Int
    /// Coverage, 0 (none) to 255 (full), `width` bytes a row, top row first.
    public var coverage: [UInt8]

    /// A mask of these pixels.
    public init(originX: Int, originY: Int, width: Int, height: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height, "coverage holds width × height bytes")
        (self.originX, self.originY, self.width, self.height, self.coverage) = (originX, originY, width, height, coverage)
    }

    /// A mask covering nothing.
    public static let empty = CoverageMask(originX: 0, originY: 0, width: 0, height: 0, coverage: [])

    /// Whether no pixel is covered at all.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The coverage of device pixel (x, y); 0 outside the mask.
    public subscript(x: Int, y: Int) -> UInt8 {
        let mx = x - originX, my = y - originY
        guard mx >= 0, my >= 0, mx < width, my < height else { return 0 }
        return coverage[my * width + mx]
    }
}
