import Foundation
import ShaderFXCore

/// One queued step of a `PaintPipeline` batch.
enum PaintOperation {
    /// Every pixel of the framebuffer set to a premultiplied colour.
    case clear(Framebuffer, SIMD4<Float>)
    case fill(PaintDraw)
}

/// A fill made ready to draw: its program's inputs, the pixels it covers and where its mask
/// lies in the batch's atlas. It holds its target and any texture it reads, so they outlive
/// the batch's flush whoever else lets go of them.
struct PaintDraw {
    enum Shading {
        case solid(SIMD4<Float>)
        /// A gradient paint, its stops at `row` of the batch's stop table.
        case gradient(ResolvedPaint, row: Int, count: Int)
        /// A picture (a texture paint, or a rasterised mesh) over `rect` in user space.
        case image(Texture, rect: CGRect, filter: TextureFilter)
    }

    let shading: Shading
    /// The device pixels drawn (inside the target).
    let region: (origin: SIMD2<Int>, size: SIMD2<Int>)
    /// The device pixel at the atlas's texel (0, 0); nil for full coverage (a rectangle fill).
    let maskOrigin: SIMD2<Int>?
    let target: Framebuffer
    /// Device pixels to user space.
    let inverse: CGAffineTransform
    let opacity: Float
}

extension ResolvedPaint {
    /// The gradient a gradient paint interpolates; nil for any other paint.
    var gradient: ResolvedGradient? {
        switch self {
        case .linear(let g, _, _), .radial(let g, _, _, _), .angular(let g, _, _, _), .elliptical(let g, _, _, _, _): return g
        case .solid, .mesh, .texture: return nil
        }
    }
}

extension PaintPipeline {
    /// Draws `operations` in order, the batch's masks on texture unit 0 and stops on unit 1,
    /// each draw setting only the state and uniforms that differ from the draw before.
    func issue(_ operations: [PaintOperation], masks: CoverageTexture?, stops: Texture?) throws {
        vertexArray.bind()
        masks?.bind(unit: 0)
        if let stops {
            stops.bind(unit: 1)
            stops.setSampling(ImageSampling(repeats: false, linear: false))
        }
        context.setPremultipliedSourceOver(true)
        defer { context.setPremultipliedSourceOver(false) }
        var state = PaintDrawState()
        var index = 0
        while index < operations.count {
            switch operations[index] {
            case let .clear(target, color):
                target.clear(to: color)
                state.cleared(target)
                index += 1
            case let .fill(draw):
                let run = Self.solidFillRun(operations[index...], after: draw)
                if run.count > 1 {
                    issueSolidFills(run, state: &state)
                } else {
                    issue(draw, state: &state)
                }
                index += max(run.count, 1)
            }
        }
        try context.check("painting \(operations.count) queued fills and clears")
    }

    /// The solid fills through masks that start `operations`, into `first`'s target at its
    /// opacity: what one draw of `solidFills` can paint (empty when `first` is not one).
    private static func solidFillRun(_ operations: ArraySlice<PaintOperation>, after first: PaintDraw) -> [PaintDraw] {
        func joins(_ draw: PaintDraw) -> Bool {
            guard case .solid = draw.shading, draw.maskOrigin != nil else { return false }
            return draw.target === first.target && draw.opacity.bitPattern == first.opacity.bitPattern
        }
        var run: [PaintDraw] = []
        for operation in operations {
            guard case let .fill(draw) = operation, joins(draw) else { break }
            run.append(draw)
        }
        return run
    }

    /// Draws `run` (`solidFillRun`) with `solidFills`, `PaintShaders.solidFillsPerDraw` fills a call.
    private func issueSolidFills(_ run: [PaintDraw], state: inout PaintDrawState) {
        let target = run[0].target, program = solidFills
        state.bind(target, viewportOrigin: .zero, size: SIMD2(target.width, target.height))
        state.use(program)
        program.set(.opacity, run[0].opacity)
        program.set(.targetSize, Float(target.width), Float(target.height))
        let gl = program.program
        let locations = (gl.location("sfx_regions"), gl.location("sfx_colors"), gl.location("sfx_maskOrigins"))
        for start in stride(from: 0, to: run.count, by: PaintShaders.solidFillsPerDraw) {
            let part = run[start..<min(start + PaintShaders.solidFillsPerDraw, run.count)]
            gl.set(locations.0, ivec4s: part.map { draw in
                let (origin, size) = (SIMD2<Int32>(truncatingIfNeeded: draw.region.origin), SIMD2<Int32>(truncatingIfNeeded: draw.region.size))
                return SIMD4(origin.x, origin.y, origin.x + size.x, origin.y + size.y)
            })
            gl.set(locations.1, vec4s: part.map { draw in
                guard case let .solid(color) = draw.shading else { preconditionFailure("a run holds solid fills") }
                return color
            })
            gl.set(locations.2, ivec2s: part.map { SIMD2<Int32>(truncatingIfNeeded: $0.maskOrigin!) })
            gl.drawTriangles(vertexCount: 6 * part.count)
        }
    }

    private func issue(_ draw: PaintDraw, state: inout PaintDrawState) {
        let program: PaintProgram
        switch draw.shading {
        case .solid: program = solid
        case .gradient(.linear, _, _): program = linear
        case .gradient(.radial, _, _): program = radial
        case .gradient(.angular, _, _): program = angular
        case .gradient: program = elliptical
        case .image: program = texture
        }
        state.bind(draw.target, viewportOrigin: draw.region.origin, size: draw.region.size)
        state.use(program)
        let inverse = draw.inverse
        program.set(.inverseX, Float(inverse.a), Float(inverse.c), Float(inverse.tx))
        program.set(.inverseY, Float(inverse.b), Float(inverse.d), Float(inverse.ty))
        program.set(.opacity, draw.opacity)
        if let origin = draw.maskOrigin {
            program.set(.useMask, int: 1)
            program.set(.maskOrigin, int: origin.x, origin.y)
        } else {
            program.set(.useMask, int: 0)
        }
        func point(_ uniform: PaintProgram.Uniform, _ p: CGPoint) { program.set(uniform, Float(p.x), Float(p.y)) }
        switch draw.shading {
        case let .solid(color):
            program.set(.color, color.x, color.y, color.z, color.w)
        case let .gradient(paint, row, count):
            program.set(.stopCount, int: count)
            program.set(.stopsRow, int: row)
            switch paint {
            case let .linear(_, start, end):
                point(.start, start)
                point(.end, end)
            case let .radial(_, center, r0, r1):
                point(.center, center)
                program.set(.radii, Float(r0), Float(r1))
            case let .angular(_, center, a0, a1):
                point(.center, center)
                let angles = Self.angularUniforms(start: a0, end: a1)
                program.set(.direction, angles.direction)
                program.set(.turnStart, angles.turnStart)
                program.set(.span, angles.span)
            case let .elliptical(_, rect, center, f0, f1):
                point(.rectOrigin, rect.origin)
                program.set(.rectSize, Float(rect.width), Float(rect.height))
                program.set(.center, Float(center.x), Float(center.y))
                program.set(.radii, Float(f0), Float(f1))
            case .solid, .mesh, .texture:
                preconditionFailure("a gradient shading holds a gradient paint")
            }
        case let .image(texture, rect, filter):
            state.bindPicture(texture, linear: filter == .linear)
            point(.rectOrigin, rect.origin)
            program.set(.rectSize, Float(rect.width), Float(rect.height))
        }
        program.program.drawFullScreen()
    }

    /// The angular program's uniforms for a gradient from `start` to `end` radians: a
    /// counter-clockwise gradient (end < start) is drawn mirrored (direction −1), equal angles
    /// take one full turn, and the turn drawn starts at `start` or, past a full turn, at end − 2π
    /// (reduced into [0, 2π) in Double, so large angles keep their precision in Float).
    package static func angularUniforms(start: Double, end: Double) -> (direction: Float, turnStart: Float, span: Float) {
        let tau = 2 * Double.pi
        var direction = 1.0, a0 = start, a1 = end
        if a1 < a0 { (direction, a0, a1) = (-1, -a0, -a1) }
        var span = a1 - a0
        if span == 0 { span = tau }
        var turnStart = span >= tau ? a0 + span - tau : a0
        turnStart -= (turnStart / tau).rounded(.down) * tau
        return (Float(direction), Float(turnStart), Float(span))
    }
}
