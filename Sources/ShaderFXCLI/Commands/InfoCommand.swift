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
            ])
    }

    @OptionGroup var gpu: GPUFlags

    func run(_ context: CommandContext, output: inout Output) throws -> Int32 {
        let options = try gpu.resolve()
        let context = try GPUContext(options: options)
        let info = context.info
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
