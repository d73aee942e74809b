import Foundation

/// The parts of drawing text that concatenated runs and colour glyphs add: runs that share a
/// style are drawn through one mask, and emoji as a picture in their own colours.
extension ViewCompositor {
    /// The runs grouped by style, in order of first use: runs with no style of their own (the
    /// foreground style) form one group, runs of one colour another; any other style (a
    /// gradient, a shader) is a group of one run, resolved over the whole text's bounds as
    /// SwiftUI resolves a text's style.
    static func styleGroups(_ styles: [AnyShapeStyle?]) -> [(style: AnyShapeStyle?, runs: Set<Int>)] {
        var groups: [(style: AnyShapeStyle?, runs: Set<Int>)] = []
        for (run, style) in styles.enumerated() {
            if let index = groups.firstIndex(where: { Self.isSameStyle($0.style, style) }) {
                groups[index].runs.insert(run)
            } else {
                groups.append((style, [run]))
            }
        }
        return groups
    }

    /// Whether two runs paint alike: both the foreground style, or the same colour.
    private static func isSameStyle(_ a: AnyShapeStyle?, _ b: AnyShapeStyle?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?): return (a.base as? Color).map { $0 == b.base as? Color } ?? false
        default: return false
        }
    }

    /// The layout's colour glyphs drawn as premultiplied colour (not through a style), the
    /// picture's pixels on the layer's pixels, at `opacity`.
    func drawColorGlyphs(_ lines: TextLayout, at origin: CGPoint, into layer: Layer, opacity: Double) throws {
        guard lines.hasColorGlyphs, let picture = lines.renderColor(scale: Double(scale), cache: .shared) else { return }
        let s = CGFloat(scale)
        let pixels = picture.rgba.map { Float($0) / 255 }
        let texture = try Texture(context: context, image: RGBAImage(width: picture.width, height: picture.height, pixels: pixels))
        let x = Int((origin.x * s).rounded()) - picture.originX, y = Int((origin.y * s).rounded()) - picture.originY
        let rect = CGRect(x: CGFloat(x) / s, y: CGFloat(y) / s, width: CGFloat(picture.width) / s, height: CGFloat(picture.height) / s)
        let toDevice = layer.userToDevice(scale: scale)
        try paints.fill(.texture(texture, rect: rect, filter: .nearest), rect: rect.applying(toDevice), into: layer.framebuffer,
                        userToDevice: toDevice, opacity: Float(opacity))
    }
}
