import Foundation

/// A shader used as a fill (`.fill(shader)`, `.foregroundStyle(shader)`): SwiftUI's
/// `half4 f(float2 position, args...)` run over the filled bounds, `position` in points from the
/// bounds' top-left corner, through the renderer's fill pass.
extension Shader: ShapeStyle {}

/// A gradient of a `Canvas`: its geometry in the canvas's own coordinates, not unit points of
/// the shape it fills (SwiftUI's `GraphicsContext.Shading.linearGradient(_:startPoint:endPoint:)`).
enum CanvasGradient: PaintStyle {
    case linear(Gradient, CGPoint, CGPoint)
    case radial(Gradient, CGPoint, CGFloat, CGFloat)

    func paint(in bounds: CGRect) -> ResolvedPaint {
        switch self {
        case .linear(let gradient, let start, let end):
            return .linear(ResolvedGradient(gradient), start: start, end: end)
        case .radial(let gradient, let center, let startRadius, let endRadius):
            return .radial(ResolvedGradient(gradient), center: center, startRadius: startRadius, endRadius: endRadius)
        }
    }
}

/// A shape style drawn as a view fills its whole frame (SwiftUI's `ShapeStyle: View`): a
/// gradient or a colour on its own takes any size it is proposed.
private func filling<S: ShapeStyle>(_ style: S) -> [ViewNode] {
    [ViewNode(leaf: .flexible, drawing: .shape(ShapeDrawing(shape: Rectangle(), style: AnyShapeStyle(style))))]
}

extension LinearGradient: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) -> [ViewNode] { filling(self) }
}

extension RadialGradient: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) -> [ViewNode] { filling(self) }
}

extension AngularGradient: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) -> [ViewNode] { filling(self) }
}

extension EllipticalGradient: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) -> [ViewNode] { filling(self) }
}

extension MeshGradient: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }
    package func resolve(in context: inout ResolveContext) -> [ViewNode] { filling(self) }
}

/// The floating-point types SwiftUI's shader arguments take besides `Float`: `Double`, `CGFloat`.
public protocol ShaderArgumentFloat { var argumentValue: Float { get } }
extension Double: ShaderArgumentFloat { public var argumentValue: Float { Float(self) } }
extension CGFloat: ShaderArgumentFloat { public var argumentValue: Float { Float(self) } }

extension Shader.Argument {
    /// A `float` from a `Double` or `CGFloat`, as SwiftUI's `.float(_:)` takes them.
    @_disfavoredOverload public static func float<T: ShaderArgumentFloat>(_ x: T) -> Shader.Argument { .float(x.argumentValue) }
    /// A `float2` from two values.
    @_disfavoredOverload public static func float2<T: ShaderArgumentFloat>(_ x: T, _ y: T) -> Shader.Argument { .float2(x.argumentValue, y.argumentValue) }
    /// A `float2` from a point.
    public static func float2(_ point: CGPoint) -> Shader.Argument { .float2(Float(point.x), Float(point.y)) }
    /// A `float2` from a size: (width, height).
    public static func float2(_ size: CGSize) -> Shader.Argument { .float2(Float(size.width), Float(size.height)) }
    /// A `float3` from three values.
    @_disfavoredOverload public static func float3<T: ShaderArgumentFloat>(_ x: T, _ y: T, _ z: T) -> Shader.Argument {
        .float3(x.argumentValue, y.argumentValue, z.argumentValue)
    }
    /// A `float4` from four values.
    @_disfavoredOverload public static func float4<T: ShaderArgumentFloat>(_ x: T, _ y: T, _ z: T, _ w: T) -> Shader.Argument {
        .float4(x.argumentValue, y.argumentValue, z.argumentValue, w.argumentValue)
    }
    /// Floats from `Double`s or `CGFloat`s.
    @_disfavoredOverload public static func floatArray<T: ShaderArgumentFloat>(_ values: [T]) -> Shader.Argument { .floatArray(values.map(\.argumentValue)) }
}
