/// The picture last rendered, uploaded, and its layer: every frame of an animation over one
/// picture starts from the same texture and the same rasterised layer.
///
/// Sources are float textures (the context's `RGBA32F`, or `RGBA16F` where 32-bit floats cannot
/// be filtered), whatever the picture: an opaque picture of whole 8-bit levels (an opaque PNG)
/// in an 8-bit texture would be filtered by llvmpipe with 8-bit weights, a ripple over a photo
/// then losing 35 dB of PSNR against exact bilinear sampling.
final class SourceCache {
    let context: GPUContext
    private var source: (image: RGBAImage, texture: Texture)?
    private var layer: (source: Texture, margin: SIMD2<Int>, scale: Int, reduction: Int, canvas: Canvas)?

    init(context: GPUContext) { self.context = context }

    /// The texture holding `image` (row 0 at the top), uploaded now unless it was the last
    /// picture; `uploaded` is the time an upload took (zero when kept).
    func texture(for image: RGBAImage) throws -> (texture: Texture, uploaded: Duration) {
        if let source, source.image == image { return (source.texture, .zero) }
        let started = ContinuousClock.now
        let texture = try Texture(context: context, image: image)
        source = (image, texture)
        return (texture, ContinuousClock.now - started)
    }

    /// The layer of `input` at this margin, scale and reduction when it is the one kept.
    func layer(of input: Texture, margin: SIMD2<Int>, scale: Int, reduction: Int) -> Canvas? {
        guard let layer, layer.source === input, layer.margin == margin, layer.scale == scale, layer.reduction == reduction else {
            return nil
        }
        return layer.canvas
    }

    /// Keeps `canvas` as the layer of `input` (replacing the one kept).
    func keep(_ canvas: Canvas, asLayerOf input: Texture) {
        layer = (input, canvas.margin, canvas.scale, canvas.reduction, canvas)
    }
}
