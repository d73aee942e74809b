import CGLLoader

/// A vertex array object with no attributes: what a draw of the full-screen triangle
/// (`Program.vertexSource`, vertices from `gl_VertexID`) needs bound. Deleted with its last
/// reference.
package final class VertexArray {
    package let context: GPUContext
    package let id: GLuint

    package init(context: GPUContext) throws(GPUError) {
        self.context = context
        context.assertCurrent("glGenVertexArrays")
        var id: GLuint = 0
        context.gl.GenVertexArrays(1, &id)
        self.id = id
        try context.check("glGenVertexArrays")
    }

    deinit {
        var id = self.id
        let gl = context.gl
        _ = try? context.withCurrent { gl.DeleteVertexArrays(1, &id) }
    }

    /// Makes this the bound vertex array.
    package func bind() { context.gl.BindVertexArray(id) }
}

/// A uniform buffer of a fixed capacity, the storage of a uniform block (`std140`). Deleted
/// with its last reference.
package final class UniformBuffer {
    private let storage: BufferStorage
    package var context: GPUContext { storage.context }
    package var id: GLuint { storage.id }
    /// Its size in bytes.
    package var byteCount: Int { storage.byteCount }

    /// A buffer of `byteCount` bytes, contents undefined, for data rewritten often.
    package init(context: GPUContext, byteCount: Int) throws(GPUError) {
        storage = try BufferStorage(context: context, target: GLenum(GL_UNIFORM_BUFFER), byteCount: byteCount,
                                    usage: GLenum(GL_DYNAMIC_DRAW), what: "glBufferData(GL_UNIFORM_BUFFER, \(byteCount) bytes)")
    }

    /// Feeds the uniform blocks bound to binding point `index` (`Program.bindUniformBlock`).
    package func bind(toBindingPoint index: Int) {
        context.gl.BindBufferBase(GLenum(GL_UNIFORM_BUFFER), GLuint(index), id)
    }

    /// Writes `values` from the buffer's start; at most `byteCount` bytes.
    package func write(_ values: [Float]) {
        precondition(values.count * MemoryLayout<Float>.stride <= byteCount, "more floats than the uniform buffer holds")
        let gl = context.gl
        gl.BindBuffer(GLenum(GL_UNIFORM_BUFFER), id)
        values.withUnsafeBytes { bytes in
            gl.BufferSubData(GLenum(GL_UNIFORM_BUFFER), 0, bytes.count, bytes.baseAddress)
        }
    }
}

/// A pixel pack buffer: `glReadPixels` writes into it on the GPU's time, and the CPU maps it
/// once a fence says the read is done, so a read-back overlaps the drawing of what comes next.
/// Deleted with its last reference. Every method leaves no pack buffer bound (reads into client
/// memory, `Framebuffer.read`, stay unaffected).
package final class PixelBuffer {
    private let storage: BufferStorage
    package var context: GPUContext { storage.context }
    package var id: GLuint { storage.id }
    /// Its size in bytes.
    package var byteCount: Int { storage.byteCount }

    /// A buffer of `byteCount` bytes, for reads that the CPU maps once each.
    package init(context: GPUContext, byteCount: Int) throws(GPUError) {
        storage = try BufferStorage(context: context, target: GLenum(GL_PIXEL_PACK_BUFFER), byteCount: byteCount,
                                    usage: GLenum(GL_STREAM_READ), what: "allocating a pixel buffer (\(byteCount) bytes)")
    }

    /// Starts reading the rectangle at (`x`, `y`) of the 8-bit `framebuffer` into the buffer
    /// from its start, top row first, in bands of at most `Framebuffer.readBandBytes` (no single
    /// read comes near 2 GiB). The bytes are there once the GPU gets to it: a `Fence` made after
    /// this call says when.
    package func readBytes(from framebuffer: Framebuffer, x: Int, y: Int, width: Int, height: Int) {
        precondition(width * height * 4 <= byteCount, "the region does not fit the pixel buffer")
        context.assertCurrent("glReadPixels")
        let gl = context.gl
        gl.BindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.id)
        gl.BindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), id)
        gl.PixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        for band in Framebuffer.bands(height: height, rowBytes: width * 4) {
            gl.ReadPixels(GLint(x), GLint(y + band.lowerBound), GLsizei(width), GLsizei(band.count), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                          UnsafeMutableRawPointer(bitPattern: band.lowerBound * width * 4))
        }
        gl.BindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
    }

    /// Maps the buffer's first `count` bytes for reading until `unmap()`. Other threads may read
    /// them meanwhile; no GL call may use the buffer until it is unmapped (on this thread).
    /// - Throws: `GPUError` when the driver cannot map it.
    package func map(count: Int) throws(GPUError) -> UnsafeRawBufferPointer {
        precondition(count <= byteCount)
        context.assertCurrent("glMapBufferRange")
        let gl = context.gl
        gl.BindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), id)
        defer { gl.BindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0) }
        guard let mapped = gl.MapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, count, GLbitfield(GL_MAP_READ_BIT)) else {
            try context.check("glMapBufferRange")
            throw GPUError.gl(call: "glMapBufferRange", code: 0)
        }
        return UnsafeRawBufferPointer(start: UnsafeRawPointer(mapped), count: count)
    }

    /// Ends a `map(count:)`: the mapped bytes are no longer to be read.
    package func unmap() {
        context.assertCurrent("glUnmapBuffer")
        let gl = context.gl
        gl.BindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), id)
        _ = gl.UnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER))
        gl.BindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
    }

    /// Maps the buffer's first `count` bytes for reading while `body` runs, then unmaps it.
    /// - Throws: `GPUError` when the driver cannot map it.
    package func withMappedBytes<T>(count: Int, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        let bytes = try map(count: count)
        defer { unmap() }
        return try body(bytes)
    }
}

/// A buffer object's name and storage, allocated once and deleted with its last reference (with
/// its context current): what `UniformBuffer` and `PixelBuffer` are made of. Leaves no buffer
/// bound to `target`.
private final class BufferStorage {
    let context: GPUContext
    let id: GLuint
    let byteCount: Int

    init(context: GPUContext, target: GLenum, byteCount: Int, usage: GLenum, what: String) throws(GPUError) {
        self.context = context
        self.byteCount = byteCount
        context.assertCurrent("glGenBuffers")
        let gl = context.gl
        var id: GLuint = 0
        gl.GenBuffers(1, &id)
        self.id = id
        gl.BindBuffer(target, id)
        gl.BufferData(target, byteCount, nil, usage)
        gl.BindBuffer(target, 0)
        try context.check(what)
    }

    deinit {
        var id = self.id
        let gl = context.gl
        _ = try? context.withCurrent { gl.DeleteBuffers(1, &id) }
    }
}
