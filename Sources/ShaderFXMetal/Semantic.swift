import ShaderFXContract
/// An analysed expression: its typed tree and what analysis knows of it as a whole.
struct TE {
    var node: TExpr
    /// The Metal type of its value (its root node's).
    var type: MType { node.type }
    var lvalue = false
    /// The constant value, when the expression is a literal (for folding conversions).
    var lit: Lit?
    /// For a partially indexed multidimensional array: the flattened base and offset so far.
    var subarray: (base: TExpr, offset: TExpr?)?
    /// For a `half` value rounded by `mtl_h`: the expression before rounding (HalfPrecision.swift).
    var roundedFrom: TExpr?
    /// For a value already wrapped to a narrow integer width (a `short(x)` cast): that width.
    var wrappedTo: (bits: Int, signed: Bool)?

    enum Lit {
        case int(Int64)
        case float(Double)
        case bool(Bool)
    }

    /// A root of kind `kind` and Metal type `type`.
    init(node kind: TExpr.Kind, type: MType, lvalue: Bool = false, lit: Lit? = nil) {
        self.init(TExpr(kind, type), lvalue: lvalue, lit: lit)
    }

    init(_ node: TExpr, lvalue: Bool = false, lit: Lit? = nil) {
        self.node = node
        self.lvalue = lvalue
        self.lit = lit
    }
}

/// A user struct, by its Metal names (``GLSLLowering/lowerStructs(_:_:)`` names it in GLSL).
struct StructInfo {
    var name: String
    var members: [(name: String, type: MType, loc: MetalSourceLocation)]
    var loc: MetalSourceLocation
    /// Whether the members' types give Metal's layout (false where one is a packed vector, which
    /// ``MType`` keeps as a plain vector): what sizeof needs.
    var layoutKnown = true
}

/// A sampler state from a `constexpr sampler`.
struct SamplerState: Equatable {
    /// What a coordinate outside the texture reads on one axis.
    enum Address: Int, Equatable {
        // The raw values are the codes `mtl_sample` takes.
        case clampToEdge = 0, `repeat` = 1, mirroredRepeat = 2, border = 3
    }
    enum Filter: Int, Equatable { case nearest = 0, linear = 1, bicubic = 2 }
    /// `border_color::...`: what `clamp_to_border` reads (`clamp_to_zero` reads transparent black).
    enum BorderColor: Equatable { case transparentBlack, opaqueBlack, opaqueWhite }

    var addressS = Address.clampToEdge, addressT = Address.clampToEdge
    var filter = Filter.nearest
    var borderColor = BorderColor.transparentBlack
    var pixelCoordinates = false

    /// Whether GL's own sampling does what this state says: its wrap modes and its linear or
    /// nearest filter. A border or a bicubic filter is sampled by `mtl_sample` instead.
    var isNative: Bool { addressS != .border && addressT != .border && filter != .bicubic }

    /// The `#pragma shaderfx sampler` line's state for the texture (GL's; a sampler that GL cannot
    /// do reads texels itself and needs only the plain state).
    func pragma(for parameter: String) -> SamplerPragma {
        guard isNative else { return SamplerPragma(parameter: parameter, address: .clamp, filter: .nearest) }
        func address(_ a: Address) -> SamplerPragma.Address {
            switch a {
            case .repeat: return .repeat
            case .mirroredRepeat: return .mirrored
            case .clampToEdge, .border: return .clamp
            }
        }
        return SamplerPragma(parameter: parameter, address: address(addressS), tAddress: address(addressT),
                             filter: filter == .linear ? .linear : .nearest)
    }

    /// The border colour as a GLSL `vec4`.
    var borderGLSL: GExpr {
        let vec4 = GType.vector(.float, 4)
        switch borderColor {
        case .transparentBlack: return .construct(vec4, arraySize: nil, [.literal(.float(0))])
        case .opaqueBlack: return .construct(vec4, arraySize: nil, [0, 0, 0, 1].map { .literal(.float($0)) })
        case .opaqueWhite: return .construct(vec4, arraySize: nil, [.literal(.float(1))])
        }
    }
}

/// A variable visible by name: a global constant, a local, or a parameter.
struct VarInfo {
    enum Kind {
        case value
        /// `thread T *p`: `*p` and `p->m` read the GLSL inout parameter `p`.
        case pointer
        /// The `int n` count of an array argument pair: reads `array.count` (the array parameter).
        case arrayCount(TVariable)
        /// A local lambda: calls go to this function.
        case lambda(Int)
        /// A program-scope constant whose initializer calls user functions, which GLSL ES does not
        /// allow in a global's initializer: reads call this function (Metal name), which returns it.
        case computed(String)
    }
    var type: MType
    /// The variable uses refer to (none for a sampler, a lambda or a computed constant).
    var symbol: TVariable?
    var kind: Kind = .value
    var isConst = false
    var constInt: Int64?
    var sampler: SamplerState?
    var loc: MetalSourceLocation
}

/// A user function (one overload).
final class FuncInfo {
    let id: Int
    var decl: FuncDecl
    var returnType: MType
    var params: [ParamInfo]
    /// What its GLSL name is made from; ``GLSLLowering`` chooses the name (``glslName``).
    var naming = FunctionNaming.declared(overloaded: false)
    var glslName = ""
    var defined: Bool { decl.body != nil }
    var calls: [(Int, MetalSourceLocation)] = []
    /// The typed function analysis made of it, and its GLSL.
    var typed: TFunction?
    /// The effect a stitchable function is (``Semantic/classify(_:)``).
    var effectKind: MetalEffectKind?
    var lowered: GFunction?
    /// Sampler state per texture parameter name (sampled here or in a callee), with the first use.
    var texturesSampled: [String: (SamplerState, MetalSourceLocation)] = [:]
    /// Texture parameters passed on: (callee, callee parameter index, own texture name, call location).
    var textureArguments: [(Int, Int, String, MetalSourceLocation)] = []
    var stitchable: MetalStitchableFunction?
    /// Template type bindings of an instance.
    var bindings: [String: MType] = [:]
    /// A lambda whose return type comes from its first `return`.
    var deducesReturnType = false
    /// Per translation unit that declares it with default arguments, those it sees, by
    /// parameter (C++ takes a call's defaults from the declarations its own file sees).
    var unitDefaults: [Int: [Expr?]] = [:]

    /// Adds the default arguments declaration `f` gives to the units that see it.
    func recordDefaults(of f: FuncDecl) {
        guard f.params.contains(where: { $0.defaultValue != nil }) else { return }
        for unit in f.units {
            var values = unitDefaults[unit] ?? Array(repeating: nil, count: f.params.count)
            for (k, p) in f.params.enumerated() where k < values.count {
                if let d = p.defaultValue { values[k] = d }
            }
            unitDefaults[unit] = values
        }
    }

    /// The default arguments a call from a function of `units` sees: its unit's own where a
    /// declaration in it gives some, else those of the merged declaration.
    func defaults(seenFrom units: [Int]) -> [Expr?] {
        if let unit = units.first(where: { unitDefaults[$0] != nil }), let values = unitDefaults[unit] { return values }
        return params.map(\.defaultValue)
    }

    init(id: Int, decl: FuncDecl, returnType: MType, params: [ParamInfo]) {
        self.id = id
        self.decl = decl
        self.returnType = returnType
        self.params = params
    }
}

/// What a function's GLSL name is made from (``GLSLLowering/nameFunctions(_:_:)``).
enum FunctionNaming {
    /// A stitchable function keeps its Metal name (SwiftUI finds it by that name).
    case stitchable
    /// A function as declared: its name, with its parameter types when it is overloaded.
    case declared(overloaded: Bool)
    /// A template instance: the template's name and the types (and array sizes) it is made for.
    case instance(template: String, types: [MType], sizes: [Int])
    /// A lambda: the function it is declared in and its variable's name.
    case lambda(outer: FuncInfo, name: String)
}

/// A function parameter after type resolution.
struct ParamInfo {
    var name: String
    var type: MType
    /// `thread T &` (non-const): GLSL `inout`.
    var isReference = false
    /// `thread T *`: GLSL `inout`, dereferenced at uses.
    var isPointer = false
    /// `const thread T *`: read only, passed by value.
    var isConstPointee = false
    var defaultValue: Expr?
    var loc: MetalSourceLocation
    /// For an array pointer of a stitchable function: the name of the count parameter merged into it.
    var countName: String?
    var countIsUnsigned = false
}

/// The semantic pass: resolves names and types, checks them, makes MSL's implicit conversions
/// explicit, maps the standard library, and lowers the AST to a ``GProgram``.
final class Semantic {
    var structs: [String: StructInfo] = [:]
    /// Structs with static members and no others (a scope for `S::m`), where each was defined.
    var staticOnlyStructs: [String: MetalSourceLocation] = [:]
    var structOrder: [String] = []
    var aliases: [String: TypeSpec] = [:]
    var globals: [String: VarInfo] = [:]
    var functions: [String: [FuncInfo]] = [:]
    var allFunctions: [FuncInfo] = []
    var names = NameAllocator()
    var program = GProgram()
    /// The lowering of typed trees to GLSL, which declares the helpers they call.
    let glsl = GLSLLowering()
    /// Function templates by name.
    var templates: [String: [FuncDecl]] = [:]
    /// Instantiations: "name<types>" → function id.
    var instances: [String: Int] = [:]
    /// Template type bindings in force (while declaring or lowering an instance).
    var typeBindings: [String: MType] = [:]
    /// Every function name of the library (known before the functions are declared).
    var declaredFunctionNames: Set<String> = []
    /// The type of every expression analysed, in order (an expression of a template body once per
    /// distinct type its instances give it); `recordedTypes` keeps them distinct per node (and holds
    /// the node, so a node made during analysis cannot be freed and its identifier reused).
    var expressionTypes: [MetalExpressionType] = []
    var recordedTypes: [ObjectIdentifier: (node: Expr, types: [MType])] = [:]
    /// The callee the call analysed last resolved to (``Expr/callee``).
    var resolvedCallee: ResolvedCallee?
    /// How `half` computes (HalfPrecision.swift), and the lines whose `half` operations compute
    /// at float all the same (the precision report's promotions).
    var precision = MetalPrecision.float
    var floatLines: Set<MetalSourceLine> = []
    var roundingLineSet: Set<MetalSourceLine> = []

    /// The program-scope constants, in source order.
    var globalConstants: [TGlobal] = []
    /// The typed functions, in the order their analysis ended (a lambda before the function
    /// declaring it), which is the order they are lowered in.
    var analysed: [FuncInfo] = []

    // Per-function state.
    var scopes: [[String: VarInfo]] = []
    var current: FuncInfo?
    var loopDepth = 0
    var switchDepth = 0

    /// The lowered program, and the type of every expression analysed (the typed AST's types).
    static func analyze(_ units: [TranslationUnit], precision: MetalPrecision = .float,
                        floatLines: Set<MetalSourceLine> = []) throws(MetalError) -> (GProgram, [MetalExpressionType]) {
        let s = try analyzed(units, precision: precision, floatLines: floatLines)
        return (s.program, s.expressionTypes)
    }

    /// The analysis of `units`, done: its program, and the typed function of each function
    /// (``FuncInfo/typed``, in ``allFunctions``).
    static func analyzed(_ units: [TranslationUnit], precision: MetalPrecision = .float,
                         floatLines: Set<MetalSourceLine> = []) throws(MetalError) -> Semantic {
        let s = Semantic()
        s.precision = precision
        s.floatLines = floatLines
        try s.run(units)
        s.program.helpers = s.glsl.helpers
        return s
    }

    func error(_ kind: MetalDiagnosticKind, _ loc: MetalSourceLocation, _ message: String,
               notes: [MetalNote] = []) -> MetalError {
        MetalError(kind, location: loc, message: message, notes: notes)
    }

    // MARK: Driver

    /// A declaration ``Lowering`` replaces, met by the analysis: a fault of the translator.
    static func unlowered(_ d: Decl) -> MetalError {
        let loc: MetalSourceLocation
        switch d {
        case .enumeration(let e): loc = e.loc
        case .typedefStruct(let s, _, _): loc = s.loc
        case .namespace(_, _, let l), .usingNamespace(_, let l): loc = l
        case .function(let f): loc = f.loc
        case .structure(let s): loc = s.loc
        case .global(let v): loc = v.loc
        case .typeAlias(_, _, let l), .staticAssert(_, _, let l): loc = l
        }
        return MetalError(.internalError, location: loc, message: "internal error: a declaration reached semantic analysis without being lowered")
    }

    func run(_ units: [TranslationUnit]) throws(MetalError) {
        // Declarations seen twice at the same location come from one header included by several files.
        var seen: [String: Int] = [:]
        var decls: [Decl] = []
        for (unit, u) in units.enumerated() {
            for var d in u.decls {
                let key: String
                switch d {
                case .function(let f): key = "f \(f.name) \(f.params.count) \(f.loc) \(f.body != nil)"
                case .structure(let s): key = "s \(s.name) \(s.loc)"
                case .global(let g): key = "g \(g.name) \(g.loc)"
                case .typeAlias(let name, _, let loc): key = "a \(name) \(loc)"
                case .staticAssert(_, _, let loc): key = "static_assert \(loc)"
                case .enumeration, .namespace, .usingNamespace, .typedefStruct: throw Semantic.unlowered(d)
                }
                if let index = seen[key] {
                    if case .function(var f) = decls[index] {
                        f.units.append(unit)
                        decls[index] = .function(f)
                    }
                    continue
                }
                if case .function(var f) = d {
                    f.units = [unit]
                    d = .function(f)
                }
                seen[key] = decls.count
                decls.append(d)
            }
        }
        // Stitchable names are fixed: claim them first.
        for d in decls {
            if case .function(let f) = d, f.isStitchable {
                if GLSLNames.isReserved(f.name) {
                    throw error(.unsupportedConstruct, f.loc, "stitchable function name '\(f.name)' is reserved in GLSL ES; rename the function")
                }
            }
        }
        var claimed: Set<String> = []
        for d in decls {
            if case .function(let f) = d, f.isStitchable, claimed.insert(f.name).inserted { names.used.insert(f.name) }
        }
        for d in decls { if case .function(let f) = d { declaredFunctionNames.insert(f.name) } }
        // Types and constants in source order (a struct may use a constant as an array size).
        var getters: [FuncDecl] = []
        for d in decls {
            switch d {
            case .structure(let s): try declareStruct(s)
            case .typeAlias(let name, let spec, let loc):
                if aliases[name] != nil || structs[name] != nil { throw error(.redefinition, loc, "redefinition of '\(name)'", notes: previousDefinition(structs[name]?.loc ?? aliases[name]?.loc)) }
                aliases[name] = spec
            case .global(let v):
                if let getter = try computedConstant(v) {
                    getters.append(getter)
                } else if let getter = try declareGlobal(v) {
                    getters.append(getter)
                }
            case .staticAssert(let condition, let message, let loc): try checkStaticAssert(condition, message, loc)
            case .function: break
            case .enumeration, .namespace, .usingNamespace, .typedefStruct: throw Semantic.unlowered(d)
            }
        }
        for d in decls + getters.map(Decl.function) {
            switch d {
            case .function(let f):
                if let owner = f.memberOf, !f.isStaticMember { try declareMember(f, of: owner) } else { try declareFunction(f) }
            case .structure(let s):
                // Member functions become free functions `S_m(inout S this, ...)`.
                for m in s.methods {
                    var f = m
                    f.name = s.name + "::" + m.name
                    try declareMember(f, of: s.name)
                    if m.name == Lowering.constructorName { try declareFunction(constructionFunction(s.name, m)) }
                }
            default: break
            }
        }
        markWrittenArrayParameters()
        for f in allFunctions {
            f.naming = f.decl.isStitchable ? .stitchable : .declared(overloaded: (functions[f.decl.name]?.count ?? 0) > 1)
        }
        // Template instances are added while callers are analysed: a worklist.
        var next = 0
        while next < allFunctions.count {
            let f = allFunctions[next]
            if f.defined && f.typed == nil {
                typeBindings = f.bindings
                try analyzeFunction(f)
                typeBindings = [:]
            }
            next += 1
        }
        // Lowering: the constants, then the functions are named (all of them first, so that no variable takes the name
        // of a function), then lowered in the order their analysis ended.
        program.structs = glsl.lowerStructs(structOrder.map { structs[$0]! }, &names)
        program.globals = glsl.lowerGlobals(globalConstants, &names)
        glsl.nameFunctions(allFunctions, &names)
        for f in analysed { lowerTyped(f) }
        try checkCalls()
        try propagateSamplerStates()
        try orderFunctions()
    }

    // MARK: Types

    func resolve(_ spec: TypeSpec) throws(MetalError) -> MType {
        let name = spec.named
        if let bound = typeBindings[name] { return bound }
        if let a = aliases[name] {
            var t = a
            t.isConst = t.isConst || spec.isConst
            return try resolve(t)
        }
        if spec.name == "texture2d" {
            if let arg = spec.templateArgs.first, case let element = try resolve(arg), element != .half && element != .float {
                throw error(.unsupportedConstruct, spec.loc, "texture2d<\(arg.name)> is not supported (use texture2d<half> or texture2d<float>)")
            }
            return .texture
        }
        if spec.name == "auto" {
            throw error(.unsupportedConstruct, spec.loc, "'auto' is only supported for local variables with an initializer")
        }
        if name == "vec" {
            throw error(.unsupportedConstruct, spec.loc, "vec<T, N> is not supported; use the named vector type (e.g. float3)")
        }
        if let s = structs[name] { return .structure(s.name) }
        if staticOnlyStructs[name] != nil {
            throw error(.unsupportedConstruct, spec.loc, "struct '\(name)' has only static members: GLSL has no empty struct to hold a value of it",
                        notes: [MetalNote(location: staticOnlyStructs[name]!, message: "'\(name)' declared here")])
        }
        if let t = MType.builtin(named: name) { return t }
        throw error(.unknownType, spec.loc, "unknown type '\(name)'")
    }

    func resolveArray(_ base: MType, _ dims: [Expr?], initCount: Int?, loc: MetalSourceLocation) throws(MetalError) -> MType {
        var t = base
        for (k, d) in dims.enumerated().reversed() {
            var n: Int64
            if let d {
                guard let v = constInt(d) else { throw error(.semantic, d.loc, "array size must be an integer constant expression") }
                n = v
            } else {
                guard k == 0, let c = initCount else { throw error(.semantic, loc, "array size missing and not deducible from an initializer") }
                n = Int64(c)
            }
            guard n > 0 else { throw error(.semantic, loc, "array size must be positive") }
            guard n <= 65536, Int64(t.flatCount) * n <= 65536 else {
                throw error(.limit, loc, "array of more than 65536 elements is not supported")
            }
            t = .array(t, Int(n))
        }
        return t
    }

    /// Evaluates an integer constant expression (literals, integer constants, arithmetic).
    func constInt(_ e: Expr) -> Int64? {
        switch e.kind {
        case .intLit(let v, _): return Int64(v)
        case .ident(let n):
            for s in scopes.reversed() { if let v = s[n] { return v.constInt } }
            return globals[n]?.constInt
        case .unary(let op, let a):
            guard let v = constInt(a) else { return nil }
            switch op { case .negate: return 0 &- v; case .plus: return v; case .bitNot: return ~v; case .not: return v == 0 ? 1 : 0; default: return nil }
        case .binary(let op, let a, let b):
            guard let x = constInt(a), let y = constInt(b) else { return nil }
            switch op {
            case .add: return x &+ y
            case .subtract: return x &- y
            case .multiply: return x &* y
            case .divide: return y == 0 ? nil : x.dividedReportingOverflow(by: y).partialValue
            case .remainder: return y == 0 ? nil : x.remainderReportingOverflow(dividingBy: y).partialValue
            case .shiftLeft: return x << y
            case .shiftRight: return x >> y
            case .bitAnd: return x & y
            case .bitOr: return x | y
            case .bitXor: return x ^ y
            default: return nil
            }
        case .construct(let t, let args) where args.count == 1 && MType.builtin(named: t.named)?.scalar?.isInteger == true:
            return constInt(args[0])
        case .sizeOf(let spec):
            return (try? resolve(spec)).flatMap { metalSize(spec, $0) }.map(Int64.init)
        case .sizeOfValue(let x):
            return (try? lowerExpr(x)).flatMap { metalSize(of: $0.type) }.map(Int64.init)
        case .ternary(let c, let a, let b):
            guard let cv = constInt(c) else { return nil }
            return cv != 0 ? constInt(a) : constInt(b)
        default: return nil
        }
    }

    // MARK: Declarations

    func checkGlobalName(_ name: String, _ loc: MetalSourceLocation) throws(MetalError) {
        if structs[name] != nil || globals[name] != nil || aliases[name] != nil {
            throw error(.redefinition, loc, "redefinition of '\(name)'", notes: previousDefinition(structs[name]?.loc ?? globals[name]?.loc ?? aliases[name]?.loc))
        }
    }

    /// Clang's note on a redefinition: where the name was defined first.
    func previousDefinition(_ loc: MetalSourceLocation?) -> [MetalNote] {
        loc.map { [MetalNote(location: $0, message: "previous definition is here")] } ?? []
    }

    func declareStruct(_ s: StructDecl) throws(MetalError) {
        if let prev = structs[s.name] {
            throw error(.redefinition, s.loc, "redefinition of struct '\(s.name)'", notes: previousDefinition(prev.loc))
        }
        var members: [(name: String, type: MType, loc: MetalSourceLocation)] = []
        for m in s.members {
            if m.type.isPointer || m.type.isReference {
                throw error(.unsupportedConstruct, m.loc, "pointer and reference struct members are not supported")
            }
            let base = try resolve(m.type)
            switch base {
            case .texture, .sampler, .layer: throw error(.unsupportedConstruct, m.loc, "struct members of type \(base.metal) are not supported")
            default: break
            }
            if members.contains(where: { $0.name == m.name }) { throw error(.semantic, m.loc, "duplicate member '\(m.name)'") }
            let t = try resolveArray(base, m.arrayDims, initCount: nil, loc: m.loc)
            members.append((m.name, t, m.loc))
        }
        if members.isEmpty && s.hasStaticMembers {
            // `struct Colors { static constant half4 red; ... };`: a scope for its static members
            // (program-scope names `Colors::red`), with no value GLSL could hold.
            staticOnlyStructs[s.name] = s.loc
            return
        }
        if members.isEmpty { throw error(.unsupportedConstruct, s.loc, "empty structs are not supported in GLSL") }
        let layoutKnown = s.members.allSatisfy { m in
            let named = aliases[m.type.named]?.named ?? m.type.named
            return !named.hasPrefix("packed_")
        }
        structs[s.name] = StructInfo(name: s.name, members: members, loc: s.loc, layoutKnown: layoutKnown)
        structOrder.append(s.name)
    }

    /// Declares program-scope constant `v`; when its value is not a GLSL ES constant expression
    /// (a standard-library call GLSL computes with a helper, `fmod(5.5, 2.0)`), gives instead the
    /// function that computes it (``constantGetter(_:_:)``).
    func declareGlobal(_ v: VarDecl) throws(MetalError) -> FuncDecl? {
        try checkGlobalName(v.name, v.loc)
        if let f = functions[v.name]?.first {
            throw error(.redefinition, v.loc, "redefinition of '\(v.name)' as a variable (it is a function)", notes: previousDefinition(f.decl.loc))
        }
        if v.type.isPointer || v.type.isReference {
            throw error(.unsupportedConstruct, v.loc, "program-scope pointers and references are not supported")
        }
        let base = try resolve(v.type)
        if base == .sampler {
            globals[v.name] = VarInfo(type: .sampler, symbol: nil, isConst: true,
                                      sampler: try samplerState(v), loc: v.loc)
            return nil
        }
        if case .texture = base { throw error(.unsupportedConstruct, v.loc, "program-scope textures are not supported") }
        if !v.isConstant {
            throw error(.semantic, v.loc, "program-scope variable '\(v.name)' must be declared 'constant' or 'constexpr'")
        }
        guard let initExpr = v.initializer else {
            throw error(.semantic, v.loc, "program-scope constant '\(v.name)' needs an initializer")
        }
        var initCount: Int?
        if case .initList(let items) = initExpr.kind { initCount = items.count }
        let type = try resolveArray(base, v.arrayDims, initCount: initCount, loc: v.loc)
        let value = try lowerInitializer(initExpr, to: type)
        if !isConstantExpression(value.node) {
            guard v.arrayDims.isEmpty else {
                throw error(.semantic, initExpr.loc, "the initializer of program-scope array '\(v.name)' is not a constant expression in GLSL ES (it calls a function GLSL computes with a helper); write the values, or fill a local array")
            }
            return try constantGetter(v, initExpr)
        }
        let symbol = TVariable(v.name, type, .global, v.loc)
        var info = VarInfo(type: type, symbol: symbol, isConst: true, loc: v.loc)
        if type.scalar?.isInteger == true, type.isScalar {
            // Held as the 32-bit value GLSL will see.
            info.constInt = constInt(initExpr).map { value in
                let s = type.scalar!
                let v = s.narrowWidth.map { Semantic.wrap(value, $0) } ?? value
                return s.isUnsigned ? Int64(UInt32(truncatingIfNeeded: v)) : Int64(Int32(truncatingIfNeeded: v))
            }
        }
        globals[v.name] = info
        globalConstants.append(TGlobal(variable: symbol, value: value, loc: v.loc))
        return nil
    }

    /// The function that stands for program-scope constant `v` when its initializer calls a user
    /// function or reads such a constant (`constant half4 orange = makeRGB(237, 172, 76);`): GLSL ES
    /// wants a constant expression there, so the value is returned by a function of its own, which
    /// reads of the constant call (the functions are pure, so each call gives the constant's value).
    /// Nil for a constant GLSL can initialise as it is.
    func computedConstant(_ v: VarDecl) throws(MetalError) -> FuncDecl? {
        guard v.isConstant, let initExpr = v.initializer, v.samplerArgs == nil,
              mentions(initExpr, where: { name, isCall in
                  isCall ? declaredFunctionNames.contains(name) : globals[name].map { if case .computed = $0.kind { true } else { false } } ?? false
              }) || computesHalf(v, initExpr) else { return nil }
        guard v.arrayDims.isEmpty else {
            throw error(.semantic, initExpr.loc, "the initializer of program-scope array '\(v.name)' calls a function; GLSL ES needs a constant expression there (write the values, or fill a local array)")
        }
        try checkGlobalName(v.name, v.loc)
        return try constantGetter(v, initExpr)
    }

    /// The function returning `v`'s value (`initExpr`), which reads of `v` call.
    func constantGetter(_ v: VarDecl, _ initExpr: Expr) throws(MetalError) -> FuncDecl {
        let type = try resolve(v.type)
        let getter = "sfx_const_" + v.name.replacingOccurrences(of: "::", with: "_")
        var returnType = v.type
        returnType.addressSpace = nil
        returnType.isConst = false
        let body = Stmt(.block([Stmt(.returnStmt(initExpr), initExpr.loc)]), v.loc)
        globals[v.name] = VarInfo(type: type, symbol: nil, kind: .computed(getter), isConst: true, loc: v.loc)
        return FuncDecl(name: getter, returnType: returnType, params: [], body: body, isStitchable: false, loc: v.loc)
    }

    /// Declares member function `f` (named `S::m`) of struct `owner` as a free function taking
    /// `thread S *this` first.
    func declareMember(_ f: FuncDecl, of owner: String) throws(MetalError) {
        guard structs[owner] != nil else { throw error(.semantic, f.loc, "'\(owner)' is not a struct or class defined here") }
        var f = f
        var this = TypeSpec(name: owner, addressSpace: "thread", loc: f.loc)
        this.isPointer = true
        this.isConst = f.isConstMethod
        f.params.insert(ParamDecl(type: this, name: "this", loc: f.loc), at: 0)
        f.memberOf = nil
        try declareFunction(f)
    }

    /// For constructor `ctor` of `owner`: `S S::sfx_make(params) { S self; self.sfx_init(params); return self; }`,
    /// what a construction `S(...)` calls.
    func constructionFunction(_ owner: String, _ ctor: FuncDecl) -> FuncDecl {
        let loc = ctor.loc
        let value = "sfx_self"
        let call = Expr(.call(Expr(.member(Expr(.ident(value), loc), Lowering.constructorName), loc),
                              ctor.params.map { Expr(.ident($0.name), loc) }), loc)
        let body = Stmt(.block([
            Stmt(.decl([VarDecl(type: TypeSpec(name: owner, loc: loc), name: value, loc: loc)]), loc),
            Stmt(.expr(call), loc),
            Stmt(.returnStmt(Expr(.ident(value), loc)), loc),
        ]), loc)
        return FuncDecl(name: owner + "::" + Semantic.makerName, returnType: TypeSpec(name: owner, loc: loc), params: ctor.params,
                        body: body, isStitchable: false, loc: loc)
    }

    static let makerName = "sfx_make"

    /// Under Apple precision, whether a `half` constant's initializer computes (rather than lists
    /// literals): its rounding calls `mtl_h`, which a GLSL ES constant expression cannot, so the
    /// constant becomes a function as one calling a user function does.
    func computesHalf(_ v: VarDecl, _ e: Expr) -> Bool {
        guard precision == .apple, v.arrayDims.isEmpty, let type = try? resolve(v.type), type.isHalf else { return false }
        func literalOnly(_ e: Expr) -> Bool {
            switch e.kind {
            case .intLit, .floatLit, .boolLit: return true
            case .unary(let op, let a): return (op == .negate || op == .plus) && literalOnly(a)
            case .construct(_, let items), .initList(let items): return items.allSatisfy(literalOnly)
            default: return false
            }
        }
        return !literalOnly(e)
    }

    /// Whether `e` calls a function or reads a name that `test` accepts (`isCall` tells which).
    func mentions(_ e: Expr, where test: (String, _ isCall: Bool) -> Bool) -> Bool {
        func visit(_ e: Expr) -> Bool { mentions(e, where: test) }
        switch e.kind {
        case .ident(let n): return test(n, false)
        case .call(let callee, let args):
            if case .ident(let n) = callee.kind, test(n, true) { return true }
            return visit(callee) || args.contains(where: visit)
        case .construct(_, let items), .initList(let items): return items.contains(where: visit)
        case .asType(_, let a), .member(let a, _), .arrow(let a, _), .unary(_, let a), .postfix(_, let a), .designated(_, let a):
            return visit(a)
        case .index(let a, let b), .binary(_, let a, let b), .assign(_, let a, let b), .comma(let a, let b):
            return visit(a) || visit(b)
        case .ternary(let a, let b, let c): return visit(a) || visit(b) || visit(c)
        case .intLit, .floatLit, .boolLit, .templateIdent, .lambda, .enumerator, .numericLimits, .sizeOf: return false
        case .qualified(_, let a), .cast(_, _, let a), .sizeOfValue(let a): return visit(a)
        }
    }

    /// Is the expression a GLSL ES constant expression (literals, constants, constructors, built-ins)?
    func isConstantExpression(_ g: TExpr) -> Bool {
        switch g.kind {
        // Program-scope variables are constants.
        case .variable(let v): if case .global = v.kind { return true } else { return false }
        // A user function or the stitching contract's: GLSL ES constant expressions call neither;
        // nor do they hold a generated helper's call, a texture or a side effect.
        case .call, .truncatingDivision, .roundToHalf, .step, .texture, .postfix, .assign, .comma: return false
        case .unary(let op, _) where op == .increment || op == .decrement: return false
        case .library(let f, let args):
            return args.allSatisfy(isConstantExpression) && GLSLLowering.isConstantExpansion(f, args, result: g.type)
        default: return g.children.allSatisfy(isConstantExpression)
        }
    }

    func samplerState(_ v: VarDecl) throws(MetalError) -> SamplerState {
        var s = SamplerState()
        var addresses: [String: SamplerState.Address] = [:]
        for a in v.samplerArgs ?? [] {
            var text = ""
            if case .ident(let n) = a.kind { text = n }
            if case .call(let c, _) = a.kind, case .ident(let n) = c.kind {
                if ["max_anisotropy", "lod_clamp"].contains(n) { continue }
                throw error(.unsupportedConstruct, a.loc, "sampler argument '\(n)(...)' is not supported")
            }
            let parts = text.components(separatedBy: "::")
            guard parts.count == 2 else { throw error(.semantic, a.loc, "unknown sampler argument '\(text)'") }
            let (key, value) = (parts[0], parts[1])
            switch key {
            case "filter", "mag_filter", "min_filter":
                let filter: SamplerState.Filter
                switch value {
                case "linear": filter = .linear
                case "nearest": filter = .nearest
                case "bicubic": filter = .bicubic
                default: throw error(.semantic, a.loc, "unknown sampler filter '\(value)' (nearest, linear or bicubic)")
                }
                if key != "min_filter" { s.filter = filter }
            case "mip_filter":
                break
            case "address", "s_address", "t_address", "r_address":
                switch value {
                case "repeat": addresses[key] = .repeat
                case "clamp_to_edge": addresses[key] = .clampToEdge
                case "mirrored_repeat": addresses[key] = .mirroredRepeat
                case "clamp_to_zero", "clamp_to_border": addresses[key] = .border
                default: throw error(.semantic, a.loc, "unknown sampler address mode '\(value)' (clamp_to_edge, repeat, mirrored_repeat, clamp_to_zero or clamp_to_border)")
                }
            case "coord":
                guard value == "pixel" || value == "normalized" else { throw error(.semantic, a.loc, "unknown sampler coord '\(value)'") }
                s.pixelCoordinates = value == "pixel"
            case "border_color":
                switch value {
                case "transparent_black": s.borderColor = .transparentBlack
                case "opaque_black": s.borderColor = .opaqueBlack
                case "opaque_white": s.borderColor = .opaqueWhite
                default: throw error(.semantic, a.loc, "unknown sampler border_color '\(value)' (transparent_black, opaque_black or opaque_white)")
                }
            case "compare_func":
                throw error(.unsupportedConstruct, a.loc, "sampler \(key) is not supported (depth comparison has no SwiftUI use)")
            default:
                throw error(.semantic, a.loc, "unknown sampler argument '\(text)'")
            }
        }
        if let a = addresses["address"] { s.addressS = a; s.addressT = a }
        if let a = addresses["s_address"] { s.addressS = a }
        if let a = addresses["t_address"] { s.addressT = a }
        return s
    }

    func declareFunction(_ f: FuncDecl) throws(MetalError) {
        // `thread half weights[]`: GLSL wants sized array parameters, so such a function is made
        // once per size it is called with, as a template is per type.
        let unsized = f.params.contains { $0.arrayDims.first.map { $0 == nil } ?? false }
        if (!f.templateParams.isEmpty || unsized) && typeBindings.isEmpty && !f.isSizeInstance {
            if f.isStitchable, unsized { throw error(.invalidStitchable, f.loc, "a stitchable function's array parameter needs a size; SwiftUI passes arrays as 'device const float *p, int count'") }
            if structs[f.name] != nil || globals[f.name] != nil { throw error(.redefinition, f.loc, "redefinition of '\(f.name)' as a function template") }
            if f.body == nil { return }   // a template prototype: the definition follows
            templates[f.name, default: []].append(f)
            return
        }
        if structs[f.name] != nil || globals[f.name] != nil || aliases[f.name] != nil {
            throw error(.redefinition, f.loc, "redefinition of '\(f.name)' as a function",
                        notes: previousDefinition(structs[f.name]?.loc ?? globals[f.name]?.loc ?? aliases[f.name]?.loc))
        }
        let ret = f.returnType.name == "auto" ? MType.void : try resolve(f.returnType)
        // A `const` reference result can only be read, so it is returned as a value (what a getter
        // such as `const thread float3& origin() const` gives its caller); a pointer or a reference
        // the caller could write through has no GLSL form.
        if f.returnType.isPointer || (f.returnType.isReference && !f.returnType.isConst) {
            throw error(.unsupportedConstruct, f.returnType.loc, "functions returning pointers or non-const references are not supported")
        }
        switch ret {
        case .texture, .sampler, .layer: throw error(.unsupportedConstruct, f.returnType.loc, "functions returning \(ret.metal) are not supported")
        default: break
        }
        var params: [ParamInfo] = []
        var k = 0
        while k < f.params.count {
            let p = f.params[k]
            var base = try resolve(p.type)
            var info = ParamInfo(name: p.name, type: base, defaultValue: p.defaultValue, loc: p.loc)
            if p.type.isPointer {
                let space = p.type.addressSpace ?? ""
                if space == "device" || space == "constant" {
                    if !p.type.isConst && space == "device" {
                        throw error(.unsupportedConstruct, p.loc, "writable device pointers are not supported; SwiftUI array arguments are 'device const float *'")
                    }
                    switch base {
                    case .scalar(let s) where s.isFloat: base = .floatArray
                    case .vector(let s, 4) where s.isFloat: base = .colorArray
                    default:
                        throw error(.unsupportedConstruct, p.loc, "array argument of type '\(base.metal) *' is not supported (SwiftUI passes 'device const float *' or 'device const half4 *' with an int count)")
                    }
                    info.type = base
                    if f.isStitchable {
                        guard k + 1 < f.params.count, let nt = try? resolve(f.params[k + 1].type),
                              nt == .int || nt == .uint, !f.params[k + 1].type.isPointer, !f.params[k + 1].type.isReference else {
                            throw error(.semantic, p.loc, "array argument '\(p.name)' must be followed by its 'int' element count parameter")
                        }
                        info.countName = f.params[k + 1].name
                        info.countIsUnsigned = nt == .uint
                        k += 1
                    }
                } else {
                    // `thread T *p`: an inout parameter dereferenced at its uses (`const` ones are inputs).
                    info.isPointer = true
                    info.isConstPointee = p.type.isConst
                }
            } else if p.type.isReference {
                if !p.type.isConst { info.isReference = true }
            }
            if case .sampler = base { throw error(.unsupportedConstruct, p.loc, "sampler parameters are not supported; declare a 'constexpr sampler' in the function that samples") }
            if !p.arrayDims.isEmpty {
                info.type = try resolveArray(base, p.arrayDims, initCount: nil, loc: p.loc)
            }
            if info.type == .void { throw error(.semantic, p.loc, "parameter of type void") }
            params.append(info)
            k += 1
        }
        // Prototype then definition: merge.
        if let existing = functions[f.name]?.first(where: { sameSignature($0.params, params) }) {
            if existing.defined && f.body != nil {
                throw error(.redefinition, f.loc, "redefinition of function '\(f.name)'; all files are translated as one library, so rename one of them or move it to a shared header",
                            notes: previousDefinition(existing.decl.loc))
            }
            if existing.returnType != ret {
                throw error(.redefinition, f.loc, "'\(f.name)' redeclared with a different return type",
                            notes: [MetalNote(location: existing.decl.loc, message: "previous declaration is here")])
            }
            existing.recordDefaults(of: f)
            if f.body != nil {
                var merged = f
                // Default arguments may be given on the prototype.
                for i in merged.params.indices where merged.params[i].defaultValue == nil {
                    if i < existing.params.count, let d = existing.params[i].defaultValue { merged.params[i].defaultValue = d; params[i].defaultValue = d }
                }
                merged.isStitchable = f.isStitchable || existing.decl.isStitchable
                merged.isStaticMember = f.isStaticMember || existing.decl.isStaticMember
                existing.decl = merged
                existing.params = params
            }
            return
        }
        // SwiftUI finds a shader by name among the stitchable functions only, so a helper may share
        // a stitchable function's name (it is renamed in the GLSL); two stitchable ones may not.
        if f.isStitchable, let other = functions[f.name]?.first(where: { $0.decl.isStitchable }) {
            throw error(.redefinition, f.loc, "stitchable function '\(f.name)' is defined twice: SwiftUI looks shaders up by name",
                        notes: previousDefinition(other.decl.loc))
        }
        let info = FuncInfo(id: allFunctions.count, decl: f, returnType: ret, params: params)
        info.recordDefaults(of: f)
        allFunctions.append(info)
        functions[f.name, default: []].append(info)
    }

    func sameSignature(_ a: [ParamInfo], _ b: [ParamInfo]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.type == $1.type }
    }

    // MARK: Functions

    /// Analyses function `f` to a typed function (``FuncInfo/typed``).
    func analyzeFunction(_ f: FuncInfo) throws(MetalError) {
        current = f
        scopes = [[:]]
        loopDepth = 0
        switchDepth = 0
        defer { current = nil; scopes = [] }
        var params: [TParameter] = []
        var kind: MetalEffectKind?
        if f.decl.isStitchable { kind = try classify(f) }
        for p in f.params {
            let symbol = TVariable(p.name, p.type, .parameter, p.loc)
            var vk: VarInfo.Kind = .value
            if p.isPointer { vk = .pointer }
            let byReference = p.isReference || (p.isPointer && !p.isConstPointee)
            if f.decl.isStitchable, (p.isPointer || p.isReference) {
                throw error(.invalidStitchable, p.loc, "stitchable function parameters cannot be references or thread pointers")
            }
            if let previous = scopes[0][p.name] {
                throw error(.redefinition, p.loc, "redefinition of parameter '\(p.name)'", notes: previousDefinition(previous.loc))
            }
            scopes[0][p.name] = VarInfo(type: p.type, symbol: symbol, kind: vk, isConst: false, loc: p.loc)
            if let c = p.countName {
                scopes[0][c] = VarInfo(type: p.countIsUnsigned ? .uint : .int, symbol: nil, kind: .arrayCount(symbol), isConst: true, loc: p.loc)
            }
            params.append(TParameter(variable: symbol, passing: byReference ? .reference : .value))
        }
        guard let body = f.decl.body, case .block(let stmts) = body.kind else { return }
        var out: [TStmt] = []
        /// `parameter = value` at the parameter's location, first thing in the body.
        func reassign(_ p: TParameter, _ value: TE) {
            out.append(TStmt(.assignment(.assign, target: TE(node: .variable(p.variable), type: p.variable.type), value: value.node), p.variable.loc))
        }
        if kind != nil {
            // What enters a stitchable function as `half` (the colour, `half` arguments) is binary16.
            for (info, p) in zip(f.params, params) where info.type.isHalf && !info.type.isArray {
                let v = roundedHalf(TE(node: .variable(p.variable), type: info.type), info.loc)
                if case .roundToHalf = v.node.kind { reassign(p, v) }
            }
        }
        // A narrow integer parameter of a stitchable function holds what its argument converts to
        // (`short s` given 70000 is 4464); other functions' callers convert their arguments.
        for p in params where kind != nil {
            guard let narrow = p.variable.type.scalar?.narrowWidth, !p.variable.type.isArray else { continue }
            reassign(p, narrowed(TE(node: .variable(p.variable), type: p.variable.type), narrow))
        }
        out += try analyzeStmts(stmts)
        if f.returnType != .void && !TStmt.endsWithReturn(out) {
            // C++ leaves falling off the end undefined; GLSL compilers may reject it. Return a zero value.
            out.append(TStmt(.returnStmt(TE(zeroValue(f.returnType))), nil))
        }
        let typed = TFunction(loc: f.decl.loc, parameters: params, returnType: f.returnType, body: out)
        #if DEBUG
        // The typed tree's invariant (TypeCheck.swift); release builds trust analysis.
        var checker = TypeCheck(structs: structs)
        checker.check(typed, name: f.decl.name)
        if let first = checker.problems.first {
            throw error(.internalError, f.decl.loc, "internal error: the typed tree is inconsistent \(first)" +
                        (checker.problems.count > 1 ? " (and \(checker.problems.count - 1) more)" : "") +
                        "; this is a fault of ShaderFX's translator, not of the Metal: please report it with this file")
        }
        #endif
        f.typed = typed
        f.effectKind = kind
        analysed.append(f)
    }

    /// Lowers the typed function of `f` (``FuncInfo/lowered``) and, for a stitchable one, records
    /// its signature by the GLSL names of its parameters.
    func lowerTyped(_ f: FuncInfo) {
        guard let typed = f.typed else { return }
        let gf = glsl.lower(typed, name: f.glslName, programNames: names.used)
        if let kind = f.effectKind {
            let leading = (kind == .color || kind == .layer) ? 2 : 1
            let user = zip(f.params, gf.params).dropFirst(leading)
            f.stitchable = MetalStitchableFunction(name: f.glslName, kind: kind, location: f.decl.loc,
                                                   parameters: user.map { ($0.0.name, $0.0.type.glsl) })
            f.stitchable?.glslParameterNames = user.map { $0.1.name }
            // Stitchable parameter types were checked by `classify`: each is a contract type.
            let typed = gf.params.compactMap { p in ParameterType(rawValue: p.type.spelling).map { StitchedSignature.Parameter(name: p.name, type: $0) } }
            if typed.count == gf.params.count {
                f.stitchable?.signature = StitchedSignature(function: f.glslName, returnType: gf.returnType.spelling, parameters: typed,
                                                            line: 0, samplers: [])
            }
        }
        f.lowered = gf
    }

    /// Checks a stitchable signature and decides its effect kind.
    func classify(_ f: FuncInfo) throws(MetalError) -> MetalEffectKind {
        let d = f.decl
        let sig = "SwiftUI stitchable shaders are 'half4 f(float2 position, half4 color, ...)', 'float2 f(float2 position, ...)', 'half4 f(float2 position, SwiftUI::Layer layer, ...)' or 'half4 f(float2 position, ...)'"
        guard let first = f.params.first, case .vector(let s, 2) = first.type, s.isFloat, !first.isPointer, !first.isReference else {
            throw error(.invalidStitchable, d.loc, "stitchable function '\(d.name)' must take 'float2 position' as its first parameter; \(sig)")
        }
        var kind: MetalEffectKind
        switch f.returnType {
        case .vector(let rs, 2) where rs.isFloat:
            kind = .distortion
        case .vector(let rs, 4) where rs.isFloat:
            if f.params.count > 1, f.params[1].type == .layer { kind = .layer }
            else if f.params.count > 1, f.params[1].type == .vector(.half, 4), d.params[1].type.named == "half4" { kind = .color }
            else { kind = .fill }
        default:
            throw error(.invalidStitchable, d.returnType.loc, "stitchable function '\(d.name)' returns '\(f.returnType.metal)'; \(sig)")
        }
        let leading = (kind == .color || kind == .layer) ? 2 : 1
        for (k, p) in f.params.enumerated() where k >= leading {
            switch p.type {
            case .scalar(let s) where s.isFloat: break
            case .vector(let s, _) where s.isFloat: break
            case .floatArray, .colorArray, .texture: break
            case .layer:
                throw error(.invalidStitchable, p.loc, "SwiftUI::Layer must be the second parameter of a layer effect")
            default:
                throw error(.invalidStitchable, p.loc, "parameter '\(p.name)' of stitchable function '\(d.name)' has type '\(p.type.metal)', which is not a SwiftUI shader argument type (float, float2, float3, float4, half..., device const float */half4 * with a count, texture2d<half>)")
            }
        }
        return kind
    }

    /// Checks that called functions are defined and not recursive.
    func checkCalls() throws(MetalError) {
        for f in allFunctions where f.defined {
            for (callee, loc) in f.calls where !allFunctions[callee].defined {
                throw error(.semantic, loc, "function '\(allFunctions[callee].decl.name)' is declared but never defined",
                            notes: [MetalNote(location: allFunctions[callee].decl.loc, message: "'\(allFunctions[callee].decl.name)' declared here")])
            }
        }
        // Cycle detection.
        var state = [Int](repeating: 0, count: allFunctions.count)   // 0 new, 1 on stack, 2 done
        var stack: [Int] = []
        func visit(_ i: Int) throws(MetalError) {
            state[i] = 1
            stack.append(i)
            for (c, loc) in allFunctions[i].calls {
                if state[c] == 1 {
                    let cycle = stack[stack.firstIndex(of: c)!...].map { allFunctions[$0].decl.name } + [allFunctions[c].decl.name]
                    throw error(.unsupportedConstruct, loc, "recursion is not supported in GLSL: \(cycle.joined(separator: " → "))")
                }
                if state[c] == 0 { try visit(c) }
            }
            stack.removeLast()
            state[i] = 2
        }
        for f in allFunctions where state[f.id] == 0 { try visit(f.id) }
    }

    /// Carries sampler states from helpers up to the stitchable functions' texture arguments, then
    /// writes one `#pragma shaderfx sampler(...)` per texture argument.
    func propagateSamplerStates() throws(MetalError) {
        var changed = true
        while changed {
            changed = false
            for f in allFunctions where f.defined {
                for (calleeId, index, own, loc) in f.textureArguments {
                    let callee = allFunctions[calleeId]
                    guard index < callee.params.count, let (state, useLoc) = callee.texturesSampled[callee.params[index].name] else { continue }
                    if let (prev, prevLoc) = f.texturesSampled[own] {
                        if prev != state {
                            throw error(.semantic, loc, "texture '\(own)' is sampled with two different sampler states (at \(prevLoc) and, through '\(callee.decl.name)', at \(useLoc)); ShaderFX supports one sampler state per texture argument")
                        }
                    } else {
                        f.texturesSampled[own] = (state, useLoc)
                        changed = true
                    }
                }
            }
        }
        for f in allFunctions where f.stitchable != nil {
            guard var gf = f.lowered else { continue }
            for (k, p) in f.params.enumerated() where p.type == .texture {
                let st = f.texturesSampled[p.name]?.0 ?? SamplerState()
                let pragma = st.pragma(for: gf.params[k].name)
                gf.pragmas.append((pragma.text, p.loc))
                f.stitchable?.signature?.samplers.append(pragma)
            }
            f.lowered = gf
        }
    }

    /// Emits functions callees first, otherwise in source order.
    func orderFunctions() throws(MetalError) {
        var done = Set<Int>()
        func emit(_ i: Int) {
            guard !done.contains(i) else { return }
            done.insert(i)
            for (c, _) in allFunctions[i].calls { emit(c) }
            if let g = allFunctions[i].lowered { program.functions.append(g) }
        }
        for f in allFunctions where f.defined { emit(f.id) }
        // Stitchable functions in source order (files in the order given).
        program.stitchable = allFunctions.compactMap(\.stitchable)
    }

    // MARK: Scopes

    /// The struct whose member (a method, or a static member function) is being analysed,
    /// which names its static members unqualified.
    var currentOwner: String? {
        guard let f = current, let r = f.decl.name.range(of: "::") else { return nil }
        let owner = String(f.decl.name[..<r.lowerBound])
        return structs[owner] != nil || staticOnlyStructs[owner] != nil ? owner : nil
    }

    /// A static member constant named unqualified inside its struct's functions.
    func lookupStaticMember(_ name: String) -> VarInfo? {
        guard let owner = currentOwner else { return nil }
        return globals[owner + "::" + name]
    }

    /// The struct whose member function is being lowered, if any.
    var currentMethodStruct: StructInfo? { currentOwner.flatMap { structs[$0] } }

    func lookupLocal(_ name: String) -> VarInfo? {
        for s in scopes.reversed() { if let v = s[name] { return v } }
        return nil
    }

    func lookup(_ name: String) -> VarInfo? {
        for s in scopes.reversed() { if let v = s[name] { return v } }
        return globals[name]
    }

    func declareLocal(_ name: String, _ info: VarInfo, _ loc: MetalSourceLocation) throws(MetalError) {
        if let previous = scopes[scopes.count - 1][name] {
            throw error(.redefinition, loc, "redefinition of '\(name)'", notes: previousDefinition(previous.loc))
        }
        scopes[scopes.count - 1][name] = info
    }

    /// The zero value of a type (`vec3(0.0)`, `S(0.0, 0)`...).
    func zeroValue(_ t: MType) -> TExpr {
        switch t {
        case .scalar(let s):
            switch s {
            case .bool: return .literal(.bool(false), t)
            case .int: return .literal(.int(0), t)
            case .uint: return .literal(.uint(0), t)
            default: return .literal(.float(0), t)
            }
        case .vector(let s, _), .matrix(let s, _, _): return TExpr.constructor(of: t, [zeroValue(.scalar(s))])
        case .array(_, _):
            let e = t.innermost
            return TExpr.constructor(of: t, Array(repeating: zeroValue(e), count: t.flatCount))
        case .structure(let n):
            let info = structs[n]!
            return TExpr(.construct(.structure(info.name), arraySize: nil, info.members.map { zeroValue($0.type) }), t)
        default: return .literal(.int(0), t)
        }
    }
}
