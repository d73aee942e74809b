import ShaderFXCore

/// A paint program with its uniforms' locations looked up once and the values last given them:
/// a uniform is program state that only this pipeline writes, so setting the value it already
/// holds is skipped (the 50 shapes of a card share their transform and opacity, and set only
/// their colour and mask origin).
final class PaintProgram {
    /// Every uniform a paint program may have (`PaintShaders`), with the `glUniform` form it takes.
    enum Uniform: Int, CaseIterable {
        case inverseX, inverseY, opacity, useMask, maskOrigin, color, stopCount, stopsRow
        case start, end, center, radii, direction, turnStart, span, rectOrigin, rectSize, targetSize

        var name: String { "sfx_\(self)" }

        /// Float components (1...4), or 0 for an integer uniform.
        var floats: Int {
            switch self {
            case .useMask, .maskOrigin, .stopCount, .stopsRow: return 0
            case .opacity, .direction, .turnStart, .span: return 1
            case .start, .end, .center, .radii, .rectOrigin, .rectSize, .targetSize: return 2
            case .inverseX, .inverseY: return 3
            case .color: return 4
            }
        }
    }

    let program: Program
    private let locations: [Int32]
    /// The bits last set per uniform (floats' bit patterns, integers' two's complement): equal
    /// bits are an equal value, so the comparison never skips a value that differs.
    private var values: [SIMD4<UInt32>?]

    init(_ program: Program) {
        self.program = program
        locations = Uniform.allCases.map { program.location($0.name) }
        values = Array(repeating: nil, count: Uniform.allCases.count)
    }

    /// Whether `bits` is new for `uniform` (and the program has it), noting it as set.
    private func changes(_ uniform: Uniform, _ bits: SIMD4<UInt32>) -> Bool {
        guard locations[uniform.rawValue] >= 0, values[uniform.rawValue] != bits else { return false }
        values[uniform.rawValue] = bits
        return true
    }

    /// Sets a float uniform's components (those past its size are ignored), unless it holds them.
    func set(_ uniform: Uniform, _ x: Float, _ y: Float = 0, _ z: Float = 0, _ w: Float = 0) {
        precondition(uniform.floats > 0)
        var bits = SIMD4(x.bitPattern, y.bitPattern, z.bitPattern, w.bitPattern)
        for i in uniform.floats..<4 { bits[i] = 0 }
        guard changes(uniform, bits) else { return }
        let location = locations[uniform.rawValue]
        switch uniform.floats {
        case 1: program.set(location, x)
        case 2: program.set(location, x, y)
        case 3: program.set(location, x, y, z)
        default: program.set(location, x, y, z, w)
        }
    }

    /// Sets an integer uniform (`ivec2` from `y` too), unless it holds the value.
    func set(_ uniform: Uniform, int x: Int, _ y: Int = 0) {
        precondition(uniform.floats == 0)
        let bits = SIMD4(UInt32(truncatingIfNeeded: x), uniform == .maskOrigin ? UInt32(truncatingIfNeeded: y) : 0, 0, 0)
        guard changes(uniform, bits) else { return }
        if uniform == .maskOrigin {
            program.set(locations[uniform.rawValue], int2: SIMD2(x, y))
        } else {
            program.set(locations[uniform.rawValue], int: x)
        }
    }
}

/// The GL state a batch's draws last set, so each draw sets only what differs from the draw
/// before: the program in use, the framebuffer and viewport, the picture on unit 2 and its
/// filter. Made fresh for each batch, since anything outside the pipeline (an effect pass)
/// may have changed that state in between.
struct PaintDrawState {
    private var program: ObjectIdentifier?
    private var framebuffer: ObjectIdentifier?
    private var viewport: (origin: SIMD2<Int>, size: SIMD2<Int>)?
    private var picture: (texture: ObjectIdentifier, linear: Bool)?

    mutating func use(_ paint: PaintProgram) {
        guard program != ObjectIdentifier(paint) else { return }
        program = ObjectIdentifier(paint)
        paint.program.use()
    }

    mutating func bind(_ target: Framebuffer, viewportOrigin origin: SIMD2<Int>, size: SIMD2<Int>) {
        if framebuffer != ObjectIdentifier(target) {
            framebuffer = ObjectIdentifier(target)
            target.bind()
        }
        if viewport.map({ $0.origin != origin || $0.size != size }) ?? true {
            viewport = (origin, size)
            target.setViewport(origin: origin, size: size)
        }
    }

    /// A clear binds its framebuffer with a viewport on all of it.
    mutating func cleared(_ target: Framebuffer) {
        framebuffer = ObjectIdentifier(target)
        viewport = (.zero, SIMD2(target.width, target.height))
    }

    mutating func bindPicture(_ texture: Texture, linear: Bool) {
        if let picture, picture.texture == ObjectIdentifier(texture), picture.linear == linear { return }
        picture = (ObjectIdentifier(texture), linear)
        texture.bind(unit: 2)
        texture.setSampling(ImageSampling(repeats: false, linear: linear))
    }
}
