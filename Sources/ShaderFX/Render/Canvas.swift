/// A texture plus where it sits: `margin` pixels of growth around the frame, at
/// `scale / reduction` pixels per point (`reduction` > 1: a pass's coarser grid).
///
/// What an effect chain reads (the layer it runs over) and what it returns (the result canvas).
struct Canvas {
    let texture: Texture
    let margin: SIMD2<Int>
    let scale: Int
    var reduction: Int = 1
    /// The framebuffer drawing into `texture`, when it has one (a source picture has none).
    var framebuffer: Framebuffer? = nil
    /// Already straight 8-bit RGBA of the frame (drawn by `Renderer.run(_:over:straightInto:)`).
    var straight = false

    /// Pixels per point.
    var density: Float { reduction == 1 ? Float(scale) : Float(scale) / Float(reduction) }
    var originPoints: SIMD2<Float> { SIMD2(Float(-margin.x), Float(-margin.y)) / density }
    var sizePoints: SIMD2<Float> { SIMD2(Float(texture.width), Float(texture.height)) / density }
}
