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
