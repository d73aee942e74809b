/// The GLSL interface between an effect function and the fragment shader ShaderFX stitches
/// around it, written once: the stitcher builds its prelude and `main` from it, the renderer
/// binds its uniform names, the Metal translator writes GLSL against it (and keeps its names
/// out of users' identifiers), and the tests compile translated GLSL after its prelude.
///
/// An effect function sees `Layer` and `sampleLayer` (SwiftUI's `layer.sample`), `FloatArray`
/// and `ColorArray` with `at(array, i)` over one uniform block, and `sampler2D` parameters whose
/// sampling a `#pragma shaderfx sampler(...)` line declares (``SamplerPragma``). Every name the
/// stitched shader defines for itself starts with ``reservedPrefix``.
public enum StitchedInterface {
    // MARK: Names an effect function uses

    /// The type of a layer effect's layer argument.
    public static let layerType = ParameterType.layer.rawValue
    /// `vec4 sampleLayer(Layer layer, vec2 position)`: SwiftUI's `layer.sample(position)`.
    public static let sampleLayer = "sampleLayer"
    /// The type of a float array argument.
    public static let floatArrayType = ParameterType.floatArray.rawValue
    /// The type of a colour array argument.
    public static let colorArrayType = ParameterType.colorArray.rawValue
    /// `float at(FloatArray a, int i)` and `vec4 at(ColorArray a, int i)`: an array's element.
    public static let arrayElement = "at"

    // MARK: Names the stitched shader defines for itself

    /// The prefix of every name the stitched shader defines besides those above; a user's
    /// identifier must not start with it.
    public static let reservedPrefix = "sfx_"
    /// The uniform block holding every array argument's elements.
    public static let arrayBlock = "ShaderFXArrays"
    /// The block's one member, an array of `vec4`s.
    public static let arrayData = "sfx_arrayData"
    /// Floats the array block holds: 1024 `vec4`s, the 16 KiB every GLES 3 GPU allows.
    public static let arrayCapacity = 4096
    /// The layer's texture (`sampler2D`), sampled by `sampleLayer` and read by `main`.
    public static let layerTexture = "sfx_layerTexture"
    /// The layer's top-left corner in points (`vec2`).
    public static let layerOrigin = "sfx_layerOrigin"
    /// The layer's size in points (`vec2`).
    public static let layerSize = "sfx_layerSize"
    /// Pixels per point of the pass's grid (`float`).
    public static let scale = "sfx_scale"
    /// Where the drawn target's first pixel lies on the layer's grid (`ivec2`).
    public static let outputOffset = "sfx_outputOffset"
    /// True when the pass writes straight 8-bit colour for read-back (`bool`).
    public static let straight = "sfx_straight"

    /// The uniform that carries the parameter `name` (arrays add `_offset` and `_count`).
    public static func uniformName(_ name: String) -> String { reservedPrefix + "arg_" + name }

    /// Names the prelude and the stitched `main` define, which a user's identifier must not take
    /// (besides those starting with ``reservedPrefix``).
    public static let definedNames: Set<String> = [
        layerType, floatArrayType, colorArrayType, arrayElement, sampleLayer, "main", arrayBlock,
    ]

    /// Is `name` one the stitched shader defines, so unusable for a user's identifier?
    public static func isDefined(_ name: String) -> Bool {
        definedNames.contains(name) || name.hasPrefix(reservedPrefix)
    }

    // MARK: Layout of the stitched shader

    /// The first line number of the prelude.
    public static let preludeFirstLine = 200_001
    /// The first line number of the generated `main` part.
    public static let mainFirstLine = 100_001
    /// The `#line` directive before the user's GLSL (its own line numbers, source string 1).
    public static let userLineDirective = "#line 1 1\n"

    /// The GLSL every effect function can use: the shader's first part, before the user's file.
    public static let prelude = """
        #version 300 es
        #line \(preludeFirstLine) 0
        precision highp float;
        precision highp int;
        precision highp sampler2D;
        uniform sampler2D \(layerTexture);
        uniform vec2 \(layerOrigin);
        uniform vec2 \(layerSize);
        uniform float \(scale);
        /// The layer of a layer effect: pass it to \(sampleLayer).
        struct \(layerType) { float unused; };
        /// SwiftUI's layer.sample(position): a bilinear sample at a position in points,
        /// clamped to the grown layer's edge.
        vec4 \(sampleLayer)(\(layerType) layer, vec2 position) {
            vec2 q = clamp(position - \(layerOrigin), vec2(0.0), \(layerSize));
            return texture(\(layerTexture), q / \(layerSize));
        }
        layout(std140) uniform \(arrayBlock) { vec4 \(arrayData)[\(arrayCapacity / 4)]; };
        /// A float array argument (SwiftUI's `device const float *ptr, int count`).
        struct \(floatArrayType) { int offset; int count; };
        /// A colour array argument (SwiftUI's `device const half4 *ptr, int count`).
        struct \(colorArrayType) { int offset; int count; };
        /// Element i of a float array; 0.0 outside 0 ..< count.
        float \(arrayElement)(\(floatArrayType) a, int i) {
            if (i < 0 || i >= a.count) return 0.0;
            int k = a.offset + i;
            return \(arrayData)[k >> 2][k & 3];
        }
        /// Element i of a colour array, premultiplied; transparent outside 0 ..< count.
        vec4 \(arrayElement)(\(colorArrayType) a, int i) {
            if (i < 0 || i >= a.count) return vec4(0.0);
            return \(arrayData)[(a.offset >> 2) + i];
        }

        """
}

/// The GLSL type of an effect function's parameter, and the argument kind that feeds it.
public enum ParameterType: String, Sendable, CaseIterable, Codable {
    /// `float`: `.float(x)`.
    case float
    /// `vec2`: `.float2(x, y)`.
    case vec2
    /// `vec3`: `.float3(x, y, z)`.
    case vec3
    /// `vec4`: `.float4(...)`, `.color(...)` (premultiplied) or `.boundingRect` (x, y, width, height).
    case vec4
    /// `FloatArray`: `.floatArray([...])`; read with `at(array, i)` and `array.count`.
    case floatArray = "FloatArray"
    /// `ColorArray`: `.colorArray([...])`; `at(colors, i)` is a premultiplied `vec4`.
    case colorArray = "ColorArray"
    /// `sampler2D`: `.image(...)`, sampled as a `#pragma shaderfx sampler` line declares.
    case image = "sampler2D"
    /// `Layer`: the layer of a layer effect (leading parameter only).
    case layer = "Layer"
}

/// `#pragma shaderfx sampler(NAME, address: repeat|clamp|mirrored, t_address: ..., filter: linear|nearest)`:
/// how the `sampler2D` parameter NAME is sampled. `address` sets both axes, `s_address` and
/// `t_address` one each. A setting left out is the renderer's default (clamp, linear).
public struct SamplerPragma: Sendable, Equatable, Hashable {
    /// How coordinates outside 0...1 are treated (GL's wrap modes).
    public enum Address: String, Sendable, Hashable { case clamp, `repeat`, mirrored }
    /// How texels are filtered.
    public enum Filter: String, Sendable, Hashable { case nearest, linear }

    /// The `sampler2D` parameter's name.
    public var parameter: String
    /// The address mode across (s), nil when the line leaves it out.
    public var address: Address?
    /// The address mode down (t) when it is not `address`'s, else nil.
    public var tAddress: Address?
    /// The filter, nil when the line leaves it out.
    public var filter: Filter?

    public init(parameter: String, address: Address?, tAddress: Address? = nil, filter: Filter?) {
        self.parameter = parameter
        self.address = address
        self.tAddress = tAddress == address ? nil : tAddress
        self.filter = filter
    }

    /// The address mode down (t) in force: `tAddress`, else `address`.
    public var addressDown: Address? { tAddress ?? address }

    /// The directive's line, e.g. `#pragma shaderfx sampler(tex, address: repeat, filter: linear)`.
    public var text: String {
        var fields = [parameter]
        if let address { fields.append("address: \(address.rawValue)") }
        if let tAddress { fields.append("t_address: \(tAddress.rawValue)") }
        if let filter { fields.append("filter: \(filter.rawValue)") }
        return "#pragma shaderfx sampler(\(fields.joined(separator: ", ")))"
    }

    /// The pragma a line declares, or nil when the line is none. Each field is `key: value` or a
    /// value alone: `repeat`, `clamp` (or `clamp_to_edge`) and `mirrored` (or `mirrored_repeat`)
    /// set the address of both axes, or of one under `s_address:`/`t_address:`; `linear` or
    /// `nearest` the filter; anything else is ignored.
    public init?(line: some StringProtocol) {
        let line = Self.trimmed(Substring(line))
        guard line.hasPrefix("#pragma"), line.contains("shaderfx"), line.contains("sampler("),
              let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")"), open < close else { return nil }
        let fields = line[line.index(after: open)..<close].split(separator: ",").map(Self.trimmed)
        guard let name = fields.first, !name.isEmpty else { return nil }
        var across: Address?, down: Address?, filter: Filter?
        for field in fields.dropFirst() {
            let parts = field.split(separator: ":").map(Self.trimmed)
            let key = parts.count > 1 ? parts[0] : ""
            let address: Address?
            switch parts.last ?? "" {
            case "repeat": address = .repeat
            case "clamp", "clamp_to_edge": address = .clamp
            case "mirrored", "mirrored_repeat": address = .mirrored
            case "linear": filter = .linear; address = nil
            case "nearest": filter = .nearest; address = nil
            default: address = nil
            }
            guard let address else { continue }
            if key != "t_address" { across = address }
            if key != "s_address" { down = address }
        }
        self.init(parameter: String(name), address: across ?? down, tAddress: down, filter: filter)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return text[first...last]
    }
}

/// An effect function's GLSL signature as the stitcher needs it: what the translator knows of
/// each stitchable function it wrote, so the stitcher need not read it back from the GLSL.
public struct StitchedSignature: Sendable, Equatable, Hashable {
    /// One parameter: its GLSL name and type.
    public struct Parameter: Sendable, Equatable, Hashable {
        public var name: String
        public var type: ParameterType
        public init(name: String, type: ParameterType) {
            self.name = name
            self.type = type
        }
    }

    /// The function's GLSL name.
    public var function: String
    /// The GLSL return type (`vec4` or `vec2`).
    public var returnType: String
    /// Every parameter, the kind's leading ones (`position`, `color` or `layer`) included.
    public var parameters: [Parameter]
    /// The 1-based line of the function's definition in the GLSL.
    public var line: Int
    /// The sampling of each `sampler2D` parameter, as the pragma before the function declares it.
    public var samplers: [SamplerPragma]

    public init(function: String, returnType: String, parameters: [Parameter], line: Int, samplers: [SamplerPragma]) {
        self.function = function
        self.returnType = returnType
        self.parameters = parameters
        self.line = line
        self.samplers = samplers
    }
}
