import CGLLoader
import Foundation

/// How ShaderFX reaches a GPU through EGL, with no window and no surface.
public enum Backend: String, Sendable, CaseIterable {
    /// A hardware EGL device if there is one, then a GBM render node, then Mesa's surfaceless platform.
    case auto
    /// Mesa's surfaceless platform (`EGL_MESA_platform_surfaceless`): llvmpipe on machines without a GPU.
    case surfaceless
    /// An EGL device (`EGL_EXT_platform_device`): NVIDIA's headless path, and Mesa's own devices.
    case device
    /// A DRM render node (`/dev/dri/renderD*`) through libgbm: Intel and AMD GPUs with Mesa.
    case gbm
}

/// Which backend and device to open; unset fields mean "the default".
public struct GPUOptions: Sendable, Equatable {
    /// The backend; `.auto` by default.
    public var backend: Backend
    /// For `.device`: the index in EGL's device list. For `.gbm`: the index among render nodes.
    public var deviceIndex: Int?
    /// For `.device`: the CUDA device number (`EGL_NV_device_cuda`), which may differ from EGL's order.
    public var cudaDevice: Int?

    /// Options with the given values; `backend` defaults to `.auto`.
    public init(backend: Backend = .auto, deviceIndex: Int? = nil, cudaDevice: Int? = nil) {
        self.backend = backend
        self.deviceIndex = deviceIndex
        self.cudaDevice = cudaDevice
    }

    /// Options from `SHADERFX_BACKEND` (`auto`, `surfaceless`, `device`, `gbm`, optionally
    /// `device:N` or `gbm:N`) and `SHADERFX_DEVICE`, or the defaults when unset.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(OptionsError) -> GPUOptions {
        var options = GPUOptions()
        if let value = environment["SHADERFX_BACKEND"], !value.isEmpty {
            options = try parse(value, source: "SHADERFX_BACKEND")
        }
        if let value = environment["SHADERFX_DEVICE"], !value.isEmpty {
            guard let index = Int(value), index >= 0 else {
                throw OptionsError(message: "SHADERFX_DEVICE must be a device index (0, 1, ...), got '\(value)'")
            }
            options.deviceIndex = index
        }
        return options
    }

    /// Parses `NAME` or `NAME:INDEX`, e.g. `device:1`; `source` names the flag or variable in errors.
    public static func parse(_ text: String, source: String) throws(OptionsError) -> GPUOptions {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let names = Backend.allCases.map(\.rawValue).joined(separator: ", ")
        guard let name = parts.first, !name.isEmpty else {
            throw OptionsError(message: "\(source): no backend named in '\(text)'; expected NAME or NAME:INDEX with NAME one of \(names)")
        }
        guard let backend = Backend(rawValue: name.lowercased()) else {
            throw OptionsError(message: "\(source): unknown backend '\(name)'; expected one of \(names)")
        }
        var options = GPUOptions(backend: backend)
        if parts.count == 2 {
            guard let index = Int(parts[1]), index >= 0 else {
                throw OptionsError(message: "\(source): '\(parts[1])' is not a device index")
            }
            options.deviceIndex = index
        }
        return options
    }

    /// A problem with backend options, from a flag or the environment.
    public struct OptionsError: Error, CustomStringConvertible, Equatable {
        /// What is wrong and what was expected.
        public let message: String
        public var description: String { message }
    }
}

/// One EGL device as `EGL_EXT_device_enumeration` reports it.
public struct GPUDeviceInfo: Sendable, Equatable {
    /// Position in EGL's device list.
    public let index: Int
    /// The DRM device file (`/dev/dri/card0`), if the driver reports one.
    public let drmDevice: String?
    /// The DRM render node (`/dev/dri/renderD128`), if the driver reports one.
    public let renderNode: String?
    /// The CUDA device number (`EGL_NV_device_cuda`), on NVIDIA.
    public let cudaDevice: Int?
    /// True for a software rasteriser (`EGL_MESA_device_software`).
    public let isSoftware: Bool
    /// The device's EGL extensions.
    public let extensions: [String]

    /// A one-line summary, e.g. `#1 hardware /dev/dri/renderD128 (CUDA 0)`.
    public var summary: String {
        var parts = ["#\(index)", isSoftware ? "software" : "hardware"]
        if let node = renderNode ?? drmDevice { parts.append(node) }
        if let cuda = cudaDevice { parts.append("(CUDA \(cuda))") }
        if extensions.contains("EGL_NV_device_cuda"), cudaDevice == nil { parts.append("(NVIDIA)") }
        return parts.joined(separator: " ")
    }
}

/// What a context runs on: the answer to "which renderer drew this frame?".
public struct GPUInfo: Sendable, Equatable {
    /// The backend that was opened (never `.auto`).
    public let backend: Backend
    /// The EGL device or render node used, when the backend has one.
    public let device: String?
    /// `EGL_VENDOR`, e.g. `Mesa Project` or `NVIDIA`.
    public let eglVendor: String
    /// `EGL_VERSION`, e.g. `1.5`.
    public let eglVersion: String
    /// `GL_VENDOR`.
    public let glVendor: String
    /// `GL_RENDERER`, e.g. `llvmpipe (LLVM 15.0.6, 256 bits)`.
    public let renderer: String
    /// `GL_VERSION`, e.g. `OpenGL ES 3.2 Mesa 22.3.6`.
    public let glVersion: String
    /// `GL_SHADING_LANGUAGE_VERSION`.
    public let glslVersion: String
    /// `GL_MAX_TEXTURE_SIZE`.
    public let maxTextureSize: Int
    /// `GL_MAX_RENDERBUFFER_SIZE`.
    public var maxRenderbufferSize: Int = 0
    /// `GL_MAX_VIEWPORT_DIMS`: the widest and tallest viewport.
    public var maxViewport: SIMD2<Int> = .zero
    /// True when the renderer is a CPU rasteriser (llvmpipe, softpipe, swrast).
    public let isSoftware: Bool
    /// True when float textures can be filtered linearly and rendered to at 32 bits.
    public let hasFloat32Linear: Bool
    /// The EGL devices found (empty where device enumeration is unavailable).
    public let devices: [GPUDeviceInfo]

    /// The largest side of any layer ShaderFX can draw and read: the smallest of the texture,
    /// renderbuffer and viewport limits that the driver reported (unreported ones ignored).
    public var maxDimension: Int {
        [maxTextureSize, maxRenderbufferSize, maxViewport.x, maxViewport.y].filter { $0 > 0 }.min() ?? 0
    }

    /// One line naming the renderer, for logs: `llvmpipe (...) via surfaceless, OpenGL ES 3.2 Mesa 22.3.6`.
    public var summary: String {
        "\(renderer) via \(backend.rawValue)\(device.map { " \($0)" } ?? ""), \(glVersion)"
    }
}

/// An OpenGL ES 3 context with no surface.
///
/// Every frame goes to a framebuffer object. GL work runs inside `withCurrent`, which makes
/// the context current on the calling thread for the duration and serialises threads, so a
/// context can be shared (one thread at a time). GL objects keep their context alive.
public final class GPUContext: @unchecked Sendable {
    /// What this context runs on.
    public private(set) var info: GPUInfo
    package let gl: SFXGLES
    private let egl: SFXEGL
    private let display: EGLDisplay
    private let context: EGLContext
    private let gbmDevice: UnsafeMutableRawPointer?
    private let gbmFD: Int32
    private let lock = NSRecursiveLock()
    private var depth = 0
    /// The GL work asked for so far (`GLWorkCounts`); read and written with the context current.
    package var workCounts = GLWorkCounts()

    /// Opens a display on the chosen backend and makes an OpenGL ES 3.x context current.
    /// - Parameter options: backend and device; see `GPUOptions`.
    /// - Throws: `GPUError` naming what to install or set when no context can be made.
    public init(options: GPUOptions = GPUOptions()) throws(GPUError) {
        let egl = try Self.loadEGL()
        self.egl = egl
        // Making the new context current must not leave the caller's (a render in progress
        // on another context) released: whatever was current is current again afterwards.
        let saved = CurrentState(egl)
        defer { saved.restore(egl) }
        let devices = Self.enumerateDevices(egl)
        // `auto` tries each backend in turn until one gives a context, not only a display.
        var reasons: [String] = []
        var made: (opened: OpenedDisplay, context: EGLContext)?
        for candidate in Self.candidates(options: options, egl: egl, devices: devices) {
            let failure: GPUError
            do {
                let opened = try candidate.open()
                do {
                    made = (opened, try Self.makeContext(egl: egl, display: opened.display, backend: opened.backend))
                    break
                } catch {
                    DisplayUsers.release(opened.display, egl: egl)
                    Self.closeGBM(opened.gbm, fd: opened.fd)
                    failure = error
                }
            } catch {
                failure = error
            }
            guard options.backend == .auto else { throw failure }
            reasons.append("\(candidate.name): \(failure)")
        }
        guard let made else {
            throw .noDisplay(backend: "auto", reason: reasons.isEmpty ? "no EGL platform is available" : reasons.joined(separator: "; "))
        }
        let (opened, context) = made
        display = opened.display
        self.context = context
        gbmDevice = opened.gbm
        gbmFD = opened.fd
        var err = [CChar](repeating: 0, count: 512)
        guard sfx_load_gles(&err, err.count) == 0 else {
            _ = egl.MakeCurrent(display, nil, nil, nil)
            _ = egl.DestroyContext(display, context)
            DisplayUsers.release(display, egl: egl)
            Self.closeGBM(opened.gbm, fd: opened.fd)
            throw .libraryMissing(library: "libGLESv2.so.2", reason: cString(err),
                                  install: "apt-get install libgles2")
        }
        gl = sfx_gles().pointee
        info = GPUInfo(backend: opened.backend, device: opened.deviceName, eglVendor: "", eglVersion: "",
                       glVendor: "", renderer: "", glVersion: "", glslVersion: "", maxTextureSize: 0,
                       isSoftware: false, hasFloat32Linear: false, devices: devices)
        info = describe(backend: opened.backend, device: opened.deviceName, devices: devices)
        _ = egl.MakeCurrent(display, nil, nil, nil)
    }

    deinit {
        // A context current on this thread is only destroyed once released: release it first.
        if egl.GetCurrentContext() == context { _ = egl.MakeCurrent(display, nil, nil, nil) }
        _ = egl.DestroyContext(display, context)
        DisplayUsers.release(display, egl: egl)
        Self.closeGBM(gbmDevice, fd: gbmFD)
    }

    /// Runs `body` with the context current on this thread; other threads wait meanwhile.
    ///
    /// Calls nest, also across contexts: whatever was current on the thread before (another
    /// `GPUContext`, or a context and surfaces that other code made current) is current again
    /// when `body` returns or throws, and "no context" only when nothing was.
    public func withCurrent<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let saved = CurrentState(egl)
        let switching = saved.context != context
        if switching {
            guard egl.MakeCurrent(display, nil, nil, context) == EGL_TRUE else {
                throw GPUError.egl(call: "eglMakeCurrent", code: egl.GetError())
            }
        }
        depth += 1
        defer {
            depth -= 1
            if switching { saved.restore(egl, releasing: display) }
        }
        return try body()
    }

    /// True when this context is current on the calling thread.
    package var isCurrent: Bool { egl.GetCurrentContext() == context }

    /// In debug builds, stops when this context is not current on the calling thread: a GL
    /// call there would go to another context, or to none, and fail silently.
    package func assertCurrent(_ call: @autoclosure () -> String = "a GL call", file: StaticString = #fileID, line: UInt = #line) {
        #if DEBUG
        assert(isCurrent, "\(call()) without its GPUContext current (use withCurrent)", file: file, line: line)
        #endif
    }

    /// Throws the first pending GL error, naming `call`.
    package func check(_ call: @autoclosure () -> String) throws(GPUError) {
        assertCurrent(call())
        let code = gl.GetError()
        if code != GL_NO_ERROR {
            while gl.GetError() != GL_NO_ERROR {}
            throw .gl(call: call(), code: code)
        }
    }

    /// The devices EGL can enumerate, without opening any of them. Empty when libEGL is
    /// missing or lacks `EGL_EXT_device_enumeration`.
    public static func devices() -> [GPUDeviceInfo] {
        guard let egl = try? loadEGL() else { return [] }
        return enumerateDevices(egl)
    }

    // MARK: - Set-up

    private static func loadEGL() throws(GPUError) -> SFXEGL {
        var err = [CChar](repeating: 0, count: 512)
        guard sfx_load_egl(&err, err.count) == 0 else {
            throw .libraryMissing(library: "libEGL.so.1", reason: cString(err),
                                  install: "apt-get install libegl1 libegl-mesa0 libgles2 libgl1-mesa-dri (or the GPU vendor's EGL driver)")
        }
        return sfx_egl().pointee
    }

    private static func clientExtensions(_ egl: SFXEGL) -> Set<String> {
        guard let text = egl.QueryString(nil, EGL_EXTENSIONS) else { return [] }
        return Set(String(cString: text).split(separator: " ").map(String.init))
    }

    private static func enumerateDevices(_ egl: SFXEGL) -> [GPUDeviceInfo] {
        guard let query = egl.QueryDevicesEXT, let queryString = egl.QueryDeviceStringEXT else { return [] }
        var count: EGLint = 0
        guard query(0, nil, &count) == EGL_TRUE, count > 0 else { return [] }
        var handles = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard query(count, &handles, &count) == EGL_TRUE else { return [] }
        return handles.prefix(Int(count)).enumerated().map { index, handle in
            func string(_ name: Int32) -> String? {
                guard let text = queryString(handle, name) else { _ = egl.GetError(); return nil }
                return String(cString: text)
            }
            let extensions = (string(EGL_EXTENSIONS) ?? "").split(separator: " ").map(String.init)
            var cuda: Int?
            if extensions.contains("EGL_NV_device_cuda"), let attrib = egl.QueryDeviceAttribEXT {
                var value: EGLAttrib = 0
                if attrib(handle, EGLint(EGL_CUDA_DEVICE_NV), &value) == EGL_TRUE { cuda = Int(value) }
            }
            return GPUDeviceInfo(
                index: index,
                drmDevice: extensions.contains("EGL_EXT_device_drm") ? string(EGL_DRM_DEVICE_FILE_EXT) : nil,
                renderNode: extensions.contains("EGL_EXT_device_drm_render_node") ? string(EGL_DRM_RENDER_NODE_FILE_EXT) : nil,
                cudaDevice: cuda,
                isSoftware: extensions.contains("EGL_MESA_device_software"),
                extensions: extensions)
        }
    }

    private struct OpenedDisplay {
        var display: EGLDisplay
        var backend: Backend
        var deviceName: String?
        var gbm: UnsafeMutableRawPointer?
        var fd: Int32 = -1
    }

    /// One way to open a display: its name for messages and the opener.
    private struct Candidate {
        let name: String
        let open: () throws(GPUError) -> OpenedDisplay
    }

    /// The displays to try, in order: one for a named backend; for `auto`, a hardware EGL
    /// device, a GBM render node, Mesa's surfaceless platform, a software EGL device.
    private static func candidates(options: GPUOptions, egl: SFXEGL, devices: [GPUDeviceInfo]) -> [Candidate] {
        switch options.backend {
        case .surfaceless:
            return [Candidate(name: "surfaceless") { () throws(GPUError) in try openSurfaceless(egl) }]
        case .device:
            return [Candidate(name: "device") { () throws(GPUError) in
                try openDevice(egl, devices: devices, index: options.deviceIndex, cuda: options.cudaDevice)
            }]
        case .gbm:
            return [Candidate(name: "gbm") { () throws(GPUError) in try openGBM(egl, index: options.deviceIndex) }]
        case .auto:
            var list: [Candidate] = []
            if let hardware = devices.first(where: { !$0.isSoftware }) {
                list.append(Candidate(name: "device") { () throws(GPUError) in
                    try openDevice(egl, devices: devices, index: hardware.index, cuda: nil)
                })
            }
            if !renderNodes().isEmpty {
                list.append(Candidate(name: "gbm") { () throws(GPUError) in try openGBM(egl, index: nil) })
            }
            list.append(Candidate(name: "surfaceless") { () throws(GPUError) in try openSurfaceless(egl) })
            if let software = devices.first(where: { $0.isSoftware }) {
                list.append(Candidate(name: "device") { () throws(GPUError) in
                    try openDevice(egl, devices: devices, index: software.index, cuda: nil)
                })
            }
            return list
        }
    }

    /// For tests: backends on which `makeContext` fails as a driver without OpenGL ES 3 would,
    /// after the display opened. Task-local, so other tests running meanwhile are unaffected.
    @TaskLocal package static var simulateNoContext: Set<Backend> = []

    private static func initialize(_ egl: SFXEGL, _ display: EGLDisplay?, backend: Backend) throws(GPUError) -> EGLDisplay {
        guard let display else {
            throw .noDisplay(backend: backend.rawValue, reason: "eglGetPlatformDisplay failed with \(eglErrorName(egl.GetError()))")
        }
        guard DisplayUsers.initialize(display, egl: egl) else {
            throw .noDisplay(backend: backend.rawValue, reason: "eglInitialize failed with \(eglErrorName(egl.GetError()))")
        }
        return display
    }

    private static func openSurfaceless(_ egl: SFXEGL) throws(GPUError) -> OpenedDisplay {
        guard clientExtensions(egl).contains("EGL_MESA_platform_surfaceless") else {
            throw .noDisplay(backend: "surfaceless", reason: "this libEGL lacks EGL_MESA_platform_surfaceless (install Mesa: apt-get install libegl-mesa0 libgl1-mesa-dri)")
        }
        let display = try initialize(egl, egl.GetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil), backend: .surfaceless)
        return OpenedDisplay(display: display, backend: .surfaceless)
    }

    private static func openDevice(_ egl: SFXEGL, devices: [GPUDeviceInfo], index: Int?, cuda: Int?) throws(GPUError) -> OpenedDisplay {
        guard let query = egl.QueryDevicesEXT, !devices.isEmpty else {
            throw .noDisplay(backend: "device", reason: "EGL reports no devices (EGL_EXT_device_enumeration missing or no driver)")
        }
        let chosen: GPUDeviceInfo
        if let cuda {
            guard let match = devices.first(where: { $0.cudaDevice == cuda }) else {
                throw .noDevice(requested: "with CUDA number \(cuda)", available: devices.count)
            }
            chosen = match
        } else if let index {
            guard devices.indices.contains(index) else { throw .noDevice(requested: "#\(index)", available: devices.count) }
            chosen = devices[index]
        } else {
            chosen = devices.first(where: { !$0.isSoftware }) ?? devices[0]
        }
        var count = EGLint(devices.count)
        var handles = [EGLDeviceEXT?](repeating: nil, count: devices.count)
        guard query(count, &handles, &count) == EGL_TRUE, chosen.index < Int(count) else {
            throw .noDisplay(backend: "device", reason: "eglQueryDevicesEXT failed")
        }
        let raw = egl.GetPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), UnsafeMutableRawPointer(handles[chosen.index]), nil)
        let display = try initialize(egl, raw, backend: .device)
        return OpenedDisplay(display: display, backend: .device, deviceName: chosen.summary)
    }

    /// The DRM render nodes present, sorted (`/dev/dri/renderD128`, ...).
    static func renderNodes() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return names.filter { $0.hasPrefix("renderD") }.sorted().map { "/dev/dri/" + $0 }
    }

    private static func openGBM(_ egl: SFXEGL, index: Int?) throws(GPUError) -> OpenedDisplay {
        let nodes = renderNodes()
        guard !nodes.isEmpty else {
            throw .noDisplay(backend: "gbm", reason: "no /dev/dri/renderD* node (no GPU visible; in a container, pass --device /dev/dri)")
        }
        let position = index ?? 0
        guard nodes.indices.contains(position) else { throw .noDevice(requested: "render node #\(position)", available: nodes.count) }
        var err = [CChar](repeating: 0, count: 512)
        guard sfx_load_gbm(&err, err.count) == 0 else {
            throw .libraryMissing(library: "libgbm.so.1", reason: cString(err), install: "apt-get install libgbm1")
        }
        let gbm = sfx_gbm().pointee
        let fd = open(nodes[position], O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            throw .noDisplay(backend: "gbm", reason: "cannot open \(nodes[position]): \(String(cString: strerror(errno))) (is this user in the 'render' group?)")
        }
        guard let device = gbm.create_device(fd) else {
            close(fd)
            throw .noDisplay(backend: "gbm", reason: "gbm_create_device failed on \(nodes[position])")
        }
        do {
            let display = try initialize(egl, egl.GetPlatformDisplay(EGLenum(EGL_PLATFORM_GBM_KHR), device, nil), backend: .gbm)
            return OpenedDisplay(display: display, backend: .gbm, deviceName: nodes[position], gbm: device, fd: fd)
        } catch {
            closeGBM(device, fd: fd)
            throw error
        }
    }

    private static func closeGBM(_ device: UnsafeMutableRawPointer?, fd: Int32) {
        if let device { sfx_gbm().pointee.device_destroy(device) }
        if fd >= 0 { close(fd) }
    }

    private static func makeContext(egl: SFXEGL, display: EGLDisplay, backend: Backend) throws(GPUError) -> EGLContext {
        let name = backend.rawValue
        if simulateNoContext.contains(backend) {
            throw .noContext(backend: name, reason: "simulated for a test (GPUContext.simulateNoContext)")
        }
        guard egl.BindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            throw .noContext(backend: name, reason: "eglBindAPI(EGL_OPENGL_ES_API) failed: the driver has no OpenGL ES")
        }
        let extensions = egl.QueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        guard extensions.contains("EGL_KHR_surfaceless_context") else {
            throw .noContext(backend: name, reason: "the display lacks EGL_KHR_surfaceless_context")
        }
        var config: EGLConfig? = nil
        if !extensions.contains("EGL_KHR_no_config_context") {
            let attributes: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE]
            var count: EGLint = 0
            guard egl.ChooseConfig(display, attributes, &config, 1, &count) == EGL_TRUE, count > 0 else {
                throw .noContext(backend: name, reason: "no EGL config supports OpenGL ES 3")
            }
        }
        var lastError: Int32 = 0
        for minor in [2, 1, 0] as [EGLint] {
            let attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, minor, EGL_NONE]
            if let context = egl.CreateContext(display, config, nil, attributes) {
                guard egl.MakeCurrent(display, nil, nil, context) == EGL_TRUE else {
                    let code = egl.GetError()
                    _ = egl.DestroyContext(display, context)
                    throw .noContext(backend: name, reason: "eglMakeCurrent failed with \(eglErrorName(code))")
                }
                return context
            }
            lastError = egl.GetError()
        }
        throw .noContext(backend: name, reason: "eglCreateContext failed with \(eglErrorName(lastError))")
    }

    private func describe(backend: Backend, device: String?, devices: [GPUDeviceInfo]) -> GPUInfo {
        func glString(_ name: Int32) -> String {
            guard let text = gl.GetString(GLenum(name)) else { return "unknown" }
            return String(cString: text)
        }
        func eglString(_ name: Int32) -> String {
            guard let text = egl.QueryString(display, name) else { return "unknown" }
            return String(cString: text)
        }
        var maxTexture: GLint = 0
        gl.GetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maxTexture)
        var extensionCount: GLint = 0
        gl.GetIntegerv(GLenum(GL_NUM_EXTENSIONS), &extensionCount)
        var glExtensions = Set<String>()
        for i in 0..<max(0, Int(extensionCount)) {
            if let text = gl.GetStringi(GLenum(GL_EXTENSIONS), GLuint(i)) { glExtensions.insert(String(cString: text)) }
        }
        let renderer = glString(GL_RENDERER)
        let lower = renderer.lowercased()
        let software = ["llvmpipe", "softpipe", "swrast", "software"].contains { lower.contains($0) }
        let version = glString(GL_VERSION)
        let float32 = glExtensions.contains("GL_OES_texture_float_linear")
            && (glExtensions.contains("GL_EXT_color_buffer_float") || version.contains("ES 3.2"))
        var maxRenderbuffer: GLint = 0
        gl.GetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &maxRenderbuffer)
        var viewport: [GLint] = [0, 0]
        gl.GetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &viewport)
        var info = GPUInfo(backend: backend, device: device, eglVendor: eglString(EGL_VENDOR), eglVersion: eglString(EGL_VERSION),
                           glVendor: glString(GL_VENDOR), renderer: renderer, glVersion: version,
                           glslVersion: glString(GL_SHADING_LANGUAGE_VERSION), maxTextureSize: Int(maxTexture),
                           isSoftware: software, hasFloat32Linear: float32, devices: devices)
        info.maxRenderbufferSize = Int(maxRenderbuffer)
        info.maxViewport = SIMD2(Int(viewport[0]), Int(viewport[1]))
        while gl.GetError() != GL_NO_ERROR {}
        return info
    }
}

/// What EGL has current on the calling thread: saved before a context is made current and
/// restored afterwards, so that nested and interleaved contexts never lose each other.
struct CurrentState {
    let display: EGLDisplay?
    let draw: EGLSurface?
    let read: EGLSurface?
    let context: EGLContext?

    /// The calling thread's current display, surfaces and context.
    init(_ egl: SFXEGL) {
        display = egl.GetCurrentDisplay()
        draw = egl.GetCurrentSurface(EGL_DRAW)
        read = egl.GetCurrentSurface(EGL_READ)
        context = egl.GetCurrentContext()
    }

    /// Makes the saved state current again; with nothing saved, releases the thread's context
    /// (on `releasing`, the display of the context that was made current, when given).
    func restore(_ egl: SFXEGL, releasing fallback: EGLDisplay? = nil) {
        if let display, let context {
            if egl.MakeCurrent(display, draw, read, context) == EGL_TRUE { return }
            _ = egl.GetError()
        }
        if let current = egl.GetCurrentDisplay() ?? fallback {
            _ = egl.MakeCurrent(current, nil, nil, nil)
        }
    }
}

/// The text of a NUL-terminated C buffer.
func cString(_ buffer: [CChar]) -> String {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}

/// EGL gives every context of a process on the same platform and device the same display, and
/// `eglTerminate` ends it for all of them at once (EGL has no reference count without
/// EGL_KHR_display_reference). So contexts count their display here, and the last one to go
/// terminates it.
private enum DisplayUsers {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counts: [UnsafeMutableRawPointer: Int] = [:]

    /// Initialises `display` and counts one more context on it, as one step (so a context
    /// going away on another thread cannot terminate it in between). False if EGL refuses.
    static func initialize(_ display: EGLDisplay, egl: SFXEGL) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        var major: EGLint = 0, minor: EGLint = 0
        guard egl.Initialize(display, &major, &minor) == EGL_TRUE else { return false }
        // eglInitialize loaded the driver; eglTerminate would unload it (sfx_gl.h says why not).
        _ = sfx_keep_drivers_loaded()
        counts[display, default: 0] += 1
        return true
    }

    /// A context no longer uses `display`; the last one terminates it.
    static func release(_ display: EGLDisplay, egl: SFXEGL) {
        lock.lock()
        defer { lock.unlock() }
        let remaining = (counts[display] ?? 1) - 1
        if remaining > 0 {
            counts[display] = remaining
        } else {
            counts[display] = nil
            _ = egl.Terminate(display)
        }
    }
}
