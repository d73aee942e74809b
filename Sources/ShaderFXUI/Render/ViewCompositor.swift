import Foundation

/// Draws a laid-out view tree into premultiplied float layers on the GPU: shapes and text as
/// coverage masks through their paints (`PathRasterizer`, the text engine, `PaintPipeline`),
/// pictures as textures, and every effect that needs its content flattened first (a shader
/// modifier, blur, shadow, clip, mask, colour filter, rotation, group) by drawing the subtree
/// into a layer of its own and compositing the result. Shader effects run over that layer
/// through the renderer's one effect path (`Renderer.withEffects`), so `colorEffect`,
/// `distortionEffect` and `layerEffect` on a view behave as they do over a picture.
///
/// Coordinates: user space is the root view's, in points; a layer is a framebuffer whose pixel
/// (0, 0) sits at `origin` in the root's device pixels, so a point p maps to p × scale − origin.
/// The context must be current (the renderer's `withContext`).
final class ViewCompositor {
    let renderer: Renderer
    let paints: PaintPipeline
    let library: EffectLibrary
    let scale: Int
    private var spare: [Framebuffer] = []
    private var textures: [ObjectIdentifier: (box: PictureBox, texture: Texture)] = [:]
    /// Blend modes and template images (`BlendModes.swift`), made on first use.
    var blender: BlendCompositor?
    var coverageCache = CoverageCache()
    /// Text masks kept between renders, by what compositing them from glyphs reads (`TextMaskKey`),
    /// each with its layout's top-left corner at pixel (0, 0).
    var textMasks = KeptMasks<TextMaskKey>()
    /// Effect chains' results kept between renders (`EffectResultCache`).
    let effectResults = EffectResultCache()

    /// A framebuffer and where its pixel (0, 0) lies in the root's device pixels.
    struct Layer {
        let framebuffer: Framebuffer
        let origin: SIMD2<Int>

        /// User-space points to this layer's pixels.
        func userToDevice(scale: Int) -> CGAffineTransform {
            CGAffineTransform(a: CGFloat(scale), b: 0, c: 0, d: CGFloat(scale), tx: -CGFloat(origin.x), ty: -CGFloat(origin.y))
        }

        /// The layer's pixels, for clipping masks.
        var bounds: CGRect { CGRect(x: 0, y: 0, width: framebuffer.width, height: framebuffer.height) }
    }

    init(renderer: Renderer, paints: PaintPipeline, library: EffectLibrary, scale: Int) {
        self.renderer = renderer
        self.paints = paints
        self.library = library
        self.scale = scale
    }

    var context: GPUContext { renderer.context }

    /// Coverage masks made on the CPU (shapes rasterised, text composited from its glyphs) and
    /// masks found kept, since the compositor was made.
    var maskCounts: (rasterised: Int, reused: Int) {
        (coverageCache.rasterised + textMasks.rasterised, coverageCache.reused + textMasks.reused)
    }

    // MARK: Layers

    /// A cleared layer of `width` × `height` pixels at `origin`, from the spare ones when one fits.
    /// The clear is queued with the paint pipeline's fills, after any queued draw that still
    /// reads the spare layer.
    func makeLayer(width: Int, height: Int, origin: SIMD2<Int>) throws -> Layer {
        let framebuffer: Framebuffer
        if let index = spare.firstIndex(where: { $0.width == width && $0.height == height }) {
            framebuffer = spare.remove(at: index)
        } else {
            framebuffer = try Framebuffer(context: context, width: max(width, 1), height: max(height, 1))
        }
        try paints.clear(framebuffer)
        return Layer(framebuffer: framebuffer, origin: origin)
    }

    /// Runs `effects` over `layer` through the renderer's effect path (`Renderer.withEffects`)
    /// and gives `body` the result: the paint pipeline's queue is drawn before the passes read
    /// the layer, and again before the result's texture goes back to the renderer.
    func withEffects(_ effects: [Effect], over layer: Texture, size: SIMD2<Int>, margin: SIMD2<Int>,
                     _ body: (Texture, SIMD2<Int>) throws -> Void) throws {
        try paints.flush()
        try renderer.withEffects(effects, over: layer, size: size, margin: margin, scale: scale) { texture, grown in
            try body(texture, grown)
            try paints.flush()
        }
    }

    /// Gives a layer back for reuse (at most 8 kept).
    func recycle(_ layer: Layer) {
        spare.append(layer.framebuffer)
        if spare.count > 8 { spare.removeFirst() }
    }

    /// The device-pixel rectangle of `frame` (root points): frames are rounded to pixels, so
    /// this is exact.
    func pixelRect(_ frame: CGRect) -> (origin: SIMD2<Int>, size: SIMD2<Int>) {
        let s = CGFloat(scale)
        let x0 = Int((frame.minX * s).rounded()), y0 = Int((frame.minY * s).rounded())
        let x1 = Int((frame.maxX * s).rounded()), y1 = Int((frame.maxY * s).rounded())
        return (SIMD2(x0, y0), SIMD2(max(x1 - x0, 0), max(y1 - y0, 0)))
    }

    // MARK: Drawing a node

    /// Draws `node`, laid out as `result`, into `layer` at `opacity`.
    func draw(_ node: ViewNode, _ result: LayoutResult.Node, into layer: Layer, opacity: Double) throws {
        guard opacity > 0 else { return }
        switch node.drawing {
        case .children:
            for (child, childResult) in zip(node.children, result.children) {
                try draw(child, childResult, into: layer, opacity: opacity)
            }
        case .backgroundFirst:
            if node.children.count > 1 { try draw(node.children[1], result.children[1], into: layer, opacity: opacity) }
            try draw(node.children[0], result.children[0], into: layer, opacity: opacity)
        case .nothing:
            break
        case .shape(let shape):
            try drawShape(shape, frame: result.frame, into: layer, opacity: opacity)
        case .text(let text):
            try drawText(text, result, into: layer, opacity: opacity)
        case .image(let image):
            try drawImage(image, in: result.frame, transform: .identity, clip: [], into: layer, opacity: opacity)
        case .canvas(let canvas):
            try drawCanvas(canvas, frame: result.frame, into: layer, opacity: opacity)
        case .effect(let effect):
            try drawEffect(effect, node, result, into: layer, opacity: opacity)
        }
    }

    /// Fills `path` (user space, mapped by `transform` first) with `style` resolved in `bounds`.
    func fill(_ path: Path, eoFill: Bool, style: AnyShapeStyle?, bounds: CGRect, transform: CGAffineTransform = .identity,
              clip: [Path] = [], into layer: Layer, opacity: Double) throws {
        let toDevice = transform.concatenating(layer.userToDevice(scale: scale))
        let mask = coverage(of: path, transform: toDevice, eoFill: eoFill, clip: clip, in: layer)
        guard !mask.isEmpty else { return }
        try paint(style, bounds: bounds, through: mask, transform: toDevice, into: layer, opacity: opacity)
    }

    /// `path`'s coverage on `layer`'s pixels through `toDevice`, inside every path of `clip`
    /// (user space, root points).
    /// Kept between renders (`CoverageCache`): an unchanged shape is not rasterised again.
    func coverage(of path: Path, transform toDevice: CGAffineTransform, eoFill: Bool, clip: [Path], in layer: Layer) -> CoverageMask {
        let clipTransform = layer.userToDevice(scale: scale)
        let key = ShapeMaskKey(path: path, transform: toDevice, eoFill: eoFill, clip: clip, clipTransform: clipTransform,
                                    bounds: layer.bounds)
        return coverageCache.mask(for: key) {
            var mask = PathRasterizer.coverage(of: path, transform: toDevice, fillRule: eoFill, clip: layer.bounds)
            for clipPath in clip where !mask.isEmpty {
                mask = mask.intersected(with: PathRasterizer.coverage(of: clipPath, transform: clipTransform, fillRule: false, clip: layer.bounds))
            }
            return mask
        }
    }

    /// Paints `style` through `mask` into `layer`; `toDevice` maps the style's user space.
    func paint(_ style: AnyShapeStyle?, bounds: CGRect, through mask: CoverageMask, transform toDevice: CGAffineTransform,
               into layer: Layer, opacity: Double) throws {
        let style = style ?? AnyShapeStyle(Color.primary)
        if let shader = style.base as? Shader {
            try withShaderFill(shader, bounds: bounds) { paint in
                try paints.fill(paint, mask: mask, into: layer.framebuffer, userToDevice: toDevice, opacity: Float(opacity))
            }
            return
        }
        guard let paintable = style.base as? any PaintStyle else {
            throw ViewError("\(type(of: style.base)) cannot be drawn as a shape style here")
        }
        try paints.fill(paintable.paint(in: bounds), mask: mask, into: layer.framebuffer, userToDevice: toDevice, opacity: Float(opacity))
    }

    /// A shader used as a fill (`.fill(shader)`, `.foregroundStyle(shader)`): run over `bounds`
    /// (its `position` in points from the bounds' top-left) and given to `body` as a texture paint.
    func withShaderFill(_ shader: Shader, bounds: CGRect, _ body: (ResolvedPaint) throws -> Void) throws {
        let (origin, pixels) = pixelRect(bounds)
        guard pixels.x > 0, pixels.y > 0 else { return }
        let points = SIMD2((pixels.x + scale - 1) / scale, (pixels.y + scale - 1) / scale)
        let effect = Effect(kind: .fill, shader: shader)
        let layer = try makeLayer(width: points.x * scale, height: points.y * scale, origin: origin)
        defer { recycle(layer) }
        try paints.fill(.solid(SIMD4(1, 1, 1, 1)), rect: layer.bounds, into: layer.framebuffer, userToDevice: .identity)
        try withEffects([effect], over: layer.framebuffer.texture, size: points, margin: .zero) { texture, margin in
            let s = CGFloat(scale)
            let rect = CGRect(x: CGFloat(origin.x - margin.x) / s, y: CGFloat(origin.y - margin.y) / s,
                              width: CGFloat(texture.width) / s, height: CGFloat(texture.height) / s)
            try body(.texture(texture, rect: rect, filter: .nearest))
        }
    }

    func drawShape(_ shape: ShapeDrawing, frame: CGRect, into layer: Layer, opacity: Double) throws {
        // A filled rectangle on whole pixels (a Color, a background) covers its pixels fully: no
        // mask to rasterise and upload.
        if shape.stroke == nil, shape.shape is Rectangle, let paintable = shape.style?.base as? any PaintStyle,
           !(shape.style?.base is Shader) {
            let device = frame.applying(layer.userToDevice(scale: scale))
            let whole = [device.minX, device.minY, device.maxX, device.maxY].allSatisfy { $0 == $0.rounded() }
            if whole {
                guard device.width > 0, device.height > 0 else { return }
                try paints.fill(paintable.paint(in: frame), rect: device, into: layer.framebuffer,
                                userToDevice: layer.userToDevice(scale: scale), opacity: Float(opacity))
                return
            }
        }
        let path = shape.path(in: frame)
        try fill(path, eoFill: shape.fillsEvenOdd, style: shape.style, bounds: frame, into: layer, opacity: opacity)
    }

    func drawText(_ text: TextDrawing, _ result: LayoutResult.Node, into layer: Layer, opacity: Double) throws {
        try draw(text.layout(width: result.proposal.width), styles: text.styles, at: result.frame.origin, bounds: result.frame,
                 into: layer, opacity: opacity)
    }

    /// Lines of text drawn with their top-left corner at `origin` (root points, rounded to a
    /// pixel): each group of runs in one style through that style resolved in `bounds`
    /// (`TextRuns.swift`), then the colour glyphs in their own colours.
    func draw(_ lines: TextLayout, styles: [AnyShapeStyle?], at origin: CGPoint, bounds: CGRect, into layer: Layer, opacity: Double) throws {
        for (style, runs) in Self.styleGroups(styles) {
            let kept = textMasks.mask(for: lines.maskKey(scale: Double(scale), runs: runs)) {
                let rendered = lines.render(scale: Double(scale), cache: .shared, runs: runs)
                guard rendered.width > 0, rendered.height > 0 else { return .empty }
                return CoverageMask(originX: -rendered.originX, originY: -rendered.originY, width: rendered.width,
                                    height: rendered.height, coverage: rendered.coverage)
            }
            guard !kept.isEmpty else { continue }
            let s = CGFloat(scale)
            let mask = CoverageMask(originX: Int((origin.x * s).rounded()) - layer.origin.x + kept.originX,
                                    originY: Int((origin.y * s).rounded()) - layer.origin.y + kept.originY,
                                    width: kept.width, height: kept.height, coverage: kept.coverage)
            try paint(style, bounds: bounds, through: mask, transform: layer.userToDevice(scale: scale), into: layer, opacity: opacity)
        }
        try drawColorGlyphs(lines, at: origin, into: layer, opacity: opacity)
    }

    /// The texture of a picture, uploaded once per render.
    func texture(of picture: PictureBox) throws -> Texture {
        if let kept = textures[ObjectIdentifier(picture)], kept.box === picture { return kept.texture }
        let texture = try Texture(context: context, image: picture.image)
        // At most 64 pictures' textures are kept; past that the oldest renders' go.
        if textures.count >= 64 { textures.removeAll() }
        textures[ObjectIdentifier(picture)] = (picture, texture)
        return texture
    }

    func drawImage(_ image: ImageDrawing, in rect: CGRect, transform: CGAffineTransform, clip: [Path], into layer: Layer, opacity: Double) throws {
        guard rect.width > 0, rect.height > 0 else { return }
        if image.isTemplate { return try drawTemplate(image, in: rect, transform: transform, clip: clip, into: layer, opacity: opacity) }
        let texture = try texture(of: image.picture)
        let filter: TextureFilter = image.interpolation == .none ? .nearest : .linear
        let toDevice = transform.concatenating(layer.userToDevice(scale: scale))
        let mask = coverage(of: Path(rect), transform: toDevice, eoFill: false, clip: clip, in: layer)
        guard !mask.isEmpty else { return }
        try paints.fill(.texture(texture, rect: rect, filter: filter), mask: mask, into: layer.framebuffer, userToDevice: toDevice, opacity: Float(opacity))
    }

    func drawCanvas(_ canvas: CanvasDrawing, frame: CGRect, into layer: Layer, opacity: Double) throws {
        let toFrame = CGAffineTransform(translationX: frame.minX, y: frame.minY)
        for command in canvas.commands(size: frame.size) {
            switch command {
            case .fill(let path, let shading, let eoFill, let transform, let alpha, let clip):
                let t = transform.concatenating(toFrame)
                let bounds = path.boundingRect
                try fill(path, eoFill: eoFill, style: shading.style, bounds: bounds, transform: t,
                         clip: clip.map { $0.applying(toFrame) }, into: layer, opacity: opacity * alpha)
            case .text(let text, let point, let anchor, let transform, let alpha, _):
                let lines = text.layout(width: nil)
                let size = CGSize(width: lines.width, height: lines.height)
                let p = CGPoint(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height).applying(transform.concatenating(toFrame))
                try draw(lines, styles: text.styles, at: p, bounds: CGRect(origin: p, size: size), into: layer, opacity: opacity * alpha)
            case .image(let image, let rect, let transform, let alpha, let clip):
                try drawImage(image, in: rect, transform: transform.concatenating(toFrame), clip: clip.map { $0.applying(toFrame) },
                              into: layer, opacity: opacity * alpha)
            }
        }
    }
}

extension CoverageMask {
    /// The product of two masks' coverage (where both cover), on their common pixels.
    func intersected(with other: CoverageMask) -> CoverageMask {
        let x0 = max(originX, other.originX), y0 = max(originY, other.originY)
        let x1 = min(originX + width, other.originX + other.width), y1 = min(originY + height, other.originY + other.height)
        guard x1 > x0, y1 > y0 else { return .empty }
        var bytes = [UInt8](repeating: 0, count: (x1 - x0) * (y1 - y0))
        for y in y0..<y1 {
            for x in x0..<x1 {
                let product = Int(self[x, y]) * Int(other[x, y])
                bytes[(y - y0) * (x1 - x0) + (x - x0)] = UInt8((product + 127) / 255)
            }
        }
        return CoverageMask(originX: x0, originY: y0, width: x1 - x0, height: y1 - y0, coverage: bytes)
    }
}
