// Statements (in closures, functions, builders), patterns and types.

extension Parser {
    // MARK: - Blocks

    /// `{ statements }`; `what` names it in errors ("the body of the 'if' statement").
    mutating func parseBlock(_ what: String) throws(ViewFileError) -> [Stmt] {
        guard isPunct("{") else { throw fail("expected '{' to begin \(what), found \(found())") }
        let open = advance()
        let saved = noTrailingClosure
        noTrailingClosure = false
        defer { noTrailingClosure = saved }
        let body = try parseStatements(endingAtCase: false)
        guard isPunct("}") else {
            throw fail("expected '}' to close \(what) opened at \(open.start), found \(found())")
        }
        advance()
        return body
    }

    /// Statements up to a `}` (or, in a switch, the next `case`/`default`), not consuming it.
    mutating func parseStatements(endingAtCase: Bool) throws(ViewFileError) -> [Stmt] {
        var statements: [Stmt] = []
        skipSemicolons()
        while !isPunct("}") && !atEnd {
            if endingAtCase, isKeyword("case") || isKeyword("default") || (isPunct("@") && isIdentifier("unknown", peek(1))) { break }
            statements.append(try parseStatement())
            try expectStatementEnd()
        }
        return statements
    }

    mutating func parseStatement() throws(ViewFileError) -> Stmt {
        try enter()
        defer { depth -= 1 }
        let start = current.start
        let kind: StmtKind
        switch current.kind {
        case .keyword("if"):
            kind = .ifStatement(try parseIf())
        case .keyword("guard"):
            advance()
            let conditions = try parseConditions(after: "guard")
            guard isKeyword("else") else { throw fail("expected 'else' after the 'guard' condition, found \(found())") }
            advance()
            kind = .guardStatement(conditions, try parseBlock("the body of the 'guard' statement"))
        case .keyword("for"):
            kind = try parseFor()
        case .keyword("while"):
            advance()
            let conditions = try parseConditions(after: "while")
            kind = .whileLoop(conditions, try parseBlock("the body of the 'while' loop"))
        case .keyword("repeat"):
            advance()
            let body = try parseBlock("the body of the 'repeat' loop")
            guard isKeyword("while") else { throw fail("expected 'while' after the body of the 'repeat' loop, found \(found())") }
            advance()
            kind = .repeatWhile(body, try parseExpression())
        case .keyword("switch"):
            kind = try parseSwitch()
        case .keyword("return"):
            advance()
            if isPunct("}") || isPunct(";") || atEnd || isKeyword("case") || isKeyword("default") {
                kind = .returnStatement(nil)
            } else if case .interpolationEnd = current.kind {
                kind = .returnStatement(nil)
            } else {
                kind = .returnStatement(try parseExpression())
            }
        case .keyword("break"), .keyword("continue"):
            let isBreak = isKeyword("break")
            advance()
            var label: String?
            if case .identifier(let l) = current.kind, !current.atLineStart {
                label = l
                advance()
            }
            kind = isBreak ? .breakStatement(label) : .continueStatement(label)
        case .keyword("fallthrough"):
            advance()
            kind = .fallthroughStatement
        case .keyword("throw"):
            advance()
            kind = .throwStatement(try parseExpression())
        case .keyword("defer"):
            advance()
            kind = .deferStatement(try parseBlock("the body of 'defer'"))
        case .keyword("do"):
            advance()
            let body = try parseBlock("the body of 'do'")
            var catches: [CatchClause] = []
            while isKeyword("catch") {
                let catchStart = advance().start
                var pattern: Pattern?
                var filter: Expr?
                let saved = noTrailingClosure
                noTrailingClosure = true
                if !isPunct("{") && !isKeyword("where") { pattern = try parseCasePattern(binding: false) }
                if isKeyword("where") {
                    advance()
                    filter = try parseExpression()
                }
                noTrailingClosure = saved
                let catchBody = try parseBlock("the body of 'catch'")
                catches.append(CatchClause(pattern: pattern, filter: filter, body: catchBody, range: range(from: catchStart)))
            }
            kind = .doStatement(body, catches)
        default:
            if isDeclarationStart() {
                kind = .declaration(try parseDeclaration(in: .local))
            } else {
                kind = .expression(try parseExpression())
            }
        }
        return Stmt(kind: kind, range: range(from: start))
    }

    mutating func parseIf() throws(ViewFileError) -> IfStatement {
        let start = advance().start
        let conditions = try parseConditions(after: "if")
        let body = try parseBlock("the body of the 'if' statement")
        var elseBranch: ElseBranch?
        if isKeyword("else") {
            let elseStart = advance().start
            if isKeyword("if") {
                try enter()
                defer { depth -= 1 }
                elseBranch = .elseIf(try parseIf())
            } else {
                let block = try parseBlock("the body of 'else'")
                elseBranch = .block(block, range(from: elseStart))
            }
        }
        return IfStatement(conditions: conditions, body: body, elseBranch: elseBranch, range: range(from: start))
    }

    /// The comma-separated conditions of an `if`, `guard` or `while`, where `{` is not a
    /// trailing closure.
    mutating func parseConditions(after keyword: String) throws(ViewFileError) -> [Condition] {
        let saved = noTrailingClosure
        noTrailingClosure = true
        defer { noTrailingClosure = saved }
        var conditions: [Condition] = []
        repeat {
            if !conditions.isEmpty { advance() }
            let start = current.start
            let kind: ConditionKind
            if isKeyword("let") || isKeyword("var") {
                let isLet = isKeyword("let")
                advance()
                let pattern = try parseBindingPattern()
                var type: TypeSyntax?
                if isPunct(":") {
                    advance()
                    type = try parseType()
                }
                var value: Expr?
                if isOperator("=") {
                    advance()
                    value = try parseExpression()
                } else if case .named = pattern.kind {
                } else {
                    throw fail("expected '=' and a value after the pattern in the '\(keyword)' condition, found \(found())")
                }
                kind = .optionalBinding(isLet: isLet, pattern, type, value)
            } else if isKeyword("case") {
                advance()
                let pattern = try parseCasePattern(binding: false)
                guard isOperator("=") else { throw fail("expected '=' after the pattern in the 'case' condition, found \(found())") }
                advance()
                kind = .matching(pattern, try parseExpression())
            } else if case .pound(let p) = current.kind {
                throw fail("'#\(p)' conditions are not supported in view files", kind: .unsupported)
            } else {
                if isPunct("{") { throw fail("expected a condition after '\(keyword)', found '{'") }
                kind = .expression(try parseExpression())
            }
            conditions.append(Condition(kind: kind, range: range(from: start)))
        } while isPunct(",")
        return conditions
    }

    mutating func parseFor() throws(ViewFileError) -> StmtKind {
        advance()
        let saved = noTrailingClosure
        noTrailingClosure = true
        defer { noTrailingClosure = saved }
        let pattern: Pattern
        if isKeyword("case") {
            advance()
            pattern = try parseCasePattern(binding: false)
        } else {
            pattern = try parseBindingPattern()
        }
        guard isKeyword("in") else { throw fail("expected 'in' after the 'for' pattern, found \(found())") }
        advance()
        let sequence = try parseExpression()
        var filter: Expr?
        if isKeyword("where") {
            advance()
            filter = try parseExpression()
        }
        noTrailingClosure = saved
        return .forIn(pattern, sequence, filter: filter, try parseBlock("the body of the 'for' loop"))
    }

    mutating func parseSwitch() throws(ViewFileError) -> StmtKind {
        advance()
        let saved = noTrailingClosure
        noTrailingClosure = true
        let subject = try parseExpression()
        noTrailingClosure = false
        defer { noTrailingClosure = saved }
        guard isPunct("{") else { throw fail("expected '{' after the 'switch' subject, found \(found())") }
        let open = advance()
        var cases: [SwitchCase] = []
        while !isPunct("}") {
            if atEnd { throw fail("expected '}' to close the switch opened at \(open.start), found end of file") }
            let start = current.start
            if isPunct("@"), isIdentifier("unknown", peek(1)) {
                advance()
                advance()
            }
            var patterns: [Pattern] = []
            var filter: Expr?
            let isDefault = isKeyword("default")
            if isKeyword("case") {
                advance()
                repeat {
                    if !patterns.isEmpty { advance() }
                    patterns.append(try parseCasePattern(binding: false))
                } while isPunct(",")
                if isKeyword("where") {
                    advance()
                    filter = try parseExpression()
                }
            } else if isDefault {
                advance()
            } else {
                throw fail("expected 'case' or 'default' in the switch opened at \(open.start), found \(found())")
            }
            guard isPunct(":") else {
                throw fail("expected ':' after the '\(isDefault ? "default" : "case")' label, found \(found())")
            }
            advance()
            let body = try parseStatements(endingAtCase: true)
            if body.isEmpty {
                throw fail("'\(isDefault ? "default" : "case")' label in a 'switch' must have at least one executable statement", at: start)
            }
            cases.append(SwitchCase(patterns: patterns, filter: filter, isDefault: isDefault, body: body, range: range(from: start)))
        }
        advance()
        return .switchStatement(subject, cases)
    }

    // MARK: - Patterns

    /// The pattern of a `let`/`var` or `for`: a name, `_`, or a tuple of these.
    mutating func parseBindingPattern() throws(ViewFileError) -> Pattern {
        try enter()
        defer { depth -= 1 }
        let start = current.start
        switch current.kind {
        case .keyword("_"):
            advance()
            return Pattern(kind: .wildcard, range: range(from: start))
        case .identifier(let n):
            advance()
            return Pattern(kind: .named(n), range: range(from: start))
        case .punct("("):
            let open = advance()
            var elements: [(label: String?, pattern: Pattern)] = []
            while !isPunct(")") {
                var label: String?
                if let l = name(), isPunct(":", peek(1)) {
                    label = l
                    advance()
                    advance()
                }
                elements.append((label, try parseBindingPattern()))
                if isPunct(",") { advance() } else if !isPunct(")") {
                    throw fail("expected ')' to close the tuple pattern opened at \(open.start), found \(found())")
                }
            }
            advance()
            return Pattern(kind: .tuple(elements), range: range(from: start))
        default:
            throw fail("expected a name or a tuple pattern, found \(found())")
        }
    }

    /// A `case` pattern; `binding` inside `let`/`var`, where names bind instead of comparing.
    mutating func parseCasePattern(binding: Bool) throws(ViewFileError) -> Pattern {
        try enter()
        defer { depth -= 1 }
        let start = current.start
        var pattern: Pattern
        if isKeyword("let") || isKeyword("var") {
            let isLet = isKeyword("let")
            advance()
            pattern = Pattern(kind: .binding(isLet: isLet, try parseCasePattern(binding: true)), range: range(from: start))
        } else if isKeyword("_") {
            advance()
            pattern = Pattern(kind: .wildcard, range: range(from: start))
        } else if isKeyword("is") {
            advance()
            pattern = Pattern(kind: .isType(try parseType()), range: range(from: start))
        } else if isPunct("(") {
            let open = advance()
            let elements = try parsePatternTuple(openedBy: open, binding: binding)
            pattern = Pattern(kind: .tuple(elements), range: range(from: start))
        } else if isPunct("."), let caseName = name(peek(1)) {
            advance()
            advance()
            pattern = try parseEnumCasePattern(type: [], name: caseName, binding: binding, start: start)
        } else if case .identifier(let first) = current.kind, let path = enumCasePath() {
            _ = first
            for _ in 0..<(path.count * 2 - 1) { advance() }
            pattern = try parseEnumCasePattern(type: Array(path.dropLast()), name: path.last!, binding: binding, start: start)
        } else if binding, case .identifier(let n) = current.kind {
            advance()
            pattern = Pattern(kind: .named(n), range: range(from: start))
        } else {
            pattern = Pattern(kind: .expression(try parseBinary(minimum: Self.rangePrecedence)), range: range(from: start))
        }
        while true {
            if isOperator("?"), current.leftBound {
                advance()
                pattern = Pattern(kind: .optional(pattern), range: range(from: start))
            } else if isKeyword("as") {
                advance()
                pattern = Pattern(kind: .cast(pattern, try parseType()), range: range(from: start))
            } else {
                return pattern
            }
        }
    }

    /// `Type.name(` or `A.B.name(`: the dotted names of an enum case pattern with a type.
    private func enumCasePath() -> [String]? {
        var k = index
        var path: [String] = []
        while case .identifier(let n) = tokens[k].kind {
            path.append(n)
            guard isPunct(".", tokens[k + 1]), let next = name(tokens[k + 2]) else { break }
            if case .keyword = tokens[k + 2].kind {
                path.append(next)
                k += 3
                break
            }
            k += 2
        }
        let afterPath = tokens[min(index + path.count * 2 - 1, tokens.count - 1)]
        guard path.count >= 2, isPunct("(", afterPath), !afterPath.atLineStart else { return nil }
        return path
    }

    private mutating func parseEnumCasePattern(type: [String], name caseName: String, binding: Bool, start: SourcePosition) throws(ViewFileError) -> Pattern {
        var subpatterns: [(label: String?, pattern: Pattern)]?
        if isPunct("("), !current.atLineStart {
            let open = advance()
            subpatterns = try parsePatternTuple(openedBy: open, binding: binding)
        }
        return Pattern(kind: .enumCase(type: type, name: caseName, subpatterns), range: range(from: start))
    }

    private mutating func parsePatternTuple(openedBy open: Token, binding: Bool) throws(ViewFileError) -> [(label: String?, pattern: Pattern)] {
        let saved = noTrailingClosure
        noTrailingClosure = false
        defer { noTrailingClosure = saved }
        var elements: [(label: String?, pattern: Pattern)] = []
        while !isPunct(")") {
            var label: String?
            if let l = name(), isPunct(":", peek(1)) {
                label = l
                advance()
                advance()
            }
            elements.append((label, try parseCasePattern(binding: binding)))
            if isPunct(",") { advance() } else if !isPunct(")") {
                throw fail("expected ')' to close the pattern opened at \(open.start), found \(found())")
            }
        }
        advance()
        return elements
    }

    // MARK: - Types

    mutating func parseType() throws(ViewFileError) -> TypeSyntax {
        try enter()
        defer { depth -= 1 }
        let start = current.start
        let attributes = try parseAttributes()
        var type: TypeSyntax
        if isKeyword("inout") {
            advance()
            type = TypeSyntax(kind: .inoutType(try parseType()), range: range(from: start))
        } else if (isIdentifier("some") || isIdentifier("any")), startsType(peek(1)), !peek(1).atLineStart {
            let opaque = isIdentifier("some")
            advance()
            let constraint = try parseComposition()
            type = TypeSyntax(kind: opaque ? .opaque(constraint) : .existential(constraint), range: range(from: start))
        } else {
            type = try parseComposition()
        }
        if isIdentifier("async") || isKeyword("throws") || isKeyword("rethrows") || isPunct("->") {
            let parameters: [TupleTypeElement]
            if case .tuple(let elements) = type.kind {
                parameters = elements
            } else {
                parameters = [TupleTypeElement(label: nil, type: type, defaultValue: nil)]
            }
            let (isAsync, isThrowing) = try parseEffects()
            guard isPunct("->") else { throw fail("expected '->' and a result type in the function type, found \(found())") }
            advance()
            let result = try parseType()
            type = TypeSyntax(kind: .function(parameters, isAsync: isAsync, isThrowing: isThrowing, result), range: range(from: start))
        }
        if !attributes.isEmpty {
            type = TypeSyntax(kind: .attributed(attributes, type), range: range(from: start))
        }
        return type
    }

    private func startsType(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .keyword("Self"), .punct("("), .punct("["), .punct("@"): true
        default: false
        }
    }

    /// `A & B & C`, or one type.
    private mutating func parseComposition() throws(ViewFileError) -> TypeSyntax {
        let start = current.start
        var types = [try parsePostfixType()]
        while isOperator("&") {
            advance()
            types.append(try parsePostfixType())
        }
        return types.count == 1 ? types[0] : TypeSyntax(kind: .composition(types), range: range(from: start))
    }

    private mutating func parsePostfixType() throws(ViewFileError) -> TypeSyntax {
        let start = current.start
        var type = try parsePrimaryType()
        while true {
            if case .op(let text) = current.kind, current.leftBound, text.hasPrefix("?") || text.hasPrefix("!") {
                if text.count > 1 { splitCurrentOperator(keeping: 1) }
                advance()
                type = TypeSyntax(kind: text.hasPrefix("?") ? .optional(type) : .implicitlyUnwrapped(type), range: range(from: start))
            } else if isPunct("."), let word = name(peek(1)), word == "Type" || word == "Protocol" {
                advance()
                advance()
                type = TypeSyntax(kind: .metatype(type, word), range: range(from: start))
            } else {
                return type
            }
        }
    }

    private mutating func parsePrimaryType() throws(ViewFileError) -> TypeSyntax {
        let start = current.start
        switch current.kind {
        case .identifier, .keyword("Self"):
            var components: [TypeComponent] = []
            repeat {
                if !components.isEmpty { advance() }
                guard let componentName = name() else { throw fail("expected a type name after '.', found \(found())") }
                advance()
                components.append(TypeComponent(name: componentName, genericArguments: try parseGenericArgumentsIfAny()))
            } while isPunct(".") && name(peek(1)).map { $0 != "Type" && $0 != "Protocol" } == true
            return TypeSyntax(kind: .named(components), range: range(from: start))
        case .keyword("_"):
            advance()
            return TypeSyntax(kind: .placeholder, range: range(from: start))
        case .keyword("Any"):
            advance()
            return TypeSyntax(kind: .named([TypeComponent(name: "Any", genericArguments: [])]), range: range(from: start))
        case .punct("["):
            let open = advance()
            let element = try parseType()
            if isPunct(":") {
                advance()
                let value = try parseType()
                try close("]", "dictionary type", openedAt: open)
                return TypeSyntax(kind: .dictionary(element, value), range: range(from: start))
            }
            try close("]", "array type", openedAt: open)
            return TypeSyntax(kind: .array(element), range: range(from: start))
        case .punct("("):
            let open = advance()
            let elements = try parseTupleTypeElements(openedBy: open, allowDefaults: false)
            if elements.count == 1, elements[0].label == nil, !isPunct("->"), !isIdentifier("async"), !isKeyword("throws") {
                var inner = elements[0].type
                inner.range = range(from: start)
                return inner
            }
            return TypeSyntax(kind: .tuple(elements), range: range(from: start))
        default:
            throw fail("expected a type, found \(found())")
        }
    }

    /// `(A, label: B)` after its `(`, up to and including `)`.
    mutating func parseTupleTypeElements(openedBy open: Token, allowDefaults: Bool) throws(ViewFileError) -> [TupleTypeElement] {
        var elements: [TupleTypeElement] = []
        while !isPunct(")") {
            var label: String?
            if let l = name(), isPunct(":", peek(1)) {
                label = l
                advance()
                advance()
            } else if let l = name(), let second = name(peek(1)), isPunct(":", peek(2)), second != "" {
                // `(_ name: T)` in a function type: the label and the name.
                label = l == "_" ? nil : l
                advance(); advance(); advance()
            }
            let type = try parseType()
            var defaultValue: Expr?
            if allowDefaults, isOperator("=") {
                advance()
                defaultValue = try parseExpression()
            }
            elements.append(TupleTypeElement(label: label, type: type, defaultValue: defaultValue))
            if isPunct(",") { advance() } else if !isPunct(")") {
                throw fail("expected ')' to close the tuple type opened at \(open.start), found \(found())")
            }
        }
        advance()
        return elements
    }

    /// `<A, B>` right after a type's name, or nothing.
    mutating func parseGenericArgumentsIfAny() throws(ViewFileError) -> [TypeSyntax] {
        guard case .op(let text) = current.kind, text.hasPrefix("<"), current.leftBound || text == "<" else { return [] }
        guard current.start.offset == previousEnd.offset else { return [] }
        if text != "<" { splitCurrentOperator(keeping: 1) }
        let open = advance()
        var arguments: [TypeSyntax] = []
        repeat {
            if !arguments.isEmpty { advance() }
            arguments.append(try parseType())
        } while isPunct(",")
        try closeAngle(openedAt: open, what: "generic arguments")
        return arguments
    }

    /// Reads the `>` closing generic arguments or parameters, splitting `>>`, `>?`, `>=`.
    mutating func closeAngle(openedAt open: Token, what: String) throws(ViewFileError) {
        guard case .op(let text) = current.kind, text.hasPrefix(">") else {
            throw fail("expected '>' to close the \(what) opened at \(open.start), found \(found())")
        }
        if text != ">" { splitCurrentOperator(keeping: 1) }
        advance()
    }
}
