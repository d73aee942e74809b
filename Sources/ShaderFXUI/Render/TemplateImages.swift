import Foundation

extension ViewCompositor {
    /// A template image (`Image(...).renderingMode(.template)`): the foreground style painted
    /// over the image's rectangle in a layer, cut to the picture's alpha (the picture drawn as
    /// usual into a second layer, composited destination-in), then composited source-over in
    /// place. Any style works, a gradient or a shader too, and the picture's own colours are
    /// not drawn.
    func drawTemplate(_ image: ImageDrawing, in rect: CGRect, transform: CGAffineTransform, clip: [Path], into layer: Layer,
                      opacity: Double) throws {
        // Whole pixels around the transformed rectangle, so no edge pixel is cut.
        let bounds = rect.applying(transform).insetBy(dx: -1, dy: -1)
        let paintLayer = try pixelLayer(for: bounds)
        defer { recycle(paintLayer) }
        try fill(Path(rect), eoFill: false, style: image.templateStyle, bounds: rect, transform: transform, clip: clip,
                 into: paintLayer, opacity: 1)
        let alphaLayer = try pixelLayer(for: bounds)
        defer { recycle(alphaLayer) }
        var picture = image
        picture.isTemplate = false
        try drawImage(picture, in: rect, transform: transform, clip: clip, into: alphaLayer, opacity: 1)
        let blender = try blendCompositor()
        try blender.composite(alphaLayer, onto: paintLayer, .destinationIn, opacity: 1)
        try blender.composite(paintLayer, onto: layer, .mode(.normal), opacity: Float(opacity))
    }
}
