import Foundation
import ShaderFXCore

/// Why a paint could not be drawn.
package enum PaintError: Error, Equatable, CustomStringConvertible {
    /// The user-to-device transform has no inverse (a zero scale) or is not finite.
    case singularTransform(CGAffineTransform)
    /// The opacity is not a finite number.
    case invalidOpacity(Float)
    /// A paint's geometry (a point, radius, angle or rectangle) is not finite.
    case nonFiniteGeometry(String)
    /// A mesh gradient whose counts do not agree.
    case invalidMesh(String)
    /// The target holds 32-bit floats and the GPU cannot blend into them (no `GL_EXT_float_blend`).
    case noFloatBlending(renderer: String)
    /// The target, or a texture paint's texture, belongs to another GPU context.
    case foreignContext

    package var description: String {
        switch self {
        case let .singularTransform(t):
            return "the user-to-device transform (a: \(t.a), b: \(t.b), c: \(t.c), d: \(t.d), tx: \(t.tx), ty: \(t.ty)) cannot be inverted"
        case let .invalidOpacity(opacity):
            return "opacity must be a finite number, got \(opacity)"
        case let .nonFiniteGeometry(what):
            return "the paint's \(what) is not finite"
        case let .invalidMesh(reason):
            return reason
        case let .noFloatBlending(renderer):
            return "\(renderer) cannot blend into 32-bit float framebuffers (GL_EXT_float_blend is missing)"
        case .foreignContext:
            return "the target or the texture belongs to another GPU context than the paint pipeline"
        }
    }
}

/// Draws resolved paints through coverage masks into premultiplied float layers: the one GPU
/// call every filled shape and run of text goes through.
///
/// Each fill draws the full-screen triangle over a viewport on the pixels it may touch (the
/// mask's rectangle clipped to the target), so nothing else of the target changes. At each pixel
/// centre, mapped back to user space through the inverse of `userToDevice`, the paint gives a
/// premultiplied colour; coverage × opacity scales it and premultiplied source-over
/// (ONE, ONE_MINUS_SRC_ALPHA) composites it onto the target. Device pixels are addressed with
/// (0, 0) the top-left one, as `Framebuffer.read` returns rows top first.
///
/// The programs are compiled once, in `init`; the mask and gradient-stop textures are kept and
/// grown when a larger one is needed (sub-image uploads, no allocation per fill); a mesh gradient
/// is rasterised once per mesh and pixel size and kept (the last `meshCacheLimit` of them).
/// Call with the context current (`GPUContext.withCurrent`). Every call leaves blending off.
///
/// Blend modes other than source-over (`.multiply`, `.screen`, …) are not drawn here: they need
/// the destination in the shader, so they would copy the viewport's pixels of the target into a
/// scratch texture first (`glCopyTexSubImage2D` or a blit) and draw with blending off, the
/// fragment shader reading that copy and writing the blended result.
package final class PaintPipeline {
    package let context: GPUContext
    private let solid: Program, linear: Program, radial: Program, angular: Program, elliptical: Program, texture: Program
    private let mesh: Program
    private let vertexArray: VertexArray
    private let canBlendFloat32: Bool
    private var maskTexture: CoverageTexture?
    private var stopsTexture: Texture?
    private var meshes: [MeshKey: Framebuffer] = [:]
    private var meshOrder: [MeshKey] = []

    /// How many rasterised mesh gradients are kept.
    package static let meshCacheLimit = 8
    /// Cells a mesh patch is cut into along each side when rasterised.
    package static let meshSubdivisions = 24
    /// Texels a row of the mesh vertex texture.
    private static let vertexRowLength = 1024

    private struct MeshKey: Hashable {
        var mesh: ResolvedMesh
        var width: Int, height: Int
    }

    /// Compiles the programs on `context`, which must be current.
    /// - Throws: `ProgramError` if the driver rejects a program, `GPUError` for a GL failure.
    package init(context: GPUContext) throws {
        self.context = context
        func make(_ source: String, _ name: String, vertex: String = Program.vertexSource) throws -> Program {
            try Program(context: context, fragmentSource: source, file: "<ShaderFXUI \(name) paint>", vertexSource: vertex)
        }
        solid = try make(PaintShaders.solid, "solid")
        linear = try make(PaintShaders.linear, "linear gradient")
        radial = try make(PaintShaders.radial, "radial gradient")
        angular = try make(PaintShaders.angular, "angular gradient")
        elliptical = try make(PaintShaders.elliptical, "elliptical gradient")
        texture = try make(PaintShaders.texture, "texture")
        mesh = try make(PaintShaders.meshFragment, "mesh gradient", vertex: PaintShaders.meshVertex)
        vertexArray = try VertexArray(context: context)
        canBlendFloat32 = context.hasGLExtension("GL_EXT_float_blend")
        try context.check("paint pipeline set-up")
    }

    /// Rasterised mesh gradients held now (for tests).
    package var cachedMeshCount: Int { meshes.count }
    /// The mask texture's size now, (0, 0) before the first masked fill (for tests).
    package var maskTextureSize: SIMD2<Int> { maskTexture.map { SIMD2($0.width, $0.height) } ?? .zero }

    /// Draws `paint` through `mask` into `target`: each pixel of the mask gets paint × coverage
    /// × `opacity`, composited source-over; pixels outside the mask (or the target) are untouched.
    /// - Parameters:
    ///   - paint: the paint, its geometry in user-space points.
    ///   - mask: coverage on the target's device-pixel grid.
    ///   - target: the premultiplied float layer drawn into.
    ///   - userToDevice: maps user-space points to device pixels (y down, (0, 0) the top-left
    ///     corner of pixel (0, 0)).
    ///   - opacity: multiplies the paint; 1 by default.
    /// - Throws: `PaintError` for a transform without inverse, a non-finite opacity or geometry,
    ///   a mesh whose counts disagree; `GPUError` for a GL failure.
    package func fill(_ paint: ResolvedPaint, mask: CoverageMask, into target: Framebuffer,
                      userToDevice: CGAffineTransform, opacity: Float = 1) throws {
        let region = Self.clip(x: mask.originX, y: mask.originY, width: mask.width, height: mask.height, to: target)
        try validate(paint, target: target, userToDevice: userToDevice, opacity: opacity)
        guard let region, !mask.isEmpty else { return }
        // Upload the part of the mask inside the target, so a mask larger than a texture may be
        // drawn where the target clips it.
        var bytes: [UInt8]
        if region.size == SIMD2(mask.width, mask.height) {
            bytes = mask.coverage
        } else {
            bytes = []
            bytes.reserveCapacity(region.size.x * region.size.y)
            let left = region.origin.x - mask.originX
            for row in (region.origin.y - mask.originY)..<(region.origin.y - mask.originY + region.size.y) {
                let start = row * mask.width + left
                bytes.append(contentsOf: mask.coverage[start..<(start + region.size.x)])
            }
        }
        let maskTexture = try self.maskTexture(width: region.size.x, height: region.size.y)
        try maskTexture.upload(bytes, width: region.size.x, height: region.size.y)
        try draw(paint, region: region, mask: maskTexture, into: target, userToDevice: userToDevice, opacity: opacity)
    }

    /// Draws `paint` over the device pixels whose centres lie in `rect` (device pixels; for a
    /// whole-pixel rectangle, exactly its pixels), with full coverage, composited source-over.
    /// - Parameters:
    ///   - paint: the paint, its geometry in user-space points.
    ///   - rect: the rectangle to fill, in device pixels.
    ///   - target: the premultiplied float layer drawn into.
    ///   - userToDevice: maps user-space points to device pixels.
    ///   - opacity: multiplies the paint; 1 by default.
    /// - Throws: as `fill(_:mask:into:userToDevice:opacity:)`, and `PaintError.nonFiniteGeometry`
    ///   for a non-finite `rect`.
    package func fill(_ paint: ResolvedPaint, rect: CGRect, into target: Framebuffer,
                      userToDevice: CGAffineTransform, opacity: Float = 1) throws {
        guard [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy(\.isFinite) else { throw PaintError.nonFiniteGeometry("fill rectangle") }
        try validate(paint, target: target, userToDevice: userToDevice, opacity: opacity)
        let rect = rect.standardized
        // Pixel x is filled when its centre x + 0.5 lies in [minX, maxX).
        let x0 = Self.pixelIndex(rect.minX), x1 = Self.pixelIndex(rect.maxX)
        let y0 = Self.pixelIndex(rect.minY), y1 = Self.pixelIndex(rect.maxY)
        guard let region = Self.clip(x: x0, y: y0, width: x1 - x0, height: y1 - y0, to: target) else { return }
        try draw(paint, region: region, mask: nil, into: target, userToDevice: userToDevice, opacity: opacity)
    }

    /// The first pixel whose centre is at or past `edge`, clamped far outside any texture.
    private static func pixelIndex(_ edge: CGFloat) -> Int {
        Int(max(min((edge - 0.5).rounded(.up), 1_073_741_824), -1_073_741_824))
    }

    /// The rectangle of pixels at (`x`, `y`) of `width` × `height` inside `target`, or nil when none is.
    private static func clip(x: Int, y: Int, width: Int, height: Int, to target: Framebuffer) -> (origin: SIMD2<Int>, size: SIMD2<Int>)? {
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(x + max(width, 0), target.width), y1 = min(y + max(height, 0), target.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return (SIMD2(x0, y0), SIMD2(x1 - x0, y1 - y0))
    }

    private func validate(_ paint: ResolvedPaint, target: Framebuffer, userToDevice t: CGAffineTransform, opacity: Float) throws {
        guard target.context === context else { throw PaintError.foreignContext }
        guard opacity.isFinite else { throw PaintError.invalidOpacity(opacity) }
        let det = t.a * t.d - t.b * t.c
        guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite), det != 0, det.isFinite else {
            throw PaintError.singularTransform(t)
        }
        if target.texture.isFloat32 && !canBlendFloat32 { throw PaintError.noFloatBlending(renderer: context.info.renderer) }
        func finite(_ values: [CGFloat], _ what: String) throws {
            guard values.allSatisfy(\.isFinite) else { throw PaintError.nonFiniteGeometry(what) }
        }
        func finite(_ rect: CGRect, _ what: String) throws { try finite([rect.origin.x, rect.origin.y, rect.width, rect.height], what) }
        switch paint {
        case let .solid(color):
            guard (0..<4).allSatisfy({ color[$0].isFinite }) else { throw PaintError.nonFiniteGeometry("colour") }
        case let .linear(_, start, end):
            try finite([start.x, start.y, end.x, end.y], "start or end point")
        case let .radial(_, center, r0, r1):
            try finite([center.x, center.y, r0, r1], "centre or radius")
        case let .angular(_, center, a0, a1):
            try finite([center.x, center.y, CGFloat(a0), CGFloat(a1)], "centre or angle")
        case let .elliptical(_, rect, center, f0, f1):
            try finite(rect, "rectangle")
            try finite([CGFloat(center.x), CGFloat(center.y), f0, f1], "centre or radius fraction")
        case let .mesh(mesh, rect):
            try finite(rect, "rectangle")
            if let problem = mesh.problem { throw PaintError.invalidMesh(problem) }
        case let .texture(texture, rect, _):
            guard texture.context === context else { throw PaintError.foreignContext }
            try finite(rect, "rectangle")
        }
    }

    private func maskTexture(width: Int, height: Int) throws -> CoverageTexture {
        if let maskTexture, maskTexture.width >= width, maskTexture.height >= height { return maskTexture }
        // Grow to at least the larger of each side, rounded up to 256, so sizes settle quickly.
        func grown(_ needed: Int, _ current: Int) -> Int {
            min(max(needed, current).roundedUp(to: 256), max(needed, context.info.maxTextureSize))
        }
        let texture = try CoverageTexture(context: context, width: grown(width, maskTexture?.width ?? 0),
                                          height: grown(height, maskTexture?.height ?? 0))
        maskTexture = texture
        return texture
    }

    /// Uploads `gradient`'s stops (row 0 colours, row 1 locations) into the kept stops texture.
    private func uploadStops(_ gradient: ResolvedGradient) throws -> Texture {
        let count = gradient.stops.count
        let stops: Texture
        if let kept = stopsTexture, kept.width >= count {
            stops = kept
        } else {
            stops = try Texture(context: context, width: max(count, 16).roundedUp(to: 16), height: 2)
            stopsTexture = stops
        }
        var values = [Float](repeating: 0, count: count * 8)
        for (i, stop) in gradient.stops.enumerated() {
            for c in 0..<4 { values[i * 4 + c] = stop.color[c] }
            values[(count + i) * 4] = stop.location
        }
        try stops.upload(floats: values, at: .zero, width: count, height: 2)
        return stops
    }

    private func draw(_ paint: ResolvedPaint, region: (origin: SIMD2<Int>, size: SIMD2<Int>), mask: CoverageTexture?,
                      into target: Framebuffer, userToDevice: CGAffineTransform, opacity: Float) throws {
        // Textures are made (and bound, which creating one does) before anything is bound for the draw.
        let program: Program
        var stops: Texture?
        var image: (texture: Texture, rect: CGRect, filter: TextureFilter)?
        switch paint {
        case .solid: program = solid
        case let .linear(gradient, _, _): program = linear; stops = try uploadStops(gradient)
        case let .radial(gradient, _, _, _): program = radial; stops = try uploadStops(gradient)
        case let .angular(gradient, _, _, _): program = angular; stops = try uploadStops(gradient)
        case let .elliptical(gradient, _, _, _, _): program = elliptical; stops = try uploadStops(gradient)
        case let .mesh(resolved, rect):
            program = texture
            guard let texture = try meshTexture(resolved, rect: rect, userToDevice: userToDevice) else { return }
            image = (texture, rect, .linear)
        case let .texture(texture, rect, filter):
            program = self.texture
            image = (texture, rect, filter)
        }
        if let image, image.rect.width == 0 || image.rect.height == 0 { return }

        target.bindForDrawing(viewportOrigin: region.origin, size: region.size)
        vertexArray.bind()
        program.use()
        let inverse = userToDevice.inverted()
        program.set("sfx_inverseX", Float(inverse.a), Float(inverse.c), Float(inverse.tx))
        program.set("sfx_inverseY", Float(inverse.b), Float(inverse.d), Float(inverse.ty))
        program.set("sfx_opacity", opacity)
        program.set("sfx_mask", int: 0)
        if let mask {
            mask.bind(unit: 0)
            program.set("sfx_useMask", int: 1)
            program.set("sfx_maskOrigin", int2: region.origin)
        } else {
            program.set("sfx_useMask", int: 0)
        }
        if let stops {
            stops.bind(unit: 1)
            stops.setSampling(ImageSampling(repeats: false, linear: false))
            program.set("sfx_stops", int: 1)
        }
        func point(_ name: String, _ p: CGPoint) { program.set(name, Float(p.x), Float(p.y)) }
        switch paint {
        case let .solid(color):
            program.set("sfx_color", color.x, color.y, color.z, color.w)
        case let .linear(gradient, start, end):
            program.set("sfx_stopCount", int: gradient.stops.count)
            point("sfx_start", start)
            point("sfx_end", end)
        case let .radial(gradient, center, r0, r1):
            program.set("sfx_stopCount", int: gradient.stops.count)
            point("sfx_center", center)
            program.set("sfx_radii", Float(r0), Float(r1))
        case let .angular(gradient, center, a0, a1):
            program.set("sfx_stopCount", int: gradient.stops.count)
            point("sfx_center", center)
            let angles = Self.angularUniforms(start: a0, end: a1)
            program.set("sfx_direction", angles.direction)
            program.set("sfx_turnStart", angles.turnStart)
            program.set("sfx_span", angles.span)
        case let .elliptical(gradient, rect, center, f0, f1):
            program.set("sfx_stopCount", int: gradient.stops.count)
            point("sfx_rectOrigin", rect.origin)
            program.set("sfx_rectSize", Float(rect.width), Float(rect.height))
            program.set("sfx_center", Float(center.x), Float(center.y))
            program.set("sfx_radii", Float(f0), Float(f1))
        case .mesh, .texture:
            guard let image else { return }
            image.texture.bind(unit: 2)
            image.texture.setSampling(ImageSampling(repeats: false, linear: image.filter == .linear))
            program.set("sfx_image", int: 2)
            point("sfx_rectOrigin", image.rect.origin)
            program.set("sfx_rectSize", Float(image.rect.width), Float(image.rect.height))
        }
        context.setPremultipliedSourceOver(true)
        program.drawFullScreen()
        context.setPremultipliedSourceOver(false)
        mask?.bind(unit: 0)
        try context.check("painting \(region.size.x)x\(region.size.y) pixels")
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

    /// The rasterised mesh for `rect` at the transform's scale (kept per mesh and size), or nil
    /// when `rect` covers no pixel.
    private func meshTexture(_ resolved: ResolvedMesh, rect: CGRect, userToDevice t: CGAffineTransform) throws -> Texture? {
        let scaleX = (t.a * t.a + t.b * t.b).squareRoot(), scaleY = (t.c * t.c + t.d * t.d).squareRoot()
        let limit = context.info.maxTextureSize
        let width = Int(min((abs(rect.width) * scaleX).rounded(.up), CGFloat(limit)))
        let height = Int(min((abs(rect.height) * scaleY).rounded(.up), CGFloat(limit)))
        guard width > 0, height > 0 else { return nil }
        let key = MeshKey(mesh: resolved, width: width, height: height)
        if let kept = meshes[key] {
            meshOrder.removeAll { $0 == key }
            meshOrder.append(key)
            return kept.texture
        }
        let framebuffer = try rasterise(resolved, width: width, height: height)
        meshes[key] = framebuffer
        meshOrder.append(key)
        if meshOrder.count > Self.meshCacheLimit { meshes[meshOrder.removeFirst()] = nil }
        return framebuffer.texture
    }

    /// Draws `resolved` into a new `width` × `height` framebuffer whose pixels cover its unit square.
    private func rasterise(_ resolved: ResolvedMesh, width: Int, height: Int) throws -> Framebuffer {
        let n = Self.meshSubdivisions
        let points = resolved.points.map { SIMD2<Double>(Double($0.x), Double($0.y)) }
        let positionPatches = resolved.patches(of: points)
        let colorPatches = resolved.patches(of: resolved.colors.map { SIMD4<Double>($0) })
        // Vertices: for each cell, n × n quads of two triangles, each vertex (x, y, u, v).
        var vertices: [Float] = []
        let perCell = n * n * 6
        vertices.reserveCapacity(positionPatches.count * perCell * 4)
        for patch in positionPatches {
            var grid: [SIMD2<Double>] = []
            grid.reserveCapacity((n + 1) * (n + 1))
            for j in 0...n {
                for i in 0...n { grid.append(patch.evaluate(u: Double(i) / Double(n), v: Double(j) / Double(n))) }
            }
            for j in 0..<n {
                for i in 0..<n {
                    for (di, dj) in [(0, 0), (1, 0), (0, 1), (1, 0), (1, 1), (0, 1)] {
                        let p = grid[(j + dj) * (n + 1) + i + di]
                        vertices += [Float(p.x), Float(p.y), Float(i + di) / Float(n), Float(j + dj) / Float(n)]
                    }
                }
            }
        }
        let vertexCount = vertices.count / 4
        let rowLength = Self.vertexRowLength
        let rows = (vertexCount + rowLength - 1) / rowLength
        vertices += [Float](repeating: 0, count: (rows * rowLength - vertexCount) * 4)
        let vertexTexture = try Texture(context: context, width: rowLength, height: rows)
        try vertexTexture.upload(floats: vertices, at: .zero, width: rowLength, height: rows)
        // Cells: 16 straight colours a row (values, u tangents, v tangents, twists).
        var cells: [Float] = []
        cells.reserveCapacity(colorPatches.count * 64)
        for patch in colorPatches {
            let smooth = resolved.smoothsColors
            for group in [patch.values, smooth ? patch.du : [], smooth ? patch.dv : [], smooth ? patch.twist : []] {
                for k in 0..<4 {
                    let c = group.isEmpty ? SIMD4<Double>() : group[k]
                    cells += [Float(c.x), Float(c.y), Float(c.z), Float(c.w)]
                }
            }
        }
        let cellTexture = try Texture(context: context, width: 16, height: colorPatches.count)
        try cellTexture.upload(floats: cells, at: .zero, width: 16, height: colorPatches.count)

        let framebuffer = try Framebuffer(context: context, width: width, height: height)
        let b = resolved.background
        framebuffer.clear(to: SIMD4(b.x * b.w, b.y * b.w, b.z * b.w, b.w))
        context.setPassState()
        vertexArray.bind()
        mesh.use()
        vertexTexture.bind(unit: 0)
        vertexTexture.setSampling(ImageSampling(repeats: false, linear: false))
        cellTexture.bind(unit: 1)
        cellTexture.setSampling(ImageSampling(repeats: false, linear: false))
        mesh.set("sfx_vertices", int: 0)
        mesh.set("sfx_cells", int: 1)
        mesh.set("sfx_verticesPerCell", int: perCell)
        mesh.set("sfx_rowLength", int: rowLength)
        mesh.set("sfx_smooth", int: resolved.smoothsColors ? 1 : 0)
        mesh.drawTriangles(vertexCount: vertexCount)
        try context.check("rasterising a \(resolved.width)x\(resolved.height) mesh gradient into \(width)x\(height) pixels")
        return framebuffer
    }
}

private extension Int {
    /// The smallest multiple of `step` at or above this (positive) value.
    func roundedUp(to step: Int) -> Int { (self + step - 1) / step * step }
}
