import CGLLoader

/// The GL work a context was asked for, counted as the calls are made: what a frame of the view
/// renderer costs the driver's CPU side (`SHADERFX_VIEW_TIMINGS=1` prints it per frame).
/// Counts are exact and the same on every run, unlike times on a shared machine, so a change
/// that sets less state is measured by them.
package struct GLWorkCounts: Sendable, Equatable {
    /// `glDrawArrays` calls.
    package var drawCalls = 0
    /// `glClearBufferfv` calls.
    package var clears = 0
    /// `glUseProgram` calls.
    package var programSwitches = 0
    /// `glUniform*` calls.
    package var uniformSets = 0
    /// Textures bound to a unit (`glActiveTexture` + `glBindTexture`).
    package var textureBinds = 0
    /// Wrap and filter modes set on a texture (four `glTexParameteri` each).
    package var samplingSets = 0
    /// Framebuffers bound for drawing, and viewports set.
    package var framebufferBinds = 0
    package var viewports = 0
    /// Blending turned on or off.
    package var blendSets = 0
    /// `glTexSubImage2D` calls, and the bytes they sent.
    package var textureUploads = 0
    package var uploadBytes = 0

    package init() {}

    /// The work counted since `earlier` was taken.
    package func since(_ earlier: GLWorkCounts) -> GLWorkCounts {
        var d = GLWorkCounts()
        d.drawCalls = drawCalls - earlier.drawCalls
        d.clears = clears - earlier.clears
        d.programSwitches = programSwitches - earlier.programSwitches
        d.uniformSets = uniformSets - earlier.uniformSets
        d.textureBinds = textureBinds - earlier.textureBinds
        d.samplingSets = samplingSets - earlier.samplingSets
        d.framebufferBinds = framebufferBinds - earlier.framebufferBinds
        d.viewports = viewports - earlier.viewports
        d.blendSets = blendSets - earlier.blendSets
        d.textureUploads = textureUploads - earlier.textureUploads
        d.uploadBytes = uploadBytes - earlier.uploadBytes
        return d
    }

    /// The bytes a texel of `format` and `type` takes in client memory, as `glTexSubImage2D` reads it.
    static func bytesPerTexel(format: GLenum, type: GLenum) -> Int {
        let channels: Int
        switch Int32(format) {
        case GL_RED, GL_RED_INTEGER, GL_ALPHA, GL_LUMINANCE: channels = 1
        case GL_RG, GL_RG_INTEGER, GL_LUMINANCE_ALPHA: channels = 2
        case GL_RGB, GL_RGB_INTEGER: channels = 3
        default: channels = 4
        }
        switch Int32(type) {
        case GL_FLOAT, GL_INT, GL_UNSIGNED_INT: return channels * 4
        case GL_HALF_FLOAT, GL_SHORT, GL_UNSIGNED_SHORT: return channels * 2
        default: return channels
        }
    }
}
