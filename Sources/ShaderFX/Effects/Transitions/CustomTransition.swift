import ShaderFXCore

/// A transition written by the developer: an effect function of their own library that runs
/// over the incoming picture, as the built-in transitions do.
///
/// The contract, in Metal or GLSL:
/// - a colour or layer function receives the progress (0...1) in a `float` parameter
///   (`progress` unless named otherwise) and the outgoing picture in an image parameter
///   (`texture2d<half> from` in Metal, `sampler2D from` in GLSL), and returns the finished
///   pixel, premultiplied: at progress 0 the outgoing picture, at 1 the incoming one;
/// - a distortion function receives only the progress and says where to read the incoming
///   picture; the outgoing picture is drawn behind what it leaves (`TransitionBackdrop`), and
///   what it reads beyond the picture is transparent (its maxSampleOffset is at least a point).
/// Any other parameters are arguments, given by name.
public struct CustomTransition: Transition {
    /// The function with its arguments; the progress and the outgoing picture are fed.
    public private(set) var custom: CustomEffect
    /// The progress parameter's name.
    public let progressName: String
    /// The outgoing picture's parameter name (nil for a distortion).
    public let fromName: String?

    /// The transition `function` of `library`.
    /// - Parameters:
    ///   - library: the Metal or GLSL library.
    ///   - function: the function; nil for the library's only effect function.
    ///   - kind: the kind asked for, checked against the signature; nil to infer it.
    ///   - arguments: the other parameters' values as text, by name.
    ///   - progress: the float parameter the progress feeds.
    ///   - from: the image parameter the outgoing picture feeds (ignored for a distortion).
    ///   - maxSampleOffset: points the function may sample beyond the layer.
    /// - Throws: `ShaderError` for the library, `CustomEffectError` for the arguments.
    public init(library: ShaderLibrary, function: String? = nil, kind: EffectKind? = nil,
                arguments: [(name: String, value: String)], progress: String = "progress", from: String = "from",
                maxSampleOffset: SIMD2<Float> = .zero) throws {
        let resolved = try library.resolve(function: function, kind: kind)
        var fed = [CustomEffect.Fed(name: progress, type: .float, role: "the transition's progress")]
        if resolved.kind != .distortion {
            fed.append(CustomEffect.Fed(name: from, type: .image, role: "the outgoing picture"))
        }
        let offset = resolved.kind == .distortion ? pointwiseMax(maxSampleOffset, SIMD2<Float>(1, 1)) : maxSampleOffset
        custom = try CustomEffect(library: library, function: resolved.function.name, kind: resolved.kind,
                                  arguments: arguments, fed: fed, maxSampleOffset: offset)
        progressName = progress
        fromName = resolved.kind == .distortion ? nil : from
    }

    /// The function's name.
    public var name: String { custom.name }

    /// The transition with its image arguments bound, `images` by argument index.
    public func resolvingImages(_ images: [Int: RGBAImage]) -> CustomTransition {
        var copy = self
        copy.custom = custom.resolvingImages(images)
        return copy
    }

    public func passes(progress: Float, from: RGBAImage, incomingIsOpaque: Bool) -> [Effect] {
        var own = custom.feeding(progressName, .float(progress))
        if let fromName { own = own.feeding(fromName, .image(from)) }
        guard custom.kind == .distortion else { return [own.effect] }
        return [own.effect, TransitionBackdrop.pass(progress: progress, from: from, incomingIsOpaque: incomingIsOpaque)]
    }
}
