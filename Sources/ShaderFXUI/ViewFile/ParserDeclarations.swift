// Declarations: imports, variables and computed properties, functions, initialisers, types and
// their members, enum cases, extensions, type aliases, `#Preview`; attributes and modifiers.

extension Parser {
    /// Where a declaration is, for what may appear there.
    enum DeclarationContext: Equatable {
        case topLevel
        case local
        case member(keyword: String, name: String)
    }

    static let modifierWords: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "package", "static", "final", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "nonisolated", "convenience", "required",
        "indirect", "dynamic", "optional", "prefix", "postfix", "infix", "isolated", "consuming", "borrowing",
    ]

    static let declarationKeywords: Set<String> = [
        "let", "var", "func", "struct", "class", "enum", "protocol", "extension", "import", "init",
        "typealias", "deinit", "subscript", "associatedtype",
    ]

    /// Whether the tokens from `start` begin a declaration (attributes, modifiers, then a
    /// declaration keyword).
    func isDeclarationStart(at start: Int? = nil, allowCase: Bool = false) -> Bool {
        var k = start ?? index
        if isPunct("@", tokens[k]) { return true }
        if case .pound("Preview") = tokens[k].kind { return true }
        while k < tokens.count - 1 {
            let token = tokens[k]
            guard let word = name(token) else { return false }
            if Self.declarationKeywords.contains(word) || (allowCase && word == "case") {
                if case .keyword = token.kind { return true }
            }
            if word == "actor", case .identifier = tokens[k + 1].kind { return true }
            guard Self.modifierWords.contains(word) || word == "class" else { return false }
            k += 1
            if isPunct("(", tokens[k]), k + 2 < tokens.count, isPunct(")", tokens[k + 2]) { k += 3 }
        }
        return false
    }

    mutating func parseAttributes() throws(ViewFileError) -> [Attribute] {
        var attributes: [Attribute] = []
        while isPunct("@") {
            let start = advance().start
            guard var attributeName = name() else { throw fail("expected an attribute name after '@', found \(found())") }
            advance()
            while isPunct("."), let part = name(peek(1)) {
                advance()
                advance()
                attributeName += "." + part
            }
            var arguments: [Argument]?
            var raw: String?
            if isPunct("("), current.start.offset == previousEnd.offset {
                let open = current
                let saved = index
                let savedSplits = splits.count
                do throws(ViewFileError) {
                    advance()
                    arguments = try parseArguments(openedBy: open, closer: ")", what: "attribute's arguments")
                } catch {
                    undoSplits(to: savedSplits)
                    index = saved
                    advance()
                    var level = 1
                    let from = current.start.offset
                    while level > 0 {
                        if atEnd { throw fail("expected ')' to close the attribute's arguments opened at \(open.start), found \(found())") }
                        if isPunct("(") { level += 1 }
                        if isPunct(")") { level -= 1 }
                        if level > 0 { advance() }
                    }
                    raw = String(decoding: bytes[from..<current.start.offset], as: UTF8.self)
                    advance()
                }
            }
            attributes.append(Attribute(name: attributeName, arguments: arguments, rawArguments: raw, range: range(from: start)))
        }
        return attributes
    }

    mutating func parseModifiers() -> [String] {
        var modifiers: [String] = []
        while let word = name(), Self.modifierWords.contains(word) || (word == "class" && isClassModifier()),
              isDeclarationStart(at: index + 1, allowCase: true) || (isPunct("(", peek(1)) && isPunct(")", peek(3))) {
            advance()
            var modifier = word
            if isPunct("("), let detail = name(peek(1)), isPunct(")", peek(2)) {
                modifier += "(\(detail))"
                advance(); advance(); advance()
            }
            modifiers.append(modifier)
        }
        return modifiers
    }

    private func isClassModifier() -> Bool {
        guard let next = name(peek(1)) else { return false }
        return ["func", "var", "let", "subscript"].contains(next) || Self.modifierWords.contains(next)
    }

    mutating func parseDeclaration(in context: DeclarationContext) throws(ViewFileError) -> Decl {
        try enter()
        defer { depth -= 1 }
        let start = current.start
        let attributes = try parseAttributes()
        let modifiers = parseModifiers()
        let kind: DeclKind
        switch current.kind {
        case .keyword("let"), .keyword("var"):
            kind = .variable(try parseVariable(attributes: attributes, modifiers: modifiers))
        case .keyword("func"):
            kind = .function(try parseFunction(attributes: attributes, modifiers: modifiers, context: context))
        case .keyword("init"):
            kind = .initializer(try parseInitializer(attributes: attributes, modifiers: modifiers, context: context))
        case .keyword("deinit"):
            advance()
            let body = try parseBlock("the body of 'deinit'")
            kind = .function(FunctionDecl(attributes: attributes, modifiers: modifiers, name: "deinit", genericParameters: [],
                                          parameters: [], isAsync: false, isThrowing: false, returnType: nil,
                                          requirements: [], body: body))
        case .keyword("struct"), .keyword("class"), .keyword("enum"), .keyword("protocol"), .identifier("actor"):
            kind = .type(try parseTypeDecl(attributes: attributes, modifiers: modifiers))
        case .keyword("extension"):
            kind = .extensionDecl(try parseExtension(attributes: attributes, modifiers: modifiers))
        case .keyword("typealias"):
            kind = .typeAlias(try parseTypeAlias(modifiers: modifiers))
        case .keyword("import"):
            kind = .importDecl(try parseImport(attributes: attributes, start: start))
        case .keyword("case"):
            guard case .member(keyword: "enum", _) = context else {
                throw fail("'case' declarations belong in an enum, found 'case' here")
            }
            kind = .enumCase(try parseEnumCase(modifiers: modifiers))
        case .pound("Preview"):
            guard attributes.isEmpty, modifiers.isEmpty else { throw fail("expected a declaration after the attributes and modifiers, found '#Preview'") }
            kind = .preview(try parsePreview())
        case .keyword("subscript"), .keyword("associatedtype"):
            throw fail("'\(name()!)' declarations are not supported in view files", kind: .unsupported)
        default:
            throw fail("expected a declaration, found \(found())")
        }
        return Decl(kind: kind, range: range(from: start))
    }

    mutating func parseImport(attributes: [Attribute], start: SourcePosition) throws(ViewFileError) -> ImportDecl {
        advance()
        var kind: String?
        if let word = name(), ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(word) {
            kind = word
            advance()
        }
        guard case .identifier(let first) = current.kind else { throw fail("expected a module name after 'import', found \(found())") }
        advance()
        var path = [first]
        while isPunct("."), let part = name(peek(1)) {
            advance()
            advance()
            path.append(part)
        }
        return ImportDecl(kind: kind, path: path, range: range(from: start))
    }

    // MARK: - Variables

    mutating func parseVariable(attributes: [Attribute], modifiers: [String]) throws(ViewFileError) -> VariableDecl {
        let isLet = isKeyword("let")
        advance()
        var bindings: [PatternBinding] = []
        repeat {
            if !bindings.isEmpty { advance() }
            let start = current.start
            let pattern = try parseBindingPattern()
            var type: TypeSyntax?
            if isPunct(":") {
                advance()
                type = try parseType()
            }
            var initializer: Expr?
            if isOperator("=") {
                advance()
                initializer = try parseExpression()
            }
            var accessors: [Accessor] = []
            if isPunct("{"), type != nil || isObserverBlock() {
                accessors = try parseAccessors()
            }
            // `@Environment(\.x) var x`: a property wrapper may give the type.
            if type == nil, initializer == nil, accessors.isEmpty, attributes.isEmpty {
                throw fail("expected ':' and a type, or '=' and a value, after '\(isLet ? "let" : "var") \(pattern)', found \(found())")
            }
            bindings.append(PatternBinding(pattern: pattern, type: type, initializer: initializer, accessors: accessors, range: range(from: start)))
        } while isPunct(",")
        return VariableDecl(attributes: attributes, modifiers: modifiers, isLet: isLet, bindings: bindings)
    }

    /// A `{` that opens `willSet`/`didSet` observers rather than a trailing closure.
    func isObserverBlock() -> Bool {
        guard isPunct("{") else { return false }
        return isIdentifier("willSet", peek(1)) || isIdentifier("didSet", peek(1))
    }

    private static let accessorWords: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify"]

    /// `{ statements }` (a getter) or `{ get { } set(value) { } }`.
    mutating func parseAccessors() throws(ViewFileError) -> [Accessor] {
        let open = advance()
        var k = index
        while let word = name(tokens[k]), ["mutating", "nonmutating"].contains(word) { k += 1 }
        let first = tokens[k]
        let next = tokens[min(k + 1, tokens.count - 1)]
        let isAccessorList = name(first).map { Self.accessorWords.contains($0) } == true
            && (isPunct("{", next) || isPunct("}", next) || isPunct("(", next)
                || name(next).map { Self.accessorWords.contains($0) || ["mutating", "nonmutating"].contains($0) } == true)
        guard isAccessorList else {
            let start = open.start
            let body = try parseStatements(endingAtCase: false)
            try close("}", "body of the computed property", openedAt: open)
            return [Accessor(kind: "get", modifiers: [], parameter: nil, body: body, range: range(from: start))]
        }
        var accessors: [Accessor] = []
        while !isPunct("}") {
            let start = current.start
            var modifiers: [String] = []
            while let word = name(), ["mutating", "nonmutating"].contains(word) {
                modifiers.append(word)
                advance()
            }
            guard let kind = name(), Self.accessorWords.contains(kind) else {
                throw fail("expected 'get', 'set', 'willSet' or 'didSet' in the accessors opened at \(open.start), found \(found())")
            }
            advance()
            var parameter: String?
            if isPunct("(") {
                let paren = advance()
                guard case .identifier(let p) = current.kind else { throw fail("expected a name for the accessor's value, found \(found())") }
                parameter = p
                advance()
                try close(")", "accessor's parameter", openedAt: paren)
            }
            var body: [Stmt]?
            if isPunct("{") { body = try parseBlock("the body of '\(kind)'") }
            accessors.append(Accessor(kind: kind, modifiers: modifiers, parameter: parameter, body: body, range: range(from: start)))
            skipSemicolons()
        }
        try close("}", "accessors", openedAt: open)
        return accessors
    }

    // MARK: - Functions

    mutating func parseFunction(attributes: [Attribute], modifiers: [String], context: DeclarationContext) throws(ViewFileError) -> FunctionDecl {
        advance()
        let functionName: String
        switch current.kind {
        case .identifier(let n), .op(let n): functionName = n
        default: throw fail("expected a function name after 'func', found \(found())")
        }
        advance()
        let generics = try parseGenericParameters()
        let parameters = try parseParameters(of: "function '\(functionName)'")
        let (isAsync, isThrowing) = try parseEffects()
        var returnType: TypeSyntax?
        if isPunct("->") {
            advance()
            returnType = try parseType()
        }
        let requirements = try parseWhereClause()
        var body: [Stmt]?
        if isPunct("{") {
            body = try parseBlock("the body of function '\(functionName)'")
        } else if !isProtocol(context) {
            throw fail("expected '{' to begin the body of function '\(functionName)', found \(found())")
        }
        return FunctionDecl(attributes: attributes, modifiers: modifiers, name: functionName, genericParameters: generics,
                            parameters: parameters, isAsync: isAsync, isThrowing: isThrowing, returnType: returnType,
                            requirements: requirements, body: body)
    }

    private func isProtocol(_ context: DeclarationContext) -> Bool {
        if case .member(keyword: "protocol", _) = context { return true }
        return false
    }

    mutating func parseInitializer(attributes: [Attribute], modifiers: [String], context: DeclarationContext) throws(ViewFileError) -> InitializerDecl {
        advance()
        var failability: String?
        if case .op(let text) = current.kind, text == "?" || text == "!", current.leftBound {
            failability = text
            advance()
        }
        let generics = try parseGenericParameters()
        let parameters = try parseParameters(of: "initializer")
        let (isAsync, isThrowing) = try parseEffects()
        let requirements = try parseWhereClause()
        var body: [Stmt]?
        if isPunct("{") {
            body = try parseBlock("the body of the initializer")
        } else if !isProtocol(context) {
            throw fail("expected '{' to begin the body of the initializer, found \(found())")
        }
        return InitializerDecl(attributes: attributes, modifiers: modifiers, failability: failability, genericParameters: generics,
                               parameters: parameters, isAsync: isAsync, isThrowing: isThrowing, requirements: requirements, body: body)
    }

    /// `async`, `throws`, `rethrows`, `throws(E)` after a parameter list.
    mutating func parseEffects() throws(ViewFileError) -> (isAsync: Bool, isThrowing: Bool) {
        var isAsync = false
        var isThrowing = false
        while true {
            if isIdentifier("async") {
                isAsync = true
                advance()
            } else if isKeyword("throws") || isKeyword("rethrows") {
                isThrowing = true
                advance()
                if isPunct("("), current.start.offset == previousEnd.offset {
                    let open = advance()
                    _ = try parseType()
                    try close(")", "thrown error type", openedAt: open)
                }
            } else {
                return (isAsync, isThrowing)
            }
        }
    }

    mutating func parseParameters(of what: String) throws(ViewFileError) -> [Parameter] {
        guard isPunct("(") else { throw fail("expected '(' to begin the parameters of \(what), found \(found())") }
        let open = advance()
        var parameters: [Parameter] = []
        while !isPunct(")") {
            let start = current.start
            let attributes = try parseAttributes()
            guard let first = name() else { throw fail("expected a parameter name in the parameters of \(what), found \(found())") }
            advance()
            var label: String? = first == "_" ? nil : first
            var parameterName = first
            if let second = name(), !isPunct(":") {
                parameterName = second
                advance()
            } else if first == "_" {
                label = nil
            }
            guard isPunct(":") else {
                throw fail("expected ':' and a type after the parameter '\(parameterName)', found \(found())")
            }
            advance()
            var type = try parseType()
            if isOperator("..."), current.leftBound {
                advance()
                type = TypeSyntax(kind: .variadic(type), range: type.range.union(range(from: type.range.start)))
            }
            var defaultValue: Expr?
            if isOperator("=") {
                advance()
                defaultValue = try parseExpression()
            }
            parameters.append(Parameter(label: label, name: parameterName, type: type, defaultValue: defaultValue,
                                        attributes: attributes, range: range(from: start)))
            if isPunct(",") {
                advance()
            } else if !isPunct(")") {
                throw fail("expected ')' to close the parameters of \(what) opened at \(open.start), found \(found())")
            }
        }
        advance()
        return parameters
    }

    /// `<T, U: P>` after a declaration's name, or nothing.
    mutating func parseGenericParameters() throws(ViewFileError) -> [GenericParameter] {
        guard case .op(let text) = current.kind, text.hasPrefix("<") else { return [] }
        if text != "<" { splitCurrentOperator(keeping: 1) }
        let open = advance()
        var parameters: [GenericParameter] = []
        while true {
            guard case .identifier(let parameterName) = current.kind else {
                throw fail("expected a generic parameter name, found \(found())")
            }
            advance()
            var constraint: TypeSyntax?
            if isPunct(":") {
                advance()
                constraint = try parseType()
            }
            parameters.append(GenericParameter(name: parameterName, constraint: constraint))
            if isPunct(",") {
                advance()
                continue
            }
            try closeAngle(openedAt: open, what: "generic parameters")
            return parameters
        }
    }

    /// `where T: P, U == V`, or nothing.
    mutating func parseWhereClause() throws(ViewFileError) -> [Requirement] {
        guard isKeyword("where") else { return [] }
        advance()
        var requirements: [Requirement] = []
        repeat {
            if !requirements.isEmpty { advance() }
            let subject = try parseType()
            let relation: String
            if isPunct(":") {
                relation = ":"
            } else if isOperator("==") {
                relation = "=="
            } else {
                throw fail("expected ':' or '==' in the 'where' requirement, found \(found())")
            }
            advance()
            requirements.append(Requirement(subject: subject, relation: relation, constraint: try parseType()))
        } while isPunct(",")
        return requirements
    }

    // MARK: - Types and extensions

    mutating func parseTypeDecl(attributes: [Attribute], modifiers: [String]) throws(ViewFileError) -> TypeDecl {
        let keyword = name()!
        advance()
        guard case .identifier(let typeName) = current.kind else {
            throw fail("expected a name after '\(keyword)', found \(found())")
        }
        advance()
        let generics = try parseGenericParameters()
        let inheritance = try parseInheritance()
        let requirements = try parseWhereClause()
        let members = try parseMembers(of: keyword, typeName)
        return TypeDecl(keyword: keyword, attributes: attributes, modifiers: modifiers, name: typeName,
                        genericParameters: generics, inheritance: inheritance, requirements: requirements, members: members)
    }

    mutating func parseInheritance() throws(ViewFileError) -> [TypeSyntax] {
        guard isPunct(":") else { return [] }
        var types: [TypeSyntax] = []
        repeat {
            advance()
            types.append(try parseType())
        } while isPunct(",")
        return types
    }

    mutating func parseMembers(of keyword: String, _ typeName: String) throws(ViewFileError) -> [Decl] {
        guard isPunct("{") else {
            throw fail("expected '{' to begin the body of \(keyword) '\(typeName)', found \(found())")
        }
        let open = advance()
        var members: [Decl] = []
        let context = DeclarationContext.member(keyword: keyword, name: typeName)
        skipSemicolons()
        while !isPunct("}") {
            if atEnd {
                throw fail("expected '}' to close the body of \(keyword) '\(typeName)' opened at \(open.start), found end of file")
            }
            guard isDeclarationStart(allowCase: keyword == "enum") else {
                throw fail("expected a declaration in the body of \(keyword) '\(typeName)', found \(found())")
            }
            members.append(try parseDeclaration(in: context))
            try expectStatementEnd()
        }
        advance()
        return members
    }

    mutating func parseExtension(attributes: [Attribute], modifiers: [String]) throws(ViewFileError) -> ExtensionDecl {
        advance()
        let extended = try parseType()
        let inheritance = try parseInheritance()
        let requirements = try parseWhereClause()
        let members = try parseMembers(of: "extension", "\(extended)")
        return ExtensionDecl(attributes: attributes, modifiers: modifiers, extendedType: extended, inheritance: inheritance,
                             requirements: requirements, members: members)
    }

    mutating func parseTypeAlias(modifiers: [String]) throws(ViewFileError) -> TypeAliasDecl {
        advance()
        guard case .identifier(let aliasName) = current.kind else { throw fail("expected a name after 'typealias', found \(found())") }
        advance()
        let generics = try parseGenericParameters()
        guard isOperator("=") else { throw fail("expected '=' and a type after 'typealias \(aliasName)', found \(found())") }
        advance()
        return TypeAliasDecl(modifiers: modifiers, name: aliasName, genericParameters: generics, type: try parseType())
    }

    mutating func parseEnumCase(modifiers: [String]) throws(ViewFileError) -> EnumCaseDecl {
        advance()
        var elements: [EnumCaseElement] = []
        repeat {
            if !elements.isEmpty { advance() }
            let start = current.start
            guard case .identifier(let caseName) = current.kind else { throw fail("expected a case name after 'case', found \(found())") }
            advance()
            var associated: [TupleTypeElement]?
            if isPunct("(") {
                let open = advance()
                associated = try parseTupleTypeElements(openedBy: open, allowDefaults: true)
            }
            var rawValue: Expr?
            if isOperator("=") {
                advance()
                rawValue = try parseExpression()
            }
            elements.append(EnumCaseElement(name: caseName, associatedValues: associated, rawValue: rawValue, range: range(from: start)))
        } while isPunct(",")
        return EnumCaseDecl(modifiers: modifiers, elements: elements)
    }

    mutating func parsePreview() throws(ViewFileError) -> PreviewDecl {
        let start = advance().start
        var arguments: [Argument] = []
        if isPunct("("), !current.atLineStart {
            let open = advance()
            arguments = try parseArguments(openedBy: open, closer: ")", what: "arguments of '#Preview'")
        }
        let body = try parseBlock("the body of '#Preview'")
        return PreviewDecl(arguments: arguments, body: body, range: range(from: start))
    }
}
