import Foundation

/// How a layer is composited onto the one beneath it: SwiftUI's `BlendMode`s, and
/// destination-in, which template images use to cut a paint to a picture's alpha.
enum BlendOperator: Equatable {
    case mode(BlendMode)
    /// Porter-Duff destination-in: the backdrop kept where the source is opaque (cb · αs).
    case destinationIn

    /// The blend program's `sfx_mode`: the mode's index in `BlendMode.allCases`, 21 for destination-in.
    var code: Int {
        switch self {
        case .mode(let mode): BlendMode.allCases.firstIndex(of: mode)!
        case .destinationIn: 21
        }
    }
}

/// Composites a layer onto another with a blend mode, which needs the destination in the
/// shader: the target's pixels under the source are first copied into a backdrop texture (a
/// draw can not read the texture it writes), then one draw with blending off reads both and
/// writes the result. The formulas are W3C Compositing and Blending Level 1's, on premultiplied
/// colour (`BlendShaders.blend`): the separable modes and the non-separable ones with its
/// Lum/SetLum/Sat/SetSat, composited source-over; sourceAtop, destinationOver and
/// destinationOut are Porter-Duff's exactly; plusLighter is min(1, s + d) per component (Apple's
/// R = MIN(1, S + D)); plusDarker is Apple's R = MAX(0, 1 − ((1 − D) + (1 − S))) with the 1s
/// read as the result's alpha min(1, αs + αb), so that over opaque pixels it is Apple's formula
/// and a transparent source leaves the backdrop as it is.
final class BlendCompositor {
    private let context: GPUContext
    private let copy: Program
    private let blend: Program
    private let vertexArray: VertexArray
    private var backdrop: Framebuffer?

    /// Compiles the two programs on `context`, which must be current.
    init(context: GPUContext) throws {
        self.context = context
        copy = try Program(context: context, fragmentSource: BlendShaders.copy, file: "<ShaderFXUI backdrop copy>")
        blend = try Program(context: context, fragmentSource: BlendShaders.blend, file: "<ShaderFXUI blend modes>")
        vertexArray = try VertexArray(context: context)
    }

    /// Composites `source` onto `target` with `blend` at `opacity` (it multiplies the source);
    /// both layers' pixels lie on the root's device-pixel grid, at their origins. Only the
    /// target's pixels under the source change.
    func composite(_ source: ViewCompositor.Layer, onto target: ViewCompositor.Layer, _ blend: BlendOperator, opacity: Float) throws {
        let offset = source.origin &- target.origin
        let x0 = max(offset.x, 0), y0 = max(offset.y, 0)
        let x1 = min(offset.x + source.framebuffer.width, target.framebuffer.width)
        let y1 = min(offset.y + source.framebuffer.height, target.framebuffer.height)
        guard x1 > x0, y1 > y0 else { return }
        let origin = SIMD2(x0, y0), size = SIMD2(x1 - x0, y1 - y0)
        let backdrop = try backdropFramebuffer(width: size.x, height: size.y)
        context.setPassState()
        vertexArray.bind()

        backdrop.bindForDrawing(viewportOrigin: .zero, size: size)
        copy.use()
        target.framebuffer.texture.bind(unit: 0)
        copy.set("sfx_target", int: 0)
        copy.set("sfx_offset", int2: origin)
        copy.drawFullScreen()

        target.framebuffer.bindForDrawing(viewportOrigin: origin, size: size)
        self.blend.use()
        source.framebuffer.texture.bind(unit: 0)
        backdrop.texture.bind(unit: 1)
        self.blend.set("sfx_source", int: 0)
        self.blend.set("sfx_backdrop", int: 1)
        self.blend.set("sfx_sourceOrigin", int2: offset)
        self.blend.set("sfx_backdropOrigin", int2: origin)
        self.blend.set("sfx_mode", int: blend.code)
        self.blend.set("sfx_opacity", opacity)
        self.blend.drawFullScreen()
        try context.check("blending \(size.x)x\(size.y) pixels")
    }

    /// The kept backdrop framebuffer, grown when a larger region is blended.
    private func backdropFramebuffer(width: Int, height: Int) throws -> Framebuffer {
        if let backdrop, backdrop.width >= width, backdrop.height >= height { return backdrop }
        let grown = try Framebuffer(context: context, width: max(width, backdrop?.width ?? 0), height: max(height, backdrop?.height ?? 0))
        backdrop = grown
        return grown
    }
}

extension ViewCompositor {
    /// The blend compositor of this compositor's context, made on first use. It reads the layers
    /// it composites at once, so the fills queued for them are drawn first.
    func blendCompositor() throws -> BlendCompositor {
        try paints.flush()
        if let blender { return blender }
        let made = try BlendCompositor(context: context)
        blender = made
        return made
    }

    /// A layer on whole device pixels holding `rect` (root points).
    func pixelLayer(for rect: CGRect) throws -> Layer {
        let (origin, size) = pixelRect(rect)
        return try makeLayer(width: max(size.x, 1), height: max(size.y, 1), origin: origin)
    }

    /// `content`, a view of `frame`, drawn into a layer of its own and composited onto what is
    /// beneath it in `layer` with `mode` (`.blendMode(_:)`).
    func drawBlended(_ content: Content, frame: CGRect, mode: BlendMode, into layer: Layer, opacity: Double) throws {
        let flat = try pixelLayer(for: frame)
        defer { recycle(flat) }
        try content(flat, 1)
        try blendCompositor().composite(flat, onto: layer, .mode(mode), opacity: Float(opacity))
    }
}
