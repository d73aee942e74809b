import ShaderFXContract
import Foundation

/// Which part of the final canvas a render returns.
public enum OutputRegion: String, Sendable, CaseIterable {
    /// The picture's own frame, as SwiftUI lays the view out.
    case frame
    /// The frame grown by the last effect's `maxSampleOffset` on every side.
    case grown
}

/// Runs effects over images on one GPU context: upload, one pass per effect, read back.
///
/// Programs, framebuffers and argument textures are kept between calls, so rendering the
/// frames of an animation with one renderer compiles and allocates once. What is kept has one
/// owner each: `ProgramCache` (stitched programs), `LayerPool` (spare framebuffers),
/// `SourceCache` (the picture and its layer), `PrefixCache` (passes kept from the call before)
/// and `ArgumentTextures` (image arguments); `PassPlan` says where each pass draws.
///
/// A renderer is `Sendable`, and safely so: every public entry point (`prepare`, `render`,
/// `renderStraight`, `renderSequence`) and the public properties (`budget`, `statistics`) run
/// under the renderer's own lock, taken inside the context's (`GPUContext.withCurrent`, always
/// in that order), so threads sharing one renderer (the tests share one across suites running
/// in parallel) take turns: a call waits while another renders, and reading `budget` or
/// `statistics` waits for the render in progress. The lock is recursive: `deliver` of
/// `renderSequence` may read `statistics` or render again on its own thread. Threads that
/// should render at the same time each need a renderer (and a context) of their own.
public final class Renderer: @unchecked Sendable {
    /// The context every pass runs on.
    public let context: GPUContext
    /// Guards every stored property below (see the type's documentation).
    private let lock = NSRecursiveLock()
    private var storedBudget: RenderBudget
    /// Where the time went, summed since the renderer was made (guarded by `lock`).
    var totals = RenderStatistics()
    let programs: ProgramCache
    let layers: LayerPool
    let sources: SourceCache
    var prefixes = PrefixCache()
    let arguments: ArgumentTextures
    /// The full-screen triangle's (empty) vertex array.
    private let vertexArray: VertexArray
    /// The storage of the stitched programs' array block (`StitchedInterface.arrayCapacity` floats).
    let arrayBuffer: UniformBuffer
    /// The 8-bit target a view's picture is straightened into (`straightFrame`), kept for the
    /// next frame of its size.
    var straightTarget: Framebuffer?
    /// The two pixel buffers a view's pictures are read into in turn (`startStraightFrame`).
    var straightBuffers: [PixelBuffer] = []
    var nextStraightBuffer = 0
    /// Counts the fences `renderSequence` made that are not yet deleted.
    let fenceCounter = Fence.LiveCounter()

    /// Where the time of every `render` call went, summed since the renderer was made.
    public var statistics: RenderStatistics { lock.withLock { totals } }

    /// The size limits every render is checked against before it allocates anything; by
    /// default the GPU's limits and `RenderBudget.defaultMaxPixels`.
    public var budget: RenderBudget {
        get { lock.withLock { storedBudget } }
        set { lock.withLock { storedBudget = newValue } }
    }

    /// The most spare framebuffers kept between passes and calls.
    package static let maxSpareFramebuffers = LayerPool.maxCount
    /// The most memory the spare framebuffers may hold together: 512 MiB.
    package static let maxSpareBytes = LayerPool.maxBytes
    /// Fences created by `renderSequence` and not yet deleted (0 between calls).
    package var liveFences: Int { fenceCounter.value }
    /// The spare framebuffers held now (for tests).
    package var spareFramebufferCount: Int { lock.withLock { layers.count } }

    /// A renderer on `context`.
    public init(context: GPUContext) throws {
        self.context = context
        storedBudget = RenderBudget(gpu: context.info)
        (programs, vertexArray, arrayBuffer) = try context.withCurrent {
            let programs = try ProgramCache(context: context)
            let vertexArray = try VertexArray(context: context)
            let arrayBuffer = try UniformBuffer(context: context, byteCount: StitchedInterface.arrayCapacity * MemoryLayout<Float>.stride)
            try context.check("renderer set-up")
            return (programs, vertexArray, arrayBuffer)
        }
        layers = LayerPool(context: context)
        sources = SourceCache(context: context)
        arguments = ArgumentTextures(context: context)
    }

    /// A renderer on a new context opened with `options`.
    public convenience init(options: GPUOptions = GPUOptions()) throws {
        try self.init(context: GPUContext(options: options))
    }

    /// Runs `body` with the context current and the renderer's lock held (in that order, so
    /// a caller already inside `context.withCurrent` cannot deadlock against another thread).
    func locked<T>(_ body: () throws -> T) throws -> T {
        try context.withCurrent { try lock.withLock(body) }
    }

    /// Compiles the program for `effect` now, so errors surface before a long render starts.
    public func prepare(_ effect: Effect) throws {
        _ = try locked { try programs.program(for: effect) }
    }

    /// Applies `effects` in order to `image` and reads the result back.
    /// - Parameters:
    ///   - image: the layer's content; its size in pixels is its size in points.
    ///   - effects: the modifiers, innermost first; each reads the previous one's float output.
    ///   - scale: pixels per point of the output (2 renders as @2x).
    ///   - region: the picture's frame (default) or the frame grown by the last effect's offset.
    /// - Returns: the premultiplied result, `scale` times the image's size (plus growth).
    public func render(_ image: RGBAImage, effects: [Effect], scale: Int = 1, region: OutputRegion = .frame) throws -> RGBAImage {
        precondition(scale >= 1, "scale is at least 1")
        return try locked {
            let plan = try checkedPlan(image, effects: effects, scale: scale)
            let started = ContinuousClock.now
            let uploadedBefore = totals.upload
            let canvas = try drawCurrent(image, plan: plan, frameOnly: region == .frame)
            let framebuffer = canvas.framebuffer!
            context.finish()
            let drawn = ContinuousClock.now
            totals.drawing += drawn - started - (totals.upload - uploadedBefore)
            defer { totals.readBack += ContinuousClock.now - drawn; totals.frames += 1 }
            switch region {
            case .frame:
                return try framebuffer.read(x: canvas.margin.x, y: canvas.margin.y, width: image.width * scale, height: image.height * scale)
            case .grown:
                return try framebuffer.read(x: 0, y: 0, width: framebuffer.width, height: framebuffer.height)
            }
        }
    }

    /// Applies `effects` in order to `image`, a picture already drawn at `scale` pixels per point
    /// (a view rendered @2x), and reads the frame back.
    ///
    /// The picture's size in points is its size in pixels divided by `scale`, and the effects'
    /// geometry (their `position`, `.boundingRect`, sizes and offsets) is in those points; the
    /// first pass reads the picture's own pixels, nothing resampled. `render(_:effects:scale:)`
    /// takes a picture of one pixel a point instead and draws it larger.
    /// - Parameters:
    ///   - image: the content at `scale` pixels per point; each side a multiple of `scale`.
    ///   - scale: pixels per point of the picture and of the result, at least 1.
    ///   - effects: the modifiers, innermost first.
    /// - Returns: the premultiplied result, the picture's size.
    /// - Throws: `PictureScaleError` when a side is not a whole number of points.
    public func render(_ image: RGBAImage, drawnAt scale: Int, effects: [Effect]) throws -> RGBAImage {
        guard scale > 1 else { return try render(image, effects: effects) }
        guard image.width % scale == 0, image.height % scale == 0 else {
            throw PictureScaleError(width: image.width, height: image.height, scale: scale)
        }
        let size = SIMD2(image.width / scale, image.height / scale)
        return try locked {
            let plan = try PassPlan(effects: effects, size: size, scale: scale, maxDimension: budget.maxDimension)
            try budget.check(width: size.x, height: size.y, scale: scale, margin: plan.widestMargin)
            let started = ContinuousClock.now
            let (texture, uploaded) = try sources.texture(for: image)
            totals.upload += uploaded
            // The picture is its own first layer at this scale; nothing is kept for the next call
            // (the source cache's layers are of pictures drawn one pixel a point).
            let canvas = try run(plan, over: Canvas(texture: texture, margin: .zero, scale: scale), frameOnly: true, keepsInput: false)
            guard let framebuffer = canvas.framebuffer else { return image }  // no enabled effect drew
            context.finish()
            let drawn = ContinuousClock.now
            totals.drawing += drawn - started - uploaded
            defer { totals.readBack += ContinuousClock.now - drawn; totals.frames += 1 }
            return try framebuffer.read(x: canvas.margin.x, y: canvas.margin.y, width: image.width, height: image.height)
        }
    }

    /// Where `effect`'s pass draws at `scale`: its grid's margin and frame, in pixels of that grid
    /// (the output's pixels, or `effect.reduction` times coarser, rounded up to cover the region).
    func grid(of effect: Effect, size: SIMD2<Int>, scale: Int) throws(RenderBudgetError) -> (margin: SIMD2<Int>, frame: SIMD2<Int>) {
        let pass = try PassPlan(effects: [effect], size: size, scale: scale, maxDimension: budget.maxDimension).passes[0]
        return (pass.margin, pass.frame)
    }

    /// The plan of `effects` over `image`, checked against `budget` before anything is
    /// allocated: the largest layer, the picture scaled and grown by the widest margin.
    func checkedPlan(_ image: RGBAImage, effects: [Effect], scale: Int) throws(RenderBudgetError) -> PassPlan {
        let budget = self.budget
        let plan = try PassPlan(effects: effects, size: SIMD2(image.width, image.height), scale: scale, maxDimension: budget.maxDimension)
        try budget.check(width: image.width, height: image.height, scale: scale, margin: plan.widestMargin)
        return plan
    }

    /// The GL state every pass assumes, set each time the context becomes current here.
    func setState() {
        vertexArray.bind()
        // Binding point 0 feeds every program's array block; renderers sharing a context each bind theirs.
        arrayBuffer.bind(toBindingPoint: ProgramCache.arrayBindingPoint)
        context.setPassState()
    }

    /// Uploads `image` as the source (unless it is the one kept) and runs `plan` over it;
    /// returns the final canvas (always a framebuffer), not yet read back.
    func drawCurrent(_ image: RGBAImage, plan: PassPlan, frameOnly: Bool = false,
                     straightInto straightTarget: Framebuffer? = nil) throws -> Canvas {
        let (texture, uploaded) = try sources.texture(for: image)
        totals.upload += uploaded
        let source = Canvas(texture: texture, margin: .zero, scale: 1)
        return try run(plan, over: source, frameOnly: frameOnly, straightInto: straightTarget)
    }
}

/// Time spent by a renderer, summed over its `render` calls.
public struct RenderStatistics: Sendable, Equatable {
    /// Frames rendered.
    public var frames = 0
    /// Passes whose output was taken from the call before instead of being drawn again.
    public var reusedPasses = 0
    /// Uploading pictures into textures (the source, image arguments).
    public var upload = Duration.zero
    /// Rasterising and running the effect passes, until the GPU finished (uploads excluded).
    public var drawing = Duration.zero
    /// Reading the result back into memory.
    public var readBack = Duration.zero
}

extension Renderer {
    /// Applies built-in effects, each whole (a blur's two passes, every pass of a multi-pass
    /// effect), innermost first: `renderer.render(picture, Blur(radius: 30), BackgroundWarp())`.
    /// - Parameters:
    ///   - image: the layer's content.
    ///   - effects: the effects as typed values.
    ///   - scale: pixels per point of the output.
    ///   - region: the picture's frame (default) or the frame grown by the last effect's offset.
    /// - Returns: the premultiplied result.
    public func render(_ image: RGBAImage, _ effects: any BuiltInEffect..., scale: Int = 1,
                       region: OutputRegion = .frame) throws -> RGBAImage {
        try render(image, effects: effects.flatMap(\.passes), scale: scale, region: region)
    }
}

/// A picture said to be drawn at `scale` pixels per point whose size is not a whole number of
/// points (`Renderer.render(_:drawnAt:effects:)`).
public struct PictureScaleError: Error, Equatable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public let scale: Int

    public var description: String {
        "a picture drawn at @\(scale)x is a whole number of points: \(width)x\(height) pixels is not (each side a multiple of \(scale))"
    }
}
