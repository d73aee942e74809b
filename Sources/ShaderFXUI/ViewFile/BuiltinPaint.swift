import Foundation

// Colours, gradients, shape styles, shapes and paths by name, mapped to ShaderFXUI's Paint,
// Shapes and Drawing API.

extension Evaluation {
    func constructPaint(_ name: String, _ args: inout CallArguments, at range: SourceRange) throws -> Value {
        switch name {
        case "Color":
            if args.has("hue") {
                return .native(Color(hue: try args.requireDouble("hue"), saturation: try args.requireDouble("saturation"),
                                     brightness: try args.requireDouble("brightness"), opacity: try args.double("opacity", default: 1)))
            }
            let space = try args.typed(nil, "Color.RGBColorSpace", as: Color.RGBColorSpace.self) ?? .sRGB
            if args.has("white") {
                return .native(Color(space, white: try args.requireDouble("white"), opacity: try args.double("opacity", default: 1)))
            }
            if args.has("red") {
                return .native(Color(space, red: try args.requireDouble("red"), green: try args.requireDouble("green"),
                                     blue: try args.requireDouble("blue"), opacity: try args.double("opacity", default: 1)))
            }
            if let named = try args.string(nil) {
                throw fail("Color(\"\(named)\"): asset catalogue colours are not available; use a named colour (.red) or Color(red:green:blue:)", at: range)
            }
            throw fail("Color takes (red:green:blue:opacity:), (white:opacity:) or (hue:saturation:brightness:opacity:)", at: range)
        case "Rectangle": return .native(Rectangle())
        case "Circle": return .native(Circle())
        case "Ellipse": return .native(Ellipse())
        case "Capsule": return .native(Capsule(style: try args.typed("style", "RoundedCornerStyle", as: RoundedCornerStyle.self) ?? .continuous))
        case "RoundedRectangle":
            let style = try args.typed("style", "RoundedCornerStyle", as: RoundedCornerStyle.self) ?? .continuous
            if let size = try args.typed("cornerSize", "CGSize", as: CGSize.self) { return .native(RoundedRectangle(cornerSize: size, style: style)) }
            return .native(RoundedRectangle(cornerRadius: CGFloat(try args.requireDouble("cornerRadius")), style: style))
        case "UnevenRoundedRectangle":
            let style = try args.typed("style", "RoundedCornerStyle", as: RoundedCornerStyle.self) ?? .continuous
            return .native(UnevenRoundedRectangle(topLeadingRadius: try args.cgFloat("topLeadingRadius") ?? 0, bottomLeadingRadius: try args.cgFloat("bottomLeadingRadius") ?? 0,
                                                  bottomTrailingRadius: try args.cgFloat("bottomTrailingRadius") ?? 0, topTrailingRadius: try args.cgFloat("topTrailingRadius") ?? 0,
                                                  style: style))
        case "Path":
            if let build = try args.closure(nil) {
                let box = Box(.native(Path()))
                _ = try nested(at: range) { () -> Value in
                    let scope = Scope(parent: build.scope ?? globals)
                    let name = build.anonymous ? "$0" : build.parameters.first?.name ?? "$0"
                    scope.variables[name] = box
                    guard case .statements(let statements) = build.body else { return .void }
                    return try runBody(statements, in: scope, range: range)
                }
                return box.value
            }
            if let rect = try args.typed("roundedRect", "CGRect", as: CGRect.self) {
                let style = try args.typed("style", "RoundedCornerStyle", as: RoundedCornerStyle.self) ?? .continuous
                if let size = try args.typed("cornerSize", "CGSize", as: CGSize.self) { return .native(Path(roundedRect: rect, cornerSize: size, style: style)) }
                return .native(Path(roundedRect: rect, cornerRadius: CGFloat(try args.requireDouble("cornerRadius")), style: style))
            }
            if let rect = try args.typed("ellipseIn", "CGRect", as: CGRect.self) { return .native(Path(ellipseIn: rect)) }
            if let rect = try args.typed(nil, "CGRect", as: CGRect.self) { return .native(Path(rect)) }
            return .native(Path())
        case "Gradient":
            if let stops = args.take("stops") {
                return .native(Gradient(stops: try elements(of: stops.value, at: stops.range).map { try native($0, "Gradient.Stop", as: Gradient.Stop.self, at: stops.range) }))
            }
            return .native(Gradient(colors: try colors(try args.require("colors"))))
        case "Gradient.Stop":
            return .native(Gradient.Stop(color: try args.requireTyped("color", "Color", as: Color.self), location: CGFloat(try args.requireDouble("location"))))
        case "LinearGradient":
            let gradient = try gradientArgument(&args)
            return .native(LinearGradient(gradient: gradient, startPoint: try args.requireTyped("startPoint", "UnitPoint", as: UnitPoint.self),
                                          endPoint: try args.requireTyped("endPoint", "UnitPoint", as: UnitPoint.self)))
        case "RadialGradient":
            let gradient = try gradientArgument(&args)
            return .native(RadialGradient(gradient: gradient, center: try args.requireTyped("center", "UnitPoint", as: UnitPoint.self),
                                          startRadius: CGFloat(try args.requireDouble("startRadius")), endRadius: CGFloat(try args.requireDouble("endRadius"))))
        case "AngularGradient":
            let gradient = try gradientArgument(&args)
            let center = try args.requireTyped("center", "UnitPoint", as: UnitPoint.self)
            if let angle = try args.typed("angle", "Angle", as: Angle.self) { return .native(AngularGradient(gradient: gradient, center: center, angle: angle)) }
            return .native(AngularGradient(gradient: gradient, center: center, startAngle: try args.typed("startAngle", "Angle", as: Angle.self) ?? .zero,
                                           endAngle: try args.typed("endAngle", "Angle", as: Angle.self) ?? .zero))
        case "EllipticalGradient":
            let gradient = try gradientArgument(&args)
            return .native(EllipticalGradient(gradient: gradient, center: try args.typed("center", "UnitPoint", as: UnitPoint.self) ?? .center,
                                              startRadiusFraction: try args.cgFloat("startRadiusFraction") ?? 0, endRadiusFraction: try args.cgFloat("endRadiusFraction") ?? 0.5))
        case "AnyShapeStyle":
            return .native(try shapeStyle(try args.require(nil).value, at: range))
        default:
            throw unknown("type '\(name)'", name, candidates: Evaluation.builtinTypes, at: range)
        }
    }

    func colors(_ argument: ArgumentValue) throws -> [Color] {
        try elements(of: argument.value, at: argument.range).map { try color($0, at: argument.range) }
    }

    /// `gradient:`, `colors:` or `stops:`, as every gradient's initialisers take them.
    func gradientArgument(_ args: inout CallArguments) throws -> Gradient {
        if let gradient = try args.typed("gradient", "Gradient", as: Gradient.self) { return gradient }
        if let stops = args.take("stops") {
            return Gradient(stops: try elements(of: stops.value, at: stops.range).map { try native($0, "Gradient.Stop", as: Gradient.Stop.self, at: stops.range) })
        }
        if let colors = args.take("colors") { return Gradient(colors: try self.colors(colors)) }
        if let gradient = try args.typed(nil, "Gradient", as: Gradient.self) { return gradient }
        throw fail("a gradient takes 'gradient:', 'colors:' or 'stops:'", at: args.range)
    }

    static let colorNames: [String: Color] = [
        "red": .red, "orange": .orange, "yellow": .yellow, "green": .green, "mint": .mint, "teal": .teal, "cyan": .cyan, "blue": .blue,
        "indigo": .indigo, "purple": .purple, "pink": .pink, "brown": .brown, "gray": .gray, "black": .black, "white": .white,
        "clear": .clear, "primary": .primary, "secondary": .secondary, "accentColor": .blue,
    ]

    func staticPaint(of type: String, _ name: String, _ args: inout CallArguments, called: Bool, at range: SourceRange) throws -> Value {
        switch type {
        case "Color":
            if let colour = Evaluation.colorNames[name], !called { return .native(colour) }
            if called, name == "init" || name == "rgb" { return try constructPaint("Color", &args, at: range) }
            throw unknown("colour '\(name)'", name, candidates: Evaluation.colorNames.keys, at: range)
        case "Color.RGBColorSpace", "RGBColorSpace":
            switch name {
            case "sRGB": return .native(Color.RGBColorSpace.sRGB)
            case "sRGBLinear": return .native(Color.RGBColorSpace.sRGBLinear)
            case "displayP3": return .native(Color.RGBColorSpace.displayP3)
            default: throw unknown("colour space '\(name)'", name, candidates: ["sRGB", "sRGBLinear", "displayP3"], at: range)
            }
        case "RoundedCornerStyle":
            guard let style = RoundedCornerStyle.allCases.first(where: { "\($0)" == name }) else {
                throw unknown("corner style '\(name)'", name, candidates: RoundedCornerStyle.allCases.map { "\($0)" }, at: range)
            }
            return .native(style)
        case "CGLineCap":
            guard let cap = CGLineCap.allCases.first(where: { "\($0)" == name }) else { throw unknown("line cap '\(name)'", name, candidates: CGLineCap.allCases.map { "\($0)" }, at: range) }
            return .native(cap)
        case "CGLineJoin":
            guard let join = CGLineJoin.allCases.first(where: { "\($0)" == name }) else { throw unknown("line join '\(name)'", name, candidates: CGLineJoin.allCases.map { "\($0)" }, at: range) }
            return .native(join)
        case "FloatingPointRoundingRule":
            let rules: [String: FloatingPointRoundingRule] = ["up": .up, "down": .down, "toNearestOrEven": .toNearestOrEven,
                                                              "toNearestOrAwayFromZero": .toNearestOrAwayFromZero, "towardZero": .towardZero,
                                                              "awayFromZero": .awayFromZero]
            guard let rule = rules[name] else { throw unknown("rounding rule '\(name)'", name, candidates: rules.keys, at: range) }
            return .native(rule)
        case "AnyShapeStyle", "ShapeStyle":
            if let colour = Evaluation.colorNames[name], !called { return .native(AnyShapeStyle(colour)) }
            switch name {
            case "tint": return .native(AnyShapeStyle(Color.blue))
            case "tertiary": return .native(AnyShapeStyle(Color.tertiary))
            case "quaternary": return .native(AnyShapeStyle(Color.quaternary))
            case "linearGradient", "radialGradient", "angularGradient", "conicGradient", "ellipticalGradient":
                let type = ["linearGradient": "LinearGradient", "radialGradient": "RadialGradient", "angularGradient": "AngularGradient",
                            "conicGradient": "AngularGradient", "ellipticalGradient": "EllipticalGradient"][name] ?? ""
                guard case .native(let style as any ShapeStyle) = try constructPaint(type, &args, at: range) else { throw fail("not a style", at: range) }
                return .native(AnyShapeStyle(style))
            case "shader":
                throw unknown("style '.\(name)'", name, candidates: [], at: range)
            default:
                throw unknown("style '.\(name)'", name, candidates: Array(Evaluation.colorNames.keys) + ["linearGradient", "radialGradient", "angularGradient", "conicGradient", "ellipticalGradient", "tint"], at: range)
            }
        case "Shape", "any Shape":
            switch name {
            case "rect":
                if let radius = try args.cgFloat("cornerRadius") {
                    return .native(RoundedRectangle(cornerRadius: radius, style: try args.typed("style", "RoundedCornerStyle", as: RoundedCornerStyle.self) ?? .continuous))
                }
                return .native(Rectangle())
            case "circle": return .native(Circle())
            case "capsule": return .native(Capsule())
            case "ellipse": return .native(Ellipse())
            case "buttonBorder": return .native(Capsule())
            default: throw unknown("shape '.\(name)'", name, candidates: ["rect", "circle", "capsule", "ellipse"], at: range)
            }
        case "Gradient.Stop":
            if name == "init" { return try constructPaint("Gradient.Stop", &args, at: range) }
            throw unknown("member '\(name)' of Gradient.Stop", name, candidates: ["init"], at: range)
        case "Path":
            if name == "init" { return try constructPaint("Path", &args, at: range) }
            throw unknown("member '\(name)' of Path", name, candidates: [], at: range)
        default:
            if Evaluation.builtinTypes.contains(type), called, name == "init" { return try construct(builtin: type, args.items, at: range) }
            throw fail("type \(type) has no member '\(name)' here", at: range)
        }
    }

    /// A value as a shape style: a colour, a gradient, a shader, an implicit member (`.red`, `.linearGradient(...)`).
    func shapeStyle(_ value: Value, at range: SourceRange) throws -> AnyShapeStyle {
        switch value {
        case .native(let style as AnyShapeStyle): return style
        case .native(let style as any ShapeStyle): return AnyShapeStyle(style)
        case .implicit(let deferred):
            let resolved = try resolve(deferred, as: "AnyShapeStyle")
            return try shapeStyle(resolved, at: range)
        default: throw fail("expected a shape style (a colour, gradient or shader), found \(value.typeName)", at: range)
        }
    }

    func trimmed<S: Shape>(_ shape: S, from: CGFloat, to: CGFloat) -> any Shape { shape.trim(from: from, to: to) }

    func rgba(_ color: Color) throws -> RGBA { color.rgba }

    func paintMember(_ name: String, of native: Any, at range: SourceRange) throws -> Value? {
        switch native {
        case let path as Path:
            switch name {
            case "boundingRect": return .native(path.boundingRect)
            case "isEmpty": return .bool(path.isEmpty)
            case "currentPoint": return path.currentPoint.map { .native($0) } ?? .null
            default: return nil
            }
        case let style as StrokeStyle:
            switch name { case "lineWidth": return .double(Double(style.lineWidth)); default: return nil }
        default:
            return nil
        }
    }

    func paintMethod(_ name: String, on native: Any, _ args: inout CallArguments, at range: SourceRange) throws -> (Value, Value?)? {
        switch native {
        case let colour as Color:
            switch name {
            case "opacity": return (.native(colour.opacity(try args.requireDouble(nil))), nil)
            default: return nil
            }
        case var path as Path:
            func p(_ label: String?) throws -> CGPoint { try args.requireTyped(label, "CGPoint", as: CGPoint.self) }
            switch name {
            case "move": path.move(to: try p("to"))
            case "addLine": path.addLine(to: try p("to"))
            case "addLines": path.addLines(try elements(of: try args.require(nil).value, at: range).map { try point($0, at: range) })
            case "addQuadCurve": let end = try p("to"); path.addQuadCurve(to: end, control: try p("control"))
            case "addCurve": let end = try p("to"); let c1 = try p("control1"); path.addCurve(to: end, control1: c1, control2: try p("control2"))
            case "closeSubpath": path.closeSubpath()
            case "addRect": path.addRect(try args.requireTyped(nil, "CGRect", as: CGRect.self))
            case "addRoundedRect":
                let rect = try args.requireTyped("in", "CGRect", as: CGRect.self)
                let size = try args.requireTyped("cornerSize", "CGSize", as: CGSize.self)
                path.addPath(Path(roundedRect: rect, cornerSize: size, style: try args.typed("style", "RoundedCornerStyle", as: RoundedCornerStyle.self) ?? .continuous))
            case "addEllipse": path.addEllipse(in: try args.requireTyped("in", "CGRect", as: CGRect.self))
            case "addPath": path.addPath(try args.requireTyped(nil, "Path", as: Path.self))
            case "addArc":
                if args.has("tangent1End") {
                    let t1 = try p("tangent1End"), t2 = try p("tangent2End")
                    path.addArc(tangent1End: t1, tangent2End: t2, radius: CGFloat(try args.requireDouble("radius")))
                } else {
                    let center = try p("center")
                    let radius = CGFloat(try args.requireDouble("radius"))
                    let start = try args.requireTyped("startAngle", "Angle", as: Angle.self)
                    let end = try args.requireTyped("endAngle", "Angle", as: Angle.self)
                    path.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: try args.bool("clockwise", default: false))
                }
            case "applying": return (.native(path.applying(try args.requireTyped(nil, "CGAffineTransform", as: CGAffineTransform.self))), nil)
            case "offsetBy": return (.native(path.offsetBy(dx: try args.cgFloat("dx") ?? 0, dy: try args.cgFloat("dy") ?? 0)), nil)
            case "trimmedPath": return (.native(path.trimmedPath(from: CGFloat(try args.requireDouble("from")), to: CGFloat(try args.requireDouble("to")))), nil)
            case "contains": return (.bool(path.contains(try p(nil))), nil)
            case "strokedPath": return (.native(path.strokedPath(try args.requireTyped(nil, "StrokeStyle", as: StrokeStyle.self))), nil)
            case "path": _ = args.take("in"); return (.native(path), nil)
            default: return nil
            }
            return (.void, .native(path))
        case let shape as any Shape:
            switch name {
            case "path": return (.native(shape.path(in: try args.requireTyped("in", "CGRect", as: CGRect.self))), nil)
            case "inset":
                guard let insettable = shape as? any InsettableShape else { return nil }
                return (.native(insettable.inset(by: CGFloat(try args.requireDouble("by")))), nil)
            case "trim": return (.native(trimmed(shape, from: try args.cgFloat("from") ?? 0, to: try args.cgFloat("to") ?? 1)), nil)
            default: return nil
            }
        default:
            return nil
        }
    }
}
