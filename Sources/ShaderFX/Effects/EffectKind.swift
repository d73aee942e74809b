/// The four ways SwiftUI runs a shader over a view, each with its fixed leading parameters.
public enum EffectKind: String, Sendable, CaseIterable, Codable {
    /// `colorEffect`: `vec4 f(vec2 position, vec4 color, ...)` returns the new premultiplied colour.
    case color
    /// `distortionEffect`: `vec2 f(vec2 position, ...)` returns where to sample the layer.
    case distortion
    /// `layerEffect`: `vec4 f(vec2 position, Layer layer, ...)` samples the layer anywhere.
    case layer
    /// A shader used as a fill style: `vec4 f(vec2 position, ...)` fills the layer's coverage (alpha).
    case fill

    /// The GLSL return type the kind requires.
    var returnType: String { self == .distortion ? "vec2" : "vec4" }

    /// The GLSL types of the fixed leading parameters.
    var leadingTypes: [String] { leadingParameterTypes.map(\.rawValue) }

    /// The contract types of the fixed leading parameters.
    var leadingParameterTypes: [ParameterType] {
        switch self {
        case .color: return [.vec2, .vec4]
        case .distortion, .fill: return [.vec2]
        case .layer: return [.vec2, .layer]
        }
    }

    /// The signature the kind requires, for error messages.
    var contract: String {
        switch self {
        case .color: return "vec4 f(vec2 position, vec4 color, ...)"
        case .distortion: return "vec2 f(vec2 position, ...)"
        case .layer: return "vec4 f(vec2 position, Layer layer, ...)"
        case .fill: return "vec4 f(vec2 position, ...)"
        }
    }

    /// SwiftUI's modifier name for the kind.
    public var modifierName: String {
        switch self {
        case .color: return "colorEffect"
        case .distortion: return "distortionEffect"
        case .layer: return "layerEffect"
        case .fill: return "fill"
        }
    }
}
