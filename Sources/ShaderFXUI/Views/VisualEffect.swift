import Foundation

/// Effects chosen from a view's geometry, as `visualEffect { content, proxy in ... }` returns
/// them (SwiftUI's `VisualEffect`): never a change of layout, only of drawing.
public protocol VisualEffect: Sendable {
    /// The drawing steps, innermost first.
    var _steps: [VisualEffectStep] { get }
}

/// One step of a visual effect.
public struct VisualEffectStep: Sendable {
    let effect: DrawEffect
}

extension DrawEffect: @unchecked Sendable {}

extension VisualEffect {
    var effects: [VisualEffectStep] { _steps }

    private func adding(_ effect: DrawEffect) -> VisualEffectChain { VisualEffectChain(_steps: _steps + [VisualEffectStep(effect: effect)]) }

    /// `shader` run on each pixel.
    public func colorEffect(_ shader: Shader, isEnabled: Bool = true) -> VisualEffectChain {
        adding(.shader(Effect(kind: .color, shader: shader, isEnabled: isEnabled)))
    }
    /// The layer resampled where `shader` says.
    public func distortionEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> VisualEffectChain {
        adding(.shader(Effect(kind: .distortion, shader: shader, maxSampleOffset: SIMD2(Float(maxSampleOffset.width), Float(maxSampleOffset.height)), isEnabled: isEnabled)))
    }
    /// `shader` run over the layer.
    public func layerEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> VisualEffectChain {
        adding(.shader(Effect(kind: .layer, shader: shader, maxSampleOffset: SIMD2(Float(maxSampleOffset.width), Float(maxSampleOffset.height)), isEnabled: isEnabled)))
    }
    /// Drawn moved by (`x`, `y`).
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> VisualEffectChain { adding(.transform(.offset(CGSize(width: x, height: y)))) }
    /// Drawn moved by `offset`.
    public func offset(_ offset: CGSize) -> VisualEffectChain { adding(.transform(.offset(offset))) }
    /// Drawn scaled about `anchor`.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> VisualEffectChain {
        adding(.transform(.scale(CGSize(width: s, height: s), anchor: anchor)))
    }
    /// Drawn scaled about `anchor`.
    public func scaleEffect(_ s: CGSize, anchor: UnitPoint = .center) -> VisualEffectChain { adding(.transform(.scale(s, anchor: anchor))) }
    /// Drawn rotated about `anchor`.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> VisualEffectChain {
        adding(.transform(.rotation(angle, anchor: anchor)))
    }
    /// Drawn blurred.
    public func blur(radius: CGFloat, opaque: Bool = false) -> VisualEffectChain { adding(.blur(radius: radius, opaque: opaque)) }
    /// Drawn at `opacity`.
    public func opacity(_ opacity: Double) -> VisualEffectChain { adding(.opacity(opacity)) }
    /// Brightened.
    public func brightness(_ amount: Double) -> VisualEffectChain { adding(.colorFilter(.brightness(amount))) }
    /// Contrast scaled.
    public func contrast(_ amount: Double) -> VisualEffectChain { adding(.colorFilter(.contrast(amount))) }
    /// Saturation scaled.
    public func saturation(_ amount: Double) -> VisualEffectChain { adding(.colorFilter(.saturation(amount))) }
    /// Desaturated.
    public func grayscale(_ amount: Double) -> VisualEffectChain { adding(.colorFilter(.grayscale(amount))) }
    /// Hues rotated.
    public func hueRotation(_ angle: Angle) -> VisualEffectChain { adding(.colorFilter(.hueRotation(angle))) }
}

/// No effect: what a `visualEffect` closure starts from.
public struct EmptyVisualEffect: VisualEffect {
    public init() {}
    public var _steps: [VisualEffectStep] { [] }
}

/// Visual effects one after the other.
public struct VisualEffectChain: VisualEffect {
    public let _steps: [VisualEffectStep]
}
