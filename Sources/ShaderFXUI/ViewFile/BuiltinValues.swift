import Foundation

// The API's values by name: initialisers (`CGRect(x:y:width:height:)`, `Color(hue:...)`),
// static members (`Color.red`, `.title`, `.center`), the members and methods of those values
// (`rect.midX`, `font.bold()`, `context.fill(...)`) and the free functions (`min`, `sin`).

extension Evaluation {
    /// The type each argument of `Name(...)` is expected to be (integer literals become Doubles there).
    func constructorHints(_ name: String, _ arguments: [Argument]) -> [String?] {
        switch name {
        case "Double", "CGFloat", "Float", "Int", "String", "Bool", "Text", "Image", "Array", "ForEach", "AnyView": return []
        default: return Array(repeating: "Double", count: arguments.count)
        }
    }

    func constructValue(_ name: String, _ args: inout CallArguments, at range: SourceRange) throws -> Value {
        switch name {
        case "MoveKeyframe", "LinearKeyframe", "CubicKeyframe", "SpringKeyframe":
            let value = try args.requireDouble(nil)
            let duration = name == "MoveKeyframe" ? 0 : try args.requireDouble("duration")
            _ = args.take("timingCurve")
            _ = args.take("startVelocity")
            _ = args.take("endVelocity")
            _ = args.take("spring")
            guard duration >= 0, duration.isFinite else { throw fail("\(name): the duration must be a number of seconds >= 0", at: range) }
            let kinds: [String: ViewFileKeyframe.Kind] = ["MoveKeyframe": .move, "LinearKeyframe": .linear, "CubicKeyframe": .cubic, "SpringKeyframe": .spring]
            return .native(ViewFileKeyframe(kind: kinds[name]!, value: value, duration: duration))
        case "Double", "CGFloat", "Float", "TimeInterval":
            let argument = try args.require(nil)
            switch argument.value {
            case .string(let text):
                guard let d = Double(text) else { return .null }
                return .double(d)
            default: return .double(try double(argument.value, at: argument.range))
            }
        case "Int":
            let argument = try args.require(nil)
            switch argument.value {
            case .int: return argument.value
            case .double(let d):
                guard d.isFinite, d > -9.2e18, d < 9.2e18 else { throw fail("\(d) cannot be converted to an Int", at: argument.range) }
                return .int(Int(d))
            case .string(let text): return Int(text).map(Value.int) ?? .null
            case .bool(let b): return .int(b ? 1 : 0)
            default: throw fail("cannot convert \(argument.value.typeName) to Int", at: argument.range)
            }
        case "String":
            if let describing = args.take("describing") { return .string(describe(describing.value)) }
            if let format = try args.string("format") {
                let values = args.items
                args.items = []
                guard values.count == 1 else { throw fail("String(format:) takes one value here", at: range) }
                return .string(try formatted(values[0].value, format, at: values[0].range))
            }
            return .string(describe(try args.require(nil).value))
        case "Bool": return .bool(try truth(try args.require(nil).value, at: range))
        case "Array":
            if let repeating = args.take("repeating") {
                let count = try args.int("count") ?? 0
                guard count >= 0, count <= Evaluation.maximumIterations else { throw fail("Array count \(count) is out of range", at: range) }
                return .array(Array(repeating: repeating.value, count: count))
            }
            let argument = try args.require(nil)
            return .array(try elements(of: argument.value, at: argument.range))
        case "CGPoint":
            return .native(CGPoint(x: try args.cgFloat("x") ?? 0, y: try args.cgFloat("y") ?? 0))
        case "CGSize":
            return .native(CGSize(width: try args.cgFloat("width") ?? 0, height: try args.cgFloat("height") ?? 0))
        case "CGVector":
            return .native(CGSize(width: try args.cgFloat("dx") ?? 0, height: try args.cgFloat("dy") ?? 0))
        case "CGRect":
            if let origin = try args.typed("origin", "CGPoint", as: CGPoint.self) {
                return .native(CGRect(origin: origin, size: try args.typed("size", "CGSize", as: CGSize.self) ?? .zero))
            }
            return .native(CGRect(x: try args.cgFloat("x") ?? 0, y: try args.cgFloat("y") ?? 0,
                                  width: try args.cgFloat("width") ?? 0, height: try args.cgFloat("height") ?? 0))
        case "Angle":
            if let degrees = try args.double("degrees") { return .native(Angle(degrees: degrees)) }
            return .native(Angle(radians: try args.double("radians") ?? 0))
        case "UnitPoint":
            return .native(UnitPoint(x: try args.double("x") ?? 0, y: try args.double("y") ?? 0))
        case "Alignment":
            return .native(Alignment(horizontal: try args.requireTyped("horizontal", "HorizontalAlignment", as: HorizontalAlignment.self),
                                     vertical: try args.requireTyped("vertical", "VerticalAlignment", as: VerticalAlignment.self)))
        case "EdgeInsets":
            return .native(EdgeInsets(top: try args.cgFloat("top") ?? 0, leading: try args.cgFloat("leading") ?? 0,
                                      bottom: try args.cgFloat("bottom") ?? 0, trailing: try args.cgFloat("trailing") ?? 0))
        case "Date":
            // `Date()` is the run's clock, as `Date.now` is (`now`); `timeIntervalSinceReferenceDate:` as given.
            if args.has("timeIntervalSinceReferenceDate") {
                return .native(Date(timeIntervalSinceReferenceDate: try args.requireDouble("timeIntervalSinceReferenceDate")))
            }
            return .native(now)
        case "StrokeStyle":
            return .native(try makeStrokeStyle(&args))
        case "FillStyle":
            var style = FillStyle()
            style.isEOFilled = try args.bool("eoFill", default: false)
            _ = args.take("antialiased")
            return .native(style)
        case "Font":
            throw fail("Font has no initialiser here: use .system(size:weight:design:), .custom(_:size:) or a text style (.title)", at: range)
        case "ShaderLibrary", "Shader", "GraphicsContext", "Math":
            throw fail("\(name) cannot be made with an initialiser here", at: range)
        case "Binding":
            return .native(try makeBinding(&args, generic: nil, at: range))
        default:
            return try constructPaint(name, &args, at: range)
        }
    }

    func makeStrokeStyle(_ args: inout CallArguments) throws -> StrokeStyle {
        let width = try args.cgFloat("lineWidth") ?? 1
        let style = StrokeStyle(lineWidth: width)
        for label in ["lineCap", "lineJoin", "miterLimit", "dash", "dashPhase"] where args.take(label) != nil {
            note("StrokeStyle's \(label): not modelled; the stroke is drawn with its width only")
        }
        return style
    }

    // MARK: - Static members

    /// `Type.name` or `Type.name(arguments)` of an API type; what `.name` resolves to where `Type` is expected.
    func staticMember(of type: String, _ name: String, arguments items: [ArgumentValue]?, at range: SourceRange) throws -> Value {
        var args = CallArguments(items ?? [], name: name, range: range, evaluation: self)
        let value = try staticValue(of: type, name, &args, called: items != nil, at: range)
        try args.finish()
        return value
    }

    private func staticValue(of type: String, _ name: String, _ args: inout CallArguments, called: Bool, at range: SourceRange) throws -> Value {
        func unknownMember(_ candidates: [String]) -> ViewFileError {
            unknown("member '\(name)' of \(type)", name, candidates: candidates, at: range)
        }
        switch type {
        case "Double", "CGFloat", "Float", "TimeInterval":
            switch name {
            case "pi": return .double(.pi)
            case "infinity": return .double(.infinity)
            case "zero": return .double(0)
            case "greatestFiniteMagnitude": return .double(.greatestFiniteMagnitude)
            case "random": throw fail("random numbers would make each render differ: give the value with --set", at: range)
            default: throw unknownMember(["pi", "infinity", "zero", "greatestFiniteMagnitude"])
            }
        case "Int":
            switch name {
            case "max": return .int(.max)
            case "min": return .int(.min)
            case "zero": return .int(0)
            default: throw unknownMember(["max", "min", "zero"])
            }
        case "CGPoint": if name == "zero" { return .native(CGPoint.zero) }; throw unknownMember(["zero"])
        case "Binding":
            // `.constant(v)`: reads v, ignores writes, as SwiftUI's does.
            if name == "constant", called { return .native(ValueBinding.constant(try args.require(nil).value)) }
            throw unknownMember(["constant"])
        case "CGSize": if name == "zero" { return .native(CGSize.zero) }; throw unknownMember(["zero"])
        case "CGRect": if name == "zero" { return .native(CGRect.zero) }; throw unknownMember(["zero"])
        case "Date":
            switch name {
            case "now": return .native(now)
            case "distantPast": return .native(Date.distantPast)
            case "distantFuture": return .native(Date.distantFuture)
            default: throw unknownMember(["now", "distantPast", "distantFuture"])
            }
        case "CoordinateSpace":
            switch name {
            case "local": return .native(CoordinateSpace.local)
            case "global": return .native(CoordinateSpace.global)
            case "named": return .native(CoordinateSpace.named(try args.string(nil) ?? ""))
            default: throw unknownMember(["local", "global", "named"])
            }
        case "Angle":
            switch name {
            case "zero": return .native(Angle.zero)
            case "degrees": return .native(Angle(degrees: try args.requireDouble(nil)))
            case "radians": return .native(Angle(radians: try args.requireDouble(nil)))
            default: throw unknownMember(["zero", "degrees", "radians"])
            }
        case "UnitPoint":
            let points: [String: UnitPoint] = ["zero": .zero, "topLeading": .topLeading, "top": .top, "topTrailing": .topTrailing,
                                               "leading": .leading, "center": .center, "trailing": .trailing,
                                               "bottomLeading": .bottomLeading, "bottom": .bottom, "bottomTrailing": .bottomTrailing]
            guard let point = points[name] else { throw unknownMember(Array(points.keys)) }
            return .native(point)
        case "Alignment":
            let alignments: [String: Alignment] = ["topLeading": .topLeading, "top": .top, "topTrailing": .topTrailing, "leading": .leading,
                                                   "center": .center, "trailing": .trailing, "bottomLeading": .bottomLeading,
                                                   "bottom": .bottom, "bottomTrailing": .bottomTrailing]
            guard let alignment = alignments[name] else { throw unknownMember(Array(alignments.keys)) }
            return .native(alignment)
        case "HorizontalAlignment":
            let alignments: [String: HorizontalAlignment] = ["leading": .leading, "center": .center, "trailing": .trailing]
            guard let alignment = alignments[name] else { throw unknownMember(Array(alignments.keys)) }
            return .native(alignment)
        case "VerticalAlignment":
            let alignments: [String: VerticalAlignment] = ["top": .top, "center": .center, "bottom": .bottom,
                                                           "firstTextBaseline": .firstTextBaseline, "lastTextBaseline": .lastTextBaseline]
            guard let alignment = alignments[name] else { throw unknownMember(Array(alignments.keys)) }
            return .native(alignment)
        case "Edge.Set", "Edge":
            let sets: [String: Edge.Set] = ["top": .top, "leading": .leading, "bottom": .bottom, "trailing": .trailing,
                                            "horizontal": .horizontal, "vertical": .vertical, "all": .all]
            guard let set = sets[name] else { throw unknownMember(Array(sets.keys)) }
            return .native(set)
        case "Axis.Set", "Axis":
            switch name {
            case "horizontal": return .native(Axis.Set.horizontal)
            case "vertical": return .native(Axis.Set.vertical)
            default: throw unknownMember(["horizontal", "vertical"])
            }
        case "ContentMode":
            switch name {
            case "fit": return .native(ContentMode.fit)
            case "fill": return .native(ContentMode.fill)
            default: throw unknownMember(["fit", "fill"])
            }
        case "TextAlignment":
            let alignments: [String: TextAlignment] = ["leading": .leading, "center": .center, "trailing": .trailing]
            guard let alignment = alignments[name] else { throw unknownMember(Array(alignments.keys)) }
            return .native(alignment)
        case "BlendMode":
            guard let mode = BlendMode.allCases.first(where: { "\($0)" == name }) else { throw unknownMember(BlendMode.allCases.map { "\($0)" }) }
            return .native(mode)
        case "Font.Weight", "Weight":
            guard let weight = Font.Weight.allCases.first(where: { "\($0)" == name }) else { throw unknownMember(Font.Weight.allCases.map { "\($0)" }) }
            return .native(weight)
        case "Font.Design", "Design":
            guard let design = Font.Design.allCases.first(where: { "\($0)" == name }) else { throw unknownMember(Font.Design.allCases.map { "\($0)" }) }
            return .native(design)
        case "Font.TextStyle", "TextStyle":
            guard let style = Font.TextStyle.allCases.first(where: { "\($0)" == name }) else { throw unknownMember(Font.TextStyle.allCases.map { "\($0)" }) }
            return .native(style)
        case "Font":
            if let style = Font.TextStyle.allCases.first(where: { "\($0)" == name }), !called { return .native(Font.system(style)) }
            switch name {
            case "system":
                let design = try args.typed("design", "Font.Design", as: Font.Design.self) ?? .default
                let weight = try args.typed("weight", "Font.Weight", as: Font.Weight.self)
                if let size = try args.double("size") { return .native(Font.system(size: size, weight: weight ?? .regular, design: design)) }
                let style = try args.requireTyped(nil, "Font.TextStyle", as: Font.TextStyle.self)
                if let weight { return .native(Font.system(style, design: design, weight: weight)) }
                return .native(Font.system(style, design: design))
            case "custom":
                let family = try string(try args.require(nil).value, at: range)
                _ = args.take("relativeTo")
                return .native(Font.custom(family, size: try args.requireDouble("size")))
            default: throw unknownMember(Font.TextStyle.allCases.map { "\($0)" } + ["system", "custom"])
            }
        case "Image.Interpolation":
            guard let value = Image.Interpolation.allCases.first(where: { "\($0)" == name }) else { throw unknownMember(Image.Interpolation.allCases.map { "\($0)" }) }
            return .native(value)
        case "Image.TemplateRenderingMode":
            switch name {
            case "original": return .native(Image.TemplateRenderingMode.original)
            case "template": return .native(Image.TemplateRenderingMode.template)
            default: throw unknownMember(["original", "template"])
            }
        case "ColorScheme":
            switch name {
            case "light": return .native(ColorScheme.light)
            case "dark": return .native(ColorScheme.dark)
            default: throw unknownMember(["light", "dark"])
            }
        case "TimelineSchedule", "AnimationTimelineSchedule", "PeriodicTimelineSchedule", "EveryMinuteTimelineSchedule":
            args.items = []
            return .native(AnimationTimelineSchedule())
        case "ShaderLibrary", "BuiltInShaderLibrary":
            if name == "default" && !called { return .type("ShaderLibrary") }
            let function = try shaderFunction(name, at: range)
            if !called { return .native(function) }
            let shader = Shader(function: function, arguments: try args.items.map { try shaderArgument($0.value, at: $0.range) })
            args.items = []
            return .native(shader)
        case "Shader.Argument", "Argument":
            return .native(try makeShaderArgument(name, &args, at: range))
        case "GraphicsContext.Shading", "Shading":
            return .native(try makeShading(name, &args, at: range))
        case "StrokeStyle":
            throw unknownMember([])
        default:
            return try staticPaint(of: type, name, &args, called: called, at: range)
        }
    }

    /// The function `name` of the settings' library, else of the built-in effects'.
    func shaderFunction(_ name: String, at range: SourceRange) throws -> ShaderFunction {
        if let library = settings.shaders, library.defines(name) { return library.function(name) }
        if ShaderLibrary.builtIn.files[name] != nil { return ShaderLibrary.builtIn.function(name) }
        let candidates = (settings.shaders?.stitchableFunctions?.map(\.name) ?? []) + ShaderLibrary.builtIn.functionNames
        let hint = settings.shaders == nil ? " (give the app's shaders with --shader FILE or --library DIR)" : ""
        throw unknown("shader function '\(name)'\(hint)", name, candidates: candidates, at: range)
    }

    /// A value passed to a shader: `.float(x)`, `.float2(point)`, `.color(.red)`, `.image(Image("x"))`...
    func shaderArgument(_ value: Value, at range: SourceRange) throws -> Shader.Argument {
        switch value {
        case .native(let argument as Shader.Argument): return argument
        case .implicit(let deferred): return try native(value, "Shader.Argument", as: Shader.Argument.self, at: deferred.range)
        default: throw fail("a shader argument is one of .float, .float2, .float3, .float4, .color, .floatArray, .colorArray, .image, .boundingRect; found \(value.typeName)", at: range)
        }
    }

    func makeShaderArgument(_ name: String, _ args: inout CallArguments, at range: SourceRange) throws -> Shader.Argument {
        func float(_ argument: ArgumentValue) throws -> Float { Float(try double(argument.value, at: argument.range)) }
        switch name {
        case "boundingRect": return .boundingRect
        case "float": return .float(try float(try args.require(nil)))
        case "float2":
            let first = try args.require(nil)
            if case .native(let p as CGPoint) = first.value { return .float2(Float(p.x), Float(p.y)) }
            if case .native(let s as CGSize) = first.value { return .float2(Float(s.width), Float(s.height)) }
            if case .implicit = first.value { let p = try point(first.value, at: first.range); return .float2(Float(p.x), Float(p.y)) }
            return .float2(try float(first), try float(try args.require(nil)))
        case "float3": return .float3(try float(try args.require(nil)), try float(try args.require(nil)), try float(try args.require(nil)))
        case "float4": return .float4(try float(try args.require(nil)), try float(try args.require(nil)), try float(try args.require(nil)), try float(try args.require(nil)))
        case "color": return .color(try rgba(try args.requireTyped(nil, "Color", as: Color.self)))
        case "floatArray":
            let argument = try args.require(nil)
            return .floatArray(try elements(of: argument.value, at: argument.range).map { Float(try double($0, at: argument.range)) })
        case "colorArray":
            let argument = try args.require(nil)
            return .colorArray(try elements(of: argument.value, at: argument.range).map { try rgba(try color($0, at: argument.range)) })
        case "image":
            let argument = try args.require(nil)
            let image = try native(argument.value, "Image", as: Image.self, at: argument.range)
            if case .system(let name) = image.source {
                throw fail("Image(systemName: \"\(name)\") cannot be a shader's image: give a picture by name or file", at: argument.range)
            }
            let folder = (file as NSString).deletingLastPathComponent
            let images = ViewImages(folders: (folder.isEmpty ? [] : [folder]) + settings.assetFolders + Image.assetFolders)
            do {
                return .image(try images.picture(of: image))
            } catch {
                throw fail("\(error)", at: argument.range)
            }
        default:
            throw unknown("shader argument '.\(name)'", name, candidates: ["boundingRect", "float", "float2", "float3", "float4", "color", "floatArray", "colorArray", "image"], at: range)
        }
    }

    func makeShading(_ name: String, _ args: inout CallArguments, at range: SourceRange) throws -> GraphicsContext.Shading {
        switch name {
        case "color": return .color(try args.requireTyped(nil, "Color", as: Color.self))
        case "style": return .style(try shapeStyle(try args.require(nil).value, at: range))
        case "foreground": return .foreground
        case "shader": return .shader(try args.requireTyped(nil, "Shader", as: Shader.self))
        case "linearGradient":
            return .linearGradient(try args.requireTyped(nil, "Gradient", as: Gradient.self), startPoint: try args.requireTyped("startPoint", "CGPoint", as: CGPoint.self),
                                   endPoint: try args.requireTyped("endPoint", "CGPoint", as: CGPoint.self))
        case "radialGradient":
            return .radialGradient(try args.requireTyped(nil, "Gradient", as: Gradient.self), center: try args.requireTyped("center", "CGPoint", as: CGPoint.self),
                                   startRadius: CGFloat(try args.requireDouble("startRadius")), endRadius: CGFloat(try args.requireDouble("endRadius")))
        default:
            throw unknown("shading '.\(name)'", name, candidates: ["color", "style", "foreground", "shader", "linearGradient", "radialGradient"], at: range)
        }
    }

    // MARK: - Members of API values

    func builtinMember(_ name: String, of value: Value, at range: SourceRange) throws -> Value {
        switch value {
        case .type(let type):
            return try staticMember(of: type, name, arguments: nil, at: range)
        case .implicit(var deferred):
            deferred.chain.append((name, nil, range))
            return .implicit(deferred)
        case .int(let n):
            switch name {
            case "description": return .string(String(n))
            case "magnitude": return .int(n.magnitude > UInt(Int.max) ? Int.max : Int(n.magnitude))
            default: break
            }
        case .double(let d):
            switch name {
            case "isFinite": return .bool(d.isFinite)
            case "isNaN": return .bool(d.isNaN)
            case "isZero": return .bool(d.isZero)
            case "magnitude": return .double(d.magnitude)
            case "description": return .string(String(d))
            default: break
            }
        case .string(let s):
            switch name {
            case "count": return .int(s.count)
            case "isEmpty": return .bool(s.isEmpty)
            case "description": return value
            default: break
            }
        case .array(let items):
            switch name {
            case "count": return .int(items.count)
            case "isEmpty": return .bool(items.isEmpty)
            case "first": return items.first ?? .null
            case "last": return items.last ?? .null
            case "indices": return .range(0, items.count)
            default: break
            }
        case .dictionary(let entries):
            switch name {
            case "count": return .int(entries.count)
            case "isEmpty": return .bool(entries.isEmpty)
            case "keys": return .array(entries.map(\.key))
            case "values": return .array(entries.map(\.value))
            default: break
            }
        case .range(let low, let high):
            switch name {
            case "count": return .int(high - low)
            case "lowerBound": return .int(low)
            case "upperBound": return .int(high)
            case "isEmpty": return .bool(high <= low)
            default: break
            }
        case .tuple(let items):
            if let item = items.first(where: { $0.label == name }) { return item.value }
            if let index = Int(name), items.indices.contains(index) { return items[index].value }
        case .native(let native):
            if let result = try nativeMember(name, of: native, at: range) { return result }
        default:
            break
        }
        throw fail("value of type \(value.typeName) has no member '\(name)'", at: range)
    }

    func nativeMember(_ name: String, of native: Any, at range: SourceRange) throws -> Value? {
        switch native {
        case let p as CGPoint:
            switch name { case "x": return .double(Double(p.x)); case "y": return .double(Double(p.y)); default: return nil }
        case let s as CGSize:
            switch name { case "width": return .double(Double(s.width)); case "height": return .double(Double(s.height)); default: return nil }
        case let r as CGRect:
            switch name {
            case "origin": return .native(r.origin)
            case "size": return .native(r.size)
            case "minX": return .double(Double(r.minX))
            case "midX": return .double(Double(r.midX))
            case "maxX": return .double(Double(r.maxX))
            case "minY": return .double(Double(r.minY))
            case "midY": return .double(Double(r.midY))
            case "maxY": return .double(Double(r.maxY))
            case "width": return .double(Double(r.width))
            case "height": return .double(Double(r.height))
            case "isEmpty": return .bool(r.isEmpty)
            default: return nil
            }
        case let a as Angle:
            switch name { case "degrees": return .double(a.degrees); case "radians": return .double(a.radians); default: return nil }
        case let u as UnitPoint:
            switch name { case "x": return .double(u.x); case "y": return .double(u.y); default: return nil }
        case let proxy as GeometryProxy:
            switch name {
            case "size": return .native(proxy.size)
            case "safeAreaInsets": return .native(proxy.safeAreaInsets)
            default: return nil
            }
        case let d as ViewDimensions:
            switch name { case "width": return .double(Double(d.width)); case "height": return .double(Double(d.height)); default: return nil }
        case let date as Date:
            switch name {
            case "timeIntervalSinceReferenceDate": return .double(date.timeIntervalSinceReferenceDate)
            case "timeIntervalSince1970": return .double(date.timeIntervalSince1970)
            default: return nil
            }
        case let drag as DragGesture.Value:
            return try dragValueMember(name, of: drag, at: range)
        case let tap as SpatialTapGesture.Value:
            return name == "location" ? .native(tap.location) : nil
        case let context as TimelineView<AnimationTimelineSchedule, AnyView>.Context:
            switch name { case "date": return .native(context.date); default: return nil }
        case let context as GraphicsContext:
            switch name {
            case "opacity": return .double(context.opacity)
            case "transform": return .native(context.transform)
            default: return nil
            }
        case let insets as EdgeInsets:
            switch name {
            case "top": return .double(Double(insets.top))
            case "leading": return .double(Double(insets.leading))
            case "bottom": return .double(Double(insets.bottom))
            case "trailing": return .double(Double(insets.trailing))
            default: return nil
            }
        case let font as Font:
            switch name {
            case "bold": return nil
            default: _ = font; return nil
            }
        default:
            return try paintMember(name, of: native, at: range)
        }
    }

    // MARK: - Methods of API values

    func builtinMethod(_ name: String, on base: Value, _ items: [ArgumentValue], at range: SourceRange) throws -> (Value, Value?) {
        // A colour's `opacity` is a colour (so it stays a style), as in SwiftUI.
        if case .native(let colour as Color) = base, name == "opacity" {
            var args = CallArguments(items, name: name, range: range, evaluation: self)
            let result = Value.native(colour.opacity(try args.requireDouble(nil)))
            try args.finish()
            return (result, nil)
        }
        if isViewLike(base), Evaluation.viewModifierNames.contains(name) || name == "resizable" || name == "fill" || name == "stroke"
            || name == "strokeBorder" || name == "tracking" || name == "kerning" || name == "interpolation" || name == "renderingMode" {
            return (try modifier(name, on: base, items, at: range), nil)
        }
        var args = CallArguments(items, name: name, range: range, evaluation: self)
        let result: (Value, Value?)
        switch base {
        case .native(let gesture) where gesture is GestureValue || gesture is DragGesture || gesture is SpatialTapGesture || gesture is TapGesture:
            result = (try gestureMethod(name, on: gesture, &args, at: range), nil)
        case .native(_ as ScrollProxyValue) where name == "scrollTo":
            args.items = []
            result = (.void, nil)
        case .int(let n):
            switch name {
            case "isMultiple":
                let of = try args.int("of") ?? 1
                result = (.bool(of == 0 ? n == 0 : n % of == 0), nil)
            case "formatted": result = (.string(String(n)), nil)
            default: throw noMethod(name, base, at: range)
            }
        case .bool(let b):
            // `flag.toggle()`: mutating, so the flag (a @State, a @Binding) is written back.
            guard name == "toggle" else { throw noMethod(name, base, at: range) }
            result = (.void, .bool(!b))
        case .double(let d):
            switch name {
            case "rounded":
                let rule = try args.typed(nil, "FloatingPointRoundingRule", as: FloatingPointRoundingRule.self) ?? .toNearestOrAwayFromZero
                result = (.double(d.rounded(rule)), nil)
            case "truncatingRemainder":
                result = (.double(d.truncatingRemainder(dividingBy: try args.requireDouble("dividingBy"))), nil)
            case "remainder": result = (.double(d.remainder(dividingBy: try args.requireDouble("dividingBy"))), nil)
            case "squareRoot": result = (.double(d.squareRoot()), nil)
            case "formatted": result = (.string(String(d)), nil)
            default: throw noMethod(name, base, at: range)
            }
        case .string(let s):
            switch name {
            case "uppercased": result = (.string(s.uppercased()), nil)
            case "lowercased": result = (.string(s.lowercased()), nil)
            case "hasPrefix": result = (.bool(s.hasPrefix(try args.string(nil) ?? "")), nil)
            case "hasSuffix": result = (.bool(s.hasSuffix(try args.string(nil) ?? "")), nil)
            case "contains": result = (.bool(s.contains(try args.string(nil) ?? "")), nil)
            default: throw noMethod(name, base, at: range)
            }
        case .array, .range:
            let items = try elements(of: base, at: range)
            result = try collectionMethod(name, items, base: base, &args, at: range)
        case .native(let date as Date) where name == "timeIntervalSince":
            let other = try args.requireTyped(nil, "Date", as: Date.self)
            result = (.double(date.timeIntervalSince(other)), nil)
        case .native(let date as Date) where name == "addingTimeInterval":
            result = (.native(date.addingTimeInterval(try args.requireDouble(nil))), nil)
        case .native(let rect as CGRect):
            switch name {
            case "insetBy": result = (.native(rect.insetBy(dx: try args.cgFloat("dx") ?? 0, dy: try args.cgFloat("dy") ?? 0)), nil)
            case "offsetBy": result = (.native(rect.offsetBy(dx: try args.cgFloat("dx") ?? 0, dy: try args.cgFloat("dy") ?? 0)), nil)
            case "contains": result = (.bool(rect.contains(try args.requireTyped(nil, "CGPoint", as: CGPoint.self))), nil)
            case "intersects": result = (.bool(rect.intersects(try args.requireTyped(nil, "CGRect", as: CGRect.self))), nil)
            case "insetByEdges":
                throw noMethod(name, base, at: range)
            default: throw noMethod(name, base, at: range)
            }
        case .native(let proxy as GeometryProxy) where name == "frame":
            _ = args.take("in")
            result = (.native(proxy.frame(in: .local)), nil)
        case .native(let dimensions as ViewDimensions) where name == "subscript":
            _ = dimensions
            throw noMethod(name, base, at: range)
        case .native(let font as Font):
            switch name {
            case "bold": result = (.native(font.bold()), nil)
            case "italic": result = (.native(font.italic()), nil)
            case "weight": result = (.native(font.weight(try args.requireTyped(nil, "Font.Weight", as: Font.Weight.self))), nil)
            case "size": result = (.native(font.size(try args.requireDouble(nil))), nil)
            default: throw noMethod(name, base, at: range)
            }
        case .native(var context as GraphicsContext):
            switch name {
            case "fill":
                let path = try args.requireTyped(nil, "Path", as: Path.self)
                let shading = try args.requireTyped("with", "GraphicsContext.Shading", as: GraphicsContext.Shading.self)
                let style = try args.typed("style", "FillStyle", as: FillStyle.self) ?? FillStyle()
                context.fill(path, with: shading, style: style)
                result = (.void, nil)
            case "stroke":
                let path = try args.requireTyped(nil, "Path", as: Path.self)
                let shading = try args.requireTyped("with", "GraphicsContext.Shading", as: GraphicsContext.Shading.self)
                if let style = try args.typed("style", "StrokeStyle", as: StrokeStyle.self) { context.stroke(path, with: shading, style: style) }
                else { context.stroke(path, with: shading, lineWidth: try args.cgFloat("lineWidth") ?? 1) }
                result = (.void, nil)
            case "draw":
                let first = try args.require(nil)
                if case .native(let text as Text) = first.value {
                    if let rect = try args.typed("in", "CGRect", as: CGRect.self) { context.draw(text, in: rect) }
                    else { context.draw(text, at: try args.requireTyped("at", "CGPoint", as: CGPoint.self), anchor: try args.typed("anchor", "UnitPoint", as: UnitPoint.self) ?? .center) }
                } else if case .native(let image as Image) = first.value {
                    if let rect = try args.typed("in", "CGRect", as: CGRect.self) { context.draw(image, in: rect) }
                    else { context.draw(image, at: try args.requireTyped("at", "CGPoint", as: CGPoint.self), anchor: try args.typed("anchor", "UnitPoint", as: UnitPoint.self) ?? .center) }
                } else {
                    throw fail("context.draw takes a Text or an Image", at: first.range)
                }
                result = (.void, nil)
            case "translateBy":
                context.translateBy(x: try args.cgFloat("x") ?? 0, y: try args.cgFloat("y") ?? 0)
                result = (.void, .native(context))
            case "scaleBy":
                context.scaleBy(x: try args.cgFloat("x") ?? 1, y: try args.cgFloat("y") ?? 1)
                result = (.void, .native(context))
            case "rotate":
                context.rotate(by: try args.requireTyped("by", "Angle", as: Angle.self))
                result = (.void, .native(context))
            case "concatenate":
                context.concatenate(try args.requireTyped(nil, "CGAffineTransform", as: CGAffineTransform.self))
                result = (.void, .native(context))
            case "clip":
                context.clip(to: try args.requireTyped("to", "Path", as: Path.self), style: try args.typed("style", "FillStyle", as: FillStyle.self) ?? FillStyle())
                result = (.void, .native(context))
            case "addFilter":
                note("GraphicsContext.addFilter: not modelled; ignored")
                args.items = []
                result = (.void, nil)
            default: throw noMethod(name, base, at: range)
            }
        case .native(let effect as any VisualEffect):
            result = (.native(try visualEffectMethod(name, effect, &args, at: range)), nil)
        case .native(let native):
            guard let value = try paintMethod(name, on: native, &args, at: range) else { throw noMethod(name, base, at: range) }
            result = value
        case .function(let function) where name == "callAsFunction":
            return (try invoke(function, items, at: range), nil)
        default:
            throw noMethod(name, base, at: range)
        }
        try args.finish()
        return result
    }

    func noMethod(_ name: String, _ base: Value, at range: SourceRange) -> ViewFileError {
        var candidates: [String] = []
        if isViewLike(base) { candidates = Array(Evaluation.viewModifierNames) + Array(extensionMethods["View"]?.keys ?? [:].keys) }
        return unknown("method '\(name)' of \(base.typeName)", name, candidates: candidates, at: range)
    }

    func collectionMethod(_ name: String, _ items: [Value], base: Value, _ args: inout CallArguments, at range: SourceRange) throws -> (Value, Value?) {
        func closure() throws -> Function { try args.requireClosure(nil) }
        func apply(_ function: Function, _ values: [Value]) throws -> Value {
            try invoke(function, values.map { ArgumentValue(label: nil, value: $0, range: range) }, at: range)
        }
        switch name {
        case "map": let f = try closure(); return (.array(try items.map { try apply(f, [$0]) }), nil)
        case "compactMap": let f = try closure(); return (.array(try items.map { try apply(f, [$0]) }.filter { !$0.isNull }), nil)
        case "filter": let f = try closure(); return (.array(try items.filter { try truth(apply(f, [$0]), at: range) }), nil)
        case "forEach": let f = try closure(); for item in items { _ = try apply(f, [item]) }; return (.void, nil)
        case "reduce":
            var accumulator = try args.require(nil).value
            let f = try closure()
            for item in items { accumulator = try apply(f, [accumulator, item]) }
            return (accumulator, nil)
        case "contains":
            if let f = try args.closure("where") ?? args.closure(nil) { return (.bool(try items.contains { try truth(apply(f, [$0]), at: range) }), nil) }
            let target = try args.require(nil).value
            return (.bool(try items.contains { try equal($0, target, at: range) }), nil)
        case "first":
            let f = try args.requireClosure("where")
            return (try items.first { try truth(apply(f, [$0]), at: range) } ?? .null, nil)
        case "firstIndex":
            if let f = try args.closure("where") { return (try items.firstIndex { try truth(apply(f, [$0]), at: range) }.map(Value.int) ?? .null, nil) }
            let target = try args.require("of").value
            return (try items.firstIndex { try equal($0, target, at: range) }.map(Value.int) ?? .null, nil)
        case "enumerated": return (.array(items.enumerated().map { .tuple([("offset", .int($0.offset)), ("element", $0.element)]) }), nil)
        case "reversed": return (.array(items.reversed()), nil)
        case "prefix": return (.array(Array(items.prefix(max(0, try args.int(nil) ?? 0)))), nil)
        case "suffix": return (.array(Array(items.suffix(max(0, try args.int(nil) ?? 0)))), nil)
        case "dropFirst": return (.array(Array(items.dropFirst(max(0, try args.int(nil) ?? 1)))), nil)
        case "dropLast": return (.array(Array(items.dropLast(max(0, try args.int(nil) ?? 1)))), nil)
        case "joined":
            let separator = try args.string("separator") ?? ""
            return (.string(try items.map { try string($0, at: range) }.joined(separator: separator)), nil)
        case "sorted":
            if let f = try args.closure("by") {
                var failure: Error?
                let sorted = items.sorted { a, b in
                    do { return try truth(apply(f, [a, b]), at: range) } catch { failure = error; return false }
                }
                if let failure { throw failure }
                return (.array(sorted), nil)
            }
            var failure: Error?
            let sorted = items.sorted { a, b in
                do { return try truth(compare("<", a, b, at: range), at: range) } catch { failure = error; return false }
            }
            if let failure { throw failure }
            return (.array(sorted), nil)
        case "min", "max":
            var best: Value?
            for item in items {
                if let current = best {
                    let less = try truth(compare("<", item, current, at: range), at: range)
                    if less == (name == "min") { best = item }
                } else {
                    best = item
                }
            }
            return (best ?? .null, nil)
        case "append":
            guard case .array(var array) = base else { throw noMethod(name, base, at: range) }
            if let contents = args.take("contentsOf") { array += try elements(of: contents.value, at: contents.range) }
            else { array.append(try args.require(nil).value) }
            return (.void, .array(array))
        case "removeAll":
            guard case .array = base else { throw noMethod(name, base, at: range) }
            return (.void, .array([]))
        case "removeLast":
            guard case .array(var array) = base, !array.isEmpty else { throw fail("removeLast on an empty array", at: range) }
            let last = array.removeLast()
            return (last, .array(array))
        case "shuffled", "randomElement":
            throw fail("random values would make each render differ: give the value with --set", at: range)
        default:
            throw noMethod(name, base, at: range)
        }
    }

    func visualEffectMethod(_ name: String, _ effect: any VisualEffect, _ args: inout CallArguments, at range: SourceRange) throws -> VisualEffectChain {
        switch name {
        case "colorEffect":
            return effect.colorEffect(try args.requireTyped(nil, "Shader", as: Shader.self), isEnabled: try args.bool("isEnabled", default: true))
        case "distortionEffect", "layerEffect":
            let shader = try args.requireTyped(nil, "Shader", as: Shader.self)
            let offset = try args.requireTyped("maxSampleOffset", "CGSize", as: CGSize.self)
            let enabled = try args.bool("isEnabled", default: true)
            return name == "layerEffect" ? effect.layerEffect(shader, maxSampleOffset: offset, isEnabled: enabled)
                : effect.distortionEffect(shader, maxSampleOffset: offset, isEnabled: enabled)
        case "offset":
            if let size = try args.typed(nil, "CGSize", as: CGSize.self) { return effect.offset(size) }
            return effect.offset(x: try args.cgFloat("x") ?? 0, y: try args.cgFloat("y") ?? 0)
        case "scaleEffect":
            let anchor = try args.typed("anchor", "UnitPoint", as: UnitPoint.self) ?? .center
            let first = try args.require(nil)
            if case .native(let size as CGSize) = first.value { return effect.scaleEffect(size, anchor: anchor) }
            return effect.scaleEffect(CGFloat(try double(first.value, at: first.range)), anchor: anchor)
        case "rotationEffect":
            return effect.rotationEffect(try args.requireTyped(nil, "Angle", as: Angle.self), anchor: try args.typed("anchor", "UnitPoint", as: UnitPoint.self) ?? .center)
        case "blur": return effect.blur(radius: CGFloat(try args.requireDouble("radius")), opaque: try args.bool("opaque", default: false))
        case "opacity": return effect.opacity(try args.requireDouble(nil))
        case "brightness": return effect.brightness(try args.requireDouble(nil))
        case "contrast": return effect.contrast(try args.requireDouble(nil))
        case "saturation": return effect.saturation(try args.requireDouble(nil))
        case "grayscale": return effect.grayscale(try args.requireDouble(nil))
        case "hueRotation": return effect.hueRotation(try args.requireTyped(nil, "Angle", as: Angle.self))
        default:
            throw unknown("visual effect '\(name)'", name, candidates: ["colorEffect", "distortionEffect", "layerEffect", "offset", "scaleEffect",
                                                                       "rotationEffect", "blur", "opacity", "brightness", "contrast", "saturation",
                                                                       "grayscale", "hueRotation"], at: range)
        }
    }

    // MARK: - Subscripts

    func subscriptValue(_ base: Value, _ args: [ArgumentValue], at range: SourceRange) throws -> Value {
        guard let first = args.first else { throw fail("a subscript needs an index", at: range) }
        switch base {
        case .native(let binding as ValueBinding):
            return try elementBinding(binding, args, at: range)
        case .array(let items):
            if case .range(let low, let high) = first.value {
                guard low >= 0, high <= items.count else { throw fail("range \(low)..<\(high) out of bounds (the array has \(items.count) elements)", at: first.range) }
                return .array(Array(items[low..<high]))
            }
            let index = try int(first.value, at: first.range)
            guard items.indices.contains(index) else { throw fail("index \(index) out of range (the array has \(items.count) elements)", at: first.range) }
            return items[index]
        case .dictionary(let entries):
            let found = try entries.first { try equal($0.key, first.value, at: first.range) }?.value
            if found == nil, let fallback = args.first(where: { $0.label == "default" }) { return fallback.value }
            return found ?? .null
        case .native(let dimensions as ViewDimensions):
            var guide = first.value
            if case .implicit(let deferred) = guide {
                if let horizontal = try? resolve(deferred, as: "HorizontalAlignment") { guide = horizontal }
                else { guide = try resolve(deferred, as: "VerticalAlignment") }
            }
            switch guide {
            case .native(let g as HorizontalAlignment): return .double(Double(dimensions[g]))
            case .native(let g as VerticalAlignment): return .double(Double(dimensions[g]))
            default: throw fail("ViewDimensions are read at an alignment guide (.leading, .top...)", at: first.range)
            }
        case .string(let s):
            let index = try int(first.value, at: first.range)
            guard index >= 0, index < s.count else { throw fail("index \(index) out of range", at: first.range) }
            return .string(String(s[s.index(s.startIndex, offsetBy: index)]))
        default:
            throw fail("\(base.typeName) cannot be subscripted", at: range)
        }
    }

    // MARK: - Free functions

    static let builtinFunctionNames = ["min", "max", "abs", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sqrt", "pow", "hypot",
                                       "exp", "log", "log2", "log10", "floor", "ceil", "round", "fmod", "stride", "print", "zip"]

    func builtinFunction(_ name: String) -> Function? {
        guard Evaluation.builtinFunctionNames.contains(name) else { return nil }
        return Function(name: name, parameters: [], anonymous: true, body: .builtin { [unowned self] args, range in
            try self.callFunction(name, args, at: range)
        }, scope: nil, returnType: nil, range: SourceRange(file: file, start: .start, end: .start))
    }

    func callFunction(_ name: String, _ args: [ArgumentValue], at range: SourceRange) throws -> Value {
        func number(_ i: Int) throws -> Double {
            guard i < args.count else { throw fail("'\(name)' takes \(i + 1) argument\(i == 0 ? "" : "s")", at: range) }
            return try double(args[i].value, at: args[i].range)
        }
        let unary: [String: (Double) -> Double] = ["sin": sin, "cos": cos, "tan": tan, "asin": asin, "acos": acos, "atan": atan, "sqrt": { $0.squareRoot() },
                                                   "exp": exp, "log": log, "log2": log2, "log10": log10, "floor": { $0.rounded(.down) },
                                                   "ceil": { $0.rounded(.up) }, "round": { $0.rounded() }]
        if let f = unary[name] {
            guard args.count == 1 else { throw fail("'\(name)' takes one argument", at: range) }
            return .double(f(try number(0)))
        }
        switch name {
        case "min", "max":
            guard args.count >= 2 else { throw fail("'\(name)' takes at least two arguments", at: range) }
            if args.allSatisfy({ if case .int = $0.value { true } else { false } }) {
                let values = try args.map { try int($0.value, at: $0.range) }
                return .int((name == "min" ? values.min() : values.max()) ?? 0)
            }
            let values = try args.map { try double($0.value, at: $0.range) }
            return .double((name == "min" ? values.min() : values.max()) ?? 0)
        case "abs":
            guard args.count == 1 else { throw fail("'abs' takes one argument", at: range) }
            if case .int(let n) = args[0].value {
                guard n != .min else { throw fail("integer overflow: abs(\(n))", at: range) }
                return .int(abs(n))
            }
            return .double(abs(try number(0)))
        case "atan2": return .double(atan2(try number(0), try number(1)))
        case "pow": return .double(pow(try number(0), try number(1)))
        case "hypot": return .double(hypot(try number(0), try number(1)))
        case "fmod": return .double(fmod(try number(0), try number(1)))
        case "print":
            note("print: ignored")
            return .void
        case "zip":
            guard args.count == 2 else { throw fail("'zip' takes two sequences", at: range) }
            let a = try elements(of: args[0].value, at: args[0].range), b = try elements(of: args[1].value, at: args[1].range)
            return .array(zip(a, b).map { .tuple([(nil, $0), (nil, $1)]) })
        case "stride":
            var call = CallArguments(args, name: name, range: range, evaluation: self)
            let from = try call.require("from")
            let end = call.take("to") ?? call.take("through")
            let inclusive = args.contains { $0.label == "through" }
            let by = try call.require("by")
            guard let end else { throw fail("'stride' takes 'to:' or 'through:'", at: range) }
            if case .int(let a) = from.value, case .int(let b) = end.value, case .int(let step) = by.value {
                guard step != 0 else { throw fail("stride by 0 never ends", at: by.range) }
                let values = inclusive ? Array(stride(from: a, through: b, by: step)) : Array(stride(from: a, to: b, by: step))
                guard values.count <= Evaluation.maximumIterations else { throw fail("the stride has more than \(Evaluation.maximumIterations) elements", at: range) }
                return .array(values.map(Value.int))
            }
            let a = try double(from.value, at: from.range), b = try double(end.value, at: end.range), step = try double(by.value, at: by.range)
            guard step != 0, step.isFinite, ((b - a) / step) < Double(Evaluation.maximumIterations) else {
                throw fail("the stride has more than \(Evaluation.maximumIterations) elements", at: range)
            }
            let values = inclusive ? Array(stride(from: a, through: b, by: step)) : Array(stride(from: a, to: b, by: step))
            return .array(values.map(Value.double))
        default:
            throw fail("unknown function '\(name)'", at: range)
        }
    }
}
