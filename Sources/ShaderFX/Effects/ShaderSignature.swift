/// One parameter of an effect function.
public struct ShaderParameter: Sendable, Equatable {
    /// The GLSL type.
    public let type: ParameterType
    /// The name as written in the shader.
    public let name: String
}

/// The signature of an effect function: read from a GLSL file, or as the Metal translator handed
/// it over (`StitchedSignature`) for a function it translated.
public struct ShaderSignature: Sendable, Equatable {
    /// The function's name.
    public let function: String
    /// The GLSL return type (`vec4` or `vec2`).
    public let returnType: String
    /// Every parameter, the fixed leading ones included.
    public let parameters: [ShaderParameter]
    /// The 1-based line of the function's name in its file.
    public let line: Int
    /// Sampling declared for image parameters, by parameter name.
    public let samplers: [String: ImageSampling]
    /// `#pragma shaderfx sampler` names that are no `sampler2D` parameter of any function of the file.
    var strayPragmas: [String] = []

    /// The parameters after the kind's fixed leading ones: the ones arguments feed.
    public func arguments(for kind: EffectKind) -> [ShaderParameter] {
        Array(parameters.dropFirst(kind.leadingTypes.count))
    }

    /// Finds `function` in `source` and reads its parameters.
    /// - Parameters:
    ///   - function: the effect function's name.
    ///   - source: the GLSL text.
    ///   - file: the file name, for error messages.
    public static func parse(function: String, in source: String, file: String) throws(ShaderError) -> ShaderSignature {
        let text = stripComments(source)
        let definitions = functionDefinitions(in: text)
        guard let definition = definitions.first(where: { $0.name == function }) else {
            throw .functionNotFound(file: file, function: function, defined: definitions.map(\.name))
        }
        var parameters: [ShaderParameter] = []
        let list = definition.parameters.trimmingWhitespace
        if !list.isEmpty && list != "void" {
            for piece in list.split(separator: ",", omittingEmptySubsequences: false) {
                let words = piece.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                    .map(String.init)
                    .filter { !["const", "in", "highp", "mediump", "lowp"].contains($0) }
                guard words.count == 2 else {
                    throw .badSignature(file: file, line: definition.line, function: function,
                                        reason: "cannot read the parameter '\(piece.trimmingWhitespace)' (expected 'TYPE NAME'; out/inout and arrays are not supported)")
                }
                guard let type = ParameterType(rawValue: words[0]) else {
                    let known = ParameterType.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .badSignature(file: file, line: definition.line, function: function,
                                        reason: "parameter '\(words[1])' has type '\(words[0])'; supported types: \(known)")
                }
                parameters.append(ShaderParameter(type: type, name: words[1]))
            }
        }
        // A pragma applies to the image parameters of that name: the last one before the function
        // (a translated library declares each function's samplers just before it), else the
        // file's last one of that name (hand-written GLSL may declare them anywhere).
        let pragmas = samplerPragmaLines(in: text)
        var samplers: [String: ImageSampling] = [:]
        for parameter in parameters where parameter.type == .image {
            let named = pragmas.filter { $0.name == parameter.name }
            if let pragma = named.last(where: { $0.line < definition.line }) ?? named.last { samplers[parameter.name] = pragma.sampling }
        }
        let imageNames = Set(definitions.flatMap { definition in
            definition.parameters.split(separator: ",").compactMap { piece -> String? in
                let words = piece.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                return words.count >= 2 && words[words.count - 2] == "sampler2D" ? String(words[words.count - 1]) : nil
            }
        })
        var signature = ShaderSignature(function: function, returnType: definition.returnType, parameters: parameters,
                                        line: definition.line, samplers: samplers)
        signature.strayPragmas = pragmas.map(\.name).filter { !imageNames.contains($0) }
        return signature
    }

    /// Checks the signature against `kind`'s contract.
    public func validate(as kind: EffectKind, file: String) throws(ShaderError) {
        func fail(_ reason: String) -> ShaderError {
            .badSignature(file: file, line: line, function: function,
                          reason: "\(reason); a \(kind.modifierName) function is \(kind.contract)")
        }
        guard returnType == kind.returnType else { throw fail("returns \(returnType)") }
        let leading = parameters.prefix(kind.leadingTypes.count).map(\.type.rawValue)
        guard leading == kind.leadingTypes else {
            throw fail("starts with (\(leading.joined(separator: ", ")))")
        }
        for parameter in arguments(for: kind) where parameter.type == .layer {
            throw fail("only the leading parameter of a layer effect may be a Layer ('\(parameter.name)')")
        }
        for name in strayPragmas {
            throw .badSignature(file: file, line: line, function: function,
                                reason: "#pragma shaderfx sampler names '\(name)', which is not a sampler2D parameter")
        }
    }

    struct Definition { var returnType: String; var name: String; var parameters: String; var line: Int }

    /// Every `TYPE NAME(PARAMS) {` definition in comment-free text.
    static func functionDefinitions(in text: String) -> [Definition] {
        var result: [Definition] = []
        let chars = Array(text.unicodeScalars)
        var i = 0
        var line = 1
        var lineAt: [Int] = []
        lineAt.reserveCapacity(chars.count)
        for c in chars { lineAt.append(line); if c == "\n" { line += 1 } }
        func isIdent(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c) }
        while i < chars.count {
            guard chars[i] == "(" else { i += 1; continue }
            // Name before '('.
            var end = i - 1
            while end >= 0 && (chars[end] == " " || chars[end] == "\t" || chars[end] == "\n") { end -= 1 }
            var start = end
            while start >= 0 && isIdent(chars[start]) { start -= 1 }
            let name = String(String.UnicodeScalarView(chars[(start + 1)...max(start + 1, end)]))
            // Return type before the name.
            var typeEnd = start
            while typeEnd >= 0 && (chars[typeEnd] == " " || chars[typeEnd] == "\t" || chars[typeEnd] == "\n") { typeEnd -= 1 }
            var typeStart = typeEnd
            while typeStart >= 0 && isIdent(chars[typeStart]) { typeStart -= 1 }
            // Parameters up to ')', then '{'.
            var close = i + 1
            while close < chars.count && chars[close] != ")" && chars[close] != "(" && chars[close] != ";" { close += 1 }
            guard close < chars.count, chars[close] == ")", end >= 0, end > start, typeEnd > typeStart else { i += 1; continue }
            var brace = close + 1
            while brace < chars.count && (chars[brace] == " " || chars[brace] == "\t" || chars[brace] == "\n" || chars[brace] == "\r") { brace += 1 }
            guard brace < chars.count, chars[brace] == "{" else { i = close + 1; continue }
            let returnType = String(String.UnicodeScalarView(chars[(typeStart + 1)...typeEnd]))
            if !["if", "for", "while", "switch", "return", "else"].contains(name),
               !["return", "else"].contains(returnType), name.first.map({ !$0.isNumber }) ?? false {
                let params = String(String.UnicodeScalarView(chars[(i + 1)..<close]))
                result.append(Definition(returnType: returnType, name: name, parameters: params, line: lineAt[start + 1]))
            }
            i = close + 1
        }
        return result
    }

    /// The `#pragma shaderfx sampler(NAME, address: repeat, filter: nearest)` lines in order, each
    /// with its 1-based line.
    static func samplerPragmaLines(in text: String) -> [(name: String, sampling: ImageSampling, line: Int)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            SamplerPragma(line: line).map { ($0.parameter, ImageSampling($0), index + 1) }
        }
    }

    /// The text with `//` and `/* */` comments replaced by spaces, newlines kept.
    static func stripComments(_ source: String) -> String {
        var out = String.UnicodeScalarView()
        let chars = Array(source.unicodeScalars)
        var i = 0
        while i < chars.count {
            if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                while i < chars.count && chars[i] != "\n" { i += 1 }
            } else if chars[i] == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                i += 2
                while i < chars.count && !(chars[i] == "*" && i + 1 < chars.count && chars[i + 1] == "/") {
                    out.append(chars[i] == "\n" ? "\n" : " ")
                    i += 1
                }
                i += 2
            } else {
                out.append(chars[i])
                i += 1
            }
        }
        return String(out)
    }
}

extension ShaderSignature {
    /// The signature a translator wrote and handed over with its GLSL, read from nothing.
    public init(_ typed: StitchedSignature) {
        function = typed.function
        returnType = typed.returnType
        parameters = typed.parameters.map { ShaderParameter(type: $0.type, name: $0.name) }
        line = typed.line
        var samplers: [String: ImageSampling] = [:]
        for pragma in typed.samplers { samplers[pragma.parameter] = ImageSampling(pragma) }
        self.samplers = samplers
    }
}

extension ImageSampling {
    /// The sampling a `#pragma shaderfx sampler` line declares; what it leaves out is the default.
    init(_ pragma: SamplerPragma) {
        func wrap(_ address: SamplerPragma.Address?) -> Wrap {
            switch address {
            case .repeat: return .repeat
            case .mirrored: return .mirroredRepeat
            case .clamp, nil: return .clampToEdge
            }
        }
        self.init(wrapS: wrap(pragma.address), wrapT: wrap(pragma.addressDown), linear: pragma.filter.map { $0 == .linear } ?? true)
    }
}
