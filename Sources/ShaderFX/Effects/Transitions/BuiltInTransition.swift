/// A transition: draws one frame between an outgoing picture (`from`) and an incoming one
/// (`to`) at a progress in 0...1, by running passes over the incoming picture, as SwiftUI
/// applies a transition's modifier to the inserted view.
///
/// The ends are exact: `render` returns `from` itself at progress <= 0 and the fitted `to` at
/// progress >= 1.
public protocol Transition: Sendable {
    /// The passes that draw the frame at `progress` when run over the incoming picture.
    /// - Parameters:
    ///   - progress: 0 shows `from`, 1 the incoming picture.
    ///   - from: the outgoing picture, the size of the incoming one.
    ///   - incomingIsOpaque: whether every pixel of the incoming picture is opaque (what a
    ///     backdrop drawn behind it may rely on).
    func passes(progress: Float, from: RGBAImage, incomingIsOpaque: Bool) -> [Effect]
}

extension Transition {
    /// Draws the frame at `progress` between `from` and `to`.
    ///
    /// The frame has `from`'s size; `to` is first fitted onto it with `fit` when the sizes
    /// differ. Progress <= 0 (or NaN) returns `from` and progress >= 1 the fitted `to`, without
    /// touching the GPU. Both pictures are at `scale` pixels per point (views rendered @2x): the
    /// transition's geometry (cell sizes, the genie's target) is in points, and the frame keeps
    /// the pictures' pixels.
    /// - Parameters:
    ///   - renderer: the renderer to draw with.
    ///   - from: the outgoing picture.
    ///   - to: the incoming picture.
    ///   - progress: 0...1.
    ///   - fit: how `to` is fitted onto `from`'s size (default `.fill`).
    ///   - incomingIsOpaque: whether the fitted `to` is opaque, when the caller knows it (a
    ///     sequence over one pair of pictures finds it once); nil to look.
    ///   - scale: pixels per point of both pictures (default 1); `from`'s sides are multiples of it.
    /// - Returns: the premultiplied frame, `from`'s size.
    /// - Throws: `PictureScaleError` when `from` is not a whole number of points at `scale`.
    public func render(_ renderer: Renderer, from: RGBAImage, to: RGBAImage, progress: Float,
                       fit: FitMode = .fill, incomingIsOpaque: Bool? = nil, scale: Int = 1) throws -> RGBAImage {
        guard progress > 0 else { return from }
        let incoming = fit.fitting(to, width: from.width, height: from.height)
        guard progress < 1 else { return incoming }
        return try renderer.render(incoming, drawnAt: scale,
                                   effects: passes(progress: progress, from: from, incomingIsOpaque: incomingIsOpaque ?? incoming.isOpaque))
    }
}

/// A built-in transition: a typed Swift value whose shader runs over the incoming picture.
///
/// The shader has the effect kind of its Inferno counterpart (a colour, layer or distortion
/// effect). Colour and layer transitions also receive the outgoing picture as a
/// `sampler2D from` argument and return the finished pixel, a premultiplied mix of the two
/// pictures; a distortion can only move the incoming picture, so the genie adds a second pass
/// (`Transition/backdrop`) that draws the outgoing picture behind it. Every shader's GLSL
/// function takes, after its kind's leading parameters, `vec4 bounds` (`.boundingRect`),
/// `float progress`, the transition's own parameters in the order of `parameters`, then
/// `sampler2D from` (except a distortion). The shaders' maths give `from` and `to` bit for bit
/// at progress 0 and 1.
public protocol BuiltInTransition: BuiltInShader, Transition {
    /// The passes that draw the frame at `progress` when run over the incoming picture.
    /// - Parameters:
    ///   - progress: 0 shows `from`, 1 the incoming picture.
    ///   - from: the outgoing picture, the size of the incoming one.
    func passes(progress: Float, from: RGBAImage) -> [Effect]
}

extension BuiltInTransition {
    /// The shader's arguments at `progress`: the bounds, the progress, the table's parameters,
    /// then the outgoing picture (which a distortion cannot read).
    public func arguments(progress: Float, from: RGBAImage) -> [Shader.Argument] {
        [.boundingRect, .float(progress)] + shaderArguments + (Self.kind == .distortion ? [] : [.image(from)])
    }

    /// One pass of the transition's kind over the incoming picture, sampling nothing beyond it.
    public func passes(progress: Float, from: RGBAImage) -> [Effect] {
        [Effect(kind: Self.kind, shader: Shader(function: Self.function, arguments: arguments(progress: progress, from: from)))]
    }

    /// The passes; a built-in transition's own shader does not depend on the incoming picture.
    public func passes(progress: Float, from: RGBAImage, incomingIsOpaque: Bool) -> [Effect] {
        passes(progress: progress, from: from)
    }
}

/// The registry of built-in transitions.
public enum BuiltInTransitions {
    /// Every built-in transition, in the order help lists them.
    public static let all: [any BuiltInTransition.Type] = [
        CirclesTransition.self, CircleWaveTransition.self, DiamondsTransition.self, DiamondWaveTransition.self,
        CrosswarpLTRTransition.self, CrosswarpRTLTransition.self, GenieTransition.self,
        PixellateTransition.self, RadialTransition.self, SwirlTransition.self, WindTransition.self,
    ]

    /// The transition with this command-line name.
    public static func named(_ name: String) -> (any BuiltInTransition.Type)? {
        all.first { $0.name == name }
    }

    /// The pictures used when none are given, made from the built-in pool picture (drawn by the
    /// view layer: `BuiltInTransitions.samplePictures(width:height:on:)` in ShaderFXUI): `from`
    /// is the pool floor (cool blue tiles) and `to` the same floor with red and blue swapped (warm
    /// orange tiles), both opaque, so every pixel of a frame says which picture it shows.
    /// - Parameter pool: the pool picture.
    /// - Returns: `pool` and its warm twin.
    public static func samplePictures(pool: RGBAImage) -> (from: RGBAImage, to: RGBAImage) {
        var warm = pool
        for i in stride(from: 0, to: warm.pixels.count, by: 4) {
            warm.pixels.swapAt(i, i + 2)
        }
        return (pool, warm)
    }
}
