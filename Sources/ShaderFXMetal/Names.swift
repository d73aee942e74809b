import ShaderFXContract

/// GLSL ES 3.00 names that user identifiers must not take, and the renaming rule.
enum GLSLNames {
    /// Keywords and reserved words of GLSL ES 3.00 (section 3.7 of the spec).
    static let keywords: Set<String> = [
        "const", "uniform", "layout", "centroid", "flat", "smooth", "break", "continue", "do", "for", "while", "switch",
        "case", "default", "if", "else", "in", "out", "inout", "float", "int", "void", "bool", "true", "false",
        "invariant", "discard", "return", "mat2", "mat3", "mat4", "mat2x2", "mat2x3", "mat2x4", "mat3x2", "mat3x3",
        "mat3x4", "mat4x2", "mat4x3", "mat4x4", "vec2", "vec3", "vec4", "ivec2", "ivec3", "ivec4", "bvec2", "bvec3",
        "bvec4", "uint", "uvec2", "uvec3", "uvec4", "lowp", "mediump", "highp", "precision", "sampler2D", "sampler3D",
        "samplerCube", "sampler2DShadow", "samplerCubeShadow", "sampler2DArray", "sampler2DArrayShadow", "isampler2D",
        "isampler3D", "isamplerCube", "isampler2DArray", "usampler2D", "usampler3D", "usamplerCube", "usampler2DArray",
        "struct",
        // reserved for future use
        "attribute", "varying", "coherent", "volatile", "restrict", "readonly", "writeonly", "resource", "atomic_uint",
        "noperspective", "patch", "sample", "subroutine", "common", "partition", "active", "asm", "class", "union",
        "enum", "typedef", "template", "this", "goto", "inline", "noinline", "public", "static", "extern", "external",
        "interface", "long", "short", "double", "half", "fixed", "unsigned", "superp", "input", "output", "hvec2",
        "hvec3", "hvec4", "dvec2", "dvec3", "dvec4", "fvec2", "fvec3", "fvec4", "sampler3DRect", "filter", "image1D",
        "image2D", "image3D", "imageCube", "iimage1D", "iimage2D", "iimage3D", "iimageCube", "uimage1D", "uimage2D",
        "uimage3D", "uimageCube", "image1DArray", "image2DArray", "iimage1DArray", "iimage2DArray", "uimage1DArray",
        "uimage2DArray", "image1DShadow", "image2DShadow", "image1DArrayShadow", "image2DArrayShadow", "imageBuffer",
        "iimageBuffer", "uimageBuffer", "sampler1D", "sampler1DShadow", "sampler1DArray", "sampler1DArrayShadow",
        "isampler1D", "isampler1DArray", "usampler1D", "usampler1DArray", "sampler2DRect", "sampler2DRectShadow",
        "isampler2DRect", "usampler2DRect", "samplerBuffer", "isamplerBuffer", "usamplerBuffer", "sampler2DMS",
        "isampler2DMS", "usampler2DMS", "sampler2DMSArray", "isampler2DMSArray", "usampler2DMSArray", "sizeof", "cast",
        "namespace", "using",
    ]

    /// Built-in functions of GLSL ES 3.00 (section 8).
    static let builtinFunctions: Set<String> = [
        "radians", "degrees", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh",
        "atanh", "pow", "exp", "log", "exp2", "log2", "sqrt", "inversesqrt", "abs", "sign", "floor", "trunc", "round",
        "roundEven", "ceil", "fract", "mod", "modf", "min", "max", "clamp", "mix", "step", "smoothstep", "isnan", "isinf",
        "floatBitsToInt", "floatBitsToUint", "intBitsToFloat", "uintBitsToFloat", "packSnorm2x16", "unpackSnorm2x16",
        "packUnorm2x16", "unpackUnorm2x16", "packHalf2x16", "unpackHalf2x16", "length", "distance", "dot", "cross",
        "normalize", "faceforward", "reflect", "refract", "matrixCompMult", "outerProduct", "transpose", "determinant",
        "inverse", "lessThan", "lessThanEqual", "greaterThan", "greaterThanEqual", "equal", "notEqual", "any", "all",
        "not", "textureSize", "texture", "textureProj", "textureLod", "textureOffset", "texelFetch", "texelFetchOffset",
        "textureProjOffset", "textureLodOffset", "textureProjLod", "textureProjLodOffset", "textureGrad",
        "textureGradOffset", "textureProjGrad", "textureProjGradOffset", "dFdx", "dFdy", "fwidth",
    ]

    /// Is `name` unusable as a user identifier in the emitted GLSL?
    static func isReserved(_ name: String) -> Bool {
        keywords.contains(name) || builtinFunctions.contains(name) || StitchedInterface.isDefined(name)
            || name.hasPrefix("mtl_") || name.hasPrefix("gl_") || name.hasPrefix("GL_")
            || name.contains("__")
    }

    /// The GLSL spelling of a user identifier: reserved names get an `m_` prefix, `__` is broken up.
    static func safe(_ name: String) -> String {
        var n = name
        while n.contains("__") { n = n.replacingOccurrences(of: "__", with: "_u") }
        if isReserved(n) || n != name { n = (n.hasPrefix("_") ? "m" : "m_") + n }
        while isReserved(n) { n = "m_" + n }
        return n
    }
}

/// Allocates unique GLSL names.
struct NameAllocator {
    var used: Set<String> = []

    init(reserved: Set<String> = []) {
        used = reserved
    }

    /// A unique name based on `base` (already made safe): `base`, `base_1`, `base_2`...
    mutating func unique(_ base: String) -> String {
        if !used.contains(base) && !GLSLNames.isReserved(base) {
            used.insert(base)
            return base
        }
        var k = 1
        while used.contains("\(base)_\(k)") { k += 1 }
        used.insert("\(base)_\(k)")
        return "\(base)_\(k)"
    }
}
