import Testing
@testable import ShaderFXMetal

/// The parser's AST says what was written; ``Lowering`` alone rewrites namespaces, enums,
/// constructors, local structs, `typedef struct`, `numeric_limits` and `extern` declarations. The expected trees
/// are read off the source below by hand.
@Suite struct LoweringTests {
    let source = """
    namespace fx {
        enum class Mode : int { Plain, Bright = 3, Brighter };
        struct Glow {
            float a;
            Glow(float x) : a(x * 2.0) {}
            float get() const;
        };
        float Glow::get() const { return a; }
        constant float k = 0.5;
    }
    extern constant float shared;
    typedef struct Pair_ { float a; } Pair;
    static_assert(sizeof(float2) == 8, "float2");
    [[ stitchable ]] half4 lit(float2 position, half4 color) {
        struct Local { float v; };
        Local l = { fx::k };
        float big = numeric_limits<float>::max();
        float s = metal::sin(l.v) + fx::Glow(1.0).get();
        int m = int(fx::Mode::Brighter);
        return color * half(s + float(m) / big);
    }
    """

    func parsed() throws -> TranslationUnit {
        let tokens = try Preprocessor(includePaths: [], memoryFiles: [:]).run(MetalSourceFile(path: "test.metal", text: header + source))
        var parser = Parser(tokens: tokens)
        return try parser.parseUnit()
    }

    /// Each declaration as `kind name`, namespaces opened in place.
    func outline(_ decls: [Decl]) -> [String] {
        decls.flatMap { d -> [String] in
            switch d {
            case .function(let f): return ["function \(f.name)" + (f.memberOf.map { " of \($0)" } ?? "")]
            case .structure(let s): return ["struct \(s.name) [\(s.methods.map(\.name).joined(separator: ", "))]"]
            case .global(let v): return ["global \(v.name)"]
            case .typeAlias(let n, let t, _): return ["alias \(n) = \(t.name)"]
            case .enumeration(let e): return ["enum \(e.name) {\(e.enumerators.map(\.name).joined(separator: ", "))}"]
            case .namespace(let n, let inner, _): return ["namespace \(n ?? "")"] + outline(inner).map { "  " + $0 }
            case .usingNamespace(let n, _): return ["using \(n)"]
            case .staticAssert(_, let m, _): return ["static_assert \(m ?? "")"]
            case .typedefStruct(let s, let tag, _): return ["typedef struct \(tag ?? "") \(s.name)"]
            }
        }
    }

    func function(_ name: String, in decls: [Decl]) -> FuncDecl? {
        for d in decls { if case .function(let f) = d, f.name == name { return f } }
        return nil
    }

    /// The statements of `f`'s body.
    func statements(_ f: FuncDecl?) -> [Stmt] {
        guard let body = f?.body, case .block(let items) = body.kind else { return [] }
        return items
    }

    /// The initialiser of local `name` in `f`.
    func initializer(_ name: String, in f: FuncDecl?) -> Expr? {
        for s in statements(f) { if case .decl(let vars) = s.kind, let v = vars.first(where: { $0.name == name }) { return v.initializer } }
        return nil
    }

    @Test func theParserKeepsWhatWasWritten() throws {
        let unit = try parsed()
        #expect(outline(unit.decls) == [
            "using metal",
            "namespace fx",
            "  enum Mode {Plain, Bright, Brighter}",
            "  struct Glow [Glow, get]",
            "  function get of Glow",
            "  global k",
            "global shared",
            "typedef struct Pair_ Pair",
            "static_assert float2",
            "function lit",
        ])
        guard case .namespace(_, let inner, _) = unit.decls[1], case .structure(let glow) = inner[1],
              case .enumeration(let mode) = inner[0] else { Issue.record("no namespace fx"); return }
        #expect(mode.isScoped && mode.enumerators.map { $0.value == nil } == [true, false, true])
        let ctor = glow.methods[0]
        #expect(ctor.isConstructor && ctor.memberInitializers.map(\.member) == ["a"])
        #expect(statements(ctor).isEmpty)
        let lit = function("lit", in: unit.decls)
        guard case .structDecl(let local) = statements(lit).first?.kind else { Issue.record("no local struct"); return }
        #expect(local.name == "Local")
        if case .numericLimits(let t, let member) = initializer("big", in: lit)?.kind {
            #expect(t.name == "float" && member == "max")
        } else { Issue.record("numeric_limits not kept") }
        if case .construct(_, let args) = initializer("m", in: lit)?.kind, case .qualified(let path, let e) = args[0].kind,
           case .enumerator(let name, let member) = e.kind {
            #expect(path == ["fx"] && name == "Mode" && member == "Brighter")
        } else { Issue.record("fx::Mode::Brighter not kept") }
    }

    @Test func loweringRewritesIt() throws {
        let unit = Lowering.lower(try parsed())
        #expect(outline(unit.decls) == [
            "alias Mode = int",
            "global Mode::Plain",
            "global Mode::Bright",
            "global Mode::Brighter",
            "struct Glow [sfx_init, get]",
            "function Glow::get of Glow",
            "global k",
            "struct Pair []",
            "alias Pair_ = Pair",
            "static_assert float2",
            "struct Local []",
            "function lit",
        ])
        // An enumerator without a value is the one before it plus 1.
        let brighter = unit.decls.compactMap { d -> Expr? in
            if case .global(let v) = d, v.name == "Mode::Brighter" { return v.initializer }
            return nil
        }.first
        if case .binary(.add, let a, let b) = brighter?.kind, case .ident("Mode::Bright") = a.kind, case .intLit(1, _) = b.kind {} else {
            Issue.record("Mode::Brighter is not Mode::Bright + 1")
        }
        // The member initialiser list opens the constructor's body.
        guard case .structure(let glow) = unit.decls[4] else { Issue.record("no struct Glow"); return }
        if case .expr(let e) = statements(glow.methods[0]).first?.kind, case .assign(.assign, let target, _) = e.kind,
           case .arrow(let this, "a") = target.kind, case .ident("this") = this.kind {} else {
            Issue.record("the constructor does not start with this->a = ...")
        }
        let lit = function("lit", in: unit.decls)
        if case .empty = statements(lit).first?.kind {} else { Issue.record("the local struct is still in the body") }
        if case .floatLit(let v, half: false) = initializer("big", in: lit)?.kind {
            #expect(v == Double(Float.greatestFiniteMagnitude))
        } else { Issue.record("numeric_limits<float>::max() is not a literal") }
        // `metal::sin(...)` keeps naming the standard library; `fx::` goes.
        if case .binary(.add, let a, let b) = initializer("s", in: lit)?.kind, case .call(let callee, _) = a.kind,
           case .call(let get, _) = b.kind, case .member(let made, "get") = get.kind, case .construct(let t, _) = made.kind {
            if case .ident(let n) = callee.kind { #expect(n == "metal::sin") } else { Issue.record("metal::sin lost") }
            #expect(t.name == "Glow" && t.namespaces.isEmpty)
        } else { Issue.record("unexpected tree for s") }
        if case .construct(_, let args) = initializer("m", in: lit)?.kind, case .ident(let n) = args[0].kind {
            #expect(n == "Mode::Brighter")
        } else { Issue.record("fx::Mode::Brighter not lowered to a name") }
    }

    /// The translation of the lowered program (checked by glslangValidator in `translate`).
    @Test func theLoweredProgramTranslates() {
        let glsl = translate(source).glsl
        #expect(glsl.contains("const int Mode_Bright = 3;\nconst int Mode_Brighter = Mode_Bright + 1;"))
        #expect(glsl.contains("void Glow_sfx_init(inout Glow m_this, float x) {\n    m_this.a = x * 2.0;\n}"))
        // FLT_MAX, 2^128 - 2^104, printed with the fewest digits that read back as that float.
        #expect(glsl.contains("float big = 3.4028235e+38;"))
        #expect(glsl.contains("float s = sin(l.v) + Glow_get(Glow_sfx_make(1.0));"))
        #expect(glsl.range(of: "struct Local")!.lowerBound < glsl.range(of: "vec4 lit(")!.lowerBound)
    }

    /// Casts and `T v(args)` as written, then as lowering makes them.
    @Test func castsAndDirectInitialisers() throws {
        let src = """
        [[ stitchable ]] half4 casts(float2 p, half4 color) {
            float3 v(p.x, p.y, 1.0);
            uint b = reinterpret_cast<uint &>(v.x);
            int i = (int)v.y;
            return color * half(static_cast<float>(i) + float(b));
        }
        """
        let tokens = try Preprocessor(includePaths: [], memoryFiles: [:]).run(MetalSourceFile(path: "test.metal", text: header + src))
        var parser = Parser(tokens: tokens)
        let unit = try parser.parseUnit()
        let written = function("casts", in: unit.decls)
        var v: VarDecl?
        if case .decl(let vars) = statements(written).first?.kind { v = vars.first }
        #expect(v?.initializer == nil && v?.directInitializer?.args.count == 3)
        if case .cast(.reinterpretCast, let t, _) = initializer("b", in: written)?.kind { #expect(t.name == "uint" && t.isReference) } else {
            Issue.record("reinterpret_cast not kept")
        }
        if case .cast(.c, let t, _) = initializer("i", in: written)?.kind { #expect(t.name == "int") } else { Issue.record("(int) not kept") }

        let lowered = function("casts", in: Lowering.lower(unit).decls)
        if case .construct(let t, let args) = initializer("v", in: lowered)?.kind { #expect(t.name == "float3" && args.count == 3) } else {
            Issue.record("float3 v(...) has no float3(...) initialiser")
        }
        if case .asType(let t, _) = initializer("b", in: lowered)?.kind { #expect(t.name == "uint" && !t.isReference) } else {
            Issue.record("reinterpret_cast is not as_type")
        }
        if case .construct(let t, _) = initializer("i", in: lowered)?.kind { #expect(t.name == "int") } else { Issue.record("(int) is not a construction") }
        let glsl = translate(src).glsl
        #expect(glsl.contains("vec3 v = vec3(p.x, p.y, 1.0);\n    uint b = floatBitsToUint(v.x);\n    int i = int(v.y);"))
    }

    /// Type spellings stay as written in the AST (`vec<float, 3>` is `vec` with its element type
    /// and size, `unsigned short` is `short` with its signedness); the type resolver decides the
    /// type each names, by metal_stdlib's definitions (vec<T, N> is TN; matrix<T, C> is TCxC;
    /// `unsigned short` is `ushort`, a 16-bit type whose values wrap).
    @Test func typeSpellingsStayAsWrittenAndTheResolverTypesThem() throws {
        let src = """
        [[ stitchable ]] half4 spelled(float2 position, half4 color) {
            vec<float, 3> v = vec<float, 3>(1, 2, 3);
            matrix<half, 2> m = matrix<half, 2>(1.0h);
            unsigned short u = 65535;
            u++;
            signed char c = 3;
            return color * half(v.x + float(m[0][0]) + float(u) + float(c));
        }
        """
        let tokens = try Preprocessor(includePaths: [], memoryFiles: [:]).run(MetalSourceFile(path: "test.metal", text: header + src))
        var parser = Parser(tokens: tokens)
        let unit = try parser.parseUnit()
        let types = statements(function("spelled", in: unit.decls)).compactMap { s -> String? in
            guard case .decl(let vars) = s.kind, let t = vars.first?.type else { return nil }
            return "\(t.signedness.map { $0 + " " } ?? "")\(t.name)\(t.templateArgs.map(\.name))\(t.templateSizes) \(t.named)"
        }
        #expect(types == ["vec[\"float\"][3] float3", "matrix[\"half\"][2] half2x2", "unsigned short[][] ushort", "signed char[][] char"])
        let t = translate(src)
        let body = t.glsl.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(body.contains("vec3 v = vec3(1.0, 2.0, 3.0);") && body.contains("mat2 m = mat2(1.0);"))
        // `unsigned short` is 16 bits: 65535 + 1 wraps to 0 (the increment masks to 16 bits).
        #expect(body.contains { $0.contains("mtl_uinc16") })
    }
}
