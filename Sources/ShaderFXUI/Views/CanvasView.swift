import Foundation

/// Immediate-mode drawing in a view (SwiftUI's `Canvas`): the closure is given a graphics
/// context and the view's size, and fills and strokes paths, draws text and images. It takes
/// the whole proposal, as SwiftUI's does.
public struct Canvas: View, PrimitiveView {
    let renderer: @Sendable (inout GraphicsContext, CGSize) -> Void

    /// A canvas drawn by `renderer`.
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        nonisolated(unsafe) let body = renderer
        self.renderer = { context, size in body(&context, size) }
    }

    public var body: Never { primitiveBody(Self.self) }

    package func resolve(in context: inout ResolveContext) -> [ViewNode] {
        let drawing = CanvasDrawing(renderer: renderer, environment: context.environment, services: context.services)
        return [ViewNode(leaf: .flexible, drawing: .canvas(drawing))]
    }
}

/// A canvas resolved for drawing: its closure and what text inside it resolves against.
package struct CanvasDrawing: Sendable {
    let renderer: @Sendable (inout GraphicsContext, CGSize) -> Void
    let environment: EnvironmentValues
    let services: ViewServices

    /// The commands the closure issues for a canvas of `size`.
    func commands(size: CGSize) -> [GraphicsContext.Command] {
        var context = GraphicsContext(environment: environment, services: services)
        renderer(&context, size)
        return context.recorder.commands
    }
}

/// What a `Canvas` draws with (SwiftUI's `GraphicsContext`): a current transform, opacity and
/// clip; `fill`, `stroke`, `draw` record commands the view's drawing then carries out.
public struct GraphicsContext {
    /// How a path is painted (SwiftUI's `GraphicsContext.Shading`).
    public struct Shading: @unchecked Sendable {
        let style: AnyShapeStyle
        /// A colour.
        public static func color(_ color: Color) -> Shading { Shading(style: AnyShapeStyle(color)) }
        /// Any shape style: a colour, a gradient, a shader.
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(style: AnyShapeStyle(style)) }
        /// The foreground style (black unless set).
        public static var foreground: Shading { Shading(style: AnyShapeStyle(Color.primary)) }
        /// A linear gradient between two points of the canvas.
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint, options: Int = 0) -> Shading {
            Shading(style: AnyShapeStyle(CanvasGradient.linear(gradient, startPoint, endPoint)))
        }
        /// A radial gradient about a point of the canvas.
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat, options: Int = 0) -> Shading {
            Shading(style: AnyShapeStyle(CanvasGradient.radial(gradient, center, startRadius, endRadius)))
        }
        /// A shader.
        public static func shader(_ shader: Shader) -> Shading { Shading(style: AnyShapeStyle(shader)) }
    }

    /// One recorded drawing command, in canvas coordinates through `transform`.
    enum Command {
        case fill(Path, Shading, eoFill: Bool, transform: CGAffineTransform, opacity: Double, clip: [Path])
        case text(TextDrawing, CGPoint, UnitPoint, transform: CGAffineTransform, opacity: Double, clip: [Path])
        case image(ImageDrawing, CGRect, transform: CGAffineTransform, opacity: Double, clip: [Path])
    }

    final class Recorder {
        var commands: [Command] = []
    }

    let environment: EnvironmentValues
    let services: ViewServices
    let recorder = Recorder()
    /// The transform from canvas coordinates to the view's.
    public var transform: CGAffineTransform = .identity
    /// The opacity everything is drawn at.
    public var opacity: Double = 1
    var clips: [Path] = []

    init(environment: EnvironmentValues, services: ViewServices) {
        self.environment = environment
        self.services = services
    }

    /// Moves the origin.
    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }
    /// Scales the axes.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }
    /// Rotates the axes (clockwise on screen for a positive angle).
    public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: angle.radians) }
    /// Applies `t` before the current transform.
    public mutating func concatenate(_ t: CGAffineTransform) { transform = t.concatenating(transform) }
    /// Limits drawing to `path` (in current coordinates).
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: Int = 0) {
        clips.append(path.applying(transform))
    }

    /// Fills `path` with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        recorder.commands.append(.fill(path, shading, eoFill: style.isEOFilled, transform: transform, opacity: opacity, clip: clips))
    }

    /// Strokes `path` `lineWidth` wide with `shading`.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Strokes `path` with `style` and `shading`.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        recorder.commands.append(.fill(path.strokedPath(style), shading, eoFill: false, transform: transform, opacity: opacity, clip: clips))
    }

    /// Draws `text` with its `anchor` at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        var context = ResolveContext(environment: environment, services: services)
        guard let node = try? context.resolve(text).first, case .text(let drawing) = node.drawing else { return }
        recorder.commands.append(.text(drawing, point, anchor, transform: transform, opacity: opacity, clip: clips))
    }

    /// Draws `text` in `rect` (its top-leading corner).
    public func draw(_ text: Text, in rect: CGRect) { draw(text, at: rect.origin, anchor: .topLeading) }

    /// Draws `image` stretched to `rect`.
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        var context = ResolveContext(environment: environment, services: services)
        guard let node = try? context.resolve(image.resizable()).first, case .image(let drawing) = node.drawing else { return }
        recorder.commands.append(.image(drawing, rect, transform: transform, opacity: opacity, clip: clips))
    }

    /// Draws `image` at its size with its `anchor` at `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        var context = ResolveContext(environment: environment, services: services)
        guard let node = try? context.resolve(image.resizable()).first, case .image(let drawing) = node.drawing else { return }
        let size = CGSize(width: CGFloat(drawing.picture.image.width) / drawing.picture.scale,
                          height: CGFloat(drawing.picture.image.height) / drawing.picture.scale)
        let origin = CGPoint(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height)
        recorder.commands.append(.image(drawing, CGRect(origin: origin, size: size), transform: transform, opacity: opacity, clip: clips))
    }
}
