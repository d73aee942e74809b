/// Typed statements and functions (``TStmt``, ``TFunction``) lowered to GLSL (``GStmt``,
/// ``GFunction``). Here each variable gets its GLSL name, in the order the function declares them:
/// its Metal name made safe (``GLSLNames/safe(_:)``: GLSL keywords, built-in functions and
/// reserved prefixes are renamed), made unique within the function (a name declared again in a
/// nested scope, or one a program-scope name already takes, gets a suffix: `x_1`).
extension GLSLLowering {
    /// The GLSL function `name` for `f`; `programNames` are the names of the program's structs,
    /// constants and functions, which no variable of the function may take.
    func lower(_ f: TFunction, name: String, programNames: Set<String>) -> GFunction {
        localNames = NameAllocator(reserved: programNames)
        outputNames = [:]
        defer { outputNames = [:] }
        let params = f.parameters.map { p in
            GParam(qualifier: p.passing == .reference ? .inout : .none, type: glslType(of: p.variable.type.innermost),
                   name: declare(p.variable), arraySize: p.variable.type.glslArraySize, loc: p.variable.loc)
        }
        return GFunction(name: name, returnType: glslType(of: f.returnType), params: params,
                         body: f.body.flatMap(lower), loc: f.loc)
    }

    /// The program-scope constants, named in the order given with the program's other names
    /// (`names`), each with its value.
    func lowerGlobals(_ globals: [TGlobal], _ names: inout NameAllocator) -> [GGlobal] {
        globals.map { g in
            let v = g.variable
            let name = names.unique(GLSLNames.safe(v.name.replacingOccurrences(of: "::", with: "_")))
            globalNames[ObjectIdentifier(v)] = name
            return GGlobal(type: glslType(of: v.type.innermost), name: name, arraySize: v.type.glslArraySize, value: lower(g.value),
                           loc: g.loc)
        }
    }

    /// Names every function, in the order given (each template instance and lambda after the
    /// function it is made in), with the program's other names (`names`: structs, constants and
    /// the stitchable functions, which keep their Metal names).
    func nameFunctions(_ functions: [FuncInfo], _ names: inout NameAllocator) {
        for f in functions {
            switch f.naming {
            case .stitchable:
                f.glslName = f.decl.name
            case .declared(let overloaded):
                var base = GLSLNames.safe(f.decl.name.replacingOccurrences(of: "::", with: "_"))
                if overloaded { base += "_" + (f.params.isEmpty ? "v" : f.params.map { mangle($0.type) }.joined(separator: "_")) }
                f.glslName = names.unique(base)
            case .instance(let template, let types, let sizes):
                let suffix = types.map(mangle) + sizes.map { "n\($0)" }
                f.glslName = names.unique(GLSLNames.safe(template) + "_" + suffix.joined(separator: "_"))
            case .lambda(let outer, let name):
                f.glslName = names.unique(GLSLNames.safe(outer.glslName + "_" + name))
            }
        }
    }

    /// Names a variable declared now (once per declaration).
    func declare(_ v: TVariable) -> String {
        let name: String
        switch v.kind {
        case .local, .parameter:
            name = localNames.unique(GLSLNames.safe(v.name))
        case .loopIndex:
            var k = 0
            while localNames.used.contains("mtl_i\(k)") { k += 1 }
            name = "mtl_i\(k)"
            localNames.used.insert(name)
        case .interface(let n):
            return n
        case .global:
            return outputName(v)
        }
        outputNames[ObjectIdentifier(v)] = name
        return name
    }

    /// The GLSL name of a variable used (declared earlier in the function, or program-wide).
    func outputName(_ v: TVariable) -> String {
        switch v.kind {
        case .interface(let n): return n
        case .local, .parameter, .loopIndex, .global:
            guard let n = outputNames[ObjectIdentifier(v)] ?? globalNames[ObjectIdentifier(v)] else {
                preconditionFailure("variable '\(v.name)' used outside the function that declares it")
            }
            return n
        }
    }

    func lower(_ s: TStmt) -> [GStmt] {
        switch s.kind {
        case .declaration(let items):
            // A statement per variable, at the variable's location.
            return items.map { d in
                let g = declarator(d)
                return GStmt(.decl(isConst: d.isConst, type: glslType(of: d.variable.type.innermost), [g]), d.variable.loc)
            }
        case .expression(let e): return [GStmt(.expr(lower(e)), s.loc)]
        case .assignment(let op, let target, let value): return [GStmt(.expr(.assign(op, lower(target), lower(value))), s.loc)]
        case .block(let body): return [GStmt(.block(body.flatMap(lower)), s.loc)]
        case .ifElse(let c, let a, let b):
            let cond = lower(c)
            return [GStmt(.ifElse(cond, lowerBlock(a), b.map(lowerBlock)), s.loc)]
        case .forLoop(let initS, let c, let step, let body):
            let i = lowerForInit(initS)
            let cond = c.map(lower)
            let st = step.map(lower)
            return [GStmt(.forLoop(i, cond, st, lowerBlock(body)), s.loc)]
        case .whileLoop(let c, let body):
            let cond = lower(c)
            return [GStmt(.whileLoop(cond, lowerBlock(body)), s.loc)]
        case .doWhile(let body, let c):
            let b = lowerBlock(body)
            return [GStmt(.doWhile(b, lower(c)), s.loc)]
        case .switchStmt(let sel, let body):
            let selector = lower(sel)
            return [GStmt(.switchStmt(selector, body.flatMap(lower)), s.loc)]
        case .caseLabel(let value): return [GStmt(.caseLabel(value.map { .literal($0) }), s.loc)]
        case .breakStmt: return [GStmt(.breakStmt, s.loc)]
        case .continueStmt: return [GStmt(.continueStmt, s.loc)]
        case .returnStmt(let e): return [GStmt(.returnStmt(e.map(lower)), s.loc)]
        case .discard: return [GStmt(.discard, s.loc)]
        }
    }

    /// A statement lowered to one GLSL statement (analysis wraps loop and branch bodies in blocks).
    private func lowerBlock(_ s: TStmt) -> GStmt {
        let g = lower(s)
        return g.count == 1 ? g[0] : GStmt(.block(g), s.loc)
    }

    /// The declarator of a variable; its initialiser is lowered before the name is declared
    /// (it cannot see it).
    private func declarator(_ d: TDeclarator) -> GDeclarator {
        let initializer = d.value.map(lower)
        return GDeclarator(name: declare(d.variable), arraySize: d.variable.type.glslArraySize, initializer: initializer)
    }

    /// A for loop's initialisation: one declaration of several variables declares them together
    /// (`int i = 0, j = 2`; analysis checked that their GLSL types agree).
    private func lowerForInit(_ s: TStmt?) -> GStmt? {
        guard let s else { return nil }
        guard case .declaration(let items) = s.kind, items.count > 1 else { return lower(s).first }
        return GStmt(.decl(isConst: items[0].isConst, type: glslType(of: items[0].variable.type.innermost), items.map(declarator)), s.loc)
    }
}
