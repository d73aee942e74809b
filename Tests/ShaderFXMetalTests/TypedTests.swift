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

    /// Each standard-library function's record holds its lowering (the record switch is exhaustive,
    /// so a function cannot be added without one); the table finds each under its own Metal name.
    @Test func everyBuiltinIsInTheTableUnderItsOwnName() {
        for b in MetalBuiltin.allCases {
            #expect(Builtins.table[b.rawValue] == b, "\(b.rawValue)")
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

    /// One call of each standard-library function, written by hand from the Metal Shading Language
    /// specification's signatures (§6), with the helpers its GLSL needs where GLSL ES 3.00 has no
    /// equal function: C's `fmod` truncates, `round` rounds halves away from zero, `mix` selects
    /// with a `bvec` for floats only, and `sincos`, `copysign`, `median3`, `length_squared`,
    /// `distance_squared` have no GLSL function at all.
    static let builtinExamples: [MetalBuiltin: (call: String, helpers: Set<String>)] = [
        .sin: ("float r = sin(p.x);", []), .cos: ("float r = cos(p.x);", []), .tan: ("float r = tan(p.x);", []),
        .asin: ("float r = asin(p.x);", []), .acos: ("float r = acos(p.x);", []), .sinh: ("float r = sinh(p.x);", []),
        .cosh: ("float r = cosh(p.x);", []), .tanh: ("float r = tanh(p.x);", []), .asinh: ("float r = asinh(p.x);", []),
        .acosh: ("float r = acosh(p.x);", []), .atanh: ("float r = atanh(p.x);", []), .exp: ("float2 r = exp(p);", []),
        .exp2: ("float r = exp2(p.x);", []), .log: ("float r = log(p.x);", []), .log2: ("float r = log2(p.x);", []),
        .sqrt: ("float r = sqrt(p.x);", []), .rsqrt: ("float r = rsqrt(p.x);", []), .floor: ("float2 r = floor(p);", []),
        .ceil: ("float r = ceil(p.x);", []), .fract: ("float r = fract(p.x);", []), .trunc: ("float r = trunc(p.x);", []),
        .rint: ("float r = rint(p.x);", []), .fabs: ("float r = fabs(p.x);", []), .dfdx: ("float r = dfdx(p.x);", []),
        .dfdy: ("float r = dfdy(p.x);", []), .fwidth: ("float2 r = fwidth(p);", []), .normalize: ("float2 r = normalize(p);", []),
        .abs: ("int r = abs(int(p.x));", []), .sign: ("float r = sign(p.x);", []), .pow: ("float r = pow(p.x, 2.0);", []),
        .powr: ("float r = powr(p.x, p.y);", []), .atan2: ("float r = atan2(p.y, p.x);", []),
        .fmin: ("float2 r = fmin(p, 1.0);", []), .fmax: ("float r = fmax(p.x, p.y);", []),
        .min: ("int r = min(int(p.x), 3);", []), .max: ("float2 r = max(p, p.yx);", []),
        .clamp: ("float2 r = clamp(p, 0.0, 1.0);", []), .mix: ("half4 r = mix(c, c.abgr, 0.5h);", []),
        .step: ("float2 r = step(0.5, p);", []), .smoothstep: ("float r = smoothstep(0.0, 1.0, p.x);", []),
        .reflect: ("float2 r = reflect(p, float2(0, 1));", []), .faceforward: ("float2 r = faceforward(p, p, p.yx);", []),
        .length: ("float r = length(p);", []), .distance: ("float r = distance(p, p.yx);", []), .dot: ("float r = dot(p, p);", []),
        .sincos: ("float k; float r = sincos(p.x, k);", ["mtl_sincos"]), .modf: ("float2 k; float2 r = modf(p, k);", []),
        .atan: ("float r = atan(p.x);", []), .saturate: ("half4 r = saturate(c);", []),
        .fmod: ("float r = fmod(p.x, 2.0);", ["mtl_fmod"]), .round: ("float2 r = round(p);", ["mtl_round"]),
        .median3: ("float r = median3(p.x, p.y, 0.5);", ["mtl_median3"]),
        .fmedian3: ("float r = fmedian3(p.x, p.y, 0.5);", ["mtl_median3"]),
        .copysign: ("float r = copysign(p.x, p.y);", ["mtl_copysign"]), .min3: ("int r = min3(1, int(p.x), 3);", []),
        .max3: ("float r = max3(p.x, p.y, 1.0);", []), .fmin3: ("float r = fmin3(p.x, p.y, 1.0);", []),
        .fmax3: ("float r = fmax3(p.x, p.y, 1.0);", []), .fma: ("float r = fma(p.x, p.y, 1.0);", []),
        .divide: ("float r = divide(p.x, p.y);", []), .log10: ("float r = log10(p.x);", []), .exp10: ("float r = exp10(p.x);", []),
        .length_squared: ("float r = length_squared(p);", ["mtl_length_squared"]),
        .distance_squared: ("float r = distance_squared(p, p.yx);", ["mtl_distance_squared"]),
        .cross: ("float3 r = cross(c.rgb, float3(0, 0, 1));", []),
        .refract: ("float2 r = refract(p, float2(0, 1), 0.5);", []), .all: ("bool r = all(p > 0.0);", []),
        .any: ("bool r = any(int2(p));", []), .isnan: ("bool r = isnan(p.x);", []), .isinf: ("bool2 r = isinf(p);", []),
        .isfinite: ("bool2 r = isfinite(p);", []),
        .select: ("int2 r = select(int2(1), int2(2), p > 0.5);", ["mtl_select"]),
        .transpose: ("float2x3 r = transpose(float3x2(1.0));", []), .determinant: ("float r = determinant(float2x2(p, p.yx));", []),
        .sinpi: ("float r = sinpi(p.x);", []), .cospi: ("float2 r = cospi(p);", []), .tanpi: ("float r = tanpi(p.x);", []),
        .asinpi: ("float r = asinpi(p.x);", []), .acospi: ("float r = acospi(p.x);", []), .atanpi: ("float r = atanpi(p.x);", []),
        .atan2pi: ("float r = atan2pi(p.y, p.x);", []), .fdim: ("float2 r = fdim(p, p.yx);", []),
        .ldexp: ("float2 r = ldexp(p, int2(3, -2));", []), .frexp: ("int2 e; float2 r = frexp(p, e);", ["mtl_frexp"]),
        .logb: ("float r = logb(p.x);", ["mtl_logb"]), .ilogb: ("int3 r = ilogb(c.rgb);", ["mtl_ilogb"]),
        .nextafter: ("float r = nextafter(p.x, p.y);", ["mtl_nextafter"]),
        .popcount: ("uint r = popcount(uint(p.x));", ["mtl_popcount"]), .clz: ("int2 r = clz(int2(p));", ["mtl_clz"]),
        .ctz: ("uint r = ctz(uint(p.x));", ["mtl_ctz"]), .reverse_bits: ("uint r = reverse_bits(uint(p.y));", ["mtl_reverse_bits"]),
        .rotate: ("int r = rotate(int(p.x), 5);", ["mtl_rotate"]),
        .extract_bits: ("int r = extract_bits(int(p.x), 2u, 5u);", ["mtl_extract_bits"]),
        .insert_bits: ("uint3 r = insert_bits(uint3(7u), uint3(p.xyx), 4u, 8u);", ["mtl_insert_bits"]),
        .absdiff: ("int r = absdiff(int(p.x), -3);", ["mtl_absdiff"]), .addsat: ("int r = addsat(int(p.x), 7);", ["mtl_addsat"]),
        .subsat: ("uint2 r = subsat(uint2(p), uint2(4u));", ["mtl_subsat"]), .hadd: ("int r = hadd(int(p.x), 9);", ["mtl_hadd"]),
        .rhadd: ("uint r = rhadd(uint(p.x), 9u);", ["mtl_rhadd"]),
        .mulhi: ("int r = mulhi(int(p.x), -7);", ["mtl_mulhi", "mtl_umulhi"]),
        .madhi: ("int r = madhi(int(p.x), 7, 1);", ["mtl_mulhi", "mtl_umulhi"]),
        .mul24: ("int r = mul24(int(p.x), 3);", []), .mad24: ("uint r = mad24(uint(p.x), 3u, 1u);", []),
    ]

    /// Every standard-library function has a record, and its call translates to GLSL that
    /// glslangValidator accepts, with exactly the helpers its record declares (and that the
    /// examples above expect) defined.
    @Test func everyBuiltinHasARecordThatTranslates() {
        #expect(Set(Self.builtinExamples.keys) == Set(MetalBuiltin.allCases))
        #expect(Builtins.table.count == MetalBuiltin.allCases.count)
        for b in MetalBuiltin.allCases {
            guard let example = Self.builtinExamples[b] else { continue }
            let out = glsl("""
            [[ stitchable ]] half4 f(float2 p, half4 c) {
                \(example.call)
                return c;
            }
            """)
            let defined = Set(out.split(separator: "\n").compactMap { line -> String? in
                guard !line.hasPrefix(" "), let open = line.firstIndex(of: "("), let space = line[..<open].lastIndex(of: " ") else { return nil }
                let name = String(line[line.index(after: space)..<open])
                return name.hasPrefix("mtl_") ? name : nil
            })
            #expect(defined == example.helpers, "\(b.rawValue)")
            #expect(Set(b.record.helpers) == example.helpers, "\(b.rawValue)")
        }
    }
}
