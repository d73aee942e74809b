/// The typed tree (``TExpr``) lowered to the GLSL IR (``GExpr``): callees resolved by analysis
/// become GLSL callees (a translated function by the GLSL name it has once all functions are
/// declared), conversions stay explicit nodes for the emitter, each generated helper a call
/// names is declared (once, after the helpers it calls), and each variable gets its GLSL name
/// (GLSLLowering+Statements.swift). Nothing here decides a type.
final class GLSLLowering {
    /// The helpers declared so far, in the order they are printed (``GProgram/helpers``).
    private(set) var helpers: [String] = []
    private var declared: Set<String> = []
    /// The GLSL names taken in the function being lowered (the program's own names included).
    var localNames = NameAllocator()
    /// The GLSL name of each local, parameter and loop index of the function being lowered.
    var outputNames: [ObjectIdentifier: String] = [:]
    /// The GLSL name of each program-scope constant.
    var globalNames: [ObjectIdentifier: String] = [:]
    /// The GLSL name of each user struct, by its Metal name (``lowerStructs(_:_:)``).
    var structNames: [String: String] = [:]
    /// The GLSL name of each member of each user struct, by their Metal names.
    var memberNames: [String: [String: String]] = [:]

    func lower(_ e: TExpr) -> GExpr {
        switch e.kind {
        case .literal(.float(let d)) where !Float(d).isFinite:
            // GLSL ES has no literal for infinity or NaN: the float of their bits.
            return .call(.builtin(.uintBitsToFloat), [.literal(.bits(Semantic.nonFiniteBits(d)!))])
        case .literal(let l): return .literal(l)
        case .variable(let v): return .name(outputName(v))
        case .call(let callee, let args):
            // Arguments first: a helper they call is declared before the one calling it.
            let a = args.map(lower)
            return .call(lower(callee), a)
        case .library(let f, let args): return lowerLibraryCall(f, args, result: e.type)
        case .construct(let t, let size, let args): return .construct(lower(t), arraySize: size, args.map(lower))
        case .unary(let op, let a): return .unary(op, lower(a))
        case .postfix(let op, let a): return .postfix(op, lower(a))
        case .binary(let op, let a, let b): return .binary(op, lower(a), lower(b))
        case .componentwise(let op, let a, let b):
            let f: GLSLBuiltin
            switch op {
            case .less: f = .lessThan
            case .greater: f = .greaterThan
            case .lessEqual: f = .lessThanEqual
            case .greaterEqual: f = .greaterThanEqual
            case .equal: f = .equal
            default: f = .notEqual
            }
            return .call(.builtin(f), [lower(a), lower(b)])
        case .truncatingDivision(let op, let a, let b, let size):
            let type = size == 1 ? "int" : GType.vector(.int, size).spelling
            let helper: Helper = op == .remainder ? .intRemainder(type, size) : .intDivide(type, size)
            return helperCall(helper, [lower(a), lower(b)])
        case .ternary(let c, let a, let b): return .ternary(lower(c), lower(a), lower(b))
        case .member(let a, let m): return .member(lower(a), m)
        case .field(let a, let s, let m): return .member(lower(a), memberNames[s]![m]!)
        case .index(let a, let i): return .index(lower(a), lower(i))
        case .assign(let op, let a, let b): return .assign(op, lower(a), lower(b))
        case .comma(let a, let b): return .comma(lower(a), lower(b))
        case .convert(let to, let from, let a): return .convert(to: to, from: from, lower(a))
        case .roundToHalf(let a, let type):
            return helperCall(Helper.halfRounding(of: type)!, [lower(a)])
        case .wrap(let a, let bits, let signed):
            // The low `bits` bits: shifted up and back (sign-extending), or masked.
            if signed {
                let k = GExpr.literal(.int(Int64(32 - bits)))
                return .binary(.shiftRight, .binary(.shiftLeft, lower(a), k), k)
            }
            return .binary(.bitAnd, lower(a), .literal(.uint(UInt64((1 << bits) - 1))))
        case .step(let s, let a, let type):
            let x = lower(a)
            let helper: Helper
            switch s.rounding {
            case .half:
                helper = .halfStep(increment: s.increment, prefix: s.prefix, columns: 0, rows: type.isVector ? type.vectorSize : 1)
            case .narrow(let bits, let signed):
                helper = .narrowStep(increment: s.increment, prefix: s.prefix, bits: bits, signed: signed, type: type.glsl,
                                     unsigned: type.scalar?.isUnsigned == true)
            }
            return helperCall(helper, [x])
        case .texture(let t, let call): return lowerTextureCall(lower(t), call)
        case .componentwiseNot(let a): return .call(.builtin(.not), [lower(a)])
        case .voided(let a): return lower(a)
        case .bitcast(let to, let from, let a):
            switch (from.scalar!, to.scalar!) {
            case (.float, .int): return .call(.builtin(.floatBitsToInt), [lower(a)])
            case (.float, .uint): return .call(.builtin(.floatBitsToUint), [lower(a)])
            case (.int, .float): return .call(.builtin(.intBitsToFloat), [lower(a)])
            case (.uint, .float): return .call(.builtin(.uintBitsToFloat), [lower(a)])
            default: return .constructor(of: to, [lower(a)])   // int <-> uint keeps the bits
            }
        }
    }

    /// A texture's member function in GLSL ES: `texture`/`textureLod` where GL samples with the
    /// state the stitcher binds, `mtl_sample` (texel by texel) for any other state, `texelFetch`,
    /// `textureSize`. A `coord::pixel` state divides the coordinate by the texture's size.
    func lowerTextureCall(_ t: GExpr, _ call: TTextureCall) -> GExpr {
        let size = GExpr.call(.builtin(.textureSize), [t, .literal(.int(0))])
        switch call {
        case .sample(let state, let coord, let lod, let bound):
            var uv = lower(coord)
            if state.pixelCoordinates { uv = .binary(.divide, uv, .construct(.vector(.float, 2), arraySize: nil, [size])) }
            guard bound else {
                // Textures have one level, so level() and bias() change nothing here.
                let modes = GExpr.construct(.vector(.int, 2), arraySize: nil,
                                            [.literal(.int(Int64(state.addressS.rawValue))), .literal(.int(Int64(state.addressT.rawValue)))])
                return helperCall(.softSample, [t, uv, modes, .literal(.int(Int64(state.filter.rawValue))), state.borderGLSL])
            }
            if let lod { return .call(.builtin(lod.level ? .textureLod : .texture), [t, uv, lower(lod.value)]) }
            return .call(.builtin(.texture), [t, uv])
        case .read(let coord): return .call(.builtin(.texelFetch), [t, lower(coord), .literal(.int(0))])
        case .size(let width): return .construct(.scalar(.uint), arraySize: nil, [.member(size, width ? "x" : "y")])
        }
    }

    func lower(_ c: Callee) -> GCallee {
        switch c {
        case .function(let f): return .function(f.glslName)
        case .interface(let n): return .interface(n)
        }
    }

    /// A call of helper `h` (declared now, once, after the helpers its arguments call: lower
    /// the arguments first).
    func helperCall(_ h: Helper, _ args: [GExpr]) -> GExpr {
        declare(h)
        return .call(.helper(h.name), args)
    }

    /// A typed value's GLSL.
    func lower(_ v: TE) -> GExpr { lower(v.node) }

    /// Names the user structs and their members, in the order given (each after the structs its
    /// members use), with the program's other names (`names`), and declares them.
    func lowerStructs(_ structs: [StructInfo], _ names: inout NameAllocator) -> [GStruct] {
        structs.map { s in
            let name = names.unique(GLSLNames.safe(s.name))
            structNames[s.name] = name
            var members = NameAllocator()
            var lowered: [(type: GType, name: String, arraySize: Int?, loc: MetalSourceLocation)] = []
            for m in s.members {
                let memberName = members.unique(GLSLNames.safe(m.name))
                memberNames[s.name, default: [:]][m.name] = memberName
                lowered.append((glslType(of: m.type.innermost), memberName, m.type.glslArraySize, m.loc))
            }
            return GStruct(name: name, members: lowered, loc: s.loc)
        }
    }

    /// The GLSL type of Metal type `t` (an array's: its element's), a struct by its GLSL name.
    func glslType(of t: MType) -> GType { lower(t.glslType) }

    /// `t` with a user struct's Metal name replaced by its GLSL name.
    func lower(_ t: GType) -> GType {
        if case .structure(let n) = t { return .structure(structNames[n]!) }
        return t
    }

    /// The part of an overloaded function's GLSL name that stands for parameter type `t`.
    func mangle(_ t: MType) -> String {
        switch t {
        case .structure(let n): return structNames[n]!
        case .array(let e, let n): return "\(mangle(e))a\(n)"
        default: return t.mangle
        }
    }

    /// Adds a helper's definition (once), after its dependencies.
    func declare(_ h: Helper) {
        for d in h.dependencies { declare(d) }
        if declared.insert(h.key).inserted { helpers.append(h.text) }
    }
}
