import Foundation

// The views and modifiers a view file reaches by name, each mapped to the Swift API call of
// the same name and labels: `VStack(alignment:spacing:content:)` builds a real `VStack` over the
// evaluated children, `.padding(16)` calls `padding(16)`. No view is implemented twice.

extension Evaluation {
    /// Whether `value` is a view (or one of the file's views).
    func isViewLike(_ value: Value) -> Bool {
        switch value {
        case .native(let native): return native is any View || native is any Shape
        case .instance(let instance): return instance.type.isView
        default: return false
        }
    }

    /// `value` as a view: an API view, a struct of the file's (its `body`), nothing for `Void`.
    func view(of value: Value, at range: SourceRange) throws -> AnyView {
        switch value {
        case .native(let view as AnyView): return view
        case .native(let shape as any Shape): return fill(shape, nil, FillStyle())
        case .native(let native):
            if let view = AnyView(erasing: native) { return view }
        case .instance(let instance):
            guard instance.type.isView else { break }
            guard instance.type.computed["body"] != nil else {
                throw fail("\(instance.type.name) has no 'body'", at: range)
            }
            let body = try member("body", of: value, at: range, in: globals)
            return try nested(at: range) { try view(of: body, at: range) }
        case .void, .null:
            return AnyView(EmptyView())
        case .implicit(let deferred):
            return try view(of: resolve(deferred, as: "Color"), at: range)
        default:
            break
        }
        throw fail("\(value.typeName) is not a view", at: range)
    }

    /// The views a builder closure lists, as one view.
    func builtView(_ function: Function, _ args: [Value] = [], at range: SourceRange) throws -> AnyView {
        let value = try invoke(function, args.map { ArgumentValue(label: nil, value: $0, range: range) }, at: range)
        return try view(of: value, at: function.range)
    }

    /// A closure the API calls later, building a view: an error inside becomes a view that fails to resolve.
    func laterView(_ function: Function, at range: SourceRange, _ args: @escaping () -> [Value]) -> AnyView {
        later { [self] in
            do { return try builtView(function, args(), at: range) } catch let error as ViewFileError {
                return AnyView(FailedView(error: error))
            } catch {
                return AnyView(FailedView(error: fail("\(error)", at: range)))
            }
        }
    }

    static let builtinTypes: Set<String> = [
        "Text", "Image", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "Group", "ForEach", "Spacer", "Divider",
        "EmptyView", "AnyView", "Canvas", "GeometryReader", "TimelineView", "ScrollView", "Color", "Rectangle", "RoundedRectangle",
        "Circle", "Ellipse", "Capsule", "Path", "CGPoint", "CGSize", "CGRect", "CGVector", "Angle", "UnitPoint", "Alignment",
        "HorizontalAlignment", "VerticalAlignment", "Double", "Int", "CGFloat", "Float", "String", "Bool", "Array", "Date", "EdgeInsets",
        "StrokeStyle", "FillStyle", "Font", "ShaderLibrary", "Shader", "Gradient", "LinearGradient", "RadialGradient", "AngularGradient",
        "EllipticalGradient", "AnyShapeStyle", "Edge", "Axis", "TimeInterval", "CGAffineTransform", "ContentMode", "BlendMode",
        "GraphicsContext", "TextAlignment", "Math", "TimelineSchedule", "ColorScheme", "ScrollViewReader", "UnevenRoundedRectangle", "CoordinateSpace",
        "MoveKeyframe", "LinearKeyframe", "CubicKeyframe", "SpringKeyframe",
        "SpatialTapGesture", "TapGesture", "DragGesture", "LongPressGesture", "MagnifyGesture", "MagnificationGesture",
        "RotateGesture", "RotationGesture", "SpatialEventGesture", "Binding",
    ]

    /// Modifiers of every view.
    static let viewModifierNames: Set<String> = Set([
        "frame", "padding", "offset", "position", "fixedSize", "layoutPriority", "alignmentGuide", "aspectRatio", "scaledToFit",
        "scaledToFill", "background", "overlay", "opacity", "blur", "shadow", "clipShape", "clipped", "cornerRadius", "mask",
        "brightness", "contrast", "saturation", "grayscale", "hueRotation", "colorMultiply", "colorInvert", "rotationEffect",
        "scaleEffect", "transformEffect", "blendMode", "compositingGroup", "drawingGroup", "colorEffect", "distortionEffect",
        "layerEffect", "visualEffect", "font", "fontWeight", "bold", "italic", "foregroundStyle", "foregroundColor", "tint",
        "multilineTextAlignment", "lineLimit", "lineSpacing", "modifier", "keyframeAnimator", "id", "tag", "zIndex", "border",
    ]).union(ignoredModifierNames).union(gestureModifierNames)

    /// Modifiers accepted and ignored: nothing interactive runs in a still frame.
    static let ignoredModifierNames: Set<String> = [
        "onLongPressGesture", "onAppear", "onDisappear",
        "animation", "transition", "task", "onChange", "onGeometryChange", "onReceive", "contentShape", "accessibilityLabel",
        "accessibilityHidden", "accessibilityHint", "accessibilityValue", "accessibilityAddTraits", "accessibilityElement",
        "ignoresSafeArea", "allowsHitTesting", "sensoryFeedback", "tabItem", "navigationTitle", "toolbar", "sheet", "alert",
        "onHover", "focusable", "disabled", "buttonStyle", "labelStyle", "textSelection", "scrollIndicators", "scrollTargetBehavior",
        "statusBarHidden", "preferredColorScheme", "environment", "onScrollGeometryChange", "safeAreaInset", "dynamicTypeSize",
    ]

    /// A modifier `name` called on the view `base`.
    func modifier(_ name: String, on base: Value, _ items: [ArgumentValue], at range: SourceRange) throws -> Value {
        var args = CallArguments(items, name: name, range: range, evaluation: self)
        // Text's and Image's own modifiers keep them Text and Image (so `+` still concatenates).
        if case .native(let text as Text) = base, let result = try textModifier(name, text, &args) {
            try args.finish()
            return .native(result)
        }
        if case .native(let image as Image) = base, let result = try imageModifier(name, image, &args) {
            try args.finish()
            return .native(result)
        }
        if case .native(let shape as any Shape) = base, let result = try shapeModifier(name, shape, &args) {
            try args.finish()
            return result
        }
        let view = try self.view(of: base, at: range)
        if Evaluation.ignoredModifierNames.contains(name) {
            note("\(name): accepted and ignored (nothing interactive runs in a rendered frame)")
            return .native(view)
        }
        let result: any View
        switch name {
        case "frame":
            if args.has("minWidth") || args.has("maxWidth") || args.has("minHeight") || args.has("maxHeight") || args.has("idealWidth") || args.has("idealHeight") {
                result = view.frame(minWidth: try args.cgFloat("minWidth"), idealWidth: try args.cgFloat("idealWidth"), maxWidth: try args.cgFloat("maxWidth"),
                                    minHeight: try args.cgFloat("minHeight"), idealHeight: try args.cgFloat("idealHeight"), maxHeight: try args.cgFloat("maxHeight"),
                                    alignment: try args.typed("alignment", "Alignment", as: Alignment.self) ?? .center)
            } else {
                result = view.frame(width: try args.cgFloat("width"), height: try args.cgFloat("height"),
                                    alignment: try args.typed("alignment", "Alignment", as: Alignment.self) ?? .center)
            }
        case "padding":
            if let first = args.take(nil) {
                if case .native(let insets as EdgeInsets) = first.value {
                    result = view.padding(insets)
                } else if case .implicit = first.value {
                    let edges = try native(first.value, "Edge.Set", as: Edge.Set.self, at: first.range)
                    let length = try args.take(nil).map { try double($0.value, at: $0.range) }
                    result = view.padding(edges, length.map { CGFloat($0) })
                } else if case .native(let edges as Edge.Set) = first.value {
                    let length = try args.take(nil).map { try double($0.value, at: $0.range) }
                    result = view.padding(edges, length.map { CGFloat($0) })
                } else {
                    result = view.padding(CGFloat(try double(first.value, at: first.range)))
                }
            } else {
                result = view.padding()
            }
        case "offset":
            if let size = try args.typed(nil, "CGSize", as: CGSize.self) { result = view.offset(size) }
            else { result = view.offset(x: try args.cgFloat("x") ?? 0, y: try args.cgFloat("y") ?? 0) }
        case "position":
            if let point = try args.typed(nil, "CGPoint", as: CGPoint.self) { result = view.position(point) }
            else { result = view.position(x: try args.cgFloat("x") ?? 0, y: try args.cgFloat("y") ?? 0) }
        case "fixedSize":
            result = view.fixedSize(horizontal: try args.bool("horizontal", default: true), vertical: try args.bool("vertical", default: true))
        case "layoutPriority":
            result = view.layoutPriority(try args.requireDouble(nil))
        case "alignmentGuide":
            let guide = try args.require(nil)
            let function = try args.requireClosure("computeValue")
            let compute: (ViewDimensions) -> CGFloat = { [self] dimensions in
                later { [self] in
                    do {
                        let value = try invoke(function, [ArgumentValue(label: nil, value: .native(dimensions), range: range)], at: range)
                        return CGFloat(try double(value, at: function.range))
                    } catch {
                        if let error = error as? ViewFileError { program.drawErrors.record(error) }
                        return 0
                    }
                }
            }
            var resolved = guide.value
            if case .implicit(let deferred) = guide.value {
                if let horizontal = try? resolve(deferred, as: "HorizontalAlignment") { resolved = horizontal }
                else { resolved = try resolve(deferred, as: "VerticalAlignment") }
            }
            switch resolved {
            case .native(let g as HorizontalAlignment): result = view.alignmentGuide(g, computeValue: compute)
            case .native(let g as VerticalAlignment): result = view.alignmentGuide(g, computeValue: compute)
            default: throw fail("alignmentGuide takes a HorizontalAlignment or a VerticalAlignment", at: guide.range)
            }
        case "aspectRatio":
            let mode = try args.typed("contentMode", "ContentMode", as: ContentMode.self) ?? .fit
            if let first = args.take(nil) {
                if case .native(let size as CGSize) = first.value { result = view.aspectRatio(size, contentMode: mode) }
                else { result = view.aspectRatio(first.value.isNull ? nil : CGFloat(try double(first.value, at: first.range)), contentMode: mode) }
            } else {
                result = view.aspectRatio(contentMode: mode)
            }
        case "scaledToFit": result = view.scaledToFit()
        case "scaledToFill": result = view.scaledToFill()
        case "background", "overlay":
            let alignment = try args.typed("alignment", "Alignment", as: Alignment.self) ?? .center
            if let content = try args.closure("content") ?? args.closure(nil) {
                let inner = try builtView(content, at: range)
                result = name == "background" ? view.background(alignment: alignment) { inner } : view.overlay(alignment: alignment) { inner }
            } else if let first = args.take(nil) {
                if let shape = try args.typed("in", "Shape", as: (any Shape).self) {
                    let style = try shapeStyle(first.value, at: first.range)
                    result = name == "background" ? backgroundInShape(view, style, shape) : overlayInShape(view, style, shape)
                } else if isViewLike(first.value), !isShapeStyleValue(first.value) {
                    let inner = try self.view(of: first.value, at: first.range)
                    result = name == "background" ? view.background(inner, alignment: alignment) : view.overlay(inner, alignment: alignment)
                } else {
                    let style = try shapeStyle(first.value, at: first.range)
                    _ = args.take("ignoresSafeAreaEdges")
                    result = name == "background" ? view.background(style) : view.overlay(style)
                }
            } else {
                throw fail("'\(name)' needs a view, a style or a content closure", at: range)
            }
        case "border":
            let style = try shapeStyle(try args.require(nil).value, at: range)
            let width = try args.cgFloat("width") ?? 1
            result = view.overlay(Rectangle().strokeBorder(style, lineWidth: width))
        case "opacity": result = view.opacity(try args.requireDouble(nil))
        case "blur": result = view.blur(radius: CGFloat(try args.requireDouble("radius")), opaque: try args.bool("opaque", default: false))
        case "shadow":
            let colour = try args.typed("color", "Color", as: Color.self) ?? Color(.sRGBLinear, white: 0, opacity: 0.33)
            result = view.shadow(color: colour, radius: CGFloat(try args.requireDouble("radius")), x: try args.cgFloat("x") ?? 0, y: try args.cgFloat("y") ?? 0)
        case "clipShape":
            let shape = try args.requireTyped(nil, "Shape", as: (any Shape).self)
            _ = args.take("style")
            result = clip(view, shape)
        case "clipped": result = view.clipped(antialiased: try args.bool("antialiased", default: false))
        case "cornerRadius": result = view.cornerRadius(CGFloat(try args.requireDouble(nil)), antialiased: try args.bool("antialiased", default: true))
        case "mask":
            let alignment = try args.typed("alignment", "Alignment", as: Alignment.self) ?? .center
            if let content = try args.closure(nil) {
                let inner = try builtView(content, at: range)
                result = view.mask(alignment: alignment) { inner }
            } else {
                result = view.mask(try self.view(of: try args.require(nil).value, at: range))
            }
        case "brightness": result = view.brightness(try args.requireDouble(nil))
        case "contrast": result = view.contrast(try args.requireDouble(nil))
        case "saturation": result = view.saturation(try args.requireDouble(nil))
        case "grayscale": result = view.grayscale(try args.requireDouble(nil))
        case "hueRotation": result = view.hueRotation(try args.requireTyped(nil, "Angle", as: Angle.self))
        case "colorMultiply": result = view.colorMultiply(try args.requireTyped(nil, "Color", as: Color.self))
        case "colorInvert": result = view.colorInvert()
        case "rotationEffect":
            result = view.rotationEffect(try args.requireTyped(nil, "Angle", as: Angle.self), anchor: try args.typed("anchor", "UnitPoint", as: UnitPoint.self) ?? .center)
        case "scaleEffect":
            let anchor = try args.typed("anchor", "UnitPoint", as: UnitPoint.self) ?? .center
            if let first = args.take(nil) {
                if case .native(let size as CGSize) = first.value { result = view.scaleEffect(size, anchor: anchor) }
                else { result = view.scaleEffect(CGFloat(try double(first.value, at: first.range)), anchor: anchor) }
            } else {
                result = view.scaleEffect(x: try args.cgFloat("x") ?? 1, y: try args.cgFloat("y") ?? 1, anchor: anchor)
            }
        case "transformEffect": result = view.transformEffect(try args.requireTyped(nil, "CGAffineTransform", as: CGAffineTransform.self))
        case "blendMode": result = view.blendMode(try args.requireTyped(nil, "BlendMode", as: BlendMode.self))
        case "compositingGroup": result = view.compositingGroup()
        case "drawingGroup": _ = args.take("opaque"); _ = args.take("colorMode"); result = view.drawingGroup()
        case "colorEffect":
            result = view.colorEffect(try args.requireTyped(nil, "Shader", as: Shader.self), isEnabled: try args.bool("isEnabled", default: true))
        case "distortionEffect", "layerEffect":
            let shader = try args.requireTyped(nil, "Shader", as: Shader.self)
            let offset = try args.requireTyped("maxSampleOffset", "CGSize", as: CGSize.self)
            let enabled = try args.bool("isEnabled", default: true)
            result = name == "layerEffect" ? view.layerEffect(shader, maxSampleOffset: offset, isEnabled: enabled)
                : view.distortionEffect(shader, maxSampleOffset: offset, isEnabled: enabled)
        case "visualEffect":
            let function = try args.requireClosure(nil)
            result = view.visualEffect { [self] effect, proxy -> VisualEffectChain in
                later { [self] in
                    do {
                        let value = try invoke(function, [ArgumentValue(label: nil, value: .native(effect), range: range),
                                                          ArgumentValue(label: nil, value: .native(proxy), range: range)], at: range)
                        guard case .native(let chain as any VisualEffect) = value else {
                            throw fail("a visualEffect closure returns the effect it is given, changed", at: function.range)
                        }
                        return VisualEffectChain(_steps: chain._steps)
                    } catch {
                        if let error = error as? ViewFileError { program.drawErrors.record(error) }
                        return VisualEffectChain(_steps: [])
                    }
                }
            }
        case "font": result = view.font(try args.typed(nil, "Font", as: Font.self))
        case "fontWeight": result = view.fontWeight(try args.typed(nil, "Font.Weight", as: Font.Weight.self))
        case "bold": result = view.bold(try args.bool(nil, default: true))
        case "italic": result = view.italic(try args.bool(nil, default: true))
        case "foregroundStyle", "tint": result = view.foregroundStyle(try shapeStyle(try args.require(nil).value, at: range))
        case "foregroundColor": result = view.foregroundColor(try args.typed(nil, "Color", as: Color.self))
        case "multilineTextAlignment": result = view.multilineTextAlignment(try args.requireTyped(nil, "TextAlignment", as: TextAlignment.self))
        case "lineLimit": result = view.lineLimit(try args.int(nil))
        case "lineSpacing": result = view.lineSpacing(CGFloat(try args.requireDouble(nil)))
        case "id", "tag", "zIndex":
            _ = args.take(nil)
            result = view
        case "gesture", "simultaneousGesture", "highPriorityGesture", "onTapGesture":
            result = try attachGesture(name, to: view, &args, at: range)
        case "modifier":
            let argument = try args.require(nil)
            try args.finish()
            return try applyModifier(argument.value, to: .native(view), at: argument.range)
        case "keyframeAnimator":
            let initial = try args.require("initialValue")
            _ = args.take("trigger")
            let repeating = args.take("repeating")
            let content = try args.requireClosure("content")
            let keyframes = try args.closure("keyframes")
            try args.finish()
            // A number animated by keyframes written straight in the closure (MoveKeyframe(0),
            // LinearKeyframe(3, duration: 3), ...): its value at the time since the trigger (or,
            // for a repeating animator, since the start), through ShaderFX's KeyframeTimeline.
            let time = repeating != nil ? settings.time : settings.triggerTime
            if let keyframes, let time, let start = Self.number(initial.value) {
                let list = try keyframeList(keyframes, initial: initial.value, at: range)
                let timeline = KeyframeTimeline<Double>(initialValue: start) {
                    for keyframe in list { keyframe.content }
                }
                let t = repeating != nil && timeline.duration > 0 ? time.truncatingRemainder(dividingBy: timeline.duration) : time
                let value: Value = if case .int = initial.value, timeline.value(time: t) == timeline.value(time: t).rounded() {
                    .int(Int(timeline.value(time: t)))
                } else { .double(timeline.value(time: t)) }
                return .native(try builtView(content, [.native(view), value], at: range))
            }
            if keyframes != nil && Self.number(initial.value) == nil {
                note("keyframeAnimator: only a number animated by keyframes in the closure moves; others are drawn at their initial value")
            }
            return .native(try builtView(content, [.native(view), initial.value], at: range))
        default:
            throw fail("'\(name)' is not a modifier ShaderFXUI knows", at: range)
        }
        try args.finish()
        return .native(AnyView(result))
    }

    /// `content.modifier(M(...))`: the file's `ViewModifier`'s `body(content:)` over the view.
    func applyModifier(_ modifier: Value, to content: Value, at range: SourceRange) throws -> Value {
        guard case .instance(let instance) = modifier, let decls = instance.type.methods["body"], let decl = decls.first else {
            throw fail("'modifier' takes a ViewModifier struct with a 'body(content:)' method, found \(modifier.typeName)", at: range)
        }
        let function = makeFunction(decl, scope: globals)
        let value = try invoke(function, [ArgumentValue(label: "content", value: content, range: range)], at: range, selfBox: Box(modifier))
        return .native(try view(of: value, at: range))
    }

    func backgroundInShape<S: Shape>(_ view: AnyView, _ style: AnyShapeStyle, _ shape: S) -> some View { view.background(style, in: shape) }
    func overlayInShape<S: Shape>(_ view: AnyView, _ style: AnyShapeStyle, _ shape: S) -> some View { view.overlay(style, in: shape) }
    func clip<S: Shape>(_ view: AnyView, _ shape: S) -> some View { view.clipShape(shape) }

    /// Whether a value reads better as a style than as a view (a colour is both).
    func isShapeStyleValue(_ value: Value) -> Bool {
        if case .native(let native) = value { return native is Color || native is any ShapeStyle && !(native is any Shape) }
        return false
    }

    func textModifier(_ name: String, _ text: Text, _ args: inout CallArguments) throws -> Text? {
        switch name {
        case "font": return text.font(try args.typed(nil, "Font", as: Font.self))
        case "fontWeight": return text.fontWeight(try args.typed(nil, "Font.Weight", as: Font.Weight.self))
        case "bold": return text.bold(try args.bool(nil, default: true))
        case "italic": return text.italic(try args.bool(nil, default: true))
        case "foregroundStyle": return text.foregroundStyle(try shapeStyle(try args.require(nil).value, at: args.range))
        case "foregroundColor": return text.foregroundColor(try args.typed(nil, "Color", as: Color.self))
        case "tracking": return text.tracking(CGFloat(try args.requireDouble(nil)))
        case "kerning": return text.kerning(CGFloat(try args.requireDouble(nil)))
        default: return nil
        }
    }

    func imageModifier(_ name: String, _ image: Image, _ args: inout CallArguments) throws -> Image? {
        switch name {
        case "resizable":
            _ = args.take("capInsets")
            _ = args.take("resizingMode")
            return image.resizable()
        case "interpolation": return image.interpolation(try args.requireTyped(nil, "Image.Interpolation", as: Image.Interpolation.self))
        case "antialiased": _ = args.take(nil); return image
        case "renderingMode": return image.renderingMode(try args.typed(nil, "Image.TemplateRenderingMode", as: Image.TemplateRenderingMode.self))
        default: return nil
        }
    }

    func shapeModifier(_ name: String, _ shape: any Shape, _ args: inout CallArguments) throws -> Value? {
        switch name {
        case "fill":
            let fillStyle = try args.typed("style", "FillStyle", as: FillStyle.self) ?? FillStyle()
            if let style = args.take(nil) { return .native(fill(shape, try shapeStyle(style.value, at: style.range), fillStyle)) }
            return .native(fill(shape, nil, fillStyle))
        case "stroke", "strokeBorder":
            let style = try args.take(nil).map { try shapeStyle($0.value, at: $0.range) }
            let strokeStyle = try args.typed("style", "StrokeStyle", as: StrokeStyle.self) ?? StrokeStyle(lineWidth: try args.cgFloat("lineWidth") ?? 1)
            if name == "strokeBorder" {
                guard let insettable = shape as? any InsettableShape else { throw fail("strokeBorder needs an insettable shape", at: args.range) }
                return .native(strokeBorder(insettable, style, strokeStyle))
            }
            return .native(stroke(shape, style, strokeStyle))
        default:
            return nil
        }
    }

    func fill<S: Shape>(_ shape: S, _ style: AnyShapeStyle?, _ fillStyle: FillStyle) -> AnyView {
        if let style { return AnyView(shape.fill(style, style: fillStyle)) }
        return AnyView(shape.fill(style: fillStyle))
    }

    func stroke<S: Shape>(_ shape: S, _ style: AnyShapeStyle?, _ strokeStyle: StrokeStyle) -> AnyView {
        if let style { return AnyView(shape.stroke(style, style: strokeStyle)) }
        let stroked: _ShapeView<S> = shape.stroke(style: strokeStyle)
        return AnyView(stroked)
    }

    func strokeBorder<S: InsettableShape>(_ shape: S, _ style: AnyShapeStyle?, _ strokeStyle: StrokeStyle) -> AnyView {
        if let style { return AnyView(shape.strokeBorder(style, style: strokeStyle)) }
        return AnyView(shape.strokeBorder(Color.primary, style: strokeStyle))
    }

    // MARK: - Views by name

    /// `Name(arguments)` for an API type.
    func construct(builtin name: String, _ items: [ArgumentValue], at range: SourceRange) throws -> Value {
        var args = CallArguments(items, name: name, range: range, evaluation: self)
        let value: Value
        switch name {
        case "Text":
            if let verbatim = try args.string("verbatim") { value = .native(Text(verbatim: verbatim)) }
            else {
                let argument = try args.require(nil)
                value = .native(Text(argument.value.isNull ? "nil" : describe(argument.value)))
            }
        case "Image":
            if let system = try args.string("systemName") { value = .native(Image(systemName: system)) }
            else if let decorative = try args.string("decorative") { value = .native(Image(decorative: decorative)) }
            else { value = .native(Image(try string(try args.require(nil).value, at: range))); _ = args.take("bundle") }
        case "VStack", "LazyVStack":
            let alignment = try args.typed("alignment", "HorizontalAlignment", as: HorizontalAlignment.self) ?? .center
            let spacing = try args.cgFloat("spacing")
            let content = try builtView(try args.requireClosure("content"), at: range)
            value = .native(name == "VStack" ? AnyView(VStack(alignment: alignment, spacing: spacing) { content })
                            : AnyView(LazyVStack(alignment: alignment, spacing: spacing) { content }))
        case "HStack", "LazyHStack":
            let alignment = try args.typed("alignment", "VerticalAlignment", as: VerticalAlignment.self) ?? .center
            let spacing = try args.cgFloat("spacing")
            let content = try builtView(try args.requireClosure("content"), at: range)
            value = .native(name == "HStack" ? AnyView(HStack(alignment: alignment, spacing: spacing) { content })
                            : AnyView(LazyHStack(alignment: alignment, spacing: spacing) { content }))
        case "ZStack":
            let alignment = try args.typed("alignment", "Alignment", as: Alignment.self) ?? .center
            let content = try builtView(try args.requireClosure("content"), at: range)
            value = .native(AnyView(ZStack(alignment: alignment) { content }))
        case "Group":
            let content = try builtView(try args.requireClosure("content"), at: range)
            value = .native(AnyView(Group { content }))
        case "ScrollView":
            let axes = try args.typed(nil, "Axis.Set", as: Axis.Set.self) ?? .vertical
            let indicators = try args.bool("showsIndicators", default: true)
            let content = try builtView(try args.requireClosure("content"), at: range)
            value = .native(AnyView(ScrollView(axes, showsIndicators: indicators) { content }))
        case "ForEach":
            let data = try args.require(nil)
            let id = args.take("id")
            let content = try args.requireClosure("content")
            var items: [Value]
            if case .native(let binding as ValueBinding) = data.value { items = try elementBindings(binding, at: data.range) }
            else { items = try elements(of: data.value, at: data.range) }
            if case .range = data.value {} else if id == nil {
                for item in items where !(try hasID(item)) {
                    throw fail("ForEach over \(item.typeName) needs 'id:' (\\.self) or elements with an 'id'", at: data.range)
                }
            }
            if items.count > Evaluation.maximumIterations { items = Array(items.prefix(Evaluation.maximumIterations)) }
            var views: [AnyView] = []
            for item in items { views.append(try builtView(content, [item], at: range)) }
            value = .native(AnyView(ForEach(Array(views.indices), id: \.self) { views[$0] }))
        case "Spacer": value = .native(Spacer(minLength: try args.cgFloat("minLength")))
        case "Divider": value = .native(Divider())
        case "EmptyView": value = .native(EmptyView())
        case "AnyView": value = .native(try view(of: try args.require(nil).value, at: range))
        case "Canvas":
            _ = args.take("opaque"); _ = args.take("colorMode"); _ = args.take("rendersAsynchronously")
            let renderer = try args.requireClosure("renderer")
            let errors = program.drawErrors
            value = .native(Canvas { [self] context, size in
                let box = Box(.native(context))
                later { [self] in
                    do {
                        _ = try invokeCanvas(renderer, box, size, at: range)
                    } catch let error as ViewFileError {
                        errors.record(error)
                    } catch {
                        errors.record(fail("\(error)", at: range))
                    }
                }
                if case .native(let changed as GraphicsContext) = box.value { context = changed }
            })
        case "GeometryReader":
            let content = try args.requireClosure("content")
            value = .native(GeometryReader { [self] proxy in laterView(content, at: range) { [.native(proxy)] } })
        case "SpatialTapGesture", "TapGesture", "DragGesture", "LongPressGesture", "MagnifyGesture", "MagnificationGesture",
             "RotateGesture", "RotationGesture", "SpatialEventGesture":
            value = try makeGesture(name, &args, at: range)
        case "ScrollViewReader":
            // A reader adds nothing to layout or drawing: its content, given a proxy whose
            // `scrollTo` a still frame has no use for.
            let content = try args.requireClosure("content")
            note("ScrollViewReader: scrollTo is accepted and ignored (a still frame shows the top)")
            value = .native(try builtView(content, [.native(ScrollProxyValue())], at: range))
        case "TimelineView":
            let schedule = try args.require(nil)
            let content = try args.requireClosure("content")
            _ = schedule
            value = .native(TimelineView<AnimationTimelineSchedule, AnyView>(AnimationTimelineSchedule()) { [self] context in
                laterView(content, at: range) { [.native(context)] }
            })
        default:
            value = try constructValue(name, &args, at: range)
        }
        try args.finish()
        return value
    }

    /// Runs a `Canvas` closure with the context in `box` (its mutating calls change the box).
    func invokeCanvas(_ function: Function, _ box: Box, _ size: CGSize, at range: SourceRange) throws -> Value {
        guard case .statements(let statements) = function.body else { return .void }
        return try nested(at: range) {
            let scope = Scope(parent: function.scope ?? globals)
            let names = function.anonymous ? ["$0", "$1"] : function.parameters.map(\.name)
            guard names.count == 2 else { throw fail("a Canvas closure takes two parameters: the context and the size", at: function.range) }
            scope.variables[names[0]] = box
            scope.variables[names[1]] = Box(.native(size), isLet: true)
            return try runBody(statements, in: scope, range: range)
        }
    }

    func hasID(_ value: Value) throws -> Bool {
        if case .native(let binding as ValueBinding) = value { return try hasID(binding.get(in: self)) }
        if case .instance(let instance) = value { return try instance.field("id", in: self) != nil || instance.type.computed["id"] != nil }
        return false
    }
}

/// What a `ScrollViewReader` gives its content: `scrollTo` does nothing in a still frame.
struct ScrollProxyValue {}

/// A gesture ShaderFXUI does not deliver (a long press, a pinch, a rotation), as a view file
/// makes it: its handlers are accepted and never run.
struct GestureValue {
    let name: String
}

/// One keyframe a view file's `keyframeAnimator` lists, for a number.
struct ViewFileKeyframe {
    enum Kind { case move, linear, cubic, spring }
    let kind: Kind
    let value: Double
    let duration: Double

    /// The keyframe as ShaderFX's keyframe types.
    var content: Keyframe<Double> {
        switch kind {
        case .move: return .move(MoveKeyframe(value))
        case .linear: return .linear(LinearKeyframe(value, duration: duration))
        case .cubic: return .cubic(CubicKeyframe(value, duration: duration))
        case .spring: return .spring(SpringKeyframe(value, duration: duration))
        }
    }
}

extension Evaluation {
    static func number(_ value: Value) -> Double? {
        switch value {
        case .int(let n): return Double(n)
        case .double(let d): return d
        default: return nil
        }
    }

    /// The keyframes a `keyframes:` closure lists, run with its parameter bound to the initial value.
    func keyframeList(_ closure: Function, initial: Value, at range: SourceRange) throws -> [ViewFileKeyframe] {
        guard case .statements(let statements) = closure.body else { return [] }
        return try nested(at: range) {
            let scope = Scope(parent: closure.scope ?? globals)
            if closure.anonymous {
                scope.variables["$0"] = Box(initial, isLet: true)
            } else if let parameter = closure.parameters.first {
                scope.variables[parameter.name] = Box(initial, isLet: true)
            }
            var collected: [Value] = []
            _ = try run(statements, in: scope, collecting: &collected)
            return try collected.compactMap { value in
                if case .void = value { return nil }
                guard case .native(let native) = value, let keyframe = native as? ViewFileKeyframe else {
                    throw fail("keyframeAnimator's keyframes: expected MoveKeyframe, LinearKeyframe, CubicKeyframe or SpringKeyframe of a number, found \(value.typeName)", at: range)
                }
                return keyframe
            }
        }
    }
}
