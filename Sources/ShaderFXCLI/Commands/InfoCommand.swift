import ShaderFXGolden

/// `shaderfx info`: which GPU, driver and limits a render would use.
enum InfoCommand {
    static let description = CommandDescription(
        name: "info",
        abstract: "Show the GPU backend, EGL and OpenGL ES versions, renderer and devices.",
        discussion: "Opens a context exactly as 'render' would and reports what it got, so a silent fallback to software rendering is visible.",
        options: GPUFlags.options,
        examples: [
            UsageExample("shaderfx info", explanation: "the backend 'auto' picks"),
            UsageExample("shaderfx info --backend device --device 1", explanation: "the second EGL device"),
        ])

    static func run(_ arguments: [String], output: inout Output) throws {
        let args = try description.parse(arguments)
        if args.isHelpRequested { output.print(description.helpText()); return }
        let options = try GPUFlags.resolve(args)
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
    }
}
