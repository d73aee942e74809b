import Foundation

extension Shape {
    /// A shape drawn on its own fills its frame with the foreground style.
    public var body: _ShapeView<Self> { _ShapeView(shape: self, style: nil) }
}

/// A shape filled or stroked with a style: what `Circle()`, `.fill(...)` and `.stroke(...)` are.
public struct _ShapeView<Content: Shape>: View, PrimitiveView {
    /// The shape, laid out in the view's frame.
    public var shape: Content
    /// The style; nil for the environment's foreground style.
    var style: AnyShapeStyle?
    var fillStyle = FillStyle()
    /// The stroke, for a stroked shape.
    var stroke: StrokeStyle?
    /// Whether the stroke lies inside the frame (`strokeBorder`).
    var strokeInside = false

    init(shape: Content, style: AnyShapeStyle?, fillStyle: FillStyle = FillStyle(), stroke: StrokeStyle? = nil, strokeInside: Bool = false) {
        self.shape = shape
        self.style = style
        self.fillStyle = fillStyle
        self.stroke = stroke
        self.strokeInside = strokeInside
    }

    public var body: Never { primitiveBody(Self.self) }

    package func resolve(in context: inout ResolveContext) -> [ViewNode] {
        let shape = self.shape
        let drawing = ShapeDrawing(shape: shape, style: context.environment.resolving(style),
                                   eoFill: fillStyle.isEOFilled, stroke: stroke, strokeInside: strokeInside)
        return [ViewNode(leaf: .measured { shape.sizeThatFits($0) }, drawing: .shape(drawing))]
    }
}

/// A shape resolved for drawing.
package struct ShapeDrawing: Sendable {
    package let shape: any Shape
    /// The style; nil for primary (black).
    package let style: AnyShapeStyle?
    package var eoFill = false
    package var stroke: StrokeStyle?
    package var strokeInside = false

    /// The outline to fill in `rect` (root points): the shape's path, or its stroke's.
    package func path(in rect: CGRect) -> Path {
        guard let stroke else { return shape.path(in: rect) }
        if strokeInside {
            let inset = rect.insetBy(dx: stroke.lineWidth / 2, dy: stroke.lineWidth / 2)
            if let insettable = shape as? any InsettableShape {
                return insettable.inset(by: stroke.lineWidth / 2).path(in: rect).strokedPath(stroke)
            }
            return shape.path(in: inset).strokedPath(stroke)
        }
        return shape.path(in: rect).strokedPath(stroke)
    }

    /// Whether the path is filled even-odd (a stroke's outline is always nonzero).
    package var fillsEvenOdd: Bool { stroke == nil && eoFill }
}

extension Shape {
    /// The shape filled with `content`.
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: AnyShapeStyle(content), fillStyle: style)
    }

    /// The shape filled with the foreground style.
    public func fill(style: FillStyle = FillStyle()) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: nil, fillStyle: style)
    }

    /// The shape's outline, `lineWidth` wide, centred on the path, in `content`.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: AnyShapeStyle(content), stroke: StrokeStyle(lineWidth: lineWidth))
    }

    /// The shape's outline drawn with `style` in `content`.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: AnyShapeStyle(content), stroke: style)
    }

    /// The shape's outline, `lineWidth` wide, in the foreground style.
    public func stroke(lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: nil, stroke: StrokeStyle(lineWidth: lineWidth))
    }

    /// The shape's outline drawn with `style` in the foreground style.
    public func stroke(style: StrokeStyle) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: nil, stroke: style)
    }
}

extension InsettableShape {
    /// The outline drawn inside the shape's frame, `lineWidth` wide, in `content`.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: AnyShapeStyle(content), stroke: StrokeStyle(lineWidth: lineWidth), strokeInside: true)
    }

    /// The outline drawn inside the shape's frame with `style`, in `content`.
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: AnyShapeStyle(content), stroke: style, strokeInside: true)
    }

    /// The outline drawn inside the frame, in the foreground style.
    public func strokeBorder(lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        _ShapeView(shape: self, style: nil, stroke: StrokeStyle(lineWidth: lineWidth), strokeInside: true)
    }
}

extension _ShapeView {
    /// A filled shape stroked too: the two drawn one over the other (iOS 17's chaining).
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        overlay(shape.stroke(content, lineWidth: lineWidth))
    }
}

extension Color: View, PrimitiveView {
    public var body: Never { primitiveBody(Self.self) }

    package func resolve(in context: inout ResolveContext) -> [ViewNode] {
        // Color.clear takes its space and draws nothing.
        let drawing: Drawing = resolved.w == 0 ? .nothing : .shape(ShapeDrawing(shape: Rectangle(), style: AnyShapeStyle(self)))
        return [ViewNode(leaf: .flexible, drawing: drawing)]
    }
}
