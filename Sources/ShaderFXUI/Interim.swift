// INTERIM: stand-ins until the paint and geometry branches merge; deleted then.
import Foundation
public protocol ShapeStyle: Sendable {}
public struct AnyShapeStyle: ShapeStyle { let base: any ShapeStyle; public init<S: ShapeStyle>(_ s: S) { base = s } }
public struct Color: ShapeStyle, Hashable {
    var rgba: SIMD4<Double>
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) { rgba = SIMD4(red, green, blue, opacity) }
    public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }
    public init(_ space: RGBColorSpace, white: Double, opacity: Double = 1) { rgba = SIMD4(white, white, white, opacity) }
    public static let primary = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
}
extension Shader: ShapeStyle {}
public struct Gradient: Sendable {}
public protocol Shape: Sendable, View { func path(in rect: CGRect) -> Path; func sizeThatFits(_ p: ProposedViewSize) -> CGSize }
extension Shape { public func sizeThatFits(_ p: ProposedViewSize) -> CGSize { p.replacingUnspecifiedDimensions() } }
public protocol InsettableShape: Shape { associatedtype InsetShape: InsettableShape; func inset(by amount: CGFloat) -> InsetShape }
public struct Path: Sendable { public init() {}; func applying(_ t: CGAffineTransform) -> Path { self }; func strokedPath(_ s: StrokeStyle) -> Path { self } }
public struct FillStyle: Sendable { public var isEOFilled = false; public init() {} }
public struct StrokeStyle: Sendable { public var lineWidth: CGFloat; public init(lineWidth: CGFloat = 1) { self.lineWidth = lineWidth } }
public struct Rectangle: Shape { public init() {}; public func path(in rect: CGRect) -> Path { Path() } }
public enum RoundedCornerStyle: Sendable { case circular, continuous }
public struct RoundedRectangle: Shape { public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}; public func path(in rect: CGRect) -> Path { Path() } }
enum CanvasGradient: ShapeStyle { case linear(Gradient, CGPoint, CGPoint); case radial(Gradient, CGPoint, CGFloat, CGFloat) }
