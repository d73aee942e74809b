import Testing
@testable import ShaderFXMetal

/// The typed translator: every expression's Metal type (whether it is `half`), and MSL's value
/// conversions as explicit nodes of the GLSL IR. The expected types are MSL's rules, written by hand.
@Suite struct TypedTests {
    /// The source line of the first line of `source` containing `text` (after `header`).
    func line(of text: String, in source: String) -> Int {
        let lines = (header + source).split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains(text) } ?? -1) + 1
    }

    /// `kind: type` of the expressions starting on the line containing `text`.
    func types(_ t: MetalTranslation, _ text: String, in source: String) -> [String] {
        t.expressionTypes(atLine: line(of: text, in: source)).map { "\($0.kind): \($0.metalType)\($0.isHalf ? " half" : "")" }
    }

    @Test func everyExpressionKnowsItsTypeAndWhetherItIsHalf() {
        let src = """
        [[ stitchable ]] half4 tint(float2 position, half4 color, float amount) {
            half h = color.r * 0.5h;
            float f = amount * 2;
            half2 p = half2(position) + h;
            return color * half(f) + h + p.x;
        }
        """
        let t = translate(src)
        #expect(types(t, "half h", in: src) == ["name 'color': half4 half", "member 'r': half half", "literal: half half", "binary '*': half half"])
        #expect(types(t, "float f", in: src) == ["name 'amount': float", "literal: int", "binary '*': float"])
        #expect(types(t, "half2 p", in: src) == ["name 'position': float2", "construct 'half2': half2 half", "name 'h': half half",
                                                 "binary '+': half2 half"])
        let ret = types(t, "return color", in: src)
        #expect(ret.contains("construct 'half': half half") && ret.contains("name 'f': float") && ret.last == "binary '+': half4 half")
        #expect(t.expressionTypes.allSatisfy { $0.function == "tint" })
        // The AST nodes carry the same types.
        #expect(t.expressionTypes.filter(\.isHalf).count == t.expressionTypes.filter { $0.metalType.hasPrefix("half") }.count)
    }

    @Test func aTemplateBodyHasOneTypePerInstance() {
        let src = """
        template <typename T> T twice(T x) { return x * T(2); }
        [[ stitchable ]] half4 t2(float2 position, half4 color) {
            return color * twice(color.a) * half(twice(position.x));
        }
        """
        let body = types(translate(src), "return x * T(2)", in: src).filter { $0.hasPrefix("binary") }
        #expect(body.sorted() == ["binary '*': float", "binary '*': half half"])
    }

    /// The callees of the calls on the line containing `text`.
    func callees(_ t: MetalTranslation, _ text: String, in source: String) -> [String] {
        t.expressionTypes(atLine: line(of: text, in: source)).compactMap(\.callee)
    }

    /// Each call of the typed tree names the function analysis chose: the overload C++'s ranking
    /// picks (an exact match beats a promotion, which beats a conversion), the template instance
    /// deduced, a standard-library function, a texture's member. The expected choices follow
    /// [over.ics.rank] by hand.
    @Test func callsNameTheOverloadAnalysisResolved() {
        let src = """
        float pick(float x) { return x; }
        float pick(int x) { return float(x) + 1.0; }
        float pick(float2 v) { return v.x; }
        template <typename T> T twice(T x) { return x * T(2); }
        [[ stitchable ]] half4 calls(float2 position, half4 color, texture2d<half> tex) {
            constexpr sampler s(filter::linear);
            float a = pick(1) + pick(1.0f) + pick(position);
            float b = pick(1u) + twice(position.x) + float(twice(2));
            half4 c = mix(color, tex.sample(s, position), 0.5h);
            return c * half(a + b);
        }
        """
        let t = translate(src)
        #expect(callees(t, "float a = ", in: src) == ["pick(int)", "pick(float)", "pick(float2)"])
        // uint → int and uint → float are both conversions of rank 3 in C++, but the translator
        // ranks an integer conversion below a floating-integral one (conversionCost), so pick(int).
        #expect(callees(t, "float b = ", in: src) == ["pick(int)", "twice<float>(float)", "twice<int>(int)"])
        #expect(callees(t, "half4 c = ", in: src) == ["texture2d<half>::sample", "metal::mix"])
        // The AST node of a call carries the same resolution.
        #expect(t.expressionTypes.filter { $0.kind == "call" }.allSatisfy { $0.callee != nil })
    }

    /// The conversions (`from -> to`) in the lowered GLSL IR of function `name`.
    func conversions(_ source: String, in name: String) throws -> [String] {
        let tokens = try Preprocessor(includePaths: [], memoryFiles: [:]).run(MetalSourceFile(path: "test.metal", text: header + source))
        var parser = Parser(tokens: tokens)
        let (program, _) = try Semantic.analyze([Lowering.lower(try parser.parseUnit())])
        var out: [String] = []
        func visit(_ e: GExpr) {
            switch e {
            case .literal, .name: break
            case .call(_, let args), .construct(_, _, let args): args.forEach(visit)
            case .unary(_, let a), .postfix(_, let a), .member(let a, _): visit(a)
            case .binary(_, let a, let b), .index(let a, let b), .assign(_, let a, let b), .comma(let a, let b): visit(a); visit(b)
            case .ternary(let a, let b, let c): visit(a); visit(b); visit(c)
            case .convert(let to, let from, let a): out.append("\(from.metal) -> \(to.metal)"); visit(a)
            }
        }
        func visit(_ s: GStmt) {
            switch s.kind {
            case .decl(_, _, let items): items.compactMap(\.initializer).forEach(visit)
            case .expr(let e), .returnStmt(let e?), .caseLabel(let e?): visit(e)
            case .block(let b), .switchStmt(_, let b): b.forEach(visit)
            case .ifElse(let c, let a, let b): visit(c); visit(a); if let b { visit(b) }
            case .forLoop(let i, let c, let n, let b): if let i { visit(i) }; c.map(visit); n.map(visit); visit(b)
            case .whileLoop(let c, let b), .doWhile(let b, let c): visit(c); visit(b)
            default: break
            }
        }
        program.functions.first { $0.name == name }?.body.forEach(visit)
        return out
    }

    @Test func conversionsAreExplicitNodesEvenWhereGLSLPrintsNothing() throws {
        let src = """
        [[ stitchable ]] half4 conv(float2 position, half4 color) {
            half h = position.x;
            float f = h;
            int i = 3;
            float3 v = i;
            return half4(color.rgb * f, 1);
        }
        """
        // half and float are both GLSL float: the first two conversions print nothing, but are nodes.
        #expect(body("conv", in: glsl(src)).prefix(4) == ["float h = position.x;", "float f = h;", "int i = 3;", "vec3 v = vec3(float(i));"])
        let c = try conversions(src, in: "conv")
        // The last: `f` in `color.rgb * f`, the scalar taking the vector's element type (as the
        // translator's ConversionTests fix it); `1` in `half4(..., 1)` is a literal, converted in place.
        #expect(c == ["float -> half", "half -> float", "float -> float3", "int -> float", "float -> half"])
    }

    /// Each builtin with its own lowering is a case of an enum the lowering switches over
    /// exhaustively (adding a case without a lowering does not compile); the table holds each once.
    @Test func everySpecialBuiltinIsInTheTableUnderItsOwnName() {
        for k in Builtins.SpecialBuiltin.allCases {
            guard case .special(let f)? = Builtins.table[k.rawValue] else { Issue.record("'\(k.rawValue)' is not in the table"); continue }
            #expect(f == k)
        }
        for k in Builtins.OutArgumentBuiltin.allCases {
            guard case .outArgument(let f)? = Builtins.table[k.rawValue] else { Issue.record("'\(k.rawValue)' is not in the table"); continue }
            #expect(f == k)
        }
        #expect(Builtins.unsupported.isDisjoint(with: Builtins.table.keys))
        // One of each lowers through its record.
        let b = body("sp", in: glsl("""
        [[ stitchable ]] half4 sp(float2 position, half4 color) {
            float c; float s = sincos(position.x, c);
            return half4(saturate(s), fmod(c, 2.0), length_squared(position), 1);
        }
        """))
        #expect(b.contains { $0.contains("mtl_sincos(position.x, c)") } && b.contains { $0.contains("clamp(s, 0.0, 1.0)") })
    }
}
