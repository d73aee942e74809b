import ShaderFXCore
import ShaderFXGolden

/// How much a command may take: the pixel budget, and (read by `main` before parsing) the time.
struct LimitFlags: ParsableArguments {
    @Option(valueName: "N",
            help: "the pixel budget: the most pixels of the largest layer (about 128 bytes of memory each); larger renders are refused before anything is allocated",
            in: 1...(1 << 40), section: "LIMITS")
    var maxPixels = RenderBudget.defaultMaxPixels
    @Option(valueName: "SECONDS",
            help: "stop the command (exit 1, no partial output) after this many seconds, shader compilation included; 0 for no limit (default: \(ProcessGuard.formatSeconds(TimeoutOption.defaultSeconds)))",
            in: 0...Double.greatestFiniteMagnitude, section: "LIMITS")
    var timeout: Double?

    /// Sets the renderer's budget from the flags.
    func apply(to renderer: Renderer) {
        renderer.budget.maxPixels = maxPixels
    }
}
