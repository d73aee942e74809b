import Foundation

/// Renders a view into a picture, as SwiftUI's `ImageRenderer` does: the root is proposed
/// `proposedSize` (its ideal size by default), laid out, and drawn at `scale` pixels a point
/// with every effect modifier in the tree run on the GPU.
///
///     let picture = try ViewRenderer(content: Card(title: "Hello")).render(scale: 2)
///
/// A renderer keeps what it made between calls (programs, fonts, glyphs, textures of pictures
/// found by name), so rendering the frames of an animation, or a thousand cards, pays for them once.
public final class ViewRenderer<Content: View> {
    /// The view rendered.
    public var content: Content
    /// The size proposed to the root; `.unspecified` for its ideal size.
    public var proposedSize: ProposedViewSize = .unspecified
    /// Pixels per point (1, 2, 3).
    public var scale: Int = 1
    /// Seconds since the animation began: what a `TimelineView` inside is given.
    public var time: Double = 0
    /// Seconds since the triggers of `keyframeAnimator`s changed (a tap, a counter): nil shows
    /// their initial values, as SwiftUI does before the first change.
    public var triggerTime: Double?
    /// Folders `Image("Name")` looks in.
    public var assetFolders: [String] {
        get { services.images.folders }
        set { services.images.folders = newValue }
    }

    let renderer: Renderer
    let services: ViewServices
    private var pipeline: PaintPipeline?
    private(set) var kept: ViewCompositor?
    /// The frame `renderStraightOverlapped` started and has not handed back.
    private var pending: PendingStraightFrame?

    /// A renderer of `content` on `renderer` (a new GPU context of its own by default).
    public init(content: Content, renderer: Renderer? = nil) throws {
        self.content = content
        self.renderer = try renderer ?? Renderer()
        services = ViewServices()
    }

    /// Where the time of the last `render()` went.
    public private(set) var timings = ViewTimings()

    /// What was drawn differently from Apple's rendering, or accepted and ignored, each said once.
    public var notes: [String] { services.notes }

    /// The root's layout for the current settings, without drawing.
    package func layout() throws -> (ViewNode, LayoutResult) {
        var environment = EnvironmentValues()
        environment.time = time
        environment.triggerTime = triggerTime
        services.images.scale = scale
        environment.displayScale = CGFloat(scale)
        environment.proposedSize = proposedSize
        var context = ResolveContext(environment: environment, services: services)
        let started = ContinuousClock.now
        // `ViewClock.now` (a compiled view's `Date()` in the examples' tests) is the frame's time;
        // GeometryReaders rebuilt during layout see it too.
        let (root, result, resolved) = try ViewClock.$time.withValue(time) {
            try Image.$assetFolders.withValue(services.images.folders + Image.assetFolders) {
                var root = try context.single(content)
                let resolved = ContinuousClock.now
                let result = try root.layOut(in: proposedSize, scale: CGFloat(scale))
                return (root, result, resolved)
            }
        }
        if let failure = ViewImages.takeArgumentFailure() { throw failure }
        timings.resolve = resolved - started
        timings.layout = ContinuousClock.now - resolved
        return (root, result)
    }

    /// The view drawn as `render()` draws it, straightened to 8-bit RGBA on the GPU: what a PNG
    /// file or a video frame holds, read back at a quarter of the float picture's bytes.
    public func renderStraight() throws -> StraightFrame {
        try draw { layer, width, height in
            try renderer.straightFrame(of: layer.framebuffer.texture, width: width, height: height)
        }
    }

    /// `renderStraight()` with its read-back overlapped: draws the view and starts reading it
    /// back, then gives the frame the call before drew (nil on the first call), so one frame's
    /// pixels travel back while the next is evaluated and drawn; `finishStraight()` gives the
    /// last. The read-back of `timings` is starting this frame's plus waiting for the one before.
    public func renderStraightOverlapped() throws -> StraightFrame? {
        let previous = pending
        pending = nil
        let (started, collected) = try draw { layer, width, height in
            let started = try renderer.startStraightFrame(of: layer.framebuffer.texture, width: width, height: height)
            return (started, try previous.map { try renderer.collectStraightFrame($0) })
        }
        pending = started
        return collected
    }

    /// The frame the last `renderStraightOverlapped()` drew, once its read-back is done; nil when
    /// none is on its way.
    public func finishStraight() throws -> StraightFrame? {
        defer { pending = nil }
        return try pending.map { pending in try renderer.withContext { try renderer.collectStraightFrame(pending) } }
    }

    /// The view drawn at `scale`, `proposedSize` proposed to it: a premultiplied picture the root's
    /// size in pixels (at least one pixel).
    public func render() throws -> RGBAImage {
        try draw { layer, width, height in try layer.framebuffer.read(x: 0, y: 0, width: width, height: height) }
    }

    /// Lays the view out, draws it into a layer of the root's pixel size and gives `read` the layer.
    private func draw<T>(_ read: (ViewCompositor.Layer, Int, Int) throws -> T) throws -> T {
        precondition(scale >= 1, "scale is at least 1")
        let (root, result) = try layout()
        let (width, height) = result.pixelSize
        guard width > 0, height > 0 else {
            throw ViewError("the view is \(Int(result.size.width)) × \(Int(result.size.height)) points: nothing to draw (propose a size with --size, or give the view a frame)")
        }
        try renderer.budget.check(width: width, height: height, scale: 1, margin: .zero)
        return try renderer.withContext {
            let paints = try pipeline ?? PaintPipeline(context: renderer.context)
            pipeline = paints
            // Kept between renders (its spare layers and pictures' textures), made again for another scale.
            let compositor = kept.flatMap { $0.scale == scale ? $0 : nil }
                ?? ViewCompositor(renderer: renderer, paints: paints, library: EffectLibrary(services: services), scale: scale)
            kept = compositor
            let workBefore = renderer.context.workCounts, masksBefore = compositor.maskCounts
            let started = ContinuousClock.now
            // Fills are queued and drawn in batches (their masks uploaded together), the last when the tree is done.
            let layer = try paints.batched {
                let layer = try compositor.makeLayer(width: width, height: height, origin: .zero)
                try compositor.draw(root, result.root, into: layer, opacity: 1)
                return layer
            }
            renderer.context.finish()
            let drawn = ContinuousClock.now
            timings.work = renderer.context.workCounts.since(workBefore)
            timings.masksRasterised = compositor.maskCounts.rasterised - masksBefore.rasterised
            timings.masksReused = compositor.maskCounts.reused - masksBefore.reused
            defer {
                timings.draw = drawn - started
                timings.readBack = ContinuousClock.now - drawn
                compositor.recycle(layer)
                if ViewTimings.printsEachRender { ViewTimings.print(timings) }
            }
            return try read(layer, width, height)
        }
    }

    /// `render()` with these settings.
    public func render(proposedSize: ProposedViewSize = .unspecified, scale: Int = 1, time: Double = 0) throws -> RGBAImage {
        self.proposedSize = proposedSize
        self.scale = scale
        self.time = time
        return try render()
    }
}

/// Where a `ViewRenderer.render()` spent its time.
public struct ViewTimings: Sendable, Equatable {
    /// Turning the view into its tree (bodies, environment, fonts, pictures).
    public var resolve = Duration.zero
    /// Laying the tree out.
    public var layout = Duration.zero
    /// Rasterising and drawing on the GPU, until it finished.
    public var draw = Duration.zero
    /// Reading the picture back.
    public var readBack = Duration.zero
    /// The GL calls the draw made (draws, state set, uploads): the driver's CPU work, exact.
    package var work = GLWorkCounts()
    /// Coverage masks the draw made on the CPU (shapes rasterised, text composited from glyphs)...
    public var masksRasterised = 0
    /// ...and masks it found kept from an earlier render.
    public var masksReused = 0
}

