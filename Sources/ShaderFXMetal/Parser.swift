/// Recursive-descent parser for the Metal (C++14) subset used by SwiftUI shaders. It builds an
/// AST of what was written (namespaces, enums, constructors, local structs as such);
/// ``Lowering`` rewrites those into the forms semantic analysis takes.
struct Parser {
    var tokens: [Token]
    var pos = 0
    /// Struct and alias names declared so far (needed to tell casts and declarations apart).
    var userTypes: Set<String> = []
    /// Member functions of the struct being parsed.
    var pendingMethods: [FuncDecl] = []
    /// Static members of the struct being parsed (``StructDecl/statics``).
    var pendingStatics: [Decl] = []
    /// The static members declared so far, `S::m` (so that `S::m` parses as a qualified name and
    /// `T S::m = ...` as the definition of one).
    var staticMembers: Set<String> = []
    /// Names of function templates (so `f<float>(x)` parses as explicit template arguments).
    var templateNames: Set<String> = []
    /// Scoped enums (`enum class`), whose enumerators are written `Name::A`.
    var enumNames: Set<String> = []

    /// Namespaces a name may be qualified with (`metal::`, `SwiftUI::`, and the file's own namespaces).
    var namespaces: Set<String> = ["metal", "SwiftUI", "fast", "precise", "native"]
    static let qualifiers: Set<String> = ["const", "constexpr", "constant", "device", "thread", "threadgroup", "static",
                                          "inline", "volatile", "restrict", "__restrict", "thread_local", "ray_data", "object_data"]
    static let unsupportedKeywords: [String: String] = [
        "union": "unions",
        "operator": "operator overloading", "kernel": "kernel functions", "vertex": "vertex functions", "fragment": "fragment functions",
        "goto": "goto", "new": "new", "delete": "delete", "decltype": "decltype",
        "typename": "templates",
        "double": "double (Metal has no double precision)", "long": "long (64-bit integers)", "ulong": "ulong (64-bit integers)",
    ]

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    // MARK: Token helpers

    var cur: Token { tokens[pos] }
    func peek(_ k: Int = 1) -> Token { tokens[min(pos + k, tokens.count - 1)] }
    mutating func next() -> Token { let t = tokens[pos]; if pos < tokens.count - 1 { pos += 1 }; return t }
    mutating func accept(_ p: String) -> Bool {
        if (cur.kind == .punct || cur.kind == .identifier) && cur.text == p { pos += 1; return true }
        return false
    }
    mutating func expect(_ p: String, _ what: String? = nil) throws(MetalError) {
        guard accept(p) else {
            throw MetalError(.syntax, location: cur.loc, message: "expected '\(p)'\(what.map { " " + $0 } ?? "")\(cur.kind == .eof ? " at end of input" : ", found '\(cur.text)'")")
        }
    }
    mutating func identifier(_ what: String) throws(MetalError) -> Token {
        guard cur.kind == .identifier else {
            throw MetalError(.syntax, location: cur.loc, message: "expected \(what)\(cur.kind == .eof ? " at end of input" : ", found '\(cur.text)'")")
        }
        return next()
    }

    /// Skips `metal::`, `SwiftUI::` ... prefixes at `k` tokens ahead; returns the offset of the name.
    func skipNamespaces(from k: Int) -> Int {
        var j = k
        while peek(j).kind == .identifier, namespaces.contains(peek(j).text), peek(j + 1).isPunct("::") { j += 2 }
        if peek(j).isPunct("::") { j += 1 }
        return j
    }

    func isTypeName(_ t: Token) -> Bool {
        t.kind == .identifier && (MType.isBuiltinTypeName(t.text) || userTypes.contains(t.text) || t.text == "auto")
    }

    /// Whether the token `j` ahead names a type: `vec` and `matrix` only as templates (`vec<float, 3>`),
    /// since shaders also name variables `matrix`.
    func isTypeName(at j: Int) -> Bool {
        let t = peek(j)
        if (t.text == "vec" || t.text == "matrix") && !userTypes.contains(t.text) { return peek(j + 1).isPunct("<") }
        return isTypeName(t)
    }

    /// Does a declaration start at the current token?
    func isDeclarationStart() -> Bool {
        var j = 0
        while peek(j).kind == .identifier, Parser.qualifiers.contains(peek(j).text) { return true }
        if peek(j).isIdent("struct") { return true }
        j = skipNamespaces(from: j)
        guard isTypeName(at: j) else { return false }
        let after = peek(j + 1)
        return after.kind == .identifier || after.isPunct("&") || after.isPunct("*") || after.isPunct("<")
    }

    func checkUnsupported(_ t: Token) throws(MetalError) {
        if t.kind == .identifier, let what = Parser.unsupportedKeywords[t.text], !what.isEmpty {
            throw MetalError(.unsupportedConstruct, location: t.loc, message: "\(what) \(what.hasSuffix("s") ? "are" : "is") not supported by the Metal to GLSL translator")
        }
    }

    // MARK: Declarations

    /// Parses the unit. A top-level declaration whose statements had errors (``recover``) throws
    /// its first error with the others after it once it is read, so that Recovery.swift leaves it
    /// out whole: nothing of it reaches analysis, where half-parsed statements would only cause
    /// further errors.
    mutating func parseUnit() throws(MetalError) -> TranslationUnit {
        var decls: [Decl] = []
        while cur.kind != .eof {
            if accept(";") { continue }
            do throws(MetalError) {
                decls.append(contentsOf: try parseTopLevel())
            } catch {
                throw declarationErrors(ending: error)
            }
            if !statementErrors.isEmpty { throw declarationErrors(ending: nil) }
        }
        return TranslationUnit(decls: decls)
    }

    /// The errors of the declaration just read, as one error: the first, the others after it.
    private mutating func declarationErrors(ending last: MetalError?) -> MetalError {
        let all = statementErrors + (last.map { [$0] } ?? [])
        statementErrors = []
        unwinding = false
        return all[0].with(moreErrors: Array(all.dropFirst()))
    }

    /// Parses `[[ a, b(x) ]]` attribute lists; returns the attribute names.
    mutating func parseAttributes() throws(MetalError) -> [(String, MetalSourceLocation)] {
        var attrs: [(String, MetalSourceLocation)] = []
        while cur.isPunct("["), peek().isPunct("[") {
            pos += 2
            while !(cur.isPunct("]") && peek().isPunct("]")) {
                if cur.kind == .eof { throw MetalError(.syntax, location: cur.loc, message: "expected ']]' to end the attribute list") }
                if cur.kind == .identifier {
                    attrs.append((cur.text, cur.loc))
                    pos += 1
                    if cur.isPunct("(") {
                        var depth = 0
                        repeat {
                            if cur.isPunct("(") { depth += 1 }
                            if cur.isPunct(")") { depth -= 1 }
                            pos += 1
                        } while depth > 0 && cur.kind != .eof
                    }
                } else { pos += 1 }
            }
            pos += 2
        }
        return attrs
    }

    mutating func parseTopLevel() throws(MetalError) -> [Decl] {
        let start = cur
        if cur.isIdent("using") {
            pos += 1
            if accept("namespace") {
                let ns = try identifier("namespace name")
                guard namespaces.contains(ns.text) else {
                    throw MetalError(.syntax, location: ns.loc, message: "unknown namespace '\(ns.text)'")
                }
                try expect(";")
                return [.usingNamespace(ns.text, ns.loc)]
            }
            let name = try identifier("alias name")
            try expect("=")
            let type = try parseType()
            try expect(";")
            userTypes.insert(name.text)
            return [.typeAlias(name.text, type, name.loc)]
        }
        if cur.isIdent("enum") {
            return try parseEnum()
        }
        if cur.isIdent("namespace") {
            // `namespace [N] { ... }`; from here on `N::` qualifies names.
            let kw = next()
            var name: String?
            if cur.kind == .identifier {
                let n = next().text
                name = n
                namespaces.insert(n)
            }
            try expect("{", "to start the namespace")
            var decls: [Decl] = []
            while !accept("}") {
                if cur.kind == .eof { throw MetalError(.syntax, location: cur.loc, message: "expected '}' at the end of the namespace") }
                if accept(";") { continue }
                decls.append(contentsOf: try parseTopLevel())
            }
            return [.namespace(name, decls, kw.loc)]
        }
        if cur.isIdent("static_assert") {
            let (condition, message, loc) = try parseStaticAssert()
            return [.staticAssert(condition, message, loc)]
        }
        if cur.isIdent("typedef") {
            pos += 1
            if cur.isIdent("struct"), peek(2).isPunct("{") || peek().isPunct("{") {
                // typedef struct [Tag] { ... } Name;
                pos += 1
                var tag: Token?
                if cur.kind == .identifier { tag = next() }
                let members = try parseStructBody()
                let name = try identifier("typedef name")
                try expect(";")
                userTypes.insert(name.text)
                if let t = tag { userTypes.insert(t.text) }
                return [.typedefStruct(StructDecl(name: name.text, members: members, loc: name.loc, methods: pendingMethods),
                                       tag: tag?.text, tag?.loc)]
            }
            let type = try parseType()
            let name = try identifier("typedef name")
            try expect(";")
            userTypes.insert(name.text)
            return [.typeAlias(name.text, type, name.loc)]
        }
        if cur.isIdent("template") {
            return try parseTemplate()
        }
        var attrs = try parseAttributes()
        var isStatic = false
        var isConstant = false
        var isExtern = false
        while cur.kind == .identifier, ["static", "inline", "extern", "constexpr", "constant", "const"].contains(cur.text) {
            if cur.text == "static" { isStatic = true }
            if cur.text == "extern" { isExtern = true }
            if !["static", "inline", "extern"].contains(cur.text) { isConstant = true }
            if ["static", "inline", "extern"].contains(cur.text) { pos += 1 } else { break }
        }
        attrs += try parseAttributes()
        if cur.isIdent("class"), peek().kind == .identifier, peek(2).isPunct(";") {
            // A forward declaration: the definition follows.
            userTypes.insert(peek().text)
            pos += 3
            return []
        }
        if cur.isIdent("struct") || cur.isIdent("class"), peek(2).isPunct("{") {
            pos += 1
            let name = try identifier("struct name")
            userTypes.insert(name.text)
            let members = try parseStructBody(name: name.text)
            var decls: [Decl] = [.structure(StructDecl(name: name.text, members: members, loc: name.loc, methods: pendingMethods,
                                                       statics: pendingStatics))]
            pendingStatics = []
            if !accept(";") {
                // struct S { ... } s = ...;
                let type = TypeSpec(name: name.text, loc: name.loc)
                for v in try parseDeclarators(type: type, isConstant: true, isStatic: isStatic) { decls.append(.global(v)) }
                try expect(";")
            }
            return decls
        }
        try checkUnsupported(cur)
        let type = try parseType()
        if type.isConst || type.addressSpace == "constant" { isConstant = true }
        attrs += try parseAttributes()
        var staticOwner: String?
        if cur.kind == .identifier, peek().isPunct("::"), peek(2).kind == .identifier, !peek(3).isPunct("("),
           staticMembers.contains(cur.text + "::" + peek(2).text) {
            // `constant T S::m = value;`: a static constant defined outside its class.
            staticOwner = next().text
            pos += 1
            isConstant = true
        }
        if cur.isPunct("::"), userTypes.contains(type.name), peek().isIdent(type.name), peek(2).isPunct("(") {
            // `S::S(...) [: m(x), ...] { ... }`: a constructor defined outside its class.
            pos += 1
            var f = try parseFunction(returnType: TypeSpec(name: "void", loc: type.loc), name: next(), stitchable: false,
                                      constructorOf: type.name)
            f.memberOf = type.name
            return [.function(f)]
        }
        if cur.kind == .identifier, peek().isPunct("::"), !userTypes.contains(cur.text), !namespaces.contains(cur.text),
           peek(2).kind == .identifier, peek(3).isPunct("(") {
            throw MetalError(.syntax, location: cur.loc, message: "'\(cur.text)' is not a class or struct defined before this member function '\(cur.text)::\(peek(2).text)'")
        }
        if cur.kind == .identifier, peek().isPunct("::"), userTypes.contains(cur.text), peek(2).kind == .identifier, peek(3).isPunct("(") {
            // `T S::f(...) { ... }`: a member function defined outside its class.
            let owner = next().text
            pos += 1
            var f = try parseFunction(returnType: type, name: next(), stitchable: false)
            f.memberOf = owner
            f.isStaticMember = staticMembers.contains(owner + "::" + f.name)
            return [.function(f)]
        }
        let nameTok = try identifier("a name")
        attrs += try parseAttributes()
        for (a, loc) in attrs where !["stitchable", "visible", "maybe_unused", "clang::always_inline"].contains(a) {
            throw MetalError(.unsupportedConstruct, location: loc, message: "attribute [[\(a)]] is not supported (only [[ stitchable ]] functions are translated)")
        }
        if cur.isPunct("(") && !(type.name == "sampler") {
            let isStitchable = attrs.contains { $0.0 == "stitchable" }
            return [.function(try parseFunction(returnType: type, name: nameTok, stitchable: isStitchable))]
        }
        if !attrs.isEmpty { throw MetalError(.unsupportedConstruct, location: start.loc, message: "attributes on variables are not supported") }
        pos -= 1
        let vars = try parseDeclarators(type: type, isConstant: isConstant, isStatic: isStatic)
        try expect(";")
        return vars.map { v in
            var v = v
            v.isExtern = isExtern
            v.memberOf = staticOwner
            return .global(v)
        }
    }

    /// `template <typename T, class U> R f(...) { ... }`: a function template, instantiated per use.
    mutating func parseTemplate() throws(MetalError) -> [Decl] {
        let kw = next()
        try expect("<", "after 'template'")
        var params: [String] = []
        while !accept(">") {
            if !params.isEmpty { try expect(",", "between template parameters") }
            guard cur.isIdent("typename") || cur.isIdent("class") else {
                throw MetalError(.unsupportedConstruct, location: cur.loc, message: "only type template parameters ('typename T') are supported")
            }
            pos += 1
            let p = try identifier("a template parameter name")
            if accept("=") { throw MetalError(.unsupportedConstruct, location: p.loc, message: "default template arguments are not supported") }
            params.append(p.text)
        }
        if cur.isIdent("struct") || cur.isIdent("class") || cur.isIdent("using") {
            throw MetalError(.unsupportedConstruct, location: cur.loc, message: "only function templates are supported")
        }
        let added = params.filter { !userTypes.contains($0) }
        for p in added { userTypes.insert(p) }
        defer { for p in added { userTypes.remove(p) } }
        let decls = try parseTopLevel()
        guard decls.count == 1, case .function(var f) = decls[0] else {
            throw MetalError(.unsupportedConstruct, location: kw.loc, message: "only function templates are supported")
        }
        if f.isStitchable { throw MetalError(.invalidStitchable, location: f.loc, message: "a stitchable function cannot be a template") }
        f.templateParams = params
        templateNames.insert(f.memberOf.map { $0 + "::" + f.name } ?? f.name)
        return [.function(f)]
    }

    /// `numeric_limits<T>::max()` and friends (a member ``Lowering/numericLimit(_:_:_:)`` has a
    /// value for).
    mutating func parseNumericLimits() throws(MetalError) -> Expr {
        let t = next()
        try expect("<")
        let type = try parseType()
        try expect(">")
        try expect("::")
        let member = try identifier("a numeric_limits member")
        try expect("(")
        try expect(")")
        guard Lowering.numericLimit(type.name, member.text, t.loc) != nil else {
            throw MetalError(.unsupportedConstruct, location: member.loc, message: "numeric_limits<\(type.name)>::\(member.text)() is not supported")
        }
        return Expr(.numericLimits(type, member.text), t.loc)
    }

    /// `static_assert(condition[, "message"]);`: the condition, the message (its text, without the
    /// quotes and with `\"` and `\\` read), and the location of `static_assert`.
    mutating func parseStaticAssert() throws(MetalError) -> (Expr, String?, MetalSourceLocation) {
        let start = next()
        try expect("(", "after 'static_assert'")
        let condition = try parseExpr(allowComma: false)
        var message: String?
        if accept(",") {
            guard cur.kind == .string else { throw MetalError(.syntax, location: cur.loc, message: "expected a string literal as the static_assert message") }
            var text = ""
            var escaped = false
            for c in next().text.dropFirst().dropLast() {
                if escaped || c != "\\" { text.append(c); escaped = false } else { escaped = true }
            }
            message = text
        }
        try expect(")", "to end the static_assert")
        try expect(";")
        return (condition, message, start.loc)
    }

    /// `enum [class] Name [: type] { A, B = 3, C };`
    mutating func parseEnum() throws(MetalError) -> [Decl] {
        pos += 1   // enum
        var scoped = false
        if cur.isIdent("class") || cur.isIdent("struct") { scoped = true; pos += 1 }
        let name = try identifier("an enum name")
        var underlying = TypeSpec(name: "int", loc: name.loc)
        if accept(":") {
            underlying = try parseType()
            guard let t = MType.builtin(named: underlying.named), t.scalar?.isInteger == true, t.isScalar else {
                throw MetalError(.syntax, location: underlying.loc, message: "enum underlying type must be an integer type")
            }
        }
        userTypes.insert(name.text)
        if scoped { enumNames.insert(name.text) }
        var decl = EnumDecl(name: name.text, isScoped: scoped, underlying: underlying, enumerators: [], loc: name.loc)
        try expect("{", "to start the enum body")
        while !accept("}") {
            let e = try identifier("an enumerator")
            var enumerator = Enumerator(name: e.text, loc: e.loc)
            if accept("=") { enumerator.value = try parseTernary() }
            decl.enumerators.append(enumerator)
            if !accept(",") { try expect("}", "to end the enum body"); break }
        }
        try expect(";", "after the enum")
        return [.enumeration(decl)]
    }

    /// A static member of struct `owner`: a function (`static float f(float x) { ... }`) or
    /// constants (`static constant half4 red;`, `static constexpr float k = 2;`), as written,
    /// with the struct as their `memberOf` (``pendingStatics``); a constant without a value is a
    /// declaration whose definition follows outside the class (`constant half4 S::red = ...;`).
    mutating func parseStaticMember(of owner: String) throws(MetalError) {
        let keyword = next()
        guard !owner.isEmpty else {
            throw MetalError(.unsupportedConstruct, location: keyword.loc, message: "static members are not supported in an unnamed or typedef struct; write 'struct S { ... };'")
        }
        let type = try parseType()
        if cur.kind == .identifier && peek().isPunct("(") {
            let nameTok = next()
            var f = try parseFunction(returnType: type, name: nameTok, stitchable: false)
            f.memberOf = owner
            f.isStaticMember = true
            staticMembers.insert(owner + "::" + f.name)
            pendingStatics.append(.function(f))
            return
        }
        for var v in try parseDeclarators(type: type, isConstant: true, isStatic: true) {
            staticMembers.insert(owner + "::" + v.name)
            v.memberOf = owner
            v.isExtern = v.initializer == nil && v.directInitializer == nil
            pendingStatics.append(.global(v))
        }
        try expect(";")
    }

    /// Where a static member (a function or a constant) is declared.
    static func location(of d: Decl) -> MetalSourceLocation? {
        switch d {
        case .function(let f): return f.loc
        case .global(let v): return v.loc
        default: return nil
        }
    }

    mutating func parseStructBody(name structName: String = "") throws(MetalError) -> [VarDecl] {
        try expect("{")
        var members: [VarDecl] = []
        pendingMethods = []
        pendingStatics = []
        while !accept("}") {
            if cur.kind == .eof { throw MetalError(.syntax, location: cur.loc, message: "expected '}' at end of struct") }
            try checkUnsupported(cur)
            if cur.isIdent("struct") && peek(2).isPunct("{") {
                throw MetalError(.unsupportedConstruct, location: cur.loc, message: "nested struct definitions are not supported; define the struct at file scope")
            }
            if cur.isIdent("static") {
                try parseStaticMember(of: structName)
                continue
            }
            if cur.isIdent("operator") || cur.isIdent("virtual") || cur.isIdent("friend") {
                throw MetalError(.unsupportedConstruct, location: cur.loc, message: "'\(cur.text)' struct members are not supported")
            }
            if cur.isIdent("public") || cur.isIdent("private") || cur.isIdent("protected"), peek().isPunct(":") {
                // Access control changes nothing in a translation: every member is reachable.
                pos += 2
                continue
            }
            if cur.isPunct("~") {
                throw MetalError(.unsupportedConstruct, location: cur.loc, message: "destructors are not supported (GLSL values have no lifetime to end)")
            }
            _ = try parseAttributes()
            while cur.isIdent("inline") || cur.isIdent("thread") && peek().isIdent(structName) && peek(2).isPunct("(") { pos += 1 }
            if cur.isIdent(structName) && peek().isPunct("(") {
                // A constructor: a member function `sfx_init` that a construction `S(...)` calls on a new value.
                let nameTok = next()
                pendingMethods.append(try parseFunction(returnType: TypeSpec(name: "void", loc: nameTok.loc), name: nameTok,
                                                        stitchable: false, constructorOf: structName))
                continue
            }
            let type = try parseType()
            if cur.kind == .identifier && peek().isPunct("(") {
                let nameTok = next()
                // A prototype's definition comes later, outside the class (`T S::f(...) { ... }`).
                pendingMethods.append(try parseFunction(returnType: type, name: nameTok, stitchable: false))
                continue
            }
            for var m in try parseDeclarators(type: type, isConstant: false, isStatic: false) {
                if m.initializer != nil || m.directInitializer != nil {
                    throw MetalError(.unsupportedConstruct, location: m.loc, message: "default member initializers are not supported")
                }
                m.initializer = nil
                members.append(m)
            }
            try expect(";")
        }
        return members
    }

    /// `vec<T, N>` and `matrix<T, C[, R]>` (R defaults to C), the metal_stdlib templates behind
    /// the named vector and matrix types: the element type and the sizes, as written (checked to
    /// name a Metal vector or matrix type; ``TypeSpec/named`` is that type).
    mutating func parseVectorTemplate(_ name: Token) throws(MetalError) -> (Token, [Int]) {
        try expect("<")
        let element = try identifier("an element type")
        var sizes: [Int] = []
        while accept(",") {
            guard cur.kind == .number, let n = Int(cur.text.filter(\.isNumber)), (2...4).contains(n) else {
                throw MetalError(.syntax, location: cur.loc, message: "expected a size from 2 to 4 in '\(name.text)<...>'")
            }
            sizes.append(n)
            pos += 1
        }
        try expect(">")
        let spelled: String
        switch (name.text, sizes.count) {
        case ("vec", 1): spelled = "\(element.text)\(sizes[0])"
        case ("matrix", 1): spelled = "\(element.text)\(sizes[0])x\(sizes[0])"
        case ("matrix", 2): spelled = "\(element.text)\(sizes[0])x\(sizes[1])"
        default:
            throw MetalError(.syntax, location: name.loc, message: name.text == "vec" ? "vec<T, N> takes an element type and a size" : "matrix<T, C, R> takes an element type, columns and rows")
        }
        guard MType.builtin(named: spelled) != nil else {
            throw MetalError(.syntax, location: element.loc, message: "'\(name.text)<\(element.text), ...>' is not a Metal \(name.text == "vec" ? "vector" : "matrix") type")
        }
        return (element, sizes)
    }

    /// Parses a type: qualifiers, namespaces, name, template arguments, `*` / `&`.
    mutating func parseType() throws(MetalError) -> TypeSpec {
        var spec = TypeSpec(name: "", loc: cur.loc)
        while cur.kind == .identifier, Parser.qualifiers.contains(cur.text) || cur.text == "struct" {
            switch cur.text {
            case "const", "constexpr": spec.isConst = true
            case "constant", "device", "thread", "threadgroup":
                spec.addressSpace = cur.text
                if cur.text == "constant" { spec.isConst = true }
            default: break
            }
            pos += 1
        }
        let qualifiedName = skipNamespaces(from: 0)
        for k in 0..<qualifiedName where peek(k).kind == .identifier || k == 0 && peek(k).isPunct("::") {
            spec.namespaces.append(peek(k).kind == .identifier ? peek(k).text : "")
        }
        pos += qualifiedName
        try checkUnsupported(cur)
        let name = try identifier("a type")
        guard isTypeName(name) else {
            throw MetalError(.unknownType, location: name.loc, message: "unknown type name '\(name.text)'")
        }
        spec.name = name.text
        spec.loc = name.loc
        if (name.text == "vec" || name.text == "matrix"), cur.isPunct("<") {
            let (element, sizes) = try parseVectorTemplate(name)
            spec.templateArgs = [TypeSpec(name: element.text, loc: element.loc)]
            spec.templateSizes = sizes
        }
        if name.text == "unsigned" || name.text == "signed", cur.kind == .identifier, cur.text == "long" {
            throw MetalError(.unsupportedConstruct, location: cur.loc,
                             message: "\(name.text) long (64-bit integers) is not supported by the Metal to GLSL translator: GLSL ES 3.00 has no 64-bit integer type (use '\(name.text == "unsigned" ? "uint" : "int")')")
        }
        if name.text == "unsigned" || name.text == "signed", cur.kind == .identifier, ["int", "short", "char"].contains(cur.text) {
            // `unsigned int`, `unsigned short`, `signed char`...: kept as written (``TypeSpec/named``).
            spec.signedness = name.text
            spec.name = next().text
        }
        // `short int` (and `unsigned short int`): the `int` adds nothing.
        if spec.name == "short", cur.isIdent("int") { pos += 1 }
        if cur.isPunct("<") {
            pos += 1
            while !accept(">") {
                if cur.kind == .eof { throw MetalError(.syntax, location: cur.loc, message: "expected '>'") }
                if accept(",") { continue }
                if cur.isIdent("metal"), peek().isPunct("::"), peek(2).isIdent("access") { pos += 2 }
                if cur.isIdent("access") {
                    // access::sample / access::read (or metal::access::...)
                    pos += 1
                    try expect("::")
                    let a = try identifier("an access qualifier")
                    if a.text != "sample" && a.text != "read" {
                        throw MetalError(.unsupportedConstruct, location: a.loc, message: "texture access::\(a.text) is not supported (only sample and read)")
                    }
                    continue
                }
                if cur.kind == .number {
                    throw MetalError(.unsupportedConstruct, location: cur.loc, message: "template type '\(spec.name)<...>' with value arguments is not supported; use the named type (e.g. float3)")
                }
                spec.templateArgs.append(try parseType())
            }
        }
        while cur.kind == .identifier, ["const", "constant", "device", "thread"].contains(cur.text) {
            if cur.text == "const" { spec.isConst = true } else { spec.addressSpace = cur.text }
            pos += 1
        }
        if accept("*") {
            spec.isPointer = true
            if cur.isPunct("*") { throw MetalError(.unsupportedConstruct, location: cur.loc, message: "pointers to pointers are not supported") }
        } else if accept("&") {
            spec.isReference = true
        } else if cur.isPunct("&&") {
            throw MetalError(.unsupportedConstruct, location: cur.loc, message: "rvalue references are not supported")
        }
        while cur.kind == .identifier, ["const", "restrict", "__restrict"].contains(cur.text) { pos += 1 }
        return spec
    }

    mutating func parseDeclarators(type: TypeSpec, isConstant: Bool, isStatic: Bool) throws(MetalError) -> [VarDecl] {
        var decls: [VarDecl] = []
        repeat {
            var t = type
            if decls.count > 0 {
                // `float *a, b;` — each declarator gets its own * / &.
                t.isPointer = false
                t.isReference = false
                if accept("*") { t.isPointer = true } else if accept("&") { t.isReference = true }
            }
            let name = try identifier("a variable name")
            var v = VarDecl(type: t, name: name.text, loc: name.loc)
            v.isConstant = isConstant || t.isConst
            v.isStatic = isStatic
            while accept("[") {
                if accept("]") { v.arrayDims.append(nil); continue }
                v.arrayDims.append(try parseExpr(allowComma: false))
                try expect("]")
            }
            if t.name == "sampler" && !t.isPointer {
                if accept("(") {
                    var args: [Expr] = []
                    while !accept(")") {
                        if accept(",") { continue }
                        args.append(try parseSamplerArg())
                    }
                    v.samplerArgs = args
                } else if accept("=") {
                    // `sampler s = sampler(filter::linear, ...)`
                    let e = try parseAssignment()
                    guard case .construct(let ts, let args) = e.kind, ts.name == "sampler" else {
                        throw MetalError(.syntax, location: e.loc, message: "a sampler must be initialized with 'sampler(...)' arguments")
                    }
                    v.samplerArgs = args
                } else {
                    v.samplerArgs = []
                }
            } else if accept("=") {
                v.initializer = cur.isPunct("{") ? try parseInitList() : try parseAssignment()
            } else if cur.isPunct("{") {
                v.initializer = try parseInitList()
            } else if cur.isPunct("(") {
                // Direct initialisation `float3 v(1, 2, 3);`
                let lp = next()
                var args: [Expr] = []
                while !accept(")") {
                    if accept(",") { continue }
                    args.append(try parseAssignment())
                }
                v.directInitializer = DirectInitializer(args: args, loc: lp.loc)
            }
            decls.append(v)
        } while accept(",")
        return decls
    }

    /// `filter::linear`, `address::repeat`, `max_anisotropy(4)`.
    mutating func parseSamplerArg() throws(MetalError) -> Expr {
        let first = try identifier("a sampler argument")
        var name = first.text
        while accept("::") { name += "::" + (try identifier("a sampler argument")).text }
        if accept("(") {
            let arg = try parseAssignment()
            try expect(")")
            return Expr(.call(Expr(.ident(name), first.loc), [arg]), first.loc)
        }
        return Expr(.ident(name), first.loc)
    }

    /// With `constructorOf`, a constructor of that class, with its member initialiser list
    /// (`: a(x), b{y}`).
    mutating func parseFunction(returnType: TypeSpec, name: Token, stitchable: Bool,
                                constructorOf: String? = nil) throws(MetalError) -> FuncDecl {
        try expect("(")
        var params: [ParamDecl] = []
        if cur.isIdent("void"), peek().isPunct(")") { pos += 1 }
        while !accept(")") {
            if !params.isEmpty { try expect(",", "between parameters") }
            _ = try parseAttributes()
            try checkUnsupported(cur)
            let type = try parseType()
            if cur.isPunct("(") {
                throw MetalError(.unsupportedConstruct, location: cur.loc, message: "references and pointers to arrays are not supported; pass the array by value ('float row[3]')")
            }
            var pname = "__unnamed\(params.count)"
            var ploc = type.loc
            if cur.kind == .identifier {
                let t = next()
                pname = t.text
                ploc = t.loc
            }
            var p = ParamDecl(type: type, name: pname, loc: ploc)
            while accept("[") {
                if accept("]") { p.arrayDims.append(nil); continue }
                p.arrayDims.append(try parseExpr(allowComma: false))
                try expect("]")
            }
            let attrs = try parseAttributes()
            if let a = attrs.first {
                throw MetalError(.unsupportedConstruct, location: a.1, message: "parameter attribute [[\(a.0)]] is not supported in a stitchable shader")
            }
            if accept("=") { p.defaultValue = try parseAssignment() }
            params.append(p)
        }
        var isConstMethod = false
        while cur.kind == .identifier, ["const", "noexcept", "thread", "mutable"].contains(cur.text) {
            if cur.text == "const" { isConstMethod = true }
            pos += 1
        }
        var returnType = returnType
        if accept("->") { returnType = try parseType() }
        var f = FuncDecl(name: name.text, returnType: returnType, params: params, body: nil, isStitchable: stitchable, loc: name.loc)
        f.isConstMethod = isConstMethod
        f.isConstructor = constructorOf != nil
        if accept(";") { return f }
        if constructorOf != nil, accept(":") {
            repeat {
                let member = try identifier("a member to initialise")
                let close = cur.isPunct("{") ? "}" : ")"
                guard accept("(") || accept("{") else {
                    throw MetalError(.syntax, location: cur.loc, message: "expected '(' or '{' after member '\(member.text)' in the initialiser list")
                }
                var args: [Expr] = []
                while !accept(close) {
                    if !args.isEmpty { try expect(",", "between a member initialiser's values") }
                    args.append(try parseAssignment())
                }
                guard args.count == 1 else {
                    throw MetalError(.syntax, location: member.loc, message: "member initialiser '\(member.text)' needs exactly one value here (write '\(member.text)(T(...))')")
                }
                f.memberInitializers.append(MemberInitializer(member: member.text, value: args[0], loc: member.loc))
            } while accept(",")
        }
        guard cur.isPunct("{") else {
            throw MetalError(.syntax, location: cur.loc, message: "expected '{' or ';' after function declarator, found '\(cur.text)'")
        }
        f.body = try parseBlock()
        return f
    }

    // MARK: Statements

    mutating func parseBlock() throws(MetalError) -> Stmt {
        let open = cur
        try expect("{")
        var stmts: [Stmt] = []
        while !accept("}") {
            // A `[[ stitchable ]]` function cannot be a statement: the block was never closed.
            if cur.kind == .eof || startsStitchable(at: pos) {
                unwinding = true
                throw MetalError(.syntax, location: open.loc, message: "unterminated block: missing '}'")
            }
            let start = pos
            do throws(MetalError) {
                stmts.append(try parseStatement())
            } catch {
                try recover(from: error, inStatementAt: start)
            }
        }
        return Stmt(.block(stmts), open.loc)
    }

    // MARK: Recovery inside bodies

    /// Errors of statements read past so far in the current top-level declaration (``recover``).
    var statementErrors: [MetalError] = []
    /// A block was found unterminated: no statement can be recovered until the declaration ends.
    var unwinding = false

    /// After an error in the statement starting at token `start`: records it and goes on after
    /// the statement (``statementEnd(from:)``), so that each broken statement of a body is an
    /// error of its own, as clang reports them. Rethrows when going on is not sound (the block
    /// was never closed) or when the errors reach ``MetalError/errorLimit``.
    mutating func recover(from error: MetalError, inStatementAt start: Int) throws(MetalError) {
        guard !unwinding, statementErrors.count < MetalError.errorLimit else { throw error }
        let end = statementEnd(from: start)
        guard tokens[end].kind != .eof, !startsStitchable(at: end) else {
            unwinding = true
            pos = end
            throw error
        }
        statementErrors.append(error)
        // Always past the statement's first token, so that the same error cannot come back.
        pos = max(end, start + 1)
    }

    /// Where the statement starting at `start` ends, by its brackets alone: after a `;` outside
    /// braces (a `(` left open before it is abandoned: `f(a;`), after the `}` closing the braces
    /// of a compound statement (`if`, `for`, `while`, `switch`, a block) unless `else` follows
    /// (the header's own `(` left open abandoned too), after a `do` loop's `while (...)`,
    /// or at the `}` that closes the enclosing block, the end of input or a `[[ stitchable ]]`.
    func statementEnd(from start: Int) -> Int {
        let first = tokens[start].kind == .identifier || tokens[start].kind == .punct ? tokens[start].text : ""
        let compound = ["if", "for", "while", "switch", "else", "{"].contains(first)
        var open = OpenBrackets()
        var doBodyRead = false
        var k = start
        while k < tokens.count - 1 {
            let t = tokens[k]
            if t.kind == .eof || k > start && startsStitchable(at: k) { return k }
            switch open.take(t) {
            case .strayBrace: return k
            case .closedBrace where first == "do" && open.kinds.isEmpty:
                doBodyRead = true
            case .other where doBodyRead && t.isPunct(")") && open.kinds.isEmpty && !tokens[k + 1].isPunct(";"):
                // `do { ... } while (c)` without its `;`.
                return k + 1
            case .closedBrace:
                // A compound statement's braces end it, even inside the one `(` its header
                // left open (`for (...; i++ { ... }`).
                if compound, open.kinds.isEmpty || open.kinds == ["("], !tokens[k + 1].isIdent("else") { return k + 1 }
            case .other where t.isPunct(";"):
                // `for (a; b; c)` has its own; elsewhere a `;` outside braces ends the statement.
                let header = first == "for" && open.kinds == ["("]
                if !open.insideBraces, !header, !(first == "if" && open.kinds.isEmpty && tokens[k + 1].isIdent("else")) { return k + 1 }
            case .other: break
            }
            k += 1
        }
        return tokens.count - 1
    }

    /// Whether `[[ stitchable` starts at token `k`.
    func startsStitchable(at k: Int) -> Bool {
        k + 2 < tokens.count && tokens[k].isPunct("[") && tokens[k + 1].isPunct("[") && tokens[k + 2].isIdent("stitchable")
    }

    mutating func parseStatement() throws(MetalError) -> Stmt {
        try enter()
        defer { depth -= 1 }
        let t = cur
        if t.isPunct("{") { return try parseBlock() }
        if t.isPunct(";") { pos += 1; return Stmt(.empty, t.loc) }
        if t.kind == .identifier {
            switch t.text {
            case "if":
                pos += 1
                try expect("(")
                let c = try parseCondition()
                try expect(")")
                let then = try parseStatement()
                var els: Stmt?
                if accept("else") { els = try parseStatement() }
                return Stmt(.ifElse(c, then, els), t.loc)
            case "for":
                pos += 1
                try expect("(")
                var initS: Stmt?
                if !cur.isPunct(";") {
                    if isDeclarationStart() {
                        let d = cur
                        let type = try parseType()
                        if cur.kind == .identifier, peek().isPunct(":") {
                            // Range-based for over an array.
                            let name = next()
                            pos += 1
                            let range = try parseExpr()
                            try expect(")")
                            let body = try parseStatement()
                            var v = VarDecl(type: type, name: name.text, loc: name.loc)
                            v.isConstant = type.isConst
                            return Stmt(.rangeFor(v, range, body), t.loc)
                        }
                        initS = Stmt(.decl(try parseDeclarators(type: type, isConstant: type.isConst, isStatic: false)), d.loc)
                    } else {
                        initS = Stmt(.expr(try parseExpr()), cur.loc)
                    }
                }
                try expect(";")
                let cond = cur.isPunct(";") ? nil : try parseCondition()
                try expect(";")
                let step = cur.isPunct(")") ? nil : try parseExpr()
                try expect(")")
                let body = try parseStatement()
                return Stmt(.forLoop(initS, cond, step, body), t.loc)
            case "while":
                pos += 1
                try expect("(")
                let c = try parseCondition()
                try expect(")")
                return Stmt(.whileLoop(c, try parseStatement()), t.loc)
            case "do":
                pos += 1
                let body = try parseStatement()
                try expect("while")
                try expect("(")
                let c = try parseExpr()
                try expect(")")
                try expect(";")
                return Stmt(.doWhile(body, c), t.loc)
            case "switch":
                pos += 1
                try expect("(")
                let c = try parseExpr()
                try expect(")")
                return Stmt(.switchStmt(c, try parseStatement()), t.loc)
            case "case":
                pos += 1
                let e = try parseTernary()
                try expect(":")
                return Stmt(.caseLabel(e), t.loc)
            case "default":
                pos += 1
                try expect(":")
                return Stmt(.defaultLabel, t.loc)
            case "break":
                pos += 1; try expect(";"); return Stmt(.breakStmt, t.loc)
            case "continue":
                pos += 1; try expect(";"); return Stmt(.continueStmt, t.loc)
            case "return":
                pos += 1
                if accept(";") { return Stmt(.returnStmt(nil), t.loc) }
                let e = cur.isPunct("{") ? try parseInitList() : try parseExpr()
                try expect(";")
                return Stmt(.returnStmt(e), t.loc)
            case "static_assert":
                let (condition, message, loc) = try parseStaticAssert()
                return Stmt(.staticAssert(condition, message), loc)
            case "discard_fragment":
                if peek().isPunct("("), peek(2).isPunct(")") {
                    pos += 3
                    try expect(";")
                    return Stmt(.discard, t.loc)
                }
            case "using":
                if peek().isIdent("namespace") {
                    pos += 2
                    let ns = try identifier("namespace name")
                    try expect(";")
                    return Stmt(.usingNamespace(ns.text), t.loc)
                }
            case "struct":
                if peek(2).isPunct("{") {
                    // A local struct (lowering moves it to file scope: its name must be unique in the library).
                    pos += 1
                    let name = try identifier("struct name")
                    userTypes.insert(name.text)
                    let saved = pendingMethods
                    let members = try parseStructBody(name: name.text)
                    let local = StructDecl(name: name.text, members: members, loc: name.loc, methods: pendingMethods)
                    pendingMethods = saved
                    if let first = pendingStatics.first {
                        pendingStatics = []
                        throw MetalError(.unsupportedConstruct, location: Parser.location(of: first) ?? name.loc, message: "a struct defined in a function cannot have static members; define it at file scope")
                    }
                    try expect(";", "after the struct definition")
                    return Stmt(.structDecl(local), t.loc)
                }
            default:
                try checkUnsupported(t)
            }
            if peek().kind == .identifier, !isTypeName(t), !Parser.qualifiers.contains(t.text), !namespaces.contains(t.text), t.text != "struct" {
                throw MetalError(.unknownType, location: t.loc, message: "unknown type name '\(t.text)'")
            }
            if isDeclarationStart() {
                var isStatic = false
                if cur.isIdent("static") { isStatic = true }
                let type = try parseType()
                let d = try parseDeclarators(type: type, isConstant: type.isConst, isStatic: isStatic)
                try expect(";")
                return Stmt(.decl(d), t.loc)
            }
        }
        let e = try parseExpr()
        try expect(";")
        return Stmt(.expr(e), t.loc)
    }

    /// A condition: an expression (declarations in conditions are not supported).
    mutating func parseCondition() throws(MetalError) -> Expr {
        if isDeclarationStart() {
            throw MetalError(.unsupportedConstruct, location: cur.loc, message: "declarations in conditions are not supported")
        }
        return try parseExpr()
    }

    // MARK: Expressions

    mutating func parseInitList() throws(MetalError) -> Expr {
        let open = cur
        try expect("{")
        var items: [Expr] = []
        while !accept("}") {
            if !items.isEmpty {
                try expect(",")
                if accept("}") { break }
            }
            if cur.isPunct("."), peek().kind == .identifier, peek(2).isPunct("=") {
                let dot = next()
                let member = next()
                pos += 1
                let value = cur.isPunct("{") ? try parseInitList() : try parseAssignment()
                items.append(Expr(.designated(member.text, value), dot.loc))
                continue
            }
            items.append(cur.isPunct("{") ? try parseInitList() : try parseAssignment())
        }
        return Expr(.initList(items), open.loc)
    }

    mutating func parseExpr(allowComma: Bool = true) throws(MetalError) -> Expr {
        var e = try parseAssignment()
        while allowComma, cur.isPunct(",") {
            let c = next()
            e = Expr(.comma(e, try parseAssignment()), c.loc)
        }
        return e
    }

    /// Nesting depth of expressions and statements (bounded, so hostile input cannot exhaust the stack).
    var depth = 0
    static let maxDepth = 200
    /// Operators in one expression's tree, chains included: 1000 levels of recursion in every later
    /// pass, well inside the translator's own stack (LargeStack).
    static let maxChain = 1000

    mutating func enter() throws(MetalError) {
        depth += 1
        if depth > Parser.maxDepth { throw MetalError(.limit, location: cur.loc, message: "nesting too deep (more than \(Parser.maxDepth) levels)") }
    }

    mutating func parseAssignment() throws(MetalError) -> Expr {
        try enter()
        defer { depth -= 1 }
        let lhs = try parseTernary()
        if cur.kind == .punct, let op = AssignOperator(rawValue: cur.text) {
            let t = next()
            let rhs = cur.isPunct("{") ? try parseInitList() : try parseAssignment()
            return Expr(.assign(op, lhs, rhs), t.loc)
        }
        return lhs
    }

    mutating func parseTernary() throws(MetalError) -> Expr {
        let c = try parseBinary(0)
        if cur.isPunct("?") {
            let q = next()
            let a = try parseExpr()
            try expect(":")
            let b = try parseAssignment()
            return Expr(.ternary(c, a, b), q.loc)
        }
        return c
    }

    mutating func parseBinary(_ minPrec: Int) throws(MetalError) -> Expr {
        var lhs = try parseUnary()
        var chain = 0
        while cur.kind == .punct, let op = BinaryOperator(rawValue: cur.text), op.precedence > minPrec {
            // Each operator of a chain (`a + b + c ...`) nests the tree one level deeper.
            chain += 1
            if depth + chain > Parser.maxChain {
                throw MetalError(.limit, location: cur.loc, message: "expression too long (more than \(Parser.maxChain) operators nested in one expression)")
            }
            let t = next()
            let rhs = try parseBinary(op.precedence)
            lhs = Expr(.binary(op, lhs, rhs), t.loc)
        }
        return lhs
    }

    /// Is `(` at the current position the start of a C-style cast `(T)`?
    func isCastStart() -> Bool {
        guard cur.isPunct("(") else { return false }
        let j = skipNamespaces(from: 1)
        guard isTypeName(at: j) else { return false }
        return peek(j + 1).isPunct(")")
    }

    mutating func parseUnary() throws(MetalError) -> Expr {
        try enter()
        defer { depth -= 1 }
        let t = cur
        if t.kind == .punct, let op = UnaryOperator(rawValue: t.text) {
            pos += 1
            return Expr(.unary(op, try parseUnary()), t.loc)
        }
        if isCastStart() {
            pos += 1
            let type = try parseType()
            try expect(")")
            let operand = try parseUnary()
            return Expr(.cast(.c, type, operand), t.loc)
        }
        return try parsePostfix(try parsePrimary())
    }

    mutating func parsePostfix(_ base: Expr) throws(MetalError) -> Expr {
        var e = base
        while true {
            let t = cur
            if accept("(") {
                var args: [Expr] = []
                while !accept(")") {
                    if !args.isEmpty { try expect(",", "between arguments") }
                    args.append(try parseAssignment())
                }
                e = Expr(.call(e, args), e.loc)
            } else if accept("[") {
                let i = try parseExpr()
                try expect("]")
                e = Expr(.index(e, i), e.loc)
            } else if accept(".") {
                let m = try identifier("a member name")
                e = Expr(.member(e, m.text), m.loc)
            } else if accept("->") {
                let m = try identifier("a member name")
                e = Expr(.arrow(e, m.text), m.loc)
            } else if t.kind == .punct, let op = PostfixOperator(rawValue: t.text) {
                pos += 1
                e = Expr(.postfix(op, e), t.loc)
            } else {
                return e
            }
        }
    }

    mutating func parsePrimary() throws(MetalError) -> Expr {
        let t = cur
        switch t.kind {
        case .number:
            pos += 1
            return try parseNumber(t)
        case .punct:
            if accept("(") {
                let e = try parseExpr()
                try expect(")")
                return e
            }
            if t.isPunct("{") { return try parseInitList() }
            if t.isPunct("[") {
                // A lambda: `[]`, `[=]` or `[&]` (captured variables are reported when used).
                pos += 1
                while !accept("]") {
                    guard cur.isPunct("=") || cur.isPunct("&") || cur.isPunct(",") else {
                        throw MetalError(.unsupportedConstruct, location: cur.loc, message: "lambda captures are not supported; pass the values as parameters")
                    }
                    pos += 1
                }
                guard cur.isPunct("(") else { throw MetalError(.syntax, location: cur.loc, message: "expected '(' for the lambda's parameters") }
                var f = try parseFunction(returnType: TypeSpec(name: "auto", loc: t.loc), name: t, stitchable: false)
                guard f.body != nil else { throw MetalError(.syntax, location: t.loc, message: "expected a lambda body") }
                f.name = "lambda"
                return Expr(.lambda(f), t.loc)
            }
            if t.isPunct("::") { pos += 1; return Expr(.qualified([""], try parsePrimary()), t.loc) }
            throw MetalError(.syntax, location: t.loc, message: "expected an expression, found '\(t.text)'")
        case .identifier:
            if t.text == "sizeof", peek().isPunct("("), isTypeName(peek(2)) {
                // `sizeof(T)` of a type; of an expression it stays unsupported.
                pos += 2
                let type = try parseType()
                try expect(")", "to end the sizeof")
                return Expr(.sizeOf(type), t.loc)
            }
            if t.text == "sizeof" {
                // `sizeof(x)` or `sizeof x` of an expression.
                pos += 1
                return Expr(.sizeOfValue(try parseUnary()), t.loc)
            }
            try checkUnsupported(t)
            if t.text == "true" || t.text == "false" { pos += 1; return Expr(.boolLit(t.text == "true"), t.loc) }
            if t.text == "this" { pos += 1; return Expr(.ident("this"), t.loc) }
            if t.text == "static_cast" || t.text == "as_type" || t.text == "reinterpret_cast" || t.text == "const_cast" {
                pos += 1
                try expect("<")
                var type = try parseType()
                if t.text == "reinterpret_cast" || t.text == "const_cast", accept("&") { type.isReference = true }
                try expect(">")
                try expect("(")
                let e = try parseExpr()
                try expect(")")
                switch t.text {
                case "as_type": return Expr(.asType(type, e), t.loc)
                case "reinterpret_cast": return Expr(.cast(.reinterpretCast, type, e), t.loc)
                case "const_cast": return Expr(.cast(.constCast, type, e), t.loc)
                default: return Expr(.cast(.staticCast, type, e), t.loc)
                }
            }
            let j = skipNamespaces(from: 0)
            if j > 0, peek(j).kind == .identifier, namespaces.contains(t.text) {
                var path: [String] = []
                for k in 0..<j where peek(k).kind == .identifier { path.append(peek(k).text) }
                pos += j
                return Expr(.qualified(path, try parsePrimary()), t.loc)
            }
            if peek().isPunct("::"), peek(2).kind == .identifier, staticMembers.contains(t.text + "::" + peek(2).text) {
                // A static member: `S::k`, `S::f(x)` (lowering names it).
                pos += 2
                return Expr(.qualified([t.text], try parsePrimary()), t.loc)
            }
            if peek().isPunct("::"), enumNames.contains(t.text), peek(2).kind == .identifier {
                pos += 3
                return Expr(.enumerator(t.text, peek(-1).text), t.loc)
            }
            if peek().isPunct("::"), t.text == "access" || t.text == "filter" || t.text == "address" || t.text == "coord" {
                throw MetalError(.unsupportedConstruct, location: t.loc, message: "'\(t.text)::\(peek(2).text)' is only supported as an argument of a 'constexpr sampler' declaration")
            }
            if peek().isPunct("::") {
                throw MetalError(.unsupportedConstruct, location: t.loc, message: "qualified name '\(t.text)::\(peek(2).text)' is not supported here")
            }
            if isTypeName(at: 0) {
                let type = try parseType()
                if type.name == "sampler", accept("(") {
                    // An inline sampler state: `sampler(filter::linear, address::repeat)`.
                    var args: [Expr] = []
                    while !accept(")") {
                        if accept(",") { continue }
                        args.append(try parseSamplerArg())
                    }
                    return Expr(.construct(type, args), t.loc)
                }
                if cur.isPunct("{") {
                    let list = try parseInitList()
                    guard case .initList(let items) = list.kind else { return list }
                    return Expr(.construct(type, items), t.loc)
                }
                guard accept("(") else {
                    throw MetalError(.syntax, location: cur.loc, message: "expected '(' after type name '\(type.named)' in an expression")
                }
                var args: [Expr] = []
                while !accept(")") {
                    if !args.isEmpty { try expect(",", "between arguments") }
                    args.append(try parseAssignment())
                }
                return Expr(.construct(type, args), t.loc)
            }
            if t.text == "numeric_limits", peek().isPunct("<") {
                return try parseNumericLimits()
            }
            pos += 1
            if templateNames.contains(t.text), cur.isPunct("<") {
                pos += 1
                var args: [TypeSpec] = []
                while !accept(">") {
                    if !args.isEmpty { try expect(",", "between template arguments") }
                    args.append(try parseType())
                }
                return Expr(.templateIdent(t.text, args), t.loc)
            }
            return Expr(.ident(t.text), t.loc)
        case .string, .char:
            throw MetalError(.unsupportedConstruct, location: t.loc, message: "string and character literals are not supported")
        case .eof:
            throw MetalError(.syntax, location: t.loc, message: "expected an expression at end of input")
        }
    }

    func parseNumber(_ t: Token) throws(MetalError) -> Expr {
        var s = t.text.lowercased()
        let isHex = s.hasPrefix("0x")
        if !isHex && (s.contains(".") || s.contains("e") || s.hasSuffix("f") || s.hasSuffix("h")) {
            var half = false
            if s.hasSuffix("h") { half = true; s.removeLast() } else if s.hasSuffix("f") { s.removeLast() }
            if s.hasSuffix("l") { throw MetalError(.unsupportedConstruct, location: t.loc, message: "long double literals are not supported") }
            guard let v = Double(s) else { throw MetalError(.syntax, location: t.loc, message: "invalid floating-point literal '\(t.text)'") }
            return Expr(.floatLit(v, half: half), t.loc)
        }
        var unsigned = false
        while let l = s.last, l == "u" || l == "l" {
            if l == "u" { unsigned = true }
            s.removeLast()
        }
        let v: UInt64?
        if isHex { v = UInt64(s.dropFirst(2), radix: 16) }
        else if s.hasPrefix("0b") { v = UInt64(s.dropFirst(2), radix: 2) }
        else if s.count > 1 && s.hasPrefix("0") { v = UInt64(s.dropFirst(), radix: 8) }
        else { v = UInt64(s) }
        guard let value = v else { throw MetalError(.syntax, location: t.loc, message: "invalid integer literal '\(t.text)'") }
        if value > UInt64(UInt32.max) { throw MetalError(.syntax, location: t.loc, message: "integer literal '\(t.text)' does not fit in 32 bits") }
        return Expr(.intLit(value, unsigned: unsigned || value > UInt64(Int32.max)), t.loc)
    }
}
