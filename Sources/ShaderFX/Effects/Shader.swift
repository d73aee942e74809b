import Foundation
import ShaderFXMetal

/// Effect functions as the stitcher reads them: GLSL, written by hand or translated from a
/// SwiftUI developer's Metal, as SwiftUI's `ShaderLibrary` holds Metal ones.
///
/// `library.ripple(.float2(origin), .float(time))` or `library.function("ripple")(...)`
/// makes a `Shader`, exactly as `ShaderLibrary.Ripple(...)` does in SwiftUI. Whatever the
/// language it was written in, `source` is GLSL and the renderer sees nothing else;
/// `lineMap` only lets messages about that GLSL name the lines the developer wrote.
@dynamicMemberLookup
public struct ShaderLibrary: Sendable, Equatable {
    /// The GLSL text the stitcher reads.
    public let source: String
    /// The file (or folder) name used in error messages.
    public let name: String
    /// Where each GLSL line came from when `source` was generated (`lineMap[k]` is line k + 1;
    /// nil for a generated line); empty when `source` is the text the developer wrote.
    public let lineMap: [ShaderSourceLocation?]
    /// The functions the source marks as effect functions (Metal's `[[ stitchable ]]`) with the
    /// kind the original signature gives them, or nil when any function whose signature fits a
    /// kind is one (GLSL).
    public let stitchableFunctions: [StitchableFunction]?
    /// What the translation of a Metal library left out, each with its error: asking for one of
    /// these stitchable functions throws that error (empty for GLSL, and when all translated).
    public internal(set) var untranslated: [UntranslatedDeclaration] = []
    /// How the library's `half` computes: `.apple` only for Metal translated for it.
    public internal(set) var precision = ShaderPrecision.float
    /// Under Apple precision, the Metal lines where `half` values round to binary16, in source
    /// analysis order (what `shaderfx precision` ranks).
    public internal(set) var halfRoundingLines: [ShaderSourceLine] = []
    /// The translation's warnings (Metal's `#warning` lines), each as clang prints it:
    /// `file:line:col: warning: message [-W#warnings]` and its notes (empty for GLSL).
    public internal(set) var warnings: [String] = []

    /// A library from GLSL text.
    /// - Parameters:
    ///   - source: GLSL ES 3.0 function definitions (no `main`, no `#version` needed).
    ///   - name: the name error messages give the source, usually its file name.
    public init(source: String, name: String = "shader.glsl") {
        self.init(source: source, name: name, lineMap: [], stitchableFunctions: nil)
    }

    /// A library of generated GLSL that remembers where its lines came from.
    /// - Parameters:
    ///   - source: the GLSL.
    ///   - name: the name error messages give the library as a whole.
    ///   - lineMap: the original location of each GLSL line (nil for a generated one).
    ///   - stitchableFunctions: the effect functions and their kinds, or nil to take every function
    ///     that fits a kind.
    public init(source: String, name: String, lineMap: [ShaderSourceLocation?], stitchableFunctions: [StitchableFunction]?) {
        self.source = source
        self.name = name
        self.lineMap = lineMap
        self.stitchableFunctions = stitchableFunctions
    }

    /// A library read from a file or a folder: a `.metal` file or a folder of `.metal` files is
    /// translated to GLSL (a folder becomes one library, as Xcode compiles a target's `.metal`
    /// files into `ShaderLibrary.default`); any other file is read as GLSL.
    /// - Parameters:
    ///   - path: the file's or folder's path.
    ///   - includePaths: folders searched by Metal's `#include` (after the including file's own).
    ///   - precision: how Metal's `half` computes; `.apple` is for Metal only (GLSL has no `half`).
    public init(contentsOf path: String, includePaths: [String] = [], precision: ShaderPrecision = .float) throws(ShaderError) {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if exists && isFolder.boolValue {
            self = try ShaderLibrary(metalFolder: path, includePaths: includePaths, precision: precision)
            return
        }
        if path.lowercased().hasSuffix(".metal") {
            self = try ShaderLibrary(metalFile: path, includePaths: includePaths, precision: precision)
            return
        }
        if precision == .apple {
            throw .unreadable(file: path, reason: "is GLSL, which has no 'half' to compute at Apple precision (precision 'apple' is for .metal sources)")
        }
        let text: String
        do {
            text = try InputFile.readText(path)
        } catch {
            throw .unreadable(file: path, reason: error.reason)
        }
        self.init(source: text, name: path)
    }

    /// The function of this name.
    public func function(_ name: String) -> ShaderFunction { ShaderFunction(library: self, name: name) }

    /// The function of this name, as `ShaderLibrary.Name` reads in SwiftUI.
    public subscript(dynamicMember name: String) -> ShaderFunction { function(name) }
}

/// One function of a `ShaderLibrary`; call it with arguments to make a `Shader`.
public struct ShaderFunction: Sendable, Equatable {
    /// The library that defines it.
    public let library: ShaderLibrary
    /// The function's name.
    public let name: String

    /// A shader calling this function with these arguments, in the order the function declares them.
    public func callAsFunction(_ arguments: Shader.Argument...) -> Shader {
        Shader(function: self, arguments: arguments)
    }

    /// The function's signature: the one the translator handed over for a stitchable function of
    /// translated GLSL, otherwise read from the GLSL.
    public func signature() throws(ShaderError) -> ShaderSignature {
        if let typed = library.stitchableFunctions?.first(where: { $0.name == name })?.signature {
            return ShaderSignature(typed)
        }
        do {
            return try ShaderSignature.parse(function: name, in: library.source, file: library.name)
        } catch {
            throw library.mapped(error)
        }
    }
}

/// A function and its arguments: what a SwiftUI effect modifier is given.
public struct Shader: Sendable, Equatable {
    /// The function to call.
    public var function: ShaderFunction
    /// Values for the parameters after the kind's fixed leading ones, in order.
    public var arguments: [Argument]

    /// A shader calling `function` with `arguments`.
    public init(function: ShaderFunction, arguments: [Argument]) {
        self.function = function
        self.arguments = arguments
    }

    /// A value passed to a shader parameter; the cases mirror SwiftUI's `Shader.Argument`.
    public enum Argument: Sendable, Equatable {
        /// A `float`.
        case float(Float)
        /// A `vec2`.
        case float2(Float, Float)
        /// A `vec3`.
        case float3(Float, Float, Float)
        /// A `vec4`, passed as it is.
        case float4(Float, Float, Float, Float)
        /// A colour, passed to a `vec4` premultiplied.
        case color(RGBA)
        /// Floats, passed to a `FloatArray`.
        case floatArray([Float])
        /// Colours, passed to a `ColorArray` premultiplied.
        case colorArray([RGBA])
        /// An image, bound as a texture to a `sampler2D`.
        case image(RGBAImage)
        /// The layer's bounds in points, `vec4(x, y, width, height)`, passed to a `vec4`.
        case boundingRect

        /// A `vec2` from a point.
        public static func float2(_ v: SIMD2<Float>) -> Argument { .float2(v.x, v.y) }

        /// The argument kind's name, for messages.
        var kindName: String {
            switch self {
            case .float: return "float"
            case .float2: return "float2"
            case .float3: return "float3"
            case .float4: return "float4"
            case .color: return "color"
            case .floatArray: return "floatArray"
            case .colorArray: return "colorArray"
            case .image: return "image"
            case .boundingRect: return "boundingRect"
            }
        }

        /// True when this argument can feed a parameter of `type`.
        func fits(_ type: ParameterType) -> Bool {
            switch (self, type) {
            case (.float, .float), (.float2, .vec2), (.float3, .vec3), (.float4, .vec4), (.color, .vec4),
                 (.boundingRect, .vec4), (.floatArray, .floatArray), (.colorArray, .colorArray), (.image, .image):
                return true
            default:
                return false
            }
        }
    }
}

/// A shader applied to a layer the way one SwiftUI modifier applies it.
public struct Effect: Sendable, Equatable {
    /// Which modifier: colour, distortion, layer or fill.
    public var kind: EffectKind
    /// The function and its arguments.
    public var shader: Shader
    /// How far, in points, the shader may sample outside the layer's bounds (width, height).
    /// The layer and the drawn region grow by this much on each side, transparently.
    public var maxSampleOffset: SIMD2<Float>
    /// When false the layer is drawn unchanged.
    public var isEnabled: Bool
    /// How much coarser than the output's pixels this pass runs: 1 (the default) draws on the
    /// output's own pixel grid; a power of two `r` draws on a grid of `r` × `r` output pixels per
    /// pixel (`scale / r` pixels per point), over the same region grown by `maxSampleOffset`.
    /// The renderer box-filters the pass's layer down to that grid and resamples the result
    /// bilinearly back to the output's pixels where the next pass or the read-back needs them.
    /// Not a SwiftUI parameter: the blur uses it so its cost does not grow with its radius.
    public var reduction: Int

    /// An effect of any kind; the static constructors read as SwiftUI's modifiers.
    public init(kind: EffectKind, shader: Shader, maxSampleOffset: SIMD2<Float> = .zero, isEnabled: Bool = true,
                reduction: Int = 1) {
        precondition(reduction >= 1 && reduction & (reduction - 1) == 0, "reduction is a power of two")
        self.kind = kind
        self.shader = shader
        self.maxSampleOffset = maxSampleOffset
        self.isEnabled = isEnabled
        self.reduction = reduction
    }

    /// `colorEffect(_:isEnabled:)`: a new colour for each pixel.
    public static func colorEffect(_ shader: Shader, isEnabled: Bool = true) -> Effect {
        Effect(kind: .color, shader: shader, maxSampleOffset: .zero, isEnabled: isEnabled)
    }

    /// `distortionEffect(_:maxSampleOffset:isEnabled:)`: where each pixel samples the layer.
    public static func distortionEffect(_ shader: Shader, maxSampleOffset: SIMD2<Float>, isEnabled: Bool = true) -> Effect {
        Effect(kind: .distortion, shader: shader, maxSampleOffset: maxSampleOffset, isEnabled: isEnabled)
    }

    /// `layerEffect(_:maxSampleOffset:isEnabled:)`: each pixel computed from samples of the layer.
    public static func layerEffect(_ shader: Shader, maxSampleOffset: SIMD2<Float>, isEnabled: Bool = true) -> Effect {
        Effect(kind: .layer, shader: shader, maxSampleOffset: maxSampleOffset, isEnabled: isEnabled)
    }

    /// A shader as a fill style (`.fill(shader)`, `.foregroundStyle(shader)`): its colour
    /// fills the layer's coverage.
    public static func fill(_ shader: Shader, isEnabled: Bool = true) -> Effect {
        Effect(kind: .fill, shader: shader, maxSampleOffset: .zero, isEnabled: isEnabled)
    }
}
