import Foundation
import ShaderFXGolden

/// `shaderfx info`: which GPU, driver and limits a render would use.
struct InfoCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "info",
            abstract: "Show the GPU backend, EGL and OpenGL ES versions, renderer and devices.",
            discussion: "Opens a context exactly as 'render' would and reports what it got, so a silent fallback to software rendering is visible.",
            examples: [
                UsageExample("shaderfx info", explanation: "the backend 'auto' picks"),
                UsageExample("shaderfx info --backend device --device 1", explanation: "the second EGL device"),
                UsageExample("shaderfx info --json", explanation: "the same as one JSON document"),
            ])
    }

    @OptionGroup var gpu: GPUFlags
    @Flag(help: "one JSON document for tools: backend, renderer, versions, limits and devices")
    var json: Bool

    func run(_ context: CommandContext, output: inout Output) throws -> Int32 {
        let options = try gpu.resolve()
        let gpuContext = try GPUContext(options: options)
        let info = gpuContext.info
        if json {
            output.print(try EffectsCommand.json(InfoListing(info, chosenByAuto: options.backend == .auto)))
            return 0
        }
        var lines = [
            "backend:          \(info.backend.rawValue)\(options.backend == .auto ? " (chosen by auto)" : "")",
        ]
        if let device = info.device { lines.append("device:           \(device)") }
        lines += [
            "EGL:              \(info.eglVendor) \(info.eglVersion)",
            "GL_VENDOR:        \(info.glVendor)",
            "GL_RENDERER:      \(info.renderer)\(info.isSoftware ? " (software rendering)" : "")",
            "GL_VERSION:       \(info.glVersion)",
            "GLSL:             \(info.glslVersion)",
            "max texture size: \(info.maxTextureSize)",
            "float layers:     \(info.hasFloat32Linear ? "RGBA32F, linear filtering" : "RGBA16F")",
            "EGL devices:      \(info.devices.isEmpty ? "none enumerated" : "\(info.devices.count)")",
        ]
        for device in info.devices { lines.append("  \(device.summary)") }
        output.print(lines.joined(separator: "\n"))
        return 0
    }
}

/// What `shaderfx info --json` prints: `GPUInfo` with plain names.
struct InfoListing: Encodable {
    struct Device: Encodable {
        let index: Int
        let drmDevice: String?
        let renderNode: String?
        let cudaDevice: Int?
        let isSoftware: Bool
        let summary: String
    }

    let backend: String
    let chosenByAuto: Bool
    let device: String?
    let eglVendor: String
    let eglVersion: String
    let glVendor: String
    let renderer: String
    let isSoftware: Bool
    let glVersion: String
    let glslVersion: String
    let maxTextureSize: Int
    let floatLayers: String
    let devices: [Device]

    init(_ info: GPUInfo, chosenByAuto: Bool) {
        backend = info.backend.rawValue
        self.chosenByAuto = chosenByAuto
        device = info.device
        eglVendor = info.eglVendor
        eglVersion = info.eglVersion
        glVendor = info.glVendor
        renderer = info.renderer
        isSoftware = info.isSoftware
        glVersion = info.glVersion
        glslVersion = info.glslVersion
        maxTextureSize = info.maxTextureSize
        floatLayers = info.hasFloat32Linear ? "RGBA32F" : "RGBA16F"
        devices = info.devices.map {
            Device(index: $0.index, drmDevice: $0.drmDevice, renderNode: $0.renderNode, cudaDevice: $0.cudaDevice,
                   isSoftware: $0.isSoftware, summary: $0.summary)
        }
    }
}
