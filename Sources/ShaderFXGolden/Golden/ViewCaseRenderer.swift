import Foundation
import ShaderFXUI

/// Draws the views of cases and batch jobs on one warm `ViewRenderer`: every job after the first
/// reuses its compositor, paint programs, fonts, glyphs and decoded pictures, and the parsed
/// files `files` keeps, so a template drawn a thousand times with other text pays only for
/// evaluating, laying out and drawing it.
package final class ViewCaseRenderer {
    package let renderer: Renderer
    /// The parsed view files and shader libraries, shared with the cases' parsing.
    package let files: ViewFileCache
    private var kept: ViewRenderer<AnyView>?
    /// How many `ViewRenderer`s were made: one for a whole run.
    package private(set) var renderersMade = 0
    /// Where the last frame's time went.
    package private(set) var timings = Timings()

    /// The split of one frame's time.
    package struct Timings {
        /// Evaluating the view file into its view.
        package var evaluate = Duration.zero
        /// The view renderer's own split (resolve, layout, draw, read-back); nil before the first draw.
        package var view: ViewTimings?
    }

    package init(renderer: Renderer, files: ViewFileCache = ViewFileCache()) {
        self.renderer = renderer
        self.files = files
    }

    /// The frame at `time` (nil: a still) of `view` at `scale`, `effects` run over the whole view.
    package func render(_ view: ViewInput, time: Double?, scale: Int, effects: [Effect] = []) throws -> RGBAImage {
        try draw(view, time: time, scale: scale, effects: effects) { try $0.render() }
    }

    /// `render`, straightened to 8 bits on the GPU as `render --view` writes a PNG file.
    package func renderStraight(_ view: ViewInput, time: Double?, scale: Int, effects: [Effect] = []) throws -> StraightFrame {
        try draw(view, time: time, scale: scale, effects: effects) { try $0.renderStraight() }
    }

    /// The root's size in points at the first frame, laid out without drawing: what an effect
    /// over the view is given as its picture's size (its default tap point is the centre).
    package func size(of view: ViewInput, time: Double?, scale: Int) throws -> SIMD2<Double> {
        let viewRenderer = try prepared(view, time: time, scale: scale, effects: [])
        let size = try viewRenderer.layout().1.size
        return SIMD2(Double(size.width), Double(size.height))
    }

    /// What was accepted and ignored or drawn differently, each said once.
    package var notes: [String] { kept?.notes ?? [] }

    private func draw<T>(_ view: ViewInput, time: Double?, scale: Int, effects: [Effect],
                         _ read: (ViewRenderer<AnyView>) throws -> T) throws -> T {
        var view = view
        // A Canvas closure's error is kept by its program; one met by an earlier job stays there.
        if view.program.drawingError != nil { view.program = try files.renewed(view.program) }
        let viewRenderer = try prepared(view, time: time, scale: scale, effects: effects)
        let result = try read(viewRenderer)
        timings.view = viewRenderer.timings
        if let error = view.program.drawingError { throw error }
        return result
    }

    /// The warm view renderer given the view evaluated for this frame.
    private func prepared(_ view: ViewInput, time: Double?, scale: Int, effects: [Effect]) throws -> ViewRenderer<AnyView> {
        let settings = view.settings(at: time)
        let started = ContinuousClock.now
        var content = try view.program.makeView(settings: settings)
        if !effects.isEmpty { content = AnyView(content.effects(effects)) }
        timings.evaluate = ContinuousClock.now - started
        let viewRenderer: ViewRenderer<AnyView>
        if let kept {
            viewRenderer = kept
            viewRenderer.content = content
        } else {
            viewRenderer = try ViewRenderer(content: content, renderer: renderer)
            renderersMade += 1
            kept = viewRenderer
        }
        viewRenderer.configure(settings: settings, size: view.size, scale: scale)
        return viewRenderer
    }
}

extension ViewRenderer {
    /// Takes a view file's settings: its asset folders, time and trigger time, the size proposed
    /// to the root (nil: its ideal size) and the scale.
    package func configure(settings: ViewFileSettings, size: SIMD2<Int>?, scale: Int) {
        assetFolders = settings.assetFolders
        self.scale = scale
        time = settings.time
        triggerTime = settings.triggerTime
        proposedSize = size.map { ProposedViewSize(width: CGFloat($0.x), height: CGFloat($0.y)) } ?? .unspecified
    }
}

extension ViewCaseRenderer {
    /// The effect passes of each frame of `golden` over its view: a built-in effect's animator
    /// is made for the view's size (its default tap is the centre), laid out once for it; a view
    /// drawn alone has none and is not laid out twice.
    package func framePasses(of golden: GoldenCase, over view: ViewInput) throws -> (GoldenCase.Frame) throws -> [Effect] {
        if case .none = golden.source { return { _ in [] } }
        return try golden.framePasses(size: size(of: view, time: golden.frames[0].time, scale: golden.scale))
    }
}
