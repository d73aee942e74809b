import CGLLoader
import Synchronization

/// A 2D texture in a float format, premultiplied RGBA; deleted with its last reference.
package final class Texture {
    package let context: GPUContext
    package let id: GLuint
    package let width: Int
    package let height: Int
    /// `GL_RGBA32F` where the GPU filters it linearly, else `GL_RGBA16F`.
    package let internalFormat: GLenum

    /// An uninitialised texture of this size, in the context's float format or 8-bit RGBA.
    package init(context: GPUContext, width: Int, height: Int, eightBit: Bool = false) throws(GPUError) {
        let limit = context.info.maxTextureSize
        guard width > 0, height > 0, width <= limit, height <= limit else {
            throw .tooLarge(width: width, height: height, maxTextureSize: limit)
        }
        self.context = context
        self.width = width
        self.height = height
        internalFormat = GLenum(eightBit ? GL_RGBA8 : context.info.hasFloat32Linear ? GL_RGBA32F : GL_RGBA16F)
        context.assertCurrent("glGenTextures")
        let gl = context.gl
        var id: GLuint = 0
        gl.GenTextures(1, &id)
        self.id = id
        gl.BindTexture(GLenum(GL_TEXTURE_2D), id)
        gl.TexStorage2D(GLenum(GL_TEXTURE_2D), 1, internalFormat, GLsizei(width), GLsizei(height))
        setSampling(ImageSampling())
        try context.check("glTexStorage2D(\(width)x\(height))")
    }

    /// A texture holding `image`, row 0 (the top) at t = 0.
    package convenience init(context: GPUContext, image: RGBAImage) throws(GPUError) {
        try self.init(context: context, width: image.width, height: image.height)
        try upload(image)
    }

    /// Whether the texture holds 8-bit channels.
    package var isEightBit: Bool { internalFormat == GLenum(GL_RGBA8) }

    /// The bytes its texels take: 4 a texel in 8 bits, else 16 (what a 32-bit float texture
    /// takes, an upper bound where the context stores half floats).
    package var byteCount: Int { width * height * (isEightBit ? 4 : 16) }

    deinit {
        var id = self.id
        let gl = context.gl
        _ = try? context.withCurrent { gl.DeleteTextures(1, &id) }
    }

    /// Sets wrap and filter modes of the bound texture unit's texture.
    package func setSampling(_ sampling: ImageSampling) {
        let gl = context.gl
        context.workCounts.samplingSets += 1
        gl.BindTexture(GLenum(GL_TEXTURE_2D), id)
        func wrap(_ mode: ImageSampling.Wrap) -> GLint {
            switch mode {
            case .clampToEdge: return GLint(GL_CLAMP_TO_EDGE)
            case .repeat: return GLint(GL_REPEAT)
            case .mirroredRepeat: return GLint(GL_MIRRORED_REPEAT)
            }
        }
        let filter = GLint(sampling.linear ? GL_LINEAR : GL_NEAREST)
        gl.TexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), wrap(sampling.wrapS))
        gl.TexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), wrap(sampling.wrapT))
        gl.TexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        gl.TexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
    }

    /// Binds the texture to texture unit `unit`.
    package func bind(unit: Int) {
        context.workCounts.textureBinds += 1
        context.gl.ActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        context.gl.BindTexture(GLenum(GL_TEXTURE_2D), id)
    }
}

/// A framebuffer object drawing into its own float texture.
package final class Framebuffer {
    package let context: GPUContext
    package let id: GLuint
    package let texture: Texture

    package init(context: GPUContext, width: Int, height: Int, eightBit: Bool = false) throws(GPUError) {
        self.context = context
        texture = try Texture(context: context, width: width, height: height, eightBit: eightBit)
        context.assertCurrent("glGenFramebuffers")
        let gl = context.gl
        var id: GLuint = 0
        gl.GenFramebuffers(1, &id)
        self.id = id
        gl.BindFramebuffer(GLenum(GL_FRAMEBUFFER), id)
        gl.FramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture.id, 0)
        let status = gl.CheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GL_FRAMEBUFFER_COMPLETE else {
            let names: [GLenum: String] = [GLenum(GL_RGBA32F): "RGBA32F", GLenum(GL_RGBA16F): "RGBA16F", GLenum(GL_RGBA8): "RGBA8"]
            throw .framebufferIncomplete(status: status, format: names[texture.internalFormat] ?? "unknown")
        }
        try context.check("glFramebufferTexture2D")
    }

    deinit {
        var id = self.id
        let gl = context.gl
        _ = try? context.withCurrent { gl.DeleteFramebuffers(1, &id) }
    }

    package var width: Int { texture.width }
    package var height: Int { texture.height }

    /// Binds for drawing, with a viewport covering the whole texture.
    package func bindForDrawing() {
        bindForDrawing(viewportOrigin: .zero, size: SIMD2(width, height))
    }

    /// Binds for drawing with the viewport on the rectangle of `size` pixels at `origin` (the
    /// rest of the texture is left as it is).
    package func bindForDrawing(viewportOrigin origin: SIMD2<Int>, size: SIMD2<Int>) {
        bind()
        setViewport(origin: origin, size: size)
    }

    /// Binds for drawing, the viewport left as it is.
    package func bind() {
        context.workCounts.framebufferBinds += 1
        context.gl.BindFramebuffer(GLenum(GL_FRAMEBUFFER), id)
    }

    /// Sets the viewport (of whatever framebuffer is bound) to the rectangle of `size` pixels at `origin`.
    package func setViewport(origin: SIMD2<Int>, size: SIMD2<Int>) {
        context.workCounts.viewports += 1
        context.gl.Viewport(GLint(origin.x), GLint(origin.y), GLsizei(size.x), GLsizei(size.y))
    }

    /// Binds for drawing and sets every pixel to transparent (0, 0, 0, 0).
    package func clear() {
        bindForDrawing()
        let transparent: [GLfloat] = [0, 0, 0, 0]
        context.workCounts.clears += 1
        context.gl.ClearBufferfv(GLenum(GL_COLOR), 0, transparent)
    }

    /// The most bytes one `glReadPixels` call reads; larger regions are read in bands of whole
    /// rows. Drivers index a read's bytes with 32-bit integers (llvmpipe crashes on one read of
    /// 2 GiB, a 16384 x 8192 float frame), so no call comes near that. Atomic: every renderer
    /// reads it, on its own thread, while a test may lower it (a plain static was a data race).
    package static var readBandBytes: Int {
        get { readBandStorage.load(ordering: .relaxed) }
        set { readBandStorage.store(newValue, ordering: .relaxed) }
    }
    private static let readBandStorage = Atomic<Int>(64 << 20)

    /// The row bands `[start, start + count)` that read `height` rows of `rowBytes` bytes each
    /// with at most `readBandBytes` bytes a call (at least one row a call).
    package static func bands(height: Int, rowBytes: Int) -> [Range<Int>] {
        let rows = max(1, readBandBytes / max(1, rowBytes))
        return stride(from: 0, to: height, by: rows).map { $0..<min(height, $0 + rows) }
    }

    /// Reads the rectangle at (`x`, `y`) of `width` x `height` pixels as premultiplied floats,
    /// top row first, in bands of at most `readBandBytes` bytes.
    package func read(x: Int, y: Int, width: Int, height: Int) throws(GPUError) -> RGBAImage {
        context.assertCurrent("glReadPixels")
        let gl = context.gl
        gl.BindFramebuffer(GLenum(GL_FRAMEBUFFER), id)
        gl.PixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        var pixels = [Float](repeating: 0, count: width * height * 4)
        let rowValues = width * 4
        pixels.withUnsafeMutableBufferPointer { buffer in
            for band in Self.bands(height: height, rowBytes: rowValues * MemoryLayout<Float>.stride) {
                gl.ReadPixels(GLint(x), GLint(y + band.lowerBound), GLsizei(width), GLsizei(band.count),
                              GLenum(GL_RGBA), GLenum(GL_FLOAT), buffer.baseAddress! + band.lowerBound * rowValues)
            }
        }
        try context.check("glReadPixels(\(width)x\(height))")
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

extension Framebuffer {
    /// Reads the rectangle at (`x`, `y`) of an 8-bit framebuffer as bytes, top row first, in
    /// bands of at most `readBandBytes` bytes.
    package func readBytes(x: Int, y: Int, width: Int, height: Int) throws(GPUError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        try readBytes(x: x, y: y, width: width, height: height, into: &bytes)
        return bytes
    }

    /// `readBytes` into `bytes`, which holds exactly `width * height * 4` bytes (a buffer
    /// recycled from an earlier frame: no fresh pages to fault in).
    package func readBytes(x: Int, y: Int, width: Int, height: Int, into bytes: inout [UInt8]) throws(GPUError) {
        precondition(bytes.count == width * height * 4, "the buffer holds width * height * 4 bytes")
        context.assertCurrent("glReadPixels")
        let gl = context.gl
        gl.BindFramebuffer(GLenum(GL_FRAMEBUFFER), id)
        gl.PixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        let rowBytes = width * 4
        bytes.withUnsafeMutableBufferPointer { buffer in
            for band in Self.bands(height: height, rowBytes: rowBytes) {
                gl.ReadPixels(GLint(x), GLint(y + band.lowerBound), GLsizei(width), GLsizei(band.count),
                              GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buffer.baseAddress! + band.lowerBound * rowBytes)
            }
        }
        try context.check("glReadPixels(\(width)x\(height), 8-bit)")
    }
}

/// A linked vertex + fragment program with cached uniform locations.
package final class Program {
    package let context: GPUContext
    package let id: GLuint
    private var locations: [String: GLint] = [:]

    /// The full-screen triangle every pass draws: three vertices, no attributes.
    package static let vertexSource = """
        #version 300 es
        void main() {
            vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
            gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
        }
        """

    /// Compiles and links; `describe` turns a compile log into the error to throw. The vertex
    /// shader is the full-screen triangle (`vertexSource`) unless `vertexSource` gives another.
    package init(context: GPUContext, fragmentSource: String, file: String,
         vertexSource: String = Program.vertexSource,
         describe: (String) -> String = { $0 }) throws(ProgramError) {
        self.context = context
        context.assertCurrent("glCompileShader")
        let gl = context.gl
        func compile(_ type: Int32, _ source: String) -> (GLuint, String?) {
            let shader = gl.CreateShader(GLenum(type))
            source.withCString { pointer in
                var p: UnsafePointer<GLchar>? = pointer
                gl.ShaderSource(shader, 1, &p, nil)
            }
            gl.CompileShader(shader)
            var ok: GLint = 0
            gl.GetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
            if ok == GL_TRUE { return (shader, nil) }
            let log = Self.log(length: { var n: GLint = 0; gl.GetShaderiv(shader, GLenum(GL_INFO_LOG_LENGTH), &n); return n }) {
                gl.GetShaderInfoLog(shader, $0, nil, $1)
            }
            gl.DeleteShader(shader)
            return (0, log)
        }
        let (vertex, vertexLog) = compile(GL_VERTEX_SHADER, vertexSource)
        if let vertexLog { throw .compileFailed(file: vertexSource == Self.vertexSource ? "<ShaderFX vertex shader>" : file, log: vertexLog) }
        let (fragment, fragmentLog) = compile(GL_FRAGMENT_SHADER, fragmentSource)
        if let fragmentLog {
            gl.DeleteShader(vertex)
            throw .compileFailed(file: file, log: describe(fragmentLog))
        }
        id = gl.CreateProgram()
        gl.AttachShader(id, vertex)
        gl.AttachShader(id, fragment)
        gl.LinkProgram(id)
        gl.DeleteShader(vertex)
        gl.DeleteShader(fragment)
        var ok: GLint = 0
        gl.GetProgramiv(id, GLenum(GL_LINK_STATUS), &ok)
        guard ok == GL_TRUE else {
            let program = id
            let log = Self.log(length: { var n: GLint = 0; gl.GetProgramiv(program, GLenum(GL_INFO_LOG_LENGTH), &n); return n }) {
                gl.GetProgramInfoLog(program, $0, nil, $1)
            }
            throw .linkFailed(file: file, log: log)  // deinit deletes the program
        }
    }

    deinit {
        let gl = context.gl, id = self.id
        _ = try? context.withCurrent { gl.DeleteProgram(id) }
    }

    private static func log(length: () -> GLint, read: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        let n = max(1, Int(length()))
        var buffer = [GLchar](repeating: 0, count: n + 1)
        buffer.withUnsafeMutableBufferPointer { read(GLsizei(n), $0.baseAddress!) }
        return cString(buffer).trimmingWhitespace
    }

    package func use() {
        context.workCounts.programSwitches += 1
        context.gl.UseProgram(id)
    }

    /// The location of uniform `name`, or -1 when the compiler removed it.
    package func location(_ name: String) -> GLint {
        if let cached = locations[name] { return cached }
        let location = context.gl.GetUniformLocation(id, name)
        locations[name] = location
        return location
    }

    package func set(_ name: String, _ v: Float) { set(location(name), v) }
    package func set(_ name: String, _ x: Float, _ y: Float) { set(location(name), x, y) }
    package func set(_ name: String, _ x: Float, _ y: Float, _ z: Float) { set(location(name), x, y, z) }
    package func set(_ name: String, _ x: Float, _ y: Float, _ z: Float, _ w: Float) { set(location(name), x, y, z, w) }
    package func set(_ name: String, int v: Int) { set(location(name), int: v) }
    package func set(_ name: String, int2 v: SIMD2<Int>) { set(location(name), int2: v) }

    // By location (`location(_:)`, looked up once): no name to hash on each draw.
    package func set(_ location: GLint, _ v: Float) { context.workCounts.uniformSets += 1; context.gl.Uniform1f(location, v) }
    package func set(_ location: GLint, _ x: Float, _ y: Float) { context.workCounts.uniformSets += 1; context.gl.Uniform2f(location, x, y) }
    package func set(_ location: GLint, _ x: Float, _ y: Float, _ z: Float) {
        context.workCounts.uniformSets += 1
        context.gl.Uniform3f(location, x, y, z)
    }
    package func set(_ location: GLint, _ x: Float, _ y: Float, _ z: Float, _ w: Float) {
        context.workCounts.uniformSets += 1
        context.gl.Uniform4f(location, x, y, z, w)
    }
    package func set(_ location: GLint, int v: Int) { context.workCounts.uniformSets += 1; context.gl.Uniform1i(location, GLint(v)) }
    package func set(_ location: GLint, int2 v: SIMD2<Int>) {
        context.workCounts.uniformSets += 1
        context.gl.Uniform2i(location, GLint(v.x), GLint(v.y))
    }

    /// Sets the first `values.count` elements of a `vec4` array uniform in one call.
    package func set(_ location: GLint, vec4s values: [SIMD4<Float>]) {
        context.workCounts.uniformSets += 1
        values.withUnsafeBufferPointer { $0.withMemoryRebound(to: Float.self) { context.gl.Uniform4fv(location, GLsizei(values.count), $0.baseAddress) } }
    }

    /// Sets the first `values.count` elements of an `ivec4` array uniform in one call.
    package func set(_ location: GLint, ivec4s values: [SIMD4<Int32>]) {
        context.workCounts.uniformSets += 1
        values.withUnsafeBufferPointer { $0.withMemoryRebound(to: GLint.self) { context.gl.Uniform4iv(location, GLsizei(values.count), $0.baseAddress) } }
    }

    /// Sets the first `values.count` elements of an `ivec2` array uniform in one call.
    package func set(_ location: GLint, ivec2s values: [SIMD2<Int32>]) {
        context.workCounts.uniformSets += 1
        values.withUnsafeBufferPointer { $0.withMemoryRebound(to: GLint.self) { context.gl.Uniform2iv(location, GLsizei(values.count), $0.baseAddress) } }
    }

    /// Feeds the uniform block `name` from binding point `index` (`UniformBuffer.bind`); a
    /// block the program lacks (or the compiler removed) is ignored.
    package func bindUniformBlock(_ name: String, toBindingPoint index: Int) {
        let gl = context.gl
        let block = gl.GetUniformBlockIndex(id, name)
        if block != GL_INVALID_INDEX { gl.UniformBlockBinding(id, block, GLuint(index)) }
    }

    /// Draws the full-screen triangle with this program (which must be in use) into the bound
    /// framebuffer's viewport.
    package func drawFullScreen() {
        context.workCounts.drawCalls += 1
        context.gl.DrawArrays(GLenum(GL_TRIANGLES), 0, 3)
    }
}
