/// Why the GPU could not be reached or a GL call failed.
///
/// Set-up failures (`libraryMissing`, `noDisplay`, `noContext`, `noDevice`) are what the CLI
/// reports with exit code 2; each carries the values (library, backend, device) a front end
/// words its advice from, and the message names what to install.
public enum GPUError: Error, Equatable, CustomStringConvertible {
    /// A system library could not be opened or lacks an entry point.
    case libraryMissing(library: String, reason: String, install: String)
    /// No EGL display could be opened or initialised on the chosen backend.
    case noDisplay(backend: String, reason: String)
    /// An OpenGL ES 3 context could not be made on an initialised display.
    case noContext(backend: String, reason: String)
    /// The device index or CUDA device asked for does not exist.
    case noDevice(requested: String, available: Int)
    /// An EGL call failed with this error code.
    case egl(call: String, code: Int32)
    /// A GL call failed with this error code.
    case gl(call: String, code: UInt32)
    /// A framebuffer could not be completed (status from glCheckFramebufferStatus).
    case framebufferIncomplete(status: UInt32, format: String)
    /// A texture or framebuffer larger than the GPU allows.
    case tooLarge(width: Int, height: Int, maxTextureSize: Int)

    public var description: String {
        switch self {
        case let .libraryMissing(library, reason, install):
            return "cannot load \(library): \(reason). Install it with: \(install)"
        case let .noDisplay(backend, reason):
            return "no EGL display on the '\(backend)' backend: \(reason). "
                + "Try the surfaceless backend (Mesa llvmpipe; apt-get install libegl-mesa0 libgl1-mesa-dri), "
                + "or check the driver"
        case let .noContext(backend, reason):
            return "cannot create an OpenGL ES 3 context on the '\(backend)' backend: \(reason)"
        case let .noDevice(requested, available):
            return "no EGL device \(requested): \(available) found (GPUContext.devices() lists them)"
        case let .egl(call, code):
            return "\(call) failed with \(eglErrorName(code))"
        case let .gl(call, code):
            return "\(call) failed with \(glErrorName(code))"
        case let .framebufferIncomplete(status, format):
            return "a \(format) framebuffer is incomplete (status 0x\(String(status, radix: 16))): the driver cannot render to it"
        case let .tooLarge(width, height, maxTextureSize):
            return "\(width)x\(height) exceeds the GPU's maximum texture size of \(maxTextureSize)"
        }
    }
}

/// EGL's name for an error code, e.g. `EGL_BAD_ALLOC`.
func eglErrorName(_ code: Int32) -> String {
    let names: [Int32: String] = [
        0x3000: "EGL_SUCCESS", 0x3001: "EGL_NOT_INITIALIZED", 0x3002: "EGL_BAD_ACCESS",
        0x3003: "EGL_BAD_ALLOC", 0x3004: "EGL_BAD_ATTRIBUTE", 0x3005: "EGL_BAD_CONFIG",
        0x3006: "EGL_BAD_CONTEXT", 0x3007: "EGL_BAD_CURRENT_SURFACE", 0x3008: "EGL_BAD_DISPLAY",
        0x3009: "EGL_BAD_MATCH", 0x300A: "EGL_BAD_NATIVE_PIXMAP", 0x300B: "EGL_BAD_NATIVE_WINDOW",
        0x300C: "EGL_BAD_PARAMETER", 0x300D: "EGL_BAD_SURFACE", 0x300E: "EGL_CONTEXT_LOST",
    ]
    return names[code] ?? "EGL error 0x\(String(code, radix: 16))"
}

/// GL's name for an error code, e.g. `GL_INVALID_OPERATION`.
func glErrorName(_ code: UInt32) -> String {
    let names: [UInt32: String] = [
        0x0500: "GL_INVALID_ENUM", 0x0501: "GL_INVALID_VALUE", 0x0502: "GL_INVALID_OPERATION",
        0x0505: "GL_OUT_OF_MEMORY", 0x0506: "GL_INVALID_FRAMEBUFFER_OPERATION",
    ]
    return names[code] ?? "GL error 0x\(String(code, radix: 16))"
}

/// Why the driver rejected a program: the GPU layer's view of a shader error. The effect layer
/// turns it into its own `ShaderError`, which names the user's file and lines.
package enum ProgramError: Error, Equatable {
    /// A shader did not compile; `log` is the driver's message (after `describe`).
    case compileFailed(file: String, log: String)
    /// The program did not link.
    case linkFailed(file: String, log: String)
}
