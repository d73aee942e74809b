import Foundation
import ShaderFXCore

/// Why a paint could not be drawn.
package enum PaintError: Error, Equatable, CustomStringConvertible {
    /// The user-to-device transform has no inverse (a zero scale) or is not finite.
    case singularTransform(CGAffineTransform)
    /// The opacity is not a finite number.
    case invalidOpacity(Float)
    /// A paint's geometry (a point, radius, angle or rectangle) is not finite.
    case nonFiniteGeometry(String)
    /// A mesh gradient whose counts do not agree.
    case invalidMesh(String)
    /// The target holds 32-bit floats and the GPU cannot blend into them (no `GL_EXT_float_blend`).
    case noFloatBlending(renderer: String)
    /// The target, or a texture paint's texture, belongs to another GPU context.
    case foreignContext

    package var description: String {
        switch self {
        case let .singularTransform(t):
            return "the user-to-device transform (a: \(t.a), b: \(t.b), c: \(t.c), d: \(t.d), tx: \(t.tx), ty: \(t.ty)) cannot be inverted"
        case let .invalidOpacity(opacity):
            return "opacity must be a finite number, got \(opacity)"
        case let .nonFiniteGeometry(what):
            return "the paint's \(what) is not finite"
        case let .invalidMesh(reason):
            return reason
        case let .noFloatBlending(renderer):
            return "\(renderer) cannot blend into 32-bit float framebuffers (GL_EXT_float_blend is missing)"
        case .foreignContext:
            return "the target or the texture belongs to another GPU context than the paint pipeline"
        }
    }
}

/// Draws resolved paints through coverage masks into premultiplied float layers: the one GPU
/// call every filled shape and run of text goes through.
///
/// Each fill draws the full-screen triangle over a viewport on the pixels it may touch (the
/// mask's rectangle clipped to the target), so nothing else of the target changes. At each pixel
/// centre, mapped back to user space through the inverse of `userToDevice`, the paint gives a
/// premultiplied colour; coverage × opacity scales it and premultiplied source-over
/// (ONE, ONE_MINUS_SRC_ALPHA) composites it onto the target. Device pixels are addressed with
/// (0, 0) the top-left one, as `Framebuffer.read` returns rows top first.
///
/// **Batches.** Inside `batched`, fills and clears are queued, not drawn: each mask new to the
/// `MaskAtlas` is copied into it (a mask it holds from an earlier batch is found where it lies)
/// and each gradient's stops into the batch's `GradientStopTable`, and `flush()` uploads what
/// is new once and issues the queued draws in order, each setting only the state that differs
/// from the draw before, consecutive solid fills through masks as one draw. A driver must finish the
/// draws that read a texture before the texture is rewritten, so one mask texture rewritten per
/// fill made every fill wait for the one before; a batch waits at most once. The queue keeps
/// the textures and framebuffers it names alive, and the pixels are those of drawing each fill
/// at once. Whoever batches must `flush()` before anything outside the pipeline touches what a
/// queued draw reads or writes: before an effect pass reads a layer drawn here, before a
/// texture a queued draw reads goes back to its owner, before a layer is read back. Outside a
/// batch each call draws at once, as it always did.
///
/// A whole-target fill of one opaque colour at full opacity (a background) is a clear of the
/// target: source-over of an opaque source leaves exactly the source, and a clear writes it
/// without running the paint program over every pixel. It is taken for 32-bit float targets
/// only, where the clear stores the very floats the program would.
///
/// The programs are compiled once, in `init`; the atlas, the stop textures and the rasterised
/// mesh gradients (the last `meshCacheLimit` of them, per mesh and pixel size) are kept.
/// Call with the context current (`GPUContext.withCurrent`). Every call leaves blending off.
///
/// Blend modes other than source-over (`.multiply`, `.screen`, …) are not drawn here: they need
/// the destination in the shader, so they would copy the viewport's pixels of the target into a
/// scratch texture first (`glCopyTexSubImage2D` or a blit, after a `flush()`) and draw with
/// blending off, the fragment shader reading that copy and writing the blended result.
package final class PaintPipeline {
    package let context: GPUContext
    let solid: PaintProgram, linear: PaintProgram, radial: PaintProgram, angular: PaintProgram, elliptical: PaintProgram
    let texture: PaintProgram
    /// Runs of solid fills through masks, drawn as one (`PaintShaders.solidFillsVertex`).
    let solidFills: PaintProgram
    let mesh: Program
    let vertexArray: VertexArray
    private let canBlendFloat32: Bool
    private let atlas: MaskAtlas
    private let stopTextures: GradientStopTextures
    private var stops = GradientStopTable()
    private var queue: [PaintOperation] = []
    private var batchDepth = 0
    var meshes: [MeshKey: Framebuffer] = [:]
    var meshOrder: [MeshKey] = []

    /// How many rasterised mesh gradients are kept.
    package static let meshCacheLimit = 8
    /// Cells a mesh patch is cut into along each side when rasterised.
    package static let meshSubdivisions = 24
    /// Texels a row of the mesh vertex texture.
    static let vertexRowLength = 1024

    struct MeshKey: Hashable {
        var mesh: ResolvedMesh
        var width: Int, height: Int
    }

    /// Compiles the programs on `context`, which must be current.
    /// - Throws: `ProgramError` if the driver rejects a program, `GPUError` for a GL failure.
    package init(context: GPUContext) throws {
        self.context = context
        func make(_ source: String, _ name: String, vertex: String = Program.vertexSource) throws -> Program {
            try Program(context: context, fragmentSource: source, file: "<ShaderFXUI \(name) paint>", vertexSource: vertex)
        }
        solid = PaintProgram(try make(PaintShaders.solid, "solid"))
        linear = PaintProgram(try make(PaintShaders.linear, "linear gradient"))
        radial = PaintProgram(try make(PaintShaders.radial, "radial gradient"))
        angular = PaintProgram(try make(PaintShaders.angular, "angular gradient"))
        elliptical = PaintProgram(try make(PaintShaders.elliptical, "elliptical gradient"))
        texture = PaintProgram(try make(PaintShaders.texture, "texture"))
        solidFills = PaintProgram(try make(PaintShaders.solidFillsFragment, "solid fills", vertex: PaintShaders.solidFillsVertex))
        mesh = try make(PaintShaders.meshFragment, "mesh gradient", vertex: PaintShaders.meshVertex)
        vertexArray = try VertexArray(context: context)
        canBlendFloat32 = context.hasGLExtension("GL_EXT_float_blend")
        atlas = MaskAtlas(context: context)
        stopTextures = GradientStopTextures(context: context)
        // The samplers' units never change: the mask on 0, the stops on 1, a picture on 2.
        for program in [solid, linear, radial, angular, elliptical, texture, solidFills].map(\.program) {
            program.use()
            program.set("sfx_mask", int: 0)
            program.set("sfx_stops", int: 1)
            program.set("sfx_image", int: 2)
        }
        try context.check("paint pipeline set-up")
    }

    /// Rasterised mesh gradients held now (for tests).
    package var cachedMeshCount: Int { meshes.count }
    /// The mask atlas's size now (for tests).
    package var maskTextureSize: SIMD2<Int> { atlas.size }
    /// Fills and clears queued and not yet drawn (for tests).
    package var queuedCount: Int { queue.count }
    /// How many times masks new to the atlas have been uploaded (for tests).
    package private(set) var maskUploadCount = 0

    // MARK: Batches

    /// Runs `body` with fills and clears queued, then draws them (`flush()`); nested calls
    /// draw when the outermost ends. When `body` throws, what it queued is dropped.
    package func batched<T>(_ body: () throws -> T) throws -> T {
        batchDepth += 1
        let result: T
        do {
            result = try body()
        } catch {
            batchDepth -= 1
            if batchDepth == 0 { discardQueue() }
            throw error
        }
        batchDepth -= 1
        if batchDepth == 0 { try flush() }
        return result
    }

    /// Uploads the batch's masks and stops and draws every queued fill and clear, in order.
    /// - Throws: `GPUError` for a GL failure (the queue is empty afterwards either way).
    package func flush() throws {
        guard !queue.isEmpty else { return }
        let operations = queue, table = stops
        queue = []
        stops = GradientStopTable()
        if atlas.hasNewMasks { maskUploadCount += 1 }
        let masks = try atlas.upload()
        let stopTexture = table.isEmpty ? nil : try stopTextures.texture(for: table)
        try issue(operations, masks: masks, stops: stopTexture)
    }

    private func discardQueue() {
        queue = []
        stops = GradientStopTable()
    }

    /// Queues `operation` (drawn at once outside a batch).
    private func enqueue(_ operation: PaintOperation) throws {
        // A clear after a clear of the same target leaves only its own colour.
        if case .clear(let target, _) = operation, case .clear(let last, _)? = queue.last, last === target { queue.removeLast() }
        queue.append(operation)
        if batchDepth == 0 { try flush() }
    }

    // MARK: Fills

    /// Draws `paint` through `mask` into `target`: each pixel of the mask gets paint × coverage
    /// × `opacity`, composited source-over; pixels outside the mask (or the target) are untouched.
    /// - Parameters:
    ///   - paint: the paint, its geometry in user-space points.
    ///   - mask: coverage on the target's device-pixel grid.
    ///   - target: the premultiplied float layer drawn into.
    ///   - userToDevice: maps user-space points to device pixels (y down, (0, 0) the top-left
    ///     corner of pixel (0, 0)).
    ///   - opacity: multiplies the paint; 1 by default.
    /// - Throws: `PaintError` for a transform without inverse, a non-finite opacity or geometry,
    ///   a mesh whose counts disagree; `GPUError` for a GL failure.
    package func fill(_ paint: ResolvedPaint, mask: CoverageMask, into target: Framebuffer,
                      userToDevice: CGAffineTransform, opacity: Float = 1) throws {
        let region = Self.clip(x: mask.originX, y: mask.originY, width: mask.width, height: mask.height, to: target)
        try validate(paint, target: target, userToDevice: userToDevice, opacity: opacity)
        guard let region, !mask.isEmpty else { return }
        // Only the part of the mask inside the target goes into the atlas, so a mask larger than
        // a texture may be drawn where the target clips it.
        var corner = atlas.place(mask, region: region)
        if corner == nil {
            try flush()
            atlas.restart()
            corner = atlas.place(mask, region: region)
        }
        guard let corner else { preconditionFailure("an empty mask atlas takes any mask inside its target") }
        try queueFill(paint, region: region, maskOrigin: region.origin &- corner, into: target, userToDevice: userToDevice, opacity: opacity)
    }

    /// Draws `paint` over the device pixels whose centres lie in `rect` (device pixels; for a
    /// whole-pixel rectangle, exactly its pixels), with full coverage, composited source-over.
    /// - Parameters:
    ///   - paint: the paint, its geometry in user-space points.
    ///   - rect: the rectangle to fill, in device pixels.
    ///   - target: the premultiplied float layer drawn into.
    ///   - userToDevice: maps user-space points to device pixels.
    ///   - opacity: multiplies the paint; 1 by default.
    /// - Throws: as `fill(_:mask:into:userToDevice:opacity:)`, and `PaintError.nonFiniteGeometry`
    ///   for a non-finite `rect`.
    package func fill(_ paint: ResolvedPaint, rect: CGRect, into target: Framebuffer,
                      userToDevice: CGAffineTransform, opacity: Float = 1) throws {
        guard [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy(\.isFinite) else { throw PaintError.nonFiniteGeometry("fill rectangle") }
        try validate(paint, target: target, userToDevice: userToDevice, opacity: opacity)
        let rect = rect.standardized
        // Pixel x is filled when its centre x + 0.5 lies in [minX, maxX).
        let x0 = Self.pixelIndex(rect.minX), x1 = Self.pixelIndex(rect.maxX)
        let y0 = Self.pixelIndex(rect.minY), y1 = Self.pixelIndex(rect.maxY)
        guard let region = Self.clip(x: x0, y: y0, width: x1 - x0, height: y1 - y0, to: target) else { return }
        if case .solid(let color) = paint, color.w == 1, opacity == 1, target.texture.isFloat32,
           region.origin == .zero, region.size == SIMD2(target.width, target.height) {
            return try enqueue(.clear(target, color))
        }
        try queueFill(paint, region: region, maskOrigin: nil, into: target, userToDevice: userToDevice, opacity: opacity)
    }

    /// Sets every pixel of `target` to `color` (premultiplied; transparent by default), in
    /// turn with the fills around it.
    package func clear(_ target: Framebuffer, to color: SIMD4<Float> = .zero) throws {
        guard target.context === context else { throw PaintError.foreignContext }
        try enqueue(.clear(target, color))
    }

    /// Queues a fill whose paint is made ready now: a mesh rasterised, a gradient's stops
    /// given their rows in the batch's table.
    private func queueFill(_ paint: ResolvedPaint, region: (origin: SIMD2<Int>, size: SIMD2<Int>), maskOrigin: SIMD2<Int>?,
                           into target: Framebuffer, userToDevice: CGAffineTransform, opacity: Float) throws {
        if let gradient = paint.gradient, stops.row(ifPresent: gradient) == nil, stops.height + 2 > context.info.maxTextureSize {
            try flush()
        }
        guard let shading = try shading(for: paint, userToDevice: userToDevice) else { return }
        let draw = PaintDraw(shading: shading, region: region, maskOrigin: maskOrigin, target: target,
                             inverse: userToDevice.inverted(), opacity: opacity)
        try enqueue(.fill(draw))
    }

    /// What a fill's program draws, or nil when the paint covers nothing (an empty picture rectangle).
    private func shading(for paint: ResolvedPaint, userToDevice: CGAffineTransform) throws -> PaintDraw.Shading? {
        switch paint {
        case .solid(let color):
            return .solid(color)
        case .linear(let gradient, _, _), .radial(let gradient, _, _, _), .angular(let gradient, _, _, _),
             .elliptical(let gradient, _, _, _, _):
            return .gradient(paint, row: stops.row(of: gradient), count: gradient.stops.count)
        case let .mesh(resolved, rect):
            guard let texture = try meshTexture(resolved, rect: rect, userToDevice: userToDevice),
                  rect.width != 0, rect.height != 0 else { return nil }
            return .image(texture, rect: rect, filter: .linear)
        case let .texture(texture, rect, filter):
            guard rect.width != 0, rect.height != 0 else { return nil }
            return .image(texture, rect: rect, filter: filter)
        }
    }

    /// The first pixel whose centre is at or past `edge`, clamped far outside any texture.
    private static func pixelIndex(_ edge: CGFloat) -> Int {
        Int(max(min((edge - 0.5).rounded(.up), 1_073_741_824), -1_073_741_824))
    }

    /// The rectangle of pixels at (`x`, `y`) of `width` × `height` inside `target`, or nil when none is.
    private static func clip(x: Int, y: Int, width: Int, height: Int, to target: Framebuffer) -> (origin: SIMD2<Int>, size: SIMD2<Int>)? {
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(x + max(width, 0), target.width), y1 = min(y + max(height, 0), target.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return (SIMD2(x0, y0), SIMD2(x1 - x0, y1 - y0))
    }

    private func validate(_ paint: ResolvedPaint, target: Framebuffer, userToDevice t: CGAffineTransform, opacity: Float) throws {
        guard target.context === context else { throw PaintError.foreignContext }
        guard opacity.isFinite else { throw PaintError.invalidOpacity(opacity) }
        let det = t.a * t.d - t.b * t.c
        guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite), det != 0, det.isFinite else {
            throw PaintError.singularTransform(t)
        }
        if target.texture.isFloat32 && !canBlendFloat32 { throw PaintError.noFloatBlending(renderer: context.info.renderer) }
        func finite(_ values: [CGFloat], _ what: String) throws {
            guard values.allSatisfy(\.isFinite) else { throw PaintError.nonFiniteGeometry(what) }
        }
        func finite(_ rect: CGRect, _ what: String) throws { try finite([rect.origin.x, rect.origin.y, rect.width, rect.height], what) }
        switch paint {
        case let .solid(color):
            guard (0..<4).allSatisfy({ color[$0].isFinite }) else { throw PaintError.nonFiniteGeometry("colour") }
        case let .linear(_, start, end):
            try finite([start.x, start.y, end.x, end.y], "start or end point")
        case let .radial(_, center, r0, r1):
            try finite([center.x, center.y, r0, r1], "centre or radius")
        case let .angular(_, center, a0, a1):
            try finite([center.x, center.y, CGFloat(a0), CGFloat(a1)], "centre or angle")
        case let .elliptical(_, rect, center, f0, f1):
            try finite(rect, "rectangle")
            try finite([CGFloat(center.x), CGFloat(center.y), f0, f1], "centre or radius fraction")
        case let .mesh(mesh, rect):
            try finite(rect, "rectangle")
            if let problem = mesh.problem { throw PaintError.invalidMesh(problem) }
        case let .texture(texture, rect, _):
            guard texture.context === context else { throw PaintError.foreignContext }
            try finite(rect, "rectangle")
        }
    }
}
