// Expressions: Swift's precedence groups, prefix and postfix operators by whitespace, member
// chains over lines, calls and trailing closures, literals, closures and key paths.

extension Parser {
    enum Associativity { case left, right, none }

    /// Swift's standard precedence groups, highest first (casting sits at 132, the ternary
    /// operator at 100).
    static let infixOperators: [String: (precedence: Int, associativity: Associativity, group: String)] = {
        var table: [String: (Int, Associativity, String)] = [:]
        for op in ["<<", ">>"] { table[op] = (160, .none, "BitwiseShiftPrecedence") }
        for op in ["*", "/", "%", "&*", "&"] { table[op] = (150, .left, "MultiplicationPrecedence") }
        for op in ["+", "-", "&+", "&-", "|", "^"] { table[op] = (140, .left, "AdditionPrecedence") }
        for op in ["..<", "..."] { table[op] = (135, .none, "RangeFormationPrecedence") }
        table["??"] = (131, .right, "NilCoalescingPrecedence")
        for op in ["==", "!=", "<", ">", "<=", ">=", "===", "!==", "~="] { table[op] = (130, .none, "ComparisonPrecedence") }
        table["&&"] = (120, .left, "LogicalConjunctionPrecedence")
        table["||"] = (110, .left, "LogicalDisjunctionPrecedence")
        for op in ["=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "|=", "^=", "&*=", "&+=", "&-="] {
            table[op] = (90, .right, "AssignmentPrecedence")
        }
        return table.mapValues { (precedence: $0.0, associativity: $0.1, group: $0.2) }
    }()

    static let castingPrecedence = 132
    static let ternaryPrecedence = 100
    static let rangePrecedence = 135
    static let prefixOperators: Set<String> = ["-", "+", "!", "~", "&", "..<", "..."]

    mutating func parseExpression() throws(ViewFileError) -> Expr {
        try enter()
        defer { depth -= 1 }
        return try parseBinary(minimum: 0)
    }

    /// A sequence of operands and infix operators of at least `minimum` precedence, folded by
    /// precedence climbing; `try`/`await` cover what follows them.
    mutating func parseBinary(minimum: Int) throws(ViewFileError) -> Expr {
        let start = current.start
        var lhs = try parseUnary(minimum: minimum)
        var lastNonAssociative: Int?
        while true {
            let token = current
            if isKeyword("as") || isKeyword("is") {
                guard Self.castingPrecedence >= minimum else { break }
                var cast: CastKind = isKeyword("is") ? .isType : .asType
                advance()
                if cast == .asType, case .op(let mark) = current.kind, current.leftBound, mark == "?" || mark == "!" {
                    cast = mark == "?" ? .conditional : .forced
                    advance()
                }
                let type = try parseType()
                lhs = Expr(kind: .cast(lhs, cast, type), range: range(from: start))
                continue
            }
            guard case .op(let text) = token.kind else { break }
            guard token.leftBound == token.rightBound else {
                // A prefix operator on a new line starts the next statement; anything else
                // with whitespace on one side only is a mistake Swift refuses too.
                if token.atLineStart, !token.leftBound { break }
                throw fail("'\(text)' must have consistent whitespace on both sides to be a binary operator (as in 'a \(text) b'), found it attached on one side only")
            }
            if text == "?" {
                guard Self.ternaryPrecedence >= minimum else { break }
                let question = advance()
                let middle = try parseExpression()
                guard isPunct(":") else {
                    throw fail("expected ':' after the '?' at \(question.start) of the ternary expression, found \(found())")
                }
                advance()
                let rhs = try parseBinary(minimum: Self.ternaryPrecedence)
                lhs = Expr(kind: .ternary(lhs, middle, rhs), range: range(from: start))
                lastNonAssociative = nil
                continue
            }
            guard let info = Self.infixOperators[text] else {
                throw fail("unknown binary operator '\(text)'")
            }
            guard info.precedence >= minimum else { break }
            if info.associativity == .none, lastNonAssociative == info.precedence {
                throw fail("adjacent operators are in non-associative precedence group '\(info.group)': add parentheses around one of them")
            }
            advance()
            let rhs = try parseBinary(minimum: info.associativity == .right ? info.precedence : info.precedence + 1)
            lhs = Expr(kind: .binary(text, lhs, rhs), range: range(from: start))
            lastNonAssociative = info.associativity == .none ? info.precedence : nil
        }
        return lhs
    }

    mutating func parseUnary(minimum: Int) throws(ViewFileError) -> Expr {
        let start = current.start
        if isKeyword("try") {
            advance()
            var kind = TryKind.plain
            if case .op(let mark) = current.kind, current.leftBound, mark == "?" || mark == "!" {
                kind = mark == "?" ? .optional : .forced
                advance()
            }
            try enter()
            defer { depth -= 1 }
            let operand = try parseBinary(minimum: minimum)
            return Expr(kind: .tryExpr(kind, operand), range: range(from: start))
        }
        if isKeyword("await") {
            advance()
            try enter()
            defer { depth -= 1 }
            let operand = try parseBinary(minimum: minimum)
            return Expr(kind: .await(operand), range: range(from: start))
        }
        return try parsePrefixed()
    }

    mutating func parsePrefixed() throws(ViewFileError) -> Expr {
        let start = current.start
        if case .op(let text) = current.kind {
            guard !current.leftBound, current.rightBound else {
                if Self.prefixOperators.contains(text) {
                    throw fail("unary operator '\(text)' cannot be separated from its operand")
                }
                throw fail("expected an expression, found \(found())")
            }
            guard Self.prefixOperators.contains(text) else { throw fail("unknown prefix operator '\(text)'") }
            try enter()
            defer { depth -= 1 }
            advance()
            let operand = try parsePrefixed()
            return Expr(kind: .prefix(text, operand), range: range(from: start))
        }
        return try parsePostfix(try parsePrimary())
    }

    /// Member access (also on the next line: `.padding()` continues the expression), calls,
    /// subscripts, trailing closures, `!`, `?`, postfix `...` and generic arguments.
    mutating func parsePostfix(_ base: Expr) throws(ViewFileError) -> Expr {
        var expr = base
        let start = base.range.start
        while true {
            let token = current
            switch token.kind {
            case .punct("."):
                let next = peek(1)
                let member: String
                switch next.kind {
                case .identifier(let n), .keyword(let n): member = n
                case .integer(let n): member = String(n)
                default: throw fail("expected a member name after '.', found \(found(next))", at: next.start)
                }
                advance()
                advance()
                expr = Expr(kind: .member(expr, member), range: range(from: start))
            case .punct("(") where !token.atLineStart:
                let open = advance()
                let arguments = try parseArguments(openedBy: open, closer: ")", what: "call")
                expr = Expr(kind: .call(expr, arguments, []), range: range(from: start))
                if startsTrailingClosure() {
                    expr = try attachTrailingClosures(to: expr, start: start)
                }
            case .punct("[") where !token.atLineStart:
                let open = advance()
                let arguments = try parseArguments(openedBy: open, closer: "]", what: "subscript")
                expr = Expr(kind: .subscripted(expr, arguments), range: range(from: start))
            case .punct("{") where startsTrailingClosure():
                expr = try attachTrailingClosures(to: Expr(kind: .call(expr, [], []), range: expr.range), start: start)
            case .op("?") where token.leftBound:
                advance()
                expr = Expr(kind: .optionalChain(expr), range: range(from: start))
            case .op("!") where token.leftBound && !token.rightBound:
                advance()
                expr = Expr(kind: .forceUnwrap(expr), range: range(from: start))
            case .op(let text) where token.leftBound && !token.rightBound:
                guard text == "..." else { throw fail("unknown postfix operator '\(text)'") }
                advance()
                expr = Expr(kind: .postfix(text, expr), range: range(from: start))
            case .op(let text) where text.hasPrefix("<") && token.leftBound:
                guard let specialized = try speculateGenericArguments(on: expr, start: start) else { return expr }
                expr = specialized
            default:
                return expr
            }
        }
    }

    /// A `{` on the same line that opens a trailing closure (not in a statement's head, not
    /// a property's observers).
    private func startsTrailingClosure() -> Bool {
        isPunct("{") && !noTrailingClosure && !current.atLineStart && !isObserverBlock()
    }

    /// `{ ... }` then any `label: { ... }`, added to `call`.
    private mutating func attachTrailingClosures(to call: Expr, start: SourcePosition) throws(ViewFileError) -> Expr {
        guard case .call(let callee, let arguments, var trailing) = call.kind else { return call }
        let first = current.start
        trailing.append(TrailingClosure(label: nil, closure: try parseClosure(), range: range(from: first)))
        while let label = name(), !isKeyword("case"), !isKeyword("default"), isPunct(":", peek(1)), isPunct("{", peek(2)) {
            let labelStart = advance().start
            advance()
            trailing.append(TrailingClosure(label: label, closure: try parseClosure(), range: range(from: labelStart)))
        }
        return Expr(kind: .call(callee, arguments, trailing), range: range(from: start))
    }

    /// `Array<Int>(...)`: generic arguments after a name, taken only when they read as types
    /// and a `(` or `.` follows, else the `<` is the operator.
    private mutating func speculateGenericArguments(on expr: Expr, start: SourcePosition) throws(ViewFileError) -> Expr? {
        switch expr.kind {
        case .identifier, .member, .implicitMember: break
        default: return nil
        }
        let saved = index
        let savedSplits = splits.count
        let savedDepth = depth
        do throws(ViewFileError) {
            let arguments = try parseGenericArgumentsIfAny()
            if !arguments.isEmpty, (isPunct("(") && !current.atLineStart) || isPunct(".") {
                return Expr(kind: .specialized(expr, arguments), range: range(from: start))
            }
        } catch {
            if error.kind == .tooDeep { throw error }
        }
        undoSplits(to: savedSplits)
        index = saved
        depth = savedDepth
        return nil
    }

    // MARK: - Primary expressions

    mutating func parsePrimary() throws(ViewFileError) -> Expr {
        let start = current.start
        let token = current
        switch token.kind {
        case .integer(let value):
            advance()
            return Expr(kind: .integer(value), range: range(from: start))
        case .float(let value):
            advance()
            return Expr(kind: .float(value), range: range(from: start))
        case .stringBegin:
            return try parseString()
        case .keyword("true"), .keyword("false"):
            advance()
            return Expr(kind: .boolean(isKeyword("true", token)), range: range(from: start))
        case .keyword("nil"):
            advance()
            return Expr(kind: .nilLiteral, range: range(from: start))
        case .keyword("self"), .keyword("Self"), .keyword("super"):
            advance()
            return Expr(kind: .identifier(name(token)!), range: range(from: start))
        case .keyword("_"):
            advance()
            return Expr(kind: .discard, range: range(from: start))
        case .identifier(let n):
            advance()
            return Expr(kind: .identifier(n), range: range(from: start))
        case .punct("."):
            guard let member = name(peek(1)) else {
                throw fail("expected a member name after '.', found \(found(peek(1)))", at: peek(1).start)
            }
            advance()
            advance()
            return Expr(kind: .implicitMember(member), range: range(from: start))
        case .punct("("):
            let open = advance()
            let elements = try parseArguments(openedBy: open, closer: ")", what: "parenthesis")
            if elements.count == 1, elements[0].label == nil {
                return Expr(kind: .parenthesized(elements[0].value), range: range(from: start))
            }
            return Expr(kind: .tuple(elements), range: range(from: start))
        case .punct("["):
            return try parseCollection()
        case .punct("{"):
            let closureStart = current.start
            let closure = try parseClosure()
            return Expr(kind: .closure(closure), range: range(from: closureStart))
        case .punct("\\"):
            return try parseKeyPath()
        case .pound(let p):
            throw fail("'#\(p)' is not supported in view files", kind: .unsupported)
        case .keyword(let k) where ["if", "switch", "guard", "for", "while", "return", "let", "var"].contains(k):
            throw fail("expected an expression, found '\(k)'")
        default:
            throw fail("expected an expression, found \(found())")
        }
    }

    /// `(a, label: b)`, `[i]`, `\(x, specifier: "%d")` after their opening token, up to and
    /// including the closer; a trailing comma is allowed.
    mutating func parseArguments(openedBy open: Token, closer: String, what: String) throws(ViewFileError) -> [Argument] {
        let saved = noTrailingClosure
        noTrailingClosure = false
        defer { noTrailingClosure = saved }
        func atCloser(_ token: Token) -> Bool {
            if closer == "\\(" { if case .interpolationEnd = token.kind { return true } else { return false } }
            return isPunct(closer, token)
        }
        let closerText = closer == "\\(" ? ")" : closer
        var arguments: [Argument] = []
        while !atCloser(current) {
            let start = current.start
            var label: String?
            if let l = name(), isPunct(":", peek(1)) {
                label = l == "_" ? nil : l
                advance()
                advance()
            }
            // A bracket that closes something else where an argument should be: the list
            // was left open (`Text("a", size: }`).
            if isPunct("}") || isPunct(")") || isPunct("]") || atEnd {
                throw fail("expected '\(closerText)' to close the \(what) opened at \(open.start), found \(found())")
            }
            let value: Expr
            if case .op(let text) = current.kind, isPunct(",", peek(1)) || atCloser(peek(1)) {
                advance()
                value = Expr(kind: .operatorReference(text), range: range(from: start))
            } else {
                value = try parseExpression()
            }
            arguments.append(Argument(label: label, value: value, range: range(from: start)))
            if isPunct(",") {
                advance()
            } else if !atCloser(current) {
                throw fail("expected '\(closerText)' to close the \(what) opened at \(open.start), found \(found())")
            }
        }
        advance()
        return arguments
    }

    private mutating func parseString() throws(ViewFileError) -> Expr {
        let open = advance()
        var segments: [StringSegment] = []
        while true {
            switch current.kind {
            case .stringSegment(let text):
                advance()
                if !text.isEmpty { segments.append(.text(text)) }
            case .interpolationBegin:
                let interpolation = advance()
                let arguments = try parseArguments(openedBy: interpolation, closer: "\\(", what: "string interpolation")
                segments.append(.interpolation(arguments, range(from: interpolation.start)))
            case .stringEnd:
                advance()
                if segments.isEmpty { segments.append(.text("")) }
                return Expr(kind: .string(segments), range: range(from: open.start))
            default:
                throw fail("expected the end of the string literal opened at \(open.start), found \(found())")
            }
        }
    }

    /// `[a, b]`, `[k: v]`, `[]`, `[:]`.
    private mutating func parseCollection() throws(ViewFileError) -> Expr {
        let open = advance()
        let saved = noTrailingClosure
        noTrailingClosure = false
        defer { noTrailingClosure = saved }
        if isPunct("]") {
            advance()
            return Expr(kind: .array([]), range: range(from: open.start))
        }
        if isPunct(":"), isPunct("]", peek(1)) {
            advance()
            advance()
            return Expr(kind: .dictionary([]), range: range(from: open.start))
        }
        let first = try parseExpression()
        if isPunct(":") {
            advance()
            var pairs = [(key: first, value: try parseExpression())]
            while isPunct(",") {
                advance()
                if isPunct("]") { break }
                let key = try parseExpression()
                guard isPunct(":") else {
                    throw fail("expected ':' after the key in the dictionary literal opened at \(open.start), found \(found())")
                }
                advance()
                pairs.append((key, try parseExpression()))
            }
            try close("]", "dictionary literal", openedAt: open)
            return Expr(kind: .dictionary(pairs), range: range(from: open.start))
        }
        var elements = [first]
        while isPunct(",") {
            advance()
            if isPunct("]") { break }
            elements.append(try parseExpression())
        }
        try close("]", "array literal", openedAt: open)
        return Expr(kind: .array(elements), range: range(from: open.start))
    }

    /// `\.a.b`, `\Root.a`, `\.self`, `\.[0]`, `\.a?.b`.
    private mutating func parseKeyPath() throws(ViewFileError) -> Expr {
        let start = advance().start
        var root: TypeSyntax?
        if case .identifier(let n) = current.kind, current.start.offset == previousEnd.offset {
            let rootStart = advance().start
            root = TypeSyntax(kind: .named([TypeComponent(name: n, genericArguments: try parseGenericArgumentsIfAny())]),
                              range: range(from: rootStart))
        }
        var components: [KeyPathComponent] = []
        while true {
            if isPunct(".") {
                guard let property = name(peek(1)) else {
                    throw fail("expected a property name after '.' in the key path, found \(found(peek(1)))", at: peek(1).start)
                }
                advance()
                advance()
                components.append(.property(property))
            } else if case .op(let text) = current.kind, current.leftBound, text == "?" || text == "!" {
                advance()
                components.append(text == "?" ? .optional : .force)
            } else if isPunct("["), !current.atLineStart, !components.isEmpty || root != nil || current.start.offset == previousEnd.offset {
                let open = advance()
                components.append(.subscripted(try parseArguments(openedBy: open, closer: "]", what: "subscript")))
            } else {
                break
            }
        }
        if components.isEmpty {
            throw fail("expected a key path such as '\\.name' or '\\Type.name' after '\\', found \(found())")
        }
        return Expr(kind: .keyPath(root: root, components), range: range(from: start))
    }

    // MARK: - Closures

    mutating func parseClosure() throws(ViewFileError) -> Closure {
        let open = advance()
        let saved = noTrailingClosure
        noTrailingClosure = false
        defer { noTrailingClosure = saved }
        var captures: [Capture] = []
        var parameters: [ClosureParameter]?
        var parenthesized = false
        var isAsync = false
        var isThrowing = false
        var returnType: TypeSyntax?
        if closureHasSignature() {
            if isPunct("[") {
                let bracket = advance()
                while !isPunct("]") {
                    let captureStart = current.start
                    var specifier: String?
                    if let word = name(), word == "weak" || word == "unowned", name(peek(1)) != nil || isPunct("(", peek(1)) {
                        specifier = word
                        advance()
                        if isPunct("("), let detail = name(peek(1)), isPunct(")", peek(2)) {
                            specifier! += "(\(detail))"
                            advance(); advance(); advance()
                        }
                    }
                    guard let captured = name() else { throw fail("expected a name in the capture list, found \(found())") }
                    advance()
                    var value: Expr?
                    if isOperator("=") {
                        advance()
                        value = try parseExpression()
                    }
                    captures.append(Capture(specifier: specifier, name: captured, value: value, range: range(from: captureStart)))
                    if isPunct(",") { advance() } else if !isPunct("]") {
                        throw fail("expected ']' to close the capture list opened at \(bracket.start), found \(found())")
                    }
                }
                advance()
            }
            if isPunct("(") {
                let paren = advance()
                parenthesized = true
                var list: [ClosureParameter] = []
                while !isPunct(")") {
                    let parameterStart = current.start
                    guard let parameterName = name() else { throw fail("expected a closure parameter name, found \(found())") }
                    advance()
                    var type: TypeSyntax?
                    if isPunct(":") {
                        advance()
                        type = try parseType()
                    }
                    list.append(ClosureParameter(name: parameterName, type: type, range: range(from: parameterStart)))
                    if isPunct(",") { advance() } else if !isPunct(")") {
                        throw fail("expected ')' to close the closure's parameters opened at \(paren.start), found \(found())")
                    }
                }
                advance()
                parameters = list
            } else if !isKeyword("in") {
                var list: [ClosureParameter] = []
                repeat {
                    if !list.isEmpty { advance() }
                    let parameterStart = current.start
                    guard case .identifier(let n) = current.kind else {
                        guard isKeyword("_") else { throw fail("expected a closure parameter name, found \(found())") }
                        advance()
                        list.append(ClosureParameter(name: "_", type: nil, range: range(from: parameterStart)))
                        continue
                    }
                    advance()
                    list.append(ClosureParameter(name: n, type: nil, range: range(from: parameterStart)))
                } while isPunct(",")
                parameters = list
            }
            (isAsync, isThrowing) = try parseEffects()
            if isPunct("->") {
                advance()
                returnType = try parseType()
            }
            guard isKeyword("in") else { throw fail("expected 'in' after the closure's parameters, found \(found())") }
            advance()
            if parameters == nil { parameters = [] }
        }
        let body = try parseStatements(endingAtCase: false)
        guard isPunct("}") else {
            throw fail("expected '}' to close the closure opened at \(open.start), found \(found())")
        }
        advance()
        return Closure(captures: captures, parameters: parameters, parenthesizedParameters: parenthesized, isAsync: isAsync,
                       isThrowing: isThrowing, returnType: returnType, body: body, range: range(from: open.start))
    }

    /// Whether the closure opened by the previous `{` starts with a signature ending in `in`:
    /// a look ahead over the tokens a capture list, parameters and a result type are made of.
    private func closureHasSignature() -> Bool {
        var k = index
        var level = 0
        while k < tokens.count {
            let token = tokens[k]
            switch token.kind {
            case .keyword("in") where level == 0:
                return k > index
            case .punct("("), .punct("["):
                level += 1
            case .punct(")"), .punct("]"):
                level -= 1
                if level < 0 { return false }
            case .punct("{"), .punct("}"), .endOfFile, .error:
                return false
            default:
                if level == 0 {
                    switch token.kind {
                    case .identifier, .keyword("_"), .keyword("inout"), .keyword("throws"), .keyword("rethrows"), .keyword("Self"),
                         .punct(","), .punct(":"), .punct("."), .punct("->"), .punct("@"),
                         .op("?"), .op("!"), .op("&"), .op("<"), .op(">"), .op("..."):
                        break
                    default:
                        return false
                    }
                }
            }
            k += 1
        }
        return false
    }
}
