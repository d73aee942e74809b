import CGLLoader

// What the view layer's paint pipeline needs beyond the effect passes: a one-channel texture
// for coverage masks (and their atlas), premultiplied source-over blending and draws of more
// than the full-screen triangle. Nothing here changes what the effect passes do: they keep
// blending off (`setPassState`).

/// A texture of 8-bit coverage, one channel (`GL_R8`), sampled as `.r` in 0...1: what a shape's
/// or a run of text's coverage mask is drawn through. Allocated once at a size and rewritten
/// in part (`upload(_:rowLength:width:height:)`), so a batch of masks costs no allocation.
/// Deleted with its last reference.
package final class CoverageTexture {
    package let context: GPUContext
    package let id: GLuint
    package let width: Int
    package let height: Int

    /// An uninitialised coverage texture of this size, sampled nearest and clamped.
    package init(context: GPUContext, width: Int, height: Int) throws(GPUError) {
        let limit = context.info.maxTextureSize
        guard width > 0, height > 0, width <= limit, height <= limit else {
            throw .tooLarge(width: width, height: height, maxTextureSize: limit)
        }
        self.context = context
        self.width = width
        self.height = height
        context.assertCurrent("glGenTextures")
        let gl = context.gl
        var id: GLuint = 0
        gl.GenTextures(1, &id)
        self.id = id
        gl.BindTexture(GLenum(GL_TEXTURE_2D), id)
        gl.TexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_R8), GLsizei(width), GLsizei(height))
        let clamp = GLint(GL_CLAMP_TO_EDGE), nearest = GLint(GL_NEAREST)
        gl.TexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), clamp)
        gl.TexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), clamp)
        gl.TexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), nearest)
        gl.TexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), nearest)
        try context.check("glTexStorage2D(\(width)x\(height), R8)")
    }

    deinit {
        var id = self.id
        let gl = context.gl
        _ = try? context.withCurrent { gl.DeleteTextures(1, &id) }
    }

    /// Writes the top-left `width` × `height` bytes of `bytes`, whose rows lie `rowLength`
    /// bytes apart (top row first), into the texels whose top-left is `origin`; the rest keeps what it held.
    package func upload(_ bytes: UnsafeBufferPointer<UInt8>, rowLength: Int, at origin: SIMD2<Int> = .zero,
                        width: Int, height: Int) throws(GPUError) {
        precondition(width <= rowLength && origin.x >= 0 && origin.y >= 0 && origin.x + width <= self.width && origin.y + height <= self.height)
        precondition(height == 0 || bytes.count >= (height - 1) * rowLength + width)
        try context.writeTexels(bytes, into: id, at: origin, width: width, height: height, rowLength: rowLength,
                                format: GLenum(GL_RED), type: GLenum(GL_UNSIGNED_BYTE), what: ", R8")
    }

    /// Binds the texture to texture unit `unit`.
    package func bind(unit: Int) {
        context.workCounts.textureBinds += 1
        context.gl.ActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        context.gl.BindTexture(GLenum(GL_TEXTURE_2D), id)
    }
}

extension GPUContext {
    /// Whether the GL implementation lists `name` among its extensions (`GL_EXT_float_blend`).
    package func hasGLExtension(_ name: String) -> Bool {
        assertCurrent("glGetStringi")
        var count: GLint = 0
        gl.GetIntegerv(GLenum(GL_NUM_EXTENSIONS), &count)
        for i in 0..<max(0, Int(count)) {
            if let text = gl.GetStringi(GLenum(GL_EXTENSIONS), GLuint(i)), String(cString: text) == name { return true }
        }
        return false
    }

    /// Turns premultiplied source-over blending on (`ONE, ONE_MINUS_SRC_ALPHA` for colour and
    /// alpha: result = source + destination × (1 − source alpha)) or off again, the state every
    /// effect pass assumes (`setPassState`).
    package func setPremultipliedSourceOver(_ enabled: Bool) {
        assertCurrent("glEnable(GL_BLEND)")
        workCounts.blendSets += 1
        if enabled {
            gl.Enable(GLenum(GL_BLEND))
            gl.BlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        } else {
            gl.Disable(GLenum(GL_BLEND))
        }
    }
}

extension Program {
    /// Draws `vertexCount` vertices as separate triangles with this program (which must be in
    /// use) into the bound framebuffer's viewport: for a vertex shader that places its vertices
    /// from `gl_VertexID`, with a `VertexArray` bound.
    package func drawTriangles(vertexCount: Int) {
        context.workCounts.drawCalls += 1
        context.gl.DrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(vertexCount))
    }
}

extension Texture {
    /// Whether the texels are 32-bit floats (`GL_RGBA32F`), which blending needs
    /// `GL_EXT_float_blend` for.
    package var isFloat32: Bool { internalFormat == GLenum(GL_RGBA32F) }
}

extension Framebuffer {
    /// Binds for drawing and sets every pixel to `color` (premultiplied RGBA).
    package func clear(to color: SIMD4<Float>) {
        bindForDrawing()
        let values: [GLfloat] = [color.x, color.y, color.z, color.w]
        context.workCounts.clears += 1
        context.gl.ClearBufferfv(GLenum(GL_COLOR), 0, values)
    }
}
