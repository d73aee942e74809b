import CGLLoader

extension GPUContext {
    /// Writes `width` × `height` texels into the rectangle at `origin` of texture `id`: the one
    /// `glTexSubImage2D` every upload goes through (pictures, 8-bit frames, float tables,
    /// coverage masks and their atlas).
    ///
    /// `pixels` holds rows `rowLength` texels apart (`width` when nil), top row first, so a
    /// sub-rectangle of a larger buffer (the used part of a mask atlas) is written without a
    /// copy. Rows are read byte-aligned (`GL_UNPACK_ALIGNMENT` 1, so one-byte rows of any
    /// width come in whole); the alignment goes back to GL's default 4 and the row length to 0
    /// afterwards, the state every other call assumes.
    package func writeTexels<Element>(_ pixels: UnsafeBufferPointer<Element>, into id: GLuint, at origin: SIMD2<Int>,
                                      width: Int, height: Int, rowLength: Int? = nil,
                                      format: GLenum, type: GLenum, what: String) throws(GPUError) {
        guard width > 0, height > 0 else { return }
        assertCurrent("glTexSubImage2D")
        gl.BindTexture(GLenum(GL_TEXTURE_2D), id)
        gl.PixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let stride = rowLength ?? width
        if stride != width { gl.PixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(stride)) }
        workCounts.textureUploads += 1
        workCounts.uploadBytes += width * height * GLWorkCounts.bytesPerTexel(format: format, type: type)
        gl.TexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(origin.x), GLint(origin.y), GLsizei(width), GLsizei(height),
                         format, type, pixels.baseAddress)
        if stride != width { gl.PixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0) }
        gl.PixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        try check("glTexSubImage2D(\(width)x\(height)\(what))")
    }
}

extension Texture {
    /// Writes `bytes` (8-bit RGBA, `width * height * 4`) into the rectangle of an 8-bit texture
    /// whose first row starts at `origin`.
    package func upload(_ bytes: [UInt8], at origin: SIMD2<Int>, width: Int, height: Int) throws(GPUError) {
        precondition(bytes.count == width * height * 4 && isEightBit)
        try write(bytes, at: origin, width: width, height: height, type: GLenum(GL_UNSIGNED_BYTE), what: ", 8-bit")
    }

    /// Writes `values` (RGBA floats, `width * height * 4`, top row first) into the rectangle of
    /// a float texture whose first row starts at `origin`.
    package func upload(floats values: [Float], at origin: SIMD2<Int>, width: Int, height: Int) throws(GPUError) {
        precondition(values.count == width * height * 4 && !isEightBit)
        try write(values, at: origin, width: width, height: height, type: GLenum(GL_FLOAT), what: ", float")
    }

    /// Replaces the contents with `image` (same size).
    package func upload(_ image: RGBAImage) throws(GPUError) {
        precondition(image.width == width && image.height == height)
        try upload(floats: image.pixels, at: .zero, width: width, height: height)
    }

    private func write<Element>(_ values: [Element], at origin: SIMD2<Int>, width: Int, height: Int,
                                type: GLenum, what: String) throws(GPUError) {
        precondition(origin.x >= 0 && origin.y >= 0 && origin.x + width <= self.width && origin.y + height <= self.height)
        try values.withUnsafeBufferPointer { (buffer) throws(GPUError) in
            try context.writeTexels(buffer, into: id, at: origin, width: width, height: height,
                                    format: GLenum(GL_RGBA), type: type, what: what)
        }
    }
}
