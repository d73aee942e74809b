import Foundation
import ShaderFXCore

// Mesh gradients for `PaintPipeline`: each mesh is rasterised once per pixel size into a float
// framebuffer (patches cut into `meshSubdivisions` × `meshSubdivisions` cells of two triangles,
// colours evaluated per fragment), kept for the last `meshCacheLimit` meshes, and drawn as a
// texture paint over the mesh's rectangle.

extension PaintPipeline {
    /// The rasterised mesh for `rect` at the transform's scale (kept per mesh and size), or nil
    /// when `rect` covers no pixel.
    func meshTexture(_ resolved: ResolvedMesh, rect: CGRect, userToDevice t: CGAffineTransform) throws -> Texture? {
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
