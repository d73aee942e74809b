import ShaderFXCore
import ShaderFXGolden

/// Options shared by every command that opens a GPU.
struct GPUFlags: ParsableArguments {
    @Option(valueName: "NAME", completion: .words(Backend.allCases.map(\.rawValue)),
            help: "GPU backend: auto (hardware device, then gbm, then surfaceless), surfaceless (Mesa llvmpipe), device (EGL device, e.g. NVIDIA), gbm (/dev/dri/renderD*); overrides SHADERFX_BACKEND",
            section: "GPU")
    var backend: String?
    @Option(valueName: "N", help: "device index for --backend device or gbm (see 'shaderfx info')", in: 0...4096, section: "GPU")
    var device: Int?
    @Option(valueName: "N", help: "for --backend device: the GPU with this CUDA device number", in: 0...4096, section: "GPU")
    var cudaDevice: Int?

    /// The GPU options from the flags, falling back to SHADERFX_BACKEND / SHADERFX_DEVICE.
    func resolve() throws -> GPUOptions {
        var options = try GPUOptions.fromEnvironment()
        if let backend {
            let parsed = try GPUOptions.parse(backend, source: "--backend")
            options.backend = parsed.backend
            options.deviceIndex = parsed.deviceIndex ?? options.deviceIndex
        }
        if let device { options.deviceIndex = device }
        if let cudaDevice {
            options.cudaDevice = cudaDevice
            if backend == nil { options.backend = .device }
        }
        return options
    }
}
