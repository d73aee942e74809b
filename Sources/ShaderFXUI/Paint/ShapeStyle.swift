import Foundation

/// A colour or pattern to fill a shape or draw text with (SwiftUI's `ShapeStyle`): `Color`,
/// the gradients, `AnyShapeStyle`.
public protocol ShapeStyle: Sendable {}

/// A shape style the drawing layer can paint: it resolves itself against the bounding rectangle
/// of what it fills, as SwiftUI maps a gradient's unit points into the bounds of each shape
/// filled with it.
package protocol PaintStyle: ShapeStyle {
    /// The paint for a shape (or text) whose bounding rectangle, in user-space points, is `bounds`.
    func paint(in bounds: CGRect) -> ResolvedPaint
}

/// Why a style cannot be painted.
public enum PaintStyleError: Error, Equatable, CustomStringConvertible {
    /// A `ShapeStyle` type that ShaderFX has no paint for (a style declared outside ShaderFXUI).
    case unsupportedStyle(String)

    public var description: String {
        switch self {
        case let .unsupportedStyle(name):
            return "\(name) is not a shape style ShaderFX can paint (use a Color, a gradient or AnyShapeStyle of one)"
        }
    }
}

extension ShapeStyle {
    /// The paint this style resolves to for a shape of bounding rectangle `bounds` (points).
    /// - Throws: `PaintStyleError.unsupportedStyle` for a style ShaderFX cannot paint.
    package func resolvedPaint(in bounds: CGRect) throws(PaintStyleError) -> ResolvedPaint {
        if let erased = self as? AnyShapeStyle { return try erased.base.resolvedPaint(in: bounds) }
        guard let style = self as? any PaintStyle else { throw .unsupportedStyle(String(describing: type(of: self))) }
        return style.paint(in: bounds)
    }
}

/// A type-erased shape style (SwiftUI's `AnyShapeStyle`).
public struct AnyShapeStyle: ShapeStyle {
    /// The style it wraps.
    package let base: any ShapeStyle

    /// Wraps `style`.
    public init<S: ShapeStyle>(_ style: S) {
        if let erased = style as? AnyShapeStyle { base = erased.base } else { base = style }
    }
}

extension Color: PaintStyle {
    /// The colour premultiplied, the same over any bounds.
    package func paint(in bounds: CGRect) -> ResolvedPaint { .solid(premultiplied) }
}

extension ShapeStyle where Self == Color {
    /// `Color.red`.
    public static var red: Color { Color.red }
    /// `Color.orange`.
    public static var orange: Color { Color.orange }
    /// `Color.yellow`.
    public static var yellow: Color { Color.yellow }
    /// `Color.green`.
    public static var green: Color { Color.green }
    /// `Color.mint`.
    public static var mint: Color { Color.mint }
    /// `Color.teal`.
    public static var teal: Color { Color.teal }
    /// `Color.cyan`.
    public static var cyan: Color { Color.cyan }
    /// `Color.blue`.
    public static var blue: Color { Color.blue }
    /// `Color.indigo`.
    public static var indigo: Color { Color.indigo }
    /// `Color.purple`.
    public static var purple: Color { Color.purple }
    /// `Color.pink`.
    public static var pink: Color { Color.pink }
    /// `Color.brown`.
    public static var brown: Color { Color.brown }
    /// `Color.gray`.
    public static var gray: Color { Color.gray }
    /// `Color.black`.
    public static var black: Color { Color.black }
    /// `Color.white`.
    public static var white: Color { Color.white }
    /// `Color.clear`.
    public static var clear: Color { Color.clear }
}

extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient from `startPoint` to `endPoint`, unit points in the filled shape's bounds.
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient of evenly spaced `colors`.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient of `stops`.
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient about `center` (a unit point in the bounds), radii in points.
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient of evenly spaced `colors`.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient of `stops`.
    public static func radialGradient(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(stops: stops, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient from `startAngle` to `endAngle` about `center`.
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// An angular gradient of evenly spaced `colors`.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// An angular gradient of `stops`.
    public static func angularGradient(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(stops: stops, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A conic gradient: one full turn from `angle` about `center`.
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
    /// A conic gradient of evenly spaced `colors`.
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }
    /// A conic gradient of `stops`.
    public static func conicGradient(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(stops: stops, center: center, angle: angle)
    }
}

extension ShapeStyle where Self == EllipticalGradient {
    /// An elliptical gradient: a radial one in the unit square, stretched over the bounds.
    public static func ellipticalGradient(_ gradient: Gradient, center: UnitPoint = .center,
                                          startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(gradient: gradient, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    /// An elliptical gradient of evenly spaced `colors`.
    public static func ellipticalGradient(colors: [Color], center: UnitPoint = .center,
                                          startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(colors: colors, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    /// An elliptical gradient of `stops`.
    public static func ellipticalGradient(stops: [Gradient.Stop], center: UnitPoint = .center,
                                          startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(stops: stops, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}

extension AnyShapeStyle: PaintStyle {
    /// The wrapped style's paint; transparent for a style ShaderFX cannot paint (which
    /// `resolvedPaint(in:)` reports as an error instead).
    package func paint(in bounds: CGRect) -> ResolvedPaint {
        (base as? any PaintStyle)?.paint(in: bounds) ?? .solid(.zero)
    }
}
