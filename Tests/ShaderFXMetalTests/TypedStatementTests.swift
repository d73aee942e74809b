import Testing
@testable import ShaderFXMetal

/// The typed statement tree (``TStmt``) analysis makes of a function body, and its lowering: the
/// tree holds Metal names, Metal types and variables as symbols; the GLSL names are chosen by
/// ``GLSLLowering`` alone. The expected GLSL names follow GLSL ES 3.00 §3.7 (`input` and `sample`
/// are words reserved for future use, which a shader may not declare) and its scoping: the
/// translator gives each variable of a function a name of its own.
@Suite struct TypedStatementTests {
    /// The analysis of `source` (after `header`).
    func analysis(_ source: String, precision: MetalPrecision = .float) throws -> Semantic {
        let tokens = try Preprocessor(includePaths: [], memoryFiles: [:]).run(MetalSourceFile(path: "test.metal", text: header + source))
        var parser = Parser(tokens: tokens)
        return try Semantic.analyzed([Lowering.lower(try parser.parseUnit())], precision: precision)
    }

    /// The typed function of Metal function `name`.
    func typed(_ s: Semantic, _ name: String) throws -> TFunction {
        try #require(s.allFunctions.first { $0.decl.name == name }?.typed)
    }

    /// Every statement of a body, nested ones after the statement holding them (pre-order).
    func flatten(_ stmts: [TStmt]) -> [TStmt] {
        stmts.flatMap { s -> [TStmt] in
            switch s.kind {
            case .block(let b), .switchStmt(_, let b): return [s] + flatten(b)
            case .ifElse(_, let a, let b): return [s] + flatten([a] + (b.map { [$0] } ?? []))
            case .forLoop(let i, _, _, let b): return [s] + flatten((i.map { [$0] } ?? []) + [b])
            case .whileLoop(_, let b), .doWhile(let b, _): return [s] + flatten([b])
            default: return [s]
            }
        }
    }

    /// The variables the statements declare, in order.
    func declared(_ stmts: [TStmt]) -> [TVariable] {
        flatten(stmts).flatMap { s -> [TVariable] in
            if case .declaration(let items) = s.kind { return items.map(\.variable) }
            return []
        }
    }

    /// The variables an expression reads or writes.
    func uses(_ e: TExpr) -> [TVariable] {
        if case .variable(let v) = e.kind { return [v] }
        return e.children.flatMap(uses)
    }

    static let shadowing = """
    [[ stitchable ]] half4 f(float2 position, half4 color, float input) {
        float sample = input * 2.0;
        float x = sample;
        if (x > 0.5) {
            float x = position.y;
            x += 1.0;
            sample = x;
        }
        for (int i = 0; i < 2; i++) { float x = float(i); sample += x; }
        return half4(sample + x);
    }
    """

    /// Reserved GLSL words and names declared again in nested scopes are variables of their own in
    /// the typed tree (each use refers to the declaration C++'s scoping picks) and get distinct
    /// GLSL names in the output, which glslangValidator accepts.
    @Test func reservedAndShadowedNamesAreSymbolsWithDistinctGLSLNames() throws {
        let f = try typed(try analysis(Self.shadowing), "f")
        #expect(f.parameters.map(\.variable.name) == ["position", "color", "input"])
        let vars = declared(f.body)
        #expect(vars.map(\.name) == ["sample", "x", "x", "i", "x"])
        #expect(vars.map(\.type) == [.float, .float, .float, .int, .float])
        // Three distinct variables named x.
        let xs = vars.filter { $0.name == "x" }
        #expect(!(xs[0] === xs[1]) && !(xs[1] === xs[2]) && !(xs[0] === xs[2]))
        // Printed trees (which analysis compares to keep `x op= y` compound) tell them apart too.
        #expect("\(TExpr.variable(xs[0]))" != "\(TExpr.variable(xs[1]))" && "\(TExpr.variable(xs[1]))" == "\(TExpr.variable(xs[1]))")
        // `x += 1.0` inside the if is the inner x; the return reads the outer one.
        let assignments = flatten(f.body).compactMap { s -> (AssignOperator, TE)? in
            if case .assignment(let op, let target, _) = s.kind { return (op, target) }
            return nil
        }
        #expect(assignments.map(\.0) == [.add, .assign, .add])
        if case .variable(let v) = assignments[0].1.node.kind { #expect(v === xs[1]) } else { Issue.record("x += 1.0 does not assign a variable") }
        guard case .returnStmt(let r?) = f.body.last?.kind else { Issue.record("no return"); return }
        #expect(uses(r.node).contains { $0 === xs[0] } && !uses(r.node).contains { $0 === xs[1] || $0 === xs[2] })

        let lines = body("f", in: glsl(Self.shadowing))
        #expect(Array(lines.prefix(10)) == [
            "float m_sample = m_input * 2.0;",
            "float x = m_sample;",
            "if (x > 0.5) {",
            "float x_1 = position.y;",
            "x_1 += 1.0;",
            "m_sample = x_1;",
            "}",
            "for (int i = 0; i < 2; i++) {",
            "float x_2 = float(i);",
            "m_sample += x_2;",
        ])
    }

    /// The names are the lowering's choice: lowering the same typed function where the program
    /// already has a `x` and an `i` (a struct, a function) renames the local ones; the tree is unchanged.
    @Test func theLoweringChoosesTheNames() throws {
        let f = try typed(try analysis(Self.shadowing), "f")
        let g = GLSLLowering().lower(f, name: "f", programNames: ["x", "i", "m_input"])
        #expect(g.params.map(\.name) == ["position", "color", "m_input_1"])
        var names: [String] = []
        func visit(_ s: GStmt) {
            switch s.kind {
            case .decl(_, _, let items): names += items.map(\.name)
            case .block(let b): b.forEach(visit)
            case .ifElse(_, let a, let b): visit(a); b.map(visit)
            case .forLoop(let i, _, _, let b): i.map(visit); visit(b)
            default: break
            }
        }
        g.body.forEach(visit)
        #expect(names == ["m_sample", "x_1", "x_2", "i_1", "x_3"])
        #expect(declared(f.body).map(\.name) == ["sample", "x", "x", "i", "x"])
    }

    /// Variables are named once their function is analysed, so they also avoid the names of the
    /// template instances and lambdas it makes: a local spelled like the instance it calls
    /// (`twice<float>` is `twice_f`) or like a lambda's function (`g_scale`) gets a suffix, and
    /// glslangValidator accepts the calls.
    @Test func variablesAvoidTheFunctionsTheirFunctionMakes() {
        let out = glsl("""
        template <typename T> T twice(T x) { return x * T(2); }
        [[ stitchable ]] half4 f(float2 position, half4 color) {
            float twice_f = position.x;
            return color * half(twice(twice_f));
        }
        [[ stitchable ]] half4 g(float2 position, half4 color) {
            float g_scale = 2.0;
            auto scale = [](float v) { return v * 3.0; };
            return color * half(scale(g_scale));
        }
        """)
        #expect(body("f", in: out) == ["float twice_f_1 = position.x;", "return color * twice_f(twice_f_1);"])
        #expect(body("g", in: out) == ["float g_scale_1 = 2.0;", "return color * g_scale(g_scale_1);"])
    }

    /// Functions are named by the lowering too: analysis records what a name is made from (an
    /// overload's parameter types, a template instance's types, a lambda's enclosing function),
    /// and naming them again where the program already has those names gives suffixed ones; a
    /// stitchable function keeps its Metal name, which SwiftUI looks it up by.
    @Test func theLoweringNamesTheFunctions() throws {
        let s = try analysis("""
        float pick(float x) { return x; }
        float pick(int x) { return float(x); }
        template <typename T> T twice(T x) { return x * T(2); }
        [[ stitchable ]] half4 g(float2 position, half4 color) {
            auto scale = [](float v) { return v * 3.0; };
            return color * half(scale(twice(pick(position.x)) + pick(1)));
        }
        """)
        func naming(_ f: FuncInfo) -> String {
            switch f.naming {
            case .stitchable: return "stitchable"
            case .declared(let overloaded): return overloaded ? "overload" : "declared"
            case .instance(let template, let types, let sizes): return "instance \(template) \(types.map(\.metal)) \(sizes)"
            case .lambda(let outer, let name): return "lambda \(outer.decl.name) \(name)"
            }
        }
        #expect(s.allFunctions.map(naming) == ["overload", "overload", "stitchable", "lambda g scale", "instance twice [\"float\"] []"])
        #expect(s.allFunctions.map(\.glslName) == ["pick_f", "pick_i", "g", "g_scale", "twice_f"])
        var names = NameAllocator(reserved: ["pick_f", "g_scale", "twice_f"])
        GLSLLowering().nameFunctions(s.allFunctions, &names)
        #expect(s.allFunctions.map(\.glslName) == ["pick_f_1", "pick_i", "g", "g_scale_1", "twice_f_1"])
    }

    /// Program-scope constants are symbols too, named by the lowering with the program's names: a
    /// reserved word is renamed, and the uses in functions read the name the lowering gave.
    @Test func theLoweringNamesTheConstants() throws {
        let src = """
        constant float sample = 0.25;
        constant int count = 3;
        [[ stitchable ]] half4 k(float2 position, half4 color) { return color * half(sample * float(count)); }
        """
        let s = try analysis(src)
        #expect(s.globalConstants.map(\.variable.name) == ["sample", "count"])
        #expect(s.program.globals.map(\.name) == ["m_sample", "count"])
        // `count`, an integer constant, is folded (GLSL constant expressions need it).
        #expect(body("k", in: glsl(src)) == ["return color * (m_sample * 3.0);"])
        let again = GLSLLowering()
        var names = NameAllocator(reserved: ["count"])
        #expect(again.lowerGlobals(s.globalConstants, &names).map(\.name) == ["m_sample", "count_1"])
    }

    /// Structs and their members are named by the lowering too: the typed tree and the Metal
    /// types hold the Metal names (`input`, `sample`), the lowering gives the GLSL ones (both are
    /// words GLSL ES 3.00 reserves, §3.7), also in an overloaded function's name, and lowering
    /// again where the program already has `m_input` picks another name. Messages say the Metal name.
    @Test func theLoweringNamesTheStructs() throws {
        let src = """
        struct input { float sample; float2 output; };
        float get(input v) { return v.sample + v.output.y; }
        float get(float v) { return v; }
        [[ stitchable ]] half4 g(float2 position, half4 color) {
            input v = { position.x, position.xy };
            return color * half(get(v) + get(1.0));
        }
        """
        let s = try analysis(src)
        let get = try #require(s.allFunctions.first { $0.decl.name == "get" && $0.params.first?.type == .structure("input") })
        #expect(get.typed?.parameters.map(\.variable.type) == [.structure("input")])
        var fields: [String] = []
        func visit(_ e: TExpr) {
            switch e.kind {
            case .field(let a, let structure, let member): fields.append("\(structure).\(member)"); visit(a)
            case .binary(_, let a, let b): visit(a); visit(b)
            case .member(let a, _), .convert(_, _, let a): visit(a)
            default: break
            }
        }
        for statement in get.typed?.body ?? [] { if case .returnStmt(let e?) = statement.kind { visit(e.node) } }
        #expect(fields == ["input.sample", "input.output"])
        #expect(s.program.structs.map(\.name) == ["m_input"])
        #expect(s.program.structs.first?.members.map(\.name) == ["m_sample", "m_output"])
        #expect(get.glslName == "get_m_input")
        let out = glsl(src)
        #expect(out.contains("struct m_input {") && body("get_m_input", in: out) == ["return v.m_sample + v.m_output.y;"])
        let again = GLSLLowering()
        var names = NameAllocator(reserved: ["m_input"])
        let structs = again.lowerStructs(s.structOrder.map { s.structs[$0]! }, &names)
        #expect(structs.map(\.name) == ["m_input_1"])
        #expect(again.mangle(.array(.structure("input"), 2)) == "m_input_1a2")
        expectError("struct input { float a; };\n[[ stitchable ]] half4 e(float2 position, half4 color) { input v = { 1.0 }; return color * half(v.b); }",
                    "no member named 'b' in 'input'")
    }

    /// Each statement's expressions are typed trees with their Metal type: conditions are `bool`
    /// (an `int` tested as C does), a switch selects on an `int` (a `bool` promoted), a range-based
    /// `for` is a loop over an `int` index the tree declares.
    @Test func statementExpressionsCarryTheirMetalTypes() throws {
        let src = """
        float g(int n, half2 v) {
            float s = 0.0;
            if (n) { s = v.x; }
            while (s < 4.0) s *= 2.0;
            switch (n > 1) { case 0: s += 1.0; break; default: break; }
            float a[3] = {1.0, 2.0, 3.0};
            for (half e : a) s += e;
            return s;
        }
        [[ stitchable ]] half4 h(float2 position, half4 color) { return color * half(g(1, half2(position))); }
        """
        let f = try typed(try analysis(src), "g")
        #expect(f.parameters.map(\.variable.type) == [.int, .vector(.half, 2)])
        var seen: [String] = []
        for s in flatten(f.body) {
            switch s.kind {
            case .ifElse(let c, _, _): seen.append("if \(c.type.metal)")
            case .whileLoop(let c, _): seen.append("while \(c.type.metal)")
            case .switchStmt(let c, _): seen.append("switch \(c.type.metal)")
            case .forLoop(let i, let c, let step, _):
                guard case .declaration(let items)? = i?.kind, let index = items.first?.variable else { Issue.record("no loop index"); continue }
                if case .loopIndex = index.kind {} else { Issue.record("the index is not the loop's own") }
                seen.append("for \(index.type.metal) \(c?.type.metal ?? "-") \(step?.type.metal ?? "-")")
            case .assignment(let op, let t, _): seen.append("\(op.rawValue) \(t.type.metal)")
            case .declaration(let items): seen += items.map { "decl \($0.variable.name) \($0.variable.type.metal) = \($0.value?.type.metal ?? "-")" }
            case .returnStmt(let e): seen.append("return \(e?.type.metal ?? "-")")
            default: break
            }
        }
        #expect(seen == ["decl s float = float", "if bool", "= float", "while bool", "*= float", "switch int", "+= float",
                         "decl a float[3] = float[3]", "for int bool int", "decl i int = int", "decl e half = half", "+= float", "return float"])
        // The lowered GLSL reads as the tree says; glslangValidator accepts it.
        let lines = body("g", in: glsl(src))
        #expect(lines.contains("if (n != 0) {") && lines.contains("switch (int(n > 1)) {")
                && lines.contains("for (int mtl_i0 = 0; mtl_i0 < 3; ++mtl_i0) {"))
    }

    /// An analysis is freed with everything it made: a function's typed tree does not refer back
    /// to the function that holds it (a reference each way leaked every translated function,
    /// which the Metal fuzz target's leak check reported).
    @Test func anAnalysisIsFreedWithItsFunctions() throws {
        weak var function: FuncInfo?
        weak var analysis: Semantic?
        do {
            let s = try self.analysis(Self.shadowing)
            function = s.allFunctions.first { $0.decl.name == "f" }
            analysis = s
            #expect(function?.typed != nil)
        }
        #expect(analysis == nil)
        #expect(function == nil)
    }

    /// A standard-library call is a node of the Metal function in the typed tree, with the
    /// overload's argument and result types (MSL §6's signatures, by hand); which GLSL computes it
    /// is the lowering's choice: `fma` a product and a sum, `log10` a scaled `log2`, `abs` of a
    /// `uint` the value itself, `saturate` a `clamp`, `fmod` a helper (GLSL's `mod` floors).
    @Test func standardLibraryCallsAreMetalNodesUntilLowered() throws {
        let src = """
        [[ stitchable ]] half4 lib(float2 position, half4 color) {
            half h = fma(color.r, color.g, 0.5h);
            float l = log10(position.x);
            uint u = abs(uint(position.y));
            float s = saturate(position.x);
            float2 m = fmod(position, 3);
            return half4(h, half(l + s + m.y), half(u), 1);
        }
        """
        let f = try typed(try analysis(src), "lib")
        var calls: [String] = []
        for s in flatten(f.body) {
            guard case .declaration(let items) = s.kind else { continue }
            for d in items {
                guard let call = d.value?.node, case .library(let fn, let args) = call.kind else { continue }
                calls.append("\(fn.rawValue)(\(args.map(\.type.metal).joined(separator: ", "))) -> \(call.type.metal)")
            }
        }
        #expect(calls == ["fma(half, half, half) -> half", "log10(float) -> float", "abs(uint) -> uint",
                          "saturate(float) -> float", "fmod(float2, float2) -> float2"])
        let lines = body("lib", in: glsl(src))
        #expect(lines.prefix(5) == ["float h = color.r * color.g + 0.5;", "float l = log2(position.x) * 0.30103;",
                                    "uint u = uint(position.y);", "float s = clamp(position.x, 0.0, 1.0);",
                                    "vec2 m = mtl_fmod(position, vec2(3.0));"])
    }

    /// Where Metal's types round or wrap a value GLSL holds in 32 bits, the typed tree says so with
    /// a node of its own, and the lowering chooses the GLSL: a `half` result under Apple precision
    /// is a `roundToHalf` node (`mtl_h` in GLSL), a `short` cast a `wrap` to 16 signed bits (a
    /// shift up and back), `s++` of a `short` a wrapping `step` (`mtl_inc16_post`).
    @Test func roundingAndWrappingAreNodesOfTheirOwn() throws {
        let src = """
        [[ stitchable ]] half4 rw(float2 position, half4 color) {
            half h = color.r * color.g;
            short s = short(position.x * 1000.0);
            s++;
            return half4(h, half(s) / 1000.0h, 0, 1);
        }
        """
        let f = try typed(try analysis(src, precision: .apple), "rw")
        var seen: [String] = []
        func describe(_ e: TExpr) -> String {
            switch e.kind {
            case .roundToHalf(let a, let t): return "roundToHalf(\(describe(a))) \(t.metal)"
            case .wrap(let a, let bits, let signed): return "wrap\(bits)\(signed ? "s" : "u")(\(describe(a)))"
            case .step(let s, _, let t):
                if case .narrow(let bits, let signed) = s.rounding { return "step \(s.increment ? "+" : "-")\(s.prefix ? "prefix" : "postfix") \(bits)\(signed ? "s" : "u") \(t.metal)" }
                return "step half"
            case .binary(let op, _, _): return "binary \(op.rawValue)"
            case .convert(let to, _, let a): return "convert \(to.metal)(\(describe(a)))"
            default: return "other"
            }
        }
        for s in flatten(f.body) {
            switch s.kind {
            case .declaration(let items): seen += items.compactMap { $0.value.map { describe($0.node) } }
            case .expression(let e): seen.append(describe(e.node))
            default: break
            }
        }
        // A `short` is held as an `int` (MType has no narrow integers; the width is the variable's).
        #expect(seen.prefix(3) == ["roundToHalf(binary *) half", "wrap16s(convert short(binary *))", "step +postfix 16s short"])
        let lines = body("rw", in: glsl(src))
        #expect(lines.contains("int s = int(position.x * 1000.0) << 16 >> 16;") && lines.contains("mtl_inc16_post(s);"))
    }

    /// A texture's member function is a node of the texture in the typed tree (its sampler state,
    /// its `float2` coordinate as written, whether GL can sample with that state); the lowering
    /// chooses the GLSL: `texture` with the coordinate divided by the size for `coord::pixel`,
    /// `mtl_sample` for a border (GL ES 3.0 has no border colour), `textureSize` for `get_width`.
    @Test func textureCallsAreNodesOfTheTexture() throws {
        let src = """
        [[ stitchable ]] half4 tx(float2 position, half4 color, texture2d<half> a, texture2d<half> b) {
            constexpr sampler px(coord::pixel, filter::linear);
            constexpr sampler edge(address::clamp_to_border, border_color::opaque_white);
            half4 s = a.sample(px, position);
            half4 t = b.sample(edge, position / 32.0);
            uint w = a.get_width();
            return s * t * half(w);
        }
        """
        let f = try typed(try analysis(src), "tx")
        var seen: [String] = []
        for s in flatten(f.body) {
            guard case .declaration(let items) = s.kind else { continue }
            for d in items {
                guard let value = d.value?.node, case .texture(_, let call) = value.kind else { continue }
                switch call {
                case .sample(let state, _, let lod, let bound):
                    seen.append("sample pixel:\(state.pixelCoordinates) filter:\(state.filter) lod:\(lod != nil) bound:\(bound)")
                case .read: seen.append("read")
                case .size(let width): seen.append(width ? "width" : "height")
                }
            }
        }
        #expect(seen == ["sample pixel:true filter:linear lod:false bound:true", "sample pixel:false filter:nearest lod:false bound:false", "width"])
        let lines = body("tx", in: glsl(src))
        #expect(lines.contains("vec4 s = texture(a, position / vec2(textureSize(a, 0)));"))
        #expect(lines.contains("vec4 t = mtl_sample(b, position / 32.0, ivec2(3, 3), 0, vec4(1.0));"))
        #expect(lines.contains("uint w = uint(textureSize(a, 0).x);"))
    }

    /// Every node of the typed tree carries its Metal type, inner nodes too, checked against MSL's
    /// rules written here by hand: a member of a `half4` is a `half`, `i * 2` of ints is an int
    /// inside a float expression, an element of a flattened 2-D array is its innermost type, and
    /// the vector a `half2x2` multiplies becomes a `half2` (the matrix's element type).
    @Test func everyNodeCarriesItsMetalType() throws {
        let src = """
        struct Wave { float amplitude; half2 direction; };
        float height(Wave w, float x) { return w.amplitude * x; }
        [[ stitchable ]] half4 nodes(float2 position, half4 color, float time) {
            int i = int(position.x);
            float table[2][3] = {{1, 2, 3}, {4, 5, 6}};
            Wave w = Wave{0.5, half2(1, 0)};
            half2x2 m = half2x2(1, 0, 0, 1);
            half2 turned = m * position;
            float h = height(w, time) + float(i * 2) + table[1][2];
            half r = color.r * w.direction.x;
            return i > 2 ? color * r : half4(turned, half(h), 1);
        }
        """
        let s = try analysis(src)
        let f = try typed(s, "nodes")
        // Each node printed as its kind and type, in pre-order.
        var seen: [String] = []
        func visit(_ e: TExpr) {
            let what: String
            switch e.kind {
            case .variable(let v): what = v.name
            case .member(_, let m): what = "." + m
            case .field(_, _, let m): what = "." + m
            case .binary(let op, _, _): what = op.rawValue
            case .convert: what = "convert"
            case .index: what = "[]"
            case .call(.function(let g), _): what = g.decl.name + "()"
            case .ternary: what = "?:"
            default: what = "other"
            }
            seen.append(what + ": " + e.type.metal)
            e.children.forEach(visit)
        }
        var byVariable: [String: [String]] = [:]
        for statement in flatten(f.body) {
            if case .declaration(let items) = statement.kind {
                for d in items { seen = []; if let v = d.value { visit(v.node) }; byVariable[d.variable.name] = seen }
            }
            if case .returnStmt(let r?) = statement.kind { seen = []; visit(r.node); byVariable["return"] = seen }
        }
        #expect(byVariable["r"] == ["*: half", ".r: half", "color: half4", ".x: half", ".direction: half2", "w: Wave"])
        #expect(byVariable["turned"] == ["*: half2", "m: half2x2", "convert: half2", "position: float2"])
        let h = try #require(byVariable["h"])
        #expect(h.prefix(3) == ["+: float", "+: float", "height(): float"])
        #expect(h.contains("*: int") && h.contains("i: int") && h.contains("convert: float"))
        // `table[1][2]`: one index (1 * 3 + 2) into the flattened array, of the innermost type.
        #expect(h.suffix(5) == ["[]: float", "table: float[2][3]", "+: int", "other: int", "other: int"])
        #expect(byVariable["return"]?.first == "?:: half4")
        // The whole tree satisfies the checker, as every debug-build translation does.
        var checker = TypeCheck(structs: s.structs)
        for g in s.allFunctions { if let t = g.typed { checker.check(t, name: g.decl.name) } }
        #expect(checker.problems == [])
    }

    /// The checker finds a node whose type does not follow from its kind and operands, each kind
    /// of mistake analysis could make: an operation of two types typed as one of them, a
    /// conversion whose source is not its operand's type, an element typed as its vector, a
    /// return of the wrong type. A well-typed tree passes.
    @Test func theTypeCheckFindsMistypedNodes() {
        let x = TVariable("x", .float, .local, nil)
        let h = TVariable("h", .half, .local, nil)
        let v = TVariable("v", .vector(.float, 3), .local, nil)
        func problems(_ e: TExpr, returning type: MType? = nil) -> [String] {
            var checker = TypeCheck(structs: [:])
            let f = TFunction(loc: MetalSourceLocation(file: "t.metal", line: 1, column: 1), parameters: [],
                              returnType: type ?? e.type, body: [TStmt(.returnStmt(TE(e)), nil)])
            checker.check(f, name: "f")
            return checker.problems
        }
        let good = TExpr(.binary(.add, .variable(x), TExpr(.convert(to: .float, from: .half, .variable(h)), .float)), .float)
        #expect(problems(good) == [])
        #expect(problems(TExpr(.binary(.add, .variable(x), .variable(h)), .float)).count == 1)
        #expect(problems(TExpr(.convert(to: .float, from: .half, .variable(x)), .float)).count == 1)
        #expect(problems(TExpr(.index(.variable(v), .int(1)), .vector(.float, 3))).count == 1)
        #expect(problems(TExpr(.index(.variable(v), .int(1)), .float)) == [])
        #expect(problems(TExpr(.member(.variable(v), "xy"), .vector(.float, 3))).count == 1)
        #expect(problems(TExpr(.binary(.less, .variable(x), .variable(x)), .float)).count == 1)
        #expect(problems(good, returning: .half) == ["in 'f': a float returned where half is"])
    }
}
