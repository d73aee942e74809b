/// The framebuffers of finished passes, kept for the next passes and calls to draw into;
/// bounded by `maxCount` and `maxBytes`, the oldest dropped (and deleted) first.
final class LayerPool {
    /// The most spare framebuffers kept between passes and calls.
    static let maxCount = 8
    /// The most memory the spare framebuffers may hold together: 512 MiB.
    static let maxBytes = 512 << 20

    let context: GPUContext
    private var spare: [Framebuffer] = []

    init(context: GPUContext) { self.context = context }

    /// The spare framebuffers held now.
    var count: Int { spare.count }

    /// A float framebuffer for a layer of `frame` pixels grown by `margin` on every side: a
    /// spare one of that size, or a new one.
    func take(frame: SIMD2<Int>, margin: SIMD2<Int>) throws(GPUError) -> Framebuffer {
        let width = frame.x + 2 * margin.x, height = frame.y + 2 * margin.y
        if let index = spare.firstIndex(where: { $0.width == width && $0.height == height }) {
            return spare.remove(at: index)
        }
        return try Framebuffer(context: context, width: width, height: height)
    }

    /// Returns framebuffers to the pool, then drops the oldest beyond its bounds.
    func retire(_ framebuffers: [Framebuffer]) {
        spare += framebuffers
        var total = spare.reduce(0) { $0 + $1.texture.byteCount }
        while spare.count > Self.maxCount || (total > Self.maxBytes && !spare.isEmpty) {
            total -= spare.removeFirst().texture.byteCount  // deleted now, with its context current
        }
    }
}
