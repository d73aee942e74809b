import Foundation

extension ViewCompositor {
    /// What an effect is drawn over: the content drawn into a layer at an opacity.
    typealias Content = (Layer, Double) throws -> Void

    /// Draws `node`'s content through `effect` (the node's first child; for `mask`, the second is
    /// the mask).
    func drawEffect(_ effect: DrawEffect, _ node: ViewNode, _ result: LayoutResult.Node, into layer: Layer, opacity: Double) throws {
        let content: Content = { [unowned self] target, alpha in
            try draw(node.children[0], result.children[0], into: target, opacity: alpha)
        }
        var mask: Content?
        if node.children.count > 1 {
            mask = { [unowned self] target, alpha in try draw(node.children[1], result.children[1], into: target, opacity: alpha) }
        }
        // A blend mode is no layer of the view's bounds in SwiftUI: everything its subtree draws
        // blends, also what an offset or an overflowing child puts outside the view's frame.
        let frame = if case .blend = effect { result.all.reduce(result.frame) { $0.union($1.frame) } } else { result.frame }
        // A clipped picture (a photo with `cornerRadius`) is drawn straight through the clip's
        // coverage, without a layer of its own: the same products of the picture's sample and
        // the coverages, with one clear and one full-size pass fewer.
        if case .clip(let clip) = effect, !clip.eoFill, let (image, rect) = Self.soleImage(node.children[0], result.children[0]),
           !image.isTemplate {
            // What the clip's layer would hold: nothing outside its whole points.
            let layerRect = Self.layerRect(frame, scale: scale)
            return try drawImage(image, in: rect, transform: .identity, clip: [Path(layerRect), clip.shape.path(in: frame)],
                                 into: layer, opacity: opacity)
        }
        let drawn = node.children.count == 1 ? Self.drawnContent(node.children[0], result.children[0], scale: scale) : nil
        try draw(content, through: effect, frame: frame, mask: mask, drawn: drawn, into: layer, opacity: opacity)
    }

    /// The one picture `node` draws and its frame, when it draws a picture and nothing else
    /// (through layout nodes of one child: `resizable().frame(...)`).
    static func soleImage(_ node: ViewNode, _ result: LayoutResult.Node) -> (ImageDrawing, CGRect)? {
        switch node.drawing {
        case .image(let image): (image, result.frame)
        case .children where node.children.count == 1 && result.children.count == 1:
            soleImage(node.children[0], result.children[0])
        default: nil
        }
    }

    /// Draws `content`, in a view of `frame` (root points), through `effect`; `drawn` describes
    /// what `content` draws when it is known (`DrawnContent`), so a chain's result can be kept.
    func draw(_ content: @escaping Content, through effect: DrawEffect, frame: CGRect, mask: Content? = nil, drawn: DrawnContent? = nil,
              into layer: Layer, opacity: Double) throws {
        switch effect {
        case .opacity(let value):
            try content(layer, opacity * min(max(value, 0), 1))
        case .group:
            try composite(content, frame: frame, effects: [], into: layer, opacity: opacity)
        case .shader(let effect):
            // A disabled effect draws the view as if it were absent (SwiftUI's `isEnabled: false`).
            guard effect.isEnabled else { return try content(layer, opacity) }
            try composite(content, frame: frame, effects: [effect], drawn: drawn, into: layer, opacity: opacity)
        case .shaders(let effects):
            guard effects.contains(where: \.isEnabled) else { return try content(layer, opacity) }
            try composite(content, frame: frame, effects: effects, drawn: drawn, into: layer, opacity: opacity)
        case .blur(let radius, let opaque):
            if opaque { library.note("blur(radius:opaque: true) is drawn as opaque: false (edges fade)") }
            try composite(content, frame: frame, effects: radius > 0 ? Blur(radius: Float(radius)).passes : [], into: layer, opacity: opacity)
        case .colorFilter(let filter):
            try composite(content, frame: frame, effects: [library.effect(for: filter)], into: layer, opacity: opacity)
        case .shadow(let shadow):
            var effects = [library.tint(shadow.color)]
            if shadow.radius > 0 { effects += Blur(radius: Float(shadow.radius)).passes }
            try composite(content, frame: frame, effects: effects, offset: shadow.offset, into: layer, opacity: opacity)
            try content(layer, opacity)
        case .clip(let clip):
            try flattened(content, frame: frame) { flat, rect in
                try fillLayer(flat, rect: rect, through: clip.shape.path(in: frame), eoFill: clip.eoFill, into: layer, opacity: opacity)
            }
        case .mask:
            guard let mask else { return try content(layer, opacity) }
            try flattened(content, frame: frame) { flat, rect in
                let coverage = try maskCoverage(mask, frame: frame, into: layer)
                guard !coverage.isEmpty else { return }
                try paints.fill(.texture(flat.framebuffer.texture, rect: rect, filter: .nearest), mask: coverage, into: layer.framebuffer,
                                userToDevice: layer.userToDevice(scale: scale), opacity: Float(opacity))
            }
        case .transform(let transform):
            let local = transform.transform(size: frame.size)
            let root = CGAffineTransform(translationX: -frame.minX, y: -frame.minY).concatenating(local)
                .concatenating(CGAffineTransform(translationX: frame.minX, y: frame.minY))
            try flattened(content, frame: frame) { flat, rect in
                try fillLayer(flat, rect: rect, through: Path(rect), eoFill: false, transform: root, into: layer, opacity: opacity)
            }
        case .blend(let mode):
            try drawBlended(content, frame: frame, mode: mode, into: layer, opacity: opacity)
        case .visual(let steps):
            let effects = steps(GeometryProxy(size: frame.size, globalFrame: frame)).map(\.effect)
            try draw(content, through: effects[...], frame: frame, into: layer, opacity: opacity)
        }
    }

    /// `content` through each of `effects` in turn, the first innermost.
    private func draw(_ content: @escaping Content, through effects: ArraySlice<DrawEffect>, frame: CGRect, into layer: Layer, opacity: Double) throws {
        guard let last = effects.last else { return try content(layer, opacity) }
        let inner: Content = { [unowned self] target, alpha in
            try draw(content, through: effects.dropLast(), frame: frame, into: target, opacity: alpha)
        }
        try draw(inner, through: last, frame: frame, into: layer, opacity: opacity)
    }

    /// The size in whole points of a layer for `frame`, and its device-pixel origin.
    private func layerGeometry(_ frame: CGRect) -> (origin: SIMD2<Int>, points: SIMD2<Int>) {
        let (origin, pixels) = pixelRect(frame)
        return (origin, SIMD2(max((pixels.x + scale - 1) / scale, 1), max((pixels.y + scale - 1) / scale, 1)))
    }

    /// Draws `content` into a layer of the view's frame grown by the effects' margin, runs
    /// `effects` over it (the renderer's effect path) and composites the result, moved by
    /// `offset` points, into `layer` at `opacity`. With `drawn` (what `content` draws), the
    /// chain's result is kept (`EffectResultCache`) and a later render with equal content,
    /// effects and geometry composites the kept copy instead.
    func composite(_ content: Content, frame: CGRect, effects: [Effect], offset: CGSize = .zero, drawn: DrawnContent? = nil,
                   into layer: Layer, opacity: Double) throws {
        let (origin, points) = layerGeometry(frame)
        let margin = effects.isEmpty ? .zero : try renderer.layerMargin(for: effects, size: points, scale: scale)
        let s = CGFloat(scale)
        func place(_ texture: Texture, grown: SIMD2<Int>) throws {
            let rect = CGRect(x: CGFloat(origin.x - grown.x) / s + offset.width, y: CGFloat(origin.y - grown.y) / s + offset.height,
                              width: CGFloat(texture.width) / s, height: CGFloat(texture.height) / s)
            let toDevice = layer.userToDevice(scale: scale)
            let whole = (rect.minX * s).rounded() == rect.minX * s && (rect.minY * s).rounded() == rect.minY * s
            try paints.fill(.texture(texture, rect: rect, filter: whole ? .nearest : .linear), rect: rect.applying(toDevice),
                            into: layer.framebuffer, userToDevice: toDevice, opacity: Float(opacity))
        }
        let key = drawn.map { EffectResultCache.Key(content: $0, effects: effects, origin: origin, points: points, margin: margin, scale: scale) }
        if let key, let kept = effectResults.result(for: key) {
            return try place(kept.framebuffer.texture, grown: kept.grown)
        }
        let flat = try makeLayer(width: points.x * scale + 2 * margin.x, height: points.y * scale + 2 * margin.y, origin: origin &- margin)
        defer { recycle(flat) }
        try content(flat, 1)
        try withEffects(effects, over: flat.framebuffer.texture, size: points, margin: margin) { texture, grown in
            if let key, effectResults.accepts(bytes: texture.width * texture.height * 16) {
                // A copy the renderer cannot take back: a cleared float layer and the result over it
                // (source-over onto transparent is the source, bit for bit).
                let copy = try Framebuffer(context: context, width: texture.width, height: texture.height)
                let whole = CGRect(x: 0, y: 0, width: texture.width, height: texture.height)
                try paints.clear(copy)
                try paints.fill(.texture(texture, rect: whole, filter: .nearest), rect: whole, into: copy, userToDevice: .identity)
                effectResults.keep(EffectResultCache.Entry(key: key, framebuffer: copy, grown: grown))
            }
            try place(texture, grown: grown)
        }
    }

    /// Draws `content` into a layer of the frame (nothing outside it) and gives it to `body`
    /// with the layer's rectangle in root points.
    private func flattened(_ content: Content, frame: CGRect, _ body: (Layer, CGRect) throws -> Void) throws {
        let (origin, points) = layerGeometry(frame)
        let flat = try makeLayer(width: points.x * scale, height: points.y * scale, origin: origin)
        defer { recycle(flat) }
        try content(flat, 1)
        let s = CGFloat(scale)
        try body(flat, CGRect(x: CGFloat(origin.x) / s, y: CGFloat(origin.y) / s, width: CGFloat(points.x), height: CGFloat(points.y)))
    }

    /// Composites `flat`, covering `rect`, through `path` (both mapped by `transform`) into `layer`.
    private func fillLayer(_ flat: Layer, rect: CGRect, through path: Path, eoFill: Bool, transform: CGAffineTransform = .identity,
                           into layer: Layer, opacity: Double) throws {
        let toDevice = transform.concatenating(layer.userToDevice(scale: scale))
        let mask = coverage(of: path, transform: toDevice, eoFill: eoFill, clip: [], in: layer)
        guard !mask.isEmpty else { return }
        try paints.fill(.texture(flat.framebuffer.texture, rect: rect, filter: transform == .identity ? .nearest : .linear), mask: mask,
                        into: layer.framebuffer, userToDevice: toDevice, opacity: Float(opacity))
    }

    /// The mask view drawn into a layer of the frame, its alpha read back as coverage on
    /// `layer`'s pixel grid.
    private func maskCoverage(_ mask: Content, frame: CGRect, into layer: Layer) throws -> CoverageMask {
        let (origin, points) = layerGeometry(frame)
        let flat = try makeLayer(width: points.x * scale, height: points.y * scale, origin: origin)
        defer { recycle(flat) }
        try mask(flat, 1)
        try paints.flush()
        let picture = try flat.framebuffer.read(x: 0, y: 0, width: flat.framebuffer.width, height: flat.framebuffer.height)
        var bytes = [UInt8](repeating: 0, count: picture.width * picture.height)
        for i in bytes.indices {
            bytes[i] = UInt8((min(max(picture.pixels[i * 4 + 3], 0), 1) * 255).rounded())
        }
        return CoverageMask(originX: origin.x - layer.origin.x, originY: origin.y - layer.origin.y,
                            width: picture.width, height: picture.height, coverage: bytes)
    }
}

/// The colour effects the view layer's own modifiers run (shadow tint, colour filters): GLSL
/// colour effects stitched and run like any user's, over premultiplied colour.
final class EffectLibrary {
    let library: ShaderLibrary
    let services: ViewServices

    init(services: ViewServices) {
        self.services = services
        library = ShaderLibrary(source: Self.source, name: "ShaderFXUI modifiers")
    }

    func note(_ text: String) { services.note(text) }

    /// A colour effect painting every pixel `color` at the pixel's alpha (a shadow's tint).
    func tint(_ color: Color) -> Effect {
        Effect(kind: .color, shader: library.function("sfxui_tint")(.color(color)))
    }

    /// The colour effect of a colour modifier.
    func effect(for filter: ColorFilter) -> Effect {
        let shader: Shader
        switch filter {
        case .brightness(let amount): shader = library.function("sfxui_brightness")(.float(Float(amount)))
        case .contrast(let amount): shader = library.function("sfxui_contrast")(.float(Float(amount)))
        case .saturation(let amount): shader = library.function("sfxui_saturation")(.float(Float(amount)))
        case .grayscale(let amount): shader = library.function("sfxui_saturation")(.float(Float(1 - min(max(amount, 0), 1))))
        case .hueRotation(let angle): shader = library.function("sfxui_hueRotation")(.float(Float(angle.radians)))
        case .multiply(let color): shader = library.function("sfxui_multiply")(.color(color))
        case .invert: shader = library.function("sfxui_invert")()
        }
        return Effect(kind: .color, shader: shader)
    }

    /// The GLSL of the modifiers. Colours arrive premultiplied; each filter works on the straight
    /// colour and premultiplies again. Matrices are SVG's (Filter Effects 1, `feColorMatrix`),
    /// which SwiftUI documents `saturation` and `hueRotation` as equal to.
    static let source = """
    vec4 sfxui_tint(vec2 position, vec4 color, vec4 tint) {
        return tint * color.a;
    }
    vec3 sfxui_straight(vec4 c) { return c.a > 0.0 ? c.rgb / c.a : vec3(0.0); }
    vec4 sfxui_brightness(vec2 position, vec4 color, float amount) {
        return vec4((sfxui_straight(color) + amount) * color.a, color.a);
    }
    vec4 sfxui_contrast(vec2 position, vec4 color, float amount) {
        return vec4(((sfxui_straight(color) - 0.5) * amount + 0.5) * color.a, color.a);
    }
    vec4 sfxui_saturation(vec2 position, vec4 color, float s) {
        mat3 m = mat3(0.213 + 0.787 * s, 0.213 - 0.213 * s, 0.213 - 0.213 * s,
                      0.715 - 0.715 * s, 0.715 + 0.285 * s, 0.715 - 0.715 * s,
                      0.072 - 0.072 * s, 0.072 - 0.072 * s, 0.072 + 0.928 * s);
        return vec4(m * sfxui_straight(color) * color.a, color.a);
    }
    vec4 sfxui_hueRotation(vec2 position, vec4 color, float a) {
        float c = cos(a), s = sin(a);
        mat3 m = mat3(0.213 + c * 0.787 - s * 0.213, 0.213 - c * 0.213 + s * 0.143, 0.213 - c * 0.213 - s * 0.787,
                      0.715 - c * 0.715 - s * 0.715, 0.715 + c * 0.285 + s * 0.140, 0.715 - c * 0.715 + s * 0.715,
                      0.072 - c * 0.072 + s * 0.928, 0.072 - c * 0.072 - s * 0.283, 0.072 + c * 0.928 + s * 0.072);
        return vec4(m * sfxui_straight(color) * color.a, color.a);
    }
    vec4 sfxui_multiply(vec2 position, vec4 color, vec4 tint) {
        return color * tint;
    }
    vec4 sfxui_invert(vec2 position, vec4 color) {
        return vec4(color.a - color.rgb, color.a);
    }
    """
}
