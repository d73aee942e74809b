import CGLLoader

extension GPUContext {
    /// Blocks until every command issued so far has finished (timing a frame's drawing apart
    /// from its read-back).
    package func finish() {
        assertCurrent("glFinish")
        gl.Finish()
    }

    /// Sends the commands issued so far to the GPU without waiting for them.
    package func flush() {
        assertCurrent("glFlush")
        gl.Flush()
    }

    /// The fixed-function state every ShaderFX pass assumes: no blending (a pass writes its
    /// colour as computed) and no dithering (8-bit targets get exactly the rounded values).
    package func setPassState() {
        assertCurrent("glDisable")
        gl.Disable(GLenum(GL_BLEND))
        gl.Disable(GLenum(GL_DITHER))
    }
}
