import Foundation

/// The modifiers ShaderFXUI implements itself, as one `ViewModifier` carrying what it does: a
/// change of environment, a layout, a trait, a secondary view, or an effect on drawing.
public struct BuiltInModifier: ViewModifier {
    enum Operation {
        case environment((inout EnvironmentValues) -> Void)
        case layout(any ModifierLayout)
        case priority(Double)
        case horizontalGuide(HorizontalAlignment, @Sendable (ViewDimensions) -> CGFloat)
        case verticalGuide(VerticalAlignment, @Sendable (ViewDimensions) -> CGFloat)
        case secondary(background: Bool, alignment: Alignment, view: any View)
        case effect(DrawEffect)
        case mask(alignment: Alignment, view: any View)
        /// Accepted and drawn as if absent (gestures, `onAppear`, `animation`): said once.
        case ignored(String)
        /// The name the node's frame is found by in a `LayoutResult` (tests, tools).
        case name(String)
        /// A gesture's handlers, recorded on the node of the view modified.
        case gesture(ViewGesture)
    }

    let operation: Operation

    init(_ operation: Operation) { self.operation = operation }

    public func body(content: Content) -> Never { primitiveBody(Self.self) }

    /// The nodes of `content` with this modifier applied to each (a modifier on a `Group` or a
    /// `ForEach` reaches each of its views, as in SwiftUI).
    func apply(to content: any View, in context: inout ResolveContext) throws -> [ViewNode] {
        switch operation {
        case .environment(let change):
            return try context.resolve(content, changing: change)
        case .ignored(let name):
            context.services.note("\(name) does nothing in a rendered picture: ignored")
            return try context.resolve(content)
        case .secondary(let background, let alignment, let view):
            let secondary = try context.single(view)
            return try context.resolve(content).map { node in
                background
                    ? ViewNode(modifying: node, by: BackgroundLayout(alignment: alignment), others: [secondary], drawing: .backgroundFirst)
                    : ViewNode(modifying: node, by: OverlayLayout(alignment: alignment), others: [secondary])
            }
        case .mask(let alignment, let view):
            let mask = try context.single(view)
            return try context.resolve(content).map { node in
                ViewNode(modifying: node, by: OverlayLayout(alignment: alignment), others: [mask], drawing: .effect(.mask))
            }
        default:
            return try context.resolve(content).map(modify)
        }
    }

    private func modify(_ node: ViewNode) -> ViewNode {
        var node = node
        switch operation {
        case .layout(let layout):
            return ViewNode(modifying: node, by: layout)
        case .priority(let value):
            node.layout.priority = value
        case .horizontalGuide(let guide, let value):
            node.layout = node.layout.alignmentGuide(guide, computeValue: value)
        case .verticalGuide(let guide, let value):
            node.layout = node.layout.alignmentGuide(guide, computeValue: value)
        case .effect(let effect):
            return ViewNode(modifying: node, by: DrawingLayout(), drawing: .effect(effect))
        case .name(let name):
            node.layout.name = name
        case .gesture(let gesture):
            node.gestures.append(gesture)
        case .environment, .secondary, .mask, .ignored:
            break
        }
        return node
    }
}

/// Turns a closure the caller gives into a `@Sendable` one: view closures run on the thread
/// that renders, inside the one resolution that received them.
func sendable<A, R>(_ body: @escaping (A) -> R) -> @Sendable (A) -> R {
    nonisolated(unsafe) let body = body
    return { body($0) }
}

extension View {
    func modified(_ operation: BuiltInModifier.Operation) -> ModifiedContent<Self, BuiltInModifier> {
        modifier(BuiltInModifier(operation))
    }

    /// The name this view's frame is found by in its `LayoutResult` (`LayoutResult.frame(of:)`).
    package func layoutName(_ name: String) -> some View { modified(.name(name)) }

    // MARK: Layout

    /// A frame of fixed `width` and/or `height` (see `FrameLayout`).
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        modified(.layout(FrameLayout(width: width, height: height, alignment: alignment)))
    }

    /// A flexible frame (see `FlexFrameLayout`).
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View {
        modified(.layout(FlexFrameLayout(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                                         minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight,
                                         alignment: alignment)))
    }

    /// `length` (nil: 16 pt) of padding on `edges`.
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        modified(.layout(PaddingLayout(insets: EdgeInsets(edges, length ?? PaddingLayout.defaultLength))))
    }

    /// `length` of padding on every edge.
    public func padding(_ length: CGFloat) -> some View { padding(.all, length) }

    /// Padding of its own length on each edge.
    public func padding(_ insets: EdgeInsets) -> some View { modified(.layout(PaddingLayout(insets: insets))) }

    /// The view moved by (`x`, `y`) when drawn; its place in the layout does not change.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        modified(.layout(OffsetLayout(offset: CGSize(width: x, height: y))))
    }

    /// The view moved by `offset` when drawn.
    public func offset(_ offset: CGSize) -> some View { self.offset(x: offset.width, y: offset.height) }

    /// The view's centre at (`x`, `y`) in its parent's space; takes the whole proposal.
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        modified(.layout(PositionLayout(position: CGPoint(x: x, y: y))))
    }

    /// The view's centre at `position`.
    public func position(_ position: CGPoint) -> some View { self.position(x: position.x, y: position.y) }

    /// The view at its ideal size along the chosen axes.
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> some View {
        modified(.layout(FixedSizeLayout(horizontal: horizontal, vertical: vertical)))
    }

    /// The priority a stack offers space by (default 0).
    public func layoutPriority(_ value: Double) -> some View { modified(.priority(value)) }

    /// The view's value for a horizontal alignment guide.
    public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modified(.horizontalGuide(g, sendable(computeValue)))
    }

    /// The view's value for a vertical alignment guide.
    public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modified(.verticalGuide(g, sendable(computeValue)))
    }

    /// The view sized to `aspectRatio` (width over height; nil: its ideal size's) fitting or
    /// filling what it is proposed.
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        modified(.layout(AspectRatioLayout(ratio: aspectRatio, contentMode: contentMode)))
    }

    /// The view sized to the aspect ratio of `size`.
    public func aspectRatio(_ size: CGSize, contentMode: ContentMode) -> some View {
        aspectRatio(size.height == 0 ? nil : size.width / size.height, contentMode: contentMode)
    }

    /// The view at its own aspect ratio, as large as fits.
    public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }
    /// The view at its own aspect ratio, as large as fills.
    public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }

    // MARK: Secondary views

    /// `content` behind the view, sized by the view's frame.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modified(.secondary(background: true, alignment: alignment, view: content()))
    }

    /// `view` behind the view.
    public func background<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
        modified(.secondary(background: true, alignment: alignment, view: view))
    }

    /// The view's frame filled with `style` behind it.
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        modified(.secondary(background: true, alignment: .center, view: _ShapeView(shape: Rectangle(), style: AnyShapeStyle(style))))
    }

    /// `shape` filled with `style` behind the view.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        modified(.secondary(background: true, alignment: .center,
                            view: _ShapeView(shape: shape, style: AnyShapeStyle(style), fillStyle: fillStyle)))
    }

    /// A colour or gradient (both a view and a shape style) filling the view's frame behind it.
    public func background<S: ShapeStyle & View>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        modified(.secondary(background: true, alignment: .center, view: _ShapeView(shape: Rectangle(), style: AnyShapeStyle(style))))
    }

    /// A colour or gradient filling the view's frame in front of it.
    public func overlay<S: ShapeStyle & View>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        modified(.secondary(background: false, alignment: .center, view: _ShapeView(shape: Rectangle(), style: AnyShapeStyle(style))))
    }

    /// `content` in front of the view, sized by the view's frame.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modified(.secondary(background: false, alignment: alignment, view: content()))
    }

    /// `view` in front of the view.
    public func overlay<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
        modified(.secondary(background: false, alignment: alignment, view: view))
    }

    /// The view's frame filled with `style` in front of it.
    public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        modified(.secondary(background: false, alignment: .center, view: _ShapeView(shape: Rectangle(), style: AnyShapeStyle(style))))
    }

    /// `shape` filled with `style` in front of the view.
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        modified(.secondary(background: false, alignment: .center,
                            view: _ShapeView(shape: shape, style: AnyShapeStyle(style), fillStyle: fillStyle)))
    }

    // MARK: Drawing

    /// The view drawn at `opacity` (0...1); nested opacities multiply.
    public func opacity(_ opacity: Double) -> some View { modified(.effect(.opacity(opacity))) }

    /// The view blurred by a Gaussian of standard deviation `radius` points; `opaque` keeps the
    /// edges opaque instead of fading them.
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
        modified(.effect(.blur(radius: radius, opaque: opaque)))
    }

    /// A shadow behind the view: its alpha blurred by `radius`, tinted `color`, moved by (`x`, `y`).
    public func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        modified(.effect(.shadow(ShadowDrawing(color: color, radius: radius, offset: CGSize(width: x, height: y)))))
    }

    /// The view clipped to `shape` in its frame.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        modified(.effect(.clip(ClipDrawing(shape: shape, eoFill: style.isEOFilled))))
    }

    /// The view clipped to its frame.
    public func clipped(antialiased: Bool = false) -> some View {
        modified(.effect(.clip(ClipDrawing(shape: Rectangle(), eoFill: false))))
    }

    /// The view clipped to its frame with corners of `radius`.
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        modified(.effect(.clip(ClipDrawing(shape: RoundedRectangle(cornerRadius: radius, style: .circular), eoFill: false))))
    }

    /// The view drawn where `mask`'s alpha is, as much as it is.
    public func mask<M: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> M) -> some View {
        modified(.mask(alignment: alignment, view: mask()))
    }

    /// The view drawn where `mask`'s alpha is.
    public func mask<M: View>(_ mask: M) -> some View {
        modified(.mask(alignment: .center, view: mask))
    }

    /// The view brightened: `amount` added to each colour component (0: unchanged, 1: white).
    public func brightness(_ amount: Double) -> some View { modified(.effect(.colorFilter(.brightness(amount)))) }
    /// The view's contrast scaled about mid-grey (1: unchanged, 0: grey).
    public func contrast(_ amount: Double) -> some View { modified(.effect(.colorFilter(.contrast(amount)))) }
    /// The view's saturation scaled (1: unchanged, 0: grey), as SVG's `saturate`.
    public func saturation(_ amount: Double) -> some View { modified(.effect(.colorFilter(.saturation(amount)))) }
    /// The view desaturated by `amount` (0: unchanged, 1: grey).
    public func grayscale(_ amount: Double) -> some View { modified(.effect(.colorFilter(.grayscale(amount)))) }
    /// The view's hues rotated by `angle`, as SVG's `hue-rotate`.
    public func hueRotation(_ angle: Angle) -> some View { modified(.effect(.colorFilter(.hueRotation(angle)))) }
    /// The view's colours multiplied by `color`.
    public func colorMultiply(_ color: Color) -> some View { modified(.effect(.colorFilter(.multiply(color)))) }
    /// The view's colours inverted.
    public func colorInvert() -> some View { modified(.effect(.colorFilter(.invert))) }

    /// The view drawn rotated by `angle` about `anchor` (clockwise on screen for a positive angle).
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        modified(.effect(.transform(.rotation(angle, anchor: anchor))))
    }

    /// The view drawn scaled by `scale` about `anchor`.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        modified(.effect(.transform(.scale(scale, anchor: anchor))))
    }

    /// The view drawn scaled by `s` about `anchor`.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: s, height: s), anchor: anchor)
    }

    /// The view drawn scaled by `x` and `y` about `anchor`.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }

    /// The view drawn through `transform` (in its own coordinates, origin at its top-left).
    public func transformEffect(_ transform: CGAffineTransform) -> some View {
        modified(.effect(.transform(.affine(transform))))
    }

    /// The view composited onto what is behind it with `blendMode`.
    public func blendMode(_ blendMode: BlendMode) -> some View { modified(.effect(.blend(blendMode))) }

    /// The view flattened before the effects around it apply (opacity reaches the whole, not
    /// each part).
    public func compositingGroup() -> some View { modified(.effect(.group)) }

    /// The view drawn into one offscreen picture, then shown in its place.
    public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear) -> some View {
        modified(.effect(.group))
    }

    // MARK: Shader effects

    /// `shader` run on every pixel of the view's layer: `half4 f(float2 position, half4 color, args...)`.
    public func colorEffect(_ shader: Shader, isEnabled: Bool = true) -> some View {
        modified(.effect(.shader(Effect(kind: .color, shader: shader, isEnabled: isEnabled))))
    }

    /// The view's layer resampled where `shader` says: `float2 f(float2 position, args...)`.
    public func distortionEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> some View {
        modified(.effect(.shader(Effect(kind: .distortion, shader: shader, maxSampleOffset: SIMD2(Float(maxSampleOffset.width), Float(maxSampleOffset.height)), isEnabled: isEnabled))))
    }

    /// `shader` run over the view's layer: `half4 f(float2 position, SwiftUI::Layer layer, args...)`.
    public func layerEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> some View {
        modified(.effect(.shader(Effect(kind: .layer, shader: shader, maxSampleOffset: SIMD2(Float(maxSampleOffset.width), Float(maxSampleOffset.height)), isEnabled: isEnabled))))
    }

    /// A built-in ShaderFX effect (every pass of it) run over the view's layer, as its SwiftUI
    /// modifier would: `Text("Hi").shaderEffect(Ripple(origin: ..., time: 0.4))`.
    public func shaderEffect(_ effect: any BuiltInEffect) -> some View {
        modified(.effect(.shaders(effect.passes)))
    }

    /// Effect passes (a built-in effect's, a command line's chain) run over the view's layer in order.
    public func effects(_ passes: [Effect]) -> some View {
        modified(.effect(.shaders(passes)))
    }

    /// Effects chosen from the view's geometry (SwiftUI's `visualEffect`): `body` is given an
    /// empty effect and the view's proxy, and returns the effects to apply.
    public func visualEffect<E: VisualEffect>(_ body: @escaping (EmptyVisualEffect, GeometryProxy) -> E) -> some View {
        let body = sendable { (proxy: GeometryProxy) in body(EmptyVisualEffect(), proxy).effects }
        return modified(.effect(.visual(body)))
    }

    // MARK: Accepted, not drawn

    // Gestures: Gestures.swift.
    /// `onAppear` runs nothing in a rendered picture.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { modified(.ignored("onAppear")) }
    /// `onDisappear` runs nothing in a rendered picture.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { modified(.ignored("onDisappear")) }
    /// A rendered frame shows the state it is given; implicit animations do nothing.
    public func animation<V: Equatable>(_ animation: Any?, value: V) -> some View { modified(.ignored("animation")) }
    /// `task` runs nothing in a rendered picture.
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View { modified(.ignored("task")) }
    /// `onChange` runs nothing in a rendered picture.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View { modified(.ignored("onChange")) }
    /// Accessibility has no pixels.
    public func accessibilityLabel(_ label: String) -> some View { self }
    /// Accessibility has no pixels.
    public func accessibilityHidden(_ hidden: Bool) -> some View { self }
    /// A rendered picture has no safe area to ignore.
    public func ignoresSafeArea(_ regions: Any? = nil, edges: Edge.Set = .all) -> some View { self }
}

/// How a view fills a frame of another aspect ratio (SwiftUI's `ContentMode`).
public enum ContentMode: Sendable, Hashable, CaseIterable {
    /// As large as fits inside.
    case fit
    /// As small as covers it.
    case fill
}

/// How `drawingGroup` stores colour; ShaderFXUI's layers are always float, gamma-encoded.
public enum ColorRenderingMode: Sendable, Hashable {
    case nonLinear, linear, extendedLinear
}

/// How a view's colours combine with what is behind it (SwiftUI's `BlendMode`).
public enum BlendMode: Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut,
         plusDarker, plusLighter
}

/// A modifier's drawing effect on its content.
package enum DrawEffect {
    case opacity(Double)
    case blur(radius: CGFloat, opaque: Bool)
    case shadow(ShadowDrawing)
    case clip(ClipDrawing)
    /// The second child's alpha masks the first.
    case mask
    case colorFilter(ColorFilter)
    case transform(TransformEffect)
    case blend(BlendMode)
    /// Flattened into one layer.
    case group
    /// One SwiftUI shader modifier.
    case shader(Effect)
    /// The passes of a built-in effect.
    case shaders([Effect])
    /// Effects chosen from the view's size when it is drawn.
    case visual(@Sendable (GeometryProxy) -> [VisualEffectStep])
}

/// A shadow: colour, blur radius, offset.
package struct ShadowDrawing: Sendable {
    let color: Color
    let radius: CGFloat
    let offset: CGSize
}

/// A clip to a shape in the view's frame.
package struct ClipDrawing: Sendable {
    let shape: any Shape
    let eoFill: Bool
}

/// A colour filter, as SwiftUI's colour modifiers.
package enum ColorFilter: Sendable {
    case brightness(Double), contrast(Double), saturation(Double), grayscale(Double)
    case hueRotation(Angle), multiply(Color), invert
}

/// A geometric effect on drawing, in the view's own coordinates.
package enum TransformEffect: Sendable {
    case rotation(Angle, anchor: UnitPoint)
    case scale(CGSize, anchor: UnitPoint)
    case affine(CGAffineTransform)
    case offset(CGSize)

    /// The transform in the coordinates of a view of `size` (origin at its top-left).
    func transform(size: CGSize) -> CGAffineTransform {
        func about(_ anchor: UnitPoint, _ t: CGAffineTransform) -> CGAffineTransform {
            let x = anchor.x * size.width, y = anchor.y * size.height
            return CGAffineTransform(translationX: -x, y: -y).concatenating(t).concatenating(CGAffineTransform(translationX: x, y: y))
        }
        switch self {
        case .rotation(let angle, let anchor): return about(anchor, CGAffineTransform(rotationAngle: angle.radians))
        case .scale(let s, let anchor): return about(anchor, CGAffineTransform(scaleX: s.width, y: s.height))
        case .affine(let t): return t
        case .offset(let o): return CGAffineTransform(translationX: o.width, y: o.height)
        }
    }
}

/// `aspectRatio(_:contentMode:)`: proposes the largest (fit) or smallest (fill) size of the
/// ratio within (around) the proposal, the ratio being the given one or the content's ideal
/// size's; the view takes the content's size for that proposal and centres it.
struct AspectRatioLayout: Layout, ModifierLayout {
    var ratio: CGFloat?
    var contentMode: ContentMode

    func childProposal(_ proposal: ProposedViewSize, _ subview: LayoutSubview) -> ProposedViewSize {
        let ratio: CGFloat
        if let given = self.ratio {
            ratio = given
        } else {
            let ideal = subview.sizeThatFits(.unspecified)
            guard ideal.width > 0, ideal.height > 0 else { return proposal }
            ratio = ideal.width / ideal.height
        }
        guard ratio > 0, ratio.isFinite else { return proposal }
        switch (proposal.width, proposal.height) {
        case (nil, nil):
            if self.ratio == nil { return .unspecified }
            let ideal = subview.sizeThatFits(.unspecified)
            let width = ideal.width
            return ProposedViewSize(width: width, height: width / ratio)
        case (let w?, nil):
            return ProposedViewSize(width: w, height: w / ratio)
        case (nil, let h?):
            return ProposedViewSize(width: h * ratio, height: h)
        case (let w?, let h?):
            let byWidth = CGSize(width: w, height: w / ratio), byHeight = CGSize(width: h * ratio, height: h)
            let fits = byWidth.height <= h
            let chosen: CGSize
            switch contentMode {
            case .fit: chosen = fits ? byWidth : byHeight
            case .fill: chosen = fits ? byHeight : byWidth
            }
            if !chosen.width.isFinite || !chosen.height.isFinite { return proposal }
            return ProposedViewSize(chosen)
        }
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        guard let subview = subviews.first else { return .zero }
        return subview.sizeThatFits(childProposal(proposal, subview))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        guard let subview = subviews.first else { return }
        subview.place(at: CGPoint(x: bounds.midX, y: bounds.midY), anchor: .center, proposal: childProposal(proposal, subview))
    }
}
